"""Site grammars: one module per hand-history format (installed as ``hhtools.grammars``)."""

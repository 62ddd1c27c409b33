"""The hand tables of the store, one module per table or group of tables.

Each module declares its tables' columns (``TABLE``: name -> (doc, columns), read by
:mod:`hhtools.store.schema`) and, beside them, the function that makes those tables'
rows of one hand from the record and its audit (read by
:func:`hhtools.store.flatten.flatten_hand`). So a new column is one declaration and one
value in the same module.

* :mod:`~hhtools.store.tables.hands`: ``hands``;
* :mod:`~hhtools.store.tables.seats`: ``seats``;
* :mod:`~hhtools.store.tables.play`: ``actions``, ``boards``, ``tournament_results``;
* :mod:`~hhtools.store.tables.settlement`: ``pots``, ``awards``, ``showdowns``,
  ``findings`` (what the audit settled; no rows under ``--no-audit``).
"""

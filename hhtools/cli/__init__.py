"""CLI commands, one module per command family; each registers on ``hhtools.cli.app``."""

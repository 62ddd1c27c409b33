"""hhtools: Omaha-family hand histories, audited by the rules, queryable in DuckDB."""

__version__ = "0.1.0"

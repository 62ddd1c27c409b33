"""Export the store as Parquet: one file per table and view, readable without hhtools."""

from __future__ import annotations

from pathlib import Path

from hhtools.reports.output import replacing_path
from hhtools.store.api import HandStore
from hhtools.store.schema import INTERNAL_TABLES, TABLES
from hhtools.store.views import VIEWS

__all__ = ["export_parquet"]


def export_parquet(store: HandStore, out_dir: Path) -> dict[str, int]:
    """Write every table and view of ``store`` as ``out_dir/<name>.parquet``.

    Args:
        store: an open store (views present).
        out_dir: an existing folder.

    Returns:
        Rows written per table or view, in schema order.

    Raises:
        OSError, duckdb.IOException: a file cannot be written. Each file is written
            under a new name and renamed: a link already named like it is replaced,
            never written through.
    """
    written: dict[str, int] = {}
    for name in [*(t for t in TABLES if t not in INTERNAL_TABLES), *VIEWS]:
        with replacing_path(out_dir / f"{name}.parquet") as tmp:
            quoted = str(tmp).replace("'", "''")
            store.con.execute(f"COPY (SELECT * FROM {name}) TO '{quoted}' (FORMAT parquet)")
            written[name] = int(store.con.execute(
                f"SELECT count(*) FROM read_parquet('{quoted}')").fetchall()[0][0])  # fmt: skip
    return written

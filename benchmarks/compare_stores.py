"""The database equal table by table? Compare every row of two hhtools DuckDB stores.

    .venv/bin/python benchmarks/compare_stores.py BEFORE.duckdb AFTER.duckdb [--show 3]
        [--ignore TABLE.COLUMN ...]

Every base table of either store is compared on the columns both have, as multisets
of rows (the kept cubes ``stat_cube`` and ``report_cube``, whose keys may have several
rows, by their sums per key; the doubles of :data:`ROUNDED` rounded) (``EXCEPT ALL``
both ways, so a row repeated is counted as often as it is stored). The columns that differ from one import run to the next are left out by
default: ``import_id`` (every table holding it: the run's number) and
``imports.imported_at`` (the clock); ``--ignore`` names more. A table or column
that only one store has is reported, and counts as a difference.

Make the two stores from the same paths with the code before and after a change, e.g.
``PYTHONPATH=/tmp/base .venv/bin/python -m hhtools import --db before.duckdb -j 1
PATHS`` and ``.venv/bin/python -m hhtools import --db after.duckdb -j 1 PATHS``
(same paths, written alike, so that ``file`` columns agree).

Prints one line per table (rows in each, rows only before, only after), then up to
``--show`` rows of each side of a difference; exits 1 when anything differs.
"""

from __future__ import annotations

import argparse
import sys

import duckdb

#: columns that differ run to run whatever the code: the run's number, the clock
IGNORED: tuple[str, ...] = ("*.import_id", "imports.imported_at")

#: tables of sums whose key may have several rows (one per batch, readers sum them):
#: compared by their sums per key (each sum rounded to 6 decimals: doubles summed in
#: another order differ in their last bits), not row by row
SUMMED: dict[str, tuple[str, ...]] = {
    "stat_cube": ("player", "site", "game", "structure", "stakes", "position", "currency"),
    "report_cube": ("import_id", "site", "player", "game", "structure", "stakes", "currency",
                    "day"),
}

#: doubles that are sums over rows in the order a statement meets them, compared rounded
#: to 9 decimals: ``session_summary.bb_per_100`` sums each seat's net in big blinds over
#: ``seat_sessions`` rows, whose order on disk is the order they were worked out in;
#: ``session_cube.net_bb`` the same sum, by the import in its sessions' sorted order
ROUNDED: dict[str, tuple[str, ...]] = {"session_summary": ("bb_per_100",),
                                      "session_cube": ("net_bb",)}


def _columns(con: duckdb.DuckDBPyConnection, db: str) -> dict[str, list[str]]:
    """Base table -> its columns in order, of the attached database ``db``."""
    rows = con.execute(
        "SELECT c.table_name, c.column_name FROM information_schema.columns c "
        "JOIN information_schema.tables t ON t.table_catalog = c.table_catalog "
        "AND t.table_schema = c.table_schema AND t.table_name = c.table_name "
        "WHERE c.table_catalog = ? AND t.table_type = 'BASE TABLE' "
        "ORDER BY c.table_name, c.ordinal_position",
        [db],
    ).fetchall()
    out: dict[str, list[str]] = {}
    for table, col in rows:
        out.setdefault(table, []).append(col)
    return out


def _ignored(table: str, column: str, ignore: tuple[str, ...]) -> bool:
    return f"{table}.{column}" in ignore or f"*.{column}" in ignore


def compare(before: str, after: str, ignore: tuple[str, ...] = IGNORED, show: int = 3) -> int:
    """Compare the stores ``before`` and ``after`` table by table; print the outcome.

    Args:
        before, after: paths of two DuckDB files written by ``hhtools import``.
        ignore: ``table.column`` (or ``*.column``) left out of the comparison.
        show: rows printed of each side of a table that differs.

    Returns:
        The number of differences: rows only on one side, tables or columns only in
        one store.
    """
    con = duckdb.connect()
    con.execute(f"ATTACH '{before}' AS b (READ_ONLY)")
    con.execute(f"ATTACH '{after}' AS a (READ_ONLY)")
    cols_b, cols_a = _columns(con, "b"), _columns(con, "a")
    differences = 0
    for table in sorted(set(cols_b) | set(cols_a)):
        if table not in cols_b or table not in cols_a:
            print(f"{table}: only in {'after' if table in cols_a else 'before'}")
            differences += 1
            continue
        one_side = sorted(set(cols_b[table]) ^ set(cols_a[table]))
        if one_side:
            print(f"{table}: columns in one store only: {', '.join(one_side)}")
            differences += len(one_side)
        cols = [c for c in cols_b[table] if c in cols_a[table] and not _ignored(table, c, ignore)]
        sel = ", ".join(f'round("{c}", 9)' if c in ROUNDED.get(table, ()) else f'"{c}"'
                        for c in cols)  # fmt: skip
        n_b = con.execute(f'SELECT count(*) FROM b."{table}"').fetchone()[0]  # type: ignore[index]
        n_a = con.execute(f'SELECT count(*) FROM a."{table}"').fetchone()[0]  # type: ignore[index]
        src_b, src_a = f'b."{table}"', f'a."{table}"'
        if table in SUMMED:  # sums per key
            keys = [c for c in cols if c in SUMMED[table]]
            sums = ", ".join(f'round(sum("{c}")::DOUBLE, 6) AS "{c}"' for c in cols
                             if c not in keys)  # fmt: skip
            src_b, src_a = (f'(SELECT {", ".join(keys)}, {sums} FROM {src} GROUP BY ALL)'
                            for src in (src_b, src_a))  # fmt: skip
        only_b = f"SELECT {sel} FROM {src_b} EXCEPT ALL SELECT {sel} FROM {src_a}"
        only_a = f"SELECT {sel} FROM {src_a} EXCEPT ALL SELECT {sel} FROM {src_b}"
        k_b = con.execute(f"SELECT count(*) FROM ({only_b})").fetchone()[0]  # type: ignore[index]
        k_a = con.execute(f"SELECT count(*) FROM ({only_a})").fetchone()[0]  # type: ignore[index]
        same = "identical" if k_b == k_a == 0 else "DIFFER"
        print(f"{table}: {n_b} rows before, {n_a} after, {k_b} only before, "
              f"{k_a} only after ({len(cols)} columns): {same}")  # fmt: skip
        differences += k_b + k_a
        for side, query, k in (("before", only_b, k_b), ("after", only_a, k_a)):
            for row in con.execute(f"{query} LIMIT {show}").fetchall() if k else ():
                print(f"  only {side}: {dict(zip(cols, row, strict=True))}")
    print(f"{differences} differences" if differences else "the stores are equal table by table")
    return differences


def main(argv: list[str] | None = None) -> int:
    """Command line: ``compare_stores.py BEFORE AFTER [--show N] [--ignore T.C ...]``."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--show", type=int, default=3, help="rows shown per side of a difference")
    ap.add_argument("--ignore", action="append", default=[],
                    help="TABLE.COLUMN (or *.COLUMN) to leave out, beside the defaults")
    args = ap.parse_args(argv)
    return 1 if compare(args.before, args.after, IGNORED + tuple(args.ignore), args.show) else 0


if __name__ == "__main__":
    sys.exit(main())

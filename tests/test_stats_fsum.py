"""``hhtools stats`` over the seats (a grouping the kept cube does not hold: ``--by
table``) sums its big blinds compensated (fsum), so the same store reads the same from
run to run: a plain sum of doubles follows the order DuckDB's threads meet the rows, and
read -0.00 or 0.00 bb/100 by turns for tables whose seats won 0 in all (final1m_44's
play-money tables Ceres IV, Lutetia IX, Zamenhof XXVIII between two runs).

The six hand-written hands of tests/test_stats.py; their seats' nets are set here to
0 but four, of one table, whose nets over a big blind of 1 are 1e16, 1, 1 and -1e16 big
blinds, in that order of the rows: 2 in all. A plain sum taking them in that order loses
each 1 against 1e16 (its unit in the last place is 2) and says 0.
"""

from __future__ import annotations

from pathlib import Path

import duckdb

import hhtools
from hhtools.store.importer import import_paths
from tests.test_ev_pending import FILES, FIXTURES  # the six hands of tests/test_stats.py


def test_big_blinds_of_the_seats_summed_whatever_the_order(tmp_path: Path) -> None:
    path = tmp_path / "six.duckdb"
    assert import_paths([FIXTURES / n for n in FILES], path, workers=1).hands == 6
    con = duckdb.connect(str(path))
    try:
        con.execute("UPDATE seats SET net = 0")
        con.execute("UPDATE hands SET big_blind = 1")
        table, currency, structure = con.execute(
            "SELECT h.table_name, h.currency, h.structure FROM seats s JOIN hands h "
            "USING (site, hand_id) GROUP BY ALL HAVING count(*) >= 4 ORDER BY ALL LIMIT 1"
        ).fetchall()[0]  # fmt: skip
        rows = [r[0] for r in con.execute(
            "SELECT s.rowid FROM seats s JOIN hands h USING (site, hand_id) WHERE h.table_name = ? "
            "AND h.currency = ? AND h.structure = ? ORDER BY s.rowid LIMIT 4",
            [table, currency, structure]).fetchall()]  # fmt: skip
        for rowid, net in zip(rows, (10**16, 1, 1, -(10**16)), strict=True):
            con.execute("UPDATE seats SET net = ? WHERE rowid = ?", [net, rowid])
        hands = con.execute(
            "SELECT count(*) FROM hands WHERE table_name = ? AND currency = ? AND structure = ?",
            [table, currency, structure]).fetchall()[0][0]  # fmt: skip
    finally:
        con.close()
    with hhtools.connect(path) as db:
        _, money = db.stats_frames(("table",))
    row = money.filter((money["table"] == table) & (money["currency"] == currency)
                       & (money["structure"] == structure))  # fmt: skip
    assert row["hands"].item() == hands
    assert row["net_won"].item() == 2
    assert row["bb_per_100"].item() * hands / 100 == 2.0

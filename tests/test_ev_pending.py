"""The count of hands ``hhtools stats`` says ``hhtools ev`` has still to look at
(hhtools.store.ev.PENDING) is the number of its candidates (CANDIDATES).

On the six hand-written hands of tests/test_stats.py (its docstring tells each): only
H5 (heads-up: Bob bets 550 all-in on the turn, Erin calls all-in; the river is dealt
with no action) has money all in before the river; in H1-H4 and H6 nobody is all in.
"""

from __future__ import annotations

from pathlib import Path

import duckdb

from hhtools.store.ev import CANDIDATES, PENDING
from hhtools.store.importer import import_paths

FIXTURES = Path(__file__).parent / "fixtures" / "pokerstars"
FILES = ["stats_walk.txt", "stats_three_bet_fold.txt", "stats_cbet_fold.txt",
         "stats_showdown_opponent_mucks.txt", "stats_heads_up.txt",
         "stats_hilo_cbet_raise_quartered.txt"]  # fmt: skip


def test_pending_counts_the_candidates(tmp_path: Path) -> None:
    path = tmp_path / "six.duckdb"
    assert import_paths([FIXTURES / n for n in FILES], path, workers=1).hands == 6
    con = duckdb.connect(str(path))
    try:
        candidates = [r[1] for r in con.execute(CANDIDATES).fetchall()]
        assert candidates == ["300000000005"]  # H5 alone
        assert con.execute(PENDING).fetchall() == [(1,)]
        # once hhtools ev has looked at H5, nothing is pending
        con.execute("INSERT INTO allin_hands (site, hand_id, status) "
                    "VALUES ('pokerstars', '300000000005', 'computed')")  # fmt: skip
        assert con.execute(CANDIDATES).fetchall() == []
        assert con.execute(PENDING).fetchall() == [(0,)]
    finally:
        con.close()

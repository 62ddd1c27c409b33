"""The count of hands ``hhtools stats`` says ``hhtools ev`` has still to look at
(hhtools.store.ev.PENDING) is the number of its candidates (CANDIDATES), whichever way
a hand is one: an all-in action before the river, or a seat's whole stack in (said or
not, on any street) in a hand with an action.

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


def test_pending_counts_a_stack_all_in_that_no_action_says(tmp_path: Path) -> None:
    """H5 worked on by hand: Bob and Erin put their whole stacks in (seats.put_in equals
    their stacks), which the history says with "and is all-in" on the turn. Without those
    words (all_in false), or with them on the river, H5 is still a candidate by its
    stacks; with no action row at all, or no hand row, it is none."""
    path = tmp_path / "six.duckdb"
    assert import_paths([FIXTURES / n for n in FILES], path, workers=1).hands == 6
    con = duckdb.connect(str(path))
    h5 = "hand_id = '300000000005'"

    def counts() -> tuple[int, int]:
        return (len(con.execute(CANDIDATES).fetchall()), con.execute(PENDING).fetchall()[0][0])

    try:
        assert con.execute(f"SELECT count(*) FROM seats WHERE {h5} AND stack > 0 "
                           "AND put_in - returned >= stack").fetchall() == [(2,)]  # fmt: skip
        con.execute(f"UPDATE actions SET street = 'river' WHERE {h5} AND all_in")
        assert counts() == (1, 1)  # all in said on the river only: the stacks tell
        con.execute(f"UPDATE actions SET all_in = false WHERE {h5}")
        assert counts() == (1, 1)  # not said at all: the stacks tell
        con.execute(f"DELETE FROM actions WHERE {h5}")
        assert counts() == (0, 0)  # no action: no candidate
        con.execute("INSERT INTO actions (site, hand_id, seq, street, player, kind, all_in) "
                    "VALUES ('pokerstars', '300000000005', 0, 'turn', 'Bob', 'bet', true)")
        assert counts() == (1, 1)
        con.execute(f"DELETE FROM hands WHERE {h5}")
        assert counts() == (0, 0)  # rows of a hand not stored are not counted
    finally:
        con.close()

"""All-in EV in the store: which hands qualify, the rows hhtools ev writes, the view, stats.

Hand 300000000101 (ev_turn_all_in_eight_outs.txt), worked out by hand: a turn all-in,
Ann [Ah Ad Kc Qc] against Ben [7s 6s 5d 4d] on As 7h 2c 9d. 52 - 8 hole cards - 4 on
the board = 40 rivers. Ann holds three aces and the board cannot pair into anything
of Ben's, so Ben wins only with a straight: any 8 (6-5 with 7-8-9) or any 3 (5-4 with
A-2-3): 8 rivers of 40. Ben's equity 8/40 = 0.2, Ann's 0.8. Each put in $10; the pot
after the $0.50 rake is 1950 cents: Ann's EV 1950 x 0.8 - 1000 = +560, Ben's 1950 x
0.2 - 1000 = -610. The river (Jh) gave Ann the pot: net +950 and -1000.

Hand 300000000102 (ev_flop_all_in_side_pot_checked_down.txt): Ann all-in on the flop
with Ben and Cat calling, who then check the turn and river: the money was all in on
the flop, so the equity is the flop's (board 8h 5c 2d), with a main pot for three and
a side pot for Ben and Cat, and the hero Dee's folded hand out of the deck.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import polars as pl
import pytest

import hhtools
from hhtools.cli.main import app
from hhtools.rules.equity import all_in_equity
from hhtools.store import db as store
from hhtools.store.ev import compute_allin_equity, hand_equity
from hhtools.store.importer import import_paths
from tests.storerows import HAND_ROW_GROUPS, import_in_row_groups

FIX = Path(__file__).parent / "fixtures" / "pokerstars"
FILES = [FIX / "ev_turn_all_in_eight_outs.txt", FIX / "ev_flop_all_in_side_pot_checked_down.txt"]


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ev") / "ev.duckdb"
    summary = import_paths(FILES, path, workers=1)
    assert (summary.hands, summary.problems) == (2, 0)
    assert not summary.findings  # the hands are paid by the rules
    con = store.connect(path)
    try:
        got = compute_allin_equity(con, workers=1)
        assert dict(got) == {"computed": 2, "money_on_river": 0, "uncalled": 0,
                             "unknown_cards": 0, "error": 0}  # fmt: skip
        # a second run looks at nothing new
        assert sum(compute_allin_equity(con, workers=1).values()) == 0
        assert con.execute("SELECT count(*) FROM allin_hands").fetchall() == [(2,)]
    finally:
        con.close()
    return path


def test_turn_all_in_worked_by_hand(db_path: Path) -> None:
    with hhtools.connect(db_path) as db:
        rows = db.allin_ev().filter(of_hand("300000000101")).select(
            "player", "board", "street", "equity", "ev_net", "net", "exact", "boards", "std_error"
        ).rows()
    assert rows == [
        ("Ann", 0, "turn", pytest.approx(0.8), 560, 950, True, 40, 0.0),
        ("Ben", 0, "turn", pytest.approx(0.2), -610, -1000, True, 40, 0.0),
    ]


def of_hand(hand_id: str) -> pl.Expr:
    return pl.col("hand_id") == hand_id


def test_flop_all_in_checked_down_uses_the_flop_side_pot_and_dead_cards(db_path: Path) -> None:
    with hhtools.connect(db_path) as db:
        pots = db.sql("SELECT pot, net, eligible FROM pots WHERE hand_id = '300000000102' "
                      "ORDER BY pot").rows()  # fmt: skip
        rows = db.sql("SELECT player, pot, street, amount, equity_high, equity_low, boards "
                      "FROM allin_equity WHERE hand_id = '300000000102' ORDER BY pot, player").rows()  # fmt: skip
        ev = {r[0]: r[1:] for r in db.allin_ev().filter(of_hand("300000000102")).select(
            "player", "ev_net", "net", "street").rows()}  # fmt: skip
    # main pot 1.05 + 3 x 2.65 = 9.00 for Ann, Ben, Cat; side pot 2 x 1.55 = 3.10 for
    # Ben and Cat; together 12.10 less the 0.60 rake
    assert [(p, sorted(e)) for p, _, e in pots] == [(0, ["Ann", "Ben", "Cat"]), (1, ["Ben", "Cat"])]
    assert sum(n for _, n, _ in pots) == 1210 - 60
    players = ["Ann", "Ben", "Cat"]
    holes = ["As Ks Qd Jd", "8c 8d 6h 7h", "Ac Kc 5h 4h"]
    want = all_in_equity(holes, "8h 5c 2d", [(pots[0][1], (0, 1, 2)), (pots[1][1], (1, 2))],
                         dead="9s 9h Tc 3c")  # fmt: skip
    # 52 - 16 hole cards (Dee's too) - 3 on the board = 33 cards: C(33, 2) turn and river
    assert want.boards == 528
    got = {(p, pot): (hi, lo) for p, pot, street, _, hi, lo, boards in rows}
    assert {r[2] for r in rows} == {"flop"} and {r[6] for r in rows} == {528}
    for pot in (0, 1):
        for i, p in enumerate(players):
            if pot == 1 and p == "Ann":
                assert (p, pot) in got and got[p, pot] == (0.0, 0.0)
                continue
            assert got[p, pot] == (pytest.approx(want.high[pot][i]), 0.0)
    # put in: Ann 0.35 + 2.65 = 300, Ben and Cat 0.35 + 4.20 = 455 each
    for i, (p, put_in) in enumerate(zip(players, (300, 455, 455), strict=True)):
        assert ev[p][0] == round(want.expected(i) - put_in)
        assert ev[p][2] == "flop"
    assert (ev["Ann"][1], ev["Ben"][1], ev["Cat"][1]) == (-300, 1150 - 455, -455)
    # EV over the players adds up to the pots after rake less what went in
    assert sum(v[0] for v in ev.values()) == pytest.approx(1150 - 1210, abs=2)


def test_stats_use_ev_for_the_all_in_hands(db_path: Path) -> None:
    with hhtools.connect(db_path) as db:
        s = {r["player"]: r for r in db.stats(("player",)).iter_rows(named=True)}
    # Ann: hand 101 EV +560 (net +950), hand 102 EV from the flop (net -300)
    with hhtools.connect(db_path) as db:
        ann_102 = db.allin_ev().filter(of_hand("300000000102"), pl.col("player") == "Ann")[
            "ev_net"].item()  # fmt: skip
    assert s["Ann"]["net_won_USD_pot_limit"] == 950 - 300
    assert s["Ann"]["ev_net_USD_pot_limit"] == 560 + ann_102
    # big blind 10 cents: (560 + ev 102) / 10 big blinds over 2 hands, per 100
    assert s["Ann"]["allin_adj_bb_per_100_USD_pot_limit"] == pytest.approx(
        100 * ((560 + ann_102) / 10) / 2)
    # Dee folded preflop: no all-in EV, her ev_net is her net
    assert s["Dee"]["ev_net_USD_pot_limit"] == s["Dee"]["net_won_USD_pot_limit"] == 0


def test_unknown_hole_cards_give_no_equity() -> None:
    seats = [("Ann", "Ah Ad Kc Qc", None, 1000, 0, 950), ("Ben", None, None, 1000, 0, -1000)]
    facts = ("pokerstars", "1", "omaha", False, 8, "turn", seats, {0: "As 7h 2c 9d Jh"},
             [(0, 0, 1950, 2000, ["Ann", "Ben"])])  # fmt: skip
    assert hand_equity(facts) == ("unknown_cards", [])
    # Ben folded: Ann is the only player still in, nobody to share the pot with
    folded = [seats[0], ("Ben", None, "turn", 500, 0, -500)]
    assert hand_equity((*facts[:6], folded, *facts[7:])) == ("uncalled", [])
    # an all-in on the turn, but the others bet on the river: nothing to enumerate
    assert hand_equity((*facts[:5], "river", *facts[6:])) == ("money_on_river", [])
    # cards the history cannot hold become an error, not a crash
    seats[1] = ("Ben", "Ah 6s 5d 4d", None, 1000, 0, -1000)
    status, rows = hand_equity(facts)
    assert status.startswith("error: ") and rows == []


def test_ev_command_and_import_flag(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    path = tmp_path / "cli.duckdb"
    result = CliRunner().invoke(app, ["import", *map(str, FILES), "--db", str(path), "-q", "--ev",
                                      "-j", "1"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "all-in hands: 2 worked out" in result.output
    again = CliRunner().invoke(app, ["ev", "--db", str(path), "-q", "-j", "1"])
    assert again.exit_code == 0 and "no new all-in hands" in again.output
    con = duckdb.connect(str(path), read_only=True)
    assert con.execute("SELECT count(*) FROM allin_ev").fetchall() == [(5,)]  # 2 + 3 players


def test_run_it_twice_has_one_equity_per_board(tmp_path: Path) -> None:
    """run_it_twice.txt: Vera [Jc Ad Ac 4h] and Walt [3c Kc Ks 4s] all-in preflop for $100
    each, run twice; the $198 after the $2 rake is $99 a board. Each board's equity is
    the preflop equity (the second run's cards are unknown when the money goes in), and
    each board takes half of what each put in."""
    path = tmp_path / "rit.duckdb"
    import_paths([FIX / "run_it_twice.txt"], path, workers=1)
    con = store.connect(path)
    assert dict(compute_allin_equity(con))["computed"] == 1
    rows = con.execute("SELECT player, board, street, equity, ev_net, net FROM allin_ev "
                       "ORDER BY player, board").fetchall()  # fmt: skip
    con.close()
    want = all_in_equity(["Jc Ad Ac 4h", "3c Kc Ks 4s"], "", [(9900, (0, 1))])
    assert want.exact and want.boards == 1_086_008  # C(44, 5): heads-up, enumerated
    vera, walt = want.share(0, 0), want.share(0, 1)
    assert rows == [
        ("Vera", 0, "preflop", pytest.approx(vera), round(9900 * vera - 5000), -50),
        ("Vera", 1, "preflop", pytest.approx(vera), round(9900 * vera - 5000), -50),
        ("Walt", 0, "preflop", pytest.approx(walt), round(9900 * walt - 5000), -50),
        ("Walt", 1, "preflop", pytest.approx(walt), round(9900 * walt - 5000), -50),
    ]


def test_all_in_on_a_blind_post_nobody_called_is_a_preflop_all_in(tmp_path: Path) -> None:
    """Bug (found with the ev speed work): Ben's whole stack ($0.03) goes in on his
    small blind post, Ann folds and Cat's $0.07 over the call is returned: the hand has
    no call, bet or raise, so its "last street" was NULL and the hand was stored as
    ``money_on_river`` with no equity, though the money was all in before the flop.
    The pot is Ben's 3 cents and Cat's 3 cents: 6 cents, no rake, shared by the
    preflop equity over C(52 - 8, 5) boards (Ann's folded cards are unknown)."""
    path = tmp_path / "post.duckdb"
    summary = import_paths([FIX / "ev_all_in_on_the_small_blind_post.txt"], path, workers=1)
    assert (summary.hands, summary.problems) == (1, 0)
    con = store.connect(path)
    try:
        assert dict(compute_allin_equity(con, workers=1))["computed"] == 1
        hands = con.execute("SELECT street, status FROM allin_hands").fetchall()
        rows = con.execute("SELECT player, street, amount, equity_high, boards, exact "
                           "FROM allin_equity ORDER BY player").fetchall()  # fmt: skip
    finally:
        con.close()
    assert hands == [("preflop", "computed")]
    want = all_in_equity(["Ah Ad Kh Kd", "7c 6c 5s 4s"], "", [(6, (0, 1))])
    assert want.exact and want.boards == 1_086_008  # C(44, 5)
    assert rows == [
        ("Ben", "preflop", 6, pytest.approx(want.share(0, 0)), 1_086_008, True),
        ("Cat", "preflop", 6, pytest.approx(want.share(0, 1)), 1_086_008, True),
    ]
    assert rows[0][3] + rows[1][3] == pytest.approx(1.0)


def test_an_all_in_nobody_stays_in_against_is_uncalled(tmp_path: Path) -> None:
    """Ann's all-in re-raise to $2 makes Cat fold (Ben had folded): Ann alone is still in,
    so there is no equity to work out. Before schema 11 such a hand was stored as
    ``unknown_cards``, the status of a player still in with unknown hole cards; it is
    ``uncalled`` now, and a store of schema 10 gets its hands relabelled once, going by
    the players still in (the turn all-in of hand ...101 has two: it keeps its status)."""
    path = tmp_path / "uncalled.duckdb"
    summary = import_paths([FIX / "ev_all_in_nobody_calls.txt", FILES[0]], path, workers=1)
    assert (summary.hands, summary.problems, len(summary.findings)) == (2, 0, 0)
    con = store.connect(path)
    try:
        got = dict(compute_allin_equity(con, workers=1))
        assert got == {"computed": 1, "money_on_river": 0, "uncalled": 1, "unknown_cards": 0,
                       "error": 0}  # fmt: skip
        assert con.execute("SELECT hand_id, street, status FROM allin_hands ORDER BY 1"
                           ).fetchall() == [("300000000101", "turn", "computed"),
                                            ("300000000141", "preflop", "uncalled")]  # fmt: skip
        assert con.execute("SELECT DISTINCT hand_id FROM allin_equity").fetchall() == [
            ("300000000101",)]  # fmt: skip
        # both as an older hhtools could have stored them (the turn all-in as if a hand
        # still in were unknown), in a store of schema 10
        con.execute("UPDATE allin_hands SET status = 'unknown_cards'")
        con.execute("UPDATE meta SET value = '10' WHERE key = 'schema_version'")
    finally:
        con.close()
    con = store.connect(path)  # opened for writing: upgraded
    try:
        statuses = con.execute("SELECT hand_id, status FROM allin_hands ORDER BY 1").fetchall()
        version = store.stored_version(con)
    finally:
        con.close()
    assert statuses == [("300000000101", "unknown_cards"), ("300000000141", "uncalled")]
    assert version == store.SCHEMA_VERSION == 11


def test_ev_commits_mid_run_merge_no_row_groups(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # a commit that takes the write-ahead log past wal_autocheckpoint checkpoints at
    # once, mid-run: on a million-hand store ev's commits did, with DuckDB's default
    # max_vacuum_tasks, and merged every table's row groups (26 of the main process's
    # 31 CPU s). Here each hand is its own commit and the log's limit is a byte, so the
    # first commit checkpoints before ev ends: the import's two row groups stay two
    import hhtools.store.ev as ev

    path = tmp_path / "midrun.duckdb"
    import_in_row_groups(FILES, path, monkeypatch)
    monkeypatch.setattr(ev, "_COMMIT", 1)
    con = store.connect(path)
    try:
        con.execute("SET wal_autocheckpoint = '1B'")
        assert con.execute(HAND_ROW_GROUPS).fetchall() == [(2,)]
        assert compute_allin_equity(con, workers=1)["computed"] == 2
        assert con.execute(HAND_ROW_GROUPS).fetchall() == [(2,)]
        assert con.execute("SELECT current_setting('max_vacuum_tasks')").fetchall() == [(100,)]
    finally:
        con.close()


def test_ev_leaves_the_imports_row_groups_unmerged(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # two commits, each checkpointed: the import leaves hands in two row groups (its
    # max_vacuum_tasks 0). ev's own checkpoint merges none of them (it did, at the
    # connection's close with DuckDB's default, rewriting every table the import
    # wrote); the connection's setting is given back, and a later write with it merges
    path = tmp_path / "groups.duckdb"
    import_in_row_groups(FILES, path, monkeypatch)
    groups = HAND_ROW_GROUPS
    con = store.connect(path)
    try:
        assert con.execute(groups).fetchall() == [(2,)]
        assert compute_allin_equity(con, workers=1)["computed"] == 2
        assert con.execute("SELECT current_setting('max_vacuum_tasks')").fetchall() == [(100,)]
    finally:
        con.close()
    con = store.connect(path)
    try:
        assert con.execute(groups).fetchall() == [(2,)]
        assert con.execute("SELECT count(*) FROM allin_hands").fetchall() == [(2,)]
        con.execute("DELETE FROM allin_hands")  # a write checkpointed with the default
    finally:
        con.close()
    con = store.connect(path)
    try:
        assert con.execute(groups).fetchall() == [(1,)]
    finally:
        con.close()

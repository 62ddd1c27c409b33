"""The views (hhtools/views.py) over rows written by hand.

Each hand below is stored as the audit would store it; every expected number is
worked out by hand in the comments beside it.
"""

from __future__ import annotations

from datetime import datetime

import duckdb
import pytest

from hhtools.store import db as store
from hhtools.store.views import VIEWS, filtered_select
from tests.storerows import P, S, add_hand


def rows(con: duckdb.DuckDBPyConnection, sql: str, *params: object) -> list[dict[str, object]]:
    cur = con.execute(sql, list(params))
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]


@pytest.fixture()
def con() -> duckdb.DuckDBPyConnection:
    return store.connect(":memory:")


def quartered_35875034981(con: duckdb.DuckDBPyConnection) -> None:
    """PLO8 $0.01/$0.02, hand 35875034981 (shared corpus), button seat 5.

    KlqzvKxUvfxt (seat 2): BB 2 + call 4 + call 10 = 16 in, collected 10 -> -6.
    atvniukRBX (seat 3): raise to 6 + bet 10 = 16 in, collected 20 + 9 = 29 -> +13.
    Xjty (seat 5): 6 in, folds the flop -> -6.  frhij61113 (seat 6): SB 1 -> -1.
    Pot 39, no rake: high 20 (odd cent to the high half) to atvniukRBX; low 19 tied,
    split 10 / 9, the odd cent to KlqzvKxUvfxt, first clockwise from the button
    (seat 6 folded, then seat 2).
    """
    add_hand(
        con, "35875034981",
        [S(2, "KlqzvKxUvfxt", 16, 10, hole="7c 6s 7h As", showed=True),
         S(3, "atvniukRBX", 16, 29, hole="Ah 2h Kh 2s", showed=True, preflop_raise=True),
         S(5, "Xjty", 6, hole="Qh 6c Th 9c", folded="flop"),
         S(6, "frhij61113", 1, folded="preflop", voluntary=False)],
        [P(0, 39, ["KlqzvKxUvfxt", "atvniukRBX"], ["atvniukRBX"],
           ["KlqzvKxUvfxt", "atvniukRBX"])],
        board="5h 4d 2d Jd 6h", bb=2, stakes="0.01/0.02", button=5,
        showdowns=[{"player": "KlqzvKxUvfxt", "board": 0, "won": 10},
                   {"player": "atvniukRBX", "board": 0, "won": 29}],
    )  # fmt: skip


def quartered_990000000001(con: duckdb.DuckDBPyConnection) -> None:
    """Hand 990000000001: 60 in from each of three, rake 9, net 171; Alice high 86,
    low 85 tied Alice/Bob: Alice 43 (first clockwise from the button, seat 3), Bob 42."""
    add_hand(
        con, "990000000001",
        [S(1, "Alice", 60, 129, hole="Ah 3h Kd Kc", showed=True),
         S(2, "Bob", 60, 42, hole="As 3s 9c 9d", showed=True),
         S(3, "Carol", 60, 0, hole="Qh Qs 7c 6c", showed=True, preflop_raise=True)],
        [P(0, 171, ["Alice", "Bob", "Carol"], ["Alice"], ["Alice", "Bob"], gross=180)],
        board="2c 5d Kh 8s Qd", rake=9, button=3,
        showdowns=[{"player": "Alice", "board": 0, "won": 129},
                   {"player": "Bob", "board": 0, "won": 42},
                   {"player": "Carol", "board": 0, "won": 0}],
    )  # fmt: skip


def no_low_scoop_990000000004(con: duckdb.DuckDBPyConnection) -> None:
    """Hand 990000000004: 90 in from each, rake 8, net 172; no low: Jon scoops 172."""
    add_hand(
        con, "990000000004",
        [S(4, "Ivy", 90, 0, hole="As Ks 3d 4d", showed=True, preflop_raise=True),
         S(5, "Jon", 90, 172, hole="Jh Td 5c 6c", showed=True)],
        [P(0, 172, ["Jon", "Ivy"], ["Jon"], [], gross=180)],
        board="Kc Qd 9s 8h 2c", rake=8, button=4,
        showdowns=[{"player": "Ivy", "board": 0, "won": 0},
                   {"player": "Jon", "board": 0, "won": 172}],
    )  # fmt: skip


def side_pot_split(con: duckdb.DuckDBPyConnection) -> None:
    """Hi/lo with a side pot (button seat 3; clockwise from it: Ann 1, Ben 2, Cat 3).

    Ann is all-in for 100; Ben and Cat put in 200 each. Main pot 300 gross, 299 net;
    side pot 200 gross, 198 net (rake 3 in all).
    Main: Ann wins high, 299 - 299 // 2 = 150; the low 149 ties Ben and Cat:
    Ben 75 (first clockwise from the button), Cat 74.
    Side: Ben wins high and low, a scoop of 198.
    Nets: Ann 150 - 100 = +50; Ben 75 + 198 - 200 = +73; Cat 74 - 200 = -126.
    Rake 3 by contribution (100, 200, 200 of 500): floors 0, 1, 1, remainders 300,
    100, 100; the odd unit to the largest remainder, Ann: 1, 1, 1.
    """
    add_hand(
        con, "1000",
        [S(1, "Ann", 100, 150, hole="Ac Kc Qd Jd", showed=True),
         S(2, "Ben", 200, 273, hole="2c 3c 9h 9s", showed=True),
         S(3, "Cat", 200, 74, hole="2h 3h Td Ts", showed=True)],
        [P(0, 299, ["Ann", "Ben", "Cat"], ["Ann"], ["Ben", "Cat"], gross=300),
         P(1, 198, ["Ben", "Cat"], ["Ben"], ["Ben"], gross=200)],
        board="Ah 4s 5d Kd 8c", rake=3, button=3,
    )  # fmt: skip


def both_halves_scoop(con: duckdb.DuckDBPyConnection) -> None:
    """Hi/lo heads-up: Dee wins high and low of a 100 pot: a scoop of 100."""
    add_hand(
        con, "1001",
        [S(1, "Dee", 50, 100, hole="Ac 2c Kd Kh", showed=True),
         S(2, "Eli", 50, 0, hole="Qc Qs 9d 9h", showed=True)],
        [P(0, 100, ["Eli", "Dee"], ["Dee"], ["Dee"])],
        board="3h 4s 7d Ks 8c", button=1,
    )  # fmt: skip


def test_every_view_documented() -> None:
    for name, (doc, select) in VIEWS.items():
        assert len(doc) > 80, name
        assert "hands" in select, f"{name} must reach its hands through the hands table"
    md = store.schema_markdown()
    for name in ("player_results", "scoops", "quarters", "misreads", "low_possible",
                 "counterfeited"):  # fmt: skip
        assert f"## `{name}`" in md


def test_quarters_odd_cent_to_first_clockwise(con: duckdb.DuckDBPyConnection) -> None:
    quartered_35875034981(con)
    got = rows(con, "SELECT hand_id, pot, half, player, share, amount FROM quarters "
                    "ORDER BY amount DESC")  # fmt: skip
    assert got == [
        {"hand_id": "35875034981", "pot": 0, "half": "low", "player": "KlqzvKxUvfxt",
         "share": 0.25, "amount": 10},
        {"hand_id": "35875034981", "pot": 0, "half": "low", "player": "atvniukRBX",
         "share": 0.25, "amount": 9},
    ]  # fmt: skip
    assert rows(con, "SELECT * FROM scoops") == []


def test_quarters_hand_written(con: duckdb.DuckDBPyConnection) -> None:
    quartered_990000000001(con)
    got = rows(con, "SELECT player, half, share, amount FROM quarters ORDER BY player")
    assert got == [
        {"player": "Alice", "half": "low", "share": 0.25, "amount": 43},
        {"player": "Bob", "half": "low", "share": 0.25, "amount": 42},
    ]


def test_scoop_no_low(con: duckdb.DuckDBPyConnection) -> None:
    no_low_scoop_990000000004(con)
    got = rows(con, "SELECT hand_id, pot, player, amount, how FROM scoops")
    assert got == [{"hand_id": "990000000004", "pot": 0, "player": "Jon", "amount": 172,
                    "how": "no_low"}]  # fmt: skip
    assert rows(con, "SELECT * FROM quarters") == []


def test_scoop_both_halves(con: duckdb.DuckDBPyConnection) -> None:
    both_halves_scoop(con)
    got = rows(con, "SELECT player, amount, how FROM scoops")
    assert got == [{"player": "Dee", "amount": 100, "how": "both_halves"}]


def test_side_pot_split(con: duckdb.DuckDBPyConnection) -> None:
    side_pot_split(con)
    assert rows(con, "SELECT pot, player, amount, how FROM scoops") == [
        {"pot": 1, "player": "Ben", "amount": 198, "how": "both_halves"}
    ]
    assert rows(con, "SELECT pot, half, player, share, amount FROM quarters ORDER BY player") == [
        {"pot": 0, "half": "low", "player": "Ben", "share": 0.25, "amount": 75},
        {"pot": 0, "half": "low", "player": "Cat", "share": 0.25, "amount": 74},
    ]
    got = {r["player"]: r for r in rows(con, "SELECT * FROM player_results")}
    assert {p: (r["net_won"], r["won_high"], r["won_low"], r["scooped"], r["quartered"],
                r["rake_paid"]) for p, r in got.items()} == {
        "Ann": (50, 1, 0, 0, 0, 1),
        "Ben": (73, 1, 2, 1, 1, 1),
        "Cat": (-126, 0, 1, 0, 1, 1),
    }  # fmt: skip


def test_player_results_quartered_hand(con: duckdb.DuckDBPyConnection) -> None:
    quartered_35875034981(con)
    got = {r["player"]: r for r in rows(con, "SELECT * FROM player_results")}
    a = got["atvniukRBX"]
    # +13 cents at 2-cent big blinds: 6.5 bb in one hand = 650 bb/100.
    assert (a["game"], a["stakes"], a["currency"], a["hands"]) == (
        "omaha-hilo", "0.01/0.02", "USD", 1)
    assert (a["net_won"], a["net_bb"], a["bb_per_100"]) == (13, 6.5, 650.0)
    assert (a["vpip"], a["pfr"]) == (100.0, 100.0)
    assert (a["went_to_showdown"], a["won_at_showdown"], a["won_high"], a["won_low"],
            a["scooped"], a["quartered"], a["rake_paid"]) == (1, 1, 1, 1, 0, 1, 0)
    k = got["KlqzvKxUvfxt"]
    assert (k["net_won"], k["net_bb"], k["won_high"], k["won_low"], k["quartered"]) == (
        -6, -3.0, 0, 1, 1)
    f = got["frhij61113"]
    assert (f["net_won"], f["vpip"], f["went_to_showdown"], f["won_at_showdown"]) == (
        -1, 0.0, 0, 0)
    assert got["Xjty"]["net_won"] == -6
    # money balances: the nets add up to minus the rake (0 here)
    assert sum(r["net_won"] for r in got.values()) == 0


def test_player_results_over_several_hands(con: duckdb.DuckDBPyConnection) -> None:
    quartered_990000000001(con)
    no_low_scoop_990000000004(con)
    both_halves_scoop(con)
    got = {r["player"]: r for r in rows(con, "SELECT * FROM player_results")}
    # Alice: 129 - 60 = +69 at 10-cent blinds = 6.9 bb; rake 9 split 3/3/3.
    assert (got["Alice"]["net_won"], got["Alice"]["rake_paid"]) == (69, 3)
    assert got["Alice"]["net_bb"] == pytest.approx(6.9)
    assert (got["Bob"]["net_won"], got["Carol"]["net_won"]) == (-18, -60)
    assert (got["Carol"]["won_at_showdown"], got["Carol"]["went_to_showdown"]) == (0, 1)
    # Jon: 172 - 90 = +82, rake 8 split 4/4.
    assert (got["Jon"]["net_won"], got["Jon"]["rake_paid"], got["Jon"]["scooped"]) == (82, 4, 1)
    assert (got["Ivy"]["net_won"], got["Ivy"]["rake_paid"]) == (-90, 4)
    assert (got["Dee"]["scooped"], got["Dee"]["won_high"], got["Dee"]["won_low"]) == (1, 1, 1)
    total = con.execute("SELECT sum(net_won), sum(rake_paid) FROM player_results").fetchone()
    assert total == (-(9 + 8), 9 + 8)


def test_player_results_grouped_by_currency_and_stakes(con: duckdb.DuckDBPyConnection) -> None:
    both_halves_scoop(con)
    add_hand(con, "2000", [S(1, "Dee", 50, 100), S(2, "Eli", 50, 0)],
             [P(0, 100, ["Eli", "Dee"], ["Dee"])], game="omaha", currency="EUR",
             stakes="0.25/0.50", bb=50)  # fmt: skip
    got = rows(con, "SELECT currency, stakes, game, hands, net_won, net_bb FROM player_results "
                    "WHERE player = 'Dee' ORDER BY currency")  # fmt: skip
    assert got == [
        {"currency": "EUR", "stakes": "0.25/0.50", "game": "omaha", "hands": 1, "net_won": 50,
         "net_bb": 1.0},
        {"currency": "USD", "stakes": "0.05/0.10", "game": "omaha-hilo", "hands": 1,
         "net_won": 50, "net_bb": 5.0},
    ]  # fmt: skip
    # hi-only hands never scoop or quarter
    assert rows(con, "SELECT hand_id FROM scoops") == [{"hand_id": "1001"}]


def pot_limit_and_fixed_limit_same_stakes(con: duckdb.DuckDBPyConnection) -> None:
    """Omaha at "0.05/0.10" twice: pot limit (blinds 5/10) and fixed limit (bets 5/10,
    blinds 2/5), no rake.

    Pot limit, hand "pl": Pia and Quin put in 50 each, Quin takes the 100: Pia -50
    (-5 big blinds of 10), Quin +50 (+5). Fixed limit, hand "fl": Pia puts in 20 and
    takes the 50, Quin puts in 30: Pia +30 (+6 big blinds of 5), Quin -30 (-6).
    Added together Pia would show -20 cents but +1 big blind.
    """
    add_hand(con, "pl", [S(1, "Pia", 50, 0), S(2, "Quin", 50, 100)],
             [P(0, 100, ["Pia", "Quin"], ["Quin"])], game="omaha", bb=10)  # fmt: skip
    add_hand(con, "fl", [S(1, "Pia", 20, 50), S(2, "Quin", 30, 0)],
             [P(0, 50, ["Pia", "Quin"], ["Pia"])], game="omaha", bb=5)  # fmt: skip
    con.execute("UPDATE hands SET structure = 'limit', small_bet = 5, big_bet = 10 "
                "WHERE hand_id = 'fl'").fetchall()  # fmt: skip


def test_player_results_keeps_betting_structures_apart(con: duckdb.DuckDBPyConnection) -> None:
    pot_limit_and_fixed_limit_same_stakes(con)
    got = rows(con, "SELECT player, game, structure, stakes, hands, net_won, net_bb, "
                    "bb_per_100 FROM player_results ORDER BY player, structure")  # fmt: skip
    assert got == [
        {"player": "Pia", "game": "omaha", "structure": "limit", "stakes": "0.05/0.10",
         "hands": 1, "net_won": 30, "net_bb": 6.0, "bb_per_100": 600.0},
        {"player": "Pia", "game": "omaha", "structure": "pot_limit", "stakes": "0.05/0.10",
         "hands": 1, "net_won": -50, "net_bb": -5.0, "bb_per_100": -500.0},
        {"player": "Quin", "game": "omaha", "structure": "limit", "stakes": "0.05/0.10",
         "hands": 1, "net_won": -30, "net_bb": -6.0, "bb_per_100": -600.0},
        {"player": "Quin", "game": "omaha", "structure": "pot_limit", "stakes": "0.05/0.10",
         "hands": 1, "net_won": 50, "net_bb": 5.0, "bb_per_100": 500.0},
    ]  # fmt: skip


def test_every_view_carries_the_betting_structure() -> None:
    con = store.connect(":memory:")
    for name in VIEWS:
        cols = [d[0] for d in con.execute(f"SELECT * FROM {name} LIMIT 0").description]
        assert cols[cols.index("game") + 1] == "structure", name


def test_filtered_select_by_date(con: duckdb.DuckDBPyConnection) -> None:
    add_hand(con, "1", [S(1, "Dee", 50, 100), S(2, "Eli", 50, 0)],
             [P(0, 100, ["Eli", "Dee"], ["Dee"], ["Dee"])], started_at=datetime(2024, 1, 1))
    add_hand(con, "2", [S(1, "Dee", 50, 0), S(2, "Eli", 50, 100)],
             [P(0, 100, ["Eli", "Dee"], ["Eli"], ["Eli"])], started_at=datetime(2024, 2, 1))
    sql = filtered_select("player_results", "started_at >= ?")
    got = rows(con, f"SELECT player, hands, net_won, scooped FROM ({sql}) ORDER BY player",
               datetime(2024, 1, 15))
    assert got == [{"player": "Dee", "hands": 1, "net_won": -50, "scooped": 0},
                   {"player": "Eli", "hands": 1, "net_won": 50, "scooped": 1}]  # fmt: skip
    assert rows(con, "SELECT count(*) AS n FROM player_results") == [{"n": 2}]
    assert rows(con, "SELECT sum(hands) AS n FROM player_results") == [{"n": 4}]


def test_low_possible(con: duckdb.DuckDBPyConnection) -> None:
    quartered_35875034981(con)   # 5h 4d 2d Jd 6h: low ranks 6,5,4,2 -> low on the flop
    no_low_scoop_990000000004(con)  # Kc Qd 9s 8h 2c: only 8 and 2 -> no low
    add_hand(con, "3", [S(1, "A", 10), S(2, "B", 10)], [], board="Kc 8d 9s 7h 2c")
    got = rows(con, "SELECT hand_id, board_low_ranks, possible_on, nut_low FROM low_possible "
                    "ORDER BY hand_id")  # fmt: skip
    # 35875034981: best low any two cards make with three of 6,5,4,2: A3 + 4,2,5 = 5,4,3,2,A
    # hand 3: board 8,7,2 (river card 2 makes the third low rank): A3 + 8,7,2 = 8,7,3,2,A
    assert got == [
        {"hand_id": "3", "board_low_ranks": "8,7,2", "possible_on": "river",
         "nut_low": "8,7,3,2,A"},
        {"hand_id": "35875034981", "board_low_ranks": "6,5,4,2", "possible_on": "flop",
         "nut_low": "5,4,3,2,A"},
    ]  # fmt: skip


def test_counterfeited(con: duckdb.DuckDBPyConnection) -> None:
    # Fay, A2: flop 3c 5d 8h has low ranks 3,5,8. Her low: A,2 + 3,5,8 = 8,5,3,2,A;
    # the nut (three board ranks + the two lowest others) is the same: she holds it.
    # River 2s pairs her deuce: the nut becomes 2,3,5 + A,4 = 5,4,3,2,A, while her
    # best is still 8,5,3,2,A (she cannot use the board deuce with her own): counterfeited.
    add_hand(con, "4",
             [S(1, "Fay", 10, 0, hole="Ac 2d Kh Qs", showed=True),
              S(2, "Gil", 10, 0, hole="9c 9d Th Js", showed=True)],
             [], board="3c 5d 8h Kd 2s")  # fmt: skip
    # Hal holds 4,6 with A: flop 2c 3d Kh: the nut is A4 + 2,3,... needs three low
    # board ranks: only 2,3 -> no low on the flop; turn 7d: 2,3,7: nut A4 + 7,3,2 =
    # 7,4,3,2,A, Hal's A4 makes it; river 4s: nut A5 + 2,3,4 = 5,4,3,2,A; Hal's best
    # uses A6 + 2,3,4 = 6,4,3,2,A (or A4 + 7,3,2): not the nut -> counterfeited on
    # the turn. Ida folded on the turn: not counted.
    add_hand(con, "5",
             [S(1, "Hal", 10, 0, hole="Ah 4d 6h Qs", showed=True),
              S(2, "Ida", 10, 0, hole="Ad 4h Kc Kd", folded="turn")],
             [], board="2c 3d Kh 7d 4s")  # fmt: skip
    got = rows(con, "SELECT hand_id, player, held_on, nut_low_held, river_low, river_nut_low "
                    "FROM counterfeited ORDER BY hand_id")  # fmt: skip
    assert got == [
        {"hand_id": "4", "player": "Fay", "held_on": "flop", "nut_low_held": "8,5,3,2,A",
         "river_low": "8,5,3,2,A", "river_nut_low": "5,4,3,2,A"},
        {"hand_id": "5", "player": "Hal", "held_on": "turn", "nut_low_held": "7,4,3,2,A",
         "river_low": "6,4,3,2,A", "river_nut_low": "5,4,3,2,A"},
    ]  # fmt: skip


def test_misreads_joins_context(con: duckdb.DuckDBPyConnection) -> None:
    add_hand(
        con, "990000000005",
        [S(1, "Kim", 85, 0, hole="As 2s 3h Kd", showed=True),
         S(2, "Lee", 85, 175, hole="2c 2d 7h 8h", showed=True),
         S(6, "Moe", 0, folded="preflop", voluntary=False)],
        [P(0, 175, ["Kim", "Lee"], ["Lee"], gross=180)],
        board="Js Jd Ad Jh Kc", game="omaha", rake=5, button=6,
        findings=[{"board": 0, "player": "Kim", "kind": "holdem_misread_prone", "pot": 0,
                   "half": "high", "paid": 0, "due": 0, "explanation": "three jacks"}],
    )  # fmt: skip
    got = rows(con, "SELECT hand_id, player, kind, hole_cards, board_cards, game FROM misreads")
    assert got == [{"hand_id": "990000000005", "player": "Kim", "kind": "holdem_misread_prone",
                    "hole_cards": "As 2s 3h Kd", "board_cards": "Js Jd Ad Jh Kc",
                    "game": "omaha"}]  # fmt: skip

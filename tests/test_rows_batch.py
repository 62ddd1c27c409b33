"""The rows of the hand tables (hhtools/store/tables, hhtools/store/flatten.py): every
value lands in its own column once a batch's row tuples are turned into columns.

The hand below is ``tests/fixtures/pokerstars/hilo_two_timestamps_quartered.txt``; each
expected value is read off its lines by hand (minor units: cents).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from hhtools.audit import audit_hand
from hhtools.ingest.read import parse_file
from hhtools.model.records import Action, ActionKind, HandHistory, PostKind, Street
from hhtools.store.db import ARROW_SCHEMAS, to_arrow
from hhtools.store.flatten import ColumnBatch, flatten_hand
from hhtools.store.seat_stats import STAT_COLUMNS, seat_stats
from hhtools.store.tables import play
from hhtools.store.tables._base import row_names

FIX = Path(__file__).parent / "fixtures" / "pokerstars"


def quartered() -> HandHistory:
    (result,) = list(parse_file(FIX / "hilo_two_timestamps_quartered.txt"))
    assert result.hand is not None, result.problems
    return result.hand


def frozen(hand: HandHistory, audited: bool = True) -> dict[str, dict[str, list[object]]]:
    batch = ColumnBatch()
    flatten_hand(batch, hand, audit_hand(hand) if audited else None, 7, n=3)
    return batch.freeze()


def by_player(cols: dict[str, list[object]], names: tuple[str, ...]) -> dict[str, tuple[object, ...]]:
    return {p: tuple(cols[k][i] for k in names) for i, p in enumerate(cols["player"])}


# -- the batch ----------------------------------------------------------------------------


def test_rows_become_columns_by_their_names() -> None:
    batch = ColumnBatch()
    values = batch.table("boards", ("_n", "board", "cards"))
    values.extend((0, 0, "Ah Kd 2c"))
    values.extend((0, 1))  # one row may be added in parts
    values.extend(("Ah Kd 2c 9s",))
    batch.table("pots", ("_n", "pot"))  # met, no rows
    assert batch.freeze() == {
        "boards": {"_n": [0, 0], "board": [0, 1], "cards": ["Ah Kd 2c", "Ah Kd 2c 9s"]},
        "pots": {"_n": [], "pot": []},
    }


def test_values_that_do_not_make_whole_rows_are_refused() -> None:
    batch = ColumnBatch()
    values = batch.table("boards", ("_n", "board", "cards"))
    values.extend((5, 0, "Ah Kd 2c"))
    values.extend((5, 1))  # a value missing: every later column would shift
    with pytest.raises(ValueError, match="boards: 5 values are not rows of 3"):
        batch.freeze()


def test_a_shifted_row_is_refused_by_its_running_numbers() -> None:
    # one row short, the next one long: whole rows in number, but the third row's
    # running number is then the board 0 of the hand numbered 6
    batch = ColumnBatch()
    values = batch.table("boards", ("_n", "board", "cards"))
    values.extend((5, 0, "Ah Kd 2c"))
    values.extend((5, 1))
    values.extend((6, 0, "Ah Kd 2c", "9s"))
    with pytest.raises(ValueError, match="boards: the rows' values are not in their columns"):
        batch.freeze()


def test_row_names_are_the_running_number_then_the_columns() -> None:
    assert row_names(play.TABLES["boards"][1]) == ("_n", "site", "hand_id", "board", "cards",
                                                    "flop", "turn", "river")


def test_every_table_of_a_hand_has_its_declared_columns() -> None:
    for table, cols in frozen(quartered()).items():
        assert set(cols) == {"_n", *ARROW_SCHEMAS[table].names}, table
        assert cols["_n"] == [3] * len(cols["_n"])


# -- one hand, by hand ----------------------------------------------------------------------


def test_hands_row_of_a_quartered_hilo_pot() -> None:
    hands = frozen(quartered())["hands"]
    row = {k: v[0] for k, v in hands.items()}
    assert (row["site"], row["hand_id"], row["table_name"]) == ("pokerstars", "200000000001",
                                                                "Gaby II")
    assert (row["game"], row["variant"], row["hi_lo"], row["qualifier"], row["structure"]) == (
        "omaha-hilo", "omaha", True, 8, "pot_limit")
    assert (row["currency"], row["small_blind"], row["big_blind"], row["ante"]) == ("USD", 1, 2, 0)
    assert (row["small_bet"], row["big_bet"], row["stakes"]) == (None, None, "0.01/0.02")
    assert (row["is_tournament"], row["buy_in_amount"], row["level"]) == (False, None, None)
    assert (row["button"], row["max_seats"], row["players"], row["hero"]) == (1, 6, 3, "Alice")
    assert (row["board_count"], row["board_cards"]) == (1, "3c 4d 9s Ks 7h")
    # Alice 6 + 7, Bob 1 + 5 + 7, Carol 2 + 4: the $0.32 pot, no rake, nothing returned
    assert (row["total_pot"], row["rake"], row["put_in"], row["went_to_showdown"]) == (
        32, 0, 32, True)
    assert (row["line"], row["import_id"], row["read_in_part"], row["unread_lines"]) == (
        1, 7, False, [])


def test_started_at_utc_is_stored_as_the_utc_clock() -> None:
    # 14:15 ET in July is EDT (UTC-4), 20:15 CET in July is CEST (UTC+2): 18:15 UTC
    stored = to_arrow("hands", frozen(quartered())["hands"], extra=("_n",))
    assert stored.column("started_at_utc").to_pylist() == [datetime(2021, 7, 4, 18, 15)]
    # a time aware of another zone keeps its own clock, as the store always kept it
    plus2 = quartered().started_at_utc.astimezone(timezone(timedelta(hours=2)))  # type: ignore[union-attr]
    other = replace(quartered(), started_at_utc=plus2)
    stored = to_arrow("hands", frozen(other)["hands"], extra=("_n",))
    assert stored.column("started_at_utc").to_pylist() == [datetime(2021, 7, 4, 20, 15)]


def test_actions_rows_in_order() -> None:
    acts = frozen(quartered())["actions"]
    names = ("street", "player", "kind", "post", "amount", "to_amount", "added", "all_in", "line")
    got = [tuple(acts[k][i] for k in names) for i in range(len(acts["seq"]))]
    assert acts["seq"] == list(range(14))
    assert got == [
        ("preflop", "Bob", "post", "small_blind", 1, None, 1, False, 6),
        ("preflop", "Carol", "post", "big_blind", 2, None, 2, False, 7),
        ("preflop", "Alice", "raise", None, 4, 6, 6, False, 10),
        ("preflop", "Bob", "call", None, 5, None, 5, False, 11),
        ("preflop", "Carol", "call", None, 4, None, 4, False, 12),
        ("flop", "Bob", "check", None, 0, None, 0, False, 14),
        ("flop", "Carol", "check", None, 0, None, 0, False, 15),
        ("flop", "Alice", "bet", None, 7, None, 7, False, 16),
        ("flop", "Bob", "call", None, 7, None, 7, False, 17),
        ("flop", "Carol", "fold", None, 0, None, 0, False, 18),
        ("turn", "Bob", "check", None, 0, None, 0, False, 20),
        ("turn", "Alice", "check", None, 0, None, 0, False, 21),
        ("river", "Bob", "check", None, 0, None, 0, False, 23),
        ("river", "Alice", "check", None, 0, None, 0, False, 24),
    ]


def test_seats_rows_money_places_and_results() -> None:
    seats = frozen(quartered())["seats"]
    names = ("seat", "stack", "position", "is_button", "is_hero", "hole_cards", "put_in",
             "returned", "collected", "net", "showed", "cashed_out", "hole_classes")  # fmt: skip
    assert by_player(seats, names) == {
        "Alice": (1, 200, 3, True, True, "Ah 2h Kd Qc", 13, 0, 8, -5, True, 0,
                  ["single_suited", "a2"]),
        "Bob": (2, 150, 1, False, False, "As 2c 5s 6s", 13, 0, 24, 11, True, 0,
                ["single_suited", "a2"]),
        "Carol": (3, 307, 2, False, False, None, 6, 0, 0, -6, False, 0, None),
    }  # fmt: skip
    # the high half (16) is Bob's straight; the low half (16) is split 8 / 8 by two
    # 7-4-3-2-A lows: Bob 24, Alice 8, the low half quartered, nothing scooped
    results = ("rake_paid", "due_at_showdown", "pots_won_high", "pots_won_low", "scooped",
               "quartered")  # fmt: skip
    assert by_player(seats, results) == {
        "Alice": (0, 8, 0, 1, 0, 1), "Bob": (0, 24, 1, 1, 0, 1), "Carol": (0, 0, 0, 0, 0, 0)}


def test_seats_rows_statistics_facts() -> None:
    # Alice (button) opens, Bob and Carol call and so face one raise (3-bet chances
    # not taken); Alice c-bets the flop, Bob calls it, Carol folds to it.
    seats = frozen(quartered())["seats"]
    assert by_player(seats, STAT_COLUMNS) == {
        "Alice": (None, True, True, "BTN", True, False, False, False, False, True, True,
                  False, False, 1, 0, 0, True, True),
        "Bob": (None, True, False, "SB", True, True, False, False, False, False, False,
                True, False, 0, 1, 0, True, True),
        "Carol": ("flop", True, False, "BB", True, True, False, False, False, False, False,
                  True, True, 0, 0, 1, True, False),
    }  # fmt: skip


def test_settled_tables_of_the_hand() -> None:
    tables = frozen(quartered())
    pots = tables["pots"]
    assert (pots["pot"], pots["gross"], pots["net"], pots["hi_lo_split"]) == ([0], [32], [32],
                                                                              [True])
    assert (pots["high_winners"], sorted(pots["low_winners"][0])) == ([["Bob"]], ["Alice", "Bob"])
    # the collect lines do not tell the halves apart: one line per player for the pot,
    # a quarter of it Alice's, three quarters Bob's, both sharing the tied low half
    awards = tables["awards"]
    names = ("half", "player", "paid", "due", "share", "scoop", "quarter")
    assert [tuple(awards[k][i] for k in names) for i in range(2)] == [
        ("all", "Alice", 8, 8, 0.25, False, True), ("all", "Bob", 24, 24, 0.75, False, True)]
    sd = tables["showdowns"]
    assert sorted(zip(sd["player"], sd["low_ranks"], sd["won"], strict=True)) == [
        ("Alice", "7,4,3,2,A", 8), ("Bob", "7,4,3,2,A", 24)]
    assert tables["boards"] == {"_n": [3], "site": ["pokerstars"], "hand_id": ["200000000001"],
                                "board": [0], "cards": ["3c 4d 9s Ks 7h"], "flop": ["3c 4d 9s"],
                                "turn": ["Ks"], "river": ["7h"]}  # fmt: skip


def test_without_the_audit_no_settled_tables_and_the_same_money() -> None:
    tables = frozen(quartered(), audited=False)
    assert set(tables) == {"actions", "seats", "boards", "hands"}
    assert by_player(tables["seats"], ("put_in", "net", "due_at_showdown")) == {
        "Alice": (13, -5, 0), "Bob": (13, 11, 0), "Carol": (6, -6, 0)}
    assert tables["hands"]["went_to_showdown"] == [False]


# -- statistics facts read in time order, whatever the streets ---------------------------------


def test_seat_stats_read_a_preflop_action_after_the_flop_in_its_place() -> None:
    # A record whose streets go back (a preflop action after a flop one) is read in
    # order: Bob's late preflop call faces Ann's one raise (a 3-bet chance, not taken),
    # and is voluntary; Ann's flop bet came first, as the last preflop raiser: a c-bet.
    pre, flop = Street.PREFLOP, Street.FLOP
    actions = (
        Action(pre, "Bob", ActionKind.POST, 1, post=PostKind.SMALL_BLIND),
        Action(pre, "Ann", ActionKind.POST, 2, post=PostKind.BIG_BLIND),
        Action(pre, "Ann", ActionKind.RAISE, 4, to_amount=6),
        Action(flop, "Ann", ActionKind.BET, 6),
        Action(pre, "Bob", ActionKind.CALL, 5),
    )
    hand = replace(quartered(), actions=actions, seats=quartered().seats[:2])
    hand = replace(hand, seats=tuple(replace(s, player=p) for s, p in zip(hand.seats, ("Ann", "Bob"),
                                                                           strict=True)))
    facts = dict(zip(("Ann", "Bob"), seat_stats(hand, ("Bob", "Ann")), strict=True))
    col = {c: i for i, c in enumerate(STAT_COLUMNS)}
    assert facts["Bob"][col["voluntary"]] is True
    assert (facts["Bob"][col["three_bet_opportunity"]], facts["Bob"][col["three_bet"]]) == (True,
                                                                                           False)
    assert (facts["Ann"][col["cbet_opportunity"]], facts["Ann"][col["cbet"]]) == (True, True)
    assert facts["Ann"][col["postflop_aggressive"]] == 1

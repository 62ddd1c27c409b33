"""An amount no history holds is a problem of its hand, never a stored total (issue 25,
item 9): one bound, ``hhtools.model.money.MAX_AMOUNT`` (10**11 minor units: a billion
dollars in cents, a hundred billion chips), that every grammar reads amounts under, and a
check of every record's amounts in the registry (``grammars._valid.absurd_amount``).

Before: Winamax's ``collected 4294967296€`` (429,496,729,600 cents) was read, each grammar
bounding amounts at its own 10**15, and a damaged hand could be stored with a negative
``total_pot``.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import duckdb
import pytest

import hhtools.grammars as grammars
from hhtools.grammars._valid import _in_range, absurd_amount, check_record
from hhtools.grammars.base import ParsedHand
from hhtools.ingest.read import parse_path
from hhtools.model.money import MAX_AMOUNT, AmountOutOfRange, Unit, parse_money
from hhtools.model.records import CashOut, HandText, Returned
from hhtools.model.vocab import ProblemCode
from hhtools.store.importer import import_paths
from hhtools.store.schema import TABLES

FIXTURES = Path(__file__).parent / "fixtures"
DAMAGED = "collected_amount_out_of_range_then_intact_hand.txt"
WINAMAX = FIXTURES / "winamax" / "damaged" / DAMAGED


def test_the_bound() -> None:
    assert MAX_AMOUNT == 10**11
    assert parse_money("$999,999,999.99", Unit.CENTS) == 10**11 - 1
    assert parse_money("99999999999", Unit.CHIPS) == 10**11 - 1
    for text, unit in (("$1,000,000,000.00", Unit.CENTS), ("4294967296€", Unit.CENTS),
                       ("2147483647", Unit.CENTS), ("100000000000", Unit.CHIPS)):  # fmt: skip
        with pytest.raises(AmountOutOfRange, match="amount out of range"):
            parse_money(text, unit)
    assert issubclass(AmountOutOfRange, ValueError)


def test_winamax_collect_of_2_to_the_32_euros() -> None:
    rs = list(parse_path(WINAMAX))
    assert [(r.hand_id, r.hand is not None) for r in rs] == [
        ("200-7-1610000101", False), ("200-7-1610000102", True)]  # fmt: skip
    assert [(p.code, p.line, p.excerpt) for p in rs[0].problems] == [
        (ProblemCode.OUT_OF_RANGE, 16, "Cid collected 4294967296€ from pot")]  # fmt: skip
    # the next hand: Cid's 1€ small blind and 1€ call, Ann's 2€ big blind make a 4€ pot;
    # Cid's 4€ bet, not called, comes back out of his 8€ collect
    good = rs[1].hand
    assert good is not None
    assert good.total_pot == 400
    assert [(c.player, c.amount) for c in good.collects] == [("Cid", 400)]
    assert [(r.player, r.amount) for r in good.returned] == [("Cid", 400)]


#: one intact hand per format whose own amount reader once bounded at 10**15, the text of
#: one amount, and the same amount at MAX_AMOUNT (a billion currency units)
AMOUNT_IN = [
    ("ggpoker", "plo_hilo_split_pot.txt", "lowguy collected $19 from pot",
     "lowguy collected $1000000000 from pot"),
    ("partypoker", "new_two_hands_walk_then_showdown.txt", "Lima bets (0.20)",
     "Lima bets (1000000000)"),
    ("winamax", f"damaged/{DAMAGED}", "Cid bets 4€",
     "Cid bets 1000000000€"),
    ("pokerstars", "out_of_range_amounts_and_seats.txt", "Lea collected $0.10 from pot",
     "Lea collected $1000000000 from pot"),
]  # fmt: skip


@pytest.mark.parametrize(("key", "name", "old", "new"), AMOUNT_IN)
def test_every_format_bounds_amounts_at_max_amount(key: str, name: str, old: str,
                                                   new: str) -> None:  # fmt: skip
    fmt = grammars.get(key)
    raw = (FIXTURES / key / name).read_text("utf-8")
    hands = [ht.text for ht in fmt.split(io.BytesIO(raw.encode()), name)]
    text = next(t for t in reversed(hands) if old in t)
    assert fmt.parse(HandText(text, name, 1, 0)).hand is not None
    got = fmt.parse(HandText(text.replace(old, new), name, 1, 0))
    assert got.hand is None
    assert ProblemCode.OUT_OF_RANGE in {p.code for p in got.problems}


def test_a_negative_total_is_a_bad_amount() -> None:
    (good,) = [r.hand for r in parse_path(WINAMAX) if r.hand is not None]
    # what the reliability run stored: 7€ less 2,147,483,647€ said to be returned
    bad = replace(good, total_pot=-214748364000)
    got = check_record(ParsedHand(bad, (), None, bad.hand_id), HandText(bad.text, "f", 22, 0))
    assert got.hand is None
    assert [(p.code, p.line, p.message, p.excerpt) for p in got.problems] == [
        (ProblemCode.BAD_AMOUNT, 39,
         "total pot reads -214,748,364,000 minor units: no hand holds that amount",
         "Total pot 8€ | Rake 0€")]  # fmt: skip


def test_every_amount_of_a_record_is_checked() -> None:
    (good,) = [r.hand for r in parse_path(WINAMAX) if r.hand is not None]
    assert absurd_amount(good) is None
    seat = good.seats[0]
    act = good.actions[-2]
    assert absurd_amount(replace(good, seats=(replace(seat, stack=MAX_AMOUNT),))) == (
        "Ann's stack", MAX_AMOUNT, seat.line)
    assert absurd_amount(replace(good, actions=(replace(act, amount=-1),))) == (
        f"{act.player}'s {act.kind.value}", -1, act.line)
    assert absurd_amount(replace(good, rake=-5)) == ("rake", -5, good.total_pot_line)
    # a premium paid for all-in insurance is a negative cash-out, and allowed
    insured = replace(good, cash_outs=(CashOut("Ann", -400, 0, 30),))
    assert absurd_amount(insured) is None
    assert absurd_amount(replace(insured, cash_outs=(CashOut("Ann", -MAX_AMOUNT, 0, 30),))) == (
        "Ann's cash-out", -MAX_AMOUNT, 30)


#: amounts against the bound 0 <= v < 10**11, and whether each is in range (2**70 and its
#: negative do not fit in 64 bits: compiled, they are not read as C integers)
_BOUNDS = [(0, True), (MAX_AMOUNT - 1, True), (MAX_AMOUNT, False), (-1, False),
           (2**70, False), (-(2**70), False), (True, True)]  # fmt: skip


def _with(good: object, field: str, v: object) -> object:
    """``good`` with the amount ``field`` names (a record's field, or "game.x",
    "actions.x"...: the first record's) set to ``v``."""
    if field.startswith("game."):
        return replace(good, game=replace(good.game, **{field[5:]: v}))  # type: ignore[attr-defined]
    if "." in field:
        many, name = field.split(".")
        first, *rest = getattr(good, many) or (Returned("Ann", 0, 1),)
        return replace(good, **{many: (replace(first, **{name: v}), *rest)})
    if field == "pot_parts":
        return replace(good, pot_parts=(v,))
    return replace(good, **{field: v})


_FIELDS = ["actions.amount", "actions.to_amount", "seats.stack", "collects.amount",
           "returned.amount", "pot_parts", "rake", "fees", "room_added", "jackpot", "total_pot",
           "game.small_blind", "game.big_blind", "game.ante", "game.small_bet", "game.big_bet"]
#: the amounts a record may leave None (read as 0)
_MAY_BE_NONE = {"actions.to_amount", "total_pot", "game.small_bet", "game.big_bet"}


@pytest.mark.parametrize("field", _FIELDS)
def test_the_range_test_reads_every_amount_at_its_bounds(field: str) -> None:
    """_in_range (compiled: the fields read in C, an int as a C integer) says what the
    bound says for each amount, each on its own, and absurd_amount agrees."""
    (good,) = [r.hand for r in parse_path(WINAMAX) if r.hand is not None]
    cases = _BOUNDS + ([(None, True)] if field in _MAY_BE_NONE else [])
    for v, want in cases:
        hand = _with(good, field, v)
        assert _in_range(hand) is want, (field, v)
        assert (absurd_amount(hand) is None) is want, (field, v)


def test_the_range_test_reads_an_object_not_a_record() -> None:
    """Any object with the fields is read (by their names), as Python reads it."""
    (good,) = [r.hand for r in parse_path(WINAMAX) if r.hand is not None]

    class Like:
        def __init__(self, **fields: object) -> None:
            self.__dict__.update(fields)

    names = ("actions", "seats", "collects", "returned", "pot_parts", "rake", "fees",
             "room_added", "jackpot", "total_pot")  # fmt: skip
    like = Like(**{n: getattr(good, n) for n in names}, game=good.game)
    assert _in_range(like) is True
    like.rake = MAX_AMOUNT
    assert _in_range(like) is False
    like.rake, like.seats = 0, (Like(stack=-1),)
    assert _in_range(like) is False


def test_every_money_column_holds_every_allowed_amount(tmp_path: Path) -> None:
    money = [(t, c.name) for t, (_, cols) in TABLES.items() for c in cols
             if "minor units" in c.doc]  # fmt: skip
    assert len(money) > 30
    assert [(t, n) for t, n in money if dict((c.name, c.sql) for c in TABLES[t][1])[n]
            != "BIGINT"] == []  # fmt: skip
    # the store keeps the largest allowed amount, and sums of many, exactly
    db = tmp_path / "h.duckdb"
    import_paths([WINAMAX], db, workers=1)
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT hand_id, total_pot FROM hands").fetchall()
        errors = con.execute("SELECT line, code FROM import_errors").fetchall()
        big = con.execute(f"SELECT sum(x) FROM (SELECT {MAX_AMOUNT - 1}::BIGINT AS x "
                          "FROM range(1000000))").fetchone()  # fmt: skip
    assert rows == [("200-7-1610000102", 400)]
    assert errors == [(16, "out_of_range")]
    assert big == ((MAX_AMOUNT - 1) * 1000000,)

"""PokerStars read through the grammar kernel: what its fast paths remember from one
hand to the next (the UTC offset of a local hour, the text after a player's name) must
read every hand by its own state, and the kernel's body loop reads on past a line out of
range when the format asks it to. Every expected value is worked out by hand."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from hhtools.grammars._betting import _State, read_body
from hhtools.grammars._lines import _BadCards
from hhtools.ingest.read import parse_file
from hhtools.model.money import AmountOutOfRange
from hhtools.model.records import ActionKind, HandHistory
from hhtools.model.vocab import ProblemCode

FIX = Path(__file__).parent / "fixtures" / "pokerstars"


def test_utc_on_the_hours_daylight_saving_time_repeats_and_skips() -> None:
    # US Eastern 2023: summer time ends Nov 5 at 2:00 EDT (1:00-1:59 is written twice;
    # the first, EDT = UTC-4, is read) and starts Mar 12 at 2:00 EST (2:00-2:59 is not
    # on the clock; read with the offset before the change, EST = UTC-5). The second
    # hand of each hour reads the hour's offset the first one found.
    got = [(r.hand.started_at, r.hand.time_zone, r.hand.started_at_utc)
           for r in parse_file(FIX / "dst_hour_twice_and_hour_missing.txt")
           if r.hand is not None]  # fmt: skip
    assert got == [
        (datetime(2023, 11, 5, 1, 30), "ET", datetime(2023, 11, 5, 5, 30, tzinfo=UTC)),
        (datetime(2023, 11, 5, 1, 59, 59), "ET", datetime(2023, 11, 5, 5, 59, 59, tzinfo=UTC)),
        (datetime(2023, 3, 12, 2, 30), "ET", datetime(2023, 3, 12, 7, 30, tzinfo=UTC)),
        (datetime(2023, 3, 12, 3, 0, 5), "ET", datetime(2023, 3, 12, 7, 0, 5, tzinfo=UTC)),
    ]


def test_the_same_words_after_a_name_read_in_each_hands_unit() -> None:
    # ": raises 4 to 6", ": calls 4", ": bets 100" in a cash hand in dollars (cents:
    # 400, 600, 10000) and in a tournament hand (chips: 4, 6, 100): the second hand
    # reads the same texts again, in its own unit and for its own players.
    cash, tourney = (r.hand for r in parse_file(FIX / "same_words_cents_and_chips.txt"))
    assert cash is not None and tourney is not None
    k = ActionKind
    assert _bets(cash) == [("Cleo", k.RAISE, 400, 600), ("Dora", k.CALL, 400, None),
                           ("Dora", k.CHECK, 0, None), ("Cleo", k.BET, 10000, None),
                           ("Dora", k.FOLD, 0, None)]  # fmt: skip
    assert _bets(tourney) == [("Dora", k.RAISE, 4, 6), ("Cleo", k.CALL, 4, None),
                              ("Cleo", k.CHECK, 0, None), ("Dora", k.BET, 100, None),
                              ("Cleo", k.FOLD, 0, None)]  # fmt: skip
    assert [(r.player, r.amount) for r in cash.returned] == [("Cleo", 10000)]
    assert [(r.player, r.amount) for r in tourney.returned] == [("Dora", 100)]
    assert (cash.total_pot, tourney.total_pot) == (1200, 12)


def _bets(hand: HandHistory) -> list[tuple[str, ActionKind, int, int | None]]:
    return [(a.player, a.kind, a.amount, a.to_amount) for a in hand.actions
            if a.kind is not ActionKind.POST]  # fmt: skip


def _read(past_range: bool) -> tuple[bool, list[tuple[int, ProblemCode]]]:
    h = _State("f.txt", 10)
    lines = ["a", "out", "", "cards", "out", "what"]

    def read(text: str, line: int) -> bool:
        if text == "out":
            raise AmountOutOfRange("amount out of range: '99999999999'")
        if text == "cards":
            raise _BadCards("not a card: 'Xx'")
        return text == "a"

    ok = read_body(h, enumerate(lines), 10, read, past_range=past_range)
    return ok, [(p.line, p.code) for p in h.problems]


def test_read_body_stops_at_a_line_out_of_range_unless_asked_to_read_on() -> None:
    # lines 10..15: "a" read, "out" out of range (11), blank, bad cards (13), out of
    # range again (14), "what" not known (15)
    assert _read(False) == (False, [(11, ProblemCode.OUT_OF_RANGE)])
    assert _read(True) == (False, [
        (11, ProblemCode.OUT_OF_RANGE), (13, ProblemCode.BAD_CARDS),
        (14, ProblemCode.OUT_OF_RANGE), (15, ProblemCode.UNRECOGNISED_LINE),
    ])  # fmt: skip

"""A PokerStars hand's body read by its own loop (``actions.read_lines``, a C loop in the
compiled core) as the kernel's ``read_body`` reads it with ``_Body.read_line``: the same
records and the same problems, on lines written by hand for each outcome a line can have
(read, unread, quiet, blank, bad cards, an amount out of range, one that is not an amount,
a bug raised), and the hand's whole-summary checks (``crosscheck._summary_cut``)."""

from __future__ import annotations

from typing import Any

import pytest

from hhtools.grammars._betting import read_body
from hhtools.grammars.pokerstars import crosscheck
from hhtools.grammars.pokerstars.actions import FAST_RULES, _Body, read_lines
from hhtools.grammars.pokerstars.line_rules import QUIET
from hhtools.model.money import Unit
from hhtools.model.records import Action, ActionKind, PostKind, Seat, Street
from hhtools.model.vocab import ProblemCode

#: a hand's lines as the reader gives them (header, table, two seats, then the body)
HEAD = ["PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD) - 2020/01/01 1:00:00 ET",
        "Table 'T' 6-max Seat #1 is the button", "Seat 1: Ann ($5 in chips)",
        "Seat 2: Bob ($5 in chips)"]  # fmt: skip


def _hand(quick: bool) -> _Body:
    h = _Body("f.txt", 1)
    h.unit = Unit.CENTS
    h.add_seat(Seat(1, "Ann", 500, line=3))
    h.add_seat(Seat(2, "Bob", 500, line=4))
    h.rules = FAST_RULES
    h.seen, h.known = FAST_RULES.seen[Unit.CENTS], FAST_RULES.lines[Unit.CENTS]
    h.quick = quick
    return h


def _both(body: list[str], quick: bool) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The body read by read_lines and by read_body, each on a new hand: what each
    returned and read."""
    lines = HEAD + body
    got = []
    for loop in (True, False):
        h = _hand(quick)
        if loop:
            ok = read_lines(h, lines, 4, 10)
        else:
            ok = read_body(h, enumerate(lines[4:], 4), 10, h.read_line,  # type: ignore[arg-type]
                           past_range=True, quiet=QUIET, normalised=True)
        got.append((ok, h.actions, h.problems, h.collects, h.hole, h.street, h.fatal))
    return got[0], got[1]


@pytest.mark.parametrize("quick", [True, False])
def test_a_body_of_every_outcome_reads_as_read_body_reads_it(quick: bool) -> None:
    body = [
        "Ann: posts small blind $0.01",  # read (file line 14)
        "Bob: posts big blind $0.02",
        "",  # blank: passed over
        "*** HOLE CARDS ***",
        "Dealt to Ann [Ah Kd 5c 3s]",
        "Ann: raises $0.04 to $0.06",
        "Bob said, \"hello\"",  # chat: quiet, no problem
        "Zed wanders in",  # no rule: unrecognised (file line 21)
        "*** FLOP *** [Qh Td Zz]",  # a card that is not one: bad_cards (line 22)
        "Bob: bets $9999999999999",  # out of range (line 23), read on after it
        "Bob: calls $0.04",
    ]
    loop, kernel = _both(body, quick)
    assert loop == kernel
    ok, actions, problems = loop[0], loop[1], loop[2]
    assert ok is False  # an amount out of range: the hand gives no record
    codes = [(p.line, p.code) for p in problems]
    assert codes == [(21, ProblemCode.UNRECOGNISED_LINE), (22, ProblemCode.BAD_CARDS),
                     (23, ProblemCode.OUT_OF_RANGE)]  # (bad amounts: the next test)
    assert actions == [  # 1 + 2 posted, Ann to 6 (4 more), Bob's call of 4 on the preflop
        Action(Street.PREFLOP, "Ann", ActionKind.POST, 1, None, False, PostKind.SMALL_BLIND, 14),
        Action(Street.PREFLOP, "Bob", ActionKind.POST, 2, None, False, PostKind.BIG_BLIND, 15),
        Action(Street.PREFLOP, "Ann", ActionKind.RAISE, 4, 6, False, None, 19),
        Action(Street.PREFLOP, "Bob", ActionKind.CALL, 4, None, False, None, 24),
    ]


class _Raising(_Body):
    """A hand whose every line raises ``error`` (a Python override of the C method:
    the compiled loop calls it too)."""

    error: Exception = KeyError("a grammar bug")

    def read_line(self, ln: str, lno: int) -> bool:
        raise self.error


def _raising(error: Exception) -> _Raising:
    h = _Raising("f.txt", 1)
    h.error = error
    return h


def test_a_bug_a_line_raises_stops_the_hand_as_read_body_lets_it_through() -> None:
    """Only bad cards and amounts become problems: any other error stops the hand (its
    ``internal_error``), the same error both ways."""
    h = _raising(KeyError("a grammar bug"))
    with pytest.raises(KeyError, match="a grammar bug"):
        read_lines(h, HEAD + ["Ann: checks"], 4, 10)
    with pytest.raises(KeyError, match="a grammar bug"):
        read_body(h, [(4, "Ann: checks")], 10, h.read_line)  # type: ignore[arg-type]


def test_an_amount_a_line_raises_on_is_its_problem_and_the_next_line_is_read() -> None:
    h = _raising(ValueError("not an amount: '$x'"))
    assert read_lines(h, HEAD + ["Ann: bets $x", "", "Bob: bets $y"], 4, 10) is True
    assert [(p.line, p.code, p.message) for p in h.problems] == [
        (14, ProblemCode.BAD_AMOUNT, "not an amount: '$x'"),
        (16, ProblemCode.BAD_AMOUNT, "not an amount: '$x'"),
    ]


SUMMARY = ["*** SUMMARY ***", "Total pot $0.04 | Rake $0",
           "Seat 1: Ann (button) collected ($0.04)", "Seat 2: Bob (big blind) folded before Flop"]  # fmt: skip


@pytest.mark.parametrize(("cut", "want"), [
    (0, False),  # every seat line written
    (1, True),  # Bob's line missing, and Bob put 2 in
    (2, True),  # both missing
])  # fmt: skip
def test_a_summary_cut_before_a_payer_s_seat_line(cut: int, want: bool) -> None:
    h = _hand(True)
    h.actions.append(Action(Street.PREFLOP, "Bob", ActionKind.POST, 2, None, False, PostKind.BIG_BLIND, 5))
    lines = HEAD + ["Bob: posts big blind $0.02"] + SUMMARY[: len(SUMMARY) - cut]
    assert crosscheck._summary_cut(h, lines) is want


def test_a_summary_cut_before_the_line_of_one_who_put_nothing_in_is_whole() -> None:
    h = _hand(True)  # nobody put chips in: no line missing holds money
    assert crosscheck._summary_cut(h, HEAD + SUMMARY[:3]) is False

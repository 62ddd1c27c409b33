"""PokerStars seat lines ("Seat 3: name ($12.34 in chips)") and posts ("name: posts
small blind $0.05"): who sits where with what, and what they put in before the cards.
"""

from __future__ import annotations

from typing import Any

from hhtools.grammars._lines import _m, _rule
from hhtools.grammars.pokerstars.state import _AMT, _Hand, _OutOfRange

from hhtools.model.records import Action, ActionKind, PostKind, Seat, Street
from hhtools.model.vocab import ProblemCode

SEAT = _rule(
    "seat",
    r"Seat (?P<seat>\d+): (?P<player>.+) \((?P<stack>" + _AMT + r") in chips"
    r"(?:, (?P<bounty>[^)]*?) bounty)?\)(?P<out> is sitting out| out of hand(?: \([^()]*\))?)?$",
)
# A player rule: it reads what follows the player's name on the line.
POST = _rule(
    "post",
    r": posts (?P<kind>small & big blinds|small blind|big blind|the ante|ante|straddle)"
    r" (?P<amount>" + _AMT + r")(?P<allin> and is all-in)?$",
)

_POSTS = {
    "small blind": PostKind.SMALL_BLIND,
    "big blind": PostKind.BIG_BLIND,
    "small & big blinds": PostKind.DEAD_SMALL_AND_BIG,
    "the ante": PostKind.ANTE,
    "ante": PostKind.ANTE,
    "straddle": PostKind.STRADDLE,
}


def _read_seats(h: _Hand, lines: list[str], line: int, i: int) -> int:
    """Read the seat lines that start at ``lines[i]`` into ``h``.

    Blank lines between (or before) seat lines are passed over: some clients write
    them, and they do not end the seats.

    Args:
        h: the hand being read; gets its seats, and a ``bad_amount`` problem for a
            stack that is not an amount (the seat is kept with a stack of 0), an
            ``out_of_range`` problem for a stack or seat number no hand can hold (the
            hand then gives no record), or a ``no_seats`` problem when no seat line
            is read.
        lines: the hand's lines, header first.
        line: 1-based line number of the header in the file.
        i: index in ``lines`` of the first line after the table line.

    Returns:
        The index in ``lines`` of the first line that is not a seat line (nor a
        blank line before one).
    """
    n = len(lines)
    while i < n:
        k = i
        if not lines[k].startswith("Seat "):  # blank lines before a seat line are passed
            while k < n and not lines[k].strip():
                k += 1
            if k == i or k >= n or not lines[k].startswith("Seat "):
                break
        sm = _m(SEAT, lines[k])
        if sm is None:
            break
        i = k
        seat_text = sm["seat"]
        try:
            seat = int(seat_text) if len(seat_text) < 4 else h.number(seat_text, "seat")
        except _OutOfRange as exc:  # no such seat: the player is not seated
            h.problem(line + i, ProblemCode.OUT_OF_RANGE, str(exc), lines[i])
            h.fatal = True
            i += 1
            continue
        try:
            stack_text = sm["stack"]
            stack = h.read.get(stack_text)
            if stack is None:
                stack = h.money(stack_text)
        except _OutOfRange as exc:  # seated, so that the player's lines still read
            h.problem(line + i, ProblemCode.OUT_OF_RANGE, str(exc), lines[i])
            h.fatal = True
            stack = 0
        except ValueError as exc:
            h.problem(line + i, ProblemCode.BAD_AMOUNT, str(exc), lines[i])
            stack = 0
        out = sm["out"]
        h.add_seat(
            Seat(
                seat, sm["player"], stack, bool(out), sm["bounty"],
                line + i,
            )
        )  # fmt: skip
        i += 1
    if not h.seats:
        h.problem(line + i, ProblemCode.NO_SEATS, "no seat lines", lines[i] if i < n else "")
    return i


def _post(h: _Hand, player: str, r: Any, lno: int) -> None:
    kind = _POSTS[r["kind"]]
    amount = h.money(r["amount"])
    if kind is PostKind.ANTE and amount > h.ante:
        h.ante = amount
    h.actions.append(
        Action(
            Street.PREFLOP, player, ActionKind.POST, amount, None, r["allin"] is not None,
            kind, lno,
        )
    )  # fmt: skip

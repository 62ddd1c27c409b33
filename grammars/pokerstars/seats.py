"""PokerStars seat lines ("Seat 3: name ($12.34 in chips)") and posts ("name: posts
small blind $0.05"): who sits where with what, and what they put in before the cards.
"""

from __future__ import annotations

from typing import Any

from hhtools.grammars import _lines
from hhtools.grammars._lines import _m, _rule
from hhtools.grammars.pokerstars.plain import _AMOUNT, read_seat
from hhtools.grammars.pokerstars.state import _AMT, _Hand, _OutOfRange

from hhtools.model.frozen import maker
from hhtools.model.money import Unit
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

#: seat lines read before, by the line matcher's ``FAST`` and the hand's unit: the line
#: -> ``(seat, player, stack, sitting out, bounty)`` (a line read with a problem is not
#: kept: it is read again, and reported, in every hand that holds it)
_SEAT_LINES: dict[bool, dict[Unit, dict[str, tuple[int, str, int, bool, str | None]]]] = {
    fast: {unit: {} for unit in Unit} for fast in (True, False)
}
_SEAT_LINES_MAX = 1 << 15


#: the records the seat lines make, built without the class call (:func:`maker`)
_seat, _action = maker(Seat), maker(Action)

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
    known = _SEAT_LINES[_lines.FAST][h.units]
    while i < n:
        k = i
        text = lines[k]
        if not text.startswith("Seat "):  # blank lines before a seat line are passed
            while k < n and not lines[k].strip():
                k += 1
            if k == i or k >= n or not lines[k].startswith("Seat "):
                break
            text = lines[k]
        if h.quick and read_seat(h, text, line + k):  # written the plain way (:mod:`.plain`)
            i = k + 1
            continue
        got = known.get(text)
        if got is not None:  # a seat line read before, in this unit: the same seat
            i = k
            h.add_seat(_seat(got[0], got[1], got[2], got[3], got[4], line + i))
            i += 1
            continue
        sm = _seat_parts(text)
        if sm is None:
            break
        i = k
        seat_text, player, stack_text, bounty, out_text = sm
        try:
            seat = int(seat_text) if len(seat_text) < 4 else h.number(seat_text, "seat")
        except _OutOfRange as exc:  # no such seat: the player is not seated
            h.problem(line + i, ProblemCode.OUT_OF_RANGE, str(exc), text)
            h.fatal = True
            i += 1
            continue
        read = True
        try:
            stack = h.read.get(stack_text)
            if stack is None:
                stack = h.money(stack_text)
        except _OutOfRange as exc:  # seated, so that the player's lines still read
            h.problem(line + i, ProblemCode.OUT_OF_RANGE, str(exc), text)
            h.fatal = True
            stack, read = 0, False
        except ValueError as exc:
            h.problem(line + i, ProblemCode.BAD_AMOUNT, str(exc), text)
            stack, read = 0, False
        out = bool(out_text)
        h.add_seat(_seat(seat, player, stack, out, bounty, line + i))
        if read:
            if len(known) >= _SEAT_LINES_MAX:
                known.clear()
            known[text] = (seat, player, stack, out, bounty)
        i += 1
    if not h.seats:
        h.problem(line + i, ProblemCode.NO_SEATS, "no seat lines", lines[i] if i < n else "")
    return i


_IN_CHIPS = " in chips)"


def _seat_parts(text: str) -> tuple[str, str, str, str | None, str | None] | None:
    """A seat line's seat, player, stack, bounty and status texts as :data:`SEAT` reads
    them (``None``: not a seat line). The common line, "Seat 3: name ($12.34 in
    chips)" (no bounty, no status), is cut at its last " (" without the pattern: the
    same texts, as the pattern's longest name ends there too.

    >>> _seat_parts("Seat 3: Ann (B) ($12.34 in chips)")
    ('3', 'Ann (B)', '$12.34', None, None)
    >>> _seat_parts("Seat 3: Ann ($12 in chips) is sitting out")
    ('3', 'Ann', '$12', None, ' is sitting out')
    >>> _seat_parts("Seat 3: Ann (12 chips)") is None
    True
    """
    if text.endswith(_IN_CHIPS):
        head, cut, stack = text[: -len(_IN_CHIPS)].rpartition(" (")
        colon = head.find(": ", 5)
        if (cut and 5 < colon < len(head) - 2 and head.startswith("Seat ")
                and head[5:colon].isdecimal()
                and _AMOUNT(stack) is not None):  # fmt: skip
            return head[5:colon], head[colon + 2 :], stack, None, None
    sm = _m(SEAT, text)
    if sm is None:
        return None
    return sm["seat"], sm["player"], sm["stack"], sm["bounty"], sm["out"]


def _post(h: _Hand, player: str, r: Any, lno: int) -> None:
    kind = _POSTS[r["kind"]]
    amount = h.money(r["amount"])
    if kind is PostKind.ANTE and amount > h.ante:
        h.ante = amount
    h.actions.append(
        _action(
            Street.PREFLOP, player, ActionKind.POST, amount, None, r["allin"] is not None,
            kind, lno,
        )
    )  # fmt: skip

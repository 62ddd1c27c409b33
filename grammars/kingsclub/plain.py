"""KingsClub lines written the plain way, read straight from their text (the compiled
core's quick path; private to :mod:`hhtools.grammars.kingsclub`).

:func:`read_line` reads a hand's commonest lines from their characters: a seated
player's fold, check, bet, call or raise ("Xjty calls 40": a call or a raise gives the
player's street total), post ("Ann: posts the small blind 5"), a seat line ("Seat 2: Ann
(2,994)") and a summary seat line ("Seat 2: Ann (3,037.50) +43.50"), each applied as its
line rule's handler in :mod:`hhtools.grammars.kingsclub` applies it. Any other line, or
one written any other way (an amount the rules refuse, a call below what the player had
in...), goes to that module's reader (``fallback``), whose rules stay the reference.
Used only where :data:`~hhtools.grammars._plain.QUICK` (the module compiled; the tests
set it on the Python path and check that every fixture reads alike both ways).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hhtools.grammars._digits import number_in
from hhtools.grammars._lines import _cards
from hhtools.grammars._plain import NO_SIGN, amount_at, read_seat
from hhtools.model.money import Unit
from hhtools.model.records import Collect, PostKind, Show, Street

__all__ = ["read_line"]

_CENTS = Unit.CENTS
#: the first words of the lines read by their own rules (the module's ``_HEAD``)
_HEADS = ("***", "Seat", "Rake", "Dealt", "Uncalled")
#: the posts by their words after ": posts " or ": posts the "
_POSTS = (("small blind ", PostKind.SMALL_BLIND), ("big blind ", PostKind.BIG_BLIND),
          ("ante ", PostKind.ANTE), ("straddle ", PostKind.STRADDLE),
          ("dead blind ", PostKind.DEAD_SMALL_AND_BIG))  # fmt: skip
_ALL_IN, _COMMA_ALL_IN = " and is all in", ", and is all in"
#: the street lines that read nothing, and those that deal cards by their words up to them
_NO_CARDS = frozenset(("*** HOLE CARDS ***", "*** SHOW DOWN ***", "*** SHOWDOWN ***"))
_STREETS = (("*** FLOP *** [", Street.FLOP), ("*** TURN *** [", Street.TURN),
            ("*** RIVER *** [", Street.RIVER))  # fmt: skip


def read_line(fallback: Callable[[Any, str, int], bool], h: Any, ln: str, lno: int) -> bool:
    """Read one line of a KingsClub hand ``h`` (normalised, on file line ``lno``): the
    plain lines here, any other by ``fallback(h, ln, lno)`` (the grammar's reader);
    ``False`` when neither knows it."""
    if ln.startswith("*** "):
        return _street(h, ln, lno) or fallback(h, ln, lno)
    if ln.startswith("Dealt to "):
        return _hidden(ln) or fallback(h, ln, lno)
    if ln.startswith("Seat "):
        if h.summary:
            if _summary_seat(h, ln, lno):
                return True
        elif not h.actions and read_seat(h, ln, lno, ")", NO_SIGN, False):
            return True
        return fallback(h, ln, lno)
    if ln.startswith(_HEADS):
        if h.summary and ln.startswith("Rake ") and _rake(h, ln):
            return True
        return fallback(h, ln, lno)
    player = h.name(ln, " :")
    if player is not None:
        at = len(player)
        if h.summary:
            if ln.startswith(" wins ", at) and _wins(h, ln, player, at + 6, lno):
                return True
        elif _player(h, ln, player, at, lno):
            return True
    return fallback(h, ln, lno)


def _rake(h: Any, ln: str) -> bool:
    """The summary's "Rake A": the hand's rake."""
    value = amount_at(ln, 5, len(ln), h.unit is _CENTS, NO_SIGN)
    if value < 0:
        return False
    h.rake = value
    return True


def _wins(h: Any, ln: str, player: str, at: int, lno: int) -> bool:
    """A summary "wins" line from ``at`` (after "<player> wins "): "(A) from pot", "(A)
    from main pot", "(A) from side pot" (pot 1), "(A) from side pot N" or "pot (A)": the
    collect (board 0), and the first such line's number kept (``first_win``)."""
    n = len(ln)
    cents = h.unit is _CENTS
    if ln.startswith("(", at):
        close = ln.find(") from ", at)
        if close < 0:
            return False
        amount = amount_at(ln, at + 1, close, cents, NO_SIGN)
        pot = ln[close + 7 :]
    elif ln.startswith("pot (", at) and ln.endswith(")"):
        amount = amount_at(ln, at + 5, n - 1, cents, NO_SIGN)
        pot = "pot"
    else:
        return False
    if pot == "pot" or pot == "main pot":
        index = 0
    elif pot == "side pot":
        index = 1
    elif pot.startswith("side pot "):
        index = number_in(pot, 9, len(pot))
    else:
        return False
    if amount < 0 or index < 0:
        return False
    h.collects.append(Collect(player, amount, index, 0, lno))
    h.first_win = h.first_win or lno
    return True


def _amount_to_end(ln: str, i: int, cents: bool) -> int:
    """The amount from ``i`` to the line's end or to " and is all in" (", and is all in")
    there: twice the amount, plus 1 when all-in; -1 for any other text."""
    n = len(ln)
    all_in = 0
    if ln.endswith(_ALL_IN):
        all_in = 1
        n -= 15 if ln.endswith(_COMMA_ALL_IN) else 14
    amount = amount_at(ln, i, n, cents, NO_SIGN)
    return -1 if amount < 0 else amount * 2 + all_in


def _player(h: Any, ln: str, player: str, at: int, lno: int) -> bool:
    """What ``player`` did, after the name (``at``): " folds", " checks", " bets A",
    " calls A", " raises to A", ": posts (the) <kind> A"."""
    n = len(ln)
    cents = h.unit is _CENTS
    if ln.startswith(": posts ", at):
        i = at + 8
        if ln.startswith("the ", i):
            i += 4
        for words, kind in _POSTS:
            if ln.startswith(words, i):
                got = _amount_to_end(ln, i + len(words), cents)
                if got < 0:
                    return False
                h.post(player, kind, got >> 1, lno)
                return True
        return False
    if not ln.startswith(" ", at):
        return False
    at += 1
    if n - at == 5 and ln.startswith("folds", at):
        h.fold(player, lno)
        return True
    if n - at == 6 and ln.startswith("checks", at):
        h.check(player, lno)
        return True
    if ln.startswith("shows [", at):
        if not ln.endswith("]") or ln.find("]", at + 7) != n - 1:
            return False
        if n - 1 > at + 7:  # cards written ("shows []" shows nothing)
            cards = _cards(ln[at + 7 : n - 1])
            h.show(player, Show(player, cards, mucked=False, line=lno))
            h.saw(lno, player, cards)
        return True
    if ln.startswith("bets ", at):
        got = _amount_to_end(ln, at + 5, cents)
        if got < 0:
            return False
        h.bet(player, got >> 1, lno, got & 1 == 1)
        return True
    if ln.startswith("calls ", at):
        got = _amount_to_end(ln, at + 6, cents)
        had = h.bets.get(player, 0)
        if got < 0 or got >> 1 < had:  # less than the player had in: the rules say so
            return False
        h.call(player, (got >> 1) - had, lno, got & 1 == 1)
        return True
    if ln.startswith("raises to ", at):
        got = _amount_to_end(ln, at + 10, cents)
        if got < 0 or got >> 1 < h.highest:
            return False
        h.raise_to(player, got >> 1, lno, got & 1 == 1)
        return True
    return False


def _summary_seat(h: Any, ln: str, lno: int) -> bool:
    """"Seat N: <who> (A)", then " +B" or " -B" (the player's result) or nothing (even):
    the result kept under ``who`` with its line."""
    n = len(ln)
    colon = ln.find(": ", 5)
    if colon < 0 or number_in(ln, 5, colon) < 0:
        return False
    cents = h.unit is _CENTS
    net = 0
    end = n
    if not ln.endswith(")"):
        space = ln.rfind(" ")
        sign = ln[space + 1] if space + 1 < n else ""
        i = space + 2 if sign in ("+", "-") else space + 1
        value = amount_at(ln, i, n, cents, NO_SIGN)
        if value < 0 or space < 1 or ln[space - 1] != ")":
            return False
        net = -value if sign == "-" else value
        end = space
    cut = ln.rfind(" (", 0, end - 1)
    if cut <= colon + 2 or amount_at(ln, cut + 2, end - 1, cents, NO_SIGN) < 0:
        return False
    who = ln[colon + 2 : cut]
    h.nets[who] = net
    h.net_lines[who] = lno
    return True


def _street(h: Any, ln: str, lno: int) -> bool:
    """A street line of the first board: "*** HOLE CARDS ***", "*** SHOW DOWN ***" (nothing
    to read), "*** SUMMARY ***", or the flop, turn or river with the board so far ("***
    TURN *** [2h 5s Qd] [8c]": the betting round starts, then the board is read, in the
    rules' order: a card that is not one raises ``_BadCards`` after the round started)."""
    if ln in _NO_CARDS:
        return True
    if ln == "*** SUMMARY ***":
        h.summary = True
        return True
    for words, street in _STREETS:
        if ln.startswith(words):
            if not ln.endswith("]"):
                return False
            parts = ln[len(words) : -1].split("] [")
            for part in parts:
                if "[" in part or "]" in part or "-" in part:  # "-": the first board's card
                    return False
            if street is not h.street:
                h.new_street(street)
            cards = _cards(" ".join(parts))
            if not h.boards:
                h.boards.append([])
            h.boards[0] = list(cards)
            h.saw(lno, "*board0", cards)
            return True
    return False


def _hidden(ln: str) -> bool:
    """"Dealt to <player>: [X X X X]": another player's hidden cards, nothing to read."""
    cut = ln.rfind(": [")
    if cut <= 9 or not ln.endswith("]"):
        return False
    for card in ln[cut + 3 : -1].split(" "):
        if card != "X":
            return False
    return True

"""GGPoker lines written the plain way, read straight from their text (the compiled
core's quick path; private to :mod:`hhtools.grammars.ggpoker`).

:func:`read_body` reads a hand's commonest body lines from their characters: a seated
player's fold, check, call, bet or raise (:func:`~hhtools.grammars._plain.read_betting`),
blind or ante post ("Ann: posts big blind $0.25") and collect ("Ann collected $1.37 from
pot"); :func:`read_summary` a summary seat line that folds, collects or wins ("Seat 3:
Ann (big blind) folded before Flop", "Seat 1: Bob collected ($1.37)"); a seat line ("Seat
1: Ann ($80.61 in chips)") is read by :func:`~hhtools.grammars._plain.read_seat`. Each
is applied as the rule's handler in
:mod:`~hhtools.grammars.ggpoker.hand` applies it. Any other line, or one written any
other way (an amount with a comma, a straddle, a name holding ": "...), goes to that
module's readers (``fallback``), whose rules stay the reference. Used only where
:data:`~hhtools.grammars._plain.QUICK` (the module compiled; the tests set it on the
Python path and check that every fixture reads alike both ways).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hhtools.grammars._dead import join_dead
from hhtools.grammars._lines import _cards
from hhtools.grammars._digits import number_in
from hhtools.grammars._plain import (
    SIGN_BEFORE,
    after_name,
    amount_at,
    last_amount,
    read_betting,
)
from hhtools.grammars.ggpoker.rules import _ORDER, HEAD
from hhtools.model.frozen import maker
from hhtools.model.money import Unit
from hhtools.model.records import Collect, PostKind, Street

__all__ = ["read_body", "read_summary"]

_CENTS = Unit.CENTS
_ANTE, _BIG_BLIND = PostKind.ANTE, PostKind.BIG_BLIND
#: the first words of the lines read by their own rules (``HEAD``'s keys: "***",
#: "Dealt"...): a line starting so goes to the rules
_HEADS = tuple(HEAD)
#: the posts read here by their words after "posts " (a straddle's amount is a total, a
#: missed blind dead money: the rules read those), each with what follows them
_POSTS = (("small blind ", PostKind.SMALL_BLIND), ("big blind ", _BIG_BLIND),
          ("the ante ", _ANTE), ("ante ", _ANTE))  # fmt: skip
_collect = maker(Collect)
#: a summary seat line's positions (:mod:`.hand`'s ``_POSITION_TEXTS``)
_POSITIONS = (" (button)", " (small blind)", " (big blind)", " (dealer)")
#: a summary seat line's folds by their words after " folded " (:mod:`.hand`'s ``_S_FOLDS``)
_FOLDS = (("before Flop", Street.PREFLOP), ("before the Flop", Street.PREFLOP),
          ("on the Flop", Street.FLOP), ("on the Turn", Street.TURN),
          ("on the River", Street.RIVER))  # fmt: skip
_DIDNT_BET = " (didn't bet)"
#: the first run's street lines that deal cards, by their words up to the first card
_STREETS = (("*** FLOP *** [", Street.FLOP), ("*** TURN *** [", Street.TURN),
            ("*** RIVER *** [", Street.RIVER))  # fmt: skip


def read_body(fallback: Callable[[Any, str, int], bool], h: Any, ln: str, lno: int) -> bool:
    """Read one body line of a GGPoker hand ``h`` (normalised, on file line ``lno``): a
    plain line here, any other by ``fallback(h, ln, lno)`` (the grammar's body reader);
    ``False`` when neither knows it."""
    if ln.startswith(_HEADS):
        if ln.startswith("*** "):
            if _street(h, ln, lno):
                return True
        elif ln.startswith("Dealt to ") and "[" not in ln and ln[9:] in h.name_set:
            return True  # another player's hidden cards: nothing to read
        return fallback(h, ln, lno)
    if h.names:
        return fallback(h, ln, lno)
    cut = ln.find(": ")
    if cut > 0:
        player = ln[:cut]
        if player in h.name_set:
            if _player(h, ln, player, cut + 2, lno):
                return True
            return fallback(h, ln, lno)
    if ln.endswith(" from pot") and _collected(h, ln, lno):
        return True
    return fallback(h, ln, lno)


def _street(h: Any, ln: str, lno: int) -> bool:
    """A street line of the first run: "*** HOLE CARDS ***", "*** SHOWDOWN ***", or the
    flop, turn or river with the board so far ("*** TURN *** [Qh Td Ts] [9c]") when it
    repeats the cards before it (its new cards seen; the betting round starts)."""
    if ln == "*** HOLE CARDS ***":
        return True
    if ln == "*** SHOWDOWN ***":
        h.showdown_run = 0
        return True
    n = len(ln)
    for words, street in _STREETS:
        if ln.startswith(words):
            i = len(words)
            close = ln.find("]", i)
            if close < 0:
                return False
            more = None
            if close != n - 1:
                if not ln.startswith(" [", close + 1) or ln.find("]", close + 3) != n - 1:
                    return False
                more = ln[close + 3 : n - 1]
            first = ln[i:close]
            cards = _cards(first) if first else ()
            if more:
                cards += _cards(more)
            old = h.boards[0]
            j = len(old)
            if tuple(cards[:j]) != tuple(old):  # another board, or cards that differ
                return False
            h.boards[0] = list(cards)
            if j < len(cards):
                h.saw(lno, "\x000", cards[j:])
            if _ORDER[street] > _ORDER[h.street]:
                h.new_street(street)
            return True
    return False


def _player(h: Any, ln: str, player: str, at: int, lno: int) -> bool:
    """What ``player`` did, its words from ``at``: a post, else a betting line."""
    cents = h.unit is _CENTS
    if ln.startswith("posts ", at):
        return _post(h, ln, player, at + 6, lno, cents)
    return read_betting(h, ln, player, at, lno, cents, SIGN_BEFORE)


def _post(h: Any, ln: str, player: str, i: int, lno: int, cents: bool) -> bool:
    """"posts <small blind|big blind|the ante|ante> A" (and is all-in), from ``i``: the
    post; a big blind after the same player's missed blind, one post of both
    (:func:`~hhtools.grammars._dead.join_dead`)."""
    for words, kind in _POSTS:
        if ln.startswith(words, i):
            got = last_amount(ln, i + len(words), len(ln), cents, SIGN_BEFORE)
            if got < 0:
                return False
            amount = got >> 1
            if kind is _ANTE:
                if amount > h.ante:
                    h.ante = amount
            elif kind is _BIG_BLIND and join_dead(h, player, kind, amount, lno, False):
                return True
            h.post(player, kind, amount, lno)
            return True
    return False


def _collected(h: Any, ln: str, lno: int) -> bool:
    """"<player> collected A from pot": paid on the showdown's run."""
    n = len(ln)
    at = ln.rfind(" collected ", 0, n - 9)
    if at <= 0:
        return False
    player = ln[:at]
    amount = amount_at(ln, at + 11, n - 9, h.unit is _CENTS, SIGN_BEFORE)
    if amount < 0 or player not in h.name_set:
        return False
    h.collects.append(_collect(player, amount, 0, h.showdown_run, lno, None))
    return True


def read_summary(fallback: Callable[[Any, str, int], bool], h: Any, ln: str, lno: int) -> bool:
    """Read one summary line of a GGPoker hand ``h``: a seat line that folds (kept, for
    a fold the body did not write) or says what the player collected or won (nothing
    to keep) here, any other by ``fallback(h, ln, lno)``."""
    if ln.startswith("Seat ") and _summary_seat(h, ln, lno):
        return True
    return fallback(h, ln, lno)


def _summary_seat(h: Any, ln: str, lno: int) -> bool:
    """"Seat N: <the seat's player>", positions, then " folded <where>" (and " (didn't
    bet)" or not), " collected (A)" or " won (A)"."""
    n = len(ln)
    cut = ln.find(": ", 5)
    seat = number_in(ln, 5, cut) if cut > 0 else -1
    player = h.by_seat.get(seat) if seat >= 0 else None
    i = after_name(ln, cut + 2, player, _POSITIONS)
    if i < 0 or ", " in ln:
        return False
    if ln.startswith(" folded ", i):
        i += 8
        if ln.endswith(_DIDNT_BET):
            n -= 13
        for words, street in _FOLDS:
            if n - i == len(words) and ln.startswith(words, i):
                h.summary_folds.append((player, street, lno))
                return True
        return False
    if ln.startswith(" collected (", i):
        i += 12
    elif ln.startswith(" won (", i):
        i += 6
    else:
        return False
    return ln.endswith(")") and amount_at(ln, i, n - 1, h.unit is _CENTS, SIGN_BEFORE) >= 0


"""Winamax lines written the plain way, read straight from their text (the compiled
core's quick path; private to :mod:`hhtools.grammars.winamax`).

:func:`read_line` reads a hand's commonest lines from their characters: a seated
player's fold, check, call, bet or raise (:func:`~hhtools.grammars._plain.read_betting`),
post ("posts big blind 10€") and collect ("collected 498€ from pot"), a seat line ("Seat
1: Ann (1000€)") and a summary seat line that folds or wins ("Seat 3: Ann (big blind)
folded on the flop", "Seat 3: Ann won 498€"), each applied as its line rule's handler in
:mod:`hhtools.grammars.winamax` applies it. Any other line, or one written any other way
(an amount with a comma, a post "out of position", a summary seat that shows...), goes to
that module's reader (``fallback``), whose rules stay the reference. Used only where
:data:`~hhtools.grammars._plain.QUICK` (the module compiled; the tests set it on the Python
path and check that every fixture reads alike both ways).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hhtools.grammars._digits import number_in
from hhtools.grammars._lines import _cards
from hhtools.grammars._plain import (
    SIGN_AROUND,
    after_name,
    amount_at,
    last_amount,
    read_betting,
    read_seat,
)
from hhtools.grammars.winamax.lines import HEAD_M
from hhtools.model.frozen import maker
from hhtools.model.money import Unit
from hhtools.model.records import Collect, PostKind, Street
from hhtools.model.vocab import Half

__all__ = ["read_line"]

_CENTS, _PREFLOP, AROUND = Unit.CENTS, Street.PREFLOP, SIGN_AROUND
#: the first words of the lines read by their own rules before the player lines (a line
#: starting so goes to the rules: ``HEAD_M``'s keys, "***", "Dealt"...)
_HEADS = tuple(HEAD_M)
#: the posts by their words after "posts ", each with what follows them
_POSTS = (("small blind ", PostKind.SMALL_BLIND), ("big blind ", PostKind.BIG_BLIND),
          ("ante ", PostKind.ANTE), ("straddle ", PostKind.STRADDLE))  # fmt: skip
#: a summary seat line's position tags, and its fold's words after " folded"
_TAGS = (" (button)", " (small blind)", " (big blind)")
_FOLDED = ("", " on the pre-flop", " on the flop", " on the turn", " on the river")
_collect = maker(Collect)
_BLINDS, _SUMMARY, _SHOWDOWN = "ANTE/BLINDS", "SUMMARY", Street.SHOWDOWN
#: the street lines by their words, with the street each starts (or the section's name)
_STREETS = (("*** ANTE/BLINDS ***", _BLINDS), ("*** PRE-FLOP ***", _PREFLOP),
            ("*** FLOP ***", Street.FLOP), ("*** TURN ***", Street.TURN),
            ("*** RIVER ***", Street.RIVER), ("*** SHOW DOWN ***", _SHOWDOWN),
            ("*** SUMMARY ***", _SUMMARY))  # fmt: skip
_HIGH, _LOW = Half.HIGH, Half.LOW


def read_line(fallback: Callable[[Any, str, int], bool], h: Any, ln: str, lno: int) -> bool:
    """Read one body or summary line of a Winamax hand ``h`` (the line normalised, on
    file line ``lno``): the plain lines here, any other by ``fallback(h, ln, lno)`` (the
    grammar's reader); ``False`` when neither knows it."""
    if ln.startswith("*** "):
        return _street(h, ln, lno) or fallback(h, ln, lno)
    if h.summary:
        if ln.startswith("Seat "):
            known = _summary_seat(h, ln)
        elif ln.startswith("Total pot "):
            known = _total(h, ln, lno)
        else:
            known = ln.startswith("Board: [") and _board(h, ln, lno)
        return known or fallback(h, ln, lno)
    if ln.startswith("Seat "):
        if not h.actions and h.street is _PREFLOP and read_seat(h, ln, lno, ")", AROUND, False):
            return True
        return fallback(h, ln, lno)
    if ln.startswith(_HEADS):
        if ln.startswith("Dealt to ") and _dealt(h, ln, lno):
            return True
        return fallback(h, ln, lno)
    player = h.name(ln)
    if player is not None and _player(h, ln, player, len(player) + 1, lno):
        return True
    return fallback(h, ln, lno)


def _player(h: Any, ln: str, player: str, at: int, lno: int) -> bool:
    """What ``player`` did, its words from ``at``: a post, a collect, a betting line (a
    raise in the ANTE/BLINDS section, a post of both blinds, left to the rules)."""
    if at >= len(ln):
        return False
    c = ln[at]
    cents = h.unit is _CENTS
    if c == "p":
        return _post(h, ln, player, at, lno, cents)
    if c == "c" and ln.startswith("collected ", at):
        return _collected(h, ln, player, at + 10, lno, cents)
    if c == "r" and h.blinds:
        return False
    return read_betting(h, ln, player, at, lno, cents, SIGN_AROUND)


def _post(h: Any, ln: str, player: str, at: int, lno: int, cents: bool) -> bool:
    """"posts <small blind|big blind|ante|straddle> A" (and is all-in): the post (not one
    "out of position": the rules join a pair of those)."""
    if not ln.startswith("posts ", at):
        return False
    for words, kind in _POSTS:
        if ln.startswith(words, at + 6):
            got = last_amount(ln, at + 6 + len(words), len(ln), cents, SIGN_AROUND)
            if got < 0:
                return False
            h.post(player, kind, got >> 1, lno)
            return True
    return False


def _collected(h: Any, ln: str, player: str, i: int, lno: int, cents: bool) -> bool:
    """"collected A from pot" ("main pot": pot 0; "side pot N": pot N), then "(HI)" or
    "(LO)", after a space or not, or nothing."""
    n = len(ln)
    end = ln.find(" ", i)
    if end < 0 or not ln.startswith(" from ", end):
        return False
    amount = amount_at(ln, i, end, cents, SIGN_AROUND)
    if amount < 0:
        return False
    half = None
    if ln.endswith(")"):
        if ln.endswith("(HI)"):
            half = _HIGH
        elif ln.endswith("(LO)"):
            half = _LOW
        else:
            return False
        n -= 5 if ln[n - 5] == " " else 4
    i = end + 6
    if (n - i == 3 and ln.startswith("pot", i)) or (n - i == 8 and ln.startswith("main pot", i)):
        pot = 0
    elif n - i > 9 and ln.startswith("side pot ", i):
        pot = number_in(ln, i + 9, n)
        if pot < 0:
            return False
    else:
        return False
    h.collects.append(_collect(player, amount, pot, 0, lno, half))
    return True


def _summary_seat(h: Any, ln: str) -> bool:
    """A summary seat line of the seat's player that folds ("folded", "folded on the
    flop") or wins ("won 498€"), after position tags: nothing to keep (the body's
    lines say it). A show, or any other words, goes to the rules."""
    colon = ln.find(": ", 5)
    seat = number_in(ln, 5, colon) if colon > 0 else -1
    if seat < 0 or " showed [" in ln:
        return False
    player = None
    for s in h.seats:
        if s.seat == seat:
            player = s.player
            break
    i = after_name(ln, colon + 2, player, _TAGS)
    if i < 0:
        return False
    n = len(ln)
    if ln.startswith(" folded", i):
        i += 7
        for words in _FOLDED:
            if n - i == len(words) and ln.startswith(words, i):
                return True
        return False
    if ln.startswith(" won ", i):
        return amount_at(ln, i + 5, n, h.unit is _CENTS, SIGN_AROUND) >= 0
    return False


def _cards_text(text: str) -> str | None:
    """The cards' text of "[9s Ts Kc]" or "[9s Ts Kc][3h]" ("] [" too) as the street rule
    and ``bracketed`` read it ("9s Ts Kc 3h"); ``None`` for any other text."""
    if len(text) < 2 or text[0] != "[" or text[-1] != "]":
        return None
    parts = text[1:-1].replace("] [", "][").split("][")
    for part in parts:
        if "[" in part or "]" in part:
            return None
    return " ".join(parts)


def _street(h: Any, ln: str, lno: int) -> bool:
    """A street line ("*** FLOP *** [9s Ts Kc]", "*** FLOP ***: [..]", "*** TURN *** [..][3h]":
    its cards are the board so far), as the rules' ``_street`` reads it (in the same
    order: a card that is not one raises ``_BadCards`` after the street has started)."""
    for words, street in _STREETS:
        if ln.startswith(words):
            i = len(words)
            text = None
            if i < len(ln):
                if ln.startswith(": ", i):
                    i += 1
                if not ln.startswith(" [", i):
                    return False
                text = _cards_text(ln[i + 1 :])
                if text is None:
                    return False
            h.blinds = street is _BLINDS
            if street is _SUMMARY:
                h.summary = True
                return True
            if street is not _BLINDS and street is not _SHOWDOWN and street is not h.street:
                h.new_street(street)
            if text is not None and street is not _BLINDS:
                cards = _cards(text)
                h.board = list(cards)
                h.saw(lno, "*board", cards)
            return True
    return False


def _dealt(h: Any, ln: str, lno: int) -> bool:
    """"Dealt to <hero> [..]": the hero's cards."""
    cut = ln.rfind(" [")
    if cut <= 9 or not ln.endswith("]") or "]" in ln[cut + 2 : -1]:
        return False
    cards = _cards(ln[cut + 2 : -1])
    hero = ln[9:cut]
    h.hero = hero
    h.hole[hero] = cards
    h.saw(lno, hero, cards)
    return True


def _total(h: Any, ln: str, lno: int) -> bool:
    """"Total pot 9.91€ | Rake 0.69€": the rake and the total before it."""
    end = ln.find(" | Rake ", 10)
    if end < 0:
        return False
    cents = h.unit is _CENTS
    total = amount_at(ln, 10, end, cents, SIGN_AROUND)
    rake = amount_at(ln, end + 8, len(ln), cents, SIGN_AROUND)
    if total < 0 or rake < 0:
        return False
    h.rake = rake
    h.total = total + rake
    h.total_line = lno
    return True


def _board(h: Any, ln: str, lno: int) -> bool:
    """"Board: [..]": the board, when it holds the streets' cards first."""
    if not ln.endswith("]") or "]" in ln[8:-1]:
        return False
    cards = _cards(ln[8:-1])
    if h.board and cards[: len(h.board)] != tuple(h.board):
        return False  # the rules report it
    h.board = list(cards)
    h.saw(lno, "*board", cards)
    return True

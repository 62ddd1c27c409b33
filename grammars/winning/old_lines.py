"""The older WPN format's body and summary lines ("Player X raises (80)", "Seat 1: Xjty
(2872.50).", "*Player X shows: ... Collects: 238.50. ..."), one line at a time on the
kernel's hand: :func:`read_line`, given to :func:`~hhtools.grammars._lines.read_body` by
:mod:`grammars.winning`, whose docstring holds the format's quirks. Its own module so
that the compiled core (setup.py's CORE; typed by old_lines.pxd: the line a C string,
the hand the kernel's C type) runs it; the rules are the same named line rules, read
alike on both paths.
"""

from __future__ import annotations

from typing import Any

from hhtools.grammars import _kit as k
from hhtools.grammars._dead import join_dead
from hhtools.grammars.winning.words import read_claim, read_old_low

__all__ = ["read_line", "split_lines"]

BUTTON = k.rule("button", r"Seat (?P<seat>\d+) is the button\s*$")
SEAT = k.rule("seat", r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[\d.,]+)\)\.\s*$")
STREET = k.rule("street", r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\*:? (?P<cards>.*)$")
RETURNED = k.rule("returned", r"Uncalled bet \((?P<a>[\d.,]+)\) returned to (?P<name>.+?)\s*$")
_N = r"\d[\d,]*(?:\.\d+)?"
#: the summary's lines by their first word
SUMMARY = k.by_word((
    ("pot", k.rule("pot", rf"Pot: (?P<pot>{_N})\.? Rake (?P<rake>{_N})\.?"
                         rf"(?: JP fee (?P<jp>{_N})\.?)?\s*$")),
    ("board", k.rule("board", r"Board: \[(?P<cards>[^\]]*)\]\s*$")),
    ("player", k.rule("player",
        r"(?:\*Player|Player) (?P<name>.+?) (?:(?P<show>shows: (?P<desc>.*?) \[(?P<cards>[^\]]*)\]"
        r"(?: Low hand \((?P<low>[^)]*)\))?)|(?P<muck>mucks) \(does not show"
        r"(?: cards|: \[(?P<mucked>[^\]]*)\])\)"
        rf"|does not show cards)\.\s*Bets: (?P<bets>{_N})\. Collects: (?P<coll>{_N})\."
        rf" (?:Wins|Loses): {_N}\.\s*$")),
    ("ended", k.rule("ended", r"Game ended at: \d{4}/\d\d?/\d\d? \d\d?:\d\d?:\d\d?\s*$")),
))  # fmt: skip
_ACT = (
    r"(?P<act>folds|checks|calls|bets|raises|caps|allin|has small blind"
    r"|has big blind|has dead blind|posts ante|received card:|received a card\.|mucks cards"
    r"|is disconnected and ALL IN\.|is timed out\.|sitting out|wait BB|is sitting in|straddle"
    r"|posts)(?: \(?(?P<a>[\d.,]+)\)?(?P<dead> as a dead bet)?| \[(?P<card>[^\]]*)\])?\s*$"
)
#: "Player <name> <act>": a name not seated (read to report it)
PLAYER = k.rule("player", r"Player (?P<name>.+?) " + _ACT)
#: what follows "Player <seated name> "
ACT = k.rule("act", _ACT)
#: the betting acts by the kernel's names: every amount is the chips the player adds
#: ("raises (100)" over a big blind of 50 is a raise to 150)
_BETS = {"folds": "fold", "checks": "check", "calls": "call", "bets": "bet",
         "raises": "raise_by", "caps": "raise_by", "allin": "allin"}  # fmt: skip
#: "Player X posts (0.25) as a dead bet" then "Player X posts (0.50)" (a player coming in:
#: a dead small blind, then a live big blind; the two are one post of both)
_POSTS = {"has small blind": k.PostKind.SMALL_BLIND, "has big blind": k.PostKind.BIG_BLIND,
          "straddle": k.PostKind.STRADDLE, "has dead blind": k.PostKind.ANTE,
          "posts ante": k.PostKind.ANTE, "posts": k.PostKind.BIG_BLIND}  # fmt: skip


def split_lines(
    lines: list[str],
) -> tuple[list[str], list[tuple[int, str]], list[tuple[int, str]]]:
    """A hand's lines as its reader takes them: each without its "\\r"; those not blank
    with their index (from 0); and those after the first two not blank (the header's),
    stripped, with their index: what :func:`read_line` reads."""
    kept = [ln.rstrip("\r") for ln in lines]
    body = [(i, ln) for i, ln in enumerate(kept) if ln.strip()]
    return kept, body, [(i, ln.strip()) for i, ln in body[2:]]


def read_line(h: k.Hand, ln: str, lno: int) -> bool:
    """Read one line of the older format (stripped, not blank) at line ``lno`` of the
    file onto ``h``: ``True`` when read, ``False`` when no rule reads it (the hand is
    then read in part). Amounts in cents (:meth:`Hand.money`); never raises but what
    the kernel's line methods raise (a card that is not one)."""
    if h.summary:
        return _summary_line(h, ln, lno)
    if ln.startswith("Player "):
        return _player_line(h, ln, lno)
    if ln.startswith("Seat "):
        return _seat(h, ln, lno)
    if ln.startswith("***"):
        return k.section(h, ln, STREET)
    if ln.startswith("------ Summary"):
        h.summary = True
        return True
    m = k.rule_match(RETURNED, ln)
    if m is None:
        return False
    if m["name"] not in h.stacks:
        h.problem(lno, k.ProblemCode.UNKNOWN_PLAYER, f"not seated: {m['name'][:40]}", ln)
    else:
        h.betting("return", m["name"], h.money(m["a"]), lno)
    return True


def _seat(h: k.Hand, ln: str, lno: int) -> bool:
    """A seat line ("Seat 1: Xjty (2872.50).") or the button's ("Seat 4 is the button")."""
    m = k.rule_match(SEAT, ln)
    if m is not None:
        h.seat(h.seat_number(m["seat"]), m["name"], h.money(m["stack"]), lno)
        return True
    m = k.rule_match(BUTTON, ln)
    if m is None:
        return False
    h.button = h.seat_number(m["seat"])
    return True


def _player_line(h: k.Hand, ln: str, lno: int) -> bool:
    """ "Player <name> <act>": a seated name first (longest first: one short match)."""
    for name in h.by_length:
        n = len(name)
        if ln.startswith(name, 7) and len(ln) > 7 + n and ln[7 + n] == " ":
            rest = ln[8 + n :]
            m = _ACTS.get(rest)  # read before: the same groups for the same text
            if m is None and (m := k.rule_match(ACT, rest)) is not None:
                k.keep(_ACTS, rest, m)
            if m is not None and _whole(m):
                _player(h, name, m, ln, lno)
                return True
    m = k.rule_match(PLAYER, ln)
    if m is None or not _whole(m):
        return False
    _player(h, m["name"], m, ln, lno)
    return True


#: what :data:`ACT` read of a short text (:func:`~hhtools.grammars._lines.keep`)
_ACTS: dict[str, Any] = {}


def _whole(m: Any) -> bool:
    """Whether an act's amount or card is one it has: an amount after "is timed out." or
    "mucks cards", a card after a bet, is not understood (the line is unread)."""
    act: str = m["act"]
    if m["card"] is not None:
        return act == "received card:"
    return m["a"] is None or act in _BETS and act not in ("folds", "checks") or act in _POSTS


def _player(h: k.Hand, p: str, m: Any, ln: str, lno: int) -> None:
    """What a player did: a bet, a post (stated or not), the hero's card."""
    if p not in h.stacks:
        h.problem(lno, k.ProblemCode.UNKNOWN_PLAYER, f"not seated: {p[:40]}", ln)
        return
    act = m["act"]
    a = h.money(m["a"]) if m["a"] else None
    if act in _BETS:  # a capped table's "caps (253.88)": a raise to the cap, no chip more
        h.betting(_BETS[act], p, a or 0, lno, act == "caps")
    elif act in _POSTS:
        dead = m["dead"] is not None
        kind = k.PostKind.ANTE if dead else _POSTS[act]
        if act != "posts" or a is None or not join_dead(h, p, kind, a, lno, dead):
            h.post(p, kind, a or 0, lno, stated=a is not None)
    elif act == "received card:":
        h.hero = p
        h.hole[p] = h.hole.get(p, ()) + k.cards(m["card"] or "")
        h.in_hand.add(p)
    elif act == "received a card.":
        h.in_hand.add(p)
    elif act in ("sitting out", "wait BB"):
        h.sit_out(p)  # not dealt in (unless the player then plays: Hand.final_seats)
    # "mucks cards", "is disconnected and ALL IN.", "is timed out.", "is sitting in"...:
    # the record needs nothing from them (the all-in follows on its own line).


def _summary_line(h: k.Hand, ln: str, lno: int) -> bool:
    """A summary line: a player's result (and shown hand), the pot, the board, the end."""
    for kind, rule in SUMMARY.get(ln.partition(" ")[0], ()):
        m = k.rule_match(rule, ln)
        if m is not None:
            break
    else:
        return ln.strip("\ufffd \t") == ""  # the client's stray character after a hand
    if kind == "player":
        _summary_player(h, m, ln, lno)
    elif kind == "pot":
        h.total = h.money(m["pot"])
        h.rake = h.money(m["rake"])
        h.jackpot = h.money(m["jp"]) if m["jp"] else 0
        h.total_line = lno
    elif kind == "board":
        h.summary_board = k.cards(m["cards"])
        h.summary_board_line = lno
    return True


def _summary_player(h: k.Hand, m: Any, ln: str, lno: int) -> None:
    """ "*Player X shows: <words> [cards] Low hand (...).Bets: b. Collects: c. Wins: w.":
    the total collected (shared out over the pots later), the hand shown."""
    p = m["name"]
    if p not in h.stacks:
        h.problem(lno, k.ProblemCode.UNKNOWN_PLAYER, f"not seated: {p[:40]}", ln)
        return
    coll = h.money(m["coll"])
    if coll:
        h.collects.append(k.Collect(p, coll, 0, 0, lno))
    if m["mucked"]:  # "mucks (does not show: [8d 4s 10c 6c])": the cards known as mucked
        _shown(h, p, k.cards(m["mucked"]), ln, lno)
        h.shows.append(k.Show(p, h.hole[p], mucked=True, line=lno))
    if not m["show"]:
        return
    cards = k.cards(m["cards"])
    _shown(h, p, cards, ln, lno)
    desc = m["desc"].strip().rstrip(".")
    h.shows.append(
        k.Show(p, cards, desc, low_description=m["low"].strip() if m["low"] else None,
             line=lno, claimed_high=read_claim(desc), claimed_low=read_old_low(m["low"]))
    )  # fmt: skip


def _shown(h: k.Hand, p: str, cards: tuple[str, ...], ln: str, lno: int) -> None:
    """The cards a summary line shows are ``p``'s (a problem when they are not those dealt)."""
    if h.hole.get(p) and h.hole[p] != cards:
        h.problem(lno, k.ProblemCode.BAD_CARDS, f"{p} shows cards other than those dealt", ln)
    h.hole[p] = cards


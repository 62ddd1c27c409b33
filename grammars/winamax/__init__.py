"""Winamax text hand histories of the Omaha family.

What a Winamax hand looks like::

    Winamax Poker - CashGame - HandId: #9630554-604-1489827073 - Omaha5 pot limit (5€/10€) - 2017/03/18 08:51:13 UTC
    Table: 'Marbella' 6-max (real money) Seat #1 is the button
    Seat 1: WgHecwhyzmmw (1000€)
    *** ANTE/BLINDS ***
    WgHecwhyzmmw posts small blind 5€
    Dealt to vijmg_72 [Jh 9h 7s 9d 8c]
    *** PRE-FLOP ***
    WgHecwhyzmmw raises 20€ to 30€
    *** FLOP *** [9s Ts Kc]
    *** TURN *** [9s Ts Kc][3h]
    *** SHOW DOWN ***
    vijmg_72 shows [Jh 9h 7s 9d 8c] (Full of 9 and Tens)
    vijmg_72 collected 498€ from pot
    *** SUMMARY ***
    Total pot 498€ | Rake 2€
    Board: [9s Ts Kc 3h Td]
    Seat 3: vijmg_72 (big blind) showed [Jh 9h 7s 9d 8c] and won 498€ with Full of 9 and Tens

Quirks, and how they are read:

* The hand id is three numbers joined by ``-`` (table, hand, time); kept whole as text.
* Amounts carry the currency sign after the number ("207.96€"); play money has no
  sign and still has cents ("0.05"), so play money is counted in hundredths of a chip
  (``Unit.CENTS``, currency ``PLAY``); tournaments count whole chips (``CHIPS``).
* Names are followed by a space, not a colon ("X posts small blind 5€"): the player is
  the longest seated name the line starts with.
* The table line is written "Table: 'Name'" or (since about 2021) "Table 'Name'"; the
  flop line "*** FLOP *** [..]" or "*** FLOP ***: [..]".
* Times are printed in UTC ("... UTC"): ``time_zone`` is ``"UTC"``. A header without a
  zone keeps ``time_zone`` and ``started_at_utc`` ``None`` (no zone is assumed).
* "Total pot 9.91€ | Rake 0.69€": the total is after rake (what was collected); the
  record's ``total_pot`` is the pot before rake (10.60€), as every format's is.
* Uncalled bets are never returned by a line: the total pot includes them and the
  winner's "collected" line pays them back (a "side pot" of one player when others
  are all in). The record returns the excess (``Returned`` with ``inferred``: what the
  player who put in most put in over the next one) and takes it out of that player's
  last collect and of the total, so its pots are the contested ones.
* A player coming in out of position pays both blinds in one amount: "posts small blind
  3€ out of position" then "posts big blind 0€ out of position"; the pair is one
  ``dead_small_and_big`` post of 3€. Some old hands write such a post as "raises 1€ to
  3€" in the ANTE/BLINDS section; it is read the same way (a post of the "to" amount).
* Hi/lo collects say their half: "collected 4.96€ from pot(HI)", "from pot (LO)";
  ``Collect.half`` is set from them. Showdown lines name the high and the low apart:
  "(HI : Two pairs : 5 and 4)", "(LO : High card : 7)"; older hands leave out "HI :" /
  "LO :", the low then being the player's second show line.
* Hand words are Winamax's own ("One pair : 9", "Two pairs : Ace and Queen", "Trips of
  King", "Straight King high", "Flush Ace high", "Full of 9 and Tens", "Quads of Jack",
  "Straight flush Nine high"): :func:`read_high` types them. A low is named by its top
  card only ("High card : 7"): ``claimed_low`` is that one rank (``(7,)``), compared
  with the low's top card, and ``low_description`` keeps the words.
* Tournaments: "Winamax Poker - Tournament "Name" buyIn: 2€ + 0.25€ level: 4 - HandId:
  ..." with stakes "(ante/small/big)" or "(small/big)"; the tournament number is the one
  in the table name "Name(123456)#003".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from functools import partial
from typing import Any, BinaryIO

from hhtools.grammars import _kit as k
from hhtools.grammars import _plain
from hhtools.grammars.winamax.ledger import by_pot, uncalled
from hhtools.grammars.winamax.lines import (
    _ANY_START,
    _END,
    _POSTS,
    _SIGNS,
    _START,
    _STREETS,
    DENY_ANY,
    HEAD_M,
    HEADER,
    PLAYER,
    S_REST,
    S_SHOWED,
    SUMMARY_M,
    TABLE,
    game_of,
)
from hhtools.grammars.winamax.plain import read_line
from hhtools.grammars.winamax.words import read_high, read_low


__all__ = ["FORMAT", "HEADER", "parse_hand", "read_high"]

SITE = "winamax"

_HALVES = {"HI": k.Half.HIGH, "LO": k.Half.LOW}
#: the tournament number in a tournament's table name: "Name(123456)#003"
_TOURNEY_TABLE = re.compile(r"\((\d+)\)#\d+$")


class _Hand(k.Hand):
    """A Winamax hand being read: the kernel's :class:`Hand`, whether the lines are
    those of the ANTE/BLINDS section (a "raise" there is a post of both blinds), and the
    money the room added to the pot (minor units)."""

    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.blinds = False
        self.room_added = 0


def _recognise(head: str) -> bool:
    """A Winamax file: a line of its first bytes is a whole Winamax hand header (the
    first may be damaged, a later one in the head then says it).

    >>> _recognise("Winamax Poker - CashGame - HandId: #1-2-3 - Omaha pot limit (1€/2€) - 2016/11/11 14:28:18 UTC")
    True
    >>> _recognise("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)")
    False
    >>> _recognise("Winamax Poker - CashGame - HandId: #1-2-3 - Omaha5 pot limit")
    False
    """
    return _ANY_START.search(head.lstrip("\ufeff \t\r\n")) is not None


def _split(fh: BinaryIO, file: str) -> Iterator[k.HandText]:
    """A file's hand texts: one at each "Winamax Poker - " header (and after a summary, at
    the first line no summary holds)."""
    return k.iter_hands(fh, file, _START, _END)


def _parse(h: _Hand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    """Read one Winamax hand (see :func:`parse_hand`): header, table, body, record."""
    hd = k.rule_match(HEADER, lines[0])
    if hd is None:
        h.problem(line, k.ProblemCode.BAD_HEADER,
                  f"not a Winamax hand header: {lines[0][:80]}", lines[0])  # fmt: skip
        return k.ParsedHand(None, tuple(h.problems))
    h.hand_id = hd["id"]
    game = k.typed_game(h, game_of(hd["game"]), hd["game"], line, lines[0])
    if isinstance(game, k.ParsedHand):
        return game
    stakes = _table(h, hd, lines, line)
    if stakes is None:
        return k.no_record(h)
    read = _QUICK_LINE if _plain.QUICK else _line  # the plain lines read from their text
    if not k.read_lines(h, lines, 2, line, read, quiet=None):
        return k.no_record(h)
    ended = k.cut_short(h, lines, line, has_total=h.total is not None,
                      total_words="'Total pot'", seats_at=1)  # fmt: skip
    if ended is not None:
        return ended
    last = len(lines) - 1
    while last and not lines[last].strip():
        last -= 1
    if h.total_line == line + last:
        # the site writes the board or a winner's seat line after its total (every hand
        # of the corpora): a hand whose last line is its total is cut there, or inside
        # it ("Total pot 9.2" of "9.25€ | No rake", "Rake 0" of "Rake 0.60€": amounts
        # that are none)
        h.problem(h.total_line, k.ProblemCode.TRUNCATED_HAND,
                  "the hand ends at its 'Total pot' line (cut short?)", lines[last])  # fmt: skip
        return k.no_record(h)
    return k.ParsedHand(_record(h, hd, game, stakes, line, text, offset), tuple(h.problems),
                      None, h.hand_id)  # fmt: skip


def _table(h: _Hand, hd: Any, lines: list[str], line: int) -> tuple[str, list[int]] | None:
    """The table line: name, size and button; the unit and the currency; the header's
    stakes (ante/small/big or small/big). ``None`` (a problem added) when the line is
    missing or a number is out of range or unreadable."""
    tb = k.rule_match(TABLE, lines[1]) if len(lines) > 1 else None
    if tb is None:
        h.problem(line + 1, k.ProblemCode.BAD_TABLE, "no table line",
                  lines[1] if len(lines) > 1 else "")  # fmt: skip
        return None
    stakes = hd["stakes"]
    currency = next((code for sign, code in _SIGNS.items() if sign in stakes), "")
    if hd["tname"] is not None:
        h.unit, currency = k.Unit.CHIPS, "CHIPS"
    elif tb["money"] == "play":
        currency = "PLAY"
    elif not currency:
        currency = "EUR"
    try:
        blinds = [h.money(s.strip().rstrip("€$£").strip()) for s in stakes.split("/")]
        h.button = h.seat_number(tb["button"]) if tb["button"] else None
        h.max_seats = h.seat_number(tb["max"])
    except k.AmountOutOfRange as exc:
        h.problem(line, k.ProblemCode.OUT_OF_RANGE, str(exc), lines[0])
        return None
    except ValueError as exc:
        h.problem(line, k.ProblemCode.BAD_HEADER, f"bad stakes: {exc}", lines[0])
        return None
    h.table = tb["table"]
    return currency, blinds


def _record(
    h: _Hand, hd: Any, game: tuple[Any, bool, k.BettingStructure], stakes: tuple[str, list[int]],
    line: int, text: str, offset: int,
) -> k.HandHistory:  # fmt: skip
    """The record: the uncalled excess taken out of its collect line and the total, the
    collects per pot, the total before rake, the time in UTC when the header says so."""
    variant, hi_lo, structure = game
    currency, blinds = stakes
    ante = blinds[0] if len(blinds) == 3 else 0
    sb, bb = blinds[-2:] if len(blinds) >= 2 else blinds * 2
    small_bet = big_bet = None
    if structure is k.BettingStructure.LIMIT:
        sb, bb, small_bet, big_bet = k.limit_stakes(h.actions, sb, bb)
    # the dead small blind of a post of both blinds out of position (3€ at 1€/2€)
    dead = {a.player: a.amount - bb for a in h.actions
            if a.post is k.PostKind.DEAD_SMALL_AND_BIG and a.amount > bb}  # fmt: skip
    collects, returned, put = uncalled(h.put, h.actions, h.collects, dead)
    collects, parts, named = by_pot(h.actions, collects, put, h.room_added, dead)
    started, started_utc, zone = _when(hd["date"], hd["tz"])
    tid = None
    if hd["tname"] is not None:
        tm = _TOURNEY_TABLE.search(h.table)
        tid = tm.group(1) if tm else (hd["id"].split("-")[0])
    return k.build_record(
        h, site=SITE, line=line, text=text, offset=offset, started_at=started,
        time_zone=zone, started_at_utc=started_utc,
        game=k.Game(variant, hi_lo, structure, sb, bb, currency, 8, ante, tid,
                  hd["buyin"], hd["level"], small_bet, big_bet),
        collects=tuple(collects), returned=returned,
        total_pot=(h.total or 0) - sum(r.amount for r in returned), rake=h.rake or 0,
        pot_parts=parts, pot_parts_basis=k.PotPartsBasis.NET if parts else None,
        collect_order=k.CollectOrder.UNORDERED, pots_named=named, room_added=h.room_added,
    )  # fmt: skip


def _when(date: str, tz: str | None) -> tuple[datetime | None, datetime | None, str | None]:
    """The header's time, its UTC moment (when the zone is UTC or GMT) and its zone."""
    try:
        day, clock = date.split(" ")
        y, mo, d = day.split("/")
        hh, mi, ss = clock.split(":")
        at = datetime(int(y), int(mo), int(d), int(hh), int(mi), int(ss))
    except ValueError:
        return None, None, None
    if tz and tz.upper() in ("UTC", "GMT"):
        return at, at.replace(tzinfo=UTC), tz.upper()
    return at, None, tz or None


def _line(h: _Hand, text: str, lno: int) -> bool:
    """Read one body line into ``h``; ``False`` when no rule reads it."""
    for kind, match in (SUMMARY_M if h.summary else HEAD_M).get(text.partition(" ")[0], ()):
        if kind != "seat" or (not h.actions and h.street is k.Street.PREFLOP):
            m = match(text)
            if m is not None:
                _READ_HEAD[kind](h, m, text, lno)
                return True
    if h.summary:
        return False
    player = h.name(text)
    if player is None:
        return " deny " in text and k.rule_match(DENY_ANY, text) is not None
    found = PLAYER.match(text[len(player) + 1 :])
    if found is None:
        return False
    _READ_PLAYER[found[0]](h, player, found[1], lno)
    return True


def _street(h: _Hand, m: Any, text: str, lno: int) -> None:
    """A street line; its cards (the board so far, "[9s Ts Kc][3h]") are the board."""
    name = m["street"]
    h.blinds = name == "ANTE/BLINDS"
    if name == "SUMMARY":
        h.summary = True
        return
    street = _STREETS.get(name)
    if street is not None and street is not k.Street.SHOWDOWN and street is not h.street:
        h.new_street(street)
    if m["cards"] and name != "ANTE/BLINDS":
        cards = k.cards(k.bracketed(m["cards"]))
        h.board = list(cards)
        h.saw(lno, "*board", cards)


def _seat(h: _Hand, m: Any, text: str, lno: int) -> None:
    h.seat(h.seat_number(m["seat"]), m["player"], h.money(m["stack"]), lno, bool(m["out"]),
           m["bounty"])  # fmt: skip


def _dealt(h: _Hand, m: Any, text: str, lno: int) -> None:
    cards = k.cards(m["cards"])
    h.hero = m["rest"]
    h.hole[h.hero] = cards
    h.saw(lno, h.hero, cards)


def _total(h: _Hand, m: Any, text: str, lno: int) -> None:
    """"Total pot 9.91€ | Rake 0.69€": Winamax's total is after rake. Words after the
    rake (a jackpot, a fee) are not read: the line is an unrecognised one."""
    h.rake = h.money(m["rake"]) if m["rake"] else 0
    h.total = h.money(m["total"]) + h.rake
    h.total_line = lno
    if m["rest"].strip():
        h.problem(lno, k.ProblemCode.UNRECOGNISED_LINE, f"unread part of the total: {text[:80]}",
                  text)  # fmt: skip


def _board(h: _Hand, m: Any, text: str, lno: int) -> None:
    cards = k.cards(m["cards"])
    if h.board and cards[: len(h.board)] != tuple(h.board):
        h.problem(lno, k.ProblemCode.BOARD_MISMATCH,
                  "the summary's board differs from the streets'", text)  # fmt: skip
    h.board = list(cards)
    h.saw(lno, "*board", cards)


def _summary_seat(h: _Hand, m: Any, text: str, lno: int) -> None:
    """A summary seat line: a hand shown there and not in the body is a show; a line in
    other words than :data:`~.lines.S_REST` reads is an unrecognised one."""
    seat = int(m["seat"]) if len(m["seat"]) < 5 else -1
    player = next((s.player for s in h.seats if s.seat == seat), None)
    rest = m["rest"]
    if player is None:
        h.problem(lno, k.ProblemCode.UNKNOWN_PLAYER, f"no player in seat {seat}", text)
        return
    if not rest.startswith(player) or S_REST.fullmatch(rest, len(player)) is None:
        h.problem(lno, k.ProblemCode.UNRECOGNISED_LINE, f"unrecognised summary seat: {text[:80]}",
                  text)  # fmt: skip
        return
    sm = S_SHOWED.search(text)
    if sm is not None and not any(s.player == player for s in h.shows):
        _add_show(h, player, k.cards(sm["cards"]), sm["desc"], lno)


def _room_added(h: _Hand, m: Any, text: str, lno: int) -> None:
    """"Hold-up to Pot: total 0.20€", "Escape to Pot: total 0.20€": money the room puts
    in the pot (the total pot and the winner's collect include it)."""
    h.room_added += h.money(m["amt"])


_READ_HEAD: dict[str, Callable[[_Hand, Any, str, int], None]] = {
    "street": _street, "seat": _seat, "dealt": _dealt, "total": _total, "board": _board,
    "summary_seat": _summary_seat, "room_added": _room_added,
}  # fmt: skip


def _post(h: _Hand, player: str, m: Any, lno: int) -> None:
    """A post; "big blind 0€ out of position" after an out-of-position small blind makes
    the pair one post of both blinds."""
    amount, kind = h.money(m["amt"]), _POSTS[m["kind"]]
    if m["oop"] and kind is k.PostKind.BIG_BLIND and amount == 0:
        prev = next((i for i in range(len(h.actions) - 1, -1, -1)
                     if h.actions[i].player == player), None)  # fmt: skip
        if prev is not None and h.actions[prev].post is k.PostKind.SMALL_BLIND:
            a = h.actions[prev]
            h.actions[prev] = k.Action(a.street, player, k.ActionKind.POST, a.amount, None,
                                     a.all_in, k.PostKind.DEAD_SMALL_AND_BIG, a.line)  # fmt: skip
            return
    h.post(player, kind, amount, lno)


def _pass(h: _Hand, player: str, m: Any, lno: int) -> None:
    (h.fold if m["kind"] == "folds" else h.check)(player, lno)


def _call(h: _Hand, player: str, m: Any, lno: int) -> None:
    """A call or a bet: the chips added."""
    act = h.call if m["kind"] == "calls" else h.bet
    act(player, h.money(m["amt"]), lno, bool(m["allin"]))


def _raise(h: _Hand, player: str, m: Any, lno: int) -> None:
    """"raises 20€ to 30€": to the street total, the raise as printed; in the ANTE/BLINDS
    section a post of both blinds (the "to" amount)."""
    by, to = h.money(m["amt"]), h.money(m["to"])
    if h.blinds:
        h.post(player, k.PostKind.DEAD_SMALL_AND_BIG, to, lno)
    else:
        h.raise_to(player, to, lno, bool(m["allin"]), by)


def _show(h: _Hand, player: str, m: Any, lno: int) -> None:
    _add_show(h, player, k.cards(m["cards"]), m["desc"], lno)


def _muck(h: _Hand, player: str, m: Any, lno: int) -> None:
    if m["cards"]:
        cards = k.cards(m["cards"])
        _put_show(h, k.Show(player, cards, mucked=True, line=lno))
        h.saw(lno, player, cards)


def _collect(h: _Hand, player: str, m: Any, lno: int) -> None:
    pot = m["pot"]
    index = 0 if pot in ("pot", "main pot") else int(m["n"] or 1)
    h.collects.append(k.Collect(player, h.money(m["amt"]), index, 0, lno,
                              _HALVES.get(m["half"] or "")))  # fmt: skip


def _deny(h: _Hand, player: str, m: Any, lno: int) -> None:
    """"X deny BB": a player declines to post a blind; nothing goes in."""


_READ_PLAYER: dict[str, Callable[[_Hand, str, Any, int], None]] = {
    "post": _post, "pass": _pass, "call": _call, "raise": _raise, "show": _show,
    "muck": _muck, "collect": _collect, "deny": _deny,
}  # fmt: skip


def _put_show(h: _Hand, show: k.Show) -> None:
    """A player's show, in place of their earlier one (one show a player)."""
    h.hole[show.player] = show.cards
    at = next((i for i, s in enumerate(h.shows) if s.player == show.player), None)
    if at is None:
        h.shows.append(show)
    else:
        h.shows[at] = show


def _add_show(h: _Hand, player: str, cards: tuple[str, ...], desc: str | None, lno: int) -> None:
    """One show line: the first names the high, a "LO : " one (or a second) the low."""
    h.hole[player] = cards
    h.saw(lno, player, cards)
    prior = next((s for s in h.shows if s.player == player), None)
    is_low = desc is not None and desc.startswith("LO : ")
    if prior is not None and not prior.mucked and (is_low or prior.description is not None):
        low = desc[5:] if is_low and desc else desc
        _put_show(h, k.Show(player, prior.cards, prior.description, low, False, 0, prior.line,
                          prior.claimed_high, read_low(low)))  # fmt: skip
        h.hole[player] = cards
        return
    if is_low:
        low = desc[5:] if desc else None
        _put_show(h, k.Show(player, cards, None, low, line=lno, claimed_low=read_low(low)))
        return
    high = desc[5:] if desc and desc.startswith("HI : ") else desc
    _put_show(h, k.Show(player, cards, high, None, False, 0, lno, read_high(high), None))


#: the reader of a hand's lines in the compiled core: the plain lines read from their
#: text (:func:`.plain.read_line`), the others by :func:`_line`
_QUICK_LINE = partial(read_line, _line)

#: The Winamax format. Its parse (``parse_hand``) reads one hand's text into a record
#: and the problems met; never raises (an unexpected error is an ``internal_error``
#: problem). ``_parse`` is looked up on each call: a test plants a bug in it.
FORMAT = k.site_format(
    SITE, "Winamax",
    "Omaha with 4, 5 and 6 hole cards; high and hi/lo 8 or better; pot limit, no "
    "limit and limit; cash (real and play money) and tournaments",
    _recognise, _split, lambda h, lines, line, text, offset: _parse(h, lines, line, text, offset),
    hand=_Hand,
)  # fmt: skip
parse_hand = FORMAT.parse

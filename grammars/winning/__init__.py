"""Winning Poker Network (WPN: America's Cardroom, Ya Poker...) hand histories, Omaha family.

WPN has written two formats; a file holds one of them.

The older ("Game started at"), often UTF-16 with a BOM (the reader decodes it)::

    Game started at: 2016/10/2 21:0:42
    Game ID: 741631166 40/80 (PRR) Xana (Omaha HiLow)
    Seat 4 is the button
    Seat 1: Xjty (2872.50).
    Player Clexwg1 has small blind (20)
    Player Xjty received card: [2d]          (the hero's cards, one a line)
    Player Mrzqnh8 raises (80)               (the chips added, as calls and bets)
    Player Nxeekm3 allin (402.40)            (the chips added)
    Player Ydmgju1 is disconnected and ALL IN.
    *** FLOP ***: [6d 7h 3h]
    Uncalled bet (393.40) returned to Nxeekm3
    ------ Summary ------
    Pot: 477. Rake 2.76. JP fee 0.24       (the pot after rake and jackpot fee)
    Board: [6d 7h 3h 2c 2h]
    *Player Mrzqnh8 shows: Two pairs. 7s and 2s [Ac 8c Kh 7s] Low hand (A A 2 3 6 7 ).Bets: 120. Collects: 238.50. Wins: 118.50.
    Game ended at: 2016/10/2 21:4:9

The newer, written like PokerStars (:mod:`grammars.winning.new`)::

    Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC

Quirks of the older format read here:

* The header names no betting structure. When the stakes are twice the blinds
  posted ("40/80" with blinds 20/40) they name a fixed-limit game's bets; otherwise
  they are the blinds of a pot-limit game (the client's Omaha games; "(No Limit)",
  "(Pot Limit)" or "(Fixed Limit)" written after the game are read when present).
* "(PRR)" and a table type ("(Short)") may stand between the stakes and the table name.
* Amounts have no currency sign: cash hands are read as USD cents.
* A betting line's amount is the chips the player adds, a raise's too ("raises (100)"
  by a big blind of 50 is a raise to 150, the small blind's "calls (100)" matches it).
* "Player X sitting out" and "Player X wait BB" are applied: the player is not dealt
  in. The raises' and calls' meaning (the chips added) is declared (``OLD_MEANINGS``):
  the kernel's totals check would name a line whose street total the totals fit.
* A player "is disconnected and ALL IN." and then "allin" with no amount: all-in
  for what they already put in.
* A capped table ("(PRR) - CAP - 6-Max - 3 (Omaha)") writes the raise that reaches the
  cap "caps (253.88)" (the chips added; no chip more, as all-in), and the summary a
  player's mucked cards "mucks (does not show: [8d 4s 10c 6c])".
* The collects are only in the summary, one total per player ("Collects: 238.50"),
  with no pot named. A hand with one pot (or where every winner could only win the
  main pot) is typed as written. With side pots, each winner's total is shared out
  over the pots by the hands the site itself declared in the summary (category and
  named ranks, the declared low): the pots are rebuilt from the bets, each pot's
  winners by the site's claims get their share, and a player's total is divided
  over their pots in those proportions (the audit then checks the pots by the rules).
* Summary "Pot:" is after rake and jackpot fee; the total pot recorded is
  ``Pot + Rake + JP fee``, and the JP fee is ``jackpot``.
* Descriptions: "Two pairs. Qs and 3s", "Flush, 7 high", "High card, A"... with the
  shown hole cards in brackets; "Low hand (A A 2 3 6 7 )" lists the low's ranks (the
  client repeats the ace); a claimed low is read when it names five distinct ranks.
* Times have no zone; WPN's clock is not printed, so ``time_zone`` and
  ``started_at_utc`` are ``None``. The newer format prints "UTC" and is read as such.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from functools import partial
from typing import Any, BinaryIO

from hhtools.grammars import _kit as k
from hhtools.grammars.winning.glued import unglued
from hhtools.grammars.winning.new import first, parse_new
from hhtools.grammars.winning.old_lines import read_line, split_lines
from hhtools.grammars.winning.words import share_out

__all__ = ["FORMAT", "HAND_START", "parse_hand"]

SITE = "winning"
HAND_START = re.compile(r"(?:Game started at: \d|(?:Game )?Hand #\d+ - )")
_RECOGNISE = re.compile(
    r"^\s*(?:Game started at: \d{4}/\d\d?/\d\d? \d\d?:\d\d?:\d\d?\s*Game ID: \d+ "
    r"|(?:Game )?Hand #\d+ - [^\n]*(?:Omaha|Hold'em|Holdem)[^\n]*-\s*\d{4}/\d\d/\d\d \d\d:\d\d:\d\d)",
    re.MULTILINE,
)
STARTED = k.rule("started",
                r"Game started at: (?P<date>\d{4}/\d\d?/\d\d? \d\d?:\d\d?:\d\d?)\s*$")  # fmt: skip
GAME_ID = k.rule("game_id",
    r"Game ID: (?P<id>\d+) (?P<sb>[\d.,]+)/(?P<bb>[\d.,]+) (?:\(PRR\) )?(?P<table>.+?)"
    r"(?: \((?P<type>Short|Deep|Fast|Zoom|Turbo)\))? \((?P<game>[^()]+)\)"
    r"(?: \((?P<limit>No Limit|Pot Limit|Fixed Limit)\))?\s*$"
)  # fmt: skip
#: the older format's raises and calls are read as the chips added; the site's totals
#: would tell one that meant a street total (the kernel's check, :mod:`.._meaning`)
OLD_MEANINGS = k.Meanings(raise_read="added", raise_alt=("to", "over"), call_read="added",
                        call_alt=("total",))  # fmt: skip
_STRUCTURES = {"no limit": k.BettingStructure.NO_LIMIT, "pot limit": k.BettingStructure.POT_LIMIT,
               "fixed limit": k.BettingStructure.LIMIT}  # fmt: skip


def parse_hand(text: str, file: str = "", line: int = 1, offset: int = 0) -> k.ParsedHand:
    """Read one hand's text (either format) into a record and problems; amounts in
    cents. Never raises: an unexpected error becomes an ``internal_error`` problem."""
    return FORMAT.parse(k.HandText(text, file, line, offset))


def _read(h: k.Hand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    """:data:`FORMAT`'s parse: the newer format's hands start "Hand #" (a tournament's
    "Game Hand #")."""
    if text.startswith(("Hand #", "Game Hand #")):
        return parse_new(h, lines, line, text, offset)
    return _parse(h, lines, line, text, offset)


def _parse(h: k.Hand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    """Read one hand of the older format on ``h``: the two header lines, the body, the
    end checks, the record (its collects shared out over the pots)."""
    lines, body, numbered = split_lines(lines)
    head = _header(h, lines, body, line)
    if isinstance(head, k.ParsedHand):
        return head
    started, gid, game = head
    h.meanings = OLD_MEANINGS
    if not k.read_body(h, numbered, line, partial(read_line, h), quiet=k.NO_CHIPS,
                       normalised=True):
        return k.no_record(h)
    done = k.summary_end(h, lines, line, "'Pot:'")
    if done is not None:
        return done
    assert h.total is not None  # summary_end: a hand with no total gives no record
    if not h.collects and h.total:  # a pot paid to nobody: the text stops in the summary
        h.problem(line + len(lines) - 1, k.ProblemCode.TRUNCATED_HAND,
                  "the summary pays nobody (cut short?)", lines[-1])  # fmt: skip
        return k.no_record(h)
    if not any(ln.startswith("Game ended at:") for _, ln in body[-2:]):
        # the summary's player lines (each one's collects) end with "Game ended at": a
        # text without it stops among them (a file cut at its end), some wins missing
        h.problem(line + len(lines) - 1, k.ProblemCode.TRUNCATED_HAND,
                  "hand has no 'Game ended at' line (cut short?)", lines[-1])  # fmt: skip
        return k.no_record(h)
    returned: dict[str, int] = {}
    for r in h.returned:
        returned[r.player] = returned.get(r.player, 0) + r.amount
    totals = [(c.player, c.amount, c.line) for c in h.collects]
    rake = h.rake or 0
    bb = h.bb or 0  # the dead part of a post of both blinds ("posts (0.25) as a dead bet")
    dead = {a.player: a.amount - bb for a in h.actions
            if a.post is k.PostKind.DEAD_SMALL_AND_BIG and bb and a.amount > bb}  # fmt: skip
    collects, parts, basis = share_out(
        totals, h.put, returned, h.folded, h.shows, game[1], rake + h.jackpot, dead
    )
    record = k.build_record(
        h, site=SITE, game=_game(h, gid, game), line=line, text=text, offset=offset,
        started_at=k.local_time(started["date"]), boards=k.the_board(h), table=gid["table"],
        max_seats=6 if gid["type"] == "Short" else None, collects=tuple(collects),
        total_pot=h.total + rake + h.jackpot, rake=rake, pot_parts=parts,
        pot_parts_basis=basis, collect_order=k.CollectOrder.UNORDERED,
    )  # fmt: skip
    return k.ParsedHand(record, tuple(h.problems), None, h.hand_id)


def _header(
    h: k.Hand, lines: list[str], body: list[tuple[int, str]], line: int
) -> tuple[Any, Any, tuple[k.Variant, bool]] | k.ParsedHand:
    """The two header lines ("Game started at", then "Game ID" after blanks) and the
    game, or the :class:`ParsedHand` of a bad header or a game not read."""
    started = k.rule_match(STARTED, lines[0])
    gid = k.rule_match(GAME_ID, body[1][1]) if started and len(body) > 1 else None
    if started is None or gid is None:
        return k.bad_header(h, lines, line)
    game = first(h, line, gid["id"], gid["game"], lines[0])
    return game if isinstance(game, k.ParsedHand) else (started, gid, game)


def _game(h: k.Hand, gid: Any, game: tuple[k.Variant, bool]) -> k.Game:
    """The game: the header's stakes are a fixed-limit game's bets when they are twice
    the blinds posted, else the blinds of a pot-limit game (a structure written after
    the game is read as written)."""
    stake_sb, stake_bb = h.money(gid["sb"]), h.money(gid["bb"])
    sb, bb = k.limit_blinds(h, stake_sb)
    structure = _STRUCTURES.get((gid["limit"] or "").lower())
    if structure is None:
        limit = h.bb is not None and stake_sb == h.bb and stake_bb == 2 * h.bb != stake_sb
        structure = k.BettingStructure.LIMIT if limit else k.BettingStructure.POT_LIMIT
    if h.bb is None:
        sb, bb = stake_sb, stake_bb
    is_limit = structure is k.BettingStructure.LIMIT
    return k.Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency="USD", small_bet=stake_sb if is_limit else None,
        big_bet=stake_bb if is_limit else None,
    )  # fmt: skip


#: a line that is only a header's start: "Game Hand #", "Hand #" or "Game started at: "
#: cut anywhere (its first character on), or a "Hand #" with its number and nothing after
#: but blanks and a dash (the " - <game>" lost)
_CUT_HEADER = re.compile("|".join((
    k.cut_header("Game Hand #"), k.cut_header("Game started at: "), k.cut_header("Hand #"),
    r"(?:Game )?Hand #\d+[^\S\n]*-?[^\S\n]*$",
)))  # fmt: skip


#: the older format's hand ends with its "Game ended at" line: a line after it that is
#: not blank (a next hand whose "Game started at" header is damaged) starts a text of
#: its own, reported where it stands, instead of being read into the hand before; only
#: another "Game ended at" line stays (an amount there could be the hand's: read in part).
#: The newer format's table line ("Table '12' 6-max Seat #4 is the button") is only ever a
#: header's second line: the line before it starts a hand text (a damaged "Game Hand #"
#: written straight after a hand is reported, never read into it: the fuzz run, seed 7);
#: a cash table's line ("St. Lucie 6-max Seat #4 is the button"), which no start tells,
#: is found by :func:`_split`. WPN never writes a header after other text on a line, and
#: the split does not look for one there: a line holding "Hand #N - " after other text
#: (" ame Hand #N - ...", a "Game Hand" header with its first byte damaged) before a
#: table line starts a text too (``finds_glued=False``). From the header on, both formats,
#: a line that is only a header's start (a header cut short before the next: "Hand
#: #7844000", "Game Ha") ends the hand (:data:`_CUT_HEADER`): no hand's line is one.
_END = k.HandEnd(
    "Game ended at:", re.compile(r"Game ended at:"), breaks=_CUT_HEADER, second=("Table '",),
    header_breaks=True, finds_glued=False,
)  # fmt: skip


def _split(fh: BinaryIO, file: str) -> Iterator[k.HandText]:
    """A file's hand texts: the kernel's split (:data:`HAND_START`, :data:`_END`), each
    text then cut before a damaged header glued in it (:func:`.glued.unglued`)."""
    for ht in k.iter_hands(fh, file, HAND_START, _END):
        yield from unglued(ht, fh)


#: The Winning Poker Network site format (both of its text formats): a file holds one
#: when its first lines are a WPN hand ("Game started at" then "Game ID", or "Hand #N
#: - <game> - <stakes> - <date>"); its hands start at each "Game started at" or
#: "Hand #" line (:func:`_split`). ``_parse`` is looked up when a hand is read (a test
#: plants a bug in it).
FORMAT = replace(k.text_format(
    "winning", "Winning Poker Network",
    "Omaha, 5-card Omaha and their hi/lo 8 or better; pot limit, no limit and fixed limit; "
    "cash and tournaments",
    HAND_START, _read, header=_RECOGNISE, end=_END,
), split=_split)  # fmt: skip

"""GGPoker hand histories (GGPoker, Natural8 and the other GG Network rooms).

The format looks like PokerStars' at first sight, with its own habits:

* Header: ``Poker Hand #OM1410171: PLO-5 ($0.1/$0.25) - 2021/04/13 10:03:48``. The
  hand id carries letters (``OM`` Omaha cash, ``RC`` Rush & Cash, ``TM`` tournament,
  ``HD`` hold'em...) and is kept whole. Games: "PLO", "PLO-5", "PLO-6", "Omaha Pot
  Limit", hi/lo with "Hi/Lo"; tournaments read ``Tournament #25942319, Omaholic Bounty
  $8.40 Omaha (NL postflop) - Level18(1,250/2,500)`` (the game name ends the
  tournament's text; "NL postflop" is pot limit before the flop and no limit after:
  typed ``no_limit``, the looser of the two). Hold'em, Short Deck and other games are
  skipped with a ``skipped_game`` note.
* Time: ``YYYY/MM/DD HH:MM:SS`` and no zone, in every sample seen (cash and
  tournaments, 2020 and 2021 files). GGPoker does not say which zone its clock is in,
  so the grammar assumes none: ``started_at`` is the printed clock, ``time_zone`` and
  ``started_at_utc`` are ``None`` (a user who knows the zone of their own client can
  convert; nothing is converted by a guess).
* Posts: ``posts small blind``, ``posts big blind``, ``posts the ante`` (cash tables
  too), ``posts missed blind`` (dead money: typed as an ante, it does not count toward
  the bet to call; followed by the same player's ``posts big blind``, the two are one
  ``dead_small_and_big`` post, so that the dead chips count to no all-in level), and
  ``straddle $0.5`` with no "posts". A second straddle line of the
  same player ("straddle $15.35 and is all-in", an over-straddle) restates their new
  total, not an increment: the record's post holds the increment.
* Hero's hole cards only (``Dealt to Xjty [..]``, bare ``Dealt to name`` for others);
  other hands are known when shown. A ``shows`` line in the body describes the hand on
  the board so far (players all-in before the river show at once): its description is
  kept only when the board was complete; the summary describes each run's final board.
* Run it twice / three times: ``*** FIRST FLOP ***``, ``*** SECOND TURN *** [..] [..]``,
  ``*** FIRST SHOWDOWN ***`` ... one board per run (a run's street line repeats the
  cards before it, so each run's board is read whole even when the summary's
  ``SECOND Board [3d Td]`` lists only the cards that differ); collects are read per
  run (``Collect.board``). GGPoker pays an uncontested side pot whole in the first run;
  the record splits such a collect line between the runs as the audit shares a pot
  (first run takes the odd unit), on the same line.
* Pots: every collect says "from pot", with no main or side pot. With one pot the
  collects are pot 0; with side pots the grammar rebuilds the pots from the actions and
  puts each collect in the pot its player could win (an uncontested side pot first).
  GGPoker's rake is not taken from the pots in proportion to their size, so when there
  are side pots ``pot_parts`` are what the collects paid from each pot (``net``).
* Summary: ``Total pot $597.08 | Rake $7.5 | Jackpot $5 | Bingo $0 | Fortune $0 | Tax
  $0`` (any of the segments may be missing): Jackpot is ``jackpot``; Bingo, Fortune,
  Tax and any other named segment are ``fees``. ``Cash Drop to Pot : total $0.2`` (a
  splash the room adds to the pot) is ``room_added``; the total pot includes it.
* Money outside the pot: EV Cashout (``Chooses to EV Cashout``; a loser ``Receives
  Cashout ($x)`` from the site: ``CashOut(amount=x)``; a winner ``Pays Cashout Risk
  ($y)`` back to the site: ``CashOut(amount=-y, fee=y)``), and the older all-in
  insurance (``get an all-in insurance (...)``, ``pay premium of all-in insurance
  ($4)``: ``CashOut(amount=-4, fee=4)``). Collects stay as written.
* Shown hands: the summary says what each shown hand made on each run ("showed [..]
  and won ($48.93) with Three Twos, and lost with Three Twos"), in GGPoker's Omaha
  words ("Pair of Kings and Pair of Tens", "Aces-High Straight", "Fives Full over
  Nines"; :mod:`hhtools.grammars.ggpoker.words`): one ``Show`` per run, with the claim
  typed. These words are sometimes an any-five-cards reading, not two plus three (the
  audit reports them as ``declared_misread``); the pots are paid by the Omaha rule.
* Tournaments: amounts are chips; ``Game.buy_in`` holds the tournament's name text
  (which carries the buy-in: "Omaholic Bounty $8.40"). Bounty and finishing lines
  ("X wins $5.25 for eliminating Y", "X wins bounty of $5.25", "Y finished the
  tournament in 3rd place and received $12") are read into
  :class:`~hhtools.model.records.TournamentResult` (money in cents of the buy-in's
  currency); no GGPoker sample seen had them, so these wordings are a best reading.

Money is integer minor units (cents; chips in tournaments).
"""

from __future__ import annotations

import re
from datetime import datetime

from hhtools.grammars import _kit as k
from hhtools.grammars.ggpoker.hand import GGHand, read_lines, whole_hand
from hhtools.grammars.ggpoker.words import GAME_AT_END, game_of


__all__ = ["FORMAT", "HAND_START", "parse_hand"]

SITE = "ggpoker"

#: A hand starts at each header line.
HAND_START = re.compile(r"\ufeff?Poker Hand #[A-Z]{0,4}\d+: ")
_HAND_END = k.HandEnd(
    "*** SUMMARY ***",
    re.compile(r"Seat \d+: |Total pot |(?:FIRST |SECOND |THIRD )?Board \[|Hand was run"),
    re.compile(r"Seat \d+: [^\n]* \([$€£]?\d[\d,.]* in chips[^\n]*\)\r?$", re.MULTILINE),
    " in chips",
)
_RECOGNISE = re.compile(r"^\ufeff?Poker Hand #[A-Z]{0,4}\d+: .* - \d{4}/\d\d/\d\d ", re.MULTILINE)

HEADER = k.rule(
    "header",
    r"\ufeff?Poker Hand #(?P<id>[A-Z]{0,4}\d+): (?P<body>.*) - "
    r"(?P<date>\d{4}/\d\d/\d\d \d\d?:\d\d:\d\d)\s*$",
)
TOURNEY = k.rule(
    "tournament",
    r"Tournament #(?P<tid>\d+),? (?P<rest>.*?)\s*-\s*Level\s*(?P<level>\d+)\s*"
    r"\((?P<sb>[\d,.]+)/(?P<bb>[\d,.]+)(?:\((?P<ante>[\d,.]+)\))?\)$",
)
CASH = k.rule(
    "cash_stakes",
    r"(?P<game>.*?)\s*\((?P<sb>[$€£]?[\d,.]+)/(?P<bb>[$€£]?[\d,.]+)(?: (?P<cur>[A-Z]{3}))?\)$",
)
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
_SIGN = re.compile(r"[$€£]")


def _read_header(st: GGHand, first: str) -> k.Game | str | None:
    """The header: the hand id, time and game (or the reason to skip, or ``None``)."""
    hm = k.rule_match(HEADER, first)
    if hm is None:
        st.problem(st.line, k.ProblemCode.BAD_HEADER, "not a GGPoker hand header", first)
        return None
    st.hand_id = hm["id"]
    d = hm["date"]
    try:
        hh, mm, ss = d[11:].split(":")
        st.started = datetime(int(d[:4]), int(d[5:7]), int(d[8:10]), int(hh), int(mm), int(ss))
    except ValueError:
        st.problem(st.line, k.ProblemCode.BAD_HEADER, "bad date in the header", first)
    body = hm["body"]
    known = _BODIES.get(body)
    if known is not None:  # the same game and stakes read before: what they set, again
        st.unit, st.tournament, st.prize_currency, st.header_ante, st.currency, game = known
        return game
    tm = k.rule_match(TOURNEY, body)
    if tm is not None:
        gm = GAME_AT_END.search(tm["rest"])
        name = gm["game"] if gm else tm["rest"]
        st.unit = k.Unit.CHIPS
        st.tournament = (tm["tid"], tm["rest"][: gm.start()].strip() if gm else "", tm["level"])
        sb_text, bb_text, currency = tm["sb"], tm["bb"], "CHIPS"
        sym = _SIGN.search(tm["rest"])
        st.prize_currency = _SYMBOLS[sym.group()] if sym else ""
        if tm["ante"]:
            st.header_ante = st.money(tm["ante"])
    else:
        cm = k.rule_match(CASH, body)
        if cm is None:
            st.problem(st.line, k.ProblemCode.BAD_HEADER, "no stakes in the header", first)
            return None
        name, sb_text, bb_text = cm["game"], cm["sb"], cm["bb"]
        currency = cm["cur"] or _SYMBOLS.get(sb_text[0], "USD")
    kind = game_of(name)
    if isinstance(kind, str):
        return kind
    if kind is None:
        st.problem(st.line, k.ProblemCode.UNKNOWN_GAME, f"unknown Omaha game {name!r}", first)
        return None
    variant, hi_lo, structure = kind
    st.currency = currency
    sb, bb = st.money(sb_text), st.money(bb_text)
    t = st.tournament
    game = k.Game(
        variant, hi_lo, structure, sb, bb, currency, 8, 0,
        t[0] if t else None, t[1] if t else None, f"Level {t[2]}" if t else None,
    )  # fmt: skip
    if len(_BODIES) >= 1024:
        _BODIES.clear()
    _BODIES[body] = (st.unit, t, st.prize_currency, st.header_ante, currency, game)
    return game


#: a header's game and stakes text ("PLO-5 ($0.1/$0.25)", a tournament's) read into a
#: game, with what it set on the hand (unit, tournament, prize currency, header ante,
#: currency): the hands of a table repeat it (a game is immutable, so it is shared)
_BODIES: dict[str, tuple[k.Unit, tuple[str, str, str] | None, str, int, str, k.Game]] = {}


def _parse(st: GGHand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    """Read one GGPoker hand (see :func:`parse_hand`): header, lines, record."""
    try:
        game = _read_header(st, lines[0])
    except ValueError as exc:  # an amount out of range or unreadable in the header
        out = isinstance(exc, k.AmountOutOfRange)
        code = k.ProblemCode.OUT_OF_RANGE if out else k.ProblemCode.BAD_HEADER
        st.problem(line, code, str(exc), lines[0])
        return k.no_record(st)
    if game is None:
        return k.no_record(st)
    if isinstance(game, str):
        st.problem(line, k.ProblemCode.SKIPPED_GAME, game, lines[0])
        return k.no_record(st, game)
    if not read_lines(st, lines):
        return k.no_record(st)
    rec = whole_hand(st, game)
    hand = k.build_record(
        st, site=SITE, game=rec.game, line=line, text=text, offset=offset,
        started_at=st.started, boards=rec.boards, collects=rec.collects,
        cash_outs=tuple(st.cash_outs), fees=st.fees, pot_parts=rec.pot_parts,
        pot_parts_basis=rec.basis, collect_order=k.CollectOrder.UNORDERED,
        room_added=st.room_added, jackpot=st.jackpot, tournament_results=tuple(st.results),
        pots_named=rec.pots_named,
    )  # fmt: skip
    return k.ParsedHand(hand, tuple(st.problems), None, st.hand_id)


#: The GGPoker format. Its parse (``parse_hand``) reads one hand text: the record (or
#: ``None`` when the hand's essential parts are unreadable, out of range, impossible,
#: or the game is not Omaha-family: then one ``skipped_game`` note) and the problems
#: met. Never raises for bad input: an
#: unexpected error is an ``internal_error`` problem (the kernel's guard, which looks
#: ``_parse`` up on each call).
FORMAT = k.text_format(
    SITE, "GGPoker",
    "Omaha, 5-Card and 6-Card Omaha (PLO, PLO-5, PLO-6), hi and hi/lo, cash and "
    "tournaments (run it twice/three times, straddles, EV cashout, all-in insurance)",
    HAND_START, lambda h, lines, line, text, offset: _parse(h, lines, line, text, offset),
    header=_RECOGNISE, hand=GGHand, end=_HAND_END,
    habits=k.Habits(shows_in_order=True),  # the corpus: shows in the order played
)  # fmt: skip
parse_hand = FORMAT.parse

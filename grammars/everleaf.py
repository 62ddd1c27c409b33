"""Everleaf Gaming text hand histories of the Omaha family.

The format, as the site writes it::

    Everleaf Gaming Game #148735443
    ***** Hand history for game #148735443 *****
    $0.50/$1 Omaha Hi/Lo - 2010/03/01 - 11:00:02      (fixed limit: small/big bet)
    Blinds $0.50/$1 PL Omaha - 2008/12/07 - 21:59:48  (PL/NL: the blinds)
    Table Kentfield I
    Seat 6 is the button
    Total number of players: 2
    Seat 6: Brxodsj (  $ 25 USD )
    Brxodsj: posts small blind [$ 0.25 USD]
    ** Dealing down cards **
    Dealt to Xjty [ 9c, 4h, Td, Jc ]
    Brxodsj calls [$ 0.25 USD]
    Xjty raises [$ 0.75 USD]                          (the chips added)
    Brxodsj: bets [$ 0.50 USD]
    ** Dealing Flop ** [ 2s, Ad, 8d ]
    Xjty shows [ 9s, Jc, 6c, 9c ] a full house, nines full of fives
    Brxodsj does not show cards
    Xjty wins  high ($ 3.33 USD) from main pot with a flush, queen high [ Qh, 8h, 7h, 6h, 4h ]
    Xjty wins  low ($3.32) from main pot with 8, 7, 4, 3, A [ As, 8h, 7c, 4h, 3c ]
    Brxodsj wins $ 0.95 USD from main pot

Quirks read here:

* There is no summary: no total pot, no rake, no uncalled-bet line. A hand ends
  with its "wins" lines (a hand without one was cut short). The uncalled excess of
  the last bet goes back silently (what is won is the pot after it): the record
  returns it (``Returned`` with ``inferred``). The rake is what went in less what was
  paid (5% of pots that saw a flop in the corpus; none preflop): ``inferred`` names
  both ("returned", "rake"). ``total_pot`` stays ``None`` (the site printed none).
* A call, a bet and a raise are the chips the player adds ("raises [$ 0.75 USD]"
  from the small blind is a raise to $1).
* A hi/lo pot is paid on "wins high (...)" lines, then "wins low (...)" lines, even
  a pot won uncontested ("wins high ($ 0.48 USD)" and "wins low ($0.47)" to the only
  player left). Collects are typed without their half and the format declares
  ``HIGH_THEN_LOW`` order: the audit tells the halves apart when the rules split the
  pot, and compares a player's whole amount when they do not. "wins $ 0.95 USD" (no
  half) is the same thing.
* Fixed-limit headers name the small and big bet ("$0.50/$1 Omaha Hi/Lo"); the blinds
  are the posts (a quarter and a half of the big bet at these stakes). Pot- and
  no-limit headers ("Blinds $0.50/$1 PL Omaha") name the blinds.
* Shown hands are described in the site's words ("two pairs, queens and nines", "a
  straight, eight high", "high card ace") and lows as "8, 7, 4, 3, A"; they are
  typed here (:func:`read_high`).
* Only the hero's cards are dealt face up ("Dealt to"); a player who "does not show
  cards" has unknown cards.
* Times have no zone (none is printed): ``time_zone`` and ``started_at_utc`` are
  ``None``. Amounts are "$ 0.25 USD" or "€ 0.25 EUR" (cents); a header with no
  currency sign is a tournament (chips).
* Hold'em and stud hands are skipped (``skipped_game``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from typing import BinaryIO

from hhtools.grammars._betting import _State, impossible, read_body, second_line
from hhtools.grammars._english import RANK_WORDS, read_low
from hhtools.grammars._inferred import collected, excess_returned, in_pot
from hhtools.grammars._lines import _cards
from hhtools.grammars._text import iter_hands
from hhtools.grammars.base import ParsedHand, SiteFormat, internal_error
from hhtools.model.money import Unit
from hhtools.model.records import (
    BettingStructure,
    ClaimedHigh,
    Collect,
    Game,
    HandHistory,
    HandText,
    PostKind,
    Returned,
    Seat,
    Show,
    Street,
    Variant,
)
from hhtools.model.vocab import CollectOrder, HandCategory, OddChips, ProblemCode

__all__ = ["FORMAT", "HAND_START", "parse_hand", "read_high"]

SITE = "everleaf"
#: "Everleaf Gaming Game #N", or a skin of the network: "Concord Gaming" writes
#: "Everleaf Gaming - Concord Gaming - Game #N", Grand Poker "- - Grand Poker - Game #N"
HAND_START = re.compile(r"\ufeff?(?:Everleaf Gaming|[^\n#]* - [^\n#]* -) Game #\d")
_ANY_START = re.compile(
    r"^\s*\ufeff?(?:Everleaf Gaming|[^\n#]* - [^\n#]* -) Game #\d+\s*\n"
    r"\*{5} Hand history for game #\d+ \*{5}", re.MULTILINE)

FIRST = re.compile(r"\ufeff?(?:Everleaf Gaming|[^\n#]* - [^\n#]* -) Game #(?P<id>\d+)\s*$")
GAME_LINE = re.compile(
    r"(?:Blinds )?\s*(?P<cur>[$€]?)\s?(?P<sb>[\d.,]+) ?/ ?[$€]?\s?(?P<bb>[\d.,]+) "
    r"(?:(?P<limit>NL|PL) )?(?P<game>.+?)(?: - (?P<max>\d+) Max)?"
    r" - (?P<date>\d{4}/\d\d/\d\d - \d\d?:\d\d:\d\d)\s*$"
)
SEAT = re.compile(
    r"Seat (?P<seat>\d+): (?P<name>.+?) \(\s*(?:[$€]\s?(?P<stack>[\d.,]+)"
    r"(?: (?:USD|EURO?|Chips|GEL))?|(?P<chips>[\d.,]+)(?: Chips)?"
    r"|(?P<new>new player|All-in))\s*\)\s*$"
)
_AMT = r"[$€]?\s?(?P<a>[\d.,]+)(?: (?:USD|EURO?|Chips|GEL))?"
STREET = re.compile(r"\*\* Dealing (?P<street>Flop|Turn|River) \*\* \[(?P<cards>[^\]]*)\]\s*$")
#: what follows a player's name, by kind
RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        ("sb", r": posts small blind \[\s?" + _AMT + r"\s?\]"),
        ("bb", r": posts big blind \[\s?" + _AMT + r"\s?\]"),
        ("both", r": posts both blinds \[\s?" + _AMT + r"\s?\]"),
        ("ante", r": posts ante \[\s?" + _AMT + r"\s?\]"),
        ("bet", r": bets \[\s?" + _AMT + r"\s?\]"),
        ("call", r" calls \[\s?" + _AMT + r"\s?\]"),
        ("raise", r" raises \[\s?" + _AMT + r"\s?\]"),
        ("check", r" checks"),
        ("fold", r" folds"),
        ("show", r" (?P<how>shows|mucks) \[(?P<cards>[^\]]*)\]\s*(?P<desc>.*?)"),
        ("noshow", r" does not show cards"),
        (
            "win",
            r" wins\s+(?:(?P<half>high|low) )?\(?\s?" + _AMT + r"\s?\)? from "
            r"(?P<pot>main pot|side pot(?: ?#?-?(?P<n>\d+))?)"
            r"(?: with (?P<desc>.*?))?(?: \[(?P<cards>[^\]]*)\])?(?: with kicker \[[^\]]*\])?",
        ),
        ("event", r"(?: sits out| is sitting out| has (?:joined|left) the table"
                  r"| has disconnected.*| has been disconnected| has timed out| is back"
                  r"| has returned)"),
    )
)
#: the rules by the first word after the player's name (others: every rule, in order)
_BY_WORD: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {}
for _kind, _rule in RULES:
    for _word in {"sb": ("posts",), "bb": ("posts",), "both": ("posts",), "ante": ("posts",),
                  "bet": ("bets",), "call": ("calls",), "raise": ("raises",),
                  "check": ("checks",), "fold": ("folds",), "show": ("shows", "mucks"),
                  "noshow": ("does",), "win": ("wins",)}.get(_kind, ()):  # fmt: skip
        _BY_WORD[_word] = (*_BY_WORD.get(_word, ()), (_kind, _rule))
_STRUCTURES = {"NL": BettingStructure.NO_LIMIT, "PL": BettingStructure.POT_LIMIT,
               None: BettingStructure.LIMIT}  # fmt: skip
_GAMES = {"omaha": (Variant.OMAHA, False), "omaha hi/lo": (Variant.OMAHA, True),
          "omaha hi-lo": (Variant.OMAHA, True), "omaha h/l": (Variant.OMAHA, True)}  # fmt: skip
_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_HIGH_WORDS: tuple[tuple[HandCategory, re.Pattern[str]], ...] = (
    (HandCategory.STRAIGHT_FLUSH, re.compile(r"an? royal flush")),
    (HandCategory.STRAIGHT_FLUSH, re.compile(r"a straight flush, (\w+) high")),
    (HandCategory.FOUR_OF_A_KIND, re.compile(r"four of a kind, (\w+)")),
    (HandCategory.FULL_HOUSE, re.compile(r"a full house, (\w+) full of (\w+)")),
    (HandCategory.FLUSH, re.compile(r"a flush, (\w+) high")),
    (HandCategory.STRAIGHT, re.compile(r"a straight, (\w+) high")),
    (HandCategory.THREE_OF_A_KIND, re.compile(r"three of a kind, (\w+)")),
    (HandCategory.TWO_PAIR, re.compile(r"two pairs?, (\w+) and (\w+)")),
    (HandCategory.ONE_PAIR, re.compile(r"a pair of (\w+)")),
    (HandCategory.HIGH_CARD, re.compile(r"high card,? (\w+)")),
)


def read_high(text: str | None) -> ClaimedHigh | None:
    """Type Everleaf's words for a high hand; ``None`` for words it does not know.

    >>> read_high("two pairs, queens and nines")
    ClaimedHigh(category=<HandCategory.TWO_PAIR: 'two pair'>, ranks=(12, 9))
    >>> read_high("a straight, eight high").ranks
    (8,)
    >>> read_high("high card ace").ranks
    (14,)
    """
    if not text:
        return None
    words = text.strip().lower()
    for category, pattern in _HIGH_WORDS:
        m = pattern.fullmatch(words)
        if m is None:
            continue
        if not m.groups():
            return ClaimedHigh(category, (14,))
        try:
            return ClaimedHigh(category, tuple(RANK_WORDS[g] for g in m.groups()))
        except KeyError:
            return None
    return None


def recognise(head: str) -> bool:
    """``True`` for a file whose first lines hold an Everleaf hand header.

    >>> recognise("Everleaf Gaming Game #148735443\\n***** Hand history for game #148735443 *****")
    True
    >>> recognise("Everleaf Gaming - Concord Gaming - Game #4\\n***** Hand history for game #4 *****")
    True
    >>> recognise("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)")
    False
    """
    return _ANY_START.search(head) is not None


def split(fh: BinaryIO, file: str) -> Iterator[HandText]:
    """The hands of a file, one per "Everleaf Gaming Game #" line (text before the
    first is its own)."""
    return iter_hands(fh, file, HAND_START)


class _Hand(_State):
    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.seats: list[Seat] = []
        self.by_length: list[str] = []
        self.hero: str | None = None
        self.button: int | None = None
        self.table = ""
        self.hole: dict[str, tuple[str, ...]] = {}
        self.shows: list[Show] = []
        self.collects: list[Collect] = []
        self.board: list[str] = []
        self.dealt = False  # "** Dealing down cards **" seen


def parse_hand(text: str, file: str = "", line: int = 1, offset: int = 0) -> ParsedHand:
    """Read one hand's text (``\\n`` line ends) into a record and problems.

    Amounts are minor units (cents; chips in tournaments). Never raises: an
    unexpected error becomes an ``internal_error`` problem.
    """
    h = _Hand(file, line)
    try:
        return _parse(h, text, line, offset)
    except Exception as exc:
        return internal_error(file, line, h.hand_id, exc, h.problems)


def _parse(h: _Hand, text: str, line: int, offset: int) -> ParsedHand:
    lines = text.split("\n")
    first = FIRST.match(lines[0])
    if first is None:
        h.problem(line, ProblemCode.BAD_HEADER, f"not a hand header: {lines[0][:80]}", lines[0])
        return ParsedHand(None, tuple(h.problems))
    h.hand_id = first["id"]
    at = next((i for i, ln in enumerate(lines[1:4], 1) if GAME_LINE.match(ln)), None)
    if at is None:
        h.problem(line, ProblemCode.BAD_HEADER, "no game line (stakes, game, date)", lines[0])
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    gm = GAME_LINE.match(lines[at])
    assert gm is not None
    raw = " ".join(gm["game"].split()).lower()
    game = _GAMES.get(raw)
    if game is None:
        if "omaha" in raw:
            h.problem(line + at, ProblemCode.UNKNOWN_GAME,
                      f"unknown game: {gm['game'][:60]}", lines[at])  # fmt: skip
            return ParsedHand(None, tuple(h.problems), None, h.hand_id)
        note = f"not an Omaha game: {gm['game'][:60]}"
        h.problem(line + at, ProblemCode.SKIPPED_GAME, note, lines[at])
        return ParsedHand(None, tuple(h.problems), note, h.hand_id)
    tourney = not gm["cur"]
    h.unit = Unit.CHIPS if tourney else Unit.CENTS
    structure = _STRUCTURES[gm["limit"]]
    numbered = [(i, ln) for i, ln in enumerate(lines) if i not in (0, at)]
    if not read_body(h, numbered, line, lambda ln, lno: _line(h, ln, lno)):
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    last = line + len(lines) - 1
    if not h.seats:
        h.problem(line, ProblemCode.NO_SEATS, "hand has no seat lines", lines[0])
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    if not h.collects:
        h.problem(last, ProblemCode.TRUNCATED_HAND,
                  "hand has no 'wins' line (cut short?)", lines[-1])  # fmt: skip
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    twice = impossible(h.hole, [tuple(h.board)])
    if twice is not None:
        where = second_line(lines, twice, line)
        h.problem(where, ProblemCode.IMPOSSIBLE_CARDS,
                  f"card {twice} seen twice", lines[where - line])  # fmt: skip
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    return ParsedHand(_record(h, gm, game, structure, tourney, text, line, offset),
                      tuple(h.problems), None, h.hand_id)  # fmt: skip


def _record(
    h: _Hand, gm: re.Match[str], game: tuple[Variant, bool], structure: BettingStructure,
    tourney: bool, text: str, line: int, offset: int,
) -> HandHistory:  # fmt: skip
    inferred: list[str] = []
    limit = structure is BettingStructure.LIMIT
    stake_sb, stake_bb = h.money(gm["sb"]), h.money(gm["bb"])
    if limit:
        small_bet, big_bet = stake_sb, stake_bb
        if h.bb is None:
            inferred.append("blinds")
        bb = h.bb if h.bb is not None else small_bet
        sb = h.sb if h.sb is not None else bb // 2
    else:
        small_bet = big_bet = None
        sb, bb = stake_sb, stake_bb
    g = Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency="CHIPS" if tourney else ("EUR" if gm["cur"] == "€" else "USD"),
        qualifier=8, tournament_id="" if tourney else None,
        small_bet=small_bet, big_bet=big_bet,
    )  # fmt: skip
    returned: tuple[Returned, ...] = ()
    back = excess_returned(h.put, (), h.actions)
    if back is not None:
        returned = (back,)
        inferred.append("returned")
    rake = max(in_pot(h.put, returned) - collected(h.collects), 0)
    inferred.append("rake")
    return HandHistory(
        site=SITE,
        hand_id=h.hand_id or "",
        table=h.table,
        started_at=_date(gm["date"]),
        time_zone=None,
        started_at_utc=None,
        game=g,
        button=h.button,
        max_seats=int(gm["max"]) if gm["max"] else None,
        seats=tuple(h.seats),
        actions=tuple(h.actions),
        boards=(tuple(h.board),) if h.board else (),
        hero=h.hero,
        hole_cards=dict(h.hole),
        shows=tuple(h.shows),
        collects=tuple(h.collects),
        returned=returned,
        total_pot=None,
        rake=rake,
        file=h.file,
        line=line,
        offset=offset,
        text=text,
        site_format=SITE,
        collect_order=CollectOrder.HIGH_THEN_LOW,
        odd_chips=OddChips.CLOCKWISE,
        inferred=tuple(inferred),
    )


def _date(text: str) -> datetime:
    """ "2010/03/01 - 11:00:02" -> a naive datetime (the site's clock)."""
    day, _, clock = text.partition(" - ")
    y, mo, d = day.split("/")
    hh, mi, ss = clock.split(":")
    return datetime(int(y), int(mo), int(d), int(hh), int(mi), int(ss))


def _line(h: _Hand, ln: str, lno: int) -> bool:
    """Read one line into the hand; ``False`` when no rule reads it."""
    ln = ln.rstrip()
    if ln.startswith("Seat "):
        return _seat(h, ln, lno)
    if ln.startswith("**"):
        if ln.startswith("** Dealing down cards **") or ln.startswith("***** Hand history"):
            h.dealt = True
            return True
        m = STREET.match(ln)
        if m is None:
            return False
        h.new_street(_STREETS[m["street"]])
        h.board.extend(_cards(m["cards"].replace(",", " ")))
        return True
    if ln.startswith("Table "):
        h.table = ln[6:].strip()
        return True
    if ln.startswith("Total number of players"):
        return True
    if ln.startswith("Dealt to "):
        rest = ln[9:]
        name = next((n for n in h.by_length if rest.startswith(n + " [")), None)
        if name is None:
            h.problem(lno, ProblemCode.UNKNOWN_PLAYER, f"not seated: {rest[:40]}", ln)
            return True
        h.hero = name
        h.hole[name] = _cards(rest[len(name) + 2 :].rstrip(" ]").replace(",", " "))
        return True
    name = next(
        (n for n in h.by_length if ln.startswith(n) and ln[len(n) : len(n) + 1] in (":", " ")), None
    )
    if name is None:
        return False
    rest = ln[len(name) :]
    word = rest[1:].lstrip(" ").partition(" ")[0]
    for kind, rule in _BY_WORD.get(word, RULES):
        m = rule.fullmatch(rest)
        if m is not None:
            _player(h, name, kind, m, lno)
            return True
    return False


def _seat(h: _Hand, ln: str, lno: int) -> bool:
    m = re.fullmatch(r"Seat (\d+) is the button", ln)
    if m is not None:
        h.button = h.seat_number(m[1])
        return True
    m = SEAT.fullmatch(ln)
    if m is None:
        return False
    name = m["name"].strip()
    stack = h.money(m["stack"] or m["chips"]) if not m["new"] else 0
    seat = h.seat_number(m["seat"])
    h.seats.append(Seat(seat, name, stack, sitting_out=bool(m["new"]), line=lno))
    h.stacks[name] = stack
    h.by_length = sorted((s.player for s in h.seats), key=len, reverse=True)
    return True


def _player(h: _Hand, p: str, kind: str, m: re.Match[str], lno: int) -> None:
    if kind == "sb":
        h.post(p, PostKind.SMALL_BLIND, h.money(m["a"]), lno)
    elif kind == "bb":
        h.post(p, PostKind.BIG_BLIND, h.money(m["a"]), lno)
    elif kind == "both":
        h.post(p, PostKind.DEAD_SMALL_AND_BIG, h.money(m["a"]), lno)
    elif kind == "ante":
        h.post(p, PostKind.ANTE, h.money(m["a"]), lno)
    elif kind == "bet":
        h.bet(p, h.money(m["a"]), lno)
    elif kind == "call":
        h.call(p, h.money(m["a"]), lno)
    elif kind == "raise":  # the chips added
        h.raise_to(p, h.bets.get(p, 0) + h.money(m["a"]), lno)
    elif kind == "check":
        h.check(p, lno)
    elif kind == "fold":
        h.fold(p, lno)
    elif kind == "show":
        cards = _cards(m["cards"].replace(",", " "))
        desc = m["desc"] or None
        mucked = m["how"] == "mucks"
        h.hole[p] = cards
        h.shows.append(Show(p, cards, desc, mucked=mucked, line=lno,
                            claimed_high=None if mucked else read_high(desc)))  # fmt: skip
    elif kind == "win":
        pot = 0 if m["pot"] == "main pot" else int(m["n"] or 1)
        h.collects.append(Collect(p, h.money(m["a"]), pot, 0, lno))
        if m["half"] == "low" and m["desc"]:
            _claim_low(h, p, m["desc"])


def _claim_low(h: _Hand, p: str, desc: str) -> None:
    """The low a "wins low ... with 8, 7, 4, 3, A" line names, onto the player's show."""
    low = read_low(desc)
    for i in range(len(h.shows) - 1, -1, -1):
        s = h.shows[i]
        if s.player == p and not s.mucked:
            h.shows[i] = Show(s.player, s.cards, s.description, desc, s.mucked, s.board,
                              s.line, s.claimed_high, low)  # fmt: skip
            return


def _parse_text(ht: HandText) -> ParsedHand:
    """:data:`FORMAT`'s parse."""
    return parse_hand(ht.text, ht.file, ht.line, ht.offset)


#: The Everleaf Gaming site format.
FORMAT = SiteFormat(
    key=SITE,
    name="Everleaf Gaming",
    games="Omaha and Omaha hi/lo 8 or better; fixed limit, pot limit and no limit; cash",
    recognise=recognise,
    split=split,
    parse=_parse_text,
    rooms=(SITE,),
)

"""Reading one iPoker ``<game>`` element into a :class:`HandHistory` (see
:mod:`hhtools.grammars.ipoker` for the format and its quirks).

The game text is read by the stdlib's expat parser (which also checks that it is
well-formed XML), keeping the elements used here with their line, for problems and
findings; the session's ``<general>`` tags are read with small regular expressions. Money is integer minor units: cents for real money, chips for play money.
"""

from __future__ import annotations

import html
import re
from datetime import datetime
from typing import Any
from xml.parsers import expat

from hhtools.grammars import _kit as k
from hhtools.model.frozen import maker

__all__ = ["build_hand", "card", "money", "parse_date"]

_TAG = {
    name: re.compile(rf"<{name}>([^<]*)</{name}>")
    for name in ("gametype", "tablename", "tablecurrency", "currency", "nickname",
                 "uncalled_bet_enabled", "startdate", "mode", "tournamentcode", "totalbuyin",
                 "buyin")
}  # fmt: skip
#: "Omaha PL €0.50/€1"; a tournament's names no stakes ("Omaha PL": the blinds are posted);
#: 2011-2013 clients name the structure in words and may add the ante ("Omaha Pot limit
#: $100.00/$200.00 Ante $0.00": the antes are read from their posts)
_GAMETYPE = re.compile(
    r"^\s*(?P<name>.*?)\s*\b(?P<limit>NL|PL|FL|SL|[Pp]ot [Ll]imit|[Nn]o [Ll]imit|[Ff]ixed [Ll]imit"
    r"|[Ll]imit)(?:\s+(?P<sb>[^/\s]+)\s*/\s*(?P<bb>\S+))?(?:\s+Ante\s+\S+)?\s*$"
)
#: the Omaha games' names: "Omaha", "5 Card Omaha", "Omaha Hi-Lo", "Omaha HiLow" (a 2023
#: client's), "PLO8"...
_OMAHA = re.compile(
    r"^(?:(?P<n>[456]|five|six)[- ]?cards? )?(?:plo|omaha)"
    r"(?P<hl> ?(?:hi-?low?|hi/lo|h/l|8)(?: 8)?)?$"
)
_OTHER = re.compile(r"hold'?em|stud|razz|draw|badugi|courchevel|triple|short", re.IGNORECASE)
_SUITS = {"S": "s", "H": "h", "D": "d", "C": "c"}
_RANKS = {"10": "T", "T": "T", "J": "J", "Q": "Q", "K": "K", "A": "A"} | {
    str(n): str(n) for n in range(2, 10)
}
_STREETS = {0: k.Street.PREFLOP, 1: k.Street.PREFLOP, 2: k.Street.FLOP, 3: k.Street.TURN,
            4: k.Street.RIVER}  # fmt: skip
_LIMITS = k.STRUCTURE_CODES
#: the posts by action type (1, 2, 15: the small blind, the big blind, an ante)
_POSTS = {"1": k.PostKind.SMALL_BLIND, "2": k.PostKind.BIG_BLIND, "15": k.PostKind.ANTE}
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_MAX = k.MAX_AMOUNT
_NOT_MONEY = re.compile(r"[^\d.,]")
_MONEY: dict[tuple[str, k.Unit], int] = {}


class _Bad(ValueError):
    """A value of the game that cannot be read: (code, message, line)."""

    def __init__(self, code: k.ProblemCode, message: str, line: int) -> None:
        super().__init__(message)
        self.code, self.line = code, line


def money(text: str | None, unit: k.Unit, line: int = 0) -> int:
    """An iPoker amount ("€1,214.15", "â‚¬946,60", "$0.02") in minor units.

    Any currency sign, in whatever encoding, is dropped; the decimal may be a comma.

    >>> money("\\u20ac946,60", k.Unit.CENTS)
    94660
    >>> money("\\u00e2\\u201a\\u00ac1,214.15", k.Unit.CENTS)
    121415
    """
    if not text:
        return 0
    hit = _MONEY.get((text, unit))
    if hit is not None:
        return hit
    raw = _NOT_MONEY.sub("", text)
    if not raw:
        return 0
    try:
        value = k.parse_money(raw, unit)
    except k.AmountOutOfRange:
        raise _Bad(k.ProblemCode.OUT_OF_RANGE, f"amount out of range: {text!r}", line) from None
    except ValueError:
        raise _Bad(k.ProblemCode.BAD_AMOUNT, f"not an amount: {text!r}", line) from None
    if value >= _MAX:
        raise _Bad(k.ProblemCode.OUT_OF_RANGE, f"amount out of range: {text!r}", line)
    if len(_MONEY) > 65536:
        _MONEY.clear()
    _MONEY[(text, unit)] = value
    return value


_CARD_OF: dict[str, str | None] = {"X": None, "x": None} | {
    su + ra: _RANKS[ra] + _SUITS[su] for su in _SUITS for ra in _RANKS if ra != "T"
}


def card(text: str) -> str | None:
    """An iPoker card ("S10", "DQ", "HA") as the record writes it ("Ts"); ``None`` for
    "X" (not shown; "x" in 2011-2013 files). Raises :class:`ValueError` for anything else.

    >>> card("S10"), card("HA"), card("X")
    ('Ts', 'Ah', None)
    """
    if text in _CARD_OF:
        return _CARD_OF[text]
    suit, rank = _SUITS.get(text[:1].upper()), _RANKS.get(text[1:].upper())
    if suit is None or rank is None:
        raise ValueError(text)
    return rank + suit


def parse_date(text: str) -> datetime | None:
    """An iPoker start date: "2019-05-26 20:10:42" or "18.05.2021 18:26:13" (naive)."""
    text = text.strip()
    if len(text) == 19:
        try:
            if text[4] == "-":
                return datetime.fromisoformat(text)
            if text[2] == "." and text[5] == ".":
                return datetime(int(text[6:10]), int(text[3:5]), int(text[:2]),
                                int(text[11:13]), int(text[14:16]), int(text[17:19]))  # fmt: skip
        except ValueError:
            pass
    for fmt in ("%Y-%m-%d %H:%M:%S", "%d.%m.%Y %H:%M:%S", "%Y-%m-%d %H:%M", "%d/%m/%Y %H:%M:%S"):
        try:
            return datetime.strptime(text.strip(), fmt)
        except ValueError:
            continue
    return None


_TAGS: dict[tuple[str, str], str | None] = {}


def _tag(name: str, text: str) -> str | None:
    key = (name, text)
    if key in _TAGS:
        return _TAGS[key]
    if len(_TAGS) > 4096:
        _TAGS.clear()
    _TAGS[key] = value = _tag_read(name, text)
    return value


def _tag_read(name: str, text: str) -> str | None:
    m = _TAG[name].search(text)
    return html.unescape(m.group(1)).strip() if m else None


class _Act:
    __slots__ = ("kind", "line", "no", "player", "rnd", "sum")

    def __init__(self, rnd: int, no: int, player: str, kind: str, amount: int, line: int) -> None:
        self.rnd, self.no, self.player, self.kind, self.sum, self.line = (
            rnd,
            no,
            player,
            kind,
            amount,
            line,
        )


_WANTED = frozenset({"action", "cards", "round", "player", "startdate"})
#: the elements of a game that only hold others; any other element of a game is not
#: read, an ``unrecognised_line`` (it could hold chips)
_HOLDERS = frozenset({"game", "general", "players"})
#: the elements of a game that carry no chip, not read: the server that dealt it (2011-2013
#: files: "<servername>poker3.ipoker.com</servername>")
_NO_CHIPS = frozenset({"servername"})


def _elements(game: str) -> list[list[Any]]:
    """The elements of a game this reader uses, in order, read by expat (which also
    checks the text is well-formed XML and raises ``xml.parsers.expat.ExpatError``
    when it is not): ``[tag, attributes, line in the game (1-based), text]``; an
    element neither read nor a holder of others is ``["?", attributes, line, its name]``."""
    out: list[list[Any]] = []
    parser = expat.ParserCreate()
    parser.buffer_text = True
    texts: list[str] | None = None

    def start(name: str, attrs: dict[str, str]) -> None:
        nonlocal texts
        if name not in _WANTED:
            if name not in _HOLDERS and name not in _NO_CHIPS:
                out.append(["?", attrs, parser.CurrentLineNumber, name])
            return
        out.append([name, attrs, parser.CurrentLineNumber, ""])
        if name == "cards" or name == "startdate":
            texts = []
            parser.CharacterDataHandler = chars
            parser.EndElementHandler = end

    def end(name: str) -> None:
        nonlocal texts
        if texts is not None and (name == "cards" or name == "startdate"):
            out[-1][3] = "".join(texts)
            texts = None
            parser.CharacterDataHandler = None
            parser.EndElementHandler = None

    def chars(data: str) -> None:
        if texts is not None:
            texts.append(data)

    parser.StartElementHandler = start
    parser.Parse(k.xml_text(game), True)
    return out


def _bet_actions(
    acts: list[_Act], stacks: dict[str, int], raise_to: bool, dealt: frozenset[str] = frozenset()
) -> tuple[list[k.Action], dict[str, int], list[tuple[int, str]]]:
    """The records of the betting actions, each player's total put in, and the lines
    of action types not known. ``raise_to``: type 23's sum is the street total;
    ``dealt``: the players dealt cards (a type 8 or 9 of one still in the hand is a
    fold: the player sat out of a hand dealt to them)."""
    out: list[k.Action] = []
    total: dict[str, int] = {}
    unknown: list[tuple[int, str]] = []
    street_of = None
    on: dict[str, int] = {}
    level = 0
    bb: int | None = None  # the first big blind posted, not all-in short
    for a in acts:
        street = _STREETS.get(a.rnd, k.Street.RIVER)
        if street is not street_of:
            street_of = street
            if street is not k.Street.PREFLOP:
                on, level = {}, 0
        p, act_type, s = a.player, a.kind, a.sum
        have = on.get(p, 0)
        kind, post, to, amount = None, None, None, s
        if act_type == "0":
            kind, amount = k.ActionKind.FOLD, 0
        elif act_type == "4":
            kind, amount = k.ActionKind.CHECK, 0
        elif act_type in ("1", "2", "15"):
            kind = k.ActionKind.POST
            post = _POSTS[act_type]
            if act_type == "2" and bb is not None and s > bb:  # a returning player's both blinds
                post = k.PostKind.DEAD_SMALL_AND_BIG
            elif act_type == "2" and bb is None and not (p in stacks and s >= stacks[p] > 0):
                bb = s  # (a blind of the poster's whole stack may be short of the stake)
        elif act_type == "3":
            kind = k.ActionKind.CALL
        elif act_type == "5":
            kind = k.ActionKind.BET if level == 0 else k.ActionKind.RAISE
        elif act_type in ("23", "6"):
            kind = k.ActionKind.RAISE if level else k.ActionKind.BET
            if act_type == "23" and raise_to:
                amount = s - have
        elif act_type == "7":
            new = have + s
            kind = (
                k.ActionKind.CALL if new <= level
                else (k.ActionKind.RAISE if level else k.ActionKind.BET)
            )
        elif act_type in ("8", "9") and s == 0:  # sitting out, waiting: no chips move
            if p not in dealt or any(x.player == p and x.kind is k.ActionKind.FOLD for x in out):
                continue
            kind, amount = k.ActionKind.FOLD, 0
        else:
            unknown.append((a.line, act_type))
            continue
        if kind is k.ActionKind.RAISE:
            to = have + amount
        if kind not in (k.ActionKind.FOLD, k.ActionKind.CHECK):
            if post is k.PostKind.DEAD_SMALL_AND_BIG:  # the big blind live, the rest dead
                on[p] = have + (bb or 0)
                if on[p] > level:
                    level = on[p]
            elif post is not k.PostKind.ANTE:
                on[p] = have + amount
                if on[p] > level:
                    level = on[p]
            total[p] = total.get(p, 0) + amount
        all_in = act_type == "7" or (
            amount > 0 and p in stacks and total.get(p, 0) >= stacks[p] > 0
        )
        out.append(_ACTION(street, p, kind, amount, to, all_in, post, a.line))
    return out, total, unknown


#: an :class:`~hhtools.model.records.Action` built from its fields by position
_ACTION = maker(k.Action)


class _Game(k.XmlHand):
    """An iPoker game being read: the kernel's hand and what the game's elements
    give before the betting is typed (the actions in the site's order, the pockets,
    each player's ``win`` and ``bet``)."""

    def __init__(self, ht: k.HandText, hand_id: str | None) -> None:
        super().__init__(ht, "ipoker", hand_id)
        self.acts: list[_Act] = []
        self.pocket: dict[str, tuple[tuple[str, ...], int, int]] = {}  # cards, count dealt, line
        self.wins: dict[str, int] = {}
        self.paid_in: dict[str, int] = {}  # each player's ``bet`` total
        self.player_line: dict[str, int] = {}
        self.rnd = 0
        self.started: datetime | None = None
        self.put_in: dict[str, int] = {}  # what the typed actions put in, per player
        self.live: list[str] = []  # players in to the end who put chips in (:func:`_live`)

    def done(
        self, code: k.ProblemCode, message: str, line: int = 0, skipped: str | None = None
    ) -> k.ParsedHand:
        """The game gives no record: a problem on ``line`` (the game's first when 0)."""
        self.problem(line or self.ht.line, code, message)
        return k.no_record(self, skipped)


def build_hand(ht: k.HandText, hand_id: str, game: str, session: str) -> k.ParsedHand:
    """The record of one well-formed ``<game>`` element.

    Args:
        ht: the hand text (for file, line and offset).
        hand_id: the game's ``gamecode``.
        game: the ``<game>`` element's text.
        session: the session's opening tag and ``<general>`` element.

    Returns:
        The record with its problems, a ``skipped_game`` note, or a problem alone (an
        amount or a seat not read stops the game: ``bad_amount``, ``out_of_range``,
        ``bad_table``).

    Raises:
        xml.parsers.expat.ExpatError: the game is not well-formed XML.
    """
    h = _Game(ht, hand_id)
    try:
        return _build(h, game, session)
    except _Bad as bad:
        return h.done(bad.code, str(bad), bad.line)


def _build(h: _Game, game: str, session: str) -> k.ParsedHand:
    """The steps of a game: the session's game type, the elements, the variant, the
    betting, the cards, the money, the record."""
    gametype = _tag("gametype", session) or ""
    g = _GAMETYPE.match(gametype)
    tid = _tag("tournamentcode", session) or None
    if g is None or (g.group("sb") is None and tid is None):  # a cash game names its stakes
        return h.done(k.ProblemCode.UNKNOWN_GAME, f"game not read: {gametype!r}")
    currency = _currency(h, session, gametype, tid)
    first = h.ht.line - 1  # an element's line in the game is 1-based
    for tag, a, n, body in _elements(game):
        _READ[tag](h, a, first + n, body)
    if h.started is None:
        h.started = parse_date(_tag("startdate", session) or "")
    if not h.seats:
        return h.done(k.ProblemCode.NO_SEATS, "no <player> in this game")
    if h.pocket:  # a player dealt no Pocket who does nothing but wait sits out
        played = {a.player for a in h.acts if a.kind not in ("8", "9")} | set(h.pocket)
        h.seats = [k.sitting_out(s) if s.player not in played else s
                   for s in h.seats]  # fmt: skip
    kind = _variant(h, g.group("name").strip().lower(), gametype)
    if isinstance(kind, k.ParsedHand):
        return kind
    limit = g.group("limit")
    structure = _LIMITS.get(limit) or k.STRUCTURE_WORDS.get(limit.lower(), k.BettingStructure.LIMIT)
    stake = (money(g.group("sb"), h.unit), money(g.group("bb"), h.unit)) if g.group("sb") else None
    stopped = _betting(h) or _known_cards(h, session)
    if stopped is not None:
        return stopped
    named = _money(h, session, tid)
    sb, bb, small_bet, big_bet = h.blinds(structure, stake, posted=_posted(h))
    ante = next((a.amount for a in h.actions if a.post is k.PostKind.ANTE), 0)
    buy_in = (_tag("totalbuyin", session) or _tag("buyin", session)) if tid else None
    h.table = _tag("tablename", session) or ""
    return h.record(
        k.Game(kind[0], kind[1], structure, sb, bb, currency, ante=ante, tournament_id=tid,
             buy_in=buy_in, small_bet=small_bet, big_bet=big_bet),
        started_at=h.started, pots_named=named,
    )  # fmt: skip


def _posted(h: _Game) -> tuple[int | None, int | None]:
    """The first small and big blind posted by a player not all-in by it."""
    posts = [a for a in h.actions if a.kind is k.ActionKind.POST and not a.all_in]
    sb = next((a.amount for a in posts if a.post is k.PostKind.SMALL_BLIND), None)
    return sb, next((a.amount for a in posts if a.post is k.PostKind.BIG_BLIND), None)


def _currency(h: _Game, session: str, gametype: str, tid: str | None) -> str:
    """The game's money: cents for real money, chips in tournaments and play money;
    its currency (the table's, the account's, else the game type's sign)."""
    mode = (_tag("mode", session) or "real").lower()
    h.unit = k.Unit.CENTS if mode == "real" and tid is None else k.Unit.CHIPS
    if tid is not None:
        return "CHIPS"
    if mode != "real":
        return "PLAY"
    currency = _tag("tablecurrency", session) or _tag("currency", session) or ""
    return currency or next((c for s, c in _CURRENCIES.items() if s in gametype), "")


def _action(h: _Game, a: dict[str, str], line: int, body: str) -> None:
    """``<action>``: kept in the site's numbering, typed once all are read."""
    try:
        no = int(a.get("no", "0"))
    except ValueError:
        no = 0
    h.acts.append(_Act(h.rnd, no, a.get("player", ""), a.get("type", ""),
                       money(a.get("sum"), h.unit, line), line))  # fmt: skip


def _cards(h: _Game, a: dict[str, str], line: int, body: str) -> None:
    """``<cards>``: a player's pocket (the first one with cards), board cards."""
    given = body.split()
    try:
        cards = [card(c) for c in given]
    except ValueError:
        h.problem(line, k.ProblemCode.BAD_CARDS, f"not cards: {body!r}")
        return
    known = tuple(c for c in cards if c is not None)
    if a.get("type") == "Pocket":
        p = a.get("player", "")
        prior = h.pocket.get(p)
        if prior is None or (known and not prior[0]):
            h.pocket[p] = (known, len(given), line)
    elif a.get("type") in ("Flop", "Turn", "River"):
        h.board.extend(known)


def _round(h: _Game, a: dict[str, str], line: int, body: str) -> None:
    """``<round no="N">``: the actions that follow are of round N."""
    try:
        h.rnd = int(a.get("no", "0"))
    except ValueError:
        h.rnd = 0


def _player(h: _Game, a: dict[str, str], line: int, body: str) -> None:
    """``<player>``: a seat, its chips, the player's ``win`` and ``bet``, the button;
    a seat with no ``name`` is an empty seat, not a player."""
    name = a.get("name", "")
    if not name:
        return
    try:
        seat = int(a.get("seat", ""))
    except ValueError:
        raise _Bad(k.ProblemCode.BAD_TABLE, f"seat not a number: {a.get('seat')!r}", line) from None
    if not 0 < seat <= 1000:
        raise _Bad(k.ProblemCode.OUT_OF_RANGE, f"seat number out of range: {seat}", line)
    h.seat(seat, name, money(a.get("chips"), h.unit, line), line)
    h.player_line[name] = line
    if "win" in a:
        h.wins[name] = money(a.get("win"), h.unit, line)
    if "bet" in a:
        h.paid_in[name] = money(a.get("bet"), h.unit, line)
    if a.get("dealer") == "1":
        h.button = seat


def _startdate(h: _Game, a: dict[str, str], line: int, body: str) -> None:
    """``<startdate>``: the game's start (the first one)."""
    if h.started is None:
        h.started = parse_date(body)


def _unknown(h: _Game, a: dict[str, str], line: int, name: str) -> None:
    """An element of a game this reader does not know: a problem on its line."""
    h.problem(line, k.ProblemCode.UNRECOGNISED_LINE, f"element <{name}> not known")


_READ = {"action": _action, "cards": _cards, "round": _round, "player": _player,
         "startdate": _startdate, "?": _unknown}  # fmt: skip
_HOLES = {"5": 5, "five": 5, "6": 6, "six": 6, "4": 4}
_VARIANTS = {4: k.Variant.OMAHA, 5: k.Variant.OMAHA5, 6: k.Variant.OMAHA6}


def _variant(h: _Game, name: str, gametype: str) -> tuple[k.Variant, bool] | k.ParsedHand:
    """The game by its name, else by the number of hole cards dealt: ``(variant,
    hi/lo)``; a game of another family is skipped, an export of blinds only cut."""
    dealt = max((n for _, n, _ in h.pocket.values()), default=0)
    if _OTHER.search(name) or (not name and dealt in (2, 3, 7)):
        return h.done(k.ProblemCode.SKIPPED_GAME, f"not an Omaha game: {gametype!r}",
                      skipped=gametype or "hold'em")  # fmt: skip
    om = _OMAHA.match(name) if name else None
    if name and om is None:
        return h.done(k.ProblemCode.UNKNOWN_GAME, f"unknown Omaha game: {gametype!r}")
    if not any(a.rnd >= 1 for a in h.acts) and not h.pocket:
        return h.done(k.ProblemCode.TRUNCATED_HAND,
                      "the export holds only this game's blinds: no cards, actions or results")  # fmt: skip
    holes = _HOLES.get(om.group("n") or "", 0) if om else 0
    holes = holes or (dealt if dealt in (4, 5, 6) else 4)
    return _VARIANTS[holes], bool(om and om.group("hl"))


def _betting(h: _Game) -> k.ParsedHand | None:
    """The actions typed in the site's order: type 23 as a raise to a street total,
    unless the players' ``bet`` totals say it is the chips added."""
    h.acts.sort(key=lambda a: (a.rnd, a.no))
    dealt = frozenset(h.pocket)
    actions, total, unknown = _bet_actions(h.acts, h.stacks, True, dealt)
    bets = h.paid_in
    if bets and any(total.get(p, 0) != bets.get(p, 0) for p in h.stacks):
        alt, alt_total, _ = _bet_actions(h.acts, h.stacks, False, dealt)
        if all(alt_total.get(p, 0) == bets.get(p, 0) for p in h.stacks):
            actions, total = alt, alt_total
        else:
            odd = [p for p in h.stacks if total.get(p, 0) != bets.get(p, 0)]
            h.problem(h.ht.line, k.ProblemCode.BAD_AMOUNT, "the actions put in other amounts "
                      f"than the players' bet totals say: {', '.join(odd)}")  # fmt: skip
    for ln, act_type in unknown:
        h.problem(ln, k.ProblemCode.UNRECOGNISED_LINE, f"action type {act_type!r} not known")
    h.actions, h.put_in = actions, total
    for p in total:
        if p not in h.stacks:
            return h.done(k.ProblemCode.UNKNOWN_PLAYER, f"{p!r} acts but has no seat")
    return None


def _live(h: _Game) -> list[str]:
    """Players who put chips in and did not fold, in seat order."""
    folded = h.folded_players()
    return [s.player for s in h.seats if s.player not in folded and h.put_in.get(s.player, 0) > 0]


def _known_cards(h: _Game, session: str) -> k.ParsedHand | None:
    """The hero, the hole cards known, the shows (the pockets of two or more players
    left); a card dealt twice gives no record."""
    hero = _tag("nickname", session)
    h.hero = hero if hero in h.stacks else None
    h.hole = {p: c for p, (c, _, _) in h.pocket.items() if c}
    if h.dealt_twice(lines={p: line for p, (_, _, line) in h.pocket.items()}):
        return k.no_record(h)
    live = h.live = _live(h)
    if len(live) >= 2:
        h.shows = [k.Show(p, h.hole[p], line=h.pocket[p][2]) for p in live if p in h.hole]
    return None


def _money(h: _Game, session: str, tid: str | None) -> bool:
    """The uncalled excess (of the live chips: antes and a dead small blind are never
    returned), the pot, the rake (the pot less the wins), and each player's win as one
    collect; whether the wins' pots are known (``pots_named``: one pot).

    A hand's wins with side pots are not split here: a player's win may hold halves
    of several pots (a short all-in's main pot high half, the low halves of both pots
    to another), and the rake need not come from the pots by size (all of it from the
    main pot: a split of the wins over pots raked by size "paid" the side pot's
    winner $0.07 of the main pot); each win is one collect, and the audit gives it to
    the pots (``False``: :attr:`~hhtools.model.records.HandHistory.pots_named`)."""
    bb = next((a.amount for a in h.actions if a.post is k.PostKind.BIG_BLIND), None)
    dead = h.dead_chips(bb)
    back = k.excess_returned({p: x - dead.get(p, 0) for p, x in h.put_in.items()}, (), ())
    if back is not None:
        line = h.actions[-1].line if h.actions else h.ht.line  # built whole: no dataclasses.replace
        h.returned = [k.Returned(back.player, back.amount, line, back.inferred)]
    net_in = dict(h.put_in)
    for r in h.returned:
        net_in[r.player] -= r.amount
    h.total, h.total_line = sum(net_in.values()), h.ht.line
    paid = _paid(h, session, tid)
    pots = k.pots_of(net_in, set(h.live), k.clockwise(h.seats, h.button))  # h.live: _known_cards
    h.collects = [k.Collect(p, v, pot=0, line=h.player_line.get(p, h.ht.line))
                  for p, v in paid.items() if v > 0]  # fmt: skip
    return len(pots) < 2


def _paid(h: _Game, session: str, tid: str | None) -> dict[str, int]:
    """What each player was paid (``win``, less the return when it includes it: the
    wins exceed the pot and the session does not say returns are left out); the rake."""
    pot = h.total or 0
    if not h.wins:
        h.rake = 0
        h.problem(h.ht.line, k.ProblemCode.MISSING_TOTAL, "the players have no win amounts")
        return {}
    paid = dict(h.wins)
    flag = (_tag("uncalled_bet_enabled", session) or "").lower() == "true"
    if h.returned and not flag and sum(paid.values()) > pot:
        r = h.returned[0]
        paid[r.player] = paid.get(r.player, 0) - r.amount
    h.rake = pot - sum(paid.values()) if tid is None else 0
    if pot - sum(paid.values()) < 0 or any(v < 0 for v in paid.values()):
        h.problem(h.ht.line, k.ProblemCode.BAD_AMOUNT, "the players' wins exceed the pot")
        h.rake = max(h.rake, 0)
    return paid

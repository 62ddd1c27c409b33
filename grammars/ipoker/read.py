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
from xml.parsers import expat

from hhtools.grammars._pots import clockwise, pots_of, split_rake, split_win
from hhtools.grammars.base import ParsedHand

from hhtools.model.money import MAX_AMOUNT, AmountOutOfRange, Unit, parse_money
from hhtools.model.records import (
    Action,
    ActionKind,
    BettingStructure,
    Collect,
    Game,
    HandHistory,
    HandText,
    PostKind,
    Problem,
    Returned,
    Seat,
    Show,
    Street,
    Variant,
)
from hhtools.model.vocab import CollectOrder, ProblemCode

__all__ = ["build_hand", "card", "money", "parse_date"]

_TAG = {
    name: re.compile(rf"<{name}>([^<]*)</{name}>")
    for name in ("gametype", "tablename", "tablecurrency", "currency", "nickname",
                 "uncalled_bet_enabled", "startdate", "mode", "tournamentcode", "totalbuyin",
                 "buyin")
}  # fmt: skip
_GAMETYPE = re.compile(
    r"^\s*(?P<name>.*?)\s*\b(?P<limit>NL|PL|FL|SL)\s+(?P<sb>[^/\s]+)\s*/\s*(?P<bb>\S+)\s*$"
)
_OMAHA = re.compile(
    r"^(?:(?P<n>[456]|five|six)[- ]?cards? )?(?:plo|omaha)(?P<hl> ?(?:hi-?lo|hi/lo|h/l|8)(?: 8)?)?$"
)
_OTHER = re.compile(r"hold'?em|stud|razz|draw|badugi|courchevel|triple|short", re.IGNORECASE)
_SUITS = {"S": "s", "H": "h", "D": "d", "C": "c"}
_RANKS = {"10": "T", "T": "T", "J": "J", "Q": "Q", "K": "K", "A": "A"} | {
    str(n): str(n) for n in range(2, 10)
}
_STREETS = {0: Street.PREFLOP, 1: Street.PREFLOP, 2: Street.FLOP, 3: Street.TURN, 4: Street.RIVER}
_LIMITS = {"NL": BettingStructure.NO_LIMIT, "PL": BettingStructure.POT_LIMIT,
           "FL": BettingStructure.LIMIT}  # fmt: skip
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_MAX = MAX_AMOUNT
_NOT_MONEY = re.compile(r"[^\d.,]")
_MONEY: dict[tuple[str, Unit], int] = {}


class _Bad(ValueError):
    """A value of the game that cannot be read: (code, message, line)."""

    def __init__(self, code: ProblemCode, message: str, line: int) -> None:
        super().__init__(message)
        self.code, self.line = code, line


def money(text: str | None, unit: Unit, line: int = 0) -> int:
    """An iPoker amount ("€1,214.15", "â‚¬946,60", "$0.02") in minor units.

    Any currency sign, in whatever encoding, is dropped; the decimal may be a comma.

    >>> money("\\u20ac946,60", Unit.CENTS)
    94660
    >>> money("\\u00e2\\u201a\\u00ac1,214.15", Unit.CENTS)
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
        value = parse_money(raw, unit)
    except AmountOutOfRange:
        raise _Bad(ProblemCode.OUT_OF_RANGE, f"amount out of range: {text!r}", line) from None
    except ValueError:
        raise _Bad(ProblemCode.BAD_AMOUNT, f"not an amount: {text!r}", line) from None
    if value >= _MAX:
        raise _Bad(ProblemCode.OUT_OF_RANGE, f"amount out of range: {text!r}", line)
    if len(_MONEY) > 65536:
        _MONEY.clear()
    _MONEY[(text, unit)] = value
    return value


_CARD_OF: dict[str, str | None] = {"X": None} | {
    su + ra: _RANKS[ra] + _SUITS[su] for su in _SUITS for ra in _RANKS if ra != "T"
}


def card(text: str) -> str | None:
    """An iPoker card ("S10", "DQ", "HA") as the record writes it ("Ts"); ``None`` for
    "X" (not shown). Raises :class:`ValueError` for anything else.

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


def _elements(game: str) -> list[list]:
    """The elements of a game this reader uses, in order, read by expat (which also
    checks the text is well-formed XML and raises ``xml.parsers.expat.ExpatError``
    when it is not): ``[tag, attributes, line in the game (1-based), text]``."""
    out: list[list] = []
    parser = expat.ParserCreate()
    parser.buffer_text = True
    texts: list[str] | None = None

    def start(name: str, attrs: dict[str, str]) -> None:
        nonlocal texts
        if name in _WANTED:
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
    parser.Parse(game, True)
    return out


def _bet_actions(
    acts: list[_Act], stacks: dict[str, int], raise_to: bool
) -> tuple[list[Action], dict[str, int], list[tuple[int, str]]]:
    """The records of the betting actions, each player's total put in, and the lines
    of action types not known. ``raise_to``: type 23's sum is the street total."""
    out: list[Action] = []
    total: dict[str, int] = {}
    unknown: list[tuple[int, str]] = []
    street_of = None
    on: dict[str, int] = {}
    level = 0
    for a in acts:
        street = _STREETS.get(a.rnd, Street.RIVER)
        if street is not street_of:
            street_of = street
            if street is not Street.PREFLOP:
                on, level = {}, 0
        p, k, s = a.player, a.kind, a.sum
        have = on.get(p, 0)
        kind, post, to, amount = None, None, None, s
        if k == "0":
            kind, amount = ActionKind.FOLD, 0
        elif k == "4":
            kind, amount = ActionKind.CHECK, 0
        elif k in ("1", "2", "15"):
            kind = ActionKind.POST
            post = {"1": PostKind.SMALL_BLIND, "2": PostKind.BIG_BLIND, "15": PostKind.ANTE}[k]
        elif k == "3":
            kind = ActionKind.CALL
        elif k == "5":
            kind = ActionKind.BET if level == 0 else ActionKind.RAISE
        elif k in ("23", "6"):
            kind = ActionKind.RAISE if level else ActionKind.BET
            if k == "23" and raise_to:
                amount = s - have
        elif k == "7":
            new = have + s
            kind = (
                ActionKind.CALL if new <= level else (ActionKind.RAISE if level else ActionKind.BET)
            )
        elif s == 0:  # 8, 9: sitting out, waiting: no chips move
            continue
        else:
            unknown.append((a.line, k))
            continue
        if kind is ActionKind.RAISE:
            to = have + amount
        if kind not in (ActionKind.FOLD, ActionKind.CHECK):
            if post is not PostKind.ANTE:
                on[p] = have + amount
                level = max(level, on[p])
            total[p] = total.get(p, 0) + amount
        all_in = k == "7" or (amount > 0 and p in stacks and total.get(p, 0) >= stacks[p] > 0)
        out.append(Action(street, p, kind, amount, to, all_in, post, a.line))
    return out, total, unknown


def build_hand(ht: HandText, hand_id: str, game: str, session: str) -> ParsedHand:
    """The record of one well-formed ``<game>`` element.

    Args:
        ht: the hand text (for file, line and offset).
        hand_id: the game's ``gamecode``.
        game: the ``<game>`` element's text.
        session: the session's opening tag and ``<general>`` element.

    Returns:
        The record with its problems, a ``skipped_game`` note, or a problem alone.
    """
    problems: list[Problem] = []

    def fail(code: ProblemCode, message: str, line: int = 0) -> ParsedHand:
        return ParsedHand(None, (*problems, Problem(ht.file, line or ht.line, hand_id, code, message)),
                          hand_id=hand_id)  # fmt: skip

    try:
        return _build(ht, hand_id, game, session, problems)
    except _Bad as bad:
        return fail(bad.code, str(bad), bad.line)


def _build(
    ht: HandText, hand_id: str, game: str, session: str, problems: list[Problem]
) -> ParsedHand:
    def note(code: ProblemCode, message: str, line: int = 0) -> None:
        problems.append(Problem(ht.file, line or ht.line, hand_id, code, message))

    def done(
        code: ProblemCode, message: str, line: int = 0, skipped: str | None = None
    ) -> ParsedHand:
        note(code, message, line)
        return ParsedHand(None, tuple(problems), skipped=skipped, hand_id=hand_id)

    gametype = _tag("gametype", session) or ""
    mode = (_tag("mode", session) or "real").lower()
    g = _GAMETYPE.match(gametype)
    if g is None:
        return done(ProblemCode.UNKNOWN_GAME, f"game not read: {gametype!r}")
    tid = _tag("tournamentcode", session) or None
    unit = Unit.CENTS if mode == "real" and tid is None else Unit.CHIPS
    currency = _tag("tablecurrency", session) or _tag("currency", session) or ""
    if tid is not None:
        currency = "CHIPS"
    elif mode != "real":
        currency = "PLAY"
    elif not currency:
        currency = next((c for s, c in _CURRENCIES.items() if s in gametype), "")

    seats: list[Seat] = []
    stacks: dict[str, int] = {}
    wins: dict[str, int] = {}
    bets: dict[str, int] = {}
    player_line: dict[str, int] = {}
    button = None
    acts: list[_Act] = []
    pocket: dict[str, tuple[tuple[str, ...], int, int]] = {}  # cards, count dealt, line
    board: list[str] = []
    started = None
    rnd = 0
    for tag, a, n, body in _elements(game):
        line = ht.line + n - 1
        if tag == "action":
            try:
                no = int(a.get("no", "0"))
            except ValueError:
                no = 0
            acts.append(_Act(rnd, no, a.get("player", ""), a.get("type", ""),
                             money(a.get("sum"), unit, line), line))  # fmt: skip
        elif tag == "cards":
            given = body.split()
            try:
                cards = [card(c) for c in given]
            except ValueError:
                note(ProblemCode.BAD_CARDS, f"not cards: {body!r}", line)
                continue
            known = tuple(c for c in cards if c is not None)
            if a.get("type") == "Pocket":
                p = a.get("player", "")
                prior = pocket.get(p)
                if prior is None or (known and not prior[0]):
                    pocket[p] = (known, len(given), line)
            elif a.get("type") in ("Flop", "Turn", "River"):
                board.extend(c for c in cards if c is not None)
        elif tag == "round":
            try:
                rnd = int(a.get("no", "0"))
            except ValueError:
                rnd = 0
        elif tag == "player":
            name = a.get("name", "")
            try:
                seat = int(a.get("seat", ""))
            except ValueError:
                raise _Bad(
                    ProblemCode.BAD_TABLE, f"seat not a number: {a.get('seat')!r}", line
                ) from None
            if not 0 < seat <= 1000:
                raise _Bad(ProblemCode.OUT_OF_RANGE, f"seat number out of range: {seat}", line)
            stacks[name] = money(a.get("chips"), unit, line)
            seats.append(Seat(seat, name, stacks[name], line=line))
            player_line[name] = line
            if "win" in a:
                wins[name] = money(a.get("win"), unit, line)
            if "bet" in a:
                bets[name] = money(a.get("bet"), unit, line)
            if a.get("dealer") == "1":
                button = seat
        elif tag == "startdate" and started is None:
            started = parse_date(body)
    if started is None:
        started = parse_date(_tag("startdate", session) or "")
    if not seats:
        return done(ProblemCode.NO_SEATS, "no <player> in this game")

    # the game: its name, else the number of hole cards dealt
    name = g.group("name").strip().lower()
    dealt = max((n for _, n, _ in pocket.values()), default=0)
    if _OTHER.search(name) or (not name and dealt in (2, 3, 7)):
        return done(ProblemCode.SKIPPED_GAME, f"not an Omaha game: {gametype!r}",
                    skipped=gametype or "hold'em")  # fmt: skip
    om = _OMAHA.match(name) if name else None
    if name and om is None:
        return done(ProblemCode.UNKNOWN_GAME, f"unknown Omaha game: {gametype!r}")
    if not any(a.rnd >= 1 for a in acts) and not pocket:
        return done(
            ProblemCode.TRUNCATED_HAND,
            "the export holds only this game's blinds: no cards, actions or results",
        )
    words = {"5": 5, "five": 5, "6": 6, "six": 6, "4": 4}
    holes = words.get(om.group("n") or "", 0) if om else 0
    holes = holes or (dealt if dealt in (4, 5, 6) else 4)
    variant = {4: Variant.OMAHA, 5: Variant.OMAHA5, 6: Variant.OMAHA6}[holes]
    hi_lo = bool(om and om.group("hl"))
    structure = _LIMITS.get(g.group("limit"), BettingStructure.LIMIT)
    stake_sb, stake_bb = money(g.group("sb"), unit), money(g.group("bb"), unit)

    # posts first (round 0), then the betting in the site's numbering
    acts.sort(key=lambda a: (a.rnd, a.no))
    actions, total, unknown = _bet_actions(acts, stacks, True)
    if bets and any(total.get(p, 0) != bets.get(p, 0) for p in stacks):
        alt, alt_total, _ = _bet_actions(acts, stacks, False)
        if all(alt_total.get(p, 0) == bets.get(p, 0) for p in stacks):
            actions, total = alt, alt_total
        else:
            odd = [p for p in stacks if total.get(p, 0) != bets.get(p, 0)]
            note(ProblemCode.BAD_AMOUNT,
                 f"the actions put in other amounts than the players' bet totals say: {', '.join(odd)}")  # fmt: skip
    for ln, k in unknown:
        note(ProblemCode.UNRECOGNISED_LINE, f"action type {k!r} not known", ln)
    for p in total:
        if p not in stacks:
            return done(ProblemCode.UNKNOWN_PLAYER, f"{p!r} acts but has no seat")

    # cards: hero, hole cards, shows
    hero = _tag("nickname", session)
    hero = hero if hero in stacks else None
    folded = {a.player for a in actions if a.kind is ActionKind.FOLD}
    live = [s.player for s in seats if s.player not in folded and total.get(s.player, 0) > 0]
    hole = {p: c for p, (c, _, _) in pocket.items() if c}
    seen: set[str] = set(board)
    if len(seen) != len(board):
        return done(ProblemCode.IMPOSSIBLE_CARDS, "a board card is dealt twice")
    for p, cards in hole.items():
        if seen & set(cards) or len(set(cards)) != len(cards):
            return done(ProblemCode.IMPOSSIBLE_CARDS, f"{p}'s cards repeat a card already dealt",
                        pocket[p][2])  # fmt: skip
        seen.update(cards)
    shows: list[Show] = []
    if len(live) >= 2:
        shows = [Show(p, hole[p], line=pocket[p][2]) for p in live if p in hole]

    # money: the uncalled excess, the pots, the wins per pot
    ranked = sorted(total.values(), reverse=True)
    returned: list[Returned] = []
    if ranked and ranked[0] > (ranked[1] if len(ranked) > 1 else 0):
        top = next(p for p, v in total.items() if v == ranked[0])
        excess = ranked[0] - (ranked[1] if len(ranked) > 1 else 0)
        returned.append(
            Returned(top, excess, actions[-1].line if actions else ht.line, inferred=True)
        )
    net_in = dict(total)
    for r in returned:
        net_in[r.player] -= r.amount
    pot = sum(net_in.values())
    if wins:
        paid = dict(wins)
        flag = (_tag("uncalled_bet_enabled", session) or "").lower() == "true"
        if returned and not flag and sum(paid.values()) > pot:
            r = returned[0]
            paid[r.player] = paid.get(r.player, 0) - r.amount
        rake = pot - sum(paid.values()) if tid is None else 0
        if pot - sum(paid.values()) < 0 or any(v < 0 for v in paid.values()):
            note(ProblemCode.BAD_AMOUNT, "the players' wins exceed the pot")
            rake = max(rake, 0)
    else:
        paid, rake = {}, 0
        note(ProblemCode.MISSING_TOTAL, "the players have no win amounts")
    order = clockwise(seats, button)
    pots = pots_of(net_in, {p for p in live}, order)
    nets = split_rake([amount for amount, _ in pots], rake)
    shares = split_win({p: v for p, v in paid.items() if v > 0},
                       [(n, e) for n, (_, e) in zip(nets, pots, strict=True)])  # fmt: skip
    collects = [
        Collect(p, v, pot=i, line=player_line.get(p, ht.line))
        for i, share in enumerate(shares) for p, v in share.items()
    ]  # fmt: skip

    blinds = [a.amount for a in actions if a.kind is ActionKind.POST and not a.all_in]
    sb = next((a.amount for a in actions if a.post is PostKind.SMALL_BLIND and not a.all_in), None)
    bb = next((a.amount for a in actions if a.post is PostKind.BIG_BLIND and not a.all_in), None)
    small_bet = big_bet = None
    if structure is BettingStructure.LIMIT:
        small_bet, big_bet = stake_sb, stake_bb
        sb = sb if sb is not None else stake_sb // 2
        bb = bb if bb is not None else stake_sb
    del blinds
    ante = next((a.amount for a in actions if a.post is PostKind.ANTE), 0)
    record = HandHistory(
        site="ipoker",
        hand_id=hand_id,
        table=_tag("tablename", session) or "",
        started_at=started,
        time_zone=None,
        started_at_utc=None,
        game=Game(
            variant,
            hi_lo,
            structure,
            stake_sb if sb is None else sb,
            stake_bb if bb is None else bb,
            currency,
            ante=ante,
            tournament_id=tid,
            buy_in=(_tag("totalbuyin", session) or _tag("buyin", session)) if tid else None,
            small_bet=small_bet,
            big_bet=big_bet,
        ),
        button=button,
        max_seats=None,
        seats=tuple(seats),
        actions=tuple(actions),
        boards=(tuple(board),) if board else (),
        hero=hero,
        hole_cards=hole,
        shows=tuple(shows),
        collects=tuple(collects),
        returned=tuple(returned),
        total_pot=pot,
        total_pot_line=ht.line,
        rake=rake,
        file=ht.file,
        line=ht.line,
        offset=ht.offset,
        text=ht.text,
        site_format="ipoker",
        collect_order=CollectOrder.UNORDERED,
    )
    return ParsedHand(record, tuple(problems), hand_id=hand_id)

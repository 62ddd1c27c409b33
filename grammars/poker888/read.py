"""Reading one 888poker / Pacific Poker hand into a :class:`HandHistory` (the format and
its quirks: :mod:`hhtools.grammars.poker888`). Money is integer minor units: cents
(real money), hundredths of a play chip (practice play), whole chips (tournaments).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from datetime import datetime

from hhtools.grammars.base import ParsedHand

from hhtools.model.money import MAX_AMOUNT, AmountOutOfRange, Unit, parse_money
from hhtools.model.records import (
    Action,
    ActionKind,
    BettingStructure,
    ClaimedHigh,
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
from hhtools.model.vocab import CollectOrder, HandCategory, PotPartsBasis, ProblemCode

__all__ = ["claimed_high", "claimed_low", "read_hand"]

_AMT = r"[^\]\)]*?"
_GAME = re.compile(
    r"^(?P<sb>[^/]+?)\s*/\s*(?P<bb>\S+(?: \$)?) Blinds (?P<limit>Pot Limit|No Limit|Fix Limit|Fixed Limit|Limit)"
    r" (?P<name>.+?) - \*\*\* (?P<date>\d\d \d\d \d{4} \d\d:\d\d:\d\d)\s*$"
)
_TABLE = re.compile(
    r"^(?:Tournament #(?P<tid>\d+) (?P<buyin>.*?) - )?Table (?P<table>.+?)\s*\((?P<mode>[^()]*)\)\s*$"
)
_BUTTON = re.compile(r"^Seat (\d+) is the button\s*$")
_SEAT = re.compile(r"^Seat (\d+): (.+?) \( (" + _AMT + r") \)\s*$")
_POST = re.compile(r"^(.+?) posts (small blind|big blind|dead blind|ante) \[(" + _AMT + r")\]\s*$")
_ACT = re.compile(r"^(.+?) (calls|bets|raises|is all-in) \[(" + _AMT + r")\]\s*$")
_PLAIN = re.compile(r"^(.+?) (checks|folds)\s*$")
_STREET = re.compile(r"^\*\* Dealing (down cards|flop|turn|river) \*\*(?: \[(.*)\])?\s*$")
_DEALT = re.compile(r"^Dealt to (.+?) \[(.*)\]\s*$")
_SHOW = re.compile(r"^(.+?) (shows|mucks) \[(.*)\]\s*$")
_DESC = re.compile(r"^\((Hi|Lo): (.*)\)\s*$")
_COLLECT = re.compile(r"^(.+?) collected \[(" + _AMT + r")\]\s*$")
_NOISE = re.compile(
    r"^(?:#Game No : \d+|\*{5} .* Hand History for Game \d+ \*{5}|Total number of players : \d+"
    r"|\*\* Summary \*\*|.+ did not show his hand|.+ has (?:left|joined) the table"
    r"|.+ (?:is|has been) (?:sitting out|disconnected|connected)|.+ (?:is|has) (?:timed out).*)\s*$"
)
_STREETS = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}
_LIMITS = {"Pot Limit": BettingStructure.POT_LIMIT, "No Limit": BettingStructure.NO_LIMIT}
_OMAHA = {"omaha": False, "omahahl": True, "omaha hi/lo": True, "omaha hi-lo": True}
_OTHER = re.compile(r"hold'?em|stud|razz|draw|badugi", re.IGNORECASE)
_RANK = {r: i for i, r in enumerate("23456789TJQKA", start=2)}
_CARDS = frozenset(r + s for r in "23456789TJQKA" for s in "cdhs")
_MAX = MAX_AMOUNT


class _Bad(ValueError):
    def __init__(self, code: ProblemCode, message: str, line: int) -> None:
        super().__init__(message)
        self.code, self.line = code, line


_MONEY: dict[tuple[str, Unit], int] = {}


def _money(text: str, unit: Unit, line: int) -> int:
    hit = _MONEY.get((text, unit))
    if hit is not None:
        return hit
    raw = text.replace("$", "").replace("€", "").replace("£", "").replace("\u00a0", " ").strip()
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


def _cards(text: str, line: int) -> tuple[str, ...]:
    """ "[ 5s, Ad, 10h ]" contents -> ("5s", "Ad", "Th"); raises :class:`_Bad`."""
    out = []
    for c in text.replace(",", " ").split():
        c = "T" + c[2:] if c.startswith("10") else c
        if c not in _CARDS:
            raise _Bad(ProblemCode.BAD_CARDS, f"not a card: {c!r}", line)
        out.append(c)
    return tuple(out)


def _dispatch(text: str) -> re.Match[str] | None:
    """The one line rule that may read ``text``, tried by cheap tests first."""
    if text[-1] == "]":
        if " collected [" in text:
            return _COLLECT.match(text)
        if " posts " in text:
            return _POST.match(text)
        if text.startswith("**"):
            return _STREET.match(text)
        if text.startswith("Dealt to "):
            return _DEALT.match(text)
        if " shows [" in text or " mucks [" in text:
            return _SHOW.match(text)
        return _ACT.match(text)
    if text.endswith(("checks", "folds")):
        return _PLAIN.match(text)
    if text.startswith("Seat "):
        return _SEAT.match(text) or _BUTTON.match(text)
    if text[0] == "(":
        return _DESC.match(text)
    if text.startswith("** Dealing"):
        return _STREET.match(text)
    return None


def claimed_high(cards: tuple[str, ...]) -> ClaimedHigh | None:
    """The claim of five named cards ("(Hi: Jd, Jc, 2d, 2s, Ks)"): category and ranks.

    >>> claimed_high(("Jd", "Jc", "2d", "2s", "Ks"))
    ClaimedHigh(category=<HandCategory.TWO_PAIR: 'two pair'>, ranks=(11, 2))
    >>> claimed_high(("2s", "3h", "4h", "5c", "Ah")).ranks
    (5,)
    """
    if len(cards) != 5:
        return None
    ranks = sorted((_RANK[c[0]] for c in cards), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0]))
    flush = len({c[1] for c in cards}) == 1
    distinct = sorted(counts, reverse=True)
    top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            top = 5
    shape = [n for _, n in groups]
    if top is not None:
        return ClaimedHigh(HandCategory.STRAIGHT_FLUSH if flush else HandCategory.STRAIGHT, (top,))
    if shape[0] == 4:
        return ClaimedHigh(HandCategory.FOUR_OF_A_KIND, (groups[0][0],))
    if shape[:2] == [3, 2]:
        return ClaimedHigh(HandCategory.FULL_HOUSE, (groups[0][0], groups[1][0]))
    if flush:
        return ClaimedHigh(HandCategory.FLUSH, (ranks[0],))
    if shape[0] == 3:
        return ClaimedHigh(HandCategory.THREE_OF_A_KIND, (groups[0][0],))
    if shape[:2] == [2, 2]:
        return ClaimedHigh(HandCategory.TWO_PAIR, (groups[0][0], groups[1][0]))
    if shape[0] == 2:
        return ClaimedHigh(HandCategory.ONE_PAIR, (groups[0][0],))
    return ClaimedHigh(HandCategory.HIGH_CARD, (ranks[0],))


def claimed_low(cards: tuple[str, ...]) -> tuple[int, ...] | None:
    """The low of five named cards, high to low, ace = 1 ("(Lo: 2s, 4d, 5h, 6c, Ac)").

    >>> claimed_low(("2s", "4d", "5h", "6c", "Ac"))
    (6, 5, 4, 2, 1)
    """
    if len(cards) != 5:
        return None
    return tuple(sorted((1 if c[0] == "A" else _RANK[c[0]] for c in cards), reverse=True))


def read_hand(ht: HandText, hand_id: str | None) -> ParsedHand:
    """The record of one hand's text, with the problems met.

    Args:
        ht: the hand text.
        hand_id: the number of its "#Game No :" line, or ``None``.

    Returns:
        The record (or ``None``) and the problems; a hand of another game is a
        ``skipped_game`` note.
    """
    problems: list[Problem] = []
    try:
        return _read(ht, hand_id, problems)
    except _Bad as bad:
        problems.append(Problem(ht.file, bad.line or ht.line, hand_id, bad.code, str(bad)))
        return ParsedHand(None, tuple(problems), hand_id=hand_id)


def _read(ht: HandText, hand_id: str | None, problems: list[Problem]) -> ParsedHand:
    lines = ht.text.split("\n")

    def fail(code: ProblemCode, message: str, line: int, skipped: str | None = None) -> ParsedHand:
        problems.append(Problem(ht.file, line, hand_id, code, message, lines[line - ht.line][:120]
                                if 0 <= line - ht.line < len(lines) else ""))  # fmt: skip
        return ParsedHand(None, tuple(problems), skipped=skipped, hand_id=hand_id)

    if hand_id is None or len(lines) < 3 or _NOISE.match(lines[1]) is None:
        return fail(
            ProblemCode.BAD_HEADER, "not an 888 hand header (#Game No : N, then *****)", ht.line
        )
    g = _GAME.match(lines[2].replace("\u00a0", " "))
    if g is None:
        low = lines[2].lower()
        if _OTHER.search(low):
            return fail(ProblemCode.SKIPPED_GAME, f"not an Omaha game: {lines[2]!r}", ht.line + 2,
                        skipped=lines[2])  # fmt: skip
        return fail(ProblemCode.UNKNOWN_GAME, f"game line not read: {lines[2]!r}", ht.line + 2)
    name = g.group("name").strip().lower()
    if name not in _OMAHA:
        if _OTHER.search(name):
            return fail(ProblemCode.SKIPPED_GAME, f"not an Omaha game: {g.group('name')!r}",
                        ht.line + 2, skipped=g.group("name"))  # fmt: skip
        return fail(
            ProblemCode.UNKNOWN_GAME, f"unknown Omaha game: {g.group('name')!r}", ht.line + 2
        )
    t = _TABLE.match(lines[3]) if len(lines) > 3 else None
    if t is None:
        return fail(ProblemCode.BAD_TABLE, "no table line", ht.line + 3)
    tid = t.group("tid")
    mode = t.group("mode").lower()
    if tid:
        unit, currency = Unit.CHIPS, "CHIPS"
    elif "practice" in mode or "play" in mode and "real" not in mode:
        unit, currency = Unit.CENTS, "PLAY"
    else:
        unit = Unit.CENTS
        stakes = g.group("sb") + g.group("bb")
        currency = "EUR" if "€" in stakes else "GBP" if "£" in stakes else "USD"
    structure = _LIMITS.get(g.group("limit"), BettingStructure.LIMIT)
    sb, bb = _money(g.group("sb"), unit, ht.line + 2), _money(g.group("bb"), unit, ht.line + 2)
    d = g.group("date")
    try:
        started = datetime(
            int(d[6:10]), int(d[3:5]), int(d[:2]), int(d[11:13]), int(d[14:16]), int(d[17:19])
        )
    except ValueError:
        return fail(ProblemCode.BAD_HEADER, f"not a date: {d!r}", ht.line + 2)

    button = None
    seats: list[Seat] = []
    stacks: dict[str, int] = {}
    actions: list[Action] = []
    boards: list[str] = []
    bad_board = False
    hero = None
    hole: dict[str, tuple[str, ...]] = {}
    shows: list[Show] = []
    collects: list[tuple[str, int, int]] = []
    street = Street.PREFLOP
    on: dict[str, int] = {}
    total: dict[str, int] = {}
    level = 0
    summary = False
    # past "** Dealing down cards **" (from the start in a hand that writes no such line)
    dealt_in = not any(x.startswith("** Dealing down cards") for x in lines)
    passed_over: set[str] = set()  # folded before the deal with no chips in
    for i, text in enumerate(lines[4:], start=4):
        n = ht.line + i
        if "\u00a0" in text:
            text = text.replace("\u00a0", " ")
        text = text.rstrip()
        if not text:
            continue
        m = _dispatch(text)
        if m is None:
            pass
        elif m.re is _SEAT and not actions:
            seat = int(m.group(1))
            if seat > 1000:
                raise _Bad(ProblemCode.OUT_OF_RANGE, f"seat number out of range: {seat}", n)
            stacks[m.group(2)] = _money(m.group(3), unit, n)
            seats.append(Seat(seat, m.group(2), stacks[m.group(2)], line=n))
        elif m.re is _BUTTON:
            button = int(m.group(1))
            if button > 1000:
                raise _Bad(ProblemCode.OUT_OF_RANGE, f"button seat out of range: {button}", n)
        elif m.re is _POST:
            p, what = m.group(1), m.group(2)
            parts = [_money(x, unit, n) for x in m.group(3).split("+")]
            amount = sum(parts)
            if what == "dead blind":
                dead, live = parts[0], sum(parts[1:])
                post = (PostKind.ANTE if not live else PostKind.BIG_BLIND if not dead
                        else PostKind.DEAD_SMALL_AND_BIG)  # fmt: skip
            else:
                post = {"small blind": PostKind.SMALL_BLIND, "big blind": PostKind.BIG_BLIND,
                        "ante": PostKind.ANTE}[what]  # fmt: skip
                live = 0 if post is PostKind.ANTE else amount
            on[p] = on.get(p, 0) + live
            level = max(level, on[p])
            total[p] = total.get(p, 0) + amount
            actions.append(Action(Street.PREFLOP, p, ActionKind.POST, amount, None,
                                  total[p] >= stacks.get(p, -1) > 0, post, n))  # fmt: skip
        elif m.re is _ACT:
            p, verb, amount = m.group(1), m.group(2), _money(m.group(3), unit, n)
            have = on.get(p, 0)
            new = have + amount
            to = None
            if verb == "calls" or (verb == "is all-in" and new <= level):
                kind = ActionKind.CALL
            elif verb == "bets" or (verb == "is all-in" and level == 0):
                kind = ActionKind.BET
            else:
                kind, to = ActionKind.RAISE, new
            on[p] = new
            level = max(level, new)
            total[p] = total.get(p, 0) + amount
            all_in = verb == "is all-in" or total[p] >= stacks.get(p, -1) > 0
            actions.append(Action(street, p, kind, amount, to, all_in, None, n))
        elif m.re is _PLAIN:
            kind = ActionKind.CHECK if m.group(2) == "checks" else ActionKind.FOLD
            if kind is ActionKind.FOLD and not dealt_in and not total.get(m.group(1)):
                # a fold written before "** Dealing down cards **" by a player with no
                # chips in: the seat is passed over by the deal (sitting out), not a
                # preflop fold taken in (or out of) turn
                passed_over.add(m.group(1))
                continue
            actions.append(Action(street, m.group(1), kind, line=n))
        elif m.re is _STREET:
            if m.group(1) == "down cards":
                dealt_in = True
                continue
            street, on, level = _STREETS[m.group(1)], {}, 0
            try:
                boards.extend(_cards(m.group(2) or "", n))
            except _Bad as bad:
                problems.append(
                    Problem(ht.file, n, hand_id, bad.code, f"{bad} (board not read)", text)
                )
                bad_board = True
        elif m.re is _DEALT:
            hero, hole[m.group(1)] = m.group(1), _cards(m.group(2), n)
        elif m.re is _SHOW:
            cards = _cards(m.group(3), n)
            hole[m.group(1)] = cards
            shows.append(Show(m.group(1), cards, mucked=m.group(2) == "mucks", line=n))
        elif m.re is _DESC and shows:
            five = _cards(m.group(2), n)
            last = shows[-1]
            if m.group(1) == "Hi":
                shows[-1] = Show(last.player, last.cards, m.group(2), last.low_description,
                                 last.mucked, 0, last.line, claimed_high(five), last.claimed_low)  # fmt: skip
            else:
                shows[-1] = Show(last.player, last.cards, last.description, m.group(2),
                                 last.mucked, 0, last.line, last.claimed_high, claimed_low(five))  # fmt: skip
        elif m.re is _COLLECT:
            collects.append((m.group(1), _money(m.group(2), unit, n), n))
        if text == "** Summary **":
            summary = True
        elif m is None and _NOISE.match(text) is None:
            problems.append(Problem(ht.file, n, hand_id, ProblemCode.UNRECOGNISED_LINE,
                                    "line not read", text[:120]))  # fmt: skip
    end = ht.line + len(lines) - 1
    if passed_over:
        seats = [replace(s, sitting_out=True) if s.player in passed_over else s for s in seats]
    if not seats:
        return fail(ProblemCode.NO_SEATS, "no seat lines", ht.line + 4)
    if not summary:
        return fail(ProblemCode.TRUNCATED_HAND, "the hand ends before its summary", end)
    for who in [a.player for a in actions] + [c[0] for c in collects] + [s.player for s in shows]:
        if who not in stacks:
            return fail(ProblemCode.UNKNOWN_PLAYER, f"{who!r} has no seat", ht.line + 4)
    dealt: list[str] = list(boards)
    for cards in hole.values():
        dealt.extend(cards)
    if len(set(dealt)) != len(dealt):
        return fail(ProblemCode.IMPOSSIBLE_CARDS, "a card is dealt twice", end)
    if bad_board:
        boards = []

    # money: uncalled excess, pots, collect lines to pots, rake
    ranked = sorted(total.values(), reverse=True)
    excess = ranked[0] - (ranked[1] if len(ranked) > 1 else 0) if ranked else 0
    put_in = sum(total.values())
    collected = sum(a for _, a, _ in collects)
    returned: list[Returned] = []
    if excess > 0 and collected <= put_in - excess:
        top = next(p for p, v in total.items() if v == ranked[0])
        returned.append(Returned(top, excess, actions[-1].line if actions else end, inferred=True))
    pot = put_in - sum(r.amount for r in returned)
    rake = 0 if tid else max(pot - collected, 0)
    net_in = dict(total)
    for r in returned:
        net_in[r.player] -= r.amount
    folded = {a.player for a in actions if a.kind is ActionKind.FOLD}
    live = {p for p in net_in if p not in folded}
    gross = _pot_sizes(net_in, live)
    out: list[Collect] = []
    parts = [0] * len(gross)
    k, running = 0, 0
    for p, amount, n in collects:
        while k < len(gross) - 1 and running + amount > gross[k]:
            k, running = k + 1, 0
        running += amount
        if gross:
            parts[k] += amount
        out.append(Collect(p, amount, pot=k, line=n))

    hi_lo = _OMAHA[name]
    small_bet = big_bet = None
    if structure is BettingStructure.LIMIT:
        small_bet, big_bet = bb, 2 * bb
    variant = Variant.OMAHA
    if hole and max(len(c) for c in hole.values()) in (5, 6):
        variant = Variant.OMAHA5 if max(len(c) for c in hole.values()) == 5 else Variant.OMAHA6
    record = HandHistory(
        site="888poker",
        hand_id=hand_id,
        table=t.group("table"),
        started_at=started,
        time_zone=None,
        started_at_utc=None,
        game=Game(
            variant,
            hi_lo,
            structure,
            sb,
            bb,
            currency,
            tournament_id=tid,
            buy_in=t.group("buyin") if tid else None,
            small_bet=small_bet,
            big_bet=big_bet,
        ),
        button=button,
        max_seats=None,
        seats=tuple(seats),
        actions=tuple(actions),
        boards=(tuple(boards),) if boards else (),
        hero=hero,
        hole_cards=hole,
        shows=tuple(shows),
        collects=tuple(out),
        returned=tuple(returned),
        total_pot=pot,
        total_pot_line=ht.line,
        rake=rake,
        file=ht.file,
        line=ht.line,
        offset=ht.offset,
        text=ht.text,
        pot_parts=tuple(parts) if len(gross) > 1 else (),
        pot_parts_basis=PotPartsBasis.NET if len(gross) > 1 else None,
        site_format="888poker",
        collect_order=CollectOrder.UNORDERED,
    )
    return ParsedHand(record, tuple(problems), hand_id=hand_id)


def _pot_sizes(net_in: dict[str, int], live: set[str]) -> list[int]:
    """Gross main and side pots, as the rules build them (levels of live players)."""
    levels = sorted({net_in[p] for p in live if net_in.get(p, 0) > 0})
    out: list[int] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in net_in.values() if c > previous)
        if amount > 0:
            out.append(amount)
        previous = level
    leftover = sum(c - previous for c in net_in.values() if c > previous)
    if leftover > 0:
        if out:
            out[-1] += leftover
        else:
            out.append(leftover)
    return out

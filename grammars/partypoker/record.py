"""PartyPoker: the state of one hand being read, and the record built from it.

Private to :mod:`hhtools.grammars.partypoker` (which describes the format and its
quirks): :class:`_Hand` is what the lines have told so far; :func:`_finish` settles
what the site left implicit (the uncalled bet inside a "wins"/"collected" amount, an
old cash hand's rake, a cash-out's fee and kept pot) and builds the
:class:`~hhtools.model.records.HandHistory`. Money is in minor units throughout.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal

from hhtools.grammars.partypoker import lines as L
from hhtools.grammars._lines import _cards
from hhtools.grammars.base import ParsedHand

from hhtools.model.money import MAX_AMOUNT, AmountOutOfRange, Unit, parse_money
from hhtools.model.records import (
    Action,
    CashOut,
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
    TournamentResult,
    Variant,
)
from hhtools.model.vocab import CollectOrder, PotPartsBasis, ProblemCode

SITE = "partypoker"
_MAX = MAX_AMOUNT
_CUR = {"$": "USD", "€": "EUR", "£": "GBP"}


#: An amount or a seat number no real hand can hold (``out_of_range``): the one class
#: :func:`~hhtools.model.money.parse_money` raises from :data:`MAX_AMOUNT` up.
_OutOfRange = AmountOutOfRange


#: Amounts already read (in range only), by text and unit; bounded in size.
_AMOUNTS: dict[tuple[str, Unit], int] = {}


class _Hand:
    """What one hand's lines have told so far."""

    def __init__(self, ht: HandText) -> None:
        self.ht = ht
        self.hand_id: str | None = None
        self.problems: list[Problem] = []
        self.unit = Unit.CENTS
        self.new = False
        self.seats: list[Seat] = []
        self.names: dict[str, list[str]] = {}  # "name " by first word, longest first
        self.actions: list[Action] = []
        self.street = Street.PREFLOP
        self.put: dict[str, int] = {}  # this street's chips by player (antes excluded)
        self.board: list[str] = []
        self.money: dict[str, int] = {}  # ``put`` of the last street chips went in
        self.last_line: dict[str, int] = {}  # each player's last line putting chips in
        self.hero: str | None = None
        self.hole: dict[str, tuple[str, ...]] = {}
        self.shows: list[Show] = []
        self.wins: list[Collect] = []
        self.cash: dict[str, dict[str, object]] = {}
        self.results: list[TournamentResult] = []
        self.pot_at: int | None = None  # the last "Creating Main Pot" amount
        self.summary = False
        self.pots: list[int] = []
        self.rake: int | None = None
        self.total_line = 0
        self.blinds: tuple[int, int, int] | None = None  # sb, bb, line
        self.alias: dict[str, str] | None = None  # read when an unseated name is met
        self.body: tuple[list[str], int] = ([], 0)
        self.told: set[str] = set()

    def problem(self, line: int, code: ProblemCode, message: str, excerpt: str = "") -> None:
        self.problems.append(
            Problem(self.ht.file, line, self.hand_id, code, message, excerpt[:200])
        )

    def amt(self, text: str) -> int:
        """``text`` ("$0.50 USD", "1,830", "0.10") in this hand's minor units."""
        key = (text, self.unit)
        v = _AMOUNTS.get(key)
        if v is None:
            bare = (
                text.replace("USD", "").replace("EUR", "").replace("GBP", "").replace("chips", "")
            )
            v = parse_money(bare.strip(), self.unit)
            if v >= _MAX:
                raise _OutOfRange(f"amount out of range: {text}")
            if len(_AMOUNTS) < 1 << 16:
                _AMOUNTS[key] = v
        return v


def _cardlist(text: str) -> tuple[str, ...]:
    return _cards(text.replace(",", " "))


def _seatno(text: str) -> int:
    """A seat number, button or table size; over 1000 is ``out_of_range``."""
    n = int(text)
    if n > 1000:
        raise _OutOfRange(f"seat number out of range: {n}")
    return n


def _uncalled(h: _Hand) -> tuple[str, int, int] | None:
    """The last street's bet nobody called: (player, excess, line of their last action)."""
    d = h.money
    if not d:
        return None
    ranked = sorted(d.items(), key=lambda kv: kv[1], reverse=True)
    top = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    if top[1] > second:
        return top[0], top[1] - second, h.last_line[top[0]]
    return None


def _finish(h: _Hand, lines: list[str], hd: dict[str, object]) -> ParsedHand:
    end = h.ht.line + len(lines) - 1
    if not h.seats:
        h.problem(h.ht.line, ProblemCode.NO_SEATS, "hand has no seat lines", lines[0])
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    if (h.new and (not h.summary or h.rake is None)) or (not h.new and not h.wins):
        h.problem(end, ProblemCode.TRUNCATED_HAND,
                  "hand has no summary or winner (cut short?)", lines[-1])  # fmt: skip
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    if _twice(h, end):
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    returned: list[Returned] = []
    collects = list(h.wins)
    unc = _uncalled(h)
    if unc is not None:
        who, excess, line = unc
        returned.append(Returned(who, excess, line, True))
        mine = [c for c in collects if c.player == who]
        exact = next((c for c in mine if c.amount == excess and (c.pot or len(mine) > 1)), None)
        if exact is not None:
            collects.remove(exact)
        elif mine:
            big = max(mine, key=lambda c: c.amount)
            j = collects.index(big)
            rest = big.amount - excess
            if rest > 0:
                collects[j] = Collect(big.player, rest, big.pot, big.board, big.line, big.half)
            elif rest == 0:
                del collects[j]
    went_in = sum(a.amount for a in h.actions) - sum(r.amount for r in returned)
    won = sum(c.amount for c in collects)
    cash_outs = []
    if h.new:
        rake = h.rake or 0
        total: int | None = sum(h.pots) + rake
        net = sum(h.pots)
        basis = PotPartsBasis.NET
    else:
        rake = max(went_in - won, 0) if "trny" not in hd else 0
        total, net, basis = None, went_in - rake, None
    for who, c in h.cash.items():
        amount = int(c.get("amount", 0))  # type: ignore[call-overload]
        fee = 0
        if "p" in c and h.pot_at is not None:
            fee = max(int((c["p"] * h.pot_at / 100).quantize(Decimal(1))) - amount, 0)  # type: ignore[operator]
        forfeited = max(net - won, 0) if h.new else 0
        cash_outs.append(CashOut(who, amount, fee, int(c["line"]), forfeited))  # type: ignore[call-overload]
    game = _game(h, hd)
    buy_cur = str(hd.get("buy_cur", "USD"))
    results = tuple(dataclasses.replace(r, currency=buy_cur) for r in h.results)
    record = HandHistory(
        site=SITE, hand_id=h.hand_id or "", table=str(hd.get("table", "")),
        started_at=hd.get("local"), time_zone=str(hd["tz"]), started_at_utc=hd.get("utc"),  # type: ignore[arg-type]
        game=game, button=hd.get("button"), max_seats=hd.get("max"),  # type: ignore[arg-type]
        seats=tuple(h.seats), actions=tuple(h.actions),
        boards=(tuple(h.board),) if h.board else (), hero=h.hero, hole_cards=h.hole,
        shows=tuple(h.shows), collects=tuple(collects), returned=tuple(returned),
        total_pot=total, rake=rake, cash_outs=tuple(cash_outs), file=h.ht.file,
        line=h.ht.line, offset=h.ht.offset, text=h.ht.text,
        pot_parts=tuple(h.pots), pot_parts_basis=basis if h.pots else None, site_format=SITE,
        collect_order=CollectOrder.UNORDERED, total_pot_line=h.total_line,
        tournament_results=results,
    )  # fmt: skip
    return ParsedHand(record, tuple(h.problems), None, h.hand_id)


def _game(h: _Hand, hd: dict[str, object]) -> Game:
    posts = {a.post: a.amount for a in reversed(h.actions) if a.post and not a.all_in}
    sb = posts.get(PostKind.SMALL_BLIND)
    bb = posts.get(PostKind.BIG_BLIND)
    if "stakes" in hd:
        s, b = hd["stakes"]  # type: ignore[misc]
        sb = sb if sb is not None else h.amt(s)
        bb = bb if bb is not None else h.amt(b)
    small_bet = big_bet = None
    if hd["st"] is L.STRUCTURES["FL"]:
        if "bets" in hd:
            small_bet, big_bet = hd["bets"]  # type: ignore[misc]
        elif bb:
            small_bet, big_bet = bb, 2 * bb
        bb = bb if bb is not None else small_bet
        sb = sb if sb is not None else (small_bet or 0) // 2
    currency = str(hd["currency"])
    if h.new and h.seats:
        sym = str(hd.get("sym", "$"))
        currency = _CUR.get(sym[:1], currency)
    return Game(
        Variant.OMAHA,
        bool(hd["hilo"]),
        hd["st"],
        sb or 0,
        bb or 0,
        currency,  # type: ignore[arg-type]
        tournament_id=hd.get("trny"),
        buy_in=hd.get("buyin"),
        level=hd.get("level"),  # type: ignore[arg-type]
        small_bet=small_bet,
        big_bet=big_bet,
    )


def _twice(h: _Hand, end: int) -> bool:
    """A card held by two players, or by a player and the board: ``impossible_cards``."""
    owner: dict[str, str] = {}
    for who, cards in [("board", tuple(h.board)), *h.hole.items()]:
        for c in cards:
            if owner.setdefault(c, who) != who:
                h.problem(end, ProblemCode.IMPOSSIBLE_CARDS,
                          f"{c} is both {owner[c]}'s and {who}'s")  # fmt: skip
                return True
    return False

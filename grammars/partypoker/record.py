"""PartyPoker: the state of one hand being read, and the record built from it.

Private to :mod:`hhtools.grammars.partypoker` (which describes the format and its
quirks): :class:`_Hand` is the kernel's hand state (:class:`~.._hand.Hand`) with what
only PartyPoker writes; :func:`_finish` settles what the site left implicit (the
uncalled bet inside a "wins"/"collected" amount, an old cash hand's rake, a cash-out's
fee and kept pot) and builds the record with the kernel's
:func:`~.._record.build_record`. Money is in minor units throughout.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from hhtools.grammars import _kit as k
from hhtools.grammars.partypoker import lines as L

SITE = "partypoker"
_CUR = {"$": "USD", "€": "EUR", "£": "GBP"}


#: An amount or a seat number no real hand can hold (``out_of_range``): the one class
#: :func:`~hhtools.model.money.parse_money` raises from :data:`MAX_AMOUNT` up.
_OutOfRange = k.AmountOutOfRange


#: Amounts already read (in range only), by text and unit; bounded in size.
_AMOUNTS: dict[tuple[str, k.Unit], int] = {}


@dataclass(slots=True)
class _Head:
    """What a hand's header and table line say of its game (amounts in minor units;
    texts as the site writes them)."""

    tz: str = ""  # the zone abbreviation of the time ("EST")
    local: datetime | None = None  # the site's clock
    utc: datetime | None = None  # ``None`` for a zone this grammar does not know
    currency: str = "USD"
    hilo: bool = False
    structure: k.BettingStructure = k.BettingStructure.POT_LIMIT
    stakes: tuple[str, str] | None = None  # the new format's blinds ("0.10", "0.25")
    bets: tuple[int, int] | None = None  # an old limit game's small and big bet
    trny: str | None = None  # a tournament's id, level, buy-in and its currency
    level: str | None = None
    buyin: str | None = None
    buy_cur: str = "USD"
    sym: str | None = None  # the first seat amount's currency sign ("$56.64")
    posted: bool = False  # an old tournament's silent blinds posted


class _Hand(k.Hand):
    """A PartyPoker hand being read: the kernel's hand (seats, betting, cards, shows,
    collects, board, summary, rake...) and what only PartyPoker writes."""

    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.new = False  # the new format (2016 on)
        self.head = _Head()  # the header's game, stakes, time, currency
        self.cash: dict[str, dict[str, object]] = {}  # cash-out lines by player
        self.results: list[k.TournamentResult] = []
        self.pot_at: int | None = None  # the last "Creating Main Pot" amount
        self.pots: list[int] = []  # the new summary's pot parts (net of rake)
        self.blinds: tuple[int, int, int] | None = None  # a tournament's: sb, bb, line
        self.alias: dict[str, str] | None = None  # read when an unseated name is met
        self.body: tuple[list[str], int] = ([], 0)
        self.told: set[str] = set()
        self.balanced: set[str] = set()  # the new summary's players with a balance line
        self.unnamed = False  # an old "wins" line named no pot ("wins [$5 USD]")
        self.named = False  # an old "wins" line named its pot
        self.cut_wins = 0  # the line of an old "wins" line that reads as cut inside

    def amt(self, text: str) -> int:
        """``text`` ("$0.50 USD", "1,830", "0.10") in this hand's minor units."""
        key = (text, self.unit)
        v = _AMOUNTS.get(key)
        if v is None:
            bare = (
                text.replace("USD", "").replace("EUR", "").replace("GBP", "").replace("chips", "")
            )
            v = self.money(bare.strip())
            if len(_AMOUNTS) < 1 << 16:
                _AMOUNTS[key] = v
        return v


def _cardlist(text: str) -> tuple[str, ...]:
    return k.cards(text.replace(",", " "))


def _take_return(h: _Hand) -> tuple[list[k.Returned], list[k.Collect]]:
    """The last street's bet nobody called (:meth:`Hand.uncalled`, on the line its
    player last put chips in), taken off that player's "wins"/"collected": a winnings
    line of exactly that amount in a side pot (or beside another) is the return itself."""
    collects = list(h.collects)
    back = h.uncalled()
    if back is None:
        return [], collects
    who, excess = back.player, back.amount
    line = max((a.line for a in h.actions if a.player == who and a.amount), default=back.line)
    mine = [c for c in collects if c.player == who]
    exact = next((c for c in mine if c.amount == excess and (c.pot or len(mine) > 1)), None)
    if exact is not None:
        collects.remove(exact)
    elif mine:
        big = max(mine, key=lambda c: c.amount)
        j = collects.index(big)
        rest = big.amount - excess
        if rest > 0:
            # ``dataclasses.replace(big, amount=rest)``, built by position
            collects[j] = k.Collect(big.player, rest, big.pot, big.board, big.line, big.half)
        elif rest == 0:
            del collects[j]
    return [k.Returned(who, excess, line, True)], collects


def _side_pot_lost(h: _Hand, returned: list[k.Returned], collects: list[k.Collect],
                   left: int) -> bool:  # fmt: skip
    """Whether a pot of an old-format hand has no "wins" line and its chips were not
    paid on another's (:func:`~hhtools.grammars._pots.pot_unpaid`; ``left``: what went
    in less what was won): the old format ends with its wins lines, each naming its
    pot, so a side pot too small for the nine-tenths check (a file cut before "wins $1
    USD from the side pot 1") was lost whole, its chips read as rake. A line that names
    no pot pays the main pot: one that pays every chip ("Alpha wins $18.25 USD") leaves
    nothing unpaid."""
    put: dict[str, int] = {}
    folded: set[str] = set()
    big = 0  # the big blind posted: a "big blind + dead" post's dead part is over it
    for a in h.actions:
        put[a.player] = put.get(a.player, 0) + a.amount
        if a.kind is k.ActionKind.FOLD:
            folded.add(a.player)
        elif a.post is k.PostKind.BIG_BLIND:
            big = max(big, a.amount)
    net_in = k.live_put(put, h.actions, big)
    for r in returned:
        net_in[r.player] = net_in.get(r.player, 0) - r.amount
    unpaid = k.pot_unpaid(collects, net_in, {p for p in net_in if p not in folded})
    return 0 < unpaid <= left


def _cash_outs(h: _Hand, net: int, won: int) -> tuple[k.CashOut, ...]:
    """The cash-outs: the amount paid, its fee (probability x the pot at the cash-out,
    less the amount) and, in the new format, the pot part the player forfeited."""
    out = []
    for who, c in h.cash.items():
        amount = int(c.get("amount", 0))  # type: ignore[call-overload]
        fee = 0
        p = c.get("p")
        if isinstance(p, Decimal) and h.pot_at is not None:
            fee = max(int((p * h.pot_at / 100).quantize(Decimal(1))) - amount, 0)
        forfeited = max(net - won, 0) if h.new else 0
        line = int(c["line"])  # type: ignore[call-overload]
        out.append(k.CashOut(who, amount, fee, line, forfeited))
    return tuple(out)


def _finish(h: _Hand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    """The end checks (no seats, cut short, a card dealt twice), then the record."""
    end = line + len(lines) - 1
    if not h.seats:
        h.problem(line, k.ProblemCode.NO_SEATS, "hand has no seat lines", lines[0])
        return k.no_record(h)
    if (h.new and (not h.summary or h.rake is None)) or (not h.new and not h.collects):
        h.problem(end, k.ProblemCode.TRUNCATED_HAND,
                  "hand has no summary or winner (cut short?)", lines[-1])  # fmt: skip
        return k.no_record(h)
    # the new summary writes a balance line for every player: one who put chips in
    # and has none is past the text's end (a file cut inside the summary)
    if h.new and any(v and p not in h.balanced for p, v in h.put.items()):
        h.problem(end, k.ProblemCode.TRUNCATED_HAND,
                  "the summary stops before every player's balance line (cut short?)",
                  lines[-1])  # fmt: skip
        return k.no_record(h)
    if _twice(h, end):
        return k.no_record(h)
    returned, collects = _take_return(h)
    if h.new and _cards_cut(h, collects, end):
        h.problem(end, k.ProblemCode.TRUNCATED_HAND,
                  "a showdown winner's balance line ends at its net, without the cards "
                  "(cut short?)", lines[-1])  # fmt: skip
        return k.no_record(h)
    won = sum(c.amount for c in collects)
    went_in = sum(a.amount for a in h.actions) - sum(r.amount for r in returned)
    if not h.new and k.short_paid(went_in, won):  # the old format ends with its wins lines
        h.problem(end, k.ProblemCode.TRUNCATED_HAND,
                  "the 'wins' lines pay out less than nine tenths of the pot (cut short?)",
                  lines[-1])  # fmt: skip
        return k.no_record(h)
    if not h.new and h.cut_wins == end:  # the hand's last line, its wins line cut
        h.problem(end, k.ProblemCode.TRUNCATED_HAND, "the last 'wins' line is cut inside "
                  "(cut short?)", lines[-1])  # fmt: skip
        return k.no_record(h)
    if not h.new and _side_pot_lost(h, returned, collects, went_in - won):
        h.problem(end, k.ProblemCode.TRUNCATED_HAND, "a pot has no 'wins' line (cut short?)",
                  lines[-1])  # fmt: skip
        return k.no_record(h)
    rake, total, net = _pot(h, went_in, won)
    # the old wins lines name their pots: what each paid is its part after its rake (a
    # side pot paid whole, the rake all from the main pot, was two false findings)
    parts = tuple(h.pots) if h.new or h.unnamed else k.paid_parts(collects, net)
    hd = h.head
    record = k.build_record(
        h, site=SITE, game=_game(h, hd), line=line, text=text, offset=offset,
        started_at=hd.local, time_zone=hd.tz, started_at_utc=hd.utc,
        collects=tuple(collects), returned=tuple(returned), total_pot=total, rake=rake,
        cash_outs=_cash_outs(h, net, won), pot_parts=parts,
        pot_parts_basis=k.PotPartsBasis.NET if parts else None,
        collect_order=k.CollectOrder.UNORDERED,
        pots_named=not h.new,  # a new summary's "collected" is the player's total
        tournament_results=tuple(dataclasses.replace(r, currency=hd.buy_cur) for r in h.results),
    )  # fmt: skip
    return k.ParsedHand(record, tuple(h.problems), None, h.hand_id)


def _cards_cut(h: _Hand, collects: list[k.Collect], end: int) -> bool:
    """Is the new summary's last line (``end``) a winner's balance line cut after its
    net ("net +$1.58" of "net +$1.58[ Ah, Kd, Qh, Jc ] [ one pair, kings -- ..]")? It is
    when that player won from the pot (a collect beyond the uncalled bet returned) at a
    showdown (another player not folded showed cards) and shows none: the site shows
    every showdown winner's cards on that line (the corpora's and fixtures' lines); a
    winner of an uncontested pot shows none, a whole line of the kind."""
    won = {c.player for c in collects if c.line == end and c.amount > 0}
    if not won:
        return False
    shown = {s.player for s in h.shows}
    return not won & shown and any(p not in h.folded for p in shown - won)


def _pot(h: _Hand, went_in: int, won: int) -> tuple[int, int | None, int]:
    """``(rake, total pot, pot net of rake)``: the new summary's ("Main Pot: $38.50
    Rake: $2.0", the parts net of rake); the old format's rake is what went in less
    what was won (none in tournaments), its total pot unnamed (``None``)."""
    if h.new:
        net = sum(h.pots)
        return h.rake or 0, net + (h.rake or 0), net
    rake = max(went_in - won, 0) if h.head.trny is None else 0
    return rake, None, went_in - rake


def _game(h: _Hand, hd: _Head) -> k.Game:
    """The game: the blinds posted (the last of each kind, not all-in), else the
    header's; a limit game's bets from the header, else from the big blind."""
    posts = {a.post: a.amount for a in reversed(h.actions) if a.post and not a.all_in}
    sb = posts.get(k.PostKind.SMALL_BLIND)
    bb = posts.get(k.PostKind.BIG_BLIND)
    if hd.stakes is not None:
        sb = sb if sb is not None else h.amt(hd.stakes[0])
        bb = bb if bb is not None else h.amt(hd.stakes[1])
    small_bet = big_bet = None
    if hd.structure is k.BettingStructure.LIMIT:
        if hd.bets is not None:
            small_bet, big_bet = hd.bets
        elif bb:
            small_bet, big_bet = bb, 2 * bb
        bb = bb if bb is not None else small_bet
        sb = sb if sb is not None else (small_bet or 0) // 2
    currency = hd.currency
    if h.new and h.seats:
        currency = _CUR.get((hd.sym or "$")[:1], currency)
    return k.Game(k.Variant.OMAHA, hd.hilo, hd.structure, sb or 0, bb or 0, currency,
                tournament_id=hd.trny, buy_in=hd.buyin, level=hd.level,
                small_bet=small_bet, big_bet=big_bet)  # fmt: skip


def _twice(h: _Hand, end: int) -> bool:
    """A card held by two players, or by a player and the board: ``impossible_cards``."""
    owner: dict[str, str] = {}
    for who, cards in [("board", tuple(h.board)), *h.hole.items()]:
        for c in cards:
            if owner.setdefault(c, who) != who:
                h.problem(end, k.ProblemCode.IMPOSSIBLE_CARDS,
                          f"{c} is both {owner[c]}'s and {who}'s")  # fmt: skip
                return True
    return False

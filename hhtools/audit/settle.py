"""Settle one hand by the rules: pots, boards, showdown readings, halves, who is due what.

:func:`settle` turns a parsed hand (what the site *claimed*) into a :class:`HandSettlement`:
what the rules make of it. The audit's checks (:mod:`hhtools.audit.checks`) compare the two;
the store flattens the settlement into rows without recomputing anything. Steps:

1. rebuild the pots from the actions (:func:`hhtools.rules.pots.rebuild`);
2. take the rake out of them: when the summary lists as many pot parts as there are
   pots, its parts as the grammar typed them (``net`` of rake as they are, ``gross``
   with the rake taken from the main pot first); otherwise in proportion to the pot
   sizes, largest remainder first;
3. read every hand shown at showdown by the rules (exactly two hole cards and three
   board cards; ace-to-five low with the game's qualifier), per board;
4. award each pot, on each board, by the rules (:func:`hhtools.rules.settlement.award_pot`);
   a hi/lo pot whose halves the site paid from its halves before rake, the rake taken
   from them as it chose, is awarded with the site's halves (:func:`_raked_halves`:
   the rules do not say which half the rake comes from);
5. put what the site paid beside what the rules give, per pot, half and player. A
   collect line names its half when the site says so; otherwise, when the site format
   declares that it writes a split pot's high half first
   (:attr:`~hhtools.model.vocab.CollectOrder.HIGH_THEN_LOW`), the prefix of the lines
   that adds up to the high half is the high half (or, when the amounts allow it and
   only so is each line paid from a half its player won, the low half); otherwise lines
   stay whole (``all``).

Run it twice: each pot is shared between the boards, the first board taking the odd
units. All money is integer minor units (cents or chips).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hhtools.model.frozen import maker, record
from hhtools.model.records import Collect, HandHistory, Show
from hhtools.model.vocab import CollectOrder, Half, PotPartsBasis
from hhtools.rules.evaluator import HighHand, LowHand, best_high, best_high_low
from hhtools.rules.pots import Pot, PotRebuild, rebuild
from hhtools.rules.settlement import Contender, PotAward, award_pot

__all__ = ["AwardLine", "HandSettlement", "PotSettlement", "ShowdownHand", "settle", "split_rake"]


@record
class ShowdownHand:
    """A hand shown at showdown, read by the rules on one board.

    Attributes:
        player: screen name.
        board: board index (0, or 1 for a second run).
        hole: the hole cards shown.
        high: the best high by the 2+3 rule; ``None`` when the board is not complete
            or fewer than all of the hole cards were shown (not 4 to 6 cards).
        low: the best qualifying low; ``None`` when none (or a high-only game).
        show: the site's show line this reading comes from (its claims and line).
    """

    player: str
    board: int
    hole: tuple[str, ...]
    high: HighHand | None
    low: LowHand | None
    show: Show

    @property
    def line(self) -> int:
        """Source line of the show."""
        return self.show.line


@record
class AwardLine:
    """One player's part of one half of one pot: what the site paid, what the rules give.

    Attributes:
        player: screen name.
        half: ``high``, ``low`` or ``all`` (the whole pot, or halves not told apart).
        paid: minor units the site's collect lines paid.
        due: minor units the rules give; ``None`` when the pot could not be awarded.
        share: the exact fraction of the pot due, before rounding (``1/4`` for a
            quarter); ``None`` when the pot could not be awarded.
        scoop: the player alone won the whole pot at showdown (two or more eligible).
        quarter: the player won part of a tied half of a halved pot.
        line: source line of the player's first collect line for this pot, else 0.
    """

    player: str
    half: Half
    paid: int
    due: int | None
    share: Fraction | None
    scoop: bool | None
    quarter: bool | None
    line: int = 0


@record
class PotSettlement:
    """One pot on one board.

    Attributes:
        board: board index.
        pot: 0 for the main pot, k for side pot k.
        gross: the pot's chips before rake (all boards together).
        net: after rake, this board's share: what the rules award.
        eligible: players who may win it, clockwise from the button.
        award: how the rules award it; ``None`` when they cannot (cards unknown).
        lines: paid and due per player and half, players sorted, halves sorted.
    """

    board: int
    pot: int
    gross: int
    net: int
    eligible: tuple[str, ...]
    award: PotAward | None
    lines: tuple[AwardLine, ...]


@record
class HandSettlement:
    """Everything the rules make of one hand.

    Attributes:
        rebuild: what the actions put in, returned and folded; the gross pots.
        pots: every pot on every board, board by board, main pot first.
        showdown: every shown hand read by the rules, board by board.
        went_to_showdown: two or more hands were shown on some board.
        cashed_out: players who cashed out the hand (the site settled with them
            instead of awarding their pots).
    """

    rebuild: PotRebuild
    pots: tuple[PotSettlement, ...]
    showdown: tuple[ShowdownHand, ...]
    went_to_showdown: bool
    cashed_out: frozenset[str]

    def won(self, player: str, board: int) -> int:
        """Minor units the rules give ``player`` on ``board``, over every pot."""
        return sum(
            p.award.due(player, Half.ALL) for p in self.pots if p.board == board and p.award
        )


def split_rake(gross: list[int], rake: int) -> list[int]:
    """Net pots: ``rake`` taken in proportion to pot size, largest remainder first.

    Args:
        gross: pot sizes before rake, minor units.
        rake: the rake, minor units.

    Returns:
        Pot sizes after rake; they add up to ``sum(gross) - rake`` (never below 0: a
        rake larger than the pots takes them all).

    >>> split_rake([300, 100], 10)
    [292, 98]
    >>> split_rake([1, 1, 1], 2)
    [0, 0, 1]
    >>> split_rake([5, 5], 30)
    [0, 0]
    """
    total = sum(gross)
    if rake <= 0 or total <= 0:
        return list(gross)
    rake = min(rake, total)  # a rake over the pot (a damaged line): the chip balance says so
    if len(gross) == 1:
        return [total - rake]  # one pot takes the whole rake
    shares = [rake * g // total for g in gross]
    rest = rake - sum(shares)
    order = sorted(range(len(gross)), key=lambda i: (-(rake * gross[i] % total), i))
    for i in order[:rest]:
        shares[i] += 1
    return [g - s for g, s in zip(gross, shares, strict=True)]


def _net_pots(hand: HandHistory, pots: tuple[Pot, ...]) -> list[int]:
    """Each pot after rake, fees and jackpot (step 2 of the module docstring); money the
    room added goes to the main pot."""
    gross = [p.amount for p in pots]
    if gross and hand.room_added:
        gross[0] += hand.room_added
    taken = hand.rake + hand.fees + hand.jackpot
    parts = list(hand.pot_parts)
    if parts and len(parts) == len(gross):
        if hand.pot_parts_basis is PotPartsBasis.NET:
            if all(part <= size for part, size in zip(parts, gross)):
                return parts
            # a pot "after rake" larger than the pot: no pot's size (a short all-in's
            # line paid the side pots too, read as the main pot's part); by sizes
            return split_rake(gross, taken)
        if hand.pot_parts_basis is PotPartsBasis.GROSS:
            for i, amount in enumerate(parts):
                take = min(amount, taken)
                parts[i] = amount - take
                taken -= take
            return parts
    return split_rake(gross, taken)


def _shown(hand: HandHistory) -> dict[tuple[str, int], Show]:
    """The show line that speaks for each (player, board): showdown before summary."""
    out: dict[tuple[str, int], Show] = {}
    for show in hand.shows:
        key = (show.player, show.board)
        prior = out.get(key)
        if prior is None or (prior.description is None and show.description is not None):
            out[key] = show
    return out


def _read(hand: HandHistory, board_index: int, board: tuple[str, ...], show: Show) -> ShowdownHand:
    """A shown hand read by the rules on a five-card board, when the show holds the
    game's number of hole cards (the variant's, from the game line: 2 to 7); else it
    is not read (``high`` ``None``). It read any four to six cards: a two- or
    seven-card game's showdown was never judged, and four cards of a five-card game
    were judged as a whole hand, five of a four-card game as one the game deals."""
    hole = show.cards
    high: HighHand | None = None
    low: LowHand | None = None
    if len(board) == 5 and len(hole) == hand.game.variant.hole_cards:
        if hand.game.hi_lo:
            high, low = best_high_low(hole, board, hand.game.qualifier)
        else:
            high = best_high(hole, board)
    return _showdown(show.player, board_index, hole, high, low, show)


def _award(
    hand: HandHistory, pot: Pot, amount: int, readings: dict[str, ShowdownHand],
    halves: tuple[int, int] | None = None,
) -> PotAward | None:
    if len(pot.eligible) == 1:
        return award_pot(amount, [_contender(pot.eligible[0], 0, None)], False)
    contenders = []
    for p in pot.eligible:
        r = readings.get(p)
        if r is None or r.high is None and len(r.hole) < hand.game.variant.hole_cards:
            # mucked, or part of the hand shown: a hand is considered for the pot
            # only when the player shows all his hole cards (seed 002)
            continue
        if r.high is None:
            return None  # more hole cards than dealt: the pot is not judged (the
            # reading states it: a bad_cards problem on the line, grammars/_valid.py)
        contenders.append(_contender(p, r.high.value, r.low.value if r.low else None))
    if not contenders:
        return None
    return award_pot(amount, contenders, hand.game.hi_lo, hand.odd_chips, halves)


def _raked_halves(
    paid: dict[tuple[str, Half], int], award: PotAward | None, gross: int, net: int
) -> tuple[int, int] | None:
    """The halves of a split pot as the site paid them, when they differ from the
    rules' halving of the pot after rake only by where the rake came from.

    The rules halve the pot (the odd unit to the high half); where the rake comes from
    they do not say: a site may halve the pot before rake and take the rake from the
    halves as it chooses (Full Tilt's $8 hi/lo pot, rake $0.25: $3.90 high, $3.85 low).
    So when the site's two halves add up to the pot after rake and each lies between
    its half of the pot before rake less the whole rake and that half, they are the
    halves awarded; ``None`` otherwise (the rules' halves are compared).

    >>> from hhtools.rules.settlement import Contender, award_pot
    >>> a = award_pot(775, [Contender("h", 9, None), Contender("l", 1, 8000)], True)
    >>> _raked_halves({("h", Half.HIGH): 390, ("l", Half.LOW): 385}, a, 800, 775)
    (390, 385)
    >>> _raked_halves({("h", Half.HIGH): 400, ("l", Half.LOW): 375}, a, 800, 775)
    (400, 375)
    >>> _raked_halves({("h", Half.HIGH): 401, ("l", Half.LOW): 374}, a, 800, 775) is None
    True
    """
    if award is None or not award.split or gross <= net:
        return None
    high = sum(a for (_, h), a in paid.items() if h is Half.HIGH)
    low = sum(a for (_, h), a in paid.items() if h is Half.LOW)
    if any(h is Half.ALL for _, h in paid) or high + low != net:
        return None
    if (high, low) == (award.half_amounts[Half.HIGH], award.half_amounts[Half.LOW]):
        return None
    return (high, low) if _within(high, low, gross, net) else None


def _within(high: int, low: int, gross: int, net: int) -> bool:
    """Whether halves ``high`` and ``low`` paid from a pot of ``gross`` before rake and
    ``net`` after it are its halves before rake, the rake taken from them in some
    proportion: they add up to ``net`` and each lies between its half before rake
    (the odd unit to the high half) less the whole rake, and that half.

    >>> _within(390, 385, 800, 775), _within(388, 387, 800, 775), _within(401, 374, 800, 775)
    (True, True, False)
    """
    rake, gross_low = gross - net, gross // 2
    gross_high = gross - gross_low
    return (high + low == net and gross_high - rake <= high <= gross_high
            and gross_low - rake <= low <= gross_low)  # fmt: skip


def _paid(
    hand: HandHistory, collects: list[Collect], award: PotAward | None, gross: int = 0
) -> dict[tuple[str, Half], int]:
    """What the site paid from one pot on one board, per (player, half).

    Lines that name no half, of a format writing the high half's lines first, are cut
    where what comes before is the rules' high half and what comes after the low half;
    failing that (``gross``, the pot before rake, given), at the one cut whose halves
    differ from the rules' only by where the rake came from (:func:`_within`). When the
    amounts allow the low half first as well (equal halves, or rake taken unevenly) and
    only that reading pays each line from a half its player won, it is the reading."""
    paid: dict[tuple[str, Half], int] = {}
    if collects and all(c.half is not None for c in collects):
        for c in collects:
            key = (c.player, c.half or _ALL)
            paid[key] = paid.get(key, 0) + c.amount
        return paid
    halves = award.half_amounts if award is not None else {}
    if hand.collect_order is _HIGH_THEN_LOW and _LOW in halves and award is not None:
        high_first = _cut_at(collects, halves[_HIGH], halves[_LOW], gross, award.amount)
        if high_first is not None:
            paid = _cut(collects, high_first, _HIGH, _LOW)
            if _fits(paid, award):
                return paid
            # the amounts may allow the low half's lines first too (equal halves, rake taken
            # unevenly): read so when only that way each line is paid from a half its player won
            low_first = _cut_at(collects, halves[_LOW], halves[_HIGH], gross, award.amount, True)
            if low_first is not None:
                other = _cut(collects, low_first, _LOW, _HIGH)
                if _fits(other, award):
                    return other
            return paid
    for c in collects:
        paid[(c.player, _ALL)] = paid.get((c.player, _ALL), 0) + c.amount
    return paid


def _cut_at(
    collects: list[Collect], first: int, then: int, gross: int, net: int, low_first: bool = False
) -> int | None:
    """Where the lines split into a half of ``first`` units then one of ``then`` (the
    high half first, or with ``low_first`` the low half): the first cut whose parts
    are those amounts; failing that (``gross`` given), the one cut whose halves differ
    from them only by where the rake came from (:func:`_within`); ``None``."""
    cuts = [0]
    for c in collects:
        cuts.append(cuts[-1] + c.amount)
    total = cuts[-1]
    for k, run in enumerate(cuts):
        if (run, total - run) == (first, then):
            return k
    if not gross:
        return None
    near = [k for k, run in enumerate(cuts) if 0 < k < len(collects) and (
        _within(total - run, run, gross, net) if low_first else _within(run, total - run, gross, net))]
    return near[0] if len(near) == 1 else None


def _cut(
    collects: list[Collect], at: int, first: Half, then: Half
) -> dict[tuple[str, Half], int]:
    """The lines before index ``at`` paid from half ``first``, the rest from ``then``,
    per (player, half)."""
    paid: dict[tuple[str, Half], int] = {}
    for i, c in enumerate(collects):
        key = (c.player, first if i < at else then)
        paid[key] = paid.get(key, 0) + c.amount
    return paid


def _fits(paid: dict[tuple[str, Half], int], award: PotAward) -> bool:
    """True when every unit of ``paid`` (per player and half) comes from a half its
    player won by ``award``."""
    return all(
        not amount or p in (award.high_winners if h is _HIGH else award.low_winners)
        for (p, h), amount in paid.items())


def _lines(
    paid: dict[tuple[str, Half], int],
    award: PotAward | None,
    eligible: tuple[str, ...],
    first_line: dict[str, int],
) -> tuple[AwardLine, ...]:
    """Paid beside due for every player paid or due something, half by half."""
    if award is None:
        return tuple(_line(p, h, a, None, None, None, None, first_line.get(p, 0))
                     for (p, h), a in paid.items())  # fmt: skip
    halves = {h for _, h in paid}
    split = award.split
    order: tuple[Half, ...] | list[Half] = _ALL_ONLY
    if split and halves <= _HALVES:
        order = _HALVES_SORTED
    elif halves:
        order = sorted(halves)
    players = {p for p, _ in paid}
    for p, s in award.shares.items():  # (a loop: no generator for a pot's few players)
        if s.total:
            players.add(p)
    out = []
    several = len(eligible) > 1
    if len(order) == 1 and order[0] is _ALL:
        # the usual pot, paid whole: the loop below with its one half written out
        shares = award.shares
        for player in sorted(players):
            share = shares.get(player)
            due = share.total if share is not None else 0
            got = paid.get((player, _ALL), 0)
            if not got and not due:
                continue
            out.append(_line(
                player, _ALL, got, due, award.fraction(player, _ALL),
                several and award.scooped(player),
                award.quartered(player) if split else False, first_line.get(player, 0),
            ))  # fmt: skip
        return tuple(out)
    for player in sorted(players):
        scoop = award.scooped(player) and several
        for half in order:
            due = award.due(player, half)
            got = paid.get((player, half), 0)
            if not got and not due:
                continue
            out.append(
                _line(
                    player, half, got, due, award.fraction(player, half), scoop,
                    award.quartered_in(player, half), first_line.get(player, 0),
                )
            )  # fmt: skip
    return tuple(out)


# module constants: enum members (cheaper than class attributes), records' builders (maker)
_showdown, _line, _contender = maker(ShowdownHand), maker(AwardLine), maker(Contender)
_pot_settled, _settled = maker(PotSettlement), maker(HandSettlement)
_ALL, _HIGH, _LOW = Half.ALL, Half.HIGH, Half.LOW
_HIGH_THEN_LOW = CollectOrder.HIGH_THEN_LOW
_HALVES = frozenset({Half.HIGH, Half.LOW})
_HALVES_SORTED = tuple(sorted(_HALVES))
_ALL_ONLY = (Half.ALL,)


def _unpotted(
    hand: HandHistory, awards: dict[tuple[int, int], tuple[int, PotAward | None]],
    pots: tuple[Pot, ...], n_boards: int,
) -> tuple[Collect, ...]:
    """The collect lines of a format that does not say which pot they pay
    (``HandHistory.pots_named`` false), each player's amount given to the pots.

    A player's amount goes to the pots the player could win, main pot first, each
    pot taking up to what the rules give the player there (its whole net share when
    the rules cannot tell: cards unknown), the rest to the last of them: when the site
    paid each player what the rules give over all pots, every pot agrees; when it did
    not, the difference shows on the player's last pot. A player's amount may be
    written on several lines (one a pot won, the pot unnamed): each line fills what
    the lines before it left of those pots, so the lines together are spread as their
    sum would be. A line that is exactly what one of the player's pots still owes
    them (a site writing a line a pot won) is that pot's: a short payment then shows
    on the pot it was short in (Carol's $0.42 side pot line and her $0.10 of a main
    pot owing her $0.11: the cent short showed on the side pot). A collect for one run
    stays on its run; one for no run is spread with the rules' amounts summed over the
    runs. Pots of known sizes (one board, no rake or pot parts given): players in fewer
    pots go first; a line paid wrong fills no pot past what other lines left of it, its
    excess to pots with room first (a tied main pot's odd cent paid wrong shows there).
    """
    out: list[Collect] = []
    given: dict[tuple[str, Half | None, int | None, int], int] = {}  # by earlier lines
    sized = n_boards == 1 and (hand.rake == 0 or bool(hand.pot_parts))  # nets known
    room = {pot.index: awards.get((0, pot.index), (0, None))[0] for pot in pots}
    order = hand.collects if not sized else sorted(
        hand.collects, key=lambda c: sum(c.player in p.eligible for p in pots))
    for c in order:
        runs = range(n_boards) if c.board is None else (c.board,)
        mine = [p for p in pots if c.player in p.eligible] or list(pots[:1])
        caps = []
        for pot in mine:
            cap = 0
            for b in runs:
                share, award = awards.get((b, pot.index), (0, None))
                cap += award.due(c.player, c.half or Half.ALL) if award else share
            caps.append(cap - given.get((c.player, c.half, c.board, pot.index), 0))
        if c.amount > 0 and c.amount in caps and len(mine) > 1:
            # the line is what one pot owes the player (a site writing a line a pot):
            # that pot's, so a short payment shows on the pot it was short in
            k = caps.index(c.amount)
            mine, caps = [mine[k]], [caps[k]]
        left, gives = c.amount, []
        caps = [max(cap, 0) for cap in caps]
        fit = sized and c.amount != sum(caps)  # paid wrong: no pot past what others left
        for i, pot in enumerate(mine):
            cap = caps[i] = min(caps[i], max(room[pot.index], 0)) if fit else caps[i]
            gives.append(left if i == len(mine) - 1 else min(left, cap))
            left -= gives[-1]
        over = gives[-1] - caps[-1]  # paid beyond the rules: to the pots with room first
        for i, pot in enumerate(mine[:-1] if fit and over > 0 else ()):
            more = min(over, max(room[pot.index] - gives[i], 0))
            gives[i], gives[-1], over = gives[i] + more, gives[-1] - more, over - more
        for i, (pot, give) in enumerate(zip(mine, gives)):
            if give or i == len(mine) - 1:
                out.append(replace(c, amount=give, pot=pot.index))
                key = (c.player, c.half, c.board, pot.index)
                given[key], room[pot.index] = given.get(key, 0) + give, room[pot.index] - give
    return tuple(out)


def _unboarded(
    collects: tuple[Collect, ...],
    awards: dict[tuple[int, int], tuple[int, PotAward | None]],
    n_boards: int,
) -> dict[tuple[int, int], list[Collect]]:
    """Collect lines that do not say which run they are for, given to the runs.

    Some sites write a run-it-twice pot's winnings per player without the board
    (``Collect.board`` is ``None``). A player's amount from a pot goes to the runs in
    order, each run taking up to what the rules give the player there, the rest to the
    last run: when the site paid each player what the rules give over all runs, every
    run agrees; when it did not, the difference shows on the last run. A player's
    several lines for one pot (and half) each fill what the lines before left of the
    runs, so they are spread as their sum would be.
    """
    out: dict[tuple[int, int], list[Collect]] = {}
    given: dict[tuple[str, Half | None, int, int], int] = {}  # by earlier lines
    for c in collects:
        if c.board is not None:
            continue
        left = c.amount
        for b in range(n_boards):
            award = awards.get((b, c.pot), (0, None))[1]
            key = (c.player, c.half, c.pot, b)
            had = given.get(key, 0)
            cap = max((award.due(c.player, Half.ALL) if award else 0) - had, 0)
            give = left if b == n_boards - 1 else min(left, cap)
            if give or b == n_boards - 1:
                out.setdefault((b, c.pot), []).append(replace(c, amount=give, board=b))
                given[key] = had + give
            left -= give
    return out


def settle(hand: HandHistory) -> HandSettlement:
    """Settle one hand by the rules (see the module docstring).

    Args:
        hand: a parsed :class:`HandHistory` (any Omaha-family game, any number of boards).

    Returns:
        The :class:`HandSettlement`. A pot whose contenders' cards are unknown has
        ``award`` ``None`` and its lines carry what the site paid only.

    Raises:
        hhtools.model.cards.InvalidCardError: a shown card repeats a board card or
            another shown card (the record is impossible).
        TypeError: compiled path only, ``hand`` not a HandHistory (read in C: slots.pxd).
    """
    rb = rebuild(hand)
    shown = _shown(hand)
    live = [p for p in rb.order if p not in rb.folded]
    boards = hand.boards or ((),)
    n_boards = len(boards)
    net = _net_pots(hand, rb.pots)
    pots: list[PotSettlement] = []
    showdown: list[ShowdownHand] = []
    went = False
    awards: dict[tuple[int, int], tuple[int, PotAward | None]] = {}
    read_on: list[dict[str, ShowdownHand]] = []
    for b, board in enumerate(boards):
        readings: dict[str, ShowdownHand] = {}
        read_on.append(readings)
        for player in live if shown else ():
            show = shown.get((player, b)) or shown.get((player, 0))
            if show is None or show.mucked:
                continue
            readings[player] = sd = _read(hand, b, board, show)
            showdown.append(sd)
        went = went or len(readings) >= 2
        for pot, pot_net in zip(rb.pots, net, strict=True):
            share = pot_net - pot_net // n_boards * (n_boards - 1) if b == 0 else pot_net // n_boards
            awards[(b, pot.index)] = (share, _award(hand, pot, share, readings))
    paid = hand.collects
    if not hand.pots_named and len(rb.pots) > 1:
        paid = _unpotted(hand, awards, rb.pots, n_boards)
    unboarded = _unboarded(paid, awards, n_boards)
    for b in range(n_boards):
        for pot in rb.pots:
            share, award = awards[(b, pot.index)]
            collects = [c for c in paid if c.pot == pot.index and c.board == b]
            collects += unboarded.get((b, pot.index), [])
            first_line: dict[str, int] = {}
            for c in collects:
                first_line.setdefault(c.player, c.line)
            one = n_boards == 1
            paid_here = _paid(hand, collects, award, pot.amount if one else 0)
            halves = _raked_halves(paid_here, award, pot.amount, share) if one else None
            if halves is not None:
                award = _award(hand, pot, share, read_on[b], halves)
                paid_here = _paid(hand, collects, award)
            lines = _lines(paid_here, award, pot.eligible, first_line)
            pots.append(_pot_settled(b, pot.index, pot.amount, share, pot.eligible, award, lines))
    cashed = frozenset([x.player for x in hand.cash_outs])
    return _settled(rb, tuple(pots), tuple(showdown), went, cashed)

"""The audit: re-award every pot by the rules and compare with what the site paid.

For one parsed hand (:class:`hhtools.records.HandHistory`) the audit

1. rebuilds the pots from the actions (:mod:`hhtools.rules.pots`);
2. takes the rake out of them (the site's own split when its summary lists the pot
   parts, else in proportion to the pot sizes, largest remainder first);
3. evaluates every hand shown at showdown (:mod:`hhtools.rules.evaluator`: exactly two hole
   cards and three board cards; ace-to-five low with the game's qualifier);
4. awards each pot and each half (:func:`hhtools.settlement.award_pot`: odd chip of
   the halving to the high half, odd chips of a tied half clockwise from the button);
5. compares with the site's "collected" lines, the chip balance and the site's words
   for each shown hand, and yields :class:`Finding` values.

Finding kinds (shared/DESIGN.md "Findings"): ``award_mismatch``, ``chip_imbalance``,
``declared_misread``, ``mucked_winner``, ``holdem_misread_prone``.

All money is integer minor units (cents or chips).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from hhtools.rules import declared
from hhtools.rules.evaluator import HighHand, LowHand, best_high, best_low
from hhtools.rules.pots import Pot, PotRebuild, rebuild
from hhtools.model.records import HandHistory, Show
from hhtools.rules.settlement import Contender, PotAward, award_pot

AWARD_MISMATCH = "award_mismatch"
CHIP_IMBALANCE = "chip_imbalance"
DECLARED_MISREAD = "declared_misread"
MUCKED_WINNER = "mucked_winner"
HOLDEM_MISREAD_PRONE = "holdem_misread_prone"

FINDING_KINDS = (
    AWARD_MISMATCH,
    CHIP_IMBALANCE,
    DECLARED_MISREAD,
    MUCKED_WINNER,
    HOLDEM_MISREAD_PRONE,
)

_SYMBOL = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "C$"}


def format_money(amount: int, currency: str) -> str:
    """Render minor units for a reader: cents as "$1.25", chips as "1,250".

    Args:
        amount: minor units (cents for a real currency, chips otherwise).
        currency: ISO code, ``PLAY`` or ``CHIPS``.

    >>> format_money(125, "USD"), format_money(-5, "EUR"), format_money(1250, "CHIPS")
    ('$1.25', '-€0.05', '1,250')
    """
    if currency in ("PLAY", "CHIPS", ""):
        return f"{amount:,}"
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), 100)
    symbol = _SYMBOL.get(currency, currency + " ")
    return f"{sign}{symbol}{whole:,}.{cents:02d}"


@dataclass(frozen=True, slots=True)
class Finding:
    """One disagreement between the site and the rules (or a hand worth a look).

    Attributes:
        kind: one of :data:`FINDING_KINDS`.
        player: the player concerned ("" for a hand-wide finding).
        board: 0, or 1 for the second board of a run-it-twice hand.
        pot: 0 for the main pot, k for side pot k (0 for hand-wide findings).
        half: ``high``, ``low`` or ``all``.
        paid: what the site paid or said (minor units; 0 when not money).
        due: what the rules give (minor units).
        explanation: one line a player can read, naming the five cards.
    """

    kind: str
    player: str
    board: int
    pot: int
    half: str
    paid: int
    due: int
    explanation: str


@dataclass(frozen=True, slots=True)
class ShowdownHand:
    """A shown hand, read by the rules on one board.

    ``high`` is ``None`` when the board was not complete; ``low`` is ``None`` when no
    qualifying low (or in a high-only game).
    """

    player: str
    board: int
    hole: tuple[str, ...]
    high: HighHand | None
    low: LowHand | None
    declared_high: str | None
    declared_low: str | None
    mucked: bool


@dataclass(frozen=True, slots=True)
class PotResult:
    """One pot on one board: gross and net amounts, who may win, how the rules award it.

    ``award`` is ``None`` when the rules could not be applied (e.g. contenders' cards
    unknown); ``paid`` maps (player, half) to the site's amount, where half is
    ``high``/``low`` when the site's lines could be attributed to halves, else ``all``.
    """

    board: int
    index: int
    gross: int
    net: int
    eligible: tuple[str, ...]
    award: PotAward | None
    paid: dict[tuple[str, str], int]


@dataclass(slots=True)
class AuditResult:
    """Everything the audit learnt about one hand."""

    rebuild: PotRebuild
    pots: list[PotResult] = field(default_factory=list)
    showdown: list[ShowdownHand] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    went_to_showdown: bool = False


def _split_rake(gross: list[int], rake: int) -> list[int]:
    """Net pots: ``rake`` taken in proportion to pot size, largest remainder first.

    >>> _split_rake([300, 100], 10)
    [292, 98]
    >>> _split_rake([1, 1, 1], 2)
    [0, 0, 1]
    """
    total = sum(gross)
    if rake <= 0 or total <= 0:
        return list(gross)
    shares = [rake * g // total for g in gross]
    rest = rake - sum(shares)
    order = sorted(range(len(gross)), key=lambda i: (-(rake * gross[i] % total), i))
    for i in order[:rest]:
        shares[i] += 1
    return [g - s for g, s in zip(gross, shares, strict=True)]


def _net_pots(hand: HandHistory, pots: tuple[Pot, ...]) -> list[int]:
    """Each pot after rake.

    When the summary lists the pots ("Main pot $x. Side pot-1 $y."), its parts are
    used: PokerStars lists them net of rake (they add up to total pot less rake);
    some converted files list them gross (they add up to the total pot), and then
    the rake is taken from the main pot first. Otherwise the rake is spread over the
    pots in proportion to their size.
    """
    gross = [p.amount for p in pots]
    parts = list(hand.pot_parts)
    if parts and len(parts) == len(gross) and hand.total_pot is not None:
        if sum(parts) + hand.rake == hand.total_pot:
            return parts
        if sum(parts) == hand.total_pot:
            net = list(parts)
            rake = hand.rake
            for i, amount in enumerate(net):
                take = min(amount, rake)
                net[i] = amount - take
                rake -= take
            return net
    return _split_rake(gross, hand.rake)


def _shown(hand: HandHistory) -> dict[tuple[str, int], Show]:
    """The show line that speaks for each (player, board): showdown before summary."""
    out: dict[tuple[str, int], Show] = {}
    for show in hand.shows:
        key = (show.player, show.board)
        prior = out.get(key)
        if prior is None or (prior.description is None and show.description is not None):
            out[key] = show
    return out


def _hand_words(sd: ShowdownHand) -> str:
    if sd.high is None:
        return f"{sd.player}'s {' '.join(sd.hole)}"
    return f"{sd.player}'s {' '.join(sd.high.cards)} ({sd.high.category})"


def _low_words(sd: ShowdownHand) -> str:
    if sd.low is None:
        return f"{sd.player} has no qualifying low"
    return f"{sd.player}'s low {' '.join(sd.low.cards)}"


def _evaluate(
    hand: HandHistory, board_index: int, board: tuple[str, ...], show: Show
) -> ShowdownHand:
    hole = show.cards
    high: HighHand | None = None
    low: LowHand | None = None
    if len(board) == 5 and 4 <= len(hole) <= 6:
        high = best_high(hole, board)
        if hand.game.hi_lo:
            low = best_low(hole, board, hand.game.qualifier)
    return ShowdownHand(
        show.player,
        board_index,
        hole,
        high,
        low,
        show.description,
        show.low_description,
        show.mucked,
    )


def _attribute_halves(
    lines: list[tuple[str, int]], award: PotAward
) -> dict[tuple[str, str], int]:
    """Split a pot's collect lines into halves.

    The site prints the high half's collects first, then the low half's. When a
    prefix of the lines adds up to the rules' high half, that prefix is the high
    half; otherwise the lines stay whole (``all``) and are compared per player.
    """
    paid: dict[tuple[str, str], int] = {}
    halves = award.half_amounts
    if "high" in halves and "low" in halves:
        running = 0
        for cut in range(len(lines) + 1):
            if running == halves["high"] and sum(a for _, a in lines[cut:]) == halves["low"]:
                for i, (player, amount) in enumerate(lines):
                    half = "high" if i < cut else "low"
                    paid[(player, half)] = paid.get((player, half), 0) + amount
                return paid
            if cut < len(lines):
                running += lines[cut][1]
    for player, amount in lines:
        paid[(player, "all")] = paid.get((player, "all"), 0) + amount
    return paid


def _due(award: PotAward, player: str, half: str) -> int:
    share = award.shares.get(player)
    if share is None:
        return 0
    if half == "high":
        return share.high
    if half == "low":
        return share.low
    return share.total


def _pot_label(index: int) -> str:
    return "main pot" if index == 0 else f"side pot {index}"


def audit_hand(hand: HandHistory) -> AuditResult:
    """Audit one hand: rebuild, evaluate, award, compare.

    Args:
        hand: a parsed hand (any Omaha-family game, any number of boards).

    Returns:
        An :class:`AuditResult` with the pots per board, each shown hand's reading,
        and the findings. Never raises for a well-formed record; a hand whose
        showdown cannot be evaluated (cards unknown, board incomplete) gets its
        chip balance checked but no award findings.
    """
    rb = rebuild(hand)
    result = AuditResult(rb)
    currency = hand.game.currency

    def money(amount: int) -> str:
        return format_money(amount, currency)

    total_collected = sum(c.amount for c in hand.collects)
    cashed_out = {c.player for c in hand.cash_outs}

    # --- chip balance -------------------------------------------------------------
    in_pot = rb.total
    if hand.total_pot is not None and hand.total_pot != in_pot:
        result.findings.append(
            Finding(
                CHIP_IMBALANCE, "", 0, 0, "all", hand.total_pot, in_pot,
                f"the site's total pot is {money(hand.total_pot)} but the actions put "
                f"{money(in_pot)} in the middle (after uncalled bets returned)",
            )
        )  # fmt: skip
    paid_out = total_collected + hand.rake
    if not cashed_out and paid_out != in_pot:
        result.findings.append(
            Finding(
                CHIP_IMBALANCE, "", 0, 0, "all", paid_out, in_pot,
                f"collected {money(total_collected)} plus rake {money(hand.rake)} is "
                f"{money(paid_out)}, but {money(in_pot)} was put in the pot",
            )
        )  # fmt: skip

    # --- showdown --------------------------------------------------------------------
    shown = _shown(hand)
    live = [p for p in rb.order if p not in rb.folded]
    boards = hand.boards or ((),)
    n_boards = len(boards)
    net = _net_pots(hand, rb.pots)
    for b, board in enumerate(boards):
        readings: dict[str, ShowdownHand] = {}
        for player in live:
            show = shown.get((player, b)) or shown.get((player, 0))
            if show is None or show.mucked:
                continue
            sd = _evaluate(hand, b, board, show)
            readings[player] = sd
            result.showdown.append(sd)
        if len(readings) >= 2:
            result.went_to_showdown = True
        for pot, pot_net in zip(rb.pots, net, strict=True):
            share = pot_net - pot_net // n_boards * (n_boards - 1) if b == 0 else pot_net // n_boards
            lines = [
                (c.player, c.amount) for c in hand.collects if c.pot == pot.index and c.board == b
            ]
            award = _award(hand, pot, share, readings)
            paid = _attribute_halves(lines, award) if award else {
                (p, "all"): a for p, a in lines
            }
            result.pots.append(PotResult(b, pot.index, pot.amount, share, pot.eligible, award, paid))
            if award is not None and not cashed_out:
                _compare(hand, b, pot, award, paid, readings, result, money)

    # --- declared readings, then the hands worth a look (misreads.py) ------------------
    for sd in result.showdown:
        _check_declared(sd, result)
    from hhtools.audit.misreads import extra_findings

    result.findings.extend(extra_findings(hand, result))
    return result


def _award(
    hand: HandHistory, pot: Pot, amount: int, readings: dict[str, ShowdownHand]
) -> PotAward | None:
    if len(pot.eligible) == 1:
        return award_pot(amount, [Contender(pot.eligible[0], 0, None)], False)
    contenders = [
        Contender(p, readings[p].high.value, readings[p].low.value if readings[p].low else None)
        for p in pot.eligible
        if p in readings and readings[p].high is not None
    ]
    if not contenders:
        return None
    return award_pot(amount, contenders, hand.game.hi_lo)


def _compare(
    hand: HandHistory,
    board: int,
    pot: Pot,
    award: PotAward,
    paid: dict[tuple[str, str], int],
    readings: dict[str, ShowdownHand],
    result: AuditResult,
    money: Callable[[int], str],
) -> None:
    halves = {h for _, h in paid} or {"all"}
    players = {p for p, _ in paid} | {p for p, s in award.shares.items() if s.total}
    for half in sorted(halves):
        for player in sorted(players):
            got = paid.get((player, half), 0)
            due = _due(award, player, half)
            if got == due:
                continue
            where = _pot_label(pot.index) + ("" if half == "all" else f", {half} half")
            if board:
                where += f", board {board + 1}"
            reason = _reason(award, half, readings, pot, hand.game.hi_lo)
            result.findings.append(
                Finding(
                    AWARD_MISMATCH, player, board, pot.index, half, got, due,
                    f"{where}: the site paid {player} {money(got)}, the rules give "
                    f"{money(due)}; {reason}",
                )
            )  # fmt: skip


def _reason(
    award: PotAward, half: str, readings: dict[str, ShowdownHand], pot: Pot, hi_lo: bool
) -> str:
    if len(pot.eligible) == 1:
        return f"{pot.eligible[0]} alone could win this pot (nobody else covered it)"
    parts = []
    if half in ("high", "all"):
        names = " and ".join(_hand_words(readings[p]) for p in award.high_winners if p in readings)
        if names:
            parts.append(f"high: {names}")
    if hi_lo and half in ("low", "all"):
        if award.low_winners:
            parts.append(
                "low: " + " and ".join(_low_words(readings[p]) for p in award.low_winners)
            )
        else:
            parts.append("no low qualifies, the high takes the whole pot")
    return "; ".join(parts) if parts else "by the rules"


def _check_declared(sd: ShowdownHand, result: AuditResult) -> None:
    if sd.high is None or sd.mucked:
        return
    if sd.declared_high:
        said = declared.read_high(sd.declared_high)
        real = declared.high_key(str(sd.high.category), sd.high.cards)
        if said is not None and said != real:
            result.findings.append(
                Finding(
                    DECLARED_MISREAD, sd.player, sd.board, 0, "high", 0, 0,
                    f"the site says {sd.player} has {sd.declared_high}, but with exactly two "
                    f"hole cards the cards make "
                    f"{declared.describe_high(str(sd.high.category), sd.high.cards)} "
                    f"({' '.join(sd.high.cards)}, {sd.high.category})",
                )
            )  # fmt: skip
    if sd.declared_low:
        said_low = declared.read_low(sd.declared_low)
        real_low = declared.low_key(sd.low.cards) if sd.low else None
        if said_low is not None and said_low != real_low:
            best = " ".join(sd.low.cards) if sd.low else "no qualifying low"
            result.findings.append(
                Finding(
                    DECLARED_MISREAD, sd.player, sd.board, 0, "low", 0, 0,
                    f"the site says {sd.player}'s low is {sd.declared_low}, but the rules "
                    f"give {best}",
                )
            )  # fmt: skip


__all__ = [
    "FINDING_KINDS",
    "AuditResult",
    "Finding",
    "PotResult",
    "ShowdownHand",
    "audit_hand",
    "format_money",
]

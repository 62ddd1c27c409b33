"""Two audit checks about reading hands: ``mucked_winner`` and ``holdem_misread_prone``.

Definitions (shared/DESIGN.md "Findings"):

* ``mucked_winner``: a player whose hole cards are known (dealt to the hero, or
  listed as mucked in the summary) reached the showdown and mucked a hand that, read
  by the rules, would have won a share of a pot they were in.
* ``holdem_misread_prone``: a hand whose hold'em reading (the best five of *all*
  hole and board cards) is a better category than its Omaha reading (exactly two
  hole cards and three board cards): a board flush with one suited hole card, board
  trips with no pair in hand, two pair on the board with one matching card, a
  straight needing one hole card. The classic misreads, useful for training.

:func:`extra_findings` runs both on one audited hand; the audit appends what it
returns to its own findings.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from hhtools.audit.core import (
    HOLDEM_MISREAD_PRONE,
    MUCKED_WINNER,
    AuditResult,
    Finding,
    ShowdownHand,
    format_money,
)
from hhtools.rules.evaluator import HighHand, LowHand, best_high, best_low, best_of_any_five
from hhtools.model.records import HandHistory

#: Category names, worst to best, as the evaluator's ``value >> 20`` indexes them.
_CATEGORY_NAMES = (
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)
_RANK = {r: i for i, r in enumerate("23456789TJQKA", start=2)}


def _has_straight(ranks: set[int]) -> bool:
    """Five consecutive ranks among ``ranks`` (2..14, the ace also plays as 1).

    >>> _has_straight({14, 2, 3, 4, 5}), _has_straight({10, 11, 12, 13, 9}), _has_straight({2, 3, 4, 5, 7})
    (True, True, False)
    """
    present = ranks | ({1} if 14 in ranks else set())
    return any(all(r + k in present for k in range(5)) for r in range(1, 11))


def any_five_category(cards: Sequence[str]) -> int:
    """The best high category (0 = high card .. 8 = straight flush) of any five of ``cards``.

    This is the hold'em way of reading: no rule on how many cards come from the hand.

    Args:
        cards: five or more distinct two-character cards (``"As"``, ``"Td"``).

    Returns:
        The category index, as the evaluator's ``value >> 20``.

    >>> any_five_category("Js Jd Ad Jh Kc As 2s 3h Kd".split())  # board trips + A in hand
    6
    >>> any_five_category("Ah 9h 5h 2h Kd Qh Jc Jd 4s".split())  # one heart in hand
    5
    """
    by_rank = Counter(_RANK[c[0]] for c in cards)
    by_suit: dict[str, set[int]] = {}
    for c in cards:
        by_suit.setdefault(c[1], set()).add(_RANK[c[0]])
    if any(len(rs) >= 5 and _has_straight(rs) for rs in by_suit.values()):
        return 8
    counts = sorted(by_rank.values(), reverse=True)
    if counts[0] >= 4:
        return 7
    if counts[0] >= 3 and len(counts) > 1 and counts[1] >= 2:
        return 6
    if any(len(rs) >= 5 for rs in by_suit.values()):
        return 5
    if _has_straight(set(by_rank)):
        return 4
    if counts[0] >= 3:
        return 3
    if counts[0] >= 2 and len(counts) > 1 and counts[1] >= 2:
        return 2
    if counts[0] >= 2:
        return 1
    return 0


def holdem_reading(hole: Sequence[str], board: Sequence[str]) -> HighHand:
    """The best five of all hole and board cards (the hold'em reading), with its cards.

    Args:
        hole: the hole cards.
        board: the five board cards.

    >>> h = holdem_reading(("As", "2s", "3h", "Kd"), ("Js", "Jd", "Ad", "Jh", "Kc"))
    >>> str(h.category), h.cards
    ('full house', ('Js', 'Jd', 'Jh', 'As', 'Ad'))
    """
    return best_of_any_five((*hole, *board))


def _holdem_findings(result: AuditResult, boards: tuple[tuple[str, ...], ...]) -> list[Finding]:
    out: list[Finding] = []
    for sd in result.showdown:
        if sd.high is None or sd.mucked or sd.board >= len(boards):
            continue
        board = boards[sd.board]
        omaha_cat = sd.high.value >> 20
        if any_five_category((*sd.hole, *board)) <= omaha_cat:
            continue
        holdem = holdem_reading(sd.hole, board)
        out.append(
            Finding(
                HOLDEM_MISREAD_PRONE, sd.player, sd.board, 0, "high", 0, 0,
                f"{sd.player}'s {' '.join(sd.hole)} reads as {holdem.category} "
                f"({' '.join(holdem.cards)}) with any five cards, but with exactly two hole "
                f"cards the best is {sd.high.category} ({' '.join(sd.high.cards)})",
            )
        )  # fmt: skip
    return out


def _mucked_findings(hand: HandHistory, result: AuditResult) -> list[Finding]:
    from hhtools.rules.settlement import Contender, award_pot

    out: list[Finding] = []
    folded = result.rebuild.folded
    shown = {(sd.player, sd.board) for sd in result.showdown if not sd.mucked}
    readings: dict[int, dict[str, ShowdownHand]] = {}
    for sd in result.showdown:
        if not sd.mucked and sd.high is not None:
            readings.setdefault(sd.board, {})[sd.player] = sd
    g = hand.game
    for b, board in enumerate(hand.boards):
        if len(board) != 5 or len(readings.get(b, {})) < 1:
            continue
        for player, hole in hand.hole_cards.items():
            if player in folded or (player, b) in shown or not 4 <= len(hole) <= 6:
                continue
            try:
                high: HighHand = best_high(hole, board)
                low: LowHand | None = best_low(hole, board, g.qualifier) if g.hi_lo else None
            except ValueError:
                continue
            for pr in result.pots:
                if pr.board != b or player not in pr.eligible or pr.award is None:
                    continue
                rivals = [readings[b][p] for p in pr.eligible if p in readings[b]]
                if not rivals:
                    continue
                contenders = [
                    Contender(r.player, r.high.value, r.low.value if r.low else None)  # type: ignore[union-attr]
                    for r in rivals
                ]
                contenders.append(Contender(player, high.value, low.value if low else None))
                contenders.sort(key=lambda c: pr.eligible.index(c.player))
                award = award_pot(pr.net, contenders, g.hi_lo)
                share = award.shares.get(player)
                due = share.total if share is not None else 0
                if due <= 0:
                    continue
                what = f"{' '.join(high.cards)} ({high.category})"
                if low is not None and share is not None and share.low:
                    what += f", low {low.ranks}"
                pot = "main pot" if pr.index == 0 else f"side pot {pr.index}"
                out.append(
                    Finding(
                        MUCKED_WINNER, player, b, pr.index, "all", 0, due,
                        f"{player} mucked {' '.join(hole)} at showdown: {what} would have won "
                        f"{format_money(due, g.currency)} of the {pot}",
                    )
                )  # fmt: skip
    return out


def extra_findings(hand: HandHistory, audit_result: AuditResult) -> list[Finding]:
    """The ``mucked_winner`` and ``holdem_misread_prone`` findings of one audited hand.

    Args:
        hand: the parsed hand.
        audit_result: what :func:`hhtools.audit.audit_hand` made of it.

    Returns:
        New findings (the audit's own are not repeated), in a stable order:
        holdem_misread_prone first, then mucked_winner. ``due`` of a mucked winner
        is what the rules would have given the player from that pot (minor units);
        ``paid`` is 0.
    """
    boards = hand.boards
    found = _holdem_findings(audit_result, boards)
    if audit_result.went_to_showdown or any(sd for sd in audit_result.showdown):
        found += _mucked_findings(hand, audit_result)
    return found


__all__ = ["any_five_category", "extra_findings", "holdem_reading"]

"""The tables of what the audit settled: ``pots``, ``awards``, ``showdowns`` and
``findings`` (:class:`hhtools.audit.settle.HandSettlement` and the checks' findings);
their columns and the rows of one audited hand. A hand imported with ``--no-audit``
has no rows here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hhtools.store.tables._base import KEY as _KEY
from hhtools.store.tables._base import Column, ColumnBatch
from hhtools.store.tables._base import column as _c

if TYPE_CHECKING:
    from hhtools.audit import AuditResult
    from hhtools.audit.settle import HandSettlement
    from hhtools.model.records import HandHistory

__all__ = ["TABLES", "finding_rows", "pot_rows", "showdown_rows"]

TABLES: dict[str, tuple[str, tuple[Column, ...]]] = {
    "pots": (
        "Pots rebuilt from the actions, per board.",
        _KEY
        + (
            _c("board", "INTEGER", "0, or 1 for the second run"),
            _c("pot", "INTEGER", "0 = main pot, 1, 2... side pots"),
            _c("gross", "BIGINT", "chips in the pot before rake (for this board's share)"),
            _c("net", "BIGINT", "after rake: what the rules award"),
            _c("eligible", "VARCHAR[]", "players who may win it, clockwise from the button"),
            _c("high_winners", "VARCHAR[]", "winners of the high half (or whole pot)"),
            _c("low_winners", "VARCHAR[]", "winners of the low half (empty: no low)"),
            _c("hi_lo_split", "BOOLEAN", "the pot was halved (a low qualified)"),
        ),
    ),
    "awards": (
        "What the site paid and what the rules give, per pot, half and player.",
        _KEY
        + (
            _c("board", "INTEGER", "0, or 1 for the second run"),
            _c("pot", "INTEGER", "0 = main pot, 1, 2... side pots"),
            _c("half", "VARCHAR", "high, low, or all (whole pot, or halves not told apart)"),
            _c("player", "VARCHAR", "screen name"),
            _c("paid", "BIGINT", "paid by the site, minor units"),
            _c("due", "BIGINT", "due by the rules, minor units"),
            _c("share", "DOUBLE", "due as a fraction of the pot (0.25 = a quarter)"),
            _c("scoop", "BOOLEAN", "the player alone won the whole pot at showdown"),
            _c("quarter", "BOOLEAN", "the player won part of a tied half"),
        ),
    ),
    "showdowns": (
        "Every hand shown, read by the rules (exactly two hole cards, three board cards).",
        _KEY
        + (
            _c("board", "INTEGER", "0, or 1 for the second run"),
            _c("player", "VARCHAR", "screen name"),
            _c("hole_cards", "VARCHAR", "hole cards shown"),
            _c("high_cards", "VARCHAR", "best high five, reading order"),
            _c("high_category", "VARCHAR", "straight flush ... high card"),
            _c("high_value", "BIGINT", "comparable high value (greater wins)"),
            _c("low_cards", "VARCHAR", "best qualifying low five, NULL if none"),
            _c("low_ranks", "VARCHAR", "low as 7,5,3,2,A"),
            _c("low_value", "BIGINT", "comparable low value (greater wins)"),
            _c("declared_high", "VARCHAR", "the site's words for the high"),
            _c("declared_low", "VARCHAR", "the site's words for the low"),
            _c("won", "BIGINT", "due to the player by the rules on this board, minor units"),
        ),
    ),
    "findings": (
        "Audit findings: one row per disagreement (award_mismatch, chip_imbalance, "
        "declared_misread...).",
        _KEY
        + (
            _c("board", "INTEGER", "0, or 1 for the second run"),
            _c("player", "VARCHAR", "player concerned ('' for the whole hand)"),
            _c("kind", "VARCHAR", "award_mismatch, chip_imbalance, declared_misread, ..."),
            _c("pot", "INTEGER", "0 = main pot, 1, 2... side pots"),
            _c("half", "VARCHAR", "high, low or all"),
            _c("paid", "BIGINT", "what the site paid or stated, minor units"),
            _c("due", "BIGINT", "what the rules give, minor units"),
            _c("explanation", "VARCHAR", "one line naming the five cards"),
            _c("file", "VARCHAR", "source file"),
            _c("line", "INTEGER", "the line the finding is about (a collect, a show, the "
               "total pot), else the hand's first line"),
        ),
    ),
}


def pot_rows(batch: ColumnBatch, hand: HandHistory, settlement: HandSettlement) -> None:
    """Add the ``pots`` rows of ``hand`` (one per board and pot) and, after each pot,
    its ``awards`` rows (one per half and player: paid by the site, due by the rules,
    minor units) to ``batch``."""
    site, hid = hand.site, hand.hand_id
    for pot in settlement.pots:
        award = pot.award
        batch.add(
            "pots",
            site=site,
            hand_id=hid,
            board=pot.board,
            pot=pot.pot,
            gross=pot.gross,
            net=pot.net,
            eligible=list(pot.eligible),
            high_winners=list(award.high_winners) if award else None,
            low_winners=list(award.low_winners) if award else None,
            hi_lo_split=bool(award and award.low_winners),
        )
        for line in pot.lines:
            batch.add(
                "awards",
                site=site,
                hand_id=hid,
                board=pot.board,
                pot=pot.pot,
                half=line.half.value,
                player=line.player,
                paid=line.paid,
                due=line.due,
                share=None if line.share is None else float(line.share),
                scoop=line.scoop,
                quarter=line.quarter,
            )


def showdown_rows(batch: ColumnBatch, hand: HandHistory, settlement: HandSettlement) -> None:
    """Add the ``showdowns`` rows of ``hand`` to ``batch``: one per board and hand shown,
    read by the rules, with what the player won there (minor units)."""
    site, hid = hand.site, hand.hand_id
    for sd in settlement.showdown:
        batch.add(
            "showdowns",
            site=site,
            hand_id=hid,
            board=sd.board,
            player=sd.player,
            hole_cards=" ".join(sd.hole),
            high_cards=" ".join(sd.high.cards) if sd.high else None,
            high_category=str(sd.high.category) if sd.high else None,
            high_value=sd.high.value if sd.high else None,
            low_cards=" ".join(sd.low.cards) if sd.low else None,
            low_ranks=sd.low.ranks if sd.low else None,
            low_value=sd.low.value if sd.low else None,
            declared_high=sd.show.description,
            declared_low=sd.show.low_description,
            won=settlement.won(sd.player, sd.board),
        )


def finding_rows(batch: ColumnBatch, hand: HandHistory, audit: AuditResult) -> None:
    """Add the ``findings`` rows of ``hand`` to ``batch``, one per finding of the audit,
    in order; a finding with no line of its own gets the hand's first line."""
    site, hid = hand.site, hand.hand_id
    for f in audit.findings:
        batch.add(
            "findings",
            site=site,
            hand_id=hid,
            board=f.board,
            player=f.player,
            kind=f.kind.value,
            pot=f.pot,
            half=f.half.value,
            paid=f.paid,
            due=f.due,
            explanation=f.explanation,
            file=hand.file,
            line=f.line or hand.line,
        )

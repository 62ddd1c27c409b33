"""The tables of what the audit settled: ``pots``, ``awards``, ``showdowns`` and
``findings`` (:class:`hhtools.audit.settle.HandSettlement` and the checks' findings);
their columns and the rows of one audited hand. A hand imported with ``--no-audit``
has no rows here. A half or a finding's kind goes to the batch as its ``StrEnum``
member, which is its text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hhtools.store.tables._base import KEY as _KEY
from hhtools.store.tables._base import Column, ColumnBatch
from hhtools.store.tables._base import column as _c
from hhtools.store.tables._base import row_names as _row_names

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


#: the names of each table's row values (:func:`~hhtools.store.tables._base.row_names`)
_POTS = _row_names(TABLES["pots"][1])
_AWARDS = _row_names(TABLES["awards"][1])
_SHOWDOWNS = _row_names(TABLES["showdowns"][1])
_FINDINGS = _row_names(TABLES["findings"][1])

def pot_rows(batch: ColumnBatch, hand: HandHistory, settlement: HandSettlement) -> None:
    """Add the ``pots`` rows of ``hand`` (one per board and pot) and, after each pot,
    its ``awards`` rows (one per half and player: paid by the site, due by the rules,
    minor units) to ``batch``."""
    if not settlement.pots:
        return
    pots = batch.table("pots", _POTS)
    awards = None
    n, site, hid = batch.n, hand.site, hand.hand_id
    for pot in settlement.pots:
        award = pot.award
        board, index = pot.board, pot.pot
        pots.extend((
            n, site, hid, board, index, pot.gross, pot.net, list(pot.eligible),
            list(award.high_winners) if award else None,
            list(award.low_winners) if award else None,
            bool(award and award.low_winners),
        ))  # fmt: skip
        if not pot.lines:
            continue
        if awards is None:
            awards = batch.table("awards", _AWARDS)
        for line in pot.lines:
            share = line.share
            awards.extend((
                n, site, hid, board, index, line.half, line.player, line.paid,
                line.due, None if share is None else float(share), line.scoop, line.quarter,
            ))  # fmt: skip


def showdown_rows(batch: ColumnBatch, hand: HandHistory, settlement: HandSettlement) -> None:
    """Add the ``showdowns`` rows of ``hand`` to ``batch``: one per board and hand shown,
    read by the rules, with what the player won there (minor units)."""
    if not settlement.showdown:
        return
    values = batch.table("showdowns", _SHOWDOWNS)
    n, site, hid = batch.n, hand.site, hand.hand_id
    for sd in settlement.showdown:
        high, low, show = sd.high, sd.low, sd.show
        values.extend((
            n, site, hid, sd.board, sd.player, " ".join(sd.hole),
            " ".join(high.cards) if high else None,
            str(high.category) if high else None,
            high.value if high else None,
            " ".join(low.cards) if low else None,
            low.ranks if low else None,
            low.value if low else None,
            show.description, show.low_description,
            settlement.won(sd.player, sd.board),
        ))  # fmt: skip


def finding_rows(batch: ColumnBatch, hand: HandHistory, audit: AuditResult) -> None:
    """Add the ``findings`` rows of ``hand`` to ``batch``, one per finding of the audit,
    in order; a finding with no line of its own gets the hand's first line."""
    if not audit.findings:
        return
    values = batch.table("findings", _FINDINGS)
    n, site, hid, file, first = batch.n, hand.site, hand.hand_id, hand.file, hand.line
    for f in audit.findings:
        values.extend((n, site, hid, f.board, f.player, f.kind, f.pot, f.half,
                       f.paid, f.due, f.explanation, file, f.line or first))  # fmt: skip

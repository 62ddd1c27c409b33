"""Flatten parsed and audited hands into column batches for the store.

A :class:`ColumnBatch` holds, per table of :mod:`hhtools.store.db`, the rows of its
hands as tuples, and :meth:`ColumnBatch.freeze` turns them into a dict of column ->
list of values. Workers build batches and send them whole to the process that owns
the database, which appends each table in one statement. Each table's rows are made
beside its columns, in :mod:`hhtools.store.tables`; :func:`flatten_hand` only works
out the hand's money once and composes them. Nothing here applies a rule: dues,
shares, scoops and quarters come from the audit's settlement
(:class:`hhtools.audit.settle.HandSettlement`), money from the record.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from hhtools.store.tables._base import ColumnBatch, Columns, HandMoney
from hhtools.store.tables.hands import hand_row
from hhtools.store.tables.play import action_rows, board_rows, tournament_rows
from hhtools.store.tables.seats import seat_rows
from hhtools.store.tables.settlement import finding_rows, pot_rows, showdown_rows

if TYPE_CHECKING:
    from hhtools.audit import AuditResult
    from hhtools.model.records import HandHistory

__all__ = ["ColumnBatch", "Columns", "flatten_hand", "text_digest"]


def text_digest(text: str) -> str:
    """SHA-1 hex digest of a hand's text, the key for spotting a changed hand."""
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()


def flatten_hand(
    batch: ColumnBatch, hand: HandHistory, audit: AuditResult | None, import_id: int, n: int = 0,
    digest: str | None = None,
) -> None:
    """Add one hand's rows (all tables) to ``batch``.

    Args:
        batch: the batch being filled.
        hand: the parsed hand.
        audit: its audit, or ``None`` when importing with ``--no-audit`` (then no
            ``pots``, ``awards``, ``showdowns`` or ``findings`` rows).
        import_id: the ``imports.import_id`` of this run.
        n: the hand's running number in the run; every row carries it in column
            ``_n`` so the importer can drop a duplicate hand's rows.
        digest: :func:`text_digest` of ``hand.text`` when already worked out (a
            chunk's digests are, in one pass), else ``None``: worked out here.

    Raises:
        ValueError: the audit's amounts added are not one per action.
    """
    batch.n = n
    if digest is None:
        digest = text_digest(hand.text)
    batch.hand_ids.append((hand.site, hand.hand_id, digest))
    money = HandMoney.of(hand, audit)
    action_rows(batch, hand, money)
    seat_rows(batch, hand, money)
    if hand.boards:
        board_rows(batch, hand)
    if hand.tournament_results:
        tournament_rows(batch, hand)
    if audit is not None:
        settlement = audit.settlement
        pot_rows(batch, hand, settlement)
        if settlement.showdown:
            showdown_rows(batch, hand, settlement)
        if audit.findings:
            finding_rows(batch, hand, audit)
    hand_row(batch, hand, money, audit, digest, import_id)

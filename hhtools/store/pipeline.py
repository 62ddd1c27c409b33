"""The import's stage functions over one chunk of hand texts: parse, audit, flatten.

:func:`process_chunk` is a plain function over plain values, so it runs the same in
this process, in a worker process of the importer, or on another machine; it
returns column batches ready to append (:class:`WorkResult`), never records.
"""

from __future__ import annotations

import logging
import traceback
from dataclasses import dataclass, field

import pyarrow as pa

import hhtools.grammars as grammars
from hhtools.audit import AuditResult, audit_hand
from hhtools.ingest.read import sort_notes
from hhtools.model.records import HandText, Problem
from hhtools.model.vocab import ProblemCode
from hhtools.store.db import to_arrow
from hhtools.store.flatten import ColumnBatch, flatten_hand

__all__ = ["WorkResult", "process_chunk"]

log = logging.getLogger(__name__)


@dataclass(slots=True)
class WorkResult:
    """What one chunk gave.

    Attributes:
        tables: table -> an Arrow table of its rows (the store's columns plus ``_n``,
            the running number of the row's hand), built here so the process that
            owns the database only concatenates and appends.
        hands: (site, hand id, text digest, first line) of each hand flattened, in
            order.
        problems: problems of the chunk's hands, in order (notes apart).
        skipped: hands of games outside the Omaha family.
        failed: hands that gave no record.
        notes: notes of the chunk's hands (hands skipped by design), in order.
    """

    tables: dict[str, pa.Table]
    hands: list[tuple[str, str, str, int]]
    problems: list[Problem]
    skipped: int
    failed: int
    notes: list[Problem] = field(default_factory=list)


def process_chunk(
    site_format: str, texts: list[HandText], audit: bool, import_id: int, first_n: int
) -> WorkResult:
    """Parse, audit and flatten a chunk of hand texts of one file.

    Args:
        site_format: the key of the file's site format (:func:`hhtools.grammars.get`).
        texts: the hands' texts, in file order.
        audit: run the audit (``False`` for ``--no-audit``).
        import_id: this run's ``imports.import_id``.
        first_n: running number of the chunk's first hand in the run (tags rows so
            duplicates can be dropped later).

    Returns:
        The chunk's :class:`WorkResult`. A bug met while parsing or auditing one hand
        becomes an ``internal_error`` problem (the hand is then not stored, or stored
        without its audit); a hand skipped by design gives a note
        (:func:`hhtools.ingest.read.sort_notes`); nothing here raises for bad input.
    """
    fmt = grammars.get(site_format)
    batch = ColumnBatch()
    problems: list[Problem] = []
    notes: list[Problem] = []
    lines: list[int] = []
    skipped = failed = 0
    for i, ht in enumerate(texts):
        parsed = fmt.parse(ht)  # never raises: the registry's guard (grammars._Checked)
        hand_problems, hand_notes, why_skipped = sort_notes(parsed, ht)
        problems.extend(hand_problems)
        notes.extend(hand_notes)
        hand = parsed.hand
        if why_skipped is not None:
            skipped += 1
            continue
        if hand is None:
            failed += 1
            continue
        result: AuditResult | None = None
        if audit:
            try:
                result = audit_hand(hand)
            except Exception as exc:
                log.debug("audit failed: %s", traceback.format_exc())
                problems.append(
                    Problem(hand.file, hand.line, hand.hand_id, ProblemCode.INTERNAL_ERROR,
                            f"audit failed: {exc!r}")
                )  # fmt: skip
        flatten_hand(batch, hand, result, import_id, first_n + i)
        lines.append(ht.line)
    hands = [(*key, line) for key, line in zip(batch.hand_ids, lines, strict=True)]
    tables = {t: to_arrow(t, cols, extra=("_n",)) for t, cols in batch.freeze().items() if cols}
    return WorkResult(tables, hands, problems, skipped, failed, notes)

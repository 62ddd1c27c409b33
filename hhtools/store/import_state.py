"""What an import run counts: its summary, each file's running state, the problem rows.

:class:`ImportSummary` is what :func:`hhtools.store.importer.import_paths` returns (and
the Dask engine extends); :class:`FileState` is one file's counts while its hands come
in; :func:`problem_columns` makes the ``import_errors`` rows of problems.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from hhtools.ingest.read import ReadTally
from hhtools.ingest.sources import Source
from hhtools.model import habits
from hhtools.model.records import Problem
from hhtools.model.vocab import NOTE_CODES, ProblemCode
from hhtools.store.known import WRITTEN_AGAIN

__all__ = ["FileState", "ImportSummary", "count_new", "imports_row", "problem_columns",
           "sort_out"]  # fmt: skip


@dataclass(slots=True)
class ImportSummary:
    """Counts of one import run.

    Attributes:
        files: files seen (archive members count one each).
        files_unchanged: files skipped because the same bytes were imported before.
        files_unchanged_unread: of those, files no site format read then.
        files_read: files read and committed by this run (a progress bar's count).
        tally: the files a site format read (unchanged ones that a format read
            before included), the files left out as no history by reason, and the
            problems of files and paths that gave no hands
            (:class:`~hhtools.ingest.read.ReadTally`).
        hands: hands newly stored.
        duplicates: hands skipped as already stored (incl. those of unchanged files).
        conflicts: hands whose id was stored with a different text.
        skipped: hands of games outside the Omaha family.
        failed: hands that could not be read into a record.
        problems: problems reported (a failed hand may have several; notes not counted).
        notes: notes reported: hands skipped by design (``import_errors.is_note``).
        withdrawn: problems of earlier readings cut short (``truncated_hand``) of hands
            this run stored whole, withdrawn (:mod:`hhtools.store.withdraw`).
        replaced: hands stored read in part by an earlier import that this run read
            whole and stored instead (:mod:`hhtools.store.replace_part`).
        findings: audit findings of the stored hands, by kind.
        read_in_part: of the hands newly stored, those read only in part (lines the
            grammar did not understand: ``hands.read_in_part``), judged only where those
            lines cannot matter; the others were judged in full.
        hands_by_site: hands newly stored, by poker room (``hands.site``).
        seconds: wall time.
        interrupted: the run was stopped before the end (Ctrl-C).
    """

    files: int = 0
    files_unchanged: int = 0
    files_unchanged_unread: int = 0
    files_read: int = 0
    tally: ReadTally = field(default_factory=ReadTally)
    hands: int = 0
    duplicates: int = 0
    conflicts: int = 0
    skipped: int = 0
    failed: int = 0
    problems: int = 0
    notes: int = 0
    withdrawn: int = 0
    replaced: int = 0
    findings: Counter[str] = field(default_factory=Counter)
    read_in_part: int = 0
    hands_by_site: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    interrupted: bool = False

    @property
    def hands_per_second(self) -> float:
        """Hands read (stored, duplicate, skipped, failed) per second of wall time."""
        seen = self.hands + self.duplicates + self.skipped + self.failed
        return seen / self.seconds if self.seconds > 0 else 0.0


@dataclass(slots=True)
class FileState:
    """One file being imported, embedded or on Dask: its counts, problems and notes so
    far, and where the last of its byte ranges saw a hand begin."""

    source: Source
    site_format: str
    digest: str = ""
    hands: int = 0
    duplicates: int = 0
    skipped: int = 0
    failed: int = 0
    problems: int = 0
    findings: int = 0
    last_hand: str | None = None
    last_site: str | None = None
    by_site: Counter[str] = field(default_factory=Counter)
    partly_stored: bool = False  # batches committed; the file is named in ``loading``
    tail: tuple[int, int] | None = None  # (offset, line) where the last range saw a hand
    problem_list: list[Problem] = field(default_factory=list)
    note_list: list[Problem] = field(default_factory=list)


def imports_row(state: FileState, import_id: int) -> dict[str, Any]:
    """The file's ``imports`` row, embedded or on Dask (its ``problems`` count leaves
    notes out; ``imported_at`` is now, UTC)."""
    src = state.source
    return {
        "site": state.last_site, "site_format": state.site_format or None,
        "hand_id": state.last_hand, "import_id": import_id, "file": src.name,
        "digest": state.digest, "bytes": src.size, "modified_at": src.modified_at,
        "hands": state.hands, "duplicates": state.duplicates, "skipped": state.skipped,
        "failed": state.failed, "problems": state.problems, "findings": state.findings,
        "imported_at": datetime.now(UTC).replace(tzinfo=None),
    }  # fmt: skip


def problem_columns(
    rows: Iterable[tuple[str | None, Problem]], import_id: int
) -> dict[str, list[Any]]:
    """The ``import_errors`` columns of problems, each with its file's site format key
    (``None`` or "" when none): the rows an import stores, embedded or on Dask."""
    cols: dict[str, list[Any]] = {c: [] for c in (
        "site_format", "hand_id", "import_id", "file", "line", "code", "message", "excerpt",
        "is_note")}  # fmt: skip
    for site_format, p in rows:
        cols["site_format"].append(site_format or None)
        cols["hand_id"].append(p.hand_id)
        cols["import_id"].append(import_id)
        cols["file"].append(p.file)
        cols["line"].append(p.line)
        cols["code"].append(str(p.code))
        cols["message"].append(p.message)
        cols["excerpt"].append(p.excerpt[:500] if p.excerpt else None)
        cols["is_note"].append(p.code in NOTE_CODES)
    return cols


def count_new(owner: FileState, keys: pa.Table) -> None:
    """Count on its file a batch of hands all new (``keys``: columns ``site`` and
    ``hand_id``, one row a hand, in file order), by batch: no hand looked at alone."""
    owner.hands += keys.num_rows
    for entry in pc.value_counts(keys.column("site")).to_pylist():
        owner.by_site[entry["values"]] += entry["counts"]
    owner.last_hand = keys.column("hand_id")[-1].as_py()
    owner.last_site = keys.column("site")[-1].as_py()


def sort_out(batches: list[tuple[FileState, pa.Table]], stored: dict[tuple[str, str], str],
             summary: ImportSummary, judge: Callable[[tuple[str, str], int], str | None]
             | None = None, twin: Callable[[int, int], str | None] | None = None
             ) -> np.ndarray:  # fmt: skip
    """Which hands of a batch are new, one by one (when some may be stored already, or
    come twice): neither stored nor earlier in the batch. A repeat with another text is
    a ``conflicting_hand`` problem on its file, unless it, or the reading stored, is
    in a format that writes other rooms' hands again
    (:attr:`~hhtools.model.habits.Habits.written_again`: OHH, PHH, a store's own
    export; :data:`~hhtools.store.known.WRITTEN_AGAIN`): then it is the same hand,
    already stored.

    Args:
        batches: (file, keys) in order; keys as :data:`hhtools.store.pipeline.KEY_SCHEMA`.
        stored: (site, hand id) -> text digest of the batch's hands already stored
            (:meth:`~hhtools.store.known.KnownHands.stored_digests`).
        summary: the run's counts (duplicates, conflicts, problems added).
        judge: ``(key, i) -> verdict`` for a hand found stored with another text (``i``
            its place among the batch's hands): ``"replace"``, it is new (the stored
            reading is withdrawn by the caller), ``"same"``, a duplicate but no
            conflict; ``None``: as without it (:mod:`hhtools.store.replace_part`).
        twin: ``(j, i) -> verdict`` of the batch's ``i``-th hand against its ``j``-th,
            kept, of the same key and another text, as ``judge`` answers: on
            ``"replace"`` the ``i``-th is kept instead (a copy cut short and the whole
            text in one batch keep the whole, whichever came first), ``"same"`` a
            duplicate but no conflict; ``None``: as without it (a conflict).

    Returns:
        One boolean a hand, in order: ``True`` for a new hand (counted on its file).
    """
    total = sum(keys.num_rows for _, keys in batches)
    kept = np.zeros(total, dtype=bool)
    seen: dict[tuple[str, str], str] = {}
    first: dict[tuple[str, str], tuple[int, FileState, int]] = {}  # a key's kept one
    i = 0
    for owner, keys in batches:
        again = habits.of(owner.site_format).written_again  # another text of a stored hand
        cols = [keys.column(c).to_pylist() for c in ("site", "hand_id", "digest", "line")]
        for site, hid, digest, line in zip(*cols, strict=True):
            key = (site, hid)
            prior = seen.get(key) or stored.get(key)
            told = None
            if prior not in (None, digest, WRITTEN_AGAIN) and not again:
                if key not in seen:
                    told = judge(key, i) if judge is not None else None
                elif twin is not None:
                    told = twin(first[key][0], i)
                    if told == "replace":  # the one kept before is the duplicate
                        _unkeep(first[key], hid, site, kept, summary, (owner, line))
            if prior is None or told == "replace":
                seen[key] = WRITTEN_AGAIN if again else digest
                first[key] = (i, owner, line)
                kept[i] = True
                owner.hands += 1
                owner.by_site[site] += 1
                owner.last_hand = hid
                owner.last_site = site
            else:
                owner.duplicates += 1
                summary.duplicates += 1
                if prior != digest and not again and prior != WRITTEN_AGAIN and told is None:
                    summary.conflicts += 1
                    summary.problems += 1
                    owner.problem_list.append(
                        Problem(owner.source.name, line, hid, ProblemCode.CONFLICTING_HAND,
                                "a different text was already stored under this hand id")
                    )  # fmt: skip
            i += 1
    return kept


def _unkeep(kept_one: tuple[int, FileState, int], hid: str, site: str, kept: np.ndarray,
            summary: ImportSummary, before: tuple[FileState, int]) -> None:  # fmt: skip
    """A hand :func:`sort_out` kept (``kept_one``: its place in the batch, its file and
    first line), counted a duplicate on its file instead: the hand ``hid`` read again
    whole at ``before`` (file, first line) replaces it. The problems its file listed for
    it go (``summary.withdrawn``), as :func:`~.replace_part.withdraw_parts` withdraws a
    stored one's: its lines from its first to the next reading's, or to the file's end."""
    j, owner, line = kept_one
    kept[j] = False
    owner.hands -= 1
    owner.by_site[site] -= 1
    if not owner.by_site[site]:
        del owner.by_site[site]
    owner.duplicates += 1
    summary.duplicates += 1
    end = before[1] if before[0] is owner else None
    mine = [p for p in owner.problem_list if p.hand_id == hid
            and p.line >= line and (end is None or p.line < end)]  # fmt: skip
    if mine:
        owner.problem_list = [p for p in owner.problem_list if not any(p is m for m in mine)]
        owner.problems -= len(mine)
        summary.problems -= len(mine)
        summary.withdrawn += len(mine)

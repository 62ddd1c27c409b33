"""The main job: files, folders and archives -> parsed, audited hands in DuckDB.

Flow (shared/DESIGN.md "The flow"): the main process reads each file once
(:mod:`hhtools.ingest.read`: digest, site format, hand texts) and hands chunks of hand
texts to worker processes; a worker runs the stage functions of
:mod:`hhtools.store.pipeline` (parse, audit, flatten into column batches); the main
process drops hands already stored and appends the rest, table by table, in one
statement per table and batch (:mod:`hhtools.store.db`).

Guarantees:

* Bad input never stops an import: unreadable files, unknown sites, archives and
  hands over the size limits, hands that fail to parse are reported
  (``import_errors``) with file, line, hand id and reason. Hands skipped by design
  (a game outside the Omaha family) are listed there too, as notes (``is_note``),
  and not counted as problems.
* Idempotent: a file already imported (same name, size and modification time) is
  not read again; a hand already stored (same site and hand id) is skipped, so a
  copy of a file under another name adds nothing; a hand stored with a different
  text is reported as ``conflicting_hand``.
* A file is stored whole or not at all: a file is committed in one transaction of
  its own, so an import stopped half-way (Ctrl-C, kill) leaves the database as after
  the last finished file, and the next import picks up the rest. A file too big to
  hold in memory (more than :data:`FLUSH_HANDS` hands) is committed batch by batch,
  straight into the tables, with its name in the ``loading`` table until its last
  batch, which writes its ``imports`` row and removes that name in one transaction.
  Ctrl-C removes the unfinished file's hands at once; after a kill, the next import
  does (:func:`hhtools.store.db.drop_unfinished`).
* Which hands are stored already is known from :class:`~hhtools.store.known.KnownHands`
  (a sorted array of hashes, eight bytes a hand), not from a join against every
  stored hand per batch.
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import os
import signal
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from hhtools.ingest.read import ReadTally, TooLong, read_sources
from hhtools.ingest.sources import Source, count_sources
from hhtools.model.records import HandText, Problem
from hhtools.model.vocab import NOTE_CODES, ProblemCode
from hhtools.store import db as store
from hhtools.store.sessions import refresh_sessions
from hhtools.store.known import KnownHands
from hhtools.store.pipeline import WorkResult, process_chunk
from hhtools.store.withdraw import CutShort

log = logging.getLogger(__name__)

CHUNK_HANDS = 200  #: hands per task sent to a worker
CHECKPOINT_LOG = "1GB"  #: write-ahead log DuckDB may hold before it checkpoints by itself
IMPORT_MEMORY = "256MB"  #: DuckDB's memory cap while importing (queries get store.MEMORY_LIMIT)
CHECKPOINT_HANDS = 50_000  #: hands committed between the import's own checkpoints
FLUSH_HANDS = 5000  #: hands buffered before a big file's rows are committed (a batch)


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


# --------------------------------------------------------------------------- the run


@dataclass(slots=True)
class _FileState:
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
    problem_list: list[Problem] = field(default_factory=list)
    note_list: list[Problem] = field(default_factory=list)


_Task = tuple[int, bool, tuple[str, list[HandText], bool, int, int] | None]
_Known = tuple[str, int, datetime]  # file name, bytes, modified at


def store_files(db: str | Path) -> tuple[Path, ...]:
    """The files DuckDB keeps for the database ``db``: the database, its write-ahead
    log and its spill folder; an import never reads them as histories."""
    path = Path(db)
    return (path, path.with_name(path.name + ".wal"), path.with_name(path.name + ".tmp"))


def files_to_read(paths: Iterable[str | Path], db: str | Path) -> int:
    """How many files (and archive members) an import of ``paths`` into ``db`` reads
    or finds unchanged: the total of its progress bar (each file's first bytes read)."""
    return count_sources(paths, exclude=store_files(db))


class Importer:
    """One import run into one database (see :func:`import_paths`)."""

    def __init__(
        self,
        db: str | Path,
        *,
        audit: bool = True,
        workers: int | None = None,
        on_progress: Callable[[ImportSummary, str], None] | None = None,
    ) -> None:
        self.audit = audit
        self.db = Path(db)
        self.workers = workers if workers is not None else (os.cpu_count() or 1)
        # Workers are forked before the database is opened, so no DuckDB state or
        # thread is copied into them.
        self.pool: Any = None
        if self.workers > 1:
            ctx = mp.get_context("fork") if hasattr(os, "fork") else mp.get_context()
            # Workers ignore Ctrl-C: the main process stops them and rolls back.
            self.pool = ctx.Pool(self.workers, initializer=_ignore_sigint)
        try:
            self.con = store.connect(db)
            # DuckDB checkpoints at any commit past its threshold (16 MB of log), which
            # at a few thousand hands a batch is every commit, each rewriting more as
            # the store grows: the import checkpoints on its own schedule instead.
            self.con.execute(f"SET checkpoint_threshold = '{CHECKPOINT_LOG}'").fetchall()
            # The import reads nothing back but the hands it may repeat: DuckDB's cache
            # of the store's blocks needs little room, the workers' results the rest.
            self.con.execute(f"SET memory_limit = '{IMPORT_MEMORY}'").fetchall()
            # One DuckDB thread: the workers have the cores; a second thread spends more
            # in handing over batches than it saves (measured: 91 against 114 us a hand
            # of main-process CPU, 4,101 against 3,765 hands/s).
            self.con.execute("SET threads = 1").fetchall()
        except BaseException:
            self.close_pool()
            raise
        self.on_progress = on_progress
        self.summary = ImportSummary()
        (row,) = self.con.execute("SELECT coalesce(max(import_id), 0) + 1 FROM imports").fetchall()
        self.import_id = int(row[0])
        # Files imported before, by name, size and time: not read again; their hands,
        # and whether a site format read them.
        self.known_files: dict[_Known, tuple[int, bool]] = {
            (f, b, m): (int(n), bool(read))
            for f, b, m, n, read in self.con.execute(
                "SELECT file, bytes, modified_at, sum(hands + duplicates)::BIGINT, "
                "bool_or(site_format IS NOT NULL) FROM imports "
                "WHERE modified_at IS NOT NULL GROUP BY ALL"
            ).fetchall()
        }
        self._files: dict[int, _FileState] = {}
        self._pending: list[tuple[_FileState, WorkResult]] = []
        self._pending_hands = 0
        self._n = 0
        self._since_checkpoint = 0  # hands appended since the last checkpoint
        self._problem_rows: list[tuple[_FileState | None, Problem]] = []
        store.drop_unfinished(self.con)  # the half-stored file of a run that died
        self.known = KnownHands(self.con)
        self.cut_short = CutShort(self.con)  # hands some reading listed as cut short

    # ---- tasks: read and split files lazily, one chunk of hand texts at a time ---------

    def _tasks(self, paths: Iterable[str | Path]) -> Iterator[_Task]:
        index = 0
        tally = self.summary.tally
        for item in read_sources(paths, exclude=store_files(self.db), on_skip=tally.skip):
            if isinstance(item, Problem):
                self._problem_rows.append((None, item))
                tally.unread.append(item)
                continue
            self.summary.files += 1
            src = item.source
            known = self.known_files.get((src.name, src.size, src.modified_at))
            if known is not None:
                self.summary.files_unchanged += 1
                self.summary.duplicates += known[0]
                if known[1]:
                    tally.histories += 1
                else:
                    self.summary.files_unchanged_unread += 1
                continue
            index += 1
            fmt = item.format
            state = _FileState(src, fmt.key if fmt else "")
            self._files[index] = state
            if fmt is None:
                state.digest = item.digest()
                if item.problem is not None:
                    self._problem_rows.append((state, item.problem))
                    tally.unread.append(item.problem)
                yield index, True, None
                continue
            tally.histories += 1
            chunk: list[HandText] = []
            for ht in item.items():
                if isinstance(ht, TooLong):  # never parsed: a failed hand, reported here
                    self._count(state, WorkResult({}, [], [ht.problem], 0, 1))
                    continue
                chunk.append(ht)
                if len(chunk) >= CHUNK_HANDS:
                    yield index, False, (fmt.key, chunk, self.audit, self.import_id, self._n)
                    self._n += len(chunk)
                    chunk = []
            if item.problem is not None:  # a read error part-way
                self._problem_rows.append((state, item.problem))
            state.digest = item.digest()
            yield index, True, (fmt.key, chunk, self.audit, self.import_id, self._n)
            self._n += len(chunk)

    # ---- results (main thread: owns the connection) -----------------------------------

    def _handle(self, index: int, last: bool, result: WorkResult | None) -> None:
        name = self._files[index].source.name
        self._take(index, last, result)
        if self.on_progress and not last:
            self.on_progress(self.summary, name)

    def _count(self, state: _FileState, result: WorkResult) -> None:
        """Count a result's skipped and failed hands, problems and notes."""
        state.skipped += result.skipped
        state.failed += result.failed
        state.problems += len(result.problems)
        self.summary.skipped += result.skipped
        self.summary.failed += result.failed
        self.summary.problems += len(result.problems)
        self.summary.notes += len(result.notes)
        state.problem_list.extend(result.problems)
        state.note_list.extend(result.notes)

    def _take(self, index: int, last: bool, result: WorkResult | None) -> None:
        state = self._files[index]
        if result is not None:
            self._count(state, result)
            if result.hands:
                self._pending.append((state, result))
                self._pending_hands += len(result.hands)
        if self._pending_hands >= FLUSH_HANDS and not last:
            # A big file: its rows go in batch by batch, so memory follows the batch,
            # not the file; ``loading`` names the file until its last batch.
            self._store_batch(state)
        if last:
            self._commit_file(state)
            del self._files[index]

    def _store_batch(self, state: _FileState) -> None:
        """Commit the pending hands of a big file that is not finished yet."""
        self._execute("BEGIN TRANSACTION")
        try:
            if not state.partly_stored:
                self.con.execute(
                    "INSERT INTO loading VALUES (?, ?)", [self.import_id, state.source.name]
                ).fetchall()
            state.findings += self._append_hands()
            self._execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        state.partly_stored = True
        self._checkpoint_now_and_then()

    def _commit_file(self, state: _FileState) -> None:
        """Store one finished file in one transaction: hands, problems, its imports row."""
        self._execute("BEGIN TRANSACTION")
        try:
            if self._pending:
                state.findings += self._append_hands()
            extra = [r for r in self._problem_rows if r[0] is state]  # unsupported, unreadable
            self._problem_rows = [r for r in self._problem_rows if r[0] is not state]
            state.problems += len(extra)
            self.summary.problems += len(extra)
            rows = [(state, p) for p in state.problem_list] + extra
            self._append_problems(rows + [(state, p) for p in state.note_list])
            self.cut_short.add(state.site_format, state.problem_list)
            self._append_import_row(state)
            if state.partly_stored:
                self.con.execute(
                    "DELETE FROM loading WHERE import_id = ? AND file = ?",
                    [self.import_id, state.source.name],
                ).fetchall()
            self._execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        self.summary.hands += state.hands
        self.summary.files_read += 1
        self.summary.hands_by_site.update(state.by_site)
        self._checkpoint_now_and_then()
        if self.on_progress:
            self.on_progress(self.summary, state.source.name)

    def _checkpoint_now_and_then(self) -> None:
        """Checkpoint after every :data:`CHECKPOINT_HANDS` hands (the log stays bounded)."""
        if self._since_checkpoint >= CHECKPOINT_HANDS:
            self._execute("CHECKPOINT")
            self._since_checkpoint = 0

    def _execute(self, sql: str) -> None:
        self.con.execute(sql).fetchall()

    def _rollback(self) -> None:
        try:
            self._execute("ROLLBACK")
        except Exception:  # nothing open, or the connection is gone
            pass

    def _append_hands(self) -> int:
        """Append the pending hands not stored yet to the tables (inside the caller's
        transaction); returns the number of findings appended."""
        pending, self._pending = self._pending, []
        self._pending_hands = 0
        # Which hands are new: not stored, not twice in this batch.
        order: list[tuple[int, str, str, str, int, _FileState]] = []
        for owner, res in pending:
            ns = res.tables["hands"].column("_n").to_pylist()
            for n, (site, hid, digest, line) in zip(ns, res.hands, strict=True):
                order.append((n, site, hid, digest, line, owner))
        ids = pa.table({"site": [o[1] for o in order], "hand_id": [o[2] for o in order]})
        hashes = self.known.hash_of(ids)
        maybe = self.known.maybe_stored(hashes)
        stored = self.known.stored_digests(ids.filter(pa.array(maybe))) if maybe.any() else {}
        keep: list[int] = []
        kept = np.zeros(len(order), dtype=bool)
        seen: dict[tuple[str, str], str] = {}
        for i, (n, site, hid, digest, line, owner) in enumerate(order):
            key = (site, hid)
            prior = stored.get(key) or seen.get(key)
            if prior is None:
                seen[key] = digest
                keep.append(n)
                kept[i] = True
                owner.hands += 1
                owner.by_site[site] += 1
                owner.last_hand = hid
                owner.last_site = site
                continue
            owner.duplicates += 1
            self.summary.duplicates += 1
            if prior != digest:
                self.summary.conflicts += 1
                self.summary.problems += 1
                owner.problem_list.append(
                    Problem(owner.source.name, line, hid, ProblemCode.CONFLICTING_HAND,
                            "a different text was already stored under this hand id")
                )  # fmt: skip
        self.known.add(hashes[kept])
        whole = [(o[5].site_format, o[2]) for o, k in zip(order, kept, strict=True) if k]
        self.summary.withdrawn += self.cut_short.withdraw(self.con, whole).problems
        self._since_checkpoint += len(keep)
        drop = len(keep) != len(order)
        keep_arr = pa.array(keep, type=pa.int64())
        findings = 0
        for table in store.HAND_TABLES:
            parts = [res.tables[table] for _, res in pending if table in res.tables]
            if not parts:
                continue
            tbl = pa.concat_tables(parts) if len(parts) > 1 else parts[0]
            if drop:
                tbl = tbl.filter(pc.is_in(tbl.column("_n"), value_set=keep_arr))
            if table == "hands" and tbl.num_rows:
                self.summary.read_in_part += pc.sum(tbl.column("read_in_part")).as_py() or 0
            if table == "findings" and tbl.num_rows:
                findings = tbl.num_rows
                for kind, count in Counter(tbl.column("kind").to_pylist()).items():
                    self.summary.findings[kind] += count
            store.append_arrow(self.con, table, tbl.drop_columns(["_n"]))
        return findings

    def _append_problems(self, rows: list[tuple[_FileState | None, Problem]]) -> None:
        if not rows:
            return
        cols = problem_columns([(s.site_format if s else None, p) for s, p in rows], self.import_id)
        store.append(self.con, "import_errors", cols)

    def _append_import_row(self, state: _FileState) -> None:
        """The file's ``imports`` row (its ``problems`` count leaves notes out)."""
        src = state.source
        row = {
            "site": state.last_site, "site_format": state.site_format or None,
            "hand_id": state.last_hand, "import_id": self.import_id, "file": src.name,
            "digest": state.digest, "bytes": src.size, "modified_at": src.modified_at,
            "hands": state.hands, "duplicates": state.duplicates, "skipped": state.skipped,
            "failed": state.failed, "problems": state.problems, "findings": state.findings,
            "imported_at": datetime.now(UTC).replace(tzinfo=None),
        }  # fmt: skip
        store.append(self.con, "imports", {k: [v] for k, v in row.items()})

    def run(self, paths: Iterable[str | Path]) -> ImportSummary:
        """Import every file under ``paths``; returns the counts (see :class:`ImportSummary`).

        Each file is committed on its own (see the module docstring).

        Raises:
            KeyboardInterrupt: on Ctrl-C, after the workers are stopped and the file in
                progress is rolled back; ``self.summary`` counts the files stored.
        """
        start = time.perf_counter()
        pool = self.pool
        try:
            tasks = self._tasks(paths)
            if pool is not None:
                # A bounded window of tasks in flight: memory follows the window,
                # not the input, and results are taken in file order.
                window: deque[Any] = deque()
                for task in tasks:
                    window.append(pool.apply_async(_run_task, (task,)))
                    if len(window) >= 3 * self.workers:
                        self._handle(*window.popleft().get())
                while window:
                    self._handle(*window.popleft().get())
            else:
                for task in tasks:
                    self._handle(*_run_task(task))
            # problems of paths that gave no file (missing, bad archive)
            rest, self._problem_rows = self._problem_rows, []
            self.summary.problems += len(rest)
            self._append_problems(rest)
            if self.summary.hands:
                refresh_sessions(self.con)
        except BaseException as exc:
            self.summary.interrupted = True
            self._abandon()
            if isinstance(exc, KeyboardInterrupt) or store.interrupted(exc):
                # Ctrl-C or SIGTERM, also when it reached DuckDB inside a statement
                raise KeyboardInterrupt from exc
            raise
        finally:
            self.close_pool()
            self.summary.seconds = time.perf_counter() - start
        return self.summary

    def _abandon(self) -> None:
        """Stop the workers and drop the unfinished file's rows."""
        self.close_pool()
        self._rollback()
        try:
            store.drop_unfinished(self.con)
        except Exception:  # the next run removes them
            log.debug("could not remove the unfinished file's hands", exc_info=True)

    def close_pool(self) -> None:
        """Stop the worker processes, if any."""
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None

    def close(self) -> None:
        """Stop the workers and close the database connection."""
        self.close_pool()
        try:
            self.con.close()
        except Exception:  # an interrupted connection may refuse; nothing is lost
            log.debug("closing the database failed", exc_info=True)


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


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_task(task: _Task) -> tuple[int, bool, WorkResult | None]:
    index, last, args = task
    return index, last, (process_chunk(*args) if args is not None else None)


def import_paths(
    paths: Iterable[str | Path],
    db: str | Path,
    *,
    audit: bool = True,
    workers: int | None = None,
    on_progress: Callable[[ImportSummary, str], None] | None = None,
) -> ImportSummary:
    """Import hand histories into a DuckDB database (the ``hhtools import`` job).

    Args:
        paths: files, folders (walked recursively) and ``.zip`` archives.
        db: the database file (created when missing).
        audit: audit every hand (``False`` for ``--no-audit``).
        workers: worker processes for parsing and auditing (default: CPU count;
            1 runs everything in this process).
        on_progress: called with the running summary and the current file name.

    Returns:
        The run's :class:`ImportSummary`.

    Raises:
        KeyboardInterrupt: when interrupted; files committed so far stay stored.
        duckdb.Error: the database cannot be opened (locked, not DuckDB).
    """
    importer = Importer(db, audit=audit, workers=workers, on_progress=on_progress)
    try:
        return importer.run(paths)
    finally:
        importer.close()


"""The main job: files, folders and archives -> parsed, audited hands in DuckDB.

Flow (shared/DESIGN.md "The flow"): the main process walks the paths and hands out
*pieces* (:class:`hhtools.store.pipeline.Piece`): a plain file, or a byte range of a
file over :data:`RANGE_BYTES` (cut at line starts found in one pass of the main
process, which also takes that file's digest); a worker process reads and splits its
piece itself and runs the stage functions of :mod:`hhtools.store.pipeline` (parse,
audit, flatten into Arrow column batches). Archive members are read and split here and
sent as chunks of hand texts. A worker hands back each table's rows as one Arrow table
(one chunk a column), and for a piece the kept tables' rows of its hands too
(:mod:`hhtools.store.tables.kept`: summaries, cube sums), appended beside them; the
run's end works out only what those lacked (archive chunks, hands stored before). The
main process takes the results in file order, drops hands already stored
(:class:`~hhtools.store.known.KnownHands`: hashes in memory, a vectorised lookup per
batch) and appends the rest, table by table, in one statement per table and batch
(:mod:`hhtools.store.db`), into one transaction that holds several files and is
committed every :data:`~hhtools.store.import_commit.COMMIT_HANDS` hands (big enough
to write its row groups to the file once, not through the write-ahead log: DuckDB
checkpoints at such a commit and skips the log; small enough that the memory a
transaction holds stays flat over a long import); it also checkpoints every
:data:`~hhtools.store.import_commit.CHECKPOINT_HANDS` hands.

Guarantees:

* Bad input never stops an import: unreadable files, unknown sites, archives and
  hands over the size limits, hands that fail to parse are reported
  (``import_errors``) with file, line, hand id and reason. Hands skipped by design
  (a game outside the Omaha family) are listed there too, as notes (``is_note``),
  and not counted as problems.
* Idempotent: a file already imported (same name, size and modification time; the
  name its resolved path, :mod:`hhtools.store.file_names`) is
  not read again; a hand already stored (same site and hand id) is skipped, so a
  copy of a file under another name adds nothing; a hand stored with a different
  text is reported as ``conflicting_hand``.
* A file is stored whole or not at all: its hands, problems and ``imports`` row go in
  one transaction (several files share one), so an import stopped half-way (Ctrl-C,
  kill) leaves each file stored whole or not at all, and the next import picks up the
  rest. A file whose batches span a commit (a big one: :data:`FLUSH_HANDS` hands are
  appended at a time, so memory follows the batch) is named in the ``loading`` table
  until the transaction that holds its last batch, which writes its ``imports`` row
  and removes that name. Ctrl-C commits the files finished so far (unless it came
  while a file's rows went in: then the open transaction is rolled back) and removes
  the unfinished file's hands at once; after a kill, the next import does
  (:func:`hhtools.store.db.drop_unfinished`).
* Which hands are stored already is known from :class:`~hhtools.store.known.KnownHands`
  (a sorted array of hashes, eight bytes a hand), not from a join against every
  stored hand per batch.
"""

from __future__ import annotations

import hashlib
import logging
import os
import time
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pyarrow as pa

from hhtools.grammars._text import detect_encoding
from hhtools.ingest.hands import line_cuts
from hhtools.ingest.read import SourceRead, TooLong, open_source
from hhtools.ingest.sources import Source, count_sources, iter_sources
from hhtools.model.records import HandText, Problem
from hhtools.store import db as store
from hhtools.store.import_commit import Committer
from hhtools.store.importer_pool import WorkerLost, answer, pool_context, start_pool, stop_pool
from hhtools.store.hand_summary import refresh_summary
from hhtools.store.report_cube import refresh_report_cube
from hhtools.store.sessions import refresh_sessions
from hhtools.store.tables.kept import SUMMED
from hhtools.store.import_state import FileState, ImportSummary, problem_columns
from hhtools.store.known import KnownHands
from hhtools.store.pipeline import (
    CHUNK_HANDS,
    Piece,
    PieceResult,
    Task,
    WorkResult,
    process_piece,
    run_task,
)
from hhtools.store.transport import folder, land, remove
from hhtools.store.file_names import StoredNames
from hhtools.store.withdraw import CutShort, withdraw_paths

log = logging.getLogger(__name__)

__all__ = ["CHUNK_HANDS", "FileState", "ImportSummary", "Importer", "WorkerLost", "import_paths",
           "problem_columns"]  # fmt: skip
_FileState = FileState  # the name the watch's importer knows

#: a plain file bigger than this goes to the workers in ranges of it. A worker holds a
#: range's rows two or three times over at its peak (its chunks, their concatenation, the
#: pickle), and the main process a window of them: 2 MiB (about 1,800 hands) against 4
#: took the process tree's peak from 1,055 to 988 MiB at 100,000 hands (workers 555 ->
#: 493; bench_speed, same run) for 1.7 us a hand of main-process CPU (54.6 -> 56.3, the
#: answers received and the cuts; bench_main_split), the workers' CPU within noise now
#: that a range's kept rows need no DuckDB; 1 MiB: 918 MiB (workers 441) for 5 us.
RANGE_BYTES = 2 << 20
PIECE_SPAN = 1 << 32  #: running numbers (``_n``) set aside for each piece's hands
CHECKPOINT_LOG = "16MB"  #: write-ahead log DuckDB may hold before it checkpoints by itself
#: DuckDB's memory cap while importing (queries get store.MEMORY_LIMIT): the open
#: transaction's rows (some 120 MiB for COMMIT_HANDS hands) and the store's blocks it
#: keeps at hand after writing them. Measured at 100,000 hands (bench_main_split, main
#: process alone): 128 MB kept its peak at 415 against 462-471 MiB (after each commit
#: 305 against 360) but cost 4 us a hand of its CPU (the appends of ``actions`` 5.4
#: against 2.9: DuckDB evicting as it goes); 192 MB saved nothing; ending at 128 MB for
#: the run's end steps left their peak (the sessions' rows in Arrow) where it was.
IMPORT_MEMORY = "256MB"
FLUSH_HANDS = 5_000  #: hands of a file buffered before they are appended (a batch)
#: tasks in flight a worker: answers of pieces (some 15 MiB each in the main process)
#: that the main process holds until it takes them in file order
WINDOW = 3
#: DuckDB's ``max_vacuum_tasks`` while importing: 0, no row groups merged at a commit, so
#: each commit's rows of a table (10,000 hands' rows of ``hands``) stay a row group of
#: their own. DuckDB's default (100) merges a table's small row groups at each commit,
#: writing the rows of ``hands`` and each table of about a row a hand three to four times
#: over (measured at 100,000 hands: commits 27.5 against 21.5 us a hand of main-process
#: CPU); unmerged, the store is about 12% bigger (64 against 72 MB) and reads the same
#: (queries' CPU equal within noise). A later checkpoint with the default merges the
#: small row groups of every table, written to or not: the writers that run after an
#: import (ev, draws) write under :func:`hhtools.store.db.unmerged_writes`,
#: mid-run checkpoints included. Merging them at the run's end instead was measured
#: and left out: at 100,000 hands it cost 9.5 us a hand of CPU and made the file bigger
#: (68.5 -> 90.5 MiB; the blocks in use 274 -> 237 of 256 KiB, but DuckDB keeps the
#: freed ones in the file for later writes), where merging at each commit reuses them.
VACUUM_TASKS = 0


# --------------------------------------------------------------------------- the run


_Task = Task
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


class Importer(Committer):
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
        # Workers are made before the database is opened, so no DuckDB state or
        # thread is copied into them (pool_context: forked only from a lone thread).
        # the folder the workers write their answers' tables to (hhtools.store.transport)
        self._answers = folder() if self.workers > 1 else None
        try:
            self.pool = start_pool(self.workers, self._answers) if self._answers else None
        except BaseException:
            remove(self._answers)
            raise
        try:
            self.con = store.connect(db)
            # A commit whose log would pass this threshold is checkpointed at once and
            # skips the log: the run's big commits (COMMIT_HANDS hands) write their
            # rows once, not to the log and again at the checkpoint (measured, 20,000
            # hands in one commit: 45-49 against 34-41 us a hand for commit and
            # checkpoint with a threshold of 1 GB); small ones (a watch) use the log.
            self.con.execute(f"SET checkpoint_threshold = '{CHECKPOINT_LOG}'").fetchall()
            # The import reads nothing back but the hands it may repeat: DuckDB's cache
            # of the store's blocks needs little room, the workers' results the rest.
            self.con.execute(f"SET memory_limit = '{IMPORT_MEMORY}'").fetchall()
            self._memory_limit = IMPORT_MEMORY  # set back after each commit's drop of the cache
            # One DuckDB thread: the workers have the cores; a second thread spends more
            # in handing over batches than it saves (measured: 91 against 114 us a hand
            # of main-process CPU, 4,101 against 3,765 hands/s).
            self.con.execute("SET threads = 1").fetchall()
            # Each commit's rows of a table stay a row group of their own (VACUUM_TASKS).
            self.con.execute(f"SET max_vacuum_tasks = {int(VACUUM_TASKS)}").fetchall()
        except BaseException:
            self.close_pool()
            raise
        self.on_progress = on_progress
        self.summary = ImportSummary()
        # a new number: a run that listed only paths' problems wrote no ``imports`` row
        (row,) = self.con.execute(
            "SELECT coalesce(greatest((SELECT max(import_id) FROM imports), "
            "(SELECT max(import_id) FROM import_errors)), 0) + 1").fetchall()  # fmt: skip
        self.import_id = int(row[0])
        # Files imported before, by name (resolved: file_names), size and time: not
        # read again; their hands, and whether a site format read them.
        self.stored_names = StoredNames(self.con)
        now = self.stored_names.now
        self.known_files: dict[_Known, tuple[int, bool]] = {
            (now.get(f, f), b, m): (int(n), bool(read))
            for f, b, m, n, read in self.con.execute(
                "SELECT file, bytes, modified_at, sum(hands + duplicates)::BIGINT, "
                "bool_or(site_format IS NOT NULL) FROM imports "
                "WHERE modified_at IS NOT NULL GROUP BY ALL"
            ).fetchall()
        }
        # the files read before by name (a file read again lists its problems anew)
        self.names_read = {now.get(f, f) for (f,) in self.con.execute(
            "SELECT DISTINCT file FROM imports").fetchall()}  # fmt: skip
        self.paths_read: set[str] = set()  # archives opened, paths that gave no file
        self._files: dict[int, FileState] = {}
        self._pending: list[tuple[FileState, WorkResult]] = []
        self._pending_hands = 0
        self._n = 0
        self._in_txn = False  # the run's transaction is open
        self._txn_hands = 0  # hands appended in the open transaction
        self._done: list[FileState] = []  # files finished in the open transaction
        self._open_file: FileState | None = None  # unfinished, with rows in it
        self._dirty = False  # a file's rows are going in: the transaction holds part of them
        self._since_checkpoint = 0  # hands committed since the last checkpoint
        self._problem_rows: list[tuple[FileState | None, Problem]] = []
        self._players: list[pa.Table] = []
        self._kept_all = True
        self._kept_hands = self._covered = 0
        self._kept_sums = {table: [] for table in SUMMED}
        # the half-stored file of a run that died (the kept tables then follow at the end)
        self._dropped = store.drop_unfinished(self.con)
        self.known = KnownHands(self.con)
        self.cut_short = CutShort(self.con)  # hands some reading listed as cut short

    # ---- tasks: read and split files lazily, one chunk of hand texts at a time ---------

    def _tasks(self, paths: Iterable[str | Path]) -> Iterator[_Task]:
        index = 0
        tally = self.summary.tally
        for item in iter_sources(paths, exclude=store_files(self.db), on_skip=tally.skip,
                                 resolve=True):  # fmt: skip
            if isinstance(item, Problem):  # taken in turn, after the files before it
                yield 0, True, item
                continue
            self.summary.files += 1
            if item.path is None:  # an archive's member: the archives around it opened
                self.paths_read.update(_archives(item.name))
            known = self.known_files.get((item.name, item.size, item.modified_at))
            if known is not None:
                self.summary.files_unchanged += 1
                self.summary.duplicates += known[0]
                if known[1]:
                    tally.histories += 1
                else:
                    self.summary.files_unchanged_unread += 1
                continue
            index += 1
            state = FileState(item, "")
            self._files[index] = state
            if item.path is not None:  # a plain file: a worker reads it
                yield from self._piece_tasks(index, item)
                continue
            read = open_source(item)  # an archive member: read and split here
            try:
                yield from self._text_tasks(index, state, read)
            finally:
                read.close()

    def _piece(self, src: Source, **where: Any) -> Piece:
        assert src.path is not None
        piece = Piece(src.path, src.name, src.size, src.modified_at, self.audit,
                      self.import_id, self._n, **where)  # fmt: skip
        self._n += PIECE_SPAN
        return piece

    def _piece_tasks(self, index: int, src: Source) -> Iterator[_Task]:
        """The tasks of a plain file: the file itself when it is small; else byte
        ranges of :data:`RANGE_BYTES` cut at line starts, found in one pass that also
        takes its digest, when its format reads hands alone
        (:attr:`~hhtools.grammars.base.SiteFormat.ranges`; not UTF-16); else chunks of
        its hand texts, split here from its start (memory follows a chunk)."""
        state = self._files[index]
        if src.size <= RANGE_BYTES:
            yield index, True, self._piece(src)
            return
        read = open_source(src)
        try:
            fmt = read.format
            if fmt is None or not fmt.ranges or _utf16(src):
                yield from self._text_tasks(index, state, read)
                return
        finally:
            read.close()
        assert src.path is not None
        sha = hashlib.sha256()
        start, line = 0, 1
        try:
            with open(src.path, "rb") as raw:
                for cut, cut_line in line_cuts(raw, RANGE_BYTES, sha):
                    yield index, False, self._piece(src, start=start, stop=cut, line=line,
                                                    exact=start == 0, site_format=fmt.key)
                    start, line = cut, cut_line
            state.digest = sha.hexdigest()
        except OSError:  # the worker of the last range reports it
            state.digest = ""
        yield index, True, self._piece(src, start=start, line=line, exact=start == 0,
                                       site_format=fmt.key)  # fmt: skip

    def _text_tasks(self, index: int, state: FileState, read: SourceRead) -> Iterator[_Task]:
        """An archive member's hands, read and split here, in chunks of hand texts."""
        tally = self.summary.tally
        fmt = read.format
        if fmt is None:
            state.digest = read.digest()
            if read.problem is not None:
                self._problem_rows.append((state, read.problem))
                tally.unread.append(read.problem)
            yield index, True, None
            return
        state.site_format = fmt.key
        tally.histories += 1
        chunk: list[HandText] = []
        for ht in read.items():
            if isinstance(ht, TooLong):  # never parsed: a failed hand, reported here
                self._count(state, WorkResult({}, None, [ht.problem], 0, 1))
                continue
            chunk.append(ht)
            if len(chunk) >= CHUNK_HANDS:
                yield index, False, (fmt.key, chunk, self.audit, self.import_id, self._n)
                self._n += len(chunk)
                chunk = []
        if read.problem is not None:  # a read error part-way
            self._problem_rows.append((state, read.problem))
        state.digest = read.digest()
        yield index, True, (fmt.key, chunk, self.audit, self.import_id, self._n)
        self._n += len(chunk)

    # ---- results (main thread: owns the connection) -----------------------------------

    def _handle(self, index: int, last: bool, result: WorkResult | PieceResult | Problem | None
                ) -> None:  # fmt: skip
        if isinstance(result, Problem):  # a path that gave no file (missing, bad archive)
            self._problem_rows.append((None, result))
            self.summary.tally.unread.append(result)
            return
        name = self._files[index].source.name
        self._take(index, last, result)
        if self.on_progress and not last:
            self.on_progress(self.summary, name)

    def _from_piece(self, state: FileState, res: PieceResult) -> WorkResult:
        """What a piece gave, counted on its file; a range whose first hand is not the
        one the range before it stopped at (a cut that fell where the split reads a
        line otherwise than from the file's start) is read again from that hand."""
        piece = res.piece
        if not piece.exact and res.lead != state.tail:
            log.info("%s: the range from byte %d is read again from where the range before "
                     "it stopped", piece.name, piece.start)  # fmt: skip
            if state.tail is None:  # the range before read to the end of the file
                res = PieceResult(piece, res.site_format, WorkResult({}, None, [], 0, 0))
            else:
                offset, line = state.tail
                res = process_piece(replace(piece, start=offset, line=line, exact=True))
        state.tail = res.tail
        tally = self.summary.tally
        if piece.start == 0:
            state.site_format = res.site_format
            if res.site_format:
                tally.histories += 1
        if res.digest is not None:
            state.digest = res.digest
        if res.problem is not None:
            self._problem_rows.append((state, res.problem))
            if not res.site_format:
                tally.unread.append(res.problem)
        return res.work

    def _count(self, state: FileState, result: WorkResult) -> None:
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

    def _take(self, index: int, last: bool, result: WorkResult | PieceResult | None) -> None:
        state = self._files[index]
        if isinstance(result, PieceResult):
            result = self._from_piece(state, result)
        if result is not None:
            self._count(state, result)
            if result.count:
                self._pending.append((state, result))
                self._pending_hands += result.count
        if last:
            self._commit_file(state)
            del self._files[index]
        elif self._pending_hands >= FLUSH_HANDS:
            # A big file: its rows go in batch by batch, so memory follows the batch,
            # not the file.
            self._store_batch(state)

    def run(self, paths: Iterable[str | Path]) -> ImportSummary:
        """Import every file under ``paths``; returns the counts (see :class:`ImportSummary`).

        Each file is committed on its own (see the module docstring).

        Raises:
            KeyboardInterrupt: on Ctrl-C, after the workers are stopped and the file in
                progress is rolled back; ``self.summary`` counts the files stored.
            WorkerLost: a worker process died (killed by the system); as on Ctrl-C,
                the files finished before are stored, the one in progress is not.
        """
        start = time.perf_counter()
        pool = self.pool
        try:
            tasks = self._tasks(paths)
            if pool is not None:
                # A bounded window of tasks in flight: memory follows the window,
                # not the input, and results are taken in file order.
                window: deque[tuple[Task, Future[Any] | None]] = deque()
                for task in tasks:
                    # a task with nothing to work out (a problem) is taken in turn
                    work = None if isinstance(task[2], Problem) else self._submit(pool, task)
                    window.append((task, work))
                    if len(window) >= WINDOW * self.workers:
                        self._handle(*self._answer(*window.popleft()))
                while window:
                    self._handle(*self._answer(*window.popleft()))
                # every answer is in: the workers' memory goes before the run's end
                # work (sessions, cubes, summary), not after it
                self.close_pool()
            else:
                for task in tasks:
                    self._handle(*run_task(task))
            # problems of paths that gave no file (missing, bad archive)
            rest, self._problem_rows = self._problem_rows, []
            self.summary.problems += len(rest)
            self.paths_read.update(p.file for _, p in rest)
            if rest or self.paths_read:
                self._begin()  # what earlier imports listed for these paths: listed anew
                withdraw_paths(self.con, self.stored_names.names(self.paths_read),
                               self.import_id)  # fmt: skip
                self._append_problems(rest)
            self._commit()
            if self.summary.hands or self._dropped:
                # the kept tables: each batch's rows came from the workers; what they
                # lack (hands without them, hands withdrawn) is worked out here, on as
                # many DuckDB threads as the run had workers (they are gone: measured,
                # 300,000 hands, 2 threads: 2.52 / 2.41 s against 3.50 / 2.73 with 1)
                self.con.execute(f"SET threads = {max(1, self.workers)}").fetchall()
                refresh_sessions(self.con, self.new_players())
                refresh_report_cube(self.con)  # the sums hhtools report and stats read
                refresh_summary(self.con, counts_only=self._kept_all and not self._dropped)
                self.con.execute("SET threads = 1").fetchall()
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

    def _submit(self, pool: ProcessPoolExecutor, task: Task) -> Future[Any]:
        try:
            return pool.submit(run_task, task)
        except BrokenProcessPool as exc:  # a worker died since the last answer
            raise self._lost(task) from exc

    def _answer(self, task: Task, work: Future[Any] | None) -> tuple[Any, ...]:
        """A task's result, in turn (the task itself when it had nothing to work out)."""
        if work is None:
            return task
        try:
            got = tuple(answer(self.pool, work) if self.pool is not None else work.result())
        except BrokenProcessPool as exc:
            raise self._lost(task) from exc
        done = got[2]
        if isinstance(done, PieceResult):
            land(done.work)
        elif isinstance(done, WorkResult):
            land(done)
        return got

    def _lost(self, task: Task) -> WorkerLost:
        state = self._files.get(task[0])
        name = state.source.name if state is not None else "a file"
        return WorkerLost(
            f"a worker process stopped without an answer (killed by the system, out of "
            f"memory?) while {name} was read: the files finished before it are stored; "
            f"run the same import again to read the rest")  # fmt: skip

    def _abandon(self) -> None:
        """Stop the workers, commit the files finished in the open transaction (unless
        it was stopped while a file's rows went in, or cannot be committed: then it is
        rolled back) and drop the rows of the file in progress (named in ``loading``)."""
        self.close_pool()
        if self._in_txn and self._done and not self._dirty:
            try:
                self._commit()
            except BaseException:  # an aborted transaction (interrupted inside DuckDB)
                log.debug("could not commit the finished files", exc_info=True)
        if self._in_txn:
            self._rollback()
        try:
            store.drop_unfinished(self.con)
        except Exception:  # the next run removes them
            log.debug("could not remove the unfinished file's hands", exc_info=True)

    def close_pool(self) -> None:
        """Stop the worker processes, if any, at once (tasks left are dropped), and
        remove their folder of answers with any answer not taken."""
        pool, self.pool = self.pool, None
        if pool is not None:
            stop_pool(pool)
        answers, self._answers = self._answers, None
        remove(answers)

    def close(self) -> None:
        """Stop the workers and close the database connection."""
        self.close_pool()
        try:
            self.con.close()
        except Exception:  # an interrupted connection may refuse; nothing is lost
            log.debug("closing the database failed", exc_info=True)


def _archives(member: str) -> list[str]:
    """The names an archive member's name may hold its archives under: each part before
    a ``!`` (``a.zip!b.tar.gz!c.txt``: ``a.zip``, ``a.zip!b.tar.gz``)."""
    cuts = [i for i, c in enumerate(member) if c == "!"]
    return [member[:i] for i in cuts]


def _utf16(src: Source) -> bool:
    """Whether a plain file is UTF-16 text (a line break is two bytes: no cut at one)."""
    try:
        with src.open() as fh:
            return detect_encoding(fh.read(512))[0].startswith("utf-16")
    except OSError:
        return False


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
        paths: files, folders (walked recursively), ``.zip`` and tar archives and
            gzip/bzip2/xz files (:func:`hhtools.ingest.sources.iter_sources`).
        db: the database file (created when missing).
        audit: audit every hand (``False`` for ``--no-audit``).
        workers: worker processes for parsing and auditing (default: CPU count;
            1 runs everything in this process).
        on_progress: called with the running summary and the current file name.

    Returns:
        The run's :class:`ImportSummary`.

    Raises:
        KeyboardInterrupt: when interrupted; files committed so far stay stored.
        WorkerLost: a worker process died; files finished before stay stored.
        duckdb.Error: the database cannot be opened (locked, not DuckDB).
    """
    importer = Importer(db, audit=audit, workers=workers, on_progress=on_progress)
    try:
        return importer.run(paths)
    finally:
        importer.close()


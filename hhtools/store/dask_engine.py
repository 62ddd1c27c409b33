"""Import on Dask into a Parquet dataset: the embedded import's stages, on a cluster.

``hhtools import PATH... --engine dask --dataset DIR`` runs :func:`import_dataset`.
This process (the *driver*) walks the paths (:func:`hhtools.ingest.sources.iter_sources`,
which lists files and archive members without reading them), leaves out files imported
before (same name, size and modification time, from the dataset's ``imports``), and
cuts the rest into tasks: several small files up to ``task_bytes`` of input, or one
byte range of a file bigger than ``range_bytes``. Dask workers run
:func:`hhtools.store.dataset_tasks.scan_task` on each (reading, parsing, auditing and
building the rows with the embedded import's own functions) and stage the rows.

The driver takes the results in file order and decides which hands are new exactly as
the embedded importer does: a hand whose (site, hand id) is stored, or came earlier in
the run, is a duplicate (a ``conflicting_hand`` problem when its text differs), through
the same :class:`hhtools.store.known.KnownHands`. Workers then write the kept rows into
the partitions (:func:`hhtools.store.dataset_tasks.finalize_task`) and the driver
commits them with the files' ``imports`` and ``import_errors`` rows in one manifest
commit per file (a file cut in byte ranges: one commit for all of them), so a file is
in the dataset whole or not at all. Last, the sessions (``seat_sessions``) are worked
out again over the dataset, as the embedded importer does after an import.

Dask is optional (``pip install 'hhtools[cluster]'``): it is imported only here, when
an import runs, and its absence raises :class:`DaskMissing` saying how to install it.
"""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from hhtools.ingest.sources import Source, iter_sources
from hhtools.model.records import Problem
from hhtools.model.vocab import ProblemCode
from hhtools.store.file_names import StoredNames
from hhtools.store.dataset import Dataset, PartitionWriter, months_of, register_tables
from hhtools.store.dataset_tasks import (
    Piece,
    PieceOutput,
    TaskOutput,
    TaskSpec,
    finalize_task,
    scan_task,
    staging_dir,
)
from hhtools.store.db import to_arrow
from hhtools.store.import_state import (
    FileState,
    ImportSummary,
    imports_row,
    problem_columns,
    sort_out,
)
from hhtools.store.known import KnownHands
from hhtools.store.player_views import session_select

__all__ = ["DaskMissing", "DatasetImportSummary", "INSTALL_HINT", "import_dataset"]

log = logging.getLogger(__name__)

INSTALL_HINT = ("the Dask engine needs dask.distributed: pip install 'hhtools[cluster]' "
                "(or pip install 'dask[distributed]')")  # fmt: skip
TASK_BYTES = 32 << 20  #: input bytes of small files grouped into one task
RANGE_BYTES = 256 << 20  #: a file bigger than this is cut into byte ranges of this size
RETRIES = 2  #: times Dask runs a task again when its worker died
SESSIONS_MEMORY = "512MB"  #: DuckDB's cap while working out the sessions (then it spills)


class DaskMissing(RuntimeError):
    """Dask (``dask.distributed``) is not installed; the message says how to install it."""


@dataclass(slots=True)
class DatasetImportSummary(ImportSummary):
    """:class:`~hhtools.store.importer.ImportSummary` plus what the cluster did.

    Attributes:
        tasks: scan tasks run.
        worker_peak: worker -> its peak resident memory, bytes.
        files_written: Parquet files committed by this run.
        dataset_bytes: size of the dataset's committed files after the run.
    """

    tasks: int = 0
    worker_peak: dict[str, int] = field(default_factory=dict)
    files_written: int = 0
    dataset_bytes: int = 0


@dataclass(slots=True)
class _File(FileState):
    """A file of the run, counted as the embedded importer counts it
    (:class:`~hhtools.store.import_state.FileState`), with its own problems
    (unsupported site, read error) gathered as its pieces come."""

    extra: list[Problem] = field(default_factory=list)


def _client(scheduler: str | None, workers: int | None) -> tuple[Any, Any]:
    """A Dask client on ``scheduler``, or on a local cluster of ``workers`` processes."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as exc:
        raise DaskMissing(INSTALL_HINT) from exc
    if scheduler:
        return Client(scheduler), None  # type: ignore[no-untyped-call]
    cluster = LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
        dashboard_address=":0", silence_logs=logging.ERROR,
    )
    return Client(cluster), cluster  # type: ignore[no-untyped-call]


def _top_path(name: str) -> str:
    """The path walked to find source ``name``: itself, or the archive holding it."""
    if os.path.isfile(name) or "!" not in name:
        return name
    return name.split("!", 1)[0]


class DatasetImporter:
    """One import run into one dataset (see :func:`import_dataset`)."""

    def __init__(
        self, root: str | Path, *, audit: bool = True, client: Any = None,
        task_bytes: int = TASK_BYTES, range_bytes: int = RANGE_BYTES,
        on_progress: Callable[[ImportSummary, str], None] | None = None,
    ) -> None:  # fmt: skip
        self.ds = Dataset.open(root, create=True)
        self.ds.clean_orphans()
        self.audit, self.client = audit, client
        self.task_bytes, self.range_bytes = task_bytes, range_bytes
        self.on_progress = on_progress
        self.summary = DatasetImportSummary()
        self.con = duckdb.connect(":memory:")
        self.con.execute("SET threads = 1")
        register_tables(self.con, self.ds)
        (row,) = self.con.execute("SELECT coalesce(max(import_id), 0) + 1 FROM imports").fetchall()
        self.import_id = int(row[0])
        # (file, bytes, time) -> its hands, and whether a site format read it (a name
        # as resolved now: hhtools.store.file_names)
        now = StoredNames(self.con).now
        self.known_files = {
            (now.get(f, f), b, m): (int(n), bool(read)) for f, b, m, n, read in self.con.execute(
                "SELECT file, bytes, modified_at, sum(hands + duplicates)::BIGINT, "
                "bool_or(site_format IS NOT NULL) FROM imports "
                "WHERE modified_at IS NOT NULL GROUP BY ALL").fetchall()
        }  # fmt: skip
        # ``hands`` for KnownHands: the dataset's hands and those of this run so far
        self.con.execute(
            "CREATE TABLE run_keys (site VARCHAR, hand_id VARCHAR, text_digest VARCHAR, "
            "site_format VARCHAR)")  # fmt: skip
        self.con.execute("CREATE OR REPLACE TEMP VIEW hands AS SELECT site, hand_id, text_digest, "
                         "site_format FROM _pq_hands UNION ALL SELECT * FROM run_keys")  # fmt: skip
        self.known = KnownHands(self.con)
        self.walk_problems: list[Problem] = []
        self._seq = 0

    # ---- plan -------------------------------------------------------------------------

    def plan(
        self, paths: Iterable[str | Path]
    ) -> tuple[list[TaskSpec], list[list[int]], dict[int, _File], list[list[int]]]:
        """Tasks, the groups of tasks committed together, the files to read (by their
        number in the walk) and each task's file numbers, piece by piece."""
        specs: list[TaskSpec] = []
        groups: list[list[int]] = []
        files: dict[int, _File] = {}
        keys: list[list[int]] = []
        current: list[Piece] = []
        current_keys: list[int] = []
        current_names: set[str] = set()
        size = 0

        def flush() -> None:
            nonlocal current, current_keys, size
            if current:
                groups.append([len(specs)])
                specs.append(TaskSpec(len(specs), self.ds.root, self.import_id, self.audit,
                                      tuple(current)))  # fmt: skip
                keys.append(current_keys)
            current, current_keys, size = [], [], 0
            current_names.clear()

        new: list[Source] = []
        tally = self.summary.tally  # what is left out, read by a format, or not read
        for item in iter_sources(paths, on_skip=tally.skip, resolve=True):  # files, members
            if isinstance(item, Problem):
                self.walk_problems.append(item)
                tally.unread.append(item)
                continue
            self.summary.files += 1
            known = self.known_files.get((item.name, item.size, item.modified_at))
            if known is not None:
                self.summary.files_unchanged += 1
                self.summary.duplicates += known[0]
                if known[1]:
                    tally.histories += 1
                else:
                    self.summary.files_unchanged_unread += 1
                continue
            new.append(item)
        # enough tasks to keep every worker busy (four each), none above task_bytes
        workers = 1
        if self.client is not None:
            workers = len(self.client.scheduler_info().get("workers", {})) or 1
        spread = sum(i.size for i in new) // (4 * workers)
        task_bytes = max(min(self.task_bytes, spread), min(self.task_bytes, 1 << 20))
        for item in new:
            if item.name in current_names:  # the same file named twice: read again, apart
                flush()
            current_names.add(item.name)
            top = _top_path(item.name)
            key = len(files)
            files[key] = _File(item, "")
            if item.size > self.range_bytes and top == item.name:
                flush()
                cuts = list(range(0, item.size, self.range_bytes))
                group = []
                for k, start in enumerate(cuts):
                    stop = cuts[k + 1] if k + 1 < len(cuts) else None
                    group.append(len(specs))
                    specs.append(TaskSpec(len(specs), self.ds.root, self.import_id, self.audit,
                                          (Piece(top, item.name, start, stop),)))  # fmt: skip
                    keys.append([key])
                groups.append(group)
                continue
            current.append(Piece(top, item.name))
            current_keys.append(key)
            size += item.size
            if size >= task_bytes:
                flush()
        flush()
        return specs, groups, files, keys

    # ---- which hands are new ------------------------------------------------------------

    def _take_piece(self, file: _File, out: PieceOutput) -> list[int]:
        """Count a piece and decide its hands (embedded rules); returns the ``_n`` dropped."""
        s = self.summary
        if out.missing:
            out.extra.append(Problem(file.source.name, 0, None, ProblemCode.READ_ERROR,
                                     "cannot read: the file changed or went away during the "
                                     "import"))  # fmt: skip
        file.site_format = file.site_format or out.site_format
        if out.last:
            file.digest = out.digest
        file.skipped += out.skipped
        file.failed += out.failed
        file.problems += len(out.problems)
        s.skipped += out.skipped
        s.failed += out.failed
        s.problems += len(out.problems)
        s.notes += len(out.notes)
        file.problem_list += out.problems
        file.note_list += out.notes
        file.extra += out.extra
        keys = out.keys
        if keys is None or keys.num_rows == 0:
            return []
        ids = keys.select(["site", "hand_id"])
        hashes = self.known.hash_of(ids)
        maybe = self.known.maybe_stored(hashes)
        stored = self.known.stored_digests(ids.filter(pa.array(maybe))) if maybe.any() else {}
        kept = sort_out([(file, keys)], stored, s)  # the embedded importer's own rules
        mask = pa.array(kept)
        s.read_in_part += int(pc.sum(keys.column("read_in_part").filter(mask)).as_py() or 0)
        drop: list[int] = keys.column("_n").filter(pc.invert(mask)).to_pylist()
        self.known.add(hashes[kept])
        new = pa.table({"site": keys.column("site"), "hand_id": keys.column("hand_id"),
                        "text_digest": keys.column("digest"),
                        "site_format": pa.array([file.site_format] * keys.num_rows, pa.string())},
                       ).filter(pa.array(kept))  # fmt: skip
        self.con.register("_hh_new", new)
        self.con.execute("INSERT INTO run_keys SELECT * FROM _hh_new")
        self.con.unregister("_hh_new")
        finds = out.findings
        if finds is not None and finds.num_rows:
            gone = set(drop)
            for n, kind in zip(finds.column("_n").to_pylist(), finds.column("kind").to_pylist(),
                               strict=True):  # fmt: skip
                if n not in gone:
                    file.findings += 1
                    s.findings[kind] += 1
        return drop

    # ---- commits ------------------------------------------------------------------------

    def _commit(self, names: list[int], files: dict[int, _File], added: list[dict[str, Any]],
                tasks: list[int]) -> None:  # fmt: skip
        """Commit a group: its partition files, its files' imports and problem rows."""
        label = f"part-{self.import_id}-{tasks[0]:05d}"
        problems: list[tuple[str | None, Problem]] = []
        rows: dict[str, list[Any]] = {}
        tally = self.summary.tally
        for name in names:
            f = files[name]
            if f.site_format:
                tally.histories += 1
            else:  # its unsupported_site or read_error problem
                tally.unread += f.extra
            f.problems += len(f.extra)
            self.summary.problems += len(f.extra)
            problems += [(f.site_format, p) for p in f.problem_list + f.extra + f.note_list]
            row = imports_row(f, self.import_id)
            for k, v in row.items():
                rows.setdefault(k, []).append(v)
        added = list(added) + self._book("imports", rows, label)
        added += self._book("import_errors", problem_columns(problems, self.import_id), label)
        self._seq += 1
        self.ds.commit(f"{self.import_id:06d}-{self._seq:06d}", added,
                       note={"files": [files[k].source.name for k in names], "tasks": tasks})  # fmt: skip
        self.summary.files_written += len(added)
        for name in names:
            f = files.pop(name)
            self.summary.hands += f.hands
            self.summary.hands_by_site.update(f.by_site)
            if self.on_progress:
                self.on_progress(self.summary, f.source.name)
        for t in tasks:
            self.ds.delete(staging_dir(self.import_id, t))

    def _book(self, table: str, cols: dict[str, list[Any]], label: str) -> list[dict[str, Any]]:
        """Write book-keeping rows (``imports``, ``import_errors``) of this run."""
        if not cols or not len(next(iter(cols.values()))):
            return []
        rel = f"{table}/import_id={self.import_id}/{label}.parquet"
        rows = self.ds.write_table(rel, to_arrow(table, cols))
        return [{"table": table, "path": rel, "rows": rows}]

    def _note_worker(self, worker: str, peak: int) -> None:
        peaks = self.summary.worker_peak
        peaks[worker] = max(peaks.get(worker, 0), peak)

    # ---- the run --------------------------------------------------------------------------

    def run(self, paths: Iterable[str | Path]) -> DatasetImportSummary:
        """Import every file under ``paths`` into the dataset (see the module docstring).

        Raises:
            KeyboardInterrupt: on Ctrl-C; files committed so far stay in the dataset, the
                rest is deleted by the next import.
        """
        start = time.perf_counter()
        try:
            specs, groups, files, piece_keys = self.plan(paths)
            self.summary.tasks = len(specs)
            if specs or self.walk_problems:
                self.ds.begin(self.import_id)  # before any file is written
            token = uuid.uuid4().hex[:8]
            run = self.client.submit if self.client is not None else None
            # a task lost with its worker runs again: it writes the same names, so no
            # duplicate; finalize tasks go first, so files are committed as the run goes
            futures = ([run(scan_task, spec, key=f"hh-scan-{token}-{spec.task}", pure=False,
                            retries=RETRIES) for spec in specs] if run else [])  # fmt: skip
            pending: list[tuple[list[int], list[Any], list[int]]] = []
            for group in groups:
                outs: list[TaskOutput] = []
                for t in group:
                    outs.append(futures[t].result() if run else scan_task(specs[t]))
                    if run:
                        futures[t].release()
                names: list[int] = []
                finals: list[Any] = []
                for out in outs:
                    self._note_worker(out.worker, out.peak_rss)
                    drop: list[int] = []
                    for piece, key in zip(out.pieces, piece_keys[out.task], strict=True):
                        if key not in names:
                            names.append(key)
                        drop += self._take_piece(files[key], piece)
                    args = (self.ds.root, self.import_id, out.task, out.staged, drop)
                    finals.append(run(finalize_task, *args, key=f"hh-final-{token}-{out.task}",
                                      pure=False, retries=RETRIES, priority=1)
                                  if run else finalize_task(*args))  # fmt: skip
                pending.append((names, finals, group))
                # commit the groups whose rows are written, in order, without waiting
                while pending and all(not run or f.done() for f in pending[0][1]):
                    self._finish(*pending.pop(0), files)
            while pending:
                self._finish(*pending.pop(0), files)
            rest = [(None, p) for p in self.walk_problems]
            if rest:  # problems of paths that gave no file (missing, bad archive)
                self.summary.problems += len(rest)
                added = self._book("import_errors", problem_columns(rest, self.import_id),
                                   f"part-{self.import_id}-paths")  # fmt: skip
                self._seq += 1
                self.ds.commit(f"{self.import_id:06d}-{self._seq:06d}", added)
            if self.summary.hands:
                self.refresh_sessions()
        except KeyboardInterrupt:
            self.summary.interrupted = True
            raise
        finally:
            self.summary.seconds = time.perf_counter() - start
        self.summary.dataset_bytes = self.ds.size()
        return self.summary

    def _finish(self, names: list[int], finals: list[Any], group: list[int],
                files: dict[int, _File]) -> None:  # fmt: skip
        """Wait for a group's rows to be written, then commit it."""
        added: list[dict[str, Any]] = []
        for fin in finals:
            got, peak, worker = fin if isinstance(fin, tuple) else fin.result()
            added += got
            self._note_worker(worker, peak)
        self._commit(names, files, added, group)

    def refresh_sessions(self) -> None:
        """Work out ``seat_sessions`` again over the whole dataset and commit it in place of
        the old files (the embedded import works out again the sessions of the players
        with new hands; a player's sessions depend on all their hands, so both give the
        same rows)."""
        self.ds.reload()
        spill = Path(tempfile.gettempdir()) / f"hhtools-sessions-{uuid.uuid4().hex[:8]}"
        con = duckdb.connect(":memory:", config={"memory_limit": SESSIONS_MEMORY,
                                                 "temp_directory": str(spill)})  # fmt: skip
        try:
            register_tables(con, self.ds)
            sql = (f"SELECT x.*, h.started_at FROM ({session_select()}) x "
                   "JOIN hands h ON h.site = x.site AND h.hand_id = x.hand_id")  # fmt: skip
            writer = PartitionWriter(self.ds, "seat_sessions", f"part-{self.import_id}-sessions")
            reader = con.sql(sql).to_arrow_reader(256 * 1024)
            for batch in reader:
                rows = pa.Table.from_batches([batch])
                month = months_of(rows.column("started_at"))
                writer.write(rows.drop_columns(["started_at"]).append_column("_month", month))
            added = writer.close()
        finally:
            con.close()
            shutil.rmtree(spill, ignore_errors=True)
        old = list(self.ds.files.get("seat_sessions", []))
        self._seq += 1
        self.ds.commit(f"{self.import_id:06d}-{self._seq:06d}", added, remove=old)
        self.summary.files_written += len(added)

    def close(self) -> None:
        """Close the driver's DuckDB connection."""
        self.con.close()


def import_dataset(
    paths: Iterable[str | Path],
    root: str | Path,
    *,
    scheduler: str | None = None,
    workers: int | None = None,
    audit: bool = True,
    task_bytes: int = TASK_BYTES,
    range_bytes: int = RANGE_BYTES,
    on_progress: Callable[[ImportSummary, str], None] | None = None,
    client: Any = None,
) -> DatasetImportSummary:
    """Import hand histories on Dask into a Parquet dataset (``--engine dask``).

    Args:
        paths: files, folders and ``.zip`` archives; every worker must see them at
            these paths (a shared file system).
        root: the dataset folder (created when missing): a path every worker and this
            process share, or a URL (``s3://bucket/hands``) of a ``pyarrow.fs`` or
            fsspec file system.
        scheduler: a Dask scheduler's address (``tcp://host:8786``); ``None`` starts a
            local cluster of ``workers`` processes for this import.
        workers: processes of the local cluster (default: CPU count).
        audit: audit every hand (``False`` for ``--no-audit``).
        task_bytes: input bytes of small files read by one task.
        range_bytes: a file bigger than this is read in byte ranges of this size, one
            task each.
        on_progress: called with the running summary and a file's name as it is committed.
        client: an open ``dask.distributed.Client`` to use (then ``scheduler`` and
            ``workers`` are not used).

    Returns:
        The run's :class:`DatasetImportSummary`.

    Raises:
        DaskMissing: dask.distributed is not installed.
        KeyboardInterrupt: when interrupted; files committed so far stay.
        ForeignFiles: ``root`` is neither a dataset nor a new or empty folder, or its
            folders hold files the engine did not write or links (nothing is deleted).
        OSError: the dataset cannot be written.
    """
    # the folder is checked (and refused) before a cluster is started
    importer = DatasetImporter(root, audit=audit, task_bytes=task_bytes,
                               range_bytes=range_bytes, on_progress=on_progress)  # fmt: skip
    own_client = own_cluster = None
    try:
        if client is None:
            own_client, own_cluster = _client(scheduler, workers)
            client = own_client
        importer.client = client
        return importer.run(paths)
    finally:
        importer.close()
        if own_client is not None:
            own_client.close()
        if own_cluster is not None:
            own_cluster.close()

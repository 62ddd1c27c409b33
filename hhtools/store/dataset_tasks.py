"""The work of one Dask task of a dataset import: plain functions over plain values.

:func:`scan_task` reads its files (or a byte range of one big file) with
:mod:`hhtools.ingest.read` and runs the import's own stage function,
:func:`hhtools.store.pipeline.process_chunk` (parse, audit, flatten into Arrow tables),
on chunks of :data:`hhtools.store.pipeline.CHUNK_HANDS` hand texts: the same code as an
embedded import. Its rows go to the dataset's staging folder, one Parquet file per
table (the store's columns plus ``_n``, the hand's running number in the task); what it
returns is small: each hand's key and digest, the problems and the counts, so the
process that runs the import decides which hands are new (:mod:`hhtools.store.dask_engine`).

:func:`finalize_task` then writes the kept rows into the tables' site/month partitions
(:class:`hhtools.store.dataset.PartitionWriter`). Neither function needs Dask: they run
the same in this process.
"""

from __future__ import annotations

import itertools
import os
import resource
import socket
import time
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from hhtools.ingest.read import TooLong, open_source
from hhtools.ingest.sources import Source, iter_sources
from hhtools.model.records import Problem
from hhtools.store.dataset import STAGING, Dataset, PartitionWriter, months_of
from hhtools.store.pipeline import WorkResult, chunked, process_chunk
from hhtools.store.schema import ARROW_SCHEMAS

__all__ = ["Piece", "PieceOutput", "TaskOutput", "TaskSpec", "finalize_task", "scan_task"]


@dataclass(frozen=True, slots=True)
class Piece:
    """One source's share of a task.

    Attributes:
        path: the path walked to find it (a file, or the archive holding it).
        name: the source's name (:attr:`hhtools.ingest.sources.Source.name`).
        start: first byte offset of the hands it takes (a hand belongs to the range its
            first line starts in).
        stop: end of the range (exclusive); ``None``: to the end of the file (the last
            range also gives the file's digest and a read error met on the way).
    """

    path: str
    name: str
    start: int = 0
    stop: int | None = None


@dataclass(frozen=True, slots=True)
class TaskSpec:
    """What one scan task does: its number, the dataset, the run and its pieces."""

    task: int
    root: str
    import_id: int
    audit: bool
    pieces: tuple[Piece, ...]


@dataclass(slots=True)
class PieceOutput:
    """What one piece gave.

    Attributes:
        name: the source's name; ``site_format``: its format's key ("" when none).
        last: the piece ends the file; ``digest``: the file's SHA-256 (last piece only).
        keys: ``_n, site, hand_id, digest, line, read_in_part`` of each hand flattened,
            in order.
        findings: ``_n, kind`` of each finding row.
        problems: problems counted as the embedded importer counts a chunk's (with
            ``hand_too_long`` ones); ``notes``: notes; ``extra``: the file's own
            problem (unsupported site, read error).
        skipped, failed: hands of other games; hands that gave no record.
        missing: the source was not found (the file changed since it was listed).
    """

    name: str
    site_format: str = ""
    last: bool = True
    digest: str = ""
    keys: pa.Table | None = None
    findings: pa.Table | None = None
    problems: list[Problem] = field(default_factory=list)
    notes: list[Problem] = field(default_factory=list)
    extra: list[Problem] = field(default_factory=list)
    skipped: int = 0
    failed: int = 0
    missing: bool = False


@dataclass(slots=True)
class TaskOutput:
    """What one scan task gave: its pieces' outputs, the staged file of each table
    (relative to the dataset), the worker's peak memory (bytes) and who ran it."""

    task: int
    pieces: list[PieceOutput]
    staged: dict[str, str]
    peak_rss: int
    worker: str
    seconds: float


_KEY_SCHEMA = pa.schema([("_n", pa.int64()), ("site", pa.string()), ("hand_id", pa.string()),
                         ("digest", pa.string()), ("line", pa.int64()),
                         ("read_in_part", pa.bool_())])  # fmt: skip
_FINDING_SCHEMA = pa.schema([("_n", pa.int64()), ("kind", pa.string())])


def staging_dir(import_id: int, task: int) -> str:
    """The staging folder of one task, relative to the dataset."""
    return f"{STAGING}/{import_id}/{task:05d}"


def peak_rss() -> int:
    """This process's peak resident memory, bytes."""
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024


def worker_name() -> str:
    """``host:pid`` of this process."""
    return f"{socket.gethostname()}:{os.getpid()}"


class _Stager:
    """One Parquet writer per table, under a temporary name until :meth:`close`."""

    def __init__(self, ds: Dataset, folder: str) -> None:
        self.ds, self.folder = ds, folder
        self.writers: dict[str, tuple[pq.ParquetWriter, Any, str]] = {}

    def write(self, table: str, rows: pa.Table) -> None:
        if table not in self.writers:
            rel = f"{self.folder}/{table}.parquet"
            self.ds.fs.create_dir(self.ds.path(self.folder), recursive=True)
            stream = self.ds.fs.open_output_stream(self.ds.path(rel + ".tmp"))
            schema = ARROW_SCHEMAS[table].append(pa.field("_n", pa.int64()))
            self.writers[table] = (pq.ParquetWriter(stream, schema, compression="lz4"),
                                   stream, rel)  # fmt: skip
        self.writers[table][0].write_table(rows)

    def close(self) -> dict[str, str]:
        staged = {}
        for table, (writer, stream, rel) in self.writers.items():
            writer.close()
            stream.close()
            self.ds.fs.move(self.ds.path(rel + ".tmp"), self.ds.path(rel))
            staged[table] = rel
        return staged


def _take(out: PieceOutput, res: WorkResult, stager: _Stager, keys: list[pa.Table],
          finds: list[pa.Table]) -> None:  # fmt: skip
    """Count a chunk's result as the embedded importer does, stage its rows."""
    out.skipped += res.skipped
    out.failed += res.failed
    out.problems.extend(res.problems)
    out.notes.extend(res.notes)
    if res.keys is None:
        return
    hands = res.tables["hands"]  # one row per hand, in the order of res.keys
    k = res.keys
    arrays = [k.column("_n"), k.column("site"), k.column("hand_id"), k.column("digest"),
              k.column("line"), hands.column("read_in_part")]
    keys.append(pa.Table.from_arrays(arrays, schema=_KEY_SCHEMA))
    if "findings" in res.tables:
        f = res.tables["findings"]
        arrays = [f.column("_n"), f.column("kind")]
        finds.append(pa.Table.from_arrays(arrays, schema=_FINDING_SCHEMA))
    for table, rows in res.tables.items():
        stager.write(table, rows)


def _scan_source(src: Source, piece: Piece, spec: TaskSpec, stager: _Stager,
                 first_n: int) -> tuple[PieceOutput, int]:  # fmt: skip
    """Read, parse, audit and stage one piece; returns its output and the next ``_n``."""
    read = open_source(src)
    n = first_n
    try:
        fmt = read.format
        out = PieceOutput(src.name, fmt.key if fmt else "", last=piece.stop is None)
        if fmt is None:
            out.digest = read.digest()
            if read.problem is not None:
                out.extra.append(read.problem)
            return out, n
        keys: list[pa.Table] = []
        finds: list[pa.Table] = []
        items = (ht for ht in read.items() if ht.offset >= piece.start)
        inside = itertools.takewhile(lambda ht: piece.stop is None or ht.offset < piece.stop,
                                     items)  # fmt: skip
        for part in chunked(inside):
            if isinstance(part, TooLong):  # never parsed: a failed hand
                out.problems.append(part.problem)
                out.failed += 1
                continue
            _take(out, process_chunk(fmt.key, part, spec.audit, spec.import_id, n),
                  stager, keys, finds)  # fmt: skip
            n += len(part)
        if out.last:
            if read.problem is not None:  # a read error part-way
                out.extra.append(read.problem)
            out.digest = read.digest()
        out.keys = pa.concat_tables(keys) if keys else _KEY_SCHEMA.empty_table()
        out.findings = pa.concat_tables(finds) if finds else _FINDING_SCHEMA.empty_table()
        return out, n
    finally:
        read.close()


def scan_task(spec: TaskSpec) -> TaskOutput:
    """Read, parse, audit and flatten the pieces of one task; stage their rows.

    Each path is walked again here (:func:`hhtools.ingest.sources.iter_sources`) and
    only the sources the task names are read, in walk order; a source no longer found
    gives an output with ``missing`` set.

    Returns:
        The task's :class:`TaskOutput`. Bad input never raises (it gives problems);
        an error of the storage does.
    """
    start = time.perf_counter()
    ds = Dataset.at(spec.root)
    stager = _Stager(ds, staging_dir(spec.import_id, spec.task))
    outputs: dict[str, PieceOutput] = {}
    n = 0
    by_path: dict[str, list[Piece]] = {}
    for piece in spec.pieces:
        by_path.setdefault(piece.path, []).append(piece)
    for path, pieces in by_path.items():
        wanted = {p.name: p for p in pieces}
        for item in iter_sources([path], resolve=True):  # named as the driver named them
            if isinstance(item, Source) and item.name in wanted:
                out, n = _scan_source(item, wanted[item.name], spec, stager, n)
                outputs[item.name] = out
    staged = stager.close()
    pieces_out = [outputs.get(p.name) or PieceOutput(p.name, missing=True) for p in spec.pieces]
    seconds = time.perf_counter() - start
    return TaskOutput(spec.task, pieces_out, staged, peak_rss(), worker_name(), seconds)


def finalize_task(root: str, import_id: int, task: int, staged: dict[str, str],
                  drop: list[int]) -> tuple[list[dict[str, Any]], int, str]:  # fmt: skip
    """Write a task's staged rows, less the hands in ``drop``, into the partitions.

    Args:
        root: the dataset folder.
        import_id: the run; ``task``: the task's number (the files' names carry both,
            so running this again writes the same files).
        staged: table -> staged file (relative), as :func:`scan_task` gave.
        drop: ``_n`` of the hands not to keep (stored already).

    Returns:
        ``(files written as {"table", "path", "rows"}, peak memory, worker)``.
    """
    ds = Dataset.at(root)
    added: list[dict[str, Any]] = []
    if "hands" not in staged:
        return added, peak_rss(), worker_name()
    drop_set = pa.array(drop, pa.int64())
    hands = ds.read_table(staged["hands"]).select(["_n", "started_at"])
    hand_n = hands.column("_n")
    hand_month = months_of(hands.column("started_at"))
    for table, rel in staged.items():
        rows = ds.read_table(rel)
        if len(drop_set):
            rows = rows.filter(pc.invert(pc.is_in(rows.column("_n"), value_set=drop_set)))
        if rows.num_rows == 0:
            continue
        at = pc.index_in(rows.column("_n"), value_set=hand_n.combine_chunks())
        rows = rows.append_column("_month", pc.take(hand_month, at))
        writer = PartitionWriter(ds, table, f"part-{import_id}-{task:05d}")
        writer.write(rows)
        added += writer.close()
    return added, peak_rss(), worker_name()

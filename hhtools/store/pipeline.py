"""The import's stage functions: read and split a file (or a byte range of one), parse,
audit, flatten.

:func:`process_chunk` (a chunk of hand texts) and :func:`process_piece` (a file or a
byte range of one, read here) are plain functions over plain values, so they run the
same in this process, in a worker process of the importer, or on another machine;
they return column batches ready to append (:class:`WorkResult`), never records.
"""

from __future__ import annotations

import gc
import logging
import signal
import traceback
from dataclasses import dataclass, field
from datetime import datetime
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import BinaryIO

import pyarrow as pa

import hhtools.grammars as grammars
from hhtools.audit import AuditResult, audit_hands
from hhtools.grammars.base import SiteFormat
from hhtools.ingest.hands import lead_line, split_bounded
from hhtools.ingest.read import READ_ERRORS, TooLong, open_source, read_problem, sort_notes
from hhtools.ingest.sources import Source
from hhtools.model.records import HandHistory, HandText, Problem
from hhtools.model.vocab import ProblemCode
from hhtools.store.flatten import ColumnBatch, flatten_hand, text_digest
from hhtools.store.flatten_arrow import KEY_SCHEMA, batch_tables
from hhtools.store.tables.kept import kept_rows
from hhtools.store.transport import Shipped, ship

__all__ = ["BATCH_HANDS", "CHUNK_HANDS", "KEY_SCHEMA", "Piece", "PieceResult", "Task", "WorkResult",
           "chunked", "start_worker", "process_chunk", "process_piece", "run_task"]  # fmt: skip

CHUNK_HANDS = 200  #: hands parsed, audited and flattened together

#: hands of a piece whose rows are turned into Arrow tables together: a piece's chunks
#: fill one batch up to this many hands. A piece is at most the importer's range of 2 MiB
#: of text, about 1,800 PokerStars hands, so one batch in practice: one Arrow conversion
#: per column, nothing to concatenate, the kept rows and the pickling over the whole
#: piece (each has a cost per batch): 7 us of CPU a hand less than batches of 1,000 at
#: the same peak memory (benchmarks/bench_worker_split.py); the cap bounds the rows held
#: of a format whose hands are a few hundred bytes
BATCH_HANDS = 8000

log = logging.getLogger(__name__)


@dataclass(slots=True)
class WorkResult:
    """What one chunk gave.

    Attributes:
        tables: table -> an Arrow table of its rows (the store's columns plus ``_n``,
            the running number of the row's hand), built here so the process that
            owns the database only concatenates and appends.
        keys: the hands flattened, one row each in order (:data:`KEY_SCHEMA`);
            ``None`` when none was.
        problems: problems of the chunk's hands, in order (notes apart).
        skipped: hands of games outside the Omaha family.
        failed: hands that gave no record.
        notes: notes of the chunk's hands (hands skipped by design), in order.
        kept: the kept tables' rows of these hands (:func:`hhtools.store.tables.kept.kept_rows`,
            worked out for a piece's hands), or ``None`` (a chunk of an archive or a
            watch, or they could not be worked out): the store works them out then.
        shipped: where a worker process wrote ``tables``, ``keys`` and ``kept`` (they
            are then empty until :func:`hhtools.store.transport.land` reads them back),
            or ``None``.
    """

    tables: dict[str, pa.Table]
    keys: pa.Table | None
    problems: list[Problem]
    skipped: int
    failed: int
    notes: list[Problem] = field(default_factory=list)
    kept: dict[str, pa.Table] | None = None
    shipped: Shipped | None = None

    @property
    def count(self) -> int:
        """Hands flattened."""
        return 0 if self.keys is None else self.keys.num_rows

    def extend(self, others: list[WorkResult]) -> None:
        """Add later chunks' results: tables and keys concatenated into one chunk per
        column (one buffer a column crosses the pipe and goes to DuckDB, not one per
        chunk), lists extended, counts added."""
        for other in others:
            self.problems.extend(other.problems)
            self.notes.extend(other.notes)
            self.skipped += other.skipped
            self.failed += other.failed
        parts: dict[str, list[pa.Table]] = {}
        for res in [self, *others]:
            for table, rows in res.tables.items():
                parts.setdefault(table, []).append(rows)
        self.tables = {t: pa.concat_tables(p).combine_chunks() for t, p in parts.items()}
        keys = [res.keys for res in [self, *others] if res.keys is not None]
        self.keys = pa.concat_tables(keys).combine_chunks() if keys else None
        self.kept = None  # of some of the hands only

    def keep(self) -> None:
        """Work out the kept tables' rows of these hands (:attr:`kept`); a failure
        (a bug) is logged and leaves them to the store."""
        if self.keys is None:
            return
        try:
            self.kept = kept_rows(self.tables)
        except (KeyError, ValueError, pa.ArrowException):
            log.warning("the kept tables' rows of a batch could not be worked out: the "
                        "store works them out", exc_info=True)  # fmt: skip
            self.kept = None


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
    out = WorkResult({}, None, [], 0, 0)
    lines: list[int] = []
    _fill(fmt, texts, audit, import_id, first_n, batch, lines, out)
    out.tables, out.keys = _tables(batch, lines)
    return out


def _fill(fmt: SiteFormat, texts: list[HandText], audit: bool, import_id: int, first_n: int,
          batch: ColumnBatch, lines: list[int], out: WorkResult) -> None:  # fmt: skip
    """Parse, audit and flatten ``texts`` (:func:`process_chunk`'s arguments) into
    ``batch``: each hand flattened adds its first line to ``lines``; problems, notes and
    counts go to ``out`` (its tables and keys left as they are).

    The chunk goes through each stage in turn (every hand parsed, then every hand
    audited, then every hand's text digest and rows), not hand by hand: each stage's
    code and tables stay in the processor's caches over the chunk (a worker's CPU a
    hand about a fifth less, benchmarks/bench_worker_split.py). The problems come in
    the order a hand-by-hand pass gives them: each hand's own, then its audit's."""
    problems, notes = out.problems, out.notes
    skipped = failed = 0
    parsed_hands: list[tuple[int, HandHistory | None, Sequence[Problem]]] = []
    for i, ht in enumerate(texts):
        parsed = fmt.parse(ht)  # never raises: the registry's guard (grammars._Checked)
        hand_problems, hand_notes, why_skipped = sort_notes(parsed, ht)
        notes.extend(hand_notes)
        hand = parsed.hand
        if why_skipped is not None:
            skipped += 1
            hand = None
        elif hand is None:
            failed += 1
        parsed_hands.append((i, hand, hand_problems))
    hands = [hand for _, hand, _ in parsed_hands]
    audits = _audits(hands) if audit else [None] * len(hands)
    digests = _digests(texts)
    for (i, hand, own), result in zip(parsed_hands, audits, strict=True):
        problems.extend(own)
        if hand is None:
            continue
        if isinstance(result, Problem):
            problems.append(result)
            result = None
        ht = texts[i]
        flatten_hand(batch, hand, result, import_id, first_n + i,
                     digests[i] if hand.text is ht.text else None)  # fmt: skip
        lines.append(ht.line)
    out.skipped += skipped
    out.failed += failed


def _audits(hands: list[HandHistory | None]) -> list[AuditResult | Problem | None]:
    """The audit of each hand (:func:`hhtools.audit.audit_hands`, the chunk's hands
    audited stage by stage), ``None`` for no hand, or the ``internal_error`` problem of
    a bug its audit met (the other hands' audits go on)."""
    results = iter(audit_hands([hand for hand in hands if hand is not None]))
    out: list[AuditResult | Problem | None] = []
    for hand in hands:
        if hand is None:
            out.append(None)
            continue
        result = next(results)
        if isinstance(result, Exception):
            log.debug("audit failed: %s", "".join(traceback.format_exception(result)))
            out.append(Problem(hand.file, hand.line, hand.hand_id, ProblemCode.INTERNAL_ERROR,
                               f"audit failed: {result!r}"))  # fmt: skip
        else:
            out.append(result)
    return out


def _digests(texts: list[HandText]) -> list[str]:
    """The text digest of each hand text (:func:`hhtools.store.flatten.text_digest`), in
    one pass: 1.6 us of CPU a hand so, 9 when worked out between two hands' audits and
    rows (the hash's code and tables out of the caches)."""
    return [text_digest(ht.text) for ht in texts]


def _tables(batch: ColumnBatch, lines: list[int]) -> tuple[dict[str, pa.Table], pa.Table | None]:
    """The Arrow tables of ``batch``'s rows and its keys table (:data:`KEY_SCHEMA`; the
    hands' first lines ``lines``); ``({}, None)`` when no hand was flattened
    (:func:`hhtools.store.flatten_arrow.batch_tables`)."""
    return batch_tables(batch, lines)


# --------------------------------------------------------------------------- pieces


@dataclass(frozen=True, slots=True)
class Piece:
    """A plain file, or a byte range of one, for a worker to read, split and process
    itself (the process that owns the database hands out pieces, not texts).

    Attributes:
        path: the file on disk; ``name``: the name its hands and problems carry.
        size: bytes; ``modified_at``: its time, as the walk saw them.
        audit: run the audit; ``import_id``: the run's ``imports.import_id``.
        first_n: running number of the piece's first hand in the run (tags rows).
        start: byte offset of the range, a line start (0: the file's start).
        stop: end of the range, exclusive: the piece takes the hands whose first line
            starts in ``[start, stop)``; ``None``: to the end of the file.
        line: 1-based number of the line at ``start``.
        exact: ``start`` is where a hand begins (0, or a range taken again from where
            the range before it saw a hand begin); else the split starts behind a
            copy of the file's first hand line (:func:`hhtools.ingest.hands.split_bounded`),
            so the tail of the hand ``start`` falls in is dropped.
        site_format: the file's format key when the range is not the whole file
            (``""``: recognised here from the file's first bytes).
    """

    path: str
    name: str
    size: int
    modified_at: datetime
    audit: bool
    import_id: int
    first_n: int
    start: int = 0
    stop: int | None = None
    line: int = 1
    exact: bool = True
    site_format: str = ""

    @property
    def whole(self) -> bool:
        """The piece is the whole file (it then gives the file's digest)."""
        return self.start == 0 and self.stop is None


@dataclass(slots=True)
class PieceResult:
    """What one :class:`Piece` gave.

    Attributes:
        piece: the piece.
        site_format: the key of the file's format; ``""`` when none reads it.
        work: its hands' rows, keys, problems and counts (``hand_too_long`` ones
            counted as failed hands).
        digest: SHA-256 (hex) of the whole file when the piece is the whole file
            (``""`` when it could not be read), else ``None``.
        problem: the file's own problem (unsupported site, or a read error met on the
            way), or ``None``.
        lead: ``(offset, line)`` of the first hand the piece took; ``tail``: of the
            first hand its split gave at or past ``stop`` (``None``: none, the file
            ended). The range after it must lead with this very hand.
    """

    piece: Piece
    site_format: str
    work: WorkResult
    digest: str | None = None
    problem: Problem | None = None
    lead: tuple[int, int] | None = None
    tail: tuple[int, int] | None = None


def _empty() -> WorkResult:
    return WorkResult({}, None, [], 0, 0)


def chunked(items: Iterable[HandText | TooLong]) -> Iterator[list[HandText] | TooLong]:
    """The hand texts of ``items`` in chunks of :data:`CHUNK_HANDS` (the last one
    shorter), for :func:`process_chunk`; a hand over the size limit (never parsed: a
    failed hand) is given alone when it comes, before the chunk it came in the middle of."""
    chunk: list[HandText] = []
    for ht in items:
        if isinstance(ht, TooLong):
            yield ht
            continue
        chunk.append(ht)
        if len(chunk) >= CHUNK_HANDS:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _in_piece(items: Iterable[HandText | TooLong], piece: Piece,
              out: PieceResult) -> Iterator[HandText | TooLong]:  # fmt: skip
    """The items that start in the piece; notes its first (``lead``) and the first
    past its end (``tail``)."""
    for ht in items:
        if piece.stop is not None and ht.offset >= piece.stop:
            out.tail = (ht.offset, ht.line)
            return
        if out.lead is None:
            out.lead = (ht.offset, ht.line)
        yield ht


def _work(fmt: SiteFormat, items: Iterable[HandText | TooLong], piece: Piece,
          out: PieceResult) -> None:  # fmt: skip
    """Parse, audit and flatten the hands of ``items`` that start in the piece: their
    chunks fill one batch up to :data:`BATCH_HANDS` hands, made Arrow tables then
    (problems, notes and counts in the order :func:`process_chunk` of each chunk gives)."""
    n = piece.first_n
    done: list[WorkResult] = []
    lines: list[int] = []
    batch, work = ColumnBatch(), _empty()
    for part in chunked(_in_piece(items, piece, out)):
        if isinstance(part, TooLong):
            work.problems.append(part.problem)
            work.failed += 1
            continue
        _fill(fmt, part, piece.audit, piece.import_id, n, batch, lines, work)
        n += len(part)
        if len(lines) >= BATCH_HANDS:
            work.tables, work.keys = _tables(batch, lines)
            done.append(work)
            batch, lines, work = ColumnBatch(), [], _empty()
    work.tables, work.keys = _tables(batch, lines)
    done.append(work)
    out.work.extend(done)
    out.work.keep()


def process_piece(piece: Piece) -> PieceResult:
    """Read, split, parse, audit and flatten one file or byte range of one.

    Args:
        piece: what to read (see :class:`Piece`).

    Returns:
        Its :class:`PieceResult`. Nothing raises for bad input: a file no format
        reads gives its ``unsupported_site`` problem, one that cannot be read (or
        stops being readable part-way) its ``read_error``; a hand over the size limit
        a ``hand_too_long`` problem (:func:`hhtools.ingest.hands.split_bounded`).
    """
    if piece.whole:
        src = Source(piece.name, _opener(piece.path), piece.size, piece.modified_at, piece.path)
        read = open_source(src)
        try:
            fmt = read.format
            out = PieceResult(piece, fmt.key if fmt else "", _empty())
            if fmt is not None:
                _work(fmt, read.items(), piece, out)
            out.digest = read.digest()
            out.problem = read.problem
            return out
        finally:
            read.close()
    fmt = grammars.get(piece.site_format)
    out = PieceResult(piece, fmt.key, _empty())
    try:
        with open(piece.path, "rb") as raw:
            lead = b"" if piece.exact else lead_line(fmt, raw, piece.name)
            items = split_bounded(fmt, raw, piece.name, piece.start, piece.line, lead)
            _work(fmt, items, piece, out)
    except READ_ERRORS as exc:
        out.problem = read_problem(piece.name, exc)
    return out


def _opener(path: str) -> Callable[[], BinaryIO]:
    """What opens the plain file ``path`` for a :class:`Source` made in a worker."""
    return lambda: open(path, "rb")  # noqa: SIM115  (the reader closes it)


#: what the importer gives a worker: (file index, last task of the file, the work: a
#: chunk's ``process_chunk`` arguments, a :class:`Piece`, or a problem / nothing to
#: pass through in order)
Task = tuple[int, bool, tuple[str, list[HandText], bool, int, int] | Piece | Problem | None]


#: the folder a worker writes its answers' Arrow tables to (:func:`start_worker`)
_answers: str | None = None


def start_worker(answers: str | None = None) -> None:
    """A worker's initialiser: its answers' Arrow tables are written to files of the
    folder ``answers`` (:func:`hhtools.store.transport.ship`), not pickled through the
    pool's pipe, when one is given; Ctrl-C is the main process's to handle; and the cyclic
    garbage collector stopped, what the worker inherited from the process that made it
    frozen (never traversed: no copy of those pages made by a collection). A worker
    makes almost no reference cycles (377 objects found in cycles over the first three
    pieces of 10,000 generated hands, none in the next nine), so :func:`run_task`
    collects only the objects made since its last task, after each task. The collector
    took 19 us of CPU a hand over a cold piece of 10,000 generated hands with Python's
    thresholds, 4.5 to 5.5 with a collection of the youngest objects every 10,000
    allocations (benchmarks/bench_worker_split.py, its GC row), 0.3 so."""
    global _answers
    _answers = answers
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.freeze()
    gc.disable()


def run_task(task: Task) -> tuple[int, bool, WorkResult | PieceResult | Problem | None]:
    """Run one task in this process: (file index, last, what the work gave); in a worker
    whose collector is stopped (:func:`start_worker`), the objects made since the last
    task then collected (the youngest generation: cycles are freed, the rest kept
    without being traversed again); in a worker given a folder of answers, the result's
    Arrow tables written there (:func:`hhtools.store.transport.ship`)."""
    index, last, args = task
    done: WorkResult | PieceResult | Problem | None
    if isinstance(args, Piece):
        done = process_piece(args)
    elif isinstance(args, tuple):
        done = process_chunk(*args)
    else:
        done = args
    if _answers is not None:
        if isinstance(done, PieceResult):
            ship(done.work, _answers)
        elif isinstance(done, WorkResult):
            ship(done, _answers)
    if not gc.isenabled():
        gc.collect(0)
    return index, last, done

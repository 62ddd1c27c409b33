"""One batch of ``hhtools watch``: the new hands of some files, read and stored by an
:class:`~hhtools.store.importer.Importer` (what is taken when: :mod:`hhtools.store.watch`).

A hand cut short. The last hand of a file is taken once the file has been quiet for
the settle time; a client that pauses mid-hand (mid-line too) for longer leaves it cut
short there, and it is read as it was (a ``truncated_hand`` problem, or, cut inside its
summary, a record without its end). When the file grows and the bytes after what was
taken are not just blank lines, they continue that hand: it is taken again from its
start (where it started is found by splitting the file as it was when taken, since a
header cut mid-line was no hand then), and in the transaction that stores the new
reading the old one is withdrawn (:func:`hhtools.store.withdraw.withdraw_reading`: the
hand it stored, the problems it listed, its count in its ``imports`` row). This needs
only what ``imports`` holds (the last import that took the file, under which name),
so it holds across a restart and a rename of the file.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from pathlib import Path

from hhtools.ingest.prefix import Prefix, prefix_digest
from hhtools.ingest.read import TooLong, open_source
from hhtools.ingest.sources import Source
from hhtools.model.records import HandText
from hhtools.store.importer import CHUNK_HANDS, Importer, ImportSummary, _FileState, _Task
from hhtools.store.pipeline import WorkResult
from hhtools.store.withdraw import Withdrawn, withdraw_reading

EMPTY_DIGEST = hashlib.sha256(b"").hexdigest()
_BLANK = b" \t\r\n\x00"  # what may follow a hand before the next one (UTF-16 too)

Key = tuple[int, int, int, int]  # size, mtime (ns), device, inode


@dataclass(slots=True)
class Tracked:
    """One file followed: what was taken from it, and when it last changed."""

    name: str
    path: Path
    done: int = 0  # bytes taken: the offset of the first hand not taken yet
    digest: str = EMPTY_DIGEST  # SHA-256 of the bytes before ``done``
    fmt: str | None = None  # site format key; "" a file no format reads (reported)
    archive: bool = False
    ident: tuple[int, int] | None = None  # device, inode
    modified_at: datetime | None = None  # from its imports row (trusted when unchanged)
    key: Key | None = None  # the stat last seen
    since: float = 0.0  # monotonic time that stat was first seen
    seen_changing: bool = False  # the watcher saw it change (settle by its own clock)
    looked: tuple[Key, bool] | None = None  # the stat and settledness last read
    import_id: int | None = None  # the last import that took hands of it...
    taken_as: str | None = None  # ...and the name it gave the file (imports.file)


@dataclass(frozen=True, slots=True)
class Plan:
    """One file to read in a batch: a snapshot of its size and what to take."""

    tracked: Tracked
    size: int  # bytes to read (the file may grow meanwhile)
    modified_at: datetime
    key: Key
    start: int  # hands starting before this offset were taken already
    settled: bool  # the last hand may be taken

    @property
    def new_bytes(self) -> int:
        return self.size - self.start


@dataclass(frozen=True, slots=True)
class Taken:
    """What a committed file's batch took: the plan, the bytes taken (``done``), their
    digest, the site format key, and the import and name that took them."""

    plan: Plan
    cut: int
    digest: str
    fmt: str
    import_id: int
    name: str


class BatchImporter(Importer):
    """An :class:`Importer` run over the new hands of some files (:class:`Plan`), or
    over whole paths (archives), keeping the importer's transactions, de-duplication
    and Ctrl-C handling. ``on_file`` is called for each file once the transaction that
    holds it is committed."""

    def __init__(
        self,
        db: str | Path,
        plans: list[Plan] | None,
        *,
        audit: bool,
        workers: int | None,
        on_progress: Callable[[ImportSummary, str], None] | None,
        on_file: Callable[[_FileState, Taken | None], None],
    ) -> None:
        super().__init__(db, audit=audit, workers=workers, on_progress=on_progress)
        self._plans = plans
        self._on_file = on_file
        self._proposed: dict[int, Taken] = {}  # id(state) -> what it takes
        self._stale: dict[int, tuple[int, str, int]] = {}  # id(state) -> reading to withdraw
        self.looked: list[Plan] = []  # plans read to the end (nothing left to retry)
        self.problems = 0  # problems of the files committed (the rest: summary.problems)
        self.withdrawn = Withdrawn()  # readings cut short withdrawn by this batch

    def _tasks(self, paths: Iterable[str | Path]) -> Iterator[_Task]:
        if self._plans is None:  # archives: as `hhtools import` reads them
            yield from super()._tasks(paths)
            return
        for index, plan in enumerate(self._plans, 1):
            yield from self._plan_tasks(index, plan)
            self.looked.append(plan)

    def _plan_tasks(self, index: int, plan: Plan) -> Iterator[_Task]:
        """The tasks of one file: its hands at or after ``plan.start`` (and the hand
        before it when it was cut short there), the last one only when
        ``plan.settled``; the file's state records what is taken."""
        t = plan.tracked
        src = Source(t.name, partial(Prefix, t.path, plan.size), plan.size, plan.modified_at)
        read = open_source(src)
        try:
            fmt = read.format
            if fmt is None:  # no site format reads it (or it cannot be read)
                if plan.settled and t.fmt != "" and t.path.exists() and read.problem:
                    unread = _FileState(src, "")
                    self._files[index] = unread
                    unread.digest = read.digest()
                    self._problem_rows.append((unread, read.problem))
                    self._proposed[id(unread)] = Taken(plan, plan.size, unread.digest, "",
                                                      self.import_id, t.name)  # fmt: skip
                    yield index, True, None
                return
            items = read.items()
            before: deque[HandText | TooLong] = deque(maxlen=2)  # the last hands taken
            first = None  # the first hand at or after plan.start
            for item in items:
                if item.offset >= plan.start:
                    first = item
                    break
                before.append(item)
            again = _cut_short(plan, before, first)
            state: _FileState | None = None
            chunk: list[HandText] = []
            held: HandText | TooLong | None = None
            rest = [first] if first is not None else []
            for coming in itertools.chain(again, rest, items, [None]):
                if coming is None and not plan.settled:
                    break  # the last hand may be unfinished: it waits
                take, held = held, coming
                if take is None:
                    continue
                if state is None:
                    state = _FileState(src, fmt.key)
                    self._files[index] = state
                    if again and t.import_id is not None and t.taken_as is not None:
                        self._stale[id(state)] = (t.import_id, t.taken_as, again[0].line)
                if isinstance(take, TooLong):  # never parsed: a failed hand
                    self._count(state, WorkResult({}, None, [take.problem], 0, 1))
                    continue
                chunk.append(take)
                if len(chunk) >= CHUNK_HANDS:
                    yield index, False, (fmt.key, chunk, self.audit, self.import_id, self._n)
                    self._n += len(chunk)
                    chunk = []
            if state is None:
                return  # nothing new is complete yet
            cut = plan.size if plan.settled else max(plan.start, held.offset if held else 0)
            if read.problem is not None:  # a read error part-way
                self._problem_rows.append((state, read.problem))
            digest = read.digest() if cut == plan.size else prefix_digest(t.path, cut)
            state.source = dataclasses.replace(src, size=cut)  # imports.bytes: bytes taken
            state.digest = digest or ""
            self._proposed[id(state)] = Taken(plan, cut, state.digest, fmt.key,
                                              self.import_id, t.name)  # fmt: skip
            yield index, True, (fmt.key, chunk, self.audit, self.import_id, self._n)
            self._n += len(chunk)
        finally:
            read.close()

    def _reads_again(self, state: _FileState) -> bool:  # archives only: a plan takes new hands
        return self._plans is None and super()._reads_again(state)

    def _withdraw_stale(self, states: Iterable[_FileState]) -> None:
        """Withdraw the old reading of the hand the files ``states`` take again (inside
        the file's transaction, before its hands are appended)."""
        for state in states:
            stale = self._stale.pop(id(state), None)
            if stale is not None:
                self.withdrawn += withdraw_reading(self.con, *stale)

    def _append_hands(self) -> int:
        self._withdraw_stale({id(s): s for s, _ in self._pending}.values())
        return super()._append_hands()

    def _append_import_row(self, state: _FileState) -> None:
        self._withdraw_stale([state])
        super()._append_import_row(state)

    def _file_committed(self, state: _FileState) -> None:
        self.problems += state.problems
        self._on_file(state, self._proposed.pop(id(state), None))


def _cut_short(
    plan: Plan, before: deque[HandText | TooLong], first: HandText | TooLong | None
) -> list[HandText | TooLong]:
    """The hands to take again because the last one taken was cut short at
    ``plan.start``: none when only blank bytes lie between ``plan.start`` and the next
    hand (``first``, or the end of the file), else the hands of ``before`` from the
    one that was the last hand of the file as it was when taken."""
    if not before or plan.start <= 0:
        return []
    end = first.offset if first is not None else plan.size
    try:
        with open(plan.tracked.path, "rb") as fh:
            fh.seek(plan.start)
            left = end - plan.start
            while left > 0:
                block = fh.read(min(left, 1 << 16))
                if not block:
                    return []
                if block.strip(_BLANK):
                    break
                left -= len(block)
            else:
                return []
    except OSError:
        return []
    t = plan.tracked
    was = Source(t.name, partial(Prefix, t.path, plan.start), plan.start, plan.modified_at)
    read = open_source(was)
    try:
        last = None
        for item in read.items():
            last = item.offset
    finally:
        read.close()
    again = [i for i in before if last is not None and i.offset >= last]
    return again or list(before)

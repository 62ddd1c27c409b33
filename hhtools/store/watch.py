"""Watch folders and import hands as the poker client writes them (``hhtools watch``).

:func:`watch_folders` imports what the folders hold, then follows them (with
:mod:`watchfiles`) and imports every new file and every hand appended to a file the
client is still writing, a few seconds after it is written.

What is taken from a file. A changed file is split from its start into hand texts, as
``hhtools import`` splits it, and only the new hands are parsed and audited. A hand
is complete, and taken, once another hand starts after it; the last hand of a file
once the file has been quiet (same size and time) for ``settle`` seconds, by the
watcher's clock for a file seen changing, by the file's time for one found in place.
A hand another hand follows is never read half-written. What was taken is the
offset of the first hand not taken and the SHA-256 of the bytes before it, the
``bytes`` and ``digest`` of the file's ``imports`` row (one a batch that took hands);
only hands from that offset on are read next time, so a grown file adds each hand,
problem and note once. A last hand the client paused in for longer than ``settle``
(mid-line too) is taken cut short; when the file grows past it, it is taken again
from its start and its cut reading (the hand or the problems it left) is withdrawn
in the same transaction (:mod:`hhtools.store.watch_batch`), so every hand is stored
once, whole, and no problem stays listed for it. A file whose bytes before its
offset changed (rewritten, truncated) is read again whole: stored hands are skipped
(by site and hand id), its problems may be listed again.

Renames and rotation. A file under a new name is one already followed when it is the
same file (device and inode) with the same bytes up to its offset, or when its
SHA-256 is an ``imports.digest`` (a copy): nothing of it is read again. Any other
file is read whole, its stored hands skipped. On start, what was taken from each
file is read back from ``imports``: a watch started again goes on where it stopped.

The database. DuckDB lets one process write a file and no other read it meanwhile:
the watcher opens it for writing only for a batch (an
:class:`~hhtools.store.importer.Importer` run over the new hands of the changed files,
at most :data:`BATCH_BYTES` of them; the first import in several batches) and
closes it between batches. Readers wait for a batch
(:func:`hhtools.store.db.connect` tries again for :data:`~hhtools.store.db.LOCK_WAIT`
seconds). A batch asks the readers to give the file up
(:func:`hhtools.store.sharing.writer_turn`): a connection of :func:`hhtools.connect`
that stays open closes its file as soon as no statement runs, and opens it again
for its next statement after the batch, so a batch waits at most for the statements
running when it asks; a wait over :data:`SLOW_OPEN` seconds is logged and counted
(:attr:`WatchStatus.waited`). When a reader that does not take turns (another
program's DuckDB connection) holds the file past the wait, the batch is tried again
at the next wake-up. A batch's files are committed as by ``hhtools import`` (each
whole or not at all); on Ctrl-C the importer rolls back the file in progress.

Not read: empty files, and what ``hhtools import`` leaves out by the same rules
(:func:`hhtools.ingest.sources.iter_sources` for a look at the folders,
:func:`~hhtools.ingest.sources.skip_reason` for a file met by an event): hidden files
and folders, fpdb's expected-result files, any DuckDB database (the store, its
write-ahead log) and Parquet file or dataset, links to folders, counted by reason in
:attr:`WatchStatus.skipped`; a file no site format reads is reported once it has settled
(``unsupported_site``), and not again while it grows. ``.zip`` and tar archives and
compressed files are imported whole once settled, as ``hhtools import`` reads them.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import stat as stat_module
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from pathlib import Path

import duckdb

from hhtools.ingest import packed
from hhtools.ingest.archives import ZIP_MAGIC
from hhtools.ingest.prefix import Prefix, prefix_digest
from hhtools.ingest.read import open_source
from hhtools.ingest.sources import Skipped, Source, iter_sources, skip_reason
from hhtools.store import db as store
from hhtools.store.importer import _FileState, store_files
from hhtools.store.sharing import readers_turn, writer_turn
from hhtools.store.watch_batch import BatchImporter as _BatchImporter
from hhtools.store.watch_batch import Key as _Key
from hhtools.store.watch_batch import Plan as _Plan
from hhtools.store.watch_batch import Taken
from hhtools.store.watch_batch import Tracked as _Tracked

__all__ = ["BATCH_BYTES", "SETTLE_SECONDS", "WatchStatus", "watch_folders"]

log = logging.getLogger(__name__)

SETTLE_SECONDS = 2.0  #: seconds a file must be quiet before its last hand is taken
TICK_MS = 500  #: the loop wakes at least this often (milliseconds) to look at quiet files
DEBOUNCE_MS = 400  #: changes are gathered for at most this long before a batch (ms)
RESCAN_SECONDS = 30.0  #: every file is looked at again this often (missed events)
SLOW_OPEN = 1.0  #: seconds of waiting for readers that the status reports
BATCH_BYTES = 16 << 20  #: new bytes per batch (the database is held for one batch)
POOL_BYTES = 4 << 20  #: a batch with more new bytes than this uses worker processes
@dataclass(slots=True)
class WatchStatus:
    """What a watch has done so far (the live line of ``hhtools watch``).

    Attributes:
        folders: the folders watched (absolute).
        phase: ``starting``, ``importing`` (the first import), ``watching``, ``stopped``.
        hands: hands newly stored since the watch started.
        findings: audit findings of those hands.
        problems: problems reported (``import_errors``; notes not counted).
        duplicates: hands met again and skipped as stored.
        batches: batches committed.
        files: files followed.
        waiting: files whose last hand waits for the file to settle.
        last_hand: hand id of the last hand stored, and ``last_file`` its file.
        last_file: see ``last_hand``.
        busy: why the last batch could not open the database (held by a reader), or
            ``None``; the batch is tried again.
        waited: seconds batches spent waiting for readers to give the database up
            (waits over :data:`SLOW_OPEN` seconds each).
        interrupted: stopped by Ctrl-C (or SIGTERM, as ``hhtools watch`` handles it).
        skipped: files and folders left out as no history at the last look at the
            folders, by :class:`~hhtools.ingest.sources.SkipReason` (a folder counts once).
    """

    folders: tuple[str, ...] = ()
    phase: str = "starting"
    hands: int = 0
    findings: int = 0
    problems: int = 0
    duplicates: int = 0
    batches: int = 0
    files: int = 0
    waiting: int = 0
    last_hand: str | None = None
    last_file: str | None = None
    busy: str | None = None
    waited: float = 0.0
    interrupted: bool = False
    skipped: Counter[str] = field(default_factory=Counter)


# ---------------------------------------------------------------------------- the watch


class _Watcher:
    """The state of one watch: the files followed and the work still to do."""

    def __init__(
        self,
        folders: list[Path],
        db: str | Path,
        *,
        audit: bool,
        settle: float,
        workers: int | None,
        on_status: Callable[[WatchStatus], None] | None,
    ) -> None:
        self.folders = folders
        self.db = db
        self.audit = audit
        self.settle = settle
        self.workers = workers
        self.on_status = on_status
        self.status = WatchStatus(folders=tuple(str(f) for f in folders))
        self.files: dict[str, _Tracked] = {}
        self.by_ident: dict[tuple[int, int], _Tracked] = {}
        self.known_digests: set[str] = set()
        self.waiting: set[str] = set()
        self.dirty: set[str] = set()
        self.own = store_files(os.path.abspath(db))  # the database, its .wal: never read

    # ---- what was imported before ---------------------------------------------------

    def load_imported(self) -> None:
        """Read back from ``imports`` what was taken from each file (see module doc)."""
        if str(self.db) == ":memory:" or not Path(self.db).exists():
            return
        con = store.connect(self.db, read_only=True)
        try:
            rows = con.execute(
                "SELECT file, bytes, digest, site_format, modified_at, import_id FROM imports "
                "WHERE digest IS NOT NULL AND digest <> '' "
                "QUALIFY row_number() OVER (PARTITION BY file ORDER BY import_id DESC) = 1"
            ).fetchall()
            digests = con.execute("SELECT DISTINCT digest FROM imports").fetchall()
        finally:
            con.close()
        self.known_digests = {d for (d,) in digests if d}
        for file, size, digest, fmt, modified, import_id in rows:
            if "!" in file and not Path(file).exists():
                continue  # an archive's member
            t = _Tracked(file, Path(file), done=int(size or 0), digest=digest,
                         fmt=fmt if fmt is not None else "", modified_at=modified,
                         import_id=import_id, taken_as=file)  # fmt: skip
            self.files[file] = t

    # ---- looking at files -----------------------------------------------------------

    def walk(self) -> Iterator[str]:
        """Every file of the watched folders, as ``hhtools import`` walks them."""
        skipped: Counter[str] = Counter()

        def skip(item: Skipped) -> None:
            skipped[str(item.reason)] += 1

        found = [item.name for item in iter_sources(self.folders, exclude=self.own,
                                                    on_skip=skip, archives=False)
                 if isinstance(item, Source)]  # fmt: skip
        self.status.skipped = skipped
        yield from found

    def consider(self, path: Path) -> _Plan | None:
        """What to read of ``path`` now (``None``: nothing, or not yet)."""
        try:
            st = path.stat()
        except OSError:
            return None
        name, ident = str(path), (st.st_dev, st.st_ino)
        if (not stat_module.S_ISREG(st.st_mode) or st.st_size == 0
                or self._skipped(path)):  # fmt: skip
            self.waiting.discard(name)
            return None
        key, now = (st.st_size, st.st_mtime_ns, *ident), time.monotonic()
        t = self.files.get(name)
        if t is None or t.ident != ident:
            t = self._adopt(path, st, t)
            if t is None:
                return None
        elif t.key != key:
            if st.st_size < t.done or (t.done and prefix_digest(path, t.done) != t.digest):
                t = self._fresh(path, st)  # rewritten: read again from its start
            t.seen_changing = True
        if t.key != key:
            t.key, t.since = key, now
        settled = now - t.since >= self.settle or (
            not t.seen_changing and time.time() - st.st_mtime >= self.settle
        )
        if t.archive:
            (self.waiting.discard if settled else self.waiting.add)(name)
            if not settled or (t.looked is not None and t.looked[0] == key):
                return None
            return _Plan(t, st.st_size, datetime.fromtimestamp(st.st_mtime), key, 0, True)
        if t.done >= st.st_size and t.fmt != "":
            self.waiting.discard(name)
            return None
        if t.looked is not None and t.looked[0] == key and (t.looked[1] or not settled):
            if t.looked[1]:
                self.waiting.discard(name)
            return None
        (self.waiting.discard if settled else self.waiting.add)(name)
        when = datetime.fromtimestamp(st.st_mtime)
        if t.fmt == "":  # reported: read again only once a format reads it
            read = open_source(Source(name, partial(Prefix, path, st.st_size), 0, when))
            read.close()
            if read.format is None:
                t.looked = (key, True)
                return None
        return _Plan(t, st.st_size, when, key, 0 if t.fmt == "" else t.done, settled)

    def _skipped(self, path: Path) -> bool:
        """Whether the walk of the watched folder holding ``path`` leaves it out."""
        root = next((f for f in self.folders if path.is_relative_to(f)), None)
        if root is None:
            return skip_reason(path, path.parent, exclude=self.own) is not None
        return skip_reason(path, root, exclude=self.own) is not None

    def _fresh(self, path: Path, st: os.stat_result) -> _Tracked:
        t = _Tracked(str(path), path, ident=(st.st_dev, st.st_ino))
        try:
            with open(path, "rb") as fh:
                head = fh.read(16)
                t.archive = (path.suffix.lower() == ".zip" or head.startswith(ZIP_MAGIC)
                             or packed.kind(str(path), head) is not None)  # fmt: skip
        except OSError:
            pass
        self.files[t.name] = t
        self.by_ident[t.ident] = t  # type: ignore[index]
        return t

    def _adopt(self, path: Path, st: os.stat_result, old: _Tracked | None) -> _Tracked | None:
        """The state of a file met under this name for the first time (or with another
        inode): moved from another name, as imported before, or new."""
        ident = (st.st_dev, st.st_ino)
        moved = self.by_ident.get(ident)
        candidates = [c for c in (moved, old) if c is not None and not c.archive]
        for c in candidates:
            if c is moved and c.name != str(path):
                try:  # a second name of a file still there (a hard link) is not a move
                    if Path(c.name).exists() and os.path.samefile(c.name, path):
                        continue
                except OSError:
                    pass
            trusted = (c.modified_at is not None and c.done == st.st_size
                       and c.modified_at == datetime.fromtimestamp(st.st_mtime))  # fmt: skip
            if st.st_size >= c.done and (trusted or prefix_digest(path, c.done) == c.digest):
                t = dataclasses.replace(c, name=str(path), path=path, ident=ident,
                                        modified_at=None, seen_changing=c is moved)  # fmt: skip
                if c is moved and self.files.get(c.name) is c:
                    del self.files[c.name]
                self.files[t.name] = t
                self.by_ident[ident] = t
                return t
        t = self._fresh(path, st)
        if not t.archive and self.known_digests:
            whole = prefix_digest(path, st.st_size)
            if whole is None:
                return None
            if whole in self.known_digests:  # a copy of bytes already imported
                t.done, t.digest, t.fmt = st.st_size, whole, None
        return t

    # ---- batches --------------------------------------------------------------------

    def work(self, names: Iterable[str], stop: threading.Event) -> None:
        """Read what is new in the files ``names``, batch by batch, until done or
        ``stop`` is set."""
        plans = [p for name in sorted(set(names)) if (p := self.consider(Path(name)))]
        self.status.files = sum(1 for t in self.files.values() if t.key is not None)
        self.status.waiting = len(self.waiting)
        batches = [([p], True) for p in plans if p.tracked.archive]
        texts: list[_Plan] = []
        size = 0
        for plan in (p for p in plans if not p.tracked.archive):
            if texts and size + plan.new_bytes > BATCH_BYTES:
                batches.append((texts, False))
                texts, size = [], 0
            texts.append(plan)
            size += plan.new_bytes
        if texts:
            batches.append((texts, False))
        for n, (batch, archive) in enumerate(batches):
            if stop.is_set():
                break
            if not self.run_batch(batch, archive):  # held by a reader: all wait
                self.dirty.update(p.tracked.name for b, _ in batches[n + 1 :] for p in b)
                break
        self._tell()

    def run_batch(self, plans: list[_Plan], archive: bool = False) -> bool:
        """One batch: open the database, import, close it. ``False`` when the database
        is held by another connection (the files are looked at again later).

        Raises:
            KeyboardInterrupt: Ctrl-C; the importer has rolled back the file in progress.
            duckdb.Error: the database cannot be written (not a database...).
        """
        new = sum(p.new_bytes for p in plans)
        workers = self.workers if new > POOL_BYTES else 1
        readers_turn(self.db)  # readers the last batch kept out open the file first
        with writer_turn(self.db):  # readers of hhtools.connect give the file up
            asked = time.monotonic()
            try:
                importer = _BatchImporter(
                    self.db, None if archive else plans, audit=self.audit, workers=workers,
                    on_progress=lambda *_: self._tell(), on_file=self._committed,
                )  # fmt: skip
            except duckdb.Error as exc:
                if not store.held_elsewhere(exc):
                    raise
                self.status.busy = str(exc).splitlines()[0]
                self.status.waited += time.monotonic() - asked
                log.warning("the database is still held by a reader after %.1f s: the batch "
                            "waits for the next try", time.monotonic() - asked)  # fmt: skip
                self.dirty.update(p.tracked.name for p in plans)
                self._tell()
                return False
            self._waited(time.monotonic() - asked)
            try:
                paths = [p.tracked.path for p in plans] if archive else []
                summary = importer.run(paths)
            finally:
                importer.close()
        for plan in importer.looked if not archive else plans:
            plan.tracked.looked = (plan.key, plan.settled)
        self.status.batches += 1
        self.status.problems += summary.problems - importer.problems  # not a file's own
        # readings cut short and withdrawn: the hand is counted by its new reading
        gone = importer.withdrawn
        self.status.hands = max(0, self.status.hands - gone.hands)
        self.status.problems = max(0, self.status.problems - gone.problems - summary.withdrawn)
        return True

    def _waited(self, seconds: float) -> None:
        """The batch opened the database after ``seconds``: say so when readers kept it
        out for a while (more than :data:`SLOW_OPEN` seconds)."""
        self.status.busy = None
        if seconds > SLOW_OPEN:
            self.status.waited += seconds
            log.info("waited %.1f s for readers to give up the database", seconds)

    def _committed(self, state: _FileState, taken: Taken | None) -> None:
        """A file's hands are committed: record what was taken, count them."""
        st = self.status
        st.hands, st.findings = st.hands + state.hands, st.findings + state.findings
        st.problems, st.duplicates = st.problems + state.problems, st.duplicates + state.duplicates
        if state.last_hand is not None:
            self.status.last_hand, self.status.last_file = state.last_hand, state.source.name
        if taken is not None:
            t = taken.plan.tracked
            t.done, t.digest, t.fmt = taken.cut, taken.digest, taken.fmt
            t.import_id, t.taken_as = taken.import_id, taken.name
            self.known_digests.add(taken.digest)
        self._tell()

    def _tell(self) -> None:
        if self.on_status is not None:
            self.on_status(self.status)


def watch_folders(
    folders: Iterable[str | Path],
    db: str | Path,
    *,
    audit: bool = True,
    settle: float = SETTLE_SECONDS,
    workers: int | None = None,
    stop: threading.Event | None = None,
    on_status: Callable[[WatchStatus], None] | None = None,
    force_polling: bool | None = None,
) -> WatchStatus:
    """Import the folders, then import new hands as they are written, until stopped
    (what is taken when, and how readers share the database: the module's docstring).

    Args:
        folders: folders to watch, with their subfolders.
        db: the database file (created when missing).
        audit: audit every hand (``False``: ``--no-audit``).
        settle: seconds a file must stay unchanged before its last hand is taken
            (0: at once; default :data:`SETTLE_SECONDS`).
        workers: worker processes for a batch of more than :data:`POOL_BYTES` new
            bytes (default: CPU count); smaller batches run in this process.
        stop: set it (from another thread) to stop; looked at every :data:`TICK_MS`
            milliseconds and between batches.
        on_status: called with the running :class:`WatchStatus` after each file
            committed and each look at the folders.
        force_polling: for :func:`watchfiles.watch` (``None``: its default, which the
            ``WATCHFILES_FORCE_POLLING`` environment variable sets).

    Returns:
        The final :class:`WatchStatus`. Ctrl-C (KeyboardInterrupt) stops the watch as
        ``stop`` does (``interrupted``): the importer rolls back the file in progress.

    Raises:
        FileNotFoundError: a folder does not exist.
        duckdb.Error: the database cannot be written (not a DuckDB file), or cannot be
            read at the start (held by another writer past the wait).
    """
    import watchfiles

    paths = [Path(os.path.realpath(f)) for f in folders]  # names as an import gives them
    for p in paths:
        if not p.is_dir():
            raise FileNotFoundError(f"no such folder: {p}")
    stop = stop if stop is not None else threading.Event()
    w = _Watcher(paths, db, audit=audit, settle=settle, workers=workers, on_status=on_status)
    try:
        w.load_imported()
        w.status.phase = "importing"
        w.work(w.walk(), stop)
        w.status.phase = "watching"
        w._tell()
        last_scan = float("-inf")  # a scan once watching: what changed during the first import
        for changes in watchfiles.watch(
            *paths, stop_event=stop, rust_timeout=TICK_MS, yield_on_timeout=True,
            debounce=DEBOUNCE_MS, step=50, force_polling=force_polling,
        ):  # fmt: skip
            names = set(w.waiting) | w.dirty
            w.dirty = set()
            for change, changed in changes:
                if change != watchfiles.Change.deleted:  # a file, or a folder moved in
                    found = Path(changed)
                    names.update(map(str, found.rglob("*") if found.is_dir() else [found]))
            if time.monotonic() - last_scan >= RESCAN_SECONDS:
                names.update(w.walk())
                last_scan = time.monotonic()
            if names:
                w.work(names, stop)
            if stop.is_set():
                break
    except KeyboardInterrupt:
        w.status.interrupted = True
    w.status.phase = "stopped"
    w._tell()
    return w.status

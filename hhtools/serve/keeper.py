"""The keeper of the lists' snapshot (:mod:`hhtools.serve.snapshot`): the last one built,
built again in a thread of its own when the store's version changes, so that requests
never wait for a build except the very first.

A build brings the last snapshot up to the new version when it can
(:func:`hhtools.serve.snapshot.update_snapshot`), else reads it whole; once it is
served, the same thread holds its statistics cube for the players list
(:class:`hhtools.serve.player_table.PlayerCube`, in ``snap.kept["player_cube"]``), adds
the hand pages' row spans
(:func:`hhtools.serve.snapshot.build_spans`) and the statistics by day
(:mod:`hhtools.serve.day_cube`), each grown by the new imports' hands when the snapshot
was brought up from the one they covered (nothing withdrawn since), else read whole.
One build and its extras run at a time.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from hhtools.serve.day_cube import add_days, day_rows, drop_days, seat_table
from hhtools.serve.player_table import PlayerCube
from hhtools.serve.snapshot import Snapshot, build_snapshot, build_spans, update_snapshot

if TYPE_CHECKING:
    from hhtools.store.api import HandStore

__all__ = ["RECHECK_SECONDS", "SnapshotKeeper"]

log = logging.getLogger(__name__)

RECHECK_SECONDS = 0.5  #: a request within this of the last look at the version takes the snapshot as is


class SnapshotKeeper:
    """The last snapshot of a store, built again in a thread when its version changes.

    Args:
        opener: opens a connection of the builder's own to the store.
        version: reads the store's version (cheap).
    """

    def __init__(self, opener: Callable[[], HandStore],
                 version: Callable[[], tuple[int, ...]]) -> None:  # fmt: skip
        self._opener = opener
        self._version = version
        self._lock = threading.Lock()
        self._ready = threading.Condition(self._lock)
        self._snap: Snapshot | None = None
        self._building: tuple[int, ...] | None = None
        self.error: BaseException | None = None
        self.builds = 0  #: snapshots built so far
        self._checked = 0.0  # when the store's version was last read
        self._thread: threading.Thread | None = None  # the build running
        self._hs: HandStore | None = None  # its connection
        self._closing = False
        #: the last import the spans / the statistics by day in the snapshot's ``mem``
        #: cover (``None``: none there)
        self._spans_at: int | None = None
        self._days_at: int | None = None
        self._serial = threading.Lock()  # one build (and its extras) at a time

    def latest(self) -> Snapshot | None:
        """The last snapshot built (``None`` before the first)."""
        return self._snap

    def current(self, wait: bool = True) -> Snapshot | None:
        """The last snapshot; a build starts when the store's version moved on. Before
        the first snapshot exists, wait for it (``wait``) or return ``None``.

        Raises:
            whatever reading the version raises (no store: StoreMissing).
        """
        snap = self._snap
        if snap is not None and time.monotonic() - self._checked < RECHECK_SECONDS:
            return snap  # looked a moment ago
        version = self._version()
        self._checked = time.monotonic()
        with self._lock:
            snap = self._snap
            if (snap is None or snap.version != version) and self._building is None:
                self._building = version
                self._thread = threading.Thread(target=self._build, args=(version,), daemon=True,
                                                name="hhtools-serve-snapshot")  # fmt: skip
                self._thread.start()
            while wait and self._snap is None and self._building is not None:
                self._ready.wait(0.5)
            if wait and self._snap is None and self.error is not None:
                raise self.error
            return self._snap

    def _build(self, version: tuple[int, ...]) -> None:
        with self._serial:
            self._build_one(version)

    def _build_one(self, version: tuple[int, ...]) -> None:
        try:
            hs = self._hs = self._opener()
            try:
                last = self._snap
                snap = update_snapshot(hs, last, version) if last is not None else None
                if snap is None:
                    snap = build_snapshot(hs, version)
            finally:
                hs.close()
        except BaseException as exc:  # reported to the waiting request, logged
            log.exception("building the lists' snapshot failed")
            with self._lock:
                self.error, self._building = exc, None
                self._ready.notify_all()
            return
        with self._lock:
            old, self._snap, self._building, self.error = self._snap, snap, None, None
            self.builds += 1
            self._ready.notify_all()
        if old is not None and old.mem is not snap.mem:
            old.close()
        self._extras(snap)

    def _extras(self, snap: Snapshot) -> None:
        """After the lists are served: the hand pages' spans, then the statistics by day
        (:mod:`hhtools.serve.day_cube`), each grown by the new imports' hands when
        ``snap`` was brought up from the snapshot they covered, else read whole."""
        if snap.cube is not None and "player_cube" not in snap.kept:
            try:  # the players list's cube held for NumPy (a second or two at a million hands)
                snap.kept["player_cube"] = PlayerCube.of(snap.cube)
            except Exception:  # the players list sums the cube in Polars
                log.exception("holding the statistics cube for the players list failed")
        for part, at in (("spans", self._spans_at), ("days", self._days_at)):
            grow = snap.grown_from if snap.grown_from is not None and snap.grown_from == at else None
            try:
                hs = self._hs = self._opener()
                try:
                    if self._closing or self._version() != snap.version:
                        return  # the next snapshot's thread does it
                    if part == "spans":
                        build_spans(hs, snap, grow)
                        self._spans_at = snap.version[1] if snap.spans else None
                    elif snap.cube is not None:
                        if grow is None:
                            with snap.lock:
                                drop_days(snap.mem)
                        add_days(hs, snap.mem, snap.lock, snap.ev, grow)
                        self._hold_days(snap)
                        snap.days = True
                        self._days_at = snap.version[1]
                finally:
                    self._hs = None
                    hs.close()
            except Exception:  # the pages scan the store, the players list asks it
                log.exception("reading the %s of the snapshot failed", part)
                if part == "days":
                    self._days_at = None

    @staticmethod
    def _hold_days(snap: Snapshot) -> None:
        """The statistics by day (table ``by_day``) held in NumPy for the players list
        of dates alone (:func:`hhtools.serve.day_cube.day_rows`), and by seat (table
        ``by_seat``: position, hole-card classes; :func:`~hhtools.serve.day_cube.seat_table`);
        on failure the list sums them in DuckDB."""
        try:
            snap.kept["days_held"] = day_rows(snap.mem, snap.lock, snap.ev)
            snap.kept["seats_held"] = seat_table(snap.mem, snap.lock, snap.ev)
        except Exception:
            log.exception("holding the statistics by day for the players list failed")

    def close(self, wait: float = 30.0) -> None:
        """Stop a build in progress (waiting up to ``wait`` seconds for its thread: a
        thread left inside DuckDB when the process ends aborts it) and drop the
        snapshot."""
        self._closing = True
        thread, hs = self._thread, self._hs
        if thread is not None and thread.is_alive():
            if hs is not None:
                with contextlib.suppress(Exception):
                    hs.con.interrupt()
            thread.join(wait)
        with self._lock:
            snap, self._snap = self._snap, None
        if snap is not None:
            snap.close()

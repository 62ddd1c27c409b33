"""How a worker's answer reaches the process that owns the database: its Arrow tables
written by the worker to a file of the run's folder, the answer itself carrying only
where each table is (:class:`Shipped`), and that file mapped by the main process and read
in place (:func:`land`).

Sent through the pool's pipe instead, a piece's answer (some 6.5 MiB for 1,800 hands) was
pickled by the worker (10 ms), written through a 64 KiB pipe, gathered in the main
process by the pool's result thread into a growing buffer and unpickled into a second
copy, column buffer by column buffer (6 to 7 ms): some 8 us of main-process CPU a hand
(user and system) spent only on receiving. Written here as Arrow IPC streams, one a table,
one after the other in one file (4 ms), the answer is mapped and its tables read without a
copy (about 1 ms), the pages shared with the file's page cache until DuckDB has appended
them. The file is removed as soon as it is mapped; the folder (:func:`folder`) goes with
the pool, and with it any file of an answer never taken (a stopped or lost run); the
folder of a run killed outright goes with the next run's start.
"""

from __future__ import annotations

import itertools
import logging
import os
import shutil
import tempfile
from dataclasses import dataclass
from typing import Protocol, TypeVar

import pyarrow as pa
import pyarrow.ipc as ipc

__all__ = ["PREFIX", "Answer", "Shipped", "folder", "land", "remove", "ship"]

log = logging.getLogger(__name__)

_names = itertools.count()

#: bytes an answer's file is written in at a time: the IPC writer's many small writes
#: (a message's header, each buffer, its padding: some 700 a piece of 1,800 hands)
#: gathered, not one system call each (:func:`ship`: 3.1 -> 1.7 us of CPU a hand)
_BUFFER = 1 << 20

#: the parts of a :class:`~hhtools.store.pipeline.WorkResult` a file holds: its tables
#: (``"tables"``), its keys (``"keys"``, one table) and its kept tables (``"kept"``)
_GROUPS = ("tables", "keys", "kept")


@dataclass(frozen=True, slots=True)
class Shipped:
    """Where a worker wrote an answer's Arrow tables.

    Attributes:
        path: the file (in the run's folder, :func:`folder`).
        parts: ``(group, table, offset, length)`` of each table's IPC stream in the
            file, bytes; ``group`` is one of ``"tables"``, ``"keys"``, ``"kept"``.
        kept: the answer had kept tables (``WorkResult.kept`` not ``None``), even none.
    """

    path: str
    parts: tuple[tuple[str, str, int, int], ...]
    kept: bool


#: the start of a run's folder's name, followed by the run's process id
PREFIX = "hhtools-answers-"


def folder() -> str:
    """A new folder for a run's answers (in the system's temporary folder, ``TMPDIR``,
    named for this process); :func:`remove` removes it. The folders of runs whose
    process is gone (killed: nothing removed them) are removed first."""
    _remove_orphans(tempfile.gettempdir())
    return tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-")


def _remove_orphans(base: str) -> None:
    """Remove the folders of answers in ``base`` whose process no longer runs (POSIX:
    elsewhere a process cannot be asked for without a signal)."""
    if os.name != "posix":
        return
    try:
        names = os.listdir(base)
    except OSError:
        return
    for name in names:
        pid = name[len(PREFIX):].split("-", 1)[0] if name.startswith(PREFIX) else ""
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(os.path.join(base, name), ignore_errors=True)


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (another user's counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def remove(path: str | None) -> None:
    """Remove a run's folder of answers and any file left in it (nothing when ``None``)."""
    if path is not None:
        shutil.rmtree(path, ignore_errors=True)


class Answer(Protocol):
    """What :func:`ship` and :func:`land` move: a worker's answer's tables (the fields
    of :class:`~hhtools.store.pipeline.WorkResult`, named here so that this module,
    which the pipeline imports, imports nothing of it)."""

    tables: dict[str, pa.Table]
    keys: pa.Table | None
    kept: dict[str, pa.Table] | None
    shipped: Shipped | None


AnswerT = TypeVar("AnswerT", bound=Answer)


def ship(work: AnswerT, where: str) -> AnswerT:
    """Write ``work``'s Arrow tables (tables, keys, kept) to a new file in the folder
    ``where`` and leave in ``work`` only :attr:`~hhtools.store.pipeline.WorkResult.shipped`
    (its tables emptied, keys and kept ``None``); a result with no hand is left as it is.

    Returns:
        ``work``, changed in place. When the file cannot be written (the folder full or
        gone: ``OSError``), ``work`` unchanged, its tables then pickled through the pipe.
    """
    if work.keys is None or work.shipped is not None:
        return work
    path = os.path.join(where, f"{os.getpid()}-{next(_names)}.arrows")
    groups = (work.tables, {"keys": work.keys}, work.kept or {})
    parts: list[tuple[str, str, int, int]] = []
    try:
        with pa.OSFile(path, "wb") as raw, pa.BufferedOutputStream(raw, _BUFFER) as sink:
            for group, tables in zip(_GROUPS, groups, strict=True):
                for name, table in tables.items():
                    start = sink.tell()
                    with ipc.new_stream(sink, table.schema) as writer:
                        writer.write_table(table)
                    parts.append((group, name, start, sink.tell() - start))
    except OSError:
        log.warning("an answer could not be written to %s: sent through the pipe", where,
                    exc_info=True)  # fmt: skip
        try:
            os.unlink(path)
        except OSError:
            pass
        return work
    work.shipped = Shipped(path, tuple(parts), work.kept is not None)
    work.tables, work.keys, work.kept = {}, None, None
    return work


def land(work: AnswerT) -> AnswerT:
    """Give ``work`` back the tables :func:`ship` wrote: the file mapped, each table read
    in place from the map (no copy; the map stays while a table of it does), the file
    removed; a result not shipped is left as it is. The kept tables (some 1 MiB of a
    6.5 MiB answer) are copied out of the map: the cubes' rows wait for the transaction's
    commit (:meth:`hhtools.store.import_commit.Committer._append_sums`), and would keep
    the whole map, and its pages in memory, till then.

    Returns:
        ``work``, changed in place.

    Raises:
        OSError: the file cannot be read (removed under the run: a bug or another
            process's doing).
    """
    sent = work.shipped
    if sent is None:
        return work
    with pa.memory_map(sent.path) as mapped:
        whole = mapped.read_buffer()
    try:
        os.unlink(sent.path)
    except OSError:  # mapped files cannot be removed on some systems: the folder's end does
        pass
    got: dict[str, dict[str, pa.Table]] = {group: {} for group in _GROUPS}
    for group, name, start, length in sent.parts:
        part = whole.slice(start, length)
        if group == "kept":  # some are held till the transaction's end: not the whole map
            part = pa.py_buffer(part.to_pybytes())
        got[group][name] = ipc.open_stream(part).read_all()
    work.tables = got["tables"]
    work.keys = got["keys"].get("keys")
    work.kept = got["kept"] if sent.kept else None
    work.shipped = None
    return work

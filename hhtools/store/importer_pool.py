"""The import's worker processes: how they are started (:func:`pool_context`,
:func:`start_pool`), stopped at once (:func:`stop_pool`), and the error of one lost
(:class:`WorkerLost`); the work they do is :mod:`hhtools.store.pipeline`'s, the run
that hands it out :class:`hhtools.store.importer.Importer`."""

from __future__ import annotations

import multiprocessing as mp
import os
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from hhtools.store.pipeline import start_worker

__all__ = ["WorkerLost", "answer", "pool_context", "start_pool", "stop_pool"]

#: how often a wait for an answer looks whether a worker is gone (seconds)
POLL_SECONDS = 1.0


class WorkerLost(RuntimeError):
    """A worker process of the import stopped without an answer (killed by the system,
    out of memory, a crash in compiled code): the import stops with this error, the
    files finished before it stored (see :meth:`hhtools.store.importer.Importer.run`)."""


def pool_context() -> Any:
    """The way the import's worker processes are started.

    ``fork`` (quick: a worker starts with everything imported) from a process whose
    only Python thread is the one importing. A fork copies that one thread; the locks
    and memory other threads held (a server's, a snapshot builder's, with their
    DuckDB, Polars and Arrow work) stay taken in the copy, and a worker that touches
    them hangs or crashes (seen: a segmentation fault pickling a result's Arrow
    columns in a worker forked from a test process that ran a web server's threads,
    and the pool waiting for that worker for ever). With other Python threads
    running, ``forkserver``: workers forked from a fresh single-threaded server that
    imported the import's worker code once (:mod:`hhtools.store.pipeline`). Where
    ``fork`` does not exist, the platform's default.

    Returns:
        A :mod:`multiprocessing` context.
    """
    if not hasattr(os, "fork"):
        return mp.get_context()
    if threading.active_count() <= 1:
        return mp.get_context("fork")
    ctx = mp.get_context("forkserver")
    ctx.set_forkserver_preload(["hhtools.store.pipeline"])
    return ctx


def start_pool(workers: int, answers: str | None = None) -> ProcessPoolExecutor:
    """The import's pool of ``workers`` processes, started (forked: all at once, now);
    given ``answers``, a folder (:func:`hhtools.store.transport.folder`), the workers
    write their answers' Arrow tables there (:func:`hhtools.store.pipeline.start_worker`).

    An executor, not a :class:`multiprocessing.pool.Pool`: a worker killed by the system
    breaks it (an error for the run) where a Pool waits for that worker's answer for
    ever. Workers ignore Ctrl-C (:func:`hhtools.store.pipeline.start_worker`): the main
    process stops them and rolls back.
    """
    pool = ProcessPoolExecutor(workers, mp_context=pool_context(), initializer=start_worker,
                               initargs=(answers,))  # fmt: skip
    # The first task starts the forked workers now (all at once), before DuckDB starts
    # its threads; a fork server starts them when needed.
    pool.submit(os.getpid)
    return pool


def answer(pool: ProcessPoolExecutor, work: Future[Any]) -> Any:
    """The result of ``work``, a task of ``pool``, waited for.

    The executor finds a worker gone by its process's end, except when the worker was
    killed while it wrote an answer: the executor's thread then waits for the rest of
    that message for ever, and so would this wait. So every :data:`POLL_SECONDS` it
    looks at the workers itself.

    Raises:
        BrokenProcessPool: a worker process is gone (killed by the system, out of
            memory, a crash in compiled code) and ``work`` has no result.
        Exception: what the task raised.
    """
    while True:
        try:
            return work.result(timeout=POLL_SECONDS)
        except TimeoutError:
            gone = [p.pid for p in list((getattr(pool, "_processes", None) or {}).values())
                    if p.exitcode is not None]  # fmt: skip
            if gone and not work.done():
                raise BrokenProcessPool(f"worker process {gone[0]} is gone") from None


def _unblock(thread: threading.Thread | None, queue: Any, seconds: float = 10.0) -> None:
    """End the executor's ``thread`` (reading ``queue``, its result pipe) when it waits
    for the rest of an answer a killed worker was writing: the rest is sent as zero
    bytes (the executor reads the message as broken and stops), for at most
    ``seconds``. Without this, the thread, which Python
    joins at exit, kept the process from ever ending."""
    if thread is None or queue is None:
        return
    thread.join(0.2)
    try:
        fd = queue._writer.fileno()
        os.set_blocking(fd, False)
    except (AttributeError, OSError):
        return
    zeros = bytes(1 << 16)
    deadline = time.monotonic() + seconds
    while thread.is_alive() and time.monotonic() < deadline:
        try:
            os.write(fd, zeros)
        except BlockingIOError:
            pass
        except OSError:
            return
        thread.join(0.05)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's worker processes at once (tasks left are dropped), and the
    executor's thread with them (:func:`_unblock`)."""
    # The executor of Python 3.11 has no way to stop busy workers: they are terminated
    # one by one (its own list of them, kept before shutdown clears it).
    workers = list((getattr(pool, "_processes", None) or {}).values())
    # ... and its thread and result pipe, which shutdown forgets
    thread = getattr(pool, "_executor_manager_thread", None)
    queue = getattr(pool, "_result_queue", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in workers:
        if proc.is_alive():
            proc.terminate()
    for proc in workers:
        proc.join(5)
    _unblock(thread, queue)

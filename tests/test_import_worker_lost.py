"""A worker process killed by the system (the OOM killer, ``kill -9``) stops the import
with a clear error instead of a wait for ever (issue 28): the files finished before it
stay stored, each whole, and the next import reads the rest."""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

import duckdb
import pytest

from hhtools.store.import_state import ImportSummary
from hhtools.store.importer import Importer, WorkerLost, import_paths
from tests.conftest import SAMPLES

GENERATED = SAMPLES / "generated"
#: the hands of the 7 generated sample files (their truth file lists 2,100)
ALL_HANDS = 2100


def _thirds(folder: Path) -> list[Path]:
    """Each generated file cut into three files at hand starts: 21 small files, so a
    2-worker import has several tasks in flight and more still to hand out."""
    made = []
    for src in sorted(GENERATED.glob("*.txt")):
        text = src.read_bytes()
        starts = [m.start() for m in re.finditer(rb"PokerStars Hand #", text)]
        cuts = [0, starts[len(starts) // 3], starts[2 * len(starts) // 3], len(text)]
        for k in range(3):
            out = folder / f"{src.stem}-{k}.txt"
            out.write_bytes(text[cuts[k]:cuts[k + 1]])
            made.append(out)
    return made


def test_a_killed_worker_stops_the_import_with_an_error_and_keeps_the_files_finished(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    files = _thirds(folder)
    assert len(files) == 21
    db = tmp_path / "h.duckdb"
    killed: list[int] = []
    imp = Importer(db, workers=2)
    assert imp.pool is not None

    def kill_the_workers(summary: ImportSummary, name: str) -> None:
        if killed:
            return
        # the executor's own list of its processes (what close_pool stops)
        for proc in list(imp.pool._processes.values()):  # type: ignore[union-attr]
            os.kill(proc.pid, signal.SIGKILL)
            killed.append(proc.pid)

    imp.on_progress = kill_the_workers
    try:
        with pytest.raises(WorkerLost, match="worker process stopped"):
            imp.run([folder])
    finally:
        imp.close()
    assert len(killed) == 2
    con = duckdb.connect(str(db), read_only=True)
    try:
        stored = con.execute("SELECT file, hands FROM imports ORDER BY file").fetchall()
        by_file = dict(con.execute("SELECT file, count(*) FROM hands GROUP BY file").fetchall())
        (loading,) = con.execute("SELECT count(*) FROM loading").fetchall()[0]
    finally:
        con.close()
    # the first file was finished when the workers were killed; not all of them were
    assert 1 <= len(stored) < len(files)
    # every file stored is stored whole (its imports row counts its hands), no other
    assert {f: n for f, n in stored} == by_file
    assert loading == 0
    # the next import reads the rest: every hand once
    again = import_paths([folder], db, workers=2)
    assert again.hands == ALL_HANDS - sum(n for _, n in stored)
    con = duckdb.connect(str(db), read_only=True)
    try:
        assert con.execute("SELECT count(*), count(DISTINCT hand_id) FROM hands").fetchall() == [
            (ALL_HANDS, ALL_HANDS)]  # fmt: skip
    finally:
        con.close()


def test_the_workers_are_gone_before_the_run_end_work(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Bug (a million-hand import peaked at 1.65 GiB for its whole process tree in its
    last quarter): the workers, idle once every answer was in, lived on through the
    run's end work (sessions, cubes, summary) and held their memory there. They are
    stopped as soon as the last answer is in."""
    import hhtools.store.importer as importer_module

    imp = Importer(tmp_path / "h.duckdb", workers=2)
    assert imp.pool is not None
    workers = list(imp.pool._processes.values())  # noqa: SLF001  (what close_pool stops)
    seen: list[tuple[bool, list[bool]]] = []
    real = importer_module.refresh_sessions

    def watch_the_workers(con: duckdb.DuckDBPyConnection, players: object = None) -> None:
        seen.append((imp.pool is None, [proc.is_alive() for proc in workers]))
        real(con, players)  # type: ignore[arg-type]

    monkeypatch.setattr(importer_module, "refresh_sessions", watch_the_workers)
    try:
        summary = imp.run([GENERATED])
    finally:
        imp.close()
    assert summary.hands == ALL_HANDS and not summary.interrupted
    assert seen == [(True, [False] * len(workers))] and workers


def test_a_worker_killed_while_it_writes_its_answer_is_found() -> None:
    # A worker killed half-way through writing its answer leaves part of a message in
    # the result pipe: the executor's thread then waits for the rest for ever, and the
    # import waited with it (seen in CI, about one run in ten of the test above). The
    # part of a message is written here by hand: a length of 1,000 bytes, then 10.
    import struct
    import time
    from concurrent.futures.process import BrokenProcessPool

    from hhtools.store.importer_pool import answer, start_pool, stop_pool

    pool = start_pool(2)
    work = pool.submit(time.sleep, 60)
    time.sleep(0.5)  # the workers are up, one of them asleep
    writer = pool._result_queue._writer  # type: ignore[attr-defined]
    os.write(writer.fileno(), struct.pack("!i", 1000) + b"x" * 10)
    for proc in list(pool._processes.values()):  # type: ignore[union-attr]
        os.kill(proc.pid, signal.SIGKILL)
    with pytest.raises(BrokenProcessPool):
        answer(pool, work)
    thread = pool._executor_manager_thread  # type: ignore[attr-defined]
    assert thread.is_alive()  # waiting for the rest of the message
    stop_pool(pool)
    assert not thread.is_alive()  # else Python's exit would wait for it for ever

"""``hhtools watch``: a folder followed while a client writes it (hhtools.store.watch).

The hands are the hand-written PokerStars fixtures ``stats_*.txt``, one hand each,
hand ids read from their first lines (``PokerStars Hand #300000000001: ...``).
Waits poll the database with a deadline; nothing asserts how fast.
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import threading
import time
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import duckdb
import pytest

from tests.conftest import poll_until

from hhtools.store import api
from hhtools.store import db as store
from hhtools.store.importer import import_paths
from hhtools.store.watch import SETTLE_SECONDS, WatchStatus, watch_folders

FIXTURES = Path(__file__).parent / "fixtures" / "pokerstars"
ROOT = Path(__file__).resolve().parents[1]
#: one clean hand a file, its id as the file's first line gives it
HANDS = {
    "300000000001": "stats_walk.txt",
    "300000000002": "stats_three_bet_fold.txt",
    "300000000003": "stats_cbet_fold.txt",
    "300000000004": "stats_showdown_opponent_mucks.txt",
    "300000000005": "stats_heads_up.txt",
}
H1, H2, H3, H4, H5 = HANDS
DEADLINE = 60.0  # seconds a wait may take before the test fails (a loaded machine)


def hand(hand_id: str, fixtures: dict[str, str] = HANDS) -> bytes:
    """The text of one fixture hand (``fixtures``: hand id -> file), as a client writes
    it (blank lines after)."""
    data = (FIXTURES / fixtures[hand_id]).read_bytes()
    assert data.startswith(f"PokerStars Hand #{hand_id}:".encode())
    return data.rstrip(b"\n") + b"\n\n\n"


def append(path: Path, data: bytes) -> None:
    with open(path, "ab") as fh:
        fh.write(data)
        fh.flush()


def stored(db: Path) -> list[str]:
    """The hand ids in the store (read-only, as any reader: waits for the writer)."""
    if not db.exists():
        return []
    with api.connect(db) as s:
        return sorted(s.sql("SELECT hand_id FROM hands")["hand_id"].to_list())


def rows(db: Path, sql: str) -> list[tuple[Any, ...]]:
    with api.connect(db) as s:
        return s.con.execute(sql).fetchall()


def wait_for(check: Callable[[], Any], what: str) -> Any:
    """Poll ``check`` until it gives something true (:func:`tests.conftest.poll_until`)."""
    return poll_until(check, what, DEADLINE, 0.1)


def wait_ids(db: Path, want: list[str]) -> None:
    wait_for(lambda: set(want) <= set(stored(db)), f"hands {want}")


@contextmanager
def watching(folder: Path, db: Path, settle: float) -> Iterator[list[WatchStatus]]:
    """Run :func:`watch_folders` in a thread until the block ends (then stop it)."""
    stop = threading.Event()
    seen: list[WatchStatus] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            watch_folders([folder], db, settle=settle, workers=1, stop=stop,
                          on_status=seen.append)  # fmt: skip
        except BaseException as exc:  # noqa: BLE001  (re-raised in the test)
            failed.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        wait_for(lambda: failed or any(s.phase == "watching" for s in seen), "the watch")
        if failed:
            raise failed[0]
        yield seen
    finally:
        stop.set()
        thread.join(DEADLINE)
    assert not thread.is_alive()
    if failed:
        raise failed[0]


def table_counts(db: Path) -> dict[str, int]:
    """Rows of every table of hands (and import_errors)."""
    names = [*store.HAND_TABLES, "import_errors"]
    with api.connect(db) as s:
        return {n: s.con.execute(f"SELECT count(*) FROM {n}").fetchall()[0][0] for n in names}


def test_a_growing_file_gives_each_hand_once_when_complete(tmp_path: Path) -> None:
    folder, db = tmp_path / "hh", tmp_path / "w.duckdb"
    folder.mkdir()
    live = folder / "HH20240510 Statistica I.txt"
    third = hand(H3)
    half = len(third) // 2  # mid-line
    with watching(folder, db, settle=600):  # the last hand waits for the next header
        live.write_bytes(hand(H1) + hand(H2))
        wait_ids(db, [H1])
        assert stored(db) == [H1]  # H2 is last: it may be unfinished
        append(live, third[:half])
        wait_ids(db, [H2])  # the watcher read the file with half of H3 in it
        assert stored(db) == [H1, H2]
        assert rows(db, "SELECT count(*) FROM import_errors") == [(0,)]
        append(live, third[half:] + hand(H4))
        wait_ids(db, [H3])
        assert stored(db) == [H1, H2, H3]
    assert stored(db) == [H1, H2, H3]  # H4 still waits: the file never settled
    # Started again with a short settle: the quiet file's last hand is taken.
    with watching(folder, db, settle=0.2):
        wait_ids(db, [H4])
    assert stored(db) == [H1, H2, H3, H4]
    assert rows(db, "SELECT count(*) FROM import_errors") == [(0,)]
    # Each imports row took the bytes after the one before; no hand counted twice.
    imports = rows(db, "SELECT bytes, hands, duplicates FROM imports ORDER BY import_id")
    assert [r[1] for r in imports] == [1, 1, 1, 1]
    assert sum(r[2] for r in imports) == 0
    assert [r[0] for r in imports] == sorted({r[0] for r in imports})
    assert imports[-1][0] == live.stat().st_size
    # Every table holds what one import of the finished file gives.
    once = tmp_path / "once.duckdb"
    import_paths([live], once, workers=1)
    assert table_counts(db) == table_counts(once)
    # A third watch finds nothing new: no row anywhere.
    before = table_counts(db), rows(db, "SELECT count(*) FROM imports")
    with watching(folder, db, settle=0.2) as seen:
        wait_for(lambda: any(s.phase == "watching" for s in seen), "the first look")
    assert (table_counts(db), rows(db, "SELECT count(*) FROM imports")) == before


def test_problems_and_notes_of_a_growing_file_are_written_once(tmp_path: Path) -> None:
    # malformed_lines.txt: hand 320000000017 with two problems (an unrecognised line,
    # a card 'Zz'); mixed_holdem_skipped.txt: 240000000006 (hold'em, a note: skipped)
    # then 240000000007 (Omaha).
    folder, db = tmp_path / "hh", tmp_path / "w.duckdb"
    folder.mkdir()
    live = folder / "HH.txt"
    bad = (FIXTURES / "malformed_lines.txt").read_bytes().rstrip(b"\n") + b"\n\n\n"
    mixed = (FIXTURES / "mixed_holdem_skipped.txt").read_bytes().rstrip(b"\n") + b"\n\n\n"
    holdem, omaha = mixed.split(b"\nPokerStars Hand #240000000007")
    omaha = b"PokerStars Hand #240000000007" + omaha
    with watching(folder, db, settle=600):
        live.write_bytes(bad + holdem[:100])
        wait_ids(db, ["320000000017"])
        append(live, holdem[100:] + b"\n" + omaha[:200])
        wait_for(lambda: rows(db, "SELECT count(*) FROM import_errors WHERE is_note")[0][0],
                 "the note of the hold'em hand")  # fmt: skip
        append(live, omaha[200:] + hand(H1))
        wait_ids(db, ["240000000007"])
    with watching(folder, db, settle=0.2):
        wait_ids(db, [H1])
    once = tmp_path / "once.duckdb"
    import_paths([live], once, workers=1)
    listed = "SELECT file, line, hand_id, code, message, is_note FROM import_errors ORDER BY 2, 4"
    assert rows(db, listed) == rows(once, listed)
    assert [r[3] for r in rows(db, listed)] == [
        "unrecognised_line", "bad_cards", "skipped_game"]  # fmt: skip
    assert table_counts(db) == table_counts(once)
    assert rows(db, "SELECT sum(hands), sum(skipped), sum(problems) FROM imports") == rows(
        once, "SELECT sum(hands), sum(skipped), sum(problems) FROM imports")  # fmt: skip


def test_b_renamed_rotated_and_copied_files_add_nothing(tmp_path: Path) -> None:
    folder, db = tmp_path / "hh", tmp_path / "w.duckdb"
    (folder / "old").mkdir(parents=True)
    live = folder / "HH.txt"
    live.write_bytes(hand(H1) + hand(H2))
    with watching(folder, db, settle=0.2):
        wait_ids(db, [H1, H2])
        imports = rows(db, "SELECT count(*) FROM imports")
        # The client rotates: the full file is moved away, a new one started, and
        # someone copies the old one to a third name.
        live.rename(folder / "old" / "HH.1.txt")
        shutil.copyfile(folder / "old" / "HH.1.txt", folder / "copy of HH.txt")
        live.write_bytes(hand(H3))
        wait_ids(db, [H3])
    assert stored(db) == [H1, H2, H3]
    files = [r[0] for r in rows(db, "SELECT file FROM imports ORDER BY import_id")]
    assert len(files) == imports[0][0] + 1  # only the new HH.txt's hand was read
    assert files[-1] == str(live)
    assert rows(db, "SELECT count(*) FROM import_errors") == [(0,)]
    # Started again: the moved and the copied file are known by their bytes.
    before = table_counts(db), rows(db, "SELECT count(*) FROM imports")
    with watching(folder, db, settle=0.2) as seen:
        wait_for(lambda: any(s.phase == "watching" for s in seen), "the first look")
    assert (table_counts(db), rows(db, "SELECT count(*) FROM imports")) == before


def test_unsupported_and_empty_files_are_reported_once(tmp_path: Path) -> None:
    folder, db = tmp_path / "hh", tmp_path / "w.duckdb"
    folder.mkdir()
    (folder / "empty.txt").write_bytes(b"")  # a client's new file: not a problem
    notes = folder / "notes.txt"
    notes.write_bytes(b"my notes about villains\n")
    with watching(folder, db, settle=0.2):
        wait_for(lambda: rows(db, "SELECT code FROM import_errors"), "the report")
        append(notes, b"more notes\n")
        (folder / "HH.txt").write_bytes(hand(H1))
        wait_ids(db, [H1])
        wait_for(lambda: rows(db, "SELECT count(*) FROM imports WHERE hands = 1"), "H1")
    assert rows(db, "SELECT file, code FROM import_errors") == [
        (str(notes), "unsupported_site")]  # fmt: skip


def test_a_batch_stopped_by_ctrl_c_is_rolled_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, db = tmp_path / "hh", tmp_path / "w.duckdb"
    folder.mkdir()
    (folder / "HH.txt").write_bytes(hand(H1) + hand(H2))
    from hhtools.store import watch

    def ctrl_c(*_: object) -> None:  # inside the file's transaction, its hands appended
        raise KeyboardInterrupt

    stop = threading.Event()
    timer = threading.Timer(DEADLINE, stop.set)  # a watch that never met Ctrl-C ends
    timer.start()
    with monkeypatch.context() as m:
        m.setattr(watch._BatchImporter, "_append_import_row", ctrl_c)
        status = watch_folders([folder], db, settle=0, workers=1, stop=stop)
    timer.cancel()
    assert status.interrupted and status.hands == 0
    assert stored(db) == []
    assert rows(db, "SELECT (SELECT count(*) FROM loading) + (SELECT count(*) FROM imports)"
                " + (SELECT count(*) FROM seats)") == [(0,)]  # fmt: skip
    with watching(folder, db, settle=0.2):  # the next watch takes the file whole
        wait_ids(db, [H1, H2])
    assert rows(db, "SELECT sum(hands), sum(duplicates) FROM imports") == [(2, 0)]


def test_archives_and_the_database_in_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    db = folder / "hands.duckdb"  # in the watched folder: never read, no loop
    (folder / "HH.txt").write_bytes(hand(H1))
    with watching(folder, db, settle=0.2):
        wait_ids(db, [H1])
        with zipfile.ZipFile(tmp_path / "old.zip", "w") as z:
            z.writestr("HH old.txt", hand(H5))
        (tmp_path / "old.zip").rename(folder / "old.zip")
        wait_ids(db, [H5])
        append(folder / "HH.txt", hand(H2))
        wait_ids(db, [H2])
    assert stored(db) == [H1, H2, H5]
    assert rows(db, "SELECT count(*) FROM import_errors") == [(0,)]
    files = {r[0] for r in rows(db, "SELECT file FROM imports")}
    assert files == {str(folder / "HH.txt"), f"{folder / 'old.zip'}!HH old.txt"}


def python_process(script: str, *args: str, **popen: Any) -> subprocess.Popen[str]:
    """``python -c script args`` from the checkout, its output read as text."""
    return subprocess.Popen([sys.executable, "-c", script, *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **popen)  # fmt: skip


def _reader_script(db: Path, times: int) -> str:
    return (
        "import sys, time\n"
        "from hhtools.store.api import connect\n"
        f"for _ in range({times}):\n"
        f"    with connect({str(db)!r}) as s:\n"
        "        print(s.sql('SELECT count(*) AS n FROM hands')['n'][0], flush=True)\n"
        "    time.sleep(0.05)\n"
    )


def test_c_a_reader_in_another_process_while_the_watch_writes(tmp_path: Path) -> None:
    folder, db = tmp_path / "hh", tmp_path / "w.duckdb"
    folder.mkdir()
    live = folder / "HH.txt"
    live.write_bytes(hand(H1))
    with watching(folder, db, settle=0.2):
        wait_ids(db, [H1])
        reader = python_process(_reader_script(db, 20))
        for h in (H2, H3, H4):  # batches while the reader reads
            append(live, hand(h))
            wait_ids(db, [h])
        out, err = reader.communicate(timeout=DEADLINE)
    assert reader.returncode == 0, err
    counts = [int(n) for n in out.split()]
    assert len(counts) == 20 and counts == sorted(counts) and 1 <= counts[0] <= counts[-1] <= 4


def test_readers_wait_for_a_writer(tmp_path: Path) -> None:
    db = tmp_path / "w.duckdb"
    import_paths([FIXTURES / HANDS[H1]], db, workers=1)
    holder = subprocess.Popen(
        [sys.executable, "-c",
         ("import sys, time\nfrom hhtools.store import db as store\n"
          f"con = store.connect({str(db)!r})\nprint('held', flush=True)\n"
          "sys.stdin.readline()\ntime.sleep(0.3)\ncon.close()\n")],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdin is not None
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(duckdb.IOException, match="lock"):
            store.connect(db, read_only=True, lock_wait=0)  # one try: refused
        holder.stdin.write("go\n")
        holder.stdin.flush()
        assert stored(db) == [H1]  # waited for the writer to close
    finally:
        holder.wait(DEADLINE)
    assert holder.returncode == 0


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_d_watch_command_stops_cleanly_on_a_signal(tmp_path: Path, sig: int) -> None:
    folder, db = tmp_path / "hh", tmp_path / "w.duckdb"
    folder.mkdir()
    live = folder / "HH.txt"
    live.write_bytes(hand(H1) + hand(H2))
    proc = subprocess.Popen(
        [sys.executable, "-m", "hhtools", "watch", str(folder), "--db", str(db),
         "--settle", "0.2", "-j", "1"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        wait_for(lambda: proc.poll() is not None or H2 in stored(db), "the watch command")
        assert proc.poll() is None, proc.communicate()
        third = hand(H3)
        append(live, third[: len(third) // 2])  # a half hand when the signal comes
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=DEADLINE)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "stopped: 2 hands imported" in err
    assert stored(db) == [H1, H2]
    assert rows(db, "SELECT count(*) FROM import_errors") == [(0,)]
    assert rows(db, "SELECT count(*) FROM loading") == [(0,)]


def test_watch_command_refuses_a_missing_folder(tmp_path: Path) -> None:
    got = subprocess.run(
        [sys.executable, "-m", "hhtools", "watch", str(tmp_path / "nope"), "--db",
         str(tmp_path / "w.duckdb")], cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert got.returncode == 2
    assert got.stderr.startswith("error: no such folder")


def test_command_default_settle_is_the_library_one() -> None:
    from hhtools.cli.watching import DEFAULT_SETTLE, describe

    assert DEFAULT_SETTLE == SETTLE_SECONDS
    line = describe(WatchStatus(phase="watching", hands=3, findings=1, last_hand=H3,
                                last_file="/x/HH.txt", waiting=1))  # fmt: skip
    assert line == (f"watching · 3 hands · 1 findings · 0 problems · last hand {H3} in "
                    "HH.txt · 1 file settling")  # fmt: skip

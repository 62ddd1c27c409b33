"""A hand cut short because its writer paused is read again, whole, and nothing of the
cut reading stays (hhtools.store.watch_batch, hhtools.store.withdraw).

The writer pauses mid-hand for longer than the settle time: the watcher takes the cut
hand as it is (a ``truncated_hand`` problem; cut inside the summary too, since the
summary's seat lines tell a whole hand: 00e55c1). When the file grows, that hand must
be read again from its start and the cut reading withdrawn: every hand stored once, no
problem listed for a stored hand, every table and the sums of ``imports`` as one
import of the finished file gives. The
hands are hand-written PokerStars fixtures, one hand a file (their ids from their
first lines). Waits poll the database with a deadline; nothing asserts how fast.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from hhtools.store.importer import import_paths
from tests.test_watch import HANDS as FIVE
from tests.test_watch import hand, rows, stored, table_counts, wait_for, watching

#: hand id -> fixture, in the order the client writes them
HANDS = {
    **FIVE,
    "300000000006": "stats_hilo_cbet_raise_quartered.txt",
    "270000000010": "run_it_twice.txt",
}
IDS = list(HANDS)
SETTLE = 0.3  # seconds; every pause of the writer below is longer
SUMS = "SELECT sum(hands), sum(failed), sum(problems), sum(findings) FROM imports"


def text(hand_id: str) -> bytes:
    """One hand as the client writes it (blank lines after)."""
    return hand(hand_id, HANDS)


def write(path: Path, data: bytes) -> None:
    with open(path, "ab") as fh:
        fh.write(data)


def cut_at(data: bytes, where: str) -> int:
    """Where in a hand's text the writer pauses."""
    if where == "mid-header":  # 'PokerStars Ha': no hand starts there yet
        return 13
    if where == "mid-line":  # in the middle of the first betting line
        deal = data.index(b"*** HOLE CARDS ***")
        return data.index(b"\n", data.index(b"\n", deal) + 1) + 12
    if where == "in the summary":  # after its total: a hand cut short (its seat lines)
        total = data.index(b"Total pot")
        return data.index(b"\n", total) + 1
    raise AssertionError(where)


def taken_whole(db: Path, path: Path) -> bool:
    """The watcher has taken every byte of ``path`` (its last hand too: it settled)."""
    size = path.stat().st_size
    if not db.exists():
        return False
    got = rows(db, f"SELECT bytes FROM imports WHERE file = '{path}' ORDER BY import_id DESC")
    return bool(got) and got[0][0] == size


def assert_as_one_import(
    tmp_path: Path, db: Path, files: list[Path], ids: list[str], duplicates: int = 0
) -> None:
    """Every hand stored once, no problem, the tables and sums of one plain import;
    ``duplicates`` hands met again (a file read whole again)."""
    assert rows(db, "SELECT count(*), count(DISTINCT hand_id) FROM hands") == [(len(ids),) * 2]
    assert stored(db) == sorted(ids)
    assert rows(db, "SELECT file, line, hand_id, code FROM import_errors") == []
    once = tmp_path / "once.duckdb"
    import_paths(files, once, workers=1)
    assert stored(once) == sorted(ids)
    assert table_counts(db) == table_counts(once)
    assert rows(db, SUMS) == rows(once, SUMS)
    assert rows(db, "SELECT sum(duplicates) FROM imports") == [(duplicates,)]
    digests = "SELECT hand_id, text_digest FROM hands ORDER BY 1"
    assert rows(db, digests) == rows(once, digests)


@pytest.mark.parametrize("where", ["mid-header", "mid-line", "in the summary"])
def test_a_hand_cut_by_a_pause_is_read_again_whole(tmp_path: Path, where: str) -> None:
    folder, db = tmp_path / "hh", tmp_path / "w.duckdb"
    folder.mkdir()
    live = folder / "HH.txt"
    h1, h2, h3, h4 = (text(h) for h in IDS[:4])
    cut = cut_at(h3, where)
    with watching(folder, db, settle=SETTLE):
        live.write_bytes(h1 + h2 + h3[:cut])  # the writer pauses here
        wait_for(lambda: taken_whole(db, live), "the cut hand to be taken")
        if where == "in the summary":  # its seat lines missing: cut short, no record
            assert stored(db) == sorted(IDS[:2])  # (a record without its end before 00e55c1)
            assert [r[0] for r in rows(db, "SELECT code FROM import_errors")] == [
                "truncated_hand"]  # fmt: skip
        elif where == "mid-line":
            assert stored(db) == sorted(IDS[:2])
            assert [r[0] for r in rows(db, "SELECT code FROM import_errors ORDER BY 1")] == [
                "truncated_hand", "unrecognised_line"]  # fmt: skip
        write(live, h3[cut:] + h4)
        wait_for(lambda: taken_whole(db, live), "the rest")
    assert_as_one_import(tmp_path, db, [live], IDS[:4])


def test_b_a_watch_started_again_between_the_halves(tmp_path: Path) -> None:
    folder, db = tmp_path / "hh", tmp_path / "w.duckdb"
    folder.mkdir()
    live = folder / "HH.txt"
    h1, h2, h3 = (text(h) for h in IDS[:3])
    cut = cut_at(h2, "mid-line")
    with watching(folder, db, settle=SETTLE):
        live.write_bytes(h1 + h2[:cut])
        wait_for(lambda: taken_whole(db, live), "the cut hand to be taken")
    assert stored(db) == IDS[:1]
    assert {r[0] for r in rows(db, "SELECT hand_id FROM import_errors")} == {IDS[1]}
    write(live, h2[cut:] + h3)  # while no watch runs
    with watching(folder, db, settle=SETTLE):
        wait_for(lambda: taken_whole(db, live), "the rest")
    assert_as_one_import(tmp_path, db, [live], IDS[:3])


@pytest.mark.parametrize("restart", [False, True], ids=["same watch", "watch started again"])
def test_c_a_file_rotated_after_its_hand_was_cut(tmp_path: Path, restart: bool) -> None:
    # The client moves the file away with the hand half written, finishes the hand in
    # the moved file (it holds it open) and starts a new file.
    folder, db = tmp_path / "hh", tmp_path / "w.duckdb"
    (folder / "old").mkdir(parents=True)
    live, moved = folder / "HH.txt", folder / "old" / "HH.1.txt"
    h1, h2, h3, h4 = (text(h) for h in IDS[:4])
    cut = cut_at(h2, "mid-line")
    with watching(folder, db, settle=SETTLE):
        live.write_bytes(h1 + h2[:cut])
        wait_for(lambda: taken_whole(db, live), "the cut hand to be taken")
        if not restart:
            live.rename(moved)
            write(moved, h2[cut:] + h3)
            live.write_bytes(h4)
            wait_for(lambda: taken_whole(db, moved) and taken_whole(db, live), "the rest")
    if restart:
        live.rename(moved)
        write(moved, h2[cut:] + h3)
        live.write_bytes(h4)
        with watching(folder, db, settle=SETTLE):
            wait_for(lambda: taken_whole(db, moved) and taken_whole(db, live), "the rest")
    # Followed as the same file, nothing is read twice; a watch started again meets
    # the moved file as a new one (read whole: its first hand is a duplicate).
    assert_as_one_import(tmp_path, db, [moved, live], IDS[:4], duplicates=int(restart))


def test_d_a_writer_pausing_mid_hand_and_mid_line(tmp_path: Path) -> None:
    # Seven hands, each written in two pieces cut at a (seeded) random byte; at each
    # cut the writer pauses until the watch has taken the file as it is (so for longer
    # than the settle time); the watch is started again between the halves of a hand.
    folder, db = tmp_path / "hh", tmp_path / "w.duckdb"
    folder.mkdir()
    live = folder / "HH.txt"
    rng = random.Random(24)
    pieces = []
    for h in IDS:
        data = text(h)
        cut = rng.randrange(1, len(data.rstrip(b"\n")))
        pieces += [data[:cut], data[cut:]]
    half = len(pieces) // 2 + 1  # ends mid-hand: the restart falls between two halves
    for start, parts in ((0, pieces[:half]), (half, pieces[half:])):
        with watching(folder, db, settle=SETTLE):
            for n, part in enumerate(parts, start):
                write(live, part)
                if n % 2 == 0:  # a hand cut short: the writer pauses
                    wait_for(lambda: taken_whole(db, live), f"piece {n} to be taken")
            wait_for(lambda: taken_whole(db, live), "the watch to take the file")
    assert_as_one_import(tmp_path, db, [live], IDS)


def test_e_import_withdraws_the_problem_of_a_hand_read_cut_short(tmp_path: Path) -> None:
    # `hhtools import` of a file read while its last hand was half written, then again
    # once it is whole (and under another name: a copy).
    db, live = tmp_path / "i.duckdb", tmp_path / "HH.txt"
    h1, h2, h3 = (text(h) for h in IDS[:3])
    cut = cut_at(h2, "mid-line")
    live.write_bytes(h1 + h2[:cut])
    first = import_paths([live], db, workers=1)
    codes = [r[0] for r in rows(db, f"SELECT code FROM import_errors WHERE hand_id = '{IDS[1]}'")]
    assert (first.hands, first.failed, first.problems) == (1, 1, len(codes))
    assert "truncated_hand" in codes
    whole = tmp_path / "copy" / "HH.txt"
    whole.parent.mkdir()
    whole.write_bytes(h1 + h2 + h3)
    again = import_paths([whole], db, workers=1)
    assert (again.hands, again.duplicates, again.withdrawn) == (2, 1, len(codes))
    assert rows(db, "SELECT count(*) FROM import_errors") == [(0,)]
    assert stored(db) == sorted(IDS[:3])
    # the first file's imports row no longer counts the failed hand and its problems
    assert rows(db, "SELECT file, hands, failed, problems FROM imports ORDER BY import_id") == [
        (str(live), 1, 0, 0), (str(whole), 2, 0, 0)]  # fmt: skip
    shutil.copyfile(whole, live)  # the first file, finished: nothing left to add
    third = import_paths([live], db, workers=1)
    assert (third.hands, third.duplicates, third.withdrawn) == (0, 3, 0)
    assert rows(db, "SELECT count(*) FROM import_errors") == [(0,)]


def test_f_import_shows_how_many_problems_it_withdrew(tmp_path: Path) -> None:
    # the summary table of `hhtools import` has a row for the problems withdrawn, only
    # when there are some
    from typer.testing import CliRunner

    from hhtools.cli.main import app

    db, live = tmp_path / "i.duckdb", tmp_path / "HH.txt"
    h1, h2 = text(IDS[0]), text(IDS[1])
    live.write_bytes(h1 + h2[: cut_at(h2, "mid-line")])
    env = {"COLUMNS": "200"}
    first = CliRunner().invoke(app, ["import", str(live), "--db", str(db), "-q", "-j", "1"],
                               env=env)  # fmt: skip
    assert first.exit_code == 0, first.output
    assert "withdrawn" not in first.stdout
    codes = rows(db, f"SELECT code FROM import_errors WHERE hand_id = '{IDS[1]}'")
    assert ("truncated_hand",) in codes
    whole = tmp_path / "copy" / "HH.txt"
    whole.parent.mkdir()
    whole.write_bytes(h1 + h2)
    again = CliRunner().invoke(app, ["import", str(whole), "--db", str(db), "-q", "-j", "1"],
                               env=env)  # fmt: skip
    assert again.exit_code == 0, again.output
    line = next(ln for ln in again.stdout.splitlines() if "withdrawn" in ln)
    cells = [cell.strip() for cell in line.split("│")[1:3]]
    assert cells == [  # every problem of the cut reading, withdrawn
        "problems withdrawn: hands cut short, now stored whole", str(len(codes))]


def test_g_a_hand_stored_in_part_then_whole_leaves_no_stale_summary(tmp_path: Path) -> None:
    # The writer pauses inside the third hand's last summary seat line ("Seat 5: Erin (big
    # blind) colle"): that reading is a record read in part (its last line unrecognised),
    # so it is stored, with a hand_summary row and its seats in stat_cube. Once the file
    # grows, the watch withdraws it and stores the whole hand: the kept tables must be
    # those of one import of the finished file (no row of the cut reading left beside
    # the whole one's, the cube counting each seat once).
    folder, db = tmp_path / "hh", tmp_path / "w.duckdb"
    folder.mkdir()
    live = folder / "HH.txt"
    h1, h2, h3, h4 = (text(h) for h in IDS[:4])
    body = h3.rstrip(b"\n")
    last = body.rindex(b"\n") + 1
    assert body[last:] == b"Seat 5: Erin (big blind) collected ($2.57)"  # stats_cbet_fold
    cut = last + len(b"Seat 5: Erin (big blind) colle")
    with watching(folder, db, settle=SETTLE):
        live.write_bytes(h1 + h2 + h3[:cut])
        wait_for(lambda: taken_whole(db, live), "the cut hand to be taken")
        assert stored(db) == sorted(IDS[:3])
        assert rows(db, f"SELECT read_in_part FROM hands WHERE hand_id = '{IDS[2]}'") == [(True,)]
        write(live, h3[cut:] + h4)
        wait_for(lambda: taken_whole(db, live), "the rest")
    assert_as_one_import(tmp_path, db, [live], IDS[:4])
    once = tmp_path / "once.duckdb"
    assert rows(db, "SELECT count(*), count(DISTINCT hand_id) FROM hand_summary") == [(4, 4)]
    for table in ("hand_summary", "stat_cube"):
        assert rows(db, f"SELECT * FROM {table} ORDER BY ALL") == rows(
            once, f"SELECT * FROM {table} ORDER BY ALL")

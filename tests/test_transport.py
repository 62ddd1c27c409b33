"""A worker's answer written to a file and mapped back (hhtools.store.transport): the
tables come back equal, the file goes once mapped, a folder that cannot be written leaves
the answer to the pipe, and an import through workers leaves no folder behind and stores
what a one-process import stores."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import duckdb
import pyarrow as pa
import pytest

from hhtools.store.importer import import_paths
from hhtools.store.pipeline import WorkResult
from hhtools.store.transport import PREFIX, folder, land, remove, ship

FIXTURES = Path(__file__).parent / "fixtures" / "pokerstars"


def _result(kept: dict[str, pa.Table] | None) -> WorkResult:
    """Two hands (running numbers 7 and 8): a hands table, a seats table with a text
    column holding a null, their keys."""
    hands = pa.table({"_n": [7, 8], "pot": [150, 2_000]})
    seats = pa.table({"_n": [7, 7, 8], "player": ["Ann", None, "Bo"], "net": [-50, 50, 0]})
    keys = pa.table({"site": ["pokerstars", "pokerstars"], "hand_id": ["11", "12"], "_n": [7, 8]})
    return WorkResult({"hands": hands, "seats": seats}, keys, [], 1, 0, kept=kept)


def test_an_answer_goes_to_a_file_and_comes_back(tmp_path: Path) -> None:
    where = str(tmp_path)
    work = ship(_result({"stat_cube": pa.table({"hands": [2]})}), where)
    assert work.tables == {} and work.keys is None and work.kept is None
    assert work.shipped is not None and os.listdir(where) == [Path(work.shipped.path).name]
    assert work.count == 0 and work.skipped == 1  # counts and problems travel as they were
    land(work)
    assert os.listdir(where) == []  # removed once mapped
    assert work.shipped is None and work.count == 2
    assert work.tables["hands"].to_pydict() == {"_n": [7, 8], "pot": [150, 2_000]}
    assert work.tables["seats"].column("player").to_pylist() == ["Ann", None, "Bo"]
    assert work.keys is not None and work.keys.column("hand_id").to_pylist() == ["11", "12"]
    assert work.kept is not None and work.kept["stat_cube"].to_pydict() == {"hands": [2]}


@pytest.mark.parametrize("kept", [None, {}])
def test_kept_none_and_kept_empty_stay_apart(tmp_path: Path, kept: dict[str, pa.Table] | None
                                             ) -> None:  # fmt: skip
    """``None``: the store works the kept rows out; ``{}``: the worker sent them, none."""
    work = land(ship(_result(kept), str(tmp_path)))
    assert work.kept == kept


def test_an_answer_without_hands_is_not_written(tmp_path: Path) -> None:
    work = ship(WorkResult({}, None, [], 3, 1), str(tmp_path))
    assert work.shipped is None and os.listdir(tmp_path) == []
    assert land(work) is work


def test_a_folder_that_cannot_be_written_leaves_the_answer_to_the_pipe(tmp_path: Path) -> None:
    work = ship(_result(None), str(tmp_path / "gone"))
    assert work.shipped is None and work.count == 2
    assert work.tables["hands"].num_rows == 2


def test_the_folder_of_a_run_is_removed_with_what_is_left_in_it(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:  # fmt: skip
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    where = folder()
    assert Path(where).parent == tmp_path
    ship(_result(None), where)  # an answer never taken (a stopped run)
    remove(where)
    assert not Path(where).exists()
    remove(None)


@pytest.mark.skipif(os.name != "posix", reason="processes asked for by signal 0")
def test_the_folder_of_a_killed_run_goes_with_the_next_run(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:  # fmt: skip
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    orphan = tmp_path / f"{PREFIX}{gone.stdout.strip()}-abc"  # its process has ended
    orphan.mkdir()
    (orphan / "1-0.arrows").write_bytes(b"left")
    mine = Path(folder())
    assert not orphan.exists()
    assert mine.exists() and mine.name.startswith(f"{PREFIX}{os.getpid()}-")
    other = Path(folder())  # a live run's folder (this process's) stays
    assert mine.exists() and other.exists()


def _rows(db: Path, table: str) -> list[tuple[object, ...]]:
    """The rows of ``table``, sorted, without the run's number (it differs run to run)."""
    with duckdb.connect(str(db), read_only=True) as con:
        cur = con.execute(f"SELECT * FROM {table}")
        keep = [i for i, col in enumerate(cur.description) if col[0] != "import_id"]
        return sorted((tuple(row[i] for i in keep) for row in cur.fetchall()), key=repr)


def test_an_import_through_workers_stores_what_one_process_stores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The PokerStars fixtures, two workers against one process: every hand, seat and
    action the same; the run's folder of answers gone at its end."""
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    one, two = tmp_path / "one.duckdb", tmp_path / "two.duckdb"
    import_paths([FIXTURES], one, workers=1)
    summary = import_paths([FIXTURES], two, workers=2)
    assert summary.hands > 50
    assert list(temp.iterdir()) == []
    for table in ("hands", "seats", "actions", "findings", "hand_summary"):
        assert _rows(one, table) == _rows(two, table), table


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="reads /proc/self/maps")
def test_the_kept_tables_do_not_hold_the_map(tmp_path: Path) -> None:
    """The cubes' rows wait for the commit: they are copied out, so the map (the whole
    answer) goes with the tables appended at once."""
    work = ship(_result({"stat_cube": pa.table({"hands": [2]})}), str(tmp_path))
    assert work.shipped is not None
    name = Path(work.shipped.path).name

    def mapped() -> int:
        return sum(name in line for line in Path("/proc/self/maps").read_text().splitlines())

    land(work)
    assert mapped() == 1
    kept = work.kept
    work.tables, work.keys, work.kept = {}, None, None
    assert mapped() == 0
    assert kept is not None and kept["stat_cube"].to_pydict() == {"hands": [2]}

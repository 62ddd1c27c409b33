"""The Dask engine: the same stages on a local cluster of 2 workers, into a Parquet dataset
that holds exactly what the embedded import stores, and answers through the same views.

Generated PokerStars hands (some tampered, so there are findings), plus a copy of one
file under another name (every hand a duplicate), a file whose first hand was changed
(a ``conflicting_hand``), an archive of both and a file that is not a history. Tasks
and byte ranges are made small so that several tasks and a file cut in ranges run.
"""

from __future__ import annotations

import math
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import duckdb
import pytest
from typer.testing import CliRunner

from hhtools.store import db as store
from hhtools.store.importer import import_paths
from hhtools.store.schema import TABLES
from hhtools.store.views import VIEWS

ENV: dict[str, str | None] = {"COLUMNS": "100", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}
TASK_BYTES = 150_000  #: small tasks: several per file set
RANGE_BYTES = 200_000  #: files above this are read in byte ranges, a task each
NOT_COMPARED = {"imports": {"imported_at"}}  #: the clock, not the data


def _need_dask() -> Any:
    return pytest.importorskip(
        "dask.distributed", reason="dask[distributed] is not installed (pip install "
        "'hhtools[cluster]')")  # fmt: skip


@pytest.fixture(scope="module")
def sources(generated: Any, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A folder of histories with duplicates, a conflict, an archive and a non-history,
    and a later file (another seed) for the 'new file' test."""
    folder, _ = generated(600, 161, tamper=0.05, files=3)
    later, _ = generated(150, 162, files=1)
    root = tmp_path_factory.mktemp("dask_sources")
    data = root / "histories"
    shutil.copytree(folder, data)
    first = sorted(data.iterdir())[0]
    shutil.copy(first, data / "zz copy of the first.txt")
    lines = first.read_text(encoding="utf-8-sig").splitlines(keepends=True)
    lines[1] = lines[1].replace("'", "'X", 1)  # the first hand's table name changed
    (data / "zz conflict.txt").write_text("".join(lines[:60]), encoding="utf-8")
    with zipfile.ZipFile(data / "zz archive.zip", "w") as zf:
        zf.write(first, "inside/copy.txt")
        zf.writestr("inside/notes.txt", "not a hand history\n")
    (data / "zz readme.txt").write_text("hello\n", encoding="utf-8")
    new = root / "later"
    shutil.copytree(later, new)
    return {"data": data, "new": new}


@pytest.fixture(scope="module")
def client() -> Any:
    """A local Dask cluster of 2 worker processes."""
    distributed = _need_dask()
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=":0")  # fmt: skip
    cl = distributed.Client(cluster)
    yield cl
    cl.close()
    cluster.close()


@pytest.fixture(scope="module")
def imported(sources: dict[str, Path], client: Any,
             tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:  # fmt: skip
    """The same files imported both ways: an embedded store and a dataset."""
    from hhtools.store.dask_engine import import_dataset

    root = tmp_path_factory.mktemp("dask_out")
    db, ds = root / "embedded.duckdb", root / "dataset"
    embedded = import_paths([sources["data"]], db, workers=1)
    dask = import_dataset([sources["data"]], ds, client=client, task_bytes=TASK_BYTES,
                          range_bytes=RANGE_BYTES)  # fmt: skip
    return {"db": db, "ds": ds, "embedded": embedded, "dask": dask}


def _rows(con: duckdb.DuckDBPyConnection, table: str) -> list[tuple[Any, ...]]:
    cols = [c.name for c in TABLES[table][1] if c.name not in NOT_COMPARED.get(table, set())]
    return con.execute(f"SELECT {', '.join(cols)} FROM {table} ORDER BY ALL").fetchall()


def _compare_tables(db: Path, ds: Path) -> dict[str, int]:
    from hhtools.store.dataset import connect_dataset

    a = store.connect(db, read_only=True)
    b = connect_dataset(ds)
    counts = {}
    try:
        for table in TABLES:
            left, right = _rows(a, table), _rows(b, table)
            assert len(left) == len(right), table
            assert left == right, f"{table}: rows differ"
            counts[table] = len(left)
    finally:
        a.close()
        b.close()
    return counts


def _same_row(left: tuple[Any, ...], right: tuple[Any, ...]) -> bool:
    """Rows equal, money and counts exactly; ratios (DOUBLE) to 1e-9, as a sum of
    doubles depends on the order DuckDB's threads add them in."""
    return len(left) == len(right) and all(
        math.isclose(x, y, rel_tol=1e-9) if isinstance(x, float) and isinstance(y, float)
        else x == y for x, y in zip(left, right, strict=True))  # fmt: skip


def _cell(text: str) -> Any:
    """A CSV cell: a float when it has a decimal point, else the text."""
    try:
        return float(text) if "." in text else text
    except ValueError:
        return text


def _same_frame(left: Any, right: Any) -> None:
    from polars.testing import assert_frame_equal

    assert left.height > 0
    assert_frame_equal(left.sort(left.columns), right.sort(right.columns), rel_tol=1e-9)


def test_every_table_matches_the_embedded_import(imported: dict[str, Any]) -> None:
    counts = _compare_tables(imported["db"], imported["ds"])
    assert counts["hands"] == 600 and counts["seats"] > 0 and counts["findings"] > 0
    assert counts["seat_sessions"] == counts["seats"]
    e, d = imported["embedded"], imported["dask"]
    assert d.tasks > 3  # several tasks, byte ranges among them
    for what in ("files", "hands", "duplicates", "conflicts", "skipped", "failed", "problems",
                 "notes"):  # fmt: skip
        assert getattr(d, what) == getattr(e, what), what
    assert d.duplicates > 0 and d.conflicts == 1
    assert d.findings == e.findings and d.hands_by_site == e.hands_by_site
    assert len(d.worker_peak) == 2 and d.dataset_bytes > 0


def test_the_layout_is_partitioned_and_committed(imported: dict[str, Any]) -> None:
    from hhtools.store.dataset import Dataset

    ds = Dataset.open(imported["ds"])
    for path in ds.files["hands"]:
        assert path.startswith("hands/site=pokerstars/month=20") and path.endswith(".parquet")
    on_disk = {p.relative_to(imported["ds"]).as_posix()
               for p in Path(imported["ds"]).rglob("*.parquet")}  # fmt: skip
    committed = {p for paths in ds.files.values() for p in paths}
    assert on_disk == committed  # no staging, temporary or orphan file left
    assert not list(Path(imported["ds"]).rglob("*.tmp"))


def test_the_views_answer_the_same(imported: dict[str, Any]) -> None:
    import hhtools

    a = hhtools.connect(imported["db"])
    b = hhtools.connect(imported["ds"])
    try:
        for name in VIEWS:
            left = a.con.execute(f"SELECT * FROM {name} ORDER BY ALL").fetchall()
            right = b.con.execute(f"SELECT * FROM {name} ORDER BY ALL").fetchall()
            assert len(left) == len(right) and all(map(_same_row, left, right)), name
        _same_frame(a.player_results(), b.player_results())
        _same_frame(a.stats(["player", "position"]), b.stats(["player", "position"]))
        _same_frame(a.sessions(), b.sessions())
        game, since = a.con.execute(
            "SELECT game, min(started_at)::DATE::VARCHAR FROM hands GROUP BY game "
            "ORDER BY count(*) DESC, game LIMIT 1").fetchall()[0]  # fmt: skip
        _same_frame(a.player_results(game=game, since=since),
                    b.player_results(game=game, since=since))  # fmt: skip
    finally:
        a.close()
        b.close()


def test_the_dataset_is_read_only(imported: dict[str, Any]) -> None:
    import hhtools

    with hhtools.connect(imported["ds"]) as b:
        with pytest.raises(duckdb.PermissionException):
            b.sql(f"COPY hands TO '{imported['ds']}/hands/evil.csv'")
        with pytest.raises(duckdb.Error):
            b.sql("INSERT INTO hands (site, hand_id) VALUES ('x', '1')")


def test_the_cli_reads_the_dataset(imported: dict[str, Any]) -> None:
    from hhtools.cli.main import app

    args = ["sql", "SELECT count(*) AS n, sum(net) AS net FROM seats", "-f", "csv"]
    a = CliRunner().invoke(app, [*args, "--db", str(imported["db"])], env=ENV)
    b = CliRunner().invoke(app, [*args, "--dataset", str(imported["ds"])], env=ENV)
    assert a.exit_code == b.exit_code == 0 and a.stdout == b.stdout
    for cmd in (["report", "-f", "csv"], ["stats", "-f", "csv"]):
        a = CliRunner().invoke(app, [*cmd, "--db", str(imported["db"])], env=ENV)
        b = CliRunner().invoke(app, [*cmd, "--dataset", str(imported["ds"])], env=ENV)
        assert a.exit_code == b.exit_code == 0, b.stderr
        if cmd[0] == "stats":  # all-ins no 'hhtools ev' looked at: ev writes no dataset
            assert "run 'hhtools ev --db" in a.stderr
            assert b.stderr.endswith("result): 'hhtools ev' works on a DuckDB store only\n")
        left, right = a.stdout.splitlines(), b.stdout.splitlines()
        assert len(left) == len(right) > 1
        assert all(_same_row(tuple(map(_cell, x.split(","))), tuple(map(_cell, y.split(","))))
                   for x, y in zip(left, right, strict=True))  # fmt: skip


def test_audit_problems_and_show_read_the_dataset(imported: dict[str, Any]) -> None:
    """``--dataset`` on audit, problems and show (they had only --db, though the Dask
    import's summary sends there): the same lines as on the embedded store."""
    from hhtools.cli.main import app

    first = store.connect(imported["db"], read_only=True)
    try:
        hand_id = first.execute("SELECT min(hand_id) FROM hands").fetchone()[0]
    finally:
        first.close()
    for cmd in (["audit", "--limit", "100000"], ["problems", "--notes", "--limit", "100000"],
                ["show", hand_id]):  # fmt: skip
        a = CliRunner().invoke(app, [*cmd, "--db", str(imported["db"])], env=ENV)
        b = CliRunner().invoke(app, [*cmd, "--dataset", str(imported["ds"])], env=ENV)
        assert a.exit_code == b.exit_code == 0, b.stderr
        assert a.stdout == b.stdout and len(a.stdout.splitlines()) > 1
    # the conflicting copy of the first file (sources) is one problem at least
    assert "conflict" in CliRunner().invoke(
        app, ["problems", "--dataset", str(imported["ds"])], env=ENV).stdout


def test_rerun_adds_nothing_and_a_new_file_only_itself(
    sources: dict[str, Path], imported: dict[str, Any], client: Any, tmp_path: Path
) -> None:
    from hhtools.store.dask_engine import import_dataset
    from hhtools.store.dataset import Dataset

    db, ds = tmp_path / "e.duckdb", tmp_path / "d"
    shutil.copy(imported["db"], db)
    shutil.copytree(imported["ds"], ds)
    commits = Dataset.open(ds).commits
    again = import_dataset([sources["data"]], ds, client=client)
    assert again.hands == 0 and again.files_unchanged == again.files and again.files_written == 0
    assert Dataset.open(ds).commits == commits
    more = import_dataset([sources["data"], sources["new"]], ds, client=client,
                          task_bytes=TASK_BYTES, range_bytes=RANGE_BYTES)  # fmt: skip
    embedded = import_paths([sources["data"], sources["new"]], db, workers=1)
    assert more.files_unchanged == again.files and more.files == again.files + 1
    for what in ("hands", "duplicates", "conflicts", "problems", "read_in_part"):
        assert getattr(more, what) == getattr(embedded, what), what
    assert more.hands > 100  # (a few hand ids of the other seed clash: conflicts)
    counts = _compare_tables(db, ds)
    assert counts["hands"] == 600 + more.hands
    assert counts["imports"] == imported["embedded"].files + 1


def test_import_cli_on_a_local_cluster(sources: dict[str, Path], tmp_path: Path) -> None:
    _need_dask()
    from hhtools.cli.main import app

    res = CliRunner().invoke(app, ["import", str(sources["new"]), "--engine", "dask",
                                   "--dataset", str(tmp_path / "d"), "--workers", "2", "-q"],
                             env=ENV)  # fmt: skip
    assert res.exit_code == 0, res.stderr
    assert "150" in res.stdout
    # one file of 150 hands is one task (files are grouped up to 32 MB): it said "1 tasks
    # on 1 workers"
    res = CliRunner().invoke(app, ["import", str(sources["new"]), "--engine", "dask",
                                   "--dataset", str(tmp_path / "one"), "--workers", "1"],
                             env=ENV)  # fmt: skip
    assert res.exit_code == 0, res.stderr
    assert "\n1 task on 1 worker (peak memory per worker " in res.stdout
    res = CliRunner().invoke(app, ["import", str(sources["new"]), "--engine", "dask"], env=ENV)
    assert res.exit_code == 2 and "--dataset" in res.stderr


def test_without_dask_hhtools_works_and_says_how_to_install(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "sys.modules['dask'] = None; sys.modules['distributed'] = None\n"
        "sys.modules['dask.distributed'] = None\n"
        "import hhtools, hhtools.cli.main, hhtools.store.dask_engine, hhtools.store.api\n"
        "from typer.testing import CliRunner\n"
        f"res = CliRunner().invoke(hhtools.cli.main.app, ['import', {str(tmp_path)!r}, "
        f"'--engine', 'dask', '--dataset', {str(tmp_path / 'd')!r}])\n"
        "print(res.exit_code); print(res.stderr)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout  # fmt: skip
    assert out.splitlines()[0] == "2"
    assert "pip install 'hhtools[cluster]'" in out


def test_a_folder_that_is_not_a_dataset_is_refused_and_left_as_it_was(
    sources: dict[str, Path], client: Any, tmp_path: Path
) -> None:
    """A user's folder with a subfolder named like a table (``hands``): nothing in it is
    deleted, nothing is written, and the refusal says what to do."""
    from hhtools.cli.main import app
    from hhtools.store.dask_engine import import_dataset
    from hhtools.store.dataset import ForeignFiles

    poker = tmp_path / "poker"
    (poker / "hands").mkdir(parents=True)
    history = sorted(sources["new"].iterdir())[0]
    shutil.copy(history, poker / "hands" / "my history.txt")
    (poker / "hands" / "notes.txt").write_text("river calls\n", encoding="utf-8")
    (poker / "imports").mkdir()
    before = {p: p.read_bytes() for p in poker.rglob("*") if p.is_file()}
    with pytest.raises(ForeignFiles, match="not an hhtools dataset and is not empty"):
        import_dataset([poker / "hands"], poker, client=client)
    res = CliRunner().invoke(app, ["import", str(poker / "hands"), "--engine", "dask",
                                   "--dataset", str(poker), "-q"], env=ENV)  # fmt: skip
    assert res.exit_code == 2 and "new or empty folder" in res.stderr, res.stderr
    after = {p: p.read_bytes() for p in poker.rglob("*") if p.is_file()}
    assert after == before and sorted(p.name for p in poker.iterdir()) == ["hands", "imports"]


def test_links_and_foreign_files_in_a_dataset_are_refused_never_followed(
    imported: dict[str, Any], sources: dict[str, Path], client: Any, tmp_path: Path
) -> None:
    """A link in a table folder (to a folder, to a file) or a file the engine did not
    write: the import refuses before deleting anything; the links' targets keep their
    files."""
    from hhtools.store.dask_engine import import_dataset
    from hhtools.store.dataset import Dataset, ForeignFiles

    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "precious.txt").write_text("keep me\n", encoding="utf-8")
    (outside / "part-1-00000-0.parquet").write_bytes(b"not ours either")
    cases = {
        "folder link": lambda ds: (ds / "hands" / "site=pokerstars" / "old").symlink_to(outside),
        "file link": lambda ds: (ds / "seats" / "x.parquet").symlink_to(outside / "precious.txt"),
        "table link": lambda ds: (shutil.rmtree(ds / "draws", ignore_errors=True),
                                  (ds / "draws").symlink_to(outside)),
        "notes": lambda ds: (ds / "hands" / "notes.txt").write_text("mine\n", encoding="utf-8"),
        "unrecorded run": lambda ds: (ds / "hands" / "site=pokerstars" / "month=2024-01"
                                      / "part-77-00000-0.parquet").write_bytes(b"?"),
    }  # fmt: skip
    for name, plant in cases.items():
        ds = tmp_path / name
        shutil.copytree(imported["ds"], ds, symlinks=True)
        plant(ds)
        listed = sorted(str(p) for p in ds.rglob("*"))
        commits = Dataset.open(ds).commits
        with pytest.raises(ForeignFiles, match="did not write"):
            import_dataset([sources["new"]], ds, client=client)
        assert sorted(str(p) for p in ds.rglob("*")) == listed, name
        assert Dataset.open(ds).commits == commits, name
        assert sorted(p.name for p in outside.iterdir()) == ["part-1-00000-0.parquet",
                                                             "precious.txt"], name  # fmt: skip


def test_the_engines_own_leftovers_are_still_cleaned(imported: dict[str, Any],
                                                     tmp_path: Path) -> None:  # fmt: skip
    """What a died task or run of this dataset left (its staging, temporary and partition
    files, under the engine's names, of a run its manifest recorded) is deleted; every
    committed file stays."""
    from hhtools.store.dataset import Dataset

    ds_dir = tmp_path / "d"
    shutil.copytree(imported["ds"], ds_dir)
    ds = Dataset.open(ds_dir)
    assert ds.runs == {1}
    leftovers = ["hands/site=pokerstars/month=2024-01/part-1-00999-0.parquet",
                 "seats/site=pokerstars/month=2024-01/part-1-00999-0.parquet.0123abcd.tmp",
                 "imports/import_id=1/part-1-00999.parquet", "_staging/1/00999/hands.parquet",
                 "_manifest/000001-000999.json.0123abcd.tmp"]  # fmt: skip
    for rel in leftovers:
        (ds_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        (ds_dir / rel).write_bytes(b"left by a task that died")
    assert ds.clean_orphans() == 3  # the table files (staging and manifest not counted)
    assert not any((ds_dir / rel).exists() for rel in leftovers)
    assert not (ds_dir / "_staging").exists()
    on_disk = {p.relative_to(ds_dir).as_posix() for p in ds_dir.rglob("*") if p.is_file()}
    committed = {p for paths in ds.files.values() for p in paths}
    assert on_disk == committed | {f"_manifest/{c}" for c in ds.commits}


HAND = Path(__file__).parent / "fixtures" / "pokerstars" / "zoom_eur_no_limit.txt"


def _no_history_folder(root: Path) -> Path:
    """A folder of files the walk leaves out: a DuckDB database under another name, a
    Parquet file, a hidden folder (its hand unread) and an fpdb expected-results file."""
    folder = root / "no history"
    (folder / ".backup").mkdir(parents=True)
    duckdb.connect(str(folder / "tracker.bak")).close()
    (folder / "t.parquet").write_bytes(b"PAR1" + b"\0" * 12 + b"PAR1")
    shutil.copy(HAND, folder / ".backup" / "hand.txt")
    (folder / "hand.hp").write_text("{}\n", encoding="utf-8")
    return folder


def test_the_summary_counts_skipped_files_by_reason_as_the_embedded_import(
    client: Any, tmp_path: Path
) -> None:
    from hhtools.ingest.sources import SkipReason
    from hhtools.store.dask_engine import import_dataset

    folder = _no_history_folder(tmp_path)
    shutil.copy(HAND, folder / "hand.txt")
    dask = import_dataset([folder], tmp_path / "d", client=client)
    embedded = import_paths([folder], tmp_path / "e.duckdb", workers=1)
    want = {str(SkipReason.DUCKDB): 1, str(SkipReason.PARQUET): 1,
            str(SkipReason.HIDDEN): 1, str(SkipReason.EXPECTED_RESULTS): 1}  # fmt: skip
    assert dict(dask.tally.skipped) == want
    assert dict(embedded.tally.skipped) == want
    assert (dask.files, dask.hands, dask.tally.histories) == (1, 1, 1)
    again = import_dataset([folder], tmp_path / "d", client=client)  # unchanged: still read once
    assert (again.files_unchanged, again.tally.histories, again.hands) == (1, 1, 0)


def test_paths_without_a_hand_history_say_why_in_one_line_and_exit_1(tmp_path: Path) -> None:
    _need_dask()
    from hhtools.cli.main import app

    folder = _no_history_folder(tmp_path)
    res = CliRunner().invoke(app, ["import", str(folder), "--engine", "dask", "--dataset",
                                   str(tmp_path / "d"), "--workers", "1", "-q"],
                             env=ENV)  # fmt: skip
    assert (res.exit_code, res.stdout) == (1, "")
    assert res.stderr == ("error: no hand history found: 4 files skipped (DuckDB database, "
                          "its log or spill folder: 1, Parquet file: 1, expected results "
                          "(.hp, .hands, .gt): 1, hidden file or folder: 1)\n")  # fmt: skip
    empty = tmp_path / "empty"
    empty.mkdir()
    res = CliRunner().invoke(app, ["import", str(empty), "--engine", "dask", "--dataset",
                                   str(tmp_path / "d2"), "--workers", "1", "-q"],
                             env=ENV)  # fmt: skip
    assert (res.exit_code, res.stderr) == (1, f"error: no hand history found in {empty}: "
                                              "no files\n")  # fmt: skip

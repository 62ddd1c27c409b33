"""Paths that hold no hand history, and places that cannot be read.

``hhtools import`` and ``hhtools parse`` of paths that hold no hand history say why in
one line on stderr and exit 1 (a re-import that adds nothing new still exits 0); a
folder or file that may not be read is a ``read_error`` problem with its path, never
a traceback nor a silent skip. Permissions are simulated (``monkeypatch``) so the
tests run as root too, where ``chmod 000`` blocks nothing; one test uses a real
``chmod`` where it can.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.ingest import sources

HAND = (Path(__file__).parent / "fixtures" / "pokerstars" / "zoom_eur_no_limit.txt").read_bytes()
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06"
PASSWD = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"


def hhtools(*args: str | Path) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``hhtools ARGS``."""
    res = CliRunner().invoke(app, [str(a) for a in args])
    assert "Traceback" not in res.output, res.output
    return res.exit_code, res.stdout, res.stderr


def q(db: Path, sql: str) -> list[tuple[object, ...]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(sql).fetchall()


def denied(path: str | os.PathLike[str]) -> PermissionError:
    return PermissionError(errno.EACCES, "Permission denied", str(path))


def test_a_file_of_no_site_says_why_in_one_line_and_exits_1(tmp_path: Path) -> None:
    passwd = tmp_path / "passwd"
    passwd.write_text(PASSWD)
    db = tmp_path / "h.duckdb"
    code, out, err = hhtools("import", passwd, "--db", db, "-q", "-j", "1")
    assert (code, out) == (1, "")
    assert err == (f"error: no hand history found: {passwd}: not a hand history of a "
                   "supported site (starts 'root:x:0:0:root:/root:/bin/bash') (see "
                   f"'hhtools parse' of the same paths; no store written at {db})\n")  # fmt: skip
    assert not db.exists()  # no empty store left behind
    # Into a store that exists (a hand in it), its problem is stored and listed there.
    (tmp_path / "hand.txt").write_bytes(HAND)
    assert hhtools("import", tmp_path / "hand.txt", "--db", db, "-q", "-j", "1")[0] == 0
    code, out, err = hhtools("import", passwd, "--db", db, "-q", "-j", "1")
    assert (code, out) == (1, "")
    assert err == (f"error: no hand history found: {passwd}: not a hand history of a "
                   "supported site (starts 'root:x:0:0:root:/root:/bin/bash') (see "
                   f"'hhtools problems --db {db}')\n")  # fmt: skip
    # The same file again: not read again, and still no hand history in it.
    code, out, err = hhtools("import", passwd, "--db", db, "-q", "-j", "1")
    assert (code, out) == (1, "")
    assert err.startswith("error: no hand history found: 1 file unchanged since the last "
                          "import, in which no site format read them")  # fmt: skip
    code, out, err = hhtools("parse", passwd)
    assert code == 1
    assert err.splitlines()[-1] == (f"error: no hand history found: {passwd}: not a hand "
                                    "history of a supported site (starts "
                                    "'root:x:0:0:root:/root:/bin/bash') (see above)")  # fmt: skip


def test_an_image_is_named_not_quoted(tmp_path: Path) -> None:
    png = tmp_path / "table.png"
    png.write_bytes(PNG)
    code, out, err = hhtools("import", png, "--db", tmp_path / "h.duckdb", "-q", "-j", "1")
    assert (code, out) == (1, "")
    assert err.startswith(f"error: no hand history found: {png}: a PNG image, not a hand "
                          "history (see")  # fmt: skip
    assert len(err.splitlines()) == 1


def test_one_history_among_other_files_is_a_success(tmp_path: Path) -> None:
    (tmp_path / "hand.txt").write_bytes(HAND)
    (tmp_path / "table.png").write_bytes(PNG)
    db = tmp_path / "h.duckdb"
    code, out, _ = hhtools("import", tmp_path / "hand.txt", tmp_path / "table.png", "--db", db,
                           "-q", "-j", "1")  # fmt: skip
    assert code == 0 and "hands imported" in out
    code, out, _ = hhtools("import", tmp_path / "hand.txt", "--db", db, "-q", "-j", "1")
    assert code == 0 and out.startswith("Nothing new: 1 file unchanged")  # a re-import
    code, _, _ = hhtools("parse", tmp_path / "hand.txt", tmp_path / "table.png")
    assert code == 0


def test_naming_only_a_store_is_no_history(tmp_path: Path) -> None:
    db = tmp_path / "h.duckdb"
    duckdb.connect(str(db)).close()
    code, out, err = hhtools("import", db, "--db", tmp_path / "other.duckdb", "-q", "-j", "1")
    assert (code, out) == (1, "")
    assert err == ("error: no hand history found: 1 file skipped (DuckDB database, its "
                   "log or spill folder: 1)\n")  # fmt: skip


def test_an_empty_folder_says_so_in_one_line_and_exits_1(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    code, out, err = hhtools("import", empty, "--db", tmp_path / "h.duckdb", "-q", "-j", "1")
    assert (code, out, err) == (1, "", f"error: no hand history found in {empty}: no files\n")
    assert sorted(tmp_path.iterdir()) == [empty]  # no store made, nor its log
    (empty / "sub").mkdir()  # folders only, and two paths named
    code, out, err = hhtools("import", empty, empty / "sub", "--db", tmp_path / "h.duckdb",
                             "-q", "-j", "1")  # fmt: skip
    assert (code, out) == (1, "")
    assert err == f"error: no hand history found in {empty}, {empty / 'sub'}: no files\n"
    code, out, err = hhtools("parse", empty)  # the same line from parse
    assert code == 1
    assert err.endswith(f"error: no hand history found in {empty}: no files\n")


def test_a_folder_of_skipped_files_only_says_why_and_exits_1(tmp_path: Path) -> None:
    folder = tmp_path / "hh"
    (folder / ".hidden").mkdir(parents=True)
    (folder / ".hidden" / "hand.txt").write_bytes(HAND)
    duckdb.connect(str(folder / "old store")).close()  # a DuckDB file, whatever its name
    code, out, err = hhtools("import", folder, "--db", tmp_path / "h.duckdb", "-q", "-j", "1")
    assert (code, out) == (1, "")
    assert err == ("error: no hand history found: 2 files skipped (DuckDB database, its "
                   "log or spill folder: 1, hidden file or folder: 1)\n")  # fmt: skip
    assert not (tmp_path / "h.duckdb").exists()


def test_an_unreadable_folder_inside_is_a_read_error_and_the_rest_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    top = tmp_path / "top"
    locked = top / "locked"
    locked.mkdir(parents=True)
    (top / "a.txt").write_bytes(HAND)
    (locked / "b.txt").write_bytes(HAND.replace(b"#210000000003", b"#210000000004"))
    scandir = os.scandir

    def scan(path: str) -> object:  # chmod 000 on top/locked
        if os.path.abspath(path) == str(locked):
            raise denied(path)
        return scandir(path)

    monkeypatch.setattr(os, "scandir", scan)
    db = tmp_path / "h.duckdb"
    code, out, _ = hhtools("import", top, "--db", db, "-q", "-j", "1")
    assert code == 0 and "hands imported" in out
    assert q(db, "SELECT hand_id FROM hands") == [("210000000003",)]
    assert q(db, "SELECT file, line, code, message FROM import_errors") == [
        (str(locked), 0, "read_error", "cannot read this folder: Permission denied")]
    code, _, err = hhtools("import", locked, "--db", db, "-q", "-j", "1")
    assert code == 1
    assert err == (f"error: no hand history found: {locked}: cannot read this folder: "
                   f"Permission denied (see 'hhtools problems --db {db}')\n")  # fmt: skip


def test_a_file_named_inside_an_unreadable_folder_is_a_read_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    inside = tmp_path / "locked" / "b.txt"
    inside.parent.mkdir()
    inside.write_bytes(HAND)
    db = tmp_path / "h.duckdb"  # a store that exists: an empty one is not made
    (tmp_path / "a.txt").write_bytes(HAND)
    assert hhtools("import", tmp_path / "a.txt", "--db", db, "-q", "-j", "1")[0] == 0
    stat = os.stat

    def look(path: str | os.PathLike[str], *args: object, **kwargs: object) -> os.stat_result:
        if os.fspath(path) == str(inside):  # its folder may not be searched
            raise denied(path)
        return stat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "stat", look)
    code, out, err = hhtools("import", inside, "--db", db, "-q", "-j", "1")
    assert (code, out) == (1, "")
    assert err == (f"error: no hand history found: {inside}: cannot reach this path: "
                   f"Permission denied (see 'hhtools problems --db {db}')\n")  # fmt: skip
    assert q(db, "SELECT file, code FROM import_errors") == [(str(inside), "read_error")]
    code, out, err = hhtools("parse", inside)
    assert code == 1 and out == f"{inside}: cannot reach this path: Permission denied\n"


def test_a_file_that_may_not_be_read_is_a_read_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.txt").write_bytes(HAND)
    locked = tmp_path / "c.txt"
    locked.write_bytes(HAND.replace(b"#210000000003", b"#210000000005"))
    real_open = open

    def opener(path: object, *args: object, **kwargs: object) -> object:  # chmod 000 c.txt
        if os.fspath(path) == str(locked):  # type: ignore[call-overload]
            raise denied(path)  # type: ignore[arg-type]
        return real_open(path, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(sources, "open", opener, raising=False)
    db = tmp_path / "h.duckdb"
    code, _, _ = hhtools("import", tmp_path, "--db", db, "-q", "-j", "1")
    assert code == 0
    assert q(db, "SELECT hand_id FROM hands") == [("210000000003",)]
    assert q(db, "SELECT file, code, message FROM import_errors") == [
        (str(locked), "read_error", "cannot read this file: Permission denied")]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a chmod 000 folder: the "
                    "simulated tests above cover it")  # fmt: skip
def test_real_permissions(tmp_path: Path) -> None:
    locked = tmp_path / "top" / "locked"
    locked.mkdir(parents=True)
    (tmp_path / "top" / "a.txt").write_bytes(HAND)
    (locked / "b.txt").write_bytes(HAND.replace(b"#210000000003", b"#210000000004"))
    locked.chmod(0)
    try:
        db = tmp_path / "h.duckdb"
        code, _, _ = hhtools("import", tmp_path / "top", "--db", db, "-q", "-j", "1")
        assert code == 0
        assert q(db, "SELECT file, code FROM import_errors") == [(str(locked), "read_error")]
        code, _, err = hhtools("import", locked / "b.txt", "--db", db, "-q", "-j", "1")
        assert code == 1 and "cannot reach this path: Permission denied" in err
    finally:
        locked.chmod(0o755)


def test_an_empty_folder_makes_no_dataset_either(tmp_path: Path) -> None:
    pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed")
    empty = tmp_path / "empty"
    empty.mkdir()
    dataset = tmp_path / "ds"
    code, out, err = hhtools("import", empty, "--engine", "dask", "--dataset", dataset,
                             "--workers", "1", "-q")  # fmt: skip
    assert (code, out, err) == (1, "", f"error: no hand history found in {empty}: no files\n")
    assert not dataset.exists()  # no empty dataset (its _manifest folder) left behind


def test_a_store_in_a_folder_that_does_not_exist_is_one_plain_line(tmp_path: Path) -> None:
    (tmp_path / "hand.txt").write_bytes(HAND)
    db = tmp_path / "no" / "such" / "h.duckdb"
    code, out, err = hhtools("import", tmp_path / "hand.txt", "--db", db, "-q", "-j", "1")
    assert (code, out) == (2, "")  # bad input, as a missing path (README: exit 2)
    assert err == f"error: no such folder for the store: {db.parent} (of --db {db})\n"
    assert not (tmp_path / "no").exists()

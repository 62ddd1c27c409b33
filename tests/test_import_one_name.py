"""A file is known to the store by one name, its resolved path, whatever path named it:
``in``, ``./in``, ``/abs/in`` and a link to the folder.

Found as a new user: importing a folder by a relative path, then by an absolute one,
read every file again ("files unchanged 0") and listed its problems twice. A store
made before (files named as given) keeps working: a re-import of the same files from
the same folder reads nothing again, and a file read again (grown) lists its problems
once, the old name's withdrawn. Hands from tests/test_import_read_again.py
(PokerStars' format): the session holds 3 hands, 2 stored, 2 problems.
"""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import duckdb
import pytest

from hhtools.store.importer import import_paths
from tests.test_import_read_again import FIRST, LATER, PROBLEMS, SUMS, WHOLE, problems, q


@pytest.fixture()
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """tmp_path as the current folder, holding ``in/session.txt`` (FIRST) and ``link``,
    a link to ``in``."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "session.txt").write_text(FIRST)
    (tmp_path / "link").symlink_to(tmp_path / "in", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_relative_absolute_dotted_and_linked_paths_are_one_file(here: Path) -> None:
    db = here / "a.duckdb"
    first = import_paths(["in"], db, workers=1)
    assert (first.hands, first.problems) == (2, 2)
    for path in ("./in", str(here / "in"), "link", str(here / "link" / "session.txt"),
                 "in/../in"):  # fmt: skip
        again = import_paths([path], db, workers=1)
        assert (again.files_unchanged, again.files_read, again.problems) == (1, 0, 0), path
    real = os.path.realpath(here / "in" / "session.txt")
    assert q(db, "SELECT file FROM imports") == [(real,)]
    assert problems(db) == PROBLEMS  # once each
    assert q(db, SUMS) == [(2, 1, 2, 0)]


def test_a_file_grown_since_named_otherwise_lists_its_problems_once(here: Path) -> None:
    db = here / "a.duckdb"
    import_paths(["in"], db, workers=1)
    (here / "in" / "session.txt").write_text(LATER)
    summary = import_paths([str(here / "link")], db, workers=1)
    assert (summary.hands, summary.duplicates, summary.problems) == (1, 2, 2)
    assert problems(db) == PROBLEMS
    assert q(db, SUMS) == [(3, 1, 2, 0)]  # as one import of the final file


def test_a_store_that_named_files_as_given_keeps_working(here: Path) -> None:
    db = here / "a.duckdb"
    import_paths(["in"], db, workers=1)
    with duckdb.connect(str(db)) as con:  # as an import before names were resolved
        for table in ("imports", "import_errors", "hands"):
            con.execute(f"UPDATE {table} SET file = 'in/session.txt'")
    again = import_paths(["in"], db, workers=1)
    assert (again.files_unchanged, again.files_read, again.hands) == (1, 0, 0)
    again = import_paths([str(here / "in")], db, workers=1)  # absolute now: the same file
    assert (again.files_unchanged, again.files_read, again.hands) == (1, 0, 0)
    (here / "in" / "session.txt").write_text(LATER)
    summary = import_paths(["in"], db, workers=1)
    assert (summary.hands, summary.problems) == (1, 2)
    assert problems(db) == PROBLEMS  # the old name's withdrawn, listed once
    assert q(db, SUMS) == [(3, 1, 2, 0)]


def test_a_damaged_archive_named_two_ways_is_listed_once(here: Path) -> None:
    whole = here / "whole.zip"
    with zipfile.ZipFile(whole, "w") as zf:
        zf.writestr("hands.txt", WHOLE.format(n=5) * 40)
    data = whole.read_bytes()
    (here / "in" / "hands.zip").write_bytes(data[: len(data) // 2])
    db = here / "a.duckdb"
    import_paths(["in"], db, workers=1)
    import_paths([str(here / "in")], db, workers=1)
    import_paths(["./link"], db, workers=1)
    got = q(db, "SELECT file, code FROM import_errors WHERE code = 'bad_archive'")
    assert got == [(os.path.realpath(here / "in" / "hands.zip"), "bad_archive")]

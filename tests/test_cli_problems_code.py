"""``hhtools problems --code``: a code no version of hhtools writes is a usage error
(exit 2, the known codes named), not "No problems of code ..." which reads as a clean
store; a known code with no rows, and a code an older version stored, still list.

The store holds one hand and one problem made by hand: an empty file, ``unsupported_site`` on line 1
(README: "a binary file no format reads is one short unsupported_site problem").
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.model.vocab import ProblemCode


@pytest.fixture
def db(tmp_path: Path) -> Path:
    empty = tmp_path / "in" / "empty.txt"
    empty.parent.mkdir()
    empty.write_bytes(b"")
    store = tmp_path / "p.duckdb"
    hand = Path(__file__).parent / "fixtures" / "pokerstars" / "zoom_eur_no_limit.txt"
    first = CliRunner().invoke(app, ["import", str(hand), "--db", str(store), "-q", "-j", "1"])
    assert first.exit_code == 0  # a store that exists (paths with no history make none)
    args = ["import", str(empty.parent), "--db", str(store), "-q", "-j", "1"]
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 1  # no hand history in the paths given (README: exit 1)
    return store


def problems(db: Path, *args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(app, ["problems", "--db", str(db), *args])
    return res.exit_code, res.stdout, res.stderr


def test_unknown_code_is_a_usage_error(db: Path) -> None:
    code, out, err = problems(db, "--code", "unsuported_site")
    assert (code, out) == (2, "")
    assert err.startswith("error: unknown code 'unsuported_site': use one of missing_path, ")
    assert err.count("\n") == 1 and "unsupported_site" in err and "truncated_hand" in err
    # the same in every format: the code is checked before anything is written
    assert problems(db, "--code", "unsuported_site", "--format", "json")[0] == 2


def test_known_code_without_rows_says_so(db: Path) -> None:
    code, out, _ = problems(db, "--code", str(ProblemCode.TRUNCATED_HAND))
    assert code == 0
    assert " ".join(out.split()) == f"No problems of code truncated_hand in {db}."


def test_known_code_lists_its_rows(db: Path) -> None:
    code, out, _ = problems(db, "--code", "unsupported_site", "--wide")
    assert code == 0
    assert ":1: an empty file, not a hand history (unsupported_site)" in out
    assert "1 problem (unsupported_site: 1)" in out


def test_code_an_older_version_stored_still_lists(db: Path) -> None:
    with duckdb.connect(str(db)) as con:
        con.execute("INSERT INTO import_errors (file, line, code, message, is_note) "
                    "VALUES ('old.txt', 3, 'retired_code', 'an old reason', false)")  # fmt: skip
    code, out, _ = problems(db, "--code", "retired_code", "--wide")
    assert code == 0
    assert "old.txt:3: an old reason (retired_code)" in out

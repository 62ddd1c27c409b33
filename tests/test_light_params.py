"""The command line's plain option values read without pydantic (hhtools.cli.light_params).

Each value below is what typer's own (pydantic) coercion gives, worked out from its
rules: text stays the same text, a path's text becomes that Path, a list of text a
list; anything not plain (text to read as a number, a ranged number) is left to typer.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer._coercion import build_runtime_param, resolve_type_descriptor
from typer.models import OptionInfo
from typer.testing import CliRunner

from hhtools.cli.light_params import UNREAD, light_value
from hhtools.cli.main import app

ROOT = Path(__file__).resolve().parent.parent
HARD_CASES = ROOT / "sample_histories" / "hand_written_hard_cases.txt"


@pytest.mark.parametrize(("annotation", "info", "value", "expected"), [
    (str, OptionInfo(), "site", "site"),
    (str, OptionInfo(), "", ""),
    (bool, OptionInfo(), True, True),
    (int, OptionInfo(), 30, 30),
    (float, OptionInfo(), 2.5, 2.5),
    (Path, OptionInfo(), "a/b.duckdb", Path("a/b.duckdb")),
    (list[str], OptionInfo(), ("site", "game"), ["site", "game"]),
    (list[Path], OptionInfo(), ("x.txt", "y"), [Path("x.txt"), Path("y")]),
])  # fmt: skip
def test_plain_values_read_as_typer_reads_them(annotation, info, value, expected) -> None:
    got = light_value(annotation, info, value)
    assert got == expected and type(got) is type(expected)
    # and typer's own coercion (pydantic) gives the very same
    typer_own = build_runtime_param(resolve_type_descriptor(annotation, info))
    theirs = typer_own._coerce_value(value, param=None, ctx=None)
    assert theirs == expected and type(theirs) is type(expected)


@pytest.mark.parametrize(("annotation", "info", "value"), [
    (int, OptionInfo(), "5"),                 # text read as a number: typer's way
    (int, OptionInfo(min=1), 3),              # a range to check
    (float, OptionInfo(), 2),                 # an int for a float: pydantic converts
    (str, OptionInfo(), b"x"),                # bytes decoded by typer
    (bool, OptionInfo(), "yes"),
    (Path, OptionInfo(), ""),
    (Path, OptionInfo(resolve_path=True), "a"),
    (list[str], OptionInfo(), ("a", 1)),
    (str, OptionInfo(parser=str.upper), "a"),
])  # fmt: skip
def test_other_values_left_to_typer(annotation, info, value) -> None:
    assert light_value(annotation, info, value) is UNREAD


def test_a_path_that_must_exist_still_says_so(tmp_path: Path) -> None:
    missing = str(tmp_path / "nothing.duckdb")
    with pytest.raises(typer.BadParameter, match="does not exist"):
        light_value(Path, OptionInfo(exists=True), missing)
    assert light_value(Path, OptionInfo(exists=True), str(tmp_path)) == tmp_path


def test_a_command_runs_without_pydantic_and_reads_numbers_as_before(tmp_path: Path) -> None:
    db = tmp_path / "t.duckdb"
    res = CliRunner().invoke(app, ["import", str(HARD_CASES), "--db", str(db), "-q", "-j", "1"])
    assert res.exit_code == 0, res.stderr
    code = ("import sys\nfrom hhtools.cli.main import app\n"
            "try:\n    app(sys.argv[1:], standalone_mode=False)\nexcept SystemExit:\n    pass\n"
            "print('pydantic' in sys.modules, file=sys.stderr)\n")  # fmt: skip
    plain = subprocess.run([sys.executable, "-c", code, "stats", "--db", str(db), "--by", "site",
                            "--format", "csv"], capture_output=True, text=True, cwd=ROOT)  # fmt: skip
    assert plain.stderr.strip().splitlines()[-1] == "False"
    assert plain.stdout.startswith("site,hands,")
    # a number given as text: typer's own coercion (pydantic) reads it, as before
    many = CliRunner().invoke(app, ["stats", "--db", str(db), "--by", "site", "--format", "csv",
                                    "--min-hands", "100000"])  # fmt: skip
    assert many.exit_code == 1 and "no hands" in many.stderr
    bad = CliRunner().invoke(app, ["stats", "--db", str(db), "--min-hands", "many"])
    assert bad.exit_code == 2

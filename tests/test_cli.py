"""The console entry point: usage errors are one line on stderr with exit code 2."""

from __future__ import annotations

import subprocess
import sys


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hhtools", *args], capture_output=True,
                          text=True, timeout=120)  # fmt: skip


def test_missing_option_is_one_line() -> None:
    res = run("showdown", "--game", "omaha", "--board", "2s 5c Th 7d 8c")
    assert res.returncode == 2
    assert res.stderr.strip().splitlines() == [
        "error: Missing option '--hand'. (see 'hhtools showdown --help')"
    ]


def test_unknown_command_and_bad_value() -> None:
    res = run("nosuch")
    assert res.returncode == 2 and len(res.stderr.strip().splitlines()) == 1
    res = run("import", "--workers", "abc", "x")
    assert res.returncode == 2 and "Traceback" not in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1


def test_no_command_shows_the_help_and_says_why_it_stopped() -> None:
    # it printed the help, then "error:  (see 'hhtools --help')", a message left empty
    res = run()
    assert res.returncode == 2 and "Commands" in res.stdout and "import" in res.stdout
    assert res.stderr == ("error: give a command: the commands are listed above "
                          "(see 'hhtools --help')\n")  # fmt: skip


def test_duplicate_card_is_one_line() -> None:
    res = run("showdown", "--game", "omaha", "--board", "2s 5c Th 7d 8c",
              "--hand", "A=As Ks Qs Js", "--hand", "B=As 2d 3d 4d")  # fmt: skip
    assert res.returncode == 2
    assert res.stderr.strip() == "error: duplicate card 'As'"


def test_import_workers_below_one_is_a_usage_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # -j -2 was taken and ran in this process, as -j 1 does, saying nothing
    for bad in ("-2", "0"):
        res = run("import", "-j", bad, "--db", str(tmp_path / "x.duckdb"), str(tmp_path))
        assert res.returncode == 2 and "Traceback" not in res.stderr
        assert len(res.stderr.strip().splitlines()) == 1 and "--workers" in res.stderr
    assert not (tmp_path / "x.duckdb").exists()

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


def test_duplicate_card_is_one_line() -> None:
    res = run("showdown", "--game", "omaha", "--board", "2s 5c Th 7d 8c",
              "--hand", "A=As Ks Qs Js", "--hand", "B=As 2d 3d 4d")  # fmt: skip
    assert res.returncode == 2
    assert res.stderr.strip() == "error: duplicate card 'As'"

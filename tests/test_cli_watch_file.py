"""``hhtools watch FILE``: a file given where a folder is wanted is said to be a file
(exit 2, pointing to ``hhtools import``), not "no such folder" of a path that exists."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from hhtools.cli.main import app


def watch(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(app, ["watch", *args])
    return res.exit_code, res.stdout, res.stderr


def test_watch_a_file_says_it_is_a_file(tmp_path: Path) -> None:
    hh = tmp_path / "HH20240101 Table.txt"
    hh.write_text("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)\n", encoding="utf-8")
    db = tmp_path / "w.duckdb"
    code, out, err = watch(str(hh), "--db", str(db))
    assert (code, out) == (2, "")
    assert err == (f"error: {hh} is a file, not a folder: watch takes the folders the poker "
                   f"client writes to ('hhtools import {hh}' reads one file)\n")  # fmt: skip
    assert not db.exists()  # refused before the store is opened


def test_watch_a_missing_path_says_no_such_folder(tmp_path: Path) -> None:
    code, _, err = watch(str(tmp_path / "nope"), "--db", str(tmp_path / "w.duckdb"))
    assert (code, err) == (2, f"error: no such folder: {tmp_path / 'nope'}\n")

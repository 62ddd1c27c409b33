"""``hhtools parse FILE... [--json]``."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from hhtools.cli.parse import parse_cmd

# A fresh app holding only this command (the real one also holds other teams' commands).
app = typer.Typer()
app.command("parse")(parse_cmd)
app.callback()(lambda: None)

FIX = Path(__file__).parent / "fixtures" / "pokerstars"


def test_parse_json() -> None:
    res = CliRunner().invoke(app, ["parse", str(FIX / "mixed_holdem_skipped.txt"),
                                   str(FIX / "run_it_twice.txt"), "--json"])  # fmt: skip
    assert res.exit_code == 0, res.output
    rows = [json.loads(x) for x in res.stdout.splitlines()]
    assert [r.get("hand_id") for r in rows[:3]] == ["240000000006", "240000000007", "270000000010"]
    assert rows[0]["skipped"] and rows[0]["hand"] is None
    assert rows[2]["hand"]["boards"][1] == ["2d", "6c", "7h", "Qh", "8d"]
    assert rows[2]["hand"]["actions"][2]["kind"] == "raise"
    assert rows[-1]["summary"]["hands"] == 3
    assert rows[-1]["summary"]["skipped_non_omaha"] == 1
    assert rows[-1]["summary"]["problems"] == 0


def test_parse_problems_and_strict() -> None:
    res = CliRunner().invoke(app, ["parse", str(FIX / "malformed_lines.txt"), "--strict"])
    assert res.exit_code == 1
    assert "malformed_lines.txt:8: [hand 320000000017] unrecognised line" in res.stdout

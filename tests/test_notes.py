"""Notes: hands skipped by design (a game outside the Omaha family) are accounted for in
``import_errors`` with ``is_note`` true, and never counted as problems.

The fixture ``mixed_holdem_skipped.txt`` holds a hold'em hand (240000000006, line 1,
skipped) and an Omaha hand (240000000007, line 19, read).
"""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest
from hhtools.grammars.base import ParsedHand, SiteFormat
from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.ingest.read import sort_notes
from hhtools.model.records import HandText, Problem
from hhtools.model.vocab import ProblemCode
from hhtools.store import pipeline
from hhtools.store.importer import import_paths

MIXED = Path(__file__).parent / "fixtures" / "pokerstars" / "mixed_holdem_skipped.txt"
HT = HandText("PokerStars Hand #1:  Hold'em No Limit ($0.01/$0.02 USD)\nmore", "f.txt", 7, 100)


def note(hand_id: str = "1") -> Problem:
    return Problem("f.txt", 7, hand_id, ProblemCode.SKIPPED_GAME, "not an Omaha-family game")


def test_sort_notes_takes_the_grammars_note() -> None:
    parsed = ParsedHand(None, (note(),), None, "1")
    assert sort_notes(parsed, HT) == ((), (note(),), "not an Omaha-family game")


def test_sort_notes_makes_a_note_for_a_skip_without_one() -> None:
    # a grammar that only says why (ParsedHand.skipped): the note is made from it
    problems, notes, skipped = sort_notes(ParsedHand(None, (), "hold'em", "1"), HT)
    assert (problems, skipped) == ((), "hold'em")
    first = "PokerStars Hand #1:  Hold'em No Limit ($0.01/$0.02 USD)"
    assert notes == (Problem("f.txt", 7, "1", ProblemCode.SKIPPED_GAME, "skipped: hold'em", first),)


def test_sort_notes_leaves_problems_alone() -> None:
    bad = Problem("f.txt", 7, None, ProblemCode.BAD_HEADER, "header not read")
    assert sort_notes(ParsedHand(None, (bad,)), HT) == ((bad,), (), None)
    # a failed hand with a note too is a failed hand, not a skipped one
    assert sort_notes(ParsedHand(None, (bad, note()), None, "1"), HT) == ((bad,), (note(),), None)


def test_worker_keeps_notes_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = SiteFormat("fake", "Fake", "none", lambda head: False, lambda fh, file: iter(()),
                      lambda ht: ParsedHand(None, (note(),), None, "1"))  # fmt: skip
    monkeypatch.setattr(pipeline.grammars, "get", lambda key: fake)
    res = pipeline.process_chunk("fake", [HT, HT], True, 1, 0)
    assert (res.problems, res.notes, res.skipped, res.failed) == ([], [note(), note()], 2, 0)


@pytest.fixture()
def mixed_db(tmp_path: Path) -> Path:
    db = tmp_path / "notes.duckdb"
    summary = import_paths([MIXED], db, workers=1)
    assert (summary.hands, summary.skipped, summary.problems, summary.notes) == (1, 1, 0, 1)
    return db


def test_import_stores_the_note_apart(mixed_db: Path) -> None:
    with duckdb.connect(str(mixed_db), read_only=True) as con:
        rows = con.execute("SELECT line, hand_id, code, is_note FROM import_errors").fetchall()
        imports = con.execute("SELECT hands, skipped, problems FROM imports").fetchall()
    assert rows == [(1, "240000000006", "skipped_game", True)]
    assert imports == [(1, 1, 0)]


def test_problems_lists_notes_only_when_asked(mixed_db: Path) -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["problems", "--db", str(mixed_db)])
    assert res.exit_code == 0, res.output
    assert res.output.strip() == ("No problems: every file and hand was read. "
                                  "(1 note left out: hhtools problems --notes)")  # fmt: skip
    res = runner.invoke(app, ["problems", "--db", str(mixed_db), "--notes"],
                        env={"COLUMNS": "250"})  # fmt: skip
    assert res.exit_code == 0, res.output
    assert f"{MIXED}:1: [hand 240000000006] note: " in res.output
    assert "(skipped_game)" in res.output
    res = runner.invoke(app, ["problems", "--db", str(mixed_db), "--format", "json"])
    assert json.loads(res.output) == []
    res = runner.invoke(app, ["problems", "--db", str(mixed_db), "--notes", "--format", "json"])
    (row,) = json.loads(res.output)
    assert (row["hand_id"], row["code"], row["is_note"]) == ("240000000006", "skipped_game", True)


def test_strict_import_and_parse_ignore_notes(tmp_path: Path) -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["import", str(MIXED), "--db", str(tmp_path / "s.duckdb"),
                              "--strict", "-q", "-j", "1"])  # fmt: skip
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["parse", str(MIXED), "--strict", "--json"])
    assert res.exit_code == 0, res.output
    lines = [json.loads(x) for x in res.stdout.splitlines()]
    assert [n["code"] for n in lines[0]["notes"]] == ["skipped_game"]
    assert lines[0]["problems"] == []
    summary = lines[-1]["summary"]
    assert (summary["skipped_non_omaha"], summary["problems"], summary["notes"]) == (1, 0, 1)
    res = runner.invoke(app, ["parse", str(MIXED)])
    assert "1 non-Omaha skipped, 0 failed; 0 problems, 1 note" in res.stderr


def test_worker_names_the_hand_a_grammar_failed_on(monkeypatch: pytest.MonkeyPatch) -> None:
    def parse(ht: HandText) -> ParsedHand:
        if "\n" in ht.text:
            raise ValueError("a grammar bug")
        return ParsedHand(None, (), None, "1")  # the header line alone reads

    # the registry's one guard (every format's parse is wrapped in it), as a user runs it:
    # a bug is the hand's internal_error problem, named by the id its first line gives
    monkeypatch.delenv("HHTOOLS_RAISE_BUGS", raising=False)
    guarded = pipeline.grammars._Checked(parse)
    fake = SiteFormat("fake", "Fake", "none", lambda head: False, lambda fh, file: iter(()), guarded)
    monkeypatch.setattr(pipeline.grammars, "get", lambda key: fake)
    res = pipeline.process_chunk("fake", [HT], True, 1, 0)
    ((p,),) = (res.problems,)
    assert (p.file, p.line, p.hand_id, p.code) == ("f.txt", 7, "1", ProblemCode.INTERNAL_ERROR)
    assert res.failed == 1

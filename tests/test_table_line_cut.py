"""A hand whose table line is cut mid-way is one problem on that line, as every other
format's hand without its table line: the hand is not stored (no table, no button: the
odd chip of a split pot goes by the button), the problem names file, line, hand id and
why. Before, the seat lines after it were read as body lines: 25 problems for the one
damaged line (``bad_table``, ``no_seats``, 18 ``unrecognised_line``, 4 ``unknown_player``,
and the next hand's). A file that ends inside the table line (a client still writing)
is a hand cut short there (``truncated_hand``), withdrawn when the file is read whole.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.ingest.read import parse_file

HAND = """\
PokerStars Hand #{n}:  Omaha Pot Limit ($0.01/$0.02 USD) - 2024/01/02 9:4{m}:26 ET
Table 'Harmonia VII' 6-max Seat #1 is the button
Seat 1: Alice ($2 in chips)
Seat 4: Bob ($2 in chips)
Bob: posts small blind $0.01
Alice: posts big blind $0.02
*** HOLE CARDS ***
Bob: folds
Uncalled bet ($0.01) returned to Alice
Alice collected $0.02 from pot
*** SUMMARY ***
Total pot $0.02 | Rake $0
Seat 1: Alice (button) (big blind) collected ($0.02)
Seat 4: Bob (small blind) folded before Flop

"""
#: the table line of the second hand, cut after 25 characters
TABLE, CUT = "Table 'Harmonia VII' 6-max Seat #1 is the button", "Table 'Harmonia VII' 6-ma"


def three_hands() -> str:
    """Hands 1, 2 and 3, 15 lines each (the last blank): hand 2's table line is line 17."""
    return "".join(HAND.format(n=n, m=n) for n in (1, 2, 3))


def read(tmp_path: Path, text: str) -> list:  # type: ignore[type-arg]
    f = tmp_path / "hands.txt"
    f.write_text(text)
    return list(parse_file(f))


def test_three_intact_hands_read_with_no_problem(tmp_path: Path) -> None:
    got = read(tmp_path, three_hands())
    assert [(r.line, r.hand_id, r.problems) for r in got] == [(1, "1", ()), (16, "2", ()),
                                                              (31, "3", ())]  # fmt: skip


def test_a_table_line_cut_mid_way_is_one_problem_on_it(tmp_path: Path) -> None:
    text = three_hands()
    lines = text.split("\n")
    assert lines[16] == TABLE  # line 17
    lines[16] = CUT
    got = read(tmp_path, "\n".join(lines))
    assert [(r.line, r.hand_id) for r in got] == [(1, "1"), (16, "2"), (31, "3")]
    by_id = {r.hand_id: r for r in got}
    assert by_id["1"].problems == () and by_id["3"].problems == ()
    assert by_id["1"].hand is not None and by_id["3"].hand is not None
    assert by_id["2"].hand is None
    assert [(p.line, str(p.code), p.hand_id, p.excerpt) for p in by_id["2"].problems] == [
        (17, "bad_table", "2", CUT)
    ]


def test_a_file_ending_inside_the_table_line_is_a_hand_cut_short(tmp_path: Path) -> None:
    text = HAND.format(n=1, m=1) + "PokerStars Hand #2:  Omaha Pot Limit ($0.01/$0.02 USD)" \
        " - 2024/01/02 9:42:26 ET\n" + CUT  # fmt: skip
    got = read(tmp_path, text)
    assert [(r.line, r.hand_id, r.hand is None) for r in got] == [(1, "1", False),
                                                                  (16, "2", True)]  # fmt: skip
    assert [(p.line, str(p.code)) for p in got[1].problems] == [(17, "truncated_hand")]


def test_the_cut_reading_is_withdrawn_when_the_file_is_read_whole(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    f, db = folder / "hands.txt", tmp_path / "s.duckdb"
    whole = three_hands()
    f.write_text(whole[: whole.index(TABLE) + len(CUT)])  # hand 2 cut inside its table line
    run = CliRunner()
    assert run.invoke(app, ["import", str(folder), "--db", str(db), "-q", "-j", "1"]).exit_code == 0
    res = run.invoke(app, ["problems", "--db", str(db), "--format", "csv"])
    assert res.stdout.count("truncated_hand") == 1 and res.stdout.count("\n") == 2  # head, 1 row
    f.write_text(whole)
    assert run.invoke(app, ["import", str(folder), "--db", str(db), "-q", "-j", "1"]).exit_code == 0
    res = run.invoke(app, ["sql", "select count(*) from hands", "--db", str(db), "--format", "csv"])
    assert res.stdout.split() == ["count_star()", "3"]
    res = run.invoke(app, ["problems", "--db", str(db)])
    assert "truncated_hand" not in res.stdout


def _show_after_import(tmp_path: Path, text: str, number: str) -> tuple[Path, Path, Any]:
    """Import ``text`` (one file) into a new store, then ``hhtools show number``: the
    file, the store and the show's result, which must fail (exit code 1)."""
    folder = tmp_path / "in"
    folder.mkdir()
    f, db = folder / "hands.txt", tmp_path / "s.duckdb"
    f.write_text(text)
    run = CliRunner()
    assert run.invoke(app, ["import", str(folder), "--db", str(db), "-q", "-j", "1"]).exit_code == 0
    res = run.invoke(app, ["show", number, "--db", str(db)])
    assert res.exit_code == 1
    return f, db, res


def test_show_of_the_hand_says_why_it_is_not_stored(tmp_path: Path) -> None:
    # it said "no hand 2 in s.duckdb", as of a number never read (serve: "no hand 2 of
    # pokerstars in the store")
    text = three_hands().replace(TABLE, CUT, 2).replace(CUT, TABLE, 1)  # hand 2's cut
    f, db, res = _show_after_import(tmp_path, text, "2")
    assert " ".join(res.stderr.split()) == (
        f"error: no hand 2 in {db}: it was read and not stored, {f}:17: table line not read "
        "(bad_table); 'hhtools problems' lists it")  # fmt: skip
    res = CliRunner().invoke(app, ["show", "4", "--db", str(db)])  # a number no reading met
    assert (res.exit_code, res.stderr) == (1, f"error: no hand 4 in {db}\n")
    # hhtools serve's page of the hand says the same
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from hhtools.serve.app import create_app

    client = TestClient(create_app(db))
    got = client.get("/api/hands/pokerstars/2")
    assert got.status_code == 404
    assert got.json()["error"] == (
        f"no hand 2 of pokerstars in the store: it was read and not stored, {f}:17: table "
        "line not read (bad_table); 'hhtools problems' lists it")  # fmt: skip
    got = client.get("/api/hands/pokerstars/4")
    assert got.json()["error"] == "no hand 4 of pokerstars in the store"


def test_show_of_a_game_skipped_by_design_points_to_the_notes(tmp_path: Path) -> None:
    # a problem is listed by 'hhtools problems' alone; a note (a hold'em hand, skipped by
    # design) only with --notes, which the message named for both
    text = three_hands().replace("#3:  Omaha Pot Limit", "#3:  Hold'em No Limit")
    f, db, res = _show_after_import(tmp_path, text, "3")
    assert " ".join(res.stderr.split()) == (
        f"error: no hand 3 in {db}: it was read and not stored, {f}:31: not an Omaha-family "
        "game: Hold'em No Limit (skipped_game); 'hhtools problems --notes' lists it")  # fmt: skip

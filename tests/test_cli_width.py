"""Terminal output a player can read: 100 columns unless --wide, counts in words.

A store made once from ``sample_histories/`` (8 files, 2,106 hands). Output goes to
CliRunner's buffer, not a terminal, so it gets the piped width of 100 columns
(``FORCE_COLOR`` unset); where a terminal is wanted, ``FORCE_COLOR`` makes rich take
the buffer for one, ``COLUMNS=100`` wide. Table lines are measured in characters (the
box-drawing ones count one each).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtools.cli.common import fit_columns, plural, wrap_line
from hhtools.cli.main import app

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_histories"
HARD_CASES = SAMPLES / "hand_written_hard_cases.txt"
FIXTURES = Path(__file__).parent / "fixtures" / "pokerstars"
ENV: dict[str, str | None] = {"COLUMNS": "100", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}
LEFT_OUT = "left out to fit 100 columns: "


def invoke(*args: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``hhtools ARGS``."""
    res = CliRunner().invoke(app, list(args), env=ENV)
    return res.exit_code, res.stdout, res.stderr


def words(text: str) -> str:
    """The text with every run of whitespace one space (a sentence rich wrapped)."""
    return " ".join(text.split())


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The store and the stdout of its first import."""
    db = tmp_path_factory.mktemp("width") / "t.duckdb"
    code, out, err = invoke("import", str(SAMPLES), "--db", str(db), "-q", "-j", "1")
    assert code == 0, err
    return db, out


def longest(text: str) -> int:
    return max((len(line) for line in text.splitlines()), default=0)


def header(text: str, first: str) -> str:
    """The header line of the (first) table whose first column is ``first``."""
    return next(line for line in text.splitlines() if line.startswith(f"┃ {first} "))


def left_out(text: str) -> list[str]:
    """The column names the line under a narrowed table names (rich may wrap it)."""
    joined = words(text)
    assert LEFT_OUT in joined, text
    names = joined.split(LEFT_OUT, 1)[1].split(" (--wide shows every column)", 1)[0]
    return names.split(", ")


# ------------------------------------------------------------------- the helpers


def test_plural_wording() -> None:
    assert plural(1, "hand") == "1 hand"
    assert plural(2, "hand") == "2 hands"
    assert plural(0, "file") == "0 files"
    assert plural(2106, "hand") == "2,106 hands"
    assert plural(1, "match", "matches") == "1 match"
    assert plural(2, "match", "matches") == "2 matches"


def test_fit_columns_takes_the_priority_order_and_keeps_table_order() -> None:
    columns = ["name", "a", "b", "c"]
    cells = [["Ann", "x" * 30, "y" * 30, "z" * 30]]
    # name 3+3, each other 33; 1 + 7 + 33 + 33 = 74 fits 80, a third does not
    assert fit_columns(columns, cells, 80, ["name", "c", "a", "b"]) == [0, 1, 3]
    assert fit_columns(columns, cells, None, ["name", "c"]) == [0, 1, 2, 3]
    assert fit_columns(columns, cells, 200) == [0, 1, 2, 3]
    # the kept columns stay even when they alone are too wide
    assert fit_columns(columns, cells, 20, ["c", "name"], keep=1) == [3]


def test_wrap_line_never_cuts_the_location() -> None:
    where = "some folder/HH 2024 a file.txt:24:"
    text = f"{where} [hand 1] award_mismatch Bob: " + "the site paid Bob $1.00 " * 6
    lines = wrap_line(text, 60, where)
    assert lines[0].startswith(where) and all(len(line) <= 60 for line in lines)
    assert all(line.startswith("    ") for line in lines[1:])
    assert " ".join(line.strip() for line in lines) == " ".join(text.split())
    assert wrap_line(text, None, where) == [text]


# ------------------------------------------------------------------- tables at 100


def test_stats_fits_100_and_wide_shows_the_rest(store: tuple[Path, str]) -> None:
    db, _ = store
    code, narrow, _ = invoke("stats", "--db", str(db))
    assert code == 0
    assert longest(narrow) <= 100
    ratios = header(narrow, "player")
    for kept in ("hands", "VPIP", "PFR", "3B", "AF", "WTSD", "W$SD"):
        assert f" {kept} " in ratios
    gone = left_out(narrow)
    assert "qtr" in gone and "scoop" in gone  # the last two of the priority order
    assert not any(f" {c} " in ratios for c in gone)
    assert "┃ Hero " not in narrow  # cells are not folded: the names' column is wide enough
    assert re.search(r"│ Hero +│ +600 │ +39\.3 │ +16\.1 │", narrow)

    code, wide, _ = invoke("stats", "--db", str(db), "--wide")
    assert code == 0
    assert longest(wide) > 100
    assert LEFT_OUT not in words(wide)
    for c in gone:
        assert f" {c} " in header(wide, "player")


def test_stats_by_player_and_position_keeps_groups_and_money(store: tuple[Path, str]) -> None:
    db, _ = store
    code, narrow, _ = invoke("stats", "--db", str(db), "--by", "player,position")
    assert code == 0 and longest(narrow) <= 100
    ratios, money = [line for line in narrow.splitlines() if line.startswith("┃ player ")]
    assert " position " in ratios and " hands " in ratios and " VPIP " in ratios
    assert " position " in money and " net won " in money and " bb/100 " in money
    code, wide, _ = invoke("stats", "--db", str(db), "--by", "player,position", "--wide")
    assert longest(wide) > 100
    wide_ratios, wide_money = [line for line in wide.splitlines() if line.startswith("┃ player ")]
    assert " qtr " in wide_ratios and " EV net " in wide_money


def test_csv_and_json_are_never_narrowed(store: tuple[Path, str]) -> None:
    db, _ = store
    code, out, _ = invoke("stats", "--db", str(db), "--format", "csv")
    assert code == 0
    head = out.splitlines()[0].split(",")
    assert {"vpip", "quartered", "wwsf", "ev_net_USD_pot_limit"} <= set(head)
    code, out, _ = invoke("sql", "SELECT * FROM hands ORDER BY hand_id LIMIT 1", "--db",
                          str(db), "--format", "json")  # fmt: skip
    assert code == 0 and len(json.loads(out)[0]) > 30


@pytest.mark.parametrize(
    ("args", "first", "kept", "dropped"),
    [
        (("report",), "player", ["game", "stakes", "hands", "net_won", "net_bb"],
         "rake_paid"),
        (("sessions",), "player", ["session", "start", "game", "stakes", "hands", "net"],
         "site"),
        (("tournaments",), "tournament", ["player", "hands", "place", "prize"], "site"),
        (("sql", "SELECT * FROM hands ORDER BY hand_id LIMIT 3"), "site",
         ["hand_id", "site_format"], "board_cards"),
    ],
)  # fmt: skip
def test_listings_fit_100_and_wide_shows_the_rest(
    store: tuple[Path, str], args: tuple[str, ...], first: str, kept: list[str], dropped: str
) -> None:
    db, _ = store
    code, narrow, _ = invoke(*args, "--db", str(db))
    assert code == 0
    assert longest(narrow) <= 100
    head = header(narrow, first)
    assert all(f" {c} " in head for c in kept), head
    assert f" {dropped} " not in head
    assert LEFT_OUT in words(narrow)
    code, wide, _ = invoke(*args, "--db", str(db), "--wide")
    assert code == 0
    assert longest(wide) > 100
    assert f" {dropped} " in header(wide, first)
    assert LEFT_OUT not in words(wide)


def test_narrow_sessions_tell_a_sessions_games_and_stakes_apart(
    store: tuple[Path, str],
) -> None:
    # A-10 . B played 12 hands of courchevel-hilo at 10/20 and 12 at 15/30 in his second
    # session (the sample's tournament hands, 2024-01-07 from 01:30:45): one row each.
    # In 100 columns the rows left out game and stakes and read as one row twice.
    db, _ = store
    code, narrow, _ = invoke("sessions", "--db", str(db), "--player", "A-10 . B")
    assert code == 0 and longest(narrow) <= 100
    rows = [" ".join(x.strip("│ ").split()) for x in narrow.splitlines() if "01:30:45" in x]
    assert [r.split(" │ ")[3:6] for r in rows] == [["courchevel-hilo", "10/20", "12"],
                                                   ["courchevel-hilo", "15/30", "12"]]
    assert "limit" in left_out(narrow)  # courchevel-hilo PL at both stakes


def test_a_long_listing_is_cut_in_a_terminal_whole_piped(
    store: tuple[Path, str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a terminal's table is drawn by rich cell by cell (the 20,818 sessions of 100,000
    # hands took 30 s): it shows the first TERMINAL_ROWS rows and says so; piped, all
    from hhtools.cli import stats

    db, _ = store
    args = ("sessions", "--db", str(db), "--player", "A-10 . B")
    code, piped, _ = invoke(*args)
    rows = [x for x in piped.splitlines() if x.startswith("│")]
    # 4 rows: 6 hands on 2 January, the tournament session's two stakes (the test above),
    # 4 hands on 9 January
    assert code == 0 and len(rows) == 4 and "(in a terminal)" not in piped
    monkeypatch.setattr(stats, "TERMINAL_ROWS", 2)
    res = CliRunner().invoke(app, list(args), env={**ENV, "FORCE_COLOR": "1"})
    terminal = re.sub(r"\x1b\[[0-9;]*m", "", res.stdout)
    shown = [words(x) for x in terminal.splitlines() if x.startswith("│")]
    assert shown == [words(x) for x in rows[:2]]  # (columns as wide as their 2 rows)
    assert (f"the first 2 of {len(rows)} rows (in a terminal): --player narrows them; --out "
            "FILE, --format csv or a pipe holds them all") in words(terminal)  # fmt: skip


def test_report_names_what_it_left_out(store: tuple[Path, str]) -> None:
    db, _ = store
    _, narrow, _ = invoke("report", "--db", str(db))
    assert "rake_paid" in left_out(narrow)
    assert "50 of 392 rows (most hands first)" in words(narrow)


def test_sql_names_ten_left_out_then_counts(store: tuple[Path, str]) -> None:
    db, _ = store
    _, narrow, _ = invoke("sql", "SELECT * FROM hands LIMIT 1", "--db", str(db))
    names = left_out(narrow)
    assert len(names) == 10 and " and " in names[-1] and names[-1].endswith(" more")


def test_audit_lines_are_cut_in_a_terminal_one_line_each_piped(store: tuple[Path, str]) -> None:
    db, _ = store
    args = ("audit", "--db", str(db), "--kind", "holdem_misread_prone", "--limit", "5")
    # FORCE_COLOR: rich takes stdout for a terminal (COLUMNS=100 wide); colours dropped
    res = CliRunner().invoke(app, list(args), env={**ENV, "FORCE_COLOR": "1"})
    assert res.exit_code == 0
    terminal = re.sub(r"\x1b\[[0-9;]*m", "", res.stdout)
    assert longest(terminal) <= 100
    lines = terminal.splitlines()
    assert len([line for line in lines if line.startswith(str(SAMPLES))]) == 5
    assert any(line.startswith("    ") for line in lines)  # a finding went on, indented
    findings: list[str] = []  # each finding's lines joined again
    for line in lines[:-3]:  # then a blank line, the count and the hands judged in full
        if line.startswith("    "):
            findings[-1] += " " + line.strip()
        else:
            findings.append(line)
    # piped (for grep) and --wide: one line each, however long
    code, piped, _ = invoke(*args)
    assert code == 0 and longest(piped) > 100
    assert findings == piped.splitlines()[:5]
    res = CliRunner().invoke(app, [*args, "--wide"], env={**ENV, "FORCE_COLOR": "1"})
    assert re.sub(r"\x1b\[[0-9;]*m", "", res.stdout).splitlines()[:5] == findings


def test_small_tables_fit_100(store: tuple[Path, str]) -> None:
    db, first_import = store
    assert longest(first_import) <= 100 and "hands imported" in first_import
    code, out, _ = invoke("formats")
    assert code == 0 and longest(out) <= 100 and "pokerstars" in out
    code, out, _ = invoke("showdown", "--game", "omaha-hilo", "--board", "2s 5c Th 7d 8c",
                          "--hand", "Alan=As 4s 5h Kc", "--hand", "Bryan=Ah 3h Ts Tc")  # fmt: skip
    assert code == 0 and longest(out) <= 100 and "scoop" in out
    code, out, _ = invoke("problems", "--db", str(db))
    assert code == 0 and longest(out) <= 100


# ------------------------------------------------------------------- counts in words


def test_counts_of_one_and_two(store: tuple[Path, str], tmp_path: Path) -> None:
    db, _ = store
    _, out, _ = invoke("audit", "--db", str(db), "--kind", "mucked_winner")
    assert "\n1 finding (mucked_winner: 1)\n" in out
    _, out, _ = invoke("audit", "--db", str(db), "--kind", "declared_misread")
    assert "\n2 findings (declared_misread: 2)\n" in out
    _, out, _ = invoke("report", "--db", str(db), "--player", "Alice")
    assert "Results: player Alice (1 hand)" in out
    _, out, _ = invoke("report", "--db", str(db))
    assert "Results: all hands (2,106 hands)" in out

    one, two = tmp_path / "one.duckdb", tmp_path / "two.duckdb"
    _, out, _ = invoke("import", str(FIXTURES / "hand_cancelled.txt"), "--db", str(one), "-q")
    assert f"1 problem: see it with 'hhtools problems --db {one}'" in words(out)
    _, out, _ = invoke("import", str(FIXTURES / "malformed_lines.txt"), "--db", str(two), "-q")
    assert f"2 problems: see them with 'hhtools problems --db {two}'" in words(out)
    _, out, _ = invoke("problems", "--db", str(one))
    assert out.endswith("\n\n1 problem (hand_cancelled: 1)\n")
    _, out, _ = invoke("problems", "--db", str(two))
    assert "\n2 problems (" in out

    _, _, err = invoke("parse", str(FIXTURES / "malformed_lines.txt"))
    assert words(err).startswith("1 file, 1 hand: 1 read, 0 non-Omaha skipped, 0 failed; "
                                 "2 problems, 0 notes")  # fmt: skip
    _, _, err = invoke("parse", str(FIXTURES / "impossible_cards.txt"))
    assert words(err).startswith("1 file, 3 hands: 0 read")

    ev = tmp_path / "ev.duckdb"
    invoke("import", str(FIXTURES / "ev_turn_all_in_eight_outs.txt"), "--db", str(ev), "-q")
    _, _, err = invoke("stats", "--db", str(ev))
    assert words(err).startswith("1 hand with an all-in before the river has not been looked "
                                 "at for all-in equity (ev_net counts its result)")  # fmt: skip
    _, _, err = invoke("stats", "--db", str(db))
    assert words(err).startswith("210 hands with an all-in before the river have not been")


# ------------------------------------------------------------------- nothing to show


def test_empty_results_say_so(store: tuple[Path, str]) -> None:
    db, _ = store
    code, out, _ = invoke("audit", "--db", str(db), "--kind", "contradicted_line")
    assert (code, out) == (0, f"No findings of kind contradicted_line in {db}.\n"
                              "hands judged in full: 2,106 of 2,106\n")  # every line read
    code, out, _ = invoke("sql", "SELECT hand_id FROM hands WHERE false", "--db", str(db))
    assert (code, out) == (0, "No rows.\n")
    code, out, _ = invoke("sql", "SELECT hand_id FROM hands WHERE false", "--db", str(db),
                          "--format", "csv")  # fmt: skip
    assert (code, out) == (0, "hand_id\n")  # machine formats: the header, no sentence
    code, out, _ = invoke("problems", "--db", str(db))
    assert (code, out) == (0, "No problems: every file and hand was read.\n")
    code, out, _ = invoke("problems", "--db", str(db), "--code", "unsupported_site")
    assert (code, out) == (0, f"No problems of code unsupported_site in {db}.\n")
    for args in (("stats",), ("report",)):  # nothing matched: 1, on stderr
        code, out, err = invoke(*args, "--db", str(db), "--player", "Hero", "--since",
                                "2090-01-01")  # fmt: skip
        assert (code, out) == (1, "") and err.startswith("error: no "), (args, err)
    for out in (invoke("audit", "--db", str(db), "--kind", "contradicted_line")[1],
                invoke("sql", "SELECT 1 WHERE false", "--db", str(db))[1]):  # fmt: skip
        assert "┏" not in out and "│" not in out


def test_a_second_import_says_nothing_new(store: tuple[Path, str], tmp_path: Path) -> None:
    db, first = store
    assert "┏" in first  # the first import has its table
    code, out, _ = invoke("import", str(SAMPLES), "--db", str(db), "-q")
    assert code == 0
    assert words(out) == (f"Nothing new: 8 files unchanged since the last import "
                          f"(the files hold 2,106 hands, all already in {db}).")  # fmt: skip

    one = tmp_path / "one.duckdb"
    invoke("import", str(HARD_CASES), "--db", str(one), "-q")
    _, out, _ = invoke("import", str(HARD_CASES), "--db", str(one), "-q")
    assert words(out) == (f"Nothing new: 1 file unchanged since the last import "
                          f"(the file holds 6 hands, all already in {one}).")  # fmt: skip
    copy = tmp_path / "copy" / "again.txt"  # the same hands under another name: read again
    copy.parent.mkdir()
    shutil.copy(HARD_CASES, copy)
    _, out, _ = invoke("import", str(copy), "--db", str(one), "-q")
    assert words(out) == (f"Nothing new: 1 file read, every hand in it already stored "
                          f"(the file holds 6 hands, all already in {one}).")  # fmt: skip
    # both files again, one unchanged: they hold 12 hand texts, the store 6 hands (the
    # sentence said "12 hands already in" the store of 6)
    _, out, _ = invoke("import", str(HARD_CASES), str(copy), "--db", str(one), "-q")
    assert words(out) == (f"Nothing new: 2 files unchanged since the last import "
                          f"(the files hold 12 hands, all already in {one}).")  # fmt: skip
    empty = tmp_path / "empty"
    empty.mkdir()
    code, out, err = invoke("import", str(empty), "--db", str(tmp_path / "e.duckdb"), "-q")
    assert (code, out, words(err)) == (1, "", f"error: no hand history found in {empty}: "
                                              "no files")  # fmt: skip

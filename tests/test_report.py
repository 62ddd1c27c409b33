"""``hhtools report`` and ``hhtools export --format parquet`` on the hand-written cases."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from hhtools.store import db as store
from hhtools.cli.main import app
from tests.conftest import HARD_CASES
from tests.storerows import S, add_hand, import_db


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_db([HARD_CASES], tmp_path_factory.mktemp("report") / "hard.duckdb")


def run(*args: str) -> str:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    return result.output


def test_csv_for_one_player(db_path: Path) -> None:
    out = run("report", "--db", str(db_path), "--player", "Jon", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    # Jon scoops 172 with no low; he put in 90: +82; rake 8 shared 4/4
    assert [(r["player"], r["hands"], r["net_won"], r["scooped"], r["rake_paid"])
            for r in rows] == [("Jon", "1", "82", "1", "4")]  # fmt: skip


def test_json_by_game_and_since(db_path: Path) -> None:
    out = run("report", "--db", str(db_path), "--game", "omaha-hilo", "--format", "json")
    got = {r["player"]: r["net_won"] for r in json.loads(out)}
    # hand 1: Alice +69, Bob 42 - 60 = -18, Carol -60; hand 4: Jon +82, Ivy -90
    assert got == {"Alice": 69, "Bob": -18, "Carol": -60, "Jon": 82, "Ivy": -90}
    # the hands are from 2024-03-01 (14:00 to 14:25 ET): all of them from that day on
    out = run("report", "--db", str(db_path), "--since", "2024-03-01", "--format", "json")
    assert len(json.loads(out)) == 15


def test_parquet(db_path: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    run("report", "--db", str(db_path), "--format", "parquet", "--out", str(out))
    frame = pl.read_parquet(out)
    assert frame.height == 15  # 15 seated players, one game and stake each
    assert frame.filter(pl.col("player") == "Dan")["net_won"].to_list() == [370]


def test_table(db_path: Path) -> None:
    out = run("report", "--db", str(db_path))
    assert "scoops: 1, quarters: 2" in out
    assert "declared_misread: 1" in out


def test_table_shows_the_first_rows_and_out_writes_them_all(
    db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A bug: --out was ignored for the table format (everything went to the terminal,
    # drawn row by row). The terminal now shows the first rows, most hands first;
    # --out writes every row as plain text and prints nothing but where it went.
    import hhtools.cli.reports as reports

    monkeypatch.setattr(reports, "TABLE_ROWS", 3)
    out = run("report", "--db", str(db_path))
    assert "3 of 15 rows (most hands first)" in out
    target = tmp_path / "report.txt"
    printed = run("report", "--db", str(db_path), "--out", str(target))
    assert "Alice" not in printed and f"wrote {target}" in printed
    lines = target.read_text().splitlines()
    assert lines[0] == "Results: all hands (6 hands)"
    assert lines[1].split()[:3] == ["player", "game", "limit"]
    # title, header, 15 rows, totals, findings, hands judged in full
    assert len(lines) == 2 + 15 + 3
    dan = next(ln for ln in lines if ln.startswith("Dan "))
    assert "$3.70" in dan  # his net, as money
    assert lines[-2].startswith("findings: declared_misread: 1, ")
    assert lines[-1] == "hands judged in full: 6 of 6"  # every line of the six read


def test_html_page_and_its_folder_work_offline(db_path: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    run("report", "--db", str(db_path), "--format", "html", "--out", str(out))
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    # plotly.js is a file of the folder beside the page, loaded from there; nothing is
    # fetched from the network
    folder = tmp_path / "report_files"
    plotly_js = (folder / "plotly.min.js").read_text(encoding="utf-8")
    assert len(plotly_js) > 1_000_000 and "newPlot" in plotly_js
    assert re.findall(r"<script[^>]+src=\"([^\"]*)\"", page) == ["report_files/plotly.min.js"]
    assert not re.search(r"(src|href)=\"?(https?:)?//", page)
    assert "Plotly.newPlot" in page
    # the table formats money for reading: Dan +$3.70, Eve -$5.00
    assert "<td>Dan</td>" in page and "$3.70" in page and "-$5.00" in page
    assert "Cumulative winnings, USD" in page  # one chart per currency
    assert '"name":"Alice"' in page.replace('": "', '":"')  # a line of it
    # a second report over the first replaces the folder, a link at its name too
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "keep.txt").write_text("mine", encoding="utf-8")
    import shutil

    shutil.rmtree(folder)
    folder.symlink_to(elsewhere, target_is_directory=True)
    run("report", "--db", str(db_path), "--format", "html", "--out", str(out))
    assert not folder.is_symlink() and (folder / "plotly.min.js").is_file()
    assert sorted(p.name for p in elsewhere.iterdir()) == ["keep.txt"]


def test_export_parquet_every_table_and_view(db_path: Path, tmp_path: Path) -> None:
    run("export", str(tmp_path), "--db", str(db_path), "--format", "parquet")
    names = sorted(p.stem for p in tmp_path.glob("*.parquet"))
    assert names == sorted([
        "hands", "seats", "actions", "boards", "pots", "awards", "showdowns", "findings",
        "tournament_results", "seat_sessions", "allin_equity", "allin_hands",
        "import_errors", "imports", "player_results", "scoops", "quarters", "misreads",
        "low_possible", "counterfeited", "sessions", "tournaments", "allin_ev",
        "draws", "draws_hands", "wraps", "counterfeits",
    ])  # fmt: skip
    assert pl.read_parquet(tmp_path / "quarters.parquet").sort("player")["amount"].to_list() == [
        43, 42]
    assert pl.read_parquet(tmp_path / "hands.parquet").height == 6


def fail(*args: str, env: dict[str, str | None] | None = None) -> tuple[int, str]:
    """Run a command expected to fail: (exit code, its one stderr line); no traceback."""
    result = CliRunner().invoke(app, list(args), env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        repr(result.exception))
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return result.exit_code, lines[0]


@pytest.mark.parametrize(
    ("args", "code", "line"),
    [
        (["--player", "NoSuchGuy"], 1, "error: no player 'NoSuchGuy' in the store"),
        (["--player", "dann"], 1, "error: no player 'dann'; did you mean 'Dan'?"),
        (["--since", "2030-01-01"], 1, "error: no hands (since 2030-01-01) in "),
        # Dan played, but not then; and nobody played 5-card Omaha
        (["--player", "dan", "--since", "2030-01-01", "--format", "json"], 1,
         "error: no hands (player dan, since 2030-01-01) in "),
        (["--game", "omaha5"], 1, "error: no hands (game omaha5) in "),
        (["--game", "PLO5"], 1, "error: no hands (game PLO5) in "),
        (["--since", "next tuesday"], 2, "error: cannot read 'next tuesday' as a time: give "),
        (["--position", "button"], 2, "error: unknown position 'button': use UTG, "),
        (["--game", "texas"], 2, "error: unknown game 'texas': use one of omaha, omaha-hilo, "
                                 "omaha5, omaha5-hilo, omaha6, omaha6-hilo, courchevel, "
                                 "courchevel-hilo"),
    ],
)  # fmt: skip
def test_nothing_to_report_is_an_error(
    db_path: Path, args: list[str], code: int, line: str
) -> None:
    got_code, got_line = fail("report", "--db", str(db_path), *args)
    assert got_code == code
    assert got_line.startswith(line), got_line


def test_unwritable_outputs_are_one_line_errors(db_path: Path, tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "dir"
    code, line = fail("report", "--db", str(db_path), "--format", "html",
                      "--out", str(missing / "r.html"))  # fmt: skip
    assert code == 2
    assert line == f"error: cannot write {missing / 'r.html'}: No such file or directory"
    code, line = fail("report", "--db", str(db_path), "--format", "parquet",
                      "--out", str(missing / "r.parquet"))  # fmt: skip
    assert code == 2 and line.startswith(f"error: cannot write {missing / 'r.parquet'}: ")
    code, line = fail("report", "--db", str(db_path), "--format", "csv", "--out", str(tmp_path))
    assert code == 2 and line.startswith(f"error: cannot write {tmp_path}: ")
    a_file = tmp_path / "a_file"
    a_file.write_text("x", encoding="utf-8")
    for fmt in ("parquet", "phh"):
        code, line = fail("export", "--format", fmt, str(a_file), "--db", str(db_path))
        assert code == 2
        assert line == f"error: cannot create folder {a_file}: it exists and is not a folder"
    code, line = fail("export", "--format", "parquet", str(a_file / "sub"), "--db", str(db_path))
    assert code == 2 and line.startswith(f"error: cannot create folder {a_file / 'sub'}: ")
    assert a_file.read_text(encoding="utf-8") == "x"


def test_piped_table_with_wide_shows_every_column(db_path: Path) -> None:
    # no terminal and --wide: every column, one row a line (100 columns without --wide)
    result = CliRunner().invoke(app, ["report", "--db", str(db_path), "--player", "Dan",
                                      "--wide"], env={"COLUMNS": None})  # fmt: skip
    assert result.exit_code == 0, result.output
    row = next(ln for ln in result.stdout.splitlines() if "Dan" in ln and "omaha" in ln)
    # Dan: +$3.70, 37 big blinds; rake $0.10 (60 x 200 / 1200)
    assert "$3.70" in row and "37.00" in row and "$0.10" in row
    assert "went_to_showdown" in result.stdout and "rake_paid" in result.stdout


@pytest.fixture()
def markup_db(tmp_path: Path) -> Path:
    """One hand whose players' names look like rich markup and an emoji code.

    Button ``:x:`` (seat 3). ``[/]Al`` posts 5, ``[bold]Bob`` 10; ``:x:`` raises to
    30, both fold: 20 returned, ``:x:`` collects 25 (no rake). Nets: -5, -10, +15.
    """
    path = tmp_path / "markup.duckdb"
    con = store.connect(path)
    act = {"street": "preflop", "all_in": False}
    add_hand(
        con, "77", [S(1, "[/]Al", 5, folded="preflop", voluntary=False),
                    S(2, "[bold]Bob", 10, folded="preflop", voluntary=False),
                    S(3, ":x:", 30, collected=25, returned=20, preflop_raise=True)],
        [], game="omaha", button=3, showdown=False,
        actions=[
            {**act, "seq": 0, "player": "[/]Al", "kind": "post", "post": "small_blind",
             "amount": 5, "added": 5},
            {**act, "seq": 1, "player": "[bold]Bob", "kind": "post", "post": "big_blind",
             "amount": 10, "added": 10},
            {**act, "seq": 2, "player": ":x:", "kind": "raise", "amount": 20,
             "to_amount": 30, "added": 30},
            {**act, "seq": 3, "player": "[/]Al", "kind": "fold", "added": 0},
            {**act, "seq": 4, "player": "[bold]Bob", "kind": "fold", "added": 0},
        ],
    )  # fmt: skip
    con.close()
    return path


def test_names_are_never_markup(markup_db: Path) -> None:
    out = run("report", "--db", str(markup_db))
    rows = {ln.split("│")[1].strip(): ln for ln in out.splitlines() if ln.startswith("│")}
    assert set(rows) == {"[/]Al", "[bold]Bob", ":x:"}
    assert "-$0.05" in rows["[/]Al"] and "-$0.10" in rows["[bold]Bob"]
    assert "$0.15" in rows[":x:"]
    assert "\u274c" not in out  # :x: is not turned into an emoji
    out = run("show", "77", "--db", str(markup_db))
    assert "Seat 1: [/]Al $10.00" in out
    assert "Seat 3: :x: $10.00 (button)" in out
    assert "  [bold]Bob: posts big blind $0.10" in out
    assert "  :x:: raises $0.20 to $0.30" in out
    assert "  uncalled bet $0.20 returned to :x:" in out
    # 5 + 10 + 30 in, 20 returned
    assert "pot after the preflop: $0.25" in out
    assert "\u274c" not in out


@pytest.fixture()
def limits_db(tmp_path: Path) -> Path:
    """Omaha at "0.05/0.10" in pot limit and fixed limit (tests/test_views.py's hands):
    Pia -50 (-5 bb) in pot limit and +30 (+6 bb of 5) in fixed limit."""
    from tests.test_views import pot_limit_and_fixed_limit_same_stakes

    path = tmp_path / "limits.duckdb"
    con = store.connect(path)
    pot_limit_and_fixed_limit_same_stakes(con)
    con.close()
    return path


def test_every_report_format_keeps_betting_structures_apart(
    limits_db: Path, tmp_path: Path
) -> None:
    db = ("--db", str(limits_db), "--player", "Pia")
    expected = {("limit", 30, 6.0), ("pot_limit", -50, -5.0)}
    got = json.loads(run("report", *db, "--format", "json"))
    assert {(r["structure"], r["net_won"], r["net_bb"]) for r in got} == expected
    got = list(csv.DictReader(io.StringIO(run("report", *db, "--format", "csv"))))
    assert {(r["structure"], int(r["net_won"]), float(r["net_bb"])) for r in got} == expected
    out = tmp_path / "r.parquet"
    run("report", *db, "--format", "parquet", "--out", str(out))
    frame = pl.read_parquet(out)
    assert set(frame.select("structure", "net_won", "net_bb").rows()) == expected
    # the tables people read: FL / PL under "limit", money formatted
    table = run("report", *db)
    rows = [ln for ln in table.splitlines() if ln.startswith("│ Pia")]
    assert len(rows) == 2
    assert any("FL" in r and "$0.30" in r and "6.00" in r for r in rows)
    assert any("PL" in r and "-$0.50" in r and "-5.00" in r for r in rows)
    page = tmp_path / "r.html"
    run("report", *db, "--format", "html", "--out", str(page))
    text = page.read_text(encoding="utf-8")
    assert '<th title="sort">limit</th>' in text
    assert '<td>PL</td>' in text and '<td>FL</td>' in text
    assert "Results per player, game, betting structure, stakes and currency" in text


def test_api_player_results_has_the_structure(limits_db: Path) -> None:
    import hhtools

    with hhtools.connect(limits_db) as db:
        res = db.player_results(player="Pia").sort("structure")
    assert res.columns[:6] == ["site", "player", "game", "structure", "stakes", "currency"]
    assert res.select("structure", "hands", "net_won").rows() == [
        ("limit", 1, 30), ("pot_limit", 1, -50)]

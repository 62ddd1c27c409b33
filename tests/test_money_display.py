"""Money reads as money: ``sessions`` and ``tournaments`` print amounts in the currency's
units with its symbol (the one formatter, :func:`hhtools.model.money.format_money`),
with the totals a player expects; csv, json and the API keep minor units (issue 24,
item 4). Every expected value is worked out by hand from the fixtures:

session_eur_two_hands_twenty_minutes.txt (PokerStars, PLO €0.50/€1, big blind 100 cents):
  H1 20:00 CET (19:00 UTC): Eva raises to €3, Gus calls, Finn folds his €0.50; Eva bets
     the flop, Gus folds. Pot €6.50, rake €0.28: Eva collects €6.22. Nets: Eva
     6.22 - 7.50 + 4.50 = +€3.22, Finn -€0.50, Gus -€3.00.
  H2 20:20 CET: Finn raises to €3.50, Eva calls, Gus folds his €0.50; Eva bets €7.50 on
     the flop, Finn calls; Eva's straight wins €21.50 (pot €22.50, rake €1). Nets: Eva
     21.50 - 11.00 = +€10.50, Finn -€11.00, Gus -€0.50.
  One session each (20 minutes apart), 0:20 long:
     Eva  +€13.72, bb/100 = 100 x 13.72 / 2 = 686.00, per hour 13.72 x 3 = €41.16;
     Finn -€11.50, -575.00, -€34.50;  Gus -€3.50, -175.00, -€10.50.

tournament_totals_two_currencies.txt (PokerStars tournaments, Zed in four):
  3300000801 $5+$0.50: Zed wins, $27.00 (Amy 2nd, $18.00); 3300000802 $5+$0.50: Zed
  5th, nothing; 3300000803 $5+$0.50: one hand, no finish told; 3300000804 €10+€1: Zed
  3rd, €20.00.
  Zed USD: 3 tournaments, 2 finished, 1 cash: ITM 50.0%; buy-ins 2 x $5.50 = $11.00 (the
  unfinished one is left out of the money), prizes $27.00, net $16.00, ROI 16/11 =
  +145.5%. Zed EUR: 1 tournament, finished, cashed: ITM 100.0%; buy-in €11.00, prize
  €20.00, net €9.00, ROI 9/11 = +81.8%. Per tournament: 801 ROI (27 - 5.50)/5.50 =
  +390.9%, 802 -100.0%, 803 none, 804 +81.8%.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

import hhtools
from hhtools.cli.main import app
from hhtools.store.importer import import_paths

FIX = Path(__file__).parent / "fixtures" / "pokerstars"
SESSION = FIX / "session_eur_two_hands_twenty_minutes.txt"
TOURNAMENTS = FIX / "tournament_totals_two_currencies.txt"
ENV: dict[str, str | None] = {"COLUMNS": "100", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("money_display") / "m.duckdb"
    summary = import_paths([SESSION, TOURNAMENTS], path, workers=1)
    assert summary.hands == 6 and summary.failed == 0
    return path


def invoke(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(app, list(args), env=ENV)
    return res.exit_code, res.stdout, res.stderr


def table_rows(text: str) -> list[dict[str, str]]:
    """The rows of every terminal table in ``text`` (``--wide``: no column left out), as
    header -> cell; each table's header line starts with ``┃``, its rows with ``│``."""
    rows: list[dict[str, str]] = []
    head: list[str] = []
    for line in text.splitlines():
        if line.startswith("┃"):
            head = [c.strip() for c in line.strip("┃").split("┃")]
        elif line.startswith("│"):
            rows.append(dict(zip(head, [c.strip() for c in line.strip("│").split("│")],
                                 strict=True)))  # fmt: skip
    return rows


def test_sessions_table_reads_in_euros(db: Path, tmp_path: Path) -> None:
    out = tmp_path / "sessions.txt"
    code, shown, err = invoke("sessions", "--db", str(db), "--wide")
    assert code == 0, err
    rows = {r["player"]: r for r in table_rows(shown)}
    got = {p: (r["length"], r["hands"], r["net"], r["bb/100"], r["per hour"], r["start"])
           for p, r in rows.items() if p in ("Eva", "Finn", "Gus")}  # fmt: skip
    start = "2024-03-06 19:00:00"  # 20:00 CET is 19:00 UTC
    assert got == {
        "Eva": ("0:20", "2", "€13.72", "686.00", "€41.16", start),
        "Finn": ("0:20", "2", "-€11.50", "-575.00", "-€34.50", start),
        "Gus": ("0:20", "2", "-€3.50", "-175.00", "-€10.50", start),
    }
    # 100 columns: the money is kept, nothing in raw cents
    code, shown, _ = invoke("sessions", "--db", str(db), "--player", "Eva")
    assert code == 0 and "€13.72" in shown and "€41.16" in shown and "1372" not in shown
    # written to a file: the same cells
    code, _, _ = invoke("sessions", "--db", str(db), "--player", "Eva", "--out", str(out))
    assert code == 0 and "€13.72" in out.read_text("utf-8") and "0:20" in out.read_text("utf-8")


def test_sessions_csv_and_api_keep_minor_units(db: Path) -> None:
    code, text, _ = invoke("sessions", "--db", str(db), "--player", "Finn", "--format", "csv")
    assert code == 0
    (row,) = list(csv.DictReader(io.StringIO(text)))
    assert (row["net_won"], row["minutes"], row["net_per_hour"]) == ("-1150", "20.0", "-3450")
    with hhtools.connect(db) as store:
        eva = store.sessions("Eva").row(0, named=True)
        one = store.sessions("Amy").row(0, named=True)  # one hand: no length, no rate
    assert (eva["net_won"], eva["minutes"], eva["net_per_hour"]) == (1372, 20.0, 4116)
    assert eva["bb_per_100"] == pytest.approx(686.0)
    assert (one["minutes"], one["net_per_hour"]) == (0.0, None)


def test_tournament_totals_per_player_and_currency(db: Path) -> None:
    with hhtools.connect(db) as store:
        totals = store.tournament_totals("zed")
    cols = ("currency", "tournaments", "finished", "cashes", "buy_ins", "prizes", "net", "hands")
    assert totals.select(cols).rows() == [
        ("USD", 3, 2, 1, 1100, 2700, 1600, 3),
        ("EUR", 1, 1, 1, 1100, 2000, 900, 1),
    ]
    assert totals["roi"].to_list() == pytest.approx([1600 / 1100, 900 / 1100])
    assert totals["itm"].to_list() == pytest.approx([0.5, 1.0])


def test_tournaments_table_reads_as_money_with_totals(db: Path) -> None:
    code, shown, err = invoke("tournaments", "--db", str(db), "--player", "Zed", "--wide")
    assert code == 0, err
    rows = table_rows(shown)
    each = {r["tournament"]: (r["place"], r["buy-in"], r["prize"], r["ROI"])
            for r in rows if "tournament" in r}  # fmt: skip
    assert each == {
        "3300000801": ("1", "$5.50", "$27.00", "+390.9%"),
        "3300000802": ("5", "$5.50", "$0.00", "-100.0%"),
        "3300000803": ("", "$5.50", "", ""),
        "3300000804": ("3", "€11.00", "€20.00", "+81.8%"),
    }
    totals = [(r["currency"], r["tournaments"], r["finished"], r["ITM"], r["buy-ins"],
               r["prizes"], r["net"], r["ROI"]) for r in rows if "ITM" in r]  # fmt: skip
    assert totals == [
        ("USD", "3", "2", "50.0%", "$11.00", "$27.00", "$16.00", "+145.5%"),
        ("EUR", "1", "1", "100.0%", "€11.00", "€20.00", "€9.00", "+81.8%"),
    ]
    # --totals alone, in a machine format: minor units and ratios
    code, text, _ = invoke("tournaments", "--db", str(db), "--player", "Amy", "--totals",
                           "--format", "csv")  # fmt: skip
    (amy,) = list(csv.DictReader(io.StringIO(text)))
    # Amy: one $5.50 tournament, 2nd for $18.00: net $12.50, ROI 12.50 / 5.50
    assert (amy["buy_ins"], amy["prizes"], amy["net"], amy["itm"]) == ("550", "1800", "1250", "1.0")
    assert float(amy["roi"]) == pytest.approx(1250 / 550)

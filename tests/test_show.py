"""``hhtools show``: the hand replayed street by street, the showdown read by the rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app
from tests.conftest import HARD_CASES
from tests.storerows import import_db


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_db([HARD_CASES], tmp_path_factory.mktemp("show") / "hard.duckdb")


def show(db_path: Path, hand_id: str) -> str:
    result = CliRunner().invoke(app, ["show", hand_id, "--db", str(db_path)],
                                env={"COLUMNS": "200"})  # fmt: skip
    assert result.exit_code == 0, result.output
    return result.output


def test_side_pot_hand(db_path: Path) -> None:
    out = show(db_path, "990000000002")
    # preflop: 5 + 10 posted, Dan raises to 35, Eve calls 30, Finn calls 25: 105
    assert "pot after the preflop: $1.05" in out
    # flop: Eve bets 105 (pot 210), Finn raises the pot: call 105 makes 315, so to
    # 105 + 315 = 420; Dan calls his last 165 all-in, Eve calls 315 more:
    # 105 + 105 + 420 + 165 + 315 = 1110
    assert "pot after the flop: $11.10" in out
    assert "Finn: raises $3.15 to $4.20" in out
    assert "Dan: calls $1.65 and is all-in" in out
    # turn: Eve's last 500 - 35 - 420 = 45 all-in, Finn calls 45: 1200, and the
    # river adds nothing (Dan and Eve all-in)
    assert "*** TURN *** [Ts 9h 4c 2d]" in out
    assert "pot after the turn: $12.00" in out
    assert "pot after the river: $12.00" in out
    assert "Dan [Qd Jd 8c 3s]: high Kc Qd Jd Ts 9h (straight)" in out
    assert "Finn [Ks Kd 7h 6h]: high Ks Kd Kc Ts 9h (three of a kind)" in out
    assert "main pot: Dan paid $5.70, due $5.70" in out
    assert "side pot 1: Finn paid $5.70, due $5.70" in out
    # every pot paid by the rules; the only finding is Eve's hold'em-style reading
    # (two pair with all four hole cards; with exactly two, a pair of aces)
    assert "award_mismatch" not in out and "holdem_misread_prone" in out
    assert "one pair (Ah Ac Kc Ts 9h)" in out


def test_quartered_hand(db_path: Path) -> None:
    out = show(db_path, "990000000001")
    assert "low 8s 5d 3h 2c Ah (8,5,3,2,A)" in out
    assert "main pot, high: Alice paid $0.86, due $0.86" in out
    assert "main pot, low: Alice paid $0.43, due $0.43 (quarter)" in out
    assert "main pot, low: Bob paid $0.42, due $0.42 (quarter)" in out


def test_finding_and_muck(db_path: Path) -> None:
    out = show(db_path, "990000000003")
    assert "declared_misread Gus: the site says Gus has a flush, Ace high" in out
    out = show(db_path, "990000000006")
    assert "Nia mucked [Th 9h 4c 4s]" in out
    # Oto bets 20 on the river and Nia calls: 60 in the pot
    assert "pot after the river: $0.60" in out


def test_unknown_hand(db_path: Path) -> None:
    result = CliRunner().invoke(app, ["show", "123", "--db", str(db_path)])
    assert result.exit_code == 1


def test_cash_out_named_and_the_kept_pot_not_called_a_difference(tmp_path: Path) -> None:
    # Ben cashed out for $50.10 (fee $0.51); the $55.58 pot he wins by the rules ($58.50
    # less $2.92 rake) was kept by the site: named, and not flagged as a difference.
    fixture = Path(__file__).parent / "fixtures" / "pokerstars" / "cash_out_pot_not_awarded.txt"
    db = import_db([fixture], tmp_path / "cash.duckdb")
    out = show(db, "280000000101")
    assert "Ben cashed out the hand for $50.10 (cash-out fee $0.51)" in out
    assert "the site kept $55.58 of the pots it would have paid Ben" in out
    assert "main pot: Ben paid $0.00, due $55.58   (kept by the site: the player cashed out)" in out
    assert "<-- differs" not in out
    assert "award_mismatch" not in out and "chip_imbalance" not in out

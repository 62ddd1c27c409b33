"""``hhtools show HAND --site S`` for a number stored under another site says so and
names the site it is stored for, instead of "no hand N in DB", which read as if the
number were not stored at all (the bundled hard cases are PokerStars hands)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app
from tests.conftest import HARD_CASES
from tests.storerows import import_db


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_db([HARD_CASES], tmp_path_factory.mktemp("show_site") / "hard.duckdb")


def show(db: Path, *args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(app, ["show", *args, "--db", str(db)], env={"COLUMNS": "200"})
    return res.exit_code, res.stdout, res.stderr


def test_a_number_of_another_site_names_the_site_it_is_stored_for(db: Path) -> None:
    code, out, err = show(db, "990000000001", "--site", "ggpoker")
    assert (code, out) == (1, "")
    assert err == (f"error: no hand 990000000001 of ggpoker in {db}; it is stored for "
                   "pokerstars: give --site pokerstars, or leave --site out\n")  # fmt: skip


def test_the_right_site_shows_the_hand(db: Path) -> None:
    code, out, _ = show(db, "990000000001", "--site", "pokerstars")
    assert code == 0
    assert out.startswith("Hand 990000000001 (pokerstars): omaha-hilo pot_limit 0.05/0.10 USD")


def test_a_number_stored_nowhere(db: Path) -> None:
    nowhere = show(db, "42", "--site", "ggpoker")
    assert nowhere[::2] == (1, f"error: no hand 42 of ggpoker in {db}\n")
    assert show(db, "42")[::2] == (1, f"error: no hand 42 in {db}\n")

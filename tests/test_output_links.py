"""Output files never write through a link already at their name (issue 25.10).

A folder a user exports into may hold a symbolic link named like an output file
(``hands.parquet -> ~/notes.txt``). Every output (``export`` Parquet, PHH, OHH;
``report --out``; ``show --html --out``) is written to a new file and renamed onto
the name: the link is replaced by the file, its target is never touched, and a
dangling link's target is never created.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from hhtools.reports.output import replacing
from tests.conftest import ROOT
from tests.storerows import import_db

ANTE_HAND = ROOT / "tests" / "fixtures" / "pokerstars" / "ante_side_pot.txt"
VICTIM_TEXT = "a user's own notes\n"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hhtools", *args], capture_output=True,
                          text=True, timeout=300)  # fmt: skip


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One stored pot-limit Omaha hand (pokerstars 990000000301)."""
    return import_db([ANTE_HAND], tmp_path_factory.mktemp("links") / "ante.duckdb")


def trap(folder: Path, names: list[str], outside: Path) -> dict[str, Path]:
    """Links in ``folder`` named ``names``, each to its own victim file in ``outside``,
    plus ``dangling-<name>`` targets that do not exist. Returns name -> victim."""
    folder.mkdir(parents=True, exist_ok=True)
    outside.mkdir(parents=True, exist_ok=True)
    victims = {}
    for name in names:
        victim = outside / f"victim-{name}"
        victim.write_text(VICTIM_TEXT, encoding="utf-8")
        (folder / name).symlink_to(victim)
        victims[name] = victim
    return victims


def assert_untouched(victims: dict[str, Path], folder: Path) -> None:
    for name, victim in victims.items():
        assert victim.read_text(encoding="utf-8") == VICTIM_TEXT, name
        out = folder / name
        assert not out.is_symlink(), name  # the link itself was replaced...
        assert out.is_file() and out.read_bytes() != VICTIM_TEXT.encode(), name  # ...by ours


def test_replacing_replaces_a_link_and_a_dangling_link(tmp_path: Path) -> None:
    victims = trap(tmp_path / "out", ["a.txt"], tmp_path / "outside")
    gone = tmp_path / "outside" / "never-created.txt"
    (tmp_path / "out" / "b.txt").symlink_to(gone)
    for name in ("a.txt", "b.txt"):
        with replacing(tmp_path / "out" / name) as fh:
            fh.write("ours\n")
        assert (tmp_path / "out" / name).read_text(encoding="utf-8") == "ours\n"
    assert_untouched(victims, tmp_path / "out")
    assert not gone.exists() and not (tmp_path / "out" / "b.txt").is_symlink()
    # a failed write leaves the old file whole and no temporary file behind
    with pytest.raises(RuntimeError), replacing(tmp_path / "out" / "a.txt") as fh:
        fh.write("half")
        raise RuntimeError("disk full")
    assert (tmp_path / "out" / "a.txt").read_text(encoding="utf-8") == "ours\n"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["a.txt", "b.txt"]


@pytest.mark.parametrize("fmt", ["parquet", "phh", "ohh"])
def test_export_replaces_links(fmt: str, db: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    name = {"parquet": "hands.parquet", "phh": "pokerstars-omaha-pot_limit.phhs",
            "ohh": "pokerstars-omaha-pot_limit.jsonl"}[fmt]  # fmt: skip
    victims = trap(out, [name], tmp_path / "outside")
    dangling = tmp_path / "outside" / "never-created"
    (out / "seats.parquet").symlink_to(dangling)
    res = run("export", "--format", fmt, str(out), "--db", str(db))
    assert res.returncode == 0, res.stderr
    assert_untouched(victims, out)
    assert not dangling.exists()
    written = out / name
    if fmt == "phh":
        assert "pokerstars-990000000301" in tomllib.loads(written.read_text(encoding="utf-8"))
    elif fmt == "ohh":
        assert json.loads(written.read_text(encoding="utf-8"))["ohh"]["game_number"] == (
            "990000000301")
    else:
        import polars as pl

        assert pl.read_parquet(written)["hand_id"].to_list() == ["990000000301"]
    assert not [p for p in out.iterdir() if p.name.endswith(".tmp")]


def test_phh_file_left_empty_removes_the_link_not_its_target(db: Path, tmp_path: Path) -> None:
    """No fixed-limit hi/lo hand: no such file; a link named like it goes, its target stays."""
    out = tmp_path / "out"
    victims = trap(out, ["pokerstars-omaha-hilo-limit.phhs"], tmp_path / "outside")
    res = run("export", "--format", "phh", str(out), "--db", str(db))
    assert res.returncode == 0, res.stderr
    assert not (out / "pokerstars-omaha-hilo-limit.phhs").exists()
    assert not (out / "pokerstars-omaha-hilo-limit.phhs").is_symlink()
    (victim,) = victims.values()
    assert victim.read_text(encoding="utf-8") == VICTIM_TEXT


@pytest.mark.parametrize("fmt", ["html", "csv", "parquet"])
def test_report_out_replaces_a_link(fmt: str, db: Path, tmp_path: Path) -> None:
    name = f"report.{fmt}"
    victims = trap(tmp_path, [name], tmp_path / "outside")
    res = run("report", "--db", str(db), "--format", fmt, "--out", str(tmp_path / name))
    assert res.returncode == 0, res.stderr
    assert_untouched(victims, tmp_path)


def test_show_html_out_replaces_a_link(db: Path, tmp_path: Path) -> None:
    victims = trap(tmp_path, ["hand.html"], tmp_path / "outside")
    res = run("show", "990000000301", "--db", str(db), "--out", str(tmp_path / "hand.html"))
    assert res.returncode == 0, res.stderr
    assert_untouched(victims, tmp_path)
    assert "990000000301" in (tmp_path / "hand.html").read_text(encoding="utf-8")

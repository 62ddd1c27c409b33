"""Re-importing a store's own OHH or PHH export into the same store adds nothing and
raises no alarm: each hand in it keeps its room and hand id, so it is a hand already
stored, in another text (an open format writes other rooms' hands again:
``Habits.written_again``). It gave one ``conflicting_hand`` problem a hand (2,106 for
the bundled sample). Two texts of a room's own format under one id still conflict.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.model import habits
from hhtools.store.importer import import_paths

ROOT = Path(__file__).parent.parent
#: a file whose first three hands (lines 1-68) are pot-limit Omaha, which PHH carries
GEN = ROOT / "sample_histories/generated/HH20240108 gen-00006.txt"


def three_hands(tmp_path: Path) -> Path:
    """Hands 230000136528, 230000136564 and 230000136603 in a file of their own."""
    f = tmp_path / "three.txt"
    f.write_text("\n".join(GEN.read_text(encoding="utf-8-sig").split("\n")[:68]) + "\n")
    return f


def counts(db: Path) -> tuple[int, int]:
    with duckdb.connect(str(db), read_only=True) as con:
        hands = con.execute("SELECT count(*) FROM hands").fetchone()
        problems = con.execute("SELECT count(*) FROM import_errors").fetchone()
    assert hands is not None and problems is not None
    return hands[0], problems[0]


def test_the_open_formats_write_other_rooms_hands_again() -> None:
    import hhtools.grammars  # noqa: F401  (the registry declares each format's habits)

    assert habits.of("ohh").written_again and habits.of("phh").written_again
    assert not habits.of("pokerstars").written_again


def test_reimporting_the_own_exports_adds_nothing_quietly(tmp_path: Path) -> None:
    db = tmp_path / "s.duckdb"
    first = import_paths([three_hands(tmp_path)], db, workers=1)
    stored = counts(db)
    assert stored == (3, 0) and first.hands == 3
    run = CliRunner()
    for fmt in ("ohh", "phh"):
        res = run.invoke(app, ["export", "--format", fmt, str(tmp_path / fmt), "--db", str(db)])
        assert res.exit_code == 0, res.output
    ohh = "".join(f.read_text() for f in (tmp_path / "ohh").glob("*.jsonl"))
    phh = "".join(f.read_text() for f in (tmp_path / "phh").glob("*.phhs"))
    assert ohh.count("230000136603") == phh.count('hand = "230000136603"') == 1
    assert ohh.count("\n") == 3 and phh.count("\nhand = ") == 3  # each export holds all three
    again = import_paths([tmp_path / "ohh", tmp_path / "phh"], db, workers=1)
    assert (again.hands, again.duplicates, again.conflicts, again.problems) == (0, 6, 0, 0)
    assert counts(db) == stored


def test_another_text_of_a_rooms_own_format_still_conflicts(tmp_path: Path) -> None:
    db = tmp_path / "s.duckdb"
    import_paths([three_hands(tmp_path)], db, workers=1)
    edited = tmp_path / "edited.txt"  # the same three hands, one's time a second later
    text = three_hands(tmp_path).read_text()
    assert text.count("20:01:54 ET") == 0 and text.count("19:57:36 ET") == 1
    edited.write_text(text.replace("19:57:36 ET", "19:57:37 ET"))
    summary = import_paths([edited], db, workers=1)
    assert (summary.hands, summary.duplicates, summary.conflicts) == (0, 3, 1)


def export_ohh(tmp_path: Path) -> Path:
    """The three hands' OHH export (made from a store of their own), in a folder."""
    db = tmp_path / "first.duckdb"
    import_paths([three_hands(tmp_path)], db, workers=1)
    out = tmp_path / "ohh"
    res = CliRunner().invoke(app, ["export", "--format", "ohh", str(out), "--db", str(db)])
    assert res.exit_code == 0, res.output
    return out


def test_the_rooms_text_after_its_export_is_stored_adds_nothing_quietly(tmp_path: Path) -> None:
    ohh = export_ohh(tmp_path)
    db = tmp_path / "s.duckdb"
    assert import_paths([ohh], db, workers=1).hands == 3  # the OHH readings stored first
    later = import_paths([three_hands(tmp_path)], db, workers=1)
    assert (later.hands, later.duplicates, later.conflicts, later.problems) == (0, 3, 0, 0)
    assert counts(db) == (3, 0)


def test_both_texts_in_one_import_store_each_hand_once_quietly(tmp_path: Path) -> None:
    ohh = export_ohh(tmp_path)
    db = tmp_path / "s.duckdb"
    both = import_paths([ohh, three_hands(tmp_path)], db, workers=1)
    assert (both.hands, both.duplicates, both.conflicts, both.problems) == (3, 3, 0, 0)
    assert counts(db) == (3, 0)

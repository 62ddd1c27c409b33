"""A hand stored read in part is replaced by its whole reading from a later import
(hhtools.store.replace_part).

The fixture ``winning/new_raise_folded_to_whole_text_of_a_cut_reading.txt`` is one WPN
hand (81000004, Cedar Lake, 2023/05/02 18:05:00 UTC): Ann raises to $1.50 from the small
blind, Bob folds, $1.00 returned: a $1.00 pot to Ann, no rake, 19 lines. Written while
the client was still writing it, the file ends inside its last line, "Seat 3: Cy
(button) folded on the Pre-": the hand is stored read in part (that line unrecognised,
line 19; Cy put nothing in, so the hand has its record). The file then grows to the
whole hand. Before: the whole reading was a duplicate with a ``conflicting_hand``
problem, and the reading in part stayed for good (its problem too). Now the whole
reading replaces it; a re-import adds nothing, and the cut copy read after the whole
is a duplicate, no conflict.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import duckdb

from hhtools.store.importer import import_paths
from hhtools.store.replace_part import REPLACE, SAME, verdict

FIXTURE = (Path(__file__).parent / "fixtures" / "winning"
           / "new_raise_folded_to_whole_text_of_a_cut_reading.txt")  # fmt: skip
CUT = "Seat 3: Cy (button) folded on the Pre-"


def q(db: Path, sql: str) -> list[tuple[object, ...]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(sql).fetchall()


def state(db: Path) -> tuple[list[tuple[object, ...]], ...]:
    """The hand, the problems, the imports rows and what the kept tables count."""
    return (q(db, "SELECT hand_id, read_in_part, import_id, total_pot FROM hands"),
            q(db, "SELECT import_id, line, code FROM import_errors ORDER BY 1, 2"),
            q(db, "SELECT import_id, hands, problems, findings FROM imports ORDER BY 1"),
            q(db, "SELECT hand_id, players FROM hand_summary"),
            q(db, "SELECT player, sum(hands) FROM stat_cube GROUP BY 1 ORDER BY 1"),
            q(db, "SELECT player, sum(hands) FROM report_cube GROUP BY 1 ORDER BY 1"))  # fmt: skip


def test_whole_reading_replaces_the_reading_in_part(tmp_path: Path) -> None:
    whole = FIXTURE.read_text()
    cut = whole[: whole.index(CUT) + len(CUT)]
    folder, db = tmp_path / "in", tmp_path / "h.duckdb"
    folder.mkdir()
    (folder / "hands.txt").write_text(cut)
    first = import_paths([folder], db, workers=1)
    assert (first.hands, first.read_in_part) == (1, 1)
    players = [("Ann", 1), ("Bob", 1), ("Cy", 1)]
    assert state(db) == ([("81000004", True, 1, 100)], [(1, 19, "unrecognised_line")],
                         [(1, 1, 1, 0)], [("81000004", ["Ann", "Bob", "Cy"])], players,
                         players)  # fmt: skip

    (folder / "hands.txt").write_text(whole)  # the client wrote the rest
    second = import_paths([folder], db, workers=1)
    assert (second.hands, second.replaced, second.duplicates, second.conflicts) == (1, 1, 0, 0)
    assert second.withdrawn == 1  # the unrecognised line's problem
    # before: hand read in part from import 1, a conflicting_hand problem of import 2
    assert state(db) == ([("81000004", False, 2, 100)], [], [(1, 0, 0, 0), (2, 1, 0, 0)],
                         [("81000004", ["Ann", "Bob", "Cy"])], players, players)  # fmt: skip
    after = state(db)

    again = import_paths([folder], db, workers=1)  # the same file again: nothing added
    assert (again.hands, again.replaced, again.conflicts, again.problems) == (0, 0, 0, 0)
    assert state(db) == after
    changed = tmp_path / "changed"  # the whole text under another name: a duplicate
    changed.mkdir()
    (changed / "copy.txt").write_text(whole)
    copy = import_paths([changed], db, workers=1)
    assert (copy.hands, copy.duplicates, copy.conflicts, copy.replaced) == (0, 1, 0, 0)
    assert state(db)[:1] == after[:1]


def test_cut_copy_after_the_whole_is_a_duplicate_and_another_start_a_conflict(
    tmp_path: Path,
) -> None:
    whole = FIXTURE.read_text()
    cut = whole[: whole.index(CUT) + len(CUT)]
    db = tmp_path / "h.duckdb"
    for name, text in (("whole", whole), ("cut", cut)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "hands.txt").write_text(text)
    import_paths([tmp_path / "whole"], db, workers=1)
    late = import_paths([tmp_path / "cut"], db, workers=1)
    assert (late.hands, late.duplicates, late.conflicts, late.replaced) == (0, 1, 0, 0)
    assert q(db, "SELECT hand_id, read_in_part, import_id FROM hands") == [("81000004", False, 1)]
    # another start (a minute later): another hand under that id, whole or not
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "hands.txt").write_text(cut.replace("18:05:00", "18:06:00"))
    other = import_paths([tmp_path / "other"], db, workers=1)
    assert (other.hands, other.conflicts, other.replaced) == (0, 1, 0)


def test_verdict() -> None:
    at = datetime(2023, 5, 2, 18, 5)
    table = "Cedar Lake"
    assert verdict((True, at, table), (False, at, table)) == REPLACE
    assert verdict((False, at, table), (True, at, table)) == SAME
    assert verdict((True, at, table), (True, at, table)) is None  # both in part
    assert verdict((False, at, table), (False, at, table)) is None  # two whole texts
    assert verdict((True, at, table), (False, at.replace(minute=6), table)) is None
    assert verdict((True, at, table), (False, at, "Oak Ridge")) is None
    assert verdict((True, None, table), (False, None, table)) is None  # no time: not told

"""A file ``hhtools import`` reads again because it changed (a session file the client
appends to, a file that was empty when first imported) lists its problems once: what
its earlier readings listed is withdrawn (:func:`hhtools.store.withdraw.withdraw_file`),
and the sums of ``imports`` tell each hand once, as one import of the final file.

Found as a new user: importing a session file, playing on, importing it again listed
every problem of its first hands twice (four lines for two problems); a file the
client had just created (empty) stayed listed as "an empty file, not a hand history"
after its hands were imported; a damaged archive was listed once more at every import
of it, and stayed listed once downloaded whole (:func:`~hhtools.store.withdraw.
withdraw_paths`). The hands are written here in PokerStars' format.
"""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import duckdb
import pytest

from hhtools.store.importer import import_paths

#: a hand of Ann and Bob, folded to the big blind (14 lines)
WHOLE = """\
PokerStars Hand #46000000000{n}:  Omaha Pot Limit ($0.05/$0.10 USD) - 2025/05/02 20:0{n}:00 ET
Table 'Newcomer' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Ann: posts small blind $0.05
Bob: posts big blind $0.10
*** HOLE CARDS ***
Ann: folds
Uncalled bet ($0.05) returned to Bob
Bob collected $0.10 from pot
*** SUMMARY ***
Total pot $0.10 | Rake $0
Seat 1: Ann (button) (small blind) folded before Flop
Seat 2: Bob (big blind) collected ($0.10)
"""

#: lines 1-15: hand 460000000001, whose line 8 says nothing PokerStars writes
READ_IN_PART = WHOLE.format(n=1).replace("*** HOLE CARDS ***\n",
                                         "*** HOLE CARDS ***\nAnn: waves at the rail\n")

#: lines 19-23: hand 460000000002 cut short after its first blind (the next hand follows)
CUT_SHORT = """\
PokerStars Hand #460000000002:  Omaha Pot Limit ($0.05/$0.10 USD) - 2025/05/02 20:01:30 ET
Table 'Newcomer' 6-max Seat #2 is the button
Seat 1: Ann ($9.95 in chips)
Seat 2: Bob ($10.05 in chips)
Bob: posts small blind $0.05
"""

GAP = "\n\n\n"
#: hands 1 (lines 1-15), 2 (19-23) and 3 (27-40); later the client writes hand 4
FIRST = READ_IN_PART + GAP + CUT_SHORT + GAP + WHOLE.format(n=3)
LATER = FIRST + GAP + WHOLE.format(n=4)
#: the problems of the file (line, hand, code), worked out from the texts above: the
#: line not understood, and the last line of the hand cut short
PROBLEMS = [(8, "460000000001", "unrecognised_line"), (23, "460000000002", "truncated_hand")]
SUMS = ("SELECT sum(hands)::INT, sum(failed)::INT, sum(problems)::INT, sum(skipped)::INT "
        "FROM imports")  # fmt: skip


def q(db: Path, sql: str) -> list[tuple[object, ...]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(sql).fetchall()


def problems(db: Path) -> list[tuple[object, ...]]:
    return q(db, "SELECT line, hand_id, code FROM import_errors ORDER BY line")


def test_first_reading_lists_the_problems(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "session.txt").write_text(FIRST)
    db = tmp_path / "a.duckdb"
    import_paths([tmp_path / "in"], db, workers=1)
    assert problems(db) == PROBLEMS
    assert q(db, SUMS) == [(2, 1, 2, 0)]  # hands 1 and 3 stored, hand 2 failed


def test_file_grown_since_lists_its_problems_once(tmp_path: Path) -> None:
    path = tmp_path / "session.txt"
    path.write_text(FIRST)
    db = tmp_path / "a.duckdb"
    import_paths([path], db, workers=1)
    path.write_text(LATER)  # the client played on
    summary = import_paths([path], db, workers=1)
    assert (summary.hands, summary.duplicates, summary.problems) == (1, 2, 2)
    assert problems(db) == PROBLEMS  # once each (twice before the fix)
    assert q(db, "SELECT count(*) FROM hands") == [(3,)]
    assert q(db, SUMS) == [(3, 1, 2, 0)]  # as one import of the final file
    once = tmp_path / "once.duckdb"
    import_paths([path], once, workers=1)
    assert q(once, SUMS) == [(3, 1, 2, 0)]
    assert problems(once) == PROBLEMS


def test_file_empty_when_first_imported_is_not_listed_once_read(tmp_path: Path) -> None:
    path = tmp_path / "session.txt"
    path.write_text("")  # the client created the file: nothing written yet
    db = tmp_path / "a.duckdb"
    import_paths([path], db, workers=1)
    assert q(db, "SELECT code, message FROM import_errors") == [
        ("unsupported_site", "an empty file, not a hand history")]
    assert q(db, SUMS) == [(0, 0, 1, 0)]
    path.write_text(WHOLE.format(n=3) + GAP + WHOLE.format(n=4))
    summary = import_paths([path], db, workers=1)
    assert (summary.hands, summary.problems) == (2, 0)
    assert q(db, "SELECT count(*) FROM import_errors") == [(0,)]  # listed before the fix
    assert q(db, SUMS) == [(2, 0, 0, 0)]


def test_a_note_is_listed_once_and_the_hand_counted_skipped_once(tmp_path: Path) -> None:
    holdem = (WHOLE.format(n=5).replace("Omaha Pot Limit", "Hold'em No Limit"))
    path = tmp_path / "session.txt"
    path.write_text(holdem)
    db = tmp_path / "a.duckdb"
    import_paths([path], db, workers=1)
    path.write_text(holdem + GAP + WHOLE.format(n=6))
    import_paths([path], db, workers=1)
    assert q(db, "SELECT line, hand_id, is_note FROM import_errors") == [
        (1, "460000000005", True)]
    assert q(db, SUMS) == [(1, 0, 0, 1)]


def test_damaged_archive_is_listed_once_and_withdrawn_once_read(tmp_path: Path) -> None:
    whole = tmp_path / "whole.zip"
    with zipfile.ZipFile(whole, "w") as zf:
        zf.writestr("day.txt", WHOLE.format(n=3) + GAP + WHOLE.format(n=4))
    data = whole.read_bytes()
    path = tmp_path / "hands.zip"
    path.write_bytes(data[: len(data) // 2])  # the download stopped half-way
    db = tmp_path / "a.duckdb"
    for _ in range(2):  # every import of it lists it again: once in the list
        summary = import_paths([path], db, workers=1)
        assert (summary.hands, summary.problems) == (0, 1)
    assert q(db, "SELECT file, code FROM import_errors") == [(str(path), "bad_archive")]
    path.write_bytes(data)  # downloaded again, whole
    summary = import_paths([path], db, workers=1)
    assert (summary.hands, summary.problems) == (2, 0)
    assert q(db, "SELECT count(*) FROM import_errors") == [(0,)]


def test_a_run_that_listed_only_problems_keeps_its_import_number(tmp_path: Path) -> None:
    path = tmp_path / "hands.zip"
    path.write_bytes(b"PK\x03\x04 cut")  # no hand read, no imports row: one problem
    db = tmp_path / "a.duckdb"
    import_paths([path], db, workers=1)
    good = tmp_path / "day.txt"
    good.write_text(WHOLE.format(n=3))
    import_paths([good], db, workers=1)
    assert q(db, "SELECT import_id FROM import_errors") == [(1,)]
    assert q(db, "SELECT import_id FROM imports") == [(2,)]  # 1 again before the fix


def test_another_file_of_the_same_name_keeps_the_first_ones_problems(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # two players' folders, each imported as "." from inside it: two files given as
    # "session.txt" (one name, before names were resolved: tests/test_import_one_name.py
    # checks a store of such names). The second is no reading again of the first: the first's problems
    # (hands 1 and 2) stay, the second lists its own (hand 9's line 8). Before the mend
    # the first's two were deleted and its imports row said 0 problems, 0 failed.
    ann, bob = tmp_path / "ann", tmp_path / "bob"
    ann.mkdir()
    bob.mkdir()
    (ann / "session.txt").write_text(FIRST)
    (bob / "session.txt").write_text(READ_IN_PART.replace("460000000001", "460000000009")
                                     + GAP + WHOLE.format(n=7))  # fmt: skip
    db = tmp_path / "a.duckdb"
    for folder in (ann, bob):
        monkeypatch.chdir(folder)
        import_paths([Path(".")], db, workers=1)
    assert q(db, "SELECT DISTINCT file FROM imports ORDER BY 1") == [
        (os.path.realpath(ann / "session.txt"),), (os.path.realpath(bob / "session.txt"),)]
    assert problems(db) == [*PROBLEMS[:1], (8, "460000000009", "unrecognised_line"),
                            *PROBLEMS[1:]]  # fmt: skip
    # ann's file: hands 1 and 3 stored, hand 2 failed, 2 problems; bob's: hands 9
    # and 7 stored, 1 problem
    assert q(db, SUMS) == [(4, 1, 3, 0)]

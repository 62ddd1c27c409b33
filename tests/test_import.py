"""``hhtools import``: the store's contents, the audit on import, idempotence, bad input.

Expected values come from the hand-written hard cases in sample_histories/, each worked
out by hand (see the comments), not from the program's output.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import duckdb
import pytest

from hhtools.store.importer import import_paths
from tests.conftest import HARD_CASES


def q(db: Path, sql: str, *params: object) -> list[tuple[object, ...]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(sql, list(params)).fetchall()


@pytest.fixture
def hard_db(tmp_path: Path) -> Path:
    db = tmp_path / "h.duckdb"
    summary = import_paths([HARD_CASES], db, workers=1)
    assert summary.hands == 6
    assert summary.problems == 0
    return db


def test_hard_cases_findings(hard_db: Path) -> None:
    # Only hand 3 is wrong: the site calls Gus's Qh Jc Jd 4s on Ah 9h 5h 2c Kd "a flush,
    # Ace high", but with one heart in hand the best is a pair of jacks.
    rows = q(hard_db, "SELECT hand_id, kind, player, half FROM findings "
                      "WHERE kind IN ('award_mismatch', 'chip_imbalance', 'declared_misread')")
    assert rows == [("990000000003", "declared_misread", "Gus", "high")]
    (expl,) = q(hard_db, "SELECT explanation FROM findings WHERE kind = 'declared_misread'")[0]
    assert "a pair of Jacks (Jc Jd Ah Kd 9h, one pair)" in str(expl)


def test_hands_worth_a_look(hard_db: Path) -> None:
    # Hold'em readings better than the Omaha ones: Eve's Ah Ac 5s 5c on Ts 9h 4c 2d Kc
    # (two pair with four hole cards; Omaha: a pair of aces), Hal's 9c 9s 3d 3h on
    # Ah 9h 5h 2c Kd (nines full; Omaha: three nines), Kim's As 2s 3h Kd on
    # Js Jd Ad Jh Kc (jacks full of aces; Omaha: three jacks).
    # Nia mucked Th 9h 4c 4s on Jh 8h 2d 3c Qs: T-9 + Q-J-8 is a straight that beats
    # Oto's pair of aces for the whole $0.57.
    rows = q(hard_db, "SELECT hand_id, kind, player, due FROM findings "
                      "WHERE kind IN ('holdem_misread_prone', 'mucked_winner') ORDER BY ALL")
    assert rows == [
        ("990000000002", "holdem_misread_prone", "Eve", 0),
        ("990000000003", "holdem_misread_prone", "Hal", 0),
        ("990000000005", "holdem_misread_prone", "Kim", 0),
        ("990000000006", "mucked_winner", "Nia", 57),
    ]


def test_quartered_pot_awards(hard_db: Path) -> None:
    # Hand 1: $1.80 pot, $0.09 rake -> $1.71. High half $0.86 (odd cent to high) to
    # Alice's kings; low half $0.85 split Alice/Bob (8-5-3-2-A each): $0.43 to Alice,
    # first clockwise from the button (seat 3), $0.42 to Bob.
    rows = q(
        hard_db,
        "SELECT half, player, paid, due, share, quarter FROM awards "
        "WHERE hand_id = '990000000001' ORDER BY half, player",
    )
    assert rows == [
        ("high", "Alice", 86, 86, pytest.approx(0.5), False),
        ("low", "Alice", 43, 43, pytest.approx(0.25), True),
        ("low", "Bob", 42, 42, pytest.approx(0.25), True),
    ]
    pots = q(hard_db, "SELECT pot, gross, net, high_winners, low_winners FROM pots "
                      "WHERE hand_id = '990000000001'")  # fmt: skip
    assert pots == [(0, 180, 171, ["Alice"], ["Alice", "Bob"])]


def test_side_pot_rebuilt_from_actions(hard_db: Path) -> None:
    # Hand 2: Dan all-in for $2, Eve all-in for $5, Finn covers. Main pot 3 x $2 = $6,
    # side pot 2 x $3 = $6; the summary lists $5.70 each after $0.60 rake.
    # Clockwise from the button (seat 1): Eve (2), Finn (3), Dan (1).
    pots = q(hard_db, "SELECT pot, gross, net, eligible, high_winners FROM pots "
                      "WHERE hand_id = '990000000002' ORDER BY pot")  # fmt: skip
    assert pots == [
        (0, 600, 570, ["Eve", "Finn", "Dan"], ["Dan"]),
        (1, 600, 570, ["Eve", "Finn"], ["Finn"]),
    ]
    seats = q(hard_db, "SELECT player, put_in, collected, net FROM seats "
                       "WHERE hand_id = '990000000002' ORDER BY seat")  # fmt: skip
    assert seats == [("Dan", 200, 570, 370), ("Eve", 500, 0, -500), ("Finn", 500, 570, 70)]


def test_no_low_scoop_and_showdown_readings(hard_db: Path) -> None:
    # Hand 4: board Kc Qd 9s 8h 2c has two low cards only: no low, Jon's J-T makes
    # a straight nine to king and takes the whole $1.72.
    rows = q(hard_db, "SELECT half, player, paid, due, scoop FROM awards "
                      "WHERE hand_id = '990000000004'")  # fmt: skip
    assert rows == [("all", "Jon", 172, 172, True)]
    sd = q(hard_db, "SELECT player, high_category, high_cards, low_cards FROM showdowns "
                    "WHERE hand_id = '990000000004' ORDER BY player")  # fmt: skip
    assert sd[0][0] == "Ivy" and sd[0][1] == "one pair" and sd[0][3] is None
    assert sd[1][:2] == ("Jon", "straight")
    assert sorted(str(sd[1][2]).split()) == sorted("Kc Qd Jh Td 9s".split())


def test_hand_and_money_columns(hard_db: Path) -> None:
    row = q(hard_db, "SELECT game, currency, small_blind, big_blind, stakes, total_pot, rake, "
                     "put_in, started_at_utc, time_zone, button FROM hands "
                     "WHERE hand_id = '990000000001'")[0]  # fmt: skip
    # 14:00 ET on 1 March 2024 (EST, UTC-5) is 19:00 UTC.
    assert row[:8] == ("omaha-hilo", "USD", 5, 10, "0.05/0.10", 180, 9, 180)
    assert str(row[8]) == "2024-03-01 19:00:00"
    assert row[10] == 3


def test_chips_balance_in_every_hard_case(hard_db: Path) -> None:
    # collected + rake = put in (after uncalled bets) for every hand.
    rows = q(hard_db, """
        SELECT h.hand_id, h.put_in, h.rake, sum(s.collected)
        FROM hands h JOIN seats s USING (site, hand_id)
        GROUP BY ALL HAVING h.put_in <> sum(s.collected) + h.rake""")
    assert rows == []


def test_reimport_adds_nothing(hard_db: Path, tmp_path: Path) -> None:
    before = {t: q(hard_db, f"SELECT count(*) FROM {t}")[0][0]
              for t in ("hands", "seats", "actions", "awards", "findings", "showdowns", "pots")}
    summary = import_paths([HARD_CASES], hard_db, workers=1)
    assert (summary.hands, summary.files_unchanged, summary.duplicates) == (0, 1, 6)
    # A copy under another name: same hands, read again, all duplicates.
    copy = tmp_path / "copy.txt"
    shutil.copy(HARD_CASES, copy)
    copy.write_text(copy.read_text() + "\n\n")  # other bytes, same hands
    summary = import_paths([copy], hard_db, workers=1)
    assert (summary.hands, summary.duplicates, summary.conflicts) == (0, 6, 0)
    after = {t: q(hard_db, f"SELECT count(*) FROM {t}")[0][0] for t in before}
    assert after == before


def test_changed_text_under_known_hand_id_is_reported(hard_db: Path, tmp_path: Path) -> None:
    text = HARD_CASES.read_text()
    first = text.split("\n\n\n\n")[0]
    changed = tmp_path / "changed.txt"
    changed.write_text(first.replace("Table 'Hardcase I'", "Table 'Elsewhere'") + "\n")
    summary = import_paths([changed], hard_db, workers=1)
    assert (summary.hands, summary.conflicts) == (0, 1)
    rows = q(hard_db, "SELECT hand_id, code FROM import_errors WHERE code = 'conflicting_hand'")
    assert rows == [("990000000001", "conflicting_hand")]
    assert q(hard_db, "SELECT table_name FROM hands WHERE hand_id = '990000000001'") == [
        ("Hardcase I",)
    ]


def test_conflicting_hand_is_reported_at_its_own_first_line(
    hard_db: Path, tmp_path: Path
) -> None:
    # Hand 2 as stored (lines 40-71 of the hard cases: 32 lines), three blank lines,
    # then hand 1 with another table name: hand 1 starts at line 32 + 3 + 1 = 36.
    hands = HARD_CASES.read_text().split("\n\n\n\n")
    assert hands[1].count("\n") == 31
    changed = tmp_path / "changed_second.txt"
    changed.write_text(hands[1] + "\n\n\n\n"
                       + hands[0].replace("Table 'Hardcase I'", "Table 'Elsewhere'") + "\n")
    summary = import_paths([changed], hard_db, workers=1)
    assert (summary.hands, summary.duplicates, summary.conflicts) == (0, 2, 1)
    rows = q(hard_db, "SELECT file, line, hand_id FROM import_errors "
                      "WHERE code = 'conflicting_hand'")  # fmt: skip
    assert rows == [(str(changed), 36, "990000000001")]


def test_bad_input_is_reported_and_good_hands_still_imported(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(HARD_CASES, folder / "good.txt")
    (folder / "binary.dat").write_bytes(bytes(range(256)) * 40)
    (folder / "notes.txt").write_text("shopping list\neggs\n")
    (folder / "empty.txt").write_text("")
    hands = HARD_CASES.read_text().split("\n\n\n\n")
    # A truncated file: the second hand stops in the middle of the flop.
    (folder / "truncated.txt").write_text(
        hands[3].replace("990000000004", "990000000104") + "\n\n\n\n"
        + hands[4].replace("990000000005", "990000000105").split("*** TURN")[0]
    )  # fmt: skip
    db = tmp_path / "b.duckdb"
    summary = import_paths([folder, tmp_path / "missing.txt"], db, workers=1)
    ids = {r[0] for r in q(db, "SELECT hand_id FROM hands")}
    assert {f"99000000000{i}" for i in range(1, 7)} | {"990000000104"} <= ids
    codes = {(Path(str(f)).name, c) for f, c in q(db, "SELECT file, code FROM import_errors")}
    assert ("binary.dat", "unsupported_site") in codes
    assert ("notes.txt", "unsupported_site") in codes
    assert ("missing.txt", "missing_path") in codes
    assert any(name == "truncated.txt" for name, _ in codes)
    assert summary.problems >= 4
    # every error points at a file and a line
    assert q(db, "SELECT count(*) FROM import_errors WHERE file IS NULL OR line IS NULL") == [(0,)]


def test_zip_archive(tmp_path: Path) -> None:
    archive = tmp_path / "hh.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.write(HARD_CASES, "nested/hard.txt")
    db = tmp_path / "z.duckdb"
    summary = import_paths([archive], db, workers=1)
    assert summary.hands == 6
    files = q(db, "SELECT DISTINCT file FROM hands")
    assert files == [(f"{archive}!nested/hard.txt",)]


def test_workers_give_the_same_store_as_one_process(tmp_path: Path) -> None:
    one, two = tmp_path / "one.duckdb", tmp_path / "two.duckdb"
    import_paths([HARD_CASES], one, workers=1)
    import_paths([HARD_CASES], two, workers=2)
    sql = "SELECT hand_id, player, half, paid, due FROM awards ORDER BY ALL"
    assert q(one, sql) == q(two, sql)


def test_cli_import_sql_audit(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from hhtools.cli.main import app

    runner = CliRunner()
    db = tmp_path / "c.duckdb"
    res = runner.invoke(app, ["import", str(HARD_CASES), "--db", str(db), "-q", "-j", "1"])
    assert res.exit_code == 0, res.output
    assert "hands imported" in res.output
    res = runner.invoke(app, ["sql", "SELECT count(*) AS n FROM hands", "--db", str(db),
                              "--format", "json"])  # fmt: skip
    assert res.exit_code == 0 and json.loads(res.output) == [{"n": 6}]
    res = runner.invoke(app, ["sql", "DELETE FROM hands", "--db", str(db)])
    assert res.exit_code == 2
    assert q(db, "SELECT count(*) FROM hands") == [(6,)]
    res = runner.invoke(app, ["audit", "--db", str(db), "--kind", "declared_misread"])
    assert res.exit_code == 0 and "990000000003" in res.output and "Gus" in res.output
    res = runner.invoke(app, ["sql", "SELECT 1", "--db", str(tmp_path / "none.duckdb")])
    assert res.exit_code == 2


def test_sample_histories_main_job(tmp_path: Path) -> None:
    # The README's main job: the bundled folder, 6 hands written by hand and 2,100
    # generated hands of the seven games in 7 files, 16 with a planted error
    # (tests/fixtures/generated/truth.jsonl: the generator's truth, trimmed).
    from benchmarks.score_audit import compare
    from tests.conftest import ROOT, SAMPLES

    db = tmp_path / "s.duckdb"
    summary = import_paths([SAMPLES], db, workers=2)
    assert (summary.hands, summary.problems, summary.failed, summary.skipped) == (2106, 0, 0, 0)
    games = dict(q(db, "SELECT game, count(*) FROM hands GROUP BY game"))
    # generated: plo 418, plo6 410, plo5 385, courchevel hi/lo 348, courchevel 190,
    # plo5 hi/lo 177, plo8 172; hand-written: 4 omaha, 2 omaha hi/lo
    assert games == {"omaha": 422, "omaha6": 410, "omaha5": 385, "courchevel-hilo": 348,
                     "courchevel": 190, "omaha5-hilo": 177, "omaha-hilo": 174}  # fmt: skip
    res = compare(db, [ROOT / "tests" / "fixtures" / "generated" / "truth.jsonl"])
    assert res["hands"] == 2100 and res["tampered"] == 16
    assert res["missed"] == [] and res["false"] == []


def test_workers_from_a_threaded_process_start_from_a_fork_server(tmp_path: Path) -> None:
    # A fork copies only the forking thread: with another Python thread running (a
    # server, a watcher) the workers start from a fork server instead, and read the
    # same hands: the 2,106 hands of the bundled samples, as the main job counts them.
    import threading

    from hhtools.store.importer import pool_context
    from tests.conftest import SAMPLES

    if threading.active_count() == 1:
        assert pool_context().get_start_method() == "fork"
    stop = threading.Event()
    waiter = threading.Thread(target=stop.wait, daemon=True)
    waiter.start()
    try:
        assert pool_context().get_start_method() == "forkserver"
        summary = import_paths([SAMPLES], tmp_path / "t.duckdb", workers=2)
    finally:
        stop.set()
        waiter.join()
    assert (summary.hands, summary.problems, summary.failed) == (2106, 0, 0)
    assert q(tmp_path / "t.duckdb", "SELECT count(*) FROM hands") == [(2106,)]


def _split_hard_cases(tmp_path: Path) -> list[Path]:
    hands = HARD_CASES.read_text().split("\n\n\n\n")
    files = []
    for i in range(3):
        f = tmp_path / f"part{i}.txt"
        f.write_text("\n\n\n\n".join(hands[2 * i : 2 * i + 2]) + "\n")
        files.append(f)
    return files


def test_big_file_is_stored_batch_by_batch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # With a flush and a commit every 2 hands (the file read in ranges of 200 bytes, a
    # few lines each, so results come a hand or none at a time), the file's hands go in
    # two at a time, each batch committed, the file named in ``loading`` until its last
    # batch: the store ends up as with one transaction, ``loading`` empty.
    import hhtools.store.import_commit as import_commit
    import hhtools.store.importer as importer

    monkeypatch.setattr(importer, "FLUSH_HANDS", 2)
    monkeypatch.setattr(import_commit, "COMMIT_HANDS", 2)
    monkeypatch.setattr(importer, "RANGE_BYTES", 200)  # the file in ranges of a few lines
    db = tmp_path / "st.duckdb"
    summary = import_paths([HARD_CASES], db, workers=1)
    assert summary.hands == 6
    assert q(db, "SELECT count(*) FROM hands") == [(6,)]
    assert q(db, "SELECT count(*) FROM loading") == [(0,)]
    assert q(db, "SELECT count(*) FROM awards WHERE hand_id = '990000000001'") == [(3,)]
    assert q(db, "SELECT hands, findings FROM imports") == q(
        db, "SELECT count(DISTINCT h.hand_id), (SELECT count(*) FROM findings) FROM hands h"
    )


def test_interrupted_big_file_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Ctrl-C after the first batches of a big file were committed: its hands are
    # removed again, from every table; the next import stores it whole.
    import hhtools.store.import_commit as import_commit
    import hhtools.store.importer as importer

    monkeypatch.setattr(importer, "FLUSH_HANDS", 2)
    monkeypatch.setattr(import_commit, "COMMIT_HANDS", 2)
    monkeypatch.setattr(importer, "RANGE_BYTES", 200)  # the file in ranges of a few lines
    real = importer.Importer._commit_file
    commits = []
    real_commit = importer.Importer._commit

    def commit(self: importer.Importer) -> None:
        commits.append(self._open_file)
        real_commit(self)

    monkeypatch.setattr(importer.Importer, "_commit", commit)

    def stop(self: importer.Importer, state: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(importer.Importer, "_commit_file", stop)
    db = tmp_path / "big.duckdb"
    with pytest.raises(KeyboardInterrupt):
        import_paths([HARD_CASES], db, workers=1)
    assert commits and all(c is not None for c in commits)  # batches were committed
    for table in ("hands", "seats", "actions", "pots", "awards", "loading", "imports"):
        assert q(db, f"SELECT count(*) FROM {table}") == [(0,)], table
    monkeypatch.setattr(importer.Importer, "_commit_file", real)
    assert import_paths([HARD_CASES], db, workers=1).hands == 6


def test_interrupted_import_keeps_whole_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Ctrl-C while the second of three files is being stored: the first file is in
    # whole, nothing of the second, and the next import picks up the rest.
    import hhtools.store.importer as importer

    files = _split_hard_cases(tmp_path)
    db = tmp_path / "int.duckdb"
    real = importer.Importer._commit_file
    calls = []

    def stop_on_second(self: importer.Importer, state: object) -> None:
        calls.append(state)
        if len(calls) == 2:
            raise KeyboardInterrupt
        real(self, state)  # type: ignore[arg-type]

    monkeypatch.setattr(importer.Importer, "_commit_file", stop_on_second)
    with pytest.raises(KeyboardInterrupt):
        import_paths(files, db, workers=1)
    assert q(db, "SELECT count(*), min(hand_id), max(hand_id) FROM hands") == [
        (2, "990000000001", "990000000002")
    ]
    assert q(db, "SELECT count(*) FROM imports") == [(1,)]
    monkeypatch.setattr(importer.Importer, "_commit_file", real)
    summary = import_paths(files, db, workers=1)
    assert (summary.hands, summary.files_unchanged) == (4, 1)
    assert q(db, "SELECT count(*), count(DISTINCT hand_id) FROM hands") == [(6, 6)]


def test_killed_import_is_undone_by_the_next(tmp_path: Path) -> None:
    # A process killed (no clean-up at all) half-way through a big file: the batches
    # it committed stay, with the file named in ``loading``; the next import removes
    # them from every table and stores everything once.
    import subprocess
    import sys

    files = _split_hard_cases(tmp_path)
    db = tmp_path / "kill.duckdb"
    script = f"""
import os, hhtools.store.importer as im
im.FLUSH_HANDS = 1
import hhtools.store.import_commit as ic
ic.COMMIT_HANDS = 1
im.RANGE_BYTES = 200
real = im.Importer._store_batch
def store_batch(self, state):
    real(self, state)
    if self.summary.hands >= 2:
        os._exit(9)  # dies with a batch of the second file committed
im.Importer._store_batch = store_batch
im.import_paths({[str(f) for f in files]!r}, {str(db)!r}, workers=1)
"""
    res = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert res.returncode == 9, res.stderr
    assert q(db, "SELECT count(*) FROM hands") == [(3,)]
    assert q(db, "SELECT count(*) FROM loading") == [(1,)]
    summary = import_paths(files, db, workers=1)
    assert summary.hands == 4
    assert q(db, "SELECT count(*), count(DISTINCT hand_id) FROM hands") == [(6, 6)]
    assert q(db, "SELECT count(*) FROM loading") == [(0,)]
    assert q(db, "SELECT count(*) FROM seats") == q(db, "SELECT sum(players) FROM hands")


def test_cli_refusals_and_problems(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from hhtools.cli.main import app

    runner = CliRunner()
    db = tmp_path / "r.duckdb"
    res = runner.invoke(app, ["import", str(tmp_path / "nope"), "--db", str(db)])
    assert res.exit_code == 2 and not db.exists()
    bad = tmp_path / "bad.txt"
    bad.write_text("not a hand history\n")
    res = runner.invoke(app, ["import", str(HARD_CASES), str(bad), "--db", str(db), "-q", "-j", "1"])
    assert res.exit_code == 0
    # sql reads the store only: no COPY to a file, no writes
    out = tmp_path / "x.csv"
    res = runner.invoke(app, ["sql", f"COPY hands TO '{out}'", "--db", str(db)])
    assert res.exit_code == 2 and not out.exists()
    res = runner.invoke(app, ["sql", "  ", "--db", str(db)])
    assert res.exit_code == 2
    res = runner.invoke(app, ["audit", "--kind", "nope", "--db", str(db)])
    assert res.exit_code == 2
    # data is shown as text, never as rich markup or emoji codes
    res = runner.invoke(app, ["sql", "SELECT '[/]Al :x: [bold]Bo' AS p", "--db", str(db)])
    assert res.exit_code == 0 and "[/]Al :x: [bold]Bo" in res.output
    res = runner.invoke(app, ["problems", "--db", str(db)])
    assert res.exit_code == 0
    assert f"{bad}:1: not a hand history of a supported site" in res.output


def test_store_of_an_older_version_is_upgraded(tmp_path: Path) -> None:
    # A store written before hands.small_bet/big_bet existed gets the columns added
    # (NULL for its old rows) and takes new imports.
    db = tmp_path / "old.duckdb"
    import_paths([HARD_CASES], db, workers=1)
    with duckdb.connect(str(db)) as con:
        con.execute("ALTER TABLE hands DROP COLUMN small_bet")
        con.execute("ALTER TABLE hands DROP COLUMN big_bet")
        con.execute("CREATE TABLE stage_hands AS SELECT * FROM hands LIMIT 0")  # schema 4
    copy = tmp_path / "more.txt"
    copy.write_text(HARD_CASES.read_text().replace("99000000000", "99100000000"))
    summary = import_paths([copy], db, workers=1)
    assert summary.hands == 6
    assert q(db, "SELECT count(*), count(small_bet) FROM hands") == [(12, 0)]
    tables = {t for (t,) in q(db, "SELECT table_name FROM information_schema.tables")}
    assert "stage_hands" not in tables  # schema 5 has no staging tables


def test_store_of_schema_2_gets_its_board_columns_renamed(tmp_path: Path) -> None:
    # Schema 2 named the first board's cards hands.board and the number of boards
    # hands.boards; schema 3 says board_cards and board_count (a board is an index).
    db = tmp_path / "v2.duckdb"
    import_paths([HARD_CASES], db, workers=1)
    with duckdb.connect(str(db)) as con:
        for v in ("misreads",):
            con.execute(f"DROP VIEW {v}")
        con.execute("ALTER TABLE hands RENAME COLUMN board_cards TO board")
        con.execute("ALTER TABLE hands RENAME COLUMN board_count TO boards")
    before = q(db, "SELECT hand_id, board, boards FROM hands ORDER BY hand_id")
    copy = tmp_path / "more.txt"
    copy.write_text(HARD_CASES.read_text().replace("99000000000", "99100000000"))
    import_paths([copy], db, workers=1)
    after = q(db, "SELECT hand_id, board_cards, board_count FROM hands "
                  "WHERE hand_id LIKE '9900%' ORDER BY hand_id")
    assert after == before
    assert q(db, "SELECT count(*) FROM hands WHERE board_count IS NULL") == [(0,)]
    assert q(db, "SELECT count(*) FROM misreads") == q(db, "SELECT count(*) FROM findings")


def test_summary_counts_hands_per_site(tmp_path: Path) -> None:
    # The hand-written cases are six PokerStars hands; the splash-the-pot fixture holds
    # one Run It Once hand written in PokerStars' format (room runitonce): the summary
    # counts each room apart.
    rio = Path(__file__).parent / "fixtures" / "pokerstars" / "splash_the_pot_stp_added.txt"
    summary = import_paths([HARD_CASES, rio], tmp_path / "s.duckdb", workers=1)
    assert summary.hands_by_site["pokerstars"] == 6
    assert summary.hands_by_site["runitonce"] == 1

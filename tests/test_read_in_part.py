"""Judge only what was read (issue 27, item 1): a hand with a line its grammar did not
understand is stored *read in part*, and the audit says nothing that line could change.

Fixtures (hand-written, PokerStars' format, $0.05/$0.10 pot-limit Omaha, Alice on the
button in seat 1, Bob small blind, Carol big blind; every value below by hand):

* ``unread_river_line_wrong_collect.txt``, hand 272700000101: limped to a checked-down
  turn ($0.10 x 3 = $0.30), Bob bets $0.30 on the river, line 22 "Carol: taps the glass
  twice" (no site writes it: not understood), Carol calls, Alice folds: pot $0.30 + $0.60
  = $0.90, rake $0. Board 2c 7d Ks 9h 4s. Bob's As Ah + Ks 9h 7d is a pair of aces;
  Carol's Kc Kd + Ks 9h 7d three kings. The site pays Bob $0.90: by the rules Carol is
  due all $0.90, Bob nothing.
* ``unread_lines_around_procedure_findings.txt``: three hands whose procedure findings
  sit before, across and after an unread line:
  - 272700000102: on the turn Bob checks (line 17) then bets (line 18): Bob acted twice
    in a row, Carol was to act. The next action is Carol's fold (line 19); the unread
    line is 21, after both: the finding stands.
  - 272700000103: the same turn (Bob's bet on line 52), the unread line 47 on the flop,
    before it: silenced.
  - 272700000104: Alice and Bob limp, line 77 (unread) where Carol's (the big blind's)
    action stands, then the flop: read as it is, the big blind never acted before the
    flop (line 76, Bob's call). That line could be her check: silenced, though the
    unread line comes after line 76 (it comes before the next action, line 79).
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from hhtools.audit import AuditResult, audit_hand, judged
from hhtools.audit.findings import Finding
from hhtools.cli.main import app
from hhtools.ingest.read import ParseResult, parse_path
from hhtools.model.records import HandHistory
from hhtools.model.vocab import UNREAD_CODES, FindingKind, Half, ProblemCode
from hhtools.store import db as store
from hhtools.store.api import HandStore
from hhtools.store.importer import import_paths

FIX = Path(__file__).parent / "fixtures" / "pokerstars"
RIVER = FIX / "unread_river_line_wrong_collect.txt"
PROCEDURE = FIX / "unread_lines_around_procedure_findings.txt"
#: a fixture read in full, four hands (tests/test_procedure.py): for the counts
IN_FULL = FIX / "procedure_out_of_turn.txt"
BOGUS = "Carol: taps the glass twice"
ENV: dict[str, str | None] = {"COLUMNS": "100", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}


def _read(path: Path) -> dict[str, ParseResult]:
    return {r.hand_id or "": r for r in parse_path([path])}


def _hand(r: ParseResult) -> HandHistory:
    assert r.hand is not None, [str(p) for p in r.problems]
    return r.hand


def _without_bogus(path: Path, tmp_path: Path) -> Path:
    """The fixture with its unread lines taken out (every other line one higher)."""
    out = tmp_path / path.name
    out.write_text("".join(ln for ln in path.read_text().splitlines(True) if BOGUS not in ln))
    return out


def _money(a: AuditResult) -> set[tuple[str, str, int, int]]:
    return {(str(f.kind), f.player, f.paid, f.due) for f in a.findings}


# ----------------------------------------------------------------------------- the record


def test_an_unread_line_makes_the_hand_read_in_part_with_a_problem_on_its_line() -> None:
    (r,) = _read(RIVER).values()
    hand = _hand(r)
    assert hand.unread_lines == (22,)
    (p,) = r.problems
    assert (p.code, p.line, p.excerpt) == (ProblemCode.UNRECOGNISED_LINE, 22, BOGUS)
    assert str(p).startswith(f"{RIVER}:22: [hand 272700000101]")


def test_a_hand_read_in_full_has_no_unread_lines() -> None:
    for r in _read(IN_FULL).values():
        assert r.problems == () and _hand(r).unread_lines == ()


def test_the_codes_of_lines_not_understood() -> None:
    assert UNREAD_CODES >= {ProblemCode.UNRECOGNISED_LINE, ProblemCode.UNKNOWN_PLAYER,
                            ProblemCode.BAD_AMOUNT, ProblemCode.BAD_CARDS,
                            ProblemCode.OUT_OF_RANGE, ProblemCode.BOARD_MISMATCH}  # fmt: skip
    # a card dealt twice stops the hand: never a line of a stored hand
    assert ProblemCode.IMPOSSIBLE_CARDS not in UNREAD_CODES


# ----------------------------------------------------------------------------- the audit


def test_the_wrong_collect_is_silenced_by_the_unread_line() -> None:
    (r,) = _read(RIVER).values()
    a = audit_hand(_hand(r))
    assert a.findings == ()
    # what the checks found, not reported: the site paid Bob $0.90, due to Carol
    assert {(str(f.kind), f.player, f.paid, f.due) for f in a.silenced} == {
        ("award_mismatch", "Bob", 90, 0), ("award_mismatch", "Carol", 0, 90)}  # fmt: skip
    # the settlement is still the rules' reading of what was read: one $0.90 pot, Carol's
    (pot,) = a.settlement.pots
    assert pot.gross == 90
    assert {(x.player, x.paid, x.due) for x in pot.lines if x.paid or x.due} == {
        ("Bob", 90, 0), ("Carol", 0, 90)}  # fmt: skip


def test_without_the_unread_line_the_award_findings_stand(tmp_path: Path) -> None:
    (r,) = _read(_without_bogus(RIVER, tmp_path)).values()
    hand = _hand(r)
    assert r.problems == () and hand.unread_lines == ()
    a = audit_hand(hand)
    assert _money(a) == {("award_mismatch", "Bob", 90, 0), ("award_mismatch", "Carol", 0, 90)}
    assert a.silenced == ()


def test_a_procedure_finding_stands_only_before_the_unread_lines() -> None:
    got = {hid: audit_hand(_hand(r)) for hid, r in _read(PROCEDURE).items()}
    assert {hid: _hand(r).unread_lines for hid, r in _read(PROCEDURE).items()} == {
        "272700000102": (21,), "272700000103": (47,), "272700000104": (77,)}  # fmt: skip
    kept = got["272700000102"].findings
    assert [(f.kind, f.player, f.line) for f in kept] == [
        (FindingKind.PROCEDURE_ORDER, "Bob", 18)]  # fmt: skip
    assert got["272700000102"].silenced == ()
    assert got["272700000103"].findings == ()
    assert [(f.kind, f.player, f.line) for f in got["272700000103"].silenced] == [
        (FindingKind.PROCEDURE_ORDER, "Bob", 52)]  # fmt: skip
    assert got["272700000104"].findings == ()
    assert [(f.kind, f.player, f.line) for f in got["272700000104"].silenced] == [
        (FindingKind.PROCEDURE_ORDER, "Carol", 76)]  # fmt: skip


def test_the_procedure_findings_stand_when_every_line_is_read(tmp_path: Path) -> None:
    """Taken out, the unread lines leave each hand's finding standing (every line after
    one taken out moves up by one: 102's line 21, 103's line 47): the silence above
    comes from the unread line alone."""
    got = {hid: audit_hand(_hand(r)) for hid, r in _read(_without_bogus(PROCEDURE, tmp_path)).items()}
    assert {hid: [(f.kind, f.player, f.line) for f in a.findings] for hid, a in got.items()} == {
        "272700000102": [(FindingKind.PROCEDURE_ORDER, "Bob", 18)],
        "272700000103": [(FindingKind.PROCEDURE_ORDER, "Bob", 50)],  # 52 - 2
        "272700000104": [(FindingKind.PROCEDURE_ORDER, "Carol", 74)],  # 76 - 2
    }


def _stub(unread: tuple[int, ...], action_lines: tuple[int, ...]) -> HandHistory:
    (r,) = _read(RIVER).values()
    hand = _hand(r)
    from dataclasses import replace

    acts = tuple(replace(a, line=n) for a, n in zip(hand.actions, action_lines, strict=False))
    return replace(hand, unread_lines=unread, actions=acts)


@pytest.mark.parametrize(("line", "unread", "kept"), [
    (10, (13,), True),   # the next action (line 11) and the finding's line read
    (10, (11,), False),  # unread where the next action would be
    (10, (10,), False),  # the finding's own line
    (10, (4,), False),   # before it: the procedure up to it was not read in full
    (20, (21,), True),   # no action after line 20: after the finding's line is enough
    (0, (21,), False),   # a finding on no line is about the whole hand
])  # fmt: skip
def test_judged_procedure(line: int, unread: tuple[int, ...], kept: bool) -> None:
    hand = _stub(unread, (6, 7, 9, 10, 11, 12))
    f = Finding(FindingKind.PROCEDURE_BET_SIZE, "Bob", 0, 0, Half.ALL, 0, 0, "x", line)
    assert judged(f, hand) is kept


@pytest.mark.parametrize("kind", [k for k in FindingKind if k.group.value != "procedure"])
def test_judged_money_award_misread_and_warnings_never(kind: FindingKind) -> None:
    hand = _stub((1000,), (6, 7, 9, 10, 11, 12))  # unread after every line
    assert not judged(Finding(kind, "Bob", 0, 0, Half.ALL, 0, 0, "x", 10), hand)


# ----------------------------------------------------------------------------- the store


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("part") / "h.duckdb"
    import_paths([RIVER, PROCEDURE, IN_FULL], path, workers=0)
    return path


def _rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    with duckdb.connect(str(path), read_only=True) as con:
        return con.execute(sql).fetchall()


#: hands.read_in_part, unread_lines and findings of the fixtures' hands: the four read
#: in part, and the four of procedure_out_of_turn.txt read in full (its findings:
#: tests/test_procedure.py; counted here only)
HANDS = "SELECT hand_id, read_in_part, unread_lines, findings FROM hands ORDER BY hand_id"


def test_the_store_says_which_hands_were_read_in_part(db: Path) -> None:
    rows = _rows(db, HANDS)
    assert rows[:4] == [("272700000101", True, [22], 0), ("272700000102", True, [21], 1),
                        ("272700000103", True, [47], 0), ("272700000104", True, [77], 0)]  # fmt: skip
    assert [(r[1], r[2]) for r in rows[4:]] == [(False, [])] * 4
    assert _rows(db, "SELECT hand_id, kind, line FROM findings WHERE hand_id LIKE '2727%'") == [
        ("272700000102", "procedure_order", 18)]  # fmt: skip
    assert _rows(db, "SELECT file, line, hand_id, code FROM import_errors ORDER BY hand_id") == [
        (str(RIVER), 22, "272700000101", "unrecognised_line"),
        (str(PROCEDURE), 21, "272700000102", "unrecognised_line"),
        (str(PROCEDURE), 47, "272700000103", "unrecognised_line"),
        (str(PROCEDURE), 77, "272700000104", "unrecognised_line"),
    ]


def test_the_api_counts_and_frames(db: Path) -> None:
    with HandStore(db) as h:
        assert h.judged() == (8, 4, 0)
        assert h.judged("h.hand_id LIKE '2727%'") == (4, 4, 0)
        frame = h.hands()
        assert frame.filter(frame["read_in_part"])["hand_id"].to_list() == [
            "272700000101", "272700000102", "272700000103", "272700000104"]  # fmt: skip


def _invoke(*args: str) -> str:
    res = CliRunner().invoke(app, list(args), env=ENV)
    assert res.exit_code == 0, res.stdout + res.stderr
    return " ".join(res.stdout.split())


JUDGED = "hands judged in full: 4 of 8; read in part: 4 (hhtools problems lists their lines)"


def test_audit_and_report_say_how_many_were_judged_in_full(db: Path) -> None:
    assert _invoke("audit", "--db", str(db)).endswith(JUDGED)
    assert JUDGED in _invoke("report", "--db", str(db))


def test_the_html_report_counts_them(db: Path, tmp_path: Path) -> None:
    page = tmp_path / "r.html"
    CliRunner().invoke(app, ["report", "--db", str(db), "--format", "html", "--out", str(page)])
    text = page.read_text()
    assert '<div class="total">judged in full<b>4</b></div>' in text
    assert '<div class="total">read in part<b>4</b></div>' in text


def test_import_summary_counts_them(tmp_path: Path) -> None:
    out = _invoke("import", str(RIVER), str(IN_FULL), "--db", str(tmp_path / "s.duckdb"))
    assert "hands imported │ 5" in out
    assert "judged in full │ 4" in out
    assert "read in part (problems lists their lines) │ 1" in out


def test_show_names_the_lines_not_read(db: Path) -> None:
    out = _invoke("show", "272700000101", "--db", str(db))
    assert ("Read in part: line 22 was not understood (hhtools problems says why); no "
            "finding is made on what it could change. No findings on what was read.") in out


def test_the_html_replay_names_them_too(db: Path, tmp_path: Path) -> None:
    page = tmp_path / "h.html"
    _invoke("show", "272700000103", "--db", str(db), "--out", str(page))
    assert ('<p class="rp-note">Read in part: line 47 was not understood (hhtools problems '
            "says why); no finding is made on what it could change.</p>"
            '<p class="rp-note">No findings on what was read.</p>') in page.read_text()


# ----------------------------------------------------------------------------- upgrade


def test_a_store_of_schema_9_is_told_its_hands_read_in_part(db: Path, tmp_path: Path) -> None:
    """A store written before (no columns; every finding stored, as the audit then did)
    gets the columns from its own problems, and loses the findings the unread lines
    could have caused, the first time it is opened for writing."""
    old = tmp_path / "old.duckdb"
    old.write_bytes(db.read_bytes())
    with duckdb.connect(str(old)) as con:
        con.execute("ALTER TABLE hands DROP COLUMN read_in_part")
        con.execute("ALTER TABLE hands DROP COLUMN unread_lines")
        # what schema 9 stored besides: 101's two award findings (the collect on line
        # 28, the total pot on line 30: the lines the checks name) and 103's and
        # 104's procedure findings (lines 52 and 76)
        con.execute(
            "INSERT INTO findings (site, hand_id, board, player, kind, pot, half, paid, due, "
            "explanation, file, line) VALUES "
            "('pokerstars', '272700000101', 0, 'Bob', 'award_mismatch', 0, 'all', 90, 0, 'x', ?, 28),"
            "('pokerstars', '272700000101', 0, 'Carol', 'award_mismatch', 0, 'all', 0, 90, 'x', ?, 30),"
            "('pokerstars', '272700000103', 0, 'Bob', 'procedure_order', 0, 'all', 0, 0, 'x', ?, 52),"
            "('pokerstars', '272700000104', 0, 'Carol', 'procedure_order', 0, 'all', 0, 0, 'x', ?, 76)",
            [str(RIVER), str(RIVER), str(PROCEDURE), str(PROCEDURE)],
        )
        con.execute("UPDATE hands SET findings = 2 WHERE hand_id = '272700000101'")
        con.execute("UPDATE hands SET findings = 1 WHERE hand_id IN ('272700000103', '272700000104')")
        con.execute("UPDATE meta SET value = '9' WHERE key = 'schema_version'")
        in_full = con.execute("SELECT hand_id, kind, line FROM findings WHERE hand_id NOT LIKE "
                              "'2727%' ORDER BY ALL").fetchall()  # fmt: skip
    # read only, the old store answers: the hands are not told
    with HandStore(old) as h:
        assert h.judged() == (8, 0, 8)
        assert h.hands()["read_in_part"].null_count() == 8
    store.connect(old).close()
    assert _rows(old, HANDS) == _rows(db, HANDS)
    assert _rows(old, "SELECT hand_id, kind, line FROM findings WHERE hand_id LIKE '2727%'") == [
        ("272700000102", "procedure_order", 18)]  # fmt: skip
    # the hands read in full keep every finding
    assert _rows(old, "SELECT hand_id, kind, line FROM findings WHERE hand_id NOT LIKE "
                      "'2727%' ORDER BY ALL") == in_full  # fmt: skip
    assert _rows(old, "SELECT value FROM meta WHERE key = 'schema_version'") == [
        (str(store.SCHEMA_VERSION),)]  # fmt: skip

"""The audit reads "before" and "after" in time, whatever way a file writes its lines.

A PokerNow log as downloaded writes its newest row first, and each row keeps its own
file line (so that a problem names ``file:line``): in such a hand a larger line is an
earlier event. The record says so (``HandHistory.newest_first``), and the audit maps a
line to its place in time once per hand (:meth:`hhtools.audit.context.AuditContext.when`).

Fixture ``tests/fixtures/pokernow/out_of_turn_and_wrong_blinds_newest_first.csv``
(hand-written, newest row first; its oldest-first twin is made here by reversing its
data rows). Three players, pot limit Omaha, blinds 5/10: Ann (seat 1), Ben (seat 2),
Cal (seat 3).

* Hand #1 (``swap1``): Ann deals, Ben posts the small blind and Cal the big blind. The
  player left of the big blind, Ann, begins the betting (seed 002, "The Deal and
  Betting"), but Ben calls first: a ``procedure_order`` finding on Ben's "calls 10"
  row. Then Ann calls (late: no second finding), Cal checks, a checked flop but for
  Ann's bet of 30, which both fold to.
* Hand #2 (``blinds2``): Ben deals, so Cal (left of the dealer) places the small blind
  and Ann, next, the big blind. Ann posts the small blind and Cal the big blind: the
  first player left of the dealer posted a big blind, so the small blind is not judged
  (a dead small blind may stand there), and the big blind belongs to the player left
  of the small blind, Ben: a ``procedure_blinds`` finding on Cal's big-blind row.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest

from hhtools.audit import audit_hand, judged
from hhtools.audit.checks.procedure._table import in_text_order
from hhtools.audit.context import AuditContext
from hhtools.audit.findings import Finding
from hhtools.audit.settle import settle
from hhtools.grammars import pokernow
from hhtools.ingest.read import parse_path
from hhtools.model.records import HandHistory
from hhtools.model.vocab import FindingKind, Half

FIX = Path(__file__).parent / "fixtures" / "pokernow"
NEWEST = FIX / "out_of_turn_and_wrong_blinds_newest_first.csv"
ANN, BEN, CAL = "Ann @ a1", "Ben @ b2", "Cal @ c3"
BEN_CALLS, ANN_CALLS = '"""Ben @ b2"" calls 10"', '"""Ann @ a1"" calls 10"'
FLOP = '"Flop:  [9♣, 6♦, 2♠]"'
#: a row no rule reads, from Ben (so the hand is read in part)
BOGUS = '"""Ben @ b2"" hums a tune"'


def newest_rows() -> list[str]:
    """The fixture's rows as the file writes them, header first."""
    return NEWEST.read_text("utf-8").splitlines()


def oldest_first(rows: list[str]) -> list[str]:
    """The same log written oldest row first: the header, then the data rows reversed."""
    return [rows[0], *reversed(rows[1:])]


def write(tmp_path: Path, name: str, rows: list[str]) -> Path:
    path = tmp_path / name
    path.write_text("\n".join(rows) + "\n", "utf-8")
    return path


def hands(path: Path) -> dict[str, HandHistory]:
    """The hands of a log, read the one way from a path to records, by hand id."""
    out = {}
    for r in parse_path([path]):
        assert r.hand is not None, [str(p) for p in r.problems]
        out[r.hand.hand_id] = r.hand
    return out


def row_at(rows: list[str], line: int) -> str:
    """The row on file line ``line`` (1-based), without its time and order."""
    return rows[line - 1].rsplit(",", 2)[0]


def seen(rows: list[str], findings: tuple[Finding, ...]) -> list[tuple[str, str, str, str]]:
    """Each finding as (kind, player, the row it is about, its words after the line)."""
    return [(f.kind.value, f.player, row_at(rows, f.line), f.explanation.split(": ", 1)[1])
            for f in findings]  # fmt: skip


#: the findings of each hand, worked out by hand (module docstring)
EXPECTED = {
    "swap1": [("procedure_order", BEN, BEN_CALLS,
               f"{BEN} calls first before the flop; the player left of the big blind "
               f"({CAL}) begins the betting: {ANN} was to act")],
    "blinds2": [("procedure_blinds", CAL, '"""Cal @ c3"" posts a big blind of 10"',
                 f"{CAL} posted the big blind; the next player to the left of the small "
                 f"blind ({BEN}) places it")],
}  # fmt: skip


@pytest.mark.parametrize("direction", ["newest first", "oldest first"])
def test_out_of_turn_and_wrong_blinds_found_in_either_direction(
    tmp_path: Path, direction: str
) -> None:
    rows = newest_rows() if direction == "newest first" else oldest_first(newest_rows())
    read = hands(write(tmp_path, "poker_now_log_twins.csv", rows))
    assert {h: r.newest_first for h, r in read.items()} == {
        "swap1": direction == "newest first", "blinds2": direction == "newest first"}
    for hid, expected in EXPECTED.items():
        assert seen(rows, audit_hand(read[hid]).findings) == expected, hid


def test_the_grammar_declares_the_files_direction() -> None:
    raw = NEWEST.read_bytes()
    fmt = pokernow.FORMAT
    twin = ("\n".join(oldest_first(raw.decode("utf-8").splitlines())) + "\n").encode()
    for data, backwards in ((raw, True), (twin, False)):
        got = [fmt.parse(t).hand for t in fmt.split(io.BytesIO(data), "log.csv")]
        assert [(h.hand_id, h.newest_first) for h in got if h is not None] == (
            [("blinds2", backwards), ("swap1", backwards)] if backwards
            else [("swap1", backwards), ("blinds2", backwards)])  # fmt: skip


def _with_bogus_row(rows: list[str], after_in_time: str) -> list[str]:
    """The newest-first rows with :data:`BOGUS` written just after the row holding
    ``after_in_time`` in time (just above it in the file), its ``order`` one more."""
    k = next(i for i, r in enumerate(rows) if after_in_time in r)
    _, at, order = rows[k].rsplit(",", 2)
    return [*rows[:k], f"{BOGUS},{at},{int(order) + 1}", *rows[k:]]


@pytest.mark.parametrize(
    ("after_in_time", "stands"),
    [
        # after Cal's big blind, before Ben's call: it could be Ann's call, in turn
        ('"""Cal @ c3"" posts a big blind of 10",2024-03-09T20:00:04.500Z', False),
        # after Ben's call, before Ann's (the next action): it could be Ann's fold,
        # which would leave Ann's call out of place
        (BEN_CALLS, False),
        # after the flop: nothing before the flop can change
        (FLOP, True),
    ],
)
@pytest.mark.parametrize("direction", ["newest first", "oldest first"])
def test_judge_only_what_was_read_in_time(
    tmp_path: Path, direction: str, after_in_time: str, stands: bool
) -> None:
    rows = _with_bogus_row(newest_rows(), after_in_time)
    if direction == "oldest first":
        rows = oldest_first(rows)
    hand = hands(write(tmp_path, "poker_now_log_part.csv", rows))["swap1"]
    bogus = rows.index(next(r for r in rows if r.startswith(BOGUS))) + 1
    assert hand.unread_lines == (bogus,)
    result = audit_hand(hand)
    found = seen(rows, result.findings if stands else result.silenced)
    assert found == EXPECTED["swap1"]
    assert (result.silenced if stands else result.findings) == ()


def _hand(direction: str) -> HandHistory:
    raw = NEWEST.read_text("utf-8").splitlines()
    rows = raw if direction == "newest first" else oldest_first(raw)
    data = ("\n".join(rows) + "\n").encode()
    fmt = pokernow.FORMAT
    parsed = [fmt.parse(t).hand for t in fmt.split(io.BytesIO(data), "log.csv")]
    return next(h for h in parsed if h is not None and h.hand_id == "swap1")


def test_when_maps_a_line_to_its_place_in_time() -> None:
    newest, oldest = _hand("newest first"), _hand("oldest first")
    n_ctx, o_ctx = AuditContext(newest, settle(newest)), AuditContext(oldest, settle(oldest))
    # the newest-first file: the start row is the last line (27), the end row line 12
    assert [n_ctx.when(x) for x in (27, 12)] == [-27, -12] and n_ctx.when(27) < n_ctx.when(12)
    assert [o_ctx.when(x) for x in (2, 17)] == [2, 17]
    # the actions, in the record's (time) order, have growing places in time both ways
    for ctx in (n_ctx, o_ctx):
        places = [ctx.when(a.line) for a in ctx.hand.actions]
        assert places == sorted(places) and len(set(places)) == len(places)


def test_in_text_order_reads_lines_in_time() -> None:
    newest = _hand("newest first")
    n = len(newest.actions)  # 2 posts, 3 preflop actions, 5 on the flop
    assert n == 10
    assert in_text_order(AuditContext(newest, settle(newest))) == frozenset(range(n))
    # The same lines read as oldest first: each action's line is below the one
    # before it, so only the last action is where the lines say it happened.
    wrong = replace(newest, newest_first=False)
    assert in_text_order(AuditContext(wrong, settle(wrong))) == frozenset({n - 1})


def test_judged_with_a_place_in_time() -> None:
    # Swap1 newest first: the stacks row (line 26), Ben's small blind (25), Cal's big
    # blind (24), Ben's call (23, the finding's line), Ann's call (22, the next action
    # in time), Cal's check (21), the flop (20) and Ben's check on it (19).
    newest = _hand("newest first")
    lines = [a.line for a in newest.actions]
    assert lines[:6] == [25, 24, 23, 22, 21, 19]
    f = Finding(FindingKind.PROCEDURE_ORDER, BEN, 0, 0, Half.ALL, 0, 0, "", 23)
    ctx = AuditContext(newest, settle(newest))
    for unread, stands in (((26,), False), ((24,), False), ((19,), True), ((19, 26), False)):
        assert judged(f, replace(newest, unread_lines=unread), ctx.when) is stands, unread
    # read as if written oldest first, line 26 would come after the finding and the
    # action after it (24), and the finding would wrongly stand
    assert judged(f, replace(newest, unread_lines=(26,))) is True

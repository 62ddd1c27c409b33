"""WPN's newer format: a damaged header glued straight after a whole hand.

The fixture (``tests/fixtures/winning/damaged/new_header_damaged_glued_after_a_hand.txt``)
holds three cash hands at "Cedar Lake", a table line with no "Table '" quote:

* 81000001 (lines 1-32), whole: pot 0.25 + 1.75 + 1.75 + 2.00 + 2.00 = $7.75, rake $0.38,
  "Total pot $7.37" (after the rake), Ann's flush Ah Kh + Jh Th 9h over Cy's tens: Ann
  collects $7.37. Its last summary line is followed at once (no blank line) by
* "Hand #81OOOOO2" (line 33): letters for digits, no header; its table line "Cedar Lake
  6-max Seat #2 is the button" is line 34; a hand of Bob's ($3.57 after $0.18 rake,
  flop Ks 8h 4c, Ann dealt 8s 8c 7d 6d) to line 56;
* 81000003 (line 58, after a blank line), whole: Ann raises to $1.50 from the small
  blind, Bob folds, $1.00 returned: a $1.00 pot to Ann, no rake.

Before (7b22a32's note on test_fuzz_import[7]), the kernel's split knew a table line only
by "Table '": hand 81000001 was stored read in part with 14 unrecognised lines, its total
pot $3.75 and rake $0.18, its board Ks 8h 4c and Ann's cards 8s 8c 7d 6d, all of the
damaged hand; the damaged hand was never named. Now it is whole, and the damaged hand is
one bad_header problem on line 33.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from hhtools.ingest.read import parse_file
from hhtools.store.importer import import_paths

FIXTURE = (Path(__file__).parent / "fixtures" / "winning" / "damaged"
           / "new_header_damaged_glued_after_a_hand.txt")  # fmt: skip
FIRSTS = [1, 33, 58]
IDS = ["81000001", None, "81000003"]


def read(tmp_path: Path, data: bytes) -> list:  # type: ignore[type-arg]
    f = tmp_path / "hands.txt"
    f.write_bytes(data)
    return list(parse_file(f))


def money(hand):  # type: ignore[no-untyped-def]
    """What the hand's record says of its pot, board and cards."""
    return (hand.total_pot, hand.rake, [(c.player, c.amount) for c in hand.collects],
            hand.boards, dict(hand.hole_cards))  # fmt: skip


def test_damaged_header_glued_after_a_hand_is_its_own_problem(tmp_path: Path) -> None:
    data = FIXTURE.read_bytes()
    assert b"Tens [Ts Tc Th Jh 9h]\nHand #81OOOOO2 - " in data  # glued: no blank line
    got = read(tmp_path, data)
    assert [r.line for r in got] == FIRSTS
    assert [r.hand_id for r in got] == IDS
    assert got[0].problems == () and got[2].problems == ()
    assert got[1].hand is None
    assert [(p.line, str(p.code)) for p in got[1].problems] == [(33, "bad_header")]
    assert money(got[0].hand) == (775, 38, [("Ann", 737)], (("Th", "9h", "2c", "3s", "Jh"),),
                                  {"Ann": ("Ah", "Kh", "Qd", "Jd"),
                                   "Cy": ("Tc", "Ts", "4d", "5d")})  # fmt: skip
    assert money(got[2].hand) == (100, 0, [("Ann", 100)], (), {"Ann": ("As", "Ac", "5h", "4h")})
    # the first hand reads as it reads alone
    (alone,) = read(tmp_path, b"\n".join(data.split(b"\n")[:32]))
    assert alone.problems == () and money(alone.hand) == money(got[0].hand)


@pytest.mark.parametrize(("end", "encoding", "bom"), [
    ("\r\n", "utf-8", ""), ("\r", "utf-8", ""), ("\n", "utf-8", "\ufeff"),
    ("\r\n", "utf-16-le", "\ufeff"), ("\n", "utf-16-be", "\ufeff"),
])  # fmt: skip
def test_pieces_lines_and_offsets_whatever_the_line_ends(
    tmp_path: Path, end: str, encoding: str, bom: str
) -> None:
    text = bom + FIXTURE.read_text("utf-8").replace("\n", end)
    data = text.encode(encoding)
    got = read(tmp_path, data)
    assert [r.line for r in got] == FIRSTS
    assert [r.hand_id for r in got] == IDS
    assert [(p.line, str(p.code)) for r in got for p in r.problems] == [(33, "bad_header")]
    unit = len(end.encode(encoding))  # a line break's bytes
    for r in got:  # each offset is where the hand's first line starts in the file
        head = data[: r.offset].decode(encoding).removeprefix("\ufeff")
        assert head.count(end) == r.line - 1
        assert r.offset == len(bom.encode(encoding)) or data[r.offset - unit : r.offset] == (
            end.encode(encoding))


def test_stored_whole_and_the_damaged_header_a_problem(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / FIXTURE.name).write_bytes(FIXTURE.read_bytes())
    db = tmp_path / "h.duckdb"
    import_paths([tmp_path / "in"], db, workers=1)
    with duckdb.connect(str(db), read_only=True) as con:
        hands = con.execute("SELECT hand_id, read_in_part, total_pot FROM hands ORDER BY 1"
                            ).fetchall()  # fmt: skip
        problems = con.execute("SELECT line, code FROM import_errors").fetchall()
        findings = con.execute("SELECT count(*) FROM findings").fetchone()
    assert hands == [("81000001", False, 775), ("81000003", False, 100)]
    assert problems == [(33, "bad_header")]
    assert findings == (0,)

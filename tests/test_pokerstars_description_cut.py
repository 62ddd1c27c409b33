"""PokerStars format: a file cut inside the description of its last hand's last summary
line ("... and won ($0.43) with HI: a pair of Quee") read as a whole hand, so importing
the whole file later stored nothing and reported "a different text was already stored
under this hand id" (the store replaces only a reading in part: store/replace_part).
Now such a line is unrecognised (the hand read in part), and the whole file replaces
it. Two readings of one hand in one batch (a cut copy and the whole text in one file)
keep the whole one, whichever comes first, with no conflict.

The fixture ``hilo_last_summary_line_cut_in_its_description.txt``, worked by hand:
$0.05/$0.10 Omaha hi/lo, 33 lines. Ann calls, Bob completes, Cat checks ($0.30); flop
Qc 7d 2h: Cat bets $0.30, Ann folds, Bob calls ($0.90); checked down, board Qc 7d 2h 4s
Qd. Bob's Qs Jh make three Queens (no low: 8c is its one low card); Cat's Ah Kd a pair
of Queens, his Ah 3c with 7d 2h 4s the low 7,4,3,2,A. Rake $0.04: $0.86, a half each,
$0.43 to Bob (high) and $0.43 to Cat (low). Cat's summary line is the last (33).
"""

from __future__ import annotations

from pathlib import Path

import duckdb

from hhtools.audit import audit_hand
from hhtools.grammars import pokerstars
from hhtools.grammars.pokerstars.crosscheck import description_cut
from hhtools.model.records import HandText
from hhtools.model.vocab import ProblemCode
from hhtools.store.importer import import_paths

FIX = (Path(__file__).parent / "fixtures" / "pokerstars"
       / "hilo_last_summary_line_cut_in_its_description.txt")  # fmt: skip
WHOLE = FIX.read_text()
LAST = "with HI: a pair of Queens; LO: 7,4,3,2,A"
CUTS = ("with HI: a pair of Queens; LO: 7,4,3,2,", "with HI: a pair of Queens; LO: 7",
        "with HI: a pair of Queens;", "with HI: a pair of Quee", "with HI: a pair of Queen",
        "with HI: a pa", "with H")  # fmt: skip


def _cut(at: str) -> str:
    return WHOLE[: WHOLE.index(LAST) + len(at)]


def _read(text: str) -> pokerstars.ParsedHand:
    return pokerstars.FORMAT.parse(HandText(text.rstrip("\n"), "p.txt", 1, 0))


def test_the_whole_hand() -> None:
    r = _read(WHOLE)
    assert r.hand is not None and r.problems == ()
    assert [(c.player, c.amount) for c in r.hand.collects] == [("Bob", 43), ("Cat", 43)]
    assert (r.hand.total_pot, r.hand.rake) == (90, 4)
    assert audit_hand(r.hand).findings == ()


def test_a_last_line_cut_in_its_description_is_read_in_part() -> None:
    for at in CUTS:
        r = _read(_cut(at))
        assert [(p.line, p.code) for p in r.problems] == [(33, ProblemCode.UNRECOGNISED_LINE)], at
        # the body paid the halves: the record is kept, read in part, and the audit
        # finds nothing in what it read
        assert r.hand is not None
        assert [(c.player, c.amount) for c in r.hand.collects] == [("Bob", 43), ("Cat", 43)]
        assert audit_hand(r.hand).findings == ()


def test_description_cut() -> None:
    seat = "Seat 3: Cat (big blind) showed [Ah 3c Kd 9s] and won ($0.43) "
    for whole in ("with three of a kind, Queens", "with a straight, Ace to Five",
                  "with HI: two pair, Kings and Twos; LO: 8,6,4,3,2", "with a Royal Flush",
                  "with a full house, Jacks full of Nines (pot not awarded as player "
                  "cashed out)", "with high card Ace", "with LO: 7,5,4,3,2",
                  "with Straight Q hi"):  # (Run It Once's forms are not judged)  # fmt: skip
        assert not description_cut(seat + whole), whole
    for cut in ("with three of a kin", "with three of a kind, Quee", "with a",
                "with a straight, Ace to", "with a Royal Flu", "with high card Ac",
                "with three of a kind, Aces, and wo", "with LO: 7,5,4,3"):  # fmt: skip
        assert description_cut(seat + cut), cut
    assert not description_cut("Cat: shows [Ah 3c Kd 9s] (HI: a pair of Quee")  # no seat line


def _q(db: Path, sql: str) -> list[tuple[object, ...]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(sql).fetchall()


def test_the_whole_file_replaces_the_cut_one(tmp_path: Path) -> None:
    folder, db = tmp_path / "in", tmp_path / "h.duckdb"
    folder.mkdir()
    (folder / "hands.txt").write_text(_cut("with HI: a pair of Quee"))
    first = import_paths([folder], db, workers=1)
    assert (first.hands, first.read_in_part, first.problems) == (1, 1, 1)
    (folder / "hands.txt").write_text(WHOLE)  # the client wrote the rest
    second = import_paths([folder], db, workers=1)
    # before: 0 hands, 1 duplicate, 1 conflict; the reading of the cut file kept
    assert (second.hands, second.replaced, second.conflicts, second.withdrawn) == (1, 1, 0, 1)
    assert _q(db, "SELECT hand_id, read_in_part, import_id, total_pot FROM hands") == [
        ("390701", False, 2, 90)]
    assert _q(db, "SELECT count(*) FROM import_errors") == [(0,)]


def test_a_cut_copy_and_the_whole_in_one_batch_keep_the_whole(tmp_path: Path) -> None:
    cut = _cut("with HI: a pair of Queens; LO: 7,4,3,2,")
    for order, name in (((cut, WHOLE), "cut_first"), ((WHOLE, cut), "whole_first")):
        folder, db = tmp_path / name, tmp_path / f"{name}.duckdb"
        folder.mkdir()
        (folder / "hands.txt").write_text("\n\n\n".join(order))  # one file: one batch
        got = import_paths([folder], db, workers=1)
        # before: the first kept (the cut one when first), and a conflict
        assert (got.hands, got.duplicates, got.conflicts, got.read_in_part) == (1, 1, 0, 0), name
        start = 1 if order[0] is WHOLE else 36  # the whole copy's first: 33 lines, 2 blank
        assert _q(db, "SELECT hand_id, read_in_part, line FROM hands") == [
            ("390701", False, start)], name
        # cut first: its unrecognised line is withdrawn with it (as a stored reading in
        # part replaced); whole first: the cut copy is a duplicate whose line stays
        # listed (as a cut copy's read after the whole in a later import)
        listed = 0 if order[0] is cut else 1
        assert _q(db, "SELECT count(*) FROM import_errors") == [(listed,)], name
        assert (got.problems, got.withdrawn) == (listed, 1 - listed), name

"""A chunk of hand texts goes through the worker's stages in turn (every hand parsed,
then audited, then flattened: hhtools.store.pipeline._fill), and a piece's chunks fill
batches of up to BATCH_HANDS hands; what comes out is what a hand-by-hand pass gives.

The file is ``tests/fixtures/pokerstars/damaged_headers_after_good_hands.txt``: good
hands #801 (line 1), #803 (line 42) and #806 (line 84); a damaged header at line 25
(hand 802, "PokerStrs"), at line 56 (hand 804, "27000000x804") and at line 71, each
with the lines after it up to the next hand not understood.
"""

from __future__ import annotations

import pickle
from datetime import datetime
from pathlib import Path

import pytest

import hhtools.store.pipeline as pipeline
from hhtools.ingest.read import read_sources
from hhtools.model.records import HandHistory, HandText, Problem
from hhtools.model.vocab import ProblemCode
from hhtools.store.flatten import ColumnBatch, flatten_hand, text_digest

FIX = Path(__file__).parent / "fixtures" / "pokerstars"
DAMAGED = FIX / "damaged_headers_after_good_hands.txt"


def texts(path: Path) -> list[HandText]:
    out: list[HandText] = []
    for read in read_sources([path]):
        if not isinstance(read, Problem):
            out.extend(read.hands())
    return out


def test_problems_in_hand_order_with_an_audit_that_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    real = pipeline.audit_hands

    def audit(hands: list[HandHistory]):  # type: ignore[no-untyped-def]
        return [RuntimeError("a bug") if h.hand_id == "270000000803" else r
                for h, r in zip(hands, real(hands), strict=True)]  # fmt: skip

    monkeypatch.setattr(pipeline, "audit_hands", audit)
    work = pipeline.process_chunk("pokerstars", texts(DAMAGED), True, 1, 0)
    got = [(p.code, p.line) for p in work.problems]
    # hand 802's problems (lines 25-38), then the audit failure of hand 803 (its first
    # line, 42), then hand 804's (56-69) and the third damaged header's (71-80)
    assert got == [
        (ProblemCode.BAD_HEADER, 25), *((ProblemCode.UNRECOGNISED_LINE, n) for n in range(26, 39)),
        (ProblemCode.INTERNAL_ERROR, 42),
        (ProblemCode.BAD_HEADER, 56), *((ProblemCode.UNRECOGNISED_LINE, n) for n in range(57, 70)),
        (ProblemCode.BAD_HEADER, 71), *((ProblemCode.UNRECOGNISED_LINE, n) for n in range(72, 81)),
    ]  # fmt: skip
    assert work.problems[14].message == "audit failed: RuntimeError('a bug')"
    assert (work.count, work.failed, work.skipped) == (3, 3, 0)
    assert work.keys is not None
    assert work.keys.column("hand_id").to_pylist() == ["270000000801", "270000000803",
                                                       "270000000806"]  # fmt: skip
    assert work.keys.column("line").to_pylist() == [1, 42, 84]
    # hand 803 is stored without its audit: no pots, awards or findings rows of it
    assert work.keys.column("_n").to_pylist() == [0, 2, 5]
    assert 2 not in work.tables["pots"].column("_n").to_pylist()
    assert work.tables["pots"].column("_n").to_pylist() == [0, 5]
    assert work.tables["hands"].column("findings").to_pylist()[1] == 0


def test_a_digest_given_is_the_one_stored() -> None:
    ht = texts(DAMAGED)[0]
    assert ht.text.startswith("PokerStars Hand #270000000801:")
    from hhtools.ingest.read import parse_file

    hand = next(r.hand for r in parse_file(DAMAGED) if r.hand is not None)
    worked, given = ColumnBatch(), ColumnBatch()
    flatten_hand(worked, hand, None, 1, 0)
    flatten_hand(given, hand, None, 1, 0, text_digest(hand.text))
    assert worked.freeze() == given.freeze()
    # the SHA-1 of the hand's text: 40 hex digits, as hands.text_digest holds it
    assert len(worked.hand_ids[0][2]) == 40


def _piece(path: Path) -> pipeline.Piece:
    size = path.stat().st_size
    return pipeline.Piece(str(path), path.name, size, datetime(2026, 12, 6), True, 1, 0)


def test_batches_of_a_piece_give_the_same_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    path = FIX / "audit_probes_paid_right_and_wrong.txt"
    whole = pipeline.process_piece(_piece(path))
    assert whole.work.count > 3
    monkeypatch.setattr(pipeline, "BATCH_HANDS", 2)
    monkeypatch.setattr(pipeline, "CHUNK_HANDS", 2)
    cut = pipeline.process_piece(_piece(path))
    assert cut.work.count == whole.work.count
    assert cut.work.keys is not None and whole.work.keys is not None
    assert cut.work.keys.equals(whole.work.keys)
    assert set(cut.work.tables) == set(whole.work.tables)
    for name, table in whole.work.tables.items():
        assert cut.work.tables[name].equals(table), name
    assert cut.work.kept is not None and whole.work.kept is not None
    for name, table in whole.work.kept.items():
        assert cut.work.kept[name].equals(table), name
    assert cut.work.problems == whole.work.problems
    assert cut.digest == whole.digest
    pickle.dumps(cut)

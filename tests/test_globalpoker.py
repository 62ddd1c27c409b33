"""Global Poker JSON: a hand-written fixture (tests/fixtures/globalpoker/) and corpus2's file.

Expected money is worked out by hand in the comments (minor units: cents).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hhtools.grammars import globalpoker, recognise
from hhtools.grammars._text import decode_head

from hhtools.audit import audit_hand
from hhtools.model.records import ActionKind, PostKind
from hhtools.model.vocab import FindingKind, HandCategory, ProblemCode

FIX = Path(__file__).parent / "fixtures" / "globalpoker"
SIDE = FIX / "side_pot_entry_bet_wait_for_big_blind_return.json"
CORPUS2 = Path(__file__).resolve().parents[2] / "shared" / "corpus2"


def corpus2_folder(site: str) -> Path:
    """``../shared/corpus2/<site>``, or the test skipped with the reason."""
    folder = CORPUS2 / site
    if not folder.is_dir():
        pytest.skip(f"{folder} is absent (the shared corpus2 is not on this machine)")
    return folder


def _parse(data: bytes, name: str = "x.json", whole: bool = True):
    if whole:
        assert recognise(decode_head(data[:4096])) is globalpoker.FORMAT
    return [globalpoker.FORMAT.parse(ht) for ht in globalpoker.FORMAT.split(io.BytesIO(data), name)]


def test_side_pot_entry_bet_and_return() -> None:
    (p,) = _parse(SIDE.read_bytes(), str(SIDE))
    assert not p.problems
    h = p.hand
    assert h.game.currency == "XSD" and (h.game.small_blind, h.game.big_blind) == (10, 20)
    # seatId from 0; Dee waits for the big blind and is dealt nothing: sitting out
    assert [(s.seat, s.player, s.stack, s.sitting_out) for s in h.seats] == [
        (1, "Ava#1001", 500, False), (2, "Ben#1002", 1000, False), (3, "Cal#1003", 2000, False),
        (4, "Dee#1004", 800, True), (5, "Eve#1005", 300, False)]
    # no button written: the seat before the small blind's (Ben, seat 2)
    assert h.button == 1 and "button" in h.inferred and h.hero == "Ava#1001"
    eve = [(a.kind, a.post, a.amount) for a in h.actions if a.player == "Eve#1005"][:2]
    assert eve == [(ActionKind.POST, PostKind.BIG_BLIND, 20), (ActionKind.CHECK, None, 0)]
    # CALL adds ("CALL 0.50" after Ben's 0.10 blind: to 0.60); RAISE is the street total
    ben_call = next(a for a in h.actions if a.player == "Ben#1002" and a.kind is ActionKind.CALL)
    cal_raise = [a for a in h.actions if a.player == "Cal#1003" and a.kind is ActionKind.RAISE]
    assert ben_call.amount == 50 and [(a.amount, a.to_amount) for a in cal_raise] == [(800, 1200)]
    # Cal's 12.00 over Ben's all-in 7.00 on the turn: 500 back
    assert [(r.player, r.amount) for r in h.returned] == [("Cal#1003", 500)]
    # in: Ava 60 + Ben 1000 + Cal 1000 + Eve 300 = 2360; rake 50; main 960 pays 930 to
    # Eve's straight, side 1400 (Ben and Cal, 700 each after the main pot's 240 each...
    # 1000 - 300 = 700 each) pays 1380 to Cal's aces
    assert h.total_pot == 2360 and h.rake == 50
    assert sorted((c.pot, c.player, c.amount) for c in h.collects) == [
        (0, "Eve#1005", 930), (1, "Cal#1003", 1380)]
    assert h.pot_parts == (930, 1380)
    eve_show = next(s for s in h.shows if s.player == "Eve#1005")
    assert eve_show.claimed_high.category is HandCategory.STRAIGHT and eve_show.claimed_high.ranks == (11,)
    kinds = {f.kind for f in audit_hand(h).findings}
    assert not kinds & {FindingKind.AWARD_MISMATCH, FindingKind.CHIP_IMBALANCE,
                        FindingKind.DECLARED_MISREAD, FindingKind.MUCKED_WINNER}


def test_net_win_contradicting_the_reading_is_a_problem() -> None:
    # Eve's netWin 6.30 (9.30 won less 3.00 in); a file saying 6.90 contradicts it
    data = SIDE.read_bytes().replace(b'"netWin": 6.3', b'"netWin": 6.9')
    (p,) = _parse(data)
    assert [p_.code for p_ in p.problems] == [ProblemCode.BAD_AMOUNT]
    assert "netWin 690 (read: 630)" in p.problems[0].message
    assert p.hand is not None  # stored: read in part on the problem's line


def test_unknown_event_is_a_problem_on_its_line() -> None:
    text = SIDE.read_text()
    data = text.replace('"action": "TIME_BANK"', '"action": "RABBIT_HUNT"').encode()
    (p,) = _parse(data)
    line = text[: text.index('"action": "TIME_BANK"')].count("\n") + 1
    # the event's object starts 4 lines above its "action" ("{", type, time, cards)
    assert [(q.code, q.line) for q in p.problems] == [(ProblemCode.UNRECOGNISED_LINE, line - 4)]


def test_bad_input_never_raises() -> None:
    data = SIDE.read_bytes()
    for cut in range(1, len(data), 211):
        for parsed in _parse(data[:cut], whole=False):
            assert parsed.hand is None and parsed.problems
    two = _parse(data.rstrip() + b"\n" + data)  # two hands one after another: both read
    assert [q.hand is not None for q in two] == [True, True]
    holdem = _parse(data.replace(b'"variant": "OMAHA"', b'"variant": "TEXAS_HOLDEM"'))
    assert holdem[0].skipped and holdem[0].hand is None


def test_real_global_poker_hand() -> None:
    path = corpus2_folder("GlobalPoker") / "mr-feek" / "PloHandWithSidePot.json"
    (p,) = _parse(path.read_bytes(), str(path))
    assert not p.problems
    h = p.hand
    # main pot 3458.00 paid 3452.50 (rake 5.50 from it), side pot 2106.50 paid whole
    assert h.rake == 550 and h.pot_parts == (345250, 210650)
    assert [(r.player, r.amount) for r in h.returned] == [("Cnhxyj#6596", 146250)]
    findings = [f.kind for f in audit_hand(h).findings if f.kind is not FindingKind.HOLDEM_MISREAD_PRONE]
    assert findings == []

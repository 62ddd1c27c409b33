"""Global Poker JSON: a hand-written fixture (tests/fixtures/globalpoker/) and corpus2's file.

Expected money is worked out by hand in the comments (minor units: cents).
"""

from __future__ import annotations

import io
import json
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


def test_float_noise_in_numbers_is_read_at_the_cent() -> None:
    # a JavaScript serialiser writes 9.3 as 9.300000000000001 and 6.3 as 6.299999999999999:
    # still 930 and 630 cents, nothing contradicted
    data = SIDE.read_bytes().replace(b'"amount": 9.3,', b'"amount": 9.300000000000001,')
    data = data.replace(b'"netWin": 6.3,', b'"netWin": 6.299999999999999,')
    (p,) = _parse(data)
    assert not p.problems
    assert sorted((c.player, c.amount) for c in p.hand.collects) == [("Cal#1003", 1380), ("Eve#1005", 930)]


def test_unknown_event_is_a_problem_on_its_line() -> None:
    text = SIDE.read_text()
    data = text.replace('"action": "TIME_BANK"', '"action": "RABBIT_HUNT"').encode()
    (p,) = _parse(data)
    line = text[: text.index('"action": "TIME_BANK"')].count("\n") + 1
    # the event's object starts 4 lines above its "action" ("{", type, time, cards)
    assert [(q.code, q.line) for q in p.problems] == [(ProblemCode.UNRECOGNISED_LINE, line - 4)]


def _action(pid: int, action: str, amount: float, balance: float) -> dict:
    return {"type": "PlayerAction", "time": 1, "cards": [], "action": action,
            "amount": {"type": "BET", "amount": amount}, "timeout": False, "playerId": pid,
            "balanceAfterAction": balance}


def test_dead_small_blind_is_dead_money() -> None:
    # D (seat 4) comes back with a DEAD_SMALL_BLIND 0.02 and still calls the 0.04 big
    # blind whole (4.00 -> 3.98 -> 3.94); B's flop bet 0.12 is uncalled and given back
    hidden = [{"id": i} for i in range(4)]
    events = [
        _action(1, "SMALL_BLIND", 0.02, 4.98), _action(2, "BIG_BLIND", 0.04, 4.96),
        _action(4, "DEAD_SMALL_BLIND", 0.02, 3.98),
        *({"type": "PlayerCardsDealt", "time": 1, "playerId": pid, "cards": hidden,
           "exposed": False} for pid in (1, 2, 3, 4)),
        _action(3, "FOLD", 0, 5.0), _action(4, "CALL", 0.04, 3.94), _action(1, "FOLD", 0, 4.98),
        _action(2, "CHECK", 0, 4.96),
        {"type": "PotUpdate", "time": 1, "pots": [{"potId": 0, "players": [2, 4], "potSize": 0.12}],
         "potTransitions": []},
        {"type": "TableCardsDealt", "time": 1, "stackId": 0, "cards": [
            {"id": 20, "suit": "CLUBS", "rank": "THREE"}, {"id": 21, "suit": "HEARTS", "rank": "KING"},
            {"id": 22, "suit": "CLUBS", "rank": "SEVEN"}]},
        _action(2, "BET", 0.12, 4.84), _action(4, "FOLD", 0, 3.94),
        {"type": "PotUpdate", "time": 1, "pots": [{"potId": 0, "players": [2, 4], "potSize": 0.12}],
         "potTransitions": [{"playerId": 2, "amount": 0.12, "fromChipStackToPlayer": True}]},
        _action(2, "MUCK_CARDS", 0, 4.96), {"type": "ShowDownSummary", "time": 1},
    ]
    def result(pid: int, net: float, won: float, bet: float) -> dict:
        return {"playerId": pid, "netWin": net, "totalWin": won, "rake": 0, "totalBet": bet,
                "transactionIds": [None], "timeBank": 30000}
    hand = {"id": "0d5e2f3a-1111-4c2e-8d1d-000000000078",
            "table": {"tableId": 1, "tableIntegrationId": "TABLE::x", "tableName": "Ocala",
                      "seats": 0, "handIndex": -1},
            "startTime": 1690000000000, "endTime": 1690000060000,
            "results": {"totalRake": 0, "results": {
                "1": result(1, -0.02, 0, 0.02), "2": result(2, 0.08, 0.12, 0.04),
                "3": result(3, 0, 0, 0), "4": result(4, -0.06, 0, 0.06)},
                "transfers": [{"playerId": 2, "pot": {"potId": 0, "type": "MAIN", "potSize": 0.12},
                               "amount": 0.12, "fromChipStackToPlayer": False}]},
            "events": events,
            "seats": [{"playerId": i, "initialBalance": b, "seatId": i - 1, "name": f"P{i}"}
                      for i, b in ((1, 5.0), (2, 5.0), (3, 5.0), (4, 4.0))],
            "settings": {"variant": "OMAHA", "currencyCode": "XSD", "betStrategyType": "POT_LIMIT",
                         "capacity": 6, "bigBlind": 0.04, "smallBlind": 0.02, "ante": 0}}
    (p,) = _parse(json.dumps(hand).encode())
    assert not p.problems
    h = p.hand
    # D: 2 dead (an ante's kind) + a 4 call = 6 in; the pot 2 + 4 + 6 = 12 to B
    assert [(a.kind, a.post, a.amount) for a in h.actions if a.player == "P4"] == [
        (ActionKind.POST, PostKind.ANTE, 2), (ActionKind.CALL, None, 4), (ActionKind.FOLD, None, 0)]
    assert h.total_pot == 12 and [(c.player, c.amount) for c in h.collects] == [("P2", 12)]
    assert [(r.player, r.amount) for r in h.returned] == [("P2", 12)]


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


def test_hand_and_settings_keys_no_rule_reads_are_unread_not_swallowed() -> None:
    # Keys the grammar does not know could carry chips: a "jackpotFee" in the settings,
    # a "bonus" on a seat. Each is a problem on the line of the object holding it (a
    # scalar value has no line of its own: Ava's seat object opens on line 876, three
    # lines before her "seatId" on 879; the settings on 907, 908 once the seat's new
    # line is in); the hand is read in part.
    data = SIDE.read_bytes()
    data = data.replace(b'\t\t"ante": 0.0,\n', b'\t\t"ante": 0.0,\n\t\t"jackpotFee": 0.05,\n', 1)
    data = data.replace(b'\t\t\t"seatId": 0,\n', b'\t\t\t"seatId": 0,\n\t\t\t"bonus": 1.0,\n', 1)
    lines = data.decode("utf-8").splitlines()
    assert lines[907].strip() == '"settings": {' and lines[875].strip() == "{"
    (p,) = _parse(data)
    assert p.hand is not None and p.hand.unread_lines == (876, 908)
    assert [p.code for p in p.problems] == [ProblemCode.UNRECOGNISED_LINE] * 2

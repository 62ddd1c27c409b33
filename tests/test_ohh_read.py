"""OHH as input (grammars/ohh.py): hand-written fixtures (tests/fixtures/ohh/), each
named for its quirk, with the money worked out by hand in the comments (minor units:
cents, or chips in a tournament)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtools.audit import audit_hand
from hhtools.cli.main import app
from hhtools.grammars import ohh
from hhtools.grammars.base import ParsedHand
from hhtools.model.records import ActionKind, PostKind, Street, Variant
from hhtools.model.vocab import FindingKind, ProblemCode

from tests.small_sites import due, parse_bytes

FIX = Path(__file__).parent / "fixtures" / "ohh"
MONEY = {FindingKind.AWARD_MISMATCH, FindingKind.CHIP_IMBALANCE}


def parse(data: bytes, name: str = "x.ohh") -> list[ParsedHand]:
    return parse_bytes(ohh.FORMAT, data, name)


def one(name: str):  # type: ignore[no-untyped-def]
    (got,) = parse((FIX / name).read_bytes(), name)
    assert got.problems == ()
    return got.hand



def test_spec_shape_header_seats_and_site() -> None:
    h = one("spec_shape_omaha_showdown_rake.ohh")
    # the room is the hand's own site_name; the format read it
    assert (h.site, h.site_format, h.hand_id, h.table) == ("examplepoker", "ohh", "ohh1001",
                                                           "Example Table")  # fmt: skip
    assert (h.game.variant, h.game.hi_lo, h.game.structure) == (Variant.OMAHA, False, "pot_limit")
    assert (h.game.small_blind, h.game.big_blind, h.game.currency) == (50, 100, "USD")
    assert (h.button, h.max_seats, h.hero) == (1, 6, "Ann")
    assert h.started_at_utc is not None and h.started_at_utc.isoformat() == "2024-03-01T19:00:00+00:00"
    assert h.time_zone == "UTC"
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (1, "Ann", 10000), (3, "Bob", 5000), (5, "Cat", 8000)]


def test_spec_shape_amounts_are_chips_added() -> None:
    h = one("spec_shape_omaha_showdown_rake.ohh")
    got = [(a.street, a.player, a.kind, a.to_amount) for a in h.actions if a.kind is not ActionKind.POST]
    # Ann's "Raise 3.00" puts in 3.00: a raise to 3.00 over the 1.00 blind; Bob's call
    # of 2.50 tops his 0.50 blind up to 3.00
    assert got[:3] == [(Street.PREFLOP, "Ann", ActionKind.RAISE, 300),
                       (Street.PREFLOP, "Bob", ActionKind.CALL, None),
                       (Street.PREFLOP, "Cat", ActionKind.FOLD, None)]  # fmt: skip
    raise_line = next(a.line for a in h.actions if a.kind is ActionKind.RAISE)
    assert raise_line == 32  # pretty-printed: each action on its own file line
    # in: Ann 3 + 5 + 10 = 18.00, Bob 18.00, Cat 1.00 -> 37.00, the pot; rake 1.85;
    # Bob's 6-5 + 4-3-2 straight wins 35.15
    assert (h.total_pot, h.rake, h.pot_parts) == (3700, 185, (3515,))
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [("Bob", 3515, 0)]
    assert h.hole_cards["Bob"] == ("8h", "7h", "6c", "5d")
    assert due(h) == {"Bob": 3515}
    assert not {f.kind for f in audit_hand(h).findings} & MONEY


def test_hilo_quartered_and_holdem_skipped() -> None:
    hilo, holdem = parse((FIX / "hilo_quartered_then_holdem_skipped.jsonl").read_bytes())
    assert hilo.problems == () and hilo.hand.game.hi_lo and hilo.hand.line == 1
    # 0.60 pot: high 0.30 to Ann's three kings (Kd Kc + Kh Qd 8s); the low half
    # 0.30 tied by Ann and Bob (A-3 with 8-5-2): 0.15 each. Ann 0.45, Bob 0.15
    assert due(hilo.hand) == {"Ann": 45, "Bob": 15}
    assert sorted((c.player, c.amount) for c in hilo.hand.collects) == [("Ann", 45), ("Bob", 15)]
    assert not {f.kind for f in audit_hand(hilo.hand).findings} & MONEY
    # the hold'em hand on the next line: noted as another game, not a problem
    assert holdem.hand is None and holdem.skipped == "Holdem" and holdem.hand_id == "ohh2002"
    assert [(p.code, p.line) for p in holdem.problems] == [(ProblemCode.SKIPPED_GAME, 2)]


def test_side_pot_short_all_in() -> None:
    h = one("side_pot_short_all_in.json")
    # Ann all in for 5.00 preflop: main pot 3 x 5.00 = 15.00 (Ann's aces and deuces);
    # Bob and Cat 10.00 more each on the flop: side pot 20.00 (Bob's kings and deuces
    # over Cat's sevens and deuces)
    ann = next(a for a in h.actions if a.player == "Ann" and a.kind is ActionKind.RAISE)
    assert (ann.to_amount, ann.all_in) == (500, True)
    assert h.pot_parts == (1500, 2000)
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [("Ann", 1500, 0), ("Bob", 2000, 1)]
    assert due(h) == {"Ann": 1500, "Bob": 2000}
    result = audit_hand(h)
    assert [(p.gross, p.net, p.eligible) for p in result.settlement.pots] == [
        (1500, 1500, ("Ann", "Bob", "Cat")), (2000, 2000, ("Bob", "Cat"))]
    assert not {f.kind for f in result.findings} & MONEY


def test_run_it_twice_from_the_turn() -> None:
    h = one("run_it_twice_from_the_turn.ohh")
    # the second run deals a turn and river again: the flop is shared
    assert h.boards == (("Ah", "8d", "3c", "Kd", "2s"), ("Ah", "8d", "3c", "8s", "Jc"))
    # 20.00 in; each board plays for 10.00: Ann's three aces take the first, Bob's
    # four eights the second
    assert [(c.player, c.amount, c.board) for c in h.collects] == [("Ann", 1000, 0),
                                                                   ("Bob", 1000, 1)]  # fmt: skip
    assert due(h) == {"Ann": 1000, "Bob": 1000}
    assert not {f.kind for f in audit_hand(h).findings} & MONEY


def test_tournament_antes_and_dead_small_blind() -> None:
    h = one("tournament_antes_dead_small_blind.ohh")
    assert (h.game.currency, h.game.tournament_id, h.game.ante) == ("CHIPS", "T123", 25)
    assert h.game.buy_in == "10.00+1.00 USD"  # prize pool 10, fee 1 (store: 1100 USD)
    # Dan's "Post BB" 100 with his "Post Dead" 50: one small & big blinds post of 150
    dan = [(a.post, a.amount) for a in h.actions if a.player == "Dan" and a.kind is ActionKind.POST]
    assert dan == [(PostKind.ANTE, 25), (PostKind.DEAD_SMALL_AND_BIG, 150)]
    # in: antes 100, Bob 100, Cat 100 + 300, Dan 150 = 750; the pot says 450: Cat's
    # 300 bet nobody called went back (OHH writes no return: "returned" inferred)
    assert [(r.player, r.amount, r.inferred) for r in h.returned] == [("Cat", 300, True)]
    assert h.total_pot == 450 and [(c.player, c.amount) for c in h.collects] == [("Cat", 450)]
    assert not {f.kind for f in audit_hand(h).findings} & MONEY


def test_courchevel_told_by_its_preflop_card() -> None:
    h = one("courchevel_hilo_preflop_card.ohh")
    # OHH names it OmahaHiLo; five cards dealt and a card on the Preflop round: Courchevel
    assert (h.game.variant, h.game.hi_lo) == (Variant.COURCHEVEL, True)
    assert h.boards == (("Qs",),) and h.hole_cards["Ann"] == ("2c", "3d", "4h", "Kd", "Ks")
    # Ann raises to 1.50, Bob folds his 0.50: 1.00 of Ann's back, the pot 1.00 hers
    assert [(r.player, r.amount) for r in h.returned] == [("Ann", 100)]
    assert due(h) == {"Ann": 100}


def _edited(name: str, old: str, new: str) -> bytes:
    data = (FIX / name).read_text("utf-8")
    assert old in data
    return data.replace(old, new, 1).encode()


def test_pots_contradicting_the_chips_are_a_problem() -> None:
    # the pot says 36.00 while 37.00 went in and no bet went uncalled
    data = _edited("spec_shape_omaha_showdown_rake.ohh", '"amount": 37.00', '"amount": 36.00')
    (got,) = parse(data)
    assert [(p.code, p.line) for p in got.problems] == [(ProblemCode.BAD_AMOUNT, 56)]
    assert got.hand is not None and got.hand.unread_lines == (56,)  # read in part
    assert not {f.kind for f in audit_hand(got.hand).findings} & MONEY


def test_raise_written_as_its_total_is_named() -> None:
    # Bob re-raises from his 0.50 small blind to 9.00 and Ann calls 6.00: 49.00 in
    # (Ann 9 + 5 + 10, Bob 9 + 5 + 10, Cat 1), rake 2.45, Bob paid 46.55. A file that
    # writes the re-raise as its total, "Raise 9.00", reads 9.50 in for Bob as chips
    # added (49.50): the pot and the payout fit the raise-to meaning, so the line is
    # an amount_meaning problem (the hand read in part), never a finding
    obj = json.loads((FIX / "spec_shape_omaha_showdown_rake.ohh").read_text("utf-8"))
    body = obj["ohh"]
    pre = body["rounds"][0]["actions"]
    pre[4:5] = [{"action_number": 5, "player_id": 1, "action": "Raise", "amount": "9.00",
                 "is_allin": False},
                {"action_number": 6, "player_id": 0, "action": "Call", "amount": "6.00",
                 "is_allin": False}]  # fmt: skip
    body["pots"][0].update(amount="49.00", rake="2.45")
    body["pots"][0]["player_wins"][0].update(win_amount="46.55", contributed_rake="2.45")
    (got,) = parse(json.dumps(obj).replace('"9.00"', "9.00").encode())
    assert ProblemCode.AMOUNT_MEANING in [p.code for p in got.problems]
    assert got.hand is not None and got.hand.unread_lines == (1,)
    assert not {f.kind for f in audit_hand(got.hand).findings} & MONEY
    # written as the chips added (8.50), it reads clean
    (clean,) = parse(json.dumps(obj).replace('"9.00"', "8.50").encode())
    assert clean.problems == () and due(clean.hand) == {"Bob": 4655}


def test_unknown_action_and_player_are_read_in_part() -> None:
    data = _edited("spec_shape_omaha_showdown_rake.ohh", '"action": "Check", "amount": 0, "is_allin": false},\n        {"action_number": 2, "player_id": 0, "action": "Check"',
                   '"action": "Check", "amount": 0, "is_allin": false},\n        {"action_number": 2, "player_id": 0, "action": "Tap"')  # fmt: skip
    (got,) = parse(data)
    assert [(p.code, p.line) for p in got.problems] == [(ProblemCode.UNRECOGNISED_LINE, 43)]
    data = _edited("spec_shape_omaha_showdown_rake.ohh", '"player_id": 2, "action": "Fold"',
                   '"player_id": 7, "action": "Fold"')  # fmt: skip
    (got,) = parse(data)
    assert [(p.code, p.line) for p in got.problems] == [(ProblemCode.UNKNOWN_PLAYER, 34)]


def test_damaged_object_never_takes_the_next() -> None:
    good = (FIX / "side_pot_short_all_in.json").read_bytes().strip()
    nxt = good.replace(b'"ohh3001"', b'"ohh3002"')
    data = good[: len(good) // 2] + b"\n" + nxt + b"\n"
    first, second = parse(data)
    assert first.hand is None and first.problems[0].code == ProblemCode.TRUNCATED_HAND
    assert second.problems == () and second.hand.hand_id == "ohh3002" and second.hand.line == 2


def test_an_array_of_hands_and_bare_objects() -> None:
    a = json.loads((FIX / "side_pot_short_all_in.json").read_text("utf-8"))
    b = json.loads((FIX / "run_it_twice_from_the_turn.ohh").read_text("utf-8"))
    got = parse(json.dumps([a, b["ohh"]], indent=1).encode())
    assert [g.hand.hand_id for g in got] == ["ohh3001", "ohh4001"]
    assert all(g.problems == () for g in got)


def test_recognised_by_content_only() -> None:
    assert not ohh.FORMAT.recognise('{"history": [{"player": [{"name": "A"')
    assert not ohh.FORMAT.recognise("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)")
    assert ohh.FORMAT.recognise('{"ohh": {"spec_version": "1.4.7", "site_name": "x"')


def test_formats_lists_ohh() -> None:
    out = CliRunner().invoke(app, ["formats"], env={"COLUMNS": "200"})
    assert out.exit_code == 0 and "Open Hand History" in out.output


@pytest.mark.parametrize("name", sorted(p.name for p in FIX.iterdir() if p.is_file()))
def test_every_fixture_reads_without_problem(name: str) -> None:
    for got in parse((FIX / name).read_bytes(), name):
        assert [p.code for p in got.problems if p.code != ProblemCode.SKIPPED_GAME] == []

"""PHH as input (grammars/phh.py): hand-written fixtures (tests/fixtures/phh/), each
named for its quirk, with the money worked out by hand in the comments (minor units:
cents). The public PHH dataset could not be fetched here; the ``.phh`` fixture is
written in its shape (single-quoted strings, an actions array over lines with
comments, ``event``, ``ante_trimming_status``)."""

from __future__ import annotations

from pathlib import Path

from hhtools.audit import audit_hand
from hhtools.grammars import phh
from hhtools.grammars.base import ParsedHand
from hhtools.model.records import ActionKind, PostKind, Variant
from hhtools.model.vocab import FindingKind, ProblemCode

from tests.small_sites import due, parse_bytes

FIX = Path(__file__).parent / "fixtures" / "phh"
SIDE = FIX / "plo_side_pot_dataset_shape.phh"
FO8 = FIX / "fo8_quartered_then_holdem_skipped.phhs"
MONEY = {FindingKind.AWARD_MISMATCH, FindingKind.CHIP_IMBALANCE}


def parse(data: bytes, name: str = "x.phhs") -> list[ParsedHand]:
    return parse_bytes(phh.FORMAT, data, name)



def test_plo_side_pot_in_the_dataset_shape() -> None:
    (got,) = parse(SIDE.read_bytes(), str(SIDE))
    assert got.problems == ()
    h = got.hand
    assert (h.site, h.site_format, h.hand_id) == ("phh", "phh", "phh3001")
    assert (h.game.variant, h.game.hi_lo, h.game.structure) == (Variant.OMAHA, False, "pot_limit")
    assert (h.game.small_blind, h.game.big_blind, h.game.currency) == (25, 50, "USD")
    # PHH order: Ann (left of the button), Bob, Cat on the button (seat 4)
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (1, "Ann", 500), (2, "Bob", 3000), (4, "Cat", 4000)]
    assert h.button == 4 and h.max_seats == 6
    assert h.started_at is not None and h.started_at.isoformat() == "2024-03-03T21:30:00"
    assert h.time_zone == "UTC" and h.started_at_utc is not None
    # "p1 cbr 5": Ann raises to a street total of 5.00 from her 0.25 blind, all in
    ann = next(a for a in h.actions if a.player == "Ann" and a.kind is ActionKind.RAISE)
    assert (ann.to_amount, ann.all_in, ann.line) == (500, True, 15)
    # main pot 3 x 5.00 = 15.00 to Ann's aces and deuces, side pot 2 x 10.00 to Bob's
    # kings and deuces; the winnings say so, and the finishing stacks agree (Ann 0 +
    # 15, Bob 30 - 15 + 20, Cat 40 - 15)
    assert sorted((c.player, c.amount) for c in h.collects) == [("Ann", 1500), ("Bob", 2000)]
    assert not h.pots_named and h.rake == 0 and h.returned == ()
    assert due(h) == {"Ann": 1500, "Bob": 2000}
    assert not {f.kind for f in audit_hand(h).findings} & MONEY


def test_fo8_quartered_pot_and_holdem_skipped() -> None:
    fo8, holdem = parse(FO8.read_bytes(), str(FO8))
    assert fo8.problems == ()
    h = fo8.hand
    # no "hand" field: the file's name and the table's
    assert h.hand_id == "fo8_quartered_then_holdem_skipped:1" and h.line == 1
    assert (h.game.hi_lo, h.game.structure, h.game.small_bet, h.game.big_bet) == (
        True, "limit", 200, 400)
    assert [(a.player, a.post, a.amount) for a in h.actions if a.kind is ActionKind.POST] == [
        ("Ann", PostKind.SMALL_BLIND, 100), ("Bob", PostKind.BIG_BLIND, 200)]
    # 6.00 pot: the high half 3.00 to Ann's three kings; the low half tied by Ann and
    # Bob (A-3 with 8-5-2): 1.50 each. Ann 4.50, Bob 1.50: each a quarter of the low
    assert due(h) == {"Ann": 450, "Bob": 150}
    assert sorted((c.player, c.amount) for c in h.collects) == [("Ann", 450), ("Bob", 150)]
    assert not {f.kind for f in audit_hand(h).findings} & MONEY
    assert holdem.hand is None and holdem.skipped == "NT"
    assert [(p.code, p.line) for p in holdem.problems] == [(ProblemCode.SKIPPED_GAME, 14)]


def test_finishing_stacks_contradicting_the_winnings() -> None:
    # Bob's finishing stack 36 says 1.00 more than 30 - 15 + 20: a problem on the line
    data = SIDE.read_bytes().replace(b"finishing_stacks = [15, 35, 25]",
                                     b"finishing_stacks = [15, 36, 25]")  # fmt: skip
    (got,) = parse(data)
    assert [(p.code, p.line) for p in got.problems] == [(ProblemCode.BAD_AMOUNT, 47)]
    assert got.hand.unread_lines == (47,)
    assert not {f.kind for f in audit_hand(got.hand).findings} & MONEY


def test_finishing_stacks_alone_give_the_payouts() -> None:
    data = SIDE.read_bytes().replace(b"winnings = [15, 20, 0]\n", b"")
    (got,) = parse(data)
    assert got.problems == () and "collects" in got.hand.inferred
    assert sorted((c.player, c.amount) for c in got.hand.collects) == [("Ann", 1500), ("Bob", 2000)]


def test_no_payouts_are_not_judged() -> None:
    data = SIDE.read_bytes().replace(b"winnings = [15, 20, 0]\n", b"").replace(
        b"finishing_stacks = [15, 35, 25]\n", b"")  # fmt: skip
    (got,) = parse(data)
    assert [p.code for p in got.problems] == [ProblemCode.BAD_AMOUNT]
    assert not {f.kind for f in audit_hand(got.hand).findings} & MONEY


def test_uncalled_bet_goes_back() -> None:
    # Cat raises to 1.50 and both fold: 1.00 of it uncalled (Bob's 0.50 blind was the
    # most anyone else put in), Cat wins the 0.25 + 0.50 + 0.50 = 1.25 left
    data = (b'variant = "PO"\nantes = [0, 0, 0]\nblinds_or_straddles = [0.25, 0.50, 0]\n'
            b'min_bet = 0.50\nstarting_stacks = [5, 30, 40]\nactions = ["d dh p1 ????????", '
            b'"d dh p2 ????????", "d dh p3 ????????", "p3 cbr 1.50", "p1 f", "p2 f"]\n'
            b'hand = "phh3002"\ncurrency = "USD"\nwinnings = [0, 0, 1.25]\n')  # fmt: skip
    (got,) = parse(data)
    h = got.hand
    assert got.problems == () and [(r.player, r.amount) for r in h.returned] == [("p3", 100)]
    assert h.button == 3 and [(c.player, c.amount) for c in h.collects] == [("p3", 125)]


def test_damaged_header_never_joins_the_hand_before() -> None:
    text = FO8.read_text("utf-8").replace("[2]", "[2x")
    fo8, damaged = parse(text.encode())
    assert fo8.problems == () and fo8.hand.hand_id == "x:1"
    assert damaged.hand is None and damaged.problems[0].code == ProblemCode.BAD_HEADER
    # a lost header: the second hand's keys start a hand of their own
    text = FO8.read_text("utf-8").replace("[2]\n", "")
    fo8, second = parse(text.encode())
    assert fo8.problems == () and second.skipped == "NT"


def test_unknown_action_is_read_in_part() -> None:
    data = SIDE.read_bytes().replace(b"'p2 cbr 10',", b"'p2 xyz 10',")
    (got,) = parse(data)
    assert [(p.code, p.line) for p in got.problems][:1] == [(ProblemCode.UNRECOGNISED_LINE, 20)]
    assert got.hand is not None and 20 in got.hand.unread_lines


def test_recognised_by_content_only() -> None:
    assert phh.FORMAT.recognise('[1]\nvariant = "PO"\nantes = [0, 0]\n')
    assert not phh.FORMAT.recognise('{"ohh": {"spec_version": "1.4.7"')
    assert not phh.FORMAT.recognise("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)")

"""The audit's settlement and its check registry, on a hand written in PokerStars' format.

The hand (tests/fixtures/pokerstars/hilo_two_timestamps_quartered.txt): a $0.32 Omaha
hi/lo pot, no rake, board 3c 4d 9s Ks 7h. Bob's As 2c 5s 6s makes a straight (5 6 with
3 4 7) and Alice's Ah 2h Kd Qc a pair of kings: Bob wins the high half, 16 cents (the
odd cent of the halving would go high; 32 halves evenly). Both make 7-4-3-2-A low with
A 2 from the hand and 3 4 7 from the board: the low half, 16 cents, is split 8 / 8.
Bob is due 24, Alice 8. The site wrote "Bob collected $0.24" (line 28) and "Alice
collected $0.08" (line 29), and the total pot on line 31.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from hhtools.audit import audit_hand
from hhtools.audit.checks import CHECKS
from hhtools.audit.settle import settle
from hhtools.ingest.read import parse_file
from hhtools.model.records import Collect, HandHistory
from hhtools.model.vocab import CollectOrder, FindingKind, Half, PotPartsBasis

FIX = Path(__file__).parent / "fixtures" / "pokerstars"


def hand() -> HandHistory:
    (result,) = list(parse_file(FIX / "hilo_two_timestamps_quartered.txt"))
    assert result.hand is not None
    return result.hand


def lines(h: HandHistory) -> set[tuple[str, str, int, int | None, bool | None]]:
    (pot,) = settle(h).pots
    return {(x.player, str(x.half), x.paid, x.due, x.quarter) for x in pot.lines}


def test_the_grammar_declares_its_habits() -> None:
    h = hand()
    assert (h.site, h.site_format, h.collect_order) == (
        "pokerstars", "pokerstars", CollectOrder.HIGH_THEN_LOW)
    assert h.total_pot_line == 31


def test_lines_that_do_not_split_into_halves_stay_whole() -> None:
    # No prefix of (24, 8) adds up to the 16-cent high half: compared per player.
    assert lines(hand()) == {("Bob", "all", 24, 24, True), ("Alice", "all", 8, 8, True)}


def test_halves_from_the_order_the_format_declares() -> None:
    h = replace(hand(), collects=(Collect("Bob", 16, line=28), Collect("Bob", 8, line=29),
                                  Collect("Alice", 8, line=30)))  # fmt: skip
    assert lines(h) == {("Bob", "high", 16, 16, False), ("Bob", "low", 8, 8, True),
                        ("Alice", "low", 8, 8, True)}  # fmt: skip
    # A format that declares no order: nothing is guessed, each player's total is compared.
    unordered = replace(h, collect_order=CollectOrder.UNORDERED)
    assert lines(unordered) == {("Bob", "all", 24, 24, True), ("Alice", "all", 8, 8, True)}


def test_halves_the_site_names_are_taken_as_written() -> None:
    # The site says Bob took 24 from the high half and Alice 8 from the low: by the
    # rules Bob is due 16 high and 8 low, so both of Bob's halves are off by 8.
    h = replace(hand(), collect_order=CollectOrder.UNORDERED, collects=(
        Collect("Bob", 24, line=28, half=Half.HIGH), Collect("Alice", 8, line=29, half=Half.LOW)))
    assert lines(h) == {("Bob", "high", 24, 16, False), ("Bob", "low", 0, 8, True),
                        ("Alice", "low", 8, 8, True)}  # fmt: skip
    found = [f for f in audit_hand(h).findings if f.kind is FindingKind.AWARD_MISMATCH]
    assert [(f.player, f.half, f.paid, f.due, f.line) for f in found] == [
        ("Bob", Half.HIGH, 24, 16, 28), ("Bob", Half.LOW, 0, 8, 28)]


def test_shares_scoops_and_quarters_come_from_the_rules() -> None:
    (pot,) = settle(hand()).pots
    assert pot.award is not None
    assert pot.award.fraction("Bob", "all") == Fraction(3, 4)
    assert pot.award.fraction("Alice", "all") == Fraction(1, 4)
    assert {x.player: x.scoop for x in pot.lines} == {"Bob": False, "Alice": False}
    assert settle(hand()).won("Bob", 0) == 24


def test_pot_parts_as_the_grammar_typed_them() -> None:
    # One pot, 32 cents, with 2 cents of rake. Parts typed net are taken as written
    # (29 here, though pro rata would give 30); gross parts lose the rake (32 - 2);
    # parts of unknown basis are ignored and the rake is taken pro rata (32 - 2).
    base = replace(hand(), rake=2)
    net = replace(base, pot_parts=(29,), pot_parts_basis=PotPartsBasis.NET)
    gross = replace(base, pot_parts=(32,), pot_parts_basis=PotPartsBasis.GROSS)
    unknown = replace(base, pot_parts=(29,), pot_parts_basis=None)
    assert [settle(h).pots[0].net for h in (net, gross, unknown)] == [29, 30, 30]


def test_every_check_runs_in_registry_order_and_names_its_line() -> None:
    # A total pot the actions contradict (33 stated, 32 put in) and a wrong claim
    # ("a flush" for Bob's straight): chip_imbalance on the total line, then
    # declared_misread on Bob's show line (27 at the showdown).
    from hhtools.model.records import ClaimedHigh
    from hhtools.model.vocab import HandCategory

    h = hand()
    shows = tuple(
        replace(s, description="a flush, Seven high",
                claimed_high=ClaimedHigh(HandCategory.FLUSH, (7,)))
        if s.player == "Bob" and s.line == 27 else s
        for s in h.shows
    )  # fmt: skip
    h = replace(h, total_pot=33, shows=shows)
    kinds = [(f.kind, f.line) for f in audit_hand(h).findings
             if f.kind in (FindingKind.CHIP_IMBALANCE, FindingKind.DECLARED_MISREAD)]
    assert kinds == [(FindingKind.CHIP_IMBALANCE, 31), (FindingKind.DECLARED_MISREAD, 27)]
    assert [c.__name__ for c in CHECKS] == [
        "contradicted_line", "chip_balance", "award_mismatch", "declared_misread", "holdem_misread_prone",
        "mucked_winner", "procedure_blinds", "procedure_order", "procedure_bet_size",
        "procedure_showdown_order"]


def test_run_twice_collects_that_do_not_name_their_run() -> None:
    # tests/fixtures/pokerstars/run_it_twice.txt: a $198 pot after rake, $99 a run; Walt
    # wins run 1, Vera run 2. Written without runs (board None), in the other order,
    # each player's $99 goes to the run the rules give it on: nothing to report.
    (result,) = list(parse_file(FIX / "run_it_twice.txt"))
    h = result.hand
    assert h is not None
    unboarded = replace(h, collects=(Collect("Vera", 9900, line=28, board=None),
                                     Collect("Walt", 9900, line=24, board=None)))  # fmt: skip
    got = [(p.board, [(x.player, x.paid, x.due) for x in p.lines]) for p in settle(unboarded).pots]
    assert got == [(0, [("Walt", 9900, 9900)]), (1, [("Vera", 9900, 9900)])]
    assert audit_hand(unboarded).findings == ()
    # Walt paid the whole $198: run 1 takes his $99 due, the other $99 lands on run 2,
    # where the rules give it to Vera: two award_mismatch findings on run 2.
    wrong = replace(h, collects=(Collect("Walt", 19800, line=24, board=None),))
    found = [(f.board, f.player, f.paid, f.due) for f in audit_hand(wrong).findings
             if f.kind is FindingKind.AWARD_MISMATCH]  # fmt: skip
    assert found == [(1, "Vera", 0, 9900), (1, "Walt", 9900, 0)]


def _one(name: str) -> HandHistory:
    (result,) = list(parse_file(FIX / name))
    assert result.hand is not None
    return result.hand


def _money(h: HandHistory) -> list:
    bad = {FindingKind.AWARD_MISMATCH, FindingKind.CHIP_IMBALANCE}
    return [f for f in audit_hand(h).findings if f.kind in bad]


def test_collects_that_name_no_pot_go_to_the_pots_each_player_could_win() -> None:
    # ante_side_pot.txt: after $1.50 rake the main pot is $23.85 (Cal's full house, all
    # four antes and 7.90 from Cal, Ava, Bo) and the side pot $23.25 (Bo's aces over
    # Ava's kings). A format that writes "Bo wins $23.25", "Cal wins $23.85" with no
    # pot: Cal can win the main pot only, so his 23.85 is the main pot's; Bo could win
    # both, the rules give him 0 of the main pot, so his 23.25 goes on to the side pot.
    h = _one("ante_side_pot.txt")
    unnamed = replace(h, pots_named=False, collects=(
        Collect("Bo", 2325, pot=0, line=28), Collect("Cal", 2385, pot=0, line=30)))  # fmt: skip
    assert _money(unnamed) == []
    paid = {(p.pot, x.player): x.paid for p in settle(unnamed).pots for x in p.lines if x.paid}
    assert paid == {(0, "Cal"): 2385, (1, "Bo"): 2325}
    # The same lines read as "from the main pot" are wrong twice over.
    assert {f.kind for f in _money(replace(unnamed, pots_named=True))} == {
        FindingKind.AWARD_MISMATCH}


def test_one_amount_for_two_pots_is_spread_over_them() -> None:
    # ev_flop_all_in_side_pot_checked_down.txt: Ben wins the side pot $3.10 and the main
    # pot $8.40; a format that writes one line "Ben wins $11.50" names no pot.
    h = _one("ev_flop_all_in_side_pot_checked_down.txt")
    assert _money(h) == []
    unnamed = replace(h, pots_named=False, collects=(Collect("Ben", 1150, pot=0, line=30),))
    assert _money(unnamed) == []
    # Paid a cent short: the chips do not balance, and the missing cent shows on Ben's
    # last pot, the side pot (pot 1): paid 3.09, due 3.10.
    short = replace(unnamed, collects=(Collect("Ben", 1149, pot=0, line=30),))
    found = {(f.kind, f.pot, f.paid, f.due) for f in _money(short)
             if f.kind is FindingKind.AWARD_MISMATCH}  # fmt: skip
    assert found == {(FindingKind.AWARD_MISMATCH, 1, 309, 310)}
    assert FindingKind.CHIP_IMBALANCE in {f.kind for f in _money(short)}


def test_a_players_several_lines_for_pots_they_do_not_name_are_spread_as_one() -> None:
    # ev_flop_all_in_side_pot_checked_down.txt writes Ben's two wins per pot: $3.10
    # from the side pot (line 30), then $8.40 from the main pot (line 31). A format
    # whose lines name no pot writes the same two lines: together they are Ben's
    # $11.50, the main pot's $8.40 his due there and the rest, $3.10, the side pot's.
    # (Spread line by line, both lines would land on the main pot: $11.50 paid of it.)
    h = _one("ev_flop_all_in_side_pot_checked_down.txt")
    for order in ((310, 840), (840, 310)):  # in either order
        unnamed = replace(h, pots_named=False, collects=tuple(
            Collect("Ben", a, pot=0, line=30 + i) for i, a in enumerate(order)))  # fmt: skip
        assert _money(unnamed) == []
        paid: dict[int, int] = {}
        for p in settle(unnamed).pots:
            for x in p.lines:
                paid[p.pot] = paid.get(p.pot, 0) + x.paid
        assert paid == {0: 840, 1: 310}


def test_a_players_several_lines_for_runs_they_do_not_name_are_spread_as_one() -> None:
    # run_it_twice.txt with the second run's board made the first's (9c 6d Td Kh 6h):
    # Walt's full house wins both runs, $99 each of the $198 after rake. Written as
    # two lines of $99 naming no run, the first fills run 1 and the second run 2.
    (result,) = list(parse_file(FIX / "run_it_twice.txt"))
    h = result.hand
    assert h is not None
    both = replace(h, boards=(h.boards[0], h.boards[0]), collects=(
        Collect("Walt", 9900, line=24, board=None), Collect("Walt", 9900, line=28, board=None)))
    got = [(p.board, [(x.player, x.paid, x.due) for x in p.lines]) for p in settle(both).pots]
    assert got == [(0, [("Walt", 9900, 9900)]), (1, [("Walt", 9900, 9900)])]
    assert _money(both) == []


def test_equal_halves_written_low_first_are_not_a_mismatch() -> None:
    # The 32-cent pot halves 16 / 16. The site writes the low half's lines first:
    # Alice 8 and Bob 8 (the low, split), then Bob 16 (the high). Every player got what
    # the rules give (Bob 24, Alice 8); the prefix adding up to 16 is the low half here,
    # and reading it as the high half would invent four mismatches.
    h = replace(hand(), collects=(Collect("Alice", 8, line=28), Collect("Bob", 8, line=29),
                                  Collect("Bob", 16, line=30)))  # fmt: skip
    assert lines(h) == {("Bob", "high", 16, 16, False), ("Bob", "low", 8, 8, True),
                        ("Alice", "low", 8, 8, True)}  # fmt: skip
    assert not [f for f in audit_hand(h).findings if f.kind is FindingKind.AWARD_MISMATCH]


def test_equal_halves_paid_wrong_are_still_found() -> None:
    # Alice 16 then Bob 16 (due: Bob 16 high + 8 low, Alice 8 low). High half first,
    # Alice's 16 would be from the high half, which she did not win; low half first,
    # each line comes from a half its player won: Alice took 16 of the low (due 8),
    # Bob the high 16 and none of the low (due 8). So read, and both are found.
    h = replace(hand(), collects=(Collect("Alice", 16, line=28), Collect("Bob", 16, line=29)))
    assert lines(h) == {("Alice", "low", 16, 8, True), ("Bob", "high", 16, 16, False),
                        ("Bob", "low", 0, 8, True)}  # fmt: skip
    found = [f for f in audit_hand(h).findings if f.kind is FindingKind.AWARD_MISMATCH]
    assert sorted((f.player, f.half, f.paid, f.due) for f in found) == [
        ("Alice", Half.LOW, 16, 8), ("Bob", Half.LOW, 0, 8)]


def test_rake_taken_from_one_half_written_low_half_first() -> None:
    # The 32-cent pot with 2 cents of rake, 30 paid. The site took the rake from the
    # high half: Bob's high 14 (16 less 2), the low 16 split 8 / 8. Lines low half
    # first: Alice 8, Bob 8, Bob 14. The halves 16 / 14 lie within what the rake allows
    # (each between its half of 32, 16, less the 2 of rake, and 16): no mismatch.
    h = replace(hand(), rake=2, collects=(Collect("Alice", 8, line=28), Collect("Bob", 8, line=29),
                                          Collect("Bob", 14, line=30)))  # fmt: skip
    assert not [f for f in audit_hand(h).findings if f.kind is FindingKind.AWARD_MISMATCH]
    # the same amounts paid the wrong way round (Alice 14) are found
    bad = replace(h, collects=(Collect("Alice", 14, line=28), Collect("Bob", 16, line=29)))
    assert [f for f in audit_hand(bad).findings if f.kind is FindingKind.AWARD_MISMATCH]

"""The site's own totals check the reading (issue 27, item 2), and the rake of a hi/lo
pot taken from its halves as the site chose.

Amounts are cents, worked out by hand from the fixtures' lines in the comments.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hhtools.audit import audit_hand
from hhtools.grammars import fulltilt, pkr
from hhtools.model.records import HandText
from hhtools.model.vocab import FindingKind, Half, ProblemCode
from tests.conftest import SHARED

FIX = Path(__file__).parent / "fixtures"
MONEY = {FindingKind.AWARD_MISMATCH, FindingKind.CHIP_IMBALANCE, FindingKind.CONTRADICTED_LINE}


def _findings(hand) -> list:
    res = audit_hand(hand)
    return [f for f in getattr(res, "findings", res) if f.kind in MONEY]


def _fulltilt(text: str):
    ph = fulltilt.FORMAT.parse(HandText(text, "x", 1, 0))
    assert ph.hand is not None and ph.problems == ()
    return ph.hand


def test_hilo_halves_raked_after_halving_are_no_award_mismatch() -> None:
    # $9 went in ($4.50 each), rake $0.25. The site halves the $9 ($4.50 a half) and
    # takes the rake from the halves: high $4.40 ($0.10 of it), low $4.35 ($0.15).
    # The rules halve the pot and give the odd cent to the high half; which half the
    # rake comes from they do not say. Each half paid lies between its $4.50 less the
    # $0.25 rake and $4.50, and $4.40 + $4.35 = $8.75 = $9 - $0.25: no finding, and
    # the halves due are the ones paid (the pro rata netting would give $4.38/$4.37).
    text = (FIX / "fulltilt" / "hilo_halves_raked_after_halving.txt").read_text("utf-8")
    hand = _fulltilt(text)
    assert _findings(hand) == []
    res = audit_hand(hand)
    settlement = getattr(res, "settlement", None)
    if settlement is not None:
        (pot,) = settlement.pots
        due = {(ln.player, ln.half): ln.due for ln in pot.lines}
        assert due == {("Harlow", Half.HIGH): 440, ("Imre", Half.LOW): 435}


def test_hilo_halves_beyond_the_rake_are_still_compared() -> None:
    # The same hand paid $4.70 high and $4.05 low: the low half lost $0.45, more than
    # the whole $0.25 rake, so no allocation of the rake explains it: the rules' halves
    # ($4.38 high, $4.37 low) are compared and both halves are findings.
    text = (FIX / "fulltilt" / "hilo_halves_raked_after_halving.txt").read_text("utf-8")
    text = text.replace("$4.40", "$4.70").replace("$4.35", "$4.05")
    got = {(f.player, f.half, f.paid, f.due) for f in _findings(_fulltilt(text))}
    assert got == {("Harlow", Half.HIGH, 470, 438), ("Imre", Half.LOW, 405, 437)}


def test_call_read_in_the_wrong_meaning_is_a_problem_not_a_finding() -> None:
    # PKR's calls are street totals. Were a call line printed as the chips added
    # ("Quin calls $0.25" from the $0.05 small blind: $0.30 in all), the reading
    # (street total $0.25: $0.20 added) would put $0.65 in; the site's pot ($0.70)
    # and its payout plus rake ($0.67 + $0.03) fit the other meaning exactly. So the
    # line gets an amount_meaning problem (both readings named), the hand is read in
    # part on that line, and the audit says nothing of the money.
    text = (FIX / "pkr" / "pot_group_printed_twice_no_showdown.txt").read_text("utf-8")
    text = text.replace("Quin calls $0.30", "Quin calls $0.25")
    ph = pkr.FORMAT.parse(HandText(text, "x", 1, 0))
    assert ph.hand is not None
    assert [(p.code, p.line) for p in ph.problems] == [(ProblemCode.AMOUNT_MEANING, 21)]
    assert "$0.20" in ph.problems[0].message and "$0.25" in ph.problems[0].message
    assert 21 in ph.hand.unread_lines
    assert _findings(ph.hand) == []


def test_no_meaning_fits_leaves_the_audit_to_speak() -> None:
    # Were the payout $0.57 (the site keeping $0.10 it names nowhere), no meaning of
    # any line fits $0.57 + $0.03 = $0.60 against $0.70 in the pot: no problem, and
    # the ledger speaks (chip_imbalance).
    text = (FIX / "pkr" / "pot_group_printed_twice_no_showdown.txt").read_text("utf-8")
    text = text.replace("Piet wins $0.67", "Piet wins $0.57")
    ph = pkr.FORMAT.parse(HandText(text, "x", 1, 0))
    assert ph.hand is not None and ph.problems == ()
    assert FindingKind.CHIP_IMBALANCE in {f.kind for f in _findings(ph.hand)}


@pytest.mark.parametrize("corpus", ["corpus", "corpus2"])
def test_no_line_read_in_a_meaning_the_totals_deny(corpus: str) -> None:
    """Over each real corpus: no hand of a format that declares other meanings of
    its lines has one that fits the site's totals better than the reading."""
    from hhtools.ingest.read import parse_path

    root = SHARED / corpus
    if not root.is_dir():
        pytest.skip(f"{root} not found (../shared is only beside CI)")
    hands = 0
    wrong = []
    for res in parse_path([root]):
        hands += res.hand is not None
        wrong += [f"{p.file}:{p.line}: {p.message}" for p in res.problems
                  if p.code == ProblemCode.AMOUNT_MEANING]  # fmt: skip
    assert hands > 0
    assert wrong == []


def test_scooped_hilo_pot_raked_from_one_half_is_read_half_by_half() -> None:
    # PKR writes a hi/lo pot's high line, then its low line, naming no half. Ulla
    # scoops the $12 main pot, rake $0.60 from it: the rules' halves after rake are
    # $5.70 and $5.70. Were the rake taken from the low half only ("wins $6.00 with
    # high hand", "wins $5.40 with low hand"), the lines are still the pot's halves:
    # $6.00 is the $6 high half before rake, $5.40 the $6 low half less the $0.60
    # rake, and they add up to $11.40. So they are read as the high and the low half,
    # the halves awarded as paid, and nothing is a finding.
    from hhtools.audit import audit_hand

    text = (FIX / "pkr" / "plo8_side_pot_all_in_scoop_silent_uncalled.txt").read_text("utf-8")
    text = text.replace("Ulla wins $5.70 with high hand", "Ulla wins $6 with high hand")
    text = text.replace("Ulla wins $5.70 with low hand", "Ulla wins $5.40 with low hand")
    ph = pkr.FORMAT.parse(HandText(text, "x", 1, 0))
    assert ph.hand is not None and ph.problems == ()
    res = audit_hand(ph.hand)
    main = res.settlement.pots[0]
    assert {(ln.player, ln.half, ln.paid, ln.due) for ln in main.lines} == {
        ("Ulla", Half.HIGH, 600, 600), ("Ulla", Half.LOW, 540, 540)}
    assert [f for f in res.findings if f.kind in MONEY] == []

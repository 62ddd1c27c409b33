"""Winning Poker Network's older format: what its summary writes against the hand.

Amounts worked out by hand from the fixtures' lines (cents), in the comments.
"""

from __future__ import annotations

from pathlib import Path

from hhtools.grammars import winning
from hhtools.model.records import HandText
from hhtools.model.vocab import ProblemCode

FIX = Path(__file__).parent / "fixtures" / "winning"


def _one(name: str):
    with (FIX / name).open("rb") as fh:
        (ph,) = [winning.FORMAT.parse(ht) for ht in winning.FORMAT.split(fh, name)]
    return ph


def test_summary_board_not_the_streets_is_reported_on_its_line_and_streets_kept() -> None:
    # The street lines deal 9h 4c Jd, then 3s, then 8c; the summary's "Board:" line
    # (line 33) names five other cards. The hand was bet street by street on the cards
    # dealt, so they are the record's board; the summary's line is the one that
    # contradicts them: board_mismatch on line 33, not on the "Pot:" line (32).
    ph = _one("old_summary_board_not_the_streets.txt")
    h = ph.hand
    assert h is not None
    assert [(p.code, p.line) for p in ph.problems] == [(ProblemCode.BOARD_MISMATCH, 33)]
    assert h.boards == (("9h", "4c", "Jd", "3s", "8c"),)
    # Pot 299 after rake 0.96 and JP fee 0.04: 299 + 0.96 + 0.04 = $300 went in
    # (Ostrava 25 + 25 + 100, Brno 50 + 100 = 150 each; Brno's 150 river bet returned).
    assert (h.total_pot, h.rake, h.jackpot) == (30000, 96, 4)
    assert [(c.player, c.amount) for c in h.collects] == [("Brno", 29900)]


def test_sitting_out_and_waiting_for_the_big_blind_are_not_dealt_in() -> None:
    # "Player Tabor sitting out" and "Player Jihlava wait BB": neither posts, is dealt
    # a card or acts, so neither is dealt in (their seats sit out). The pot: Zlin 15 +
    # 15 and Opava 30 = 60; Zlin's flop bet of 60 is returned; Pot 59 + Rake 1 = 60.
    ph = _one("old_sitting_out_and_wait_bb.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert {s.player: s.sitting_out for s in h.seats} == {
        "Opava": False, "Zlin": False, "Tabor": True, "Jihlava": True}
    assert (h.total_pot, h.rake) == (6000, 100)


def test_site_keeping_more_than_its_rake_is_one_ledger_finding() -> None:
    # Kolin raises (12) (chips added, from nothing: 12), Pisek calls (10) from his small
    # blind of 2 (12), Cheb calls (8) from his big blind of 4 (12): 36 went in, as the
    # summary's "Bets: 12" lines say. Kolin's flop bet of 33.75 is returned. The site
    # paid 33.75 and names a rake of 2: 35.75, so 0.25 is kept that no line names (as
    # corpus2's StrangePlayerNames.txt, a 2014 hand). No meaning of any line fits 36 =
    # 35.75 (a raise-to 12 from nothing also adds 12): the reading stands, no problem.
    # The format writes its pot after rake, so the total pot recorded (33.75 + 2) is
    # the payouts: one chip_imbalance says it (paid 35.75, due 36), not two.
    from hhtools.audit import audit_hand
    from hhtools.model.vocab import FindingKind

    ph = _one("old_site_keeps_more_than_its_rake.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert (h.total_pot, h.rake) == (3575, 200)
    res = audit_hand(h)
    ledger = [(f.paid, f.due) for f in res.findings if f.kind is FindingKind.CHIP_IMBALANCE]
    assert ledger == [(3575, 3600)]


def test_new_format_waits_for_big_blind_is_not_dealt_in() -> None:
    # "Golf waits for big blind": Golf posts nothing and never acts, so is not dealt
    # in (his seat sits out). Delta raises to $6, both blinds fold: $4 of the raise is
    # returned ($6 - the $2 big blind called by nobody), the pot is $1 + $2 + $2 = $5.
    ph = _one("new_waits_for_big_blind.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert {s.player: s.sitting_out for s in h.seats} == {
        "Delta": False, "Echo": False, "Foxtrot": False, "Golf": True}
    assert h.total_pot == 500 and [(c.player, c.amount) for c in h.collects] == [("Delta", 500)]


def test_lines_that_carry_no_chips_are_read() -> None:
    # A player leaving, losing and regaining the connection, or using time changes no
    # stack, pot or seat of the hand: the hand reads as it does without those lines.
    text = (FIX / "new_waits_for_big_blind.txt").read_text("utf-8")
    quiet = text.replace("Echo folds\n", "Echo is disconnected\nEcho has returned\nEcho folds\n")
    quiet = quiet.replace("Foxtrot folds\n", "Foxtrot will be using his time bank for this "
                          "hand.\nFoxtrot folds\nGolf has left the table\n")  # fmt: skip
    plain = winning.FORMAT.parse(HandText(text, "x", 1, 0))
    ph = winning.FORMAT.parse(HandText(quiet, "x", 1, 0))
    assert ph.hand is not None and ph.problems == ()
    assert [(a.player, a.kind, a.amount) for a in ph.hand.actions] == [
        (a.player, a.kind, a.amount) for a in plain.hand.actions]
    assert ph.hand.collects[0].amount == plain.hand.collects[0].amount == 500

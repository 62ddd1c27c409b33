"""A PokerStars hand whose summary stops before the "Seat N:" line of a player who put
chips in is a hand cut short: the summary writes one line a player dealt in, the only
place of a fold the body does not write ("Bo has timed out"), of a cash-out's forfeited
pot ("pot not awarded as player cashed out") and of a converter's wins. Read whole, such
a text was judged on what was missing (found by cutting each fixture at every line).
Line numbers are the fixture's, worked by hand."""

from __future__ import annotations

from pathlib import Path

from hhtools.grammars import pokerstars
from hhtools.model.records import HandText
from hhtools.model.vocab import ProblemCode

FIX = Path(__file__).parent / "fixtures" / "pokerstars"


def _cut(name: str, end: int) -> pokerstars.ParsedHand:
    lines = (FIX / name).read_text("utf-8").split("\n")
    return pokerstars.FORMAT.parse(HandText("\n".join(lines[:end]), "p.txt", 1, 0))


def test_a_fold_only_the_summary_writes() -> None:
    # Bo "has timed out" facing Cat's flop bet (line 19); his fold is only in the summary
    # (line 32). Cut after the total (29) to Bo's own line (32 is his): Bo was still in,
    # and the audit gave him no share of a pot Al won (award_mismatch, procedure_order).
    for end in (29, 30, 31, 32):
        r = _cut("folds_disconnect_and_timed_out.txt", end)
        assert r.hand is None
        assert [(p.line, p.code) for p in r.problems] == [(end, ProblemCode.TRUNCATED_HAND)]
    # to Cat's line (33): every player who put chips in has his line (Di put none in)
    r = _cut("folds_disconnect_and_timed_out.txt", 33)
    assert r.hand is not None and r.problems == ()
    assert [(c.player, c.amount) for c in r.hand.collects] == [("Al", 1500)]


def test_a_cash_out_only_the_summary_writes() -> None:
    # Ben cashed out; "(pot not awarded as player cashed out)" is on his summary line (27).
    # Cut before it, the audit found a chip imbalance and an award mismatch.
    for end in (24, 25, 26, 27):
        r = _cut("cash_out_pot_not_awarded.txt", end)
        assert r.hand is None
        assert [(p.line, p.code) for p in r.problems] == [(end, ProblemCode.TRUNCATED_HAND)]
    r = _cut("cash_out_pot_not_awarded.txt", 28)
    assert r.hand is not None and r.problems == ()
    assert [(c.player, c.forfeited) for c in r.hand.cash_outs] == [("Ben", 5558)]

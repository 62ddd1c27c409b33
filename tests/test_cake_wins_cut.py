"""Cake: its "wins" lines end a hand, and it prints no pot and no rake (the rake is what
stayed in the middle less what was paid). A file cut at its end inside or before the
last "wins" line read as a whole hand: the chips cut off were read as rake, the winner's
result short by them, and no finding told it. Now a hand whose last line is a cash win
cut inside its cents ("$12,8" of "$12,87": Cake writes a cash amount whole or with two
decimals), a cash hand paid under nine tenths of its pot, or a tournament hand not paid
every chip (a tournament takes no rake) is a hand cut short (``truncated_hand`` on its
last line, no record); the whole hands read as before.

The fixture ``last_wins_line_cut_chips_read_as_rake.txt``, worked by hand:

Hand 1, $0,10/$0,25 PL Omaha, 27 lines. Piet raises to $0,85, Rosa (small blind) and Odile
(big blind) call: $2,55. Flop: Odile bets $2, Piet calls, Rosa folds: $6,55. Turn: Piet
bets $3,50, Odile calls: $13,55. Odile's two pair, aces and nines (Ad 9d with Ah 9c Qs),
beats Piet's kings; "Odile wins $12,87" on line 27: rake $13,55 - $12,87 = $0,68.

Hand 2 (file line 30), a tournament hi/lo hand, 0/25/50, 25 lines. Tomas raises to 150,
Ugo folds his 25, Sanne calls; 150 more each on the flop: 25 + 300 + 300 = 625. Tomas's
three kings win the high half, 313 (the odd chip to the high half), Sanne's 8-5-3-2-A
the low, 312 (lines 53, 54).
"""

from __future__ import annotations

from pathlib import Path

from hhtools.audit import audit_hand
from hhtools.grammars import cake
from hhtools.grammars.base import ParsedHand
from hhtools.model.records import HandText
from hhtools.model.vocab import Half, ProblemCode

FIX = Path(__file__).parent / "fixtures" / "cake" / "last_wins_line_cut_chips_read_as_rake.txt"
LINES = FIX.read_text().splitlines()
CASH, TOURNEY = LINES[:27], LINES[29:54]


def _read(lines: list[str], first: int = 1) -> ParsedHand:
    return cake.FORMAT.parse(HandText("\n".join(lines), "c.txt", first, 0))


def test_the_whole_hands() -> None:
    r = _read(CASH)
    assert r.hand is not None and r.problems == ()
    assert [(c.player, c.amount) for c in r.hand.collects] == [("Odile", 1287)]
    assert r.hand.rake == 68
    assert audit_hand(r.hand).findings == ()
    r = _read(TOURNEY, 30)
    assert r.hand is not None and r.problems == ()
    assert [(c.player, c.amount, c.half) for c in r.hand.collects] == [
        ("Tomas", 313, Half.HIGH), ("Sanne", 312, Half.LOW)]  # fmt: skip
    assert r.hand.rake == 0
    assert audit_hand(r.hand).findings == ()


def _cut(lines: list[str], first: int = 1) -> list[tuple[int, ProblemCode]]:
    r = _read(lines, first)
    assert r.hand is None
    return [(p.line, p.code) for p in r.problems]


def test_cash_win_cut_inside_its_cents() -> None:
    # before: read whole, Odile paid $12,80 (or $12,00), rake $0,75 ($1,55), no finding
    for cut in ("Odile wins $12,8", "Odile wins $12,"):
        assert _cut([*CASH[:-1], cut]) == [(27, ProblemCode.TRUNCATED_HAND)]


def test_cash_win_cut_before_its_cents() -> None:
    # "$12" of "$12,87", "$1": rake $1,55 (11%), $12,55: paid under nine tenths
    for cut in ("Odile wins $12", "Odile wins $1"):
        assert _cut([*CASH[:-1], cut]) == [(27, ProblemCode.TRUNCATED_HAND)]


def test_tournament_low_half_cut() -> None:
    # before: read whole, the low half's 312 chips (or 281) read as a tournament's rake
    assert _cut(TOURNEY[:-1], 30) == [(53, ProblemCode.TRUNCATED_HAND)]
    assert _cut([*TOURNEY[:-1], "Sanne wins low pot 31"], 30) == [(54, ProblemCode.TRUNCATED_HAND)]
    assert _cut([*TOURNEY[:-2], "Tomas wins high pot 31"], 30) == [(53, ProblemCode.TRUNCATED_HAND)]


def test_a_whole_amount_with_no_cents_still_reads_whole() -> None:
    # "$12,87" written "$13" (a whole-dollar win, rake $0,55) is no cut
    r = _read([*CASH[:-1], "Odile wins $13 with Two Pairs Aces and Nines"])
    assert r.hand is not None and r.problems == ()
    assert r.hand.rake == 55

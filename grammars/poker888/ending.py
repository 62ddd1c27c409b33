"""Where an 888poker hand ends: its last "collected" line, nothing after it.

The site writes no total pot, no rake line and no closing line, so a text cut between
its "collected" lines (a file cut at its end) reads like a hand paid short. It is
told apart by what a whole hand's lines always hold: one line a pot (a hi/lo pot: one
a half), main pot first; a "(Hi: ..)" or "(Lo: ..)" claim only under a winner's show
(a losing low is shown bare: the corpora's four hi/lo showdowns); a rake of at most 5%
of the pot (the corpora: 0.1 to 5.0%), none in a tournament.
"""

from __future__ import annotations

from collections.abc import Sequence

from hhtools.grammars import _kit as k


def wins_cut(
    shows: Sequence[k.Show], collects: Sequence[k.Collect], pot_sizes: Sequence[int],
    pot: int, tournament: bool,
) -> str | None:  # fmt: skip
    """Why the "collected" lines read are not all of them, or ``None`` (the hand whole).

    Args:
        shows: the hand's shows, their claims read (``description``, ``low_description``).
        collects: the "collected" lines given to the pots (:func:`~.._pots.in_pot_order`).
        pot_sizes: the pots' gross sizes, main pot first (:func:`~.._pots.pots_of`).
        pot: what stayed in the middle; all amounts minor units.
        tournament: no rake.

    Cut short, when more is unpaid than the rake could be: a claim's player collects
    nothing (a half's line missing); a pot has no line and the unpaid is at least its
    size (its lines missing; a site that paid two pots on one line paid them); in a
    cash game, more than a tenth of the pot unpaid (a tied share missing:
    :func:`~.._inferred.short_paid`). In a tournament a pot paid short on all its lines
    is the site's (a real 2013 hand pays 76 of a 576 side pot on its two lines): read,
    and left to the audit.

    >>> one = k.Collect("a", 600, 0)
    >>> wins_cut([k.Show("b", (), low_description="7h, 5d, 3h, 2c, As")], [one], [1200], 1200, True)
    "'b' shows a winner's claim but collects nothing (cut short?)"
    >>> wins_cut([], [k.Collect("a", 1200, 0)], [1200, 1200], 2400, True)
    "a pot is paid by no 'collected' line (cut short?)"
    >>> wins_cut([], [k.Collect("a", 715, 0)], [1500], 1500, False)
    "the 'collected' lines pay less than nine tenths of the pot (cut short?)"
    >>> wins_cut([], [k.Collect("a", 1200, 0), k.Collect("b", 100, 1)], [1200, 1200], 2400, True)
    """
    unpaid = pot - k.collected(collects)
    if unpaid <= (0 if tournament else pot // 20 + 1):
        return None
    winners = {c.player for c in collects}
    for s in shows:
        if (s.description or s.low_description) and s.player not in winners:
            return f"{s.player!r} shows a winner's claim but collects nothing (cut short?)"
    paid_pots = {c.pot for c in collects}
    if any(i not in paid_pots and unpaid >= size for i, size in enumerate(pot_sizes)):
        return "a pot is paid by no 'collected' line (cut short?)"
    if not tournament and k.short_paid(pot, pot - unpaid):
        return "the 'collected' lines pay less than nine tenths of the pot (cut short?)"
    if tournament and _share_missing(shows, collects, pot_sizes):
        return "a pot's one 'collected' line is a tied share of it (cut short?)"
    return None


def _share_missing(shows: Sequence[k.Show], collects: Sequence[k.Collect],
                   pot_sizes: Sequence[int]) -> bool:  # fmt: skip
    """A tournament pot paid by one line only, that line an equal share of it (the pot
    ``n`` times it, give or take the odd chips: ``n - 1``), ``n`` of 2 or more and at
    least ``n`` hands shown: a tie whose other shares' lines are past the text's end
    (a high-only tie cut after its first winner). A whole pot a site paid short is
    paid otherwise (the real 2013 hand: 76 of a 576 side pot, on two lines).

    >>> ann, bob = k.Show("a", ("As",)), k.Show("b", ("Ks",))
    >>> _share_missing([ann, bob], [k.Collect("a", 100, 0)], [201])
    True
    >>> _share_missing([ann], [k.Collect("a", 100, 0)], [201])
    False
    """
    shown = sum(1 for s in shows if s.cards and not s.mucked)
    for i, size in enumerate(pot_sizes):
        lines = [c.amount for c in collects if c.pot == i]
        if len(lines) != 1 or lines[0] <= 0:
            continue
        n = round(size / lines[0])
        if 2 <= n <= shown and abs(size - n * lines[0]) <= n - 1:
            return True
    return False

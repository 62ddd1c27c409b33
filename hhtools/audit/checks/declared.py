"""``declared_misread``: the site's words for a shown hand differ from what its cards make.

A declaration is compared by meaning, never as text: the grammar typed it into a
category and the ranks the site names (:class:`~hhtools.model.records.ClaimedHigh`,
a low's ranks high to low), and it must fit the rules' reading on the board it belongs
to (:meth:`ClaimedHigh.fits`: same category, the named ranks the hand's first ranks;
a straight named from either end is the same straight). In a hand run more than once,
a declaration speaks only for its own board; one declaration the site wrote for a hand
of several boards names no board, and is not compared.
"""

from __future__ import annotations

from collections.abc import Iterator

from hhtools.audit.context import AuditContext
from hhtools.audit.findings import Finding
from hhtools.model.frozen import maker
from hhtools.model.records import ClaimedHigh
from hhtools.model.vocab import FindingKind, Half, HandCategory
from hhtools.rules.evaluator import HighHand
from hhtools.rules.reading import describe_high, low_key

_claimed = maker(ClaimedHigh)  # by position: written in C when compiled
#: the category indexes (``value >> 20``) of a straight and a straight flush
_STRAIGHTS = tuple(i for i, c in enumerate(HandCategory)
                   if c in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH))  # fmt: skip


def rules_key(high: HighHand) -> ClaimedHigh:
    """``ClaimedHigh.of_cards(high.category, high.cards)``, read from the value alone: its
    five ranks are the cards' rank indexes (0: deuce .. 12: ace) in reading order
    (:mod:`hhtools.rules.evaluator`'s docstring: by count, then high to low; a straight
    from its top card, the wheel's first card the five), so a straight's key is its
    first rank and any other hand's its ranks each once, in that order, as 2..14.

    >>> from hhtools.rules.evaluator import best_high
    >>> rules_key(best_high("Kd Kc 7s 2h", "Ks 7d 7c 3h 9s")).ranks  # kings full of sevens
    (13, 7)
    >>> rules_key(best_high("Ah 2c Qs Qd", "3s 4d 5c Kh 9s")).ranks  # the wheel: five high
    (5,)
    """
    v = high.value
    key = _KEYS.get(v)  # (a key is a frozen record: one per value, shared by the hands)
    if key is None or key.category is not high.category:
        key = _rules_key(high)
        if len(_KEYS) < 10_000:  # (7,462 high values there are)
            _KEYS[v] = key
    return key


#: :func:`rules_key` by the hand's value, as worked out the first time
_KEYS: dict[int, ClaimedHigh] = {}


def _rules_key(high: HighHand) -> ClaimedHigh:
    """:func:`rules_key`, worked out."""
    v = high.value
    if v >> 20 in _STRAIGHTS:
        return _claimed(high.category, ((v >> 16 & 15) + 2,))
    ranks: list[int] = []
    for shift in (16, 12, 8, 4, 0):
        r = (v >> shift & 15) + 2
        if r not in ranks:  # (a rank's cards are next to each other in reading order)
            ranks.append(r)
    return _claimed(high.category, tuple(ranks))


def declared_misread(ctx: AuditContext) -> Iterator[Finding]:
    """Each shown hand whose claimed high or low (typed by the grammar) is not the
    rules' reading with exactly two hole cards and three board cards, on its board.

    A description the grammar could not type makes no claim and is not checked; a low
    named by its top cards only ("8-low") is compared on those cards. The line is the
    show line that carried the description.
    """
    settlement = ctx.settlement
    several = len(ctx.hand.boards) > 1
    boards_said: dict[str, set[int]] = {}
    if several:
        for s in ctx.hand.shows:
            boards_said.setdefault(s.player, set()).add(s.board)
    for sd in settlement.showdown:
        show = sd.show
        if sd.high is None or show.mucked or show.board != sd.board:
            continue
        if several and len(boards_said.get(sd.player, ())) < 2:
            continue  # one declaration for several boards: which board it means is unknown
        if show.claimed_high is not None:
            real = rules_key(sd.high)
            if not show.claimed_high.fits(real):
                yield Finding(
                    FindingKind.DECLARED_MISREAD, sd.player, sd.board, 0, Half.HIGH, 0, 0,
                    f"the site says {sd.player} has {show.description}, but with exactly two "
                    f"hole cards the cards make {describe_high(sd.high.category, sd.high.cards)} "
                    f"({' '.join(sd.high.cards)}, {sd.high.category})",
                    show.line,
                )  # fmt: skip
        if show.claimed_low is not None:
            real_low = low_key(sd.low.cards) if sd.low else None
            named = len(show.claimed_low)
            if real_low is None or show.claimed_low != real_low[:named]:
                best = " ".join(sd.low.cards) if sd.low else "no qualifying low"
                yield Finding(
                    FindingKind.DECLARED_MISREAD, sd.player, sd.board, 0, Half.LOW, 0, 0,
                    f"the site says {sd.player}'s low is {show.low_description}, but the "
                    f"rules give {best}",
                    show.line,
                )  # fmt: skip

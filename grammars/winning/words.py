"""WPN's words for shown hands, and its per-player collects shared out over the pots.

WPN describes hands as "Two pairs. Qs and 3s", "Flush, 7 high", "a straight, Five
high" (newer format), and lows as "Low hand (A A 2 3 6 7 )" or "LO - [5,4,3,2,1]".
:func:`read_claim` and the low readers type them into the claims of
:class:`~hhtools.model.records.Show`.

The older format pays each player one total in its summary ("Collects: 238.50") and
names no pot. :func:`share_out` turns the totals into per-pot collects (see its doc).
"""

from __future__ import annotations

import re

from hhtools.grammars import _kit as k

__all__ = ["read_claim", "read_new_low", "read_old_low", "share_out"]

_CATS: tuple[tuple[str, k.HandCategory, int], ...] = (
    ("royal flush", k.HandCategory.STRAIGHT_FLUSH, 0),
    ("straight flush", k.HandCategory.STRAIGHT_FLUSH, 1),
    ("four of a kind", k.HandCategory.FOUR_OF_A_KIND, 1),
    ("full house", k.HandCategory.FULL_HOUSE, 2),
    ("flush", k.HandCategory.FLUSH, 1),
    ("straight", k.HandCategory.STRAIGHT, 1),
    ("three of a kind", k.HandCategory.THREE_OF_A_KIND, 1),
    ("three of kind", k.HandCategory.THREE_OF_A_KIND, 1),  # older: "Three Of Kind of 7s"
    ("two pairs", k.HandCategory.TWO_PAIR, 2),
    ("two pair", k.HandCategory.TWO_PAIR, 2),
    ("one pair", k.HandCategory.ONE_PAIR, 1),
    ("pair", k.HandCategory.ONE_PAIR, 1),
    ("high card", k.HandCategory.HIGH_CARD, 1),
)
_TOKEN = re.compile(r"\b(10|[2-9TJQKA])s?\b|([A-Za-z]+)")
_CHAR = {"T": 10, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14} | {str(n): n for n in range(2, 10)}
_LOW = {"A": 1, "1": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13} | {
    str(n): n for n in range(2, 10)
}


def read_claim(text: str | None) -> k.ClaimedHigh | None:
    """Type WPN's words for a high hand (either format); ``None`` when not read.

    >>> read_claim("Two pairs. Qs and 3s")
    ClaimedHigh(category=<HandCategory.TWO_PAIR: 'two pair'>, ranks=(12, 3))
    >>> read_claim("Flush, 7 high").ranks
    (7,)
    >>> read_claim("a straight, Five high").ranks
    (5,)
    """
    if not text:
        return None
    words = text.strip().lower().removeprefix("a ").removeprefix("an ")
    for key, category, named in _CATS:
        if not words.startswith(key):
            continue
        if named == 0:
            return k.ClaimedHigh(category, (14,))
        ranks: list[int] = []
        for m in _TOKEN.finditer(text[text.lower().find(key) + len(key) :]):
            if m.group(1):
                ranks.append(_CHAR[m.group(1).upper()])
            elif m.group(2).lower() in k.RANK_WORDS:
                ranks.append(k.RANK_WORDS[m.group(2).lower()])
        if len(ranks) < named:
            return None
        return k.ClaimedHigh(category, tuple(ranks[:named]))
    return None


def _ranks(words: list[str]) -> list[int] | None:
    """The low ranks (ace = 1) of rank words, or ``None`` when one is not a rank."""
    try:
        return [_LOW[w.strip().upper()] for w in words]
    except KeyError:
        return None


def read_old_low(text: str | None) -> tuple[int, ...] | None:
    """ "A A 2 3 6 7 " -> ``(7, 6, 3, 2, 1)``: the low's five distinct ranks, or ``None``.

    >>> read_old_low("A A 2 3 6 7 ")
    (7, 6, 3, 2, 1)
    """
    ranks = set(_ranks(text.split()) or ()) if text else set()
    if len(ranks) != 5 or max(ranks) > 8:
        return None
    return tuple(sorted(ranks, reverse=True))


def read_new_low(text: str | None) -> tuple[int, ...] | None:
    """ "5,4,3,2,1" -> ``(5, 4, 3, 2, 1)`` (ace = 1), or ``None``.

    >>> read_new_low("8,6,4,2,1")
    (8, 6, 4, 2, 1)
    """
    ranks = _ranks(text.split(",")) if text else None
    if ranks is None or len(ranks) != 5 or len(set(ranks)) != 5:
        return None
    return tuple(sorted(ranks, reverse=True))


def _pots(
    put: dict[str, int], folded: set[str], dead: dict[str, int] | None = None
) -> list[tuple[int, list[str]]]:
    """The pots the bets make: (gross amount, eligible players), main pot first; a dead
    small blind's chips (``dead``, by player) at no level, in the main pot."""
    if dead:
        live_pots = _pots({p: a - min(dead.get(p, 0), a) for p, a in put.items()}, folded)
        if live_pots:
            extra = sum(min(d, put.get(p, 0)) for p, d in dead.items())
            live_pots[0] = (live_pots[0][0] + extra, live_pots[0][1])
            return live_pots
    live = [p for p, a in put.items() if p not in folded and a > 0]
    levels = sorted({put[p] for p in live})
    pots: list[tuple[int, list[str]]] = []
    prev = 0
    for lvl in levels:
        amount = sum(min(a, lvl) - min(a, prev) for a in put.values())
        if amount > 0:
            pots.append((amount, [p for p in live if put[p] >= lvl]))
        prev = lvl
    rest = sum(max(a - prev, 0) for a in put.values())
    if rest and pots:
        pots[-1] = (pots[-1][0] + rest, pots[-1][1])
    return pots


_CATEGORY_ORDER = {c: i for i, c in enumerate(k.HandCategory)}


def _key(show: k.Show) -> tuple[int, tuple[int, ...]] | None:
    c = show.claimed_high
    return None if c is None else (_CATEGORY_ORDER[c.category], c.ranks)


def _award(
    net: int, eligible: list[str], shows: dict[str, k.Show], hi_lo: bool
) -> dict[str, int] | None:
    """One pot awarded by the site's own claims (``None`` when they cannot tell)."""
    keyed = {p: key for p in eligible if p in shows and (key := _key(shows[p])) is not None}
    if not keyed:
        return None
    best = max(keyed.values())
    high = [p for p in eligible if keyed.get(p) == best]
    lows = {p: shows[p].claimed_low for p in eligible if p in shows and shows[p].claimed_low}
    out: dict[str, int] = {}
    halves = [(net, high)]
    if hi_lo and lows:
        low_best = min(lows.values())  # type: ignore[type-var]
        halves = [
            (net - net // 2, high),
            (net // 2, [p for p in eligible if lows.get(p) == low_best]),
        ]
    for amount, winners in halves:
        each, odd = divmod(amount, len(winners))
        for i, p in enumerate(winners):
            out[p] = out.get(p, 0) + each + (1 if i < odd else 0)
    return out


def share_out(
    totals: list[tuple[str, int, int]],
    put: dict[str, int],
    returned: dict[str, int],
    folded: set[str],
    shows: list[k.Show],
    hi_lo: bool,
    taken: int,
    dead: dict[str, int] | None = None,
) -> tuple[list[k.Collect], tuple[int, ...], k.PotPartsBasis | None]:
    """Per-pot collects from the summary's per-player totals.

    Args:
        totals: ``(player, collected, line)`` from the summary, minor units.
        put: what each player put in over the hand (returns not yet taken off).
        returned: uncalled bets returned, by player.
        folded: players who folded.
        shows: the summary's shown hands with the site's claims.
        hi_lo: split pots.
        taken: rake and jackpot fee together.
        dead: player -> the dead small blind of a post of both blinds: at no level (a
            side pot of its own was made of it, and a winner's total split over it).

    Returns:
        ``(collects, pot_parts, basis)``. With one pot, or one pot any winner could
        win, each total is a main-pot collect and there are no parts. Otherwise the
        pots are rebuilt from the bets and netted two ways (rake and fee all from the
        main pot; in proportion to the pots); the first under which the site's own
        declared hands award exactly the totals it paid gives the per-pot collects
        and the pots' net sizes (``pot_parts``, net). When neither does, each total
        is a main-pot collect and the audit judges it.
    """
    net_put = {p: a - returned.get(p, 0) for p, a in put.items()}
    pots = _pots(net_put, folded, dead)
    plain = [k.Collect(p, a, 0, 0, line) for p, a, line in totals]
    if len(pots) <= 1:
        return plain, (), None
    by_player = {p: a for p, a, _ in totals}
    lines = {p: line for p, _, line in totals}
    shown = {s.player: s for s in shows}
    gross = [a for a, _ in pots]
    for nets in (_from_main(gross, taken), _pro_rata(gross, taken)):
        got = _awards(nets, pots, by_player, shown, hi_lo)
        if got is not None and _sums(got) == by_player:
            collects = [
                k.Collect(p, a, pot, 0, lines[p])
                for pot, award in enumerate(got)
                for p, a in award.items()
                if a
            ]
            return collects, tuple(nets), k.PotPartsBasis.NET
    return plain, (), None


def _awards(
    nets: list[int], pots: list[tuple[int, list[str]]], by_player: dict[str, int],
    shown: dict[str, k.Show], hi_lo: bool,
) -> list[dict[str, int]] | None:  # fmt: skip
    """Each pot's award by the site's claims (a pot one paid player could win is
    theirs), or ``None`` when the claims cannot tell one."""
    got: list[dict[str, int]] = []
    for net, (_, eligible) in zip(nets, pots, strict=True):
        winners = [p for p in eligible if by_player.get(p)]
        if len(winners) == 1:
            got.append({winners[0]: net})
            continue
        award = _award(net, eligible, shown, hi_lo)
        if award is None:
            return None
        got.append(award)
    return got


def _sums(got: list[dict[str, int]]) -> dict[str, int]:
    """What each player is paid over the pots (players paid nothing left out)."""
    sums: dict[str, int] = {}
    for award in got:
        for p, a in award.items():
            sums[p] = sums.get(p, 0) + a
    return {p: a for p, a in sums.items() if a}


def _from_main(gross: list[int], taken: int) -> list[int]:
    return [max(gross[0] - taken, 0), *gross[1:]]


def _pro_rata(gross: list[int], taken: int) -> list[int]:
    total = sum(gross)
    if not total:
        return list(gross)
    shares = [taken * g // total for g in gross]
    shares[0] += taken - sum(shares)
    return [g - s for g, s in zip(gross, shares, strict=True)]

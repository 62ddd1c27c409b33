"""All-in equity: each player's expected share of each pot over every remaining board.

When the money is in before the river and the hole cards of every player still in are
known, what each was due on average follows from the rules alone: deal every board
the remaining cards can make, award each pot and each half on each board by the
rules (best five from exactly two hole cards and three board cards; the low half to
the best qualifying ace-to-five low, the whole pot to the high when none qualifies;
ties share; seed 000 and 004), and average. Odd chips are ignored: a tie shares a half
in equal fractions.

Boards are enumerated exactly when that takes well under a second
(:data:`EXACT_LIMIT` player-boards: every turn and river after a flop all-in, every
river after a turn all-in, heads-up preflop). Otherwise (preflop with three or more
players) a seeded sample of at least :data:`SAMPLES` boards is dealt, and each share
carries its standard error. Evaluation is the batch evaluator
(:func:`hhtools.rules.batch.batch_high_low`), many boards per numpy call.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from hhtools.model.cards import dealt_twice, parse_cards
from hhtools.model.frozen import record
from hhtools.rules.batch import batch_high_low
from hhtools.rules.evaluator import InvalidHandError
from hhtools.rules.ranges import HandRange, RangeTooNarrowError, deal_range, range_pool

__all__ = ["BOARDS_EXACT", "EXACT_LIMIT", "RANGE_SAMPLES", "SAMPLES", "Equity", "Odds",
           "all_in_cards", "all_in_equity", "hand_odds"]

EXACT_LIMIT: Final = 2_400_000
"""Largest number of boards x players enumerated exactly, for four hole cards (scaled
by the hole-card pairs for more): about 0.7 s here, where a heads-up preflop all-in of
four-card Omaha is 1,086,008 boards x 2 players."""

SAMPLES: Final = 100_000
"""Boards dealt when enumeration would exceed :data:`EXACT_LIMIT`."""

_CHUNK: Final = 131_072  # boards evaluated per numpy call (bounds memory)
_DEAL_ROUNDS: Final = 200  # rounds of dealing again the deals a range had no hand in
_DEAL_HOPELESS: Final = 64  # rows of a round, none dealt whole: the ranges cannot be


@record
class Equity:
    """Expected shares of each pot, by the rules, over the remaining boards.

    Attributes:
        boards: boards enumerated (``exact``) or dealt at random.
        exact: every remaining board was enumerated.
        amounts: each pot's amount, minor units, as given.
        high: ``high[p][i]``: the expected fraction of pot ``p`` player ``i`` wins
            through the high (the whole pot on boards where no low qualifies).
        low: ``low[p][i]``: the expected fraction won through the low half.
        std_error: ``std_error[p][i]``: standard error of ``high + low`` (0.0 when
            exact).
    """

    boards: int
    exact: bool
    amounts: tuple[int, ...]
    high: tuple[tuple[float, ...], ...]
    low: tuple[tuple[float, ...], ...]
    std_error: tuple[tuple[float, ...], ...]

    def share(self, pot: int, player: int) -> float:
        """Player ``player``'s expected fraction of pot ``pot`` (both halves)."""
        return self.high[pot][player] + self.low[pot][player]

    def expected(self, player: int) -> float:
        """What player ``player`` wins on average, every pot together, minor units."""
        return sum(a * self.share(p, player) for p, a in enumerate(self.amounts))


def _twice(
    holes: Sequence[Sequence[int]], board: Sequence[int], dead: Sequence[int],
    names: Sequence[str] = (),
) -> str:  # fmt: skip
    """The message of a card given twice: which card, and the two places it is in."""
    places = [(f"in {names[i]}'s hand" if i < len(names) else f"in hand {i + 1}", h)
              for i, h in enumerate(holes)]  # fmt: skip
    places += [("on the board", board), ("among the dead cards", dead)]
    return dealt_twice(places) or "a card appears twice"


def _codes(cards: str | Sequence[str | int]) -> tuple[int, ...]:
    if isinstance(cards, str) and not cards.strip():
        return ()
    return parse_cards(cards)


def all_in_cards(
    holes: Sequence[str | Sequence[str | int]],
    board: str | Sequence[str | int],
    pots: Sequence[tuple[int, Sequence[int]]],
    dead: str | Sequence[str | int] = (),
) -> tuple[list[tuple[int, ...]], tuple[int, ...], npt.NDArray[np.intp]]:
    """The cards of an all-in, checked: hole and board codes and the deck left.

    Args:
        holes, board, pots, dead: as :func:`all_in_equity` takes them.

    Returns:
        ``(hole codes per player, board codes, deck)``: the deck is the codes of the
        cards neither in a hand, on the board nor dead, ascending.

    Raises:
        InvalidHandError: a card twice, a malformed card, a board of five or more,
            hole cards of different sizes, an eligible index out of range, or fewer
            cards left than the board still needs (ten six-card hands leave 52 - 60).
    """
    hole_codes = [_codes(h) for h in holes]
    board_codes = _codes(board)
    dead_codes = _codes(dead)
    known = [c for h in hole_codes for c in h] + list(board_codes) + list(dead_codes)
    if len(set(known)) != len(known):
        raise InvalidHandError(_twice(hole_codes, board_codes, dead_codes))
    if len(board_codes) > 4:
        raise InvalidHandError(f"the board has {len(board_codes)} cards: nothing left to deal")
    if not hole_codes or len({len(h) for h in hole_codes}) != 1:
        raise InvalidHandError("every player needs the same number of hole cards")
    n = len(hole_codes)
    for _, eligible in pots:
        if any(not 0 <= i < n for i in eligible):
            raise InvalidHandError(f"eligible players {tuple(eligible)} out of range 0..{n - 1}")
    deck = np.array(sorted(set(range(52)) - set(known)), dtype=np.intp)
    if len(deck) < 5 - len(board_codes):
        raise InvalidHandError(
            f"{len(deck)} cards left in the deck: too few to deal the "
            f"{5 - len(board_codes)} board cards still to come")
    return hole_codes, board_codes, deck


def all_in_equity(
    holes: Sequence[str | Sequence[str | int]],
    board: str | Sequence[str | int],
    pots: Sequence[tuple[int, Sequence[int]]],
    *,
    hi_lo: bool = False,
    qualifier: int = 8,
    dead: str | Sequence[str | int] = (),
    samples: int = SAMPLES,
    seed: int = 0,
    exact_limit: int = EXACT_LIMIT,
) -> Equity:
    """Each player's expected share of each pot over every board the deck can still make.

    Args:
        holes: each player's hole cards (2 to 7, the same number for everyone), as
            text (``"Ah Kh Qd Jd"``) or card codes.
        board: the board cards dealt so far (0 to 4; the board is five).
        pots: ``(amount in minor units, indices into holes of the players eligible)``
            per pot, main pot first.
        hi_lo: split each pot high/low with the low ``qualifier`` (7, 8 or 9).
        dead: other cards known to be out of the deck (a folded hand shown).
        samples: boards to deal when enumeration is too large (at least 1).
        seed: the random generator's seed (same seed, same boards).
        exact_limit: enumerate when boards x players (x hole-card pairs / 6) is at
            most this.

    Returns:
        The :class:`Equity`: per pot and player, the high and low fractions; a pot
        with nobody eligible has every fraction 0.

    Raises:
        InvalidHandError: a card twice, a malformed card, a board of five or more,
            hole cards of different sizes, or an eligible index out of range.
        InvalidQualifierError: a qualifier other than 7, 8 or 9.

    >>> eq = all_in_equity(["Ah Ad Kc Qc", "7s 6s 5d 4d"], "As 7h 2c 9d", [(200, (0, 1))],
    ...                    hi_lo=False)
    >>> eq.boards, eq.exact, eq.share(0, 1)  # 40 rivers; a straight on any 8 or 3: 8 of them
    (40, True, 0.2)
    """
    hole_codes, board_codes, deck = all_in_cards(holes, board, pots, dead)
    n = len(hole_codes)
    missing = 5 - len(board_codes)
    total = comb(len(deck), missing)
    exact = total * n * comb(len(hole_codes[0]), 2) <= exact_limit * 6
    count = total if exact else max(int(samples), 1)
    sums_h = np.zeros((len(pots), n))
    sums_l = np.zeros((len(pots), n))
    squares = np.zeros((len(pots), n))
    holes_np = np.array(hole_codes, dtype=np.intp)
    for drawn in _boards(deck, missing, exact, count, seed):
        full = np.concatenate([np.broadcast_to(np.array(board_codes, dtype=np.intp),
                                               (len(drawn), len(board_codes))), drawn], axis=1)
        hi = np.empty((n, len(full)), dtype=np.int32)
        lo = np.empty((n, len(full)), dtype=np.int32)
        for i in range(n):
            hole = np.broadcast_to(holes_np[i], (len(full), holes_np.shape[1]))
            hi[i], lo[i] = batch_high_low(hole, full, qualifier)
        for p, (_, eligible) in enumerate(pots):
            high, low = _pot_shares(hi, lo, list(eligible), hi_lo)
            sums_h[p] += high.sum(axis=1)
            sums_l[p] += low.sum(axis=1)
            squares[p] += ((high + low) ** 2).sum(axis=1)
    mean_h = sums_h / count
    mean_l = sums_l / count
    if exact:
        err = np.zeros_like(mean_h)
    else:
        mean = mean_h + mean_l
        var = np.maximum(squares / count - mean**2, 0.0) * count / max(count - 1, 1)
        err = np.sqrt(var / count)
    return Equity(
        boards=count,
        exact=exact,
        amounts=tuple(int(a) for a, _ in pots),
        high=tuple(tuple(float(x) for x in row) for row in mean_h),
        low=tuple(tuple(float(x) for x in row) for row in mean_l),
        std_error=tuple(tuple(float(x) for x in row) for row in err),
    )


def _boards(
    deck: npt.NDArray[np.intp], missing: int, exact: bool, count: int, seed: int
) -> Iterator[npt.NDArray[np.intp]]:
    """Arrays ``(m, missing)`` of the cards that complete the board, chunk by chunk."""
    if missing == 0:
        yield np.empty((1, 0), dtype=np.intp)
        return
    if exact:
        every = _combinations(len(deck), missing)
        for start in range(0, len(every), _CHUNK):
            yield deck[every[start : start + _CHUNK]]
        return
    rng = np.random.default_rng(seed)
    left = count
    while left > 0:
        m = min(left, _CHUNK)
        # a random choice of `missing` distinct cards per board: the smallest keys
        keys = rng.random((m, len(deck)))
        yield deck[np.argpartition(keys, missing - 1, axis=1)[:, :missing]]
        left -= m


@lru_cache(maxsize=8)
def _combinations(n: int, k: int) -> npt.NDArray[np.int8]:
    """Every choice of ``k`` of ``n`` indices, shape ``(C(n, k), k)`` (kept: deck sizes
    repeat, and listing a million choices takes longer than evaluating them)."""
    flat = np.fromiter((i for c in combinations(range(n), k) for i in c), dtype=np.int8,
                       count=comb(n, k) * k)  # fmt: skip
    flat.flags.writeable = False
    return flat.reshape(-1, k)


def _pot_shares(
    hi: npt.NDArray[np.int32], lo: npt.NDArray[np.int32], eligible: list[int], hi_lo: bool
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Per player and board, the fraction of one pot won through the high and the low."""
    n, m = hi.shape
    high = np.zeros((n, m))
    low = np.zeros((n, m))
    if not eligible:
        return high, low
    e = np.array(eligible)
    eh = hi[e]
    hw = eh == eh.max(axis=0)
    if hi_lo:
        el = lo[e]
        best = el.max(axis=0)
        has_low = best >= 0
        lw = (el == best) & has_low
        half = np.where(has_low, 0.5, 1.0)
        high[e] = hw * (half / hw.sum(axis=0))
        low[e] = lw * (0.5 / np.maximum(lw.sum(axis=0), 1))
    else:
        high[e] = hw / hw.sum(axis=0)
    return high, low


BOARDS_EXACT: Final = 2_000_000
""":func:`hand_odds` enumerates every remaining board when there are fewer than this."""
RANGE_SAMPLES: Final = 50_000
""":func:`hand_odds`'s deals when a hand is a range (or the boards are too many)."""


@record
class Odds:
    """Each hand's chances over the remaining boards (one pot, every player in it).

    Attributes:
        boards: boards enumerated (``exact``), or deals sampled.
        exact: every remaining board was enumerated (no hand was a range).
        equity: each hand's expected share of the pot (0..1; the shares add to 1).
        win: the fraction of boards on which the hand takes the whole pot alone (in
            hi/lo: a scoop, the high and the low or the high with no low).
        tie: the fraction of boards on which it takes a part of the pot, not all.
        high, low: the expected share of the pot won through the high half (the whole
            pot when no low qualifies) and through the low half (hi/lo; ``low`` is 0
            in a high-only game).
        std_error: the standard error of ``equity`` (0.0 when exact).
    """

    boards: int
    exact: bool
    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    high: tuple[float, ...]
    low: tuple[float, ...]
    std_error: tuple[float, ...]


def hand_odds(
    hands: Sequence[Sequence[int] | HandRange],
    board: str | Sequence[str | int] = (),
    *,
    hole_cards: int = 4,
    hi_lo: bool = False,
    qualifier: int = 8,
    dead: str | Sequence[str | int] = (),
    samples: int = RANGE_SAMPLES,
    seed: int = 0,
    names: Sequence[str] = (),
) -> Odds:
    """Each hand's equity, wins and ties, by the rules, over the boards still to come.

    Exact enumeration of every remaining board when no hand is a range and there are
    fewer than :data:`BOARDS_EXACT` boards (every Omaha all-in, heads-up preflop
    included: 1,086,008 boards); otherwise ``samples`` seeded deals, each dealing the
    ranges' hands (:func:`hhtools.rules.ranges.deal_range`) and then the board.

    Args:
        hands: per player, exact hole cards (codes, :func:`hhtools.rules.ranges.parse_hand`)
            or a :class:`~hhtools.rules.ranges.HandRange`; two or more.
        board: the board dealt so far (0 to 5 cards).
        hole_cards: hole cards per player in the game.
        hi_lo: split the pot high/low with the low ``qualifier`` (7, 8 or 9).
        dead: cards known to be out of the deck.
        samples: deals when sampling (at least 1).
        seed: the random generator's seed (same seed, same deals).
        names: the players' names, for messages ("card As is both in Alan's hand and
            on the board"); hands are numbered from 1 without them.

    Returns:
        The :class:`Odds`, one value per hand in the order given.

    Raises:
        InvalidHandError: fewer than two hands, a card twice (named, with where it
            is), a board over five cards, exact hands of the wrong size.
        RangeTooNarrowError: a range with no hand the known cards leave possible.
        InvalidQualifierError: a qualifier other than 7, 8 or 9.
    """
    if len(hands) < 2:
        raise InvalidHandError("equity needs two hands or more")
    board_codes = _codes(board)
    dead_codes = _codes(dead)
    fixed = [tuple(h) for h in hands if not isinstance(h, HandRange)]
    if any(len(h) != hole_cards for h in fixed):
        raise InvalidHandError(f"every hand needs {hole_cards} hole cards")
    known = [c for h in fixed for c in h] + list(board_codes) + list(dead_codes)
    if len(set(known)) != len(known):
        listed = [h if not isinstance(h, HandRange) else () for h in hands]
        raise InvalidHandError(_twice(listed, board_codes, dead_codes, names))
    if len(board_codes) > 5:
        raise InvalidHandError(f"the board has {len(board_codes)} cards: five at most")
    missing = 5 - len(board_codes)
    n = len(hands)
    ranged = len(fixed) < n
    deck = np.array(sorted(set(range(52)) - set(known)), dtype=np.intp)
    total = comb(len(deck), missing)
    exact = not ranged and total < BOARDS_EXACT
    count = total if exact else max(int(samples), 1)
    acc = np.zeros((6, n))  # share, share^2, win, tie, high, low
    gen = np.random.default_rng(seed)
    base = np.array(board_codes, dtype=np.intp)
    chunks = (_boards(deck, missing, True, count, seed) if exact
              else _deals(count))  # fmt: skip
    pools = [range_pool(h, hole_cards, known) if isinstance(h, HandRange) else None
             for h in hands]  # fmt: skip
    for chunk in chunks:
        if isinstance(chunk, np.ndarray):  # exact: the boards themselves
            m = len(chunk)
            holes = [np.broadcast_to(np.array(h, dtype=np.intp), (m, hole_cards))
                     for h in hands]  # fmt: skip
            full = np.concatenate([np.broadcast_to(base, (m, len(base))), chunk], axis=1)
        else:
            holes, full = _deal(hands, pools, base, dead_codes, hole_cards, int(chunk), missing,
                                gen)  # fmt: skip
        hi = np.empty((n, len(full)), dtype=np.int32)
        lo = np.empty((n, len(full)), dtype=np.int32)
        for i, h in enumerate(holes):
            hi[i], lo[i] = batch_high_low(h, full, qualifier)
        high, low = _pot_shares(hi, lo, list(range(n)), hi_lo)
        share = high + low
        acc += np.stack([share.sum(1), (share**2).sum(1), (share >= 1 - 1e-12).sum(1),
                         ((share > 0) & (share < 1 - 1e-12)).sum(1), high.sum(1), low.sum(1)])  # fmt: skip
    mean = acc / count
    if exact:
        err = np.zeros(n)
    else:
        var = np.maximum(mean[1] - mean[0] ** 2, 0.0) * count / max(count - 1, 1)
        err = np.sqrt(var / count)

    def as_t(row: npt.NDArray[np.float64]) -> tuple[float, ...]:
        return tuple(float(x) for x in row)

    return Odds(count, exact, as_t(mean[0]), as_t(mean[2]), as_t(mean[3]), as_t(mean[4]),
                as_t(mean[5]), as_t(err))  # fmt: skip


def _deals(count: int) -> Iterator[int]:
    """Chunk sizes adding up to ``count``."""
    left = count
    while left > 0:
        m = min(left, _CHUNK)
        yield m
        left -= m


def _deal(
    hands: Sequence[Sequence[int] | HandRange], pools: list[npt.NDArray[np.intp] | None],
    base: npt.NDArray[np.intp], dead: Sequence[int], hole_cards: int, m: int, missing: int,
    gen: np.random.Generator,
) -> tuple[list[npt.NDArray[np.intp]], npt.NDArray[np.intp]]:
    """``m`` random deals: each range's hand, then the rest of the board.

    A deal in which the hands dealt first leave a later range no hand (``AAxx`` took
    two of the three kings a ``KKxx`` needs) is dealt again from its first hand, so
    that every deal is one of the ranges' possible deals together; before, such a
    row drew the later range on until ``MAX_DRAWS_PER_HAND`` draws (minutes).

    Raises:
        RangeTooNarrowError: not one of :data:`_DEAL_HOPELESS` or more rows dealt
            whole in a round (the ranges cannot be dealt together with the cards
            known), or still rows to deal after :data:`_DEAL_ROUNDS` rounds.
    """
    holes, full = _deal_once(hands, pools, base, dead, hole_cards, m, missing, gen)
    rounds = 0
    while True:
        again = np.flatnonzero(np.any([(h < 0).any(axis=1) for h in holes], axis=0))
        if not len(again):
            return holes, full
        rounds += 1
        if rounds > _DEAL_ROUNDS or len(again) == m >= _DEAL_HOPELESS:
            raise RangeTooNarrowError("the ranges cannot be dealt together with the cards "
                                      "known (or too few of their deals are possible)")  # fmt: skip
        redone, rest = _deal_once(hands, pools, base, dead, hole_cards, len(again), missing,
                                  gen)  # fmt: skip
        holes = [np.array(h) for h in holes]
        for h, r in zip(holes, redone, strict=True):
            h[again] = r
        full[again] = rest
        m = len(again)


def _deal_once(
    hands: Sequence[Sequence[int] | HandRange], pools: list[npt.NDArray[np.intp] | None],
    base: npt.NDArray[np.intp], dead: Sequence[int], hole_cards: int, m: int, missing: int,
    gen: np.random.Generator,
) -> tuple[list[npt.NDArray[np.intp]], npt.NDArray[np.intp]]:
    """``m`` deals as :func:`_deal`; a row a range could not be dealt in has that
    hand's cards ``-1`` (and its board is any)."""
    used = np.zeros((m, 52), dtype=bool)
    for c in [*base.tolist(), *dead]:
        used[:, c] = True
    for h in hands:
        if not isinstance(h, HandRange):
            used[:, list(h)] = True
    holes: list[npt.NDArray[np.intp]] = []
    for h, pool in zip(hands, pools, strict=True):
        if isinstance(h, HandRange):
            dealt = deal_range(h, used, hole_cards, gen, pool, give_up=True)
            np.put_along_axis(used, np.where(dealt < 0, 0, dealt), True, axis=1)
            holes.append(dealt)
        else:
            holes.append(np.broadcast_to(np.array(h, dtype=np.intp), (m, hole_cards)))
    keys = gen.random((m, 52))
    keys[used] = 2.0  # never drawn before an unused card
    rest = np.argpartition(keys, missing - 1, axis=1)[:, :missing] if missing else (
        np.empty((m, 0), dtype=np.intp))  # fmt: skip
    full = np.concatenate([np.broadcast_to(base, (m, len(base))), rest], axis=1)
    return holes, full

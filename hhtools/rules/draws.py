"""Draws: outs by kind, wraps, the nuts, the nut low, counterfeits, protected and live lows.

For one player whose hole cards are known, on a board of three (flop) or four (turn)
cards, :func:`analyse` looks at every card that could come next and says what it
gives; on a board of five (river) only the facts "now" are given. Hands are read by
the rules of :mod:`hhtools.rules.evaluator`: the best five from **exactly two** hole
cards and **exactly three** board cards, the ace-to-five low with its qualifier
(seeds 000, 001, 002, 004).

Definitions (each with the passage of ``shared/seeds`` it comes from):

* **Unseen cards**: the 52 less the player's hole cards, the board and ``dead``. The
  other players' cards are never looked at: the player does not know them when
  drawing, so an out is counted whatever it gives an opponent. Seed 000: "In poker, an
  out is any unseen card in the deck that will give a player the best hand."
* **Outs of a kind** (``straight_outs``, ``flush_outs``, ``full_house_outs``): the
  unseen cards with which, coming next, some legal five of the player (two hole + three
  board cards) is of that kind when none is now. A straight flush counts as both a
  straight and a flush; "full house or better" is a full house, four of a kind or a
  straight flush. Seed 000, the 20-out wrap: "To hit a straight, any of the following
  cards is needed: 5♥ 5♠ 5♦ 5♣ 6♥ ... Q♣" (cards that *make* a straight, whatever
  else they make); seed 000: "a player may have both a draw to a flush and a full house
  using different combinations of cards".
* **Low outs** (hi/lo): the unseen cards after which the player has a qualifying low
  when they have none now (seed 000: "there must be at least three cards of differing
  ranks 8 or below on the board").
* **The nuts** (``nuts``): the player's best high is not beaten by any two cards another
  player could hold: two unseen cards (the player's own cards and ``dead`` are out of
  everyone else's reach) with exactly three board cards. Seed 000: "It is often said
  that Omaha is a game of 'the nuts', i.e. the best possible high or low hand"; seed
  004: on As Ks 8h 9d 2s, "Qs 4h 4d 4s: Qs 4s makes AKQ42 'nut' flush" - the nuts once
  the player's own Qs is out of reach (Qs Js would beat it). Ties are the nuts too.
  The same for the low: ``nut_low``, the best low any unseen holding could make.
* **Nut outs** (``nut_outs``, ``nut_low_outs``): the unseen cards after which the
  player holds the nuts (the nut low) when they do not now. A player holding them now
  has none: what is left to them is the redraw, and the counterfeits of the low.
* **Improving outs**: the unseen cards after which the player's best high is of a
  higher category than now.
* **Redraw** (``redraw``, ``redraw_outs``): holding the nuts now, with improving outs.
  Seed 000: "if the board is Q♠ J♠ 10♥, and the player has A♠ K♣ Q♣ Q♥, then not only
  do they have the current best hand possible ..., but they also have a redraw with the
  two queens in their hand because if the board pairs, they will make a full house, or
  four queens. A♠ K♠ Q♣ Q♥ would be an even better hand because it has flush and royal
  flush redraws as well." The improved hand need not be the nuts on the new board
  (the full house of the example is not when a jack pairs the board).
* **Wrap** (``wrap``): nine or more straight outs. Seed 000: "A wrap is a straight draw
  with nine or more outs ... in Omaha ... straight draws which can have up to 20 outs".
* **Counterfeit** (``counterfeited``, hi/lo, a player with a low now): the unseen cards
  of the rank of a hole card the player's best low plays, after which the low is worse
  for the company it keeps: more two-rank holdings beat it than now (a nut low no
  longer the nut low). Seed 000: "if a player has, for example, 2-3 ... and the flop is
  A-6-7, that player has flopped the 'nut low'. However, if either a 2 or a 3 hit the
  board on the turn or the river, the hand is 'counterfeited' and the nut low hand is
  lost (the player still has a much weaker low hand however, with 3-4, 3-5 and 4-5
  making better lows)"; seed 004: Ad 2d on 5h 7h 8d, "On the flop we had the best
  possible low, but the turn and river 'counterfeited' us" (Ac 2c). A later card never
  makes the player's own low lower (more board cards, more choices): a counterfeit
  makes other hands better than it, :func:`low_beaters`.
* **Protected low** (``protected_low``): holding the nut low now, and still holding it
  after any card that pairs a hole card of it (no counterfeit). Seed 000: "if the player
  has 2-3-4 in their hand their low is protected, i.e. if a 2 or 3 hits the board they
  still have the lowest possible hand". The protected nut low *draw* of the same
  passage ("A-2-3 with a flop of 7-8-9; any low card below 7 on the turn or river gives
  the player the best low") is read from ``nut_low_outs``.
* **Low possible** (``low_possible``: three distinct ranks at or below the qualifier on
  the board now; ``low_draw``: not yet, but the cards to come can still bring them).
  Seeds 000 and 004: "the board must have three cards 8 or lower for a low to even be
  possible".
* **Live low card** (``live_low``): the player's best low is played with two hole cards
  of which one pairs a board card (its twin on the board is not needed) and the other
  is of a rank not on the board: that one is played "live". Seed 000, board 2♦ 6♥ A♣
  5♣ 8♠: "the hand 2♥ 4♠ 5♠ K♦ is playing a 6-5-4-2-A (either their 2-4 with the
  board's A-5-6, or their 4-5 with the board's A-2-6 ...) ... playing their 'live' 4,
  that is, their 4, plus some other low card that matches the board but still makes a
  low because the one on the board isn't needed. A player with 3♠ 5♠ 10♥ J♦ is playing
  a 'live' 3, for a low of 6-5-3-2-A ... However, a player with 3♣ 7♦ Q♦ Q♠ can only
  play 7-5-3-2-A low; even though he has a 'live' 3, he must play two low cards from
  their hand, and so he must play their 7-3": ``None`` for him (both low hole cards he
  plays are off the board), as for a player with no low.

Work: every next board at once with numpy (each legal five of each next board, valued
by the evaluator's tables); the nuts from board ranks and the unseen ranks, not by
enumerating the opponents' holdings. About 0.3 to 0.5 ms a call (:mod:`hhtools.store.draws`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from hhtools.model.cards import card_str, check_distinct, to_codes
from hhtools.model.frozen import record
from hhtools.rules.evaluator import InvalidHandError, InvalidQualifierError, category_of
from hhtools.rules.games import GameRule, get_game
from hhtools.rules.tables import (
    FL5_NP,
    FULL,
    KEY_NP,
    LOW_NP,
    LOWBIT_NP,
    PAIRS_NP,
    QMASK,
    QUALIFIERS,
    RANKBIT_NP,
    V5_NP,
    W,
)

__all__ = ["Draws", "analyse", "analyse_codes", "five_categories", "low_beaters", "low_text"]

_STRAIGHT_CATS: Final = (4, 8)  # straight, straight flush
_FLUSH_CATS: Final = (5, 8)  # flush, straight flush
_STREETS: Final = {3: "flop", 4: "turn", 5: "river"}
#: board triples by board size: index arrays of shape (3, T)
_TRIPLES: Final = {m: np.array(list(itertools.combinations(range(m), 3)), dtype=np.intp).T
                   for m in (3, 4, 5)}  # fmt: skip
_W_NP: Final = np.array(W, dtype=np.int64)
# every rank pair a <= b (91): their key and each rank
_PA, _PB = (
    np.array(x, dtype=np.intp)
    for x in zip(*[(a, b) for a in range(13) for b in range(a, 13)], strict=True)
)
_PW: Final = _W_NP[_PA] + _W_NP[_PB]
# every rank pair a < b (78) as a flush rank mask
_FA, _FB = (
    np.array(x, dtype=np.intp) for x in zip(*itertools.combinations(range(13), 2), strict=True)
)
_FMASK: Final = (1 << _FA) | (1 << _FB)
# every pair of low ranks n < m (ace = 1 .. nine = 9) as a low mask, for low_beaters
_LA, _LB = (
    np.array(x, dtype=np.intp) for x in zip(*itertools.combinations(range(9), 2), strict=True)
)
_LMASK: Final = (1 << _LA) | (1 << _LB)
_LOW_CHAR: Final = "A23456789"


@record
class Draws:
    """What one player's hole cards hold on a board, and what the next card can bring.

    Card lists are canonical card text (``"Qh"``) in code order (deuces first, clubs
    before diamonds, hearts, spades). Definitions and their seed passages: the module
    docstring.

    Attributes:
        street: ``flop``, ``turn`` or ``river`` (board of 3, 4, 5 cards).
        unseen: cards that could come next (52 less hole, board and dead cards); 0 on
            the river.
        high: the player's best high now, as a category (``"straight"``); on the flop
            the five are the two best hole cards with the three board cards.
        low: the player's best low now, ``"8,7,5,2,A"``, or ``None`` (none, or a
            high-only game).
        straight_outs, flush_outs, full_house_outs, low_outs: outs of each kind.
        nut_outs: unseen cards after which the player holds the nuts (not held now).
        nut_low_outs: the same for the nut low (hi/lo).
        improving_outs: unseen cards giving a best high of a higher category.
        redraw_outs: the improving outs of a player who holds the nuts now.
        counterfeited: unseen cards that would counterfeit the player's low.
        wrap: nine or more straight outs.
        nuts: the player's high is the nuts now.
        nut_low: the player's low is the nut low now (hi/lo).
        redraw: holds the nuts now with at least one improving out.
        protected_low: holds the nut low now, with cards to come, and no card can
            counterfeit it (``False`` on the river).
        low_possible: three distinct low ranks (at most the qualifier) on the board.
        low_draw: no low possible yet, but the cards to come could make one.
        live_low: the rank (``"4"``, ``"A"``) of the hole card the best low plays
            live, ``None`` if none.
        hi_lo: the game splits high and low; ``qualifier``: its low qualifier.
    """

    street: str
    unseen: int
    high: str
    low: str | None
    straight_outs: tuple[str, ...]
    flush_outs: tuple[str, ...]
    full_house_outs: tuple[str, ...]
    low_outs: tuple[str, ...]
    nut_outs: tuple[str, ...]
    nut_low_outs: tuple[str, ...]
    improving_outs: tuple[str, ...]
    redraw_outs: tuple[str, ...]
    counterfeited: tuple[str, ...]
    wrap: bool
    nuts: bool
    nut_low: bool
    redraw: bool
    protected_low: bool
    low_possible: bool
    low_draw: bool
    live_low: str | None
    hi_lo: bool
    qualifier: int

    def as_dict(self) -> dict[str, object]:
        """The record as plain JSON-ready values (card lists as lists)."""
        values = {name: getattr(self, name) for name in self.__dataclass_fields__}
        return {k: list(v) if isinstance(v, tuple) else v for k, v in values.items()}


# ----------------------------------------------------------------------- values


def _five_values(hole: Sequence[int], boards: npt.NDArray[np.intp]) -> npt.NDArray[np.int32]:
    """The high value of every legal five of ``hole`` on each board: shape (N, pairs x triples).

    ``boards`` is (N, m), m of 3..5; every five is two hole cards and three board cards.
    """
    h = np.asarray(hole, dtype=np.intp)
    pi, pj = PAIRS_NP[len(h)]
    ta, tb, tc = _TRIPLES[boards.shape[1]]
    n, p, t = boards.shape[0], pi.size, ta.size
    five = np.empty((n, p, t, 5), dtype=np.intp)
    five[:, :, :, 0] = h[pi][None, :, None]
    five[:, :, :, 1] = h[pj][None, :, None]
    five[:, :, :, 2] = boards[:, ta][:, None, :]
    five[:, :, :, 3] = boards[:, tb][:, None, :]
    five[:, :, :, 4] = boards[:, tc][:, None, :]
    value = V5_NP[KEY_NP[five].sum(axis=3)]
    suits = five & 3
    flush = (suits == suits[:, :, :, :1]).all(axis=3)
    if flush.any():
        fv = FL5_NP[np.bitwise_or.reduce(RANKBIT_NP[five], axis=3)]
        value = np.where(flush, fv, value)
    out: npt.NDArray[np.int32] = value.reshape(n, p * t)
    return out


def _nut_values(boards: npt.NDArray[np.intp], blocked: Sequence[int]) -> npt.NDArray[np.int64]:
    """The best high any two cards not on the board and not ``blocked`` make on each board.

    Non-flush hands from ranks alone (a rank pair is possible while enough of each rank
    is left), flushes from the ranks of the board's flush suit left to hold.
    """
    n, m = boards.shape
    ranks = boards >> 2
    left = np.full((n, 13), 4, dtype=np.int64)
    np.subtract.at(left, (np.arange(n)[:, None], ranks), 1)
    for c in blocked:
        left[:, c >> 2] -= 1
    ta, tb, tc = _TRIPLES[m]
    tkey = _W_NP[ranks[:, ta]] + _W_NP[ranks[:, tb]] + _W_NP[ranks[:, tc]]  # (N, T)
    ok = np.where(_PA == _PB, left[:, _PA] >= 2, (left[:, _PA] >= 1) & (left[:, _PB] >= 1))
    best: npt.NDArray[np.int64] = np.where(
        ok, V5_NP[tkey[:, :, None] + _PW[None, None, :]].max(axis=1), 0
    ).max(axis=1)
    suits = boards & 3
    counts = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)
    rows = np.nonzero(counts.max(axis=1) >= 3)[0]
    if rows.size:
        fs = counts[rows].argmax(axis=1)
        fb = boards[rows]
        bits = np.where((fb & 3) == fs[:, None], RANKBIT_NP[fb], 0)
        on_board = np.bitwise_or.reduce(bits, axis=1)
        gone = np.zeros(rows.size, dtype=np.int64)
        for c in blocked:
            gone |= np.where(fs == (c & 3), 1 << (c >> 2), 0)
        free = (~(on_board | gone)) & 0x1FFF
        tmask = bits[:, ta] | bits[:, tb] | bits[:, tc]  # 0 bits from off-suit cards
        suited = (
            ((fb[:, ta] & 3) == fs[:, None])
            & ((fb[:, tb] & 3) == fs[:, None])
            & ((fb[:, tc] & 3) == fs[:, None])
        )
        pair_ok = (_FMASK[None, :] & free[:, None]) == _FMASK[None, :]
        fv = FL5_NP[tmask[:, :, None] | _FMASK[None, None, :]]
        fv = np.where(suited[:, :, None] & pair_ok[:, None, :], fv, 0).max(axis=(1, 2))
        best[rows] = np.maximum(best[rows], fv)
    return best


def _low_masks(boards: npt.NDArray[np.intp], qmask: int) -> npt.NDArray[np.int64]:
    masks: npt.NDArray[np.int64] = np.bitwise_or.reduce(LOWBIT_NP[boards], axis=1) & qmask
    return masks


def _free_low(
    boards: npt.NDArray[np.intp], blocked: Sequence[int], qmask: int
) -> npt.NDArray[np.int64]:
    """Per board, the low ranks (mask) of which a card is left for another player."""
    n = boards.shape[0]
    left = np.full((n, 9), 4, dtype=np.int64)
    low_rank = np.where(boards >> 2 == 12, 0, (boards >> 2) + 1)  # ace 0, deuce 1 ..
    is_low = low_rank < 9
    np.subtract.at(left, (np.nonzero(is_low)[0], low_rank[is_low]), 1)
    for c in blocked:
        r = 0 if c >> 2 == 12 else (c >> 2) + 1
        if r < 9:
            left[:, r] -= 1
    free: npt.NDArray[np.int64] = ((left >= 1) * (1 << np.arange(9))).sum(axis=1) & qmask
    return free


def _beaters(
    low: npt.NDArray[np.int64], bm: npt.NDArray[np.int64], free: npt.NDArray[np.int64], qmask: int
) -> npt.NDArray[np.int64]:
    """Per board, how many pairs of low ranks left to hold make a low better than ``low``."""
    pairs = _LMASK[(_LMASK & qmask) == _LMASK]
    vals = LOW_NP[(pairs[None, :] << 9) | bm[:, None]]
    held = (pairs[None, :] & free[:, None]) == pairs[None, :]
    count: npt.NDArray[np.int64] = ((vals > low[:, None]) & held).sum(axis=1)
    return count


def five_categories(hole: Sequence[int], board: Sequence[int]) -> frozenset[int]:
    """The high categories (0 = high card .. 8 = straight flush) of every legal five.

    Args:
        hole: 2 to 7 hole card codes; board: 3 to 5 board card codes (not validated).

    Returns:
        Each category some choice of two hole cards and three board cards makes: a
        player holding a straight *can make* one even when their best hand is a flush.
    """
    vals = _five_values(hole, np.asarray([board], dtype=np.intp))[0]
    return frozenset(int(c) for c in np.unique(vals >> 20))


def low_text(value: int | None) -> str | None:
    """A low value (:func:`hhtools.rules.evaluator.low_value` scale) as ``"8,7,5,2,A"``.

    >>> low_text(8191 - 0b10010011)
    '8,5,2,A'
    """
    if value is None or value < 0:
        return None
    mask = 8191 - value
    return ",".join(_LOW_CHAR[r] for r in range(8, -1, -1) if mask >> r & 1)


# --------------------------------------------------------------------- analyse


def _cards(codes: npt.NDArray[np.intp] | Sequence[int]) -> tuple[str, ...]:
    return tuple(card_str(int(c)) for c in codes)


def analyse_codes(
    hole: Sequence[int],
    board: Sequence[int],
    hi_lo: bool,
    qualifier: int = 8,
    dead: Sequence[int] = (),
) -> Draws:
    """:func:`analyse` on card codes, nothing validated (the store's fast path).

    Args:
        hole: 2 to 7 distinct hole card codes.
        board: 3 to 5 board card codes, distinct from the hole.
        hi_lo: the game splits the pot high/low.
        qualifier: low qualifier (8, 9 or 7), used when ``hi_lo``.
        dead: further cards known to be out of the deck.
    """
    hole = tuple(hole)
    board_np = np.asarray([board], dtype=np.intp)
    m = len(board)
    out = set(hole) | set(board) | set(dead)
    unseen = (
        np.array([c for c in range(52) if c not in out], dtype=np.intp)
        if m < 5
        else np.empty(0, dtype=np.intp)
    )
    blocked = tuple(hole) + tuple(dead)
    now5 = _five_values(hole, board_np)[0]
    best_now = int(now5.max())
    cats_now = now5 >> 20
    nuts = best_now >= int(_nut_values(board_np, blocked)[0])
    qmask = QMASK[qualifier]
    hmask = int(np.bitwise_or.reduce(LOWBIT_NP[np.asarray(hole)])) & qmask
    empty: tuple[str, ...] = ()
    straight = flush = full = low_outs = nut_outs = nut_low_outs = improving = empty
    counterfeit = empty
    if unseen.size:
        nxt = np.concatenate([np.repeat(board_np, unseen.size, axis=0), unseen[:, None]], axis=1)
        vals = _five_values(hole, nxt)
        cats = vals >> 20
        best = vals.max(axis=1)

        def kind(cs: tuple[int, ...]) -> tuple[str, ...]:
            if np.isin(cats_now, cs).any():
                return empty
            return _cards(unseen[np.isin(cats, cs).any(axis=1)])

        straight = kind(_STRAIGHT_CATS)
        flush = kind(_FLUSH_CATS)
        full = empty if best_now >> 20 >= FULL else _cards(unseen[best >> 20 >= FULL])
        improving = _cards(unseen[(best >> 20) > (best_now >> 20)])
        if not nuts:
            nut_outs = _cards(unseen[best >= _nut_values(nxt, blocked)])
    low_now = nut_low = None
    protected = live = None
    bm_now = int(_low_masks(board_np, qmask)[0])
    board_low = bm_now.bit_count()
    if hi_lo:
        lv = int(LOW_NP[hmask << 9 | bm_now])
        low_now = lv if lv >= 0 else None
        free_now = _free_low(board_np, blocked, qmask)
        nut_now = int(LOW_NP[int(free_now[0]) << 9 | bm_now])
        nut_low = low_now is not None and lv >= nut_now
        played = _played_low(hole, bm_now, lv, qmask) if low_now is not None else []
        live = _live(played, bm_now)
        if unseen.size:
            bm = _low_masks(nxt, qmask)
            lows = LOW_NP[(hmask << 9) | bm]
            free = _free_low(nxt, blocked, qmask)
            nut_next = LOW_NP[(free << 9) | bm]
            if low_now is None:
                low_outs = _cards(unseen[lows >= 0])
            if not nut_low:
                nut_low_outs = _cards(unseen[(lows >= 0) & (lows >= nut_next)])
            if low_now is not None:
                ranks = {r for pair in played for r in pair}
                twin = np.isin(np.where(unseen >> 2 == 12, 0, (unseen >> 2) + 1), list(ranks))
                before = int(_beaters(np.array([lv]), np.array([bm_now]), free_now, qmask)[0])
                after = _beaters(lows.astype(np.int64), bm, free, qmask)
                counterfeit = _cards(unseen[twin & ((lows < 0) | (after > before))])
        protected = bool(nut_low and unseen.size and not counterfeit)
    return Draws(
        street=_STREETS[m], unseen=int(unseen.size), high=str(category_of(best_now)),
        low=low_text(low_now), straight_outs=straight, flush_outs=flush,
        full_house_outs=full, low_outs=low_outs, nut_outs=nut_outs,
        nut_low_outs=nut_low_outs, improving_outs=improving,
        redraw_outs=improving if nuts else empty, counterfeited=counterfeit,
        wrap=len(straight) >= 9, nuts=bool(nuts), nut_low=bool(nut_low),
        redraw=bool(nuts and improving), protected_low=bool(protected),
        low_possible=hi_lo and board_low >= 3,
        low_draw=hi_lo and board_low < 3 <= board_low + 5 - m, live_low=live,
        hi_lo=hi_lo, qualifier=qualifier,
    )  # fmt: skip


def _played_low(hole: Sequence[int], bm: int, low: int, qmask: int) -> list[tuple[int, int]]:
    """The pairs of low ranks (0 = ace .. 8 = nine) of hole cards that make the best low."""
    ranks = sorted({0 if c >> 2 == 12 else (c >> 2) + 1 for c in hole} & set(range(9)))
    return [(a, b) for a, b in itertools.combinations(ranks, 2)
            if (qmask >> a) & (qmask >> b) & 1
            and int(LOW_NP[((1 << a) | (1 << b)) << 9 | bm]) == low]  # fmt: skip


def _live(played: list[tuple[int, int]], bm: int) -> str | None:
    """The rank played live: of a pair making the best low, the one not on the board
    when the other is (seed 000, board 2♦ 6♥ A♣ 5♣ 8♠)."""
    live = sorted({b if bm >> a & 1 else a for a, b in played if (bm >> a & 1) != (bm >> b & 1)})
    return ",".join(_LOW_CHAR[r] for r in live) or None


def analyse(
    hole: str | Sequence[str | int],
    board: str | Sequence[str | int],
    game: str | GameRule = "omaha",
    qualifier: int = 8,
    dead: str | Sequence[str | int] = (),
) -> Draws:
    """A player's draws on the flop or turn (facts now only on the river).

    Args:
        hole: the player's hole cards (``"Jh Ts 7d 6c"``, card strings or codes), as
            many as the game deals.
        board: the board so far: 3, 4 or 5 cards.
        game: a game name or abbreviation (``omaha``, ``omaha-hilo``, ``PLO8``, ``Big
            O``...) or a :class:`GameRule`.
        qualifier: the low qualifier of a hi/lo game: 8, 9 or 7.
        dead: cards known to be out of the deck (never dealt next, held by nobody).

    Returns:
        The :class:`Draws` record (definitions and seed passages: module docstring).

    Raises:
        InvalidCardError, DuplicateCardError: a card cannot be read, or appears twice.
        InvalidHandError: a board not of 3-5 cards, a hole not of the game's size.
        InvalidQualifierError: a qualifier other than 8, 9, 7.
        UnknownGameError: not a game of :data:`hhtools.rules.games.GAMES`.

    Seed 000's twenty-out wrap:

    >>> d = analyse("Jh Ts 7d 6c", "9h 8s 2d")
    >>> len(d.straight_outs), d.wrap
    (20, True)
    """
    rule = game if isinstance(game, GameRule) else get_game(game)
    if qualifier not in QUALIFIERS:
        raise InvalidQualifierError(f"low qualifier must be one of {QUALIFIERS}, not {qualifier!r}")
    h, b, d = to_codes(hole), to_codes(board), to_codes(dead)
    if len(h) != rule.hole_cards:
        raise InvalidHandError(f"{rule.name} deals {rule.hole_cards} hole cards, got {len(h)}")
    if not 3 <= len(b) <= 5:
        raise InvalidHandError(f"board must be 3, 4 or 5 cards, got {len(b)}")
    check_distinct(h + b + d)
    return analyse_codes(h, b, rule.hi_lo, qualifier, d)


def low_beaters(
    hole: str | Sequence[str | int],
    board: str | Sequence[str | int],
    qualifier: int = 8,
    dead: str | Sequence[str | int] = (),
) -> list[str]:
    """The pairs of low ranks another player could hold that beat the player's low.

    The measure of a counterfeit (module docstring): seed 000, 2-3 on A-6-7 with a 2
    to come: "the player still has a much weaker low hand however, with 3-4, 3-5 and
    4-5 making better lows".

    Args:
        hole, board, dead: as :func:`analyse` (any hole size of 2 to 7 cards here).
        qualifier: 8, 9 or 7.

    Returns:
        Rank pairs, low first (``["3-4", "3-5", "4-5"]``); every pair making a low when
        the player has none.

    Raises:
        InvalidCardError, DuplicateCardError, InvalidHandError, InvalidQualifierError.

    >>> low_beaters("2c 3d Kh Qs", "Ah 6d 7c 2s")
    ['3-4', '3-5', '4-5']
    """
    if qualifier not in QMASK:
        raise InvalidQualifierError(f"low qualifier must be one of {QUALIFIERS}, not {qualifier!r}")
    h, b, d = to_codes(hole), to_codes(board), to_codes(dead)
    if not 3 <= len(b) <= 5 or not 2 <= len(h) <= 7:
        raise InvalidHandError(
            f"expected 2-7 hole cards and 3-5 board cards, got {len(h)}, {len(b)}"
        )
    check_distinct(h + b + d)
    qmask = QMASK[qualifier]
    bnp = np.asarray([b], dtype=np.intp)
    bm = int(_low_masks(bnp, qmask)[0])
    hmask = int(np.bitwise_or.reduce(LOWBIT_NP[np.asarray(h)])) & qmask
    low = int(LOW_NP[hmask << 9 | bm])
    free = int(_free_low(bnp, h + d, qmask)[0])
    out = []
    for a, c in zip(_LA.tolist(), _LB.tolist(), strict=True):
        pm = (1 << a) | (1 << c)
        if pm & qmask == pm and pm & free == pm and int(LOW_NP[pm << 9 | bm]) > low:
            out.append(f"{_LOW_CHAR[a]}-{_LOW_CHAR[c]}")
    return out

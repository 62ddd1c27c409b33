"""Hands as players write them: exact hole cards, or a range to deal from.

A hand is one of:

* exact hole cards: ``"Ah Kh Qd Jd"`` (any card text :func:`parse_cards` reads);
* a pattern, one token per hole card, missing tokens meaning any card: a rank
  (``A``, ``K`` ... ``2``; ``T`` or ``10``) for a card of that rank, an exact card
  (``As``) for that card, ``x`` or ``*`` for any card; then optionally ``ds``
  (double-suited), ``ss`` (single-suited) or ``r`` (rainbow). ``AAxx`` is every hand
  with two or more aces, ``A2xx`` every hand with an ace and a deuce, ``KQJTds`` the
  double-suited K-Q-J-T, ``AsAhxx`` every hand holding those two aces;
* class words, each a class of :data:`hhtools.rules.holes.HOLE_CLASSES` in the
  singular or plural, with a hyphen or an underscore, all of them required:
  ``double-suited rundowns``, ``aces``, ``a2 single_suited``, ``pairs``.

A range is dealt by a seeded sample: candidate hands are drawn uniformly from the
cards not yet dealt (other players' cards, the board and the dead cards out), and a
candidate outside the range is drawn again, so every hand of the range that the
known cards leave possible is equally likely.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

from hhtools.model.cards import (
    RANKS,
    DuplicateCardError,
    InvalidCardError,
    card_str,
    parse_card,
    parse_cards,
)
from hhtools.model.frozen import record
from hhtools.rules.evaluator import InvalidHandError
from hhtools.rules.holes import HOLE_CLASSES, RUNDOWN

__all__ = ["HandRange", "RangeTooNarrowError", "deal_range", "in_range", "parse_hand", "range_pool"]

_SUITING: Final = {"ds": "double_suited", "ss": "single_suited", "r": "rainbow"}
_RANK_TOKEN = re.compile(r"10|[2-9TJQKAtjqka]")
_RUNDOWN_NP: Final = np.frombuffer(RUNDOWN, dtype=np.uint8)
#: Candidate hands drawn per sample wanted before giving up on a range
#: (:class:`RangeTooNarrowError`): a range of one hand in 10,000 still deals.
MAX_DRAWS_PER_HAND: Final = 20_000
#: Draws from a range's pool for one row before that row is given up (``give_up``):
#: a pool hand is in the range, so only the cards already out in the row refuse it.
MAX_POOL_TRIES: Final = 1_000


class RangeTooNarrowError(InvalidHandError):
    """A range with no hand the known cards leave possible (or too few to sample)."""


@record
class HandRange:
    """A range of hole cards (see the module docstring for the forms).

    Attributes:
        text: the range as written.
        ranks: at least this many cards of each rank (index 0 = deuce ... 12 = ace).
        cards: cards every hand of the range holds (codes 0..51).
        classes: hole-card classes every hand of the range is in
            (:data:`~hhtools.rules.holes.HOLE_CLASSES`).
    """

    text: str
    ranks: tuple[int, ...]
    cards: tuple[int, ...]
    classes: tuple[str, ...]


def _class_name(word: str) -> str | None:
    w = word.lower().replace("-", "_")
    for candidate in (w, w[:-1] if w.endswith("s") else w, w[:-2] if w.endswith("es") else w):
        if candidate in HOLE_CLASSES:
            return candidate
    return None


def parse_hand(text: str, hole_cards: int) -> tuple[int, ...] | HandRange:
    """Read a hand: exact hole cards (codes) or a :class:`HandRange`.

    Args:
        text: the hand as written (module docstring).
        hole_cards: hole cards per player in the game (2..7).

    Returns:
        The card codes when the text is ``hole_cards`` exact cards, else the range.

    Raises:
        InvalidHandError: neither form, a pattern of more tokens than hole cards, or
            exact cards of the wrong number.

    >>> parse_hand("Ah Kh Qd Jd", 4)
    (50, 46, 41, 37)
    >>> parse_hand("AAxx", 4).ranks[12]
    2
    >>> parse_hand("double-suited rundowns", 4).classes
    ('double_suited', 'rundown')
    """
    given = text.strip()
    if not given:
        raise InvalidHandError("an empty hand")
    try:
        codes = parse_cards(given)
    except DuplicateCardError as exc:
        raise InvalidHandError(f"{given!r} names {exc.card} twice") from None
    except InvalidCardError:
        codes = None
    if codes is not None:
        if len(codes) != hole_cards:
            raise InvalidHandError(f"{given!r} is {len(codes)} cards; the game deals {hole_cards}")
        return codes
    words = given.split()
    classes = [_class_name(w) for w in words]
    if all(classes) and words:
        return HandRange(given, (0,) * 13, (), tuple(dict.fromkeys(c for c in classes if c)))
    return _pattern(given, hole_cards)


def _pattern(text: str, hole_cards: int) -> HandRange:
    body = text.replace(" ", "")
    classes: list[str] = []
    for suffix, name in _SUITING.items():
        if body.lower().endswith(suffix) and len(body) > len(suffix):
            head = body[: -len(suffix)]
            if head and (head[-1] in "xX*" or _RANK_TOKEN.fullmatch(head[-1]) or head[-1] in "cdhs"):
                body, classes = head, [name]
                break
    ranks = [0] * 13
    cards: list[int] = []
    tokens = 0
    i = 0
    while i < len(body):
        c = body[i]
        if c in "xX*":
            i += 1
        else:
            m = _RANK_TOKEN.match(body, i)
            if m is None:
                raise InvalidHandError(
                    f"cannot read {text!r}{_not_a_card(text)}: a hand is cards (Ah Kh Qd Jd), "
                    "a pattern (AAxx, A2xx, KQJTds) or class words (double-suited rundowns)"
                )
            end = m.end()
            if end < len(body) and body[end] in "cdhs":
                cards.append(parse_card(body[i : end + 1]))
                end += 1
            else:
                r = "T" if m.group() == "10" else m.group().upper()
                ranks[RANKS.index(r)] += 1
            i = end
        tokens += 1
    if tokens > hole_cards:
        raise InvalidHandError(f"{text!r}{_not_a_card(text)} names {tokens} cards as a "
                               f"pattern; the game deals {hole_cards}")  # fmt: skip
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise InvalidHandError(f"{text!r} names {card_str(twice)} twice")
    return HandRange(text, tuple(ranks), tuple(cards), tuple(classes))


def _not_a_card(text: str) -> str:
    """When ``text`` is written as cards apart ("As Ad Kh Xx"), which word is no card:
    ``" ('Xx' is not a card)"``; else ``""`` (a pattern written in one piece)."""
    words = text.split()
    if len(words) < 2:
        return ""
    for w in words:
        try:
            parse_card(w)
        except InvalidCardError:
            return f" ({w!r} is not a card)"
    return ""


def in_range(hands: npt.NDArray[np.intp], rng_: HandRange) -> npt.NDArray[np.bool_]:
    """Which rows of ``hands`` (card codes, shape ``(N, k)``) are in the range."""
    ranks = hands >> 2
    suits = hands & 3
    ok = np.ones(len(hands), dtype=bool)
    for r, need in enumerate(rng_.ranks):
        if need:
            ok &= (ranks == r).sum(axis=1) >= need
    for card in rng_.cards:
        ok &= (hands == card).any(axis=1)
    if rng_.classes:
        rank_count = np.stack([(ranks == r).sum(axis=1) for r in range(13)], axis=1)
        mask = ((rank_count > 0) * (1 << np.arange(13))).sum(axis=1)
        twice = np.stack([(suits == s).sum(axis=1) >= 2 for s in range(4)], axis=1).sum(axis=1)
        k = hands.shape[1]
        tests = {
            "pair": (rank_count > 0).sum(axis=1) < k,
            "aces": rank_count[:, 12] >= 2,
            "double_suited": twice >= 2,
            "single_suited": twice == 1,
            "rainbow": twice == 0,
            "rundown": _RUNDOWN_NP[mask] == 1,
            "a2": (rank_count[:, 12] > 0) & (rank_count[:, 0] > 0),
        }
        for name in rng_.classes:
            ok &= tests[name]
    return ok


#: Hole-card counts whose every hand is listed once to deal a range from (2,598,960
#: hands of five cards); more cards are dealt by drawing candidates and keeping those
#: in the range.
POOL_MAX_CARDS: Final = 5


@lru_cache(maxsize=8)
def _choices(n: int, k: int) -> npt.NDArray[np.int8]:
    """Every choice of ``k`` of ``range(n)``, ascending, shape ``(C(n, k), k)``."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.int8)
    parts = []
    for first in range(n - k + 1):
        rest = _choices(n - first - 1, k - 1) + (first + 1)
        parts.append(np.hstack([np.full((len(rest), 1), first, dtype=np.int8),
                                rest.astype(np.int8)]))  # fmt: skip
    return np.vstack(parts) if parts else np.zeros((0, k), dtype=np.int8)


def range_pool(
    rng_: HandRange, hole_cards: int, excluded: Sequence[int] = ()
) -> npt.NDArray[np.intp] | None:
    """Every hand of the range that holds none of ``excluded``, or ``None`` for more
    than :data:`POOL_MAX_CARDS` hole cards (those are dealt by drawing candidates).

    Raises:
        RangeTooNarrowError: no hand of the range is possible.
    """
    if hole_cards > POOL_MAX_CARDS:
        return None
    every = _choices(52, hole_cards).astype(np.intp)
    ok = in_range(every, rng_)
    if excluded:
        ok &= ~np.isin(every, np.array(excluded, dtype=np.intp)).any(axis=1)
    pool = every[ok]
    if not len(pool):
        raise RangeTooNarrowError(f"no hand of {rng_.text!r} is possible with the cards known")
    return pool


def deal_range(
    rng_: HandRange, used: npt.NDArray[np.bool_], hole_cards: int, gen: np.random.Generator,
    pool: npt.NDArray[np.intp] | None = None, give_up: bool = False,
) -> npt.NDArray[np.intp]:
    """One hand of the range per row, none of it among that row's used cards.

    Args:
        rng_: the range.
        used: shape ``(N, 52)``: ``used[i, c]`` when card ``c`` is already out in deal
            ``i`` (other players' hands, the board, dead cards).
        hole_cards: cards per hand.
        gen: the seeded generator.

        pool: :func:`range_pool` of the range (drawn from uniformly; a hand that meets
            a row's used cards is drawn again); ``None``: candidates drawn from the
            whole deck and kept when in the range.
        give_up: a row still without a hand after :data:`MAX_POOL_TRIES` draws
            from ``pool`` (:data:`MAX_DRAWS_PER_HAND` from the deck) is given up,
            its cards ``-1``, instead of drawing on: the cards out in that row (the
            hands dealt before) may leave the range no hand at all (``KKxx`` after
            a hand holding two of the three kings left), and only dealing the row
            again from its first hand helps.

    Returns:
        Card codes, shape ``(N, hole_cards)``, uniform over the range's possible hands
        (rows given up: ``-1``).

    Raises:
        RangeTooNarrowError: no hand of the range drawn after
            :data:`MAX_DRAWS_PER_HAND` candidates per row (the range is empty given
            the known cards, or too narrow to sample); never with ``give_up``.
    """
    n = len(used)
    out = np.empty((n, hole_cards), dtype=np.intp)
    todo = np.arange(n)
    drawn = tries = 0
    limit = MAX_POOL_TRIES if pool is not None else MAX_DRAWS_PER_HAND
    while len(todo):
        if give_up and tries >= limit:
            out[todo] = -1
            break
        tries += 1
        if not give_up and drawn > MAX_DRAWS_PER_HAND * max(n, 1):
            raise RangeTooNarrowError(
                f"no hand of {rng_.text!r} is possible with the cards known (or too few to "
                "sample)"
            )
        m = len(todo)
        drawn += m
        if pool is not None:
            cand = pool[gen.integers(0, len(pool), size=m)]
            ok = ~np.take_along_axis(used[todo], cand, axis=1).any(axis=1)
        else:
            cand = gen.integers(0, 52, size=(m, hole_cards))
            srt = np.sort(cand, axis=1)
            ok = (np.diff(srt, axis=1) != 0).all(axis=1)  # no card twice in the hand
            ok &= in_range(cand, rng_)
            ok[ok] &= ~np.take_along_axis(used[todo[ok]], cand[ok], axis=1).any(axis=1)
        out[todo[ok]] = cand[ok]
        todo = todo[~ok]
    return out


def hand_text(hand: Sequence[int] | HandRange) -> str:
    """How a hand is shown back: the cards, or the range as written."""
    from hhtools.model.cards import cards_str

    return hand.text if isinstance(hand, HandRange) else cards_str(hand)

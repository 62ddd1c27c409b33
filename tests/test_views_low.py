"""The ace-to-five low evaluator written in SQL (hhtools/store/views.py) against the rules.

The views ``low_possible`` and ``counterfeited`` find lows with three SQL helpers:
``_low_mask`` (the set of low ranks of some space-separated cards, bit ``r - 1`` for
rank ``r``, ace = 1 .. nine = 9), ``_best_low_ctes`` (``best_low(hm, bm, low)``: the
smallest five-rank mask of exactly two ranks of the hole mask ``hm`` and three of the
board mask ``bm``, all distinct) and ``_low_text`` (a mask as ``7,5,3,2,A``).

The rule (DESIGN.md; ``shared/seeds`` 000, 001, 004): a low is five distinct ranks,
none above the qualifier, from exactly two hole cards and exactly three board cards;
lows compare from the top card down. The Python evaluator is the reference here:
:func:`hhtools.rules.evaluator.low_value` (fast, on card codes) for every deal,
:func:`~hhtools.rules.evaluator.best_low` to render a disagreement. Both encode a
low as ``8191 - mask`` with the same bit layout as the SQL mask.

Each qualifier is checked on 100,000 seeded random deals in ONE DuckDB query: half
dealt from the full deck, half from the 36 cards ace to nine plus four random high
cards, so that lows are common (with full-deck deals most hands have none).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import duckdb
import pyarrow as pa
import pytest

from hhtools.model.cards import card_str, parse_cards
from hhtools.rules.evaluator import best_low, low_value
from hhtools.store.views import _best_low_ctes, _low_mask, _low_text

DEALS = 100_000
SEED = 20240607
LOW_CODES = [c for c in range(52) if c >> 2 <= 7 or c >> 2 == 12]  # ace, deuce .. nine
HIGH_CODES = [c for c in range(52) if 8 <= c >> 2 <= 11]  # ten .. king


@dataclass(frozen=True, slots=True)
class Deal:
    hole: str
    board: str


def sql_lows(deals: list[Deal], qualifier: int) -> list[tuple[int | None, str | None]]:
    """(mask, text) of the SQL best low of every deal, in order; (None, None) for no low.

    One query: the deals go in as an Arrow table, masks by ``_low_mask``, the best
    low by the ``best_low`` CTE of ``_best_low_ctes``, the text by ``_low_text``.
    """
    table = pa.table(
        {
            "id": pa.array(range(len(deals)), pa.int64()),
            "hole": [d.hole for d in deals],
            "board": [d.board for d in deals],
        }
    )
    q = str(qualifier)
    sql = f"""
WITH
d AS (SELECT id, {_low_mask("hole", q)} AS hm, {_low_mask("board", q)} AS bm FROM deals_in),
{_best_low_ctes("SELECT hm, bm FROM d")}
SELECT d.id, b.low, {_low_text("b.low")} AS low_text
FROM d LEFT JOIN best_low b ON b.hm = d.hm AND b.bm = d.bm
ORDER BY d.id
"""
    con = duckdb.connect(":memory:")
    try:
        con.register("deals_in", table)
        rows = con.execute(sql).fetchall()
    finally:
        con.close()
    assert [r[0] for r in rows] == list(range(len(deals)))
    return [(r[1], r[2]) for r in rows]


def mask_text(mask: int) -> str:
    """A low mask as the ranks highest first, ``7,5,3,2,A`` (independent of the SQL)."""
    return ",".join("A" if r == 1 else str(r) for r in range(13, 0, -1) if mask >> (r - 1) & 1)


def expected_low(deal: Deal, qualifier: int) -> int | None:
    """The rules' best low as a mask (bit r - 1 for rank r), or None: the evaluator's."""
    v = low_value(parse_cards(deal.hole), parse_cards(deal.board), qualifier)
    return None if v is None else 8191 - v


def random_deals(rng: random.Random, n: int) -> list[Deal]:
    """Omaha deals, 4 hole cards mostly (5 and 6 too); half of them from a low deck."""
    deals = []
    for _ in range(n):
        k = rng.choices((4, 5, 6), weights=(70, 15, 15))[0]
        if rng.random() < 0.5:
            deck = range(52)
        else:
            deck = LOW_CODES + rng.sample(HIGH_CODES, 4)
        cards = [card_str(c) for c in rng.sample(deck, k + 5)]
        deals.append(Deal(" ".join(cards[:k]), " ".join(cards[k:])))
    return deals


# Minimum share of deals with a qualifying low (measured: 35% / 56% / 75% with SEED).
MIN_LOW_SHARE = {7: 0.25, 8: 0.45, 9: 0.60}


@pytest.mark.parametrize("qualifier", [7, 8, 9])
def test_sql_best_low_matches_evaluator(qualifier: int) -> None:
    rng = random.Random(SEED + qualifier)
    deals = random_deals(rng, DEALS)
    got = sql_lows(deals, qualifier)
    expected = [expected_low(d, qualifier) for d in deals]

    bad = [i for i, ((mask, text), want) in enumerate(zip(got, expected, strict=True))
           if mask != want or text != (None if want is None else mask_text(want))]  # fmt: skip
    if bad:
        # The smallest disagreement: fewest hole cards, then fewest low cards in the deal.
        def size(i: int) -> tuple[int, int, int]:
            d = deals[i]
            return (
                len(d.hole.split()),
                sum(c[0] in "A23456789" for c in f"{d.hole} {d.board}".split()),
                i,
            )

        i = min(bad, key=size)
        ref = best_low(deals[i].hole, deals[i].board, qualifier)
        pytest.fail(
            f"{len(bad)} of {DEALS} deals disagree (qualifier {qualifier}); smallest: "
            f"hole {deals[i].hole!r} board {deals[i].board!r}: "
            f"evaluator {ref.ranks if ref else None!r}, SQL {got[i][1]!r}"
        )

    with_low = [i for i, want in enumerate(expected) if want is not None]
    assert len(with_low) > MIN_LOW_SHARE[qualifier] * DEALS, len(with_low)
    # Not only the easy lows: every five-rank low occurs (21, 56, 126), wheel to the roughest.
    lows = {expected[i] for i in with_low}
    assert 0b11111 in lows and len(lows) == sum(
        1 for m in range(1 << qualifier) if m.bit_count() == 5
    )
    # The Python rendering of the mask agrees with the evaluator's own text.
    for i in with_low[:2000]:
        ref = best_low(deals[i].hole, deals[i].board, qualifier)
        assert ref is not None and ref.ranks == got[i][1]


# Worked out by hand from the rule (two hole cards + three board cards, five distinct
# ranks none above the qualifier, the smallest top card first).
HAND_WORKED = [
    # Seed 000, board 2-6-A-5-8: with 3-7-Q-Q the player must play the 7 and the 3
    # (the "live" 3 cannot play with a board 2, A, 5 alone): 7,5,3,2,A for every qualifier.
    ("3c 7d Qd Qs", "2d 6h Ac 5c 8s", 7, "7,5,3,2,A"),
    ("3c 7d Qd Qs", "2d 6h Ac 5c 8s", 8, "7,5,3,2,A"),
    ("3c 7d Qd Qs", "2d 6h Ac 5c 8s", 9, "7,5,3,2,A"),
    # Seed 000: 3-5 plays 5-3 + 6-2-A (6,5,3,2,A); 2-4 plays 4-2 + 6-5-A (6,5,4,2,A).
    ("3s 5s Th Jd", "2d 6h Ac 5c 8s", 8, "6,5,3,2,A"),
    ("2h 4s 5s Kd", "2d 6h Ac 5c 8s", 8, "6,5,4,2,A"),
    # Only two low cards on the board (8, 7): A-2 in hand makes no low.
    ("Ah 2c Kd Qd", "8s 7h Kc Jh Ts", 8, None),
    ("Ah 2c Kd Qd", "8s 7h Kc Jh Ts", 9, None),
    # Seed 000: K-8-J-8-5 holds two distinct low ranks only: no low, even for 9.
    ("Ah 2c 3d 4d", "Kd 8c Jh 8s 5d", 8, None),
    ("Ah 2c 3d 4d", "Kd 8c Jh 8s 5d", 9, None),
    # Seed 000: K-8-J-7-5 makes a low possible; A-2 best, A-3 next.
    ("Ah 2c Qs Qc", "Kd 8c Jh 7s 5d", 8, "8,7,5,2,A"),
    ("Ad 3c Ts Tc", "Kd 8c Jh 7s 5d", 8, "8,7,5,3,A"),
    ("Ah 2c Qs Qc", "Kd 8c Jh 7s 5d", 7, None),  # the 8 is above the qualifier
    # A-2 in hand on A-2-3-4-5: the only two low hole ranks are A and 2, so the board
    # gives 3-4-5 (its A and 2 are not needed): the wheel, not counterfeited.
    ("Ad 2d Th Td", "Ac 2c 3d 4h 5s", 8, "5,4,3,2,A"),
    ("Ad 2d Th Td", "Ac 2c 3d 4h 5s", 7, "5,4,3,2,A"),
    # Seed 004, counterfeited: A-2 in hand on 5-7-8-A-2 must take 5-7-8 from the board.
    ("Ad 2d Th Td", "5h 7h 8d Ac 2c", 8, "8,7,5,2,A"),
    ("Ad 2d Th Td", "5h 7h 8d Ac 2c", 9, "8,7,5,2,A"),
    ("Ad 2d Th Td", "5h 7h 8d Ac 2c", 7, None),  # without the 8: only 5-7 are left
    ("3s 4s Kh Kd", "5h 7h 8d Ac 2c", 8, "5,4,3,2,A"),  # the nut low there
    # A-2-3 in hand on A-2-3-K-Q: five distinct ranks would need two more: no low.
    ("Ah 2h 3h Kc", "Ac 2c 3c Kd Qd", 8, None),
    # 6-card Omaha: still exactly two from the hand (4-5) with A-2-3 from the board.
    ("Ah 2h 3h 4h 5h 6h", "Ac 2c 3c Kd Qd", 8, "5,4,3,2,A"),
    # 5-card Omaha with a nine: 9-A + 8-4-3 qualifies for nine only.
    ("Ah 9h Qs Qd Jc", "9c 8d 4h 3s Kd", 9, "9,8,4,3,A"),
    ("Ah 9h Qs Qd Jc", "9c 8d 4h 3s Kd", 8, None),
    # Pairs in hand and on board count once: 2-2-3-3 with 2-3-4-5-5 plays 3-2 + 5-4-?:
    # the board has only 4 and 5 besides 2 and 3, so no low.
    ("2c 2d 3c 3d", "2h 3h 4s 5s 5d", 8, None),
    # 2-2-6-6 with A-3-4-4-K: 6-2 + A-3-4.
    ("2c 2d 6c 6d", "Ah 3h 4s 4d Kd", 8, "6,4,3,2,A"),
]


@pytest.mark.parametrize(("hole", "board", "qualifier", "ranks"), HAND_WORKED)
def test_sql_best_low_hand_worked(hole: str, board: str, qualifier: int, ranks: str | None) -> None:
    ref = best_low(hole, board, qualifier)
    assert (ref.ranks if ref else None) == ranks
    [(mask, text)] = sql_lows([Deal(hole, board)], qualifier)
    assert text == ranks
    assert mask == (None if ranks is None else 8191 - ref.value)  # type: ignore[union-attr]


def test_sql_best_low_hand_worked_in_one_query() -> None:
    """The same cases side by side in one query per qualifier: rows do not interfere."""
    for q in (7, 8, 9):
        cases = [(h, b, r) for h, b, qq, r in HAND_WORKED if qq == q]
        got = sql_lows([Deal(h, b) for h, b, _ in cases], q)
        assert [t for _, t in got] == [r for *_, r in cases]


def test_low_mask_sql_reads_each_low_rank_once() -> None:
    # Bit r - 1 for each distinct rank r at or under the qualifier (ace = 1): Ah 3h 3c
    # Kd 9c -> A and 3 under 8 (1 + 4 = 5); under 9 the nine too (+ 256 = 261); an empty
    # or NULL text has none.
    import duckdb

    from hhtools.store.views import _low_mask

    con = duckdb.connect()
    got = con.execute(
        f"SELECT {_low_mask(chr(39) + 'Ah 3h 3c Kd 9c' + chr(39), '8')}, "
        f"{_low_mask(chr(39) + 'Ah 3h 3c Kd 9c' + chr(39), '9')}, "
        f"{_low_mask(chr(39) + chr(39), '8')}, {_low_mask('NULL', '8')}, "
        f"{_low_mask(chr(39) + '2s 4d 5c 7h 8s Ts' + chr(39), '7')}"
    ).fetchall()
    # 2, 4, 5, 7 under 7: bits 1, 3, 4, 6 = 2 + 8 + 16 + 64 = 90 (8 and T are out)
    assert got == [(5, 261, 0, 0, 90)]

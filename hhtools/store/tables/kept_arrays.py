"""The kept tables' rows of a batch of hands, summed over its Arrow columns in NumPy and
Arrow's compute functions: what :func:`hhtools.store.tables.kept.kept_rows_sql` (the SQL
of :mod:`hhtools.store.hand_summary` and :mod:`hhtools.store.report_cube` over the batch,
the reference) gives, without a DuckDB statement per batch (a worker's statements over
its batches cost about 70 us of CPU a hand; this, a few).

Every value is the SQL's, its NULLs included: a condition counts a seat only when it is
true (NULL is not), a sum of a column that is NULL on every seat of a key is NULL (and
so is a ``stat_cube`` count, ``count_if``, whose condition is NULL on every seat),
``hand_summary.kinds`` and ``players`` are empty lists for a hand without findings or
seats. The lows of ``counterfeited`` and ``low_possible`` are the views' bit masks
(:mod:`hhtools.store.views`: ranks ace to nine, bit ``r - 1``, found in the cards' text
and kept at or below the qualifier), and "the best low" of hole ranks ``hm`` and board
ranks ``bm`` the least five-rank mask made of exactly two ranks of ``hm`` and three of
``bm`` (:func:`best_low`). Money stays integer; ``net_bb`` is a sum of doubles, in
another order than DuckDB's (equal to its last bits).

The rows of a table's hands are joined to their hand by ``_n`` (each hand's running
number, which every row of a batch carries), not by site and hand id. The cubes' sums
per key are NumPy's over the seats sorted by their keys' codes (:class:`_Groups`; Arrow's
group-by over the key texts cost about twice as much).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from hhtools.store.hand_summary import CUBE_KEYS
from hhtools.store.hand_summary import TABLES as KEPT_TABLES
from hhtools.store.report_cube import KEYS as REPORT_KEYS
from hhtools.store.schema import arrow_schemas
from hhtools.store.stats import RATIOS

__all__ = ["SCHEMAS", "best_low", "kept_arrays", "low_mask"]

_LIST = pa.list_(pa.field("l", pa.string()))
_SQL_ARROW = {"VARCHAR": pa.string(), "BIGINT": pa.int64(), "DOUBLE": pa.float64(),
              "BOOLEAN": pa.bool_(), "VARCHAR[]": _LIST}  # fmt: skip

#: the report cube's sums, in its columns' order (``report_cube._SUMS``; a test holds them equal)
REPORT_SUMS = ("hands", "first_seats", "no_stats",
               *(f"{n}_{p}" for n in RATIOS for p in ("count", "opportunities")),
               "postflop_aggressive", "postflop_calls", "postflop_folds", "net_won",
               "won_at_showdown", "won_high", "won_low", "scooped", "quartered", "rake_paid",
               "counterfeited", "low_possible")  # fmt: skip

#: table -> the Arrow schema of its rows (the columns and types the SQL gives)
SCHEMAS: dict[str, pa.Schema] = {
    "hand_summary": pa.schema([(c.name, _SQL_ARROW[c.sql])
                               for c in KEPT_TABLES["hand_summary"][1]]),
    "stat_cube": pa.schema([(c.name, _SQL_ARROW[c.sql]) for c in KEPT_TABLES["stat_cube"][1]]),
    "report_cube": pa.schema(
        [("import_id", pa.int32()),
         *((k, pa.string()) for k in REPORT_KEYS[1:-1]), ("day", pa.date32()),
         *((c, pa.int64()) for c in REPORT_SUMS), ("net_bb", pa.float64())]),
}  # fmt: skip

# ------------------------------------------------------------------------------ lows

#: every five-rank low mask (bits 0..8: ace to nine), least first
_FIVES = np.array(sorted(m for m in range(1 << 9) if bin(m).count("1") == 5), dtype=np.int64)
#: bits set in each 9-bit mask
_POP = np.array([bin(m).count("1") for m in range(1 << 9)], dtype=np.int8)


def best_low(hm: np.ndarray, bm: np.ndarray) -> np.ndarray:
    """The best low of each pair of hole and board rank masks, ``-1`` where none.

    The least five-rank mask ``c`` (two lows compare as their masks: the views' rule)
    made of exactly two ranks of ``hm`` and three of ``bm``: the ranks of ``c`` not on
    the board (``d = c & ~bm``) are at most two and all held, and ``c`` holds at least
    two ranks of ``hm`` (the two hole ranks: ``d`` and as many more as it lacks).

    Args:
        hm, bm: int arrays of equal length, masks of 9 bits.

    >>> best_low(np.array([0b000000011, 0b000000011]), np.array([0b000011100, 0b000000111]))
    array([31, -1])
    """
    hm = np.asarray(hm, dtype=np.int64)[:, None]
    bm = np.asarray(bm, dtype=np.int64)[:, None]
    c = _FIVES[None, :]
    off = c & ~bm
    ok = ((off & ~hm) == 0) & (_POP[off] <= 2) & (_POP[c & hm] >= 2)
    first = ok.argmax(axis=1)
    return np.where(ok.any(axis=1), _FIVES[first], -1)


def low_mask(cards: pa.Array, qualifier: np.ndarray) -> np.ndarray:
    """The mask of the low ranks (ace to nine, at or below ``qualifier``) found in each
    text of ``cards`` (``views._low_mask``: a rank's character anywhere in the text;
    NULL is no card)."""
    text = pc.fill_null(cards, "")
    mask = np.zeros(len(cards), dtype=np.int64)
    for r, ch in enumerate("A23456789", start=1):
        hit = pc.match_substring(text, ch).to_numpy(zero_copy_only=False)
        mask |= hit.astype(np.int64) << (r - 1)
    return mask & ((np.int64(1) << qualifier) - 1)


# ------------------------------------------------------------------------------ helpers

#: the Python values compared with columns, made Arrow scalars once: pyarrow converts a
#: Python value given to a compute function by trying to import ``dateutil`` first, a
#: search of the import path each time when it is not installed (0.3 ms a call)
_RIVER = pa.scalar("river", pa.string())


def _np(arr: Any, fill: Any) -> np.ndarray:
    """A column as a NumPy array, NULL as ``fill`` (a column without NULLs as it is: a
    compute call costs some microseconds whatever the rows, and most columns have none)."""
    out: np.ndarray = (arr if not arr.null_count else pc.fill_null(arr, fill)).to_numpy(
        zero_copy_only=False)  # fmt: skip
    return out


def _valid(arr: Any) -> np.ndarray:
    """Per row of a column, whether it is not NULL (all rows of a column without NULLs)."""
    if not arr.null_count:
        return np.ones(len(arr), dtype=bool)
    out: np.ndarray = pc.is_valid(arr).to_numpy(zero_copy_only=False)
    return out


def _true(arr: Any) -> np.ndarray:
    """SQL truth of a boolean column: true, not false nor NULL."""
    return _np(arr, False).astype(bool)


def _positive(arr: Any) -> np.ndarray:
    """``col > 0`` as SQL truth (NULL is not)."""
    return _np(arr, 0) > 0


_TERM = re.compile(r"^(s|h)\.(\w+)( > 0)?$")


def _condition(sql: str) -> list[tuple[str, str, bool]]:
    """A ratio's SQL (``s.a AND h.b AND s.c > 0``) as ``(table, column, positive)``
    terms, all of which must be true.

    Raises:
        ValueError: a term of another form (:data:`RATIOS` changed: teach this reader).
    """
    terms = []
    for term in sql.split(" AND "):
        m = _TERM.match(term.strip())
        if m is None:
            raise ValueError(f"cannot read the ratio condition {sql!r}")
        terms.append((m[1], m[2], bool(m[3])))
    return terms


#: ratio -> (its count's terms, its opportunities' terms)
_RATIO_TERMS = {name: (_condition(count), _condition(opp)) for name, (count, opp) in RATIOS.items()}


class _Seats:
    """A batch's seats with their hand's columns beside them (joined on ``_n``)."""

    def __init__(self, hands: pa.Table, seats: pa.Table):
        self.hands, self.seats = hands, seats
        hn = hands.column("_n").to_numpy()
        self.order = None if np.all(hn[1:] >= hn[:-1]) else np.argsort(hn, kind="stable")
        self.hn = hn if self.order is None else hn[self.order]
        self.hand = self.index(seats.column("_n").to_numpy())
        self._terms: dict[tuple[str, str, bool], tuple[np.ndarray, np.ndarray]] = {}
        self._keys: dict[tuple[str, str, Any], _Key] = {}

    def index(self, numbers: np.ndarray) -> np.ndarray:
        """Rows of ``hands`` of the running numbers ``numbers``."""
        i = np.searchsorted(self.hn, numbers)
        return i if self.order is None else self.order[i]

    def term(self, table: str, name: str, positive: bool) -> tuple[np.ndarray, np.ndarray]:
        """A term per seat, worked out once (the ratios share their terms): whether its
        column is not NULL, and whether the term is true (SQL truth: NULL is not). A
        hand's column is read per hand, then spread to its seats."""
        key = (table, name, positive)
        got = self._terms.get(key)
        if got is None:
            col = self.seats.column(name) if table == "s" else self.hands.column(name)
            got = (_valid(col), _positive(col) if positive else _true(col))
            if table != "s":
                got = (got[0][self.hand], got[1][self.hand])
            self._terms[key] = got
        return got

    def holds(self, terms: list[tuple[str, str, bool]]) -> np.ndarray:
        """Seats where every term is true."""
        out = np.ones(self.seats.num_rows, dtype=bool)
        for term in terms:
            out &= self.term(*term)[1]
        return out

    def counts(self, terms: list[tuple[str, str, bool]], rows: np.ndarray) -> _Sum:
        """The terms' conjunction as SQL's three values, per seat of ``rows``: 1 or 0
        where it is not NULL (``count_if`` sums it: NULL over a key whose every seat is
        NULL)."""
        false = np.zeros(self.seats.num_rows, dtype=bool)
        null = np.zeros(self.seats.num_rows, dtype=bool)
        for term in terms:
            valid, value = self.term(*term)
            false |= valid & ~value
            null |= ~valid
        null &= ~false
        valid = ~null[rows]
        return (~false & ~null)[rows].astype(np.int64), None if valid.all() else valid

    def key(self, table: str, name: str, fill: Any = None) -> _Key:
        """A key column for :class:`_Groups`, worked out once: the column ``name`` of
        the seats (``s``) or of the hands (``h``), ``fill`` its NULLs (a scalar, or
        ``date``: a timestamp's day), as a code per seat (equal values, NULL included,
        one code), the number of codes, and the column itself with its table."""
        got = self._keys.get((table, name, fill))
        if got is None:
            arr = (self.seats if table == "s" else self.hands).column(name)
            if isinstance(arr, pa.ChunkedArray):
                arr = arr.combine_chunks()
            if fill == "date":
                arr = pc.cast(arr, pa.date32())
            elif fill is not None:
                arr = pc.fill_null(arr, fill)
            enc = pc.dictionary_encode(arr, null_encoding="encode")
            codes = enc.indices.to_numpy(zero_copy_only=False).astype(np.int64)
            got = self._keys[(table, name, fill)] = (
                codes if table == "s" else codes[self.hand], len(enc.dictionary), table, arr)
        return got


#: a key column of the seats: a code per seat, the number of codes, the table of the
#: column (``s`` or ``h``) and the column
_Key = tuple[np.ndarray, int, str, Any]

#: a summed column per seat of the rows summed: its values (NULL as 0) and which are
#: not NULL (None: all)
_Sum = tuple[np.ndarray, np.ndarray | None]


def _sum(arr: Any, rows: np.ndarray) -> _Sum:
    """A column of the seats as a :data:`_Sum` over the seats ``rows``: integers as int64."""
    values = _np(arr, 0)[rows]
    if values.dtype.kind in "biu":
        values = values.astype(np.int64)
    return values, (_valid(arr)[rows] if arr.null_count else None)


class _Groups:
    """Seats grouped by their keys' values, for sums per key (SQL's ``GROUP BY``).

    The keys' codes make one int64 per seat (renumbered when their product would pass
    2**62); :attr:`rows`, the seats summed sorted by it, make each run of equal keys a
    row of the sums, its key values those of its first seat. The rows come in the order
    of their codes (the SQL's come in none)."""

    def __init__(self, s: _Seats, rows: np.ndarray, keys: dict[str, _Key]):
        """``rows``: the seats summed (indices); ``keys``: name -> :meth:`_Seats.key`."""
        self.s, self.keys = s, keys
        key = np.zeros(len(rows), dtype=np.int64)
        span = 1
        for codes, n, _, _ in keys.values():
            if span * n >= 1 << 62:
                _, key = np.unique(key, return_inverse=True)
                span = int(key.max()) + 1
            key = key * n + codes[rows]
            span *= n
        order = np.argsort(key, kind="stable")
        #: the seats summed, in the order of their keys
        self.rows: np.ndarray = rows[order]
        key = key[order]
        self.starts = np.flatnonzero(np.concatenate(([True], key[1:] != key[:-1])))

    def table(self, sums: dict[str, _Sum], schema: pa.Schema) -> pa.Table:
        """The sums per key in ``schema``'s columns and types: ``sums``, each column's
        :data:`_Sum` over :attr:`rows` (a sum of NULLs alone is NULL, as SQL's; integers
        summed as integers)."""
        if not len(self.rows):
            return schema.empty_table()
        first = self.rows[self.starts]
        out: dict[str, Any] = {}
        for name, (_, _, table, arr) in self.keys.items():
            out[name] = arr.take(pa.array(first if table == "s" else self.s.hand[first]))
        for name, (values, valid) in sums.items():
            total = np.add.reduceat(values, self.starts)
            mask = None
            if valid is not None:
                mask = ~np.logical_or.reduceat(valid, self.starts)
            out[name] = pa.array(total, mask=mask if mask is not None and mask.any() else None)
        return pa.table(out).select(schema.names).cast(schema)


def _net_bb(s: _Seats, rows: np.ndarray) -> _Sum:
    """``s.net::DOUBLE / nullif(h.big_blind, 0)`` per seat of ``rows``."""
    hbb = s.hands.column("big_blind")
    bb = _np(hbb, 0)[s.hand[rows]].astype(np.float64)
    net_col = s.seats.column("net")
    valid = bb != 0
    if hbb.null_count:
        valid &= _valid(hbb)[s.hand[rows]]
    if net_col.null_count:
        valid &= _valid(net_col)[rows]
    net = _np(net_col, 0)[rows].astype(np.float64)
    return np.divide(net, bb, out=np.zeros(len(rows)), where=valid), valid


def _counted(seats: pa.Table) -> np.ndarray:
    """:func:`hhtools.store.seat_results.counted_seat` per seat."""
    out: np.ndarray = (~_true(seats.column("sitting_out")) | _positive(seats.column("put_in"))
                       | _positive(seats.column("collected")))  # fmt: skip
    return out


# ------------------------------------------------------------------------------ tables


def _sorted_lists(hand: np.ndarray, values: pa.Array, hands: int) -> pa.Array:
    """Per hand (``hand``: each value's hand row of ``hands``), its distinct ``values``
    sorted (byte order, as DuckDB's ``list(DISTINCT v ORDER BY v)``); empty lists for
    the hands with none."""
    keep = _valid(values)
    hand, values = hand[keep], values.filter(pa.array(keep))
    tbl = pa.table({"h": hand, "v": values})
    tbl = tbl.take(pc.sort_indices(tbl, [("h", "ascending"), ("v", "ascending")]))
    h = tbl.column("h").to_numpy()
    v = tbl.column("v").combine_chunks()
    if len(h):
        same = np.zeros(len(h), dtype=bool)
        same[1:] = (h[1:] == h[:-1]) & _true(pc.equal(v[1:], v[:-1]))
        h, v = h[~same], v.filter(pa.array(~same))
    offsets = np.zeros(hands + 1, dtype=np.int32)
    np.cumsum(np.bincount(h, minlength=hands), out=offsets[1:])
    return pa.ListArray.from_arrays(pa.array(offsets), v, type=_LIST)


def _summary(hands: pa.Table, s: _Seats, actions: pa.Table | None,
             findings: pa.Table | None) -> pa.Table:  # fmt: skip
    """``hand_summary``: one row per hand of ``hands``."""
    nh = hands.num_rows
    seats = s.seats
    hand = s.hand
    # winner: the counted seat that collected, of the most net, the lowest seat of a tie
    ok = np.flatnonzero(_positive(seats.column("collected")) & _counted(seats))
    winner = np.full(nh, -1, dtype=np.int64)
    if len(ok):
        net = _np(seats.column("net"), np.iinfo(np.int64).min)[ok]
        seat = _np(seats.column("seat"), 0)[ok]
        order = ok[np.lexsort((seat, -net, hand[ok]))]
        first = np.ones(len(order), dtype=bool)
        first[1:] = hand[order][1:] != hand[order][:-1]
        winner[hand[order[first]]] = order[first]
    has = winner >= 0
    players = seats.column("player")
    names = pa.nulls(nh, pa.string())
    if has.any():
        names = pc.if_else(pa.array(has), players.take(pa.array(np.where(has, winner, 0))), names)

    def any_of(rows: np.ndarray, flag: np.ndarray) -> np.ndarray:
        out = np.zeros(nh, dtype=bool)
        out[rows[flag]] = True
        return out

    scoop = any_of(hand, _positive(seats.column("scooped")))
    quarter = any_of(hand, _positive(seats.column("quartered")))
    allin = np.zeros(nh, dtype=bool)
    if actions is not None and actions.num_rows:
        allin = any_of(s.index(actions.column("_n").to_numpy()), _true(actions.column("all_in")))
    if findings is not None and findings.num_rows:
        kinds = _sorted_lists(s.index(findings.column("_n").to_numpy()),
                              findings.column("kind").combine_chunks(), nh)  # fmt: skip
    else:
        kinds = pa.ListArray.from_arrays(pa.array(np.zeros(nh + 1, np.int32)),
                                         pa.array([], pa.string()), type=_LIST)  # fmt: skip
    return pa.Table.from_arrays(
        [hands.column("site"), hands.column("hand_id"), names, pa.array(scoop),
         pa.array(quarter), pa.array(allin), kinds,
         _sorted_lists(hand, players.combine_chunks(), nh)],
        schema=SCHEMAS["hand_summary"])  # fmt: skip


def _stat_cube(s: _Seats, counted: np.ndarray) -> pa.Table:
    """``stat_cube``: :func:`hhtools.store.hand_summary.cube_select` over the batch."""
    keep = np.flatnonzero(counted & _valid(s.seats.column("vpip_opportunity")))
    g = _Groups(s, keep, {
        "player": s.key("s", "player"), "site": s.key("s", "site"),
        "game": s.key("h", "game"), "structure": s.key("h", "structure"),
        "stakes": s.key("h", "stakes"), "position": s.key("s", "position_name", "unknown"),
        "currency": s.key("h", "currency")})  # fmt: skip
    rows, seats = g.rows, s.seats
    one = np.ones(len(rows), dtype=np.int64), None
    sums: dict[str, _Sum] = {"hands": one, "seats": one}
    for name, (count, opp) in _RATIO_TERMS.items():
        sums[f"{name}_count"] = s.counts(count, rows)
        sums[f"{name}_opportunities"] = s.counts(opp, rows)
    for c in ("postflop_aggressive", "postflop_calls", "postflop_folds"):
        sums[c] = _sum(seats.column(c), rows)
    sums["net_won"] = _sum(seats.column("net"), rows)
    sums["net_bb"] = _net_bb(s, rows)
    return g.table(sums, SCHEMAS["stat_cube"])


def _first_seats(s: _Seats, counted: np.ndarray) -> np.ndarray:
    """Each hand's first counted seat (by seat number): ``k = 1`` of ``rows_select``."""
    rows = np.flatnonzero(counted)
    first = np.zeros(s.seats.num_rows, dtype=bool)
    if len(rows):
        seat = _np(s.seats.column("seat"), 0)[rows]
        order = rows[np.lexsort((seat, s.hand[rows]))]
        lead = np.ones(len(order), dtype=bool)
        lead[1:] = s.hand[order][1:] != s.hand[order][:-1]
        first[order[lead]] = True
    return first


def _qualifier(s: _Seats, rows: np.ndarray) -> np.ndarray:
    """``coalesce(h.qualifier, 8)`` of the hands ``rows``."""
    out: np.ndarray = _np(s.hands.column("qualifier"), 8).astype(np.int64)[rows]
    return out


def _low_possible(s: _Seats, boards: pa.Table | None) -> np.ndarray:
    """Rows of ``low_possible`` per hand of ``hands``: boards of hi/lo hands with a flop
    on which a low can be made (the best low of every hole rank and the board's)."""
    out = np.zeros(s.hands.num_rows, dtype=np.int64)
    if boards is None or not boards.num_rows:
        return out
    hand = s.index(boards.column("_n").to_numpy())
    keep = _true(s.hands.column("hi_lo"))[hand] & _valid(boards.column("flop"))
    rows = np.flatnonzero(keep)
    if not len(rows):
        return out
    q = _qualifier(s, hand[rows])
    bm = low_mask(boards.column("cards").take(pa.array(rows)), q)
    low = best_low((np.int64(1) << q) - 1, bm)
    np.add.at(out, hand[rows][low >= 0], 1)
    return out


def _counterfeited(s: _Seats, boards: pa.Table | None) -> np.ndarray:
    """Rows of ``counterfeited`` per seat: boards dealt to the river on which the seat
    (hole cards known, not folded before the river, a hi/lo hand) held the nut low on
    the flop or the turn and not on the river."""
    seats = s.seats
    out = np.zeros(seats.num_rows, dtype=np.int64)
    if boards is None or not boards.num_rows:
        return out
    folded = seats.column("folded")
    live = pc.or_kleene(pc.is_null(folded), pc.equal(folded, _RIVER))
    keep = (_true(live) & _valid(seats.column("hole_cards"))
            & s.term("h", "hi_lo", False)[1])  # fmt: skip
    who = np.flatnonzero(keep)
    dealt = np.flatnonzero(_valid(boards.column("river")))
    if not len(who) or not len(dealt):
        return out
    bn = boards.column("_n").to_numpy()[dealt]
    border = np.argsort(bn, kind="stable")
    dealt, bn = dealt[border], bn[border]
    sn = seats.column("_n").to_numpy()[who]
    lo, hi = np.searchsorted(bn, sn, "left"), np.searchsorted(bn, sn, "right")
    count = hi - lo
    seat = np.repeat(who, count)  # one row per seat and board of its hand
    if not len(seat):
        return out
    start = np.repeat(lo - np.cumsum(count) + count, count)
    board = dealt[np.arange(len(seat)) + start]
    q = _qualifier(s, s.hand[seat])
    full = (np.int64(1) << q) - 1
    take = pa.array(board)
    flop, turn = boards.column("flop").take(take), boards.column("turn").take(take)
    pm = low_mask(seats.column("hole_cards").take(pa.array(seat)), q)
    fm = low_mask(flop, q)
    both = pc.and_(pc.is_valid(flop), pc.is_valid(turn))
    tm = np.where(_true(both), fm | low_mask(turn, q), 0)
    rm = low_mask(boards.column("cards").take(take), q)
    flop_low, flop_nut = best_low(pm, fm), best_low(full, fm)
    turn_low, turn_nut = best_low(pm, tm), best_low(full, tm)
    river_low, river_nut = best_low(pm, rm), best_low(full, rm)
    held = ((flop_low >= 0) & (flop_low == flop_nut)) | ((turn_low >= 0) & (turn_low == turn_nut))
    np.add.at(out, seat[held & (river_low != river_nut)], 1)
    return out


def _report_cube(s: _Seats, counted: np.ndarray, boards: pa.Table | None) -> pa.Table:
    """``report_cube``: :func:`hhtools.store.report_cube.rows_select` over the batch."""
    first = _first_seats(s, counted)
    low = _low_possible(s, boards)[s.hand]
    g = _Groups(s, np.flatnonzero(counted), {
        "import_id": s.key("h", "import_id", -1), "site": s.key("s", "site"),
        "player": s.key("s", "player"), "game": s.key("h", "game"),
        "structure": s.key("h", "structure"), "stakes": s.key("h", "stakes"),
        "currency": s.key("h", "currency"), "day": s.key("h", "started_at", "date")})  # fmt: skip
    rows, seats = g.rows, s.seats
    sums: dict[str, _Sum] = {
        "hands": (np.ones(len(rows), dtype=np.int64), None),
        "first_seats": (first[rows].astype(np.int64), None),
        "no_stats": ((~_valid(seats.column("vpip_opportunity"))[rows]).astype(np.int64), None),
    }
    for name, (count, opp) in _RATIO_TERMS.items():
        sums[f"{name}_count"] = s.holds(count)[rows].astype(np.int64), None
        sums[f"{name}_opportunities"] = s.holds(opp)[rows].astype(np.int64), None
    for c in ("postflop_aggressive", "postflop_calls", "postflop_folds"):
        sums[c] = _sum(seats.column(c), rows)
    sums["net_won"] = _sum(seats.column("net"), rows)
    won = _true(seats.column("at_showdown")) & _positive(seats.column("due_at_showdown"))
    sums["won_at_showdown"] = won[rows].astype(np.int64), None
    for c, col in (("won_high", "pots_won_high"), ("won_low", "pots_won_low"),
                   ("scooped", "scooped"), ("quartered", "quartered"),
                   ("rake_paid", "rake_paid")):  # fmt: skip
        sums[c] = _sum(seats.column(col), rows)
    sums["counterfeited"] = _counterfeited(s, boards)[rows], None
    sums["low_possible"] = np.where(first, low, 0)[rows], None
    sums["net_bb"] = _net_bb(s, rows)
    return g.table(sums, SCHEMAS["report_cube"])


def kept_arrays(tables: Mapping[str, pa.Table]) -> dict[str, pa.Table]:
    """The kept tables' rows of one batch of hands (module docstring).

    Args:
        tables: the batch's hand tables (table name -> Arrow table with the store's
            columns and ``_n``), as the rows stage gives them; the batch's every hand
            once. ``hands`` and ``seats`` are needed; ``actions``, ``findings`` and
            ``boards`` may be missing (none).

    Returns:
        ``hand_summary`` (one row per hand), ``stat_cube`` and ``report_cube`` (the
        batch's sums, one row per key) as Arrow tables of :data:`SCHEMAS`.

    Raises:
        KeyError: a table or column the sums need is missing.
    """
    hands = tables.get("hands")
    if hands is None or not hands.num_rows:
        return {name: schema.empty_table() for name, schema in SCHEMAS.items()}
    seats = tables.get("seats")
    if seats is None:  # no hand of the batch seats anyone
        seats = arrow_schemas()["seats"].append(pa.field("_n", pa.int64())).empty_table()
    s = _Seats(hands, seats)
    counted = _counted(seats)
    boards = tables.get("boards")
    return {
        "hand_summary": _summary(hands, s, tables.get("actions"), tables.get("findings")),
        "stat_cube": _stat_cube(s, counted),
        "report_cube": _report_cube(s, counted, boards),
    }

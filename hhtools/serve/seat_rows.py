"""The statistics by day, position and hole-card class (:mod:`hhtools.serve.day_cube`, its
table ``by_seat``) held in NumPy, so that the players list of dates with a position, of a
hole-card class, and a player's positions under dates or classes are summed by masks
over arrays instead of a DuckDB group-by (a quarter to a third of its CPU at a million
hands).

One table answers them all: a row per player, hand key, position, day and class list
(``-1``: no known hole cards, which a class filter never keeps), its sums beside it. The
layout is lean: the player a 32-bit number in name order, the money key (currency and
structure) and the hand key 16-bit numbers, the position and class list 8-bit numbers,
the day a 32-bit day number, the counts 16-bit when every count fits (a row sums one
player's seats of one day, position and class: few), ``net_won`` apart in 64 bits
(exact), ``seats`` not held (it is ``hands``), and the all-in expectation held only
when the store has one (else it is the net, as the store sums it). The rows are sorted
by player and money key, so that any rows a mask keeps are still sorted and are summed
per player by :func:`hhtools.serve.player_table.player_table` (per position by
:func:`hhtools.serve.day_cube.stats_of`), exactly for integers.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from hhtools.serve.player_table import Counts, _allowed, _lower, _of_players, smallest

if TYPE_CHECKING:
    import duckdb
    import polars as pl

    from hhtools.store.stats import StatsFilter

__all__ = ["SeatRows", "position_counts", "seat_pick", "seat_rows"]

_NO_DAY = np.iinfo(np.int32).min  #: the day of a hand without a time


@dataclass(frozen=True)
class SeatRows:
    """The table ``by_seat`` of the statistics by day held in NumPy (see the module).

    Attributes:
        pid: each row's player, a number into ``names`` (int32; rows sorted by it,
            then by ``mk``).
        mk: each row's money key, a number into ``mks`` (int16).
        ints: the counts ``int_names``, ``(len(int_names), rows)`` (int16 when every
            count fits).
        net: ``net_won`` per row (int64, minor units).
        floats: ``net_bb`` and, with all-in equity, ``ev_net`` and ``ev_bb``
            (float64, ``(1 or 3, rows)``).
        int_names: the counts' names (``hands`` first).
        names: the players' names in order (NumPy array of str).
        mks: ``(currency, structure)`` per money key, sorted.
        day: days since 1970-01-01 (int32; :data:`_NO_DAY` for a hand without time).
        kid: the hand key, a row number of ``keys`` (int16 or int32).
        keys: the hand keys (``site``, ``game``, ``limit``, ``stakes``, ``currency``).
        pos: the position, a number into ``positions`` (int8).
        positions: the positions' names.
        cls: the class list, a number into ``classes``; -1 none known (int8 or int16).
        classes: each class list as a set of class names.
        lower: lower-case name -> the players' numbers it matches.
    """

    pid: np.ndarray
    mk: np.ndarray
    ints: np.ndarray
    net: np.ndarray
    floats: np.ndarray
    int_names: tuple[str, ...]
    names: np.ndarray
    mks: tuple[tuple[str, str], ...]
    day: np.ndarray
    kid: np.ndarray
    keys: pl.DataFrame
    pos: np.ndarray
    positions: tuple[str, ...]
    cls: np.ndarray
    classes: tuple[frozenset[str], ...]
    lower: dict[str, list[int]]

    def nbytes(self) -> int:
        """The bytes the arrays hold."""
        return sum(int(a.nbytes) for a in (self.pid, self.mk, self.ints, self.net, self.floats,
                                           self.day, self.kid, self.pos, self.cls))  # fmt: skip

    def counts(self, rows: np.ndarray) -> Counts:
        """The rows ``rows`` (rising row numbers) as :class:`Counts` (no ``seats``:
        :func:`hhtools.serve.player_table.player_table` reads ``hands``)."""
        net = self.net[rows]
        f = np.take(self.floats, rows, axis=1)
        if len(f) == 1:  # no all-in equity: the expectation is the net, as the store has it
            f = np.vstack([f[0], net.astype(np.float64), f[0]])
        return Counts(self.pid[rows], self.mk[rows], np.take(self.ints, rows, axis=1), f,
                      self.int_names, self.names, self.mks, net)  # fmt: skip


def seat_rows(mem: duckdb.DuckDBPyConnection, lock: threading.Lock, has_ev: bool,
              catalog: str, sums: tuple[str, ...]) -> SeatRows | None:  # fmt: skip
    """The table ``{catalog}.by_seat`` held as :class:`SeatRows`; ``None`` when a key
    (a player, currency, structure or position) is NULL (DuckDB then answers).

    Args:
        mem: the snapshot's connection holding the statistics by day.
        lock: the snapshot's lock (held while ``mem`` is read).
        has_ev: the table has ``ev_net`` and ``ev_bb``.
        catalog: the statistics' catalog (:data:`hhtools.serve.day_cube.CATALOG`).
        sums: the counts' columns (``hands`` first).

    Raises:
        duckdb.Error: the table is not there.
    """
    c = catalog
    floats = "f.net_bb" + (", f.ev_net, f.ev_bb" if has_ev else "")
    with lock:
        players = mem.execute(f"SELECT pid, player FROM {c}.players").fetchall()
        keys = mem.sql(f"SELECT kid, site, game, structure AS \"limit\", stakes, currency "
                       f"FROM {c}.keys ORDER BY kid").pl()  # fmt: skip
        lists = mem.execute(f"SELECT cls, classes FROM {c}.classes ORDER BY cls").fetchall()
        positions = [p for (p,) in mem.execute(f"SELECT DISTINCT position FROM {c}.by_seat "
                                               "ORDER BY 1").fetchall()]  # fmt: skip
        if any(p is None for p in positions) or any(n is None for _, n in players):
            return None
        got = mem.execute(
            f"SELECT f.pid, f.kid, list_position(?, f.position)::TINYINT - 1 AS pos, "
            f"coalesce(f.day - DATE '1970-01-01', {_NO_DAY})::INTEGER AS day, f.cls, "
            f"{', '.join(f'f.{n}' for n in sums)}, f.net_won, {floats} FROM {c}.by_seat f",
            [positions]).fetchnumpy()  # fmt: skip
    if keys.select("currency", "limit").null_count().sum_horizontal().item():
        return None
    # players in name order; money keys sorted; the hand keys renumbered by their order
    pids = np.array([p for p, _ in players], dtype=np.int64)
    by_name = sorted(range(len(players)), key=lambda i: players[i][1])
    rank = np.zeros(int(pids.max()) + 1 if len(pids) else 1, dtype=np.int32)
    rank[pids[by_name]] = np.arange(len(by_name), dtype=np.int32)
    names = np.array([players[i][1] for i in by_name], dtype=object)
    pairs = sorted(set(zip(keys["currency"].to_list(), keys["limit"].to_list(), strict=True)))
    kids = keys["kid"].to_numpy()
    mk_of_key = np.array([pairs.index(p) for p in zip(keys["currency"].to_list(),
                                                      keys["limit"].to_list(), strict=True)],
                         dtype=np.int16)  # fmt: skip
    kid = np.searchsorted(kids, np.asarray(got["kid"]))
    pid = rank[np.asarray(got["pid"])]
    mk = mk_of_key[kid]
    order = np.lexsort((mk, pid))
    cls_codes = [n for n, _ in lists]
    cls_raw = np.ma.filled(np.ma.asarray(got["cls"]), 0).astype(np.int64)
    cls = np.where(cls_raw > 0, np.searchsorted(np.array(cls_codes or [0]), cls_raw), -1)
    # each count straight into its row of a matrix of the narrowest type, in the rows'
    # order (no 64-bit copy of the whole: at a million hands that is half a gigabyte)
    cols = [np.ma.filled(np.ma.asarray(got[n]), 0) for n in sums]
    bounds = np.array([b for col in cols if col.size for b in (int(col.min()), int(col.max()))])
    ints = np.empty((len(sums), len(order)), dtype=smallest(bounds))
    for i, col in enumerate(cols):
        ints[i] = col[order]
    del cols
    # a NULL net_bb or ev_bb (no big blind) as NaN (see player_table.Counts)
    fl = np.vstack([np.ma.filled(np.ma.asarray(got[n]).astype(np.float64),
                                 0.0 if n == "ev_net" else np.nan)
                    for n in (("net_bb", "ev_net", "ev_bb") if has_ev else ("net_bb",))
                    ])  # fmt: skip
    lower: dict[str, list[int]] = {}
    for i, n in enumerate(_lower(names.tolist())):
        lower.setdefault(n, []).append(i)
    return SeatRows(
        pid=pid[order], mk=mk[order], ints=ints,
        net=np.ma.filled(np.ma.asarray(got["net_won"]), 0).astype(np.int64)[order],
        floats=np.ascontiguousarray(fl[:, order]), int_names=tuple(sums), names=names,
        mks=tuple(pairs), day=np.asarray(got["day"], dtype=np.int32)[order],
        kid=kid[order].astype(np.int16 if len(kids) < 2**15 else np.int32),
        keys=keys.drop("kid"), pos=np.asarray(got["pos"], dtype=np.int8)[order],
        positions=tuple(positions),
        cls=cls[order].astype(np.int8 if len(cls_codes) < 127 else np.int16),
        classes=tuple(frozenset(x or ()) for _, x in lists), lower=lower)  # fmt: skip


def seat_pick(sr: SeatRows, flt: StatsFilter, days: list[tuple[str, Any]]) -> np.ndarray:
    """The rows of ``sr`` that a filter with dates on a day's start (or none) keeps,
    rising; :meth:`SeatRows.counts` gives them to
    :func:`hhtools.serve.player_table.player_table`, :func:`position_counts` to a
    grouping by position.

    Args:
        sr: the rows.
        flt: the filter (its times are ``days``).
        days: :func:`hhtools.serve.day_cube.days_answer` of ``flt``.

    Raises:
        StatsError: a filter value the store's filter refuses.
        ValueError: a time condition of another form.
    """
    hand_parts, params = replace(flt, since=None, until=None).hand_conditions()
    flt.seat_conditions()  # checked
    picked = _of_players(sr.pid, sr.lower.get(_lower([flt.player])[0], [])) if flt.player else None

    def mine(a: np.ndarray) -> np.ndarray:
        return a if picked is None else a[picked]

    keep = np.ones(len(sr.pid) if picked is None else len(picked), dtype=bool)
    if days:
        day = mine(sr.day)
        keep &= day != _NO_DAY
        for sql, when in days:
            n = int(np.datetime64(when, "D").astype(np.int64))  # days since 1970-01-01
            if sql == "f.day >= ?":
                keep &= day >= n
            elif sql == "f.day < ?":
                keep &= day < n
            else:
                raise ValueError(f"a time condition of another form: {sql}")
    allowed = _allowed(sr.keys, hand_parts, params)
    if allowed is not None:  # a table of the hand keys kept, read once per row
        keep &= _table(sr.keys.height, allowed)[mine(sr.kid)]
    if flt.position:
        pos = flt.position.upper()
        keep &= mine(sr.pos) == (sr.positions.index(pos) if pos in sr.positions else -1)
    if flt.hand_class:  # ... and of the class lists kept (-1, none known: the last entry)
        want = {n.lower().replace("-", "_") for n in flt.hand_class}
        codes = [i for i, have in enumerate(sr.classes) if want <= have]
        keep &= _table(len(sr.classes) + 1, np.array(codes, dtype=np.int64))[mine(sr.cls)]
    return np.flatnonzero(keep) if picked is None else picked[keep]


def _table(n: int, kept: np.ndarray) -> np.ndarray:
    """``n`` booleans, true at the numbers ``kept`` (a lookup by code: one gather per
    row instead of ``np.isin``'s comparisons; code -1 reads the last)."""
    out = np.zeros(n, dtype=bool)
    out[kept] = True
    return out


def position_counts(sr: SeatRows, rows: np.ndarray) -> pl.DataFrame:
    """The rows ``rows`` as the counts frame :func:`hhtools.serve.day_cube.stats_of`
    groups by position: ``position``, ``currency``, ``structure``, the counts,
    ``net_won``, ``net_bb``, ``ev_net``, ``ev_bb`` and ``seats`` (as
    :func:`hhtools.serve.day_cube.days_stats` reads them from DuckDB)."""
    import polars as pl

    c = sr.counts(rows)
    col = {n: i for i, n in enumerate(c.int_names)}
    out: dict[str, Any] = {
        "position": pl.Series(np.array(sr.positions, dtype=object)[sr.pos[rows]].tolist(),
                              dtype=pl.String),
        "currency": pl.Series([sr.mks[k][0] for k in c.mk], dtype=pl.String),
        "structure": pl.Series([sr.mks[k][1] for k in c.mk], dtype=pl.String),
    }  # fmt: skip
    for n in sr.int_names:
        out[n] = c.ints[col[n]].astype(np.int64)
    out["net_won"] = c.net
    for i, n in enumerate(("net_bb", "ev_net", "ev_bb")):  # NaN: NULL, as the store's
        out[n] = pl.Series(n, c.floats[i], nan_to_null=True)
    out["seats"] = out["hands"]
    return pl.DataFrame(out)

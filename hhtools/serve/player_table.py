"""The players list (``HandStore.stats(by=("player",))``'s table) summed in NumPy from
rows of counts, instead of Polars group-bys and a pivot: the same numbers, columns and
order, at a fraction of the CPU for a hundred thousand players.

Rows of :func:`hhtools.store.stats.stats_sql`'s columns (a player, ``currency``,
``structure`` and the counts; several rows per key) are held as :class:`Counts`: the
player as a number in name order, the money key (currency and structure) as a number
in the order of its words, the integer counts as one matrix and the money in big
blinds and the all-in expectation as another, the rows sorted by player and money key,
so that any subset of the rows (a filter) is still sorted and is summed per key by
``np.add.reduceat`` over row runs. :func:`player_table` then does what
:func:`hhtools.store.stats.ratios_of`, :func:`~hhtools.store.stats.money_of` and
:func:`~hhtools.store.stats.wide_stats` do: ratios (null without opportunity), ``af``
and ``afq``, groups below ``min_hands`` left out, most hands first (name order among
ties), and the money per currency and structure beside them in the order the money
rows (most hands first) first name them. Integer counts are summed exactly; sums of
doubles may differ from the Polars sums in their last bits, as the store's own sums do.

:class:`PlayerCube` holds the snapshot's statistics cube (:mod:`hhtools.serve.snapshot`)
that way, with each row's hand key (site, game, limit, stakes, currency) and position
numbered, so that a filter on them keeps rows by a mask (:func:`players_from_cube`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import duckdb
import numpy as np

from hhtools.store.stats import RATIOS, StatsFilter

if TYPE_CHECKING:
    import polars as pl

__all__ = ["Counts", "PlayerCube", "counts_of", "player_table", "players_from_cube"]

#: the money columns of the table, each pivoted per currency and structure
_MONEY = ("net_won", "bb_per_100", "ev_net", "allin_adj_bb_per_100")
#: the double-valued sums (the rest are integer counts)
_FLOATS = ("net_bb", "ev_net", "ev_bb")
#: a NULL of the floats (see :class:`Counts`)
NAN = float("nan")
_KEY_COLS = ("site", "game", "limit", "stakes", "currency")


@dataclass(frozen=True)
class Counts:
    """Rows of counts sorted by ``(pid, mk)``.

    Attributes:
        pid: each row's player, a number into ``names`` (names sorted, so numbers
            order as names do).
        mk: each row's money key, a number into ``mks`` (sorted).
        ints: the counts, one row of the matrix per name of ``int_names``
            (``(len(int_names), rows)``: a count's values lie together; int16 when
            every count fits, as in a cube of a million hands, else int32 or int64:
            fewer bytes to read per filter).
        floats: ``net_bb``, ``ev_net``, ``ev_bb`` (float64, ``(3, rows)``; a NULL
            ``ev_net`` is 0, as Polars sums it; a NULL ``net_bb`` or ``ev_bb``, a row
            of hands without a big blind (an antes-only tournament), is NaN, and a sum
            of nothing but NaN stays NaN: SQL's NULL, the big blinds won unknown).
        int_names: the counts' columns (``hands``, ``seats`` (or none: it is
            ``hands``), the ratios' counts, the postflop counts).
        names: the players' names (a NumPy array of str).
        mks: ``(currency, structure)`` per money key.
        net: ``net_won`` per row (int64, minor units).
    """

    pid: np.ndarray
    mk: np.ndarray
    ints: np.ndarray
    floats: np.ndarray
    int_names: tuple[str, ...]
    names: np.ndarray
    mks: tuple[tuple[str, str], ...]
    net: np.ndarray

    def take(self, rows: np.ndarray) -> Counts:
        """The rows ``rows`` (ascending row numbers: still sorted)."""
        return Counts(self.pid[rows], self.mk[rows], np.take(self.ints, rows, axis=1),
                      np.take(self.floats, rows, axis=1), self.int_names, self.names,
                      self.mks, self.net[rows])  # fmt: skip

    def narrow(self) -> Counts:
        """The same rows, the counts in the narrowest integer type that holds them
        (:func:`smallest`: sums are int64; rows held for many requests need less)."""
        return replace(self, ints=self.ints.astype(smallest(self.ints)))

    def summed(self, *more: np.ndarray) -> tuple[Counts, np.ndarray]:
        """One row per player and money key (and the keys ``more``, by which the rows
        are sorted within a player and money key): the sums of its rows; and the first
        row of each."""
        starts = _runs(self.pid, self.mk, *more)
        if len(starts) == len(self.pid):
            return self, starts
        return Counts(self.pid[starts], self.mk[starts], _sums(self.ints, starts),
                      _sums(self.floats, starts), self.int_names, self.names,
                      self.mks, _sums(self.net[None, :], starts)[0]), starts  # fmt: skip


def counts_of(frame: pl.DataFrame, carry: tuple[str, ...] = ()
              ) -> tuple[Counts, dict[str, np.ndarray]] | None:  # fmt: skip
    """A counts frame (``player``, ``currency``, ``structure`` and the sums of
    :func:`hhtools.store.stats.stats_sql`, ``seats`` among them) as :class:`Counts`;
    ``None`` when a key is NULL (the Polars path then answers: a NULL key has its own
    order and pivot name there).

    Args:
        frame: the rows.
        carry: columns of ``frame`` that are no sums, given back sorted as the rows.

    Returns:
        The rows, and each column of ``carry`` in their order.
    """
    import polars as pl

    keys = frame.select("player", "currency", "structure")
    if keys.null_count().sum_horizontal().item() or "seats" not in frame.columns:
        return None
    sums = [c for c in frame.columns if c not in ("player", "currency", "structure", *carry)]
    int_names = tuple(c for c in sums if c not in (*_FLOATS, "net_won"))
    if frame.is_empty():
        none = np.zeros(0, dtype=np.int64)
        return Counts(none, none, np.zeros((len(int_names), 0), dtype=np.int64),
                      np.zeros((len(_FLOATS), 0)), int_names, np.array([], dtype=object),
                      (), none), {c: none for c in carry}  # fmt: skip
    names = frame["player"].unique().sort()
    pid = frame.select(pl.col("player").rank("dense").cast(pl.Int64) - 1).to_series().to_numpy()
    pairs = sorted(keys.select("currency", "structure").unique().iter_rows())
    mk_frame = pl.DataFrame({"currency": [p[0] for p in pairs],
                             "structure": [p[1] for p in pairs],
                             "_mk": np.arange(len(pairs), dtype=np.int64)})  # fmt: skip
    mk = keys.join(mk_frame, on=["currency", "structure"], how="left",
                   maintain_order="left")["_mk"].to_numpy()  # fmt: skip
    ints = frame.select(pl.col(c).fill_null(0).cast(pl.Int64) for c in int_names).to_numpy()
    ints = ints.astype(smallest(ints))
    net = frame["net_won"].fill_null(0).cast(pl.Int64).to_numpy()
    floats = frame.select(pl.col(c).cast(pl.Float64).fill_null(0.0 if c == "ev_net" else NAN)
                          for c in _FLOATS).to_numpy()  # fmt: skip
    rows = np.lexsort((mk, pid))
    pid, mk = pid.astype(np.int32), mk.astype(np.int16 if len(pairs) < 2**15 else np.int32)
    counts = Counts(pid[rows], mk[rows], np.ascontiguousarray(ints[rows].T),
                    np.ascontiguousarray(floats[rows].T), int_names,
                    np.array(names.to_list(), dtype=object), tuple(pairs), net[rows])  # fmt: skip
    return counts, {c: frame[c].to_numpy()[rows] for c in carry}


def smallest(ints: np.ndarray) -> type[np.signedinteger[Any]]:
    """The narrowest of int16, int32 and int64 that holds every value of ``ints``.

    >>> smallest(np.array([0, -32768, 32767])).__name__, smallest(np.array([2**15])).__name__
    ('int16', 'int32')
    """
    if not ints.size:
        return np.int16
    low, high = int(ints.min()), int(ints.max())
    for t in (np.int16, np.int32):
        if np.iinfo(t).min <= low and high <= np.iinfo(t).max:
            return t
    return np.int64


def _runs(*keys: np.ndarray) -> np.ndarray:
    """The first row of each run of equal keys (rows sorted by them)."""
    n = len(keys[0])
    change = np.zeros(n, dtype=bool)
    change[0] = True
    for k in keys:
        change[1:] |= k[1:] != k[:-1]
    return np.flatnonzero(change)


def _sums(m: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """The sums of each run of columns of ``m`` (``(k, n)``) that starts at ``starts``:
    integers exactly (int64), by differences of running sums (``reduceat`` pays per run,
    and runs are short); doubles run by run, each summed in row order.

    >>> _sums(np.array([[1, 2, 3, 4]], dtype=np.int16), np.array([0, 1])).tolist()
    [[1, 9]]
    >>> _sums(np.array([[2**30, 2**30, -5]], dtype=np.int32), np.array([0, 2])).tolist()
    [[2147483648, -5]]
    >>> _sums(np.array([[1.5, NAN, NAN, 2.0]]), np.array([0, 1, 2])).tolist()
    [[1.5, nan, 2.0]]
    """
    if m.dtype.kind == "f":  # NaN (NULL) left out, as SQL's sum; a run of only NaN: NaN
        unknown = np.isnan(m)
        if not unknown.any():
            return np.add.reduceat(m, starts, axis=1)
        summed = np.add.reduceat(np.where(unknown, 0.0, m), starts, axis=1)
        summed[~np.logical_or.reduceat(~unknown, starts, axis=1)] = NAN
        return summed
    ends = np.append(starts[1:], m.shape[1]) - 1
    # running sums in 32 bits when no running sum can pass 2**31 (the largest value
    # times the rows bounds them): half the bytes of 64, exact all the same
    wide: type[np.signedinteger[Any]] = np.int64
    if m.size and m.dtype.itemsize <= 4 and max(int(m.max()), -int(m.min())) * m.shape[1] < 2**31:
        wide = np.int32
    run = np.take(np.cumsum(m, axis=1, dtype=wide), ends, axis=1)  # (np.take: C order)
    run[:, 1:] -= run[:, :-1].copy()
    return run.astype(np.int64, copy=False)


def player_table(c: Counts, min_hands: int | None = None) -> pl.DataFrame:
    """``HandStore.stats(by=("player",), ...)``'s table of the rows ``c`` (see the
    module): :func:`hhtools.day_cube.stats_of` of the same rows, by player.

    Args:
        c: the rows.
        min_hands: players with fewer hands are left out.
    """
    import polars as pl
    import pyarrow as pa

    if not len(c.pid):
        return pl.DataFrame({"player": pl.Series([], dtype=pl.String)})
    col = {n: i for i, n in enumerate(c.int_names)}
    g, _ = c.summed()  # money rows: player, currency and structure
    gi, gf, gpid, gmk = g.ints, g.floats, g.pid, g.mk
    pstarts = _runs(gpid)  # players
    pi = _sums(gi, pstarts)
    ppid = gpid[pstarts]
    hands = pi[col["hands"]]
    if min_hands:
        keep = np.flatnonzero(hands >= min_hands)
        pi, ppid, hands = np.take(pi, keep, axis=1), ppid[keep], hands[keep]
    order = np.lexsort((ppid, -hands))  # most hands first, then by name
    pi, ppid = np.take(pi, order, axis=1), ppid[order]
    out: dict[str, Any] = {"player": pa.array(c.names[ppid].tolist(), type=pa.string()),
                           "hands": pi[col["hands"]],
                           "seats": pi[col.get("seats", col["hands"])]}  # fmt: skip

    def ratio(count: np.ndarray, opp: np.ndarray) -> pa.Array:
        some = opp > 0
        with np.errstate(divide="ignore", invalid="ignore"):
            return pa.array(count / np.where(some, opp, 1), mask=~some)

    for n in RATIOS:
        cnt, opp = pi[col[f"{n}_count"]], pi[col[f"{n}_opportunities"]]
        out[n], out[f"{n}_count"], out[f"{n}_opportunities"] = ratio(cnt, opp), cnt, opp
    agg, calls, folds = (pi[col[f"postflop_{k}"]] for k in ("aggressive", "calls", "folds"))
    out["af"], out["afq"] = ratio(agg, calls), ratio(agg, agg + calls + folds)
    out["postflop_aggressive"], out["postflop_calls"], out["postflop_folds"] = agg, calls, folds
    if not len(ppid):  # nobody with enough hands: the ratios' columns alone
        return pl.from_arrow(pa.table({k: (v if isinstance(v, pa.Array) else pa.array(v))
                                       for k, v in out.items()}))  # type: ignore[return-value]
    # the money rows of the players kept, in the order money_of gives them
    row_of = np.full(len(c.names), -1, dtype=np.int64)
    row_of[ppid] = np.arange(len(ppid))
    mine = row_of[gpid] >= 0
    mh, mn = gi[col["hands"], mine], g.net[mine]
    mbb, mev, mevbb = gf[0, mine], gf[1, mine], gf[2, mine]
    mpid, mmk, mrow = gpid[mine], gmk[mine], row_of[gpid[mine]]
    first = np.lexsort((mmk, mpid, -mh))  # most hands, player, currency, structure
    seen, at = np.unique(mmk[first], return_index=True)
    named = seen[np.argsort(at)]  # money keys in the order the money rows name them
    with np.errstate(divide="ignore", invalid="ignore"):
        values = {"net_won": mn, "bb_per_100": 100 * mbb / mh,
                  "ev_net": np.round(mev).astype(np.int64),  # halves to even, as Polars
                  "allin_adj_bb_per_100": 100 * mevbb / mh}
    for v in _MONEY:
        for k in named:
            cur, structure = c.mks[k]
            here = mmk == k
            full = np.zeros(len(ppid), dtype=values[v].dtype)
            full[mrow[here]] = values[v][here]
            has = np.zeros(len(ppid), dtype=bool)
            has[mrow[here]] = True
            if full.dtype.kind == "f":  # no big blind in any of the hands: NULL
                has &= ~np.isnan(full)
            out[f"{v}_{cur}_{structure}"] = pa.array(full, mask=~has)
    return pl.from_arrow(pa.table({k: (v if isinstance(v, pa.Array) else pa.array(v))
                                   for k, v in out.items()}))  # type: ignore[return-value]


@dataclass(frozen=True)
class PlayerCube:
    """The snapshot's statistics cube as :class:`Counts`, with each row's hand key and
    position numbered (:func:`players_from_cube` filters on them).

    Attributes:
        counts: the cube's rows.
        kid: each row's hand key, a row number of ``keys``.
        keys: the distinct hand keys (``site``, ``game``, ``limit``, ``stakes``,
            ``currency``), as a Polars frame.
        pos: each row's position, a number into ``positions``.
        positions: the positions named in the cube.
        whole: ``counts`` summed per player and money key (a filter on no hand key
            and no position reads it).
        by_key: ``counts`` summed per player, money key and hand key (a filter on hand
            keys and no position reads it: a few times fewer rows than ``counts``).
        by_key_kid: the hand key of each row of ``by_key``.
        cube_row: each row of ``counts``' row number in the cube it was made of.
        lower: lower-case name -> the players' numbers (``names``) it matches.
    """

    counts: Counts
    kid: np.ndarray
    keys: pl.DataFrame
    pos: np.ndarray
    positions: tuple[str, ...]
    whole: Counts
    by_key: Counts
    by_key_kid: np.ndarray
    cube_row: np.ndarray
    lower: dict[str, list[int]]

    def players(self, name: str) -> list[int]:
        """The numbers of the players ``name`` names in any case (as the Polars path
        lower-cases: ``str.to_lowercase``)."""
        return self.lower.get(_lower([name])[0], [])

    def most_hands(self) -> tuple[int, str | None]:
        """How many players the cube has, and the one with the most hands (the first by
        name of a tie)."""
        w = self.whole
        if not len(w.pid):
            return 0, None
        starts = _runs(w.pid)
        hands = _sums(w.ints[[w.int_names.index("hands")]], starts)[0]
        top = np.lexsort((w.pid[starts], -hands))[0]  # most hands, then by name
        return len(starts), str(w.names[w.pid[starts][top]])

    def cube_rows(self, name: str) -> np.ndarray:
        """The cube's row numbers of the players ``name`` names (any case), rising."""
        spans = [_span(self.counts.pid, p) for p in self.players(name)]
        got = np.concatenate([self.cube_row[a:b] for a, b in spans]) if spans else np.zeros(0)
        return np.sort(got.astype(np.int64))

    @classmethod
    def of(cls, cube: pl.DataFrame) -> PlayerCube | None:
        """The cube (:attr:`hhtools.serve.snapshot.Snapshot.cube`: ``player``, the hand
        key columns, ``position`` and the sums) held for :func:`players_from_cube`;
        ``None`` when a key is NULL (the Polars path answers)."""
        import polars as pl

        if cube["position"].null_count():
            return None
        keys = cube.select(_KEY_COLS).unique(maintain_order=True)
        keys = keys.with_columns(pl.arange(0, keys.height, dtype=pl.Int64).alias("_kid"))
        positions = tuple(sorted(cube["position"].unique().to_list()))
        pos_frame = pl.DataFrame({"position": list(positions),
                                  "_pos": np.arange(len(positions), dtype=np.int64)})  # fmt: skip
        coded = (cube.join(keys, on=list(_KEY_COLS), how="left", nulls_equal=True,
                           maintain_order="left")
                 .join(pos_frame, on="position", how="left", maintain_order="left")
                 .rename({"limit": "structure"})
                 .drop("site", "game", "stakes", "position"))  # fmt: skip
        got = counts_of(coded.with_row_index("_row"), carry=("_kid", "_pos", "_row"))
        if got is None:
            return None
        counts, carried = got
        kid = carried["_kid"]
        by_kid = np.lexsort((kid, counts.mk, counts.pid))
        by_key, first = counts.take(by_kid).summed(kid[by_kid])
        lower: dict[str, list[int]] = {}
        for i, n in enumerate(_lower(counts.names.tolist())):
            lower.setdefault(n, []).append(i)
        return cls(counts, kid.astype(np.int32), keys.drop("_kid"),
                   carried["_pos"].astype(np.int8 if len(positions) < 2**7 else np.int32),
                   positions, by_key.summed()[0].narrow(), by_key.narrow(),
                   kid[by_kid][first].astype(np.int32), carried["_row"].astype(np.int32),
                   lower)  # fmt: skip


def _lower(names: list[str]) -> list[str]:
    """Names lower-cased as Polars does (``str.to_lowercase``)."""
    import polars as pl

    return pl.Series(names, dtype=pl.String).str.to_lowercase().to_list()


def _span(pid: np.ndarray, p: int) -> tuple[int, int]:
    """The rows of player ``p`` in rows sorted by player: ``[start, end)``."""
    return int(np.searchsorted(pid, p, "left")), int(np.searchsorted(pid, p, "right"))


_DB: list[Any] = []  #: the in-memory database the hand-key filters run in
_DB_LOCK = threading.Lock()


def _keys_db() -> Any:
    """An in-memory DuckDB of this process, made once (each query on a cursor of its
    own, so threads never share a connection)."""
    with _DB_LOCK:
        if not _DB:
            _DB.append(duckdb.connect(":memory:", config={"enable_external_access": False,
                                                          "threads": 1}))  # fmt: skip
        return _DB[0]


def _allowed(keys: pl.DataFrame, hand_parts: list[str], params: list[Any]) -> np.ndarray | None:
    """The row numbers of ``keys`` (``site``, ``game``, ``limit``, ``stakes``,
    ``currency``) that the hand conditions keep; ``None`` for every row."""
    if not hand_parts:
        return None
    cur = _keys_db().cursor()  # a connection of its own to one database (a new: 20 ms)
    try:
        cur.register("keys", keys.with_row_index("_kid"))
        allowed = np.array([r[0] for r in cur.execute(
            f"SELECT _kid FROM (SELECT _kid, site, game, \"limit\" AS structure, stakes, "
            f"currency FROM keys) h WHERE {' AND '.join(hand_parts)}", params).fetchall()],
            dtype=np.int64)  # fmt: skip
    finally:
        cur.close()
    return None if len(allowed) == keys.height else allowed


def _of_players(pid: np.ndarray, pids: list[int]) -> np.ndarray:
    """The row numbers of the players ``pids`` in rows whose players are ``pid``
    (sorted by player: :attr:`Counts.pid`, :attr:`SeatRows.pid`)."""
    spans = [_span(pid, p) for p in pids]
    if not spans:
        return np.zeros(0, dtype=np.int64)
    return np.concatenate([np.arange(a, b) for a, b in spans])


def players_from_cube(pc: PlayerCube, flt: StatsFilter) -> pl.DataFrame:
    """``HandStore.stats(("player",), **flt)`` from the cube (a filter the cube answers:
    :func:`hhtools.serve.snapshot.cube_answers`).

    Raises:
        StatsError: a filter value the store's filter refuses.
    """
    hand_parts, params = flt.hand_conditions()  # checked, and its game/limit/stakes read
    flt.seat_conditions()  # checked
    if not (hand_parts or flt.player or flt.position):
        return player_table(pc.whole, flt.min_hands)
    allowed = _allowed(pc.keys, hand_parts, params)
    # the smallest rows that answer: per player and money key, with the hand key, or all
    rows, kid = ((pc.counts, pc.kid) if flt.position
                 else (pc.by_key, pc.by_key_kid) if allowed is not None
                 else (pc.whole, None))  # fmt: skip
    picked: np.ndarray | None = None  # row numbers of ``rows`` kept so far (None: all)
    if flt.player:  # a player's rows lie together
        picked = _of_players(rows.pid, pc.players(flt.player))
    keep = None
    if allowed is not None and kid is not None:
        keep = np.isin(kid if picked is None else kid[picked], allowed)
    if flt.position:
        pos = flt.position.upper()
        code = pc.positions.index(pos) if pos in pc.positions else -1
        at = (pc.pos if picked is None else pc.pos[picked]) == code
        keep = at if keep is None else keep & at
    if keep is not None:
        picked = np.flatnonzero(keep) if picked is None else picked[keep]
    return player_table(rows if picked is None else rows.take(picked), flt.min_hands)


@dataclass(frozen=True)
class DayRows:
    """The statistics by day (:mod:`hhtools.serve.day_cube`, its table ``by_day``) as
    :class:`Counts`, each row's day and hand key beside it, for the players list of
    dates alone (:func:`players_by_day`).

    Attributes:
        counts: the rows (per player, hand key and day).
        day: each row's day (``datetime64[D]``, NaT for hands without a time).
        kid: each row's hand key, a row number of ``keys``.
        keys: the hand keys (``site``, ``game``, ``limit``, ``stakes``, ``currency``).
        lower: lower-case name -> the players' numbers it matches.
    """

    counts: Counts
    day: np.ndarray
    kid: np.ndarray
    keys: pl.DataFrame
    lower: dict[str, list[int]]

    @classmethod
    def of(cls, rows: pl.DataFrame, keys: pl.DataFrame) -> DayRows | None:
        """``rows``: ``player``, ``currency``, ``structure``, ``day``, ``kid`` (a row
        number of ``keys``) and the sums; ``None`` when a key is NULL."""
        got = counts_of(rows, carry=("day", "kid"))
        if got is None:
            return None
        counts, carried = got
        lower: dict[str, list[int]] = {}
        for i, n in enumerate(_lower(counts.names.tolist())):
            lower.setdefault(n, []).append(i)
        day = carried["day"].astype("datetime64[D]")
        return cls(counts, day, carried["kid"].astype(np.int64), keys, lower)


def players_by_day(dr: DayRows, flt: StatsFilter, days: list[tuple[str, Any]]
                   ) -> pl.DataFrame:  # fmt: skip
    """``HandStore.stats(("player",), **flt)`` of a filter with dates on a day's start
    and no position or hole-card class, from the rows by day.

    Args:
        dr: the rows.
        flt: the filter (its times are ``days``).
        days: :func:`hhtools.serve.day_cube.days_answer` of ``flt``: ``("f.day >= ?",
            day)`` and ``("f.day < ?", day)``.

    Raises:
        StatsError: a filter value the store's filter refuses.
        ValueError: a time condition of another form.
    """
    from dataclasses import replace

    hand_parts, params = replace(flt, since=None, until=None).hand_conditions()
    flt.seat_conditions()  # checked
    rows = dr.counts
    picked = _of_players(rows.pid, dr.lower.get(_lower([flt.player])[0], [])) if flt.player else None
    day = dr.day if picked is None else dr.day[picked]
    keep = np.ones(len(day), dtype=bool)
    for sql, when in days:
        if sql == "f.day >= ?":
            keep &= day >= np.datetime64(when, "D")
        elif sql == "f.day < ?":
            keep &= day < np.datetime64(when, "D")
        else:
            raise ValueError(f"a time condition of another form: {sql}")
    allowed = _allowed(dr.keys, hand_parts, params)
    if allowed is not None:
        keep &= np.isin(dr.kid if picked is None else dr.kid[picked], allowed)
    picked = np.flatnonzero(keep) if picked is None else picked[keep]
    return player_table(rows.take(picked), flt.min_hands)

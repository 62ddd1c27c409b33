"""``hhtools stats`` by position read from ``stat_cube``, the per-position sums kept at
import (:mod:`hhtools.store.hand_summary`), instead of joining every seat to its hand.

``report_cube`` (:mod:`hhtools.store.report_cube`) answers the statistics grouped or
filtered by player, site, game, limit, stakes, currency and day, but it has no
position. ``stat_cube`` has the position (and no day): grouping by position
(``--by position``), or filtering on one (``--position BTN``), is read from it here,
with the same columns, rows and numbers as :func:`hhtools.store.stats.stats_sql`
(sums of doubles may differ in their last bits, as the order of a parallel sum does).

Hands: a cube row sums seats; :func:`~hhtools.store.stats.stats_sql` counts a hand once
in a group without players. The seats of one hand that are dealt in have different
positions (:func:`hhtools.rules.positions.position_names` names each player dealt in
once, and :func:`hhtools.store.seat_stats.seat_facts` gives each seat its player's
name), so in a group by position or filtered on one, a hand's seats are its hands,
except for the seats without a position (``unknown``: sitting out, or more than ten
dealt in), which may be several in a hand: those few are counted from the seats.
"""

from __future__ import annotations

from typing import Any

import duckdb

from hhtools.store.seat_results import counted_seat
from hhtools.store.stats import DIMENSIONS, RATIOS, StatsFilter

__all__ = ["STAT_CUBE_DIMENSIONS", "position_select", "stat_cube_current"]

#: ``--by`` names ``stat_cube`` groups by -> its SQL over the cube (alias ``h``)
STAT_CUBE_DIMENSIONS: dict[str, str] = {
    "player": "h.player",
    "site": "h.site",
    "game": "h.game",
    "limit": "h.structure",
    "stakes": "h.stakes",
    "position": "h.position",
}

#: the summed counts of ``stat_cube`` (and of ``stats_sql``), after ``hands`` and ``seats``
_SUMMED = (*(f"{n}_{p}" for n in RATIOS for p in ("count", "opportunities")),
           "postflop_aggressive", "postflop_calls", "postflop_folds", "net_won")  # fmt: skip


def stat_cube_current(con: duckdb.DuckDBPyConnection) -> bool:
    """``True`` when ``stat_cube`` sums exactly the counted seats of the stored hands.

    It is when ``report_cube`` is current (:func:`hhtools.store.report_cube.cube_current`:
    each import's hands as many as it covers, every seat with its statistics), every
    hand has its summary row (as many rows as hands: the importer keeps the two
    together, :func:`hhtools.store.hand_summary.refresh_summary`), and both cubes sum
    the same number of seats. A handful of counts, whatever the store's size. ``False``
    for a store without the tables (older, read-only; a Parquet dataset).
    """
    from hhtools.store.report_cube import cube_current

    if not cube_current(con):
        return False
    try:
        hands, rows, cube_seats, report_seats = con.execute(
            "SELECT (SELECT count(*) FROM hands), (SELECT count(*) FROM hand_summary), "
            "(SELECT coalesce(sum(seats), 0) FROM stat_cube), "
            "(SELECT coalesce(sum(hands), 0) FROM report_cube)").fetchall()[0]  # fmt: skip
    except duckdb.Error:  # no stat_cube or hand_summary (CatalogException)
        return False
    return bool(hands == rows and cube_seats == report_seats)


def _conditions(flt: StatsFilter) -> tuple[list[str], list[Any]] | None:
    """The filter as conditions on ``stat_cube`` (alias ``h``), or ``None`` when the cube
    cannot answer it (a time: the cube has no day; a hole-card class).

    Raises:
        StatsError: as :meth:`StatsFilter.where` (an unknown game, position...).
    """
    if flt.since or flt.until or flt.hand_class:
        return None
    parts, params = flt.hand_conditions()  # site, game, structure, stakes, currency
    flt.seat_conditions()  # the position checked
    if flt.player:
        parts.append("lower(h.player) = lower(?)")
        params.append(flt.player)
    if flt.position:
        parts.append("h.position = ?")
        params.append(flt.position.upper())
    return parts, params


#: the all-in expectation of each seat that has one (``hhtools ev``), to join as ``e``
_EV = ("JOIN (SELECT site, hand_id, player, sum(ev_net) AS ev_net FROM allin_ev GROUP BY ALL) e "
       "ON e.site = s.site AND e.hand_id = s.hand_id AND e.player = s.player ")


def _seat_rows(keys: list[str], sums: str, conds: list[str], ev: bool = False) -> str:
    """A statement over the counted seats with statistics, joined to their hands (and,
    with ``ev``, to their all-in expectation, alias ``e``), grouped by ``keys``."""
    where = " AND ".join([counted_seat("s"), "s.vpip_opportunity IS NOT NULL", *conds])
    return (f"SELECT {', '.join(keys)}, {sums} FROM seats s {_EV if ev else ''}JOIN hands h "
            f"ON h.site = s.site AND h.hand_id = s.hand_id WHERE {where} GROUP BY ALL")


def _keys(dims: list[str], sql_of: dict[str, str]) -> list[str]:
    """The group columns: ``dims`` (their SQL from ``sql_of``), the currency, and the
    betting structure unless grouped by limit."""
    keys = [f'{sql_of[d]} AS "{d}"' for d in dims] + ['h.currency AS "currency"']
    return keys if "limit" in dims else [*keys, 'h.structure AS "structure"']


def position_select(con: duckdb.DuckDBPyConnection, dims: list[str], flt: StatsFilter,
                    has_ev: bool) -> tuple[str, list[Any]] | None:  # fmt: skip
    """:func:`hhtools.store.stats.stats_sql`'s statement read from ``stat_cube``, for a
    grouping or a filter by position, or ``None`` when the cube cannot answer (no
    position asked; a grouping by table, month or session; a time or hole-card class
    filter; the cube not current, :func:`stat_cube_current`).

    Args:
        con: the store.
        dims: the grouping, checked (:func:`hhtools.store.stats.group_names`).
        flt: the filters.
        has_ev: the store holds all-in equity: ``ev_net`` and ``ev_bb`` add, over the
            seats that have one, the expectation less the net (as ``stats_sql`` puts
            the one in place of the other).

    Returns:
        ``(sql, params)``: the columns of ``stats_sql`` (the groups, ``currency``,
        ``structure`` unless grouped by limit, ``hands``, ``seats``, the counts,
        ``net_won``, ``net_bb``, ``ev_net``, ``ev_bb``), one row per group present.

    Raises:
        StatsError: as :meth:`StatsFilter.where`.
    """
    wanted = "position" in dims or flt.position
    conds = _conditions(flt) if wanted and set(dims) <= set(STAT_CUBE_DIMENSIONS) else None
    if conds is None or not stat_cube_current(con):
        return None
    parts, params = conds
    cube_keys, raw_keys = _keys(dims, STAT_CUBE_DIMENSIONS), _keys(dims, DIMENSIONS)
    names = [k.rsplit(" AS ", 1)[1].strip('"') for k in cube_keys]
    zeros = ", ".join(f"0 AS {c}" for c in _SUMMED)
    parts_sql = " AND ".join(parts) or "true"
    blocks = [
        f"SELECT {', '.join(cube_keys)}, sum(hands) AS hands, sum(seats) AS seats, "
        + ", ".join(f"sum({c}) AS {c}" for c in _SUMMED)
        + ", fsum(net_bb) AS net_bb, sum(net_won)::DOUBLE AS ev_net, fsum(net_bb) AS ev_bb "
        f"FROM stat_cube h WHERE {parts_sql} GROUP BY ALL"
    ]  # fmt: skip
    raw, raw_params = flt.where()
    if "player" not in dims and not flt.player and "position" in dims:
        # a hand counts once per group; only seats without a position share one in a hand
        blocks.append(_seat_rows(
            raw_keys, "count(DISTINCT (s.site, s.hand_id)) - count(*) AS hands, 0 AS seats, "
            f"{zeros}, 0.0 AS net_bb, 0.0 AS ev_net, 0.0 AS ev_bb",
            ["s.position_name IS NULL", *raw]))  # fmt: skip
        params = params + raw_params
    if has_ev:  # the expectation in place of the net where there is one
        blocks.append(_seat_rows(
            raw_keys, f"0 AS hands, 0 AS seats, {zeros}, 0.0 AS net_bb, sum(e.ev_net - s.net) "
            "AS ev_net, fsum((e.ev_net - s.net) / nullif(h.big_blind, 0)) AS ev_bb", raw, ev=True))
        params = params + raw_params
    totals = {"hands": "BIGINT", "seats": "BIGINT", **dict.fromkeys(_SUMMED, "BIGINT"),
              "net_bb": "DOUBLE", "ev_net": "DOUBLE", "ev_bb": "DOUBLE"}  # fmt: skip
    # doubles summed compensated (fsum): a plain sum's last digits follow the order the
    # threads meet the rows (a sum near 0 read -0.00 in one run and 0.00 in the next)
    columns = [f'"{n}"' for n in names] + [
        f"{'fsum' if t == 'DOUBLE' else 'sum'}({c})::{t} AS {c}" for c, t in totals.items()]
    union = " UNION ALL BY NAME ".join(blocks)
    return (f"SELECT {', '.join(columns)} FROM ({union}) GROUP BY ALL HAVING sum(seats) > 0",
            params)

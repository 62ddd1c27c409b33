"""Per-group sums kept at import, so ``hhtools report`` and ``hhtools stats`` need not
join every seat to its hand (at a million hands that join alone took most of their time).

``report_cube`` holds one row per import, site, player, game, betting structure,
stakes, currency and day (``hands.started_at``'s date, NULL when the history gives no
time) with the sums over the counted seats (:func:`hhtools.store.seat_results.counted_seat`)
of that group: every count of :func:`hhtools.store.stats.stats_sql`, what the
``player_results`` view sums, and the rows of ``scoops``, ``quarters``,
``counterfeited`` (per seat) and ``low_possible`` (per hand, on its first counted seat,
so ``first_seats`` and ``low_possible`` sum to hands and boards over any hand-level
grouping). ``report_cube_imports`` says how many hands of each import the cube covers.

The import's workers send each batch's rows (:func:`rows_select` over the batch:
:mod:`hhtools.store.tables.kept`); the importer appends them, summed per key for each
of its transactions (a key may have several rows: readers sum), and writes the hands
they cover in ``report_cube_imports`` in the same transaction.
:func:`refresh_report_cube` keeps the rest: an import whose stored hands no longer number
what the cube covers (new, stopped and resumed, or a hand withdrawn from it) has its
rows worked out again from its hands, so the sums follow withdrawals too. A reader
uses the cube only while it covers every stored hand (:func:`cube_current`), and only
for the filters it can answer (:func:`cube_conditions`); anything else reads the seats
as before, with the same numbers.

The all-in expectation is not kept (``hhtools ev`` fills it later): a reader adds it
over the few seats that have one.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import duckdb

from hhtools.store.seat_results import counted_seat
from hhtools.store.stats import RATIOS, StatsFilter
from hhtools.store.transaction import transaction
from hhtools.store.views import filtered_select

__all__ = ["CUBE", "COVERED", "KEYS", "cube_conditions", "cube_current", "refresh_report_cube",
           "rows_select", "summed_stats_select"]

#: the table of sums and the table of the hands it covers per import
CUBE = "report_cube"
COVERED = "report_cube_imports"
#: the cube's group columns (``structure`` is ``hands.structure``, ``day`` the date)
KEYS = ("import_id", "site", "player", "game", "structure", "stakes", "currency", "day")

#: summed column -> SQL of its value per counted seat (aliases ``s`` seats, ``h`` hands,
#: ``k`` the seat's rank among its hand's counted seats, ``cf``/``lp`` the view rows)
_SUMS: dict[str, str] = {
    "hands": "1",
    "first_seats": "(k = 1)::INTEGER",
    "no_stats": "(s.vpip_opportunity IS NULL)::INTEGER",
    **{f"{name}_{part}": f"coalesce({sql}, false)::INTEGER"
       for name, (count, opp) in RATIOS.items()
       for part, sql in (("count", count), ("opportunities", opp))},
    "postflop_aggressive": "s.postflop_aggressive",
    "postflop_calls": "s.postflop_calls",
    "postflop_folds": "s.postflop_folds",
    "net_won": "s.net",
    "won_at_showdown": "coalesce(s.at_showdown AND s.due_at_showdown > 0, false)::INTEGER",
    "won_high": "s.pots_won_high",
    "won_low": "s.pots_won_low",
    "scooped": "s.scooped",
    "quartered": "s.quartered",
    "rake_paid": "s.rake_paid",
    "counterfeited": "coalesce(cf.n, 0)",
    "low_possible": "CASE WHEN k = 1 THEN coalesce(lp.n, 0) ELSE 0 END",
}  # fmt: skip

_DDL = (
    f"CREATE TABLE IF NOT EXISTS {CUBE} (import_id INTEGER, site VARCHAR, player VARCHAR, "
    "game VARCHAR, structure VARCHAR, stakes VARCHAR, currency VARCHAR, day DATE, "
    + ", ".join(f"{c} BIGINT" for c in _SUMS) + ", net_bb DOUBLE)",
    f"CREATE TABLE IF NOT EXISTS {COVERED} (import_id INTEGER, hands BIGINT)",
)

#: imports whose stored hands differ in number from what the cube covers (``-1``
#: stands for hands without an import id)
_STALE = (
    "SELECT coalesce(a.import_id, b.import_id) AS import_id FROM "
    "(SELECT coalesce(import_id, -1) AS import_id, count(*) AS hands FROM hands GROUP BY ALL) a "
    f"FULL JOIN {COVERED} b ON a.import_id = b.import_id "
    "WHERE a.hands IS DISTINCT FROM b.hands"
)


def rows_select(mine: str) -> str:
    """The cube's rows of some hands, one per key (the reference: the rows a worker
    sends for its batch, :mod:`hhtools.store.tables.kept`, are this over the batch).

    Args:
        mine: a condition on ``hands`` (alias ``h``) keeping those hands.

    Returns:
        A SELECT of the cube's columns, by name.
    """
    sums = ", ".join(f"sum({sql})::BIGINT AS {c}" for c, sql in _SUMS.items())
    return f"""
SELECT coalesce(h.import_id, -1) AS import_id, s.site, s.player, h.game, h.structure,
       h.stakes, h.currency, h.started_at::DATE AS day, {sums},
       sum(s.net::DOUBLE / nullif(h.big_blind, 0)) AS net_bb
FROM (SELECT s.*, row_number() OVER (PARTITION BY s.site, s.hand_id ORDER BY s.seat) AS k
      FROM seats s SEMI JOIN (SELECT site, hand_id FROM hands h WHERE {mine}) x
           ON x.site = s.site AND x.hand_id = s.hand_id
      WHERE {counted_seat("s")}) s
JOIN hands h ON h.site = s.site AND h.hand_id = s.hand_id
LEFT JOIN (SELECT site, hand_id, player, count(*) AS n
           FROM ({filtered_select("counterfeited", mine)}) GROUP BY ALL) cf
    ON cf.site = s.site AND cf.hand_id = s.hand_id AND cf.player = s.player
LEFT JOIN (SELECT site, hand_id, count(*) AS n
           FROM ({filtered_select("low_possible", mine)}) GROUP BY ALL) lp
    ON lp.site = s.site AND lp.hand_id = s.hand_id
GROUP BY ALL"""


#: hands summed by one statement: the per-hand window and joins of :func:`rows_select` hold a
#: part's seats in memory, so a million-hand import in one statement ran out of DuckDB's
#: memory cap (``hhtools.store.db.MEMORY_LIMIT``) on opening the store
PART_HANDS = 100_000


def _parts(con: duckdb.DuckDBPyConnection, imports: list[int]) -> list[str]:
    """Conditions on ``hands`` (alias ``h``) cutting the hands of ``imports`` into parts
    of at most about :data:`PART_HANDS` hands, each hand in exactly one part (by a hash
    of its id), so the sums of the parts' rows are the sums of the whole."""
    ids = ", ".join(str(int(i)) for i in imports)
    counts = con.execute(
        f"SELECT coalesce(import_id, -1), count(*) FROM hands "
        f"WHERE coalesce(import_id, -1) IN ({ids}) GROUP BY ALL"
    ).fetchall()
    out = []
    for import_id, hands in counts:
        mine = f"coalesce(h.import_id, -1) = {int(import_id)}"
        n = -(-int(hands) // PART_HANDS)
        if n <= 1:
            out.append(mine)
        else:
            out += [f"{mine} AND hash(h.site, h.hand_id) % {n} = {i}" for i in range(n)]
    return out


def refresh_report_cube(con: duckdb.DuckDBPyConnection) -> int:
    """Bring ``report_cube`` up to the stored hands: the rows of every import whose hands
    changed in number since they were summed (or were never summed) are worked out
    again; the rows of imports with no hand left are dropped.

    Args:
        con: a writable store with its tables (:func:`hhtools.store.db.connect`), outside
            a transaction.

    Returns:
        How many imports were summed again (0 when the cube was current).

    Raises:
        duckdb.Error: the store cannot be written (the transaction is rolled back).
    """
    for ddl in _DDL:
        con.execute(ddl)
    stale = [r[0] for r in con.execute(_STALE).fetchall()]
    if not stale:
        return 0
    with transaction(con):
        ids = ", ".join(str(int(i)) for i in stale)
        con.execute(f"DELETE FROM {CUBE} WHERE import_id IN ({ids})")
        con.execute(f"DELETE FROM {COVERED} WHERE import_id IN ({ids})")
        for part in _parts(con, stale):
            con.execute(f"INSERT INTO {CUBE} BY NAME {rows_select(part)}")
        con.execute(f"INSERT INTO {COVERED} SELECT coalesce(import_id, -1), count(*) FROM hands "
                    f"WHERE coalesce(import_id, -1) IN ({ids}) GROUP BY ALL")  # fmt: skip
    return len(stale)


def cube_current(con: duckdb.DuckDBPyConnection) -> bool:
    """``True`` when the store has the cube and it covers exactly the stored hands, and
    every counted seat has its statistics (a store upgraded from before they existed
    may not): then the cube answers what it keeps. ``False`` for a store without it (an
    older store opened read-only, a Parquet dataset) or one written since by an older
    hhtools."""
    try:
        if con.execute(f"SELECT count(*) FROM ({_STALE})").fetchall()[0][0]:
            return False
        return not con.execute(f"SELECT coalesce(sum(no_stats), 0) FROM {CUBE}").fetchall()[0][0]
    except duckdb.Error:  # no cube (CatalogException), or hands of an older schema
        return False


def cube_conditions(flt: StatsFilter, seats: bool = True) -> tuple[list[str], list[Any]] | None:
    """The filter as conditions on the cube (alias ``h``), or ``None`` when the cube
    cannot answer it exactly.

    The cube answers the hand's site, game, structure, stakes and currency, a time that
    is a day's start (``--since 2024-03-01``, ``--until today``; a moment within a day
    needs the hands' times), and, when ``seats``, the player (a player sits once in a
    hand, so their seats count their hands). A position or hole-card class needs the
    seats.

    Args:
        flt: the filters.
        seats: the caller sums seats (statistics, results); ``False`` for counts of a
            view's rows that a seat filter would restrict by hand, which the cube
            cannot.

    Raises:
        StatsError: as :meth:`StatsFilter.hand_conditions`.
    """
    if flt.position or flt.hand_class or (flt.player and not seats):
        return None
    parts, params = flt.hand_conditions()
    out: list[Any] = []
    it = iter(params)
    cube_parts = []
    for part in parts:
        n = part.count("?")
        values = [next(it) for _ in range(n)]
        if part.startswith("h.started_at "):
            when = values[0]
            if not isinstance(when, datetime) or when != datetime(when.year, when.month,
                                                                   when.day):  # fmt: skip
                return None
            part, values = part.replace("h.started_at", "h.day", 1), [when.date()]
        cube_parts.append(part)
        out += values
    if flt.player:
        cube_parts.append("lower(h.player) = lower(?)")
        out.append(flt.player)
    return cube_parts, out


#: ``--by`` names the cube groups by -> its SQL over the cube (alias ``h``)
CUBE_DIMENSIONS: dict[str, str] = {
    "player": "h.player",
    "site": "h.site",
    "game": "h.game",
    "limit": "h.structure",
    "stakes": "h.stakes",
    "month": "coalesce(strftime(h.day, '%Y-%m'), 'unknown')",
}


def stats_select(con: duckdb.DuckDBPyConnection, dims: list[str], flt: StatsFilter,
                 has_ev: bool) -> tuple[str, list[Any]] | None:  # fmt: skip
    """:func:`hhtools.store.stats.stats_sql`'s statement read from the cube: the same
    columns, rows and numbers (sums of doubles may differ in their last bits, as the
    order of a parallel sum does), or ``None`` when the cube cannot answer.

    Args:
        con: the store.
        dims: the grouping, checked (:func:`hhtools.store.stats.group_names`); the cube
            answers player, site, game, limit, stakes and month.
        flt: the filters (:func:`cube_conditions` with ``seats``).
        has_ev: the store holds all-in equity: ``ev_net`` and ``ev_bb`` add, over the
            seats that have one, the expectation less the net (as ``stats_sql`` puts the
            one in place of the other).

    Returns:
        ``(sql, params)``, or ``None``.

    Raises:
        StatsError: as :meth:`StatsFilter.hand_conditions`.
    """
    if any(d not in CUBE_DIMENSIONS for d in dims):
        return None
    conds = cube_conditions(flt)
    if conds is None or not cube_current(con):
        return None
    parts, params = conds
    # a hand counts once in a group without players (its first counted seat); a player's
    # seats are their hands
    hands = "hands" if "player" in dims or flt.player else "first_seats"
    return summed_stats_select(dims, CUBE_DIMENSIONS, CUBE, (parts, params), flt, has_ev, hands)


def summed_stats_select(dims: list[str], sql_of: dict[str, str], table: str,
                        conds: tuple[list[str], list[Any]], flt: StatsFilter, has_ev: bool,
                        hands: str = "hands", joins: str = "") -> tuple[str, list[Any]]:  # fmt: skip
    """:func:`hhtools.store.stats.stats_sql`'s statement over a kept table of its sums
    (``report_cube``, ``session_cube``): the groups' sums of its rows, and, with
    ``has_ev``, the all-in expectation less the net over the seats that have one.

    Args:
        dims: the grouping, each a key of ``sql_of``.
        sql_of: ``--by`` name -> its SQL over the table (alias ``h``).
        table: the kept table, with ``hands``, the counts of
            :data:`hhtools.store.stats.RATIOS`, the postflop counts, ``net_won`` and
            ``net_bb``.
        conds: the filter as conditions on the table (alias ``h``) and their parameters.
        flt: the filter (on the seats, for the expectation).
        has_ev: the store holds all-in equity.
        hands: the table's column summed as ``hands`` (its seats are ``hands``).
        joins: more joins for the seats with an expectation, for the grouping's SQL of
            :data:`hhtools.store.stats.DIMENSIONS` (``x``: their sessions).

    Returns:
        ``(sql, params)``: the columns of ``stats_sql``.
    """
    from hhtools.store.stats import DIMENSIONS

    parts, params = conds
    by_limit = "limit" in dims
    keys = [f'{sql_of[d]} AS "{d}"' for d in dims] + ['h.currency AS "currency"']
    raw_keys = [f'{DIMENSIONS[d]} AS "{d}"' for d in dims] + ['h.currency AS "currency"']
    if not by_limit:
        keys.append('h.structure AS "structure"')
        raw_keys.append('h.structure AS "structure"')
    names = [*dims, "currency", *([] if by_limit else ["structure"])]
    counted = [f"{n}_{p}" for n in RATIOS for p in ("count", "opportunities")]
    summed = [*counted, "postflop_aggressive", "postflop_calls", "postflop_folds", "net_won"]
    cube = (f"SELECT {', '.join(keys)}, sum({hands}) AS hands, sum(hands) AS seats, "
            + ", ".join(f"sum({c}) AS {c}" for c in summed)
            + ", fsum(net_bb) AS net_bb, sum(net_won)::DOUBLE AS ev_net, fsum(net_bb) AS ev_bb "
            f"FROM {table} h WHERE {' AND '.join(parts) or 'true'} GROUP BY ALL")  # fmt: skip
    if has_ev:
        raw, raw_params = flt.where()
        zeros = ", ".join(f"0 AS {c}" for c in ["hands", "seats", *summed])
        cube += (
            f" UNION ALL BY NAME SELECT {', '.join(raw_keys)}, {zeros}, 0.0 AS net_bb, "
            "sum(e.ev_net - s.net) AS ev_net, fsum((e.ev_net - s.net) / nullif(h.big_blind, 0)) "
            "AS ev_bb FROM (SELECT site, hand_id, player, sum(ev_net) AS ev_net FROM allin_ev "
            "GROUP BY ALL) e JOIN seats s ON e.site = s.site AND e.hand_id = s.hand_id "
            "AND e.player = s.player JOIN hands h ON h.site = s.site AND h.hand_id = s.hand_id "
            f"{joins} WHERE {' AND '.join([counted_seat('s'), *raw])} GROUP BY ALL"
        )  # fmt: skip
        params = params + raw_params
    quoted = ", ".join(f'"{n}"' for n in names)
    sql = (f"SELECT {quoted}, sum(hands)::BIGINT AS hands, sum(seats)::BIGINT AS seats, "
           + ", ".join(f"sum({c})::BIGINT AS {c}" for c in summed)
           + ", fsum(net_bb) AS net_bb, fsum(ev_net) AS ev_net, fsum(ev_bb) AS ev_bb "
           f"FROM ({cube}) GROUP BY ALL HAVING sum(seats) > 0")  # fmt: skip
    return sql, params


def results_select(con: duckdb.DuckDBPyConnection, flt: StatsFilter
                   ) -> tuple[str, list[Any]] | None:  # fmt: skip
    """The ``player_results`` view's rows over the filtered hands (and the player's
    seats), read from the cube: the same columns and numbers, or ``None`` when the cube
    cannot answer (:func:`cube_conditions`, :func:`cube_current`).

    Raises:
        StatsError: as :meth:`StatsFilter.hand_conditions`.
    """
    conds = cube_conditions(flt)
    if conds is None or not cube_current(con):
        return None
    parts, params = conds
    # the big blinds won summed compensated (fsum): a plain sum of doubles depends on
    # the order DuckDB's threads meet the rows, and a bb/100 on a .xx5 boundary read
    # 120.55 in one run and 120.54 in the next over the same store

    def ratio(name: str) -> str:
        return (f"100.0 * sum({name}_count)::BIGINT "
                f"/ nullif(sum({name}_opportunities)::BIGINT, 0)")  # fmt: skip

    sql = (
        "SELECT site, player, game, structure, stakes, currency, sum(hands)::BIGINT AS hands, "
        "sum(net_won)::BIGINT AS net_won, fsum(net_bb) AS net_bb, "
        "100.0 * fsum(net_bb) / sum(hands)::BIGINT AS bb_per_100, "
        f"{ratio('vpip')} AS vpip, {ratio('pfr')} AS pfr, "
        "sum(wsd_opportunities)::BIGINT AS went_to_showdown, "
        + ", ".join(f"sum({c})::BIGINT AS {c}" for c in (
            "won_at_showdown", "won_high", "won_low", "scooped", "quartered", "rake_paid"))
        + f" FROM {CUBE} h WHERE {' AND '.join(parts) or 'true'} "
        "GROUP BY site, player, game, structure, stakes, currency HAVING sum(hands) > 0"
    )  # fmt: skip
    return sql, params


def totals_select(con: duckdb.DuckDBPyConnection, flt: StatsFilter
                  ) -> tuple[str, list[Any]] | None:  # fmt: skip
    """The rows of ``scoops``, ``quarters``, ``counterfeited`` and ``low_possible`` over the
    filtered hands, counted from the cube (one row of four counts), or ``None`` when the
    cube cannot answer (any seat filter: ``low_possible`` keeps the hands with a
    matching seat, which the cube cannot tell).

    Raises:
        StatsError: as :meth:`StatsFilter.hand_conditions`.
    """
    conds = cube_conditions(flt, seats=False)
    if conds is None or not cube_current(con):
        return None
    parts, params = conds
    return (
        "SELECT coalesce(sum(scooped), 0), coalesce(sum(quartered), 0), "
        "coalesce(sum(counterfeited), 0), coalesce(sum(low_possible), 0) "
        f"FROM {CUBE} h WHERE {' AND '.join(parts) or 'true'}", params,
    )  # fmt: skip

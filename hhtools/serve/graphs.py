"""The overview's totals and the results graphs (a player's running net beside the all-in
EV line), worked out in SQL and thinned there, so that a player of a million hands
sends 2,000 points, not a million.

The running net is :meth:`hhtools.store.api.HandStore.cumulative`'s (the same seats,
the same order: start time, site, hand number); the EV line replaces, hand by hand,
the net with the all-in expectation where ``hhtools ev`` worked one out
(``allin_ev.ev_net`` summed over the hand's boards), as ``hhtools stats`` does for
``ev_net``.
"""

from __future__ import annotations

from typing import Any

from hhtools.serve.queries import NotFound, json_value
from hhtools.store.api import HandStore
from hhtools.store.seat_results import counted_seat
from hhtools.store.stats import NoSuchPlayerError

__all__ = ["MAX_POINTS", "has_ev", "overview", "player_graph", "results_points"]

MAX_POINTS = 2000  #: points a graph sends at most (every n-th hand, the first and the last)


def has_ev(hs: HandStore) -> bool:
    """Whether the store holds all-in equity (the ``allin_ev`` view and some rows)."""
    (views,) = hs.con.execute(
        "SELECT count(*) FROM duckdb_views() WHERE view_name = 'allin_ev'").fetchall()[0]
    if not views:
        return False
    (rows,) = hs.con.execute("SELECT count(*) FROM (SELECT 1 FROM allin_equity LIMIT 1)"
                             ).fetchall()[0]  # fmt: skip
    return bool(rows)


def results_points(hs: HandStore, player: str, currency: str, ev: bool,
                   limit: int = MAX_POINTS) -> dict[str, Any]:  # fmt: skip
    """A player's results in one currency: running net and all-in EV net per hand.

    Args:
        hs: the open store.
        player: the stored name (exact).
        currency: the hands' currency.
        ev: the store holds all-in equity (:func:`has_ev`).
        limit: points at most.

    Returns:
        ``{"currency", "hands", "points"}``: ``points`` rows ``[n, net, ev_net]``, ``n``
        the player's hand number (from 1) in that currency, ``net`` and ``ev_net``
        running sums in minor units (``ev_net`` rounded to a minor unit); every
        ``step``-th hand, the first and the last, at most ``limit`` + 2 rows.
    """
    evj = ("LEFT JOIN (SELECT site, hand_id, sum(ev_net) AS ev_net FROM allin_ev WHERE "
           "player = ? GROUP BY ALL) e ON e.site = s.site AND e.hand_id = s.hand_id"
           if ev else "")  # fmt: skip
    evc = "coalesce(e.ev_net, s.net::DOUBLE)" if ev else "s.net::DOUBLE"
    params: list[Any] = ([player] if ev else []) + [player, currency]
    sql = f"""
    WITH c AS (
        SELECT row_number() OVER w AS n, (sum(s.net) OVER w)::BIGINT AS net,
               round(sum({evc}) OVER w)::BIGINT AS ev
        FROM seats s JOIN hands h ON h.site = s.site AND h.hand_id = s.hand_id {evj}
        WHERE s.player = ? AND h.currency = ? AND {counted_seat('s')}
        WINDOW w AS (ORDER BY h.started_at, s.site, s.hand_id)
    ), t AS (SELECT max(n) AS last FROM c)
    SELECT n, net, ev, last FROM c, t
    WHERE n = 1 OR n = last OR n % greatest(1, ceil(last / ?)::BIGINT) = 0 ORDER BY n
    """
    got = hs.con.execute(sql, [*params, limit]).fetchall()
    last = int(got[0][3]) if got else 0
    return {"currency": currency, "hands": last,
            "points": [[int(n), int(net), int(e)] for n, net, e, _ in got]}  # fmt: skip


def _currencies(hs: HandStore, player: str) -> list[tuple[str, int]]:
    """The currencies a player's counted seats are in, most hands first."""
    got = hs.con.execute(
        "SELECT h.currency, count(*) FROM seats s JOIN hands h ON h.site = s.site AND "
        f"h.hand_id = s.hand_id WHERE s.player = ? AND {counted_seat('s')} GROUP BY 1 "
        "ORDER BY 2 DESC, 1", [player]).fetchall()  # fmt: skip
    return [(c, int(n)) for c, n in got]


def stored_name(hs: HandStore, name: str) -> str:
    """The stored spelling of a player name given in any case.

    Raises:
        NotFound: nobody by that name (the message names the closest).
    """
    got = hs.con.execute("SELECT min(player) FROM seats WHERE lower(player) = lower(?)",
                         [name]).fetchall()  # fmt: skip
    if not got or got[0][0] is None:
        try:
            hs.check_player(name)
        except NoSuchPlayerError as exc:
            raise NotFound(str(exc)) from None
        raise NotFound(f"no player {name!r} in the store")
    return str(got[0][0])


def player_graph(hs: HandStore, name: str, currency: str | None = None) -> dict[str, Any]:
    """A player's results graph: ``{"name", "currencies": [{"currency", "hands"}],
    "graph": results_points(...) | None}`` in ``currency`` (default: the currency of
    most of their hands).

    Raises:
        NotFound: an unknown player.
    """
    player = stored_name(hs, name)
    curs = _currencies(hs, player)
    pick = currency.upper() if currency else (curs[0][0] if curs else None)
    graph = results_points(hs, player, pick, has_ev(hs)) if pick else None
    return {"name": player, "currencies": [{"currency": c, "hands": n} for c, n in curs],
            "graph": graph}  # fmt: skip


def overview(hs: HandStore, player: str | None = None) -> dict[str, Any]:
    """The overview's numbers (``/api/overview``).

    Args:
        hs: the open store.
        player: whose results to draw (any case); default the player with the most hands.

    Returns:
        ``hands``, ``players`` (those of the players list: dealt in, or with chips in
        while sitting out), ``sites``, ``first``/``last`` (start times),
        ``currencies`` (per currency: ``hands``, ``pots`` (the total pots) and ``rake``
        in minor units), ``player`` and ``results`` (per currency of theirs: the graph of
        :func:`results_points`), ``findings_by_kind``, ``problems`` (not the notes),
        ``imports``.

    Raises:
        NotFound: ``player`` names nobody.
    """
    con = hs.con
    hands, first, last = con.execute(
        "SELECT count(*), min(started_at), max(started_at) FROM hands").fetchall()[0]
    sites = [r[0] for r in con.execute("SELECT DISTINCT site FROM hands ORDER BY 1").fetchall()]
    currencies = [
        {"currency": c, "hands": int(n), "pots": int(p or 0), "rake": int(r or 0)}
        for c, n, p, r in con.execute(
            "SELECT currency, count(*), sum(total_pot), sum(rake) FROM hands GROUP BY 1 "
            "ORDER BY 2 DESC, 1").fetchall()
    ]  # fmt: skip
    counted = counted_seat("seats")  # the seats of the players list (``hhtools stats``)
    top = con.execute(f"SELECT player, count(*) AS n FROM seats WHERE {counted} GROUP BY "
                      "player ORDER BY n DESC, player LIMIT 1").fetchall()  # fmt: skip
    (players,) = con.execute(f"SELECT count(DISTINCT player) FROM seats WHERE {counted}"
                             ).fetchall()[0]  # fmt: skip
    who = stored_name(hs, player) if player else (top[0][0] if top else None)
    results = []
    if who:
        ev = has_ev(hs)
        results = [results_points(hs, who, c, ev) for c, _ in _currencies(hs, who)]
    kinds = con.execute("SELECT kind, count(*) FROM findings GROUP BY kind ORDER BY 2 DESC, 1"
                        ).fetchall()  # fmt: skip
    (problems,) = con.execute("SELECT count(*) FROM import_errors WHERE NOT "
                              "coalesce(is_note, false)").fetchall()[0]  # fmt: skip
    (imports,) = con.execute("SELECT count(*) FROM imports").fetchall()[0]
    return {
        "hands": int(hands), "players": int(players), "sites": sites,
        "first": json_value(first), "last": json_value(last), "currencies": currencies,
        "player": who, "results": results,
        "findings_by_kind": [{"kind": k, "count": int(n)} for k, n in kinds],
        "problems": int(problems), "imports": int(imports),
    }  # fmt: skip

"""The overview's totals and the results graphs (a player's running net beside the all-in
EV line), worked out in SQL over the lists' snapshot (:mod:`hhtools.serve.snapshot`)
and thinned there, so that a player of a million hands sends 2,000 points, not a
million.

The running net is :meth:`hhtools.store.api.HandStore.cumulative`'s (the same seats,
the same order: start time, site, hand number); the EV line replaces, hand by hand,
the net with the all-in expectation where ``hhtools ev`` worked one out
(``allin_ev.ev_net`` summed over the hand's boards), as ``hhtools stats`` does for
``ev_net``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from hhtools.serve.queries import json_value
from hhtools.serve.snapshot import Snapshot
from hhtools.store.api import HandStore
from hhtools.store.player_views import sessions_from
from hhtools.store.seat_results import counted_seat

if TYPE_CHECKING:
    import polars as pl

__all__ = ["MAX_POINTS", "overview", "overview_results", "overview_totals", "player_graph",
           "player_sessions", "results_points"]

MAX_POINTS = 2000  #: points a graph sends at most (every n-th hand, the first and the last)


def results_points(snap: Snapshot, player: str, currency: str, limit: int = MAX_POINTS
                   ) -> dict[str, Any]:  # fmt: skip
    """A player's results in one currency: running net and all-in EV net per hand.

    Args:
        snap: the lists' data (its seats hold each seat's net and all-in expectation).
        player: the stored name (exact).
        currency: the hands' currency.
        limit: points at most.

    Returns:
        ``{"currency", "hands", "points"}``: ``points`` rows ``[n, net, ev_net]``, ``n``
        the player's hand number (from 1) in that currency, ``net`` and ``ev_net``
        running sums in minor units (``ev_net`` rounded to a minor unit); every
        ``step``-th hand, the first and the last, at most ``limit`` + 2 rows.
    """
    import numpy as np

    order = "s.started_at IS NULL, s.hid" if snap.hid_ordered else "s.started_at, s.site, s.hand_id"
    with snap.lock:  # the player's seats are a few row groups (the seats are by player)
        got = snap.mem.sql(
            "SELECT coalesce(s.net, 0) AS net, coalesce(s.ev_net, s.net::DOUBLE, 0) AS ev "
            "FROM seats s WHERE "
            f"s.player = $1 AND s.currency = $2 AND s.counted ORDER BY {order}",
            params=[player, currency]).pl()  # fmt: skip
    last = got.height
    if not last:
        return {"currency": currency, "hands": 0, "points": []}
    net = got["net"].to_numpy().astype(np.int64).cumsum()
    ev = got["ev"].to_numpy().astype(np.float64).cumsum()
    ev = np.sign(ev) * np.floor(np.abs(ev) + 0.5)  # SQL's round: halves away from zero
    step = max(1, math.ceil(last / limit))
    n = np.arange(1, last + 1)
    keep = np.flatnonzero((n == 1) | (n == last) | (n % step == 0))
    return {"currency": currency, "hands": last,
            "points": [[int(n[i]), int(net[i]), int(ev[i])] for i in keep]}  # fmt: skip


def _currencies(snap: Snapshot, player: str) -> list[tuple[str, int]]:
    """The currencies a player's counted seats are in, most hands first."""
    _, got = snap.rows(
        "SELECT currency, count(*) FROM seats WHERE player = ? AND counted GROUP BY 1 "
        "ORDER BY 2 DESC, 1",
        [player])  # fmt: skip
    return [(c, int(n)) for c, n in got]


def player_graph(snap: Snapshot, player: str, currency: str | None = None) -> dict[str, Any]:
    """A player's results graph: ``{"currencies": [{"currency", "hands"}], "graph":
    results_points(...) | None}`` in ``currency`` (default: the currency of most of
    their hands).

    Args:
        snap: the lists' data.
        player: the stored name (:func:`hhtools.serve.queries.known_player`).
        currency: the graph's currency.
    """
    curs = _currencies(snap, player)
    pick = currency.upper() if currency else (curs[0][0] if curs else None)
    graph = results_points(snap, player, pick) if pick else None
    return {"currencies": [{"currency": c, "hands": n} for c, n in curs], "graph": graph}


def player_sessions(hs: HandStore, player: str, kept: bool = False) -> pl.DataFrame:
    """A player's sessions, the latest first: the rows of ``HandStore.sessions(player)``
    (the stored sessions of 30 minutes' gap), read from the importer's
    ``session_summary`` (``kept``: the snapshot found it covering every hand) or worked
    out over their seats.

    Args:
        hs: the open store.
        player: the stored name.
        kept: read ``session_summary`` (:attr:`hhtools.serve.snapshot.Snapshot.current`).
    """
    hs._need_view("sessions")  # noqa: SLF001  (the store's own check)
    order = " ORDER BY site, player, start, game, structure, stakes, currency"
    if kept:
        told = hs.sql("SELECT site, player, session, start, session_end AS \"end\", game, "
                      "structure, stakes, currency, hands, net_won, bb_per_100, minutes, "
                      "net_per_hour FROM session_summary WHERE player = ?" + order, [player])
    else:
        mine = "(SELECT * FROM seat_sessions WHERE player = ?)"
        told = hs.sql(f"SELECT * FROM ({sessions_from(mine)}){order}", [player])
    return told.sort("start", descending=True, maintain_order=True)


def overview(hs: HandStore, snap: Snapshot, player: str | None = None) -> dict[str, Any]:
    """The overview's numbers (``/api/overview``).

    Args:
        hs: the open store.
        snap: the lists' data of the store (its hands and statistics cube).
        player: whose results to draw (the stored name); default the player with the
            most hands.

    Returns:
        ``hands``, ``players`` (those of the players list), ``sites``, ``first``/``last``
        (start times), ``currencies`` (per currency: ``hands``, ``pots`` (the total
        pots) and ``rake`` in minor units), ``player`` and ``results`` (per currency of
        theirs: the graph of :func:`results_points`), ``findings_by_kind``, ``problems``
        (not the notes), ``imports``.
    """
    totals = overview_totals(hs, snap)
    return {**totals, **overview_results(snap, player or totals["player"])}


def overview_totals(hs: HandStore, snap: Snapshot) -> dict[str, Any]:
    """What the overview shows whoever's results it draws: :func:`overview` but
    ``results``, with ``player`` the player with the most hands (worked out once per
    version of the store by the caller)."""
    _, ((hands, first, last),) = snap.rows(
        "SELECT count(*), min(started_at), max(started_at) FROM hands")
    _, sites = snap.rows("SELECT DISTINCT site FROM hands ORDER BY 1")
    _, money = snap.rows("SELECT currency, count(*), sum(total_pot), sum(rake) FROM hands "
                         "GROUP BY 1 ORDER BY 2 DESC, 1")  # fmt: skip
    players, top = _players(hs, snap)
    con = hs.con
    kinds = con.execute("SELECT kind, count(*) FROM findings GROUP BY kind ORDER BY 2 DESC, 1"
                        ).fetchall()  # fmt: skip
    (problems,) = con.execute("SELECT count(*) FROM import_errors WHERE NOT "
                              "coalesce(is_note, false)").fetchall()[0]  # fmt: skip
    (imports,) = con.execute("SELECT count(*) FROM imports").fetchall()[0]
    return {
        "hands": int(hands), "players": players, "sites": [r[0] for r in sites],
        "first": json_value(first), "last": json_value(last),
        "currencies": [{"currency": c, "hands": int(n), "pots": int(p or 0), "rake": int(r or 0)}
                       for c, n, p, r in money],
        "player": top,
        "findings_by_kind": [{"kind": k, "count": int(n)} for k, n in kinds],
        "problems": int(problems), "imports": int(imports),
    }  # fmt: skip


def overview_results(snap: Snapshot, player: str | None) -> dict[str, Any]:
    """``{"player", "results"}`` of the overview: the graph of :func:`results_points` in
    each currency of ``player`` (the stored name; ``None``: no graph)."""
    if not player:
        return {"player": player, "results": []}
    return {"player": player,
            "results": [results_points(snap, player, c) for c, _ in _currencies(snap, player)]}


def _players(hs: HandStore, snap: Snapshot) -> tuple[int, str | None]:
    """How many players the players list has, and the one with the most hands (the
    first by name of a tie)."""
    import polars as pl

    if snap.cube is not None:
        held = snap.kept.get("player_cube")
        if "players" not in snap.kept and held is not None:  # its sums per player, held
            snap.kept["players"] = held.most_hands()
        if "players" not in snap.kept:
            per = snap.cube.group_by("player").agg(pl.col("hands").sum())
            top = (per.sort(["hands", "player"], descending=[True, False]).row(0)[0]
                   if per.height else None)  # fmt: skip
            snap.kept["players"] = (per.height, top)
        return snap.kept["players"]  # type: ignore[no-any-return]
    counted = counted_seat("seats")  # an older store: its seats, as the players list counts
    got = hs.con.execute(f"SELECT player, count(*) AS n FROM seats WHERE {counted} GROUP BY "
                         "player ORDER BY n DESC, player").fetchall()  # fmt: skip
    return len(got), (got[0][0] if got else None)

"""The JSON API behind the pages: ``/api/...``, every route a GET answering JSON.

Money is integer minor units beside a ``currency``; times are ISO text; ratios 0..1.
The numbers are the store API's (:class:`hhtools.store.api.HandStore`): the players
list is ``HandStore.stats(by=("player",), **filters)`` row for row, a player's positions
``stats(by=("position",), player=...)``, sessions ``HandStore.sessions``. Lists are
paged (``page`` from 1, ``per_page`` up to :data:`~hhtools.serve.queries.MAX_PER_PAGE`).
Errors: 400 ``{"error", "param"}`` for a parameter that cannot be read, 404
``{"error"}`` for an unknown player or hand, 503 ``{"error"}`` without a store
(:mod:`hhtools.serve.app` turns the exceptions of :mod:`hhtools.serve.queries` into
these). ``docs/serve.md`` describes every route; ``/openapi.json`` is generated.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from hhtools.serve.day_cube import days_answer, days_stats
from hhtools.serve.graphs import overview_results, overview_totals, player_graph, player_sessions
from hhtools.serve.listings import FINDINGS, IMPORTS, PROBLEMS, PROBLEMS_ONLY, listing
from hhtools.serve.queries import (
    BadParam,
    HandsQuery,
    NotFound,
    ServedStore,
    hands_page,
    integer,
    known_player,
    json_value,
    neighbours,
    paging,
    stats_filter,
)
from hhtools.serve.player_table import players_from_cube as held_players
from hhtools.serve.replay_data import replay_data
from hhtools.serve.snapshot import cube_answers, hand_rows, players_from_cube
from hhtools.store.stats import NoSuchPlayerError, StatsFilter
from hhtools.store.unstored import why_not_stored

__all__ = ["router"]

router = APIRouter(prefix="/api")

Text = Annotated[str | None, Query()]
#: the betting structure's old parameter name (``structure`` now): still read
OldLimit = Annotated[str | None, Query(deprecated=True, description=(
    "Deprecated: the old name of structure (the betting structure, not a row count; "
    "rows are paged by page and per_page)."))]  # fmt: skip
#: the betting structure: PL, FL or NL (or pot_limit, limit, no_limit)
Structure = Annotated[str | None, Query(description="The betting structure: PL, FL or NL.")]


def served(request: Request) -> ServedStore:
    """The application's store (:func:`hhtools.serve.app.create_app` sets it)."""
    return request.app.state.served  # type: ignore[no-any-return]


def _json(body: dict[str, Any]) -> JSONResponse:
    """The answer as JSON, encoded at once (a dict through FastAPI's encoder would be
    walked value by value: many times slower for a graph's points)."""
    return JSONResponse(body)


def _rows(frame: Any) -> list[dict[str, Any]]:
    """A Polars frame's rows as JSON objects."""
    return [{k: json_value(v) for k, v in r.items()} for r in frame.iter_rows(named=True)]


def _filters(flt: StatsFilter) -> dict[str, Any]:
    return {f.name: getattr(flt, f.name) for f in fields(flt)}


def _stats_values(request: Request) -> dict[str, Any]:
    q = request.query_params
    values: dict[str, Any] = {k: q.get(k) for k in ("player", "since", "until", "site", "game",
                                                    "structure", "limit", "stakes", "currency",
                                                    "position", "min_hands")}  # fmt: skip
    values["hand_class"] = [c for v in q.getlist("hand_class") for c in v.split(",") if c]
    return values


@router.get("/overview")
def api_overview(request: Request, player: Text = None) -> JSONResponse:
    """Totals of the store, results per currency with the all-in EV line, findings by
    kind, problems and imports.

    ``player`` picks whose results the graph draws (default: the player with the most
    hands); each currency's points are ``[hand number, net, all-in EV net]`` running
    sums in minor units, at most 2,000 of them.
    """
    store = served(request)
    snap = store.snapshot()
    who = known_player(snap, player) if player else None
    totals = store.cached(("overview",), lambda hs: overview_totals(hs, snap), version=snap.version)
    drawn = store.cached(("overview", who or totals["player"]),
                         lambda hs: overview_results(snap, who or totals["player"]),
                         version=snap.version)  # fmt: skip
    return _json({**totals, **drawn})


@router.get("/players")
def api_players(
    request: Request, player: Text = None, game: Text = None, structure: Structure = None,
    limit: OldLimit = None,
    stakes: Text = None, site: Text = None, currency: Text = None, since: Text = None,
    until: Text = None, position: Text = None,
    hand_class: Annotated[list[str] | None, Query()] = None, min_hands: Text = None,
    sort: Text = None, desc: Text = None, page: Text = None, per_page: Text = None,
) -> JSONResponse:  # fmt: skip
    """The statistics table of ``hhtools stats``, one row per player, sortable and paged.

    Rows and columns are those of ``HandStore.stats(by=("player",), **filters)``;
    ``sort`` is any of its columns (default: most hands first), ``desc=1`` highest first.
    """
    flt = stats_filter(_stats_values(request))
    pg, per = paging(page, per_page)
    frame = _stats(served(request), ("player",), flt)
    total = frame.height
    columns = list(frame.columns)
    if sort:
        if sort not in columns:
            if total:
                raise BadParam("sort", f"cannot sort by {sort!r}: use one of the columns "
                               f"({', '.join(columns[:12])}...)")  # fmt: skip
        else:
            rising = desc is not None and not _flag("desc", desc)
            frame = frame.sort([sort, "player"], descending=[not rising, False],
                               nulls_last=True)  # fmt: skip
    elif desc is not None and not _flag("desc", desc):
        frame = frame.reverse()
    part = frame.slice((pg - 1) * per, per)
    return _json({"total": total, "page": pg, "per_page": per, "columns": columns,
                  "rows": _rows(part)})  # fmt: skip


def _flag(name: str, text: str | None) -> bool:
    from hhtools.serve.queries import flag

    return flag(name, text)


def _stats(store: ServedStore, by: tuple[str, ...], flt: StatsFilter) -> Any:
    """``HandStore.stats(by, **flt)``, summed from the snapshot's cube when it holds the
    answer (dates that keep every hand are no dates), else from its statistics by day
    (:mod:`hhtools.serve.day_cube`: dates, hole-card classes, with a position) once they
    are read, else asked of the store; kept for this version of the store.

    Raises:
        NotFound: a player filter naming nobody.
    """
    snap = store.snapshot()
    if snap.cube is not None and (flt.since or flt.until) and _every_day(snap, flt):
        flt = replace(flt, since=None, until=None)  # the dates keep every hand
    if snap.cube is not None and cube_answers(flt):
        if flt.player:
            known_player(snap, flt.player)
        held = snap.kept.get("player_cube")
        if held is not None and by == ("player",):  # summed in NumPy (serve.player_table)
            return store.cached(("cube", by, flt), version=snap.version,
                                work=lambda hs: held_players(held, flt))  # fmt: skip
        cube = snap.cube
        if held is not None and flt.player:  # the player's rows alone, found by number
            cube = cube[held.cube_rows(flt.player)]
        return store.cached(("cube", by, flt), version=snap.version,
                            work=lambda hs: players_from_cube(cube, flt, by))
    if snap.days and days_answer(flt) is not None:  # dates, position, hole-card classes
        if flt.player:
            known_player(snap, flt.player)
        return store.cached(("days", by, flt), version=snap.version,
                            work=lambda hs: days_stats(snap.mem, snap.lock, flt, by, snap.ev,
                                                       snap.kept.get("days_held"),
                                                       snap.kept.get("seats_held")))  # fmt: skip
    try:
        return store.cached(("stats", by, flt),
                            lambda hs: hs.stats(by, **_filters(flt)))  # fmt: skip
    except NoSuchPlayerError as exc:
        raise NotFound(str(exc)) from None


def _every_day(snap: Any, flt: StatsFilter) -> bool:
    """Whether the dates of ``flt`` keep every hand of the snapshot (each is a day's
    start, the first on or before the first hand's day, the last after the last hand's,
    and every hand has a time), so that the answer is that of no dates."""
    days = days_answer(flt)
    if days is None:
        return False
    if "days" not in snap.kept:
        _, ((first, last, untimed),) = snap.rows(
            "SELECT min(started_at)::DATE, max(started_at)::DATE, count(*) FILTER (WHERE "
            "started_at IS NULL) FROM hands")  # fmt: skip
        snap.kept["days"] = (first, last, untimed)
    first, last, untimed = snap.kept["days"]
    if untimed or first is None:
        return False
    return all(day <= first if sql.startswith("f.day >=") else day > last
               for sql, day in days)  # fmt: skip


@router.get("/players/{name}")
def api_player(
    request: Request, name: str, game: Text = None, structure: Structure = None,
    limit: OldLimit = None, stakes: Text = None,
    site: Text = None, currency: Text = None, since: Text = None, until: Text = None,
    position: Text = None, hand_class: Annotated[list[str] | None, Query()] = None,
    sessions: Text = None,
) -> JSONResponse:  # fmt: skip
    """One player: their statistics row, by position, their latest sessions (``sessions``
    of them, default 100) and their results graph (in ``currency``, default the one
    they played most hands in).

    The filters are those of ``/api/players``; the sessions and graph are over all the
    player's hands.
    """
    values = _stats_values(request)
    values["player"] = name
    values.pop("min_hands", None)
    flt = stats_filter(values)
    store = served(request)
    few = integer("sessions", sessions, 100, low=1, high=1000) or 100
    snap = store.snapshot()
    stored = known_player(snap, name)
    row = _stats(store, ("player",), flt)
    positions = _stats(store, ("position",), flt)

    def work(hs: Any) -> dict[str, Any]:
        told = player_sessions(hs, stored, kept=snap.current)
        return {"sessions": _rows(told.head(few)), "sessions_total": told.height,
                **player_graph(snap, stored, currency)}  # fmt: skip

    rest = store.cached(("player", stored, currency or "", few), work, version=snap.version)
    return _json({"name": stored, "stats": (_rows(row)[0] if row.height else None),
                  "positions": _rows(positions), **rest})  # fmt: skip


@router.get("/hands")
def api_hands(
    request: Request, player: Text = None, site: Text = None, game: Text = None,
    structure: Structure = None, limit: OldLimit = None, stakes: Text = None,
    currency: Text = None, finding: Text = None,
    scoop: Text = None, quarter: Text = None, allin: Text = None, min_pot: Text = None,
    max_pot: Text = None, since: Text = None, until: Text = None, sort: Text = None,
    desc: Text = None, page: Text = None, per_page: Text = None,
) -> JSONResponse:  # fmt: skip
    """The hands, filtered and paged, newest first by default.

    ``sort``: played_at, pot, players, findings, site, hand_id, stakes (big blind),
    rake; ``desc=1`` highest first. ``scoop=1`` / ``quarter=1``: hands in which a pot
    was scooped / a half shared (by ``player`` when given); ``allin=1``: someone was all
    in; ``min_pot``/``max_pot``: the total pot in minor units; ``finding``: a finding
    kind.
    """
    q = HandsQuery.of(dict(request.query_params))
    pg, per = paging(page, per_page)
    snap = served(request).snapshot()
    return _json(hands_page(snap, q.stored(snap), pg, per))


@router.get("/hands/{site}/{hand_id}")
def api_hand(request: Request, site: str, hand_id: str) -> JSONResponse:
    """One hand: its header, the replay's data (``view``: the facts the replayer draws,
    streets, pots, winners, nets, the same as the report's replayer; ``tables``: every
    stored row of the hand by table), its findings, and
    the hands before and after it in the list given by the query string (the
    ``/api/hands`` parameters)."""
    q = HandsQuery.of(dict(request.query_params))
    store = served(request)
    snap = store.snapshot()
    with store.use() as hs:
        data = hand_rows(hs, snap if store.version() == snap.version else None, site, hand_id)
        if data["hands"].is_empty():
            raise NotFound(f"no hand {hand_id} of {site} in the store"
                           f"{why_not_stored(hs, hand_id)}")  # fmt: skip
    prev, nxt = neighbours(snap, q.stored(snap), site, hand_id)
    tables = {name: _rows(frame) for name, frame in data.items()}
    return _json({
        "hand": tables["hands"][0],
        "replay": {"view": _replay_view(data), "tables": tables},
        "findings": tables["findings"],
        "prev": prev,
        "next": nxt,
    })


def _replay_view(data: dict[str, Any]) -> dict[str, Any]:
    """What the hand page's replayer draws (:func:`hhtools.serve.replay_data.replay_data`)."""
    return replay_data(data)


@router.get("/findings")
def api_findings(
    request: Request, kind: Text = None, player: Text = None, site: Text = None,
    page: Text = None, per_page: Text = None,
) -> JSONResponse:  # fmt: skip
    """Audit findings, each with its explanation and its hand (``site``, ``hand_id``,
    ``file``, ``line``), in file order; ``counts`` per kind over all of them."""
    from hhtools.model.vocab import FindingKind

    if kind and kind not in FindingKind.__members__.values():
        raise BadParam("kind", f"unknown finding kind {kind!r}: use "
                       + ", ".join(k.value for k in FindingKind))  # fmt: skip
    pg, per = paging(page, per_page)
    parts, params = [], []
    for col, value in (("kind", kind), ("site", site)):
        if value:
            parts.append(f"{col} = ?")
            params.append(value)
    if player:
        parts.append("lower(player) = lower(?)")
        params.append(player)
    where = " AND ".join(parts) or "true"
    return _json(served(request).cached(
        ("findings", where, tuple(params), pg, per),
        lambda hs: listing(hs, FINDINGS, where, params, pg, per)))


@router.get("/problems")
def api_problems(
    request: Request, code: Text = None, notes: Text = None, page: Text = None,
    per_page: Text = None,
) -> JSONResponse:  # fmt: skip
    """Problems met while importing, ``file:line`` with the hand and the reason, in file
    order (``notes=1``: the hands skipped by design too); ``counts`` per code. A
    ``code`` no version of hhtools writes and the store does not hold is a 400."""
    from hhtools.model.vocab import ProblemCode

    pg, per = paging(page, per_page)
    with_notes = _flag("notes", notes)
    parts, params = ([] if with_notes else ["NOT coalesce(is_note, false)"]), []
    if code:
        parts.append("code = ?")
        params.append(code)
    where = " AND ".join(parts) or "true"
    body = served(request).cached(
        ("problems", where, tuple(params), pg, per),
        lambda hs: listing(hs, PROBLEMS if with_notes else PROBLEMS_ONLY, where, params, pg, per))
    if code and not body["total"] and code not in ProblemCode.__members__.values():
        # a typo would read as a clean store; a code an older version stored still lists
        raise BadParam("code", f"unknown problem code {code!r}: use "
                       + ", ".join(c.value for c in ProblemCode))  # fmt: skip
    return _json(body)


@router.get("/imports")
def api_imports(request: Request, page: Text = None, per_page: Text = None) -> JSONResponse:
    """The files imported, latest first: hands stored, duplicates, skipped, failed,
    problems, findings, when."""
    pg, per = paging(page, per_page)
    return _json(served(request).cached(
        ("imports", pg, per), lambda hs: listing(hs, IMPORTS, "true", [], pg, per)))

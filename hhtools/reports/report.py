"""``hhtools report``: results per player, statistics, findings, and winnings over hands.

The report is built from the views (:mod:`hhtools.store.views`) and the statistics
(:mod:`hhtools.store.stats`) restricted to the hands that match the filters, and
rendered as a terminal table, CSV, JSON, Parquet, or one self-contained HTML page
(:mod:`hhtools.reports.report_html`: sortable tables, one winnings chart per currency
with the all-in EV line, the findings each linked to a replay of its hand).

Money stays integer minor units in every machine format (CSV, JSON, Parquet); only
the HTML page and the terminal table format it for reading. Every results table is
one row per player, game, betting structure (``structure``: limit, pot_limit,
no_limit), stakes and currency, so money and big blinds of a pot-limit and a
fixed-limit game at the same stakes are never added together.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import duckdb

from hhtools.model.vocab import FindingGroup, finding_kinds
from hhtools.reports.cells import STRUCTURE_SHORT, display_rows, text_table
from hhtools.store.api import HandStore
from hhtools.store.seat_results import counted_seat
from hhtools.store.stats import StatsFilter

if TYPE_CHECKING:
    from concurrent.futures import Future

    import polars as pl

    from hhtools.reports.report_tables import Prepared

#: Players drawn on the chart when no ``--player`` is given: the most hands first.
CHART_PLAYERS = 8
#: At most this many points per line on the chart (every k-th hand, plus the last).
CHART_POINTS = 2000
#: Findings listed on the page (the rest: ``hhtools audit``), and as many of the
#: hidden kinds beside them.
FINDINGS_LISTED = 400
#: Hands whose replay the page carries (those of the first findings listed).
REPLAYS = 120
#: Threads making the page's long tables text (:attr:`Report.prepared`).
PAGE_THREADS = 2
#: The kinds listed first, in this order (the site paid, counted or named a hand other
#: than the rules say: groups ``paid`` and ``named``); then the others by name; the
#: hidden kinds last.
FINDING_ORDER: tuple[str, ...] = tuple(
    str(k) for k in finding_kinds(FindingGroup.PAID, FindingGroup.NAMED)
)
#: Finding kinds the page hides behind a toggle (group ``warning``: not a wrong payout).
FINDINGS_HIDDEN: tuple[str, ...] = tuple(str(k) for k in finding_kinds(FindingGroup.WARNING))
#: The tables of one hand a replay reads (:meth:`HandStore.hand`).
HAND_TABLES = ("hands", "seats", "actions", "boards", "pots", "awards", "showdowns", "findings")


#: Columns that only a hi/lo game gives a meaning (a high-only pot has no low half, no
#: quarter and no scoop of two halves): blank in a high-only row, never 0; a ratio's
#: ``_count`` and ``_opportunities`` with it.
HILO_ONLY = ("won_low", "scooped", "quartered", "scoop")


#: What the report covers: the filters of ``hhtools stats`` (player, time, site, game,
#: limit, stakes, currency, position, hand classes, a least number of hands).
ReportFilter = StatsFilter


def _empty() -> pl.DataFrame:
    import polars as pl

    return pl.DataFrame()


@dataclass(slots=True)
class Report:
    """The report's data, ready to render.

    Attributes:
        filter: what it covers.
        hands: number of hands covered.
        results: the ``player_results`` rows (money in minor units), one per site,
            player, game, structure, stakes and currency.
        findings: findings per kind (columns ``kind``, ``findings``).
        totals: scoops, quarters, counterfeited lows and boards with a low possible.
        cumulative: running net per charted player and currency (``cumulative``,
            minor units), with the all-in expectation in place of the result where
            one was worked out (``ev_cumulative``, minor units, DOUBLE); chips and play
            money are their own currencies, never added to money.
        made_at: when the report was made (UTC).
        player_stats, player_money: :meth:`HandStore.stats_frames` by player (the
            page only; empty otherwise).
        game_stats, game_money: the same by game and betting structure.
        finding_rows: the findings listed on the page (view ``misreads`` columns),
            the kinds of :data:`FINDING_ORDER` first.
        hands_data: the stored rows of the hands replayed on the page, by
            ``(site, hand_id)`` (as :meth:`HandStore.hand` gives them).
        has_ev: an all-in equity is stored for some hand (the EV line means something).
        read_in_part: of ``hands``, those read only in part (lines the grammar did not
            understand), judged only where those lines cannot matter.
        not_told: of ``hands``, those of a store written before hands read in part
            were told apart.
        prepared: the page's long tables (``results``, ``player-stats``,
            ``player-money``) being made text in threads (:data:`PAGE_THREADS`) while the
            rest was asked of the store
            (:func:`hhtools.reports.report_tables.prepare_frame`), for the page.
    """

    filter: ReportFilter
    hands: int
    results: pl.DataFrame
    findings: pl.DataFrame
    totals: dict[str, int]
    cumulative: pl.DataFrame
    made_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    player_stats: pl.DataFrame = field(default_factory=_empty)
    player_money: pl.DataFrame = field(default_factory=_empty)
    game_stats: pl.DataFrame = field(default_factory=_empty)
    game_money: pl.DataFrame = field(default_factory=_empty)
    finding_rows: pl.DataFrame = field(default_factory=_empty)
    hands_data: dict[tuple[str, str], dict[str, pl.DataFrame]] = field(default_factory=dict)
    has_ev: bool = False
    read_in_part: int = 0
    not_told: int = 0
    prepared: dict[str, Future[Prepared]] = field(default_factory=dict)

    def judged_line(self) -> str:
        """How many of the report's hands were judged in full (:func:`judged_line`)."""
        return judged_line(self.hands, self.read_in_part, self.not_told)


def judged_line(hands: int, read_in_part: int, not_told: int = 0) -> str:
    """How many hands were judged in full, in one line (``hhtools audit``, ``report``).

    Args:
        hands: the hands counted.
        read_in_part: of those, the hands read only in part (``hands.read_in_part``).
        not_told: of those, the hands of a store that does not tell.

    >>> judged_line(97, 2)
    'hands judged in full: 95 of 97; read in part: 2 (hhtools problems lists their lines)'
    >>> judged_line(3, 0)
    'hands judged in full: 3 of 3'
    >>> judged_line(5, 1, 2)
    'hands judged in full: 2 of 5; read in part: 1 (hhtools problems lists their lines); not told (imported before hhtools told them): 2'
    """
    line = f"hands judged in full: {hands - read_in_part - not_told:,} of {hands:,}"
    if read_in_part:
        line += f"; read in part: {read_in_part:,} (hhtools problems lists their lines)"
    if not_told:
        line += f"; not told (imported before hhtools told them): {not_told:,}"
    return line


def build_report(
    db: HandStore, flt: ReportFilter, chart_players: int = CHART_PLAYERS,
    page: bool | None = None,
) -> Report:
    """Query everything the report shows.

    Args:
        db: an open store.
        flt: the filters.
        chart_players: how many players to chart when ``flt.player`` is not set (0: no
            chart, for the formats that have none).
        page: also query what only the HTML page shows (statistics by player and by
            game, the findings listed and their hands); default: when a chart is wanted.

    Returns:
        The :class:`Report`.

    Raises:
        NoSuchPlayerError: ``flt.player`` played no hand in the store.
    """
    from hhtools.store.report_cube import results_select, totals_select
    from hhtools.store.views import MISREADS_WITHOUT_CARDS, filtered, filtered_select

    page = bool(chart_players) if page is None else page
    hconds, hparams = flt.hand_conditions()
    sconds, sparams = flt.seat_conditions()
    where = " AND ".join(hconds) or None
    swhere = " AND ".join(sconds) or None
    if flt.player:
        db.check_player(flt.player)
    params = hparams + sparams
    seat_exists = (f"EXISTS (SELECT 1 FROM main.seats s WHERE s.site = h.site AND "
                   f"s.hand_id = h.hand_id AND {swhere})")  # fmt: skip
    n_hands, partly, not_told = db.judged(
        " AND ".join([*hconds, *([seat_exists] if swhere else [])] or ["true"]), params)

    least = f" WHERE hands >= {int(flt.min_hands)}" if flt.min_hands else ""
    # the sums kept at import when they answer the filters, else the views over the seats
    kept = results_select(db.con, flt)
    results = db.sql(
        f"SELECT * FROM ({kept[0]}){least}", kept[1]
    ) if kept else db.sql(
        f"SELECT * FROM ({filtered_select('player_results', where, swhere, rows=None)}){least}",
        params)
    # most hands first; ties in a fixed order (the rows of a group by come in any order)
    results = results.sort(["hands", "net_won", "player", "site", "game", "structure", "stakes",
                            "currency"], descending=[True, True] + [False] * 6, nulls_last=True)
    results = blank_high_only(results, _hilo_game())
    pool = None
    if page:  # the page's long tables made text in threads while DuckDB answers the rest
        from concurrent.futures import ThreadPoolExecutor

        from hhtools.reports.report_tables import prepare_frame

        # two: the players' tables begin while the results' are still made (their
        # polars parts run beside the other's Python; at a million hands the last
        # table was ready ~10% sooner, load 12-16)
        pool = ThreadPoolExecutor(PAGE_THREADS, thread_name_prefix="hhtools-report-page")
    try:
        prepared = {"results": pool.submit(prepare_frame, "results", results)} if pool else {}
        # the players' statistics next, so that their text is made in the thread while
        # DuckDB answers the rest (made after the chart's seats, they were the page's
        # last wait)
        players = _player_tables(db, flt, results, pool, prepared) if page and n_hands else None

        # the views over the filtered hands and seats, counted in one statement
        def count(view: str, rows: str = "player") -> str:
            return f"(SELECT count(*) FROM ({filtered_select(view, where, swhere, rows)}))"

        kept = totals_select(db.con, flt)
        totals_row = db.con.execute(*kept).fetchall()[0] if kept else db.con.execute(
            f"SELECT {count('scoops')}, {count('quarters')}, {count('counterfeited')}, "
            f"{count('low_possible', 'hand')}",
            params * 4,
        ).fetchall()[0]
        totals = dict(zip(("scoops", "quarters", "counterfeited lows",
                           "boards with a low possible"),
                          (int(v) for v in totals_row or (0, 0, 0, 0)), strict=True))  # fmt: skip

        # the findings without their players' cards (the same rows; no read of every seat)
        fsql = filtered(MISREADS_WITHOUT_CARDS, where, swhere,
                        "player" if flt.player else "hand")  # fmt: skip
        findings = db.sql(
            f"SELECT kind, count(*) AS findings FROM ({fsql}) GROUP BY kind ORDER BY kind",
            params)  # fmt: skip

        if flt.player or not chart_players:
            charted = sorted(set(results["player"])) if flt.player and chart_players else []
        else:
            import polars as pl

            by_hands = results.group_by("player").agg(pl.col("hands").sum()).sort(
                ["hands", "player"], descending=[True, False]
            )
            charted = by_hands["player"].head(chart_players).to_list()
        has_ev = page and _has_equity(db)
        cumulative = _cumulative(db, charted, where, swhere, params, has_ev)
        report = Report(flt, n_hands, results, findings, totals, cumulative, has_ev=has_ev,
                        read_in_part=partly, not_told=not_told, prepared=prepared)
        if page and n_hands:
            _page_data(db, report, fsql, params, (swhere, sparams), pool, players)
        return report
    finally:
        if pool is not None:
            pool.shutdown(wait=False)  # what it was handed is still made


def blank_high_only(frame: pl.DataFrame, hilo: pl.Expr) -> pl.DataFrame:
    """``frame`` with its :data:`HILO_ONLY` columns (a ratio's count and opportunities
    too) null where ``hilo`` is false.

    Args:
        frame: results or statistics rows.
        hilo: true for a row that holds hi/lo hands (its ``game`` ends ``-hilo``; a
            player's pooled row: the player played a hi/lo game).
    """
    import polars as pl

    cols = [c for c in frame.columns
            if c in HILO_ONLY or c.rsplit("_", 1)[0] in HILO_ONLY]  # fmt: skip
    if not cols or frame.is_empty():
        return frame
    return frame.with_columns(pl.when(hilo).then(pl.col(c)).otherwise(None).alias(c)
                              for c in cols)  # fmt: skip


def _hilo_game() -> pl.Expr:
    import polars as pl

    return pl.col("game").str.ends_with("-hilo")


def _has_equity(db: HandStore) -> bool:
    """``True`` when ``hhtools ev`` stored an all-in equity for some hand."""
    try:
        return bool(db.con.execute("SELECT count(*) FROM (SELECT 1 FROM allin_equity LIMIT 1)")
                    .fetchall()[0][0])  # fmt: skip
    except duckdb.CatalogException:  # a store written before the table existed
        return False


#: the order of the findings listed within a rank: by kind, then in time, then every
#: column a finding has, so that two findings of one hand, player, board, pot and half
#: (two lines of a procedure finding) come in one order from run to run, and so do the
#: hands replayed after them (a bug: they came in DuckDB's order of the moment)
_FINDING_TIES = ("kind, started_at, site, hand_id, player, board, pot, half, line, paid, due, "
                 "explanation")


def _player_tables(db: HandStore, flt: ReportFilter, results: pl.DataFrame, pool: Any,
                   prepared: dict[str, Any]) -> tuple[pl.DataFrame, pl.DataFrame]:  # fmt: skip
    """The statistics and the money per player (:meth:`HandStore.stats_frames`), the
    hi/lo-only columns blank for a player of no hi/lo game (as ``results`` tells); with
    ``pool`` (an executor), their tables handed to it to be made text, in ``prepared``.

    Returns:
        ``(player_stats, player_money)``.
    """
    import polars as pl

    player_stats, player_money = db.stats_frames(("player",), **dataclasses.asdict(flt))
    hilo_players = results.filter(_hilo_game())["player"].unique().to_list()
    player_stats = blank_high_only(player_stats, pl.col("player").is_in(hilo_players))
    if pool is not None:
        from hhtools.reports.report_tables import prepare_frame, prepare_stats

        prepared["player-stats"] = pool.submit(prepare_stats, "player-stats", player_stats,
                                               ["player"])  # fmt: skip
        prepared["player-money"] = pool.submit(prepare_frame, "player-money", player_money, 3)
    return player_stats, player_money


def _page_data(db: HandStore, report: Report, fsql: str, params: list[Any],
               seats: tuple[str | None, list[Any]], pool: Any = None,
               players: tuple[pl.DataFrame, pl.DataFrame] | None = None) -> None:  # fmt: skip
    """Fill what only the HTML page shows: statistics, the findings listed, their hands.

    ``fsql`` gives the findings without their players' cards (``hole_cards`` NULL),
    ``seats`` the seat filter and its parameters: the findings listed are chosen first,
    then their cards read from the seats (as view ``misreads`` reads them). With
    ``pool`` (an executor), the statistics' tables are made text there meanwhile
    (:attr:`Report.prepared`). ``players``: :func:`_player_tables`' frames when already
    read."""
    if players is None:
        players = _player_tables(db, report.filter, report.results, pool, report.prepared)
    report.player_stats, report.player_money = players
    filters = dataclasses.asdict(report.filter)
    game_stats, report.game_money = db.stats_frames(("game", "limit"), **filters)
    report.game_stats = blank_high_only(game_stats, _hilo_game())
    order = " ".join(f"WHEN '{k}' THEN {i}" for i, k in enumerate(FINDING_ORDER))
    hidden = ", ".join(f"'{k}'" for k in FINDINGS_HIDDEN)
    rank = (f"CASE kind {order} ELSE CASE WHEN kind IN ({hidden}) THEN 99 ELSE 50 END END")
    # the first FINDINGS_LISTED of the kinds shown, and as many hidden ones beside them:
    # two top-N reads (a window numbering every finding sorted them all: 0.4 -> 0.17 CPU
    # s over the 145,700 findings of a million generated hands)
    swhere, sparams = seats
    listed = " UNION ALL ".join(
        f"(SELECT *, {rank} AS rank FROM ({fsql}) WHERE kind {not_}IN ({hidden}) "
        f"ORDER BY rank, {_FINDING_TIES} LIMIT {FINDINGS_LISTED})" for not_ in ("NOT ", ""))
    report.finding_rows = db.sql(
        f"SELECT t.* REPLACE (s.hole_cards AS hole_cards) FROM ({listed}) t LEFT JOIN main.seats s "
        "ON s.site = t.site AND s.hand_id = t.hand_id AND s.player = t.player"
        f"{f' AND {swhere}' if swhere else ''} "
        f"ORDER BY rank, {_FINDING_TIES}",
        params * 2 + sparams,
    )
    keys: list[tuple[str, str]] = []
    for site, hand_id in report.finding_rows.select("site", "hand_id").iter_rows():
        if (site, hand_id) not in keys:
            keys.append((site, hand_id))
        if len(keys) >= REPLAYS:
            break
    report.hands_data = hands_data(db, keys)


def hands_data(
    db: HandStore, keys: list[tuple[str, str]]
) -> dict[tuple[str, str], dict[str, pl.DataFrame]]:
    """The stored rows of several hands, as :meth:`HandStore.hand` gives one: one query
    per table for all of them.

    Args:
        db: an open store.
        keys: ``(site, hand_id)`` of each hand.

    Returns:
        ``{(site, hand_id): {table: rows}}`` for the hands found, tables as in
        :data:`HAND_TABLES` (actions by ``seq``, seats by ``seat``).
    """
    if not keys:
        return {}
    sites = [site for site, _ in keys]
    ids = [hand_id for _, hand_id in keys]
    order = {"actions": ", t.seq", "seats": ", t.seat"}

    def rows(table: str, stored: bool) -> pl.DataFrame:
        # the hand numbers also as a filter of the table's scan: only the rows of those
        # hands reach the join (seats and actions at a million hands: 0.2 -> 0.03 CPU s
        # each), an IN list of parameters (its constant filter cost 1.64 -> 1.43 CPU s
        # for the eight tables against list_contains); a hand's rows in the order stored
        # (as HandStore.hand reads them): its awards came in DuckDB's order of the moment
        tie = ", t.rowid" if stored else ""
        return db.sql(f"SELECT t.* FROM {table} t JOIN (SELECT unnest(?) AS site, "
                      f"unnest(?) AS hand_id) k ON k.site = t.site AND k.hand_id = t.hand_id "
                      f"WHERE t.hand_id IN ({', '.join('?' * len(ids))}) "
                      f"ORDER BY t.site, t.hand_id{order.get(table, '')}{tie}", [sites, ids, *ids])

    try:
        frames = {t: rows(t, True) for t in HAND_TABLES}
    except duckdb.BinderException:  # a Parquet dataset's tables are views: no rowid
        frames = {t: rows(t, False) for t in HAND_TABLES}
    # each table cut by hand once (a filter per hand and table cost 2.6 s for 120 hands)
    parts = {t: f.partition_by(["site", "hand_id"], as_dict=True, maintain_order=True)
             for t, f in frames.items()}  # fmt: skip
    out: dict[tuple[str, str], dict[str, pl.DataFrame]] = {}
    for key in keys:
        if key in parts["hands"]:
            out[key] = {t: parts[t].get(key, frames[t].clear()) for t in frames}
    return out


def _cumulative(
    db: HandStore, players: list[str], where: str | None, swhere: str | None,
    params: list[Any], has_ev: bool = False,
) -> pl.DataFrame:
    """Running net (and all-in EV net) per (player, currency) over the filtered hands,
    thinned for the chart."""
    import polars as pl

    if not players:  # no chart wanted (the table, CSV and JSON formats have none)
        return pl.DataFrame(schema={"player": pl.String, "currency": pl.String, "n": pl.Int64,
                                    "hand_id": pl.String, "started_at": pl.Datetime("us"),
                                    "cumulative": pl.Int64, "ev_cumulative": pl.Float64})  # fmt: skip
    cond = f" AND {where}" if where else ""
    scond = f" AND {swhere}" if swhere else ""
    ev, ev_join = "s.net::DOUBLE", ""
    if has_ev:
        ev = "coalesce(e.ev_net, s.net::DOUBLE)"
        ev_join = (" LEFT JOIN (SELECT site, hand_id, player, sum(ev_net) AS ev_net FROM "
                   "allin_ev GROUP BY ALL) e ON e.site = s.site AND e.hand_id = s.hand_id "
                   "AND e.player = s.player")  # fmt: skip
    # the charted seats from SQL, the running sums in polars: one sort and one pass
    # (a window of DuckDB over a million seats cost twice the CPU for the same rows)
    seats = db.sql(
        "WITH hands AS (SELECT * FROM main.hands h WHERE true" + cond + "), "
        "seats AS (SELECT * FROM main.seats s WHERE true" + scond + ") "
        f"SELECT s.player, h.currency, h.started_at, s.site, s.hand_id, s.net, {ev} AS ev "
        "FROM seats s JOIN hands h ON h.site = s.site AND h.hand_id = s.hand_id"
        f"{ev_join} WHERE list_contains(?, s.player) AND {counted_seat('s')}",
        params + [players],
    )
    return thin_series(seats, CHART_POINTS)


def thin_series(seats: pl.DataFrame, points: int = CHART_POINTS) -> pl.DataFrame:
    """Running net per (player, currency), every k-th hand kept for the chart.

    Each line's hands are taken in order of ``started_at``, ``site``, ``hand_id``
    (nulls last) and numbered ``n`` from 1; with ``total`` hands in the line and
    ``k = max(1, ceil(total / points))``, the hands kept are the first, every one whose
    ``n`` is a multiple of ``k``, and the last, so at most ``points + 2`` a line, and
    the last point's ``cumulative`` is the line's exact net. Seats of one player in
    one hand (same ``started_at``, ``site``, ``hand_id``) count as of one moment: each
    shows the sum up to the last of them (as SQL's default window frame counts peers).

    Args:
        seats: one row per counted seat: ``player``, ``currency``, ``started_at``,
            ``site``, ``hand_id``, ``net`` (minor units), ``ev`` (the all-in EV net, or
            the net, minor units, DOUBLE).
        points: the most points wanted per line.

    Returns:
        Columns ``player``, ``currency``, ``n``, ``hand_id``, ``started_at``,
        ``cumulative`` (Int64, minor units), ``ev_cumulative`` (Float64, minor units),
        ordered by player, currency and ``n``.
    """
    import polars as pl

    line = ["player", "currency"]
    seats = seats.sort([*line, "started_at", "site", "hand_id"], nulls_last=True,
                       maintain_order=True)  # fmt: skip
    sums = [_running(seats, "net", pl.Int64, line).alias("cumulative"),
            _running(seats, "ev", pl.Float64, line).alias("ev_cumulative")]  # fmt: skip
    moment = [*line, "started_at", "site", "hand_id"]
    seats = seats.with_columns(
        pl.int_range(1, pl.len() + 1, dtype=pl.Int64).over(line).alias("n"),
        pl.len().over(line).cast(pl.Int64).alias("total"), *sums)
    twice = pl.all_horizontal(pl.col(c).eq_missing(pl.col(c).shift(1)) for c in moment)
    if seats.height and seats.select(twice.any()).item():  # a player seated twice in a hand
        seats = seats.with_columns(pl.col("cumulative", "ev_cumulative").last().over(moment))
    every = (pl.col("total") / points).ceil().cast(pl.Int64).clip(lower_bound=1)
    kept = seats.filter((pl.col("n") % every == 0) | (pl.col("n") == pl.col("total"))
                        | (pl.col("n") == 1))  # fmt: skip
    return kept.select("player", "currency", "n", "hand_id",
                       pl.col("started_at").cast(pl.Datetime("us")), "cumulative",
                       "ev_cumulative")  # fmt: skip


def _running(seats: pl.DataFrame, column: str, dtype: Any, line: list[str]) -> pl.Expr:
    """The running sum of ``column`` per ``line`` as SQL sums: nulls skipped, null
    until the first value."""
    import polars as pl

    col = pl.col(column).cast(dtype)
    if not seats[column].null_count():
        return col.cum_sum().over(line)
    return (pl.when(col.is_not_null().cum_sum().over(line) > 0)
            .then(col.fill_null(0).cum_sum().over(line)))  # fmt: skip


__all__ = ["CHART_PLAYERS", "FINDINGS_HIDDEN", "FINDINGS_LISTED", "FINDING_ORDER", "HILO_ONLY",
           "PAGE_THREADS", "REPLAYS", "STRUCTURE_SHORT", "Report", "ReportFilter", "blank_high_only",
           "build_report", "display_rows", "hands_data", "text_table", "thin_series"]  # fmt: skip

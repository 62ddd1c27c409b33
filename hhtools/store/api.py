"""The Python interface to a hhtools store: Polars DataFrames from DuckDB.

>>> import hhtools                                    # doctest: +SKIP
>>> with hhtools.connect("hands.duckdb") as db:       # doctest: +SKIP
...     db.player_results(game="omaha-hilo").sort("net_won", descending=True)

Every method returns a :class:`polars.DataFrame`; money columns are integer minor
units (cents, or chips) beside a ``currency`` column. The database is opened
read-only (several readers may share it while no import runs); the views are
created as temporary views on the connection, so they always match this version of
hhtools even on a database written by an older one.

SQL run through a store reads the store and nothing else: the connection is opened
with DuckDB's external access off, as ``hhtools sql`` opens it, so ``COPY ... TO``,
``read_csv('/etc/passwd')``, ``ATTACH 'file'``, ``INSTALL`` and ``LOAD`` fail with a
:class:`duckdb.PermissionException` saying so.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

import duckdb

from hhtools.store import db as store
from hhtools.store.hand_filter import findings_condition, hands_condition
from hhtools.store import player_views as pv
from hhtools.store.player_views import SESSION_GAP, session_select, sessions_from
from hhtools.store.report_cube import stats_select
from hhtools.store.seat_results import counted_seat
from hhtools.store.session_cube import session_stats_select
from hhtools.store.sharing import SharedConnection, polars_frame
from hhtools.store.stat_cube_read import position_select
from hhtools.store.stats import (
    NoSuchPlayerError,
    StatsError,
    StatsFilter,
    group_names,
    money_of,
    ratios_of,
    stats_sql,
    suggest_player,
    wide_stats,
)
from hhtools.store.views import VIEWS, filtered_select

if TYPE_CHECKING:
    import polars as pl


def _maybe_dataset(path: str | Path) -> bool:
    """A dataset folder; a file is not (told without importing the dataset reader)."""
    if Path(path).is_file():
        return False
    from hhtools.store.dataset import is_dataset  # pyarrow's file systems: 0.3 s

    return is_dataset(path)


class HandStore:
    """An open hhtools database. Use :func:`connect` to get one.

    Attributes:
        path: the database file.
        con: the underlying DuckDB connection, for anything not covered here.
    """

    def __init__(
        self, path: str | Path, read_only: bool = True, *, external_access: bool = False
    ) -> None:
        """Open ``path``.

        Args:
            path: a database written by ``hhtools import`` (or ``":memory:"``), or a
                Parquet dataset folder (or URL) written by ``hhtools import --engine
                dask``: read-only, through the same views
                (:func:`hhtools.store.dataset.connect_dataset`).
            read_only: open without write access (default); ``False`` creates the
                file and its tables when missing.
            external_access: let SQL on this connection read and write other files
                (``COPY ... TO``). Off by default, and not offered by
                :func:`connect`: only for hhtools's own file exports
                (``hhtools export --format parquet``), never for SQL from elsewhere.

        Raises:
            FileNotFoundError: ``read_only`` and there is no such file.
            duckdb.Error: not a DuckDB database, or locked by a writer.
        """
        self.path = Path(path) if str(path) != ":memory:" else path
        if str(path) != ":memory:" and _maybe_dataset(path):  # written by --engine dask
            from hhtools.store.dataset import connect_dataset

            self.path = path  # a URL stays as given
            self.con = connect_dataset(path, external_access=external_access)
        elif read_only and str(path) != ":memory:":  # given up while hhtools watch writes
            self.con = SharedConnection(path, external_access=external_access)  # type: ignore[assignment]
        else:
            self.con = store.connect(path, read_only=False, external_access=external_access)

    # -- plumbing ------------------------------------------------------------------

    def sql(self, query: str, params: list[Any] | None = None) -> pl.DataFrame:
        """Run any SQL (tables and views of the store) and return its rows.

        Args:
            query: a statement; ``?`` marks parameters.
            params: values for the ``?``.

        Returns:
            The rows as a frame (empty for a statement without rows).

        Raises:
            duckdb.PermissionException: the statement reads or writes another file,
                attaches a database or installs an extension (external access is off).
            duckdb.Error: any other error of the statement.

        >>> db = connect(":memory:"); db.sql("SELECT 1 + ? AS x", [1])["x"].to_list()
        [2]
        """
        try:
            if isinstance(self.con, SharedConnection):  # run and fetched in one turn
                got = self.con.frame(query, params or None)
                if got is not None:
                    return got
                rel = None
            else:
                rel = self.con.sql(query, params=params or None)
        except duckdb.PermissionException as exc:
            first = (str(exc).strip().splitlines() or ["refused"])[0]
            raise duckdb.PermissionException(
                f"a store's SQL only reads the store (no other files, no extensions): {first}"
            ) from exc
        if rel is None:  # a statement without a result (SET, CREATE...)
            import polars as pl

            return pl.DataFrame()
        return polars_frame(rel)  # type: ignore[no-any-return]

    def listing(
        self, table: str, column: str, value: str | None, select: str, order: str, limit: int,
        condition: str | None = None,
    ) -> tuple[list[str], list[tuple[Any, ...]], list[tuple[str, int]]]:  # fmt: skip
        """Rows of a table for a listing (``hhtools audit``, ``hhtools problems``).

        Args:
            table: a table or view name (trusted: the caller's constant).
            column: the column to filter and count by (e.g. ``kind``).
            value: keep only rows with ``column = value``; ``None`` keeps every row.
            select: the columns to return, as SQL (trusted).
            order: the ORDER BY list, as SQL (trusted).
            limit: at most this many rows.
            condition: a further SQL condition on the rows, without parameters
                (trusted), e.g. ``NOT coalesce(is_note, false)``.

        Returns:
            ``(columns, rows, counts)``: the column names, the rows as tuples, and the
            number of rows per value of ``column`` (all of them, not only those shown).
        """
        parts = ([f"{column} = ?"] if value else []) + ([f"({condition})"] if condition else [])
        where = ("WHERE " + " AND ".join(parts)) if parts else ""
        params: list[Any] = [value] if value else []
        cur = self.con.execute(
            f"SELECT {select} FROM {table} {where} ORDER BY {order} LIMIT ?", [*params, limit]
        )
        columns = [d[0] for d in cur.description]
        rows = cur.fetchall()
        counts = self.con.execute(
            f"SELECT {column}, count(*) FROM {table} {where} GROUP BY ALL ORDER BY 1", params
        ).fetchall()
        return columns, rows, counts

    def _view(
        self,
        name: str,
        game: str | None = None,
        since: date | datetime | str | None = None,
        until: date | datetime | str | None = None,
        player: str | None = None,
        order: str = "",
    ) -> pl.DataFrame:
        where, params = hands_condition(game, since, until)
        query = f"SELECT * FROM ({filtered_select(name, where)})"
        if player:
            query += " WHERE lower(player) = lower(?)"
            params.append(player)
        if order:
            query += f" ORDER BY {order}"
        return self.sql(query, params)

    def close(self) -> None:
        """Close the connection."""
        self.con.close()

    def __enter__(self) -> HandStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- tables --------------------------------------------------------------------

    def table(self, name: str) -> pl.DataFrame:
        """A whole table or view of the store by name (see ``hhtools schema``).

        Raises:
            KeyError: not a table or view of the store.
        """
        if name not in store.TABLES and name not in VIEWS:
            raise KeyError(f"no table or view {name!r}")
        return self.sql(f"SELECT * FROM {name}")

    def hands(
        self,
        game: str | None = None,
        since: date | datetime | str | None = None,
        until: date | datetime | str | None = None,
        player: str | None = None,
    ) -> pl.DataFrame:
        """One row per hand (table ``hands``), in time order, optionally filtered.

        Args:
            game: e.g. ``omaha-hilo``.
            since, until: start-time bounds (the site's clock), ``until`` exclusive.
            player: only hands this player was dealt in.
        """
        where, params = hands_condition(game, since, until, player)
        told = self._has_column("hands", "read_in_part")
        cols = "*" if told else "*, NULL::BOOLEAN AS read_in_part, NULL::INTEGER[] AS unread_lines"
        query = f"SELECT {cols} FROM main.hands" + (f" WHERE {where}" if where else "")
        return self.sql(query + " ORDER BY started_at, site, hand_id", params)

    def judged(self, where: str | None = None, params: list[Any] | None = None
               ) -> tuple[int, int, int]:  # fmt: skip
        """How many hands were judged in full and how many read in part.

        A hand is *read in part* when its grammar did not understand some of its lines
        (``hands.read_in_part``; ``hhtools problems`` lists them): the audit judged it
        only where those lines cannot matter (:func:`hhtools.audit.judged`).

        Args:
            where: a condition on ``main.hands h`` (``None``: every hand).
            params: values for its ``?``.

        Returns:
            ``(hands, read in part, not told)``: hands not told are those of a store
            written before the column (a Parquet dataset's older files, or a database
            of schema 9 or before opened only for reading); the rest were judged in
            full.
        """
        cond = f" WHERE {where}" if where else ""
        parts = ("count(*) FILTER (WHERE h.read_in_part), count(*) FILTER (WHERE "
                 "h.read_in_part IS NULL)" if self._has_column("hands", "read_in_part")
                 else "0, count(*)")  # fmt: skip
        row = self.con.execute(f"SELECT count(*), {parts} FROM main.hands h{cond}",
                               params or []).fetchall()[0]  # fmt: skip
        return int(row[0]), int(row[1]), int(row[2])

    def _has_column(self, table: str, column: str) -> bool:
        """Whether ``table`` of the store has ``column`` (a store of an older schema,
        opened only for reading, may not)."""
        names = self.con.execute(f"SELECT * FROM main.{table} LIMIT 0").description or []
        return any(d[0] == column for d in names)

    def hand(self, hand_id: str | int, site: str | None = None) -> dict[str, pl.DataFrame]:
        """Every row of one hand, per table (``hands``, ``seats``, ``actions``...).

        Args:
            hand_id: the site's hand number, as text (``hands.hand_id``) or as an int
                (compared as its decimal text: hand ids are text, some hold letters).
            site: the site, when hand numbers could clash.

        Returns:
            ``{table: DataFrame}``, the frames empty when no such hand is stored.
        """
        cond = "hand_id = ?" + (" AND site = ?" if site else "")
        params = [str(hand_id)] + ([site] if site else [])
        order = {"actions": " ORDER BY seq", "seats": " ORDER BY seat"}
        return {
            t: self.sql(f"SELECT * FROM {t} WHERE {cond}{order.get(t, '')}", params)
            for t in ("hands", "seats", "actions", "boards", "pots", "awards", "showdowns",
                      "findings")  # fmt: skip
        }

    def findings(self, kind: str | None = None, player: str | None = None) -> pl.DataFrame:
        """Audit findings with their hands' context (view ``misreads``).

        Args:
            kind: only this kind (``award_mismatch``, ``mucked_winner``...).
            player: only findings about this player.

        Raises:
            ValueError: a kind no version of hhtools reports, naming those there are.
        """
        where, params = findings_condition(kind, player)
        return self.sql(f"SELECT * FROM misreads{where} ORDER BY file, line, hand_id", params)

    # -- views ---------------------------------------------------------------------

    def player_results(
        self,
        player: str | None = None,
        game: str | None = None,
        since: date | datetime | str | None = None,
        until: date | datetime | str | None = None,
    ) -> pl.DataFrame:
        """Results per player, game, betting structure, stakes and currency (view
        ``player_results``; ``structure`` is limit, pot_limit or no_limit).

        The filters on game and time apply to the hands before the sums, so
        ``since="2024-03-01"`` gives results over hands from that day on.

        Args:
            player: one player's rows only.
            game: only hands of this game (``hands.game``).
            since, until: start-time bounds (the site's clock), ``until`` exclusive.

        Returns:
            One row per site, player, game, structure, stakes and currency; money in
            minor units, ``net_bb`` and ``bb_per_100`` in big blinds of that row.
        """
        return self._view("player_results", game, since, until, player,
                          order="net_won DESC, player")  # fmt: skip

    def scoops(self, player: str | None = None, game: str | None = None,
               since: date | datetime | str | None = None) -> pl.DataFrame:  # fmt: skip
        """Pots won whole at showdown in hi/lo games (view ``scoops``)."""
        return self._view("scoops", game, since, None, player, order="site, hand_id, board, pot")

    def quarters(self, player: str | None = None, game: str | None = None,
                 since: date | datetime | str | None = None) -> pl.DataFrame:  # fmt: skip
        """Shares of tied halves (view ``quarters``)."""
        return self._view("quarters", game, since, None, player,
                          order="site, hand_id, board, pot, half, amount DESC")  # fmt: skip

    def misreads(self, kind: str | None = None) -> pl.DataFrame:
        """All findings with context (view ``misreads``); same as :meth:`findings`."""
        return self.findings(kind)

    def low_possible(self, game: str | None = None) -> pl.DataFrame:
        """Hi/lo boards on which a qualifying low exists (view ``low_possible``)."""
        return self._view("low_possible", game, order="site, hand_id, board")

    def counterfeited(self, player: str | None = None) -> pl.DataFrame:
        """Nut lows held on the flop or turn and lost by the river (view ``counterfeited``)."""
        return self._view("counterfeited", player=player, order="site, hand_id, board, player")

    def stats(
        self,
        by: Sequence[str] = ("player",),
        *,
        session_gap: int = SESSION_GAP,
        **filters: Any,
    ) -> pl.DataFrame:
        """Player statistics as a tracker counts them (:mod:`hhtools.store.stats`).

        Args:
            by: grouping, any of player, site, game, limit (the betting structure),
                stakes, table, position, month, session (default: player).
            session_gap: minutes without a hand that end a session (``by`` session).
            **filters: the fields of :class:`hhtools.store.stats.StatsFilter`
                (player, since, until, site, game, limit, stakes, currency, position,
                hand_class, min_hands).

        Returns:
            One row per group, most hands first: the group columns, ``hands``, every
            ratio with its ``_count`` and ``_opportunities`` (ratios in 0..1, null
            without opportunity), ``af``, ``afq`` and the postflop counts; then per
            currency and betting structure present (``USD_pot_limit``...; per
            currency alone when grouped by limit): ``net_won_*`` (minor units),
            ``bb_per_100_*``, ``ev_net_*`` (minor units, the all-in expectation in
            place of the result where ``hhtools ev`` worked one out) and
            ``allin_adj_bb_per_100_*``. Empty when no seat matches.

        Raises:
            StatsError: an unknown grouping, game, structure, position, hand class
                or time; NoSuchPlayerError: a player name that matches nobody.
        """
        ratios, money = self.stats_frames(by, session_gap=session_gap, **filters)
        if ratios.is_empty():
            return ratios
        return wide_stats(ratios, money)

    def stats_money(
        self, by: Sequence[str] = ("player",), *, session_gap: int = SESSION_GAP,
        **filters: Any,
    ) -> pl.DataFrame:
        """The money of :meth:`stats` one row per group, currency and betting structure:
        the group columns, ``currency``, ``structure`` (unless grouped by limit),
        ``hands``, ``net_won`` (minor units), ``bb_per_100``, ``ev_net`` (minor units)
        and ``allin_adj_bb_per_100``; most hands first.

        Raises:
            StatsError: as :meth:`stats`.
        """
        return self.stats_frames(by, session_gap=session_gap, **filters)[1]

    def stats_frames(
        self, by: Sequence[str] = ("player",), *, session_gap: int = SESSION_GAP,
        **filters: Any,
    ) -> tuple[pl.DataFrame, pl.DataFrame]:
        """The ratios and the money of :meth:`stats` from one query: ``(one row per
        group, one row per group, currency and structure)``; the money rows only of
        the groups kept by ``min_hands``.

        Raises:
            StatsError: as :meth:`stats`.
        """
        if isinstance(by, str):  # "player" or "player,position"
            by = [b for b in by.split(",") if b.strip()]
        if isinstance(filters.get("hand_class"), str):
            filters["hand_class"] = (filters["hand_class"],)
        flt = StatsFilter(**filters)
        self._need_statistics()
        if flt.player:
            self.check_player(flt.player)
        has_ev = bool(self.con.execute(
            "SELECT count(*) FROM duckdb_views() WHERE view_name = 'allin_ev'").fetchall()[0][0])
        if has_ev:  # skip the view's joins when no equity is stored
            has_ev = bool(self.con.execute(
                "SELECT count(*) FROM (SELECT 1 FROM allin_equity LIMIT 1)").fetchall()[0][0])
        # the sums kept at import when they answer, else every seat
        dims = group_names(by)
        sql, params = (stats_select(self.con, dims, flt, has_ev)
                       or position_select(self.con, dims, flt, has_ev)
                       or session_stats_select(self.con, dims, flt, has_ev, session_gap)
                       or stats_sql(by, flt, gap_minutes=session_gap, has_ev=has_ev))
        counts = self.sql(sql, params)
        dims = counts.columns[: counts.columns.index("currency")]
        ratios = ratios_of(counts, dims, flt.min_hands)
        money = money_of(counts, dims)
        if flt.min_hands and not ratios.is_empty():
            money = money.join(ratios.select(dims), on=dims, how="semi")
        return ratios, money

    def _need_view(self, name: str) -> None:
        """Raise StatsError when a view of this version is missing: a read-only store
        written by an older hhtools lacks the tables it reads."""
        (have,) = self.con.execute(
            "SELECT count(*) FROM duckdb_views() WHERE view_name = ?", [name]).fetchall()[0]
        if not have:
            raise StatsError(
                f"{self.path} was written by an older hhtools, without the {name} view: "
                f"open it once for writing ('hhtools ev --db {self.path}') to upgrade it"
            )

    def _need_statistics(self) -> None:
        """Raise StatsError on a store written before the statistics columns existed."""
        (have,) = self.con.execute(
            "SELECT count(*) FROM information_schema.columns WHERE table_name = 'seats' "
            "AND column_name = 'vpip_opportunity'").fetchall()[0]  # fmt: skip
        if not have:
            raise StatsError(
                f"{self.path} was written by an older hhtools, without the statistics: open "
                f"it once for writing ('hhtools ev --db {self.path}') to work them out"
            )

    def check_player(self, name: str) -> None:
        """Check that a player of this name (in any case) is stored.

        Raises:
            NoSuchPlayerError: nobody by that name; the message names the closest.
        """
        (hit,) = self.con.execute(
            "SELECT count(*) FROM seats WHERE lower(player) = lower(?)", [name]).fetchall()[0]
        if not hit:
            names = [r[0] for r in self.con.execute("SELECT DISTINCT player FROM seats").fetchall()]
            raise NoSuchPlayerError(suggest_player(names, name))

    def sessions(self, player: str | None = None, gap_minutes: int = SESSION_GAP) -> pl.DataFrame:
        """Each player's sessions (view ``sessions``; another gap than 30 minutes on demand).

        Args:
            player: one player's sessions (any case).
            gap_minutes: minutes without a hand that end a session.

        Returns:
            Rows of ``site, player, session, start, end, game, structure, stakes, currency, hands,
            net_won, bb_per_100, minutes, net_per_hour`` by player and start (money in
            minor units: :func:`hhtools.store.player_views.sessions_from`).

        Raises:
            StatsError: a gap below one minute; an unknown player.
        """
        if player:
            self.check_player(player)
        self._need_view("sessions")
        try:
            select = sessions_from("seat_sessions" if gap_minutes == SESSION_GAP
                                   else f"({session_select(gap_minutes)})")  # fmt: skip
        except ValueError as exc:
            raise StatsError(str(exc)) from None
        where = " WHERE lower(player) = lower(?)" if player else ""
        return self.sql(f"SELECT * FROM ({select}){where} ORDER BY site, player, start, game, structure, stakes, currency",
                        [player] if player else None)  # fmt: skip

    def tournaments(self, player: str | None = None) -> pl.DataFrame:
        """Per tournament and player: buy-in, place, prize, bounties, ROI (view ``tournaments``).

        Raises:
            StatsError: a read-only store written by an older hhtools;
                NoSuchPlayerError: an unknown player.
        """
        self._need_view("tournaments")
        if player:
            self.check_player(player)
        where = " WHERE lower(player) = lower(?)" if player else ""
        return self.sql(f"SELECT * FROM tournaments{where} ORDER BY site, tournament_id, "
                        "place NULLS LAST, player", [player] if player else None)  # fmt: skip

    def tournament_totals(self, player: str | None = None) -> pl.DataFrame:
        """What each player's tournaments came to, per site, player and currency:
        tournaments, finished, cashes, buy-ins, prizes and net (minor units), ROI and
        ITM (ratios) (:func:`hhtools.store.player_views.tournament_totals`); most
        tournaments first.

        Raises:
            StatsError, NoSuchPlayerError: as :meth:`tournaments`.
        """
        self._need_view("tournaments")
        if player:
            self.check_player(player)
        rows = "(SELECT * FROM tournaments WHERE lower(player) = lower(?))" if player else None
        return self.sql(f"{pv.tournament_totals(rows or 'tournaments')} ORDER BY tournaments DESC, "
                        "site, player, currency", [player] if player else None)  # fmt: skip

    def allin_ev(self, player: str | None = None) -> pl.DataFrame:
        """All-in equity and expectation per hand, board and player (view ``allin_ev``).

        Raises:
            StatsError: a read-only store written by an older hhtools;
                NoSuchPlayerError: an unknown player.
        """
        self._need_view("allin_ev")
        if player:
            self.check_player(player)
        where = " WHERE lower(player) = lower(?)" if player else ""
        return self.sql(f"SELECT * FROM allin_ev{where} ORDER BY site, hand_id, board, player",
                        [player] if player else None)  # fmt: skip

    def cumulative(self, players: Sequence[str] | str, currency: str | None = None
                   ) -> pl.DataFrame:  # fmt: skip
        """Running net per player over their hands in time order.

        Args:
            players: whose hands (a list of names, or one name).
            currency: only hands in this currency (money of different currencies
                does not add up).

        Returns:
            Columns ``player``, ``currency``, ``n`` (the player's hand number, from
            1), ``hand_id``, ``started_at``, ``net`` and ``cumulative`` (Int64 minor
            units: DuckDB sums BIGINT as HUGEINT, cast back so that dividing by 100
            gives exact currency units rather than a truncated DECIMAL).
        """
        names = [players] if isinstance(players, str) else list(players)
        params: list[Any] = [names] + ([currency] if currency else [])
        return self.sql(pv.cumulative_select(counted_seat("s"), bool(currency)), params)


def connect(path: str | Path, read_only: bool = True) -> HandStore:
    """Open a hhtools database for queries.

    SQL on the store reads the store only: other files, attached databases and
    extensions are refused (see the module's docstring).

    While another process writes the file (``hhtools import``, or a batch of
    ``hhtools watch``, which holds it only for a moment), the open waits and tries
    again, for up to :data:`hhtools.store.db.LOCK_WAIT` seconds (10), instead of
    failing at once (:func:`hhtools.store.db.connect`). The store's connection gives
    the file up while ``hhtools watch`` waits to write a batch, and opens it again for
    the next statement (:class:`hhtools.store.sharing.SharedConnection`): a store
    left open, even idle, never keeps the watch out.

    Args:
        path: the DuckDB file written by ``hhtools import``, or the Parquet dataset
            (folder or URL) written by ``hhtools import --engine dask --dataset DIR``
            (always read-only: same tables, views and methods).
        read_only: open without write access (the default; an import may not run
            at the same time as a writer).

    Returns:
        A :class:`HandStore`; use it as a context manager or call ``close()``.

    Raises:
        FileNotFoundError: no database at ``path``.
        duckdb.Error: not a DuckDB database, or still held by a writer after the wait.
    """
    return HandStore(path, read_only=read_only)


__all__ = ["HandStore", "connect", "hands_condition"]

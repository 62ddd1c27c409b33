"""The ``seat_sessions`` rows of some players with one sort and a pass over arrays: what
:func:`hhtools.store.player_views.session_select` (the reference, two SQL windows)
gives, at about half its cost (an import works out the sessions of every player it
added seats for; at 20,000 hands, 6.5 against 3 us a hand).

A player's counted seats (:func:`hhtools.store.seat_results.counted_seat`) are read
sorted by site, player, moment (the hand's start, UTC when the site's zone is known,
else the site's clock) and hand id. A seat starts a session when it is the player's
first, when its moment or the one before it is unknown (NULL: as in SQL, no gap can be
told, so each such seat is a session of its own, starting at NULL), or when more than
the gap separates it from the one before; ``session_start`` is the moment of its
session's first seat, the least, as the rows are sorted.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Generator, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import NamedTuple

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from hhtools.store.player_views import SESSION_GAP
from hhtools.store.seat_groups import SeatGroups, seat_groups
from hhtools.store.seat_results import counted_seat

__all__ = ["ROWS_AT_ONCE", "SESSION_SCHEMA", "SUMMARY_SCHEMA", "SeatGroups", "SessionPart", "let_go_of_cache", "same_as_before",
           "seat_groups", "session_parts", "session_rows", "summary_of_seats"]  # fmt: skip

#: the columns of ``seat_sessions`` the rows give, in order
SESSION_SCHEMA = pa.schema([("site", pa.string()), ("hand_id", pa.string()),
                            ("player", pa.string()), ("session_start", pa.timestamp("us")),
                            ("net", pa.int64())])  # fmt: skip

_MICROS_A_MINUTE = 60_000_000

#: the columns of :func:`summary_of_seats`: ``session_summary``'s up to ``bb_per_100``
SUMMARY_SCHEMA = pa.schema([
    ("site", pa.string()), ("player", pa.string()), ("session", pa.int64()),
    ("start", pa.timestamp("us")), ("session_end", pa.timestamp("us")),
    *((k, pa.string()) for k in ("game", "structure", "stakes", "currency")),
    ("hands", pa.int64()), ("net_won", pa.int64()), ("bb_per_100", pa.float64())])

#: the hands' columns the sorted seats may take
#: (:func:`hhtools.store.session_cube.seat_values_select`), worked out before the join:
#: a hand's keys of the cube as one hash, not four strings in the join's table of every
#: hand (at a million hands, 850,000 seats a part, DuckDB ran out of its 512 MB with the
#: strings)
_HANDS = ("(SELECT site, hand_id, started_at_utc, started_at, big_blind, hi_lo, "
          "hash(game, structure, stakes, currency) AS cube_key FROM hands)")


#: seats worked out at once at most (:func:`session_parts`: parts of whole players). The
#: sessions step of a million-hand store (5.1 million seats; the import's 256 MB, one
#: thread): 250,000 11.7 CPU s and a peak of 470 MiB, 500,000 12.0 s and 501 MiB,
#: a million 12.5 s and 665 MiB (load 9-14)
ROWS_AT_ONCE = 250_000

#: rows the read of :func:`session_parts` hands over at a time
BATCH_ROWS = 65_536


def session_rows(con: duckdb.DuckDBPyConnection, players: str, gap_minutes: int = SESSION_GAP,
                 parts: int = 1, part: int = 0) -> pa.Table:  # fmt: skip
    """Each counted seat of ``players`` with the start of its session.

    Args:
        con: a store (its ``seats`` and ``hands``).
        players: a table or view of ``(site, player)`` rows, e.g. ``session_players``.
        gap_minutes: minutes from one hand's start to the next that end a session (the
            next starts a new one when the gap is more than this).
        parts, part: only the players whose ``hash(site, player)`` is ``part`` modulo
            ``parts`` (all of a player's seats are in one part; the parts ``0`` to
            ``parts - 1`` together give every row once).

    Returns:
        A table of :data:`SESSION_SCHEMA` (``net`` the seat's ``seats.net``, minor
        units), one row per counted seat, sorted by site, player, moment and hand id:
        the rows of :func:`hhtools.store.player_views.session_select` for these players.

    Raises:
        ValueError: a gap below one minute.
    """
    return _sessions(con, players, gap_minutes, parts, part)[0]


def _select(players: str, extra: str = "", share: str = "") -> str:
    """The counted seats of ``players`` (a table or view of ``(site, player)`` rows) with
    their moment, net and the columns ``extra``, sorted by site, player, moment and hand
    id; ``share`` a further condition on ``s``."""
    return f"""SELECT s.site, s.hand_id, s.player, coalesce(h.started_at_utc, h.started_at) AS moment,
               s.net {', ' + extra if extra else ''}
        FROM seats s JOIN {_HANDS} h ON h.site = s.site AND h.hand_id = s.hand_id
        WHERE {counted_seat("s")} AND (s.site, s.player) IN (SELECT site, player FROM {players})
          {share}
        ORDER BY s.site, s.player, moment, s.hand_id"""


def _gap(gap_minutes: int) -> int:
    gap = int(gap_minutes)
    if gap < 1:
        raise ValueError(f"the session gap must be 1 minute or more, not {gap_minutes}")
    return gap


def _sessions(con: duckdb.DuckDBPyConnection, players: str, gap_minutes: int, parts: int,
              part: int, extra: str = ""
              ) -> tuple[pa.Table, pa.Table, np.ndarray, pa.Array]:  # fmt: skip
    """The rows of :func:`session_rows`; the columns ``extra`` (a select list over
    ``seats s`` and ``hands h``) of each row, in the same order; where a session starts
    (one per row); each row's session start."""
    gap = _gap(gap_minutes)
    share = f"AND hash(s.site, s.player) % {int(parts)} = {int(part)}" if parts > 1 else ""
    return _worked_out(con.sql(_select(players, extra, share)).to_arrow_table(), gap)


def _worked_out(rows: pa.Table, gap: int, same: np.ndarray | None = None
                ) -> tuple[pa.Table, pa.Table, np.ndarray, pa.Array]:  # fmt: skip
    """:func:`_sessions` of rows read by :func:`_select` (whole players); ``same``, per
    row but the first, whether its player is the row before's (else compared here)."""
    values = rows.drop_columns(["site", "hand_id", "player", "moment", "net"])
    n = rows.num_rows
    if n == 0:
        none = pa.array([], pa.timestamp("us"))
        return SESSION_SCHEMA.empty_table(), values, np.ones(0, dtype=bool), none
    moment = rows.column("moment").combine_chunks()
    known = pc.is_valid(moment).to_numpy(zero_copy_only=False)
    at = pc.fill_null(moment.cast(pa.int64()), 0).to_numpy(zero_copy_only=False)
    new = np.ones(n, dtype=bool)  # the first seat starts a session
    if same is None:
        same = same_as_before(rows.column("site")) & same_as_before(rows.column("player"))
    near = (at[1:] - at[:-1]) <= gap * _MICROS_A_MINUTE
    new[1:] = ~(same & near & known[1:] & known[:-1])
    first = np.maximum.accumulate(np.where(new, np.arange(n), 0))
    start = pa.array(at[first], pa.int64()).cast(pa.timestamp("us"))
    start = pc.if_else(pa.array(known[first]), start, pa.nulls(n, pa.timestamp("us")))
    out = pa.Table.from_arrays(
        [rows.column("site"), rows.column("hand_id"), rows.column("player"), start,
         rows.column("net").cast(pa.int64())], schema=SESSION_SCHEMA)  # fmt: skip
    return out, values, new, start


class SessionPart(NamedTuple):
    """Some players' sessions, worked out whole (:func:`session_parts`)."""

    #: the players, one row a (site, player) of :data:`hhtools.store.sessions.PLAYER_SCHEMA`
    players: pa.Table
    #: their rows of :data:`SESSION_SCHEMA`, sorted as :func:`session_rows` sorts them
    rows: pa.Table
    #: their ``session_cube`` rows (:func:`hhtools.store.session_cube.cube_of_seats`);
    #: ``None`` when not asked for, or when two hand keys have one hash
    cube: pa.Table | None
    #: with the cube: their ``session_summary`` rows up to ``bb_per_100``
    #: (:func:`summary_of_seats`), else ``None``
    summary: pa.Table | None


def summary_of_seats(rows: pa.Table, moment: pa.ChunkedArray | pa.Array, values: pa.Table,
                     groups: SeatGroups, start: pa.Array, keys: pa.Table) -> pa.Table:  # fmt: skip
    """The ``session_summary`` rows of some players' counted seats, summed from their
    sorted rows: those of :func:`hhtools.store.player_views.sessions_from` over their
    sessions (the reference: one GROUP BY by site, player, session start, game,
    structure, stakes and currency, a ``dense_rank`` of the session start and the
    latest moment of the session), but for ``minutes`` and ``net_per_hour``
    (:func:`hhtools.store.player_views.session_lengths` adds them).

    Args:
        rows: the seats' rows of :data:`SESSION_SCHEMA` (sorted as :func:`session_rows`).
        moment: per row, its hand's moment (NULL when unknown).
        values: per row, the columns of
            :func:`hhtools.store.session_cube.seat_values_select` (``_cube_net_bb``:
            the seat's net in big blinds, NULL for no big blind).
        groups: the rows' groups (:func:`seat_groups`).
        start: per row, its session's start.
        keys: the rows of :data:`hhtools.store.session_cube.KEYS_SELECT` (one hash a key).

    Returns:
        A table of :data:`SUMMARY_SCHEMA` (money in minor units; a sum of no known value
        NULL), ordered by player, session and key.
    """
    n = rows.num_rows
    if n == 0:
        return SUMMARY_SCHEMA.empty_table()

    def summed(col: pa.ChunkedArray, kind: type) -> tuple[np.ndarray, np.ndarray]:
        """Each group's sum of ``col`` and whether any of its values is known."""
        arr = col.combine_chunks()
        got = pc.fill_null(arr, 0).to_numpy(zero_copy_only=False).astype(kind)
        valid = pc.is_valid(arr).to_numpy(zero_copy_only=False).astype(np.int64)
        return groups.summed(got), groups.summed(valid) > 0

    hands = groups.summed(np.ones(n, dtype=np.int64))
    net, net_known = summed(rows.column("net"), np.int64)
    net_bb, bb_known = summed(values.column("_cube_net_bb"), np.float64)
    hashes = keys.column("cube_key").combine_chunks()
    which = pc.index_in(pa.array(groups.key, hashes.type), value_set=hashes)
    take = pa.array(groups.at)
    moments = moment.combine_chunks() if isinstance(moment, pa.ChunkedArray) else moment
    return pa.table({
        "site": rows.column("site").take(take), "player": rows.column("player").take(take),
        "session": pa.array(groups.session, pa.int64()), "start": start.take(take),
        "session_end": moments.take(pa.array(groups.last)),
        **{k: keys.column(k).take(which) for k in ("game", "structure", "stakes", "currency")},
        "hands": pa.array(hands, pa.int64()),
        "net_won": pa.array(net, pa.int64(), mask=~net_known),
        "bb_per_100": pa.array(100.0 * net_bb / hands, pa.float64(), mask=~bb_known),
    }).cast(SUMMARY_SCHEMA)


def session_parts(con: duckdb.DuckDBPyConnection, players: pa.Table, cube: bool,
                  rows_at_once: int | None = None) -> Generator[SessionPart, None, None]:  # fmt: skip
    """The sessions of ``players`` (the usual gap) from ONE read of their counted seats,
    in parts of whole players of about ``rows_at_once`` seats each: the cost of a part
    is its own seats', not a read of every seat and hand per part (at a million hands,
    six parts each read all of them: 2.2 s a part).

    The seats are read once, unsorted (DuckDB streams the join, within its memory cap:
    sorting every seat at once ran out of the import's 256 MB; the store's blocks it
    read are then let go: :func:`let_go_of_cache`), each with a number given
    to its player in the order of site and player; more than ``rows_at_once`` of them
    go to files (:class:`_Spill`), each of the players of a range of numbers, and a part
    is one or more of those files read back and sorted by player, moment and hand id.
    The whole read is done before the first part is given (each batch sorted to its file
    and written on a thread while DuckDB reads the next); after it ``con`` is not used:
    it may be written between parts, and while the next part is worked out on another
    thread (:func:`hhtools.store.sessions._work_out` does).

    Args:
        con: a store (its ``seats`` and ``hands``).
        players: ``(site, player)`` rows, no repeats (a player with no counted seat
            gives no part).
        cube: also sum each part's ``session_cube`` rows from its seats.
        rows_at_once: seats a part holds at most, but a part of one file bigger than
            that (a player's seats are never split); default :data:`ROWS_AT_ONCE`.

    Yields:
        :class:`SessionPart`, in the order of site and player; together, the rows of
        :func:`session_rows` for ``players`` (in that order), each player in one part.
    """
    from hhtools.store.session_cube import KEYS_SELECT, cube_of_seats, seat_values_select

    limit = max(1, ROWS_AT_ONCE if rows_at_once is None else int(rows_at_once))
    gap = _gap(SESSION_GAP)
    named = players.select(["site", "player"])
    named = named.take(pc.sort_indices(named, [("site", "ascending"), ("player", "ascending")]))
    numbers = named.append_column("_number", pa.array(np.arange(named.num_rows, dtype=np.int32)))
    keys = con.sql(KEYS_SELECT).to_arrow_table() if cube else None
    extra = f", {seat_values_select()}" if cube else ""
    (seats,) = con.execute("SELECT count(*) FROM seats").fetchall()[0]
    files = max(1, min(SPILL_FILES, -(-4 * int(seats) // limit)))

    def part(read: pa.Table) -> SessionPart:
        number = read.column("_number").to_numpy()
        same = number[1:] == number[:-1]
        rows = read.drop_columns(["_number"])
        rows = rows.add_column(0, "site", named.column("site").take(number))
        rows = rows.add_column(2, "player", named.column("player").take(number))
        out, values, new, start = _worked_out(rows, gap, same)
        summed = summary = None
        if keys is not None:
            groups = seat_groups(new, start, same, values.column("_cube_key").to_numpy())
            summed = cube_of_seats(out, values, groups, start, keys)
        if summed is not None:
            summary = summary_of_seats(out, rows.column("moment"), values, groups, start, keys)
        who = named.take(number[np.flatnonzero(np.append(True, ~same))])
        return SessionPart(who, out, summed, summary)

    with _Spill(files, named.num_rows, limit) as spill:
        con.register("_hh_stream_players", numbers)
        try:
            # the hands MATERIALIZED: the join's table then holds their cube key, not the
            # four strings it hashes (DuckDB moved the hash above the join): at a million
            # hands 94 MiB, not 211 with 268 more spilled, and the read 1.7 not 4.4 CPU s
            stream = con.sql(
                f"""WITH h AS MATERIALIZED {_HANDS}
                SELECT p._number, s.hand_id, coalesce(h.started_at_utc, h.started_at) AS moment,
                       s.net {extra}
                FROM seats s JOIN h ON h.site = s.site AND h.hand_id = s.hand_id
                JOIN _hh_stream_players p ON p.site = s.site AND p.player = s.player
                WHERE {counted_seat("s")}"""
            ).to_arrow_reader(BATCH_ROWS)
            # a batch is kept (sorted to its file, written) on a thread while DuckDB
            # reads the next: both mostly without the GIL; one batch at a time, in order
            with ThreadPoolExecutor(1, thread_name_prefix="hhtools-spill") as keeper:
                kept: Future[None] | None = None
                for batch in stream:
                    if kept is not None:
                        kept.result()
                    kept = keeper.submit(spill.add, batch)
                if kept is not None:
                    kept.result()
            del stream
        finally:
            con.unregister("_hh_stream_players")
        let_go_of_cache(con)
        for read in spill.parts():
            done = part(read)
            del read
            yield done
            del done


def let_go_of_cache(con: duckdb.DuckDBPyConnection) -> None:
    """Let DuckDB drop the store's blocks it keeps cached and nothing pins, by setting
    its memory cap to :data:`CACHE_AFTER_READ` for a moment and back to the cap it had
    (as ``current_setting`` gives it: to a tenth of a MiB, or of a GiB); nothing is
    written or lost, a block read again later is read from the file.

    Used after :func:`session_parts`' read (the seats and hands, read once: the parts
    never read them again; at a million hands they held 128 MiB of the main process
    through every part) and after each part's commit (the blocks it wrote)."""
    (limit,) = con.execute("SELECT current_setting('memory_limit')").fetchall()[0]
    try:
        con.execute(f"SET memory_limit = '{CACHE_AFTER_READ}'").fetchall()
    except duckdb.OutOfMemoryException:  # pinned blocks: nothing to gain now
        pass
    finally:
        con.execute(f"SET memory_limit = '{limit}'").fetchall()


#: DuckDB's memory cap for a moment after :func:`session_parts`' read (:func:`let_go_of_cache`)
CACHE_AFTER_READ = "16MB"

#: files the seats of :func:`session_parts` are spread over at most (about four a part)
SPILL_FILES = 256


class _Spill:
    """The seats read for :func:`session_parts`, held while they are at most ``limit``
    rows, else written to ``files`` Arrow files in a temporary folder (removed on
    leaving the ``with``), file ``i`` holding the players numbered from ``i * players
    // files`` up to the next file's first; read back a part of whole files at a time,
    sorted by player number, moment (NULL last) and hand id."""

    def __init__(self, files: int, players: int, limit: int) -> None:
        self.files, self.players, self.limit = files, players, limit
        self.held: list[pa.RecordBatch] = []
        self.count = 0  # rows held or written
        self.folder: tempfile.TemporaryDirectory[str] | None = None
        self.writers: dict[int, pa.ipc.RecordBatchFileWriter] = {}
        self.rows = np.zeros(files, dtype=np.int64)  # rows written to each file

    def __enter__(self) -> _Spill:
        return self

    def __exit__(self, *exc: object) -> None:
        for writer in self.writers.values():
            writer.close()
        self.writers = {}
        if self.folder is not None:
            self.folder.cleanup()

    def _path(self, file: int) -> str:
        assert self.folder is not None
        return os.path.join(self.folder.name, f"{file}.arrow")

    def add(self, batch: pa.RecordBatch) -> None:
        """Keep a batch of the read."""
        if batch.num_rows == 0:
            return
        self.count += batch.num_rows
        if self.folder is None:
            self.held.append(batch)
            if self.count <= self.limit:
                return
            self.folder = tempfile.TemporaryDirectory(prefix="hhtools-sessions-")
            held, self.held = self.held, []
            for b in held:
                self._write(b)
            return
        self._write(batch)

    def _write(self, batch: pa.RecordBatch) -> None:
        file = batch.column("_number").to_numpy().astype(np.int64) * self.files // self.players
        order = np.argsort(file, kind="stable")
        file = file[order]
        batch = batch.take(pa.array(order))
        cuts = np.flatnonzero(np.diff(file)) + 1
        for lo, hi in zip(np.append(0, cuts), np.append(cuts, len(file)), strict=True):
            which = int(file[lo])
            if which not in self.writers:
                self.writers[which] = pa.ipc.new_file(self._path(which), batch.schema)
            self.writers[which].write_batch(batch.slice(lo, hi - lo))
            self.rows[which] += hi - lo

    def parts(self) -> Iterator[pa.Table]:
        """The rows in parts of whole files (or all held rows), each sorted."""
        if self.folder is None:
            if self.held:
                yield _sorted(pa.Table.from_batches(self.held))
            self.held = []
            return
        for writer in self.writers.values():
            writer.close()
        written, self.writers = sorted(int(f) for f in np.flatnonzero(self.rows)), {}
        group: list[int] = []
        for at, file in enumerate(written):
            group.append(file)
            nxt = written[at + 1] if at + 1 < len(written) else None
            if nxt is None or self.rows[group].sum() + self.rows[nxt] > self.limit:
                tables = []
                for f in group:
                    with pa.OSFile(self._path(f)) as src:
                        tables.append(pa.ipc.open_file(src).read_all())
                    os.remove(self._path(f))
                group = []
                yield _sorted(pa.concat_tables(tables).combine_chunks())
                del tables


def _sorted(rows: pa.Table) -> pa.Table:
    """``rows`` sorted by player number, moment (NULL last, as DuckDB's ORDER BY) and
    hand id."""
    order = pc.sort_indices(rows, [("_number", "ascending", "at_end"),
                                   ("moment", "ascending", "at_end"),
                                   ("hand_id", "ascending", "at_end")])  # fmt: skip
    return rows.take(order)


def same_as_before(column: pa.ChunkedArray | pa.Array) -> np.ndarray:
    """Per row but the first: whether it equals the row before (two NULLs are equal, as
    in a window's PARTITION BY)."""
    values = column.combine_chunks() if isinstance(column, pa.ChunkedArray) else column
    before, after = values[:-1], values[1:]
    equal = pc.fill_null(pc.equal(after, before), False).to_numpy(zero_copy_only=False)
    both_null = pc.and_(pc.is_null(after), pc.is_null(before)).to_numpy(zero_copy_only=False)
    return np.asarray(equal | both_null, dtype=bool)

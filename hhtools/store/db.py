"""The DuckDB store: tables, their documentation, and batch appends.

Every table carries ``site`` and ``hand_id`` (the site's hand number as text); the
hand-level tables are keyed by them. Money columns are ``BIGINT`` minor units
(cents for real money, chips for tournaments and play money) beside the hand's
``currency`` in ``hands``. Times: ``started_at`` is the site's own clock with its
zone in ``time_zone``; ``started_at_utc`` is the same moment in UTC.

Rows go in by batches: a batch is a ``dict[table, dict[column, list]]`` turned into
an Arrow table and appended with one ``INSERT ... BY NAME``; never row by row.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

from hhtools.store.views import SEAT_RESULTS_COMPUTED, VIEWS, create_views

SCHEMA_VERSION = 5
"""2: hands.small_bet, hands.big_bet. 3: hands.board -> board_cards, hands.boards ->
board_count, site_format beside site (hands, imports, import_errors),
imports.modified_at, findings.line is the line the finding is about. 4: the ledger of
cash-outs and room money (seats.cash_out_fee, seats.cash_out_forfeited,
hands.cash_out_fees, hands.cash_out_forfeited, hands.room_added, hands.jackpot;
seats.net counts cash-outs), tournament_results, import_errors.is_note. 5: no
staging tables (``stage_*``): a big file's batches go straight into the tables, its
name in ``loading`` until its last batch; seats.rake_paid, due_at_showdown,
pots_won_high, pots_won_low, scooped, quartered (worked out at import, summed by
player_results)."""

#: Columns renamed since an older schema: (table, old name, new name).
RENAMED: tuple[tuple[str, str, str], ...] = (
    ("hands", "board", "board_cards"),
    ("hands", "boards", "board_count"),
)

#: DuckDB's memory cap; past it, large transactions and sorts spill to disk. Keeps an
#: import of one huge file (one transaction) within bounded memory.
MEMORY_LIMIT = "512MB"


@dataclass(frozen=True, slots=True)
class Column:
    """One column: name, DuckDB type, Arrow type and what it holds."""

    name: str
    sql: str
    arrow: pa.DataType
    doc: str


def _c(name: str, sql: str, doc: str) -> Column:
    arrow = {
        "VARCHAR": pa.string(),
        "BIGINT": pa.int64(),
        "INTEGER": pa.int32(),
        "BOOLEAN": pa.bool_(),
        "DOUBLE": pa.float64(),
        "TIMESTAMP": pa.timestamp("us"),
        "VARCHAR[]": pa.list_(pa.string()),
    }[sql]
    return Column(name, sql, arrow, doc)


_KEY = (
    _c("site", "VARCHAR", "the poker room that dealt the hand: pokerstars, runitonce..."),
    _c("hand_id", "VARCHAR", "the site's hand number, as text"),
)

TABLES: dict[str, tuple[str, tuple[Column, ...]]] = {
    "hands": (
        "One row per hand: game, stakes, table, time, the site's totals.",
        _KEY
        + (
            _c("site_format", "VARCHAR", "the site format (grammar) that read the hand"),
            _c("text_digest", "VARCHAR", "SHA-1 of the hand's text, to spot a changed hand"),
            _c("file", "VARCHAR", "source file (archive!member for zip members)"),
            _c("line", "INTEGER", "first line of the hand in the file (1-based)"),
            _c("byte_offset", "BIGINT", "byte offset of the hand in the decoded file"),
            _c("table_name", "VARCHAR", "table name"),
            _c("started_at", "TIMESTAMP", "start time on the site's clock"),
            _c("time_zone", "VARCHAR", "the site's zone for started_at (ET, CET...)"),
            _c("started_at_utc", "TIMESTAMP", "start time in UTC"),
            _c("game", "VARCHAR", "omaha, omaha-hilo, omaha5, omaha5-hilo, omaha6, courchevel..."),
            _c("variant", "VARCHAR", "omaha, omaha5, omaha6, courchevel"),
            _c("hi_lo", "BOOLEAN", "split-pot high/low game"),
            _c("qualifier", "INTEGER", "low qualifier (8 for eight-or-better); NULL if high only"),
            _c("structure", "VARCHAR", "limit, pot_limit, no_limit"),
            _c("currency", "VARCHAR", "ISO code for real money, PLAY, or CHIPS (tournaments)"),
            _c("small_blind", "BIGINT", "small blind posted, minor units"),
            _c("big_blind", "BIGINT", "big blind posted, minor units"),
            _c("ante", "BIGINT", "ante, minor units"),
            _c("small_bet", "BIGINT", "limit games: the small bet, minor units (NULL otherwise)"),
            _c("big_bet", "BIGINT", "limit games: the big bet, minor units (NULL otherwise)"),
            _c("stakes", "VARCHAR", "stakes as the site names them: blinds (0.01/0.02), or "
               "small/big bet in limit games"),
            _c("is_tournament", "BOOLEAN", "tournament hand (amounts in chips)"),
            _c("tournament_id", "VARCHAR", "tournament number"),
            _c("buy_in", "VARCHAR", "the site's buy-in text"),
            _c("level", "VARCHAR", "tournament level"),
            _c("button", "INTEGER", "button seat"),
            _c("max_seats", "INTEGER", "table size (6 for 6-max)"),
            _c("players", "INTEGER", "players seated"),
            _c("hero", "VARCHAR", "the player dealt in (Dealt to), if any"),
            _c("board_count", "INTEGER", "number of boards (2 when run twice)"),
            _c("board_cards", "VARCHAR", "the first board's cards, space separated"),
            _c("total_pot", "BIGINT", "the site's total pot, minor units"),
            _c("rake", "BIGINT", "the site's rake, minor units"),
            _c("fees", "BIGINT", "other fees the site takes from the pot (not rake, jackpot "
               "or cash-out fees), minor units"),
            _c("room_added", "BIGINT", "money the room added to the pot (splash the pot), "
               "minor units"),
            _c("jackpot", "BIGINT", "taken from the pot for a jackpot or bad-beat fund, minor "
               "units"),
            _c("cash_out_fees", "BIGINT", "cash-out fees the site charged, minor units (not "
               "from the pot)"),
            _c("cash_out_forfeited", "BIGINT", "pot winnings the site kept because their "
               "winner had cashed out, minor units"),
            _c("put_in", "BIGINT", "chips put in by all players less uncalled bets returned"),
            _c("went_to_showdown", "BOOLEAN", "two or more hands shown at showdown"),
            _c("findings", "INTEGER", "number of audit findings for the hand"),
            _c("import_id", "INTEGER", "imports.import_id that brought the hand in"),
        ),
    ),
    "seats": (
        "One row per seated player and hand, with the money they moved.",
        _KEY
        + (
            _c("seat", "INTEGER", "seat number"),
            _c("player", "VARCHAR", "screen name"),
            _c("stack", "BIGINT", "stack at the start of the hand, minor units"),
            _c("sitting_out", "BOOLEAN", "sitting out"),
            _c("bounty", "VARCHAR", "knockout bounty text"),
            _c("position", "INTEGER", "1 = first left of the button ... last = button"),
            _c("is_button", "BOOLEAN", "on the button"),
            _c("is_hero", "BOOLEAN", "the player dealt in"),
            _c("hole_cards", "VARCHAR", "known hole cards, space separated"),
            _c("put_in", "BIGINT", "chips put in (posts, calls, bets, raises), minor units"),
            _c("returned", "BIGINT", "uncalled bets returned, minor units"),
            _c("collected", "BIGINT", "what the site says the player collected, minor units"),
            _c("net", "BIGINT", "collected + cashed_out - put_in + returned, minor units"),
            _c("folded", "VARCHAR", "street the player folded on, NULL if never"),
            _c("voluntary", "BOOLEAN", "put money in voluntarily preflop (VPIP)"),
            _c("preflop_raise", "BOOLEAN", "raised preflop (PFR)"),
            _c("showed", "BOOLEAN", "showed cards at showdown"),
            _c("cashed_out", "BIGINT", "what the player received for cashing out the hand, "
               "minor units (0 if none)"),
            _c("cash_out_fee", "BIGINT", "the fee the site charged for that cash-out, minor units"),
            _c("cash_out_forfeited", "BIGINT", "pot winnings the site kept because the "
               "player had cashed out, minor units"),
            _c("rake_paid", "BIGINT", "the seat's share of the hand's rake, in proportion to "
               "what it put in less returns; odd units by largest remainder, then seat "
               "(0 for a seat sitting out), minor units"),
            _c("due_at_showdown", "BIGINT", "what the rules give the player at showdown, every "
               "board together (showdowns.won), minor units"),
            _c("pots_won_high", "INTEGER", "pots (each board apart) contested by two or more "
               "of which the player won the high (or the whole pot)"),
            _c("pots_won_low", "INTEGER", "pots contested by two or more of which the player "
               "won the low half"),
            _c("scooped", "INTEGER", "hi/lo pots the player alone won whole (rows of the "
               "scoops view)"),
            _c("quartered", "INTEGER", "halves of split hi/lo pots the player shared (rows of "
               "the quarters view)"),
        ),
    ),
    "actions": (
        "Every post and action in order.",
        _KEY
        + (
            _c("seq", "INTEGER", "order within the hand, from 0"),
            _c("street", "VARCHAR", "preflop, flop, turn, river"),
            _c("player", "VARCHAR", "screen name"),
            _c("kind", "VARCHAR", "post, fold, check, call, bet, raise"),
            _c("post", "VARCHAR", "small_blind, big_blind, ante, dead_small_and_big, straddle"),
            _c("amount", "BIGINT", "as printed: call increment, bet, post, raise increment"),
            _c("to_amount", "BIGINT", "a raise's total on the street"),
            _c("added", "BIGINT", "chips this action moved into the pot"),
            _c("all_in", "BOOLEAN", "the action put the player all-in"),
            _c("line", "INTEGER", "source line"),
        ),
    ),
    "boards": (
        "The board(s): two rows when the hand was run twice.",
        _KEY
        + (
            _c("board", "INTEGER", "0, or 1 for the second run"),
            _c("cards", "VARCHAR", "board cards, space separated"),
            _c("flop", "VARCHAR", "first three cards"),
            _c("turn", "VARCHAR", "fourth card"),
            _c("river", "VARCHAR", "fifth card"),
        ),
    ),
    "pots": (
        "Pots rebuilt from the actions, per board.",
        _KEY
        + (
            _c("board", "INTEGER", "0, or 1 for the second run"),
            _c("pot", "INTEGER", "0 = main pot, 1, 2... side pots"),
            _c("gross", "BIGINT", "chips in the pot before rake (for this board's share)"),
            _c("net", "BIGINT", "after rake: what the rules award"),
            _c("eligible", "VARCHAR[]", "players who may win it, clockwise from the button"),
            _c("high_winners", "VARCHAR[]", "winners of the high half (or whole pot)"),
            _c("low_winners", "VARCHAR[]", "winners of the low half (empty: no low)"),
            _c("hi_lo_split", "BOOLEAN", "the pot was halved (a low qualified)"),
        ),
    ),
    "awards": (
        "What the site paid and what the rules give, per pot, half and player.",
        _KEY
        + (
            _c("board", "INTEGER", "0, or 1 for the second run"),
            _c("pot", "INTEGER", "0 = main pot, 1, 2... side pots"),
            _c("half", "VARCHAR", "high, low, or all (whole pot, or halves not told apart)"),
            _c("player", "VARCHAR", "screen name"),
            _c("paid", "BIGINT", "paid by the site, minor units"),
            _c("due", "BIGINT", "due by the rules, minor units"),
            _c("share", "DOUBLE", "due as a fraction of the pot (0.25 = a quarter)"),
            _c("scoop", "BOOLEAN", "the player alone won the whole pot at showdown"),
            _c("quarter", "BOOLEAN", "the player won part of a tied half"),
        ),
    ),
    "showdowns": (
        "Every hand shown, read by the rules (exactly two hole cards, three board cards).",
        _KEY
        + (
            _c("board", "INTEGER", "0, or 1 for the second run"),
            _c("player", "VARCHAR", "screen name"),
            _c("hole_cards", "VARCHAR", "hole cards shown"),
            _c("high_cards", "VARCHAR", "best high five, reading order"),
            _c("high_category", "VARCHAR", "straight flush ... high card"),
            _c("high_value", "BIGINT", "comparable high value (greater wins)"),
            _c("low_cards", "VARCHAR", "best qualifying low five, NULL if none"),
            _c("low_ranks", "VARCHAR", "low as 7,5,3,2,A"),
            _c("low_value", "BIGINT", "comparable low value (greater wins)"),
            _c("declared_high", "VARCHAR", "the site's words for the high"),
            _c("declared_low", "VARCHAR", "the site's words for the low"),
            _c("won", "BIGINT", "due to the player by the rules on this board, minor units"),
        ),
    ),
    "findings": (
        "Audit findings: one row per disagreement (award_mismatch, chip_imbalance, "
        "declared_misread...).",
        _KEY
        + (
            _c("board", "INTEGER", "0, or 1 for the second run"),
            _c("player", "VARCHAR", "player concerned ('' for the whole hand)"),
            _c("kind", "VARCHAR", "award_mismatch, chip_imbalance, declared_misread, ..."),
            _c("pot", "INTEGER", "0 = main pot, 1, 2... side pots"),
            _c("half", "VARCHAR", "high, low or all"),
            _c("paid", "BIGINT", "what the site paid or stated, minor units"),
            _c("due", "BIGINT", "what the rules give, minor units"),
            _c("explanation", "VARCHAR", "one line naming the five cards"),
            _c("file", "VARCHAR", "source file"),
            _c("line", "INTEGER", "the line the finding is about (a collect, a show, the "
               "total pot), else the hand's first line"),
        ),
    ),
    "tournament_results": (
        "Tournament results a hand reports: finishing places, prizes, bounties won.",
        _KEY
        + (
            _c("player", "VARCHAR", "screen name"),
            _c("place", "INTEGER", "finishing place (1 = the winner); NULL for a bounty line"),
            _c("prize", "BIGINT", "prize money, minor units of currency"),
            _c("bounty", "BIGINT", "bounty money won, minor units of currency"),
            _c("eliminated", "VARCHAR", "the players eliminated, as the site names them"),
            _c("currency", "VARCHAR", "ISO code of prize and bounty"),
            _c("line", "INTEGER", "source line"),
        ),
    ),
    "import_errors": (
        "Problems met while importing: unreadable lines, hands, files.",
        _KEY
        + (
            _c("site_format", "VARCHAR", "the site format of the file, NULL if none"),
            _c("import_id", "INTEGER", "imports.import_id"),
            _c("file", "VARCHAR", "source file"),
            _c("line", "INTEGER", "line in the file"),
            _c("code", "VARCHAR", "short key: unrecognised_line, unsupported_site, ..."),
            _c("message", "VARCHAR", "what is wrong"),
            _c("excerpt", "VARCHAR", "the offending line"),
            _c("is_note", "BOOLEAN", "a note, not a problem: a hand skipped by design (a "
               "game outside the Omaha family), listed so every hand is accounted for"),
        ),
    ),
    "imports": (
        "One row per file imported (site/hand_id: the room and number of its last hand).",
        _KEY
        + (
            _c("site_format", "VARCHAR", "the site format of the file, NULL if none"),
            _c("import_id", "INTEGER", "one number per hhtools import run"),
            _c("file", "VARCHAR", "source file"),
            _c("digest", "VARCHAR", "SHA-256 of the file's bytes"),
            _c("bytes", "BIGINT", "file size"),
            _c("modified_at", "TIMESTAMP", "the file's modification time (a file with the "
               "same name, size and time is not read again)"),
            _c("hands", "INTEGER", "hands newly imported"),
            _c("duplicates", "INTEGER", "hands already in the store, skipped"),
            _c("skipped", "INTEGER", "hands of non-Omaha games, skipped"),
            _c("failed", "INTEGER", "hands that could not be read"),
            _c("problems", "INTEGER", "problems reported"),
            _c("findings", "INTEGER", "audit findings"),
            _c("imported_at", "TIMESTAMP", "when, UTC"),
        ),
    ),
    "loading": (
        "Files an import is storing batch by batch (a file of more than a few thousand "
        "hands): their hands are already in the tables, and the file's `imports` row "
        "is written, and this row removed, with its last batch. A row left here names a "
        "file whose import was killed half-way: the next import removes that file's "
        "hands from every table (a file is stored whole or not at all).",
        (
            _c("import_id", "INTEGER", "imports.import_id of the run storing the file"),
            _c("file", "VARCHAR", "source file (hands.file of its hands)"),
        ),
    ),
}

#: The import's own book-keeping, not data to export.
INTERNAL_TABLES: tuple[str, ...] = ("loading",)

#: Tables with one or more rows per hand (every table but ``imports`` and ``import_errors``).
HAND_TABLES: tuple[str, ...] = tuple(
    t for t in TABLES if t not in ("imports", "import_errors", "loading")
)

#: Prefix of the staging tables of schema 4 and before (dropped on upgrade).
OLD_STAGE = "stage_"

ARROW_SCHEMAS: dict[str, pa.Schema] = {
    name: pa.schema([(c.name, c.arrow) for c in cols]) for name, (_, cols) in TABLES.items()
}


def ddl() -> str:
    """The ``CREATE TABLE IF NOT EXISTS`` statements of every table, as one script."""
    parts = ["CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR);"]
    for name, (_, cols) in TABLES.items():
        body = ",\n  ".join(f"{c.name} {c.sql}" for c in cols)
        parts.append(f"CREATE TABLE IF NOT EXISTS {name} (\n  {body}\n);")
    return "\n".join(parts)


def connect(
    path: str | Path, read_only: bool = False, external_access: bool = True
) -> duckdb.DuckDBPyConnection:
    """Open (and, when writable, create or upgrade) a hhtools DuckDB database.

    Args:
        path: database file; ``":memory:"`` for an in-memory store.
        read_only: open without write access (``hhtools sql`` does).
        external_access: ``False`` forbids reading or writing other files from SQL
            (``COPY ... TO``, ``read_csv``...), for a query that must only read the store.

    Returns:
        A DuckDB connection with every table and view in place (read-only: the views
        of this version as temporary views, so a store written by an older version
        answers with today's columns).

    Raises:
        duckdb.Error: the file is not a DuckDB database or is locked by a writer.
        FileNotFoundError: ``read_only`` and the file does not exist.
    """
    if read_only and str(path) != ":memory:" and not Path(path).exists():
        raise FileNotFoundError(f"no database at {path}: run 'hhtools import' first")
    config: dict[str, Any] = {"memory_limit": MEMORY_LIMIT}
    if not external_access:
        config["enable_external_access"] = False
    con = duckdb.connect(str(path), read_only=read_only, config=config)
    if read_only:
        # the views of this version, whatever version last wrote the file
        create_views(con, temporary=True)
    else:
        _rename_columns(con)
        drop_old_stage(con)
        _upgrade_seats(con)
        con.execute(ddl()).fetchall()
        _add_missing_columns(con)
        con.execute(
            "INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", [str(SCHEMA_VERSION)]
        ).fetchall()
        create_views(con)
    return con


def append(con: duckdb.DuckDBPyConnection, table: str, columns: Mapping[str, list[Any]]) -> int:
    """Append a batch of rows to ``table`` in one statement.

    Args:
        con: an open connection.
        table: one of :data:`TABLES`.
        columns: column name -> list of values (all lists the same length); columns
            not given are NULL.

    Returns:
        The number of rows appended.
    """
    if not columns or not len(next(iter(columns.values()))):
        return 0
    return append_arrow(con, table, to_arrow(table, columns))


def _rename_columns(con: duckdb.DuckDBPyConnection) -> None:
    """Upgrade a store made by an older version: give renamed columns their new names."""
    have = set(
        con.execute(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = 'main'"
        ).fetchall()
    )
    for table, old, new in RENAMED:
        for target in (table,):
            if (target, old) in have and (target, new) not in have:
                for view in VIEWS:  # views may read the old name
                    con.execute(f"DROP VIEW IF EXISTS {view}").fetchall()
                con.execute(f"ALTER TABLE {target} RENAME COLUMN {old} TO {new}").fetchall()


def _add_missing_columns(con: duckdb.DuckDBPyConnection) -> None:
    """Upgrade a store made by an older version: add the columns it lacks (as NULL)."""
    have: dict[str, set[str]] = {}
    for table, column in con.execute(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = 'main'"
    ).fetchall():
        have.setdefault(table, set()).add(column)
    for name, (_, cols) in TABLES.items():
        for target in (name,):
            for c in cols:
                if c.name not in have.get(target, {c.name}):
                    con.execute(f"ALTER TABLE {target} ADD COLUMN {c.name} {c.sql}").fetchall()


#: seats' results columns worked out at import (:mod:`hhtools.store.seat_results`),
#: with the SEAT_RESULTS_COMPUTED column each is computed from on an upgrade
SEAT_RESULT_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("rake_paid", "rake_paid", "BIGINT"), ("due_at_showdown", "sd_won", "BIGINT"),
    ("pots_won_high", "won_high", "INTEGER"), ("pots_won_low", "won_low", "INTEGER"),
    ("scooped", "scooped", "INTEGER"), ("quartered", "quartered", "INTEGER"),
)  # fmt: skip


def _upgrade_seats(con: duckdb.DuckDBPyConnection) -> None:
    """A store of schema 4 or before: rebuild ``seats`` with the results columns worked
    out from its pots and showdowns (one CREATE TABLE AS, far quicker than UPDATE)."""
    have = {c for (c,) in con.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'seats'"
    ).fetchall()}  # fmt: skip
    if not have or "rake_paid" in have:
        return
    cols = ", ".join(f"coalesce(x.{src}, 0)::{sql} AS {name}"
                     for name, src, sql in SEAT_RESULT_COLUMNS)  # fmt: skip
    con.execute("BEGIN TRANSACTION").fetchall()
    try:
        for view in VIEWS:
            con.execute(f"DROP VIEW IF EXISTS {view}").fetchall()
        con.execute(
            f"""CREATE TABLE seats_upgraded AS SELECT s.*, {cols}
            FROM seats s LEFT JOIN ({SEAT_RESULTS_COMPUTED}) x
              ON x.site = s.site AND x.hand_id = s.hand_id AND x.seat = s.seat
             AND x.player = s.player"""
        ).fetchall()
        con.execute("DROP TABLE seats").fetchall()
        con.execute("ALTER TABLE seats_upgraded RENAME TO seats").fetchall()
        con.execute("COMMIT").fetchall()
    except BaseException:
        con.execute("ROLLBACK").fetchall()
        raise


def fill_seat_results(con: duckdb.DuckDBPyConnection) -> None:
    """Work out the seats' results columns of rows written without them (NULL), from the
    stored pots and showdowns: rows written by other tools, or by hand in tests."""
    (missing,) = con.execute("SELECT count(*) FROM seats WHERE rake_paid IS NULL").fetchall()[0]
    if not missing:
        return
    sets = ", ".join(f"{name} = coalesce(x.{src}, 0)" for name, src, _ in SEAT_RESULT_COLUMNS)
    con.execute(
        f"""UPDATE seats SET {sets}
        FROM ({SEAT_RESULTS_COMPUTED}) x
        WHERE seats.rake_paid IS NULL AND seats.site = x.site AND seats.hand_id = x.hand_id
          AND seats.seat = x.seat AND seats.player = x.player"""
    ).fetchall()
    zero = ", ".join(f"{name} = 0" for name, _, _ in SEAT_RESULT_COLUMNS)
    con.execute(f"UPDATE seats SET {zero} WHERE rake_paid IS NULL").fetchall()


def drop_old_stage(con: duckdb.DuckDBPyConnection) -> None:
    """Drop the staging tables of schema 4 and before (their rows were never stored)."""
    for name in HAND_TABLES:
        con.execute(f"DROP TABLE IF EXISTS {OLD_STAGE}{name}").fetchall()


def drop_unfinished(con: duckdb.DuckDBPyConnection) -> int:
    """Remove the hands of every file in ``loading`` (an import that did not finish it).

    Runs in its own transaction; call it outside one.

    Returns:
        The number of hands removed.
    """
    files = con.execute("SELECT DISTINCT import_id, file FROM loading").fetchall()
    if not files:
        return 0
    removed = 0
    con.execute("BEGIN TRANSACTION").fetchall()
    try:
        for import_id, file in files:
            cond = "import_id = ? AND file = ?"
            (n,) = con.execute(f"SELECT count(*) FROM hands WHERE {cond}", [import_id, file]).fetchall()[0]
            removed += int(n)
            for name in HAND_TABLES:
                if name == "hands":
                    continue
                con.execute(
                    f"DELETE FROM {name} WHERE (site, hand_id) IN "
                    f"(SELECT site, hand_id FROM hands WHERE {cond})",
                    [import_id, file],
                ).fetchall()
            con.execute(f"DELETE FROM hands WHERE {cond}", [import_id, file]).fetchall()
            con.execute("DELETE FROM loading WHERE import_id = ? AND file = ?", [import_id, file]).fetchall()
        con.execute("COMMIT").fetchall()
    except BaseException:
        con.execute("ROLLBACK").fetchall()
        raise
    return removed


def to_arrow(table: str, columns: Mapping[str, list[Any]], extra: tuple[str, ...] = ()) -> pa.Table:
    """Build an Arrow table for ``table`` from column lists.

    Args:
        table: one of :data:`TABLES`.
        columns: column name -> values; missing columns become NULL.
        extra: further int64 columns to carry along (e.g. ``_n``), dropped before
            appending.
    """
    schema = ARROW_SCHEMAS[table]
    n = len(next(iter(columns.values()))) if columns else 0
    arrays = [
        pa.array(columns[f.name], type=f.type) if f.name in columns else pa.nulls(n, f.type)
        for f in schema
    ]
    names = list(schema.names)
    for name in extra:
        arrays.append(pa.array(columns[name], type=pa.int64()))
        names.append(name)
    return pa.Table.from_arrays(arrays, names=names)


def append_arrow(con: duckdb.DuckDBPyConnection, table: str, batch: pa.Table) -> int:
    """Append an Arrow table whose columns are (a subset of) ``table``'s, by name."""
    if batch.num_rows == 0:
        return 0
    con.register("_hh_batch", batch)
    try:
        con.execute(f"INSERT INTO {table} BY NAME SELECT * FROM _hh_batch").fetchall()
    finally:
        con.unregister("_hh_batch")
    return batch.num_rows


def schema_markdown() -> str:
    """The schema as Markdown: each table, its purpose and its columns."""
    lines = [f"# hhtools store schema (version {SCHEMA_VERSION})", ""]
    for name, (doc, cols) in TABLES.items():
        lines += [f"## `{name}`", "", doc, "", "| column | type | meaning |", "|---|---|---|"]
        lines += [f"| `{c.name}` | {c.sql} | {c.doc} |" for c in cols]
        lines.append("")
    lines += ["# Views", ""]
    for name, (doc, _) in VIEWS.items():
        lines += [f"## `{name}`", "", doc, ""]
    return "\n".join(lines)


def table_names() -> Iterable[str]:
    """Names of the store's tables."""
    return TABLES.keys()

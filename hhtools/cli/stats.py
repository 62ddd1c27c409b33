"""``hhtools stats``, ``sessions``, ``tournaments`` and ``ev``: a player's numbers."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from hhtools.cli.common import (
    DEFAULT_DB,
    EXIT_NO_DATA,
    DatasetOption,
    DbOption,
    WideOption,
    check_format,
    console,
    fail,
    format_for_out,
    open_store,
    os_reason,
    plural,
    render,
)
from hhtools.cli.filters import (
    CurrencyOpt,
    GameOpt,
    HandClassOpt,
    LimitOpt,
    MinHandsOpt,
    PlayerOpt,
    PositionOpt,
    SinceOpt,
    SiteOpt,
    StakesOpt,
    UntilOpt,
    build_filter,
)

if TYPE_CHECKING:
    import polars as pl

STATS_FORMATS = ("table", "csv", "json", "parquet")

#: the terminal table's ratio columns and their headers (every column in csv, json,
#: parquet); ratios shown as percentages
_SHOWN = (("vpip", "VPIP"), ("pfr", "PFR"), ("three_bet", "3B"), ("fold_to_three_bet", "F3B"),
          ("cbet", "CB"), ("fold_to_cbet", "FCB"), ("wtsd", "WTSD"), ("wsd", "W$SD"),
          ("wwsf", "WWSF"), ("scoop", "scoop"), ("quartered", "qtr"))  # fmt: skip
#: the ratio headers in the order a narrow table keeps them (after the groups and hands)
_RATIO_PRIORITY = ["VPIP", "PFR", "3B", "AF", "WTSD", "W$SD", "CB", "FCB", "F3B", "WWSF",
                   "scoop", "qtr"]  # fmt: skip
#: the money table's columns in the order a narrow table keeps them (after the groups; up to
#: net won always)
_MONEY_PRIORITY = ["currency", "limit", "hands", "net won", "bb/100", "EV bb/100", "EV net"]
#: A table people read of ``sessions`` or ``tournaments``: its (column, header) pairs,
#: the columns right-aligned from ``numeric`` on when written to a file, and the headers
#: in the order a narrow terminal keeps them. Money reads in the row's currency, ratios
#: as percentages, lengths as hours:minutes (:func:`hhtools.reports.cells.column_text`);
#: csv, json and parquet keep the frame's minor units and ratios.
_Shown = tuple[tuple[tuple[str, str], ...], int, list[str]]
_SESSIONS: _Shown = (
    (("player", "player"), ("session", "session"), ("start", "start"), ("game", "game"),
     ("structure", "limit"), ("stakes", "stakes"), ("currency", "currency"), ("site", "site"),
     ("minutes", "length"), ("hands", "hands"), ("net_won", "net"), ("bb_per_100", "bb/100"),
     ("net_per_hour", "per hour")), 8,
    ["player", "session", "start", "hands", "net", "game", "stakes", "bb/100", "per hour",
     "limit", "currency", "length", "site"],
)  # fmt: skip
_TOURNAMENTS: _Shown = (
    (("tournament_id", "tournament"), ("player", "player"), ("game", "game"),
     ("structure", "limit"), ("currency", "currency"), ("first_hand", "first hand"),
     ("site", "site"), ("hands", "hands"), ("place", "place"), ("buy_in_amount", "buy-in"),
     ("prize", "prize"), ("bounties", "bounties"), ("roi", "ROI")), 7,
    ["tournament", "player", "place", "buy-in", "prize", "bounties", "ROI", "hands", "game",
     "currency", "first hand", "limit", "site"],
)  # fmt: skip
_TOTALS: _Shown = (
    (("player", "player"), ("currency", "currency"), ("site", "site"),
     ("tournaments", "tournaments"), ("finished", "finished"), ("cashes", "cashes"),
     ("itm", "ITM"), ("buy_ins", "buy-ins"), ("prizes", "prizes"), ("net", "net"), ("roi", "ROI"),
     ("hands", "hands")), 3,
    ["player", "currency", "tournaments", "buy-ins", "prizes", "net", "ROI", "ITM", "finished",
     "cashes", "hands", "site"],
)  # fmt: skip

ByOpt = Annotated[
    list[str] | None,
    typer.Option("--by", help="Group by player, site, game, limit, stakes, table, position, "
                 "month or session (repeat, or comma-separate, for several; default player).",
                 show_default=False),
]  # fmt: skip
#: sessions and tournaments write parquet too (FormatOption's help names table, csv, json)
ListingFormatOpt = Annotated[
    str, typer.Option("--format", "-f", help="table, csv, json or parquet.")
]
OutOpt = Annotated[Path | None, typer.Option(
    "--out", "-o", help="Write here; a name ending .csv, .json or .parquet picks that format.",
    show_default=False)]  # fmt: skip


def stats_cmd(
    db: DbOption = Path(DEFAULT_DB),
    by: ByOpt = None,
    player: PlayerOpt = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    site: SiteOpt = None,
    game: GameOpt = None,
    limit: LimitOpt = None,
    stakes: StakesOpt = None,
    currency: CurrencyOpt = None,
    position: PositionOpt = None,
    hand_class: HandClassOpt = None,
    min_hands: MinHandsOpt = None,
    session_gap: Annotated[
        int, typer.Option("--session-gap", help="Minutes without a hand that end a session.")
    ] = 30,
    fmt: Annotated[str, typer.Option("--format", "-f", help="table, csv, json or parquet.")] = (
        "table"
    ),
    out: OutOpt = None,
    wide: WideOption = False,
    dataset: DatasetOption = None,
) -> None:
    """Player statistics as a tracker counts them (PokerTracker 4 definitions: see
    'hhtools schema'): VPIP, PFR, 3-bet, c-bet, AF, WTSD, W$SD, WWSF, hi/lo shares,
    net won and bb/100 per currency and limit, all-in EV.

    Exits with 1 when no hand matches, with 2 on bad input.
    """
    from hhtools.store.stats import NoSuchPlayerError, StatsError

    check_format(fmt, STATS_FORMATS)
    fmt = format_for_out(fmt, out, STATS_FORMATS)
    if fmt == "parquet" and out is None:
        fail("--format parquet needs --out FILE")
    groups = [g.strip() for item in (by or ["player"]) for g in item.split(",") if g.strip()]
    flt = build_filter(player, since, until, site, game, limit, stakes, currency, position,
                       hand_class, min_hands)  # fmt: skip
    if dataset:
        db = Path(dataset)  # named in messages
    store = open_store(db, dataset)
    try:
        if fmt == "table":
            frame, money = store.stats_frames(groups, session_gap=session_gap, **_fields(flt))
        else:
            frame = store.stats(groups, session_gap=session_gap, **_fields(flt))
        pending = _ev_pending(store)
    except NoSuchPlayerError as exc:
        fail(str(exc), code=EXIT_NO_DATA)
        return
    except StatsError as exc:
        fail(str(exc))
        return
    finally:
        store.close()
    if frame.is_empty():
        fail(f"no hands ({flt.describe()}) in {db}", code=EXIT_NO_DATA)
    if fmt == "table":
        _table(frame, money, out, title=f"Statistics (percent): {flt.describe()}", wide=wide)
    else:
        _emit(frame, fmt, out, title="")
    if pending:  # (hhtools ev writes a DuckDB store only: a dataset is read-only)
        how = ("'hhtools ev' works on a DuckDB store only" if dataset
               else f"run 'hhtools ev --db {db}'")  # fmt: skip
        sys.stderr.write(
            f"{plural(pending, 'hand')} with an all-in before the river "
            f"{'has' if pending == 1 else 'have'} not been looked at for all-in equity "
            f"(ev_net counts {'its' if pending == 1 else 'their'} result): {how}\n"
        )


#: Rows a listing's table (sessions, tournaments) shows in a terminal, the first in its
#: order; ``--out FILE``, the other formats and a pipe hold them all.
TERMINAL_ROWS = 1000

#: Groups the terminal's tables show (the first, in the tables' order: most hands first,
#: time order by month or session); ``--out FILE`` and the other formats hold them all.
TABLE_GROUPS = 100


def _table(frame: pl.DataFrame, money: pl.DataFrame, out: Path | None, title: str,
           wide: bool = False) -> None:  # fmt: skip
    """The terminal's two tables: the ratios (as percentages), then the money per
    currency and betting structure; narrowed to the terminal unless ``wide``; the
    first :data:`TABLE_GROUPS` groups only (a line says how many there are), as a
    table of 10,000 players takes minutes to draw and more to read."""
    from hhtools.model.money import format_money
    from hhtools.reports.report import STRUCTURE_SHORT

    shown = _table_columns(frame)
    groups = frame.height
    if out is None and groups > TABLE_GROUPS:
        dims = frame.columns[: frame.columns.index("hands")]
        frame = frame.head(TABLE_GROUPS)
        money = money.join(frame.select(dims), on=dims, how="semi", nulls_equal=True)
    short = {"limit": STRUCTURE_SHORT}  # PL, FL, NL in both tables
    ratio_rows = [tuple(short.get(c, {}).get(row[c], _cell(row[c], kind)) for c, _, kind in shown)
                  for row in frame.iter_rows(named=True)]  # fmt: skip
    dims = frame.columns[: frame.columns.index("hands")]
    heads = [*dims, "currency", *(["limit"] if "structure" in money.columns else []), "hands",
             "net won", "bb/100", "EV net", "EV bb/100"]  # fmt: skip
    money_rows = []
    for row in money.iter_rows(named=True):
        cur = row["currency"]
        money_rows.append((
            *(str(row[d]) for d in dims), cur,
            *([STRUCTURE_SHORT.get(row["structure"], row["structure"])]
              if "structure" in money.columns else []),
            f"{row['hands']:,}", format_money(row["net_won"], cur), _cell(row["bb_per_100"], "number"),
            format_money(row["ev_net"], cur), _cell(row["allin_adj_bb_per_100"], "number"),
        ))  # fmt: skip
    if out is None:
        render([h for _, h, _ in shown], ratio_rows, "table", title=title, wide=wide,
               priority=[*dims, "hands", *_RATIO_PRIORITY], keep=len(dims) + 1)
        render(heads, money_rows, "table", title="Money, per currency and limit", wide=wide,
               priority=[*dims, *_MONEY_PRIORITY], keep=heads.index("hands") + 2)
        if groups > frame.height:
            console(wide).print(Text(
                f"the first {frame.height:,} of {groups:,} groups ({', '.join(dims)}) in both "
                "tables: --out FILE writes them all, as do --format csv, json and parquet"))
        return
    from hhtools.reports.report import text_table

    def block(headers: list[str], rows: list[tuple[str, ...]], numeric: int) -> str:
        cells = [list(col) for col in zip(*rows, strict=True)] if rows else [[] for _ in headers]
        return text_table(headers, cells, numeric)

    text = (block([h for _, h, _ in shown], ratio_rows, len(dims)) + "\n"
            + block(heads, money_rows, heads.index("hands")))  # fmt: skip
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {out}: {os_reason(exc)}")
    sys.stderr.write(f"wrote {out}\n")


def _fields(flt: Any) -> dict[str, Any]:
    return {k: getattr(flt, k) for k in flt.__slots__}


def _ev_pending(store: Any) -> int:
    """Hands with an all-in before the river not yet looked at by ``hhtools ev`` (0 on a
    store without the tables)."""
    from hhtools.store.ev_status import PENDING

    try:
        return int(store.con.execute(PENDING).fetchall()[0][0])
    except Exception:  # a read-only store of an older schema: no allin_hands table
        return 0


def _table_columns(frame: pl.DataFrame) -> list[tuple[str, str, str]]:
    """(column, header, kind) of the terminal table: the groups, hands, the ratios as
    percentages (scoop and quartered when there were hi/lo showdowns), AF."""
    cols: list[tuple[str, str, str]] = []
    for c in frame.columns[: frame.columns.index("hands") + 1]:
        cols.append((c, c, "text"))
    for c, header in _SHOWN:
        if c in ("scoop", "quartered") and not frame[f"{c}_opportunities"].sum():
            continue
        cols.append((c, header, "percent"))
    cols.append(("af", "AF", "number"))
    return cols


def _emit(frame: pl.DataFrame, fmt: str, out: Path | None, title: str, wide: bool = False,
          priority: list[str] | None = None) -> None:  # fmt: skip
    """Write a frame as a table (floats to two decimals; narrowed by ``priority``
    unless ``wide``), CSV, JSON or Parquet (big-blind columns rounded to
    :data:`~hhtools.reports.cells.BB_DECIMALS` places)."""
    if fmt != "table":
        from hhtools.reports.cells import round_big_blinds

        frame = round_big_blinds(frame)
    try:
        if fmt == "parquet":
            assert out is not None
            frame.write_parquet(out)
            sys.stderr.write(f"wrote {out}\n")
            return
        if fmt == "csv" and out is not None:
            frame.write_csv(out)
            sys.stderr.write(f"wrote {out}\n")
            return
        if fmt == "json" and out is not None:
            frame.write_json(out)
            sys.stderr.write(f"wrote {out}\n")
            return
    except OSError as exc:
        fail(f"cannot write {out}: {os_reason(exc)}")
    if fmt in ("csv", "json"):
        render(frame.columns, frame.rows(), fmt)
        return
    shown = [(c, c, "number" if frame[c].dtype.is_float() else "text") for c in frame.columns]
    rows = [tuple(_cell(row[c], kind) for c, _, kind in shown)
            for row in frame.iter_rows(named=True)]  # fmt: skip
    if out is not None:
        from hhtools.reports.report import text_table

        try:
            numeric = next((i for i, (_, _, k) in enumerate(shown) if k != "text"), len(shown))
            cells = [list(col) for col in zip(*rows, strict=True)] if rows else [[] for _ in shown]
            out.write_text(text_table([h for _, h, _ in shown], cells, numeric), encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {out}: {os_reason(exc)}")
        sys.stderr.write(f"wrote {out}\n")
        return
    render([h for _, h, _ in shown], rows, "table", title=title, wide=wide, priority=priority,
           keep=2 if priority else 1)


def _cell(value: Any, kind: str) -> str:
    if value is None:
        return ""
    if kind == "percent":
        return f"{100 * value:.1f}"
    if kind == "number" and isinstance(value, float):
        return f"{value:,.2f}"
    if kind == "number":
        return f"{value:,}"
    return str(value)


def sessions_cmd(
    db: DbOption = Path(DEFAULT_DB),
    player: PlayerOpt = None,
    gap: Annotated[int, typer.Option("--gap", help="Minutes without a hand that end a session.")] = 30,
    fmt: ListingFormatOpt = "table",
    out: OutOpt = None,
    wide: WideOption = False,
) -> None:
    """Each player's sessions: hands at any tables with no gap over --gap minutes, with
    the length, hands, net won, bb/100 and net won per hour.

    Money reads in each row's currency ($1.25; chips as counts) in the table; csv, json
    and parquet keep minor units (cents, or chips) as the store does.
    """

    def fetch(store: Any) -> list[tuple[pl.DataFrame, str, _Shown]]:
        return [(store.sessions(player, gap), "Sessions (times UTC where the site's zone is "
                 "known; length from the first hand's start to the last's)", _SESSIONS)]

    _listing(db, fmt, out, f"no sessions in {db}", fetch, wide)


def tournaments_cmd(
    db: DbOption = Path(DEFAULT_DB),
    player: PlayerOpt = None,
    fmt: ListingFormatOpt = "table",
    out: OutOpt = None,
    wide: WideOption = False,
    totals: Annotated[bool, typer.Option("--totals", help="Only the totals per player and "
                      "currency (in every format).")] = False,
) -> None:
    """Per tournament and player: buy-in, place, prize, bounties won, ROI; then each
    player's totals per currency: tournaments, finished, cashes, ITM %, buy-ins, prizes,
    net and ROI (over the tournaments whose finish the histories tell).

    Money reads in the buy-in's currency in the table; csv, json and parquet keep minor
    units and ratios (roi 1.0 = +100%), the tournaments or, with --totals, the totals.
    """

    def fetch(store: Any) -> list[tuple[pl.DataFrame, str, _Shown]]:
        if player:
            store.check_player(player)
        total = (store.tournament_totals(player), "Tournament totals per player and currency "
                 "(money over the tournaments finished)", _TOTALS)  # fmt: skip
        if totals:
            return [total]
        return [(store.tournaments(player), "Tournaments", _TOURNAMENTS), total]

    _listing(db, fmt, out, f"no tournament hands in {db}", fetch, wide)


def _listing(db: Path, fmt: str, out: Path | None, empty: str,
             fetch: Callable[[Any], list[tuple[pl.DataFrame, str, _Shown]]],
             wide: bool = False) -> None:  # fmt: skip
    """Open the store, fetch its frames (each with a title and how to show it), write
    them: a table people read of each, or the first frame in a machine format; an
    unknown player or nothing found exits 1, a bad value 2."""
    from hhtools.store.stats import NoSuchPlayerError, StatsError

    check_format(fmt, STATS_FORMATS)
    fmt = format_for_out(fmt, out, STATS_FORMATS)
    if fmt == "parquet" and out is None:
        fail("--format parquet needs --out FILE")
    store = open_store(db)
    try:
        parts = fetch(store)
    except NoSuchPlayerError as exc:
        fail(str(exc), code=EXIT_NO_DATA)
        return
    except (StatsError, ValueError) as exc:
        fail(str(exc))
        return
    except Exception as exc:  # a store this version cannot read
        fail(f"cannot read {db}: {str(exc).splitlines()[0]}")
        return
    finally:
        store.close()
    if parts[0][0].is_empty():
        fail(empty, code=EXIT_NO_DATA)
    if fmt != "table":
        _emit(parts[0][0], fmt, out, title="")
        return
    from hhtools.reports.cells import display_columns, text_table

    blocks = []
    terminal = out is None and Console().is_terminal
    for frame, title, (columns, numeric, priority) in parts:
        rows = frame.height
        if terminal and rows > TERMINAL_ROWS:  # rich draws every cell: 30 s for 20,000 rows
            frame = frame.head(TERMINAL_ROWS)
        heads, cells = display_columns(frame, [c for c, _ in columns], dict(columns))
        if out is not None:
            blocks.append(text_table(heads, cells, numeric))
            continue
        render(heads, list(zip(*cells, strict=True)), "table", title=title, wide=wide,
               priority=priority, keep=2)  # fmt: skip
        if frame.height < rows:
            console(wide).print(Text(
                f"the first {frame.height:,} of {rows:,} rows (in a terminal): --player "
                "narrows them; --out FILE, --format csv or a pipe holds them all"))  # fmt: skip
    if out is not None:
        try:
            out.write_text("\n".join(blocks), encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {out}: {os_reason(exc)}")
        sys.stderr.write(f"wrote {out}\n")


def ev_cmd(
    db: DbOption = Path(DEFAULT_DB),
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-j", min=1, help="Worker processes (default: CPUs)."),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Work out the all-in equity of every stored hand whose money went in before the
    river with every hand still in known (view allin_ev; used by 'hhtools stats')."""
    run_ev(db, workers, quiet)


def run_ev(db: Path, workers: int | None, quiet: bool) -> None:
    """Compute the missing all-in equity with a progress bar; print what came of it."""
    import os

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from hhtools.store import db as store
    from hhtools.store.ev import compute_allin_equity

    if not db.exists():
        fail(f"no database at {db}: run 'hhtools import' first")
    try:
        con = store.connect(db)
    except Exception as exc:
        fail(f"cannot open {db}: {str(exc).splitlines()[0]}")
        return
    progress = Progress("all-in equity", BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=Console(stderr=True), disable=quiet)  # fmt: skip
    task = progress.add_task("ev", total=None)
    try:
        with progress:
            summary = compute_allin_equity(
                con, workers=workers or os.cpu_count() or 1,
                on_progress=lambda done, total: progress.update(task, completed=done, total=total),
            )  # fmt: skip
    except KeyboardInterrupt:
        sys.stderr.write("interrupted: the hands done so far are stored; run it again for the rest\n")
        raise typer.Exit(130) from None
    finally:
        con.close()
    looked = sum(summary.values())
    if not looked:
        console().print(Text("no new all-in hands to work out"))
        return
    console().print(Text(
        f"all-in hands: {summary['computed']:,} worked out, {summary['money_on_river']:,} "
        f"with money still going in on the river, {summary['uncalled']:,} that nobody "
        f"stayed in against, {summary['unknown_cards']:,} with a hand "
        f"still in unknown, {plural(summary['error'], 'error')} (allin_hands.status)"))  # fmt: skip

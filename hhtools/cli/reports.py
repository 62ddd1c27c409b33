"""``hhtools report``, ``show`` and ``export``: answers from the store, rendered."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table
from rich.text import Text

from hhtools.cli.common import (
    DEFAULT_DB,
    EXIT_NO_DATA,
    DatasetOption,
    DbOption,
    WideOption,
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
    from hhtools.reports.report import ReportFilter
    from hhtools.store.api import HandStore

REPORT_FORMATS = ("table", "csv", "json", "parquet", "html")
#: Result rows the terminal table shows (most hands first); ``--out`` writes them all.
TABLE_ROWS = 50
#: The report table's columns a narrow terminal keeps first, after the groups, hands and
#: net won: the results, then the style (the rest after these).
REPORT_PRIORITY = ["net_bb", "bb_per_100", "vpip", "pfr", "scooped", "quartered",
                   "won_at_showdown", "went_to_showdown", "won_high", "won_low",
                   "rake_paid"]  # fmt: skip


def report_cmd(
    db: DbOption = Path(DEFAULT_DB),
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
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="table, csv, json, parquet or html.")
    ] = "table",
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write here (html defaults to report.html); a "
                     "name ending .csv, .json, .parquet or .html picks that format."),
    ] = None,
    wide: WideOption = False,
    dataset: DatasetOption = None,
) -> None:
    """Results per player, game, structure, stakes and currency; findings; a chart (html).

    Exits with 1 when no hand matches the filters, with 2 on bad input (an unknown
    game or format, a file that cannot be written).
    """
    from hhtools.reports.cells import display_rows
    from hhtools.reports.output import write
    from hhtools.reports.report import CHART_PLAYERS, build_report
    from hhtools.store.stats import NoSuchPlayerError

    if fmt not in REPORT_FORMATS:
        fail(f"unknown format {fmt!r}: use {', '.join(REPORT_FORMATS)}")
    fmt = format_for_out(fmt, out, REPORT_FORMATS)
    flt = build_filter(player, since, until, site, game, limit, stakes, currency, position,
                       hand_class, min_hands)  # fmt: skip
    if fmt == "parquet" and out is None:
        fail("--format parquet needs --out FILE")
    if fmt == "html" and out is None:
        out = Path("report.html")
    if dataset:
        db = Path(dataset)  # named in messages
    store = open_store(db, dataset)
    try:
        charted = CHART_PLAYERS if fmt == "html" else 0  # only the page has a chart
        report = build_report(store, flt, chart_players=charted)
    except NoSuchPlayerError as exc:
        fail(str(exc), code=EXIT_NO_DATA)
        return
    except Exception as exc:
        fail(str(exc).splitlines()[0])
        return
    finally:
        store.close()
    if report.hands == 0:
        fail(no_hands_message(report.filter, db), code=EXIT_NO_DATA)
    if report.results.is_empty():  # hands, but no row with --min-hands of them
        fail(f"no row of {report.filter.describe()} in {db}", code=EXIT_NO_DATA)
    if fmt == "table" and out is None:
        out_console = console(wide)
        shown = report.results.head(TABLE_ROWS)
        columns, rows = display_rows(shown)
        groups = [c for c in ("player", "game", "limit", "stakes", "currency") if c in columns]
        render(columns, [tuple(r) for r in rows], "table", wide=wide, keep=len(groups) + 2,
               priority=[*groups, "hands", "net_won", *REPORT_PRIORITY],
               title=f"Results: {report.filter.describe()} ({plural(report.hands, 'hand')})")
        if report.results.height > shown.height:
            out_console.print(Text(
                f"{shown.height:,} of {plural(report.results.height, 'row')} (most hands first): "
                "--out FILE writes them all, as do --format csv, json and parquet."))  # fmt: skip
        totals = ", ".join(f"{k}: {v:,}" for k, v in report.totals.items())
        out_console.print(Text(totals))
        kinds = ", ".join(f"{k}: {n:,}" for k, n in report.findings.iter_rows())
        out_console.print(Text(f"findings: {kinds or 'none'}"))
        out_console.print(Text(report.judged_line()))
        return
    try:
        text = write(report, fmt, out)
    except OSError as exc:  # no such folder, a folder in the way, no permission...
        fail(f"cannot write {out}: {os_reason(exc)}")
        return
    if text is not None:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    elif fmt == "html" and out is not None:
        from hhtools.reports.output import files_folder

        sys.stderr.write(f"wrote {out} and the folder it reads, {files_folder(out)}\n")
    else:
        sys.stderr.write(f"wrote {out}\n")


def no_hands_message(flt: ReportFilter, db: Path) -> str:
    """Why a report is empty, in words.

    Args:
        flt: the filter that matched no hand.
        db: the database file.

    Returns:
        e.g. ``no hands for game omaha5, since 2030-01-01 in hhtools.duckdb``.
    """
    return f"no hands ({flt.describe()}) in {db}"


def show_cmd(
    hand_id: Annotated[str, typer.Argument(help="The site's hand number.")],
    db: DbOption = Path(DEFAULT_DB),
    site: Annotated[str | None, typer.Option("--site", help="When numbers clash.")] = None,
    as_html: Annotated[bool, typer.Option("--html", help="Write the replay as one "
                       "self-contained HTML page instead of printing it.")] = False,
    out_file: Annotated[Path | None, typer.Option("--out", help="The HTML file to write "
                        "(default hand-<site>-<id>.html here); implies --html.")] = None,
    dataset: DatasetOption = None,
) -> None:
    """Replay one hand street by street, with the showdown read by the rules.

    With ``--html`` (or ``--out FILE``) the replay is written as one self-contained
    HTML page instead of printed.
    """
    from hhtools.store.unstored import why_not_stored

    if dataset:
        db = Path(dataset)  # named in messages
    store = open_store(db, dataset)
    try:
        data = store.hand(hand_id, site)
        elsewhere = (store.hand(hand_id)["hands"]["site"].to_list()
                     if site is not None and data["hands"].height == 0 else [])  # fmt: skip
        why = why_not_stored(store, hand_id) if data["hands"].height == 0 else ""
    finally:
        store.close()
    hands = data["hands"]
    if elsewhere:  # the number is stored, under another site than --site says
        fail(f"no hand {hand_id} of {site} in {db}; it is stored for "
             f"{', '.join(elsewhere)}: give --site {elsewhere[0]}, or leave --site out",
             code=1)  # fmt: skip
    if hands.height == 0:  # one a reading left out says why: a problem, or a note
        fail(f"no hand {hand_id}{f' of {site}' if site else ''} in {db}{why}", code=1)
    if hands.height > 1:
        sites = ", ".join(hands["site"].to_list())
        fail(f"hand {hand_id} is in several sites ({sites}): add --site")
    if as_html or out_file is not None:
        import re

        from hhtools.reports.output import replacing
        from hhtools.reports.replay_html import replay_page

        row = hands.row(0, named=True)
        if out_file is None:  # a safe file name whatever the site's hand number holds
            stem = re.sub(r"[^A-Za-z0-9._-]", "_", f"hand-{row['site']}-{row['hand_id']}")
            out_file = Path(stem + ".html")
        try:
            with replacing(out_file) as fh:  # a link named like the page is replaced
                fh.write(replay_page(data))
        except OSError as exc:
            fail(f"cannot write {out_file}: {os_reason(exc)}")
        console().print(Text(f"wrote {out_file}"), soft_wrap=True)
        return
    from hhtools.reports.replay import replay_lines

    out = console()  # no emoji codes, no highlighting; wide when piped
    for line in replay_lines(data):
        style = ""
        if line.startswith("***"):
            style = "bold"
        elif "<-- differs" in line or line.startswith("  award_mismatch"):
            style = "red"
        # data as Text: a player named "[bold]Bob" or ":x:" prints as written
        out.print(Text(line, style=style), soft_wrap=True)


def export_cmd(
    out_dir: Annotated[Path, typer.Argument(help="Folder to write into (created).")],
    db: DbOption = Path(DEFAULT_DB),
    fmt: Annotated[str, typer.Option("--format", "-f", help="parquet, phh or ohh.")] = "parquet",
) -> None:
    """Export the store: Parquet (one file per table and view), PHH or OHH.

    PHH (pokerkit's format) has a variant code for two Omaha games only:
    PO (pot-limit Omaha) and FO/8 (fixed-limit Omaha hi/lo). Hands of the
    other games (Omaha hi/lo pot-limit and no-limit, Omaha limit and
    no-limit, 5- and 6-card Omaha, Courchevel) are left out, as are hands
    pokerkit could not replay to the history's stacks (a board run twice,
    money the room added, bets the rules do not allow); the summary counts
    them per game and per reason.

    OHH (Open Hand History, one JSON object per line) writes every hand of
    every game, one .jsonl file per site and game.
    """
    import duckdb

    if fmt not in ("parquet", "phh", "ohh"):
        fail(f"unknown format {fmt!r}: use parquet, phh or ohh")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # a file in the way, no permission...
        fail(f"cannot create folder {out_dir}: {os_reason(exc)}")
    # Parquet is written by DuckDB's COPY TO, which needs file access: that connection
    # alone has it (and runs hhtools's own statements only); PHH is written by Python.
    store = _open_for_export(db) if fmt == "parquet" else open_store(db)
    try:
        if fmt == "parquet":
            from hhtools.reports.parquet import export_parquet

            written = export_parquet(store, out_dir)
            table = Table(title=Text(f"Parquet files in {out_dir}"))
            table.add_column("file")
            table.add_column("rows", justify="right")
            for name, n in written.items():
                table.add_row(Text(f"{name}.parquet"), f"{n:,}")
            console().print(table)
        elif fmt == "ohh":
            from hhtools.reports.ohh import export_ohh

            done = export_ohh(store, out_dir)
            games = ", ".join(f"{g}: {n:,}" for g, n in sorted(done.games.items()))
            console().print(Text(
                f"wrote {done.hands:,} hands to {len(done.files)} OHH file(s) in {out_dir} "
                f"({games or 'no hands'})"
            ))  # fmt: skip
        else:
            from hhtools.reports.phh import export_phh

            summary = export_phh(store, out_dir)
            out = console()
            out.print(Text(f"wrote {summary.hands:,} hands to {len(summary.files)} PHH "
                           f"file(s) in {out_dir}; finishing_stacks are after the site's rake: "
                           "each file's header names the pokerkit call that replays a hand "
                           "with it"))  # fmt: skip
            if summary.skipped_games:
                out.print(Text("left out, no PHH variant code for the game (PHH and pokerkit "
                               "name only PO, pot-limit Omaha, and FO/8, fixed-limit Omaha "
                               "hi/lo eight or better):"))  # fmt: skip
                for g, n in sorted(summary.skipped_games.items()):
                    out.print(Text(f"  {g}: {n:,} hand{'s' if n != 1 else ''}"))
            if summary.left_out:
                out.print(Text("left out, PHH cannot carry them so that pokerkit replays "
                               "them as played:"))  # fmt: skip
                for reason, n in sorted(summary.left_out.items()):
                    out.print(Text(f"  {reason}: {n:,} hand{'s' if n != 1 else ''}"))
    except (OSError, duckdb.IOException) as exc:  # disk full, no permission...
        reason = os_reason(exc) if isinstance(exc, OSError) else str(exc).splitlines()[0]
        fail(f"cannot write into {out_dir}: {reason}")
    finally:
        store.close()


def _open_for_export(db: Path) -> HandStore:
    """The store with file access, for the Parquet export's own COPY statements only.

    Raises:
        typer.Exit: (2) the database is missing or cannot be opened.
    """
    from hhtools.store.api import HandStore

    try:
        return HandStore(db, external_access=True)
    except FileNotFoundError as exc:
        fail(str(exc))
    except Exception as exc:
        fail(f"cannot open {db}: {str(exc).splitlines()[0]}")

"""``hhtools report``, ``show`` and ``export``: answers from the store."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from hhtools.cli.store_cmds import DEFAULT_DB, DbOption, console, render
from hhtools.model.money import format_money

if TYPE_CHECKING:
    from hhtools.store.api import HandStore
    from hhtools.reports.report import ReportFilter

#: Exit code of bad input (an unknown game, an unwritable path...).
EXIT_BAD_INPUT = 2
#: Exit code of a valid question with nothing to answer (no hands match the filters).
EXIT_NO_DATA = 1


def _fail(message: str, code: int = EXIT_BAD_INPUT) -> None:
    """Print ``error: message`` as one plain line on stderr and exit with ``code``.

    The message is never read as rich markup (player names and paths may hold
    brackets) and its whitespace is collapsed so that it stays on one line.

    Raises:
        typer.Exit: always, with ``code``.
    """
    sys.stderr.write(f"error: {' '.join(message.split())}\n")
    raise typer.Exit(code)


def _os_reason(exc: OSError) -> str:
    """The reason of an OS error in words, e.g. ``No such file or directory``."""
    if isinstance(exc, FileExistsError):
        return "it exists and is not a folder"
    return exc.strerror or str(exc).split(" (os error")[0]


def _open(db: Path) -> HandStore:
    from hhtools.store.api import connect

    try:
        return connect(db)
    except FileNotFoundError as exc:
        _fail(str(exc))
    except Exception as exc:
        _fail(f"cannot open {db}: {str(exc).splitlines()[0]}")
    raise AssertionError  # unreachable


def _money(amount: int | None, currency: str) -> str:
    return "" if amount is None else format_money(int(amount), currency)


# --------------------------------------------------------------------------------------
# report
# --------------------------------------------------------------------------------------

REPORT_FORMATS = ("table", "csv", "json", "parquet", "html")


def report_cmd(
    db: DbOption = Path(DEFAULT_DB),
    player: Annotated[str | None, typer.Option("--player", help="One player only.")] = None,
    game: Annotated[
        str | None, typer.Option("--game", help="One game, e.g. omaha-hilo (hands.game).")
    ] = None,
    since: Annotated[
        str | None,
        typer.Option("--since", help="Hands from this day on, YYYY-MM-DD (the site's clock)."),
    ] = None,
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="table, csv, json, parquet or html.")
    ] = "table",
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write here (html defaults to report.html)."),
    ] = None,
) -> None:
    """Results per player, game, stakes and currency; findings; a winnings chart (html).

    Exits with 1 when no hand matches the filters, with 2 on bad input (an unknown
    game or format, a file that cannot be written).
    """
    from datetime import date

    from hhtools.rules.evaluator import GAMES
    from hhtools.reports.report import ReportFilter, build_report, display_rows, write

    if fmt not in REPORT_FORMATS:
        _fail(f"unknown format {fmt!r}: use {', '.join(REPORT_FORMATS)}")
    if game is not None and game not in GAMES:
        _fail(f"unknown game {game!r}: use one of {', '.join(GAMES)}")
    if since:
        try:
            date.fromisoformat(since[:10])
        except ValueError:
            _fail(f"--since wants a day as YYYY-MM-DD, got {since!r}")
    if fmt == "parquet" and out is None:
        _fail("--format parquet needs --out FILE")
    if fmt == "html" and out is None:
        out = Path("report.html")
    store = _open(db)
    try:
        report = build_report(store, ReportFilter(player, game, since))
    except Exception as exc:
        _fail(str(exc).splitlines()[0])
        return
    finally:
        store.close()
    if report.hands == 0:
        _fail(no_hands_message(report.filter, db), code=EXIT_NO_DATA)
    if fmt == "table":
        out_console = console()
        columns, rows = display_rows(report.results)
        render(columns, [tuple(r) for r in rows], "table",
               title=f"Results: {report.filter.describe()} ({report.hands:,} hands)")  # fmt: skip
        totals = ", ".join(f"{k}: {v:,}" for k, v in report.totals.items())
        out_console.print(Text(totals))
        kinds = ", ".join(f"{k}: {n:,}" for k, n in report.findings.iter_rows())
        out_console.print(Text(f"findings: {kinds or 'none'}"))
        return
    try:
        text = write(report, fmt, out)
    except OSError as exc:  # no such folder, a folder in the way, no permission...
        _fail(f"cannot write {out}: {_os_reason(exc)}")
        return
    if text is not None:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    else:
        sys.stderr.write(f"wrote {out}\n")


def no_hands_message(flt: ReportFilter, db: Path) -> str:
    """Why a report is empty, in words.

    Args:
        flt: the :class:`hhtools.report.ReportFilter` that matched no hand.
        db: the database file.

    Returns:
        e.g. ``no hands for player NoSuchGuy in hhtools.duckdb`` or
        ``no hands of game omaha5 since 2030-01-01 in hhtools.duckdb``.
    """
    parts = ["no hands"]
    if flt.player:
        parts.append(f"for player {flt.player}")
    if flt.game:
        parts.append(f"of game {flt.game}")
    if flt.since:
        parts.append(f"since {flt.since}")
    return " ".join(parts) + f" in {db}"


# --------------------------------------------------------------------------------------
# show
# --------------------------------------------------------------------------------------

_STREETS = ("preflop", "flop", "turn", "river")


def _action_words(a: dict[str, Any], currency: str) -> str:
    kind = a["kind"]
    m = lambda v: _money(v, currency)  # noqa: E731
    if kind == "post":
        what = f"posts {str(a['post'] or '').replace('_', ' ')} {m(a['amount'])}"
    elif kind in ("fold", "check"):
        what = kind + "s"
    elif kind == "call":
        what = f"calls {m(a['amount'])}"
    elif kind == "bet":
        what = f"bets {m(a['amount'])}"
    else:
        what = f"raises {m(a['amount'])} to {m(a['to_amount'])}"
    return f"{a['player']}: {what}" + (" and is all-in" if a["all_in"] else "")


def show_lines(data: dict[str, Any]) -> list[str]:
    """The hand replayed as plain lines (used by ``hhtools show`` and its tests).

    Args:
        data: :meth:`hhtools.api.HandStore.hand` of one hand (frames per table).

    Returns:
        Lines: header, seats, each street with its actions and the pot after it,
        the showdown (each hand's best high and low five), what the site paid and
        what the rules pay per pot and half, and the findings.
    """
    hand = data["hands"].row(0, named=True)
    cur = hand["currency"]
    m = lambda v: _money(v, cur)  # noqa: E731
    lines = [
        f"Hand {hand['hand_id']} ({hand['site']}): {hand['game']} {hand['structure']} "
        f"{hand['stakes']} {cur}, table {hand['table_name']!r}, {hand['started_at']} "
        f"{hand['time_zone'] or ''}".rstrip(),
        f"{hand['file']}:{hand['line']}",
        "",
    ]
    seats = list(data["seats"].iter_rows(named=True))
    for s in seats:
        button = " (button)" if s["is_button"] else ""
        cards = f" [{s['hole_cards']}]" if s["hole_cards"] else ""
        lines.append(f"Seat {s['seat']}: {s['player']} {m(s['stack'])}{button}{cards}")
    actions = list(data["actions"].iter_rows(named=True))
    boards = list(data["boards"].iter_rows(named=True))
    board0 = boards[0] if boards else {"flop": None, "turn": None, "river": None}
    returned = sum(s["returned"] or 0 for s in seats)
    last_street = max((_STREETS.index(a["street"]) for a in actions
                       if a["street"] in _STREETS), default=0)  # fmt: skip
    pot = 0
    for i, street in enumerate(_STREETS):
        acts = [a for a in actions if a["street"] == street]
        dealt = {"flop": board0["flop"], "turn": board0["turn"], "river": board0["river"]}
        if street != "preflop" and not dealt.get(street) and not acts:
            continue
        head = f"*** {street.upper()} ***"
        if street != "preflop":
            shown = " ".join(c for c in (board0["flop"], board0["turn"], board0["river"])[:i] if c)
            head += f" [{shown}]"
        lines += ["", head]
        for a in acts:
            pot += a["added"] or 0
            lines.append("  " + _action_words(a, cur))
        if i == last_street and returned:
            for s in seats:
                if s["returned"]:
                    lines.append(f"  uncalled bet {m(s['returned'])} returned to {s['player']}")
            pot -= returned
        lines.append(f"  pot after the {street}: {m(pot)}")
    if len(boards) > 1:
        lines += ["", "Boards: " + " | ".join(b["cards"] for b in boards)]
    lines += ["", f"Total pot {m(hand['total_pot'])}, rake {m(hand['rake'])}"]

    sds = list(data["showdowns"].iter_rows(named=True))
    if sds:
        lines += ["", "*** SHOWDOWN (read by the rules: two hole cards, three board cards) ***"]
        for sd in sds:
            board = f" (board {sd['board'] + 1})" if len(boards) > 1 else ""
            high = (f"{sd['high_cards']} ({sd['high_category']})" if sd["high_cards"]
                    else "no complete board")  # fmt: skip
            lines.append(f"  {sd['player']}{board} [{sd['hole_cards']}]: high {high}")
            if hand["hi_lo"]:
                low = (f"{sd['low_cards']} ({sd['low_ranks']})" if sd["low_cards"]
                       else "no qualifying low")  # fmt: skip
                lines.append(f"      low {low}")
            said = "; ".join(x for x in (sd["declared_high"], sd["declared_low"]) if x)
            if said:
                lines.append(f"      the site said: {said}")
    shown_players = {sd["player"] for sd in sds}
    for s in seats:
        if s["hole_cards"] and s["folded"] is None and s["player"] not in shown_players and sds:
            lines.append(f"  {s['player']} mucked [{s['hole_cards']}]")

    awards = list(data["awards"].iter_rows(named=True))
    if awards:
        lines += ["", "Paid by the site / due by the rules:"]
        for a in awards:
            pot_name = "main pot" if a["pot"] == 0 else f"side pot {a['pot']}"
            half = "" if a["half"] == "all" else f", {a['half']}"
            board = f", board {a['board'] + 1}" if len(boards) > 1 else ""
            flag = "" if a["due"] is None or a["paid"] == a["due"] else "   <-- differs"
            tag = " (scoop)" if a["scoop"] and hand["hi_lo"] else ""
            tag += " (quarter)" if a["quarter"] else ""
            lines.append(
                f"  {pot_name}{half}{board}: {a['player']} paid {m(a['paid'])}, "
                f"due {m(a['due'])}{tag}{flag}"
            )
    findings = list(data["findings"].iter_rows(named=True))
    lines += [""]
    if findings:
        lines.append("Findings:")
        for f in findings:
            who = f" {f['player']}" if f["player"] else ""
            lines.append(f"  {f['kind']}{who}: {f['explanation']}")
    else:
        lines.append("No findings: the site paid this hand by the rules.")
    return lines


def show_cmd(
    hand_id: Annotated[str, typer.Argument(help="The site's hand number.")],
    db: DbOption = Path(DEFAULT_DB),
    site: Annotated[str | None, typer.Option("--site", help="When numbers clash.")] = None,
) -> None:
    """Replay one hand street by street, with the showdown read by the rules."""
    store = _open(db)
    try:
        data = store.hand(hand_id, site)
    finally:
        store.close()
    hands = data["hands"]
    if hands.height == 0:
        _fail(f"no hand {hand_id} in {db}", code=1)
    if hands.height > 1:
        sites = ", ".join(hands["site"].to_list())
        _fail(f"hand {hand_id} is in several sites ({sites}): add --site")
    out = console()  # no emoji codes, no highlighting; wide when piped
    for line in show_lines(data):
        style = ""
        if line.startswith("***"):
            style = "bold"
        elif "<-- differs" in line or line.startswith("  award_mismatch"):
            style = "red"
        # data as Text: a player named "[bold]Bob" or ":x:" prints as written
        out.print(Text(line, style=style), soft_wrap=True)


# --------------------------------------------------------------------------------------
# export
# --------------------------------------------------------------------------------------


def export_cmd(
    out_dir: Annotated[Path, typer.Argument(help="Folder to write into (created).")],
    db: DbOption = Path(DEFAULT_DB),
    fmt: Annotated[str, typer.Option("--format", "-f", help="parquet or phh.")] = "parquet",
) -> None:
    """Export the store: Parquet (one file per table and view) or PHH (pokerkit's format)."""
    import duckdb

    if fmt not in ("parquet", "phh"):
        _fail(f"unknown format {fmt!r}: use parquet or phh")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # a file in the way, no permission...
        _fail(f"cannot create folder {out_dir}: {_os_reason(exc)}")
    store = _open(db)
    try:
        if fmt == "parquet":
            written = export_parquet(store, out_dir)
            table = Table(title=Text(f"Parquet files in {out_dir}"))
            table.add_column("file")
            table.add_column("rows", justify="right")
            for name, n in written.items():
                table.add_row(Text(f"{name}.parquet"), f"{n:,}")
            console().print(table)
        else:
            from hhtools.reports.phh import export_phh

            summary = export_phh(store, out_dir)
            skipped = ", ".join(f"{g}: {n:,}" for g, n in sorted(summary.skipped_games.items()))
            console().print(Text(
                f"wrote {summary.hands:,} hands to {len(summary.files)} PHH file(s) in "
                f"{out_dir}; skipped {summary.skipped:,} hands with no PHH variant code "
                f"({skipped or 'none'})"
            ))  # fmt: skip
    except (OSError, duckdb.IOException) as exc:  # disk full, no permission...
        reason = _os_reason(exc) if isinstance(exc, OSError) else str(exc).splitlines()[0]
        _fail(f"cannot write into {out_dir}: {reason}")
    finally:
        store.close()


def export_parquet(store: HandStore, out_dir: Path) -> dict[str, int]:
    """Write every table and view of ``store`` as ``out_dir/<name>.parquet``.

    Args:
        store: an open store (views present).
        out_dir: an existing folder.

    Returns:
        Rows written per table or view, in schema order.
    """
    from hhtools.store.db import TABLES
    from hhtools.store.views import VIEWS

    written: dict[str, int] = {}
    for name in [*TABLES, *VIEWS]:
        path = out_dir / f"{name}.parquet"
        quoted = str(path).replace("'", "''")
        store.con.execute(f"COPY (SELECT * FROM {name}) TO '{quoted}' (FORMAT parquet)")
        written[name] = int(
            store.con.execute(f"SELECT count(*) FROM read_parquet('{quoted}')").fetchall()[0][0]
        )
    return written

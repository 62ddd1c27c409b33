"""``hhtools draws``: a hand's outs, wraps, nuts and low facts; or fill the store's table.

Examples::

    hhtools draws --game omaha --board "9h 8s 2d" --hand "Jh Ts 7d 6c" --json
    hhtools draws --fill --db hands.duckdb

``--json`` prints one object: ``game``, ``board``, ``hand``, ``qualifier`` (null in a
high-only game) and every field of :class:`hhtools.rules.draws.Draws`: ``street``,
``unseen``, ``high``, ``low``, the card lists ``straight_outs``, ``flush_outs``,
``full_house_outs``, ``low_outs``, ``nut_outs``, ``nut_low_outs``,
``improving_outs``, ``redraw_outs``, ``counterfeited``, and ``wrap``, ``nuts``,
``nut_low``, ``redraw``, ``protected_low``, ``low_possible``, ``low_draw``,
``live_low``. The definitions, with the rule texts they come from, are in
:mod:`hhtools.rules.draws`.

``--fill`` analyses every stored hand with known hole cards not analysed yet into the
``draws`` table (views ``wraps`` and ``counterfeits``), as ``hhtools import --draws``
does after an import.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from hhtools.cli.common import DEFAULT_DB, DbOption, console, fail, plural
from hhtools.model.vocab import QUALIFIERS

__all__ = ["draws_cmd", "run_draws"]

#: the card lists, in the order the table shows them
_LISTS = ("straight_outs", "flush_outs", "full_house_outs", "low_outs", "nut_outs",
          "nut_low_outs", "improving_outs", "redraw_outs", "counterfeited")  # fmt: skip
_LOW_ONLY = ("low_outs", "nut_low_outs", "counterfeited")


def draws_cmd(
    game: Annotated[str, typer.Option(help="omaha, omaha-hilo, omaha5, PLO8, Big O...")] = "omaha",
    board: Annotated[str, typer.Option(help='The board so far: "9h 8s 2d", 3, 4 or 5 cards.')] = "",
    hand: Annotated[str, typer.Option(help='The player\'s hole cards: "Jh Ts 7d 6c".')] = "",
    dead: Annotated[str, typer.Option(help="Cards known to be out of the deck.")] = "",
    qualifier: Annotated[int, typer.Option(help="Low qualifier for hi/lo: 8, 9 or 7.")] = 8,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    fill: Annotated[
        bool,
        typer.Option(
            "--fill", help="Analyse the stored hands not yet analysed into the draws table."
        ),
    ] = False,
    db: DbOption = Path(DEFAULT_DB),
    workers: Annotated[
        int | None, typer.Option("--workers", "-j", min=1, help="Worker processes for --fill.")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Outs by kind, wraps, the nuts and the low facts of one hand on a flop or turn."""
    if fill:
        run_draws(db, workers, quiet)
        return
    from hhtools.model.cards import cards_str, parse_cards
    from hhtools.rules.draws import analyse
    from hhtools.rules.games import get_game

    try:
        if not hand.strip() or not board.strip():
            raise ValueError("give --hand and --board (or --fill)")
        rule = get_game(game)
        if qualifier not in QUALIFIERS:
            raise ValueError(f"--qualifier must be 8, 9 or 7, got {qualifier}")
        d = analyse(hand, board, rule, qualifier=qualifier, dead=dead)
        hand_cards = cards_str(parse_cards(hand))
        board_cards = cards_str(parse_cards(board))
    except ValueError as exc:  # InvalidCardError, InvalidHandError, UnknownGameError...
        fail(str(exc))
    out: dict[str, Any] = {"game": rule.name, "board": board_cards.split(),
                           "hand": hand_cards.split()}  # fmt: skip
    out |= d.as_dict()
    out["qualifier"] = qualifier if rule.hi_lo else None
    if as_json:
        typer.echo(json.dumps(out))
        return
    console().print(_table(out))


def _table(d: dict[str, Any]) -> Table:
    """Two columns, what and its value; card lists fold to fit 100 columns."""
    title = f"{d['game']}  {' '.join(d['hand'])}  on  {' '.join(d['board'])}  ({d['street']})"
    table = Table(title=Text(title), show_header=True)
    table.add_column("what", no_wrap=True)
    table.add_column("value", overflow="fold", max_width=78)
    yes = {True: "yes", False: "no"}
    table.add_row("high now", d["high"] + ("  (the nuts)" if d["nuts"] else ""))
    if d["hi_lo"]:
        low = d["low"] or "none"
        table.add_row("low now", low + ("  (the nut low)" if d["nut_low"] else ""))
        table.add_row("low on the board", "possible" if d["low_possible"] else
                      "can still come" if d["low_draw"] else "not possible")  # fmt: skip
        table.add_row("protected nut low", yes[d["protected_low"]])
        table.add_row("live low card", d["live_low"] or "none")
    table.add_row("wrap", yes[d["wrap"]])
    table.add_row("redraw", yes[d["redraw"]])
    for name in _LISTS:
        if name in _LOW_ONLY and not d["hi_lo"]:
            continue
        cards = d[name]
        label = name.replace("_", " ")
        table.add_row(f"{label} ({len(cards)})", " ".join(cards) or "-")
    if d["unseen"]:
        table.add_row("cards that could come", str(d["unseen"]))
    return table


def run_draws(db: Path, workers: int | None, quiet: bool) -> None:
    """Fill ``draws`` for the hands not analysed yet, with a progress bar; say what came of it."""
    import os

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from hhtools.store import db as store
    from hhtools.store.draws import fill_draws

    if not db.exists():
        fail(f"no database at {db}: run 'hhtools import' first")
    try:
        con = store.connect(db)
    except Exception as exc:
        fail(f"cannot open {db}: {str(exc).splitlines()[0]}")
        return
    progress = Progress("draws", BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=Console(stderr=True), disable=quiet)  # fmt: skip
    task = progress.add_task("draws", total=None)
    try:
        with progress:
            summary = fill_draws(
                con, workers=workers or os.cpu_count() or 1,
                on_progress=lambda done, total: progress.update(task, completed=done, total=total),
            )  # fmt: skip
    except KeyboardInterrupt:
        sys.stderr.write(
            "interrupted: the hands done so far are stored; run it again for the rest\n"
        )
        raise typer.Exit(130) from None
    finally:
        con.close()
    looked = summary["analysed"] + summary["error"]
    if not looked:
        console().print(Text("no new hands with known hole cards to analyse"))
        return
    console().print(Text(
        f"draws: {plural(summary['analysed'], 'hand')} analysed, "
        f"{plural(summary['rows'], 'row')} (draws), {plural(summary['error'], 'error')} "
        "(draws_hands.status)"))  # fmt: skip

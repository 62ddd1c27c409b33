"""``hhtools showdown``: who wins which part of a pot, with which five cards.

Example::

    hhtools showdown --game omaha-hilo --board "2s 5c Th 7d 8c" \\
        --hand Alan="As 4s 5h Kc" --hand Bryan="Ah 3h Ts Tc" --pot 400 --json

Hands are awarded in the order given, the first hand being first clockwise from the
button (it receives the odd unit of a tied half). ``--json`` prints one object::

    {"players": {NAME: {"high": {"category": ..., "cards": [...]},
                        "low": {"cards": [...]} | null,
                        "high_share": "1/2", "low_share": "1/4", "amount": 200}},
     "high_winners": [...], "low_winners": [...]}

Shares are the exact fractions of the whole pot by the rules before rounding to
units (``"1/2"``, ``"1/4"``, ``"1/6"``, ``"1"``, ``"0"``); ``amount`` is the exact
integer number of units paid from ``--pot``, the odd units placed by the rules (see
:mod:`hhtools.rules.settlement`). Bad input prints one line on stderr and exits with 2.

Without ``--json`` the result is a table that stays readable at 80 columns: cells
wrap (and fold) rather than being cut, and a scoop or a quarter is marked in a
column of its own. Player names are printed as written, never read as markup.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from hhtools.cli.common import fail
from hhtools.model.vocab import QUALIFIERS

if TYPE_CHECKING:  # the rules load their tables: only when a showdown is asked for
    from hhtools.rules.settlement import Showdown

def _parse_hand(text: str) -> tuple[str, str]:
    name, sep, cards = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise ValueError(f"--hand must be NAME=CARDS, got {text!r}")
    return name, cards


def _parse_int(option: str, text: str) -> int:
    # Parsed here rather than by typer so that bad input is one line, like the rest.
    try:
        return int(text.strip())
    except ValueError:
        raise ValueError(f"{option} must be an integer, got {text!r}") from None


def showdown_json(result: Showdown) -> dict[str, Any]:
    """The ``--json`` object of a settled showdown (see the module docstring)."""
    award = result.award
    players: dict[str, Any] = {}
    for p in result.players:
        share = award.shares[p.player]
        players[p.player] = {
            "high": {"category": str(p.high.category), "cards": list(p.high.cards)},
            "low": None if p.low is None else {"cards": list(p.low.cards)},
            "high_share": str(share.high_fraction),
            "low_share": str(share.low_fraction),
            "amount": share.total,
        }
    return {
        "players": players,
        "high_winners": list(award.high_winners),
        "low_winners": list(award.low_winners),
    }


def showdown_table(result: Showdown) -> Table:
    """The plain-output table of a settled showdown.

    One row per hand, in the order given. Columns: ``Player``; ``Hole``; ``High``
    (category, then the five cards); ``Low`` (ranks, then the five cards, or ``no
    low``); ``Hi`` and ``Lo`` (the exact shares of the whole pot, e.g. ``1/2`` and
    ``1/4``); ``Won`` (units); ``Note`` (``scoop`` or ``quarter``). A high-only
    game has ``Share`` for ``Hi``, no ``Low`` or ``Lo`` and no scoops. Every cell
    is :class:`rich.text.Text`, so names are never read as markup, and every column
    wraps or folds instead of cutting its text, which keeps the table readable at
    80 columns.

    Args:
        result: from :func:`hhtools.settlement.settle_showdown`.

    Returns:
        A :class:`rich.table.Table`.
    """
    award = result.award
    title = f"{result.game}  board {' '.join(result.board)}  pot {award.amount}"
    if result.qualifier is not None:
        title += f"  low {result.qualifier} or better"
    hi_lo = result.qualifier is not None
    table = Table(title=Text(title))
    columns = ("Player", "Hole", "High", "Low", "Hi", "Lo", "Won", "Note")
    for column in columns if hi_lo else ("Player", "Hole", "High", "Share", "Won", "Note"):
        right = column in ("Hi", "Lo", "Share", "Won")
        table.add_column(column, justify="right" if right else "left", overflow="fold")
    for p in result.players:
        share = award.shares[p.player]
        note = ""
        if hi_lo and award.scooped(p.player) and len(result.players) > 1:
            note = "scoop"
        elif award.quartered(p.player):
            note = "quarter"
        high = f"{p.high.category}\n{' '.join(p.high.cards)}"
        cells = [p.player, " ".join(p.hole), high]
        if hi_lo:
            low = "no low" if p.low is None else f"{p.low.ranks}\n{' '.join(p.low.cards)}"
            cells += [low, str(share.high_fraction), str(share.low_fraction)]
        else:
            cells.append(str(share.high_fraction))
        cells += [str(share.total), note]
        table.add_row(*(Text(c) for c in cells))
    return table


def showdown(
    game: Annotated[
        str,
        typer.Option(
            help="omaha, omaha-hilo, omaha5, omaha5-hilo, omaha6, omaha6-hilo, "
            "courchevel or courchevel-hilo."
        ),
    ],
    board: Annotated[str, typer.Option(help='The five board cards, e.g. "2s 5c Th 7d 8c".')],
    hand: Annotated[
        list[str],
        typer.Option(
            help='NAME="CARDS", repeated; the first is first clockwise from the button.'
        ),
    ],
    pot: Annotated[str, typer.Option(help="Pot in integer units (cents or chips).")] = "100",
    qualifier: Annotated[
        str | None,
        typer.Option(
            help="Low qualifier for hi/lo games: 8 (default), 9 or 7. "
            "Ignored for high-only games."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Award a pot by the rules: best high and low of each hand, shares and amounts."""
    try:
        hands = [_parse_hand(h) for h in hand]
        units = _parse_int("--pot", pot)
        q = None if qualifier is None else _parse_int("--qualifier", qualifier)
        if q is not None and q not in QUALIFIERS:
            raise ValueError(f"--qualifier must be 8, 9 or 7, got {q}")
        from hhtools.rules.settlement import settle_showdown

        result = settle_showdown(game, board, hands, units, q)
    except ValueError as exc:  # our InvalidCardError, UnknownGameError, ... all are
        fail(str(exc))
    if as_json:
        typer.echo(json.dumps(showdown_json(result)))
    else:
        from hhtools.cli.common import console

        console().print(showdown_table(result))  # no emoji codes; 100 columns when piped

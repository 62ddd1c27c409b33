"""``hhtools equity``: each hand's chances over the boards to come, by the rules.

Example::

    hhtools equity --game omaha-hilo --board "Ks 7d 3c" \\
        --hand Ann="As Ad 2c 3h" --hand Ben="Kc Kd Qs Js" --hand Cat=A2xx --json

A hand is exact hole cards, a pattern (``AAxx``, ``A2xx``, ``KQJTds``) or class words
(``double-suited rundowns``): :mod:`hhtools.rules.ranges`. Every remaining board is
enumerated when no hand is a range and there are fewer than 2,000,000 boards;
otherwise ``--samples`` seeded deals, each value with its standard error.

``--json`` prints one object::

    {"game": "omaha-hilo", "board": [...], "dead": [...], "exact": true,
     "boards": 528, "seed": null, "qualifier": 8,
     "players": [{"name": "Ann", "hand": "As Ad 2c 3h", "equity": 0.2888, "win": ...,
                  "tie": ..., "scoop": ..., "high": ..., "low": ..., "std_error": 0.0}]}

``equity`` is the expected share of the pot (0..1); ``win`` the share of boards on
which the hand takes the whole pot alone (``scoop`` in hi/lo, the same number);
``tie`` the share of boards on which it takes part of the pot; ``high`` and ``low``
the expected share of the pot won through each half (hi/lo only).
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from hhtools.cli.common import console, fail
from hhtools.model.vocab import QUALIFIERS

__all__ = ["equity_cmd"]


def equity_cmd(
    hand: Annotated[
        list[str],
        typer.Option(help='NAME="CARDS" or NAME=RANGE (AAxx, A2xx, "double-suited rundowns"), '
                     "repeated, two or more."),
    ],
    game: Annotated[str, typer.Option(help="omaha, omaha-hilo, omaha5, PLO8, Big O...")] = "omaha",
    board: Annotated[str, typer.Option(help='The board so far: "", "Ks 7d 3c", 4 or 5 cards.')] = "",
    dead: Annotated[str, typer.Option(help="Cards known to be out of the deck.")] = "",
    qualifier: Annotated[int, typer.Option(help="Low qualifier for hi/lo: 8, 9 or 7.")] = 8,
    samples: Annotated[int, typer.Option(help="Deals when sampling (ranges).")] = 50_000,
    seed: Annotated[int, typer.Option(help="Seed of the sample (same seed, same deals).")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Each hand's equity (win, tie; scoop, high and low in hi/lo) over the boards to come."""
    from hhtools.model.cards import cards_str, parse_cards
    from hhtools.rules.equity import hand_odds
    from hhtools.rules.games import get_game
    from hhtools.rules.ranges import hand_text, parse_hand

    try:
        rule = get_game(game)
        if qualifier not in QUALIFIERS:
            raise ValueError(f"--qualifier must be 8, 9 or 7, got {qualifier}")
        if samples < 1:
            raise ValueError(f"--samples must be at least 1, got {samples}")
        names, hands = [], []
        for text in hand:
            name, sep, spec = text.partition("=")
            if not sep or not name.strip():
                raise ValueError(f"--hand must be NAME=CARDS or NAME=RANGE, got {text!r}")
            names.append(name.strip())
            hands.append(parse_hand(spec, rule.hole_cards))
        if len(set(names)) != len(names):
            raise ValueError("two hands have the same name")
        odds = hand_odds(hands, board, hole_cards=rule.hole_cards, hi_lo=rule.hi_lo,
                         qualifier=qualifier, dead=dead, samples=samples, seed=seed,
                         names=names)  # fmt: skip
        board_cards = cards_str(parse_cards(board)) if board.strip() else ""
        dead_cards = cards_str(parse_cards(dead)) if dead.strip() else ""
    except ValueError as exc:  # InvalidCardError, InvalidHandError, UnknownGameError...
        fail(str(exc))
    players: list[dict[str, Any]] = []
    for i, (name, h) in enumerate(zip(names, hands, strict=True)):
        p: dict[str, Any] = {"name": name, "hand": hand_text(h), "equity": odds.equity[i],
                             "win": odds.win[i], "tie": odds.tie[i]}  # fmt: skip
        if rule.hi_lo:
            p |= {"scoop": odds.win[i], "high": odds.high[i], "low": odds.low[i]}
        p["std_error"] = odds.std_error[i]
        players.append(p)
    if as_json:
        typer.echo(json.dumps({
            "game": rule.name, "board": board_cards.split(), "dead": dead_cards.split(),
            "exact": odds.exact, "boards": odds.boards, "seed": None if odds.exact else seed,
            "qualifier": qualifier if rule.hi_lo else None, "players": players,
        }))  # fmt: skip
        return
    console().print(_table(rule.name, rule.hi_lo, qualifier, board_cards, players))
    how = (f"exact: every one of {odds.boards:,} boards" if odds.exact else
           f"sampled: {odds.boards:,} deals, seed {seed}; ± is one standard error")  # fmt: skip
    console().print(Text(how))


def _table(game: str, hi_lo: bool, qualifier: int, board: str, players: list[dict[str, Any]]
           ) -> Table:
    title = f"{game}  board {board or '(none)'}" + (f"  low {qualifier} or better" if hi_lo else "")
    table = Table(title=Text(title))
    columns = ["player", "hand", "equity", "win", "tie"] + (["high", "low"] if hi_lo else [])
    for c in columns:
        table.add_column(c, justify="left" if c in ("player", "hand") else "right",
                         overflow="fold")  # fmt: skip
    for p in players:
        eq = f"{100 * p['equity']:.2f}%"
        if p["std_error"]:
            eq += f" ± {100 * p['std_error']:.2f}"
        cells = [p["name"], p["hand"], eq, f"{100 * p['win']:.2f}%", f"{100 * p['tie']:.2f}%"]
        if hi_lo:
            cells += [f"{100 * p['high']:.2f}%", f"{100 * p['low']:.2f}%"]
        table.add_row(*(Text(c) for c in cells))
    return table

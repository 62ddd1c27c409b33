"""The filters ``stats`` and ``report`` share: one option each, one way to check them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from hhtools.cli.common import fail

if TYPE_CHECKING:
    from hhtools.store.stats import StatsFilter

PlayerOpt = Annotated[
    str | None, typer.Option("--player", help="One player (any case).", show_default=False)
]
SinceOpt = Annotated[
    str | None,
    typer.Option("--since", help="Hands from: YYYY-MM-DD, 'YYYY-MM-DD HH:MM', today, "
                 "yesterday, this week/month/year, last week/month/year, 'last 30 days'.",
                 show_default=False),
]  # fmt: skip
UntilOpt = Annotated[
    str | None,
    typer.Option("--until", help="Hands before (same forms as --since).", show_default=False),
]
SiteOpt = Annotated[
    str | None, typer.Option("--site", help="One site (pokerstars, ggpoker...).",
                             show_default=False)  # fmt: skip
]
GameOpt = Annotated[
    str | None,
    typer.Option("--game", help="One game: omaha, omaha-hilo, omaha5... or PLO, PLO8, O8, "
                 "PLO5, Big O, PLO6.", show_default=False),
]  # fmt: skip
LimitOpt = Annotated[
    str | None,
    typer.Option("--limit", help="Betting structure: PL (pot limit), FL (fixed limit), NL.",
                 show_default=False),
]  # fmt: skip
StakesOpt = Annotated[
    str | None, typer.Option("--stakes", help="Stakes as printed, e.g. 0.25/0.50.",
                             show_default=False)  # fmt: skip
]
CurrencyOpt = Annotated[
    str | None, typer.Option("--currency", help="USD, EUR... PLAY or CHIPS.", show_default=False)
]
PositionOpt = Annotated[
    str | None,
    typer.Option("--position", help="SB, BB, UTG, UTG+1, UTG+2, MP, LJ, HJ, CO or BTN.",
                 show_default=False),
]  # fmt: skip
HandClassOpt = Annotated[
    list[str] | None,
    typer.Option("--hand-class", help="Known hole cards of a class (repeat for all of "
                 "several): pair, aces, double_suited, single_suited, rainbow, rundown, a2.",
                 show_default=False),
]  # fmt: skip
MinHandsOpt = Annotated[
    int | None, typer.Option("--min-hands", help="Leave out rows with fewer hands.",
                             show_default=False)  # fmt: skip
]


def build_filter(
    player: str | None = None,
    since: str | None = None,
    until: str | None = None,
    site: str | None = None,
    game: str | None = None,
    limit: str | None = None,
    stakes: str | None = None,
    currency: str | None = None,
    position: str | None = None,
    hand_class: list[str] | None = None,
    min_hands: int | None = None,
) -> StatsFilter:
    """The filter of the options given, checked: exit 2 with one line on a bad value."""
    from hhtools.store.stats import StatsError, StatsFilter

    flt = StatsFilter(
        player=player, since=since, until=until, site=site, game=game, limit=limit,
        stakes=stakes, currency=currency, position=position,
        hand_class=tuple(hand_class or ()), min_hands=min_hands,
    )  # fmt: skip
    try:
        flt.where()
    except StatsError as exc:
        fail(str(exc))
    return flt

"""The hands a query of the Python API keeps: its filters as one SQL condition on ``hands``.

:class:`hhtools.store.api.HandStore` passes the condition to
:func:`hhtools.store.views.filtered_select`, so every method filters hands the same
way ``hhtools stats`` reads ``--game``, ``--since``, ``--until`` and ``--player``.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from hhtools.store.stats import StatsFilter

__all__ = ["hands_condition"]


def hands_condition(
    game: str | None = None,
    since: date | datetime | str | None = None,
    until: date | datetime | str | None = None,
    player: str | None = None,
) -> tuple[str | None, list[Any]]:
    """A SQL condition on ``hands`` and its parameters, for :func:`filtered_select`.

    Args:
        game: only hands of this game (``hands.game``, e.g. ``omaha-hilo``, or an
            abbreviation: ``PLO8``, which also keeps pot-limit hands only).
        since: only hands started at or after this day or moment (the site's clock).
        until: only hands started before this day or moment.
        player: only hands this player was dealt in (any case).

    Returns:
        ``(condition, params)``; ``(None, [])`` when nothing filters.

    Raises:
        StatsError: a game name that is neither a game nor an abbreviation.

    >>> hands_condition(game="omaha", since="2024-03-01")
    ('game = ? AND started_at >= CAST(? AS TIMESTAMP)', ['omaha', '2024-03-01'])
    """
    parts: list[str] = []
    params: list[Any] = []
    if game:  # the game and, for PLO8 or FLO8, its limit: as stats reads --game
        conditions, values = StatsFilter(game=game).hand_conditions()
        parts += [c.removeprefix("h.") for c in conditions]
        params += values
    if since:
        parts.append("started_at >= CAST(? AS TIMESTAMP)")
        params.append(str(since))
    if until:
        parts.append("started_at < CAST(? AS TIMESTAMP)")
        params.append(str(until))
    if player:
        parts.append(
            "EXISTS (SELECT 1 FROM seats s WHERE s.site = main.hands.site "
            "AND s.hand_id = main.hands.hand_id AND lower(s.player) = lower(?))"
        )
        params.append(player)
    return (" AND ".join(parts) or None), params

"""The hands a query of the Python API keeps: its filters as one SQL condition on ``hands``.

:class:`hhtools.store.api.HandStore` passes the condition to
:func:`hhtools.store.views.filtered_select`, so every method filters hands the same
way ``hhtools stats`` reads ``--game``, ``--since``, ``--until`` and ``--player``.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from hhtools.store.stats import StatsFilter, parse_when

__all__ = ["findings_condition", "hands_condition"]


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
        since: only hands started at or after this day or moment (the site's clock):
            a ``date``, a ``datetime``, ``YYYY-MM-DD[ HH:MM[:SS]]`` or words such as
            ``last month`` or ``last 30 days`` (:func:`hhtools.store.stats.parse_when`).
        until: only hands started before this day or moment (the same forms).
        player: only hands this player was dealt in (any case).

    Returns:
        ``(condition, params)``; ``(None, [])`` when nothing filters.

    Raises:
        StatsError: a game name that is neither a game nor an abbreviation; a
            ``since`` or ``until`` that is no time (the message lists the forms).

    >>> where, params = hands_condition(game="omaha", since="2024-03-01")
    >>> where
    'game = ? AND started_at >= CAST(? AS TIMESTAMP)'
    >>> params
    ['omaha', datetime.datetime(2024, 3, 1, 0, 0)]
    """
    parts: list[str] = []
    params: list[Any] = []
    if game:  # the game and, for PLO8 or FLO8, its limit: as stats reads --game
        conditions, values = StatsFilter(game=game).hand_conditions()
        parts += [c.removeprefix("h.") for c in conditions]
        params += values
    if since:  # a day, a moment or words, as stats reads --since
        parts.append("started_at >= CAST(? AS TIMESTAMP)")
        params.append(parse_when(since))
    if until:
        parts.append("started_at < CAST(? AS TIMESTAMP)")
        params.append(parse_when(until))
    if player:
        parts.append(
            "EXISTS (SELECT 1 FROM seats s WHERE s.site = main.hands.site "
            "AND s.hand_id = main.hands.hand_id AND lower(s.player) = lower(?))"
        )
        params.append(player)
    return (" AND ".join(parts) or None), params


def findings_condition(kind: str | None = None, player: str | None = None) -> tuple[str, list[Any]]:
    """A ``WHERE`` clause on view ``misreads`` and its parameters, for
    :meth:`hhtools.store.api.HandStore.findings`.

    Args:
        kind: only findings of this kind (a :class:`~hhtools.model.vocab.FindingKind`
            value, e.g. ``award_mismatch``).
        player: only findings about this player (any case).

    Returns:
        ``(clause, params)``: ``" WHERE ..."``, or ``""`` when nothing filters.

    Raises:
        ValueError: a kind no version of hhtools reports (a typo would read as a store
            without such findings), with the kinds there are.

    >>> findings_condition("award_mismatch", "Ann")
    (' WHERE kind = ? AND lower(player) = lower(?)', ['award_mismatch', 'Ann'])
    """
    from hhtools.model.vocab import FindingKind

    parts: list[str] = []
    params: list[Any] = []
    if kind:
        if kind not in FindingKind.__members__.values():
            raise ValueError(f"unknown finding kind {kind!r}: use one of "
                             + ", ".join(k.value for k in FindingKind))  # fmt: skip
        parts.append("kind = ?")
        params.append(kind)
    if player:
        parts.append("lower(player) = lower(?)")
        params.append(player)
    return (" WHERE " + " AND ".join(parts)) if parts else "", params

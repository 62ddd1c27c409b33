"""SQL of the views about a player's play over time: sessions, tournaments, all-in EV.

Set-based SELECTs over the base tables, reaching their hands through ``hands`` like
every view of :mod:`hhtools.store.views` (which names and documents them).
"""

from __future__ import annotations

from hhtools.store.seat_results import counted_seat

__all__ = [
    "ALLIN_EV", "SESSIONS", "SESSION_GAP", "TOURNAMENTS", "cumulative_select", "session_select",
    "session_lengths", "sessions_from", "tournament_totals",
]

#: minutes without a hand that end a player's session (the ``sessions`` view)
SESSION_GAP = 30


def session_select(gap_minutes: int = SESSION_GAP, players: str | None = None) -> str:
    """Each seat dealt in with the start of its session: ``site, hand_id, player,
    session_start, net`` (the seat's ``net``, so that summing a session needs no join
    with ``seats``).

    A session is one player's run of hands on one site, at any tables, with no more
    than ``gap_minutes`` from one hand's start to the next (UTC when the site's zone
    is known, else the site's clock). Only the four narrow columns are sorted, twice
    (the gap to the player's previous hand, then the running count of gaps).

    Args:
        gap_minutes: the gap that ends a session.
        players: a table or SELECT of ``(site, player)`` to restrict the work to, or
            ``None`` for every player.

    Raises:
        ValueError: a gap below one minute.
    """
    gap = int(gap_minutes)
    if gap < 1:
        raise ValueError(f"the session gap must be 1 minute or more, not {gap_minutes}")
    only = f" AND (s.site, s.player) IN (SELECT site, player FROM {players})" if players else ""
    return f"""
SELECT site, hand_id, player,
       min(moment) OVER (PARTITION BY site, player, session) AS session_start, net
FROM (
    SELECT *, sum(new) OVER (PARTITION BY site, player ORDER BY moment, hand_id
                             ROWS UNBOUNDED PRECEDING) AS session
    FROM (
        SELECT *, CASE WHEN moment - lag(moment) OVER (PARTITION BY site, player
                                                       ORDER BY moment, hand_id)
                            <= INTERVAL {gap} MINUTE THEN 0 ELSE 1 END AS new
        FROM (
            SELECT s.site, s.hand_id, s.player, s.net,
                   coalesce(h.started_at_utc, h.started_at) AS moment
            FROM seats s JOIN hands h ON h.site = s.site AND h.hand_id = s.hand_id
            WHERE {counted_seat("s")}{only}
        )
    )
)"""


def sessions_from(seat_sessions: str) -> str:
    """The ``sessions`` view's SELECT over a table or SELECT of ``(site, hand_id,
    player, session_start, net)`` (the stored ``seat_sessions``, or
    :func:`session_select`): one GROUP BY, then the session's number and end by
    windows over its few rows.

    Columns: ``site, player, session, start, end, game, structure, stakes, currency,
    hands, net_won`` (minor units), ``bb_per_100``, ``minutes`` (DOUBLE: from the
    session's first hand's start to its last's; 0 for one hand) and ``net_per_hour``
    (the row's net won over the session's length, minor units rounded to a unit; NULL
    when the length is 0). A session that changed game or stakes has a row for each,
    all with the session's start, end and length.
    """
    return session_lengths(f"""
WITH x AS (
    SELECT x.site, x.player, x.session_start, x.net, h.game, h.structure, h.stakes,
           h.currency, x.net::DOUBLE / nullif(h.big_blind, 0) AS net_bb,
           coalesce(h.started_at_utc, h.started_at) AS moment
    FROM {seat_sessions} x JOIN hands h ON h.site = x.site AND h.hand_id = x.hand_id)
SELECT site, player,
       dense_rank() OVER (PARTITION BY site, player ORDER BY session_start) AS session,
       session_start AS start,
       max(max(moment)) OVER (PARTITION BY site, player, session_start) AS "end",
       game, structure, stakes, currency, count(*)::BIGINT AS hands,
       sum(net)::BIGINT AS net_won,
       100.0 * sum(net_bb) / count(*) AS bb_per_100
FROM x
GROUP BY site, player, session_start, game, structure, stakes, currency""")


def session_lengths(rows: str) -> str:
    """The rows of :func:`sessions_from` from a table or SELECT of its columns up to
    ``bb_per_100`` (``site, player, session, start, end, ..., bb_per_100``): with each
    session's ``minutes`` and ``net_per_hour`` worked out from its ``start``, ``end``
    and ``net_won`` (as :func:`sessions_from` says them).

    Args:
        rows: a table name or a SELECT (without parentheses).
    """
    return f"""
SELECT *, date_diff('second', start, "end") / 60.0 AS minutes,
       CASE WHEN "end" > start THEN round(net_won * 3600.0
            / date_diff('second', start, "end"))::BIGINT END AS net_per_hour
FROM ({rows})"""


SESSIONS = sessions_from("seat_sessions")

TOURNAMENTS = f"""
WITH played AS (
    SELECT h.site, h.tournament_id, s.player, any_value(h.game) AS game,
           any_value(h.structure) AS structure, count(*)::BIGINT AS hands,
           min(h.started_at) AS first_hand, max(h.started_at) AS last_hand,
           any_value(h.buy_in) AS buy_in, any_value(h.buy_in_amount) AS buy_in_amount,
           any_value(h.buy_in_currency) AS buy_in_currency
    FROM seats s JOIN hands h ON h.site = s.site AND h.hand_id = s.hand_id
    WHERE h.is_tournament AND {counted_seat("s")}
    GROUP BY h.site, h.tournament_id, s.player
), results AS (
    SELECT h.site, h.tournament_id, r.player, min(r.place) AS place,
           sum(r.prize) FILTER (WHERE r.place IS NOT NULL) AS prize,
           sum(coalesce(r.bounty, 0)) AS bounties, any_value(r.currency) AS currency
    FROM tournament_results r JOIN hands h ON h.site = r.site AND h.hand_id = r.hand_id
    GROUP BY h.site, h.tournament_id, r.player
)
SELECT p.site, p.tournament_id, p.player, p.game, p.structure, p.hands, p.first_hand, p.last_hand, p.buy_in,
       p.buy_in_amount, coalesce(p.buy_in_currency, r.currency) AS currency, r.place,
       CASE WHEN r.place IS NOT NULL THEN coalesce(r.prize, 0) END::BIGINT AS prize,
       coalesce(r.bounties, 0)::BIGINT AS bounties,
       CASE WHEN r.place IS NOT NULL AND p.buy_in_amount > 0 THEN
           (coalesce(r.prize, 0) + coalesce(r.bounties, 0) - p.buy_in_amount)::DOUBLE
           / p.buy_in_amount END AS roi
FROM played p LEFT JOIN results r
  ON r.site = p.site AND r.tournament_id = p.tournament_id AND r.player = p.player
"""

def tournament_totals(rows: str = "tournaments") -> str:
    """What each player's tournaments came to, one row per site, player and currency.

    Args:
        rows: a table or parenthesised SELECT with the ``tournaments`` view's columns.

    Returns:
        A SELECT of ``site, player, currency, tournaments`` (entered), ``finished``
        (the place is known), ``cashes`` (finished with a prize), ``buy_ins`` and
        ``prizes`` (prizes and bounties won) and ``net`` (prizes less buy-ins), minor
        units over the tournaments finished (a freeroll, or a buy-in the history does
        not state, counts 0; play money and chips in whole units; NULL when none is
        finished), ``roi`` (net over buy-ins) and ``itm`` (cashes over finished),
        ratios (1.0 = 100%), NULL without a buy-in or a finish; ``hands``.
    """
    return f"""
SELECT site, player, currency,
       count(*)::BIGINT AS tournaments,
       count(place)::BIGINT AS finished,
       count_if(place IS NOT NULL AND prize > 0)::BIGINT AS cashes,
       sum(coalesce(buy_in_amount, 0)) FILTER (WHERE place IS NOT NULL)::BIGINT AS buy_ins,
       sum(prize + bounties) FILTER (WHERE place IS NOT NULL)::BIGINT AS prizes,
       (prizes - buy_ins)::BIGINT AS net,
       CASE WHEN buy_ins > 0 THEN (prizes - buy_ins)::DOUBLE / buy_ins END AS roi,
       CASE WHEN finished > 0 THEN cashes::DOUBLE / finished END AS itm,
       sum(hands)::BIGINT AS hands
FROM {rows}
GROUP BY site, player, currency
"""

ALLIN_EV = """
WITH e AS (
    SELECT site, hand_id, board, player, any_value(street) AS street,
           sum(amount * (equity_high + equity_low)) AS ev_won, sum(amount) AS board_pots,
           bool_and(exact) AS exact, max(std_error) AS std_error, max(boards) AS boards
    FROM allin_equity GROUP BY site, hand_id, board, player
), b AS (
    SELECT site, hand_id, board, sum(gross)::DOUBLE
           / sum(sum(gross)) OVER (PARTITION BY site, hand_id) AS part
    FROM pots GROUP BY site, hand_id, board
)
SELECT e.site, e.hand_id, e.player, e.board, e.street,
       e.ev_won / nullif(e.board_pots, 0) AS equity,
       round(e.ev_won - (s.put_in - s.returned) * b.part)::BIGINT AS ev_net,
       round(s.net * b.part)::BIGINT AS net,
       e.exact, e.std_error, e.boards, h.game, h.structure, h.stakes, h.currency
FROM e
JOIN b ON b.site = e.site AND b.hand_id = e.hand_id AND b.board = e.board
JOIN seats s ON s.site = e.site AND s.hand_id = e.hand_id AND s.player = e.player
JOIN hands h ON h.site = e.site AND h.hand_id = e.hand_id
"""


def cumulative_select(counted: str, by_currency: bool) -> str:
    """The SELECT of a running net per player over their hands in time order.

    Args:
        counted: the SQL condition of a counted seat of ``seats s``
            (:func:`hhtools.store.seat_results.counted_seat`).
        by_currency: add a ``h.currency = ?`` parameter after the players' list.

    Returns:
        SQL with one parameter (the players' list), two with ``by_currency``, giving
        ``player``, ``currency``, ``n`` (the player's hand number, from 1),
        ``hand_id``, ``started_at``, ``net`` and ``cumulative`` (BIGINT minor units:
        DuckDB sums BIGINT as HUGEINT, cast back so that dividing by 100 gives exact
        currency units rather than a truncated DECIMAL).
    """
    cur = " AND h.currency = ?" if by_currency else ""
    return (
        "SELECT s.player, h.currency, row_number() OVER w AS n, s.hand_id, "
        "h.started_at, s.net, (sum(s.net) OVER w)::BIGINT AS cumulative "
        "FROM seats s JOIN hands h ON h.site = s.site AND h.hand_id = s.hand_id "
        f"WHERE list_contains(?, s.player) AND {counted}{cur} "
        "WINDOW w AS (PARTITION BY s.player, h.currency "
        "ORDER BY h.started_at, s.site, s.hand_id) ORDER BY s.player, h.currency, n"
    )

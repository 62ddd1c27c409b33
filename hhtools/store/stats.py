"""Player statistics as a tracker counts them: one GROUP BY over ``seats`` and ``hands``.

Every number is a sum of the per-seat facts stored at import
(:mod:`hhtools.store.seat_stats`, :mod:`hhtools.store.seat_results`), so each can be
checked with plain SQL: :func:`stats_sql` returns the one statement (counts per group,
currency and structure), :func:`ratios_of` sums its rows per group and divides,
:func:`money_of` gives its money per currency and structure. A ratio ``R`` comes
with ``R_count`` and ``R_opportunities``, the two sums it is made of, and is NULL when
there was no opportunity. Money is never summed across currencies or betting
structures: net won, big blinds per 100 hands and the all-in expectation come as one
column per currency and structure present (``net_won_USD_pot_limit``...), pivoted
beside the ratios, unless the grouping already holds the structure (``--by limit``).

Definitions (PokerTracker 4's, with the choices written out):

* ``hands``: hands dealt in, and hands a seat sitting out put chips in (a blind or
  an ante posted for a player who sits out, and a walk it won:
  :func:`hhtools.store.seat_results.counted_seat`), so that the money of every seat
  is counted and a table's net won adds up to minus its rake; such a seat made no
  choice, so it is in no ratio's opportunities.
* ``vpip``, ``pfr``: hands with money put in voluntarily / a raise preflop, over the
  hands dealt in except the big blind's walks.
* ``three_bet``, ``fold_to_three_bet``, ``cbet``, ``fold_to_cbet``: as
  :mod:`hhtools.store.seat_stats` defines their opportunities.
* ``af`` = postflop bets and raises / postflop calls; ``afq`` = bets and raises /
  (bets, raises, calls and folds), flop to river.
* ``wtsd``: at showdown having seen the flop, over hands that saw the flop.
* ``wsd``: won money at showdown (collected anything) over hands at showdown (all-in
  preflop showdowns included).
* ``wwsf``: won money (collected anything) over hands that saw the flop.
* ``scoop``, ``quartered``, ``won_high``, ``won_low``: hands at showdown in which the
  player scooped a hi/lo pot, shared a half (a quarter or a smaller part), won a
  high, won a low; over hands at showdown (``scoop``, ``quartered`` and ``won_low``
  over hi/lo hands at showdown only: a high-only game has no halves, so a player of
  high-only games alone has no ratio there, blank rather than 0).
* ``net_won``: ``seats.net`` (minor units); ``bb_per_100``: 100 x the sum over hands
  of net / big blind, over hands.
* ``ev_net``: ``allin_ev.ev_net`` for the hands with an all-in equity (every board
  together), ``net`` for the rest; ``allin_adj_bb_per_100`` the same per 100 hands.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any, Final

from hhtools.rules.games import implied_structure, resolve_game, resolve_structure
from hhtools.rules.holes import HOLE_CLASSES
from hhtools.rules.positions import POSITIONS
from hhtools.store.player_views import SESSION_GAP, session_select
from hhtools.store.seat_results import counted_seat

if TYPE_CHECKING:
    import polars as pl

__all__ = [
    "DEFINITIONS",
    "DIMENSIONS",
    "RATIOS",
    "NoSuchPlayerError",
    "StatsError",
    "StatsFilter",
    "group_names",
    "money_of",
    "parse_when",
    "ratios_of",
    "stats_sql",
    "wide_stats",
]



class StatsError(ValueError):
    """A filter or grouping that cannot be answered (the message says what to give)."""


class NoSuchPlayerError(StatsError):
    """A player name that matches no stored player (the message names the closest)."""


#: ``--by`` name -> its SQL over ``s`` (seats), ``h`` (hands) and ``x`` (the session)
DIMENSIONS: Final[dict[str, str]] = {
    "player": "s.player",
    "site": "s.site",
    "game": "h.game",
    "limit": "h.structure",
    "stakes": "h.stakes",
    "table": "h.table_name",
    "position": "coalesce(s.position_name, 'unknown')",
    "month": "coalesce(strftime(h.started_at, '%Y-%m'), 'unknown')",
    "session": "x.session_start",
}

#: ratio -> (SQL of its count, SQL of its opportunities)
RATIOS: Final[dict[str, tuple[str, str]]] = {
    "vpip": ("s.vpip_opportunity AND s.voluntary", "s.vpip_opportunity"),
    "pfr": ("s.vpip_opportunity AND s.preflop_raise", "s.vpip_opportunity"),
    "three_bet": ("s.three_bet", "s.three_bet_opportunity"),
    "fold_to_three_bet": ("s.fold_to_three_bet", "s.fold_to_three_bet_opportunity"),
    "cbet": ("s.cbet", "s.cbet_opportunity"),
    "fold_to_cbet": ("s.fold_to_cbet", "s.fold_to_cbet_opportunity"),
    "wtsd": ("s.at_showdown AND s.saw_flop", "s.saw_flop"),
    "wsd": ("s.at_showdown AND s.collected > 0", "s.at_showdown"),
    "wwsf": ("s.saw_flop AND s.collected > 0", "s.saw_flop"),
    "scoop": ("s.at_showdown AND h.hi_lo AND s.scooped > 0", "s.at_showdown AND h.hi_lo"),
    "quartered": ("s.at_showdown AND h.hi_lo AND s.quartered > 0", "s.at_showdown AND h.hi_lo"),
    "won_high": ("s.at_showdown AND s.pots_won_high > 0", "s.at_showdown"),
    "won_low": ("s.at_showdown AND h.hi_lo AND s.pots_won_low > 0", "s.at_showdown AND h.hi_lo"),
}

#: what each statistic counts, in words (``hhtools schema``; PokerTracker 4's
#: definitions, with where hhtools differs)
DEFINITIONS: Final[dict[str, str]] = {
    "hands": "hands dealt in, and hands a seat sitting out put chips in (blinds and antes "
             "posted for a player who sits out: their money counts; they are in no ratio)",
    "vpip": "voluntarily put money in the pot: called, bet or raised preflop (posts do not "
            "count), over hands dealt in less the big blind's walks (everyone folded to the "
            "big blind); as PT4",
    "pfr": "raised preflop, over the same hands as vpip; as PT4",
    "three_bet": "re-raised the open raise, over the times the player acted facing exactly "
                 "one preflop raise by another player (once per hand); as PT4",
    "fold_to_three_bet": "folded, over the times the player made the open raise and then "
                         "acted facing a re-raise (exactly two raises); as PT4",
    "cbet": "bet the flop, over the times the last preflop raiser acted on the flop with no "
            "bet before them; as PT4 (a donk bet before them takes the chance away)",
    "fold_to_cbet": "folded, over the times a player acted facing the c-bet with no raise "
                    "after it; as PT4",
    "af": "postflop aggression factor: bets and raises over calls, flop to river; as PT4",
    "afq": "postflop aggression frequency: bets and raises over bets, raises, calls and "
           "folds, flop to river; as PT4",
    "wtsd": "went to showdown having seen the flop, over hands that saw the flop; at showdown "
            "means the player stayed to the end against another, even when every opponent "
            "then mucked; as PT4",
    "wsd": "won money at showdown (collected anything) over hands at showdown; unlike PT4, "
           "showdowns of preflop all-ins count too",
    "wwsf": "won money (collected anything) having seen the flop, over hands that saw the "
            "flop; as PT4",
    "scoop": "hands at showdown in which the player alone won a hi/lo pot whole, over hi/lo "
             "hands at showdown (hhtools; PT4 has no hi/lo shares)",
    "quartered": "hands at showdown in which the player shared a half (a quarter of the pot "
                 "or less), over hi/lo hands at showdown (hhtools)",
    "won_high": "hands at showdown in which the player won a high (or a whole high-only "
                "pot) against another, over hands at showdown (hhtools)",
    "won_low": "hands at showdown in which the player won a low half, over hi/lo hands at "
               "showdown (hhtools)",
    "net_won": "what the player collected and cashed out, less what they put in, plus "
               "uncalled bets returned (seats.net), minor units, per currency and limit",
    "bb_per_100": "100 x the sum over hands of net / big blind, over hands, per currency "
                  "and limit (the big blind of every structure, fixed limit too)",
    "ev_net": "net_won with the all-in expectation (allin_ev.ev_net) in place of the result "
              "of every hand hhtools ev worked out; PT4's 'all-in adjusted' winnings",
    "allin_adj_bb_per_100": "bb_per_100 of ev_net",
}  # fmt: skip


_WORDS = re.compile(
    r"^(?:last|past)\s+(?P<n>\d+)\s+(?P<unit>day|week|month|year)s?$", re.IGNORECASE
)


def parse_when(text: str | date | datetime, today: date | None = None) -> datetime:
    """A moment from a date, a date and time, or words.

    Args:
        text: ``YYYY-MM-DD``, ``YYYY-MM-DD HH:MM[:SS]`` (or with ``T``), ``today``,
            ``yesterday``, ``this week`` (from Monday), ``this month``, ``this year``,
            ``last week`` / ``last month`` / ``last year`` (the last 7 days, 1 month
            or 1 year), or ``last N days|weeks|months|years``.
        today: the day to count words from (default: today on this machine's clock).

    Returns:
        The moment (midnight for days), naive like ``hands.started_at``.

    Raises:
        StatsError: anything else, with the forms accepted.

    >>> parse_when("last 30 days", today=date(2024, 3, 31))
    datetime.datetime(2024, 3, 1, 0, 0)
    >>> parse_when("2024-02-29 18:30")
    datetime.datetime(2024, 2, 29, 18, 30)
    """
    if isinstance(text, datetime):
        return text
    if isinstance(text, date):
        return datetime(text.year, text.month, text.day)
    day = today or date.today()
    words = " ".join(text.lower().split())
    named = {
        "today": day,
        "yesterday": day - timedelta(days=1),
        "this week": day - timedelta(days=day.weekday()),
        "this month": day.replace(day=1),
        "this year": day.replace(month=1, day=1),
        "last week": day - timedelta(days=7),
        "last month": _months_back(day, 1),
        "last year": _months_back(day, 12),
    }
    if words in named:
        d = named[words]
        return datetime(d.year, d.month, d.day)
    m = _WORDS.match(words)
    if m:
        n, unit = int(m["n"]), m["unit"].lower()
        try:
            if unit in ("day", "week"):
                d = day - timedelta(days=n * (7 if unit == "week" else 1))
            else:
                d = _months_back(day, n * (12 if unit == "year" else 1))
        except (OverflowError, ValueError):
            raise StatsError(f"{text!r} reaches back before the year 1") from None
        return datetime(d.year, d.month, d.day)
    try:
        return datetime.fromisoformat(text.strip())
    except ValueError:
        raise StatsError(
            f"cannot read {text!r} as a time: give YYYY-MM-DD, 'YYYY-MM-DD HH:MM', today, "
            "yesterday, this week, this month, this year, last week, last month, last "
            "year, or 'last N days' (weeks, months, years)"
        ) from None


def _months_back(day: date, months: int) -> date:
    """The same day ``months`` months earlier (the month's last day when it is shorter)."""
    y, m = divmod(day.year * 12 + day.month - 1 - months, 12)
    if y < 1:
        raise ValueError(f"{months} months before {day} is before the year 1")
    last = (date(y + (m == 11), (m + 1) % 12 + 1, 1) - timedelta(days=1)).day
    return date(y, m + 1, min(day.day, last))


@dataclass(frozen=True, slots=True)
class StatsFilter:
    """Which seats the statistics count. Every field is optional.

    Attributes:
        player: a screen name, matched without regard to case.
        since: hands started at or after (:func:`parse_when` forms; the site's clock).
        until: hands started before this moment; a day (``2024-03-01``, ``today``)
            counts whole.
        site: a site key (``pokerstars``...).
        game: a game name or common abbreviation (:func:`hhtools.rules.games.resolve_game`);
            an abbreviation that names a limit (PLO8, FLO8) filters on it too.
        limit: a betting structure (``PL``, ``pot-limit``, ``FL``, ``NL``...).
        stakes: the stakes as printed (``0.25/0.50``; currency signs ignored).
        currency: an ISO code (``USD``), ``PLAY`` or ``CHIPS``.
        position: a position name (``BTN``, ``UTG+1``...).
        hand_class: hole-card classes the player's known hole cards must all be in
            (:data:`hhtools.rules.holes.HOLE_CLASSES`).
        min_hands: groups with fewer hands are left out.
    """

    player: str | None = None
    since: str | date | datetime | None = None
    until: str | date | datetime | None = None
    site: str | None = None
    game: str | None = None
    limit: str | None = None
    stakes: str | None = None
    currency: str | None = None
    position: str | None = None
    hand_class: tuple[str, ...] = ()
    min_hands: int | None = None

    def where(self) -> tuple[list[str], list[Any]]:
        """Every condition, on ``h`` (hands) and ``s`` (seats), and their parameters.

        Raises:
            StatsError: an unknown game, structure, position, hand class or time.
        """
        hands, hparams = self.hand_conditions()
        seats, sparams = self.seat_conditions()
        return hands + seats, hparams + sparams

    def hand_conditions(self) -> tuple[list[str], list[Any]]:
        """The conditions on the hand (alias ``h``): time, site, game, structure,
        stakes, currency.

        Raises:
            StatsError: an unknown game or structure, or a time that cannot be read.
        """
        parts: list[str] = []
        params: list[Any] = []
        if self.since:
            parts.append("h.started_at >= ?")
            params.append(parse_when(self.since))
        if self.until:
            parts.append("h.started_at < ?")
            until = parse_when(self.until)
            if _is_day(self.until):  # a day: up to its end
                until += timedelta(days=1)
            params.append(until)
        if self.site:
            parts.append("h.site = ?")
            params.append(self.site.lower())
        limit = _resolve(resolve_structure, self.limit) if self.limit else None
        if self.game:
            parts.append("h.game = ?")
            params.append(_resolve(resolve_game, self.game))
            implied = implied_structure(self.game)
            if implied and limit and implied != limit:
                raise StatsError(f"--game {self.game} is {implied}, but --limit {self.limit} "
                                 f"is {limit}: give the game without its limit (e.g. O8)")
            limit = limit or implied
        if limit:
            parts.append("h.structure = ?")
            params.append(limit)
        if self.stakes:
            wanted = _stakes(self.stakes)
            clean = "regexp_replace(h.stakes, '[^0-9./]', '', 'g')"
            parts.append(f"len(string_split({clean}, '/')) = {len(wanted)}")
            for i, amount in enumerate(wanted, start=1):
                parts.append(f"TRY_CAST(split_part({clean}, '/', {i}) AS DECIMAL(18, 4)) = ?")
                params.append(amount)
        if self.currency:
            parts.append("h.currency = ?")
            params.append(self.currency.upper())
        if self.min_hands is not None and self.min_hands < 0:
            raise StatsError(f"--min-hands must be 0 or more, not {self.min_hands}")
        return parts, params

    def seat_conditions(self) -> tuple[list[str], list[Any]]:
        """The conditions on the seat (alias ``s``): player, position, hand classes.

        Raises:
            StatsError: an unknown position or hand class.
        """
        parts: list[str] = []
        params: list[Any] = []
        if self.player:
            parts.append("lower(s.player) = lower(?)")
            params.append(self.player)
        if self.position:
            pos = self.position.upper()
            if pos not in POSITIONS:
                raise StatsError(f"unknown position {self.position!r}: use {', '.join(POSITIONS)}")
            parts.append("s.position_name = ?")
            params.append(pos)
        for c in self.hand_class:
            name = c.lower().replace("-", "_")
            if name not in HOLE_CLASSES:
                raise StatsError(f"unknown hand class {c!r}: use {', '.join(HOLE_CLASSES)}")
            parts.append("list_contains(s.hole_classes, ?)")
            params.append(name)
        return parts, params

    def describe(self) -> str:
        """The filters in words, e.g. ``player Alice, game PLO8, since 2024-03-01``."""
        words = [("player", self.player), ("site", self.site), ("game", self.game),
                 ("limit", self.limit), ("stakes", self.stakes), ("currency", self.currency),
                 ("position", self.position), ("since", self.since), ("until", self.until)]
        parts = [f"{k} {v}" for k, v in words if v]
        if self.hand_class:
            parts.append("hand class " + " and ".join(self.hand_class))
        if self.min_hands:
            parts.append(f"at least {self.min_hands} hands")
        return ", ".join(parts) or "all hands"


def _stakes(text: str) -> list[Decimal]:
    """Stakes as numbers (``$0.25/$0.5`` -> [0.25, 0.5]).

    Raises:
        StatsError: not numbers separated by ``/``.
    """
    parts = re.sub(r"[^0-9./]", "", text).split("/")
    try:
        return [Decimal(p) for p in parts]
    except InvalidOperation:
        raise StatsError(f"cannot read stakes {text!r}: give them as printed, e.g. 0.25/0.50"
                         ) from None


def _is_day(when: str | date | datetime) -> bool:
    """A day rather than a moment: a date, or text without a time of day."""
    if isinstance(when, datetime):
        return False
    return isinstance(when, date) or ":" not in when


def _resolve(fn: Any, value: str) -> str:
    try:
        return str(fn(value))
    except ValueError as exc:
        raise StatsError(str(exc)) from None


def _sessions(gap_minutes: int) -> str:
    """The seats' sessions: the stored ones for the usual gap, else worked out here."""
    if int(gap_minutes) == SESSION_GAP:
        return "SELECT * FROM seat_sessions"
    try:
        return session_select(gap_minutes)
    except ValueError as exc:
        raise StatsError(str(exc)) from None


def group_names(by: Sequence[str]) -> list[str]:
    """The grouping's names, checked; a session is always a player's (``player`` first).

    Raises:
        StatsError: a name not in :data:`DIMENSIONS`.

    >>> group_names(["Session", "game"])
    ['player', 'session', 'game']
    """
    dims = []
    for d in by:
        key = d.strip().lower()
        if key not in DIMENSIONS:
            raise StatsError(f"cannot group by {d!r}: use {', '.join(DIMENSIONS)}")
        if key not in dims:
            dims.append(key)
    if "session" in dims and "player" not in dims:
        dims.insert(dims.index("session"), "player")
    return dims or ["player"]


def stats_sql(
    by: Sequence[str], flt: StatsFilter, gap_minutes: int = SESSION_GAP,
    has_ev: bool = True,
) -> tuple[str, list[Any]]:
    """The statistics' one statement: every count, per group, currency and structure.

    Each ratio is then the sum of its ``_count`` over the sum of its
    ``_opportunities`` across the rows of a group (:func:`ratios_of`), and each money
    column the sum of its own rows (:func:`money_of`): one scan of the seats serves
    both.

    Args:
        by: grouping, names of :data:`DIMENSIONS` (``("player",)`` when empty).
        flt: the filters (``min_hands`` is applied to the groups by :func:`ratios_of`).
        gap_minutes: the session gap, for ``by`` session.
        has_ev: the store holds all-in equity (the ``allin_ev`` view is joined).

    Returns:
        ``(sql, params)``: columns the groups, ``currency``, ``structure`` (unless
        grouped by limit), ``hands`` (seats when grouped by player, else distinct
        hands), ``seats``, each ratio's ``_count`` and ``_opportunities``,
        ``postflop_aggressive``, ``postflop_calls``, ``postflop_folds``, ``net_won``
        (minor units), ``net_bb`` (big blinds), ``ev_net`` (minor units, DOUBLE),
        ``ev_bb``.

    Raises:
        StatsError: an unknown grouping or filter value.
    """
    dims = group_names(by)
    parts, params = flt.where()
    parts.insert(0, counted_seat("s"))
    parts.insert(1, "s.vpip_opportunity IS NOT NULL")  # seats stored before schema 6
    cols = [f"{DIMENSIONS[d]} AS \"{d}\"" for d in dims] + ['h.currency AS "currency"']
    if "limit" not in dims:
        cols.append('h.structure AS "structure"')
    joins = "seats s JOIN hands h ON h.site = s.site AND h.hand_id = s.hand_id"
    if "session" in dims:
        joins += (f" JOIN ({_sessions(gap_minutes)}) x ON x.site = s.site "
                  "AND x.hand_id = s.hand_id AND x.player = s.player")  # fmt: skip
    ev = "s.net::DOUBLE"
    if has_ev:
        joins += (" LEFT JOIN (SELECT site, hand_id, player, sum(ev_net) AS ev_net FROM "
                  "allin_ev GROUP BY ALL) e ON e.site = s.site AND e.hand_id = s.hand_id "
                  "AND e.player = s.player")  # fmt: skip
        ev = "coalesce(e.ev_net, s.net::DOUBLE)"
    # a hand counts once in a group without players; seats are player-hands
    cols.append("count(*)::BIGINT AS hands" if "player" in dims
                else "count(DISTINCT (s.site, s.hand_id))::BIGINT AS hands")  # fmt: skip
    cols.append("count(*)::BIGINT AS seats")
    for name, (count, opp) in RATIOS.items():
        cols.append(f"count_if({count})::BIGINT AS {name}_count")
        cols.append(f"count_if({opp})::BIGINT AS {name}_opportunities")
    cols += [
        "sum(s.postflop_aggressive)::BIGINT AS postflop_aggressive",
        "sum(s.postflop_calls)::BIGINT AS postflop_calls",
        "sum(s.postflop_folds)::BIGINT AS postflop_folds",
        "sum(s.net)::BIGINT AS net_won",
        "fsum(s.net::DOUBLE / nullif(h.big_blind, 0)) AS net_bb",
        f"fsum({ev}) AS ev_net",
        f"fsum({ev} / nullif(h.big_blind, 0)) AS ev_bb",
    ]
    sql = f"SELECT {', '.join(cols)} FROM {joins} WHERE {' AND '.join(parts)} GROUP BY ALL"
    return sql, params


def ratios_of(counts: pl.DataFrame, dims: Sequence[str], min_hands: int | None = None
              ) -> pl.DataFrame:  # fmt: skip
    """One row per group from the rows of :func:`stats_sql`: ``hands``, ``seats``, every ratio (0..1,
    null without opportunity) beside its summed ``_count`` and ``_opportunities``,
    ``af``, ``afq`` and the postflop counts; groups with fewer than ``min_hands``
    hands left out; most hands first (time order by month or session)."""
    import polars as pl

    sums = [c for c in counts.columns if c in ("hands", "seats")
            or c.endswith(("_count", "_opportunities")) or c.startswith("postflop_")]  # fmt: skip
    grouped = counts.group_by(list(dims)).agg([pl.col(c).sum() for c in sums])
    if min_hands:
        grouped = grouped.filter(pl.col("hands") >= min_hands)
    out = [pl.col(d) for d in dims] + [pl.col("hands"), pl.col("seats")]
    for n in RATIOS:
        opp = pl.col(f"{n}_opportunities")
        out += [pl.when(opp > 0).then(pl.col(f"{n}_count") / opp).otherwise(None).alias(n),
                pl.col(f"{n}_count"), opp]  # fmt: skip
    agg, calls, folds = (pl.col(f"postflop_{k}") for k in ("aggressive", "calls", "folds"))
    out += [
        pl.when(calls > 0).then(agg / calls).otherwise(None).alias("af"),
        pl.when(agg + calls + folds > 0).then(agg / (agg + calls + folds)).otherwise(None)
        .alias("afq"),
        agg, calls, folds,
    ]  # fmt: skip
    by, descending = _order(dims, "hands")
    return grouped.select(out).sort(by, descending=descending, nulls_last=True)


def _order(keys: Sequence[str], hands: str) -> tuple[list[str], list[bool]]:
    """Rows in time order when grouped by month or session, else most hands first."""
    if "month" in keys or "session" in keys:
        return list(keys), [False] * len(keys)
    return [hands, *keys], [True] + [False] * len(keys)


def money_of(counts: pl.DataFrame, dims: Sequence[str]) -> pl.DataFrame:
    """The money rows of :func:`stats_sql`: groups, ``currency``, ``structure``, ``hands``,
    ``net_won``, ``bb_per_100``, ``ev_net`` (rounded to a minor unit) and
    ``allin_adj_bb_per_100``; most hands first."""
    import polars as pl

    keys = [*dims, "currency", *(["structure"] if "structure" in counts.columns else [])]
    by, descending = _order(keys, "hands")
    return counts.select(
        *keys, "hands", "net_won",
        (100 * pl.col("net_bb") / pl.col("hands")).alias("bb_per_100"),
        pl.col("ev_net").round().cast(pl.Int64).alias("ev_net"),
        (100 * pl.col("ev_bb") / pl.col("hands")).alias("allin_adj_bb_per_100"),
    ).sort(by, descending=descending, nulls_last=True)


def wide_stats(ratios: pl.DataFrame, money: pl.DataFrame) -> pl.DataFrame:
    """The table of ``hhtools stats``: the ratios of :func:`ratios_of` with the money of
    :func:`money_of` pivoted beside them, one column per currency and structure
    (``net_won_USD_pot_limit``...; per currency alone when grouped by limit) of each of
    ``net_won``, ``bb_per_100``, ``ev_net`` and ``allin_adj_bb_per_100``, in the order
    the money rows first name them."""
    import polars as pl

    dims = ratios.columns[: ratios.columns.index("hands")]
    keys = [c for c in ("currency", "structure") if c in money.columns]
    money = money.with_columns(pl.concat_str(keys, separator="_").alias("_money"))
    values = ["net_won", "bb_per_100", "ev_net", "allin_adj_bb_per_100"]
    wide = money.pivot(on="_money", index=dims, values=values)
    return ratios.join(wide, on=dims, how="left")


def suggest_player(names: Sequence[str], wanted: str) -> str:
    """A sentence for a player name that matched nothing: the closest names, if any."""
    by_lower: dict[str, str] = {}
    for n in sorted(names):
        by_lower.setdefault(n.lower(), n)
    want = wanted.lower()
    close = difflib.get_close_matches(want, list(by_lower), n=6, cutoff=0.6)
    # the same letters (a transposition) first, then the closest
    close.sort(key=lambda c: (sorted(c) != sorted(want),
                              -difflib.SequenceMatcher(None, want, c).ratio()))
    if close:
        return f"no player {wanted!r}; did you mean {', '.join(repr(by_lower[c]) for c in close[:3])}?"
    return f"no player {wanted!r} in the store"

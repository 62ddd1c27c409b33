"""SQL views over the store for the usual questions (scoops, quarters, misreads...).

Each view is ``name -> (documentation, SELECT statement)``; :func:`create_views`
(re)creates them all. Views hold no data, so they are always current.

Every view is one set-based SELECT over the base tables of :mod:`hhtools.store.db`
(never over another view, never Python per row), and every one of them reaches the
hands it covers through the ``hands`` table. That lets :func:`filtered_select`
restrict any view to some hands (a game, a date range) by shadowing ``hands`` with a
filtered common table expression, which is how ``hhtools report --since`` works.

Every view carries its hands' ``game``, ``structure`` (limit, pot_limit, no_limit),
``stakes`` and ``currency``, and ``player_results`` groups by all four: money and big
blinds of a pot-limit and a fixed-limit game at the same stakes never add up in one
row. Money is BIGINT minor units (cents, or chips for tournaments and play money)
beside the hand's ``currency``; ratios (``net_bb``, ``bb_per_100``, ``vpip``, ``share``)
are DOUBLE.

Low hands in SQL: a set of low ranks is a bit mask, bit ``r - 1`` for rank ``r``
(ace = 1, deuce = 2 ... nine = 9). Two five-card lows compare exactly as their
masks compare as integers (the higher top card makes the larger mask; equal tops
fall to the next card), so "the best low" is ``min(mask)`` over the legal
two-hole-card + three-board-card choices, enumerated against small constant tables
of every two- and three-rank mask.
"""

from __future__ import annotations

import duckdb

from hhtools.store.player_views import ALLIN_EV, SESSIONS, TOURNAMENTS
from hhtools.store.seat_results import counted_seat

# --------------------------------------------------------------------------------------
# SQL fragments
# --------------------------------------------------------------------------------------


def _low_mask(cards: str, qualifier: str) -> str:
    """SQL: bit mask of the distinct ranks <= ``qualifier`` among space-separated ``cards``.

    A card is written rank then suit (``Ah 3h Kd``), suits are letters ``cdhs``, so a
    low rank's character (``A``, ``2`` ... ``9``) appears in the text only as that
    rank: the mask is one ``contains`` per low rank, no splitting into a list (over a
    million hands ``counterfeited`` took 1.67 s with the list, 0.69 s with this).
    """
    bits = " | ".join(
        f"(contains(coalesce({cards}, ''), '{ch}')::INTEGER << {r - 1})"
        for r, ch in enumerate("A23456789", start=1)
    )
    return f"(({bits}) & ((1 << ({qualifier})) - 1))::INTEGER"


def _low_text(mask: str) -> str:
    """SQL: a low mask as text, highest card first, e.g. ``8,5,3,2,A``; NULL for NULL."""
    return (
        f"CASE WHEN {mask} IS NULL THEN NULL ELSE array_to_string("
        f"[CASE WHEN r = 1 THEN 'A' ELSE r::VARCHAR END FOR r IN range(9, 0, -1) "
        f"IF ({mask} >> (r - 1)) & 1 = 1], ',') END"
    )


# Every mask of two (three) distinct low ranks from ace to nine.
_LOW_PAIRS = (
    "SELECT ((1 << (a.range - 1)) | (1 << (b.range - 1)))::INTEGER AS m "
    "FROM range(1, 10) a, range(1, 10) b WHERE a.range < b.range"
)
_LOW_TRIPLES = (
    "SELECT ((1 << (a.range - 1)) | (1 << (b.range - 1)) | (1 << (c.range - 1)))::INTEGER AS m "
    "FROM range(1, 10) a, range(1, 10) b, range(1, 10) c "
    "WHERE a.range < b.range AND b.range < c.range"
)


def _best_low_ctes(source: str) -> str:
    """CTEs ``lo_pairs``, ``lo_triples`` and ``best_low(hm, bm, low)``.

    ``source`` is a query yielding columns ``hm`` (hole-card low mask) and ``bm``
    (board low mask); ``best_low`` gives, for each distinct pair, the best (smallest)
    five-rank low mask using exactly two ranks of ``hm`` and three of ``bm``, all
    distinct. Pairs with no legal low are absent.
    """
    return f"""
lo_pairs AS ({_LOW_PAIRS}),
lo_triples AS ({_LOW_TRIPLES}),
lo_inputs AS (SELECT DISTINCT hm, bm FROM ({source}) WHERE bit_count(bm) >= 3 AND bit_count(hm) >= 2),
lo_hole AS (
    SELECT i.hm, i.bm, p.m AS pm FROM lo_inputs i JOIN lo_pairs p ON (p.m & i.hm) = p.m
),
best_low AS (
    SELECT h.hm, h.bm, min(h.pm | t.m) AS low
    FROM lo_hole h JOIN lo_triples t ON (t.m & h.bm) = t.m AND (t.m & h.pm) = 0
    GROUP BY h.hm, h.bm
)"""


# --------------------------------------------------------------------------------------
# scoops and quarters (also used inside player_results)
# --------------------------------------------------------------------------------------

_SCOOPS = """
SELECT p.site, p.hand_id, p.board, p.pot,
       p.high_winners[1] AS player,
       p.net AS amount,
       (SELECT coalesce(sum(a.paid), 0) FROM awards a
         WHERE a.site = p.site AND a.hand_id = p.hand_id AND a.board = p.board
           AND a.pot = p.pot AND a.player = p.high_winners[1])::BIGINT AS paid,
       CASE WHEN p.hi_lo_split THEN 'both_halves' ELSE 'no_low' END AS how,
       h.game, h.structure, h.stakes, h.currency
FROM pots p JOIN hands h ON h.site = p.site AND h.hand_id = p.hand_id
WHERE h.hi_lo
  AND len(p.eligible) >= 2
  AND len(p.high_winners) = 1
  AND (len(coalesce(p.low_winners, [])) = 0
       OR (len(p.low_winners) = 1 AND p.low_winners[1] = p.high_winners[1]))
"""

_QUARTERS = """
SELECT site, hand_id, board, pot, half, player,
       0.5 / n AS share,
       (half_amount // n + CASE WHEN row_number() OVER (
            PARTITION BY site, hand_id, board, pot, half ORDER BY list_position(eligible, player)
        ) <= half_amount % n THEN 1 ELSE 0 END)::BIGINT AS amount,
       game, structure, stakes, currency
FROM (
    SELECT x.*, unnest(x.winners) AS player, len(x.winners) AS n
    FROM (
        SELECT p.site, p.hand_id, p.board, p.pot, p.eligible, 'high' AS half,
               p.high_winners AS winners, p.net - p.net // 2 AS half_amount,
               h.game, h.structure, h.stakes, h.currency
        FROM pots p JOIN hands h ON h.site = p.site AND h.hand_id = p.hand_id
        WHERE h.hi_lo AND p.hi_lo_split AND len(p.high_winners) >= 2
        UNION ALL
        SELECT p.site, p.hand_id, p.board, p.pot, p.eligible, 'low' AS half,
               p.low_winners AS winners, p.net // 2 AS half_amount,
               h.game, h.structure, h.stakes, h.currency
        FROM pots p JOIN hands h ON h.site = p.site AND h.hand_id = p.hand_id
        WHERE h.hi_lo AND p.hi_lo_split AND len(p.low_winners) >= 2
    ) x
)
"""

# --------------------------------------------------------------------------------------
# player_results
# --------------------------------------------------------------------------------------

#: per seat and hand, what player_results sums, computed from the pots and showdowns
#: (stores of schema 4 and before, whose seats lack the columns worked out at import;
#: also fills those columns when such a store is upgraded)
SEAT_RESULTS_COMPUTED = f"""
WITH
seat_rows AS (
    SELECT s.site, s.hand_id, s.seat, s.player, s.net, s.voluntary, s.preflop_raise,
           s.folded, greatest(s.put_in - s.returned, 0) AS contributed,
           h.game, h.structure, h.stakes, h.currency, h.big_blind, h.rake,
           h.went_to_showdown
    FROM seats s JOIN hands h ON h.site = s.site AND h.hand_id = s.hand_id
    WHERE {counted_seat("s")}
),
rake_floor AS (
    SELECT *,
           sum(contributed) OVER w AS pot_in,
           CASE WHEN rake > 0 AND sum(contributed) OVER w > 0
                THEN rake * contributed // sum(contributed) OVER w ELSE 0 END AS r_floor,
           CASE WHEN rake > 0 AND sum(contributed) OVER w > 0
                THEN rake * contributed % sum(contributed) OVER w ELSE 0 END AS r_rem
    FROM seat_rows
    WINDOW w AS (PARTITION BY site, hand_id)
),
rake_share AS (
    SELECT *,
           r_floor + CASE WHEN row_number() OVER (
                         PARTITION BY site, hand_id ORDER BY r_rem DESC, seat)
                         <= (CASE WHEN pot_in > 0 THEN rake ELSE 0 END)
                            - sum(r_floor) OVER (PARTITION BY site, hand_id)
                     THEN 1 ELSE 0 END AS rake_paid
    FROM rake_floor
),
sd_won AS (
    SELECT sd.site, sd.hand_id, sd.player, sum(coalesce(sd.won, 0)) AS won
    FROM showdowns sd JOIN hands h ON h.site = sd.site AND h.hand_id = sd.hand_id
    GROUP BY ALL
),
pot_wins AS (
    SELECT site, hand_id, player, count_if(half = 'high') AS won_high,
           count_if(half = 'low') AS won_low
    FROM (
        SELECT p.site, p.hand_id, 'high' AS half, unnest(p.high_winners) AS player
        FROM pots p JOIN hands h ON h.site = p.site AND h.hand_id = p.hand_id
        WHERE len(p.eligible) >= 2
        UNION ALL
        SELECT p.site, p.hand_id, 'low' AS half, unnest(p.low_winners) AS player
        FROM pots p JOIN hands h ON h.site = p.site AND h.hand_id = p.hand_id
        WHERE len(p.eligible) >= 2
    )
    GROUP BY ALL
),
scoop_counts AS (
    SELECT site, hand_id, player, count(*) AS scooped FROM ({_SCOOPS}) GROUP BY ALL
),
quarter_counts AS (
    SELECT site, hand_id, player, count(*) AS quartered FROM ({_QUARTERS}) GROUP BY ALL
),
per_hand AS (
    SELECT r.*,
           (r.went_to_showdown AND r.folded IS NULL) AS at_showdown,
           coalesce(w.won, 0) AS sd_won,
           coalesce(pw.won_high, 0) AS won_high,
           coalesce(pw.won_low, 0) AS won_low,
           coalesce(sc.scooped, 0) AS scooped,
           coalesce(qc.quartered, 0) AS quartered
    FROM rake_share r
    LEFT JOIN sd_won w USING (site, hand_id, player)
    LEFT JOIN pot_wins pw USING (site, hand_id, player)
    LEFT JOIN scoop_counts sc USING (site, hand_id, player)
    LEFT JOIN quarter_counts qc USING (site, hand_id, player)
)
SELECT * FROM per_hand
"""

_PLAYER_RESULTS_COMPUTED = f"""
WITH per_hand AS ({SEAT_RESULTS_COMPUTED})
SELECT site, player, game, structure, stakes, currency,
       count(*)::BIGINT AS hands,
       sum(net)::BIGINT AS net_won,
       sum(net::DOUBLE / nullif(big_blind, 0)) AS net_bb,
       100.0 * sum(net::DOUBLE / nullif(big_blind, 0)) / count(*) AS bb_per_100,
       100.0 * count_if(voluntary) / count(*) AS vpip,
       100.0 * count_if(preflop_raise) / count(*) AS pfr,
       count_if(at_showdown)::BIGINT AS went_to_showdown,
       count_if(at_showdown AND sd_won > 0)::BIGINT AS won_at_showdown,
       sum(won_high)::BIGINT AS won_high,
       sum(won_low)::BIGINT AS won_low,
       sum(scooped)::BIGINT AS scooped,
       sum(quartered)::BIGINT AS quartered,
       sum(rake_paid)::BIGINT AS rake_paid
FROM per_hand
GROUP BY site, player, game, structure, stakes, currency
"""

_PLAYER_RESULTS = f"""
SELECT s.site, s.player, h.game, h.structure, h.stakes, h.currency,
       count(*)::BIGINT AS hands,
       sum(s.net)::BIGINT AS net_won,
       sum(s.net::DOUBLE / nullif(h.big_blind, 0)) AS net_bb,
       100.0 * sum(s.net::DOUBLE / nullif(h.big_blind, 0)) / count(*) AS bb_per_100,
       100.0 * count_if(s.voluntary AND s.vpip_opportunity)
           / nullif(count_if(s.vpip_opportunity), 0) AS vpip,
       100.0 * count_if(s.preflop_raise AND s.vpip_opportunity)
           / nullif(count_if(s.vpip_opportunity), 0) AS pfr,
       count_if(s.at_showdown)::BIGINT AS went_to_showdown,
       count_if(s.at_showdown AND s.due_at_showdown > 0)::BIGINT AS won_at_showdown,
       sum(s.pots_won_high)::BIGINT AS won_high,
       sum(s.pots_won_low)::BIGINT AS won_low,
       sum(s.scooped)::BIGINT AS scooped,
       sum(s.quartered)::BIGINT AS quartered,
       sum(s.rake_paid)::BIGINT AS rake_paid
FROM seats s JOIN hands h ON h.site = s.site AND h.hand_id = s.hand_id
WHERE {counted_seat("s")}
GROUP BY s.site, s.player, h.game, h.structure, h.stakes, h.currency
"""

# --------------------------------------------------------------------------------------
# misreads
# --------------------------------------------------------------------------------------

#: ``misreads`` without the player's hole cards (``hole_cards`` NULL): the same rows
#: (a hand seats a player once) without reading the seats, for counting findings or
#: choosing some before their cards are looked up
MISREADS_WITHOUT_CARDS = """
SELECT f.site, f.hand_id, f.board, f.player, f.kind, f.pot, f.half, f.paid, f.due,
       f.explanation, h.game, h.structure, h.stakes, h.currency, h.board_cards,
       NULL::VARCHAR AS hole_cards, h.started_at, coalesce(f.file, h.file) AS file,
       coalesce(f.line, h.line) AS line
FROM findings f
JOIN hands h ON h.site = f.site AND h.hand_id = f.hand_id
"""

_MISREADS = MISREADS_WITHOUT_CARDS.replace("NULL::VARCHAR AS hole_cards", "s.hole_cards") + (
    "LEFT JOIN seats s ON s.site = f.site AND s.hand_id = f.hand_id AND s.player = f.player\n"
)

# --------------------------------------------------------------------------------------
# low_possible and counterfeited
# --------------------------------------------------------------------------------------

_LOW_POSSIBLE = f"""
WITH
b AS (
    SELECT b.site, b.hand_id, b.board, b.cards, coalesce(h.qualifier, 8) AS q,
           {_low_mask('b.flop', 'coalesce(h.qualifier, 8)')} AS fm,
           {_low_mask("b.flop || ' ' || coalesce(b.turn, '')", 'coalesce(h.qualifier, 8)')} AS tm,
           {_low_mask('b.cards', 'coalesce(h.qualifier, 8)')} AS bm,
           ((1 << coalesce(h.qualifier, 8)) - 1)::INTEGER AS hm,
           h.game, h.structure, h.stakes, h.currency
    FROM boards b JOIN hands h ON h.site = b.site AND h.hand_id = b.hand_id
    WHERE h.hi_lo AND b.flop IS NOT NULL
),
{_best_low_ctes('SELECT hm, bm FROM b')}
SELECT b.site, b.hand_id, b.board, b.cards, b.q AS qualifier,
       {_low_text('b.bm')} AS board_low_ranks,
       CASE WHEN bit_count(b.fm) >= 3 THEN 'flop'
            WHEN bit_count(b.tm) >= 3 THEN 'turn' ELSE 'river' END AS possible_on,
       {_low_text('n.low')} AS nut_low,
       b.game, b.structure, b.stakes, b.currency
FROM b JOIN best_low n ON n.hm = b.hm AND n.bm = b.bm
"""

_COUNTERFEITED = f"""
WITH
pb AS (
    SELECT s.site, s.hand_id, bd.board, s.player, s.hole_cards, bd.cards,
           coalesce(h.qualifier, 8) AS q,
           {_low_mask('s.hole_cards', 'coalesce(h.qualifier, 8)')} AS pm,
           ((1 << coalesce(h.qualifier, 8)) - 1)::INTEGER AS fullm,
           {_low_mask('bd.flop', 'coalesce(h.qualifier, 8)')} AS fm,
           {_low_mask("bd.flop || ' ' || bd.turn", 'coalesce(h.qualifier, 8)')} AS tm,
           {_low_mask('bd.cards', 'coalesce(h.qualifier, 8)')} AS rm,
           h.game, h.structure, h.stakes, h.currency
    FROM seats s
    JOIN hands h ON h.site = s.site AND h.hand_id = s.hand_id
    JOIN boards bd ON bd.site = s.site AND bd.hand_id = s.hand_id
    WHERE h.hi_lo AND s.hole_cards IS NOT NULL AND bd.river IS NOT NULL
      AND (s.folded IS NULL OR s.folded = 'river')
),
lo_src AS (
    SELECT pm AS hm, fm AS bm FROM pb UNION ALL SELECT pm, tm FROM pb
    UNION ALL SELECT pm, rm FROM pb
    UNION ALL SELECT fullm, fm FROM pb UNION ALL SELECT fullm, tm FROM pb
    UNION ALL SELECT fullm, rm FROM pb
),
{_best_low_ctes('SELECT * FROM lo_src')},
lows AS (
    SELECT pb.*,
           pf.low AS flop_low, nf.low AS flop_nut,
           pt.low AS turn_low, nt.low AS turn_nut,
           pr.low AS river_low, nr.low AS river_nut
    FROM pb
    LEFT JOIN best_low pf ON pf.hm = pb.pm AND pf.bm = pb.fm
    LEFT JOIN best_low nf ON nf.hm = pb.fullm AND nf.bm = pb.fm
    LEFT JOIN best_low pt ON pt.hm = pb.pm AND pt.bm = pb.tm
    LEFT JOIN best_low nt ON nt.hm = pb.fullm AND nt.bm = pb.tm
    LEFT JOIN best_low pr ON pr.hm = pb.pm AND pr.bm = pb.rm
    LEFT JOIN best_low nr ON nr.hm = pb.fullm AND nr.bm = pb.rm
)
SELECT site, hand_id, board, player, hole_cards, cards AS board_cards,
       CASE WHEN flop_low = flop_nut THEN 'flop' ELSE 'turn' END AS held_on,
       {_low_text('CASE WHEN flop_low = flop_nut THEN flop_low ELSE turn_low END')} AS nut_low_held,
       {_low_text('river_low')} AS river_low,
       {_low_text('river_nut')} AS river_nut_low,
       game, structure, stakes, currency
FROM lows
WHERE (flop_low = flop_nut OR turn_low = turn_nut)
  AND river_low IS DISTINCT FROM river_nut
"""

_WRAPS = """
SELECT d.site, d.hand_id, d.board, d.player, d.street, d.hole_cards, d.board_cards,
       d.straight_outs, d.straight_cards, d.nut_outs, d.next_card,
       d.next_straight AS hit_next, d.river_straight AS got_there,
       h.game, h.structure, h.stakes, h.currency
FROM draws d JOIN hands h ON h.site = d.site AND h.hand_id = d.hand_id
WHERE d.wrap
"""

_COUNTERFEITS = """
SELECT d.site, d.hand_id, d.board, d.player, d.street, d.hole_cards, d.board_cards,
       d.low, d.nut_low, d.protected_low, d.counterfeit_cards, d.next_card,
       h.game, h.structure, h.stakes, h.currency
FROM draws d JOIN hands h ON h.site = d.site AND h.hand_id = d.hand_id
WHERE d.counterfeited
"""


# --------------------------------------------------------------------------------------
# the registry
# --------------------------------------------------------------------------------------

VIEWS: dict[str, tuple[str, str]] = {
    "player_results": (
        "One row per site, player, game, betting structure, stakes and currency: results "
        "and habits (money and big blinds of different structures never add up in one "
        "row). Columns: `player`; `game` (hands.game); `structure` (limit, pot_limit or "
        "no_limit: hands.structure); `stakes` (e.g. 0.05/0.10); `currency` "
        "(ISO code for real money such as USD or EUR; PLAY; CHIPS for tournaments); "
        "`hands` (hands dealt in, and hands a seat sitting out put chips in: a blind or "
        "ante posted for a player who sits out counts with its money); `net_won` (minor units: "
        "what the player collected, less what they put in, plus uncalled bets returned); "
        "`net_bb` (net_won in big blinds); `bb_per_100` (big blinds won per 100 hands); "
        "`vpip` and `pfr` (percent of hands with money put in voluntarily / raised "
        "preflop, over the hands dealt in less the big blind's walks, as hhtools stats "
        "and PokerTracker 4 count them); `went_to_showdown` (hands the player stayed in "
        "to the end against another player, shown or mucked: seats.at_showdown); "
        "`won_at_showdown` (of those, hands in which the rules give the player "
        "something); `won_high` / `won_low` (pots, each board apart, in which the "
        "player won all or part of the high / the low against at least one other "
        "player); `scooped` (rows of `scoops`); `quartered` (rows of `quarters`); "
        "`rake_paid` (minor units: each hand's rake shared among the players in "
        "proportion to what they put in, less returns; odd units by largest remainder, "
        "then seat).",
        _PLAYER_RESULTS,
    ),
    "scoops": (
        "In a hi/lo game, a player who alone wins the whole of a pot at showdown (at "
        "least two players eligible): both halves, or all of it because no low "
        "qualified. Columns: `site`, `hand_id`, `board` (0, or 1 for a second run), "
        "`pot` (0 = main pot, k = side pot k), `player`, `amount` (the pot after rake, "
        "minor units: what the rules give), `paid` (what the site paid that player from "
        "that pot), `how` (`both_halves` or `no_low`), `game`, `structure`, `stakes`, "
        "`currency`.",
        _SCOOPS,
    ),
    "quarters": (
        "A player who wins part of a tied half of a split hi/lo pot. Columns: `site`, "
        "`hand_id`, `board`, `pot` (0 = main pot), `half` (`high` or `low`), `player`, "
        "`share` (the nominal fraction of the pot: 0.25 when two tie a half, 1/6 for "
        "three, 0.125 for four), `amount` (minor units by the rules: the high half takes "
        "the odd unit of the halving; a tied half's odd units go one each to the tied "
        "players first clockwise from the button), `game`, `structure`, `stakes`, "
        "`currency`.",
        _QUARTERS,
    ),
    "misreads": (
        "Every audit finding with its hand's context: award_mismatch, chip_imbalance, "
        "declared_misread, and mucked_winner and holdem_misread_prone (shared/DESIGN.md "
        "\"Findings\"; computed by the checks of hhtools.audit.checks). Columns: `site`, "
        "`hand_id`, `board`, `player` ('' for the whole hand), `kind`, `pot`, `half`, "
        "`paid`, `due` (minor units), `explanation`, `game`, `structure`, `stakes`, "
        "`currency`, "
        "`board_cards`, `hole_cards` (the player's known hole cards), `started_at`, "
        "`file`, `line`.",
        _MISREADS,
    ),
    "low_possible": (
        "Boards of hi/lo hands on which a qualifying low exists: at least three distinct "
        "board ranks at or below the qualifier (aces low). Columns: `site`, `hand_id`, "
        "`board`, `cards`, `qualifier`, `board_low_ranks` (e.g. 8,5,2), `possible_on` "
        "(flop, turn or river: the first street with a low possible), `nut_low` (the "
        "best low any two hole cards could make on the cards dealt, e.g. 5,4,3,2,A), "
        "`game`, `structure`, `stakes`, `currency`.",
        _LOW_POSSIBLE,
    ),
    "counterfeited": (
        "A player whose hole cards are known (hero, shown or mucked face up) held the "
        "nut low on the flop or the turn and no longer held it on the river (a board "
        "card paired a low hole card, or a better low became possible). Players who "
        "folded before the river are left out. Columns: `site`, `hand_id`, `board`, "
        "`player`, `hole_cards`, `board_cards`, `held_on` (flop or turn: the first "
        "street the player held the nut low), `nut_low_held`, `river_low` (the player's "
        "best low on the river, NULL if none), `river_nut_low`, `game`, `structure`, "
        "`stakes`, `currency`.",
        _COUNTERFEITED,
    ),
    "sessions": (
        "One row per player's session (a run of hands at any tables of one site with no "
        "gap over 30 minutes), game, betting structure, stakes and currency (one row for "
        "most sessions). Columns: `player`; `session` (1, 2... per player); `start` and "
        "`end` (the session's first and last hand's start, UTC when the site's zone is "
        "known); `game`; `structure`; `stakes`; `currency`; `hands` (a seat sitting out "
        "that put chips in counts); `net_won` (minor units); `bb_per_100`; `minutes` (the "
        "session's length, first hand's start to last's); `net_per_hour` (net_won over "
        "that length, minor units; NULL for a session of one moment).",
        SESSIONS,
    ),
    "tournaments": (
        "One row per tournament and player seen in it (dealt in, or sitting out with chips "
        "posted for them). Columns: `tournament_id`; `player`; "
        "`game`; `structure`; `hands`; `first_hand`, `last_hand`; `buy_in` (the site's text) and "
        "`buy_in_amount` (summed, minor units of `currency`); `place` (finishing place, "
        "NULL when the histories do not say); `prize` (minor units, 0 when finished out "
        "of the money); `bounties` (bounty money won, minor units); `roi` ((prize + "
        "bounties - buy-in) / buy-in, when the place is known). Chips never count as "
        "money here.",
        TOURNAMENTS,
    ),
    "allin_ev": (
        "All-in expectation (hhtools ev): one row per hand, board and player still in "
        "whose money went in before the river with every hand still in known. Columns: "
        "`player`; `board`; `street` (of the last call, bet or raise: preflop, flop, turn); "
        "`equity` (expected share of the board's pots, after rake, over every remaining "
        "board by the rules; hi/lo halves and qualifier; odd chips ignored); `ev_net` "
        "(minor units, rounded: the pots times the player's shares, less what the player "
        "put in, plus what came back; a run-it-twice board takes its part of both); "
        "`net` (what happened, the same part of seats.net); `exact` (every board "
        "counted, as `hhtools ev` now always does; false only on rows an older "
        "hhtools stored from a seeded sample of 100,000 boards, with `std_error`); "
        "`boards`; the hand's `game`, `structure`, `stakes`, `currency`.",
        ALLIN_EV,
    ),
    "wraps": (
        "Every wrap (hhtools draws --fill): a player whose known hole cards held a straight "
        "draw of nine or more outs on the flop or the turn (seed 000: \"A wrap is a "
        "straight draw with nine or more outs\"). Columns: `site`, `hand_id`, `board`, "
        "`player`, `street` (flop or turn), `hole_cards`, `board_cards` (the board then), "
        "`straight_outs` (how many), `straight_cards` (which), `nut_outs` (how many of the cards "
        "that could come give the nuts), `next_card`, `hit_next` (the next card "
        "made the straight), `got_there` (the player could make a straight on the river; "
        "NULL with no river dealt), `game`, `structure`, `stakes`, `currency`.",
        _WRAPS,
    ),
    "counterfeits": (
        "A hi/lo low counterfeited by the next card (hhtools draws --fill): on the flop or "
        "the turn the player had a low, and the card dealt next paired one of the hole "
        "cards it played and left more holdings beating it (seed 004: Ad 2d on 5h 7h 8d, "
        "\"the turn and river 'counterfeited' us\"). Unlike `counterfeited` (the nut low "
        "lost by the river), any low counts and the street is the one before the card. "
        "Columns: `site`, `hand_id`, `board`, `player`, `street` (flop or turn), "
        "`hole_cards`, `board_cards`, `low` (the player's low then), `nut_low` (it was the "
        "nut low), `protected_low`, `counterfeit_cards` (every card that would have done "
        "it), `next_card`, `game`, `structure`, `stakes`, `currency`.",
        _COUNTERFEITS,
    ),
}


def create_views(con: duckdb.DuckDBPyConnection, temporary: bool = False) -> None:
    """Create or replace every view in :data:`VIEWS` on ``con``.

    Args:
        con: an open connection.
        temporary: create ``TEMP`` views (for read-only connections, whose
            database cannot be altered; they live as long as the connection).
    """
    kind = "TEMP VIEW" if temporary else "VIEW"
    (worked_out,) = con.execute(
        "SELECT count(*) FROM information_schema.columns "
        "WHERE table_name = 'seats' AND column_name = 'rake_paid'"
    ).fetchall()[0]
    (facts,) = con.execute(
        "SELECT count(*) FROM information_schema.columns "
        "WHERE table_name = 'seats' AND column_name = 'vpip_opportunity'"
    ).fetchall()[0]
    for name, (_, select) in VIEWS.items():
        if name == "player_results" and not worked_out:  # a store of schema 4 or before
            select = _PLAYER_RESULTS_COMPUTED
        if name == "player_results" and not facts:  # schema 5 read-only: every hand counts
            select = select.replace("s.vpip_opportunity", "true").replace(
                "s.at_showdown", "(h.went_to_showdown AND s.folded IS NULL)")
        try:
            con.execute(f"CREATE OR REPLACE {kind} {name} AS {select}").fetchall()
        except (duckdb.BinderException, duckdb.CatalogException):
            if not temporary:  # only a read-only store of an older schema may lack a table
                raise


def filtered_select(
    name: str, hands_where: str | None = None, seats_where: str | None = None,
    rows: str | None = "hand",
) -> str:
    """The SELECT of view ``name`` restricted to some hands and seats.

    Args:
        name: a key of :data:`VIEWS`.
        hands_where: a SQL condition on ``hands`` (alias ``h``; may hold ``?``
            parameters), or ``None`` for every hand.
        seats_where: a SQL condition on ``seats`` (alias ``s``), or ``None``; its
            parameters come after those of ``hands_where``.
        rows: with ``seats_where``, which of the view's rows to keep: ``"hand"``
            those of hands with a matching seat, ``"player"`` those whose (hand,
            player) is a matching seat, ``None`` all (a view that sums seats, such as
            ``player_results``, is already restricted by the seats it reads).

    Returns:
        A SELECT statement giving the view's rows computed over those hands only.

    Raises:
        KeyError: no such view.
    """
    return filtered(VIEWS[name][1], hands_where, seats_where, rows)


def filtered(select: str, hands_where: str | None = None, seats_where: str | None = None,
             rows: str | None = "hand") -> str:  # fmt: skip
    """:func:`filtered_select` of any SELECT that reaches its hands through ``hands``
    (and its seats through ``seats``), such as :data:`MISREADS_WITHOUT_CARDS`."""
    ctes = []
    if hands_where:
        ctes.append(f"hands AS (SELECT * FROM main.hands h WHERE {hands_where})")
    if seats_where:
        ctes.append(f"seats AS (SELECT * FROM main.seats s WHERE {seats_where})")
    if not ctes:
        return select
    keep = ""
    if seats_where and rows == "hand":
        keep = " WHERE (v.site, v.hand_id) IN (SELECT site, hand_id FROM seats)"
    elif seats_where and rows == "player":
        keep = " WHERE (v.site, v.hand_id, v.player) IN (SELECT site, hand_id, player FROM seats)"
    return f"WITH {', '.join(ctes)} SELECT * FROM ({select}) v{keep}"

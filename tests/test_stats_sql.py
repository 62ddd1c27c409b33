"""The statistics facts worked out at import (Python, hhtools.store.seat_stats) against
the same definitions written independently in SQL over the stored ``actions``, on
generated hands of every game the generator deals: every seat must agree."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from hhtools.store.importer import import_paths

#: the definitions of test_stats.py / ``hhtools schema``, in SQL over actions and seats
FACTS_SQL = """
WITH a AS (
    SELECT site, hand_id, seq, street, player, kind,
           count_if(street = 'preflop' AND kind IN ('bet', 'raise')) OVER (
               PARTITION BY site, hand_id ORDER BY seq
               ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS raises_before,
           count_if(street = 'flop' AND kind IN ('bet', 'raise')) OVER (
               PARTITION BY site, hand_id ORDER BY seq
               ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS flop_bets_before
    FROM actions
), raisers AS (
    SELECT site, hand_id,
           arg_min(player, seq) FILTER (WHERE street = 'preflop' AND kind IN ('bet', 'raise'))
               AS opener,
           arg_max(player, seq) FILTER (WHERE street = 'preflop' AND kind IN ('bet', 'raise'))
               AS last_raiser
    FROM actions GROUP BY site, hand_id
), cbet AS (  -- the flop's first bet, when the preflop raiser made it
    SELECT a.site, a.hand_id, min(a.seq) AS seq
    FROM a JOIN raisers r USING (site, hand_id)
    WHERE a.street = 'flop' AND a.kind = 'bet' AND a.flop_bets_before = 0
      AND a.player = r.last_raiser
    GROUP BY a.site, a.hand_id
), flop_raise AS (
    SELECT a.site, a.hand_id, min(a.seq) AS seq
    FROM a JOIN cbet c USING (site, hand_id)
    WHERE a.street = 'flop' AND a.kind = 'raise' AND a.seq > c.seq
    GROUP BY a.site, a.hand_id
), per_seat AS (
    SELECT s.site, s.hand_id, s.player,
        -- first non-post preflop action facing exactly one raise by another
        arg_min(a.kind, a.seq) FILTER (WHERE a.street = 'preflop' AND a.kind <> 'post'
            AND a.raises_before = 1 AND a.player <> r.opener) AS three_bet_act,
        arg_min(a.kind, a.seq) FILTER (WHERE a.street = 'preflop' AND a.kind <> 'post'
            AND a.raises_before = 2 AND a.player = r.opener) AS fold3_act,
        arg_min(a.kind, a.seq) FILTER (WHERE a.street = 'flop' AND a.player = r.last_raiser)
            AS cbet_first,
        min(a.flop_bets_before) FILTER (WHERE a.street = 'flop' AND a.player = r.last_raiser
            AND a.seq = (SELECT min(seq) FROM actions x WHERE x.site = s.site
                         AND x.hand_id = s.hand_id AND x.street = 'flop'
                         AND x.player = s.player)) AS cbet_bets_before,
        arg_min(a.kind, a.seq) FILTER (WHERE a.street = 'flop' AND a.player <> r.last_raiser
            AND a.seq > c.seq AND (fr.seq IS NULL OR a.seq <= fr.seq)) AS vs_cbet_act,
        count_if(a.street IN ('flop', 'turn', 'river') AND a.kind IN ('bet', 'raise'))
            AS aggressive,
        count_if(a.street IN ('flop', 'turn', 'river') AND a.kind = 'call') AS calls,
        count_if(a.street IN ('flop', 'turn', 'river') AND a.kind = 'fold') AS folds
    FROM seats s
    JOIN raisers r USING (site, hand_id)
    LEFT JOIN cbet c USING (site, hand_id)
    LEFT JOIN flop_raise fr USING (site, hand_id)
    LEFT JOIN a ON a.site = s.site AND a.hand_id = s.hand_id AND a.player = s.player
    WHERE NOT s.sitting_out
    GROUP BY ALL
)
SELECT p.site, p.hand_id, p.player,
       p.three_bet_act IS NOT NULL AS three_bet_opportunity,
       coalesce(p.three_bet_act = 'raise', false) AS three_bet,
       p.fold3_act IS NOT NULL AS fold_to_three_bet_opportunity,
       coalesce(p.fold3_act = 'fold', false) AS fold_to_three_bet,
       coalesce(p.cbet_bets_before = 0, false) AS cbet_opportunity,
       coalesce(p.cbet_bets_before = 0 AND p.cbet_first = 'bet', false) AS cbet,
       p.vs_cbet_act IS NOT NULL AS fold_to_cbet_opportunity,
       coalesce(p.vs_cbet_act = 'fold', false) AS fold_to_cbet,
       p.aggressive::INTEGER, p.calls::INTEGER, p.folds::INTEGER
FROM per_seat p
"""

COLUMNS = ("three_bet_opportunity", "three_bet", "fold_to_three_bet_opportunity",
           "fold_to_three_bet", "cbet_opportunity", "cbet", "fold_to_cbet_opportunity",
           "fold_to_cbet", "postflop_aggressive", "postflop_calls", "postflop_folds")  # fmt: skip


def test_facts_equal_the_sql_definitions(generated: object, tmp_path: Path) -> None:
    folder, _ = generated(3000, 77)  # type: ignore[operator]
    db = tmp_path / "g.duckdb"
    import_paths([folder], db, workers=1)
    con = duckdb.connect(str(db), read_only=True)
    want = {r[:3]: r[3:] for r in con.execute(FACTS_SQL).fetchall()}
    got = {r[:3]: r[3:] for r in con.execute(
        f"SELECT site, hand_id, player, {', '.join(COLUMNS)} FROM seats WHERE NOT sitting_out"
    ).fetchall()}  # fmt: skip
    assert len(got) > 10_000 and set(got) == set(want)
    wrong = [(k, dict(zip(COLUMNS, got[k], strict=True)), dict(zip(COLUMNS, want[k], strict=True)))
             for k in got if got[k] != want[k]]  # fmt: skip
    assert not wrong, wrong[:3]
    # every statistic had chances to be taken in 3,000 hands
    totals = con.execute(f"SELECT {', '.join(f'count_if({c})' for c in COLUMNS[:8])} "
                         "FROM seats").fetchall()[0]  # fmt: skip
    assert all(n > 0 for n in totals), totals


@pytest.mark.parametrize("column", ["saw_flop", "at_showdown", "vpip_opportunity"])
def test_simple_facts_equal_sql(generated: object, tmp_path: Path, column: str) -> None:
    folder, _ = generated(3000, 77)  # type: ignore[operator]
    db = tmp_path / "g.duckdb"
    import_paths([folder], db, workers=1)
    con = duckdb.connect(str(db), read_only=True)
    sql = {
        # not folded preflop, and the first board has a flop
        "saw_flop": "coalesce(s.folded, '') <> 'preflop' AND length(h.board_cards) >= 8",
        # not folded, and another dealt-in player did not fold either
        "at_showdown": "s.folded IS NULL AND (SELECT count(*) FROM seats o WHERE o.site = s.site "
                       "AND o.hand_id = s.hand_id AND NOT o.sitting_out AND o.folded IS NULL) >= 2",
        # not the big blind of a hand nobody called or raised and everyone else folded
        "vpip_opportunity": "NOT (EXISTS (SELECT 1 FROM actions b WHERE b.site = s.site "
                            "AND b.hand_id = s.hand_id AND b.post = 'big_blind' "
                            "AND b.player = s.player) "
                            "AND NOT EXISTS (SELECT 1 FROM actions v WHERE v.site = s.site "
                            "AND v.hand_id = s.hand_id AND v.street = 'preflop' "
                            "AND v.kind IN ('call', 'bet', 'raise')) "
                            "AND (SELECT count(*) FROM seats o WHERE o.site = s.site AND "
                            "o.hand_id = s.hand_id AND NOT o.sitting_out AND "
                            "o.folded IS NULL) = 1)",
    }[column]
    bad = con.execute(
        f"SELECT count(*) FROM seats s JOIN hands h USING (site, hand_id) "
        f"WHERE NOT s.sitting_out AND s.{column} <> ({sql})"
    ).fetchall()[0][0]
    assert bad == 0

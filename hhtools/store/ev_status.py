"""What ``hhtools ev`` has left to do, and the ``uncalled`` status of ``allin_hands`` for
stores written before it existed.

Until schema 10, ``hhtools ev`` stored a hand whose all-in nobody stayed in against to
the end (fewer than two players still in when the money was in) as ``unknown_cards``,
the status of a hand with a player still in whose hole cards are unknown. Since schema
11 it is ``uncalled``; a store of schema 10 or before is relabelled once, when first
opened for writing (:func:`hhtools.store.db.connect`).

:data:`PENDING` counts the hands ``hhtools ev`` has still to look at (the hint of
``hhtools stats``). Kept apart from :mod:`hhtools.store.ev`, which imports
:mod:`hhtools.store.db`, numpy and pyarrow: a command that only reads loads neither.
"""

from __future__ import annotations

import duckdb

__all__ = ["PENDING", "relabel_uncalled"]

#: how many hands :data:`hhtools.store.ev.CANDIDATES` holds (for the hint of ``hhtools
#: stats``): the same hands, found without working out every hand's last street. Those
#: with an all-in action before the river (``early``); and those with a seat whose whole
#: stack went in that have an action: an all-in action (any street) says so, and only the
#: few hands without one are looked up among every action (a hand with no action row is
#: no candidate). Stored (a ``hands`` row) and not yet looked at (no ``allin_hands``
#: row). At a million hands 0.55 -> 0.43 CPU s in a new process (the first way: every
#: action's hand looked up for the stacks all in, and a hash of every hand); 0.37-0.40 ->
#: 0.33-0.34 with the two parts apart (a hand said all in: early, or a stack all in; a
#: stack all in that nothing says: it has an action), each hand once in its part and in
#: no other, so added without the UNION's hash of every found hand.
PENDING = """
WITH stacks AS (SELECT DISTINCT site, hand_id FROM seats
                WHERE stack > 0 AND put_in - returned >= stack),
said AS (SELECT site, hand_id, bool_or(street <> 'river') AS early FROM actions
         WHERE all_in GROUP BY site, hand_id),
found AS (
    SELECT d.site, d.hand_id FROM said d
    LEFT JOIN stacks s ON s.site = d.site AND s.hand_id = d.hand_id
    WHERE d.early OR s.hand_id IS NOT NULL
    UNION ALL
    SELECT u.site, u.hand_id FROM (SELECT * FROM stacks ANTI JOIN said USING (site, hand_id)) u
    WHERE EXISTS (SELECT 1 FROM actions a WHERE a.site = u.site AND a.hand_id = u.hand_id)
)
SELECT count(*) FROM found c
SEMI JOIN hands h ON h.site = c.site AND h.hand_id = c.hand_id
ANTI JOIN allin_hands a ON a.site = c.site AND a.hand_id = c.hand_id
"""

#: a seat (as ``s``) still in: dealt in and never folded. An all-in hand's equity is
#: worth working out only with two such seats or more; with fewer nobody called, and
#: its status is ``uncalled`` (``hhtools ev``, and the relabelling below)
STILL_IN = "NOT coalesce(s.sitting_out, false) AND s.folded IS NULL"

#: hands stored as ``unknown_cards`` by hhtools before schema 11 although fewer than
#: two players were still in (the status ``uncalled`` since)
_UNCALLED_BEFORE_11 = f"""
UPDATE allin_hands SET status = 'uncalled'
WHERE status = 'unknown_cards' AND street IN ('preflop', 'flop', 'turn')
  AND (SELECT count(*) FROM seats s WHERE s.site = allin_hands.site
       AND s.hand_id = allin_hands.hand_id AND {STILL_IN}) < 2
"""


def relabel_uncalled(con: duckdb.DuckDBPyConnection) -> int:
    """Give the hands an older hhtools stored as ``unknown_cards`` with fewer than two
    players still in their own status, ``uncalled`` (a store of schema 10 or before,
    when first opened for writing). No equity row changes: such hands have none.

    Returns:
        How many hands were relabelled.

    Raises:
        duckdb.Error: the store cannot be read or written.
    """
    return int(con.execute(_UNCALLED_BEFORE_11).fetchone()[0])  # type: ignore[index]

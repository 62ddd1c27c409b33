"""The ``uncalled`` status of ``allin_hands`` for stores written before it existed.

Until schema 10, ``hhtools ev`` stored a hand whose all-in nobody stayed in against to
the end (fewer than two players still in when the money was in) as ``unknown_cards``,
the status of a hand with a player still in whose hole cards are unknown. Since schema
11 it is ``uncalled``; a store of schema 10 or before is relabelled once, when first
opened for writing (:func:`hhtools.store.db.connect`). Kept apart from
:mod:`hhtools.store.ev`, which imports :mod:`hhtools.store.db`.
"""

from __future__ import annotations

import duckdb

__all__ = ["relabel_uncalled"]

#: hands stored as ``unknown_cards`` by hhtools before schema 11 although fewer than
#: two players were still in (the status ``uncalled`` since): as :data:`hhtools.store.ev._WORK` tells them
_UNCALLED_BEFORE_11 = """
UPDATE allin_hands SET status = 'uncalled'
WHERE status = 'unknown_cards' AND street IN ('preflop', 'flop', 'turn')
  AND (SELECT count(*) FROM seats s WHERE s.site = allin_hands.site
       AND s.hand_id = allin_hands.hand_id AND NOT coalesce(s.sitting_out, false)
       AND s.folded IS NULL) < 2
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

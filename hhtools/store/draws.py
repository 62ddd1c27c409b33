"""Draw analysis for the stored hands: the rows of ``draws``, filled after import.

A hand is looked at when some player's hole cards are known (the hero's, shown, or
mucked face up) and a flop was dealt. Each such player gets one row per board and per
street with cards to come that they saw: the flop (board of three, the turn and river
to come) unless they folded preflop, the turn (board of four) unless they folded
before it. Each row is :func:`hhtools.rules.draws.analyse_codes` from the player's
side: the cards unseen are the 52 less the player's hole cards and the board so far;
other players' cards, known only after the hand, are not taken out. Beside it: the
card dealt next and whether it was a straight out, a nut out, a counterfeit; whether
the player could make a straight on the river.

The work is done after import (``hhtools draws --fill``, ``hhtools import --draws``),
batch by batch (200 hands a task, in worker processes when asked), and written to
``draws``; ``draws_hands`` notes every hand looked at, so a second run only looks at
new hands. It is not part of the import: the import must keep its speed (issue 11),
and most users never ask for draws.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import duckdb

from hhtools.model.cards import card_str, parse_cards
from hhtools.rules.draws import analyse_codes, five_categories
from hhtools.store import db as store

__all__ = ["CANDIDATES", "DrawsSummary", "fill_draws", "hand_draws"]

_PENDING = """
SELECT h.site, h.hand_id, coalesce(h.hi_lo, false) AS hi_lo,
       coalesce(h.qualifier, 8) AS qualifier
FROM hands h
WHERE EXISTS (SELECT 1 FROM seats s WHERE s.site = h.site AND s.hand_id = h.hand_id
              AND coalesce(s.hole_cards, '') <> '')
  AND EXISTS (SELECT 1 FROM boards b WHERE b.site = h.site AND b.hand_id = h.hand_id
              AND coalesce(b.flop, '') <> '')
  AND NOT EXISTS (SELECT 1 FROM draws_hands d WHERE d.site = h.site AND d.hand_id = h.hand_id)
"""

#: hands with known hole cards and a flop, not yet looked at
CANDIDATES = _PENDING + "ORDER BY h.site, h.hand_id\n"

_BATCH = 200  # hands per task
#: streets a player who folded on this street (or never: None) saw
_SAW = {"flop": {None, "flop", "turn", "river"}, "turn": {None, "turn", "river"}}

#: one hand's facts: (site, hand_id, hi_lo, qualifier, seats [(player, hole, folded)],
#: boards [(board, cards text)])
HandFacts = tuple[Any, ...]


class DrawsSummary(dict[str, int]):
    """Hands looked at, by outcome (``analysed``, ``error``), and ``rows`` written."""


def hand_draws(facts: HandFacts) -> tuple[str, list[tuple[Any, ...]]]:
    """One hand's ``draws`` rows, in the order of the table's columns.

    Args:
        facts: the hand as :func:`_facts` reads it (plain values, picklable).

    Returns:
        ``("analysed", rows)`` (rows may be none: every player with known cards folded
        preflop), or ``("error: ...", [])`` for cards that cannot be read.
    """
    site, hid, hi_lo, qualifier, seats, boards = facts
    rows: list[tuple[Any, ...]] = []
    try:
        for board, text in boards:
            cards = parse_cards(text or "")
            for player, hole_text, folded in seats:
                hole = parse_cards(hole_text)
                if not 2 <= len(hole) <= 7:
                    continue
                for street, m in (("flop", 3), ("turn", 4)):
                    if len(cards) < m or folded not in _SAW[street]:
                        continue
                    d = analyse_codes(hole, cards[:m], bool(hi_lo), int(qualifier))
                    nxt = card_str(cards[m]) if len(cards) > m else None
                    river = (bool(five_categories(hole, cards) & {4, 8})
                             if len(cards) == 5 else None)  # fmt: skip
                    rows.append((
                        site, hid, board, player, street, hole_text,
                        " ".join(card_str(c) for c in cards[:m]), d.unseen, d.high, d.low,
                        len(d.straight_outs), len(d.flush_outs), len(d.full_house_outs),
                        len(d.low_outs), len(d.nut_outs), len(d.nut_low_outs),
                        len(d.redraw_outs), " ".join(d.straight_outs), " ".join(d.nut_outs),
                        " ".join(d.counterfeited), d.wrap, d.nuts, d.nut_low, d.redraw,
                        d.protected_low, d.low_possible, d.low_draw, d.live_low, nxt,
                        None if nxt is None else nxt in d.straight_outs,
                        None if nxt is None else nxt in d.nut_outs,
                        None if nxt is None else nxt in d.counterfeited, river,
                    ))  # fmt: skip
    except Exception as exc:  # bad cards in a stored hand must not stop the others
        return f"error: {exc}", []
    return "analysed", rows


def _work(batch: list[HandFacts]) -> list[tuple[str, str, str, list[tuple[Any, ...]]]]:
    out = []
    for facts in batch:
        status, rows = hand_draws(facts)
        out.append((facts[0], facts[1], status, rows))
    return out


def _facts(con: duckdb.DuckDBPyConnection, limit: int | None) -> list[HandFacts]:
    """The candidate hands with their known hole cards and boards (three queries)."""
    sql = CANDIDATES + (f" LIMIT {int(limit)}" if limit else "")
    con.execute(f"CREATE OR REPLACE TEMP TABLE draws_candidates AS {sql}")
    cands = con.execute("SELECT * FROM draws_candidates ORDER BY site, hand_id").fetchall()
    if not cands:
        con.execute("DROP TABLE draws_candidates")
        return []
    seats: dict[tuple[str, str], list[tuple[Any, ...]]] = defaultdict(list)
    for site, hid, *rest in con.execute(
        "SELECT s.site, s.hand_id, s.player, s.hole_cards, s.folded FROM seats s "
        "JOIN draws_candidates c USING (site, hand_id) "
        "WHERE coalesce(s.hole_cards, '') <> '' AND NOT coalesce(s.sitting_out, false) "
        "ORDER BY s.site, s.hand_id, s.seat"
    ).fetchall():
        seats[site, hid].append(tuple(rest))
    boards: dict[tuple[str, str], list[tuple[Any, ...]]] = defaultdict(list)
    for site, hid, board, cards in con.execute(
        "SELECT b.site, b.hand_id, b.board, b.cards FROM boards b "
        "JOIN draws_candidates c USING (site, hand_id) ORDER BY b.site, b.hand_id, b.board"
    ).fetchall():
        boards[site, hid].append((board, cards))
    con.execute("DROP TABLE draws_candidates")
    return [(*c, seats[c[0], c[1]], boards[c[0], c[1]]) for c in cands]


def _batches(facts: list[HandFacts]) -> Iterator[list[HandFacts]]:
    for i in range(0, len(facts), _BATCH):
        yield facts[i : i + _BATCH]


def fill_draws(
    con: duckdb.DuckDBPyConnection,
    workers: int = 1,
    limit: int | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> DrawsSummary:
    """Analyse the draws of every stored hand with known hole cards not yet looked at.

    Args:
        con: a writable connection to the store.
        workers: processes to share the work (1: this process).
        limit: look at no more than this many hands.
        on_progress: called with (hands done, hands to do) after each batch.

    Returns:
        Hands looked at by outcome (``analysed``, ``error``) and ``rows`` written.

    Raises:
        duckdb.Error: the store cannot be read or written.
    """
    with store.unmerged_writes(con):  # no row groups merged, mid-run checkpoints too
        return _fill(con, workers, limit, on_progress)


def _fill(con: duckdb.DuckDBPyConnection, workers: int, limit: int | None,
          on_progress: Callable[[int, int], None] | None) -> DrawsSummary:  # fmt: skip
    """:func:`fill_draws`' work, its arguments as it took them."""
    facts = _facts(con, limit)
    summary = DrawsSummary(analysed=0, error=0, rows=0)
    done = 0
    pool = ProcessPoolExecutor(workers) if workers > 1 and len(facts) > _BATCH else None
    try:
        results = pool.map(_work, _batches(facts)) if pool else map(_work, _batches(facts))
        for batch in results:
            summary["rows"] += _store(con, batch)
            for *_, status, _rows in batch:
                key = "error" if status.startswith("error") else status
                summary[key] = summary.get(key, 0) + 1
            done += len(batch)
            if on_progress:
                on_progress(done, len(facts))
    finally:
        if pool:
            pool.shutdown(cancel_futures=True)
    return summary


def _store(con: duckdb.DuckDBPyConnection, batch: list[tuple[str, str, str, list[Any]]]) -> int:
    """Append one batch's rows and its hands' outcomes in one transaction."""
    cols = [c.name for c in store.TABLES["draws"][1]]
    rows = [r for *_, rs in batch for r in rs]
    con.execute("BEGIN TRANSACTION")
    try:
        if rows:
            store.append(con, "draws", {c: [r[i] for r in rows] for i, c in enumerate(cols)})
        store.append(con, "draws_hands", {
            "site": [b[0] for b in batch], "hand_id": [b[1] for b in batch],
            "rows": [len(b[3]) for b in batch], "status": [b[2] for b in batch],
        })  # fmt: skip
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    return len(rows)

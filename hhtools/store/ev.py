"""All-in equity for the stored hands: which hands qualify, their equity, its rows.

A hand qualifies when its money all went in before the river (its last call, bet or
raise was preflop, on the flop or on the turn; checks may follow) with two or more
players still in, at
least one of them all-in (the site said so, or all their stack went in), and the hole
cards of every player still in are known (shown, mucked face up, or the hero's). Each
qualifying hand's pots, as the audit rebuilt them (``pots``: amount after rake and
the players eligible, board by board), are shared over every board that the cards
dealt when the money was all in can still become: the flop for a flop all-in, the turn
card too for a turn all-in, no card preflop (Courchevel: its first board card). Known
hole cards of players who folded are out of the deck. A run-it-twice hand has one
equity per board, each board over its own pots.

The work is done after import (``hhtools ev``, ``hhtools import --ev``), in worker
processes, a batch of hands at a time through
:func:`hhtools.rules.equity_batch.batch_equity` (the boards of the batch's flop and
turn all-ins evaluated together; preflop boards counted by class, every board
exactly, also where :func:`hhtools.rules.equity.all_in_equity`, the per-hand
reference, would sample), and written to ``allin_equity``; ``allin_hands`` notes
every hand looked at, so a second run only looks at new hands.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

import duckdb

from hhtools.store import db as store

if TYPE_CHECKING:  # loaded where the equity is worked out: numpy's evaluator takes a second
    from hhtools.rules.equity_batch import AllIn

__all__ = ["CANDIDATES", "PENDING", "EvSummary", "compute_allin_equity", "hand_equity"]

#: hands with someone all-in (said, or their whole stack in) not yet looked at, with the
#: street of their last call, bet or raise
_ALL_IN = """
WITH last AS (
    SELECT site, hand_id,
           arg_max(street, seq) FILTER (WHERE kind IN ('call', 'bet', 'raise')) AS street,
           bool_or(all_in AND street <> 'river') AS all_in
    FROM actions GROUP BY site, hand_id
)
SELECT h.site, h.hand_id, h.variant, h.hi_lo, coalesce(h.qualifier, 8) AS qualifier, l.street
FROM hands h JOIN last l ON l.site = h.site AND l.hand_id = h.hand_id
WHERE (l.all_in OR EXISTS (SELECT 1 FROM seats s WHERE s.site = h.site
        AND s.hand_id = h.hand_id AND s.stack > 0 AND s.put_in - s.returned >= s.stack))
  AND NOT EXISTS (SELECT 1 FROM allin_hands a WHERE a.site = h.site AND a.hand_id = h.hand_id)
"""

CANDIDATES = _ALL_IN + "ORDER BY h.site, h.hand_id\n"

#: how many hands CANDIDATES holds (for the hint of ``hhtools stats``): the same hands,
#: found without working out every hand's last street (half the time at a million hands)
PENDING = """
SELECT count(*) FROM (
    SELECT site, hand_id FROM actions WHERE all_in AND street <> 'river'
    UNION
    SELECT s.site, s.hand_id FROM seats s
    WHERE s.stack > 0 AND s.put_in - s.returned >= s.stack
      AND (s.site, s.hand_id) IN (SELECT site, hand_id FROM actions)
) c SEMI JOIN hands h ON h.site = c.site AND h.hand_id = c.hand_id
ANTI JOIN allin_hands a ON a.site = c.site AND a.hand_id = c.hand_id
"""

#: cards known on the board when the money was all in, by that street
_KNOWN_BOARD = {"preflop": 0, "flop": 3, "turn": 4}
_BATCH = 200  # hands per worker task


class EvSummary(dict[str, int]):
    """Hands looked at, by outcome: ``computed``, ``money_on_river``, ``unknown_cards``,
    ``error``."""


#: one hand's facts from the store: (site, hand_id, variant, hi_lo, qualifier, street,
#: seats [(player, hole text, folded street, put_in, returned, net)],
#: boards {board: cards text}, pots [(board, pot, net, gross, eligible)])
HandFacts = tuple[Any, ...]


def hand_equity(facts: HandFacts) -> tuple[str, list[tuple[Any, ...]]]:
    """One hand's equity rows, or why there are none.

    Args:
        facts: the hand as :func:`_facts` reads it (plain values, picklable).

    Returns:
        ``(status, rows)``: status ``computed`` with one row per board, pot and
        player still in: (site, hand_id, board, pot, player, street, amount,
        equity_high, equity_low, std_error, boards, exact); or, with no rows,
        ``money_on_river`` (money went in on the river: the cards were all known),
        ``unknown_cards`` or ``error: ...``.
    """
    _, _, _, status, rows = _work([facts])[0]
    return status, rows


#: one board of a hand to share out: (board, [(pot, net, eligible)], the deal)
_Run = tuple[int, list[tuple[int, int, list[str]]], "AllIn"]


def _runs(facts: HandFacts) -> tuple[str, list[_Run], dict[str, int]]:
    """A hand's status and, when it can be worked out, its boards to share out and its
    players still in (name: index into the deal's holes)."""
    from hhtools.rules.equity_batch import AllIn

    site, hid, variant, hi_lo, qualifier, street, seats, boards, pots = facts
    if street not in _KNOWN_BOARD:
        return "money_on_river", [], {}
    staying = [s for s in seats if s[2] is None]
    if len(staying) < 2 or any(not s[1] for s in staying):
        return "unknown_cards", [], {}
    holes = [s[1] for s in staying]
    if len({len(h.split()) for h in holes}) != 1:
        return "unknown_cards", [], {}
    dead = " ".join(s[1] for s in seats if s[2] is not None and s[1])
    index = {s[0]: i for i, s in enumerate(staying)}
    known = _KNOWN_BOARD[street] or (1 if variant == "courchevel" else 0)
    by_board: dict[int, list[tuple[int, int, list[str]]]] = defaultdict(list)
    for board, pot, net, _gross, eligible in pots:
        by_board[board].append((pot, net, eligible))
    runs = []
    for board, board_pots in sorted(by_board.items()):
        cards = (boards.get(board) or "").split()[:known]
        spec = [(net, tuple(index[p] for p in eligible if p in index))
                for _, net, eligible in board_pots]  # fmt: skip
        runs.append((board, board_pots, AllIn(holes, cards, spec, bool(hi_lo), int(qualifier),
                                              dead)))  # fmt: skip
    return "computed", runs, index


def _work(batch: list[HandFacts]) -> list[tuple[str, str, str, str, list[tuple[Any, ...]]]]:
    """Each hand's (site, hand_id, street, status, rows), the boards of every hand of the
    batch shared out together (:func:`hhtools.rules.equity_batch.batch_equity`)."""
    from hhtools.rules.equity_batch import batch_equity

    prepared: list[tuple[str, list[_Run], dict[str, int]]] = []
    for facts in batch:
        try:
            prepared.append(_runs(facts))
        except Exception as exc:  # bad facts in a stored hand must not stop the others
            prepared.append((f"error: {exc}", [], {}))
    deals = [run[2] for _, runs, _ in prepared for run in runs]
    try:
        results: list[Any] = batch_equity(deals)
    except Exception:  # one hand the batch cannot take: each alone, so it costs no other
        results = []
        for deal in deals:
            try:
                results.append(batch_equity([deal])[0])
            except Exception as exc:
                results.append(exc)
    out: list[tuple[str, str, str, str, list[tuple[Any, ...]]]] = []
    at = 0
    for facts, (status, runs, index) in zip(batch, prepared, strict=True):
        site, hid, street = facts[0], facts[1], facts[5]
        mine = results[at : at + len(runs)]
        at += len(runs)
        failed = next((r for r in mine if isinstance(r, Exception)), None)
        if failed is not None:
            out.append((site, hid, street, f"error: {failed}", []))
            continue
        rows: list[tuple[Any, ...]] = []
        for (board, board_pots, _), eq in zip(runs, mine, strict=True):
            for p, (pot, net, _) in enumerate(board_pots):
                for player, i in index.items():
                    rows.append((site, hid, board, pot, player, street, net, eq.high[p][i],
                                 eq.low[p][i], eq.std_error[p][i], eq.boards, eq.exact))  # fmt: skip
        out.append((site, hid, street, status, rows))
    return out


def _facts(con: duckdb.DuckDBPyConnection, limit: int | None) -> list[HandFacts]:
    """The candidate hands with their seats, boards and pots."""
    sql = CANDIDATES + (f" LIMIT {int(limit)}" if limit else "")
    con.execute(f"CREATE OR REPLACE TEMP TABLE ev_candidates AS {sql}")
    cands = con.execute("SELECT * FROM ev_candidates ORDER BY site, hand_id").fetchall()
    if not cands:
        con.execute("DROP TABLE ev_candidates")
        return []
    seats: dict[tuple[str, str], list[tuple[Any, ...]]] = defaultdict(list)
    for site, hid, *rest in con.execute(
        "SELECT s.site, s.hand_id, s.player, s.hole_cards, s.folded, s.put_in, s.returned, "
        "s.net FROM seats s JOIN ev_candidates c USING (site, hand_id) "
        "WHERE NOT coalesce(s.sitting_out, false) ORDER BY s.site, s.hand_id, s.seat"
    ).fetchall():
        seats[site, hid].append(tuple(rest))
    boards: dict[tuple[str, str], dict[int, str]] = defaultdict(dict)
    for site, hid, board, cards in con.execute(
        "SELECT b.site, b.hand_id, b.board, b.cards FROM boards b "
        "JOIN ev_candidates c USING (site, hand_id)"
    ).fetchall():
        boards[site, hid][board] = cards
    pots: dict[tuple[str, str], list[tuple[Any, ...]]] = defaultdict(list)
    for site, hid, *rest in con.execute(
        "SELECT p.site, p.hand_id, p.board, p.pot, p.net, p.gross, p.eligible FROM pots p "
        "JOIN ev_candidates c USING (site, hand_id) ORDER BY p.site, p.hand_id, p.board, p.pot"
    ).fetchall():
        pots[site, hid].append(tuple(rest))
    con.execute("DROP TABLE ev_candidates")
    return [(*c, seats[c[0], c[1]], boards[c[0], c[1]], pots[c[0], c[1]]) for c in cands]


def _batches(facts: list[HandFacts]) -> Iterator[list[HandFacts]]:
    for i in range(0, len(facts), _BATCH):
        yield facts[i : i + _BATCH]


def compute_allin_equity(
    con: duckdb.DuckDBPyConnection,
    workers: int = 1,
    limit: int | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> EvSummary:
    """Work out the all-in equity of every stored hand that qualifies and has none yet.

    Args:
        con: a writable connection to the store.
        workers: processes to share the work (1: this process).
        limit: look at no more than this many hands (for a quick partial run).
        on_progress: called with (hands done, hands to do) after each batch.

    Returns:
        Hands looked at, by outcome.

    Raises:
        duckdb.Error: the store cannot be read or written.
    """
    facts = _facts(con, limit)
    summary = EvSummary(computed=0, money_on_river=0, unknown_cards=0, error=0)
    done = 0
    pool = ProcessPoolExecutor(workers) if workers > 1 and len(facts) > _BATCH else None
    try:
        results = pool.map(_work, _batches(facts)) if pool else map(_work, _batches(facts))
        for batch in results:
            _store(con, batch)
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


def _store(con: duckdb.DuckDBPyConnection, batch: list[tuple[str, str, str, str, list]]) -> None:  # type: ignore[type-arg]
    """Append one batch's rows and its hands' outcomes in one transaction."""
    cols = [c.name for c in store.TABLES["allin_equity"][1]]
    rows = [r for *_, rs in batch for r in rs]
    con.execute("BEGIN TRANSACTION")
    try:
        if rows:
            store.append(con, "allin_equity", {c: [r[i] for r in rows] for i, c in enumerate(cols)})
        store.append(con, "allin_hands", {
            "site": [b[0] for b in batch], "hand_id": [b[1] for b in batch],
            "street": [b[2] for b in batch], "status": [b[3] for b in batch],
        })  # fmt: skip
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise

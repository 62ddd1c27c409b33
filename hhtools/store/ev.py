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

The work is done after import (``hhtools ev``, ``hhtools import --ev``). The main
process reads the candidates and settles those with nothing to work out (money in on
the river; ``uncalled``: fewer than two players still in) from SQL alone; the others go
to worker processes, a batch of hands at a time as Arrow slices of their seats, boards and pots,
through :func:`hhtools.rules.equity_batch.batch_equity` (the boards of the batch's flop
and turn all-ins evaluated together; preflop boards counted by class, every board
exactly, also where :func:`hhtools.rules.equity.all_in_equity`, the per-hand
reference, would sample; the compiled core's loops where it is built). Their rows
come back as Arrow and are appended to ``allin_equity`` in a few large transactions;
``allin_hands`` notes every hand looked at, so a second run only looks at new hands.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

import duckdb
import numpy as np
import pyarrow as pa

from hhtools.store import db as store
from hhtools.store.ev_status import PENDING, STILL_IN  # noqa: F401  (PENDING re-exported)
from hhtools.store.schema import TABLES

if TYPE_CHECKING:  # loaded where the equity is worked out: numpy's evaluator takes a second
    from hhtools.rules.equity_batch import AllIn

__all__ = ["CANDIDATES", "PENDING", "EvSummary", "compute_allin_equity", "hand_equity"]

#: hands with someone all-in (said, or their whole stack in) not yet looked at, with the
#: street of their last call, bet or raise; a hand with none (a player all-in on a
#: blind or ante post, which nobody had to call) had its money in before the flop
_ALL_IN = """
WITH last AS (
    SELECT site, hand_id,
           coalesce(arg_max(street, seq) FILTER (WHERE kind IN ('call', 'bet', 'raise')),
                    'preflop') AS street,
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

#: cards known on the board when the money was all in, by that street
_KNOWN_BOARD = {"preflop": 0, "flop": 3, "turn": 4}
_BATCH = 500  # hands per worker task
_COMMIT = 20_000  # hands stored per transaction


class EvSummary(dict[str, int]):
    """Hands looked at, by outcome: ``computed``, ``money_on_river``, ``uncalled``,
    ``unknown_cards``, ``error``."""


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
        ``uncalled`` (fewer than two players still in: nobody stayed in against the
        all-in to the end, so there is nothing to share), ``unknown_cards`` (a player
        still in whose hole cards the history does not give, or players still in with
        hole cards of different counts) or ``error: ...``.
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
    if len(staying) < 2:
        return "uncalled", [], {}
    if any(not s[1] for s in staying):
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


#: the candidates (CANDIDATES, ``limit`` first) numbered in order: ``n``
_NUMBERED = """
CREATE OR REPLACE TEMP TABLE ev_candidates AS
SELECT row_number() OVER (ORDER BY site, hand_id) AS n, * FROM ({sql})
"""

#: the candidates there is something to work out for: money all in before the river
#: and two players or more still in (the others' outcome needs no cards: _outcome)
_WORK = f"""
CREATE OR REPLACE TEMP TABLE ev_work AS
SELECT c.n FROM ev_candidates c JOIN seats s USING (site, hand_id)
WHERE c.street IN ('preflop', 'flop', 'turn') AND {STILL_IN}
GROUP BY c.n HAVING count(*) >= 2
"""

#: per work hand, ordered by ``n``: its seats (in seat order), boards and pots, as
#: :data:`HandFacts` holds them
_PARTS = {
    "seats": "SELECT c.n, s.player, s.hole_cards, s.folded, s.put_in, s.returned, s.net "
             "FROM seats s JOIN ev_candidates c USING (site, hand_id) SEMI JOIN ev_work w "
             "ON w.n = c.n WHERE NOT coalesce(s.sitting_out, false) ORDER BY c.n, s.seat",
    "boards": "SELECT c.n, b.board, b.cards FROM boards b JOIN ev_candidates c "
              "USING (site, hand_id) SEMI JOIN ev_work w ON w.n = c.n ORDER BY c.n, b.board",
    "pots": "SELECT c.n, p.board, p.pot, p.net, p.gross, p.eligible FROM pots p "
            "JOIN ev_candidates c USING (site, hand_id) SEMI JOIN ev_work w ON w.n = c.n "
            "ORDER BY c.n, p.board, p.pot",
}  # fmt: skip


def _facts(con: duckdb.DuckDBPyConnection, limit: int | None) -> list[HandFacts]:
    """The candidate hands with their seats, boards and pots (every candidate, as
    :func:`hand_equity` takes them)."""
    cands, work, parts = _read(con, limit)
    by_n = dict(zip(work, _from_parts(parts), strict=True))
    empty: tuple[list[Any], dict[int, str], list[Any]] = ([], {}, [])
    return [(*c[1:], *by_n.get(c[0], empty)) for c in cands]


def _read(
    con: duckdb.DuckDBPyConnection, limit: int | None
) -> tuple[list[tuple[Any, ...]], list[int], dict[str, pa.Table]]:
    """The candidates ``(n, site, hand_id, variant, hi_lo, qualifier, street)`` in order,
    the ``n`` of those with something to work out (:data:`_WORK`), and those hands'
    seats, boards and pots as Arrow tables ordered by ``n`` (read by DuckDB into
    columns: no Python object per row in this process)."""
    sql = CANDIDATES + (f" LIMIT {int(limit)}" if limit else "")
    con.execute(_NUMBERED.format(sql=sql))
    try:
        cands = con.execute("SELECT * FROM ev_candidates ORDER BY n").fetchall()
        if not cands:
            return [], [], {}
        con.execute(_WORK)
        work = [n for (n,) in con.execute("SELECT n FROM ev_work ORDER BY n").fetchall()]
        parts = {name: con.sql(sql).to_arrow_table() for name, sql in _PARTS.items()}
        con.execute("DROP TABLE ev_work")
    finally:
        con.execute("DROP TABLE IF EXISTS ev_candidates")
    return cands, work, parts


def _outcome(street: str | None) -> str:
    """The status of a candidate with nothing to work out: the money went in on the
    river, else fewer than two players were still in (:data:`_WORK`)."""
    return "uncalled" if street in _KNOWN_BOARD else "money_on_river"


def _from_parts(parts: dict[str, pa.Table]) -> list[tuple[Any, Any, Any]]:
    """Per hand of the parts, in ``n`` order: (seats, boards, pots) as in
    :data:`HandFacts`."""
    seats: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for n, *rest in zip(*(c.to_pylist() for c in parts["seats"].columns), strict=True):
        seats[n].append(tuple(rest))
    boards: dict[int, dict[int, str]] = defaultdict(dict)
    for n, board, cards in zip(*(c.to_pylist() for c in parts["boards"].columns), strict=True):
        boards[n][board] = cards
    pots: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for n, *rest in zip(*(c.to_pylist() for c in parts["pots"].columns), strict=True):
        pots[n].append(tuple(rest))
    return [(seats[n], boards[n], pots[n]) for n in sorted(seats)]


def _ipc(table: pa.Table) -> bytes:
    """An Arrow table (or slice) as IPC stream bytes: only its own rows (pickling a
    slice would copy the whole table)."""
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)
    data: bytes = sink.getvalue().to_pybytes()
    return data


#: one worker task: the hands' (site, hand_id, variant, hi_lo, qualifier, street) and
#: their parts' rows as Arrow IPC bytes
_Task = tuple[list[tuple[Any, ...]], dict[str, bytes]]


def _tasks(cands: list[tuple[Any, ...]], work: list[int],
           parts: dict[str, pa.Table]) -> Iterator[_Task]:  # fmt: skip
    """The work hands in tasks of :data:`_BATCH`, each with its slices of the parts."""
    by_n = {c[0]: c[1:] for c in cands}
    keys = {name: t.column("n").to_numpy() for name, t in parts.items()}
    for i in range(0, len(work), _BATCH):
        ns = work[i : i + _BATCH]
        lo, hi = ns[0], ns[-1]
        sliced = {}
        for name, table in parts.items():
            a, b = np.searchsorted(keys[name], [lo, hi + 1])
            sliced[name] = _ipc(table.slice(int(a), int(b - a)))
        yield [by_n[n] for n in ns], sliced


def _run_task(task: _Task) -> tuple[list[tuple[str, str, str, str]], bytes]:
    """A worker's task: the hands' outcomes (site, hand_id, street, status) and their
    equity rows as an ``allin_equity`` Arrow table (IPC bytes)."""
    heads, blobs = task
    parts = {name: pa.ipc.open_stream(blob).read_all() for name, blob in blobs.items()}
    facts = [(*h, *rest) for h, rest in zip(heads, _from_parts(parts), strict=True)]
    done = _work(facts)
    cols = [c.name for c in TABLES["allin_equity"][1]]
    rows = [r for *_, rs in done for r in rs]
    table = store.to_arrow("allin_equity", {c: [r[i] for r in rows] for i, c in enumerate(cols)})
    return [d[:4] for d in done], _ipc(table)


def compute_allin_equity(
    con: duckdb.DuckDBPyConnection,
    workers: int = 1,
    limit: int | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> EvSummary:
    """Work out the all-in equity of every stored hand that qualifies and has none yet.

    The candidates with nothing to work out (money in on the river, fewer than two
    players still in) are settled here; the others go to ``workers`` processes in
    tasks of their rows (Arrow), and come back as ``allin_equity`` rows (Arrow),
    stored :data:`_COMMIT` hands a transaction (an interrupted run keeps the hands
    stored so far; a second run looks only at the others).

    Args:
        con: a writable connection to the store.
        workers: processes to share the work (1: this process).
        limit: look at no more than this many hands (for a quick partial run).
        on_progress: called with (hands done, hands to do) after each task.

    Returns:
        Hands looked at, by outcome: ``computed``, ``money_on_river``, ``uncalled``,
        ``unknown_cards``, ``error``.

    Raises:
        duckdb.Error: the store cannot be read or written.
    """
    with store.unmerged_writes(con):  # no row groups merged, mid-run checkpoints too
        return _compute(con, workers, limit, on_progress)


def _compute(con: duckdb.DuckDBPyConnection, workers: int, limit: int | None,
             on_progress: Callable[[int, int], None] | None) -> EvSummary:  # fmt: skip
    """:func:`compute_allin_equity`'s work, its arguments as it took them."""
    cands, work, parts = _read(con, limit)
    summary = EvSummary(computed=0, money_on_river=0, uncalled=0, unknown_cards=0, error=0)
    pending = _Pending(con, summary)
    working = set(work)
    pending.add([(c[1], c[2], c[6], _outcome(c[6])) for c in cands if c[0] not in working], None)
    done = len(cands) - len(work)
    tasks = _tasks(cands, work, parts)
    pool = ProcessPoolExecutor(workers) if workers > 1 and len(work) > _BATCH else None
    try:
        if on_progress and cands:
            on_progress(done, len(cands))
        results = pool.map(_run_task, tasks) if pool else map(_run_task, tasks)
        for hands, rows in results:
            pending.add(hands, rows)
            done += len(hands)
            if on_progress:
                on_progress(done, len(cands))
    finally:
        if pool:
            pool.shutdown(cancel_futures=True)
        pending.flush()
    return summary


class _Pending:
    """Outcomes and rows waiting to be stored, flushed every :data:`_COMMIT` hands."""

    def __init__(self, con: duckdb.DuckDBPyConnection, summary: EvSummary) -> None:
        self.con = con
        self.summary = summary
        self.hands: list[tuple[str, str, str, str]] = []
        self.rows: list[bytes] = []

    def add(self, hands: list[tuple[str, str, str, str]], rows: bytes | None) -> None:
        """Queue one task's outcomes and rows; store the queue when it is long."""
        self.hands += hands
        if rows is not None:
            self.rows.append(rows)
        if len(self.hands) >= _COMMIT:
            self.flush()

    def flush(self) -> None:
        """Append the queued rows and outcomes in one transaction, and count them."""
        if not self.hands:
            return
        hands, blobs = self.hands, self.rows
        self.hands, self.rows = [], []
        _store(self.con, hands, [pa.ipc.open_stream(b).read_all() for b in blobs])
        for *_, status in hands:
            key = "error" if status.startswith("error") else status
            self.summary[key] = self.summary.get(key, 0) + 1


def _store(con: duckdb.DuckDBPyConnection, hands: list[tuple[str, str, str, str]],
           rows: list[pa.Table]) -> None:  # fmt: skip
    """Append equity rows and their hands' outcomes in one transaction."""
    con.execute("BEGIN TRANSACTION")
    try:
        for table in rows:
            store.append_arrow(con, "allin_equity", table)
        store.append(con, "allin_hands", {
            "site": [h[0] for h in hands], "hand_id": [h[1] for h in hands],
            "street": [h[2] for h in hands], "status": [h[3] for h in hands],
        })  # fmt: skip
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise

"""A hand stored read in part, replaced by its whole reading from a later import.

A hand read while its file was still being written (an import of a file the client
had not finished, a copy cut short) may be stored read in part: its last line cut
inside, unrecognised (``hands.read_in_part``), the hand settled and judged only on what
was read. When a later import reads that hand whole, the stored reading used to stay
for good (the whole text a duplicate of it, with a ``conflicting_hand`` problem: the
texts differ). Now the whole reading replaces it, in the transaction that stores it,
when it is the same hand's text (:func:`verdict`): the same site and hand id, and the
same start, i.e. the same start time and table, read from the header the cut text
began with (a reading whose header gives neither is never replaced: nothing tells it is
the same text). What the old reading left goes (:func:`withdraw_parts`): its rows in
every table of hands (findings included), the problems it listed for the hand, its
counts in its ``imports`` row; its ``hand_summary`` row is left under a key no hand
has, so that the run's end works the kept tables out again for its players
(:func:`hhtools.store.hand_summary.refresh_summary`).

Re-imports add nothing: the whole text again is a duplicate of itself; a reading in
part of a hand stored whole with the same start (the cut copy read after the whole
one) is a duplicate of it, not a conflict; a reading in part of a hand stored in part
stays a duplicate. Another text under a stored id (another start) is a conflict as
before. Two readings of one hand in one batch are judged alike (:data:`Twin`): the
whole one is kept whichever came first, the one in part a duplicate (its problems
withdrawn from its file's list). The embedded importer (and ``hhtools watch`` through it) replaces; the Dask engine's run
sorts its hands out as before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime

import duckdb
import pyarrow as pa

from hhtools.store.withdraw import Withdrawn, delete_hands

__all__ = ["REPLACE", "SAME", "Judge", "Start", "Twin", "incoming_starts", "stored_starts",
           "verdict", "withdraw_parts"]  # fmt: skip

#: one reading's start: ``(read in part, started_at, table_name)``
Start = tuple[bool, datetime | None, str | None]
#: :func:`~hhtools.store.import_state.sort_out`'s judge: ``(key, i) -> verdict`` of the
#: batch's ``i``-th hand, found stored with another text
Judge = Callable[[tuple[str, str], int], "str | None"]
#: :func:`~hhtools.store.import_state.sort_out`'s twin judge: ``(j, i) -> verdict`` of
#: the batch's ``i``-th hand against its ``j``-th, kept, of the same key, another text
Twin = Callable[[int, int], "str | None"]
#: :func:`verdict`'s answers: the incoming reading replaces the stored one; it is the
#: stored hand's text cut short (a duplicate, no conflict)
REPLACE, SAME = "replace", "same"
#: what a replaced reading's ``hand_summary`` row's hand id gets after it: no hand id
#: holds a NUL (the readers scrub them), so the row names no stored hand
_GONE = "\x00replaced"


def stored_starts(con: duckdb.DuckDBPyConnection, keys: Iterable[tuple[str, str]]
                  ) -> dict[tuple[str, str], Start]:  # fmt: skip
    """The start (:data:`Start`) of each stored hand among ``keys`` ((site, hand id)
    pairs: the few a batch found stored), by key."""
    keys = list(keys)
    if not keys:
        return {}
    rows = con.execute(
        "SELECT site, hand_id, coalesce(read_in_part, false), started_at, table_name "
        "FROM hands WHERE (site, hand_id) IN (SELECT unnest(?::VARCHAR[]), "
        "unnest(?::VARCHAR[]))", [[k[0] for k in keys], [k[1] for k in keys]]).fetchall()
    return {(s, h): (bool(part), at, table) for s, h, part, at, table in rows}


def incoming_starts(hands: Iterable[pa.Table]) -> list[Start]:
    """The start of each hand of ``hands`` (``hands`` tables of a batch, in order: one
    row a hand, as the keys)."""
    out: list[Start] = []
    for t in hands:
        cols = [t.column(c).to_pylist() for c in ("read_in_part", "started_at", "table_name")]
        out += [(bool(p), at, table) for p, at, table in zip(*cols, strict=True)]
    return out


def verdict(stored: Start, incoming: Start) -> str | None:
    """What an incoming reading of a stored hand (same site and hand id, another text)
    is: :data:`REPLACE` (the stored reading is in part, this one whole), :data:`SAME`
    (this one in part, the stored one whole), both only with the same start time (not
    unknown) and table; ``None``: a duplicate as before (a conflict)."""
    if stored[1] is None or stored[1:] != incoming[1:] or stored[0] == incoming[0]:
        return None
    return REPLACE if stored[0] else SAME


def withdraw_parts(con: duckdb.DuckDBPyConnection, keys: list[tuple[str, str]]) -> Withdrawn:
    """Withdraw the stored readings in part of the hands ``keys`` (site, hand id),
    inside the caller's transaction, before their whole readings are appended: their
    rows in every table of hands, the problems their import listed for them (in their
    file), their counts in their ``imports`` rows (a hand, its findings, its problems);
    their ``hand_summary`` rows are renamed gone (see the module docstring).

    Returns:
        What was deleted.
    """
    out = Withdrawn()
    found: list[tuple[str, str]] = []
    summaries = con.execute("SELECT count(*) FROM duckdb_tables() "
                            "WHERE table_name = 'hand_summary'").fetchall()[0][0]  # fmt: skip
    for site, hid in keys:
        got = con.execute(
            "SELECT import_id, file, coalesce(findings, 0) FROM hands "
            "WHERE site = ? AND hand_id = ? AND read_in_part", [site, hid]).fetchall()
        if not got:
            continue
        (import_id, file, findings), = got
        found.append((site, hid))
        gone = con.execute(
            "DELETE FROM import_errors WHERE import_id = ? AND file = ? AND hand_id = ? "
            "RETURNING is_note", [import_id, file, hid]).fetchall()
        problems = sum(1 for (n,) in gone if not n)
        out += Withdrawn(1, problems, len(gone) - problems)
        con.execute("UPDATE imports SET hands = greatest(hands - 1, 0), "
                    "findings = greatest(findings - ?, 0), problems = greatest(problems - ?, 0) "
                    "WHERE import_id = ? AND file = ?",
                    [findings, problems, import_id, file]).fetchall()  # fmt: skip
        if summaries:
            con.execute("UPDATE hand_summary SET hand_id = hand_id || ? "
                        "WHERE site = ? AND hand_id = ?", [_GONE, site, hid]).fetchall()  # fmt: skip
    if found:
        delete_hands(con, found)
    return out

"""Withdrawing what a reading of a hand cut short left in the store.

A hand read while its file was still being written (``hhtools watch`` taking the last
hand of a file that went quiet while the client paused, or ``hhtools import`` of such
a file) may be cut short: it gives a ``truncated_hand`` problem (with whatever its
last, half-written line gave), or, cut inside its summary, a record that lacks its
end. Once the hand is read whole, that earlier reading is stale and is withdrawn, in
the transaction that stores the whole reading, so no problem stays listed for a hand
that is stored and no hand is stored twice:

* :func:`withdraw_reading`: the watcher knows which reading it cut (the last hand an
  import took of a file that grew since): every row it left, stored hand or problems,
  goes.
* :class:`CutShort`: any import storing a hand withdraws the problems of each earlier
  reading of that hand (same site format and hand id, any file name: a rotated file)
  that was cut short, i.e. that lists a ``truncated_hand`` problem for it.
* :func:`withdraw_file`: ``hhtools import`` reads a file that changed since (it grew,
  or was empty or unreadable then) whole again and lists every problem it still has,
  so what earlier readings of that file name listed about the hands it lists again, and
  about no hand (an empty file written since), goes: a problem is listed once. A name
  is not a file (``hands.txt`` imported from two folders as ``.``): another file's
  problems about other hands stay.
* :func:`withdraw_paths`: a path that gave no file (a damaged archive, a folder that
  may not be read) has no ``imports`` row, so it is read at every import: what an
  earlier import listed for it goes when this one lists it again, or reads it (an
  archive whole since).

Either way the ``imports`` row of the withdrawn reading is corrected (its hands,
findings, problems, and the failed, skipped or duplicate hand it counted), so the
rows of ``imports`` still add up to what the tables hold.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import duckdb
import pyarrow as pa

from hhtools.model.records import Problem
from hhtools.model.vocab import ProblemCode
from hhtools.store import db as store

__all__ = ["CutShort", "Withdrawn", "delete_hands", "withdraw_file", "withdraw_paths",
           "withdraw_reading"]  # fmt: skip

_CUT = str(ProblemCode.TRUNCATED_HAND)


@dataclass(slots=True)
class Withdrawn:
    """What a withdrawal took out of the store.

    Attributes:
        hands: stored hands deleted (every table of hands).
        problems: problems deleted from ``import_errors`` (notes not counted).
        notes: notes deleted.
    """

    hands: int = 0
    problems: int = 0
    notes: int = 0

    def __iadd__(self, other: Withdrawn) -> Withdrawn:
        self.hands += other.hands
        self.problems += other.problems
        self.notes += other.notes
        return self


def withdraw_reading(
    con: duckdb.DuckDBPyConnection, import_id: int, file: str, line: int
) -> Withdrawn:
    """Withdraw one reading of a hand: what import ``import_id`` stored and listed for
    ``file`` from line ``line`` on (the last hand it took of that file, which the file
    has since shown to be cut short). Runs inside the caller's transaction.

    Args:
        con: the writable store.
        import_id: ``imports.import_id`` of the reading.
        file: the file's name as that import named it (``imports.file``).
        line: the first line (1-based) of the hand withdrawn.

    Returns:
        What was deleted. The reading's ``imports`` row loses the hand it counted: a
        stored hand (and its findings), else a hand skipped by design (it listed a
        note), else a failed hand (it listed problems); a reading that left no row
        (a duplicate) is left counted.
    """
    stored = con.execute(
        "SELECT site, hand_id, coalesce(findings, 0) FROM hands "
        "WHERE import_id = ? AND file = ? AND line >= ?",
        [import_id, file, line],
    ).fetchall()
    if stored:
        delete_hands(con, [(s, h) for s, h, _ in stored])
    gone = con.execute(
        "DELETE FROM import_errors WHERE import_id = ? AND file = ? AND line >= ? "
        "RETURNING is_note",
        [import_id, file, line],
    ).fetchall()
    out = Withdrawn(len(stored), sum(1 for (n,) in gone if not n), sum(1 for (n,) in gone if n))
    if not (stored or gone):
        return out  # a duplicate then, or withdrawn already: nothing to correct
    kind = "hands" if stored else "skipped" if out.notes else "failed"
    con.execute(
        f"UPDATE imports SET {kind} = greatest({kind} - 1, 0), "
        "findings = greatest(findings - ?, 0), problems = greatest(problems - ?, 0) "
        "WHERE import_id = ? AND file = ?",
        [sum(f for *_, f in stored), out.problems, import_id, file],
    ).fetchall()
    return out


def withdraw_file(con: duckdb.DuckDBPyConnection, file: str | list[str], import_id: int,
                  hand_ids: Iterable[str | None]) -> Withdrawn:
    """Withdraw the problems and notes that earlier imports listed for ``file``, which
    import ``import_id`` reads whole again (it changed since: a file with the same name,
    size and time is not read again) and lists anew: those about a hand this reading
    lists a problem or note for, and those about no hand. Runs inside the caller's
    transaction, before this reading's own problems are appended.

    Only a name ties the readings (the resolved path, :mod:`hhtools.store.file_names`;
    a store made before named files as given: ``hands.txt`` imported as ``.`` from two
    folders was one name), so a problem about a hand this reading does not list again
    stays: another file's of the same name, or one whose text changed.

    Args:
        con: the writable store.
        file: the file's name (``imports.file``, ``import_errors.file``), or every name
            the store holds it under (its names as given by imports before names were
            resolved, :meth:`~hhtools.store.file_names.StoredNames.names`).
        import_id: the reading that replaces them (its rows are kept).
        hand_ids: the hands this reading lists problems or notes for (``None``: a
            problem about no hand, ignored).

    Returns:
        What was deleted. Each earlier reading's ``imports`` row loses its problems
        and the hands they were about that it did not store: a hand with a note was
        skipped, one with problems that no earlier import stored had failed (this
        reading counts them again, so the sums of ``imports`` still tell each hand once).
    """
    again = sorted({h for h in hand_ids if h is not None})
    names = [file] if isinstance(file, str) else file
    gone = con.execute(
        "DELETE FROM import_errors e WHERE list_contains(?::VARCHAR[], e.file) "
        "AND e.import_id <> ? "
        "AND (e.hand_id IS NULL OR list_contains(?::VARCHAR[], e.hand_id)) "
        "RETURNING e.import_id, e.site_format, e.hand_id, e.is_note",
        [names, import_id, again],
    ).fetchall()
    out = Withdrawn()
    if not gone:
        return out
    ids = sorted({(f, h) for _, f, h, n in gone if h is not None and f is not None and not n})
    stored: set[tuple[str, str]] = set()
    if ids:  # the hands an earlier import stored (read in part, or another text of them)
        con.register("_hh_listed", pa.table({"site_format": [k[0] for k in ids],
                                             "hand_id": [k[1] for k in ids]}))  # fmt: skip
        try:
            stored = {(f, h) for f, h in con.execute(
                "SELECT DISTINCT site_format, hand_id FROM hands JOIN _hh_listed "
                "USING (site_format, hand_id) WHERE import_id <> ?", [import_id],
            ).fetchall()}  # fmt: skip
        finally:
            con.unregister("_hh_listed")
    readings: dict[int, tuple[int, set[str | None], set[tuple[str | None, str]]]] = {}
    for reading, site_format, hand_id, is_note in gone:
        problems, skipped, failed = readings.setdefault(reading, (0, set(), set()))
        if is_note:
            out.notes += 1
            skipped.add(hand_id)
            continue
        out.problems += 1
        readings[reading] = (problems + 1, skipped, failed)
        if hand_id is not None and (site_format, hand_id) not in stored:
            failed.add((site_format, hand_id))
    for reading, (problems, skipped, failed) in readings.items():
        con.execute(
            "UPDATE imports SET problems = greatest(problems - ?, 0), "
            "skipped = greatest(skipped - ?, 0), failed = greatest(failed - ?, 0) "
            "WHERE import_id = ? AND list_contains(?::VARCHAR[], file)",
            [problems, len(skipped), len(failed), reading, names],
        ).fetchall()
    return out


def withdraw_paths(con: duckdb.DuckDBPyConnection, names: Iterable[str], import_id: int) -> int:
    """Withdraw what earlier imports listed for paths that gave no file (problems with
    no hand and no ``imports`` row of their file: a damaged archive, a folder that may
    not be read), named ``names``: paths import ``import_id`` lists again, or reads (an
    archive whose members it read). Runs inside the caller's transaction.

    Returns:
        The number of problems deleted (no ``imports`` row counted them).
    """
    files = sorted(set(names))
    if not files:
        return 0
    con.register("_hh_paths", pa.table({"file": files}))
    try:
        gone = con.execute(
            "DELETE FROM import_errors e USING _hh_paths p WHERE e.file = p.file "
            "AND e.hand_id IS NULL AND e.import_id <> ? AND NOT EXISTS (SELECT 1 FROM "
            "imports i WHERE i.import_id = e.import_id AND i.file = e.file) RETURNING e.is_note",
            [import_id],
        ).fetchall()
    finally:
        con.unregister("_hh_paths")
    return sum(1 for (n,) in gone if not n)


def delete_hands(con: duckdb.DuckDBPyConnection, keys: list[tuple[str, str]]) -> None:
    """Delete hands (site, hand id) from every table of hands: one statement a table,
    whatever the number of hands. Runs inside the caller's transaction."""
    con.register("_hh_gone", pa.table({"site": [k[0] for k in keys],
                                       "hand_id": [k[1] for k in keys]}))  # fmt: skip
    try:
        for table in store.HAND_TABLES:
            con.execute(
                f"DELETE FROM {table} WHERE (site, hand_id) IN (SELECT site, hand_id FROM _hh_gone)"
            ).fetchall()
    finally:
        con.unregister("_hh_gone")


class CutShort:
    """The hands some reading listed as cut short (``truncated_hand``), by site format
    and hand id: a set in memory, so storing a hand costs one lookup, and the store is
    asked only for the few hands found in it.

    Args:
        con: the writable store; its ``truncated_hand`` problems are read once.
    """

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self.keys: set[tuple[str, str]] = {
            (f, h)
            for f, h in con.execute(
                "SELECT DISTINCT site_format, hand_id FROM import_errors "
                "WHERE code = ? AND hand_id IS NOT NULL AND site_format IS NOT NULL",
                [_CUT],
            ).fetchall()
        }

    def add(self, site_format: str, problems: Iterable[Problem]) -> None:
        """Remember the hands cut short among ``problems`` (a file's, just listed)."""
        for p in problems:
            if p.code == ProblemCode.TRUNCATED_HAND and p.hand_id is not None and site_format:
                self.keys.add((site_format, p.hand_id))

    def withdraw(
        self, con: duckdb.DuckDBPyConnection, stored: Iterable[tuple[str, str]]
    ) -> Withdrawn:
        """Withdraw the problems of every reading cut short of the hands ``stored``
        (site format, hand id: hands just stored, in the caller's transaction): all
        the problems such a reading listed for the hand, in whatever file.

        Returns:
            What was deleted; each reading's ``imports`` row loses its failed hand
            and its problems.
        """
        hit = [k for k in stored if k in self.keys]
        if not hit:
            return Withdrawn()
        self.keys.difference_update(hit)
        con.register("_hh_whole", pa.table({"site_format": [k[0] for k in hit],
                                            "hand_id": [k[1] for k in hit]}))  # fmt: skip
        try:
            gone = con.execute(
                "DELETE FROM import_errors e USING (SELECT DISTINCT c.import_id, c.file, "
                "c.site_format, c.hand_id FROM import_errors c JOIN _hh_whole w "
                "USING (site_format, hand_id) WHERE c.code = ?) r "
                "WHERE e.import_id = r.import_id AND e.file = r.file "
                "AND e.site_format = r.site_format AND e.hand_id = r.hand_id "
                "RETURNING e.import_id, e.file, e.hand_id, e.is_note",
                [_CUT],
            ).fetchall()
        finally:
            con.unregister("_hh_whole")
        out = Withdrawn()
        readings: dict[tuple[int, str], tuple[set[str], list[int]]] = {}
        for import_id, file, hand_id, is_note in gone:
            hands, problems = readings.setdefault((import_id, file), (set(), [0]))
            hands.add(hand_id)
            problems[0] += 0 if is_note else 1
            out.problems += 0 if is_note else 1
            out.notes += 1 if is_note else 0
        for (import_id, file), (hands, problems) in readings.items():
            con.execute(
                "UPDATE imports SET failed = greatest(failed - ?, 0), "
                "problems = greatest(problems - ?, 0) WHERE import_id = ? AND file = ?",
                [len(hands), problems[0], import_id, file],
            ).fetchall()
        return out

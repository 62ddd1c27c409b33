"""The import's transaction: several files in one, committed every :data:`COMMIT_HANDS`
hands, each file whole (the guarantees: :mod:`hhtools.store.importer`).

:class:`Committer` is the part of :class:`hhtools.store.importer.Importer` that owns
the run's open transaction: it appends a batch of a file in progress
(:meth:`Committer._store_batch`) or a finished file with its problems and ``imports``
row (:meth:`Committer._commit_file`), drops hands already stored, commits, names the
file in progress in ``loading`` when a commit comes before its end, and checkpoints
every :data:`CHECKPOINT_HANDS` hands.
"""

from __future__ import annotations

from collections.abc import Callable

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from hhtools.model.records import Problem
from hhtools.store import db as store
from hhtools.store.import_state import (
    FileState,
    ImportSummary,
    count_new,
    imports_row,
    problem_columns,
    sort_out,
)
from hhtools.store.known import KnownHands
from hhtools.store.pipeline import WorkResult
from hhtools.store.report_cube import COVERED
from hhtools.store.tables.kept import SUMMED
from hhtools.store.schema import HAND_TABLES
from hhtools.store.sessions import PLAYER_SCHEMA, counted_players
from hhtools.store.sessions_due import SESSIONS_DUE
from hhtools.store.replace_part import (REPLACE, Judge, Start, Twin, incoming_starts,
                                        stored_starts, verdict, withdraw_parts)  # fmt: skip
from hhtools.store.file_names import StoredNames
from hhtools.store.withdraw import CutShort, withdraw_file

__all__ = ["CACHE_AFTER_COMMIT", "CHECKPOINT_HANDS", "COMMIT_HANDS", "Committer"]

#: hands appended in the run's transaction before it is committed: DuckDB holds what an
#: open transaction appended (a run's RSS grew by some 400 MiB over a 100,000-hand
#: transaction), so memory stays flat only when a transaction is a part of a long import.
#: The main process's peak is its commit's checkpoint (the transaction's rows and their
#: compressed blocks at once: in a real import of 300,000 hands, 2 workers, its RSS peaked
#: at 441-506 MiB in commits against 416-425 in appends and 381-396 between them). 10,000
#: against 20,000 (bench_main_split, 100,000 generated hands, main process alone, two
#: rounds each, load 20-29): the most just before a commit 401-410 -> 329-333 MiB, the
#: peak 479-486 -> 443-449; CPU 69.6-71.3 -> 71.9-73.5 us a hand. The compression moves
#: rather than grows: DuckDB compresses a table's rows as they fill a row group (122,880
#: rows; ``actions`` and ``seats`` at 20,000 hands, neither at 10,000), the rest at the
#: commit (commit 19.3 -> 27.0, appends of actions and seats 14.0 -> 7.4); a commit costs
#: its rows, no more (27 us a hand for 3,137 to 14,635 hands). 12,500: 402 -> 345 MiB.
#: A real import (bench_speed --before, 100,000 hands, 2 workers, load 19-28): tree peak
#: 870 -> 780 MiB (by quarter 805/822/870/857 -> 696/742/774/780), main 506 -> 453, main
#: CPU 100 -> 107 us a hand (the machine's cores 0.12-0.20 busy for the import: noise);
#: the store equal table by table, its file 70.2 -> 84.7 MiB (more, smaller row groups)
COMMIT_HANDS = 10_000
CHECKPOINT_HANDS = 400_000  #: hands committed between the import's own checkpoints
#: DuckDB's memory cap set for a moment after each commit of an import, then set back,
#: so its buffer manager lets go of the store's blocks it wrote: it keeps them cached
#: (tagged ``BASE_TABLE`` in ``duckdb_memory()``) up to the cap, and the import reads
#: almost none of them again. Without it the main process grew with the store till
#: the cap: at 300,000 hands (bench_main_split, main process alone) RSS after a commit
#: 344 -> 443 MiB over the run, DuckDB's memory 13 -> 169 MiB; with it 245-338 MiB and
#: 15 MiB, its CPU the same.
CACHE_AFTER_COMMIT = "16MB"


class Committer:
    """The run's transaction (a mix-in of :class:`hhtools.store.importer.Importer`,
    which sets the attributes below)."""

    con: duckdb.DuckDBPyConnection
    import_id: int
    summary: ImportSummary
    known: KnownHands
    cut_short: CutShort
    names_read: set[str]  # the files earlier imports read (``imports.file``, resolved)
    stored_names: StoredNames  # the names the store holds, and the names they have now
    on_progress: Callable[[ImportSummary, str], None] | None
    _pending: list[tuple[FileState, WorkResult]]
    _pending_hands: int
    _problem_rows: list[tuple[FileState | None, Problem]]
    _in_txn: bool
    _txn_hands: int
    _done: list[FileState]
    _open_file: FileState | None
    _dirty: bool
    _since_checkpoint: int
    _players: list[pa.Table]  # the players of the counted seats appended, in parts
    _kept_all: bool  # every hand appended came with its kept rows (appended beside it)
    _kept_hands: int  # hands appended with their kept rows (committed or not)
    _covered: int  # ... of them committed
    _kept_sums: dict[str, list[pa.Table]]  # the cubes' rows sent in the open transaction
    #: DuckDB's memory cap of the run, set back after :meth:`_drop_cache`; ``None``: the
    #: cache is left alone
    _memory_limit: str | None = None
    #: ``meta`` says this run's sessions are due (:data:`hhtools.store.sessions_due.SESSIONS_DUE`)
    _sessions_marked = False

    def _begin(self) -> None:
        """Open the run's transaction unless one is open."""
        if not self._in_txn:
            self._execute("BEGIN TRANSACTION")
            self._in_txn = True

    def _store_batch(self, state: FileState) -> None:
        """Append the pending hands of a file not finished yet to the open transaction
        (the file is named in ``loading`` if a commit comes before its end)."""
        self._begin()
        self._open_file = state
        self._dirty = True
        state.findings += self._append_hands()
        self._dirty = False
        self._commit_now_and_then()

    def _commit_file(self, state: FileState) -> None:
        """Store one finished file in the open transaction: its hands, its problems, its
        ``imports`` row (the file is committed with the transaction, whole)."""
        self._begin()
        self._dirty = True  # until the file's rows are all in
        if self._pending:
            state.findings += self._append_hands()
        if self._reads_again(state):  # changed since an earlier reading: it lists anew
            listed = [p.hand_id for p in (*state.problem_list, *state.note_list)]
            withdraw_file(self.con, self.stored_names.names([state.source.name]),
                          self.import_id, listed)  # fmt: skip
        extra = [r for r in self._problem_rows if r[0] is state]  # unsupported, unreadable
        self._problem_rows = [r for r in self._problem_rows if r[0] is not state]
        state.problems += len(extra)
        self.summary.problems += len(extra)
        rows = [(state, p) for p in state.problem_list] + extra
        self._append_problems(rows + [(state, p) for p in state.note_list])
        self.cut_short.add(state.site_format, state.problem_list)
        self._append_import_row(state)
        if state.partly_stored:  # batches committed before: named in ``loading`` till now
            self.con.execute("DELETE FROM loading WHERE import_id = ? AND file = ?",
                             [self.import_id, state.source.name]).fetchall()  # fmt: skip
        if self._open_file is state:
            self._open_file = None
        self._done.append(state)
        self._dirty = False
        self.summary.hands += state.hands
        self.summary.files_read += 1
        self.summary.hands_by_site.update(state.by_site)
        if self.on_progress:
            self.on_progress(self.summary, state.source.name)
        self._commit_now_and_then()

    def _reads_again(self, state: FileState) -> bool:
        """Whether ``state`` reads again, whole, a file an earlier import read under the
        same name (``hhtools import`` reads a file whole, and again only once it has
        changed: this reading lists all its problems), so what the earlier readings
        listed is withdrawn (:func:`~hhtools.store.withdraw.withdraw_file`); the
        watcher, which reads only a file's new hands, says no."""
        return state.source.name in self.names_read

    def _commit_now_and_then(self) -> None:
        """Commit once the open transaction holds :data:`COMMIT_HANDS` hands."""
        if self._txn_hands >= COMMIT_HANDS:
            self._commit()

    def _commit(self) -> None:
        """Commit the open transaction: the files finished in it, whole, and the
        batches of the file in progress, that file named in ``loading`` (its hands are
        removed again unless a later commit finishes it); then checkpoint now and then."""
        if not self._in_txn:
            return
        named = self._open_file
        if named is not None and not named.partly_stored:
            self.con.execute("INSERT INTO loading VALUES (?, ?)",
                             [self.import_id, named.source.name]).fetchall()  # fmt: skip
        self._append_sums()
        self._cover()
        marking = self._txn_hands > 0 and not self._sessions_marked
        if marking:  # the sessions of this run's players are due until its end works them out
            self.con.execute("INSERT OR REPLACE INTO meta VALUES (?, '1')",
                             [SESSIONS_DUE]).fetchall()  # fmt: skip
        self._execute("COMMIT")
        self._in_txn = False
        self._sessions_marked = self._sessions_marked or marking
        self._covered = self._kept_hands
        if named is not None:
            named.partly_stored = True
        self._since_checkpoint += self._txn_hands
        self._txn_hands = 0
        done, self._done = self._done, []
        for state in done:
            self._file_committed(state)
        if self._since_checkpoint >= CHECKPOINT_HANDS:
            self._execute("CHECKPOINT")
            self._since_checkpoint = 0
        self._drop_cache()

    def _drop_cache(self) -> None:
        """Let DuckDB's buffer manager drop the blocks it holds and nothing pins (after a
        commit: the store's blocks just written), by setting its memory cap to
        :data:`CACHE_AFTER_COMMIT` for a moment and back to the run's
        (``self._memory_limit``); nothing is written or lost, a block read again later is
        read from the file. When DuckDB cannot free enough (blocks pinned) the cap is
        set back at once."""
        if self._memory_limit is None:
            return
        try:
            self._execute(f"SET memory_limit = '{CACHE_AFTER_COMMIT}'")
        except duckdb.OutOfMemoryException:  # pinned blocks: nothing to gain now
            pass
        finally:
            self._execute(f"SET memory_limit = '{self._memory_limit}'")

    def _cover(self) -> None:
        """Say in ``report_cube_imports`` how many of the run's hands ``report_cube``
        covers (in the open transaction): every hand appended so far when each came
        with its kept rows; else none, so the run's end sums the import again."""
        if self._kept_hands == self._covered and self._kept_all:
            return
        self.con.execute(f"DELETE FROM {COVERED} WHERE import_id = ?",
                         [self.import_id]).fetchall()  # fmt: skip
        if self._kept_all:
            self.con.execute(f"INSERT INTO {COVERED} VALUES (?, ?)",
                             [self.import_id, self._kept_hands]).fetchall()  # fmt: skip

    def _file_committed(self, state: FileState) -> None:
        """Called for each file once the transaction that holds it is committed."""

    def _rolled_back(self) -> None:
        """The open transaction is gone: its files are not counted as stored."""
        self._in_txn = False
        self._txn_hands = 0
        self._kept_hands = self._covered
        self._kept_sums = {table: [] for table in SUMMED}
        for state in self._done:
            self.summary.hands -= state.hands
            self.summary.files_read -= 1
            self.summary.hands_by_site.subtract(state.by_site)
        self.summary.hands_by_site = +self.summary.hands_by_site  # no zero counts left
        self._done = []

    def _execute(self, sql: str) -> None:
        self.con.execute(sql).fetchall()

    def _rollback(self) -> None:
        try:
            self._execute("ROLLBACK")
        except Exception:  # nothing open, or the connection is gone
            pass
        self._rolled_back()

    def _append_hands(self) -> int:
        """Append the pending hands not stored yet to the tables (inside the caller's
        transaction); returns the number of findings appended."""
        pending, self._pending = self._pending, []
        self._pending_hands = 0
        keys = [res.keys for _, res in pending if res.keys is not None]
        owners = [owner for owner, res in pending if res.keys is not None]
        ids = pa.concat_tables(keys).select(["site", "hand_id"])
        hashes = self.known.hash_of(ids)
        maybe = self.known.maybe_stored(hashes)
        if not maybe.any() and len(np.unique(hashes)) == len(hashes):
            kept = None  # all new: counted by batch, no hand looked at one by one
            for owner, k in zip(owners, keys, strict=True):
                count_new(owner, k)
        else:
            stored = self.known.stored_digests(ids.filter(pa.array(maybe))) if maybe.any() else {}
            judge, twin, replaced = self._replacing(pending, stored)
            kept = sort_out(list(zip(owners, keys, strict=True)), stored, self.summary, judge,
                            twin)  # fmt: skip
            if replaced:  # stored read in part, read whole now: the old reading goes
                gone = withdraw_parts(self.con, replaced)
                self.summary.replaced += gone.hands
                self.summary.withdrawn += gone.problems
        self.known.add(hashes if kept is None else hashes[kept])
        if self.cut_short.keys:
            whole = [(owner.site_format, hid) for owner, k in zip(owners, keys, strict=True)
                     for hid in k.column("hand_id").to_pylist()]  # fmt: skip
            if kept is not None:
                whole = [w for w, k in zip(whole, kept, strict=True) if k]
            self.summary.withdrawn += self.cut_short.withdraw(self.con, whole).problems
        self._txn_hands += len(hashes) if kept is None else int(kept.sum())
        keep_arr = None
        if kept is not None:
            all_n = pa.concat_arrays([k.column("_n").combine_chunks() for k in keys])
            keep_arr = all_n.filter(pa.array(kept))
        findings = 0
        for table in HAND_TABLES:
            parts = [res.tables[table] for _, res in pending if table in res.tables]
            if not parts:
                continue
            tbl = pa.concat_tables(parts) if len(parts) > 1 else parts[0]
            if keep_arr is not None:
                tbl = tbl.filter(pc.is_in(tbl.column("_n"), value_set=keep_arr))
            if table == "seats" and tbl.num_rows:
                self._add_players(counted_players(tbl))
            if table == "hands" and tbl.num_rows:
                self.summary.read_in_part += pc.sum(tbl.column("read_in_part")).as_py() or 0
            if table == "findings" and tbl.num_rows:
                findings = tbl.num_rows
                counts = pc.value_counts(tbl.column("kind")).to_pylist()
                for entry in counts:
                    self.summary.findings[entry["values"]] += entry["counts"]
            store.append_arrow(self.con, table, tbl.drop_columns(["_n"]))
        self._append_kept([res for _, res in pending if res.keys is not None], kept is None)
        return findings

    def _replacing(self, pending: list[tuple[FileState, WorkResult]],
                   stored: dict[tuple[str, str], str]
                   ) -> tuple[Judge, Twin, list[tuple[str, str]]]:  # fmt: skip
        """:func:`~.import_state.sort_out`'s judge of the pending hands found stored
        with another text and its twin judge of two pending hands of one key
        (:func:`~.replace_part.verdict` of their starts), and the list the judge fills
        with the hands whose stored reading they replace."""
        replaced: list[tuple[str, str]] = []
        starts = stored_starts(self.con, stored) if stored else {}
        incoming: list[Start] = []  # worked out at the first text that differs (rare)

        def start(i: int) -> Start:
            if not incoming:
                incoming.extend(incoming_starts(res.tables["hands"] for _, res in pending
                                                if res.keys is not None))  # fmt: skip
            return incoming[i]

        def judge(key: tuple[str, str], i: int) -> str | None:
            if key not in starts:
                return None
            told = verdict(starts[key], start(i))
            if told == REPLACE:
                replaced.append(key)
            return told

        def twin(j: int, i: int) -> str | None:
            return verdict(start(j), start(i))

        return judge, twin, replaced

    def _append_kept(self, results: list[WorkResult], whole: bool) -> None:
        """Append the kept tables' rows the workers sent for the hands just appended
        (``whole``: every hand of ``results`` was appended); when some hand was left
        out (stored before) or came without them, none are, and the run's end works
        the kept tables out from the store (``self._kept_all`` turns ``False``)."""
        kept = [res.kept for res in results]
        if not (whole and all(k is not None for k in kept)):
            self._kept_all = False
            return
        summaries = [k["hand_summary"] for k in kept if k is not None]
        if summaries:
            store.append_arrow(self.con, "hand_summary", pa.concat_tables(summaries))
        for table in SUMMED:
            self._kept_sums[table] += [k[table] for k in kept if k is not None]
        self._kept_hands += sum(res.count for res in results)

    def _append_sums(self) -> None:
        """Append the cubes' rows the workers sent in the open transaction, summed into
        one row per key (a key's rows of several transactions stay apart: readers sum)."""
        for table, keys in SUMMED.items():
            parts, self._kept_sums[table] = self._kept_sums[table], []
            rows = [p for p in parts if p.num_rows]
            if not rows:
                continue
            tbl = pa.concat_tables(rows)
            sums = [c for c in tbl.column_names if c not in keys]
            summed = tbl.group_by(list(keys), use_threads=False).aggregate(
                [(c, "sum") for c in sums])  # fmt: skip
            names = {f"{c}_sum": c for c in sums}
            store.append_arrow(self.con, table, summed.rename_columns(
                [names.get(c, c) for c in summed.column_names]))  # fmt: skip

    def _add_players(self, players: pa.Table) -> None:
        """Keep the players of appended seats (their sessions are worked out at the
        end), merged into one table of distinct players now and then."""
        self._players.append(players)
        if len(self._players) >= 64:
            self._players = [self.new_players()]

    def new_players(self) -> pa.Table:
        """The distinct (site, player) of the counted seats appended by this run
        (:data:`~hhtools.store.sessions.PLAYER_SCHEMA`), rolled-back batches' too."""
        if not self._players:
            return PLAYER_SCHEMA.empty_table()
        return pa.concat_tables(self._players).group_by(["site", "player"]).aggregate([])

    def _append_problems(self, rows: list[tuple[FileState | None, Problem]]) -> None:
        if not rows:
            return
        cols = problem_columns([(s.site_format if s else None, p) for s, p in rows], self.import_id)
        store.append(self.con, "import_errors", cols)

    def _append_import_row(self, state: FileState) -> None:
        """The file's ``imports`` row (its ``problems`` count leaves notes out)."""
        row = imports_row(state, self.import_id)
        store.append(self.con, "imports", {k: [v] for k, v in row.items()})

"""The counted seats an import appends, kept aside as they go in for the run's sessions
step, so that step need not read every seat back joined to its hand from the store.

An import into a store with no seats yet (the first import of a store: a million-hand
import spent some 12 us a hand of its main process's CPU on the sessions step after the
workers had gone, a third of it that read) works out every session from the seats it
appends. As each batch is appended (:meth:`SeatSpill.add`, inside the import's
transaction) its counted seats (:func:`hhtools.store.seat_results.counted_seat`) with
their hand's moment and what each adds to its ``session_cube`` row
(:func:`hhtools.store.session_cube.seat_values_select`) are worked out on the batch's
own Arrow arrays (the rows the read from the store gives,
:func:`hhtools.store.session_rows.session_parts`; DuckDB over the same arrays took 7 us
a hand) and spread over files by the player's number, so a player's seats are all in
one file; the sessions step reads them
back a few files at a time (:meth:`SeatSpill.parts`), each player's sorted by moment and
hand id, instead of reading the store. The step uses them only when they are exactly the
store's counted seats (as many rows: :func:`hhtools.store.sessions.refresh_sessions`),
else it reads the store as before.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable, Iterator

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from hhtools.store.session_cube import _SEAT_SUMS, cube_conditions

__all__ = ["SPILL_BUCKETS", "SeatSpill", "SpillFiles"]

#: files the kept seats are spread over (a part of the sessions step reads one or more)
SPILL_BUCKETS = 64
#: seats held in memory before they are written to their files. bench_main_split, 100,000
#: hands, 2 rounds, load ~3: 65,536 -> 16,384 took main's most before a commit 406-408 ->
#: 388-391 MiB, its CPU the same (61.9 -> 62.1 us a hand; keeping 4.0 -> 3.7)
HELD_ROWS = 16_384


#: a term of a condition the cube counts that :func:`condition_bits` works out: a
#: column of ``seats s`` or ``hands h``, true or above zero
_TERM = re.compile(r"(s|h)\.([a-z_]+)( > 0)?")


def condition_bits(hands: pa.Table, seats: pa.Table, which: np.ndarray) -> np.ndarray | None:
    """Per seat of ``seats`` (a batch's rows; ``which``: each one's row among ``hands``),
    the cube's ``_cube_bits`` (:func:`hhtools.store.session_cube.seat_values_select`:
    bit i set when the i-th condition is true, NULL counting as false) worked out on
    the arrays (DuckDB took 3.5 us a hand for it); ``None`` when a condition is not a
    chain of ``AND`` of boolean columns, or integer columns above zero, that the tables
    have."""
    bits = np.zeros(seats.num_rows, dtype=np.int64)
    cache: dict[str, np.ndarray] = {}
    for i, cond in enumerate(cube_conditions()):
        true = np.ones(seats.num_rows, dtype=bool)
        for term in cond.split(" AND "):
            if term not in cache:
                got = _TERM.fullmatch(term.strip())
                table = None if got is None else seats if got[1] == "s" else hands
                if got is None or table is None or got[2] not in table.column_names:
                    return None
                col = table.column(got[2])
                if got[3] and pa.types.is_integer(col.type):
                    flag = _above_zero(col)
                elif got[3] or not pa.types.is_boolean(col.type):
                    return None
                else:
                    flag = _true(col)
                cache[term] = flag[which] if table is hands else flag
            true &= cache[term]
        bits |= true.astype(np.int64) << i
    return bits


def _above_zero(col: pa.ChunkedArray) -> np.ndarray:
    """Per value of an integer column: above zero (NULL: not, as ``coalesce(x > 0,
    false)``)."""
    return np.asarray(col.to_numpy() > 0, dtype=bool)  # NULL becomes NaN: not above


def _true(col: pa.ChunkedArray) -> np.ndarray:
    """Per value of a boolean column: true (NULL: not), read from its bits (through
    ``fill_null`` a column with NULLs took 8 times as long: 1.5 us a hand for the cube's
    conditions)."""
    out = []
    for chunk in col.chunks:
        out.append(_bits(chunk.buffers()[1], chunk.offset, len(chunk)))
        if chunk.null_count:
            out[-1] &= _bits(chunk.buffers()[0], chunk.offset, len(chunk))
    if len(out) == 1:
        return out[0]
    return np.concatenate(out) if out else np.zeros(0, dtype=bool)


def _bits(buffer: pa.Buffer | None, offset: int, length: int) -> np.ndarray:
    """``length`` bits of an Arrow bitmap from bit ``offset``, as booleans."""
    assert buffer is not None
    got = np.unpackbits(np.frombuffer(buffer, dtype=np.uint8), bitorder="little")
    return got[offset:offset + length].astype(bool)


def _rows_of(keys: np.ndarray, wanted: np.ndarray) -> np.ndarray | None:
    """Per value of ``wanted``, its row in ``keys`` (distinct), or ``None`` when one is
    not there."""
    order = np.argsort(keys, kind="stable")
    at = np.searchsorted(keys, wanted, sorter=order)
    at[at == len(keys)] = 0
    rows = order[at] if len(keys) else at
    return rows if len(keys) and np.array_equal(keys[rows], wanted) else None


def _plain(table: pa.Table, names: dict[str, Callable[[pa.DataType], bool]]) -> bool:
    """Whether ``table`` has each column named, of a type its test accepts."""
    types = dict(zip(table.column_names, table.schema.types, strict=True))
    return all(n in types and test(types[n]) for n, test in names.items())


def _strings(t: pa.DataType) -> bool:
    return bool(pa.types.is_string(t) or pa.types.is_large_string(t))


_KEYS = ("game", "structure", "stakes", "currency")  #: a hand's keys of the cube
_MOMENT = pa.timestamp("us")  #: the store's TIMESTAMP: microseconds, no zone
#: the columns :meth:`SeatSpill.add` reads, of the types it works on (else it gives up)
_SEATS = {"site": _strings, "hand_id": _strings, "player": _strings, "_n": pa.types.is_integer,
          "sitting_out": pa.types.is_boolean, "put_in": pa.types.is_integer,
          "collected": pa.types.is_integer, "net": pa.types.is_integer,
          "vpip_opportunity": pa.types.is_boolean}  # fmt: skip
_HANDS = {"_n": pa.types.is_integer, "started_at": _MOMENT.equals,
          "started_at_utc": _MOMENT.equals, "big_blind": pa.types.is_integer,
          **{k: _strings for k in _KEYS}}  # fmt: skip


class SpillFiles:
    """Rows spread over numbered Arrow files in a temporary folder (made at the first
    write; removed by :meth:`close`), read back a few whole files at a time."""

    def __init__(self, files: int, prefix: str) -> None:
        self.prefix = prefix
        self.folder: tempfile.TemporaryDirectory[str] | None = None
        self.writers: dict[int, pa.ipc.RecordBatchFileWriter] = {}
        self.counts = np.zeros(files, dtype=np.int64)  #: rows written to each file

    def _path(self, file: int) -> str:
        assert self.folder is not None
        return os.path.join(self.folder.name, f"{file}.arrow")

    def write(self, rows: pa.Table | pa.RecordBatch, file: np.ndarray) -> None:
        """Append each of ``rows`` to its file (``file``: per row, an integer below
        the number of files)."""
        if self.folder is None:
            self.folder = tempfile.TemporaryDirectory(prefix=self.prefix)
        order = np.argsort(file, kind="stable")
        file = file[order]
        rows = rows.take(pa.array(order))
        cuts = np.flatnonzero(np.diff(file)) + 1
        for lo, hi in zip(np.append(0, cuts), np.append(cuts, len(file)), strict=True):
            which = int(file[lo])
            if which not in self.writers:
                self.writers[which] = pa.ipc.new_file(self._path(which), rows.schema)
            self.writers[which].write(rows.slice(lo, hi - lo))
            self.counts[which] += hi - lo

    def groups(self, limit: int) -> Iterator[pa.Table]:
        """The rows written, in order of the files, a group of whole files at a time
        (at most ``limit`` rows, or one file bigger than that), each file removed once
        read; the rows of a group in no order."""
        for writer in self.writers.values():
            writer.close()
        self.writers = {}
        written = [int(f) for f in np.flatnonzero(self.counts)]
        group: list[int] = []
        for at, file in enumerate(written):
            group.append(file)
            nxt = written[at + 1] if at + 1 < len(written) else None
            if nxt is None or self.counts[group].sum() + self.counts[nxt] > limit:
                tables = []
                for f in group:
                    with pa.OSFile(self._path(f)) as src:
                        tables.append(pa.ipc.open_file(src).read_all())
                    os.remove(self._path(f))
                group = []
                yield pa.concat_tables(tables).combine_chunks()
                del tables

    def close(self) -> None:
        """Remove the files."""
        for writer in self.writers.values():
            writer.close()
        self.writers = {}
        if self.folder is not None:
            self.folder.cleanup()
            self.folder = None


class SeatSpill:
    """The counted seats appended by an import, with what their sessions need (the
    module docstring). Call :meth:`close` when done: the files go."""

    def __init__(self) -> None:
        self.rows = 0  #: seats kept
        #: a batch's rows could not be worked out (a column missing, or of another
        #: type): the sessions step must read the store
        self.broken = False
        self.held: list[pa.Table] = []
        self.held_rows = 0
        self.files = SpillFiles(SPILL_BUCKETS, "hhtools-seats-")
        self.numbers: dict[tuple[str, str], int] = {}  #: (site, player) -> number
        #: (game, structure, stakes, currency) -> number
        self.hand_keys: dict[tuple[str | None, ...], int] = {}

    def close(self) -> None:
        """Remove the files; the kept seats are gone."""
        self.held = []
        self.files.close()

    def add(self, hands: pa.Table, seats: pa.Table) -> None:
        """Keep the counted seats of a batch just appended: the rows the sessions step
        reads from the store (:func:`hhtools.store.session_rows.session_parts`: site,
        hand id, player, moment, net, then :func:`hhtools.store.session_cube.
        seat_values_select`'s columns), worked out on the batch's arrays, after
        ``_key``, the player's number in this spill. A batch whose columns are not of
        the types the store's are read as (or lacks one) makes the spill ``broken``.

        Args:
            hands: the batch's ``hands`` rows (with ``_n``, their running number).
            seats: the batch's ``seats`` rows, of those hands (with their ``_n``).
        """
        if self.broken or seats.num_rows == 0:
            return
        got = self._rows(hands, seats)
        if got is None:  # the sessions step reads the store
            self.broken = True
            self.close()
            return
        self.rows += got.num_rows
        self.held.append(got)
        self.held_rows += got.num_rows
        if self.held_rows >= HELD_ROWS:
            self._write()

    def _rows(self, hands: pa.Table, seats: pa.Table) -> pa.Table | None:
        """:meth:`add`'s rows, or ``None`` when it cannot work them out."""
        if not (_plain(seats, _SEATS) and _plain(hands, _HANDS)):
            return None
        sums = {n: e for n, e in _SEAT_SUMS.items() if e and n != "net_bb"}
        if any(e != f"s.{n}" or n not in seats.column_names for n, e in sums.items()):
            return None
        # a counted seat (hhtools.store.seat_results.counted_seat) of a named player
        counted = (~_true(seats.column("sitting_out")) | _above_zero(seats.column("put_in"))
                   | _above_zero(seats.column("collected")))  # fmt: skip
        for name in ("site", "player"):
            counted &= pc.is_valid(seats.column(name)).to_numpy(zero_copy_only=False)
        seats = seats.filter(pa.array(counted))
        which = _rows_of(hands.column("_n").to_numpy(), seats.column("_n").to_numpy())
        if which is None:  # a seat without its hand
            return None
        bits = condition_bits(hands, seats, which)
        if bits is None:
            return None
        at = pa.array(which)
        moment = pc.coalesce(hands.column("started_at_utc"), hands.column("started_at"))
        net = seats.column("net").cast(pa.int64())
        blind = hands.column("big_blind").to_numpy().astype(np.float64)[which]  # NULL: NaN
        big_blind = pa.array(blind, mask=~(np.abs(blind) > 0))  # nullif(big_blind, 0)
        cols = {
            "_key": pa.array(self._numbers(seats), pa.int64()),
            "site": seats.column("site").cast(pa.string()),
            "hand_id": seats.column("hand_id").cast(pa.string()),
            "player": seats.column("player").cast(pa.string()),
            "moment": pc.take(moment, at), "net": net,
            "_cube_stat": pc.is_valid(seats.column("vpip_opportunity")),
            "_cube_key": pc.take(self._hand_keys(hands), at),
            "_cube_bits": pa.array(bits),
            **{f"_cube_{n}": seats.column(n) for n in sums},
            "_cube_net_bb": pc.divide(net.cast(pa.float64()), big_blind),
        }  # fmt: skip
        return pa.table(cols)

    def _hand_keys(self, hands: pa.Table) -> pa.Array:
        """Per hand, the number of its game, structure, stakes and currency in this
        spill (:meth:`keys`)."""
        names = [hands.column(k).to_pylist() for k in _KEYS]
        return pa.array([self.hand_keys.setdefault(key, len(self.hand_keys))
                         for key in zip(*names, strict=True)], pa.int64())  # fmt: skip

    def keys(self) -> pa.Table:
        """The hand keys of the kept seats' ``_cube_key``: the rows
        :data:`hhtools.store.session_cube.KEYS_SELECT` gives, the spill's numbers as
        ``cube_key``."""
        rows = list(self.hand_keys)
        cols = {k: pa.array([r[i] for r in rows], pa.string()) for i, k in enumerate(_KEYS)}
        return pa.table({"cube_key": pa.array(list(self.hand_keys.values()), pa.int64()),
                         **cols})  # fmt: skip

    def _numbers(self, seats: pa.Table) -> np.ndarray:
        """Each seat's player's number in this spill (given in order of first sight)."""
        out = np.empty(seats.num_rows, dtype=np.int64)
        site = seats.column("site")
        for place in pc.unique(site).to_pylist():
            mine = np.flatnonzero(pc.equal(site, place).to_numpy(zero_copy_only=False))
            players = seats.column("player").take(pa.array(mine)).combine_chunks()
            coded = pc.dictionary_encode(players)
            numbers = np.array([self.numbers.setdefault((place, p), len(self.numbers))
                                for p in coded.dictionary.to_pylist()], dtype=np.int64)  # fmt: skip
            out[mine] = numbers[coded.indices.to_numpy(zero_copy_only=False)]
        return out

    def _write(self) -> None:
        """Write the held seats to their files."""
        held, self.held, self.held_rows = self.held, [], 0
        if held:
            rows = pa.concat_tables(held).combine_chunks()
            bucket = (rows.column("_key").to_numpy() % SPILL_BUCKETS).astype(np.int64)
            self.files.write(rows, bucket)

    def parts(self, limit: int) -> Iterator[pa.Table]:
        """The kept seats in parts of whole players: one or more files of at most
        ``limit`` rows together (a file bigger than that alone), or every seat when
        none was written; each sorted by ``_key`` (the player's number: a player's
        seats together), moment (NULL last, as DuckDB's ORDER BY) and hand id, with
        the columns :meth:`add` keeps."""
        if self.files.folder is None:
            if self.held:
                yield _sorted(pa.concat_tables(self.held))
            self.held, self.held_rows = [], 0
            return
        self._write()
        for rows in self.files.groups(limit):
            yield _sorted(rows)


def _sorted(rows: pa.Table) -> pa.Table:
    """``rows`` sorted by ``_key``, moment (NULL last) and hand id."""
    order = pc.sort_indices(rows, [("_key", "ascending", "at_end"),
                                   ("moment", "ascending", "at_end"),
                                   ("hand_id", "ascending", "at_end")])  # fmt: skip
    return rows.take(order)

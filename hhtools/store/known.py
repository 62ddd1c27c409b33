"""Which hands the store holds already, without a join against every stored hand.

An import drops a hand whose (site, hand id) is stored. Joining each batch against
the ``hands`` table costs a scan of every stored hand per batch, which grows with the
store. :class:`KnownHands` keeps instead one 64-bit hash of (site, hand id) per
stored hand (DuckDB's ``hash(site, hand_id)``), sorted in one numpy array: eight bytes
a hand, a binary search a lookup, a merge an insert. A hash says only "maybe stored";
the importer asks the database for the few hands whose hash matches (to tell a true
duplicate from a collision and to compare the texts' digests).
"""

from __future__ import annotations

import duckdb
import numpy as np
import pyarrow as pa

__all__ = ["KnownHands"]


class KnownHands:
    """The sorted hashes of the (site, hand id) of every hand in the store.

    Args:
        con: an open writable store; its ``hands`` are read once.
    """

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self.con = con
        got = con.execute("SELECT hash(site, hand_id) AS h FROM hands").fetchnumpy()["h"]
        self.hashes: np.ndarray = np.sort(np.asarray(got, dtype=np.uint64))

    def __len__(self) -> int:
        return len(self.hashes)

    def hash_of(self, ids: pa.Table) -> np.ndarray:
        """The hash of each row of ``ids`` (columns ``site``, ``hand_id``), in order."""
        if ids.num_rows == 0:
            return np.zeros(0, dtype=np.uint64)
        self.con.register("_hh_key", ids)
        try:
            got = self.con.execute(
                "SELECT hash(site, hand_id) AS h FROM _hh_key"
            ).fetchnumpy()["h"]
        finally:
            self.con.unregister("_hh_key")
        return np.asarray(got, dtype=np.uint64)

    def maybe_stored(self, hashes: np.ndarray) -> np.ndarray:
        """A boolean per hash: ``True`` when a stored hand has that hash."""
        if len(self.hashes) == 0 or len(hashes) == 0:
            return np.zeros(len(hashes), dtype=bool)
        at = np.searchsorted(self.hashes, hashes)
        at[at == len(self.hashes)] = 0
        return self.hashes[at] == hashes

    def stored_digests(self, ids: pa.Table) -> dict[tuple[str, str], str]:
        """(site, hand id) -> text digest of the hands of ``ids`` that are stored."""
        if ids.num_rows == 0:
            return {}
        self.con.register("_hh_key", ids)
        try:
            rows = self.con.execute(
                "SELECT h.site, h.hand_id, h.text_digest FROM hands h "
                "JOIN (SELECT DISTINCT site, hand_id FROM _hh_key) k USING (site, hand_id)"
            ).fetchall()
        finally:
            self.con.unregister("_hh_key")
        return {(s, h): d for s, h, d in rows}

    def add(self, hashes: np.ndarray) -> None:
        """Record newly stored hands (merged in order: no re-sort of the whole array)."""
        if len(hashes) == 0:
            return
        new = np.sort(hashes)
        self.hashes = np.insert(self.hashes, np.searchsorted(self.hashes, new), new)

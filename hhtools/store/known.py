"""Which hands the store holds already, without a join against every stored hand.

An import drops a hand whose (site, hand id) is stored. Joining each batch against
the ``hands`` table costs a scan of every stored hand per batch, which grows with the
store. :class:`KnownHands` keeps instead one 64-bit hash of (site, hand id) per
stored hand (DuckDB's ``hash(site, hand_id)``) in sorted numpy arrays: eight bytes a
hand, a binary search per array a lookup. The hands a run adds go in as sorted runs
that are merged two by two when the newer is as long as the one before it, so an
insert copies each hash about log2(hands added / batch) times, not the whole store's
array per batch, and a lookup searches about as many arrays. A hash says only "maybe stored";
the importer asks the database for the few hands whose hash matches (to tell a true
duplicate from a collision and to compare the texts' digests).
"""

from __future__ import annotations

import duckdb
import numpy as np
import pyarrow as pa

from hhtools.model import habits

__all__ = ["WRITTEN_AGAIN", "KnownHands"]

#: what :meth:`KnownHands.stored_digests` gives for a hand stored from a format that
#: writes other rooms' hands again (OHH, PHH): any text of that hand is the same hand
WRITTEN_AGAIN = "written again"


class KnownHands:
    """The sorted hashes of the (site, hand id) of every hand in the store.

    Args:
        con: an open writable store; its ``hands`` are read once.
    """

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self.con = con
        got = con.execute("SELECT hash(site, hand_id) AS h FROM hands").fetchnumpy()["h"]
        #: sorted arrays of hashes, oldest (the store's, the longest) first; each later
        #: one shorter than the one before it
        self.runs: list[np.ndarray] = [np.sort(np.asarray(got, dtype=np.uint64))]

    def __len__(self) -> int:
        return sum(len(run) for run in self.runs)

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
        found = np.zeros(len(hashes), dtype=bool)
        if len(hashes) == 0:
            return found
        for run in self.runs:
            if len(run) == 0:
                continue
            at = np.searchsorted(run, hashes)
            at[at == len(run)] = 0
            found |= run[at] == hashes
        return found

    def stored_digests(self, ids: pa.Table) -> dict[tuple[str, str], str]:
        """(site, hand id) -> text digest of the hands of ``ids`` that are stored, or
        :data:`WRITTEN_AGAIN` for one stored from an open format (OHH, PHH)."""
        if ids.num_rows == 0:
            return {}
        self.con.register("_hh_key", ids)
        try:
            rows = self.con.execute(
                "SELECT h.site, h.hand_id, h.text_digest, h.site_format FROM hands h "
                "JOIN (SELECT DISTINCT site, hand_id FROM _hh_key) k USING (site, hand_id)"
            ).fetchall()
        finally:
            self.con.unregister("_hh_key")
        again = habits.written_again()
        return {(s, h): WRITTEN_AGAIN if f in again else d for s, h, d, f in rows}

    def add(self, hashes: np.ndarray) -> None:
        """Record newly stored hands: a sorted run of their own, merged with the run
        before it while that one is not longer (amortised: no copy of the store's
        array per batch)."""
        if len(hashes) == 0:
            return
        runs = self.runs
        runs.append(np.sort(np.asarray(hashes, dtype=np.uint64)))
        while len(runs) > 1 and len(runs[-2]) <= len(runs[-1]):
            newer = runs.pop()
            older = runs.pop()
            runs.append(np.insert(older, np.searchsorted(older, newer), newer))

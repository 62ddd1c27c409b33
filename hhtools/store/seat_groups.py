"""Some players' sorted seats in the groups ``session_summary`` and ``session_cube`` sum
over (one a site, player, session and hand key): worked out once a part of the sessions
step (:mod:`hhtools.store.session_rows`) and read by both sums
(:func:`hhtools.store.session_rows.summary_of_seats`,
:func:`hhtools.store.session_cube.cube_of_seats`)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

__all__ = ["SeatGroups", "seat_groups"]


class SeatGroups(NamedTuple):
    """Some players' sorted seats in groups of one player, session and hand key, as
    ``session_summary`` and ``session_cube`` group them (:func:`seat_groups`); each
    array has one entry a group, but ``first`` and ``order``."""

    #: the first row of each run (rows in a row of one group)
    first: np.ndarray
    #: the runs in the order of their groups (by player, session and key)
    order: np.ndarray
    #: where each group's runs start among the ordered runs
    heads: np.ndarray
    #: the group's first row
    at: np.ndarray
    #: its player's session number (from 1, the sessions of no known start last)
    session: np.ndarray
    #: the last row of its session (the latest moment)
    last: np.ndarray
    #: its hand key (``_cube_key``)
    key: np.ndarray

    def summed(self, per_row: np.ndarray) -> np.ndarray:
        """Each group's sum of ``per_row`` (one value a row, in the rows' order)."""
        return np.add.reduceat(np.add.reduceat(per_row, self.first)[self.order], self.heads)


def seat_groups(new: np.ndarray, start: pa.Array, same: np.ndarray,
                key: np.ndarray) -> SeatGroups:  # fmt: skip
    """The groups of ``session_summary`` and ``session_cube`` among sorted seats: one a
    site, player, session start and hand key (``GROUP BY`` of
    :func:`hhtools.store.player_views.sessions_from` and
    :func:`hhtools.store.session_cube.rows_select`).

    The seats of one session are together in the sorted rows, the sessions of a player
    in the order of their start; the seats of no known moment (each a session starting
    at NULL) are a player's last, and GROUP BY takes them as one session, numbered after
    the others (``dense_rank``, NULL last). Within a session the seats of each key are
    one group (runs of one key apart, as when the stakes change back, summed together).

    Args:
        new: per row, whether it starts a session (at least one row).
        start: per row, its session's start (NULL when unknown).
        same: per row but the first, whether its player is the row before's.
        key: per row, its hand's key (``_cube_key``, one hash a key).

    Returns:
        :class:`SeatGroups`, ordered by player, session and key.
    """
    n = len(new)
    unknown = pc.is_null(start).to_numpy(zero_copy_only=False)
    # a block: one session, or all of a player's sessions of no known start
    block_new = new.copy()
    block_new[1:] &= ~(same & unknown[1:] & unknown[:-1])
    block = np.cumsum(block_new) - 1
    session = block - np.maximum.accumulate(np.where(np.append(True, ~same), block, 0)) + 1
    last = np.append(np.flatnonzero(block_new)[1:] - 1, n - 1)  # each block's last row
    run = block_new.copy()
    run[1:] |= key[1:] != key[:-1]
    first = np.flatnonzero(run)
    order = np.lexsort((key[first], block[first]))  # stable: a group's runs in order
    ordered = first[order]
    group = np.ones(len(order), dtype=bool)
    group[1:] = ((block[ordered][1:] != block[ordered][:-1])
                 | (key[ordered][1:] != key[ordered][:-1]))  # fmt: skip
    heads = np.flatnonzero(group)
    at = ordered[heads]
    return SeatGroups(first, order, heads, at, session[at], last[block[at]], key[at])

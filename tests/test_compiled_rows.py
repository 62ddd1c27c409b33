"""The ``seats`` rows are compiled (setup.py's ``CORE``: ``store/tables/seats``,
``store/seat_results``, ``store/seat_stats`` with the tally of a hand's actions a C
type, ``seat_stats.pxd``): both paths must give the very same rows.

Each test runs a fresh interpreter per path (``HHTOOLS_PURE=1`` and ``0``); nothing
here is timed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import hhtools._core as _core

ROOT = Path(__file__).resolve().parents[1]

#: the rows modules the build compiles
_ROWS = ("hhtools.store.seat_results", "hhtools.store.seat_stats", "hhtools.store.tables.seats")

#: every hand of the folders given flattened (audited) into one batch; prints each
#: table's values, row after row, as their repr, then the tally's attribute kind
_FLATTEN = """
import sys
from hhtools.audit import audit_hand
from hhtools.ingest.read import parse_path
from hhtools.store.flatten import ColumnBatch, flatten_hand
from hhtools.store import seat_stats
batch = ColumnBatch()
n = 0
for r in parse_path(sys.argv[1:]):
    if r.hand is None:
        continue
    try:
        audit = audit_hand(r.hand)
    except Exception:
        audit = None
    flatten_hand(batch, r.hand, audit, 1, n)
    n += 1
batch.freeze()  # the rows of a table kept for later (the actions, compiled) written
for table in sorted(batch.values):
    print(table, batch.names[table], repr(batch.values[table]))
print(n, type(vars(seat_stats._Tally)["folded_on"]).__name__)
"""


def _rows(pure: bool, paths: list[Path]) -> list[str]:
    environ = {**os.environ, _core.PURE_ENV: "1" if pure else "0"}
    done = subprocess.run([sys.executable, "-c", _FLATTEN, *map(str, paths)], env=environ,
                          capture_output=True, text=True, check=True, cwd=ROOT)  # fmt: skip
    return done.stdout.splitlines()


def test_both_paths_give_the_same_rows_of_the_bundled_histories() -> None:
    status = _core.status()
    if any(status.get(name) != "compiled" for name in _ROWS):
        pytest.skip(f"the seats rows are not compiled here ({_core.describe()})")
    paths = [ROOT / "sample_histories", ROOT / "tests" / "fixtures"]
    *pure, last_pure = _rows(True, paths)
    *compiled, last_compiled = _rows(False, paths)
    assert pure == compiled
    assert any(line.startswith("seats ") for line in pure)
    hands, kind = last_pure.split()
    assert int(hands) > 100 and kind == "member_descriptor"  # a slotted Python class
    hands, kind = last_compiled.split()
    assert int(hands) > 100 and kind == "getset_descriptor"  # a C type's field

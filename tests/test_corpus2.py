"""The second real corpus (../shared/corpus2), read in place as ../shared/corpus is.

Every file its MANIFEST.tsv lists must give exactly the complete hands the MANIFEST
counts, stored by one import (de-duplication, the audit and all): one test per file,
so that a failure names the file. A file the MANIFEST counts 0 hands in (a cancelled
hand) must store none. The folder is only beside CI: without it every test skips with
the reason.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path

import duckdb
import pytest

from hhtools.store.importer import import_paths
from tests.conftest import SHARED

CORPUS2 = SHARED / "corpus2"
MANIFEST = CORPUS2 / "MANIFEST.tsv"


def _manifest() -> dict[str, int]:
    """``local_path`` -> complete hands, from the MANIFEST (empty when it is absent)."""
    if not MANIFEST.is_file():
        return {}
    with MANIFEST.open(encoding="utf-8", newline="") as fh:
        return {row["local_path"]: int(row["hands"]) for row in csv.DictReader(fh, delimiter="\t")}


COUNTS = _manifest()


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> dict[str, int]:
    """One import of the whole folder: stored hands per file, by MANIFEST path."""
    if not COUNTS:
        pytest.skip(f"second corpus not found at {CORPUS2} (../shared is only beside CI)")
    db = tmp_path_factory.mktemp("corpus2") / "c2.duckdb"
    import_paths([CORPUS2], db, workers=1)
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT file, count(*) FROM hands GROUP BY file").fetchall()
    root = os.path.realpath(CORPUS2)
    return {os.path.relpath(os.path.realpath(f), root).replace(os.sep, "/"): n for f, n in rows}


def test_manifest_is_there() -> None:
    """The folder and its MANIFEST come together; the MANIFEST lists what is there."""
    if not CORPUS2.is_dir():
        pytest.skip(f"second corpus not found at {CORPUS2} (../shared is only beside CI)")
    assert MANIFEST.is_file(), "corpus2 without its MANIFEST.tsv"
    listed = set(COUNTS)
    on_disk = {
        p.relative_to(CORPUS2).as_posix()
        for p in CORPUS2.rglob("*")
        if p.is_file() and p.name not in ("MANIFEST.tsv", "README.md")
    }
    assert listed == on_disk


@pytest.mark.parametrize("path", sorted(COUNTS) or [pytest.param("", marks=pytest.mark.skip(
    reason=f"second corpus not found at {CORPUS2} (../shared is only beside CI)"))])  # fmt: skip
def test_every_complete_hand_is_stored(stored: dict[str, int], path: str) -> None:
    """The file's stored hands are its MANIFEST count: no complete hand lost, no
    cancelled or cut-short hand stored as one."""
    assert Path(CORPUS2, path).is_file(), f"listed in the MANIFEST but missing: {path}"
    assert stored.get(path, 0) == COUNTS[path]

"""Shared test helpers: where the real corpus and the generator live, and generated data."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

#: A bug met in a grammar raises in the tests instead of becoming an ``internal_error``
#: problem (hhtools.grammars.base.RAISE_BUGS), so that no test passes over one; worker
#: processes inherit it. Tests of the production behaviour unset it (monkeypatch).
os.environ.setdefault("HHTOOLS_RAISE_BUGS", "1")

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus"
GENERATOR = SHARED / "tools" / "gen_pokerstars.py"
SAMPLES = ROOT / "sample_histories"
HARD_CASES = SAMPLES / "hand_written_hard_cases.txt"


def need_corpus() -> Path:
    """The real corpus folder, or skip: a user's clone has no ../shared."""
    if not CORPUS.is_dir():
        pytest.skip(f"real hand histories not found at {CORPUS} (../shared is only beside CI)")
    return CORPUS


def manifest_hands(folder: str) -> int:
    """Hands the corpus MANIFEST counts under ``folder`` (rows listed twice count once)."""
    rows = (need_corpus() / "MANIFEST.tsv").read_text("utf-8").splitlines()
    head = rows[0].split("\t")
    seen: dict[str, int] = {}
    for r in rows[1:]:
        row = dict(zip(head, r.split("\t"), strict=False))
        if row["local_path"].startswith(folder + "/"):
            seen[row["local_path"]] = int(row["hands"])
    return sum(seen.values())


def need_generator() -> Path:
    """The generator script, or skip when ../shared is absent."""
    if not GENERATOR.is_file():
        pytest.skip(f"generator not found at {GENERATOR} (../shared is only beside CI)")
    return GENERATOR


@pytest.fixture(scope="session")
def generated(tmp_path_factory: pytest.TempPathFactory) -> object:
    """Factory: ``generated(hands, seed, tamper=0.0)`` -> (folder, truth path); cached per session."""
    cache: dict[tuple[int, int, float, int], tuple[Path, Path]] = {}

    def make(hands: int, seed: int, tamper: float = 0.0, files: int = 1) -> tuple[Path, Path]:
        key = (hands, seed, tamper, files)
        if key not in cache:
            gen = need_generator()
            out = tmp_path_factory.mktemp(f"gen{hands}_{seed}")
            data = out / "hands"
            truth = out / "truth.jsonl"
            cmd = [sys.executable, str(gen), "--hands", str(hands), "--seed", str(seed),
                   "--out", str(data), "--truth", str(truth), "--files", str(files),
                   "--workers", "1"]  # fmt: skip
            if tamper:
                cmd += ["--tamper-rate", str(tamper)]
            subprocess.run(cmd, check=True, capture_output=True)
            cache[key] = (data, truth)
        return cache[key]

    return make


def poll_until(check: Callable[[], Any], what: str, deadline: float, pause: float) -> Any:
    """Call ``check`` every ``pause`` seconds until it gives something true, and return
    that; fail the test after ``deadline`` seconds (generous: a loaded machine), saying it
    waited for ``what``."""
    end = time.monotonic() + deadline
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > end:
            pytest.fail(f"waited {deadline:.0f} s for {what}")
        time.sleep(pause)


def every_page(client: Any, url: str, per_page: int = 200) -> tuple[list[dict[str, Any]], Any]:
    """Every row of a paged list of the server (``/api/players?...``), page after page
    until ``total`` rows came (or a page came empty); also the last page's body, for its
    ``total`` and ``columns``."""
    rows: list[dict[str, Any]] = []
    page = 1
    while True:
        body = client.get(f"{url}&per_page={per_page}&page={page}").json()
        rows += body["rows"]
        if len(rows) >= body["total"] or not body["rows"]:
            return rows, body
        page += 1


def same(a: Any, b: Any, rel_tol: float = 1e-12) -> bool:
    """Two cells of a statistics table equal: floats within ``rel_tol`` (sums of doubles
    taken in another order differ in their last bits), NULL only as NULL, the rest
    exactly."""
    import math

    if isinstance(a, float) or isinstance(b, float):
        if a is None or b is None:
            return a is b
        return math.isclose(a, b, rel_tol=rel_tol, abs_tol=1e-9)
    return bool(a == b)

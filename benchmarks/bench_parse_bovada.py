"""Bovada parse speed: split + parse of the fixture hands repeated with fresh ids (not a test).

    .venv/bin/python benchmarks/bench_parse_bovada.py [--hands 5000]

Builds a file of N hands from the Omaha fixtures in tests/fixtures/bovada/ (each copy
with a new hand number), then reports hands/s for splitting alone and for split +
parse (the grammar building records). Compare with ``benchmarks/bench_parse.py``
(PokerStars, "grammar + records").
"""

from __future__ import annotations

import argparse
import re
import tempfile
import time
from pathlib import Path

from hhtools.grammars import bovada

FIX = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "bovada"
SOURCES = (
    "hilo_side_pot_rake_printed.txt",
    "oldest_no_streets_raise_totals.txt",
    "table_events_posts_chip_rake_unprinted.txt",
)
_ID = re.compile(r"Hand #\d+")


def build(n: int, out: Path) -> None:
    """Write ``n`` hands (the fixtures in turn, fresh ids) to ``out``."""
    texts = [(FIX / name).read_text(encoding="utf-8").strip() for name in SOURCES]
    with out.open("w", encoding="utf-8") as fh:
        for i in range(n):
            fh.write(_ID.sub(f"Hand #{4_000_000_000 + i}", texts[i % len(texts)], count=1))
            fh.write("\n\n\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bovada.txt"
        build(args.hands, path)
        best_split = best_all = float("inf")
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            with path.open("rb") as fh:
                texts = list(bovada.FORMAT.split(fh, str(path)))
            t1 = time.perf_counter()
            records = sum(bovada.FORMAT.parse(ht).hand is not None for ht in texts)
            t2 = time.perf_counter()
            best_split = min(best_split, t1 - t0)
            best_all = min(best_all, t2 - t0)
    n = len(texts)
    print(f"hands: {n}, records: {records}")
    print(f"split alone:       {n / best_split:10,.0f} hands/s")
    print(f"split + grammar:   {n / best_all:10,.0f} hands/s")


if __name__ == "__main__":
    main()

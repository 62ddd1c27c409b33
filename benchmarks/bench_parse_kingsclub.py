"""KingsClub parse speed, one process, records built (not a timed test).

    .venv/bin/python benchmarks/bench_parse_kingsclub.py [--hands 5000]

Builds a file of N hands by repeating the hand-written fixtures of
tests/fixtures/kingsclub/ with fresh hand ids, then reports hands/s for splitting
alone and for split + parse (the grammar building its records), to compare with
``benchmarks/bench_parse.py`` ("grammar + records", PokerStars).
"""

from __future__ import annotations

import argparse
import io
import re
import time
from pathlib import Path

from hhtools.grammars import kingsclub

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "kingsclub"
_ID = re.compile(r"^#\d+:")


def build(n: int) -> bytes:
    """N complete Omaha hands, fixtures repeated, each with its own hand id."""
    hands = []
    for f in sorted(FIXTURES.glob("*.txt")):
        for block in f.read_text("utf-8").split("\n\n"):
            if "*** SUMMARY ***" in block and "Hold" not in block:
                hands.append(block.strip("\n"))
    out = []
    for i in range(n):
        out.append(_ID.sub(f"#{i + 1}:", hands[i % len(hands)], count=1))
    return ("\n\n\n".join(out) + "\n").encode("utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=5000)
    args = ap.parse_args()
    data = build(args.hands)
    t0 = time.perf_counter()
    texts = list(kingsclub.FORMAT.split(io.BytesIO(data), "bench.txt"))
    t1 = time.perf_counter()
    failed = sum(kingsclub.FORMAT.parse(ht).hand is None for ht in texts)
    t2 = time.perf_counter()
    n = len(texts)
    print(f"hands: {n}, failed: {failed}")
    print(f"split:                     {n / (t1 - t0):9,.0f} hands/s")
    print(f"grammar + records:         {n / (t2 - t1):9,.0f} hands/s")
    print(f"split + grammar + records: {n / (t2 - t0):9,.0f} hands/s")


if __name__ == "__main__":
    main()

"""888poker split + parse speed on the hand-written fixtures repeated (not a test).

    .venv/bin/python benchmarks/bench_parse_888poker.py [--hands 5000]

Builds one file of ``--hands`` hands by repeating the Omaha fixture hands of
tests/fixtures/888poker/ with fresh game numbers, then reports hands/s for the split
alone, the grammar alone (records built) and both. Compare with
``benchmarks/bench_parse.py --hands 5000`` ("grammar + records" line).
"""

from __future__ import annotations

import argparse
import io
import itertools
import re
import time
from pathlib import Path

from hhtools.grammars import poker888

FIX = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "888poker"
_HAND = re.compile(r"^#Game No : \d+$", re.MULTILINE)
_ID = re.compile(r"(?<=#Game No : )\d+|(?<=Hand History for Game )\d+")


def build(hands: int) -> bytes:
    """A file of ``hands`` Omaha hands with fresh game numbers."""
    texts = []
    for f in sorted(FIX.glob("*.txt")):
        text = f.read_text(encoding="utf-8")
        starts = [m.start() for m in _HAND.finditer(text)] + [len(text)]
        for a, b in itertools.pairwise(starts):
            hand = text[a:b].strip()
            if "Holdem" not in hand:
                texts.append(hand)
    out = []
    for i in range(hands):
        out.append(_ID.sub(str(800_000_000 + i), texts[i % len(texts)]))
    return ("\n\n\n".join(out) + "\n").encode("utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=5000)
    args = ap.parse_args()
    data = build(args.hands)
    t0 = time.perf_counter()
    texts = list(poker888.FORMAT.split(io.BytesIO(data), "bench.txt"))
    t1 = time.perf_counter()
    bad = sum(1 for ht in texts if poker888.FORMAT.parse(ht).hand is None)
    t2 = time.perf_counter()
    n = len(texts)
    print(f"hands: {n}, without record: {bad}")
    print(f"split:             {n / (t1 - t0):10,.0f} hands/s")
    print(f"grammar + records: {n / (t2 - t1):10,.0f} hands/s")
    print(f"split + parse:     {n / (t2 - t0):10,.0f} hands/s")


if __name__ == "__main__":
    main()

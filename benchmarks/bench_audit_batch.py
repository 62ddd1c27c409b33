"""CPU per hand of the audit hand by hand against chunk by chunk, same run (not a test).

    .venv/bin/python benchmarks/bench_audit_batch.py [PATH...] [--hands 10000] [--chunk 200] [--rounds 3]

The hands (default: the first ``--hands`` of ``/tmp/bench/gen-100000-10-100``, made by
``benchmarks/bench_speed.py``) are parsed once; then each round audits them in chunks of
``--chunk`` (the import's ``CHUNK_HANDS``) both ways, in turn: ``audit_hand`` on each
hand of the chunk, and ``audit_hands`` on the chunk (each stage over every hand of the
chunk, as the import's workers audit). The garbage collector is off while timing, as in
a worker (``hhtools.store.pipeline.start_worker``). Prints the best round's process CPU
in microseconds a hand of each way, and their ratio.
"""

from __future__ import annotations

import argparse
import gc
import time
from pathlib import Path

from hhtools.audit import audit_hand, audit_hands
from hhtools.ingest.read import parse_path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", type=Path, default=[Path("/tmp/bench/gen-100000-10-100")])
    ap.add_argument("--hands", type=int, default=10_000)
    ap.add_argument("--chunk", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    hands = []
    for result in parse_path(args.paths):
        if result.hand is not None:
            hands.append(result.hand)
            if len(hands) == args.hands:
                break
    chunks = [hands[i : i + args.chunk] for i in range(0, len(hands), args.chunk)]
    gc.collect()
    gc.freeze()
    gc.disable()
    best = {"hand by hand": float("inf"), "chunk by chunk": float("inf")}
    for _ in range(args.rounds):
        t = time.process_time()
        for chunk in chunks:
            for hand in chunk:
                audit_hand(hand)
            gc.collect(0)
        best["hand by hand"] = min(best["hand by hand"], time.process_time() - t)
        t = time.process_time()
        for chunk in chunks:
            audit_hands(chunk)
            gc.collect(0)
        best["chunk by chunk"] = min(best["chunk by chunk"], time.process_time() - t)
    for name, seconds in best.items():
        print(f"{name:15} {seconds / len(hands) * 1e6:8.1f} us CPU a hand")
    print(f"chunk / hand:   {best['chunk by chunk'] / best['hand by hand']:8.3f}  "
          f"({len(hands):,} hands, chunks of {args.chunk})")


if __name__ == "__main__":
    main()

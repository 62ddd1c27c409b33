"""Parse speed on generated hands, one process, records built (not a timed test).

    .venv/bin/python benchmarks/bench_parse.py [--hands 20000] [--seed 7] [--dir DIR]

Generates hands of all seven games with ../shared/tools/gen_pokerstars.py into a temp
folder (or reads DIR), then reports hands/s for reading+splitting alone, for the
grammar alone, and end to end through :func:`hhtools.ingest.read.parse_path`.
Target (issue #3): at least 3,000 hands/s end to end.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hhtools.grammars import pokerstars
from hhtools.ingest.read import ParseStats, parse_path

GEN = Path(__file__).resolve().parents[1].parent / "shared" / "tools" / "gen_pokerstars.py"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--dir", type=Path, default=None, help="read these files instead")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.dir or Path(tmp)
        if args.dir is None:
            subprocess.run(
                [sys.executable, str(GEN), "--hands", str(args.hands), "--seed", str(args.seed),
                 "--out", tmp, "--workers", "2"],
                check=True, capture_output=True,
            )  # fmt: skip
        files = sorted(folder.glob("*.txt"))

        t0 = time.perf_counter()
        texts = []
        for f in files:
            with f.open("rb") as fh:
                texts.extend(pokerstars.FORMAT.split(fh, str(f)))
        t1 = time.perf_counter()
        for ht in texts:
            pokerstars.FORMAT.parse(ht)
        t2 = time.perf_counter()
        n = len(texts)
        del texts

        stats = ParseStats()
        t3 = time.perf_counter()
        for _ in parse_path(folder, stats):
            pass
        t4 = time.perf_counter()

    print(f"hands: {n}, problems: {stats.problems}")
    print(f"read + split:      {n / (t1 - t0):9,.0f} hands/s")
    print(f"grammar + records: {n / (t2 - t1):9,.0f} hands/s")
    print(f"end to end:        {stats.hands / (t4 - t3):9,.0f} hands/s  (target >= 3,000)")


if __name__ == "__main__":
    main()

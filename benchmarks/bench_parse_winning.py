"""WPN parse speed: split + parse of the fixture hands repeated with fresh ids (not a test).

    .venv/bin/python benchmarks/bench_parse_winning.py [--hands 5000]

Builds a UTF-8 file of N hands from the Omaha fixtures in tests/fixtures/winning/ (both
formats; each copy with a new hand number), then reports hands/s for splitting alone and for split +
parse (the grammar building records). Compare with ``benchmarks/bench_parse.py``
(PokerStars, "grammar + records").
"""

from __future__ import annotations

import argparse
import re
import tempfile
import time
from pathlib import Path

from hhtools.grammars import winning

FIX = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "winning"
SOURCES = (
    "old_utf16_side_pots_shared_out.txt",
    "new_pot_limit_hilo_jp_fee.txt",
    "new_walk_won_in_summary.txt",
)
_ID = re.compile(r"Hand #\d+|Game ID: \d+")


def build(n: int, out: Path) -> None:
    """Write ``n`` hands (the fixtures in turn, fresh ids) to ``out``."""
    texts = []
    for name in SOURCES:
        raw = (FIX / name).read_bytes()
        text = raw[2:].decode("utf-16-le") if raw.startswith(b"\xff\xfe") else raw.decode("utf-8")
        texts.append(text.replace("\r\n", "\n").strip())
    with out.open("w", encoding="utf-8") as fh:
        for i in range(n):
            text = texts[i % len(texts)]
            word = "Game ID: " if text.startswith("Game") else "Hand #"
            fh.write(_ID.sub(f"{word}{90_000_000 + i}", text, count=1))
            fh.write("\n\n\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "winning.txt"
        build(args.hands, path)
        best_split = best_all = float("inf")
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            with path.open("rb") as fh:
                texts = list(winning.FORMAT.split(fh, str(path)))
            t1 = time.perf_counter()
            records = sum(winning.FORMAT.parse(ht).hand is not None for ht in texts)
            t2 = time.perf_counter()
            best_split = min(best_split, t1 - t0)
            best_all = min(best_all, t2 - t0)
    n = len(texts)
    print(f"hands: {n}, records: {records}")
    print(f"split alone:       {n / best_split:10,.0f} hands/s")
    print(f"split + grammar:   {n / best_all:10,.0f} hands/s")


if __name__ == "__main__":
    main()

"""GGPoker parse speed, one process, records built (not a timed test).

    .venv/bin/python benchmarks/bench_parse_ggpoker.py [--hands 5000]

Builds a file of N hands by repeating the hand-written fixtures of
tests/fixtures/ggpoker/ (every hand that gives a record) with fresh hand ids, then
reports hands/s for splitting alone, for the grammar alone and for split + parse.
Compare with ``benchmarks/bench_parse.py --hands 5000`` (PokerStars, "grammar +
records").
"""

from __future__ import annotations

import argparse
import re
import tempfile
import time
from pathlib import Path

from hhtools.grammars import ggpoker

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "ggpoker"
_ID = re.compile(r"^Poker Hand #([A-Z]*)\d+:", re.MULTILINE)


def _good_hands() -> list[str]:
    out = []
    for path in sorted(FIXTURES.glob("*.txt")):
        with path.open("rb") as fh:
            for ht in ggpoker.FORMAT.split(fh, str(path)):
                ph = ggpoker.FORMAT.parse(ht)
                if ph.hand is not None and not ph.problems:
                    out.append(ht.text)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    args = ap.parse_args()
    hands = _good_hands()
    parts = []
    for k in range(args.hands):
        text = hands[k % len(hands)]
        parts.append(_ID.sub(lambda m, k=k: f"Poker Hand #{m.group(1)}{10_000_000 + k}:", text, 1))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "gg.txt"
        path.write_text("\n\n\n".join(parts) + "\n", encoding="utf-8")
        best_split = best_parse = best_both = 0.0
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            with path.open("rb") as fh:
                texts = list(ggpoker.FORMAT.split(fh, str(path)))
            t1 = time.perf_counter()
            results = [ggpoker.FORMAT.parse(ht) for ht in texts]
            t2 = time.perf_counter()
            n = len(texts)
            assert n == args.hands and all(r.hand is not None for r in results)
            best_split = max(best_split, n / (t1 - t0))
            best_parse = max(best_parse, n / (t2 - t1))
            best_both = max(best_both, n / (t2 - t0))
    print(f"hands: {n} ({len(hands)} fixture hands repeated)")
    print(f"split:             {best_split:9,.0f} hands/s")
    print(f"grammar + records: {best_parse:9,.0f} hands/s")
    print(f"split + parse:     {best_both:9,.0f} hands/s")


if __name__ == "__main__":
    main()

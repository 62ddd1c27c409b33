"""PartyPoker parse speed: the fixture hands repeated with fresh ids (not a timed test).

    .venv/bin/python benchmarks/bench_parse_partypoker.py [--hands 5000]

Writes N hands (tests/fixtures/partypoker/*.txt, round robin, each with a new hand
number) into one temp file, then reports hands/s for split alone and for split +
parse (records built), the latter to compare with ``benchmarks/bench_parse.py``'s
"grammar + records" line for PokerStars.
"""

from __future__ import annotations

import argparse
import re
import tempfile
import time
from pathlib import Path

from hhtools.grammars import partypoker

FIX = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "partypoker"
_IDS = re.compile(r"(Game #|#Game No : |Hand History [Ff]or Game )(\w+)")


def _hands() -> list[str]:
    out = []
    for f in sorted(FIX.glob("*.txt")):
        with f.open("rb") as fh:
            out.extend(ht.text for ht in partypoker.FORMAT.split(fh, str(f)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=5000)
    args = ap.parse_args()
    hands = _hands()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "party.txt"
        with path.open("w") as out:
            for i in range(args.hands):
                text = hands[i % len(hands)]
                num = str(9 * 10**10 + i)
                fresh = _IDS.sub(lambda m, num=num: m.group(1) + (num if m.group(2).isdigit()
                                 else num + "bench"), text)  # fmt: skip
                out.write(fresh + "\n\n\n")
        t0 = time.perf_counter()
        with path.open("rb") as fh:
            texts = list(partypoker.FORMAT.split(fh, str(path)))
        t1 = time.perf_counter()
        with path.open("rb") as fh:
            results = [partypoker.FORMAT.parse(ht) for ht in partypoker.FORMAT.split(fh, str(path))]
        t2 = time.perf_counter()
    n = len(texts)
    assert n == args.hands and all(r.hand is not None for r in results)
    print(f"hands: {n}")
    print(f"split:          {n / (t1 - t0):9,.0f} hands/s")
    print(f"split + parse:  {n / (t2 - t1):9,.0f} hands/s")


if __name__ == "__main__":
    main()

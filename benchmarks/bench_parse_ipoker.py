"""iPoker split + parse speed on the hand-written fixtures repeated (not a test).

    .venv/bin/python benchmarks/bench_parse_ipoker.py [--hands 5000]

Builds one session file per fixture whose ``<game>`` elements are the fixture's games
repeated with fresh game codes until ``--hands`` games in all, then reports hands/s for
the split alone, the grammar alone (records built), and both. Compare with
``benchmarks/bench_parse.py --hands 5000`` ("grammar + records" line).
"""

from __future__ import annotations

import argparse
import io
import re
import time
from pathlib import Path

from hhtools.grammars import ipoker

FIX = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "ipoker"
_GAME = re.compile(rb"<game gamecode=\"\d+\">.*?</game>", re.DOTALL)


def build(hands: int) -> list[bytes]:
    """Session files (bytes) holding ``hands`` complete games in all."""
    sources = []
    for name in ("side_pot_old_win_includes_return.xml", "cp1252_euro_comma_5card_raise_to.xml"):
        data = (FIX / name).read_bytes()
        m = _GAME.search(data)
        assert m is not None
        sources.append((data[: m.start()], m.group(0), data[m.end() :]))
    files = []
    per = hands // len(sources)
    code = 10**9
    for head, game, tail in sources:
        body = []
        for _ in range(per):
            code += 1
            body.append(re.sub(rb'gamecode="\d+"', b'gamecode="%d"' % code, game, count=1))
        files.append(head + b"\n".join(body) + tail)
    return files


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=5000)
    args = ap.parse_args()
    files = build(args.hands)
    t0 = time.perf_counter()
    texts = [
        ht for i, data in enumerate(files) for ht in ipoker.FORMAT.split(io.BytesIO(data), f"f{i}")
    ]
    t1 = time.perf_counter()
    bad = sum(1 for ht in texts if ipoker.FORMAT.parse(ht).hand is None)
    t2 = time.perf_counter()
    n = len(texts)
    print(f"hands: {n}, without record: {bad}")
    print(f"split:             {n / (t1 - t0):10,.0f} hands/s")
    print(f"grammar + records: {n / (t2 - t1):10,.0f} hands/s")
    print(f"split + parse:     {n / (t2 - t0):10,.0f} hands/s")


if __name__ == "__main__":
    main()

"""Parse speed of every site format, in one run, the same way for each (not a timed test).

    .venv/bin/python benchmarks/bench_parse_sites.py [--hands 5000] [--site KEY ...]

For each site format of the registry, the hand-written fixtures of
``tests/fixtures/<key>/`` are split with the format's own ``split``; the hand texts
that give a record are then parsed ``--hands`` times in turn ("grammar + records"), and
the fixture files are split again and again until as many hands have come out
("split"). PokerStars is measured the same way in the same run, so the rows compare
(issue "The sites players use today": each text grammar at least as fast as
PokerStars). ``benchmarks/bench_parse.py`` measures PokerStars on generated hands.
"""

from __future__ import annotations

import argparse
import io
import time
from pathlib import Path

import hhtools.grammars as grammars
from hhtools.grammars.base import SiteFormat
from hhtools.model.records import HandText

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures"


def fixture_files(fmt: SiteFormat) -> list[tuple[str, bytes]]:
    """The site's fixture files, as (name, bytes)."""
    folder = FIXTURES / fmt.key
    return [(str(p), p.read_bytes()) for p in sorted(folder.iterdir()) if p.is_file()]


def split_all(fmt: SiteFormat, files: list[tuple[str, bytes]]) -> list[HandText]:
    """Every hand text of the files, by the format's own split."""
    return [ht for name, data in files for ht in fmt.split(io.BytesIO(data), name)]


def measure(fmt: SiteFormat, hands: int) -> tuple[int, float, float]:
    """(hand texts with a record, split hands/s, grammar + records hands/s)."""
    files = fixture_files(fmt)
    good = [ht for ht in split_all(fmt, files) if fmt.parse(ht).hand is not None]
    if not good:
        return 0, 0.0, 0.0
    done, t0 = 0, time.perf_counter()
    while done < hands:
        done += len(split_all(fmt, files))
    split_rate = done / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    for i in range(hands):
        fmt.parse(good[i % len(good)])
    parse_rate = hands / (time.perf_counter() - t0)
    return len(good), split_rate, parse_rate


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--site", action="append", help="a format key (default: every one)")
    args = ap.parse_args()
    chosen = [f for f in grammars.FORMATS if not args.site or f.key in args.site]
    print(f"{'site format':12} {'fixture hands':>13} {'split h/s':>11} {'grammar+records h/s':>20}")
    for fmt in chosen:
        n, split_rate, parse_rate = measure(fmt, args.hands)
        print(f"{fmt.key:12} {n:13,} {split_rate:11,.0f} {parse_rate:20,.0f}")


if __name__ == "__main__":
    main()

"""Parse speed of every site format, in one run, the same way for each (not a timed test).

    .venv/bin/python benchmarks/bench_parse_sites.py [--hands 5000] [--site KEY ...]

For each site format of the registry, the hand-written fixtures of
``tests/fixtures/<key>/`` are split with the format's own ``split``; the hand texts
that give a record are then parsed ``--hands`` times in turn ("grammar + records"), and
the fixture files are split again and again until as many hands have come out
("split"). PokerStars is measured the same way in the same run, so the rows compare
(issue "The sites players use today": each text grammar at least as fast as
PokerStars). ``benchmarks/bench_parse.py`` measures PokerStars on generated hands.

With ``--corpus`` the real histories of ``../shared/corpus`` are measured too, each
site on its own files (the files the format recognises): hands/s, and since sites
write very different numbers of lines per hand (Bovada prints every card dealt and
every seat's result; PokerStars about 37 lines a hand), lines per hand and
microseconds per line beside them.
"""

from __future__ import annotations

import argparse
import io
import time
from pathlib import Path

from hhtools.grammars._text import decode_head
from hhtools.grammars.base import SiteFormat

from hhtools import grammars
from hhtools.model.records import HandText

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures"
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
#: the corpus folder of each site format
CORPUS_DIRS = {"pokerstars": "Stars", "ggpoker": "GGPoker", "winamax": "Winamax",
               "ipoker": "iPoker", "888poker": "PacificPoker", "partypoker": "PartyPoker",
               "bovada": "Bovada", "winning": "Winning", "kingsclub": "KingsClub",
               "fulltilt": "FTP", "ongame": "OnGame", "pkr": "PKR", "everleaf": "Everleaf",
               "absolute": "Absolute", "betfair": "Betfair", "cake": "Cake",
               "entraction": "Entraction", "enet": "Enet", "sealswithclubs": "SealsWithClubs",
               "pokertracker": "PokerTracker", "everest": "Everest", "merge": "Merge",
               "microgaming": "Microgaming", "boss": "Boss"}  # fmt: skip


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


def corpus_hands(fmt: SiteFormat) -> list[HandText]:
    """The site's real hands in ``../shared/corpus`` that give a record."""
    folder = CORPUS / CORPUS_DIRS.get(fmt.key, fmt.key)
    texts: list[HandText] = []
    for p in sorted(folder.rglob("*")) if folder.is_dir() else ():
        data = p.read_bytes() if p.is_file() else b""
        if data and grammars.recognise(decode_head(data[:8192])) is fmt:
            texts += fmt.split(io.BytesIO(data), str(p))
    return [ht for ht in texts if fmt.parse(ht).hand is not None]


def measure_corpus(fmt: SiteFormat, hands: int) -> tuple[int, float, float, float]:
    """(real hands, grammar + records hands/s, lines per hand, microseconds per line)."""
    good = corpus_hands(fmt)
    if not good:
        return 0, 0.0, 0.0, 0.0
    t0 = time.perf_counter()
    for i in range(hands):
        fmt.parse(good[i % len(good)])
    seconds = time.perf_counter() - t0
    lines = sum(ht.text.count("\n") + 1 for ht in good) / len(good)
    return len(good), hands / seconds, lines, seconds / hands / lines * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--site", action="append", help="a format key (default: every one)")
    ap.add_argument("--corpus", action="store_true", help="also the real hands of ../shared/corpus")
    args = ap.parse_args()
    chosen = [f for f in grammars.FORMATS if not args.site or f.key in args.site]
    print(f"{'site format':12} {'fixture hands':>13} {'split h/s':>11} {'grammar+records h/s':>20}")
    for fmt in chosen:
        n, split_rate, parse_rate = measure(fmt, args.hands)
        print(f"{fmt.key:12} {n:13,} {split_rate:11,.0f} {parse_rate:20,.0f}")
    if not args.corpus:
        return
    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS}")
        return
    print(f"\n{'site format':12} {'real hands':>10} {'grammar+records h/s':>20} "
          f"{'lines/hand':>10} {'us/line':>8}")  # fmt: skip
    for fmt in chosen:
        n, rate, lines, per_line = measure_corpus(fmt, args.hands)
        print(f"{fmt.key:12} {n:10,} {rate:20,.0f} {lines:10.1f} {per_line:8.2f}")


if __name__ == "__main__":
    main()

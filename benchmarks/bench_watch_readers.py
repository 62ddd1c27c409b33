"""``hhtools watch`` beside readers that keep :func:`hhtools.connect` open (issue 25.7).

A person runs it (it takes about ``--seconds`` plus start-up)::

    python benchmarks/bench_watch_readers.py --readers 1 --hold 8
    python benchmarks/bench_watch_readers.py --readers 3 --hold 8

It starts ``hhtools watch`` on an empty folder, then ``--readers`` processes that each
open ``hhtools.connect(db)``, run a query, keep the connection open ``--hold`` seconds
(idle) and open it again at once, over and over. A writer appends ``--hands`` hands
(the hand-written PokerStars fixtures of ``tests/fixtures/pokerstars`` under new hand
ids) in pieces of 100 every 0.2 s. After ``--seconds`` the watch and then the readers
are stopped (SIGTERM) and the script prints how many hands the watch stored by then
(committed: counted in the store afterwards), how many the readers saw last, and how
long the watch waited for readers in all (its closing line).
"""

from __future__ import annotations

import argparse
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "pokerstars"
SOURCES = ["stats_walk.txt", "stats_three_bet_fold.txt", "stats_cbet_fold.txt",
           "stats_showdown_opponent_mucks.txt", "stats_heads_up.txt"]  # fmt: skip
HEADER = re.compile(rb"^PokerStars Hand #\d+:", re.M)

READER = """
import sys, time
import hhtools
db, hold = sys.argv[1], float(sys.argv[2])
while True:
    try:
        with hhtools.connect(db) as s:
            n = s.sql("SELECT count(*) AS n FROM hands")["n"][0]
            print(n, flush=True)
            time.sleep(hold)
    except Exception:  # kept out past the wait: try again
        print("refused", flush=True)
"""


def hands(count: int) -> list[bytes]:
    """``count`` hand texts: the fixtures in turn, each under a hand id of its own."""
    texts = [(FIXTURES / f).read_bytes().rstrip(b"\n") + b"\n\n\n" for f in SOURCES]
    return [HEADER.sub(f"PokerStars Hand #{400000000000 + i}:".encode(), texts[i % len(texts)],
                       count=1) for i in range(count)]  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--readers", type=int, default=1)
    ap.add_argument("--hold", type=float, default=8.0, help="seconds a reader holds its connection")
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument("--seconds", type=float, default=25.0, help="how long the writer and readers run")
    ap.add_argument("--verbose", action="store_true", help="print what the watch wrote")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="hh-readers-"))
    folder, db, live = tmp / "hh", tmp / "w.duckdb", tmp / "hh" / "HH.txt"
    folder.mkdir()
    todo = hands(args.hands + 1)
    live.write_bytes(todo[0])
    watch = subprocess.Popen(
        [sys.executable, "-m", "hhtools", "watch", str(folder), "--db", str(db),
         "--settle", "0.5", "-j", "1", "-q"], cwd=ROOT, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    while not db.exists():  # the first hand's batch made the store
        time.sleep(0.2)
    time.sleep(2.0)
    readers = [subprocess.Popen([sys.executable, "-c", READER, str(db), str(args.hold)],
                                cwd=ROOT, stdout=subprocess.PIPE, text=True)
               for _ in range(args.readers)]  # fmt: skip
    time.sleep(1.0)
    start = time.monotonic()
    for i in range(1, len(todo), 100):
        with open(live, "ab") as fh:
            fh.write(b"".join(todo[i : i + 100]))
        time.sleep(0.2)
    time.sleep(max(0.0, args.seconds - (time.monotonic() - start)))
    watch.send_signal(signal.SIGTERM)  # first: what it stored while the readers read
    _, err = watch.communicate(timeout=120)
    seen = []
    for r in readers:
        r.send_signal(signal.SIGTERM)
        out, _ = r.communicate()
        seen += [int(x) if x.isdigit() else -1 for x in out.split()]
    import duckdb

    con = duckdb.connect(str(db), read_only=True)  # what was committed by the stop
    stored = con.execute("SELECT count(*) FROM hands").fetchall()[0][0] - 1  # less the first
    con.close()
    if args.verbose:
        print(err[-3000:])
    waited = re.search(r"waited ([\d.]+) s for readers", err)
    print(f"readers {args.readers} holding {args.hold:g} s: watch stored {stored:,} of "
          f"{args.hands:,} appended hands in {args.seconds:g} s; readers saw at most "
          f"{max(seen, default=1) - 1:,} (opens refused {seen.count(-1)}); the watch waited "
          f"{float(waited.group(1)) if waited else 0:.1f} s for readers in all")

if __name__ == "__main__":
    main()

"""CPU per hand of one site format's grammar, two versions of the code in the same run
(not a timed test).

    .venv/bin/python benchmarks/bench_parse_before_after.py BEFORE [AFTER] [--site pokerstars]
        [--hands 5000] [--rounds 5] [--raw] [--repeat N] PATH...

``BEFORE`` and ``AFTER`` are trees of the project (``AFTER`` defaults to this checkout):
one made with ``git archive REV | tar -x -C DIR`` plus a link ``DIR/hhtools/grammars ->
../grammars``. The hands are the first ``--hands`` of the PATHs (files or folders; the
site's own files only) and then every hand of the PATHs after the first that holds
fewer, as :mod:`hhtools.ingest.read` splits them. Each version parses the same hands in
a child process, both children at the same time, so that a machine shared with other
work loads both alike; each reports the least CPU time (``time.process_time``) of
``--rounds`` passes, in microseconds per hand, as ``benchmarks/bench_speed.py``'s
grammar stage measures it (the registry's ``FORMAT.parse``, with the after-parse checks;
``--raw``: the site's parser alone). The ratio after/before is printed last; with
``--repeat N`` the pair runs N times and the median ratio is printed last (a shared
machine's load moves single ratios by a tenth or more).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: what each child runs: parse the hands, print the best µs per hand
CHILD = r"""
import gc, sys, time
from pathlib import Path
from hhtools import grammars
from hhtools.ingest.read import read_sources
from hhtools.model.records import Problem

site, limit, rounds, raw, paths = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1", sys.argv[5:]
fmt = grammars.get(site)
texts = []
for k, path in enumerate(paths):
    for read in read_sources([Path(path)]):
        if isinstance(read, Problem):
            continue
        if getattr(read, "format", fmt) is fmt:
            for ht in read.hands():
                texts.append(ht)
                if k == 0 and len(texts) >= limit:
                    break
        read.close()
        if k == 0 and len(texts) >= limit:
            break
parse = fmt.parse.parse if raw and hasattr(fmt.parse, "parse") else fmt.parse
best = float("inf")
for _ in range(rounds):
    gc.collect()
    t0 = time.process_time()
    for ht in texts:
        parse(ht)
    best = min(best, time.process_time() - t0)
print(len(texts), best / max(len(texts), 1) * 1e6, grammars.__file__)
"""


def main() -> None:
    """Run both versions at once and print their µs per hand and the ratio."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("before", type=Path)
    ap.add_argument("paths", nargs="+", help="[AFTER] then the files or folders to read")
    ap.add_argument("--site", default="pokerstars")
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--raw", action="store_true", help="the site's parser without the after-parse checks")
    ap.add_argument("--repeat", type=int, default=1,
                    help="run the pair this many times, one after the other; the median ratio last")
    args = ap.parse_args()
    after, paths = ROOT, list(args.paths)
    if (Path(paths[0]) / "hhtools" / "grammars").exists() and len(paths) > 1:
        after, paths = Path(paths.pop(0)), paths
    ratios = [_pair(args, after, paths) for _ in range(max(args.repeat, 1))]
    if len(ratios) > 1:
        print(f"after / before, median of {len(ratios)}: {statistics.median(ratios):.2f} "
              f"(each: {', '.join(f'{r:.2f}' for r in ratios)})")


def _pair(args: argparse.Namespace, after: Path, paths: list[str]) -> float:
    """Both versions at once: print their µs per hand and the ratio, and return it."""
    children = []
    for tree in (args.before, after):
        env = {**os.environ, "PYTHONPATH": str(tree.resolve())}
        cmd = [sys.executable, "-c", CHILD, args.site, str(args.hands), str(args.rounds),
               "1" if args.raw else "0", *[str(Path(p).resolve()) for p in paths]]  # fmt: skip
        children.append(subprocess.Popen(cmd, env=env, cwd="/", stdout=subprocess.PIPE, text=True))
    got = []
    for label, child in zip(("before", "after"), children, strict=True):
        out, _ = child.communicate()
        if child.returncode:
            sys.exit(f"{label}: the child failed ({child.returncode})")
        hands, us, where = out.split()
        got.append(float(us))
        print(f"{label:6} {int(hands):7,} hands  {float(us):8.1f} us/hand  ({where})")
    print(f"after / before: {got[1] / got[0]:.2f}")
    return got[1] / got[0]


if __name__ == "__main__":
    main()

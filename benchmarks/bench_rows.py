"""CPU per hand of the workers' rows stage (records -> store columns), several source
trees and both paths in the same run.

    .venv/bin/python benchmarks/bench_rows.py [--tree NAME=DIR ...] [--folder DIR]
        [--hands 2000] [--rounds 5] [--paths pure,compiled] [--profile]

Each tree (default: this checkout; add a ``git archive`` copy of an older commit with
``--tree before=/tmp/before``) runs in a child process per path (``HHTOOLS_PURE`` ``1``
or ``0``, see ``hhtools/_core.py``), with ``PYTHONPATH`` set to the tree. The child reads
the first ``--hands`` PokerStars hands of the folder, parses and audits them with its own
tree (not timed), then times, several times over and keeping the least, the hands in
batches of ``--chunk`` (200, as the workers make them), summed over the batches:

* ``flatten``: :func:`hhtools.store.flatten.flatten_hand` of every hand into one
  :class:`~hhtools.store.flatten.ColumnBatch` (``bench_speed``'s ``rows`` stage);
* ``freeze``: ``ColumnBatch.freeze()``, the column lists the workers turn into Arrow;
* ``arrow``: :func:`hhtools.store.db.to_arrow` of every frozen table (what
  :func:`hhtools.store.pipeline.process_chunk` does with them);
* ``rows, no audit``: flatten and freeze of the same hands without their audits
  (``--no-audit``: the money worked out from the actions).

The trees and paths are interleaved round after round; each figure is the least over
the rounds (CPU time of one process: the least noise on a shared machine).
``--without MODULE`` adds a compiled path with that module or package run as Python
(what its compiled modules save). ``--profile`` prints cProfile's top functions of one flatten pass of the first tree,
pure path, instead. Nothing here is a test; nothing asserts a time.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the generated hands of the session's benchmarks (100,000 PokerStars hands, seed 100)
DEFAULT_FOLDER = Path(tempfile.gettempdir()) / "bench" / "gen-100000-10-100"

_CHILD = r"""
import json, sys, time
from pathlib import Path
import hhtools._core as core
from hhtools.audit import audit_hand
from hhtools.grammars import pokerstars
from hhtools.ingest.read import read_sources
from hhtools.model.records import Problem
from hhtools.store.db import to_arrow
from hhtools.store.flatten import ColumnBatch, flatten_hand

texts = []
for read in read_sources([Path({folder!r})]):
    if isinstance(read, Problem):
        continue
    for ht in read.hands():
        texts.append(ht)
        if len(texts) >= {n}:
            break
    read.close()
    if len(texts) >= {n}:
        break
hands = [h for h in (pokerstars.FORMAT.parse(t).hand for t in texts) if h is not None]
audits = [audit_hand(h) for h in hands]
n = len(hands)
clock = time.process_time


chunks = [range(i, min(i + {chunk}, n)) for i in range(0, n, {chunk})]


def flatten(chunk, with_audit):
    batch = ColumnBatch()
    if with_audit:
        for i in chunk:
            flatten_hand(batch, hands[i], audits[i], 1, i)
    else:
        for i in chunk:
            flatten_hand(batch, hands[i], None, 1, i)
    return batch


if {profile!r}:
    import cProfile, pstats
    def passes():
        for chunk in chunks:
            flatten(chunk, True).freeze()
    passes()
    cProfile.run("passes()", sort="tottime")
    raise SystemExit

best = {{}}
def keep(name, seconds):
    best[name] = min(best.get(name, float("inf")), seconds / n * 1e6)

for _ in range({inner}):
    spent = dict.fromkeys(("flatten", "freeze", "arrow", "rows, no audit"), 0.0)
    for chunk in chunks:
        t0 = clock()
        batch = flatten(chunk, True)
        t1 = clock()
        frozen = batch.freeze()
        t2 = clock()
        for table, cols in frozen.items():
            if cols:
                to_arrow(table, cols, extra=("_n",))
        t3 = clock()
        flatten(chunk, False).freeze()
        t4 = clock()
        spent["flatten"] += t1 - t0
        spent["freeze"] += t2 - t1
        spent["arrow"] += t3 - t2
        spent["rows, no audit"] += t4 - t3
    for name, seconds in spent.items():
        keep(name, seconds)
    keep("flatten + freeze", spent["flatten"] + spent["freeze"])
best["hands"] = n
best["path"] = core.describe()
print(json.dumps(best))
"""

#: the figures of a child, in the order printed
FIGURES = ("flatten", "freeze", "flatten + freeze", "arrow", "rows, no audit")


def run_child(tree: Path, pure: str, folder: Path, n: int, inner: int = 3,
              profile: bool = False, chunk: int = 200) -> dict[str, float | str]:  # fmt: skip
    """One child process: the figures of ``tree`` on one path (``HHTOOLS_PURE`` value).

    Raises:
        subprocess.CalledProcessError: the child failed (its stderr is in the error).
    """
    code = _CHILD.format(folder=str(folder), n=n, inner=inner, profile=profile, chunk=chunk)
    env = {**os.environ, "HHTOOLS_PURE": pure, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=False, cwd=tempfile.gettempdir())  # fmt: skip
    if done.returncode:
        raise subprocess.CalledProcessError(done.returncode, "child", done.stdout, done.stderr)
    if profile:
        print(done.stdout)
        return {}
    result: dict[str, float | str] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    """Print each tree's rows figures on each path, and each tree's ratio to the first."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tree", action="append", default=[],
                    help="NAME=DIR: a source tree to measure (default: this checkout)")
    ap.add_argument("--folder", type=Path, default=DEFAULT_FOLDER)
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--inner", type=int, default=3, help="timed passes per child")
    ap.add_argument("--paths", default="pure,compiled")
    ap.add_argument("--without", action="append", default=[],
                    help="a module or package run as Python on an extra compiled path")
    ap.add_argument("--chunk", type=int, default=200,
                    help="hands per batch (the workers' CHUNK_HANDS)")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    trees = dict(t.split("=", 1) for t in args.tree) or {"this": str(ROOT)}
    values = {"pure": "1", "compiled": "0"}
    paths = [p.strip() for p in args.paths.split(",") if p.strip()]
    for name in args.without:
        values[f"compiled, {name} as Python"] = name
        paths.append(f"compiled, {name} as Python")
    if args.profile:
        name, tree = next(iter(trees.items()))
        run_child(Path(tree), "1", args.folder, args.hands, profile=True, chunk=args.chunk)
        return
    runs: dict[tuple[str, str], list[dict[str, float | str]]] = {}
    for _ in range(args.rounds):
        for path in paths:
            for name, tree in trees.items():
                got = run_child(Path(tree), values[path], args.folder, args.hands, args.inner,
                                chunk=args.chunk)
                runs.setdefault((name, path), []).append(got)
    print(f"{args.hands:,} hands of {args.folder}, least of {args.rounds} rounds x "
          f"{args.inner} passes, us CPU per hand")
    first = next(iter(trees))
    for (name, path), results in runs.items():
        print(f"  {name}, {path}: {results[0]['path']} ({int(results[0]['hands'])} hands)")
        for fig in FIGURES:
            least = min(float(r[fig]) for r in results)
            base = min(float(r[fig]) for r in runs[(first, path)])
            ratio = f"  {least / base:5.2f}x {first}" if name != first and base else ""
            print(f"    {fig:20} {least:8.1f}{ratio}")


if __name__ == "__main__":
    main()

"""All-in EV speed (issue 28, item 3). Not a test: nothing asserts a time.

Targets: ``hhtools ev`` over every all-in hand of a million-hand store in under 2
minutes on 2 workers (200,000 hands: under 24 s), and ``hhtools import --ev`` costing
under 20% more than ``hhtools import``.

:func:`measure` times the all-in equity of a store (on a copy: the store is never
written) in a child process, with whatever ``hhtools`` is first on ``PYTHONPATH``
(so a ``git archive`` copy of an older commit runs as it was). ``__main__`` prints
before and after in the same run, the before on the first ``--before-limit``
candidate hands (today's code at a01b599 takes ~0.05 s of CPU a hand), and with
``--import-folder`` also ``import`` against ``import --ev``; ``--streets`` prints
only a worker's CPU per hand on the preflop, flop and turn candidates (one process):

    rm -rf /tmp/before_ev && mkdir /tmp/before_ev && git archive a01b599 | tar -x -C /tmp/before_ev \\
        && ln -s ../grammars /tmp/before_ev/hhtools/grammars
    .venv/bin/python benchmarks/bench_ev_speed.py --db /tmp/big/store200k.duckdb \\
        --before /tmp/before_ev --import-folder /tmp/ev_work/gen-20000-2-100

The ``git archive`` copy has no compiled core (it runs pure Python); this checkout runs
its compiled core where ``setup.py build_ext --inplace`` built it (``HHTOOLS_PURE=1``:
pure). The 2-minute target is judged as the workers' CPU / 2 + the main process's CPU
(two idle cores); the wall time printed is this machine's, whatever else runs on it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: run in the child: the all-in equity of the store copy, as ``hhtools ev`` does it
_CHILD = """
import json, resource, sys, time
import duckdb
from hhtools.store.ev import compute_allin_equity
path, workers, limit = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) or None
con = duckdb.connect(path)
cpu = lambda who: (lambda r: r.ru_utime + r.ru_stime)(resource.getrusage(who))
start, main0, kids0 = time.perf_counter(), cpu(resource.RUSAGE_SELF), cpu(resource.RUSAGE_CHILDREN)
summary = compute_allin_equity(con, workers=workers, limit=limit)
con.close()  # its checkpoint is the run's too (before ffbccff: the merge of the import's row groups)
seconds = time.perf_counter() - start
print(json.dumps({"summary": dict(summary), "seconds": seconds,
                  "cpu_main": cpu(resource.RUSAGE_SELF) - main0,
                  "cpu_workers": cpu(resource.RUSAGE_CHILDREN) - kids0}))
"""


def measure(db_path: str | Path, workers: int = 2, limit: int | None = None,
            root: str | Path | None = None) -> dict[str, float]:  # fmt: skip
    """Time the all-in equity of every candidate hand of a store, on a copy of it.

    Args:
        db_path: the store (read only: a copy is worked on and deleted).
        workers: worker processes, as ``hhtools ev -j``.
        limit: look at only the first this many candidate hands.
        root: a checkout to import ``hhtools`` from (default: this one).

    Returns:
        ``all_in_hands`` (candidate hands looked at), ``computed`` (with an equity),
        ``seconds`` (wall of the work after the child started, reading the store,
        writing the rows and closing the store included), ``hands_per_s`` (all-in hands a second),
        ``cpu_main`` and ``cpu_workers`` (CPU seconds of the process that reads and
        writes the store, and of its worker processes together), ``child_seconds``
        (the child's whole wall, interpreter and imports included).

    Raises:
        subprocess.CalledProcessError: the child failed.
    """
    with tempfile.TemporaryDirectory(prefix="bench_ev_") as tmp:
        copy = Path(tmp) / "ev.duckdb"
        shutil.copyfile(db_path, copy)
        if Path(str(db_path) + ".wal").exists():
            shutil.copyfile(str(db_path) + ".wal", str(copy) + ".wal")
        env = dict(os.environ, PYTHONPATH=str(root or ROOT))
        start = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", _CHILD, str(copy), str(workers), str(limit or 0)],
            env=env, check=True, capture_output=True, text=True, cwd=tmp,
        ).stdout  # fmt: skip
        child = time.perf_counter() - start
    got = json.loads(out.strip().splitlines()[-1])
    looked = sum(got["summary"].values())
    return {"all_in_hands": looked, "computed": got["summary"].get("computed", 0),
            "seconds": got["seconds"], "hands_per_s": looked / max(got["seconds"], 1e-9),
            "cpu_main": got["cpu_main"], "cpu_workers": got["cpu_workers"],
            "child_seconds": child}  # fmt: skip


def measure_import(folder: str | Path, workers: int = 2, root: str | Path | None = None,
                   ev: bool = False) -> float:  # fmt: skip
    """Wall seconds of ``hhtools import folder`` (``--ev`` too when ``ev``) into a new store."""
    with tempfile.TemporaryDirectory(prefix="bench_ev_import_") as tmp:
        cmd = [sys.executable, "-m", "hhtools", "import", str(folder), "--db",
               str(Path(tmp) / "i.duckdb"), "-q", "--workers", str(workers)]  # fmt: skip
        if ev:
            cmd.append("--ev")
        env = dict(os.environ, PYTHONPATH=str(root or ROOT))
        start = time.perf_counter()
        subprocess.run(cmd, env=env, check=True, capture_output=True, cwd=tmp)
        return time.perf_counter() - start


#: run in the child: the worker's CPU per hand, street by street, on facts read once
_STREETS = """
import json, pickle, sys, time
import duckdb
from hhtools.store import ev
con = duckdb.connect(sys.argv[1], read_only=True)
facts = ev._facts(con, int(sys.argv[2]) or None)
out = {}
for street in ("preflop", "flop", "turn"):
    mine = [f for f in facts if f[5] == street]
    ev._work(mine[:20])  # caches and first calls
    start = time.process_time()
    for i in range(0, len(mine), 500):
        ev._work(mine[i : i + 500])
    out[street] = (len(mine), time.process_time() - start)
print(json.dumps(out))
"""


def measure_streets(db_path: str | Path, limit: int | None = None,
                    root: str | Path | None = None) -> dict[str, tuple[int, float]]:  # fmt: skip
    """A worker's CPU seconds over the candidate hands of each street (one process, no
    store written): ``{street: (hands, seconds)}``, to see where the work goes."""
    env = dict(os.environ, PYTHONPATH=str(root or ROOT))
    with tempfile.TemporaryDirectory(prefix="bench_ev_") as tmp:  # not this checkout's hhtools
        out = subprocess.run([sys.executable, "-c", _STREETS, str(db_path), str(limit or 0)],
                             env=env, check=True, capture_output=True, text=True, cwd=tmp).stdout  # fmt: skip
    return {k: tuple(v) for k, v in json.loads(out.strip().splitlines()[-1]).items()}  # type: ignore[misc]


def _line(name: str, r: dict[str, float]) -> str:
    return (f"{name:<8} {r['all_in_hands']:>8,} all-in hands ({r['computed']:,} worked out) in "
            f"{r['seconds']:8.1f} s: {r['hands_per_s']:8,.0f} hands/s; CPU s: main "
            f"{r['cpu_main']:.1f}, workers {r['cpu_workers']:.1f}")  # fmt: skip


def main() -> None:
    """Print before and after, interleaved, in one run."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--db", type=Path, default=Path("/tmp/big/store200k.duckdb"))
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--before", type=Path, default=None,
                    help="a checkout of the before commit (git archive a01b599)")
    ap.add_argument("--before-limit", type=int, default=2000,
                    help="candidate hands the before run looks at (0: all)")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--import-folder", type=Path, default=None,
                    help="also time import against import --ev on these files")
    ap.add_argument("--streets", action="store_true",
                    help="only a worker's CPU per hand by street (before and after)")
    args = ap.parse_args()
    if args.streets:
        for _ in range(args.rounds):
            for name, root in (("before", args.before), ("after", None)):
                if name == "before" and not root:
                    continue
                got = measure_streets(args.db, args.before_limit or None, root)
                print(f"{name:<8} " + "; ".join(f"{k} {n:,} hands {1e3 * t / max(n, 1):.3f} ms/hand"
                                                for k, (n, t) in got.items()), flush=True)  # fmt: skip
        return
    for _ in range(args.rounds):
        if args.before:
            print(_line("before", measure(args.db, args.workers, args.before_limit or None,
                                          args.before)), flush=True)  # fmt: skip
            print(_line("after", measure(args.db, args.workers, args.before_limit or None)),
                  flush=True)  # fmt: skip
        print(_line("after", measure(args.db, args.workers)) + "  [every candidate]", flush=True)
    if args.import_folder:
        for _ in range(args.rounds):
            plain = measure_import(args.import_folder, args.workers)
            with_ev = measure_import(args.import_folder, args.workers, ev=True)
            print(f"import {plain:.1f} s, import --ev {with_ev:.1f} s: "
                  f"+{100 * (with_ev - plain) / plain:.1f}%", flush=True)


if __name__ == "__main__":
    main()

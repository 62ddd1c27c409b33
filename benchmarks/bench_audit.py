"""CPU per hand of the audit, two versions of the code in the same run (not a timed test).

    .venv/bin/python benchmarks/bench_audit.py BEFORE [AFTER] [--hands 5000] [--rounds 5]
        [--per-check] [PATH...]

``BEFORE`` and ``AFTER`` are trees of the project (``AFTER`` defaults to this checkout):
one made with ``git archive REV | tar -x -C DIR`` plus a link ``DIR/hhtools/grammars ->
../grammars``. The hands are the first ``--hands`` PokerStars hands of the PATHs (default:
the generated hands of ``benchmarks/bench_speed.py --hands 100000 --files 10 --seed 100
--work /tmp/bench``), parsed by the registry's PokerStars format as
``benchmarks/bench_speed.py``'s audit stage does (here through
:func:`hhtools.ingest.read.parse_path`), by the grammar of ``--parse-in``
(``before`` by default: a grammar being changed in the checkout does not change the
records audited) in a child of its own, pickled for both versions to audit.

Each version runs in its own child process, which loads the hands once and then waits;
the parent asks the two children for one pass each in turn (before, after, before, ...),
so that a machine shared with other work loads both alike. A pass is
:func:`hhtools.audit.audit_hand` over the hands with a showdown (two or more players
show), then over the others, timed with ``time.process_time``. Printed: the least CPU
of the ``--rounds`` passes, in microseconds per hand, for all hands, hands with a
showdown and hands without, then the ratios after/before. ``--per-check`` adds one pass
more in each child that times the settlement and each check of the registry alone (a
fact shared through the context is charged to the first check that asks for it), and
the three groups' sums: settle, the procedure checks, the other checks.

Each child runs its tree as the environment says: ``HHTOOLS_PURE=1`` for both trees
pure; unset, each tree's compiled core where it has one built (``setup.py build_ext
--inplace`` in that tree).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_HANDS = Path("/tmp/bench/gen-100000-10-100")

#: what the parsing child runs: parse the hands with one tree's grammar, pickle them
PARSE = r"""
import itertools, pickle, sys
from hhtools.ingest.read import parse_path

out, limit, paths = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
read = (r.hand for r in parse_path(paths))
hands = list(itertools.islice((h for h in read if h is not None and h.site_format == "pokerstars"), limit))
with open(out, "wb") as f:
    pickle.dump(hands, f, protocol=pickle.HIGHEST_PROTOCOL)
"""

#: what each child runs: load the parsed hands, then one audit pass per line from stdin
CHILD = r"""
import gc, json, pickle, sys, time
from hhtools.audit import audit_hand
from hhtools.audit.checks import CHECKS
from hhtools.audit.context import AuditContext
from hhtools.audit.settle import settle

with open(sys.argv[1], "rb") as f:
    hands = pickle.load(f)
showdown = [h for h in hands if len(h.shows) >= 2]
quiet = [h for h in hands if len(h.shows) < 2]
for h in hands[:200]:
    audit_hand(h)
clock = time.process_time
print(json.dumps({"hands": len(hands), "showdown": len(showdown)}), flush=True)
for line in sys.stdin:
    gc.collect()
    if line.strip() == "checks":
        spent = {"settle": 0.0}
        spent.update((c.__name__, 0.0) for c in CHECKS)
        for h in hands:
            t0 = clock()
            s = settle(h)
            t1 = clock()
            spent["settle"] += t1 - t0
            ctx = AuditContext(h, s)
            for c in CHECKS:
                t0 = clock()
                for _ in c(ctx):
                    pass
                spent[c.__name__] += clock() - t0
        print(json.dumps({k: v / len(hands) * 1e6 for k, v in spent.items()}), flush=True)
        continue
    t0 = clock()
    for h in showdown:
        audit_hand(h)
    t1 = clock()
    for h in quiet:
        audit_hand(h)
    t2 = clock()
    print(json.dumps({"all": (t2 - t0) / len(hands) * 1e6,
                      "showdown": (t1 - t0) / max(len(showdown), 1) * 1e6,
                      "no showdown": (t2 - t1) / max(len(quiet), 1) * 1e6}), flush=True)
"""


def _child(tree: Path, pickled: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    return subprocess.Popen([sys.executable, "-c", CHILD, str(pickled)], cwd=tree, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)  # fmt: skip


def _ask(child: subprocess.Popen[str], what: str) -> dict[str, float]:
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write(what + "\n")
    child.stdin.flush()
    return dict(json.loads(child.stdout.readline()))


def _groups(names: dict[str, float]) -> dict[str, list[str]]:
    """The per-check times in three groups: the settlement, the procedure checks
    (``procedure_*``, the shared replay charged to the first) and the other checks."""
    procedure = [k for k in names if k.startswith("procedure_")]
    other = [k for k in names if k != "settle" and k not in procedure]
    return {"= settle": ["settle"], "= procedure checks": procedure, "= other checks": other}


def main() -> None:
    """Run both versions' passes in turn and print the least CPU per hand of each."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("before", type=Path)
    ap.add_argument("after", type=Path, nargs="?", default=ROOT)
    ap.add_argument("paths", nargs="*", default=[str(DEFAULT_HANDS)])
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--per-check", action="store_true")
    ap.add_argument("--parse-in", choices=("before", "after"), default="before",
                    help="whose grammar parses the hands (both audit the same records)")
    args = ap.parse_args()
    if not (args.after / "hhtools").is_dir():  # a PATH given without AFTER
        args.paths.insert(0, str(args.after))
        args.after = ROOT
    versions = {"before": args.before.resolve(), "after": args.after.resolve()}
    with tempfile.TemporaryDirectory() as tmp:
        pickled = Path(tmp) / "hands.pickle"
        tree = versions[args.parse_in]
        subprocess.run([sys.executable, "-c", PARSE, str(pickled), str(args.hands), *args.paths],
                       cwd=tree, env=dict(os.environ, PYTHONPATH=str(tree)), check=True)  # fmt: skip
        children = {name: _child(tree, pickled) for name, tree in versions.items()}
        _run(args, versions, children)


def _run(args: argparse.Namespace, versions: dict[str, Path],
         children: dict[str, subprocess.Popen[str]]) -> None:  # fmt: skip
    """Wait for both children to load the hands, then ask for the passes in turn."""
    for name, child in children.items():
        assert child.stdout is not None
        head = json.loads(child.stdout.readline())
        print(f"{name:6} {versions[name]}: {head['hands']:,} hands, {head['showdown']:,} "
              f"with a showdown")  # fmt: skip
    best: dict[str, dict[str, float]] = {name: {} for name in children}
    for r in range(args.rounds):
        for name, child in children.items():
            got = _ask(child, "pass")
            for k, v in got.items():
                best[name][k] = min(best[name].get(k, v), v)
            print(f"round {r + 1} {name:6} " + "  ".join(f"{k} {v:7.1f}" for k, v in got.items()),
                  flush=True)  # fmt: skip
    for name in children:
        print(f"best   {name:6} " + "  ".join(f"{k} {v:7.1f} us" for k, v in best[name].items()))
    print("ratio after/before: " + "  ".join(
        f"{k} {best['after'][k] / best['before'][k]:.3f}" for k in best["before"]))  # fmt: skip
    if args.per_check:
        per = {name: _ask(child, "checks") for name, child in children.items()}
        print(f"{'per hand, us':28} {'before':>8} {'after':>8}")
        for k in per["before"]:
            print(f"{k:28} {per['before'][k]:8.1f} {per['after'].get(k, float('nan')):8.1f}")
        for group, names in _groups(per["before"]).items():
            b, a = (sum(per[v].get(k, 0.0) for k in names) for v in ("before", "after"))
            print(f"{group:28} {b:8.1f} {a:8.1f}  ratio {a / b:.3f}")
    for child in children.values():
        assert child.stdin is not None
        child.stdin.close()
        child.wait()


if __name__ == "__main__":
    main()

"""CPU per hand of every format's parse, this tree and, beside it, an older one (not a timed test).

    .venv/bin/python benchmarks/bench_formats.py [--repeat 3] [--rounds 3] [--site KEY ...]
        [--json OUT.json] [--before-json RUN.json] [--before-tree DIR] [PATH ...]

Every file under the PATHs (default: ``../shared/corpus``, ``../shared/corpus2`` and
``tests/fixtures``) is split once, up front and not timed, as the one way from a path to
records splits it (:func:`hhtools.ingest.read.read_sources`: the format that recognises
the file, its own ``split``). Then, per format, every hand text of that format is parsed
by the registry's ``fmt.parse`` (the wrapped parse: the never-raise guard and the
after-parse checks included, as an import runs it) ``--repeat`` times over; the least
``time.process_time()`` of ``--rounds`` such runs (after one untimed pass; a format of few hands
is passed over more often, at least ``--least`` parses a run), divided by the parses made, is the
format's CPU in microseconds per hand.

For a before number, run the script with the older code first on ``PYTHONPATH``: e.g.
``/tmp/base`` made by ``git archive REV | tar -x -C /tmp/base`` plus a link
``/tmp/base/hhtools/grammars -> ../grammars``:

    PYTHONPATH=/tmp/base .venv/bin/python benchmarks/bench_formats.py --json /tmp/before.json
    .venv/bin/python benchmarks/bench_formats.py --before-json /tmp/before.json

or let the script run the two itself (``--before-tree DIR``, and ``--now-tree DIR`` for a
copy other than the installed tree on the other side): each round runs one child
with the older tree and one with this one, both at the same time, so that a machine
shared with other work loads both alike; each format keeps its least time per tree. The
table gives hands, µs/hand before and now, and now/before; rows slower by more than
``--slack`` (default 5 %) are marked ``SLOWER``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DEFAULT_PATHS = (SHARED / "corpus", SHARED / "corpus2", ROOT / "tests" / "fixtures")


def hand_texts(paths: list[Path], sites: set[str]) -> dict[str, list[object]]:
    """Every hand text under the paths, by format key (split once, as an import splits).

    Args:
        paths: files or folders.
        sites: format keys to keep (empty: every format).

    Returns:
        format key -> its hand texts (:class:`hhtools.model.records.HandText`), in file order.
    """
    from hhtools.ingest.read import read_sources
    from hhtools.model.records import Problem

    files: list[Path] = []
    for p in paths:
        if p.is_dir():
            files.extend(sorted(f for f in p.rglob("*") if f.is_file()))
        elif p.is_file():
            files.append(p)
    out: dict[str, list[object]] = {}
    for read in read_sources(files):
        if isinstance(read, Problem):
            continue
        try:
            fmt = getattr(read, "format", None)
            if fmt is None or (sites and fmt.key not in sites):
                continue
            out.setdefault(fmt.key, []).extend(read.hands())
        finally:
            read.close()
    return out


def measure(
    texts: dict[str, list[object]], repeat: int, rounds: int, least: int = 600
) -> dict[str, list[float]]:
    """Least CPU per hand of each format's ``fmt.parse``.

    Args:
        texts: format key -> hand texts.
        repeat: passes over a format's hand texts in one timed run (more for a format
            of few hands, so that a run makes at least ``least`` parses).
        rounds: timed runs; the least is kept.
        least: the fewest parses in one timed run.

    Returns:
        format key -> [hand texts, µs of CPU per hand].
    """
    from hhtools import grammars

    result: dict[str, list[float]] = {}
    for key in sorted(texts):
        parse, hands = grammars.get(key).parse, texts[key]
        passes = max(repeat, -(-least // len(hands)))
        for ht in hands:  # warm up (lazy imports, caches): not timed
            parse(ht)
        best = float("inf")
        for _ in range(rounds):
            gc.collect()
            t0 = time.process_time()
            for _ in range(passes):
                for ht in hands:
                    parse(ht)
            best = min(best, time.process_time() - t0)
        result[key] = [len(hands), best / (passes * len(hands)) * 1e6]
    return result


def table(before: dict[str, list[float]], now: dict[str, list[float]], slack: float) -> str:
    """The side-by-side table: format, hands, µs/hand before, now, now/before."""
    lines = [f"{'format':<16}{'hands':>7}{'before':>10}{'now':>10}{'now/before':>12}"]
    for key in sorted(set(before) | set(now)):
        b, n = before.get(key), now.get(key)
        hands = int((n or b or [0])[0])
        if b is None or n is None:
            lines.append(f"{key:<16}{hands:>7}{'' if b is None else f'{b[1]:.1f}':>10}"
                         f"{'' if n is None else f'{n[1]:.1f}':>10}{'':>12}")  # fmt: skip
            continue
        ratio = n[1] / b[1] if b[1] else float("inf")
        mark = "  SLOWER" if ratio > 1 + slack else ""
        if b[0] != n[0]:
            mark += f"  (hands before: {int(b[0])})"
        lines.append(f"{key:<16}{hands:>7}{b[1]:>10.1f}{n[1]:>10.1f}{ratio:>12.2f}{mark}")
    return "\n".join(lines)


def _child(tree: str | None, args: argparse.Namespace, out: str) -> subprocess.Popen[bytes]:
    """One run of this script in a child process (with ``tree`` first on the path)."""
    env = dict(os.environ)
    if tree:
        env["PYTHONPATH"] = tree
    else:
        env.pop("PYTHONPATH", None)
    cmd = [sys.executable, __file__, "--repeat", str(args.repeat), "--rounds", "1",
           "--least", str(args.least), "--json", out,
           *sum((["--site", s] for s in args.site), []), *map(str, args.paths)]
    return subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL)


def alternate(args: argparse.Namespace) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Rounds of (older tree, this tree), two child processes at once; each keeps its least time."""
    runs: dict[str, dict[str, list[float]]] = {"before": {}, "now": {}}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            trees = (("before", args.before_tree), ("now", args.now_tree))
            children = [_child(tree, args, f"{tmp}/{name}{r}.json") for name, tree in trees]
            if any(child.wait() for child in children):
                raise SystemExit("a child run failed")
            for name, _ in trees:
                rows = json.loads(Path(f"{tmp}/{name}{r}.json").read_text())["formats"]
                for key, row in rows.items():
                    old = runs[name].get(key)
                    if old is None or row[1] < old[1]:
                        runs[name][key] = row
            print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
    return runs["before"], runs["now"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", type=Path, default=list(DEFAULT_PATHS))
    ap.add_argument("--repeat", type=int, default=3, help="passes over the hands per run")
    ap.add_argument("--rounds", type=int, default=3, help="timed runs; the least is kept")
    ap.add_argument("--least", type=int, default=600, help="fewest parses in one timed run")
    ap.add_argument("--site", action="append", default=[], help="only this format key")
    ap.add_argument("--json", help="save this run's numbers here")
    ap.add_argument("--before-json", help="a saved run to print beside this one")
    ap.add_argument("--before-tree", help="an older tree to run beside this one, at the same time")
    ap.add_argument("--now-tree", help="with --before-tree: run this tree (first on the path) "
                    "as the 'now' side instead of the installed one")
    ap.add_argument("--slack", type=float, default=0.05, help="ratio over 1 + slack is SLOWER")
    args = ap.parse_args(argv)
    if args.before_tree:
        before, now = alternate(args)
    else:
        now = measure(hand_texts(args.paths, set(args.site)), args.repeat, args.rounds, args.least)
        before = {}
        if args.before_json:
            before = json.loads(Path(args.before_json).read_text())["formats"]
        from hhtools import grammars

        print(f"code: {Path(grammars.__file__).resolve().parent}", file=sys.stderr)
    if args.json:
        saved = {"formats": now, **({"before": before} if args.before_tree else {})}
        Path(args.json).write_text(json.dumps(saved, indent=1, sort_keys=True))
    if before:
        print(table(before, now, args.slack))
    else:
        for key, (hands, us) in sorted(now.items()):
            print(f"{key:<16}{int(hands):>7}{us:>10.1f} µs/hand")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Behaviour unchanged? Snapshot every reading and audit, then compare two snapshots.

    .venv/bin/python benchmarks/compare_readings.py snapshot OUT.jsonl.gz [PATH ...] [-j 2]
    .venv/bin/python benchmarks/compare_readings.py compare BEFORE.jsonl.gz AFTER.jsonl.gz

``snapshot`` parses every file under the paths (default: ``../shared/corpus``,
``../shared/corpus2``, ``sample_histories/``, ``tests/fixtures`` and, when given with
``--generated DIR``, generated hands: ``gen_pokerstars.py --hands 100000 --seed 100``)
through the one way from a path to records (:func:`hhtools.ingest.read.parse_path`),
audits every record (:func:`hhtools.audit.audit_hand`) and writes one JSON line per
result: its key (file, line, hand id), the format, the record's ``repr``, the problems
and notes, the settlement and the findings. Paths are made absolute, so that two
snapshots name a file alike wherever they ran. ``repr`` of the frozen records is their
whole value (every field, in order), so two equal lines mean two equal readings.

``compare`` prints, per format, how many results are identical, changed (record,
problems or audit apart), only before or only after, and the first few differences in
full; it exits 1 when anything differs. Nothing here is timed.
"""

from __future__ import annotations

import argparse
import difflib
import gzip
import json
import os
import sys
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DEFAULT_PATHS = (SHARED / "corpus", SHARED / "corpus2", ROOT / "sample_histories",
                 ROOT / "tests" / "fixtures")  # fmt: skip
PARTS = ("record", "problems", "settlement", "findings")


def _files(paths: list[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(f for f in p.rglob("*") if f.is_file()))
        elif p.exists():
            out.append(p)
    return out


def _repr(hand: object) -> str:
    """The record's ``repr`` without an empty ``unread_lines`` and a false
    ``newest_first`` (the last fields, added after snapshots were taken: a hand read in
    full, its lines in time order, compares equal to them)."""
    text = repr(hand).replace(", newest_first=False)", ")")
    return text.replace(", unread_lines=())", ")")


def _rows(path: str) -> list[str]:
    """Every result of one file as JSON lines (run in a worker process)."""
    from hhtools.audit import audit_hand
    from hhtools.ingest.read import parse_path

    rows = []
    for r in parse_path([path]):
        row = {"file": r.file, "line": r.line, "hand_id": r.hand_id, "format": r.site_format,
               "record": _repr(r.hand), "problems": repr((r.problems, r.notes, r.skipped))}
        if r.hand is not None:
            try:
                a = audit_hand(r.hand)
                row["settlement"], row["findings"] = repr(a.settlement), repr(a.findings)
            except Exception as exc:  # noqa: BLE001 - a raise is a behaviour to compare too
                row["settlement"] = row["findings"] = f"raised {type(exc).__name__}: {exc}"
        rows.append(json.dumps(row, sort_keys=True))
    return rows


def snapshot(out: Path, paths: list[Path], jobs: int) -> int:
    files = [str(f) for f in _files([p.resolve() for p in paths])]  # one name per file, run to run
    n = 0
    with gzip.open(out, "wt", encoding="utf-8") as fh, ProcessPoolExecutor(jobs) as pool:
        for rows in pool.map(_rows, files, chunksize=4):
            for row in rows:
                fh.write(row + "\n")
                n += 1
    print(f"{n:,} results from {len(files):,} files -> {out}")
    return 0


def _load(path: Path) -> Iterator[dict[str, str]]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            yield json.loads(line)


def _key(row: dict[str, str]) -> tuple[str, str, str]:
    return (str(row["file"]), str(row["line"]), str(row["hand_id"]))


def compare(before: Path, after: Path, show: int) -> int:
    old = {_key(r): r for r in _load(before)}
    new = {_key(r): r for r in _load(after)}
    tally: Counter[tuple[str, str]] = Counter()
    shown = 0
    for key in sorted(old.keys() | new.keys()):
        a, b = old.get(key), new.get(key)
        fmt = str((a or b or {}).get("format"))
        if a is None or b is None:
            tally[fmt, "only after" if a is None else "only before"] += 1
            continue
        diff = [p for p in PARTS if a.get(p) != b.get(p)]
        tally[fmt, "identical" if not diff else "changed " + "+".join(diff)] += 1
        if diff and shown < show:
            shown += 1
            print(f"--- {key[0]}:{key[1]} hand {key[2]} ({fmt}): {', '.join(diff)}")
            for p in diff:
                for d in difflib.ndiff([str(a.get(p))], [str(b.get(p))]):
                    if d[:1] in "+-?":
                        print("   ", d[:4000])
    formats = sorted({f for f, _ in tally})
    sys.stdout.flush()
    print(f"{'format':14} {'identical':>9}  other")
    for f in formats:
        rest = ", ".join(f"{k} {v}" for (g, k), v in sorted(tally.items()) if g == f and k != "identical")
        print(f"{f:14} {tally[f, 'identical']:9,}  {rest}")
    same = sum(v for (_, k), v in tally.items() if k == "identical")
    total = sum(tally.values())
    print(f"total: {same:,} of {total:,} identical")
    return 0 if same == total else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("snapshot")
    s.add_argument("out", type=Path)
    s.add_argument("paths", nargs="*", type=Path)
    s.add_argument("--generated", type=Path, help="a folder of generated hands to add")
    s.add_argument("-j", "--jobs", type=int, default=2)
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    c.add_argument("--show", type=int, default=5, help="differences printed in full")
    args = ap.parse_args(argv)
    if args.cmd == "snapshot" and os.environ.get("PYTHONHASHSEED") != "0":
        # a set's repr follows string hashing, random per process: fix it so that two
        # runs of the same code write the same text
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    if args.cmd == "compare":
        return compare(args.before, args.after, args.show)
    paths = list(args.paths) or [p for p in DEFAULT_PATHS if p.exists()]
    if args.generated:
        paths.append(args.generated)
    return snapshot(args.out, paths, args.jobs)


if __name__ == "__main__":
    sys.exit(main())

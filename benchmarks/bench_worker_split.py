"""The import's worker alone: its CPU per hand split by part, on the real worker function.

    .venv/bin/python benchmarks/bench_worker_split.py [--folder DIR ...] [--files K]
        [--before DIR] [--after DIR] [--tree LABEL=DIR ...] [--rounds 1] [--pure]
        [--plain] [--no-init] [--json PATH]

Each folder's plain files are cut into the pieces the importer hands its workers
(:data:`hhtools.store.importer.RANGE_BYTES` ranges cut at line starts, or a small file
whole), and :func:`hhtools.store.pipeline.process_piece` runs over each, then its
result written as a worker ships it (:func:`hhtools.store.transport.ship`, through
:func:`~hhtools.store.pipeline.run_task`, in a tree that has it: the file then removed),
and the answer pickled as the pool sends it. That runs in a fresh child process per folder
(cold: no line cache, no kept-rows database of an earlier run), with the functions it
calls wrapped so that each one's CPU (``time.process_time``, exclusive of the parts it
calls) is added to its part:

* ``read + split``: ``split_bounded`` / a whole file's ``items`` and ``lead_line``;
* ``grammar``: the format's ``parse``; ``notes``: ``sort_notes``;
* ``audit``: ``audit_hands`` (a chunk at a time), or ``audit_hand`` in an older tree;
* ``rows``: ``flatten_hand`` less ``hand digest`` (``text_digest``, SHA-1 of the text,
  or a chunk's digests in one pass, ``pipeline._digests``, where the tree has it);
* ``freeze`` (``ColumnBatch.freeze``, in a tree whose rows stage calls it), ``arrow
  tables`` (``pipeline._tables``: the batch's Arrow tables and its keys table);
* ``concat (extend)``: ``WorkResult.extend``, a piece's chunks made one;
* ``kept rows``: ``kept_rows`` (``hand_summary``, ``stat_cube``, ``report_cube``), split
  further by the parts named in :data:`KEPT_PARTS` when the tree has them (the SQL of
  5351dd5: its loading and each statement; a tree working them out another way names
  its own functions);
* ``ship (IPC write)``: the answer's Arrow tables written to a file (a tree with
  :mod:`hhtools.store.transport`);
* ``pickling (dumps)``: the :class:`~hhtools.store.pipeline.PieceResult` pickled (once
  shipped, without its tables: what the pool's pipe takes);
* ``other``: the rest of ``process_piece`` and ``process_chunk`` (their loops, the
  keys table), and the timers' own cost;
* ``(cyclic GC, within the parts)``: the garbage collector's CPU (``gc.callbacks``),
  already counted in whichever part it ran in;
* ``peak MiB``: the child's peak resident memory (``ru_maxrss``), of the timed run and
  of the ``--plain`` one (not CPU: a row of its own, not in the total).

Each child first runs what the importer's workers run first, the pool's initialiser
(:func:`hhtools.store.pipeline.start_worker`), unless ``--no-init``.

``--before DIR`` runs a second tree (a ``git archive`` copy, on ``PYTHONPATH``) in the
same rounds, interleaved with this one (or with ``--after DIR``), for a before/after in
one run, and ``--tree LABEL=DIR`` more; ``--plain`` runs
each tree once more with nothing timed by part (its total: what the timers themselves
cost, mostly counted in ``other``). ``--files K``
takes each folder's first K files (sorted by name, as the importer walks them).
Nothing here is a test; nothing asserts a time.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BENCH = Path(tempfile.gettempdir()) / "bench"

#: functions timed as parts when the tree has them: "module:function" -> part (a
#: chunk's digests in one pass, and the parts of ``kept rows``: the arrays of
#: :mod:`hhtools.store.tables.kept_arrays`)
KEPT_PARTS = {
    "hhtools.store.pipeline:_digests": "hand digest",
    "hhtools.store.tables.kept_arrays:_summary": "kept: hand_summary",
    "hhtools.store.tables.kept_arrays:_stat_cube": "kept: stat_cube",
    "hhtools.store.tables.kept_arrays:_report_cube": "kept: report_cube",
    "hhtools.store.tables.kept_arrays:_counterfeited": "kept: counterfeited",
    "hhtools.store.tables.kept_arrays:_low_possible": "kept: low_possible",
}

_CHILD = r'''
import json, os, pickle, sys, tempfile, time
from collections import defaultdict
from datetime import datetime
from pathlib import Path

clock = time.process_time
cpu = defaultdict(float)
stack = []
last = [clock()]

def push(name):
    now = clock()
    if stack:
        cpu[stack[-1]] += now - last[0]
    stack.append(name)
    last[0] = now

def pop():
    now = clock()
    cpu[stack.pop()] += now - last[0]
    last[0] = now

def wrap(fn, name):
    def timed(*args, **kwargs):
        push(name)
        try:
            return fn(*args, **kwargs)
        finally:
            pop()
    return timed

def wrap_iter(it, name):
    it = iter(it)
    while True:
        push(name)
        try:
            item = next(it)
        except StopIteration:
            pop()
            return
        pop()
        yield item

import hhtools.grammars as grammars
import hhtools.store.flatten as flatten
import hhtools.store.pipeline as pipeline
import hhtools.store.tables.kept as kept
from hhtools.ingest.hands import line_cuts
from hhtools.ingest.read import open_source
from hhtools.ingest.sources import Source
from hhtools.store.importer import RANGE_BYTES
import hhtools._core as core

folder, files = Path(sys.argv[1]), int(sys.argv[2])
parts = json.loads(sys.argv[3])
plain = sys.argv[4] == "plain"
init = sys.argv[5] == "init"

# the pieces the importer would hand out (hhtools.store.importer._piece_tasks)
paths = sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith("."))
paths = paths[:files] if files else paths
pieces = []
n = 0
for path in paths:
    st = path.stat()
    when = datetime.fromtimestamp(st.st_mtime)
    src = Source(str(path), lambda p=path: open(p, "rb"), st.st_size, when, str(path))
    if st.st_size <= RANGE_BYTES:
        pieces.append(pipeline.Piece(str(path), str(path), st.st_size, when, True, 1, n))
        n += 1 << 32
        continue
    read = open_source(src)
    key = read.format.key
    read.close()
    start, line = 0, 1
    with open(path, "rb") as raw:
        cuts = list(line_cuts(raw, RANGE_BYTES))
    for cut, cut_line in [*cuts, (None, None)]:
        pieces.append(pipeline.Piece(str(path), str(path), st.st_size, when, True, 1, n,
                                     start=start, stop=cut, line=line, exact=start == 0,
                                     site_format=key))
        n += 1 << 32
        start, line = cut, cut_line

import gc
import resource
def peak_mib():
    """The child's peak resident memory, MiB (Linux: ru_maxrss in KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
gc_cpu = [0.0, 0.0]
def gc_clock(phase, info):
    if phase == "start":
        gc_cpu[1] = clock()
    else:
        gc_cpu[0] += clock() - gc_cpu[1]
gc.callbacks.append(gc_clock)
# a tree with a transport (hhtools.store.transport) ships each answer's tables to a file
# of a folder, as the import's workers do: run_task runs it, the file is then removed
shipping = init and hasattr(pipeline, "ship")
answers = tempfile.mkdtemp(prefix="bench-worker-") if shipping else None
if init:  # what the importer's workers run first (the pool's initialiser)
    pipeline.start_worker(answers) if shipping else pipeline.start_worker()

def work(piece):
    """What a worker does with a piece: its answer (shipped: the file removed)."""
    if not shipping:
        return pipeline.process_piece(piece)
    out = pipeline.run_task((0, False, piece))[2]
    if out.work.shipped is not None:
        os.unlink(out.work.shipped.path)
    return out

shipped_hands = [0]
if shipping:  # the hands counted as they are shipped (the answer then holds none)
    real_ship = pipeline.ship
    def counted_ship(work, where):
        shipped_hands[0] += work.count
        return real_ship(work, where)
    pipeline.ship = counted_ship

def count(out):
    """The hands of an answer (shipped: counted by the ship)."""
    if out.work.shipped is None:
        return out.work.count
    got, shipped_hands[0] = shipped_hands[0], 0
    return got

if plain:  # no part timed: the whole CPU alone, without the timers' own cost
    hands = 0
    t0 = clock()
    for piece in pieces:
        out = work(piece)
        pickle.dumps(out, protocol=pickle.HIGHEST_PROTOCOL)
        hands += count(out)
    total = clock() - t0
    if answers:
        os.rmdir(answers)
    print(json.dumps({"hands": hands, "pieces": len(pieces), "total": total / hands * 1e6,
                      "parts": {}, "path": core.describe(), "peak": peak_mib()}))
    sys.exit(0)

class Timed:
    """A format whose parse is timed (other attributes its own)."""
    def __init__(self, fmt):
        self._fmt = fmt
        self.parse = wrap(fmt.parse, "grammar")
    def __getattr__(self, name):
        return getattr(self._fmt, name)

real_get = grammars.get
formats = {}
def get(key):
    if key not in formats:
        formats[key] = Timed(real_get(key))
    return formats[key]

class Grammars:
    pass
g = Grammars()
g.get = get
pipeline.grammars = g

real_split = pipeline.split_bounded
pipeline.split_bounded = lambda *a, **k: wrap_iter(real_split(*a, **k), "read + split")
pipeline.lead_line = wrap(pipeline.lead_line, "read + split")
real_open = pipeline.open_source
class TimedRead:
    def __init__(self, read):
        self._read = read
    def items(self):
        return wrap_iter(self._read.items(), "read + split")
    def __getattr__(self, name):
        return getattr(self._read, name)
pipeline.open_source = lambda src: TimedRead(real_open(src))
pipeline.sort_notes = wrap(pipeline.sort_notes, "notes")
for name in ("audit_hand", "audit_hands"):  # hand by hand, or a chunk at a time
    if hasattr(pipeline, name):
        setattr(pipeline, name, wrap(getattr(pipeline, name), "audit"))
pipeline.flatten_hand = wrap(pipeline.flatten_hand, "rows")
flatten.text_digest = wrap(flatten.text_digest, "hand digest")
pipeline.ColumnBatch.freeze = wrap(pipeline.ColumnBatch.freeze, "freeze")
pipeline._tables = wrap(pipeline._tables, "arrow tables")  # the keys table too
if hasattr(pipeline, "to_arrow"):  # a tree that froze the columns, then converted them
    pipeline.to_arrow = wrap(pipeline.to_arrow, "arrow tables")
pipeline.WorkResult.extend = wrap(pipeline.WorkResult.extend, "concat (extend)")
pipeline.kept_rows = wrap(pipeline.kept_rows, "kept rows")
if shipping:  # the answer's Arrow IPC file written (hhtools.store.transport.ship)
    pipeline.ship = wrap(pipeline.ship, "ship (IPC write)")
import importlib
for where, part in parts.items():
    module_name, name = where.split(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        continue
    if callable(getattr(module, name, None)):
        setattr(module, name, wrap(getattr(module, name), part))

# the SQL of the kept rows (5351dd5): its loading and each statement, through a proxy
if hasattr(kept, "_SELECTS") and hasattr(kept, "_connection"):
    by_sql = {sql: f"kept: {name} (SQL)" for name, sql in kept._SELECTS.items()}
    class Rel:
        def __init__(self, rel, part):
            self._rel, self._part = rel, part
        def to_arrow_table(self):
            push(self._part)
            try:
                return self._rel.to_arrow_table()
            finally:
                pop()
    class Con:
        def __init__(self, con):
            self._con = con
        def sql(self, sql):
            push(by_sql.get(sql, "kept: other SQL"))
            try:
                return Rel(self._con.sql(sql), by_sql.get(sql, "kept: other SQL"))
            finally:
                pop()
        def execute(self, sql, *a):
            part = "kept: load (SQL)" if sql.startswith("INSERT") else "kept: clear (SQL)"
            push(part)
            try:
                return self._con.execute(sql, *a)
            finally:
                pop()
        def register(self, *a):
            push("kept: load (SQL)")
            try:
                return self._con.register(*a)
            finally:
                pop()
        def unregister(self, *a):
            return self._con.unregister(*a)
    real_connection = kept._connection
    def connection():
        push("kept: connect (SQL)")
        try:
            return Con(real_connection())
        finally:
            pop()
    kept._connection = connection

hands = 0
t0 = clock()
for piece in pieces:
    push("other")
    try:
        out = work(piece)
    finally:
        pop()
    push("pickling (dumps)")
    pickle.dumps(out, protocol=pickle.HIGHEST_PROTOCOL)
    pop()
    hands += count(out)
    if out.work.shipped is None and out.work.kept is None and out.work.count:
        print("kept rows missing", file=sys.stderr)
total = clock() - t0
cpu["(cyclic GC, within the parts)"] = gc_cpu[0]
if answers:
    os.rmdir(answers)
print(json.dumps({"hands": hands, "pieces": len(pieces), "total": total / hands * 1e6,
                  "parts": {k: v / hands * 1e6 for k, v in cpu.items()},
                  "path": core.describe(), "peak": peak_mib()}))
'''


def run_child(tree: Path, folder: Path, files: int, pure: bool, plain: bool = False,
              init: bool = True) -> dict:  # fmt: skip
    """One cold run of the pieces of ``folder`` under the hhtools of ``tree`` (``plain``:
    no part timed, the total CPU alone; ``init``: the workers' initialiser run first)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "HHTOOLS_PURE": "1" if pure else "0"}
    done = subprocess.run([sys.executable, "-c", _CHILD, str(folder), str(files),
                           json.dumps(KEPT_PARTS), "plain" if plain else "parts",
                           "init" if init else "no-init"], env=env,
                          capture_output=True, text=True, cwd=tempfile.gettempdir(),
                          check=False)  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"child failed under {tree}:\n{done.stderr}")
    if done.stderr.strip():
        print(done.stderr.strip(), file=sys.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _order(parts: list[str]) -> list[str]:
    first = ["read + split", "grammar", "notes", "audit", "rows", "hand digest", "freeze",
             "arrow tables", "concat (extend)", "kept rows"]  # fmt: skip
    kept = sorted(p for p in parts if p.startswith("kept:"))
    rest = sorted(p for p in parts if p not in first and p not in kept and p[0] != "t")
    rest += [p for p in parts if p.startswith("total")]
    return [p for p in first if p in parts] + kept + rest


def main() -> None:
    """Run the benchmark and print the parts, us/hand, per tree and folder."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--folder", type=Path, action="append", default=None)
    ap.add_argument("--files", type=int, default=0, help="each folder's first K files (0: all)")
    ap.add_argument("--before", type=Path, default=None)
    ap.add_argument("--after", type=Path, default=ROOT, help="the tree after (this checkout)")
    ap.add_argument("--tree", action="append", default=[], help="LABEL=DIR: one more tree")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--pure", action="store_true", help="HHTOOLS_PURE=1 in the children")
    ap.add_argument("--plain", action="store_true",
                    help="also run each tree once with no part timed (the timers' own cost)")
    ap.add_argument("--no-init", action="store_true",
                    help="skip the workers' initialiser (pipeline.start_worker)")
    ap.add_argument("--json", type=Path, default=None, help="also write the results here")
    args = ap.parse_args()
    folders = args.folder or [BENCH / "gen-20000-2-100"]
    trees = {"after": args.after}
    if args.before:
        trees = {"before": args.before, "after": args.after}
    for more in args.tree:
        label, _, where = more.partition("=")
        trees[label] = Path(where)
    got: dict[str, dict[str, list[dict]]] = {}
    for r in range(args.rounds):
        for folder in folders:
            for label, tree in trees.items():
                res = run_child(tree, folder, args.files, args.pure, init=not args.no_init)
                res["parts"]["peak MiB (timed run)"] = res.get("peak", 0.0)
                if args.plain:
                    plain = run_child(tree, folder, args.files, args.pure, plain=True,
                                      init=not args.no_init)  # fmt: skip
                    res["parts"]["total, not timed by part"] = plain["total"]
                    res["parts"]["peak MiB (not timed)"] = plain.get("peak", 0.0)
                got.setdefault(str(folder), {}).setdefault(label, []).append(res)
                print(f"round {r + 1} {folder.name} {label}: {res['hands']} hands, "
                      f"{res['total']:.0f} us/hand ({res['path']})", flush=True)
    try:
        load = open("/proc/loadavg").read().split()[:3]
    except OSError:
        load = ["?"]
    print(f"\nload average at the end: {' '.join(load)}")
    for folder, by_tree in got.items():
        print(f"\n{folder} (us of CPU per hand, median of {args.rounds} cold runs)")
        names = _order(sorted({p for runs in by_tree.values() for r in runs for p in r["parts"]}))
        labels = list(by_tree)
        print(f"    {'part':40}" + "".join(f"{lab:>10}" for lab in labels))

        def med(values: list[float]) -> float:
            values = sorted(values)
            return values[len(values) // 2]

        for name in [*names, "total"]:
            row = []
            for lab in labels:
                runs = by_tree[lab]
                vals = [r["total"] if name == "total" else r["parts"].get(name, 0.0)
                        for r in runs]  # fmt: skip
                row.append(med(vals))
            print(f"    {name:40}" + "".join(f"{v:10.1f}" for v in row))
    if args.json:
        args.json.write_text(json.dumps(got, indent=1))


if __name__ == "__main__":
    main()

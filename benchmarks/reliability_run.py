"""The reliability run of issue 25: damage some hands, import, count what it cost.

    .venv/bin/python benchmarks/reliability_run.py [--hands 80000] [--copies 20]
        [--rate 0.3] [--seed 1] [-j 2] [--corpus DIR ...] [--keep DIR]

Intact hands come from ``gen_pokerstars.py`` (``--hands`` PokerStars hands) and from
the real histories of every other format in ``../shared/corpus`` and
``../shared/corpus2`` (each UTF-8/cp1252 file ``--copies`` times, the hand ids of each
copy changed so that they are new hands). About ``--rate`` of the hands are damaged
or given what files carry (``tests/fuzz_kit.py``: truncation, a changed byte in the
header or anywhere, a NUL, a doubled or dropped line, a hand glued to the next, a BOM
before a hand, CR-only line ends); some files are written CR-only whole, and some are
concatenated with the next file of their format (the second keeping its BOM). The
dirty files are imported, and so are their clean twins (each damaged hand replaced by
as many blank lines); then it prints:

* good hands lost, or stored differently (any row of any table; with findings apart);
* damaged hands *silent*: neither stored nor a problem on a line of their span;
* stops (the import ended early or raised) and tracebacks (``internal_error``).

Every count should be 0. A run of 100,000 hands takes a few minutes on two cores.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.append(str(ROOT))  # tests/fuzz_kit.py (appended: an installed hhtools is kept)

from tests.fuzz_kit import (  # noqa: E402
    BOM, Layout, Outcome, breaks, build, compare, layout, merged, renamed, run_import,
)

SHARED = ROOT.parent / "shared"
#: not hand histories (fpdb's expected results, the corpus' own lists)
SKIP_SUFFIXES = (".hp", ".hands", ".gt", ".tsv", ".md", ".zip", ".json", ".py")


def intact_layouts(args: argparse.Namespace, work: Path) -> tuple[list[Layout], list[Layout]]:
    """The generated PokerStars files and the corpus files, cut into hands."""
    gen = work / "generated"
    if args.hands and not any(gen.glob("*.txt")):  # a kept folder's hands are reused
        subprocess.run([sys.executable, str(args.shared / "tools" / "gen_pokerstars.py"), "--hands", str(args.hands), "--seed",
                        str(args.seed), "--out", str(gen), "--files",
                        str(max(1, args.hands // 2500))], check=True)  # fmt: skip
    generated = [lay for f in sorted(gen.glob("*.txt"))
                 if (lay := layout(f.read_bytes(), f.name)) is not None]  # fmt: skip
    corpus: list[Layout] = []
    for root in args.corpus:
        for f in sorted(Path(root).rglob("*")):
            if not f.is_file() or f.name.startswith(".") or f.suffix in SKIP_SUFFIXES:
                continue
            name = "-".join(f.relative_to(root).parts).replace(" ", "_")
            lay = layout(f.read_bytes(), f"{Path(root).name}-{name}")
            if lay is not None and lay.key != "pokerstars" and any(
                s.hand_id for s in lay.segments
            ):
                corpus.append(lay)
    return generated, corpus


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--hands", type=int, default=80_000, help="generated PokerStars hands")
    ap.add_argument("--copies", type=int, default=20, help="copies of each corpus file")
    ap.add_argument("--rate", type=float, default=0.3, help="share of hands changed")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-j", "--workers", type=int, default=2)
    ap.add_argument("--shared", type=Path, default=SHARED, help="the generator's folder's parent")
    ap.add_argument("--corpus", nargs="*", help="folders of real histories (default: "
                    "SHARED/corpus and SHARED/corpus2)")
    ap.add_argument("--keep", type=Path, help="write the files and databases here")
    ap.add_argument("--examples", type=int, default=5, help="examples printed per count")
    args = ap.parse_args()
    if args.corpus is None:
        args.corpus = [str(args.shared / "corpus"), str(args.shared / "corpus2")]
    tmp = None if args.keep else tempfile.TemporaryDirectory(prefix="reliability-")
    work = args.keep or Path(tmp.name)  # type: ignore[union-attr]
    work.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    generated, corpus = intact_layouts(args, work)
    copies: dict[str, list[Layout]] = {}
    for k in range(args.copies):
        for lay in corpus:
            copies.setdefault(lay.key, []).append(renamed(lay, k) if k else lay)
    layouts = list(generated)
    for key, lays in sorted(copies.items()):  # a file per format and ~2,000 hands
        group: list[Layout] = []
        for lay in lays:
            group.append(lay)
            if sum(1 for g in group for s in g.segments if s.hand_id) >= 2000 or lay is lays[-1]:
                layouts.append(merged(group, f"{key}-{len(layouts)}.txt"))
                group = []
    rng = random.Random(args.seed)
    dirty_dir, clean_dir = work / "dirty", work / "clean"
    dirty_dir.mkdir(exist_ok=True)
    clean_dir.mkdir(exist_ok=True)
    spans: dict[str, list[tuple[int, int, str]]] = {}
    key_of: dict[str, str] = {}
    kinds: Counter[str] = Counter()
    hands = sum(1 for lay in layouts for s in lay.segments if s.hand_id)
    held: dict[str, tuple[str, bytes, bytes, list[tuple[int, int, str]]]] = {}
    files = Counter[str]()

    def write(name: str, key: str, dirty: bytes, clean: bytes, sp: list) -> None:  # type: ignore[type-arg]
        (dirty_dir / name).write_bytes(dirty)
        (clean_dir / name).write_bytes(clean)
        spans[name], key_of[name] = sp, key

    for lay in layouts:
        built = build(lay, args.rate, rng)
        kinds.update(built.damaged)
        dirty, clean, sp = built.dirty, built.clean, built.spans
        roll = rng.random()
        if roll < 0.05:  # the whole file CR-only (as old Mac clients wrote)
            dirty = dirty.replace(b"\r\n", b"\r").replace(b"\n", b"\r")
            files["cr_only_file"] += 1
        elif roll < 0.15:  # concatenated with the next file of the format: `cat a b`
            prev = held.pop(lay.key, None)
            if prev is None:
                held[lay.key] = (lay.name, dirty, clean, sp)
                continue
            name, d0, c0, sp0 = prev
            join = b"" if d0.endswith((b"\n", b"\r")) else b"\n"
            shift = breaks(d0 + join)
            d1 = dirty if dirty.startswith(BOM) else BOM + dirty
            c1 = clean.removeprefix(BOM)
            write(f"cat-{name}", lay.key, d0 + join + d1, c0 + join + c1,
                  sp0 + [(a + shift, b + shift, k) for a, b, k in sp])  # fmt: skip
            files["concatenated"] += 1
            continue
        write(lay.name, lay.key, dirty, clean, sp)
    for key, (name, d0, c0, sp0) in held.items():
        write(name, key, d0, c0, sp0)
    t1 = time.perf_counter()
    out = Outcome()
    run_import([dirty_dir], work / "dirty.duckdb", args.workers, out)
    t2 = time.perf_counter()
    run_import([clean_dir], work / "clean.duckdb", args.workers, out)
    t3 = time.perf_counter()
    compare(work / "dirty.duckdb", work / "clean.duckdb", spans, out)
    t4 = time.perf_counter()
    damaged = sum(len(s) for s in spans.values())
    print(f"intact hands {hands:,} in {len(spans):,} files ({len(generated)} generated "
          f"PokerStars files, {len(corpus)} corpus files x {args.copies}); seed {args.seed}")
    print(f"damaged hands {damaged:,}: " + ", ".join(f"{k} {n:,}" for k, n in sorted(kinds.items())))
    print("files: " + ", ".join(f"{k} {n}" for k, n in sorted(files.items())))
    print(f"times: build {t1 - t0:.0f} s, dirty import {t2 - t1:.0f} s, clean import "
          f"{t3 - t2:.0f} s, compare {t4 - t3:.0f} s")
    print()
    print(f"good hands                  {out.good:>8,}")
    print(f"good hands lost             {len(out.lost):>8,}")
    print(f"good hands changed          {len(out.changed):>8,}  (findings differ: {out.false_findings:,})")
    print(f"damaged hands silent        {len(out.silent):>8,}")
    print(f"stops                       {len(out.stops):>8,}")
    print(f"tracebacks (internal_error) {out.tracebacks:>8,}")
    by_site = Counter(s for s, _ in out.lost)
    by_site_changed = Counter(s for s, _, _ in out.changed)
    silent_by = Counter((key_of[f], k) for f, _, _, k in out.silent)
    if by_site or by_site_changed:
        print("\nlost / changed by site: " + ", ".join(
            f"{s} {by_site[s]}/{by_site_changed[s]}" for s in sorted(set(by_site) | set(by_site_changed))))  # fmt: skip
    if silent_by:
        print("silent by format and damage: " + ", ".join(
            f"{k}:{d} {n}" for (k, d), n in sorted(silent_by.items())))  # fmt: skip
    n = args.examples
    for title, rows in (("lost", out.lost[:n]), ("changed", out.changed[:n]),
                        ("silent", out.silent[:n]), ("stops", out.stops[:n])):  # fmt: skip
        for row in rows:
            print(f"  {title}: {row}")
    if tmp is not None:
        tmp.cleanup()


if __name__ == "__main__":
    main()

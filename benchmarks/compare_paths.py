"""Do the compiled core and pure Python read every hand alike? (issue 28, item 5)

    .venv/bin/python benchmarks/compare_paths.py [PATH ...] [--generated DIR] [-j 2] [--work DIR]

Takes ``compare_readings.py``'s snapshot (every record, its problems, settlement and
findings) of ``../shared/corpus``, ``../shared/corpus2``, ``sample_histories/``,
``tests/fixtures`` and, with ``--generated``, a folder of generated hands (the issue's
run: ``gen_pokerstars.py --hands 100000 --seed 100``, as bench_speed caches it under
``/tmp/bench/gen-100000-10-100``), once with ``HHTOOLS_PURE=1`` and once on the compiled
core, then compares the two; exits 1 when anything differs or no module is compiled.
tests/test_compiled_core.py does the same on a few thousand generated hands; this is the
run too long for the test suite.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "compare_readings.py"


def _describe(pure: str) -> str:
    """``hhtools._core.describe()`` in a child under one ``HHTOOLS_PURE`` value."""
    code = "import hhtools._core as c; print(c.describe())"
    env = {**os.environ, "HHTOOLS_PURE": pure}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True)  # fmt: skip
    return done.stdout.strip()


def main() -> int:
    """Snapshot under each path, compare; the exit code of the comparison."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", type=Path, help="instead of compare_readings' defaults")
    ap.add_argument("--generated", type=Path, default=None, help="a folder of generated hands")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "compare_paths")
    args = ap.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    compiled = _describe("0")
    print(f"compiled path: {compiled}\npure path: {_describe('1')}")
    if not compiled.startswith("compiled core"):
        print("no compiled module to compare (pip install -e . builds them)")
        return 1
    extra = [] if args.generated is None else ["--generated", str(args.generated)]
    outs = {}
    for name, pure in (("pure", "1"), ("compiled", "0")):
        outs[name] = args.work / f"{name}.jsonl.gz"
        cmd = [sys.executable, str(SCRIPT), "snapshot", str(outs[name]), *map(str, args.paths),
               *extra, "-j", str(args.jobs)]  # fmt: skip
        subprocess.run(cmd, env={**os.environ, "HHTOOLS_PURE": pure}, check=True)
    cmd = [sys.executable, str(SCRIPT), "compare", str(outs["pure"]), str(outs["compiled"])]
    return subprocess.run(cmd).returncode


if __name__ == "__main__":
    sys.exit(main())

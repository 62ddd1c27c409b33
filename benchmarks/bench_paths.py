"""CPU per hand of each import stage on the compiled core and on pure Python, same run.

    .venv/bin/python benchmarks/bench_paths.py [--folder DIR] [--stage-hands 3000]
        [--rounds 3] [--without PACKAGE ...] [--import-workers N]

The stages are ``bench_speed.stages`` (read + split, grammar, audit, rows, pickling),
each measured in a child process per path, the paths interleaved round after round, and
the best of the rounds kept (CPU time of one process: the least noise on a shared
machine). The paths are set through ``HHTOOLS_PURE`` (see ``hhtools/_core.py``):
``compiled`` (``0``), ``pure`` (``1``), and for each ``--without hhtools.audit`` the
compiled core with that package run as Python: what its compiled modules save.
``--import-workers N`` also times ``hhtools import`` of the folder on each path
(``bench_speed.run_import``, audit on): hands per second.

``stages_both`` and ``imports_both`` are what ``bench_speed.py`` calls. Nothing here is a
test; nothing asserts a time.
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
#: the generated hands of the session's benchmarks (100,000 PokerStars hands, seed 100)
DEFAULT_FOLDER = Path(tempfile.gettempdir()) / "bench" / "gen-100000-10-100"

_CHILD = """
import json, sys
sys.path.insert(0, {here!r})
from pathlib import Path
import bench_speed
import hhtools._core as core
out = bench_speed.stages(Path({folder!r}), {n})
out["path"] = core.describe()
print(json.dumps(out))
"""


def paths(without: list[str] | tuple[str, ...] = ()) -> dict[str, str]:
    """Path name -> the ``HHTOOLS_PURE`` value that runs it.

    >>> paths(["hhtools.audit"])
    {'compiled': '0', 'pure': '1', 'compiled, hhtools.audit as Python': 'hhtools.audit'}
    """
    out = {"compiled": "0", "pure": "1"}
    out.update({f"compiled, {p} as Python": p for p in without})
    return out


def _stages_once(folder: Path, n: int, pure: str) -> dict[str, float | str]:
    """``bench_speed.stages`` in a child process under one ``HHTOOLS_PURE`` value."""
    code = _CHILD.format(here=str(HERE), folder=str(folder), n=n)
    env = {**os.environ, "HHTOOLS_PURE": pure}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True)  # fmt: skip
    result: dict[str, float | str] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def stages_both(
    folder: Path, n: int, rounds: int = 3, without: list[str] | tuple[str, ...] = ()
) -> dict[str, dict[str, float | str]]:
    """CPU microseconds per hand of each stage on each path, best of ``rounds``.

    Args:
        folder: a folder of PokerStars hand histories (``bench_import.generate`` makes one).
        n: hands measured (the first ``n`` of the folder).
        rounds: child processes per path, the paths interleaved.
        without: packages or modules to run as Python on an extra compiled path each.

    Returns:
        path name (``compiled``, ``pure``, ...) -> stage -> microseconds per hand (the
        least over the rounds), plus ``path``: that child's ``hhtools._core.describe()``.
    """
    runs: dict[str, list[dict[str, float | str]]] = {name: [] for name in paths(without)}
    for _ in range(rounds):
        for name, value in paths(without).items():
            runs[name].append(_stages_once(folder, n, value))
    out: dict[str, dict[str, float | str]] = {}
    for name, results in runs.items():
        best: dict[str, float | str] = {"path": str(results[0]["path"])}
        for key, value in results[0].items():
            if isinstance(value, (int, float)) and key != "hands":
                best[key] = min(float(r[key]) for r in results)
            elif key == "hands":
                best[key] = value
        out[name] = best
    return out


def imports_both(folder: Path, workers: int, rounds: int = 1) -> dict[str, dict[str, float]]:
    """``hhtools import`` of ``folder`` (audit on) on each path: the best wall seconds of
    ``rounds`` runs, hands per second, and the CPU seconds of main process and workers.

    Raises:
        SystemExit: an import failed (bench_speed.run_import).
    """
    import bench_speed  # noqa: PLC0415 - only this function needs the import machinery

    hands = sum(1 for _ in _hand_starts(folder))
    out: dict[str, dict[str, float]] = {}
    saved = os.environ.get("HHTOOLS_PURE")
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for _ in range(rounds):
                for name, value in paths().items():
                    os.environ["HHTOOLS_PURE"] = value
                    run = bench_speed.run_import(folder, Path(tmp) / "paths.duckdb", workers, True)
                    if name not in out or run["wall"] < out[name]["wall"]:
                        out[name] = {**run, "hands_per_s": hands / run["wall"]}
    finally:
        if saved is None:
            os.environ.pop("HHTOOLS_PURE", None)
        else:
            os.environ["HHTOOLS_PURE"] = saved
    return out


def _hand_starts(folder: Path):  # type: ignore[no-untyped-def]
    """One item per PokerStars hand in the folder (its header line)."""
    for path in sorted(folder.rglob("*.txt")):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PokerStars Hand #"):
                    yield line


def main() -> None:
    """Print the stages on each path and what the compiled core saves."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--folder", type=Path, default=DEFAULT_FOLDER)
    ap.add_argument("--stage-hands", type=int, default=3000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--without", action="append", default=[], help="a package run as Python")
    ap.add_argument("--import-workers", type=int, default=0)
    args = ap.parse_args()
    result = stages_both(args.folder, args.stage_hands, args.rounds, args.without)
    names = list(result)
    stages = [k for k in result["pure"] if k not in ("path", "hands", "showdown share")]
    print(f"{args.stage_hands:,} hands of {args.folder}, best of {args.rounds} rounds")
    for name in names:
        print(f"  {name}: {result[name]['path']}")
    print(f"{'us CPU per hand':26}" + "".join(f"{n[:22]:>24}" for n in names))
    for stage in stages:
        row = "".join(f"{float(result[n][stage]):24.1f}" for n in names)
        print(f"{stage:26}{row}")
    for stage in stages:
        pure, compiled = float(result["pure"][stage]), float(result["compiled"][stage])
        print(f"compiled / pure, {stage}: {compiled / pure:.2f}")
    if args.import_workers:
        for name, run in imports_both(args.folder, args.import_workers).items():
            print(f"import, {name}: {run['hands_per_s']:,.0f} hands/s, wall {run['wall']:.1f} s, "
                  f"main CPU {run['main_cpu']:.1f} s, workers {run['worker_cpu']:.1f} s")


if __name__ == "__main__":
    main()

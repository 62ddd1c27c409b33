"""Which code a benchmark's child process runs: a tree on ``PYTHONPATH`` must give both
``hhtools`` and ``hhtools.grammars`` from that tree.

The checkout keeps the grammars at its top (``grammars/``), installed as
``hhtools.grammars``. An editable install (``pip install -e .``) maps that name to its
own checkout's ``grammars/`` with a finder that ``PYTHONPATH`` does not override: a
``--before`` tree (a ``git archive`` of an older commit) run with that venv would take
its ``hhtools`` from the tree and its grammars from the venv's checkout, and the pair
would compare two mixes. :func:`ensure_tree` checks a tree and, for a tree that has no
``hhtools/grammars``, links ``hhtools/grammars`` to ``../grammars`` (the package folder
Python then finds first, as an installed copy has it).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

_PROBE = (
    "import hhtools, hhtools.grammars as g, hhtools._core as c; "
    "print(hhtools.__file__); print(g.__file__); print(c.describe())"
)


def probe(tree: Path) -> tuple[Path, Path, str]:
    """``(hhtools file, hhtools.grammars file, compiled-core description)`` as a child
    process with ``PYTHONPATH=tree`` imports them (this interpreter, run from ``/``).

    Raises ``subprocess.CalledProcessError`` when the import fails."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", _PROBE], env=env, cwd="/", check=True,
                         capture_output=True, text=True).stdout.splitlines()  # fmt: skip
    return Path(out[0]).resolve(), Path(out[1]).resolve(), out[2]


def ensure_tree(tree: Path, *, link: bool = False) -> str:
    """Make sure ``PYTHONPATH=tree`` runs ``tree``'s own ``hhtools`` and grammars; return
    the compiled-core description of that run (for the benchmark's log).

    ``link``: for a copy made to be measured (``--before``), first link
    ``tree/hhtools/grammars`` to ``../grammars`` when the tree has a top-level
    ``grammars/`` and no such link or folder (never done to a checkout: its tests walk
    ``hhtools/``). Raises ``SystemExit`` naming the folders found when either package
    comes from elsewhere or the import fails."""
    tree = Path(tree).resolve()
    target = tree / "hhtools" / "grammars"
    if link and (tree / "grammars").is_dir() and not target.exists() and not target.is_symlink():
        target.symlink_to(Path("..") / "grammars")
    try:
        package, grammars, described = probe(tree)
    except subprocess.CalledProcessError as exc:
        raise SystemExit(f"PYTHONPATH={tree} cannot import hhtools: {exc.stderr}") from exc
    if not (package.is_relative_to(tree) and grammars.is_relative_to(tree)):
        raise SystemExit(f"PYTHONPATH={tree} runs hhtools from {package.parent} and its "
                         f"grammars from {grammars.parent}, not both from {tree}")  # fmt: skip
    return described

"""The README's count of compiled modules is setup.py's ``CORE``: it said 24 (and
"Ran on: compiled core: 24 of 24 modules") while the install built and reported 28, so a
newcomer comparing the two was told something untrue."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _core() -> list[str]:
    """``CORE`` read from setup.py's source (importing setup.py would run setup())."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "CORE" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, list)
            return value
    raise AssertionError("setup.py has no CORE")


def test_readme_counts_the_compiled_modules_setup_builds() -> None:
    n = len(_core())
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert re.findall(r"compiles (\d+) hot modules", readme) == [str(n)]
    assert re.findall(r"compiled core: (\d+) of (\d+) modules", readme) == [(str(n), str(n))]

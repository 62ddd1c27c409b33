"""benchmarks/_trees.py: a tree measured with ``PYTHONPATH`` runs its own ``hhtools``
and its own grammars (an editable install maps ``hhtools.grammars`` to its checkout
whatever ``PYTHONPATH`` says, so a ``--before`` copy would run this checkout's
grammars)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks._trees import ensure_tree


def _fake_tree(root: Path) -> Path:
    """A tree laid out as the checkout: ``hhtools/`` and a top-level ``grammars/``."""
    (root / "hhtools").mkdir(parents=True)
    (root / "hhtools" / "__init__.py").write_text("")
    (root / "hhtools" / "_core.py").write_text("def describe():\n    return 'fake core'\n")
    (root / "grammars").mkdir()
    (root / "grammars" / "__init__.py").write_text("")
    return root


def test_before_copy_gets_its_own_grammars(tmp_path: Path) -> None:
    tree = _fake_tree(tmp_path / "before")
    assert ensure_tree(tree, link=True) == "fake core"
    link = tree / "hhtools" / "grammars"
    assert link.is_symlink() and link.resolve() == (tree / "grammars").resolve()
    # a second check leaves the link as it is
    assert ensure_tree(tree, link=True) == "fake core"


def test_checkout_is_never_linked_and_a_mix_is_refused(tmp_path: Path) -> None:
    tree = _fake_tree(tmp_path / "checkout")
    # without the link, hhtools.grammars comes from the installed copy or not at all
    with pytest.raises(SystemExit, match="hhtools"):
        ensure_tree(tree)
    assert not (tree / "hhtools" / "grammars").exists()

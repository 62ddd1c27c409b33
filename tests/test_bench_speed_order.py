"""benchmarks/bench_speed.py's order of imports with ``--rounds``: at a million hands
the second import of a pair ran slower whichever tree it was, so the trees take turns
at going first (before, after, after, before, ...)."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.fixture
def bench_speed(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(BENCHMARKS))  # its own imports are by file name
    return importlib.import_module("bench_speed")


def test_two_rounds_put_each_tree_first_once(bench_speed: ModuleType) -> None:
    assert bench_speed.run_order(["before", "after"], 2) == ["before", "after", "after", "before"]


def test_one_round_keeps_the_order_given(bench_speed: ModuleType) -> None:
    assert bench_speed.run_order(["before", "after"], 1) == ["before", "after"]
    assert bench_speed.run_order([""], 3) == ["", "", ""]


def test_three_rounds_alternate(bench_speed: ModuleType) -> None:
    assert bench_speed.run_order(["b", "a"], 3) == ["b", "a", "a", "b", "b", "a"]


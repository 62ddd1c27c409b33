"""The import's summary and its progress bar give one rate: hands over the seconds since
the command started the import (the bar's clock), and the summary says how much of that
the start-up took (workers, the store) and the rate once started (the importer's own
clock). They were two unlabelled rates of two clocks: a bar at 524 hands/s over a
summary's 919. The seconds here are given, not measured.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hhtools.cli.importing import _print_summary
from hhtools.store.import_state import ImportSummary


def rows(text: str) -> dict[str, str]:
    """The summary table's rows: what -> count."""
    got = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip("│ ").split("│")]
        if len(cells) == 2 and cells[1]:
            got[cells[0]] = cells[1]
    return got


def test_the_rate_is_the_bars_and_the_start_up_is_said(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 2,000 hands stored, 100 already stored: 2,100 read; 3 s to start, 4 s importing
    summary = ImportSummary(files=2, files_read=2, hands=2000, duplicates=100, seconds=4.0)
    _print_summary(summary, Path("x.duckdb"), wall=7.0)
    got = rows(capsys.readouterr().out)
    assert got["seconds, start to end"] == "7.0"
    assert got["of them, starting (workers, the store)"] == "3.0"
    assert got["hands read per second"] == "300"  # 2,100 / 7, the bar's last rate
    assert got["once started"] == "525"  # 2,100 / 4


def test_unchanged_files_count_the_new_hands_only(capsys: pytest.CaptureFixture[str]) -> None:
    summary = ImportSummary(files=3, files_unchanged=1, files_read=2, hands=900,
                            duplicates=5000, seconds=2.0)  # fmt: skip
    _print_summary(summary, Path("x.duckdb"), wall=3.0)
    got = rows(capsys.readouterr().out)
    assert (got["hands imported per second"], got["once started"]) == ("300", "450")


def test_without_the_commands_clock_the_importers_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    summary = ImportSummary(files=1, files_read=1, hands=1000, seconds=4.0)
    _print_summary(summary, Path("dataset"))  # a Dask run: its own clock only
    got = rows(capsys.readouterr().out)
    assert (got["seconds"], got["hands read per second"]) == ("4.0", "250")
    assert "once started" not in got

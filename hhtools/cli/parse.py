"""``hhtools parse``: read hand histories and show the records and problems."""

from __future__ import annotations

import dataclasses
import json
import sys
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from hhtools.cli.common import EXIT_NO_DATA, fail, plural
from hhtools.cli.importing import PathsArgument, missing_path, skipped_sentence

if TYPE_CHECKING:  # the grammars load on first use: other commands start quicker
    from hhtools.ingest.read import ParseResult

err = Console(stderr=True)


def _jsonable(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, datetime):
        return value.isoformat()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def result_to_json(result: ParseResult, text: bool = False) -> dict[str, Any]:
    """One hand's result as a JSON-ready dict (the record without its text, unless asked)."""
    hand = _jsonable(result.hand) if result.hand is not None else None
    if hand is not None and not text:
        hand.pop("text", None)
    return {
        "file": result.file,
        "line": result.line,
        "offset": result.offset,
        "site_format": result.site_format,
        "hand_id": result.hand_id,
        "skipped": result.skipped,
        "problems": [_jsonable(p) for p in result.problems],
        "notes": [_jsonable(p) for p in result.notes],
        "hand": hand,
    }


def parse_cmd(
    paths: Annotated[list[Path], PathsArgument],
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object per hand, then a summary object.")
    ] = False,
    text: Annotated[bool, typer.Option("--text", help="With --json, include each hand's text.")] = False,
    strict: Annotated[
        bool,
        typer.Option("--strict", help="Exit 1 when any problem was reported (notes are not)."),
    ] = False,
) -> None:
    """Parse hand histories: print each hand as JSON (--json), or the problems, then a summary."""
    missing = missing_path(paths)
    if missing is not None:
        fail(f"no such file or folder: {missing}")
    from hhtools.ingest.read import ParseStats, parse_path

    stats = ParseStats()
    out = sys.stdout
    for path in paths:
        for result in parse_path(path, stats):
            if as_json:
                out.write(json.dumps(result_to_json(result, text), ensure_ascii=False))
                out.write("\n")
            else:
                for p in result.problems:
                    out.write(f"{p}\n")
    summary = {
        "files": stats.files,
        "hands": stats.hands,
        "records": stats.records,
        "skipped_non_omaha": stats.skipped,
        "failed": stats.failed,
        "problems": stats.problems,
        "problem_codes": dict(stats.codes),
        "notes": stats.notes,
        "files_skipped": dict(stats.tally.skipped),
    }
    if as_json:
        out.write(json.dumps({"summary": summary}) + "\n")
    else:
        skipped = skipped_sentence(stats.tally.skipped)
        err.print(
            f"{plural(stats.files, 'file')}, {plural(stats.hands, 'hand')}: {stats.records:,} "
            f"read, {stats.skipped:,} non-Omaha skipped, {stats.failed:,} failed; "
            f"{plural(stats.problems, 'problem')}, {plural(stats.notes, 'note')}"
            f"{'; ' + skipped if skipped else ''}",
            highlight=False,
            markup=False,
        )
    none = stats.tally.why_none(see="above", paths=() if stats.files else paths)
    if none is not None:  # the paths hold no hand history: say why, exit 1
        fail(none, EXIT_NO_DATA)
    if strict and stats.problems:
        raise typer.Exit(1)


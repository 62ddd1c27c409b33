"""The one entry point from files to records: ``parse_path`` / ``parse_file``.

Each file's site is detected from its first line (by each grammar module's
``detect``); the file is then split with that grammar's ``HAND_START`` and every hand
is read by its ``parse_hand``. A file of an unknown site gives a single
``unsupported_site`` problem; an unreadable file a single ``read_error`` problem.
Nothing here raises for bad input, and everything is streamed.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from hhtools.ingest.reader import iter_hands, sniff
from hhtools.model.records import HandHistory, Problem

__all__ = [
    "ParseResult",
    "ParseStats",
    "detect_site",
    "grammar_for",
    "grammars",
    "parse_file",
    "parse_path",
]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ParseResult:
    """What one hand (or one unreadable file) gave.

    Attributes:
        hand: the record, or ``None`` (skipped, unreadable, or an unsupported file).
        problems: problems found in this hand (or file), in line order.
        file: source path.
        line: 1-based line of the hand's first line.
        offset: byte offset of the hand's first line.
        hand_id: the hand number when the header was read, else ``None``.
        site: the grammar's site key (``"pokerstars"``), ``None`` when unsupported.
        skipped: why a hand of a game outside the Omaha family was not read, else
            ``None``.
    """

    hand: HandHistory | None
    problems: tuple[Problem, ...]
    file: str
    line: int
    offset: int = 0
    hand_id: str | None = None
    site: str | None = None
    skipped: str | None = None

    @property
    def ok(self) -> bool:
        """A record with no problem."""
        return self.hand is not None and not self.problems


@dataclass(slots=True)
class ParseStats:
    """Running counts over parse results (pass one to :func:`parse_path`).

    Attributes:
        files: files read.
        hands: hands seen (records, skipped and failed).
        records: hands read into a record.
        skipped: hands of games outside the Omaha family.
        failed: hands that gave no record (and were not skipped).
        problems: problems reported.
        codes: problems by code.
    """

    files: int = 0
    hands: int = 0
    records: int = 0
    skipped: int = 0
    failed: int = 0
    problems: int = 0
    codes: Counter[str] = field(default_factory=Counter)

    def add(self, result: ParseResult) -> None:
        """Count one result."""
        if result.site is not None:
            self.hands += 1
            if result.hand is not None:
                self.records += 1
            elif result.skipped is not None:
                self.skipped += 1
            else:
                self.failed += 1
        self.problems += len(result.problems)
        self.codes.update(p.code for p in result.problems)


def grammars() -> list[ModuleType]:
    """Grammar modules of every supported site, in detection order."""
    from hhtools.grammars import pokerstars

    return [pokerstars]


def detect_site(first_line: str) -> ModuleType | None:
    """The grammar module whose ``detect`` accepts a file's first line, or ``None``."""
    return next((g for g in grammars() if g.detect(first_line)), None)


def grammar_for(site: str) -> ModuleType:
    """The grammar module of a site key (``"pokerstars"``).

    Raises:
        KeyError: no grammar has that key.
    """
    for g in grammars():
        if g.SITE == site:
            return g
    raise KeyError(site)


def parse_file(path: str | Path, stats: ParseStats | None = None) -> Iterator[ParseResult]:
    """Parse one file, one hand at a time.

    Args:
        path: a hand-history file.
        stats: counts to update as results are yielded (optional).

    Yields:
        One :class:`ParseResult` per hand, in file order; a single result with an
        ``unsupported_site`` or ``read_error`` problem when the file cannot be read.
    """
    file = str(path)
    if stats is not None:
        stats.files += 1
    try:
        first = sniff(path)
        grammar = detect_site(first)
        if grammar is None:
            what = "an empty file" if not first.strip() else f"unknown format: {first[:60]!r}"
            problem = Problem(file, 1, None, "unsupported_site", f"no grammar reads this file ({what})", first[:200])
            result = ParseResult(None, (problem,), file, 1)
            if stats is not None:
                stats.add(result)
            yield result
            return
        for ht in iter_hands(path, grammar.HAND_START):
            hand, problems, skipped = grammar.parse_hand(ht.text, ht.file, ht.line, ht.offset)
            hand_id = hand.hand_id if hand is not None else next(
                (p.hand_id for p in problems if p.hand_id), None
            )
            if hand_id is None and skipped is not None:
                hand_id = grammar.hand_id_of(ht.text)
            result = ParseResult(
                hand, tuple(problems), file, ht.line, ht.offset, hand_id, grammar.SITE, skipped
            )
            if stats is not None:
                stats.add(result)
            yield result
    except OSError as exc:
        problem = Problem(file, 1, None, "read_error", f"cannot read: {exc}")
        result = ParseResult(None, (problem,), file, 1)
        if stats is not None:
            stats.add(result)
        yield result


def iter_files(path: str | Path, suffixes: Iterable[str] = (".txt",)) -> Iterator[Path]:
    """The files under ``path`` (itself when a file), sorted; folders give only files
    with one of ``suffixes`` (case-insensitive), hidden files excluded."""
    p = Path(path)
    if not p.is_dir():
        yield p
        return
    wanted = tuple(s.lower() for s in suffixes)
    for f in sorted(p.rglob("*")):
        if f.is_file() and not f.name.startswith(".") and f.suffix.lower() in wanted:
            yield f


def parse_path(
    path: str | Path, stats: ParseStats | None = None, suffixes: Iterable[str] = (".txt",)
) -> Iterator[ParseResult]:
    """Parse a file or every hand-history file under a folder.

    Args:
        path: a file (read whatever its name) or a folder (searched recursively for
            files ending in one of ``suffixes``).
        stats: counts to update as results are yielded (optional).
        suffixes: file name endings to read inside folders.

    Yields:
        One :class:`ParseResult` per hand, file after file.
    """
    for f in iter_files(path, suffixes):
        log.debug("parsing %s", f)
        yield from parse_file(f, stats)

"""What a site format is: the one object each grammar module exposes.

A site format (:class:`SiteFormat`) declares its key and name, the games it reads,
how it recognises a file from its first bytes, how it splits a file into hand texts,
and how it parses one hand text into a record of what the site claimed plus the
problems met (:class:`ParsedHand`). The registry (:mod:`hhtools.grammars`) lists the
formats; nothing else in hhtools names a site.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import field
from typing import BinaryIO

from hhtools.model.frozen import record
from hhtools.model.habits import Habits
from hhtools.model.records import HandHistory, HandText, Problem
from hhtools.model.vocab import ProblemCode

__all__ = ["RAISE_BUGS", "Habits", "ParsedHand", "SiteFormat", "internal_error", "raise_bugs"]

#: Environment variable: set to ``1`` (the test suite does, tests/conftest.py), a bug
#: met in a grammar raises instead of becoming an ``internal_error`` problem, so that a
#: test fails on it; unset (a user's import), the hand gets the problem and the file
#: goes on.
RAISE_BUGS = "HHTOOLS_RAISE_BUGS"


def raise_bugs() -> bool:
    """Whether a grammar bug raises (:data:`RAISE_BUGS` set to ``1``)."""
    return os.environ.get(RAISE_BUGS) == "1"


@record
class ParsedHand:
    """What one hand text gave.

    Attributes:
        hand: the record, or ``None`` (skipped, or its essential parts unreadable).
        problems: problems met in the hand, in line order (a record may have some).
        skipped: why a hand of a game outside the Omaha family was not read, else
            ``None`` (then ``hand`` is ``None`` and ``problems`` holds one
            ``skipped_game`` note, which the store lists apart from problems).
        hand_id: the hand number when the header could be read, else ``None``.
    """

    hand: HandHistory | None
    problems: tuple[Problem, ...] = ()
    skipped: str | None = None
    hand_id: str | None = None


def internal_error(
    file: str, line: int, hand_id: str | None, exc: Exception, problems: Iterable[Problem] = ()
) -> ParsedHand:
    """The :class:`ParsedHand` of a hand a grammar bug stopped: no record, the problems
    met so far, and an ``internal_error`` naming the exception (every grammar's parse
    ends this way rather than raise, so one hand never stops a file).

    Args:
        file, line: where the hand starts.
        hand_id: its number when the header was read, else ``None``.
        exc: what was raised.
        problems: the problems the grammar had met before.

    Raises:
        Exception: ``exc`` itself when :data:`RAISE_BUGS` is set (tests).
    """
    if raise_bugs():
        raise exc
    stop = Problem(file, line, hand_id, ProblemCode.INTERNAL_ERROR,
                   f"parser error: {type(exc).__name__}: {exc}")  # fmt: skip
    return ParsedHand(None, (*problems, stop), None, hand_id)


@record
class SiteFormat:
    """One hand-history format a site (or a converter) writes.

    Attributes:
        key: short stable key (``"pokerstars"``), stored as ``hands.site_format``.
        name: what users call it ("PokerStars (and files written in its format)").
        games: the games it reads, in words, for ``hhtools formats``.
        recognise: ``head -> bool``: does a file starting with ``head`` (its first
            bytes, decoded: BOM dropped, UTF-8/UTF-16/cp1252) belong to this format?
        split: ``(stream, file) -> hand texts``: the hands of a file, in order, read
            from a binary stream positioned at the file's start; ``file`` is the name
            problems and records carry. Text before the first hand is yielded as a
            hand of its own so that the parser reports it.
        parse: ``hand text -> ParsedHand``; never raises for bad input.
        rooms: the poker rooms whose hands it reads (``site`` of the records).
        habits: what it writes its own way that the audit reads
            (:class:`~hhtools.model.habits.Habits`: show order, converted files);
            the registry makes them known to the audit by the format's key.
        ranges: each hand text stands alone (no file header it depends on, a hand
            starting at a header line), so a big file may be read in byte ranges,
            each split from a line start behind a copy of the file's first hand
            line (:func:`hhtools.ingest.hands.split_bounded`), by several processes
            at once; ``False`` (XML and JSON exports, whose hands read the file's
            session): the file is split from its start only.
    """

    key: str
    name: str
    games: str
    recognise: Callable[[str], bool]
    split: Callable[[BinaryIO, str], Iterator[HandText]]
    parse: Callable[[HandText], ParsedHand]
    rooms: tuple[str, ...] = field(default=())
    habits: Habits = field(default=Habits())
    ranges: bool = False

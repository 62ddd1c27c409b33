"""The site formats hhtools reads: one module each, listed here (the registry).

:data:`FORMATS` holds every :class:`~hhtools.grammars.base.SiteFormat`, in the order
files are offered to them; :func:`recognise` finds the one a file belongs to from
its first bytes. :data:`NOT_YET` names the formats of other sites by their first
lines, so that a file of a site hhtools does not read yet is reported by name
instead of as an unknown file. Adding a site: write ``grammars/<site>.py`` (or a
package) exposing ``FORMAT``, add it to :data:`FORMATS`, and drop its line from
:data:`NOT_YET` (docs/architecture.md, "Adding a site format").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from hhtools.grammars import (
    absolute,
    betfair,
    boss,
    bovada,
    cake,
    enet,
    entraction,
    everest,
    everleaf,
    fulltilt,
    ggpoker,
    globalpoker,
    igt,
    ipoker,
    kingsclub,
    merge,
    microgaming,
    ohh,
    ongame,
    partypoker,
    phh,
    pkr,
    poker888,
    pokernow,
    pokerstars,
    pokertracker,
    pppoker,
    sealswithclubs,
    winamax,
    winning,
)
from hhtools.grammars._spaces import plain_head
from hhtools.grammars._valid import check_record
from hhtools.grammars.base import ParsedHand, SiteFormat, internal_error
from hhtools.model import habits
from hhtools.model.records import HandText, Problem
from hhtools.model.vocab import UNREAD_CODES, ProblemCode

__all__ = [
    "AFTER_PARSE",
    "FORMATS",
    "HAND_ID",
    "NOT_YET",
    "ParsedHand",
    "SiteFormat",
    "check_hand_id",
    "get",
    "mark_unread",
    "not_yet",
    "recognise",
]

#: A hand id as sites write them: letters and digits, with ``-``, ``_``, ``.``, ``:``
#: and ``#`` after the first (both corpora: digits; ``R5-81867677-656``, OnGame;
#: ``9630554-604-1489827073``, Winamax; GGPoker's ``RC1234567``), at most 64 of them.
#: Markup, quotes, spaces, slashes and control characters are no site's identifier.
HAND_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:#-]{0,63}")


def check_hand_id(parsed: ParsedHand, text: HandText) -> ParsedHand:
    """A hand whose id is not a site's identifier (:data:`HAND_ID`) becomes a
    ``bad_header`` problem: not stored, the id quoted in the message, never used as one.

    Args:
        parsed: what the site format's parser gave for ``text``.
        text: the hand's text (its file and first line name the problem).

    Returns:
        ``parsed`` itself when the id is good or none was read; else no record and
        the problems met, each with no hand id, plus the ``bad_header`` problem.
    """
    hid = parsed.hand.hand_id if parsed.hand is not None else parsed.hand_id
    if hid is None or HAND_ID.fullmatch(hid):
        return parsed
    kept = tuple(p if p.hand_id is None else Problem(p.file, p.line, None, p.code,
                                                     p.message, p.excerpt)
                 for p in parsed.problems)  # fmt: skip
    bad = Problem(text.file, text.line, None, ProblemCode.BAD_HEADER,
                  f"the hand id {hid[:80]!r} is not a hand number: letters, digits and "
                  f"- _ . : # only, at most 64", text.text.split("\n", 1)[0][:200])  # fmt: skip
    return ParsedHand(None, (*kept, bad), None, None)


def mark_unread(parsed: ParsedHand) -> ParsedHand:
    """The hand with ``unread_lines`` set from its problems of
    :data:`~hhtools.model.vocab.UNREAD_CODES` (lines the grammar did not understand), so
    that it is stored *read in part* and judged only where those lines cannot matter
    (:func:`hhtools.audit.audit_hand`). The one place this is done, for every format.

    Args:
        parsed: a parse with a record (its problems are the hand's own).

    Returns:
        ``parsed`` itself when no problem is of those codes on a line (> 0); else the
        same parse whose record holds those lines, ascending and once each.
    """
    hand = parsed.hand
    lines = sorted({p.line for p in parsed.problems if p.code in UNREAD_CODES and p.line > 0})
    if hand is None or not lines:
        return parsed
    return ParsedHand(replace(hand, unread_lines=tuple(lines)), parsed.problems,
                      parsed.skipped, parsed.hand_id)  # fmt: skip


#: What every hand a site format parses goes through, in order:
#: ``(parsed, text) -> parsed``: the hand id, then the problem codes, the cards dealt
#: and the amounts (:func:`hhtools.grammars._valid.check_record`).
AFTER_PARSE = (check_hand_id, check_record)


#: a currency sign encoded twice ("€" written as UTF-8, read as cp1252 and saved as UTF-8
#: again: "â‚¬"; "£": "Â£"), as files opened and re-saved in the wrong encoding carry
_MOJIBAKE = ("\u00e2\u201a\u00ac", "\u00c2\u00a3")


def _demojibake(text: str) -> str:
    """``text`` with its twice-encoded characters read once: the whole text re-read as
    UTF-8 where it can be, else its currency signs alone.

    >>> _demojibake("Seat 1: Ann (\u00e2\u201a\u00ac5 in chips)")
    'Seat 1: Ann (€5 in chips)'
    """
    try:
        return text.encode("cp1252").decode("utf-8")
    except UnicodeError:  # some characters were never encoded twice: the signs alone
        return text.replace(_MOJIBAKE[0], "€").replace(_MOJIBAKE[1], "£")


class _Checked:
    """A format's parser followed by :data:`AFTER_PARSE` (picklable: no closure): the
    one never-raise guard every caller of a format's ``parse`` relies on. A bug met in
    either becomes the hand's ``internal_error`` problem
    (:func:`~hhtools.grammars.base.internal_error`; raised under the tests)."""

    __slots__ = ("parse",)
    #: marks a parser already wrapped (a mark, not ``isinstance``: pytest's doctests load
    #: this file a second time as the top-level ``grammars``, with a class of its own)
    after_parse = True

    def __init__(self, parse: Callable[[HandText], ParsedHand]) -> None:
        self.parse = parse

    def __call__(self, text: HandText) -> ParsedHand:
        parsed = self._parsed(text)
        if parsed.problems and any(m in text.text for m in _MOJIBAKE):
            again = HandText(_demojibake(text.text), text.file, text.line, text.offset,
                             text.encoding)  # fmt: skip
            repaired = self._parsed(again)  # kept when it reads more: a record, fewer problems
            if (repaired.hand is None, len(repaired.problems)) <= (
                    parsed.hand is None, len(parsed.problems)):  # fmt: skip
                parsed = repaired
        if parsed.problems and parsed.hand is not None:
            return mark_unread(parsed)
        return parsed

    def _parsed(self, text: HandText) -> ParsedHand:
        """The parse and :data:`AFTER_PARSE` of ``text``, or its ``internal_error``."""
        try:
            parsed = self.parse(text)
            for check in AFTER_PARSE:
                parsed = check(parsed, text)
        except Exception as exc:  # a grammar bug stops one hand, never the file
            return internal_error(text.file, text.line, self.first_line_id(text), exc)
        return parsed

    def first_line_id(self, text: HandText) -> str | None:
        """The hand id the parser reads from the hand's first line alone, else ``None``
        (for naming a hand whose parse failed; never raises)."""
        head = text.text[:4096].split("\n", 1)[0]
        first = HandText(head, text.file, text.line, text.offset, text.encoding)
        try:
            return self.parse(first).hand_id
        except Exception:  # the id is a courtesy: the problem stands without it
            return None


FORMATS: tuple[SiteFormat, ...] = (
    pokerstars.FORMAT,
    ggpoker.FORMAT,
    winamax.FORMAT,
    ipoker.FORMAT,
    poker888.FORMAT,  # before PartyPoker: both write "#Game No : N" first
    partypoker.FORMAT,
    bovada.FORMAT,
    winning.FORMAT,
    kingsclub.FORMAT,
    absolute.FORMAT,
    betfair.FORMAT,
    cake.FORMAT,
    entraction.FORMAT,
    everleaf.FORMAT,
    ongame.FORMAT,
    pkr.FORMAT,
    merge.FORMAT,
    microgaming.FORMAT,
    boss.FORMAT,
    everest.FORMAT,
    fulltilt.FORMAT,
    enet.FORMAT,
    sealswithclubs.FORMAT,
    pokertracker.FORMAT,
    pokernow.FORMAT,
    pppoker.FORMAT,
    igt.FORMAT,
    globalpoker.FORMAT,
    ohh.FORMAT,
    phh.FORMAT,
)


def _register(fmt: SiteFormat) -> None:
    """Make ``fmt.parse`` run :data:`AFTER_PARSE` on what it gives. Done once, here, on
    the module's own object (importing any grammar module runs this file first), so
    every caller gets checked hands: the registry's, and a direct ``FORMAT.parse``.
    Also makes the format's habits known to the audit (:mod:`hhtools.model.habits`)."""
    habits.register(fmt.key, fmt.habits)
    if not getattr(fmt.parse, "after_parse", False):
        object.__setattr__(fmt, "parse", _Checked(fmt.parse))  # frozen: set once, here


for _fmt in FORMATS:
    _register(_fmt)

#: Sites whose files hhtools recognises but does not read yet: (name, first lines,
#: compiled with ``re.MULTILINE``). Empty today: every site of the corpus is read; a
#: site met before its grammar is written gets a line here, so that its files are
#: reported by name.
NOT_YET: tuple[tuple[str, re.Pattern[str]], ...] = ()


def recognise(head: str) -> SiteFormat | None:
    """The site format a file starting with ``head`` belongs to, or ``None``.

    Args:
        head: the file's first bytes, decoded (:func:`hhtools.grammars._text.decode_head`).

    >>> recognise("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD) - 2020/01/01 1:00:00 ET").key
    'pokerstars'
    >>> recognise("hello") is None
    True

    The head's line ends and spacing are made plain first
    (:func:`hhtools.grammars._spaces.plain_head`): they never decide a file's format.
    """
    head = plain_head(head)
    return next((f for f in FORMATS if f.recognise(head)), None)


def not_yet(head: str) -> str | None:
    """The name of a site hhtools does not read yet whose file starts with ``head``.

    >>> not_yet("hello") is None
    True
    """
    return next((name for name, pattern in NOT_YET if pattern.search(head)), None)


def get(key: str) -> SiteFormat:
    """The site format with this key.

    Raises:
        KeyError: no format has that key.
    """
    for f in FORMATS:
        if f.key == key:
            return f
    raise KeyError(key)

"""Spacing made plain: what the sites' spaces, tabs, line ends and no-break spaces
vary in, read the one way every grammar's rules expect (the kernel's line normaliser).

Moved out of :mod:`hhtools.grammars._text` (which re-exports every public name), so
that module stays a reader and splitter: :func:`normalise` for one line,
:func:`normalised`/:func:`normalised_lines` for a hand's lines, :func:`plain_head` for
a file's head before its format is recognised, and ``_plain`` for what the splitter
matches headers and hand ends on.
"""

from __future__ import annotations

import re

__all__ = ["normalise", "normalised", "normalised_lines", "plain_head"]


def _compiled() -> bool:
    """Whether this module runs compiled (its functions are then Cython's)."""
    return type(_compiled).__name__ == "cython_function_or_method"


#: ``True`` in the compiled core (``_spaces.pxd``): :func:`normalised_lines` cuts the
#: text into its lines and strips each in one pass in C (``_c_lines``: each line end
#: found by ``memchr``, each line's text made once, already stripped), where run as
#: Python ``str.split`` and the text's searches for ``" \n"``, ``"\r"`` and ``"\t"`` are
#: quicker than a loop over the lines. The same lines either way: the searches find every
#: line that ends in a space, a tab or a ``\r``, and stripping the lines of a text they
#: find one in but that do not end so (a tab inside a line) changes nothing.
QUICK = _compiled()

#: a no-break space whose UTF-8 bytes (C2 A0) were decoded as cp1252 and the result
#: written as UTF-8 again: "3Â\u00a0023,50 $" for "3\u00a0023,50 $"
_DOUBLE_DECODED_NBSP = "\u00c2\u00a0"


def normalise(line: str) -> str:
    """One hand line as a grammar's rules read it: what the sites' spacing varies in
    made plain, so no site rule has to allow for it.

    Trailing spaces, tabs and ``\\r`` go; a no-break or narrow no-break space becomes
    a plain space; a BOM inside the text is dropped; a no-break space decoded twice
    ("Â" and a no-break space, from a file converted to UTF-8 twice) is one space. A
    line of plain ASCII costs one test and one strip (the kernel runs this on every
    line it reads: :func:`hhtools.grammars._betting.read_body`).

    >>> normalise("Seat 2: Ann ( 3\\u00c2\\u00a0023,50 $ )  \\t\\r")
    'Seat 2: Ann ( 3 023,50 $ )'
    >>> normalise("Ann\\u202fB: calls 1\\u00a0430\\ufeff")
    'Ann B: calls 1 430'
    >>> normalise("Bob: folds ")
    'Bob: folds'
    """
    if not line.isascii():
        line = _spaces_plain(line)
    return line.rstrip(" \t\r")


def _spaces_plain(text: str) -> str:
    """``text`` with U+00A0 no-break and U+202F narrow no-break spaces (written between
    the groups of an amount, "3\u00a0023,50", or between words) as plain spaces, a BOM
    dropped, and a twice-decoded no-break space as one space; the text itself when it
    holds none."""
    if _DOUBLE_DECODED_NBSP in text:
        text = text.replace(_DOUBLE_DECODED_NBSP, " ")
    if "\ufeff" in text:
        text = text.replace("\ufeff", "")
    return _same_length_plain(text)


def _same_length_plain(text: str) -> str:
    """``text`` with each (narrow) no-break space a plain space, each position kept.

    ``str.replace`` of each of the two characters only when it is there: a
    ``str.translate`` table walks every character in Python-level lookups, about 50
    times slower on a non-ASCII file block (a euro sign is enough), which made the
    splitter's cost 270 us of a PokerStars hand's 400.
    """
    if "\xa0" in text:
        text = text.replace("\xa0", " ")
    if "\u202f" in text:
        text = text.replace("\u202f", " ")
    return text


_HEAD_LINE_END = re.compile(r"[ \t]*(?:\r\n|\r|\n)")


def _plain(text: str) -> str:
    """``text`` with (narrow) no-break spaces plain, each position kept: what the
    splitter matches headers and hand ends on (a hand keeps its own bytes)."""
    return text if text.isascii() else _same_length_plain(text)


def plain_head(head: str) -> str:
    """A head as recognisers read it: each line end (after spaces, tabs) one ``\\n``,
    spaces plain as :func:`normalise` makes them: spacing never decides a format.

    >>> plain_head("Game #1: Omaha\\u00a0 \\rTable\\u202fT\\t\\r\\nSeat 1")
    'Game #1: Omaha\\nTable T\\nSeat 1'
    """
    return _HEAD_LINE_END.sub("\n", head if head.isascii() else _spaces_plain(head))


def normalised(lines: list[str]) -> list[str]:
    """:func:`normalise` of each line: a hand's header lines read by a grammar itself
    before its body (:func:`~hhtools.grammars._betting.read_body` normalises those).

    >>> normalised(["Table 'T' 6-max ", "Seat 1: A (1\\u00a0000)"])
    ["Table 'T' 6-max", 'Seat 1: A (1 000)']
    """
    return [normalise(x) for x in lines]


def normalised_lines(text: str) -> list[str]:
    """A hand's text as its lines, each as :func:`normalise` makes it: the lines
    themselves (no line read one by one) when no line ends in a space, a tab or a
    ``\\r``, the common case, else each only stripped; the spaces :func:`normalise`
    makes plain are made plain in the whole text first.

    >>> normalised_lines("Ann: folds \\r\\nBob: checks"), normalised_lines("a\\nb")
    (['Ann: folds', 'Bob: checks'], ['a', 'b'])
    >>> normalised_lines("Ann: calls 1\\u00a0430\\t")
    ['Ann: calls 1 430']
    """
    if not text.isascii():  # the spaces made plain in the whole text at once
        text = _spaces_plain(text)
    if QUICK:  # compiled: the lines cut and stripped in one pass, in C (_spaces.pxd)
        return _c_lines(text)  # type: ignore[name-defined,no-any-return]  # noqa: F821
    lines = text.split("\n")
    if "\r" in text or "\t" in text or " \n" in text or text.endswith(" "):
        return [x.rstrip(" \t\r") for x in lines]
    return lines

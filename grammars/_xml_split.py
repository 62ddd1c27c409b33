"""Cutting an XML hand-history file into one hand text per hand element, streamed.

A file is read line by line (:func:`hhtools.grammars._text.iter_lines`: BOM, UTF-16,
UTF-8 with cp1252 lines), never whole, and cut at the hand element's tags (``<game``
... ``</game>``); a hand tag (or a context element) opened before the last one
closed cuts the last one short, so the parser reports it. Elements outside the hands
that every hand needs (Merge's ``<description .../>`` before its games, Everest's
``<SESSION .../>``) are kept as the *context*: their start tag, appended to each hand's
text after :data:`MARK` (after the hand, so that line numbers inside the hand stay
those of the file). A ``</game>`` that closes no ``<game`` (a hand whose opening tag
is damaged) ends a hand text of its own, from the first text after the hand before
(bare wrapping markup such as ``</ROOT>`` or ``<ROOT>``, and plain text before a blank
line or before markup, apart), so that the grammar
reports it (``bad_header``) on its own lines instead of it vanishing without a word.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import BinaryIO

from hhtools.grammars._text import iter_lines
from hhtools.model.records import HandText

__all__ = ["MARK", "opener", "split_elements"]

#: Between a hand's element and the context elements in a hand text.
MARK = "\n<!--hhtools-context-->\n"


def opener(tag: str) -> re.Pattern[str]:
    """The start of an element ``tag`` (``<tag`` then a space, ``/`` or ``>``)."""
    return re.compile(rf"<{tag}(?=[\s/>])")


def split_elements(
    fh: BinaryIO, file: str, tag: str, context: tuple[str, ...] = ()
) -> Iterator[HandText]:
    """One hand text per ``<tag ...>...</tag>`` element of a file, streamed by lines.

    Args:
        fh: the file, a seekable binary stream at its start.
        file: the name hands and problems carry.
        tag: the hand element's name (case-sensitive: ``game``, ``Game``, ``HISTORY``).
        context: names of elements outside the hands whose start tag (the latest seen
            of each name) every hand text carries after :data:`MARK`.

    Yields:
        Each hand element's text from its ``<tag`` to its ``</tag>`` (or to where the
        next ``<tag`` or the file starts/ends: then cut short), plus the context, with
        the line and byte offset where its ``<tag`` starts and the encoding used; and
        for a ``</tag>`` that closes no hand, the text from the first character after
        the hand (or context element) before it to that ``</tag>``.
    """
    cutter = _Cutter(file, tag, context)
    for ln, used in iter_lines(fh):
        yield from cutter.feed(ln.text, ln.number, ln.offset, used)
    if cutter.hand is not None:
        yield cutter.make(cutter.hand)
    else:
        cut = cutter.cut_tag()
        if cut is not None:
            yield cut


class _Cutter:
    """The state of :func:`split_elements` between lines: the context elements seen,
    a context start tag being collected over lines, the hand being collected, text
    after the last hand that may be a hand whose opening tag is damaged (*stray*)."""

    def __init__(self, file: str, tag: str, context: tuple[str, ...]) -> None:
        self.file, self.tag, self.context = file, tag, context
        self.open_hand = opener(tag)
        self.close = f"</{tag}>"
        self.ctx_open = [(name, opener(name)) for name in context]
        self.ctx: dict[str, str] = {}
        self.collecting: tuple[str, list[str]] | None = None  # a context start tag over lines
        self.hand: list[str] | None = None
        self.start = (0, 0)
        self.encodings: set[str] = set()
        self.stray: list[str] | None = None  # text after the last hand that is not blank
        self.stray_at = (0, 0)
        self.stray_plain = False  # the stray holds only text with no markup (no "<", '="')
        self.pending: HandText | None = None  # a stray that was a hand's cut tag, to yield

    def cut_tag(self) -> HandText | None:
        """The stray text, when it is only the start of a hand's tag ("<HI" of
        "<HISTORY": a hand the file cut there), as a hand text (the grammar reports it),
        else ``None``; the stray is dropped either way."""
        stray, self.stray = self.stray, None
        got = "".join(stray).strip() if stray else ""
        if len(got) < 2 or not f"<{self.tag}".startswith(got):
            return None
        self.start = self.stray_at
        return self.make([got])

    def make(self, parts: list[str]) -> HandText:
        """A hand text of ``parts`` and the context, starting at :attr:`start`."""
        tail = "\n".join(self.ctx[n] for n in self.context if n in self.ctx)
        return HandText("\n".join(parts) + MARK + tail, self.file, self.start[0], self.start[1],
                        "/".join(sorted(self.encodings)))  # fmt: skip

    def feed(self, text: str, number: int, offset: int, used: str) -> Iterator[HandText]:
        """The hand texts one line ends (line ``number`` at byte ``offset``)."""
        pos: int | None = 0
        while pos is not None:
            skip: int | None = pos
            if self.hand is None and self.collecting is not None:
                pos = self._collect(text, pos)
                continue
            if self.hand is None:
                pos, out, skip = self._outside(text, pos, number, offset, used)
                if self.pending is not None:
                    yield self.pending
                    self.pending = None
                if out is not None:
                    yield out
                if skip is None or pos is None:
                    continue
            else:
                self.encodings.add(used)
            pos, out = self._inside(text, pos, skip or 0)
            if out is not None:
                yield out

    def _collect(self, text: str, pos: int) -> int | None:
        """A context start tag going on: to its ``>`` (``None``: not on this line)."""
        name, got = self.collecting  # type: ignore[misc]
        k = text.find(">", pos)
        if k < 0:
            got.append(text[pos:])
            return None
        got.append(text[pos : k + 1])
        self.ctx[name] = _self_closing(" ".join(got))
        self.collecting = None
        return k + 1

    def _outside(
        self, text: str, pos: int, number: int, offset: int, used: str
    ) -> tuple[int | None, HandText | None, int | None]:
        """Between hands: a context element starts, stray text goes on (a ``</tag>``
        ends it as a hand text), or a hand starts: ``(position, hand text ended, where
        to look for the next hand tag when a hand started)``."""
        m = self.open_hand.search(text, pos)
        g = m.start() if m else -1
        end = g if g >= 0 else len(text)
        hit = None
        for name, pat in self.ctx_open:
            c = pat.search(text, pos, end)
            if c and (hit is None or c.start() < hit[1]):
                hit = (name, c.start())
        if hit is not None:
            self.collecting, self.stray = (hit[0], []), None
            return hit[1], None, None
        k = text.find(self.close, pos, end)
        self._stray(text, pos, text[pos : k + len(self.close) if k >= 0 else end], number,
                    offset, used)  # fmt: skip
        if k >= 0 and self.stray is not None:  # a hand whose opening tag is damaged
            self.start = self.stray_at
            out = self.make(self.stray)
            self.stray = None
            return k + len(self.close), out, None
        if g < 0:
            return None, None, None
        cut = self.cut_tag()
        prefix = text[:g]
        self.start = (number, offset + (g if prefix.isascii() else len(prefix.encode("utf-8"))))
        self.hand, self.encodings = [], {used}
        # a second hand tag on this line cuts nothing yet: read on from past it
        return g, cut, g + len(self.tag) + 1

    def _stray(self, text: str, pos: int, part: str, number: int, offset: int, used: str) -> None:
        """Text between hands that is not blank: kept, from its first character. Bare
        markup around the hands (``</ROOT>``, ``<ROOT>``, ``<?xml ...?>``, a comment)
        starts none, and a blank line, or markup after lines of plain text, ends it
        (text around the hands, such as Microgaming's "----PRIMA.DAT----" and
        "ExtendedTableName: ..."): a hand whose opening tag is damaged starts after
        them."""
        if self.stray is not None and not text.strip():
            # a blank line: what follows it is another piece of text
            self.pending = self.cut_tag()
            return
        markup = "<" in part or '="' in part
        if self.stray is not None and self.stray_plain and markup:
            self.stray = None  # plain text lines before markup: the markup starts anew
        if self.stray is None and part.strip() and _WRAPPER.fullmatch(part.strip()) is None:
            self.stray_plain = not markup
            lead = len(part) - len(part.lstrip())
            prefix = text[: pos + lead]
            self.stray_at = (number, offset + len(prefix.encode("utf-8")))
            self.stray, self.encodings = [], {used}
            part = part[lead:]
        if self.stray is not None:
            self.stray.append(part)
            self.encodings.add(used)

    def _inside(self, text: str, pos: int, skip: int) -> tuple[int | None, HandText | None]:
        """In a hand: it ends at its ``</tag>``, or is cut short where another hand
        tag or a context element starts: ``(position, hand text ended)``."""
        hand: list[str] = self.hand  # type: ignore[assignment]
        k = text.find(self.close, pos)
        m = self.open_hand.search(text, skip, k if k >= 0 else len(text))
        cut = m.start() if m is not None else -1
        for _, pat in self.ctx_open:  # a context element also cuts a hand short
            c = pat.search(text, pos, cut if cut >= 0 else k if k >= 0 else len(text))
            cut = c.start() if c is not None else cut
        if cut > pos:
            hand.append(text[pos:cut])
        elif not (cut >= 0 and cut == pos and hand):
            if k < 0:
                hand.append(text[pos:])
                return None, None
            hand.append(text[pos : k + len(self.close)])
            cut = k + len(self.close)
        self.hand = None
        return cut, self.make(hand)


#: Markup that wraps hands and carries nothing: bare start and end tags (no attribute),
#: processing instructions, comments, one or more on a line.
_WRAPPER = re.compile(r"(?:\s*(?:</?[A-Za-z_][\w.:-]*\s*>|<\?[^>]*\?>|<!--.*?-->))+")


def _self_closing(start_tag: str) -> str:
    s = start_tag.strip()
    return s if s.endswith("/>") else s[:-1].rstrip() + "/>"

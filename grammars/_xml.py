"""What the XML site formats share: split a file into one element per hand, streamed,
and read one hand's element with lxml.

A file is read line by line (:func:`hhtools.grammars._text.iter_lines`: BOM, UTF-16,
UTF-8 with cp1252 lines), never whole, and cut at the hand element's tags (``<game``
... ``</game>``); a hand tag (or a context element) opened before the last one
closed cuts the last one short, so the parser reports it. Elements outside the hands
that every hand needs (Merge's ``<description .../>`` before its games, Everest's
``<SESSION .../>``) are kept as the *context*: their start tag, appended to each hand's
text after :data:`MARK` (after the hand, so that line numbers inside the hand stay
those of the file). A ``</game>``
that closes no ``<game`` (a hand whose opening tag is damaged) ends a hand text of its
own, from the first text after the hand before, so that the grammar reports it
(``bad_header``) instead of it vanishing without a word.

Each hand text is then read by lxml (:func:`parse_element`) with a parser that
resolves no entities and fetches nothing; a hand that is not well-formed XML raises
``lxml.etree.XMLSyntaxError``, which the grammar turns into a problem.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import BinaryIO

from lxml import etree

from hhtools.grammars._betting import _OutOfRange, _State
from hhtools.grammars._text import iter_lines
from hhtools.grammars.base import ParsedHand, internal_error
from hhtools.model.records import HandText, Problem
from hhtools.model.vocab import ProblemCode

__all__ = ["MARK", "context_attrs", "open_hand", "parse_element", "read_guarded",
           "split_elements"]  # fmt: skip

#: Between a hand's element and the context elements in a hand text.
MARK = "\n<!--hhtools-context-->\n"

_PARSER = etree.XMLParser(
    resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False, remove_comments=True
)


def _opener(tag: str) -> re.Pattern[str]:
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
    open_hand = _opener(tag)
    close_hand = f"</{tag}>"
    ctx_open = [(name, _opener(name)) for name in context]
    ctx: dict[str, str] = {}
    collecting: tuple[str, list[str]] | None = None  # a context start tag over lines
    hand: list[str] | None = None
    start = (0, 0)
    encodings: set[str] = set()
    stray: list[str] | None = None  # text after the last hand that is not blank
    stray_at = (0, 0)

    def make(parts: list[str]) -> HandText:
        tail = "\n".join(ctx[n] for n in context if n in ctx)
        return HandText("\n".join(parts) + MARK + tail, file, start[0], start[1],
                        "/".join(sorted(encodings)))  # fmt: skip

    for ln, used in iter_lines(fh):
        text = ln.text
        pos = 0
        while True:
            if hand is None:
                if collecting is not None:
                    name, got = collecting
                    k = text.find(">", pos)
                    if k < 0:
                        got.append(text[pos:])
                        break
                    got.append(text[pos : k + 1])
                    ctx[name] = _self_closing(" ".join(got))
                    collecting = None
                    pos = k + 1
                    continue
                m = open_hand.search(text, pos)
                g = m.start() if m else -1
                hit = None
                for name, pat in ctx_open:
                    c = pat.search(text, pos, g if g >= 0 else len(text))
                    if c and (hit is None or c.start() < hit[1]):
                        hit = (name, c.start())
                if hit is not None:
                    collecting, stray = (hit[0], []), None
                    pos = hit[1]
                    continue
                k = text.find(close_hand, pos, g if g >= 0 else len(text))
                part = text[pos : k + len(close_hand) if k >= 0 else g if g >= 0 else len(text)]
                if stray is None and part.strip():
                    lead = len(part) - len(part.lstrip())
                    prefix = text[: pos + lead]
                    stray_at = (ln.number, ln.offset + len(prefix.encode("utf-8")))
                    stray, encodings = [], {used}
                    part = part[lead:]
                if stray is not None:
                    stray.append(part)
                    encodings.add(used)
                if k >= 0 and stray is not None:  # a hand whose opening tag is damaged
                    start = stray_at
                    yield make(stray)
                    stray = None
                    pos = k + len(close_hand)
                    continue
                if g < 0:
                    break
                stray = None
                prefix = text[:g]
                off = ln.offset + (g if prefix.isascii() else len(prefix.encode("utf-8")))
                start = (ln.number, off)
                hand, encodings = [], {used}
                pos = g
                # a second hand tag on this line cuts nothing yet: read on from past it
                skip = g + len(tag) + 1
            else:
                skip = pos
                encodings.add(used)
            k = text.find(close_hand, pos)
            m = open_hand.search(text, skip, k if k >= 0 else len(text))
            cut = m.start() if m is not None else -1
            for _, pat in ctx_open:  # a context element also cuts a hand short
                c = pat.search(text, pos, cut if cut >= 0 else k if k >= 0 else len(text))
                cut = c.start() if c is not None else cut
            if cut > pos:
                hand.append(text[pos:cut])
                yield make(hand)
                hand = None
                pos = cut
                continue
            if cut >= 0 and cut == pos and hand:
                yield make(hand)
                hand = None
                continue
            if k < 0:
                hand.append(text[pos:])
                break
            hand.append(text[pos : k + len(close_hand)])
            yield make(hand)
            hand = None
            pos = k + len(close_hand)
    if hand is not None:
        yield make(hand)


def _self_closing(start_tag: str) -> str:
    s = start_tag.strip()
    return s if s.endswith("/>") else s[:-1].rstrip() + "/>"


def parse_element(text: str) -> etree._Element:
    """The hand element of a hand text (the part before :data:`MARK`), read by lxml.

    ``sourceline`` of each element is its 1-based line within the hand text.

    Raises:
        lxml.etree.XMLSyntaxError: the element is not well-formed XML.
    """
    body = text.partition(MARK)[0]
    return etree.fromstring(body.encode("utf-8"), _PARSER)


def context_attrs(text: str, name: str) -> dict[str, str]:
    """The attributes of the context element ``name`` of a hand text (empty when the
    file wrote none, or when it is not well-formed)."""
    tail = text.partition(MARK)[2]
    m = _opener(name).search(tail)
    if m is None:
        return {}
    end = tail.find("/>", m.start())
    if end < 0:
        return {}
    try:
        el = etree.fromstring(tail[m.start() : end + 2].encode("utf-8"), _PARSER)
    except etree.XMLSyntaxError:
        return {}
    return dict(el.attrib)


Stop = Callable[..., ParsedHand]


def read_guarded(
    ht: HandText, hand_id: str | None, read: Callable[[HandText, str | None], ParsedHand]
) -> ParsedHand:
    """``read(ht, hand_id)``, never raising for bad input: an amount or a seat out of
    range is an ``out_of_range`` problem, one that cannot be read a ``bad_amount``, and
    anything else (a bug) an ``internal_error`` (:func:`hhtools.grammars.base.internal_error`),
    so one hand never stops a file."""

    def one(code: ProblemCode, message: str) -> ParsedHand:
        return ParsedHand(None, (Problem(ht.file, ht.line, hand_id, code, message),),
                          hand_id=hand_id)  # fmt: skip

    try:
        return read(ht, hand_id)
    except _OutOfRange as exc:
        return one(ProblemCode.OUT_OF_RANGE, str(exc))
    except ValueError as exc:  # an amount, a seat or a card that cannot be read
        return one(ProblemCode.BAD_AMOUNT, f"not read: {exc}")
    except Exception as exc:  # noqa: BLE001 - a bug must not stop the import
        return internal_error(ht.file, ht.line, hand_id, exc)


def open_hand(
    ht: HandText, h: _State, tag: str, what: str, noun: str
) -> tuple[etree._Element | None, Stop, ParsedHand | None]:
    """Open one hand's element: ``(element, stop, None)``, or ``(None, stop, result)``
    when the hand cannot be read (no id: ``bad_header``; cut before ``</tag>``:
    ``truncated_hand``; not well-formed: ``bad_header`` on the line lxml names).

    Args:
        ht: the hand text (the element, then the context after :data:`MARK`).
        h: the hand's state; its ``hand_id`` is the id read from the start tag.
        tag: the hand element's tag ("game", "HISTORY"...).
        what: the element as problems name it ('a Merge <game id="..."> element').
        noun: "game" or "hand", as the site calls one.

    ``stop(code, message, line=0, skipped=None)`` adds a problem on ``line`` (the
    hand's first line when 0) and gives the :class:`ParsedHand` without a record.
    """
    body = ht.text.partition(MARK)[0]

    def stop(
        code: ProblemCode, message: str, line: int = 0, skipped: str | None = None
    ) -> ParsedHand:
        h.problem(line or ht.line, code, message, body[:80])
        return ParsedHand(None, tuple(h.problems), skipped, h.hand_id)

    if h.hand_id is None:
        return None, stop, stop(ProblemCode.BAD_HEADER, f"not {what}")
    if not body.rstrip().endswith(f"</{tag}>"):
        # on the hand's first line: what follows a cut hand (framing text, the next
        # file's context) is not the hand's, so its last line says nothing
        return None, stop, stop(ProblemCode.TRUNCATED_HAND, f"this {noun} is cut short "
                                f"before its </{tag}> tag (the file ends or another starts)")
    try:
        return parse_element(ht.text), stop, None
    except etree.XMLSyntaxError as exc:
        return None, stop, stop(ProblemCode.BAD_HEADER,
                                f"this {noun} is not well-formed XML: {exc}",
                                ht.line + (exc.lineno or 1) - 1)  # fmt: skip

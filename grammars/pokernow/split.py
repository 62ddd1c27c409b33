"""Recognising a PokerNow log and cutting it into hand texts (:mod:`hhtools.grammars.pokernow`).

A log's rows are events in the order of their ``order`` column; a download writes the
newest first. A hand's rows are one run of the file: from its start row to its end row,
and the rows after its end (in time) up to the next hand's start (shows after the end,
players joining, leaving, getting chips). Each hand text is that run in the file's
order, so its lines are the file's and no two hand texts share a line; the parser puts
the rows back in time order. One more line closes the text: :data:`NEXT`, then the next
hand's ``Player stacks`` row as the file writes it (the stacks that hand starts with,
which check this hand's reading), when the file has one.

A file's direction (newest row first, as downloaded, or oldest first) is told by the
first two rows whose ``order`` differs, again after every header row (files written
one after another). A start or end row that is missing or damaged never joins two
hands: in a newest-first file a second end row before a start row cuts the rows above
it off (the hand they belong to lost its start); in an oldest-first file the first row
after a hand's end that is no show and no table row begins a hand text of its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO, NamedTuple

from hhtools.grammars._text import Line, iter_lines
from hhtools.model.records import HandText

__all__ = ["END", "HEADER_ROW", "NEXT", "SESSION", "STACKS", "START", "recognise", "split"]

#: the first row of every log
HEADER_ROW = "entry,at,order"
#: how a hand's start row, its end row and its stacks row begin
START, END, STACKS = "-- starting hand #", "-- ending hand #", "Player stacks:"
#: what the line added after a hand's own rows starts with (then the next hand's stacks row)
NEXT = "next hand: "
#: rows of the table's that carry no chips (between hands, or during one)
SESSION = ("The player ", "The admin ", "The game", "The host ", "IMPORTANT:", "WARNING:",
           "Remaining players ", "All players ", "Dead Small Blind", "Undealt cards")  # fmt: skip
_OTHER, _IS_START, _IS_END, _IS_STACKS, _BLANK, _HEADER, _TAIL = range(7)


#: what a log's first rows show of it, besides its header row: a hand's start, end or
#: stacks row, or a player's post, call, check or fold (a download begins with the
#: newest rows, perhaps of a long hand still being played), or a table's row
_MARKS = (START, END, STACKS, '"" posts a', '"" calls ', '"" checks', '"" folds',
          'The player ""', "The admin ")  # fmt: skip


def recognise(head: str) -> bool:
    """Whether a file starting with ``head`` is a PokerNow log: the header row
    ``entry,at,order`` first, then a row only a log writes (:data:`_MARKS`).

    >>> recognise('entry,at,order\\n"-- ending hand #3 --",2024-03-01T19:04:40.016Z,1')
    True
    >>> recognise("entry,at,order\\nhello,2024-03-01T19:04:40.016Z,1")
    False
    """
    return head.lstrip().startswith(HEADER_ROW) and any(mark in head for mark in _MARKS)


class _Raw(NamedTuple):
    """A file line as the splitter sees it: the decoded line, how it was decoded, its
    kind and its ``order`` (``None``: not a row of a log)."""

    line: Line
    encoding: str
    kind: int
    order: int | None


def _classify(ln: Line, used: str) -> _Raw:
    text = ln.text
    if not text.strip():
        return _Raw(ln, used, _BLANK, None)
    if text.strip() == HEADER_ROW:
        return _Raw(ln, used, _HEADER, None)
    entry = text[1:] if text.startswith('"') else text
    if entry.startswith(START):
        kind = _IS_START
    elif entry.startswith(END):
        kind = _IS_END
    elif entry.startswith(STACKS):
        kind = _IS_STACKS
    elif entry.startswith(SESSION) or '" shows a ' in entry:
        kind = _TAIL  # may follow a hand's end row (shows after the end, table rows)
    else:
        kind = _OTHER
    tail = text.rpartition(",")[2].strip()
    order = int(tail) if tail.isdigit() and len(tail) < 25 else None
    if order is None and kind == _TAIL:  # a damaged row is no hand's tail
        kind = _OTHER
    return _Raw(ln, used, kind, order)


def _hand_text(block: list[_Raw], file: str, after: _Raw | None = None) -> HandText:
    while block and block[-1].kind == _BLANK:
        block = block[:-1]
    first = block[0].line
    encoding = "/".join(sorted({r.encoding for r in block}))
    text = "\n".join(r.line.text for r in block)
    if after is not None:
        text += "\n" + NEXT + after.line.text
    return HandText(text, file, first.number, first.offset, encoding)


def _worth(rows: list[_Raw]) -> bool:
    """Rows outside every hand that the parser must see (a hand's rows whose start
    row is missing, a line that is no row); the table's rows before the session's
    first hand (joins, approvals) are no hand and are not given."""
    return any(r.kind not in (_TAIL, _BLANK, _HEADER) for r in rows)


def _lead(block: list[_Raw]) -> int:
    """In a newest-first block, where the rows of the hand begin: its end row and the
    table's rows and shows just above it; the hand rows above those (a hand whose
    start and end rows are both missing) are no part of it."""
    end = next((i for i, r in enumerate(block) if r.kind == _IS_END), None)
    if end is None:
        return 0
    k = end
    while k and block[k - 1].kind in (_TAIL, _BLANK):
        k -= 1
    return k if _worth(block[:k]) else 0


class _Rows:
    """The file's rows with one pushed back, the header rows told apart."""

    def __init__(self, rows: Iterator[_Raw]) -> None:
        self._rows = rows
        self._back: list[_Raw] = []

    def next(self) -> _Raw | None:
        if self._back:
            return self._back.pop()
        return next(self._rows, None)

    def push(self, row: _Raw) -> None:
        self._back.append(row)


def split(fh: BinaryIO, file: str) -> Iterator[HandText]:
    """The hand texts of a PokerNow log, in file order (see the module docstring).

    Args:
        fh: the file, a seekable binary stream at its start.
        file: the name hand texts carry.

    Yields:
        One hand text per hand (and one for rows outside every hand that must be
        reported: an end row whose start is missing, a line that is no row).

    Raises:
        OSError: the file cannot be read.
    """
    rows = _Rows(_classify(ln, used) for ln, used in iter_lines(fh))
    while True:
        row = rows.next()
        if row is None:
            return
        if row.kind in (_HEADER, _BLANK):
            continue
        peeked = [row]
        orders = [row.order] if row.order is not None else []
        while len(orders) < 2 and len(peeked) < 64:
            r = rows.next()
            if r is None or r.kind == _HEADER:
                if r is not None:
                    rows.push(r)
                break
            peeked.append(r)
            if r.order is not None and (not orders or r.order != orders[0]):
                orders.append(r.order)
        for r in reversed(peeked):
            rows.push(r)
        if len(orders) < 2 or orders[1] < orders[0]:
            yield from _newest_first(rows, file)
        else:
            yield from _oldest_first(rows, file)


def _newest_first(rows: _Rows, file: str) -> Iterator[HandText]:
    """A download's hands, up to the next header row: each ends at its start row, the
    stacks row written just before it closing the hand text after it."""
    block: list[_Raw] = []
    ended = False  # the block holds an end row
    stacks: _Raw | None = None  # the stacks row of the hand cut last
    while (r := rows.next()) is not None and r.kind != _HEADER:
        if r.kind == _BLANK and not block:
            continue
        if r.kind == _IS_END and ended:  # the hand above lost its start row
            k = len(block)
            while k and block[k - 1].kind in (_TAIL, _BLANK):
                k -= 1
            yield _hand_text(block[:k], file)
            block, stacks = block[k:], None
        block.append(r)
        ended = ended or r.kind == _IS_END
        if r.kind == _IS_START:
            k = _lead(block)
            if k:
                yield _hand_text(block[:k], file)
                block, stacks = block[k:], None
            yield _hand_text(block, file, stacks)
            own = [x for x in block if x.kind != _BLANK]
            stacks = own[-2] if len(own) > 1 and own[-2].kind == _IS_STACKS else None
            block, ended = [], False
    if r is not None:
        rows.push(r)
    if _worth(block):
        yield _hand_text(block, file, stacks)


def _oldest_first(rows: _Rows, file: str) -> Iterator[HandText]:
    """A log written oldest row first, up to the next header row: each hand from its
    start row to the row before the next start, the next hand's stacks row closing its
    hand text."""
    block: list[_Raw] = []
    started = ended = False
    waiting: list[_Raw] | None = None  # a hand that waits for the next stacks row
    while (r := rows.next()) is not None and r.kind != _HEADER:
        if waiting is not None and r.kind != _BLANK:
            yield _hand_text(waiting, file, r if r.kind == _IS_STACKS else None)
            waiting = None
        if r.kind == _IS_START:
            if started:
                waiting = block
            elif _worth(block):
                yield _hand_text(block, file)
            block, started, ended = [r], True, False
            continue
        if ended and r.kind not in (_TAIL, _BLANK):  # rows of a hand whose start is missing
            yield _hand_text(block, file)
            block, started, ended = [], False, False
        if block or r.kind != _BLANK:
            block.append(r)
        ended = ended or r.kind == _IS_END
    if r is not None:
        rows.push(r)
    if waiting is not None:
        yield _hand_text(waiting, file)
    if block and (started or _worth(block)):
        yield _hand_text(block, file)

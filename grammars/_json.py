"""What the JSON site formats share: a file cut into one object per hand, streamed, and
one hand's object read into the structured formats' hand (:class:`JsonHand`, the XML
kernel's :class:`~hhtools.grammars._xml.XmlHand`) and its record.

A JSON file is read line by line (:func:`~hhtools.grammars._text.iter_lines`: BOM,
UTF-16, UTF-8 with cp1252 lines), never whole. A JSON string holds no raw line break,
so each line is cut into tokens on its own (:data:`_TOKEN`: strings whole, then the
brackets and colons), and the depth of the objects and arrays carries over from line
to line. The hands are the objects

* in the array a format names by key (``{"history": [{hand}, {hand}]}``: IGT), or
* at the top of the file: one object, an array of them, or several objects one after
  another (one per line: JSON lines), when the format names no key (Global Poker).

Each hand text is the object's text, with the file line and byte offset of its ``{``;
an object cut short by the end of the file is still a hand text (the parser reports it
``truncated_hand``), and text that is no JSON between hands is a hand text of its own
(reported ``bad_header``), so nothing in a file goes unreported.

Amounts are kept as the text the file writes (``json.loads`` with ``parse_float`` and
``parse_int`` as ``str``), so that :func:`~hhtools.model.money.parse_money` reads them
into minor units without a float in between. Problems of a part of a hand name the line
where that part's object starts in the file (:meth:`JsonHand.at`): a pretty-printed
file gives each action its own line, a file on one line gives every part line 1.
"""

from __future__ import annotations

import json
import re
from collections import deque
from decimal import ROUND_HALF_EVEN, Decimal
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, TypeVar

from hhtools.grammars._text import Line, iter_lines
from hhtools.grammars._xml import Stop, XmlHand, read_guarded
from hhtools.grammars.base import ParsedHand, SiteFormat
from hhtools.model.money import Unit
from hhtools.model.records import HandText
from hhtools.model.vocab import ProblemCode

__all__ = ["JsonHand", "Path", "element_lines", "head_paths", "json_format", "json_reader",
           "split_json", "unknown_keys"]  # fmt: skip

#: a JSON string (whole: a string never spans lines), or a bracket, or a colon
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[{}\[\]:]')
#: a number with more decimals than any amount has (a float printed with its noise)
_NOISY = re.compile(r"-?\d+\.\d{4,}")
#: a path to a part of a hand: keys of objects and indices of arrays (among the
#: array's objects and arrays), from the hand's object
Path = tuple[str | int, ...]


def _key(token: str) -> str:
    """A string token's text (escapes decoded when it has any)."""
    if "\\" not in token:
        return token[1:-1]
    try:
        return str(json.loads(token))
    except ValueError:
        return token[1:-1]


class _Walk:
    """The containers open at a point of a JSON text: ``[kind, path, children]`` each,
    ``kind`` ``{`` or ``[``, ``path`` the container's :data:`Path`, ``children`` how
    many objects and arrays it holds so far; and the key last read in an object."""

    def __init__(self) -> None:
        self.stack: list[list[Any]] = []
        self.key: str | None = None
        self.last_string: str | None = None

    def step(self, token: str) -> tuple[str, Path] | None:
        """Read one token: ``("open", path)`` or ``("close", path)`` for a container,
        else ``None`` (a key, a string value, a colon)."""
        if token[0] == '"':
            self.last_string = token
            return None
        if token == ":":
            if self.last_string is not None and self.stack and self.stack[-1][0] == "{":
                self.key = _key(self.last_string)
            self.last_string = None
            return None
        self.last_string = None
        if token in "{[":
            if self.stack:
                parent = self.stack[-1]
                name: str | int = (self.key or "") if parent[0] == "{" else parent[2]
                parent[2] += 1
                path: Path = (*parent[1], name)
            else:
                path = ()
            self.stack.append([token, path, 0])
            self.key = None
            return "open", path
        if not self.stack or self.stack[-1][0] != ("{" if token == "}" else "["):
            return None  # a bracket that closes nothing open: damaged text, passed over
        closed = self.stack.pop()
        self.key = None
        return "close", closed[1]


def element_lines(text: str, first: int) -> dict[Path, int]:
    """The file line where each object and array of a hand text starts, by its path
    from the hand's object (keys, and indices among an array's objects and arrays).

    Args:
        text: the hand's text (its object).
        first: the file line of the text's first line.

    >>> lines = element_lines('{"a": [\\n {"b": 1},\\n {"c": {}}]}', 10)
    >>> lines[()], lines[("a", 0)], lines[("a", 1)], lines[("a", 1, "c")]
    (10, 11, 12, 12)
    """
    walk = _Walk()
    out: dict[Path, int] = {}
    for i, ln in enumerate(text.split("\n")):
        for m in _TOKEN.finditer(ln):
            ev = walk.step(m.group())
            if ev is not None and ev[0] == "open":
                out.setdefault(ev[1], first + i)
    return out


def head_paths(head: str) -> set[tuple[str, ...]]:
    """The key paths of a file's first bytes, parsed as a prefix of JSON: each key with
    the keys of the objects it is in (arrays left out), for recognising a format by
    its keys ("parsed-prefix keys check"); empty when the head does not start as JSON.

    >>> sorted(head_paths('\\ufeff{"history": [{"player": [{"name": "A"'))
    [('history',), ('history', 'player'), ('history', 'player', 'name')]
    >>> head_paths("PokerStars Hand #1")
    set()
    """
    text = head.lstrip("\ufeff \t\r\n")
    if not text.startswith(("{", "[")):
        return set()
    walk = _Walk()
    seen: set[tuple[str, ...]] = set()
    for m in _TOKEN.finditer(text):
        token = m.group()
        walk.step(token)
        if token == ":" and walk.key is not None and walk.stack:
            parent = tuple(p for p in walk.stack[-1][1] if isinstance(p, str))
            seen.add((*parent, walk.key))
    return seen


def split_json(
    fh: BinaryIO, file: str, hands_key: str | None, start: re.Pattern[str] | None = None
) -> Iterator[HandText]:
    """One hand text per hand object of a JSON file, streamed by lines.

    Args:
        fh: the file, a seekable binary stream at its start.
        file: the name hands and problems carry.
        hands_key: the key of the array that holds the hands in the file's top object
            (or in each object of a top-level array); ``None``: the hands are the
            top-level objects (one, an array of them, or one after another).
        start: how a hand's object starts on its line (``{"player": [``), when the
            format knows: such an object met where no hand can start (inside a hand
            the file cut short, or after damage that lost the depth) starts a hand
            there, so that a damaged hand never swallows the good one after it. A
            ``{`` that ends its line (a pretty-printed file's) is matched with the
            next lines (:data:`_AHEAD`) after it, a line break between each.

    Yields:
        Each hand object's text with the file line and byte offset of its ``{`` and
        the encoding used; an object the file ends inside (cut short); and text
        outside every hand that is not JSON punctuation or blank, as a hand text of
        its own (from its first character to the end of its line).
    """
    walk = _Walk()
    hand: list[str] | None = None
    depth = 0  # the depth of the hand's object while one is open
    start_at = (0, 0)
    used_in: set[str] = set()
    for ln, used, ahead in _with_ahead(iter_lines(fh)):
        text = ln.text
        seg = 0  # where the open hand's text on this line starts
        pos = 0  # where the text not yet looked at starts
        if hand is not None:
            used_in.add(used)
        for m in _TOKEN.finditer(text):
            if hand is None and not walk.stack and _stray(text[pos : m.start()]):
                break  # text outside every value: reported below, from its start
            pos = m.end()
            if m.group() == "{" and start is not None and _starts(start, text, m.start(), ahead):
                if hand is not None and len(walk.stack) >= depth:  # the open hand is cut
                    hand.append(text[seg : m.start()])
                    yield HandText("\n".join(hand), file, start_at[0], start_at[1],
                                   "/".join(sorted(used_in)))  # fmt: skip
                    hand = None
                if hand is None:
                    _resync(walk, hands_key)
            ev = walk.step(m.group())
            if ev is None:
                if hand is None and not walk.stack and m.group()[0] == '"':
                    pos = m.start()
                    break  # a string outside every value
                continue
            kind, path = ev
            if kind == "open" and hand is None and m.group() == "{" and _is_hand(path, hands_key):
                hand, depth, seg, used_in = [], len(walk.stack), m.start(), {used}
                start_at = (ln.number, ln.offset + len(text[: m.start()].encode("utf-8")))
            elif kind == "close" and hand is not None and len(walk.stack) < depth:
                hand.append(text[seg : m.end()])
                yield HandText("\n".join(hand), file, start_at[0], start_at[1], "/".join(sorted(used_in)))
                hand = None
        else:
            pos = len(text) if hand is not None or walk.stack or not _stray(text[pos:]) else pos
        if hand is not None:
            hand.append(text[seg:])
        elif pos < len(text) and not walk.stack and _stray(text[pos:]):
            at = pos + len(text[pos:]) - len(text[pos:].lstrip(" \t,"))
            yield HandText(text[at:].rstrip(), file, ln.number,
                           ln.offset + len(text[:at].encode("utf-8")), used)  # fmt: skip
    if hand is not None:
        yield HandText("\n".join(hand), file, start_at[0], start_at[1], "/".join(sorted(used_in)))


#: lines after a ``{`` that ends its line matched with it against a format's start
_AHEAD = 3


def _with_ahead(lines: Iterator[tuple[Line, str]]) -> Iterator[tuple[Line, str, list[str]]]:
    """Each line and its encoding, with the texts of the (up to) :data:`_AHEAD` lines
    after it."""
    buf: deque[tuple[Line, str]] = deque()
    for item in lines:
        buf.append(item)
        if len(buf) > _AHEAD:
            ln, used = buf.popleft()
            yield ln, used, [x.text for x, _ in buf]
    while buf:
        ln, used = buf.popleft()
        yield ln, used, [x.text for x, _ in buf]


def _starts(start: re.Pattern[str], text: str, at: int, ahead: list[str]) -> bool:
    """Whether a hand's object starts at the ``{`` at ``at`` of ``text``: ``start``
    matches there, or, the ``{`` ending its line, matches it and the lines ``ahead``."""
    if start.match(text, at) is not None:
        return True
    if not ahead or text[at + 1 :].strip():
        return False
    return start.match("\n".join(["{", *ahead])) is not None


def _resync(walk: _Walk, hands_key: str | None) -> None:
    """Set the open containers to where hands are (the top, or the array of
    ``hands_key`` in the top object), keeping the count of hands seen."""
    if hands_key is None:
        walk.stack = walk.stack[:1] if walk.stack and walk.stack[0][0] == "[" else []
        return
    top = walk.stack[0] if walk.stack and walk.stack[0][0] == "{" else ["{", (), 1]
    inner = (walk.stack[1] if len(walk.stack) > 1 and walk.stack[1][1] == (hands_key,)
             else ["[", (hands_key,), 0])  # fmt: skip
    walk.stack = [top, inner]
    walk.key = None


def _stray(between: str) -> bool:
    """Whether text outside every JSON value holds more than blanks and commas."""
    return bool(between.strip(" \t\r\n,"))


def _is_hand(path: Path, hands_key: str | None) -> bool:
    """Whether an object opened at ``path`` (from the top value) is a hand."""
    if hands_key is None:
        return path == () or (len(path) == 1 and isinstance(path[0], int))
    return (len(path) == 2 and path[0] == hands_key and isinstance(path[1], int)) or (
        len(path) == 3 and isinstance(path[0], int) and path[1] == hands_key)


def unknown_keys(part: dict[str, Any], known: frozenset[str]) -> list[str]:
    """The keys of a part of a hand a format does not read (for a problem: a key that
    may carry chips is never passed over silently)."""
    return [k for k in part if k not in known]


class JsonHand(XmlHand):
    """A hand of a JSON format being read: the structured formats' hand (players named
    by an attribute, returns, cards dealt twice, the button and blinds the site leaves
    out, the record: :class:`~hhtools.grammars._xml.XmlHand`) with the lines of the
    hand's parts (:func:`element_lines`), found when a problem or an action needs one.

    Amounts are minor units (cents, or chips in tournaments).
    """

    _lines: dict[Path, int] | None = None

    def money(self, text: str) -> int:
        """An amount as the file writes it, in minor units: a JSON number, or a string
        holding one. A number a float printed with its binary noise
        ("0.30000000000000004", "2.1799999999999997": what a JavaScript serialiser
        writes for a sum) is read at the hand's unit, cents or chips, when the noise is
        below a millionth of it; any other amount as :meth:`_State.money` reads it.

        >>> h = JsonHand(HandText("{}", "x", 1, 0, "utf-8"), "s", "1")
        >>> h.money("0.30000000000000004"), h.money("2.1799999999999997"), h.money("19.7")
        (30, 218, 1970)
        """
        m = _NOISY.fullmatch(text)
        if m is not None:
            places = 2 if self.unit is Unit.CENTS else 0
            exact = Decimal(text)
            near = exact.quantize(Decimal(1).scaleb(-places), ROUND_HALF_EVEN)
            if abs(exact - near) * 10**places < Decimal("0.000001"):
                text = str(near)
        return super().money(text)

    def at(self, path: Any) -> int:
        """The file line where the part of the hand at ``path`` starts (the hand's own
        line when there is no such part)."""
        if self._lines is None:
            self._lines = element_lines(self.ht.text, self.ht.line)
        return self._lines.get(tuple(path), self.ht.line)


H = TypeVar("H", bound=JsonHand)


def json_reader(
    site: str, hand_id: Callable[[Any], str | None], noun: str,
    read: Callable[[H, dict[str, Any], Stop], ParsedHand],
    hand: type[H] = JsonHand,  # type: ignore[assignment]
) -> Callable[[HandText], ParsedHand]:  # fmt: skip
    """A JSON site format's ``parse``: the hand text read as JSON (amounts kept as
    text), its id taken by ``hand_id(object)``, and ``read(hand, object, stop)`` run on
    a new :class:`JsonHand` (or the site's subclass ``hand``), guarded
    (:func:`~hhtools.grammars._xml.read_guarded`: an amount out of range or unreadable,
    a bug: a problem, never a raise).

    A text that is not a JSON object gives no record: ``truncated_hand`` when it is an
    object cut short (the file ends inside it), else ``bad_header`` on the line where
    the JSON goes wrong; an object with no id gives ``bad_header`` too.

    ``stop(code, message, line=0, skipped=None)`` adds a problem on ``line`` (the
    hand's first line when 0) and gives the :class:`ParsedHand` without a record.
    """

    def run(ht: HandText, hid: str | None, obj: Any) -> ParsedHand:
        h = hand(ht, site, hid)

        def stop(code: ProblemCode, message: str, line: int = 0,
                 skipped: str | None = None) -> ParsedHand:  # fmt: skip
            h.problem(line or ht.line, code, message, ht.text[:80])
            return ParsedHand(None, tuple(h.problems), skipped, h.hand_id)

        if obj is None:
            return stop(ProblemCode.BAD_HEADER, f"not a {noun} object")
        if hid is None:
            return stop(ProblemCode.BAD_HEADER, f"a {noun} object with no id")
        return read(h, obj, stop)

    def parse(ht: HandText) -> ParsedHand:
        obj, failed = _load(ht, noun)
        if failed is not None:
            return failed
        try:
            hid = hand_id(obj)
        except (KeyError, TypeError, AttributeError):
            hid = None
        hid = hid if isinstance(hid, str) and hid else None
        return read_guarded(ht, hid, lambda t, i: run(t, i, obj))

    return parse


def _load(ht: HandText, noun: str) -> tuple[dict[str, Any] | None, ParsedHand | None]:
    """The hand text as a JSON object, or the :class:`ParsedHand` of one that is not."""
    from hhtools.model.records import Problem  # noqa: PLC0415 - model, below us

    def one(code: ProblemCode, line: int, message: str) -> ParsedHand:
        p = Problem(ht.file, line, None, code, message, ht.text[:80])
        return ParsedHand(None, (p,), None, None)

    try:
        obj = json.loads(ht.text, parse_float=str, parse_int=str)
    except json.JSONDecodeError as exc:
        if ht.text.lstrip().startswith("{") and _open_at_end(ht.text):
            return None, one(ProblemCode.TRUNCATED_HAND, ht.line,
                             f"this {noun} is cut short: the file ends inside its object")
        return None, one(ProblemCode.BAD_HEADER, ht.line,
                         f"this {noun} is not well-formed JSON: {exc.msg} (its line "
                         f"{exc.lineno}, column {exc.colno})")
    except RecursionError:
        return None, one(ProblemCode.BAD_HEADER, ht.line, f"this {noun} nests too deep")
    if not isinstance(obj, dict):
        return None, one(ProblemCode.BAD_HEADER, ht.line, f"not a {noun} object")
    return obj, None


def _open_at_end(text: str) -> bool:
    """Whether a text leaves an object or array open at its end (cut short)."""
    walk = _Walk()
    for m in _TOKEN.finditer(text):
        walk.step(m.group())
    return bool(walk.stack)


def json_format(
    key: str, name: str, games: str, recognise: Callable[[set[tuple[str, ...]]], bool],
    hands_key: str | None, parse: Callable[[HandText], ParsedHand],
    start: re.Pattern[str] | None = None,
) -> SiteFormat:  # fmt: skip
    """A JSON site format: a file is its when ``recognise`` accepts the key paths of
    its head (:func:`head_paths`); it is split into the objects of ``hands_key``'s
    array, or the top-level objects, a hand starting where ``start`` matches too
    (:func:`split_json`). The room is the key."""

    def is_mine(head: str) -> bool:
        paths = head_paths(head)
        return bool(paths) and recognise(paths)

    def split(fh: BinaryIO, file: str) -> Iterator[HandText]:
        return split_json(fh, file, hands_key, start)

    return SiteFormat(key=key, name=name, games=games, recognise=is_mine, split=split,
                      parse=parse, rooms=(key,))  # fmt: skip

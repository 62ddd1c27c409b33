"""The one way from paths to records, used by ``hhtools parse``, the API and the importer.

:func:`read_sources` opens each source once and, in that one read, takes its
SHA-256 digest, recognises its site format from the first bytes and lets that format
split it into hand texts (:class:`SourceRead`). :func:`parse_path` /
:func:`parse_file` go on to parse every hand text into a :class:`ParseResult`.
Nothing here raises for bad input: an unreadable file, an archive that cannot be
opened or a file of a site hhtools does not read gives a problem value instead.

Work per file is bounded (:mod:`hhtools.ingest.hands`): a hand text over
:data:`MAX_HAND_BYTES` is never parsed (a ``hand_too_long`` problem with its file,
line and, read from its first line, hand id), and the format's split never holds much
more than that in memory, however long a hand runs; archives are bounded by
:mod:`hhtools.ingest.archives`.
Hands skipped by design (a game outside the Omaha family) come with a *note*
(:data:`hhtools.model.vocab.NOTE_CODES`), kept apart from the problems
(:func:`sort_notes`).
"""

from __future__ import annotations

import hashlib
import io
import logging
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

import hhtools.grammars as grammars
from hhtools.grammars._text import decode_head
from hhtools.grammars.base import ParsedHand, SiteFormat
from hhtools.ingest.archives import ZIP_ERRORS, MemberTooLarge
from hhtools.ingest.hands import (
    MAX_HAND_BYTES,
    TooLong,
    first_line,
    first_line_hand_id,
    split_bounded,
)
from hhtools.ingest.sources import Skipped, Source, binary_kind, iter_sources
from hhtools.model.records import HandHistory, HandText, Problem
from hhtools.model.vocab import NOTE_CODES, ProblemCode

__all__ = [
    "HEAD_BYTES",
    "MAX_HAND_BYTES",
    "ParseResult",
    "ParseStats",
    "ReadTally",
    "SourceRead",
    "TooLong",
    "first_line_hand_id",
    "parse_file",
    "parse_path",
    "read_problem",
    "read_sources",
    "sort_notes",
]

log = logging.getLogger(__name__)

HEAD_BYTES = 4096  #: bytes a site format is recognised from

#: What reading a file or a member can raise besides bad text (which never raises).
READ_ERRORS = ZIP_ERRORS


def read_problem(file: str, exc: BaseException) -> Problem:
    """The problem of a read that failed: ``archive_too_large`` or ``read_error``."""
    if isinstance(exc, MemberTooLarge):
        return Problem(file, 0, None, ProblemCode.ARCHIVE_TOO_LARGE, str(exc))
    return Problem(file, 0, None, ProblemCode.READ_ERROR, f"cannot read: {exc}")


def sort_notes(
    parsed: ParsedHand, ht: HandText
) -> tuple[tuple[Problem, ...], tuple[Problem, ...], str | None]:
    """Tell a parsed hand's problems from its notes, and whether it was skipped by design.

    A hand the grammar skipped (``parsed.skipped``, or no record and nothing but
    notes) always has a note: a ``skipped_game`` one is made from the reason when the
    grammar gave none.

    Args:
        parsed: what the site format's parse gave.
        ht: the hand text it was given (file and line of a made note).

    Returns:
        ``(problems, notes, skipped)``: ``skipped`` is why the hand was skipped by
        design, else ``None``.
    """
    skipped = parsed.skipped
    if not parsed.problems and skipped is None:  # most hands: nothing to sort
        return (), (), None
    problems = tuple(p for p in parsed.problems if p.code not in NOTE_CODES)
    notes = tuple(p for p in parsed.problems if p.code in NOTE_CODES)
    if skipped is None and parsed.hand is None and notes and not problems:
        skipped = notes[0].message
    if skipped is not None and not notes:
        notes = (Problem(ht.file, ht.line, parsed.hand_id, ProblemCode.SKIPPED_GAME,
                         f"skipped: {skipped}", first_line(ht.text)[:200]),)  # fmt: skip
    return problems, notes, skipped


class _Hashing(io.RawIOBase):
    """A seekable byte stream that hashes every byte once, the first time it is read.

    Seeking back and reading again (a splitter's fallback) does not hash twice;
    :meth:`hexdigest` reads whatever was not read yet, so the digest is always that
    of the whole file.
    """

    def __init__(self, raw: BinaryIO | io.RawIOBase) -> None:
        super().__init__()
        self._raw = raw
        self._sha = hashlib.sha256()
        self._pos = 0
        self._hashed = 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        data = self._raw.read(len(buffer))
        n = len(data)
        buffer[:n] = data
        end = self._pos + n
        if end > self._hashed:
            self._sha.update(memoryview(data)[self._hashed - self._pos :])
            self._hashed = end
        self._pos = end
        return n

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        self._pos = self._raw.seek(offset, whence)
        if self._pos > self._hashed:  # never skip unhashed bytes
            self._raw.seek(self._hashed)
            self._pos = self._hashed
            while self._pos < offset and self.read(min(1 << 20, offset - self._pos)):
                pass
        return self._pos

    def tell(self) -> int:
        return self._pos

    def hexdigest(self) -> str:
        self._raw.seek(self._hashed)
        for block in iter(lambda: self._raw.read(1 << 20), b""):
            self._sha.update(block)
            self._hashed += len(block)
        return self._sha.hexdigest()

    def close(self) -> None:
        self._raw.close()
        super().close()


@dataclass(slots=True)
class SourceRead:
    """One source being read: its format, then its hand texts, then its digest.

    Attributes:
        source: the file or member.
        head: its first bytes, decoded (what the format was recognised from).
        format: the site format, or ``None`` when none reads it.
        problem: why the file gives no hands (unsupported site, read error), or
            ``None``.
        dropped: ``hand_too_long`` problems of the hands :meth:`hands` left out.
    """

    source: Source
    head: str = ""
    format: SiteFormat | None = None
    problem: Problem | None = None
    dropped: list[Problem] = field(default_factory=list)
    _stream: _Hashing | None = field(default=None, repr=False)

    def items(self) -> Iterator[HandText | TooLong]:
        """The file's hand texts, in order, a :class:`TooLong` in place of each hand
        over :data:`MAX_HAND_BYTES` (none when :attr:`format` is ``None``).

        A read error met part-way ends the hands and sets :attr:`problem`
        (``archive_too_large`` when a member passed the archive limits).
        """
        fmt = self.format
        if fmt is None or self._stream is None:
            return
        try:
            yield from split_bounded(fmt, self._stream, self.source.name)  # type: ignore[arg-type]
        except READ_ERRORS as exc:
            self.problem = read_problem(self.source.name, exc)

    def hands(self) -> Iterator[HandText]:
        """The file's hand texts, in order; hands over :data:`MAX_HAND_BYTES` are left
        out and their problems added to :attr:`dropped` (see :meth:`items`)."""
        for item in self.items():
            if isinstance(item, TooLong):
                self.dropped.append(item.problem)
            else:
                yield item

    def digest(self) -> str:
        """SHA-256 hex digest of the whole file (finishes reading it if need be)."""
        if self._stream is None:
            return ""
        try:
            return self._stream.hexdigest()
        except READ_ERRORS:
            return ""

    def close(self) -> None:
        """Close the underlying file."""
        if self._stream is not None:
            self._stream.close()


def open_source(source: Source) -> SourceRead:
    """Open a source, read its first bytes and recognise its site format.

    Returns:
        A :class:`SourceRead`; when no format reads the file, its ``problem`` is an
        ``unsupported_site`` problem naming the site when the first lines make it
        recognisable; when the file cannot be read, a ``read_error`` one
        (``archive_too_large`` for a member past the archive limits).
    """
    read = SourceRead(source)
    try:
        stream = _Hashing(source.open())
        read._stream = stream
        head_bytes = stream.read(HEAD_BYTES)
        stream.seek(0)
    except READ_ERRORS as exc:
        read.problem = read_problem(source.name, exc)
        return read
    read.head = decode_head(head_bytes)
    read.format = grammars.recognise(read.head)
    if read.format is None:
        read.problem = unsupported(source.name, read.head, head_bytes)
    return read


def unsupported(file: str, head: str, raw: bytes | None = None) -> Problem:
    """The ``unsupported_site`` problem of a file no site format reads.

    Args:
        file: the source's name.
        head: its first bytes, decoded.
        raw: the same bytes undecoded, when at hand: a binary file is then named by
            its kind (``a PNG image``, ``a binary file``), never quoted.

    Returns:
        The problem, at line 1; its message names the site when ``grammars.NOT_YET``
        recognises it, and quotes the first line of a text file (the excerpt too).
    """
    kind = _binary(raw, head) if raw is not None else None
    if kind is not None:
        message = f"{kind}, not a hand history"
        return Problem(file, 1, None, ProblemCode.UNSUPPORTED_SITE, message)
    first = next((ln for ln in head.splitlines() if ln.strip()), "")
    site = grammars.not_yet(head)
    supported = ", ".join(f.key for f in grammars.FORMATS)
    if site is not None:
        message = f"{site} history: not supported yet{_SUPPORTED}{supported}"
    elif not first:
        message = "an empty file, not a hand history"
    else:
        message = (f"not a hand history of a supported site (starts {first[:60]!r})"
                   f"{_SUPPORTED}{supported}")  # fmt: skip
    return Problem(file, 1, None, ProblemCode.UNSUPPORTED_SITE, message, first[:200])


_SUPPORTED = "; supported: "  # what follows names every format (left out of one-line reasons)

#: Characters that text files do not hold: C0 controls but tab, line ends, form feed.
_NOT_TEXT = frozenset(chr(c) for c in range(32)) - set("\t\n\r\f\v\x1a\x1b")
_BINARY_SHARE = 0.02  #: a head with more of its characters not text than this is binary


def _binary(raw: bytes, head: str) -> str | None:
    """What a file no format reads is when it is not text (``None`` for text).

    A well-known magic names it (:func:`hhtools.ingest.sources.binary_kind`); else it
    is ``a binary file`` when its decoded head holds NULs, or more than
    :data:`_BINARY_SHARE` of control characters or undecodable bytes. The head as
    :func:`decode_head` gives it drops what UTF-16 cannot decode, so a binary file
    taken for UTF-16 (NULs in every other byte) is judged by its bytes: real UTF-16
    text has NULs in one of each two bytes only.
    """
    kind = binary_kind(raw)
    if kind is not None:
        return kind
    sample = raw[:HEAD_BYTES]
    if b"\x00" in sample and not _utf16_text(sample):
        return "a binary file"
    bad = sum(1 for ch in head if ch in _NOT_TEXT or ch == "\ufffd")
    if head and bad > _BINARY_SHARE * len(head):
        return "a binary file"
    return None


def _utf16_text(sample: bytes) -> bool:
    """Whether bytes holding NULs are UTF-16 text: a BOM, or NULs in one of each pair
    of bytes only (ASCII in UTF-16) and hardly any in the other."""
    if sample[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return True
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    few, many = min(even, odd), max(even, odd)
    return many * 2 >= len(sample) // 2 and few * 50 <= len(sample) // 2


def read_sources(
    paths: Iterable[str | Path],
    *,
    exclude: Iterable[str | Path] = (),
    on_skip: Callable[[Skipped], None] | None = None,
) -> Iterator[SourceRead | Problem]:
    """Open every source under ``paths`` in turn (see :func:`open_source`).

    Each :class:`SourceRead` must be used (and is closed) before the next is asked for.

    Args:
        paths: files, folders and archives.
        exclude: files never to read (the store being written and its log).
        on_skip: called with each file or folder left out as no history
            (:func:`hhtools.ingest.sources.iter_sources`).

    Yields:
        A :class:`SourceRead` per file or member, or a :class:`Problem` for a path
        that cannot be walked or read.
    """
    for item in iter_sources(paths, exclude=exclude, on_skip=on_skip):
        if isinstance(item, Problem):
            yield item
            continue
        read = open_source(item)
        try:
            yield read
        finally:
            read.close()


@dataclass(frozen=True, slots=True)
class ParseResult:
    """What one hand (or one file that gives no hands) gave.

    Attributes:
        hand: the record, or ``None`` (skipped, unreadable, or an unsupported file).
        problems: problems found in this hand (or file), in line order; notes apart.
        file: source name.
        line: 1-based line of the hand's first line.
        offset: byte offset of the hand's first line.
        hand_id: the hand number when the header was read, else ``None``.
        site_format: the key of the format that read it; ``None`` when none did.
        skipped: why a hand of a game outside the Omaha family was not read.
        notes: notes, not problems: why a hand was skipped by design
            (:data:`hhtools.model.vocab.NOTE_CODES`).
    """

    hand: HandHistory | None
    problems: tuple[Problem, ...]
    file: str
    line: int
    offset: int = 0
    hand_id: str | None = None
    site_format: str | None = None
    skipped: str | None = None
    notes: tuple[Problem, ...] = ()

    @property
    def ok(self) -> bool:
        """A record with no problem."""
        return self.hand is not None and not self.problems


@dataclass(slots=True)
class ReadTally:
    """What a walk met besides hands: the files a site format read, the files left out
    as no history (by :class:`~hhtools.ingest.sources.SkipReason`), and the problems
    of the files and paths that gave no hands.

    Attributes:
        histories: files (or members) a site format read.
        skipped: files and folders left out, by reason (a folder counts once).
        unread: problems of files and paths that gave no hands (``unsupported_site``,
            ``read_error``, ``missing_path``, ``bad_archive``...), in walk order.
    """

    histories: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    unread: list[Problem] = field(default_factory=list)

    def skip(self, item: Skipped) -> None:
        """Count a file or folder left out (an ``on_skip`` for :func:`read_sources`)."""
        self.skipped[str(item.reason)] += 1

    def why_none(self, unchanged: int = 0, see: str = "",
                 paths: Sequence[object] = ()) -> str | None:  # fmt: skip
        """Why the paths given hold no hand history, in one line.

        Args:
            unchanged: files not read again because an earlier import read them and
                no site format read them then.
            see: where the problems are listed in full (``"'hhtools problems'"``),
                added when some file could not be read.
            paths: the paths given, named when nothing at all was met in them (an
                empty folder); leave empty when files were met that this tally does
                not count (an import's unchanged histories).

        Returns:
            e.g. ``no hand history found: /etc/passwd: not a hand history of a
            supported site (starts 'root:x:0:0')``, or ``no hand history found in
            DIR: no files``; ``None`` when a site format read some file, or when
            nothing at all was met and no path is given.

        >>> ReadTally(skipped=Counter({"DuckDB database, its log or spill folder": 2})).why_none()
        'no hand history found: 2 files skipped (DuckDB database, its log or spill folder: 2)'
        >>> ReadTally().why_none(), ReadTally(histories=1, skipped=Counter(x=1)).why_none()
        (None, None)
        >>> ReadTally().why_none(paths=["a", "b"])
        'no hand history found in a, b: no files'
        """
        if self.histories:
            return None
        parts = []
        if self.unread:
            first = self.unread[0]
            parts.append(f"{first.file}: {first.message.split(_SUPPORTED)[0]}")
            if len(self.unread) > 1:
                parts.append(f"{_files(len(self.unread) - 1, 'other file')} not read")
        if unchanged:
            parts.append(f"{_files(unchanged)} unchanged since the last import, in which "
                         "no site format read them")  # fmt: skip
        if self.skipped:
            why = ", ".join(f"{r}: {n:,}" for r, n in sorted(self.skipped.items()))
            parts.append(f"{_files(sum(self.skipped.values()))} skipped ({why})")
        if not parts:
            return (f"no hand history found in {', '.join(map(str, paths))}: no files"
                    if paths else None)  # fmt: skip
        tail = f" (see {see})" if see and (self.unread or unchanged) else ""
        return "no hand history found: " + "; ".join(parts) + tail


def _files(n: int, word: str = "file") -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


@dataclass(slots=True)
class ParseStats:
    """Running counts over parse results (pass one to :func:`parse_path`).

    Attributes:
        files: files read.
        hands: hands seen (records, skipped and failed).
        records: hands read into a record.
        skipped: hands of games outside the Omaha family.
        failed: hands that gave no record (and were not skipped).
        problems: problems reported (notes not counted).
        codes: problems by code.
        notes: notes reported (hands skipped by design), apart from the problems.
        tally: the files read by a format, skipped as no history, or not read.
    """

    files: int = 0
    hands: int = 0
    records: int = 0
    skipped: int = 0
    failed: int = 0
    problems: int = 0
    codes: Counter[str] = field(default_factory=Counter)
    notes: int = 0
    tally: ReadTally = field(default_factory=ReadTally)

    def add(self, result: ParseResult) -> None:
        """Count one result."""
        if result.site_format is None:  # a file or path that gave no hands
            self.tally.unread.extend(result.problems)
        else:
            self.hands += 1
            if result.hand is not None:
                self.records += 1
            elif result.skipped is not None:
                self.skipped += 1
            else:
                self.failed += 1
        self.problems += len(result.problems)
        self.codes.update(str(p.code) for p in result.problems)
        self.notes += len(result.notes)


def parse_read(read: SourceRead) -> Iterator[ParseResult]:
    """Parse every hand of one opened source (see :func:`parse_path`)."""
    name = read.source.name
    if read.format is None:
        if read.problem is not None:
            yield ParseResult(None, (read.problem,), name, read.problem.line)
        return
    fmt = read.format
    for item in read.items():
        if isinstance(item, TooLong):
            p = item.problem
            yield ParseResult(None, (p,), p.file, item.line, item.offset, p.hand_id, fmt.key)
            continue
        parsed = fmt.parse(item)
        problems, notes, skipped = sort_notes(parsed, item)
        yield ParseResult(
            parsed.hand, problems, item.file, item.line, item.offset, parsed.hand_id,
            fmt.key, skipped, notes,
        )  # fmt: skip
    if read.problem is not None:
        yield ParseResult(None, (read.problem,), name, read.problem.line, site_format=fmt.key)


def parse_path(
    paths: str | Path | Iterable[str | Path], stats: ParseStats | None = None
) -> Iterator[ParseResult]:
    """Parse files, folders (recursively), archives and compressed files, one hand at a time.

    Args:
        paths: one path or several; a folder gives every file in it but hidden and
            expected-results files (:data:`hhtools.ingest.sources.NOT_HISTORIES`).
        stats: counts to update as results are yielded (optional).

    Yields:
        One :class:`ParseResult` per hand, file after file, in file order (a hand over
        :data:`MAX_HAND_BYTES` gives one with a ``hand_too_long`` problem, unparsed);
        a single result with a problem (``unsupported_site``, ``read_error``,
        ``missing_path``, ``bad_archive``, ``archive_too_large``, ``nested_archive``)
        for a file or path that gives no hands. Nothing raises for bad input.
    """
    if isinstance(paths, str | Path):
        paths = [paths]
    on_skip = stats.tally.skip if stats is not None else None
    for item in read_sources(paths, on_skip=on_skip):
        if isinstance(item, Problem):
            result = ParseResult(None, (item,), item.file, item.line)
            if stats is not None:
                stats.add(result)
            yield result
            continue
        log.debug("parsing %s", item.source.name)
        if stats is not None:
            stats.files += 1
            stats.tally.histories += item.format is not None
        for result in parse_read(item):
            if stats is not None:
                stats.add(result)
            yield result


def parse_file(path: str | Path, stats: ParseStats | None = None) -> Iterator[ParseResult]:
    """Parse one file (or archive): :func:`parse_path` of that one path."""
    return parse_path([path], stats)

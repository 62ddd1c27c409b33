"""Where hand histories come from: files, folders (recursively), ``.zip`` and tar
archives, and files compressed by gzip, bzip2 or xz.

:func:`iter_sources` walks the paths a user gives and yields one :class:`Source` per
file or archive member, or a :class:`~hhtools.model.records.Problem` for a path that
cannot be walked or read (``missing_path``; ``read_error`` for a folder or file the user
may not read, with its path). A history may have any extension; what is obviously not
one is skipped, each skip reported to the caller's ``on_skip`` with its
:class:`SkipReason`:

* inside a folder, by name: hidden files and folders, the expected-results files test
  suites keep beside histories (fpdb's ``.hp``, ``.hands``, ``.gt``) and corpus
  manifests (``MANIFEST.tsv``);
* anywhere, by content: DuckDB databases (their magic bytes, whatever their name), a
  database's write-ahead log (``X.wal``) and spill folder (``X.tmp``), the files the
  caller names in ``exclude`` (the store being written), Parquet files, and a Parquet
  dataset folder of ``hhtools import --engine dask`` (one holding
  :data:`DATASET_MARKER`);
* what is not a regular file (a link to nothing, a pipe, a socket), and links to folders
  (never followed, so a walk cannot loop).

Archives (a file named ``.zip``, or one that starts as a zip) are read member by
member, never extracted to disk, with bounded work (:mod:`hhtools.ingest.archives`):
a member over the size or compression-ratio limits is refused (``archive_too_large``)
and stops at those limits when read; a member name that is not valid UTF-8 is
reported (``bad_archive``) and the member read under its escaped name; an archive
inside an archive is opened one level deep (``outer.zip!inner.zip!member``), deeper
ones are reported (``nested_archive``). Tar archives (``.tar``, ``.tar.gz``, ``.tgz``,
``.tar.bz2``, ``.tar.xz``) and single compressed files (``hands.txt.gz``) are read by
:mod:`hhtools.ingest.packed` under the same limits: a tar member is named
``archive.tar.gz!member``, a compressed file by its own name.
"""

from __future__ import annotations

import errno
import io
import os
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from functools import partial
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from hhtools.ingest import archives, packed
from hhtools.ingest.archives import ZIP_ERRORS, ZIP_MAGIC, BoundedMember, open_zip, why_unopened
from hhtools.model.records import Problem
from hhtools.model.vocab import ProblemCode

__all__ = [
    "DATASET_MARKER",
    "MAX_DEPTH",
    "NOT_HISTORIES",
    "SNIFF_BYTES",
    "SkipReason",
    "Skipped",
    "Source",
    "binary_kind",
    "count_sources",
    "iter_sources",
    "skip_reason",
]

#: Archives are opened this many levels deep: a file's archive, and one inside it.
MAX_DEPTH = 2

#: File name endings that are never hand histories when met inside a folder.
NOT_HISTORIES: tuple[str, ...] = (".hp", ".hands", ".gt")
_NOT_HISTORY_NAMES = frozenset({"manifest.tsv"})

#: A folder holding a folder of this name is a Parquet dataset of ``hhtools import
#: --engine dask`` (:data:`hhtools.store.dataset.MANIFEST`: its commit files).
DATASET_MARKER = "_manifest"

#: Bytes read from the start of each file to tell an archive, a database or a Parquet
#: file from text (the read proper opens the file again).
SNIFF_BYTES = 16

_DUCKDB_MAGIC = (8, b"DUCK")  # a DuckDB file: an 8-byte checksum, then "DUCK"
_PARQUET_MAGIC = b"PAR1"
_WAL = ".wal"  # DuckDB's write-ahead log beside the database: ``X.duckdb.wal``
_SPILL = ".tmp"  # DuckDB's spill folder beside the database: ``X.duckdb.tmp``

#: The first bytes of well-known binary files, and what to call them: a file no site
#: format reads is reported by this name instead of its bytes.
_BINARY_MAGIC: tuple[tuple[int, bytes, str], ...] = (
    (0, b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (0, b"\xff\xd8\xff", "a JPEG image"),
    (0, b"GIF87a", "a GIF image"),
    (0, b"GIF89a", "a GIF image"),
    (0, b"%PDF-", "a PDF document"),
    (0, b"\x1f\x8b", "a gzip-compressed file (opened when named itself, not inside a .zip)"),
    (0, b"\xfd7zXZ\x00", "an xz-compressed file (opened when named itself, not inside a .zip)"),
    (0, b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive (only .zip, tar, gzip, bzip2 and xz are opened)"),
    (0, b"Rar!\x1a\x07", "a RAR archive (only .zip, tar, gzip, bzip2 and xz are opened)"),
    (0, b"SQLite format 3\x00", "an SQLite database"),
    (0, b"\x7fELF", "a program (ELF)"),
    (0, b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old Microsoft Office document"),
    (0, _PARQUET_MAGIC, "a Parquet file"),
    (_DUCKDB_MAGIC[0], _DUCKDB_MAGIC[1], "a DuckDB database"),
)


class SkipReason(StrEnum):
    """Why a file (or a folder, counted once) under the paths given was not read."""

    HIDDEN = "hidden file or folder"
    EXPECTED_RESULTS = "expected results (.hp, .hands, .gt)"
    CORPUS_MANIFEST = "corpus manifest (MANIFEST.tsv)"
    DUCKDB = "DuckDB database, its log or spill folder"
    PARQUET = "Parquet file"
    DATASET = "Parquet dataset (import --engine dask)"
    NOT_REGULAR = "not a regular file (a link to nothing, a pipe, a socket)"
    FOLDER_LINK = "link to a folder (not followed)"


@dataclass(frozen=True, slots=True)
class Skipped:
    """A file or folder the walk left out, and why.

    Attributes:
        name: its path (``archive.zip!member`` for a member).
        reason: why it is not read.
    """

    name: str
    reason: SkipReason


@dataclass(frozen=True, slots=True)
class Source:
    """One file to read.

    Attributes:
        name: what reports show: the path as given (resolved when the walk resolves),
            ``archive.zip!member`` for members.
        open: opens the bytes as a seekable binary stream (the caller closes it).
        size: bytes.
        modified_at: last modification time (a member's time in its archive).
        path: the file on disk when the source is a plain file (a worker process may
            then open it, or a byte range of it, itself); ``None`` for an archive
            member or a snapshot.
    """

    name: str
    open: Callable[[], BinaryIO | io.RawIOBase]
    size: int
    modified_at: datetime
    path: str | None = None


def _name_skip(name: str) -> SkipReason | None:
    """Why a file met inside a folder is not a history, by its name alone."""
    name = name.lower()
    if name.startswith("."):
        return SkipReason.HIDDEN
    if name in _NOT_HISTORY_NAMES:
        return SkipReason.CORPUS_MANIFEST
    if name.endswith(NOT_HISTORIES):
        return SkipReason.EXPECTED_RESULTS
    return None


def binary_kind(head: bytes) -> str | None:
    """What a file's first bytes say it is when it is a well-known binary file.

    Args:
        head: the file's first bytes (:data:`SNIFF_BYTES` are enough).

    Returns:
        Its kind in words (``"a PNG image"``), or ``None`` when the bytes are no
        known magic.

    >>> binary_kind(b"\\x89PNG\\r\\n\\x1a\\n\\x00\\x00"), binary_kind(b"PokerStars Hand #1")
    ('a PNG image', None)
    """
    for offset, magic, kind in _BINARY_MAGIC:
        if head[offset : offset + len(magic)] == magic:
            return kind
    return None


def _content_skip(head: bytes) -> SkipReason | None:
    """Why a file is not read, by its first bytes: a DuckDB or a Parquet file."""
    offset, magic = _DUCKDB_MAGIC
    if head[offset : offset + len(magic)] == magic:
        return SkipReason.DUCKDB
    if head.startswith(_PARQUET_MAGIC):
        return SkipReason.PARQUET
    return None


def _sniff(path: str | Path) -> bytes:
    """A file's first :data:`SNIFF_BYTES` (raises ``OSError``)."""
    with open(path, "rb") as fh:
        return fh.read(SNIFF_BYTES)


def _is_duckdb(path: str) -> bool:
    """Whether ``path`` is a DuckDB database by its magic bytes (``False`` when unreadable)."""
    try:
        return _content_skip(_sniff(path)) is SkipReason.DUCKDB
    except OSError:
        return False


def _beside_database(path: str, suffix: str) -> bool:
    """``X.wal`` / ``X.tmp`` beside a DuckDB database ``X``: its log or spill folder."""
    return path.lower().endswith(suffix) and _is_duckdb(path[: -len(suffix)])


@dataclass(slots=True)
class _Walk:
    """One walk's settings: the files never to read, where to report skips."""

    exclude: frozenset[str]
    on_skip: Callable[[Skipped], None] | None
    archives: bool = True  # read archives member by member (else: one source each)
    resolve: bool = False  # name each file by its resolved path (a link by its target)

    def skip(self, name: str, reason: SkipReason) -> None:
        if self.on_skip is not None:
            self.on_skip(Skipped(name, reason))

    def excluded(self, path: str) -> bool:
        return bool(self.exclude) and (os.path.abspath(path) in self.exclude
                                       or os.path.realpath(path) in self.exclude)  # fmt: skip

    def folder_skip(self, path: str) -> SkipReason | None:
        """Why a folder is not walked: a dataset, a database's spill folder, excluded."""
        if self.excluded(path) or _beside_database(path, _SPILL):
            return SkipReason.DUCKDB
        if os.path.isdir(os.path.join(path, DATASET_MARKER)):
            return SkipReason.DATASET
        return None


def _unreadable(path: str, exc: OSError, what: str) -> Problem:
    """The ``read_error`` problem of a file or folder the walk cannot open (``what``:
    ``file``, ``folder``, or ``path`` when a folder on the way to it cannot be opened)."""
    reason = exc.strerror or str(exc)
    verb = "reach" if what == "path" else "read"
    return Problem(path, 0, None, ProblemCode.READ_ERROR, f"cannot {verb} this {what}: {reason}")


def iter_sources(
    paths: Iterable[str | Path],
    *,
    exclude: Iterable[str | Path] = (),
    on_skip: Callable[[Skipped], None] | None = None,
    archives: bool = True,
    resolve: bool = False,
) -> Iterator[Source | Problem]:
    """Walk files, folders (recursively, in name order), archives and compressed files.

    A source must be read before the next one is asked for (archive members are read
    from the open archive).

    Args:
        paths: what the user named.
        exclude: files and folders never to read (the store being written, its log),
            skipped as :attr:`SkipReason.DUCKDB`.
        on_skip: called with each file or folder left out (see the module docstring);
            a folder counts once, its files unlisted.
        archives: ``False``: an archive is one source, its members not listed (a
            watch imports it whole once it has settled).
        resolve: name every file (and every path's problem) by its resolved absolute
            path (:func:`os.path.realpath`: ``./x``, ``x``, ``/abs/x`` and a link to
            it are one name), as a store knows a file; ``False``: the path as given.

    Yields:
        A :class:`Source` per file or member; a :class:`Problem` (``missing_path``,
        ``read_error``, ``bad_archive``, ``archive_too_large``, ``nested_archive``)
        for what cannot be walked or is refused. Nothing raises for bad input.
    """
    walk = _Walk(frozenset(os.path.realpath(p) for p in exclude)
                 | frozenset(os.path.abspath(p) for p in exclude), on_skip, archives, resolve)
    for raw in paths:
        # names as reports and earlier imports know them: "a/b", not "./a//b"
        path = os.path.realpath(raw) if resolve else str(Path(raw))
        try:
            st = os.stat(path)
        except OSError as exc:
            if exc.errno in (errno.ENOENT, errno.ENOTDIR):
                yield Problem(path, 0, None, ProblemCode.MISSING_PATH, "no such file or folder")
            else:  # a folder on the way may not be read
                yield _unreadable(path, exc, "path")
            continue
        if os.path.isdir(path):
            reason = walk.folder_skip(path)
            if reason is not None:
                walk.skip(path, reason)
            else:
                yield from _folder_sources(path, walk)
        elif os.path.isfile(path):
            yield from _file_sources(path, walk, st)
        else:
            walk.skip(path, SkipReason.NOT_REGULAR)


def count_sources(
    paths: Iterable[str | Path], *, exclude: Iterable[str | Path] = ()
) -> int:
    """How many sources :func:`iter_sources` gives for ``paths`` (files and members),
    reading only their first bytes: the total of a progress bar."""
    return sum(1 for item in iter_sources(paths, exclude=exclude) if isinstance(item, Source))


def skip_reason(
    path: str | Path, root: str | Path, *, exclude: Iterable[str | Path] = ()
) -> SkipReason | None:
    """Why :func:`iter_sources` walking the folder ``root`` would leave out the file
    ``path`` under it (one file met later, as a watch meets it), by the same rules.

    Args:
        path: a file under ``root``.
        root: the folder walked.
        exclude: files and folders never to read (the store being written).

    Returns:
        The reason of the first folder on the way, or of the file itself, that the
        walk skips; ``None`` when the walk reads it (or when it cannot be looked at:
        the read then reports it).
    """
    walk = _Walk(frozenset(os.path.abspath(p) for p in exclude), None)
    root, path = os.path.abspath(root), os.path.abspath(path)
    parts = os.path.relpath(path, root).split(os.sep)
    folder = root
    for part in parts[:-1]:  # the folders on the way, as the walk meets them
        folder = os.path.join(folder, part)
        if part.startswith("."):
            return SkipReason.HIDDEN
        if os.path.islink(folder):
            return SkipReason.FOLDER_LINK
        reason = walk.folder_skip(folder)
        if reason is not None:
            return reason
    reason = _name_skip(parts[-1])
    if reason is not None:
        return reason
    try:
        if os.path.isdir(path):
            return walk.folder_skip(path)
        head = _sniff(path)
    except OSError:
        return None
    reason = _content_skip(head)
    if reason is None and (walk.excluded(path) or _beside_database(path, _WAL)):
        reason = SkipReason.DUCKDB
    return reason


def _folder_sources(folder: str, walk: _Walk) -> Iterator[Source | Problem]:
    """Every file under ``folder`` in name order (a path's parts compared in turn)."""
    try:
        with os.scandir(folder) as it:
            entries = sorted(it, key=lambda e: e.name)
    except OSError as exc:
        yield _unreadable(folder, exc, "folder")
        return
    prefix = "" if folder == "." else folder if folder.endswith(os.sep) else folder + os.sep
    for entry in entries:
        path = prefix + entry.name  # as ``Path(folder) / name`` names it
        try:
            is_dir = entry.is_dir(follow_symlinks=False)
            is_file = not is_dir and entry.is_file()
        except OSError as exc:
            yield _unreadable(path, exc, "file")
            continue
        by_name = _name_skip(entry.name)
        if by_name is SkipReason.HIDDEN or (by_name is not None and not is_dir):
            walk.skip(path, by_name)
            continue
        if is_dir:
            reason = walk.folder_skip(path)
            if reason is not None:
                walk.skip(path, reason)
            else:
                yield from _folder_sources(path, walk)
        elif is_file:
            if walk.resolve and entry.is_symlink():  # a link to a file: named by its target
                path = os.path.realpath(path)
            yield from _file_sources(path, walk)
        elif entry.is_symlink() and os.path.isdir(path):
            walk.skip(path, SkipReason.FOLDER_LINK)
        else:
            walk.skip(path, SkipReason.NOT_REGULAR)


def _file_sources(
    path: str, walk: _Walk, st: os.stat_result | None = None
) -> Iterator[Source | Problem]:
    """The source of one file, or the members of an archive; a file that is not a
    history by its content is skipped, one that cannot be read is a problem."""
    try:
        if st is None:
            st = os.stat(path)
        head = _sniff(path)
    except OSError as exc:
        yield _unreadable(path, exc, "file")
        return
    reason = _content_skip(head)
    if reason is None and (walk.excluded(path) or _beside_database(path, _WAL)):
        reason = SkipReason.DUCKDB
    if reason is not None:
        walk.skip(path, reason)
        return
    how = packed.kind(path, head) if walk.archives else None
    is_zip = path.lower().endswith(".zip") or head.startswith(ZIP_MAGIC)
    if not walk.archives or (how is None and not is_zip):
        yield Source(
            path,
            lambda: open(path, "rb"),  # noqa: SIM115  (the reader closes it)
            st.st_size,
            datetime.fromtimestamp(st.st_mtime),
            path,
        )
        return
    try:
        fh = open(path, "rb")  # noqa: SIM115  (closed below)
    except OSError as exc:
        yield _unreadable(path, exc, "file")
        return
    with fh:
        if how is None:
            yield from _archive_sources(fh, path, depth=1, walk=walk)
        else:
            yield from _packed_sources(fh, path, how, st, walk)


def _packed_sources(
    fp: BinaryIO, label: str, how: str, st: os.stat_result, walk: _Walk
) -> Iterator[Source | Problem]:
    """The members of a tar archive, or the one file a compressed file holds
    (:mod:`hhtools.ingest.packed`); a damaged one is a ``bad_archive`` problem."""
    when = datetime.fromtimestamp(st.st_mtime)
    try:
        if how == "tar" or label.lower().endswith(packed.TAR_NAMES):
            stream = fp if how == "tar" else packed.decompressed(fp, how)
            yield from _tar_sources(stream, label, walk)
            return
        held = packed.spool(packed.decompressed(fp, how), packed.expand_limit(st.st_size), label)
    except archives.MemberTooLarge as exc:
        yield Problem(label, 0, None, ProblemCode.ARCHIVE_TOO_LARGE, str(exc))
        return
    except packed.PACKED_ERRORS as exc:
        what = f"a {how} file" if how != "tar" else "a tar archive"
        yield Problem(label, 0, None, ProblemCode.BAD_ARCHIVE,
                      f"{what} cut short or damaged, so not read further ({exc})")  # fmt: skip
        return
    try:
        with held.open() as fh:
            inner_tar = packed.is_tar(fh.read(packed.TAR_SNIFF_BYTES))
        if inner_tar:
            with held.open() as fh:
                yield from _packed_sources(fh, label, "tar", st, walk)
        else:
            yield Source(label, held.open, held.size, when)
    finally:
        held.close()


def _tar_sources(stream: BinaryIO, label: str, walk: _Walk) -> Iterator[Source | Problem]:
    """The members of a tar archive read forward once, each as a :class:`Source` (a
    zip archive inside one is opened as :func:`_archive_sources` opens it).

    Raises:
        tarfile.TarError, OSError...: one of :data:`packed.PACKED_ERRORS`.
    """
    for info, held in packed.tar_members(stream, label):
        member = f"{label}!{info.name}"
        if isinstance(held, str):
            yield Problem(member, 0, None, ProblemCode.ARCHIVE_TOO_LARGE, held)
            continue
        try:
            by_name = _member_name_skip(info.name)
            with held.open() as fh:
                head = fh.read(SNIFF_BYTES)
            by_content = by_name or _content_skip(head)
            if by_content is not None:
                walk.skip(member, by_content)
            elif info.name.lower().endswith(".zip") or head.startswith(ZIP_MAGIC):
                with held.open() as fh:
                    yield from _archive_sources(fh, member, depth=MAX_DEPTH, walk=walk)
            else:
                when = datetime.fromtimestamp(max(info.mtime, 0))
                yield Source(member, held.open, held.size, when)
        finally:
            held.close()


def _archive_sources(
    fp: BinaryIO, label: str, depth: int, walk: _Walk
) -> Iterator[Source | Problem]:
    """The members of the archive ``label`` (read from ``fp``), ``depth`` 1 for a file."""
    try:
        zf, renamed = open_zip(fp)
    except ZIP_ERRORS as exc:
        yield Problem(label, 0, None, ProblemCode.BAD_ARCHIVE, why_unopened(fp, exc))
        return
    with zf:
        for info in sorted(zf.infolist(), key=lambda i: i.filename):
            name = info.filename
            if info.orig_filename in renamed:
                name = renamed[info.orig_filename]
                yield Problem(
                    label, 0, None, ProblemCode.BAD_ARCHIVE,
                    f"member name {name!r} is flagged UTF-8 but is not valid UTF-8; "
                    "read under that name",
                )  # fmt: skip
            if info.is_dir():
                continue
            member = f"{label}!{name}"
            by_name = _member_name_skip(name)
            if by_name is not None:
                walk.skip(member, by_name)
                continue
            why = archives.refusal(info)
            if why is not None:
                yield Problem(member, 0, None, ProblemCode.ARCHIVE_TOO_LARGE, why)
                continue
            head = _member_head(zf, info)
            by_content = _content_skip(head)
            if by_content is not None:
                walk.skip(member, by_content)
                continue
            if name.lower().endswith(".zip") or head.startswith(ZIP_MAGIC):
                if depth >= MAX_DEPTH:
                    yield Problem(
                        member, 0, None, ProblemCode.NESTED_ARCHIVE,
                        "an archive inside an archive inside an archive: only one "
                        "level of nesting is opened; not read",
                    )  # fmt: skip
                    continue
                try:
                    inner = _open_member(zf, info, member)
                except ZIP_ERRORS as exc:
                    why = f"cannot read this archive inside the archive ({exc})"
                    yield Problem(member, 0, None, ProblemCode.BAD_ARCHIVE, why)
                    continue
                with inner:
                    yield from _archive_sources(inner, member, depth + 1, walk)
                continue
            opener: Callable[[], BinaryIO] = partial(_open_member, zf, info, member)
            yield Source(member, opener, info.file_size, _member_time(info))


def _member_name_skip(name: str) -> SkipReason | None:
    """Why a member is not a history by its name: as a file in a folder, a member in a
    hidden folder (``__MACOSX/._x``, ``.git/...``) being hidden too."""
    path = PurePosixPath(name)
    if any(part.startswith(".") for part in path.parts[:-1]):
        return SkipReason.HIDDEN
    return _name_skip(path.name)


def _open_member(zf: zipfile.ZipFile, info: zipfile.ZipInfo, name: str) -> BinaryIO:
    """A member's bytes, stopped at the archive limits (:class:`BoundedMember`)."""
    limit = archives.member_limit(info)
    return BoundedMember(zf.open(info), limit, name)  # type: ignore[return-value]


def _member_head(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """A member's first :data:`SNIFF_BYTES` (none when it cannot be read: the reader
    reports it when it reads the member)."""
    try:
        with zf.open(info) as fh:
            return fh.read(SNIFF_BYTES)
    except ZIP_ERRORS:
        return b""


def _member_time(info: zipfile.ZipInfo) -> datetime:
    """A member's modification time; 1980-01-01 (the zip epoch) when the header's is no date."""
    try:
        return datetime(*info.date_time)
    except ValueError:
        return datetime(1980, 1, 1)

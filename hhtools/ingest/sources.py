"""Where hand histories come from: files, folders (recursively) and ``.zip`` archives.

:func:`iter_sources` walks the paths a user gives and yields one :class:`Source` per
file or archive member, or a :class:`~hhtools.model.records.Problem` for a path that
cannot be walked. Folders give every file but hidden ones and the expected-results
files test suites keep beside histories (fpdb's ``.hp``, ``.hands``, ``.gt``) and
corpus manifests (``MANIFEST.tsv``); a history may have any extension.

Archives (a file named ``.zip``, or one that starts as a zip) are read member by
member, never extracted to disk, with bounded work (:mod:`hhtools.ingest.archives`):
a member over the size or compression-ratio limits is refused (``archive_too_large``)
and stops at those limits when read; a member name that is not valid UTF-8 is
reported (``bad_archive``) and the member read under its escaped name; an archive
inside an archive is opened one level deep (``outer.zip!inner.zip!member``), deeper
ones are reported (``nested_archive``).
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from hhtools.ingest import archives
from hhtools.ingest.archives import ZIP_ERRORS, ZIP_MAGIC, BoundedMember, open_zip
from hhtools.model.records import Problem
from hhtools.model.vocab import ProblemCode

__all__ = ["MAX_DEPTH", "NOT_HISTORIES", "Source", "iter_sources"]

#: Archives are opened this many levels deep: a file's archive, and one inside it.
MAX_DEPTH = 2

#: File name endings that are never hand histories when met inside a folder.
NOT_HISTORIES: tuple[str, ...] = (".hp", ".hands", ".gt")
_NOT_HISTORY_NAMES = frozenset({"manifest.tsv"})


@dataclass(frozen=True, slots=True)
class Source:
    """One file to read.

    Attributes:
        name: what reports show: the path as given, ``archive.zip!member`` for members.
        open: opens the bytes as a seekable binary stream (the caller closes it).
        size: bytes.
        modified_at: last modification time (a member's time in its archive).
    """

    name: str
    open: Callable[[], BinaryIO]
    size: int
    modified_at: datetime


def _is_history(path: Path | PurePosixPath) -> bool:
    name = path.name.lower()
    return not (
        name.startswith(".") or name in _NOT_HISTORY_NAMES or name.endswith(NOT_HISTORIES)
    )


def iter_sources(paths: Iterable[str | Path]) -> Iterator[Source | Problem]:
    """Walk files, folders (recursively, in name order) and ``.zip`` archives.

    A source must be read before the next one is asked for (archive members are read
    from the open archive).

    Args:
        paths: what the user named.

    Yields:
        A :class:`Source` per file or member; a :class:`Problem` (``missing_path``,
        ``read_error``, ``bad_archive``, ``archive_too_large``, ``nested_archive``)
        for what cannot be walked or is refused. Nothing raises for bad input.
    """
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files = sorted(p for p in path.rglob("*") if p.is_file() and _is_history(p))
            for sub in files:
                yield from _file_sources(sub)
        elif path.is_file():
            yield from _file_sources(path)
        else:
            yield Problem(str(path), 0, None, ProblemCode.MISSING_PATH, "no such file or folder")


def _file_sources(path: Path) -> Iterator[Source | Problem]:
    try:
        stat = path.stat()
    except OSError as exc:
        yield Problem(str(path), 0, None, ProblemCode.READ_ERROR, f"cannot read: {exc}")
        return
    if not _is_archive(path):
        yield Source(
            str(path),
            lambda: open(path, "rb"),  # noqa: SIM115  (the reader closes it)
            stat.st_size,
            datetime.fromtimestamp(stat.st_mtime),
        )
        return
    try:
        fh = open(path, "rb")  # noqa: SIM115  (closed below)
    except OSError as exc:
        yield Problem(str(path), 0, None, ProblemCode.READ_ERROR, f"cannot read: {exc}")
        return
    with fh:
        yield from _archive_sources(fh, str(path), depth=1)


def _is_archive(path: Path) -> bool:
    """A ``.zip`` by its name, or a file that starts as one (whatever its name)."""
    if path.suffix.lower() == ".zip":
        return True
    try:
        with open(path, "rb") as fh:
            return fh.read(len(ZIP_MAGIC)) == ZIP_MAGIC
    except OSError:
        return False  # the reader reports it


def _archive_sources(fp: BinaryIO, label: str, depth: int) -> Iterator[Source | Problem]:
    """The members of the archive ``label`` (read from ``fp``), ``depth`` 1 for a file."""
    try:
        zf, renamed = open_zip(fp)
    except ZIP_ERRORS as exc:
        yield Problem(label, 0, None, ProblemCode.BAD_ARCHIVE, f"cannot open archive: {exc}")
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
            if info.is_dir() or not _is_history(PurePosixPath(name)):
                continue
            member = f"{label}!{name}"
            why = archives.refusal(info)
            if why is not None:
                yield Problem(member, 0, None, ProblemCode.ARCHIVE_TOO_LARGE, why)
                continue
            if _member_is_archive(zf, info, name):
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
                    yield Problem(member, 0, None, ProblemCode.BAD_ARCHIVE,
                                  f"cannot open archive: {exc}")  # fmt: skip
                    continue
                with inner:
                    yield from _archive_sources(inner, member, depth + 1)
                continue
            opener: Callable[[], BinaryIO] = partial(_open_member, zf, info, member)
            yield Source(member, opener, info.file_size, _member_time(info))


def _open_member(zf: zipfile.ZipFile, info: zipfile.ZipInfo, name: str) -> BinaryIO:
    """A member's bytes, stopped at the archive limits (:class:`BoundedMember`)."""
    limit = archives.member_limit(info)
    return BoundedMember(zf.open(info), limit, name)  # type: ignore[return-value]


def _member_is_archive(zf: zipfile.ZipFile, info: zipfile.ZipInfo, name: str) -> bool:
    """A member named ``.zip``, or one whose bytes start as an archive."""
    if name.lower().endswith(".zip"):
        return True
    try:
        with zf.open(info) as fh:
            return fh.read(len(ZIP_MAGIC)) == ZIP_MAGIC
    except ZIP_ERRORS:
        return False  # the reader reports it when it reads the member


def _member_time(info: zipfile.ZipInfo) -> datetime:
    """A member's modification time; 1980-01-01 (the zip epoch) when the header's is no date."""
    try:
        return datetime(*info.date_time)
    except ValueError:
        return datetime(1980, 1, 1)

"""Where hand histories come from: files, folders (recursively) and ``.zip`` archives.

:func:`iter_sources` walks the paths a user gives and yields one :class:`Source` per
file or archive member, or a :class:`~hhtools.model.records.Problem` for a path that
cannot be walked. Folders give every file but hidden ones and the expected-results
files test suites keep beside histories (fpdb's ``.hp``, ``.hands``, ``.gt``) and
corpus manifests (``MANIFEST.tsv``); a history may have any extension. Archives are
read member by member, never extracted to disk.
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import BinaryIO

from hhtools.model.records import Problem
from hhtools.model.vocab import ProblemCode

__all__ = ["NOT_HISTORIES", "Source", "iter_sources"]

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


def _is_history(path: Path) -> bool:
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
        ``bad_archive``, ``read_error``) for what cannot be walked.
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
    if path.suffix.lower() != ".zip":
        yield Source(
            str(path),
            lambda: open(path, "rb"),  # noqa: SIM115  (the reader closes it)
            stat.st_size,
            datetime.fromtimestamp(stat.st_mtime),
        )
        return
    try:
        with zipfile.ZipFile(path) as zf:
            for info in sorted(zf.infolist(), key=lambda i: i.filename):
                if info.is_dir() or not _is_history(Path(info.filename)):
                    continue
                yield Source(
                    f"{path}!{info.filename}",
                    lambda info=info: zf.open(info),  # type: ignore[misc]
                    info.file_size,
                    datetime(*info.date_time),
                )
    except (zipfile.BadZipFile, OSError, RuntimeError) as exc:
        yield Problem(str(path), 0, None, ProblemCode.BAD_ARCHIVE, f"cannot open archive: {exc}")

"""Tar archives and single compressed files (gzip, bzip2, xz), read in place.

A history sent as ``hands.txt.gz``, or a folder sent as ``histories.tar.gz`` (also
``.tgz``, ``.tar.bz2``, ``.tar.xz``, a plain ``.tar``), is read as the files it holds.
Nothing is extracted beside the user's files: a tar archive is read once from its
start, and each member is copied, while it is read, into memory or an anonymous
temporary file (:func:`spool`), so that the reader may go back in it as it does in a
plain file. The limits of :mod:`hhtools.ingest.archives` hold: a member over
:data:`~hhtools.ingest.archives.MAX_MEMBER_BYTES`, or expanding past
:data:`~hhtools.ingest.archives.MAX_RATIO` to one from its compressed bytes, stops
with :class:`~hhtools.ingest.archives.MemberTooLarge`.

:func:`kind` tells from a file's first bytes and name what it is; :func:`decompressed`
opens a compressed file's bytes; :func:`tar_members` walks a tar archive.
"""

from __future__ import annotations

import bz2
import contextlib
import gzip
import io
import lzma
import os
import tarfile
import tempfile
import zlib
from collections.abc import Callable, Iterator
from typing import IO, Any, BinaryIO

from hhtools.ingest.archives import MAX_MEMBER_BYTES, MAX_RATIO, RATIO_FROM, MemberTooLarge

__all__ = [
    "IN_MEMORY_BYTES",
    "PACKED_ERRORS",
    "TAR_NAMES",
    "TAR_SNIFF_BYTES",
    "compression",
    "decompressed",
    "expand_limit",
    "is_tar",
    "kind",
    "Spooled",
    "spool",
    "tar_members",
]

#: Bytes of a member kept in memory; a larger one goes to an anonymous temporary file.
IN_MEMORY_BYTES = 32 << 20

#: Bytes to look at to tell a tar archive: its magic ``ustar`` sits at offset 257.
TAR_SNIFF_BYTES = 512

#: What reading a damaged tar archive or compressed file can raise (never a bug of ours).
PACKED_ERRORS = (tarfile.TarError, OSError, EOFError, zlib.error, lzma.LZMAError, ValueError)

_COMPRESSIONS: tuple[tuple[bytes, str, Callable[[BinaryIO], Any]], ...] = (
    (b"\x1f\x8b", "gzip", lambda fp: gzip.GzipFile(fileobj=fp, mode="rb")),
    (b"BZh", "bzip2", lambda fp: bz2.BZ2File(fp, "rb")),
    (b"\xfd7zXZ\x00", "xz", lambda fp: lzma.LZMAFile(fp, "rb")),
)
#: Names of tar archives, compressed or not.
TAR_NAMES = (".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tbz", ".tar.xz", ".txz")


def compression(head: bytes) -> str | None:
    """The compression a file's first bytes show: ``"gzip"``, ``"bzip2"``, ``"xz"`` or ``None``.

    >>> compression(b"\\x1f\\x8b\\x08\\x00"), compression(b"PokerStars Hand #1")
    ('gzip', None)
    """
    for magic, name, _ in _COMPRESSIONS:
        if head.startswith(magic):
            return name
    return None


def is_tar(head: bytes) -> bool:
    """Whether bytes (at least :data:`TAR_SNIFF_BYTES` of them) start a tar archive.

    The POSIX and GNU formats write ``ustar`` at offset 257 of the first header.
    """
    return head[257:262] == b"ustar"


def kind(name: str, head: bytes) -> str | None:
    """What a file is by its name and first bytes: ``"tar"``, a compression, or ``None``.

    Args:
        name: the file's name (``.tar``, ``.tgz``... name a tar archive).
        head: its first bytes (:data:`TAR_SNIFF_BYTES` for a plain tar named otherwise).

    Returns:
        ``"tar"`` for a plain tar archive, ``"gzip"``/``"bzip2"``/``"xz"`` for a
        compressed file (a compressed tar archive too: what it holds is looked at once
        it is opened), ``None`` for anything else.
    """
    packed = compression(head)
    if packed is not None:
        return packed
    if name.lower().endswith(TAR_NAMES) or is_tar(head):
        return "tar"
    return None


def expand_limit(compressed_bytes: int) -> int:
    """The most bytes a compressed file may give: the archive limits.

    Returns:
        Bytes: ``min(MAX_MEMBER_BYTES, max(RATIO_FROM, MAX_RATIO * compressed_bytes))``.
    """
    return min(MAX_MEMBER_BYTES, max(RATIO_FROM, MAX_RATIO * compressed_bytes))


def decompressed(fp: BinaryIO, compressed_by: str) -> BinaryIO:
    """The decompressed bytes of ``fp`` (a stream read forward once).

    Args:
        fp: the compressed bytes.
        compressed_by: ``"gzip"``, ``"bzip2"`` or ``"xz"`` (:func:`compression`).

    Raises:
        KeyError: an unknown compression.
    """
    for _, name, opener in _COMPRESSIONS:
        if name == compressed_by:
            stream: BinaryIO = opener(fp)
            return stream
    raise KeyError(compressed_by)


class Spooled:
    """A stream's bytes copied once, to open as often as needed: in memory, or in a
    temporary file of the system's (removed by :meth:`close`).

    Attributes:
        size: bytes held.
    """

    def __init__(self, data: bytes | None, path: str | None, size: int) -> None:
        self._data = data
        self._path = path
        self.size = size

    def open(self) -> BinaryIO:
        """The bytes as a new seekable stream at their start (the caller closes it)."""
        if self._path is not None:
            return open(self._path, "rb")  # noqa: SIM115  (the caller closes it)
        return io.BytesIO(self._data or b"")

    def close(self) -> None:
        """Forget the bytes (remove the temporary file, if any)."""
        if self._path is not None:
            with contextlib.suppress(OSError):
                os.unlink(self._path)
            self._path = None
        self._data = None


def spool(stream: IO[bytes], limit: int, name: str) -> Spooled:
    """Copy a stream read forward once, so it can be opened again and gone back in.

    Args:
        stream: the bytes (a tar member, a decompressing stream).
        limit: the most bytes it may give.
        name: what the error names.

    Returns:
        A :class:`Spooled`: in memory up to :data:`IN_MEMORY_BYTES`, else in a
        temporary file (the caller closes it).

    Raises:
        MemberTooLarge: the stream gave more than ``limit`` bytes.
        OSError, EOFError...: one of :data:`PACKED_ERRORS` when the bytes are damaged.
    """
    buf = bytearray()
    out: BinaryIO | None = None
    path: str | None = None
    copied = 0
    try:
        while True:
            chunk = stream.read(min(1 << 20, limit + 1 - copied))
            if not chunk:
                break
            copied += len(chunk)
            if copied > limit:
                raise MemberTooLarge(
                    f"{name}: more than {limit:,} bytes uncompressed, over the archive "
                    "limits: reading stopped"
                )
            if out is None and len(buf) + len(chunk) > IN_MEMORY_BYTES:
                fd, path = tempfile.mkstemp(prefix="hhtools-", suffix=".part")
                out = os.fdopen(fd, "wb")
                out.write(buf)
                buf = bytearray()
            if out is None:
                buf += chunk
            else:
                out.write(chunk)
    except BaseException:
        if out is not None:
            out.close()
        if path is not None:
            with contextlib.suppress(OSError):
                os.unlink(path)
        raise
    if out is not None:
        out.close()
        return Spooled(None, path, copied)
    return Spooled(bytes(buf), None, copied)


def tar_members(fp: BinaryIO, label: str) -> Iterator[tuple[tarfile.TarInfo, Spooled | str]]:
    """The regular files of a tar archive, in the archive's order, each copied in turn.

    Args:
        fp: the archive's bytes, uncompressed (read forward once).
        label: the archive's name, for messages.

    Yields:
        ``(member, bytes)``: the member's header and its bytes (:func:`spool`, the
        caller closes them), or, for a member over the limits, why it is not read.
        Folders, links and devices are left out.

    Raises:
        tarfile.TarError, OSError...: one of :data:`PACKED_ERRORS` when the archive is
            damaged (the members already given stand).
    """
    with tarfile.open(fileobj=fp, mode="r|") as tf:
        for member in tf:
            if not member.isfile():
                continue
            if member.size > MAX_MEMBER_BYTES:
                yield member, (
                    f"{member.size:,} bytes uncompressed, over the limit of "
                    f"{MAX_MEMBER_BYTES:,}: not read"
                )
                continue
            raw = tf.extractfile(member)
            if raw is None:  # pragma: no cover - isfile() members always extract
                continue
            with raw:
                yield member, spool(raw, MAX_MEMBER_BYTES, f"{label}!{member.name}")

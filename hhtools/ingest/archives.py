"""Zip archives read in place, with bounded work per member.

:func:`open_zip` opens an archive (a file, or a member of another archive) without
trusting its member names: a name flagged UTF-8 that is not valid UTF-8 is read
under its bytes shown with backslash escapes instead of stopping the whole archive.
:func:`refusal` says from a member's header whether it is too big to read
(:data:`MAX_MEMBER_BYTES` uncompressed, or a compression ratio over
:data:`MAX_RATIO` past :data:`RATIO_FROM`), and :class:`BoundedMember` counts the
bytes as they are read, so a member whose header lies stops at the same limits with
:class:`MemberTooLarge`.
"""

from __future__ import annotations

import io
import lzma
import struct
import zipfile
import zlib
from bisect import bisect_left
from typing import IO, Any, BinaryIO

__all__ = [
    "MAX_MEMBER_BYTES",
    "MAX_RATIO",
    "RATIO_FROM",
    "ZIP_ERRORS",
    "ZIP_MAGIC",
    "BoundedMember",
    "MemberTooLarge",
    "member_limit",
    "open_zip",
    "refusal",
    "why_unopened",
]

MAX_MEMBER_BYTES = 512 << 20  #: bytes: the most a member may hold uncompressed (512 MiB)
MAX_RATIO = 200  #: uncompressed / compressed: the most a member past RATIO_FROM may expand
RATIO_FROM = 1 << 20  #: bytes: members up to this size (1 MiB) are not held to MAX_RATIO
ZIP_MAGIC = b"PK\x03\x04"  #: the first bytes of a zip archive (a local file header)

#: What opening or reading a damaged archive can raise (never a bug of ours).
ZIP_ERRORS = (
    zipfile.BadZipFile, zipfile.LargeZipFile, OSError, RuntimeError, EOFError,
    UnicodeDecodeError, struct.error, zlib.error, lzma.LZMAError,
)  # fmt: skip

_UTF8_NAME = 0x800  # general purpose flag bit 11: the name is UTF-8


class MemberTooLarge(OSError):
    """A member gave more bytes than its limit while being read (its header understated it)."""


def member_limit(info: zipfile.ZipInfo) -> int:
    """The most bytes a member may give when read: the size and ratio limits together.

    Args:
        info: the member's header.

    Returns:
        Bytes: ``min(MAX_MEMBER_BYTES, max(RATIO_FROM, MAX_RATIO * compressed size))``.
    """
    return min(MAX_MEMBER_BYTES, max(RATIO_FROM, MAX_RATIO * info.compress_size))


def refusal(info: zipfile.ZipInfo) -> str | None:
    """Why a member is too big to read, from its header; ``None`` when it may be read.

    >>> i = zipfile.ZipInfo("a.txt"); i.file_size, i.compress_size = 3 << 20, 10_000
    >>> print(refusal(i))  # doctest: +NORMALIZE_WHITESPACE
    3,145,728 bytes from 10,000 compressed (314:1), over the limit of 200:1 for members
    over 1 MiB: not read
    """
    size, packed = info.file_size, info.compress_size
    if size > MAX_MEMBER_BYTES:
        return f"{size:,} bytes uncompressed, over the limit of {MAX_MEMBER_BYTES:,}: not read"
    if size > RATIO_FROM and size > MAX_RATIO * packed:
        ratio = size // max(packed, 1)
        return (f"{size:,} bytes from {packed:,} compressed ({ratio}:1), over the limit of "
                f"{MAX_RATIO}:1 for members over {RATIO_FROM >> 20} MiB: not read")  # fmt: skip
    return None


class BoundedMember(io.RawIOBase):
    """A member's bytes (a seekable stream) that stop at a limit, whatever the header says.

    Reading past ``limit`` bytes from the start raises :class:`MemberTooLarge`.
    """

    def __init__(self, raw: IO[bytes], limit: int, name: str) -> None:
        super().__init__()
        self._raw = raw
        self._limit = limit
        self._name = name

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def _check(self) -> None:
        if self._raw.tell() > self._limit:
            raise MemberTooLarge(
                f"{self._name}: more than {self._limit:,} bytes uncompressed, over the "
                "archive limits: reading stopped"
            )

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        data = self._raw.read(len(buffer))
        self._check()
        n = len(data)
        buffer[:n] = data
        return n

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        pos = self._raw.seek(offset, whence)
        self._check()
        return pos

    def tell(self) -> int:
        return self._raw.tell()

    def close(self) -> None:
        if not self.closed:
            self._raw.close()
        super().close()


class _Patched(io.RawIOBase):
    """A seekable view of ``raw`` with a few bytes replaced: ``patches`` maps offset -> bytes."""

    def __init__(self, raw: BinaryIO, patches: dict[int, bytes]) -> None:
        super().__init__()
        self._raw = raw
        self._at = sorted(patches)
        self._patches = patches
        self._pos = raw.tell()

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        self._raw.seek(self._pos)
        got = bytearray()
        while len(got) < len(buffer):
            part = self._raw.read(len(buffer) - len(got))
            if not part:
                break
            got += part
        start, end = self._pos, self._pos + len(got)
        i = bisect_left(self._at, start - 8)
        while i < len(self._at) and self._at[i] < end:
            at = self._at[i]
            for k, byte in enumerate(self._patches[at]):
                if start <= at + k < end:
                    got[at + k - start] = byte
            i += 1
        buffer[: len(got)] = got
        self._pos = end
        return len(got)

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        if whence == io.SEEK_SET:
            self._pos = offset
        elif whence == io.SEEK_CUR:
            self._pos += offset
        else:
            self._pos = self._raw.seek(offset, whence)
        return self._pos

    def tell(self) -> int:
        return self._pos


def _bad_name_patches(fp: BinaryIO) -> tuple[dict[int, bytes], list[bytes]]:
    """Offsets of the UTF-8 flags to clear so the archive opens, and the names they mark.

    Every member whose name is flagged UTF-8 but is not valid UTF-8 gets its flag
    cleared in the central directory and in its local header; its name is then read
    as cp437 (every byte a character), which :func:`open_zip` turns back into bytes.

    Raises:
        zipfile.BadZipFile: no end-of-archive record.
    """
    zf: Any = zipfile  # the end record is read the way zipfile reads it (its private helpers)
    endrec = zf._EndRecData(fp)
    if not endrec:
        raise zipfile.BadZipFile("File is not a zip file")
    size_cd, offset_cd = endrec[zf._ECD_SIZE], endrec[zf._ECD_OFFSET]
    concat = endrec[zf._ECD_LOCATION] - size_cd - offset_cd
    if endrec[zf._ECD_SIGNATURE] == zf.stringEndArchive64:
        concat -= zf.sizeEndCentDir64 + zf.sizeEndCentDir64Locator
    start = offset_cd + concat
    fp.seek(start)
    data = fp.read(size_cd)
    patches: dict[int, bytes] = {}
    names: list[bytes] = []
    locals_: list[int] = []
    pos = 0
    while pos + 46 <= len(data) and data[pos : pos + 4] == b"PK\x01\x02":
        (flags,) = struct.unpack_from("<H", data, pos + 8)
        n_name, n_extra, n_comment = struct.unpack_from("<3H", data, pos + 28)
        (local,) = struct.unpack_from("<L", data, pos + 42)
        name = data[pos + 46 : pos + 46 + n_name]
        if flags & _UTF8_NAME:
            try:
                name.decode("utf-8")
            except UnicodeDecodeError:
                patches[start + pos + 8] = struct.pack("<H", flags & ~_UTF8_NAME)
                names.append(name)
                if local != 0xFFFFFFFF:  # a zip64 offset sits in the extra field
                    locals_.append(local + concat)
        pos += 46 + n_name + n_extra + n_comment
    for local in locals_:
        fp.seek(local)
        header = fp.read(8)
        if len(header) == 8 and header[:4] == ZIP_MAGIC:
            (flags,) = struct.unpack_from("<H", header, 6)
            patches[local + 6] = struct.pack("<H", flags & ~_UTF8_NAME)
    fp.seek(0)
    return patches, names


def open_zip(fp: BinaryIO) -> tuple[zipfile.ZipFile, dict[str, str]]:
    """Open an archive from a seekable binary stream, whatever its member names hold.

    Args:
        fp: the archive's bytes (a file, or a member of another archive).

    Returns:
        ``(archive, renamed)``: ``renamed`` maps the ``orig_filename`` of each member
        whose name is flagged UTF-8 but is not valid UTF-8 to the name it is read
        under (its UTF-8 with the bad bytes as ``\\xNN`` escapes); empty when every
        name is sound.

    Raises:
        zipfile.BadZipFile, OSError...: one of :data:`ZIP_ERRORS` when the archive
            cannot be opened at all.
    """
    try:
        return zipfile.ZipFile(fp), {}
    except UnicodeDecodeError:
        fp.seek(0)
    patches, names = _bad_name_patches(fp)
    zf = zipfile.ZipFile(_Patched(fp, patches))
    bad = set(names)
    renamed = {
        info.orig_filename: info.orig_filename.encode("cp437").decode("utf-8", "backslashreplace")
        for info in zf.infolist()
        if info.orig_filename.encode("cp437") in bad
    }
    return zf, renamed


def why_unopened(fp: BinaryIO, exc: BaseException) -> str:
    """What is wrong with an archive :func:`open_zip` could not open, in a user's words.

    Args:
        fp: the archive's bytes (seekable; read again from the start here).
        exc: what opening it raised (one of :data:`ZIP_ERRORS`).

    Returns:
        ``"not a .zip archive ..."`` when its bytes do not start as a zip's (another
        file named ``.zip``), ``"a .zip archive cut short or damaged ..."`` when they
        do (a download or copy that stopped part-way: the archive's table of contents
        is at its end), each with what the reader said.

    >>> import io
    >>> why_unopened(io.BytesIO(b"PK\\x03\\x04 and then nothing"), zipfile.BadZipFile("x"))
    'a .zip archive cut short or damaged, so not read (x)'
    """
    try:
        fp.seek(0)
        head = fp.read(len(ZIP_MAGIC))
    except (OSError, ValueError):
        head = b""
    if head == ZIP_MAGIC or not isinstance(exc, zipfile.BadZipFile):
        return f"a .zip archive cut short or damaged, so not read ({exc})"
    return f"not a .zip archive (its first bytes are not a zip's), so not read ({exc})"

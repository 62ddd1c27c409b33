"""The first bytes of a file as it was when looked at: what ``hhtools watch`` reads of a
file the poker client is still writing.

:class:`Prefix` is a seekable stream over a file's first ``limit`` bytes (a snapshot:
bytes written after it are not seen), so a growing file is split into hands only up
to the size the watcher decided to take; :func:`prefix_digest` is the SHA-256 of a
file's first bytes, to tell a file that grew from one that was rewritten.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

__all__ = ["Prefix", "prefix_digest"]


class Prefix(io.RawIOBase):
    """The first ``limit`` bytes of a file, as a seekable stream (a growing file's
    snapshot: bytes written after the snapshot are not seen)."""

    def __init__(self, path: Path, limit: int) -> None:
        super().__init__()
        self._raw = open(path, "rb")  # noqa: SIM115  (closed by close())
        self._limit = limit
        self._pos = 0

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        want = min(len(buffer), self._limit - self._pos)
        if want <= 0:
            return 0
        self._raw.seek(self._pos)
        data = self._raw.read(want)
        buffer[: len(data)] = data
        self._pos += len(data)
        return len(data)

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self._pos, io.SEEK_END: self._limit}[whence]
        self._pos = max(0, base + offset)
        return self._pos

    def tell(self) -> int:
        return self._pos

    def close(self) -> None:
        self._raw.close()
        super().close()


def prefix_digest(path: Path, size: int) -> str | None:
    """SHA-256 (hex) of the first ``size`` bytes of ``path``; ``None`` when the file is
    shorter or cannot be read."""
    sha, left = hashlib.sha256(), size
    try:
        with open(path, "rb") as fh:
            while left > 0:
                block = fh.read(min(left, 1 << 20))
                if not block:
                    return None
                sha.update(block)
                left -= len(block)
    except OSError:
        return None
    return sha.hexdigest()

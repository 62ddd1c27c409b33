"""One name per file in a store: its resolved absolute path.

``hhtools import`` names each file by its resolved path
(:func:`hhtools.ingest.sources.iter_sources` with ``resolve``: ``x``, ``./x``,
``/home/ann/x`` and a link to it are one name), so a folder imported once by a relative
and once by an absolute path, or through a link, is known the second time: a file with
the same name, size and time is not read again, and what a file read again listed
before is withdrawn under its one name.

A store made before named files by the path as given (``imports.file``,
``import_errors.file``). :class:`StoredNames` maps those names to the names an import
gives now, a relative one taken from the current folder (as the import that stored it
took it, when run from the same folder), so such a store keeps working: a re-import of
the same files from the same folder adds nothing and reads nothing again.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

import duckdb

__all__ = ["StoredNames", "resolved_name"]


def resolved_name(name: str, folders: dict[str, str] | None = None) -> str:
    """The name a resolving walk gives the file, archive member or path an earlier
    walk named ``name`` (a relative name is taken from the current folder).

    Args:
        name: a file's path, ``archive.zip!member`` or ``archive.zip!inner.zip!member``.
        folders: a cache of resolved folders shared by the calls on many names (a
            system call or two a name instead of one per folder on its way).

    >>> resolved_name("/"), resolved_name("/no/such/a.zip!x/y.txt")
    ('/', '/no/such/a.zip!x/y.txt')
    """
    path, bang, member = name, "", ""
    if "!" in name and not os.path.lexists(name):
        path, bang, member = name.partition("!")
    given = os.path.isabs(path)
    head, tail = os.path.split(os.path.normpath(path) if given else os.path.abspath(path))
    if folders is None:
        folders = {}
    real = folders.get(head)
    if real is None:
        real = folders[head] = os.path.realpath(head)
    if given and real == head and not bang:  # in a resolved folder: taken as resolved
        return os.path.join(real, tail) if tail else real  # (a link named itself is rare)
    full = os.path.join(real, tail) if tail else real
    if tail and os.path.islink(full):
        full = os.path.realpath(full)
    return full + bang + member


class StoredNames:
    """The file names a store holds (``imports.file``, ``import_errors.file``), each
    with the name an import gives that file now (:func:`resolved_name`).

    Args:
        con: the open store; its distinct names are read once.
    """

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        folders: dict[str, str] = {}
        here = os.getcwd()  # once: os.path.abspath asks for it at every name
        #: name as stored -> name now
        self.now: dict[str, str] = {}
        #: name now -> the other names earlier imports stored it under
        self.older: dict[str, list[str]] = {}
        for (name,) in con.execute(
            "SELECT file FROM imports UNION SELECT file FROM import_errors"
        ).fetchall():
            if name is None:
                continue
            full = name if os.path.isabs(name) else os.path.join(here, name)
            now = self.now[name] = resolved_name(full, folders)
            if now != name:
                self.older.setdefault(now, []).append(name)

    def names(self, now: Iterable[str]) -> list[str]:
        """Every name the files ``now`` (names an import gives now) are stored under:
        those names and their older ones, sorted."""
        out = set(now)
        for name in list(out):
            out.update(self.older.get(name, ()))
        return sorted(out)

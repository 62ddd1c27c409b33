"""The store as a Parquet dataset: layout, manifest of committed files, and DuckDB views.

An import on Dask (:mod:`hhtools.store.dask_engine`) writes the same tables as the
embedded DuckDB store (:data:`hhtools.store.schema.TABLES`, same columns, same Arrow
types, money in integer minor units) as Parquet files under one folder::

    DIR/_manifest/000001-000003.json      one file per commit (added and removed files)
    DIR/hands/site=pokerstars/month=2024-01/part-1-00003-0.parquet
    DIR/seats/site=.../month=.../...      every hand table: hive style, by site and month
    DIR/imports/import_id=1/part-1-00003.parquet          (one row per file imported)
    DIR/import_errors/import_id=1/part-1-00003.parquet    (problems and notes)
    DIR/_staging/1/00003/<table>.parquet  a task's rows before the import keeps them

The partition columns are kept inside the files too, so a file read alone has every
column. ``month`` is the hand's ``started_at`` (the site's clock) as ``YYYY-MM``
(:data:`NO_MONTH` when unknown).

Only files named by the manifest are part of the dataset: a file is written under a
temporary name, renamed, and then named by a manifest commit, itself written under a
temporary name and renamed (one object ``PUT`` on object storage). A task that failed or
ran twice leaves at most files no commit names; the next import deletes them
(:meth:`Dataset.clean_orphans`). Readers never list the folders, so they never see them.

The engine deletes only what is its own: a file a commit named, or a file under one of
its own names (``part-<import>-...``, a staging or temporary file) of a run the manifest
recorded before it wrote anything (``{"run": import_id}``). A folder is made a dataset
only when it is new or empty; a symbolic link, or any file it did not write, in the
folders it manages makes it refuse (:class:`ForeignFiles`) before deleting anything, and
a link is never followed.

Storage is any ``pyarrow.fs`` file system: a local or network folder, ``s3://``,
``gs://``, ``hdfs://``, or any fsspec file system (``pyarrow.fs.FSSpecHandler``).
"""

from __future__ import annotations

import json
import os
import re
import stat
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import duckdb
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as pads
import pyarrow.fs as pafs
import pyarrow.parquet as pq

from hhtools.store.schema import ARROW_SCHEMAS, TABLES

__all__ = [
    "MANIFEST",
    "NO_MONTH",
    "Dataset",
    "ForeignFiles",
    "PartitionWriter",
    "connect_dataset",
    "is_dataset",
]

MANIFEST = "_manifest"  #: folder of the commit files
STAGING = "_staging"  #: folder of the tasks' rows not yet kept
NO_MONTH = "__HIVE_DEFAULT_PARTITION__"  #: month of a hand without a start time
ROWS_PER_FILE = 1_000_000  #: a Parquet file holds at most this many rows
ROW_GROUP = 128 * 1024  #: rows per Parquet row group
COMPRESSION = "zstd"
BOOK_TABLES = ("imports", "import_errors")  #: partitioned by import run, not by hand
_TMP = r"(?:\.[0-9a-f]{8}\.tmp)?"
_TABLE = "|".join(map(re.escape, TABLES))
#: the names the engine writes; group ``run`` is the import that wrote the file
OWN_NAME = re.compile(
    rf"(?:(?:{_TABLE})/site=[^/]+/month=[^/]+/part-(?P<run>\d+)-(?:\d{{5,}}|sessions)-\d+"
    rf"\.parquet{_TMP}"
    rf"|(?:{'|'.join(BOOK_TABLES)})/import_id=(?P<book>\d+)/part-(?P=book)-(?:\d{{5,}}|paths)"
    rf"\.parquet{_TMP}"
    rf"|{STAGING}/(?P<staged>\d+)/\d{{5,}}/(?:{_TABLE})\.parquet(?:\.tmp)?"
    rf"|{MANIFEST}/\d{{6,}}-\d{{6,}}\.json{_TMP})"
)  # fmt: skip


class ForeignFiles(OSError):
    """The dataset's folder holds what the engine did not write (or a link): it refuses
    to write or delete there; the message names the paths and what to do."""


def _filesystem(root: str | Path) -> tuple[pafs.FileSystem, str]:
    """``(file system, path of root on it)`` for a local path or a URL."""
    text = str(root)
    if "://" not in text:
        return pafs.LocalFileSystem(), os.path.abspath(text)
    try:
        found: tuple[Any, str] = pafs.FileSystem.from_uri(text)
        return found
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):  # a scheme only fsspec knows
        import fsspec

        fs, path = fsspec.core.url_to_fs(text)
        return pafs.PyFileSystem(pafs.FSSpecHandler(fs)), path


def _check_fresh(fs: pafs.FileSystem, base: str, root: str) -> None:
    """Raise :class:`ForeignFiles` unless ``base`` is a dataset, missing, or empty."""
    info = fs.get_file_info(base)
    if info.type == pafs.FileType.NotFound:
        return
    if info.type != pafs.FileType.Directory:
        raise ForeignFiles(f"{root} is a file, not a folder: give --dataset a new folder")
    if fs.get_file_info(f"{base}/{MANIFEST}").type == pafs.FileType.Directory:
        return
    inside = fs.get_file_info(pafs.FileSelector(base))
    if inside:
        names = ", ".join(sorted(i.base_name for i in inside)[:3])
        raise ForeignFiles(f"{root} is not an hhtools dataset and is not empty ({names}"
                           f"{', ...' if len(inside) > 3 else ''}): give --dataset a new or "
                           f"empty folder (nothing was written or deleted)")  # fmt: skip


def _walk_local(base: str, top: str) -> Iterator[tuple[str, str]]:
    """:meth:`Dataset._walk` on a local disk: ``lstat``, so a link is seen, not followed."""
    try:
        mode = os.lstat(f"{base}/{top}").st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISDIR(mode):
        yield top, "link" if stat.S_ISLNK(mode) else "file" if stat.S_ISREG(mode) else "other"
        return
    yield top, "dir"
    stack = [top]
    while stack:
        rel = stack.pop()
        with os.scandir(f"{base}/{rel}") as entries:
            for e in entries:
                path = f"{rel}/{e.name}"
                if e.is_symlink():
                    yield path, "link"
                elif e.is_dir(follow_symlinks=False):
                    yield path, "dir"
                    stack.append(path)
                else:
                    yield path, "file" if e.is_file(follow_symlinks=False) else "other"


def is_dataset(path: str | Path) -> bool:
    """Whether ``path`` is a dataset folder (it holds a ``_manifest`` folder)."""
    try:
        fs, root = _filesystem(path)
        info = fs.get_file_info(f"{root}/{MANIFEST}")
    except (OSError, pa.ArrowException):
        return False
    return bool(info.type == pafs.FileType.Directory)


@dataclass(slots=True)
class Dataset:
    """A dataset folder and the files its manifest has committed.

    Attributes:
        root: the folder (local path or URL) as given.
        fs: its file system; ``base``: the folder's path on it.
        files: table -> committed files (paths relative to ``base``), in commit order.
        rows: relative path -> rows in that file.
        commits: names of the commit files read, in order.
        named: every path a commit ever added (kept or removed since): the engine's own.
        runs: the imports the manifest recorded as started (:meth:`begin`).
    """

    root: str
    fs: pafs.FileSystem = field(repr=False)
    base: str
    files: dict[str, list[str]] = field(default_factory=dict)
    rows: dict[str, int] = field(default_factory=dict)
    commits: list[str] = field(default_factory=list)
    named: set[str] = field(default_factory=set)
    runs: set[int] = field(default_factory=set)

    @classmethod
    def open(cls, root: str | Path, create: bool = False) -> Dataset:
        """Read the manifest of ``root``.

        Args:
            root: the dataset folder (local path or URL).
            create: make the folder and its manifest folder when missing.

        Raises:
            FileNotFoundError: no dataset at ``root`` and ``create`` is false.
            ForeignFiles: ``create`` and ``root`` is neither a dataset nor a new or
                empty folder (nothing is written there).
        """
        fs, base = _filesystem(root)
        if create:
            _check_fresh(fs, base, str(root))
            fs.create_dir(f"{base}/{MANIFEST}", recursive=True)
        elif fs.get_file_info(f"{base}/{MANIFEST}").type != pafs.FileType.Directory:
            raise FileNotFoundError(f"no dataset at {root}: run 'hhtools import --engine dask "
                                    f"--dataset {root}' first")  # fmt: skip
        ds = cls(str(root), fs, base)
        ds.reload()
        return ds

    @classmethod
    def at(cls, root: str | Path) -> Dataset:
        """The folder ``root`` without reading its manifest (a worker writing files)."""
        fs, base = _filesystem(root)
        return cls(str(root), fs, base)

    def path(self, rel: str) -> str:
        """The full path of ``rel`` on :attr:`fs`."""
        return f"{self.base}/{rel}"

    def reload(self) -> None:
        """Read every commit file again (commits are applied in name order)."""
        self.files = {t: [] for t in TABLES}
        self.rows = {}
        self.named, self.runs = set(), set()
        sel = pafs.FileSelector(self.path(MANIFEST), allow_not_found=True)
        names = sorted(i.base_name for i in self.fs.get_file_info(sel)
                       if i.base_name.endswith(".json"))  # fmt: skip
        self.commits = names
        for name in names:
            with self.fs.open_input_stream(self.path(f"{MANIFEST}/{name}")) as fh:
                entry = json.loads(fh.read().decode("utf-8"))
            self._apply(entry)

    def _apply(self, entry: dict[str, Any]) -> None:
        if "run" in entry:
            self.runs.add(int(entry["run"]))
        gone = set(entry.get("remove", []))
        if gone:
            for table, paths in self.files.items():
                self.files[table] = [p for p in paths if p not in gone]
            for p in gone:
                self.rows.pop(p, None)
        for item in entry.get("add", []):
            self.files.setdefault(item["table"], []).append(item["path"])
            self.rows[item["path"]] = int(item["rows"])
            self.named.add(item["path"])

    def commit(self, name: str, add: Iterable[dict[str, Any]], remove: Iterable[str] = (),
               note: dict[str, Any] | None = None) -> None:  # fmt: skip
        """Commit files: they (and no longer ``remove``) are part of the dataset.

        Args:
            name: the commit's name (``<import_id>-<seq>``, sorting in commit order).
            add: ``{"table", "path" (relative), "rows"}`` of each file written.
            remove: relative paths no longer part of the dataset (left in place for
                readers that opened it before; the next import deletes them).
            note: anything worth keeping beside (files imported, counts).
        """
        entry = {"add": list(add), "remove": list(remove), **(note or {})}
        self.write_bytes(f"{MANIFEST}/{name}.json", json.dumps(entry, indent=1).encode())
        self.commits.append(f"{name}.json")
        self._apply(entry)

    def begin(self, import_id: int) -> None:
        """Record in the manifest that import ``import_id`` starts writing, before it
        writes any file: what it leaves uncommitted is then known as its own (and
        :meth:`clean_orphans` may delete it). Idempotent."""
        if import_id not in self.runs:
            self.commit(f"{import_id:06d}-000000", (), note={"run": import_id})

    def own(self, rel: str) -> bool:
        """Whether the engine wrote ``rel`` (relative path): a commit named it, or it has
        one of the engine's names (:data:`OWN_NAME`) and its run is recorded."""
        if rel in self.named:
            return True
        m = OWN_NAME.fullmatch(rel)
        if m is None:
            return False
        run = m.group("run") or m.group("book") or m.group("staged")
        return run is None or int(run) in self.runs  # (a manifest's temporary file: own)

    # ---- files ------------------------------------------------------------------------

    def write_bytes(self, rel: str, data: bytes) -> None:
        """Write a small file under a temporary name, then rename it to ``rel``."""
        tmp = f"{rel}.{uuid.uuid4().hex[:8]}.tmp"
        self.fs.create_dir(self.path(rel).rsplit("/", 1)[0], recursive=True)
        with self.fs.open_output_stream(self.path(tmp)) as fh:
            fh.write(data)
        self.fs.move(self.path(tmp), self.path(rel))

    def write_table(self, rel: str, table: pa.Table) -> int:
        """Write ``table`` as one Parquet file ``rel`` (temporary name, then rename);
        returns the rows written."""
        tmp = f"{rel}.{uuid.uuid4().hex[:8]}.tmp"
        self.fs.create_dir(self.path(rel).rsplit("/", 1)[0], recursive=True)
        pq.write_table(table, self.path(tmp), filesystem=self.fs, compression=COMPRESSION,
                       row_group_size=ROW_GROUP)  # fmt: skip
        self.fs.move(self.path(tmp), self.path(rel))
        return int(table.num_rows)

    def read_table(self, rel: str) -> pa.Table:
        """One Parquet file of the dataset (or of its staging folder)."""
        return pq.read_table(self.path(rel), filesystem=self.fs)

    def delete(self, rel: str) -> int:
        """Delete the engine's own files under ``rel`` (a file or folder) and the folders
        left empty; nothing when it is gone already. Returns the files deleted.

        Raises:
            ForeignFiles: something under ``rel`` is not the engine's own (see
                :meth:`own`) or is a link; then nothing is deleted.
        """
        mine, dirs = self._sort_out([rel])
        for path in mine:
            self.fs.delete_file(self.path(path))
        for path in sorted(dirs, key=len, reverse=True):
            self.fs.delete_dir(self.path(path))  # empty now: all it held was ours
        return len(mine)

    def _sort_out(self, tops: Iterable[str]) -> tuple[list[str], list[str]]:
        """The engine's own files and the folders under ``tops``.

        Raises:
            ForeignFiles: anything else is there (a file it did not write, a link).
        """
        mine: list[str] = []
        dirs: list[str] = []
        foreign: list[str] = []
        for top in tops:
            for rel, kind in self._walk(top):
                if kind == "dir":
                    dirs.append(rel)
                elif kind == "file" and self.own(rel):
                    mine.append(rel)
                else:
                    foreign.append(rel + (" (a link)" if kind == "link" else ""))
        if foreign:
            shown = ", ".join(foreign[:3]) + (f" and {len(foreign) - 3} more"
                                              if len(foreign) > 3 else "")  # fmt: skip
            raise ForeignFiles(
                f"{self.root} holds what hhtools did not write, in the folders it manages: "
                f"{shown}; it deletes only the files its manifest names and follows no link: "
                f"move them out, or give --dataset a new folder (nothing was deleted)")
        return mine, dirs

    def _walk(self, rel: str) -> Iterator[tuple[str, str]]:
        """``(relative path, kind)`` of ``rel`` and all under it, links not followed;
        kind is ``file``, ``dir``, ``link`` or ``other``. Nothing when it is missing."""
        if isinstance(self.fs, pafs.LocalFileSystem):
            yield from _walk_local(self.base, rel)
            return
        info = self.fs.get_file_info(self.path(rel))  # object stores: no links
        if info.type == pafs.FileType.NotFound:
            return
        if info.type != pafs.FileType.Directory:
            yield rel, "file" if info.type == pafs.FileType.File else "other"
            return
        yield rel, "dir"
        for i in self.fs.get_file_info(pafs.FileSelector(self.path(rel), recursive=True)):
            kind = {pafs.FileType.File: "file", pafs.FileType.Directory: "dir"}.get(i.type)
            yield i.path[len(self.base) + 1:], kind or "other"

    def size(self) -> int:
        """Bytes of the committed files."""
        paths = [self.path(p) for ps in self.files.values() for p in ps]
        return sum(i.size or 0 for i in self.fs.get_file_info(paths)) if paths else 0

    def clean_orphans(self) -> int:
        """Delete the engine's own files that no commit keeps: the staging folder,
        temporary files, files of tasks that failed, ran twice or whose run died, and
        files a commit removed. Call it only while no import writes to the dataset.
        Returns the files deleted.

        Raises:
            ForeignFiles: a table, staging or manifest folder holds a file the engine did
                not write, or a link (then nothing is deleted, and no link is followed).
        """
        kept = {p for ps in self.files.values() for p in ps}
        mine, dirs = self._sort_out([*TABLES, STAGING, MANIFEST])
        gone = 0
        for path in mine:
            if path not in kept and not (path.startswith(f"{MANIFEST}/")
                                         and path.endswith(".json")):  # fmt: skip
                self.fs.delete_file(self.path(path))
                gone += not path.startswith((f"{STAGING}/", f"{MANIFEST}/"))
        for path in sorted(dirs, key=len, reverse=True):
            if path == STAGING or path.startswith(f"{STAGING}/"):
                self.fs.delete_dir(self.path(path))
        return gone

    def arrow_dataset(self, table: str) -> pa.Table | pads.Dataset:
        """The committed files of ``table`` as one Arrow dataset of the store's schema
        (an empty table when none)."""
        schema = ARROW_SCHEMAS[table]
        paths = [self.path(p) for p in self.files.get(table, [])]
        if not paths:
            return schema.empty_table()
        return pads.dataset(paths, schema=schema, format="parquet", filesystem=self.fs)


def partition_dir(table: str, site: str | None, month: str) -> str:
    """The hive folder of a hand table's partition, e.g. ``hands/site=x/month=2024-01``."""
    return f"{table}/site={quote(site or NO_MONTH, safe='')}/month={quote(month, safe='')}"


def months_of(started_at: pa.ChunkedArray | pa.Array) -> pa.Array:
    """``YYYY-MM`` of each start time; :data:`NO_MONTH` for a null."""
    text = pc.strftime(started_at, format="%Y-%m")
    return pc.fill_null(text, NO_MONTH)


class PartitionWriter:
    """Writes rows of one table into its site/month partitions, a file per partition
    and :data:`ROWS_PER_FILE` rows, under names that start with ``prefix``.

    Rows go in with :meth:`write` (a table with the store's columns and a ``_month``
    column); :meth:`close` writes the files (temporary name, then rename) and returns
    their ``{"table", "path", "rows"}`` for a commit. A task that runs again writes
    the same names, so a repeated task never leaves two copies.
    """

    def __init__(self, ds: Dataset, table: str, prefix: str) -> None:
        self.ds, self.table, self.prefix = ds, table, prefix
        self.parts: dict[tuple[str, str], list[pa.Table]] = {}
        self.held: dict[tuple[str, str], int] = {}
        self.written: list[dict[str, Any]] = []
        self.count: dict[tuple[str, str], int] = {}

    def write(self, rows: pa.Table) -> None:
        """Add rows (store columns plus ``_month``)."""
        if rows.num_rows == 0:
            return
        keys = pa.table({"s": rows.column("site"), "m": rows.column("_month")})
        body = rows.drop_columns(["_month"]).select(ARROW_SCHEMAS[self.table].names)
        for site, month in _pairs(keys.group_by(["s", "m"]).aggregate([])):
            mask = pc.and_(pc.equal(keys["s"], site) if site is not None
                           else pc.is_null(keys["s"]), pc.equal(keys["m"], month))  # fmt: skip
            key = (site, month)
            self.parts.setdefault(key, []).append(body.filter(mask))
            self.held[key] = self.held.get(key, 0) + int(pc.sum(mask).as_py() or 0)
            if self.held[key] >= ROWS_PER_FILE:
                self._flush(key)

    def _flush(self, key: tuple[str, str]) -> None:
        parts = self.parts.pop(key, [])
        self.held.pop(key, None)
        if not parts:
            return
        n = self.count.get(key, 0)
        self.count[key] = n + 1
        rel = f"{partition_dir(self.table, key[0], key[1])}/{self.prefix}-{n}.parquet"
        rows = self.ds.write_table(rel, pa.concat_tables(parts))
        self.written.append({"table": self.table, "path": rel, "rows": rows})

    def close(self) -> list[dict[str, Any]]:
        """Write what is held; the files written, for a commit."""
        for key in list(self.parts):
            self._flush(key)
        return self.written


def _pairs(table: pa.Table) -> list[tuple[Any, Any]]:
    """The rows of a two-column table as tuples."""
    return list(zip(table.column(0).to_pylist(), table.column(1).to_pylist(), strict=True))


def connect_dataset(root: str | Path, external_access: bool = False) -> duckdb.DuckDBPyConnection:
    """A DuckDB connection over a dataset: a view per table and every store view.

    Each table of the embedded store is a view of the same name and columns over the
    committed Parquet files (read through Arrow datasets, so DuckDB itself opens no
    file), and :data:`hhtools.store.views.VIEWS` are created over them: queries,
    reports and statistics run unchanged. The connection is in memory: nothing it does
    can change the dataset.

    Args:
        root: the dataset folder (local path or URL).
        external_access: let SQL read or write other files (off by default, as for
            ``hhtools sql``: then DuckDB refuses every file, the dataset's included).

    Raises:
        FileNotFoundError: no dataset at ``root``.
    """
    from hhtools.store.views import create_views

    ds = Dataset.open(root)
    config: dict[str, Any] = {}
    if not external_access:
        config["enable_external_access"] = False
    con = duckdb.connect(":memory:", config=config)
    con.execute("SET enable_progress_bar = false")
    register_tables(con, ds)
    create_views(con, temporary=True)
    return con


def register_tables(con: duckdb.DuckDBPyConnection, ds: Dataset) -> None:
    """Register each table of ``ds`` on ``con`` as a temporary view of its name."""
    for table in TABLES:
        con.register(f"_pq_{table}", ds.arrow_dataset(table))
        con.execute(f"CREATE OR REPLACE TEMP VIEW {table} AS SELECT * FROM _pq_{table}")


def table_files(ds: Dataset) -> Iterator[tuple[str, str, int]]:
    """``(table, relative path, rows)`` of every committed file."""
    for table, paths in ds.files.items():
        for p in paths:
            yield table, p, ds.rows.get(p, 0)

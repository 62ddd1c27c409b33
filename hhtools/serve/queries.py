"""The server's reading of the store: one open store taken in turns, its version, checked
parameters, and the SQL of the hands list.

Every statement binds its values as parameters; what goes into SQL text is only this
module's constants (sort columns come from :data:`HAND_SORTS`, table names from the
store's schema). A parameter that cannot be read raises :class:`BadParam` naming it,
which the application answers with a 400 (:mod:`hhtools.serve.app`).

The filters are the store's own: time, site, game, limit, stakes and currency read as
``hhtools stats`` reads them (:class:`hhtools.store.stats.StatsFilter`), so a list and
the statistics count the same hands.
"""

from __future__ import annotations

import contextlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, replace
from datetime import date, datetime
from pathlib import Path
from typing import Any

from hhtools.model.vocab import FindingKind
from hhtools.serve.keeper import SnapshotKeeper
from hhtools.serve.snapshot import Snapshot
from hhtools.store.api import HandStore, connect
from hhtools.store.stats import StatsError, StatsFilter, suggest_player

__all__ = [
    "HAND_SORTS", "MAX_PER_PAGE", "BadParam", "HandsQuery", "NotFound", "ServedStore",
    "StoreMissing", "flag", "hands_page", "weight", "integer", "known_player", "json_value", "neighbours", "paging",
    "stats_filter",
]

MAX_PER_PAGE = 200  #: rows a list gives at most per page (a page stays far under 2 MB)
CACHE_SIZE = 64  #: answers kept per store version (the players list of each filter...)
#: ... and the bytes they may hold together (a players list of a million-hand store is
#: some 60 MB: a few of them, not 64); the oldest answers go first
CACHE_BYTES = 256 * 2**20

#: ``sort=`` of the hands list -> its SQL over ``hands h`` (a whitelist: nothing else
#: reaches the ORDER BY)
HAND_SORTS: dict[str, str] = {
    "played_at": "h.started_at",
    "pot": "h.total_pot",
    "players": "h.players",
    "findings": "h.findings",
    "site": "h.site",
    "hand_id": "h.hand_id",
    "stakes": "h.big_blind",
    "rake": "h.rake",
}


class BadParam(ValueError):
    """A query parameter that cannot be read (answered with a 400 naming it).

    Attributes:
        param: the parameter's name.
        message: what is wrong, and what to give.
    """

    def __init__(self, param: str, message: str) -> None:
        super().__init__(message)
        self.param = param
        self.message = message


class NotFound(LookupError):
    """An unknown player or hand (answered with a 404)."""


class StoreMissing(RuntimeError):
    """There is no store where the server was told to read (answered with a 503)."""


def integer(name: str, text: str | None, default: int | None = None, *, low: int | None = None,
            high: int | None = None) -> int | None:  # fmt: skip
    """A whole-number parameter, checked.

    Args:
        name: the parameter's name (for the message).
        text: its value as given (``None`` or empty: ``default``).
        default: the value when not given.
        low, high: the bounds allowed (inclusive).

    Raises:
        BadParam: not a whole number, or out of bounds.

    >>> integer("page", "3"), integer("page", None, 1)
    (3, 1)
    """
    if text is None or text == "":
        return default
    try:
        value = int(text.strip())
    except ValueError:
        raise BadParam(name, f"{name} must be a whole number, not {text!r}") from None
    if low is not None and value < low:
        raise BadParam(name, f"{name} must be {low} or more, not {value}")
    if high is not None and value > high:
        raise BadParam(name, f"{name} must be {high} or less, not {value}")
    return value


def flag(name: str, text: str | None) -> bool:
    """A yes/no parameter: ``1``, ``true``, ``yes``, ``on`` or ``0``, ``false``, ``no``,
    ``off``, empty (any case).

    Raises:
        BadParam: anything else.

    >>> flag("desc", "1"), flag("desc", None), flag("desc", "No")
    (True, False, False)
    """
    if text is None:
        return False
    word = text.strip().lower()
    if word in ("1", "true", "yes", "on"):
        return True
    if word in ("", "0", "false", "no", "off"):
        return False
    raise BadParam(name, f"{name} must be 1 or 0 (true or false), not {text!r}")


def paging(page: str | None, per_page: str | None, default: int = 50) -> tuple[int, int]:
    """``(page, per_page)`` checked: pages from 1, 1 to :data:`MAX_PER_PAGE` rows a page.

    Raises:
        BadParam: either out of bounds or not a number.
    """
    p = integer("page", page, 1, low=1, high=10**9)
    n = integer("per_page", per_page, default, low=1, high=MAX_PER_PAGE)
    return int(p or 1), int(n or default)


#: ``StatsFilter`` fields the query string may give, in the order they are checked
_FILTER_FIELDS = tuple(f.name for f in fields(StatsFilter) if f.name != "min_hands")


#: The betting structure's query parameter (``PL``, ``FL``, ``NL``), and its old name,
#: still read (deprecated: a web API's ``limit`` reads as a row count; rows are paged by
#: ``page`` and ``per_page``).
STRUCTURE, OLD_STRUCTURE = "structure", "limit"


def structure_param(values: dict[str, Any]) -> tuple[str, Any]:
    """The betting structure asked for, and the name it was given under: ``structure``,
    or its deprecated old name ``limit``.

    Raises:
        BadParam: both given, with different values.
    """
    new, old = values.get(STRUCTURE) or None, values.get(OLD_STRUCTURE) or None
    if new is not None and old is not None and new != old:
        raise BadParam(OLD_STRUCTURE, f"limit is the old name of structure: give structure "
                       f"only (structure={new!r}, limit={old!r})")  # fmt: skip
    return (STRUCTURE, new) if new is not None or old is None else (OLD_STRUCTURE, old)


def stats_filter(values: dict[str, Any]) -> StatsFilter:
    """The statistics' filter of query parameters (``player``, ``since``, ``until``,
    ``site``, ``game``, ``structure`` (``PL``, ``FL``, ``NL``; ``limit``, its deprecated
    name, still read: :func:`structure_param`), ``stakes``, ``currency``, ``position``,
    ``hand_class`` (a list), ``min_hands``), each checked as ``hhtools stats`` checks it.

    Raises:
        BadParam: the first parameter the store's filter refuses, with its message.
    """
    as_named, structure = structure_param(values)
    values = {**values, "limit": structure}
    given: dict[str, Any] = {}
    for name in _FILTER_FIELDS:
        value: Any = values.get(name)
        if name == "hand_class":
            value = tuple(v for v in (value or ()) if v)
            if not value:
                continue
        elif value is None or value == "":
            continue
        try:
            StatsFilter(**{name: value}).where()
        except StatsError as exc:
            raise BadParam(as_named if name == "limit" else name, str(exc)) from None
        given[name] = value
    min_hands = integer("min_hands", values.get("min_hands"), None, low=0)
    return StatsFilter(**given, min_hands=min_hands)


def json_value(value: Any) -> Any:
    """A cell as JSON holds it: times as ISO text, NaN as null, lists and the rest as is."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, float) and value != value:
        return None
    if isinstance(value, list | tuple):
        return [json_value(v) for v in value]
    return value


class ServedStore:
    """The store a server reads: opened on the first request, one request at a time.

    The connection is :func:`hhtools.connect`'s, which gives the file up while
    ``hhtools watch`` waits to write a batch and opens it again for the next statement
    (:class:`hhtools.store.sharing.SharedConnection`), so a server left open never keeps
    the watch out. Answers that cost a scan (the overview, the players list of a
    filter) are kept per *version* of the store (:meth:`version`) and worked out again
    once it changes.

    Args:
        db: the DuckDB file (``None`` with ``dataset``).
        dataset: a Parquet dataset folder or URL, read in place of ``db``.
    """

    def __init__(self, db: str | Path | None = None, dataset: str | None = None) -> None:
        self.db = Path(db) if db is not None else None
        self.dataset = dataset
        self.where = str(dataset or db)
        self._lock = threading.RLock()
        self._store: HandStore | None = None
        self._cache: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        self._sizes: dict[tuple[Any, ...], int] = {}  # the bytes of each kept answer
        self._bytes = 0  # ... together
        self._version: tuple[int, ...] | None = None
        self.keeper = SnapshotKeeper(self._open_another, self.version)

    def _open_another(self) -> HandStore:
        """A connection of its own, for the snapshot's builder (a thread of its own)."""
        told = self.missing()
        if told:
            raise StoreMissing(told)
        return connect(self.dataset or self.db)  # type: ignore[arg-type]

    def ready_version(self) -> tuple[int, ...] | None:
        """The version of the store the lists give now (their last snapshot's), a new
        snapshot started when the store changed; ``None`` before the first is ready.

        Raises:
            StoreMissing: no store where told.
        """
        snap = self.keeper.current(wait=False)
        return None if snap is None else snap.version

    def snapshot(self) -> Snapshot:
        """The lists' data in memory (:mod:`hhtools.serve.snapshot`): the last built,
        a new one started when the store changed; the first one waited for.

        Raises:
            StoreMissing: no store where told.
        """
        snap = self.keeper.current()
        assert snap is not None  # current() waits for the first one or raises
        return snap

    def missing(self) -> str | None:
        """What to say when there is no store to read, else ``None``."""
        if self.dataset or (self.db is not None and self.db.is_file()):
            return None
        where = self.db or "hhtools.duckdb"
        return f"no store at {where}: make one with hhtools import FOLDER --db {where}"

    @contextlib.contextmanager
    def use(self) -> Iterator[HandStore]:
        """The open store, for the length of the block (one block at a time).

        Raises:
            StoreMissing: no store where told.
            duckdb.Error: not a store, or held by a writer past the wait.
        """
        with self._lock:
            if self._store is None:
                told = self.missing()
                if told:
                    raise StoreMissing(told)
                self._store = connect(self.dataset or self.db)  # type: ignore[arg-type]
            yield self._store

    def version(self) -> tuple[int, ...]:
        """What changes whenever an import or a watch batch changes the store: the hands
        stored, the last import that stored one, the imports and the problems.

        Raises:
            StoreMissing: no store where told.
        """
        with self.use() as hs:
            row = hs.con.execute(
                "SELECT (SELECT count(*) FROM hands), (SELECT coalesce(max(import_id), 0) "
                "FROM hands), (SELECT count(*) FROM imports), (SELECT count(*) FROM "
                "import_errors)").fetchall()[0]  # fmt: skip
            self._version = tuple(int(v) for v in row)
            return self._version

    def cached(self, key: tuple[Any, ...], work: Callable[[HandStore], Any],
               version: tuple[int, ...] | None = None) -> Any:  # fmt: skip
        """``work(store)``, kept for this version of the store under ``key``.

        Args:
            key: what is asked.
            work: works it out from the open store.
            version: the version the answer belongs to (a snapshot's); default the
                store's now.

        Raises:
            StoreMissing: no store where told; whatever ``work`` raises.
        """
        with self._lock:
            full = (version or self.version(), *key)
            if full in self._cache:
                self._cache.move_to_end(full)
                return self._cache[full]
            with self.use() as hs:
                value = work(hs)
            self._cache[full] = value
            self._sizes[full] = weight(value)
            self._bytes += self._sizes[full]
            while len(self._cache) > 1 and (len(self._cache) > CACHE_SIZE
                                            or self._bytes > CACHE_BYTES):  # fmt: skip
                gone, _ = self._cache.popitem(last=False)
                self._bytes -= self._sizes.pop(gone)
            return value

    def close(self) -> None:
        """Close the store (opened again by the next request)."""
        with self._lock:
            if self._store is not None:
                self._store.close()
                self._store = None
            self._cache.clear()
            self._sizes.clear()
            self._bytes = 0
        self.keeper.close()


def weight(value: Any, depth: int = 0) -> int:
    """About how many bytes a kept answer holds: a Polars frame's estimate, else the
    texts, numbers and containers it is made of (a few levels deep; below that 64 bytes
    an item).

    >>> weight("abcd"), weight([1, 2]) > 2 * 28
    (53, True)
    """
    if hasattr(value, "estimated_size"):
        return int(value.estimated_size())
    if isinstance(value, str | bytes):
        return 49 + len(value)
    if isinstance(value, dict):
        if depth > 4:
            return 64 * len(value)
        return 64 + sum(64 + weight(v, depth + 1) for v in value.values())
    if isinstance(value, list | tuple):
        if depth > 4:
            return 64 * len(value)
        return 56 + sum(8 + weight(v, depth + 1) for v in value)
    return 28


@dataclass(frozen=True, slots=True)
class HandsQuery:
    """The hands list's filters and order (the query string of ``/api/hands``).

    Attributes:
        hands: the filter on the hand (time, site, game, structure, stakes, currency),
            read as ``hhtools stats`` reads them.
        player: only hands this player was dealt in (the stored spelling:
            :meth:`stored`).
        finding: only hands with a finding of this kind.
        scoop, quarter: only hands in which a pot was scooped / a half shared (by the
            player, when one is given).
        allin: only hands in which someone was all in.
        min_pot, max_pot: bounds on the total pot (minor units, inclusive).
        sort: a key of :data:`HAND_SORTS`.
        desc: highest first.
    """

    hands: StatsFilter = StatsFilter()
    player: str | None = None
    finding: str | None = None
    scoop: bool = False
    quarter: bool = False
    allin: bool = False
    min_pot: int | None = None
    max_pot: int | None = None
    sort: str = "played_at"
    desc: bool = True

    @classmethod
    def of(cls, values: dict[str, Any]) -> HandsQuery:
        """The query of request parameters, checked (``player`` as given, any case).

        Raises:
            BadParam: a parameter that cannot be read.
        """
        hand_fields = ("since", "until", "site", "game", STRUCTURE, OLD_STRUCTURE, "stakes",
                       "currency")  # fmt: skip
        flt = stats_filter({k: values.get(k) for k in hand_fields})
        finding = values.get("finding") or None
        if finding and finding not in FindingKind.__members__.values():
            kinds = ", ".join(k.value for k in FindingKind)
            raise BadParam("finding", f"unknown finding kind {finding!r}: use {kinds}")
        sort = values.get("sort") or "played_at"
        if sort not in HAND_SORTS:
            raise BadParam("sort", f"cannot sort hands by {sort!r}: use {', '.join(HAND_SORTS)}")
        desc = values.get("desc")
        return cls(
            hands=flt, player=values.get("player") or None, finding=finding,
            scoop=flag("scoop", values.get("scoop")), quarter=flag("quarter", values.get("quarter")),
            allin=flag("allin", values.get("allin")),
            min_pot=integer("min_pot", values.get("min_pot"), None, low=0),
            max_pot=integer("max_pot", values.get("max_pot"), None, low=0),
            sort=sort, desc=True if desc is None and sort == "played_at" else flag("desc", desc),
        )  # fmt: skip

    def stored(self, snap: Snapshot) -> HandsQuery:
        """This query with the player's name as stored (given in any case).

        Raises:
            NotFound: nobody by that name.
        """
        if not self.player:
            return self
        return replace(self, player=known_player(snap, self.player))

    def where(self) -> tuple[str, list[Any]]:
        """The condition on the snapshot's ``hands h`` (:mod:`hhtools.serve.snapshot`) and
        its parameters."""
        parts, params = replace(self.hands, stakes=None).hand_conditions()
        if self.hands.stakes:  # the store's reading of stakes, on the distinct values
            inner, more = StatsFilter(stakes=self.hands.stakes).hand_conditions()
            parts.append("h.stakes IN (SELECT h.stakes FROM stakes h WHERE "
                         + " AND ".join(inner) + ")")  # fmt: skip
            params += more
        if self.player:
            seat = ["s.player = ?"]
            params.append(self.player)
            seat += ["s.scooped > 0"] * self.scoop + ["s.quartered > 0"] * self.quarter
            parts.append("h.hid IN (SELECT s.hid FROM seats s WHERE " + " AND ".join(seat) + ")")
        else:
            parts += ["h.scoop"] * self.scoop + ["h.quarter"] * self.quarter
        if self.finding:
            parts.append("list_contains(h.kinds, ?)")
            params.append(self.finding)
        if self.allin:
            parts.append("h.allin")
        if self.min_pot is not None:
            parts.append("h.total_pot >= ?")
            params.append(self.min_pot)
        if self.max_pot is not None:
            parts.append("h.total_pot <= ?")
            params.append(self.max_pot)
        return (" AND ".join(parts) or "true"), params

    def order(self, reverse: bool = False) -> str:
        """The ORDER BY list (ties broken by site and hand number, the same way: the
        snapshot's ``sh``, which is that order; by time: the snapshot's ``ord``, which
        is time, site and hand number)."""
        way = "DESC" if self.desc != reverse else "ASC"
        if self.sort == "played_at":
            return f"h.ord {way}"
        return f"{self.key()} {way}, h.sh {way}"

    def key(self) -> str:
        """The sort key as SQL on ``hands h``, never NULL."""
        if self.sort == "played_at":
            return "h.ord"
        return f"coalesce({HAND_SORTS[self.sort]}, {_LOWEST[self.sort]})"


#: what a sort key with no value sorts as (first when rising)
_LOWEST = {"played_at": "TIMESTAMP '0001-01-01'", "site": "''", "hand_id": "''",
           "pot": "-1", "players": "-1", "findings": "-1", "stakes": "-1", "rake": "-1"}  # fmt: skip

#: the hands list's columns over ``hands h``
HAND_COLUMNS = (
    "h.site, h.hand_id, h.started_at AS played_at, h.game, h.structure, h.stakes, "
    'h.table_name AS "table", h.total_pot AS pot, h.rake, h.currency, h.players, '
    "h.findings, h.board_cards AS board, h.is_tournament, h.winner"
)


def hands_page(snap: Snapshot, q: HandsQuery, page: int, per_page: int) -> dict[str, Any]:
    """One page of the hands list, with its total.

    Args:
        snap: the lists' data (:meth:`ServedStore.snapshot`).
        q: the filters and order.
        page, per_page: which rows (pages from 1).

    Returns:
        ``{"total", "page", "per_page", "rows"}``; each row the hand's ``site``,
        ``hand_id``, ``played_at``, ``game``, ``structure``, ``stakes``, ``table``,
        ``pot``, ``rake`` (minor units), ``currency``, ``players``, ``findings`` (a
        count), ``board``, ``is_tournament`` and ``winner`` (the player who won the most,
        the first seat of a tie; null when nobody collected).
    """
    where, params = q.where()
    _, ((total,),) = snap.rows(f"SELECT count(*) FROM hands h WHERE {where}", params)
    names, got = snap.rows(
        f"SELECT {HAND_COLUMNS} FROM hands h WHERE {where} ORDER BY {q.order()} LIMIT ? OFFSET ?",
        [*params, per_page, (page - 1) * per_page])  # fmt: skip
    rows = [dict(zip(names, (json_value(v) for v in r), strict=True)) for r in got]
    return {"total": int(total), "page": page, "per_page": per_page, "rows": rows}


def known_player(snap: Snapshot, name: str) -> str:
    """The stored spelling of a player named in any case (kept per snapshot).

    Raises:
        NotFound: nobody by that name (the message names the closest).
    """
    key = name.lower()
    if key not in snap.names:
        _, got = snap.rows("SELECT min(player) FROM seats WHERE player = ?", [name])
        if not got or got[0][0] is None:  # another case: every name looked at
            _, got = snap.rows("SELECT min(player) FROM seats WHERE lower(player) = lower(?)",
                               [name])  # fmt: skip
        snap.names[key] = got[0][0] if got and got[0][0] is not None else None
    stored = snap.names[key]
    if stored is None:
        _, names = snap.rows("SELECT DISTINCT player FROM seats")
        raise NotFound(suggest_player([n for (n,) in names], name))
    return stored


def neighbours(snap: Snapshot, q: HandsQuery, site: str, hand_id: str
               ) -> tuple[dict[str, str] | None, dict[str, str] | None]:  # fmt: skip
    """The hands before and after ``(site, hand_id)`` in the list ``q`` orders.

    Returns:
        ``(prev, next)``: each ``{"site", "hand_id"}``, or ``None`` at an end of the list
        (or when the hand is not in it).
    """
    where, params = q.where()
    key = q.key()
    _, mine = snap.rows(f"SELECT {key}, h.sh FROM hands h WHERE h.site = ? AND h.hand_id = ? "
                        f"AND {where}", [site, hand_id, *params])  # fmt: skip
    if not mine:
        return None, None
    value, sh = mine[0]
    out: list[dict[str, str] | None] = []
    for after in (False, True):  # before in the list's order, then after
        later = after != q.desc  # "after" in a falling list is a lower key
        op = ">" if later else "<"
        beyond = f"({key} {op} ? OR ({key} = ? AND h.sh {op} ?))"  # ties: site, hand number
        _, got = snap.rows(
            f"SELECT h.site, h.hand_id FROM hands h WHERE {where} AND {beyond} "
            f"ORDER BY {q.order(reverse=not after)} LIMIT 1",
            [*params, value, value, sh])  # fmt: skip
        out.append({"site": got[0][0], "hand_id": got[0][1]} if got else None)
    return out[0], out[1]

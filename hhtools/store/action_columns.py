"""The ``actions`` table's columns made straight from the records, without a row tuple:
:func:`action_columns`, compiled (``setup.py``'s ``CORE``; ``action_columns.pxd`` types
the loop).

Compiled, :func:`hhtools.store.tables.play.action_rows` keeps each hand's actions and
the chips each moved (:meth:`~hhtools.store.tables._base.ColumnBatch.defer`) rather than
writing a row of 13 values per action, and
:func:`hhtools.store.flatten_arrow.batch_tables` makes the batch's columns here: each
int and bool written into a NumPy buffer of its own by one C loop over the actions, each
text (street, player, kind, post) a code into the texts met so far, the column then those
texts taken by code. What the rows give, :meth:`ColumnBatch.freeze` and ``pa.array``, is
the reference: a value the loop does not take as it is (an int where a bool is due, a
bool or a float where an int is, an int out of range, text that is no UTF-8...) makes it
give up, and the batch's rows are written and converted as before
(``tests/test_flatten_arrow.py`` holds both equal, with the loop run as Python too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hhtools.model.records import Action

if TYPE_CHECKING:
    import numpy as np

__all__ = ["COMPILED", "FIELDS", "ActionColumns", "action_columns", "fill_actions"]


#: the slots of an action the loop reads, in the order of its ``offsets``
FIELDS = ("street", "player", "kind", "post", "amount", "to_amount", "all_in", "line")


def fill_actions(entries: list[Any], numbers: np.ndarray, seq: np.ndarray, ints: np.ndarray,
                 flags: np.ndarray, null: np.ndarray, codes: np.ndarray, found: dict[Any, int],
                 texts: list[Any], cls: type, offsets: tuple[int, ...]) -> int:  # fmt: skip
    """Every action of ``entries`` (each ``(n, site, hand_id, actions, added)``: a hand's
    running number, its actions and the chips each moved) into the buffers, one row an
    action, in order:

    * ``numbers`` (``np.longlong``): the hand's running number;
    * ``seq`` (``np.int32``): the action's place in its hand, then its ``line`` (rows
      ``len(numbers)`` on: ``seq`` is two columns long);
    * ``ints`` (``np.longlong``, three columns long): ``amount``, ``to_amount``,
      ``added``;
    * ``flags`` (``np.uint8``): ``all_in``, 1 for ``True``;
    * ``codes`` (``np.int32``, four columns long): ``street``, ``player``, ``kind``,
      ``post``, each the place of its text in ``texts`` (``found``: text -> place, the
      texts met so far);
    * ``null`` (``np.uint8``, the length of ``ints`` then of ``codes``): 1 where the
      value is ``None``.

    ``offsets``: compiled, the places of :data:`FIELDS` in an object of class ``cls``
    (its slots, read there straight; an action of another class makes the loop give up),
    else ``()`` (each read by its name).

    Returns:
        The rows; ``-1`` for a value the loop does not take as it is: a running number,
        amount or line not an int (or a bool), or out of its range; an ``all_in``
        neither ``True`` nor ``False``; a text that is not text (``post`` may be
        ``None``, and so may ``to_amount``); more actions than chips moved.
    """
    rows = len(numbers)
    fast = len(offsets) == len(FIELDS)
    o = offsets if fast else (0,) * len(FIELDS)
    k = 0
    seen: list[Any] = [found, found, found, found]  # each text column's last value...
    seen_code = [0, 0, 0, 0]  # ... and its code (``found``: no value's)
    for entry in entries:
        n, _site, _hid, actions, added = entry
        if not isinstance(n, int) or isinstance(n, bool):
            return -1
        if len(added) < len(actions):
            return -1
        try:
            number = n
        except OverflowError:
            return -1
        j = 0
        for a in actions:
            if k >= rows or (fast and type(a) is not cls):
                return -1
            numbers[k] = number
            seq[k] = j
            for c in range(4):  # street, player, kind, post
                v = _field(a, c, o[c], fast)
                if v is None and c == 3:
                    null[(6 * rows) + k] = 1
                    continue
                if v is seen[c]:  # as the column's last value (a street, a kind...)
                    code = seen_code[c]
                else:
                    code = _code(v, found, texts)
                    if code < 0:
                        return -1
                    seen[c] = v
                    seen_code[c] = code
                codes[c * rows + k] = code
            v = _field(a, 6, o[6], fast)
            if v is True:
                flags[k] = 1
            elif v is not False:
                return -1
            for c in range(4):  # amount, to_amount, added, line
                v = added[j] if c == 2 else _field(a, 4 + c, o[4 + c], fast)
                if v is None and c == 1:
                    null[rows + k] = 1
                    continue
                if not isinstance(v, int) or isinstance(v, bool):
                    return -1
                try:
                    x = v
                except OverflowError:
                    return -1
                if c < 3:
                    ints[c * rows + k] = x
                elif x < -2147483648 or x > 2147483647:
                    return -1
                else:
                    seq[rows + k] = x
            j += 1
            k += 1
    return k


def _field(a: Any, i: int, offset: int, fast: bool) -> Any:
    """Field ``i`` of :data:`FIELDS` of action ``a``: compiled, its slot read at
    ``offset`` when ``fast`` (:func:`fill_actions` checked its class)."""
    if fast:
        return _c_slot(a, offset)  # type: ignore[name-defined]  # noqa: F821
    return getattr(a, FIELDS[i])


def _code(v: Any, found: dict[Any, int], texts: list[Any]) -> int:
    """The place of text ``v`` in ``texts`` (added when new; ``found``: text -> place),
    or ``-1`` when ``v`` is not text."""
    if not isinstance(v, str):
        return -1
    code = found.get(v, -1)
    if code < 0:
        code = len(texts)
        found[v] = code
        texts.append(v)
    return code


def _offsets(cls: type) -> tuple[int, ...]:
    """Compiled, the places of :data:`FIELDS` in an object of ``cls`` when each is a slot
    of its own (a member descriptor of ``cls``); else ``()``."""
    if not COMPILED:
        return ()
    out: list[int] = []
    for name in FIELDS:
        descr = cls.__dict__.get(name)
        if (type(descr).__name__ != "member_descriptor"
                or getattr(descr, "__objclass__", None) is not cls):  # fmt: skip
            return ()
        out.append(_c_offset(descr))  # type: ignore[name-defined]  # noqa: F821
    return tuple(out)


def _compiled() -> bool:
    """True when this module runs compiled: its functions are then not Python's."""
    return type(_compiled).__name__ != "function"


COMPILED: bool = _compiled()
"""This module runs compiled (its loop is then quick enough to use)."""

#: the places of an action's :data:`FIELDS` (:func:`_offsets` of the record class), once
#: worked out
_LAYOUT: list[tuple[int, ...]] = []


def _layout() -> tuple[int, ...]:
    """:func:`_offsets` of :class:`~hhtools.model.records.Action`, worked out once."""
    _LAYOUT.append(_offsets(Action))
    return _LAYOUT[0]


#: the text columns, in the order of :func:`fill_actions`' codes
_TEXTS = ("street", "player", "kind", "post")
#: the int columns, in the order of :func:`fill_actions`' ``ints``
_INTS = ("amount", "to_amount", "added")


class ActionColumns:
    """The ``actions`` columns of a batch, made from the hands' entries (each ``(n, site,
    hand_id, actions, added)``, :func:`hhtools.store.tables.play.action_rows`') a few
    hands at a time, while their records are still in the processor's caches
    (:meth:`add`), and made Arrow arrays at the end (:meth:`columns`).

    Attributes:
        done: the entries taken so far.
        parts: column name -> (NumPy values, NumPy bool mask of NULLs), one per
            :meth:`add`; ``None`` once a value was not taken (the rows are written then).
        found: text -> its code; texts: the texts by code.
    """

    __slots__ = ("done", "parts", "found", "texts")

    def __init__(self) -> None:
        self.done = 0
        self.parts: list[dict[str, Any]] | None = []
        self.found: dict[Any, int] = {}
        self.texts: list[Any] = []

    def add(self, entries: list[Any]) -> None:
        """Take ``entries[done:]`` (a batch's entries so far) into the columns."""
        import numpy as np  # here: the tables' modules import this one, NumPy only when used

        new = entries[self.done:]
        self.done = len(entries)
        if self.parts is None or not new:
            return
        rows = 0
        for entry in new:
            rows += len(entry[3])
        numbers = np.zeros(rows, np.longlong)
        seq = np.zeros(2 * rows, np.int32)
        ints = np.zeros(3 * rows, np.longlong)
        flags = np.zeros(rows, np.uint8)
        null = np.zeros(7 * rows, np.uint8)
        codes = np.zeros(4 * rows, np.int32)
        if fill_actions(new, numbers, seq, ints, flags, null, codes, self.found, self.texts,
                        Action, _LAYOUT[0] if _LAYOUT else _layout()) != rows:  # fmt: skip
            self.parts = None
            return
        mask = null.view(np.bool_)
        part: dict[str, Any] = {"_n": (numbers.view(np.int64), None), "seq": (seq[:rows], None),
                                "line": (seq[rows:], None), "all_in": (flags.view(np.bool_), None)}
        ints = ints.view(np.int64)
        for c, name in enumerate(_INTS):
            part[name] = (ints[c * rows:(c + 1) * rows], mask[c * rows:(c + 1) * rows])
        for c, name in enumerate(_TEXTS):
            part[name] = (codes[c * rows:(c + 1) * rows], mask[(3 + c) * rows:(4 + c) * rows])
        self.parts.append(part)

    def columns(self, entries: list[Any]) -> dict[str, Any] | None:
        """The columns of ``entries`` (the batch's, all of them: those not taken yet are
        taken first), or ``None`` for a value :func:`fill_actions` does not take (the
        caller then writes the rows).

        Returns:
            column name -> Arrow array of the column's type (``seq`` and ``line`` int32;
            ``amount``, ``to_amount``, ``added`` int64; ``all_in`` bool; the texts
            string), NULL where the value is ``None``; ``_n`` the running numbers as a
            NumPy int64 array. ``site`` and ``hand_id`` are not made: the caller takes
            them from the hands. The very arrays ``pa.array`` makes of the rows' columns.
        """
        import numpy as np
        import pyarrow as pa

        self.add(entries)
        parts = self.parts
        if parts is None:
            return None
        try:
            dictionary = pa.array(self.texts, pa.string())
        except (pa.ArrowException, UnicodeEncodeError):  # a lone surrogate: the rows' error
            return None
        types = {"seq": pa.int32(), "line": pa.int32(), "all_in": pa.bool_()}
        out: dict[str, Any] = {}
        for name in ("_n", "seq", "line", "all_in", *_INTS, *_TEXTS):
            values = (np.concatenate([p[name][0] for p in parts]) if len(parts) != 1
                      else parts[0][name][0]) if parts else np.zeros(0, np.int64)  # fmt: skip
            masks = [p[name][1] for p in parts if p[name][1] is not None]
            mask = np.concatenate(masks) if masks else None
            if mask is not None and not mask.any():
                mask = None
            if name == "_n":
                out[name] = values.astype(np.int64, copy=False)
            elif name in _TEXTS:
                indices = pa.array(values.astype(np.int32, copy=False), pa.int32(), mask=mask)
                out[name] = dictionary.take(indices)
            else:
                out[name] = pa.array(values, types.get(name, pa.int64()), mask=mask)
        return out


def action_columns() -> ActionColumns:
    """A batch's :class:`ActionColumns`, none taken yet."""
    return ActionColumns()

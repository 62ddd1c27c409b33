# cython: boundscheck=False, wraparound=False
# (compiled, the loops index their buffers unchecked: each checks their sizes first)
"""One column of a batch's flat row list made an Arrow array without going through a
Python list of its values: :func:`fast_array`, compiled (``setup.py``'s ``CORE``;
``flatten_columns.pxd`` types the loops).

A table's rows lie in one list, row after row (:class:`hhtools.store.tables._base.ColumnBatch`);
column ``start`` of rows ``width`` values long is every ``width``-th value from ``start``.
Compiled, an integer or boolean column is written straight into a NumPy buffer (a C
loop over the list, no slice of it) and a text column into one UTF-8 buffer and its
offsets, then each made an Arrow array: a few nanoseconds a value, where ``pa.array``
over the column's slice takes some tens (benchmarks/bench_worker_split.py, ``arrow
tables``). A value the loops do not take as it is (an int where a bool is due, a bool or
a float where an int is, an int out of range, text that is no UTF-8...) makes them give up, and
the caller converts the column with ``pa.array``, the reference, which gives its value or
its error. Run as Python, :func:`fast_array` is always ``None`` (the loops work, slowly:
``tests/test_flatten_arrow.py`` runs them both ways, and holds the tables equal to the
reference's).
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

__all__ = ["BOOL", "COMPILED", "INT32", "INT64", "TEXT", "fast_array", "fill_column",
           "utf8_ends"]

_INT64 = pa.int64()
_INT32 = pa.int32()
_BOOL = pa.bool_()
_STRING = pa.string()
#: the buffers a kind does not write (empty)
_NO_INTS = np.zeros(0, np.longlong)
_NO_FLAGS = np.zeros(0, np.uint8)
_NO_ENDS = np.zeros(1, np.int32)


#: what :func:`fill_column` makes of a column
INT64, INT32, BOOL, TEXT = 0, 1, 2, 3


def fill_column(values: list[object], start: int, width: int, kind: int, ints: np.ndarray,
                flags: np.ndarray, ends: np.ndarray, null: np.ndarray,
                texts: list[str]) -> int:  # fmt: skip
    """Column ``start`` of the rows of ``width`` values of ``values``, one value a row of
    ``null`` (``np.uint8``: 1 where the value is ``None``), into the buffer of its kind:

    * :data:`INT64` or :data:`INT32`: ``ints`` (``np.longlong``, one a row);
    * :data:`BOOL`: ``flags`` (``np.uint8``, 1 for ``True``);
    * :data:`TEXT`: the texts appended to ``texts``, each row's end (characters from the
      column's start) into ``ends[1:]`` (``np.int32``, one more than the rows).

    The other buffers are not written (they may be empty).

    Returns:
        The NULLs; ``-1`` for a value the kind does not take as it is: not an int, or a
        bool, or out of range for an int column; neither ``True``, ``False`` nor ``None``
        for a bool one; not text, or texts of 2**31 characters and more, for a text one.

    Raises:
        ValueError: ``start`` not within a row, or a buffer too short for the rows (the
            compiled loop reads and writes them unchecked).
    """
    n = len(null)
    if (start < 0 or width <= start or len(values) < n * width
            or (kind < 2 and len(ints) < n) or (kind == 2 and len(flags) < n)
            or (kind == 3 and len(ends) < n + 1)):  # fmt: skip
        raise ValueError("fill_column: a buffer is too short for the rows")
    nulls = 0
    total = 0
    k = start
    fast = COMPILED  # an int's value read in C, no exception for one out of range
    for i in range(n):
        v = values[k]
        k += width
        if v is None:
            null[i] = 1
            nulls += 1
            if kind == 3:  # TEXT (literals: C constants compiled)
                ends[i + 1] = total
            continue
        if kind == 2:  # BOOL
            if v is True:
                flags[i] = 1
            elif v is not False:
                return -1
        elif kind == 3:  # TEXT
            if not isinstance(v, str):
                return -1
            texts.append(v)
            total += len(v)
            if total > 2147483647:
                return -1
            ends[i + 1] = total
        elif fast:
            r = _c_int(v)  # type: ignore[name-defined]  # noqa: F821
            if not r.ok or (kind == 1 and (r.value < -2147483648 or r.value > 2147483647)):
                return -1
            ints[i] = r.value
        elif not isinstance(v, int) or isinstance(v, bool):
            return -1
        else:
            try:
                x = v
                if kind == 1 and (x < -2147483648 or x > 2147483647):  # INT32
                    return -1
                ints[i] = x
            except OverflowError:
                return -1
    return nulls


def utf8_ends(texts: list[str], null: np.ndarray, ends: np.ndarray) -> int:
    """Each row's end in UTF-8 bytes into ``ends[1:]`` (``np.int32``), the texts of the
    rows not NULL (``null`` 0) in ``texts``, in order: what :func:`fill_column` wrote in
    characters, for a column with text not all ASCII. A text's size is worked out once
    (a player's name comes again and again). Returns the bytes; ``-1`` for text that is
    no UTF-8 (a lone surrogate) or 2**31 bytes and more."""
    sizes: dict[str, int] = {}
    total = 0
    j = 0
    if len(ends) < len(null) + 1:
        raise ValueError("utf8_ends: ends is too short for the rows")
    for i in range(len(null)):
        if not null[i]:
            if j >= len(texts):
                return -1
            text = texts[j]
            j += 1
            size = sizes.get(text, -1)
            if size < 0:
                try:
                    size = len(text.encode("utf-8"))
                except UnicodeEncodeError:
                    return -1
                sizes[text] = size
            total += size
            if total > 2147483647:
                return -1
        ends[i + 1] = total
    return total


def _compiled() -> bool:
    """True when this module runs compiled: its functions are then not Python's."""
    return type(_compiled).__name__ != "function"


COMPILED: bool = _compiled()
"""This module runs compiled (its loops are then fast enough to use)."""


def fast_array(values: list[object], start: int, width: int, kind: pa.DataType,
               loops: bool = COMPILED) -> pa.Array | None:  # fmt: skip
    """Column ``start`` of the rows of ``width`` values of ``values`` as an Arrow array of
    type ``kind``, or ``None``: the caller then converts ``values[start::width]`` with
    ``pa.array``.

    Args:
        values: a table's values, row after row (their count a multiple of ``width``).
        start: the column's place in a row, from 0.
        width: the values of a row.
        kind: the column's Arrow type: int64, int32, bool and string are made here.
        loops: use the loops (by default when compiled; the tests run them as Python).

    Returns:
        The array (NULL where a value is ``None``), equal to
        ``pa.array(values[start::width], type=kind)``; ``None`` when not ``loops``, for
        another type, or for a value the loops do not take (module docstring).
    """
    if not loops:
        return None
    n = len(values) // width
    null = np.zeros(n, np.uint8)
    if kind == _INT64 or kind == _INT32:
        ints = np.empty(n, np.longlong)
        narrow = kind == _INT32
        nulls = fill_column(values, start, width, INT32 if narrow else INT64, ints, _NO_FLAGS,
                            _NO_ENDS, null, [])  # fmt: skip
        if nulls < 0:
            return None
        data = ints.astype(np.int32) if narrow else ints.view(np.int64)
        return pa.array(data, mask=null.view(np.bool_) if nulls else None, type=kind)
    if kind == _BOOL:
        flags = np.zeros(n, np.uint8)
        nulls = fill_column(values, start, width, BOOL, _NO_INTS, flags, _NO_ENDS, null, [])
        if nulls < 0:
            return None
        return pa.array(flags.view(np.bool_), mask=null.view(np.bool_) if nulls else None,
                        type=kind)  # fmt: skip
    if kind == _STRING:
        return _text_array(values, start, width, n, null)
    return None


def _text_array(values: list[object], start: int, width: int, n: int,
                null: np.ndarray) -> pa.Array | None:  # fmt: skip
    """A string column from :func:`fill_column`: one UTF-8 buffer and the offsets (in
    bytes: :func:`utf8_ends` when some text is not ASCII), or ``None`` (a value not
    text, or text that is no UTF-8, a lone surrogate)."""
    ends = np.zeros(n + 1, np.int32)
    texts: list[str] = []
    nulls = fill_column(values, start, width, TEXT, _NO_INTS, _NO_FLAGS, ends, null, texts)
    if nulls < 0:
        return None
    try:
        data = "".join(texts).encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate
        return None
    if len(data) != ends[n] and utf8_ends(texts, null, ends) != len(data):  # not all ASCII
        return None
    validity = pa.array(~null.view(np.bool_)).buffers()[1] if nulls else None
    return pa.Array.from_buffers(_STRING, n, [validity, pa.py_buffer(ends), pa.py_buffer(data)],
                                 null_count=nulls)  # fmt: skip

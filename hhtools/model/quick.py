"""Records built by writing their slots, in the compiled core.

:func:`hhtools.model.frozen.maker` gives a record class's builder: a plain function
that makes the object and stores each field (about a third of a small record's cost
is the interpreter's call). A PokerStars hand builds about twenty records (its
actions, seats, collects, shows), so the compiled core builds them in C:
:func:`slot_maker` wraps that builder in one that allocates the record and writes
each value straight into its slot (``quick.pxd``: the slot offsets are the class's
own, read from its member descriptors), for a call that gives the first fields by
position and leaves the others to their plain defaults. Any other call (keywords, a
default factory to run) goes to the builder itself: sorting out keywords in C cost as
much as the builder's own call (a ``HandHistory`` of 38 keywords, 3.2 against 3.1 µs).
What is built is the same object either way: the record class itself, its fields
holding the values given.

Run as Python (no Cython at install, or ``HHTOOLS_PURE=1``), :func:`slot_maker` gives
the builder back unchanged: this module only makes the compiled path quicker.
"""

from __future__ import annotations

import dataclasses
import struct
from collections.abc import Callable
from typing import Any


def _compiled() -> bool:
    """Whether this module runs compiled: its functions are then Cython's (no import
    of Cython, which a module run as Python need not have: 3.5 ms at start-up)."""
    return type(_compiled).__name__ == "cython_function_or_method"


#: ``True`` in the compiled module
COMPILED = _compiled()

__all__ = ["COMPILED", "built", "slot_maker"]

#: a field without a plain default (:func:`_layout`)
_NONE = object()


def slot_maker(cls: type, make: Callable[..., Any]) -> Callable[..., Any]:
    """A builder of ``cls`` records that writes their slots in C, else ``make``.

    Args:
        cls: a frozen, slotted dataclass whose every field is an ``__init__``
            parameter, built by ``make`` (:func:`hhtools.model.frozen.maker`).
        make: the class's builder: the same parameters as its ``__init__``.

    Returns:
        ``make`` when this module runs as Python or ``cls`` is not laid out as its
        own slots (:func:`_layout`); else a :class:`_Slots`, a callable taking the same
        arguments, which builds in C when given the first fields by position and
        nothing else (the rest taking their plain defaults), and calls ``make``
        otherwise (which runs a default factory, or raises the class's
        :class:`TypeError`). Both give an equal ``cls`` of the same fields.
    """
    if not COMPILED:
        return make
    layout = _layout(cls)
    if layout is None:
        return make
    offsets, defaults, least = layout
    return _Slots(cls, make, offsets, defaults, least)


class _Slots:
    """A record class's builder that writes the slots in C (:func:`slot_maker` makes one
    only in the compiled core; ``quick.pxd`` types it): called as ``make`` is, or handed
    to :func:`built` with the fields, which builds without the call."""

    def __init__(self, cls: type, make: Callable[..., Any], offsets: tuple[int, ...],
                 defaults: tuple[Any, ...], least: int) -> None:  # fmt: skip
        self.cls = cls
        self.make = make
        self.defaults = defaults
        self.least = least
        self.most = len(offsets)
        #: the slot offsets as C ``Py_ssize_t`` values, read in C by ``_c_build``
        self.packed = struct.pack(f"{len(offsets)}n", *offsets)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """``make(*args, **kwargs)``: built in C when given by position, as :func:`built`."""
        n = len(args)
        if kwargs or n < self.least or n > self.most:  # keywords cost more to sort out
            return self.make(*args, **kwargs)
        return _c_build(  # type: ignore[name-defined]  # noqa: F821
            self.cls, self.packed, self.most, args, self.defaults)

    def __repr__(self) -> str:
        """The builder's name, as the plain builder's."""
        return f"<builder of {self.cls.__qualname__}>"


def built(make: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """``make(*args)``: a record built by its builder (:func:`hhtools.model.frozen.maker`)
    from its fields by position.

    In the compiled core a builder that writes the slots (:class:`_Slots`) builds here in
    C, without a Python call (no argument tuple, keyword dict or closure of its own: a
    grammar's hot lines build their records through this); any other builder, and every
    builder run as Python, is called. The same record either way.

    >>> from hhtools.model.records import Collect
    >>> from hhtools.model.frozen import maker
    >>> built(maker(Collect), ("Ann", 150, 0, 0, 7)) == Collect("Ann", 150, 0, 0, 7)
    True
    """
    if isinstance(make, _Slots):
        s = make
        n = len(args)
        if s.least <= n <= s.most:
            return _c_build(  # type: ignore[name-defined]  # noqa: F821
                s.cls, s.packed, s.most, args, s.defaults)
    return make(*args)


def _layout(cls: type) -> tuple[tuple[int, ...], tuple[Any, ...], int] | None:
    """``(slot offsets, plain defaults, fields without one)`` of a record class whose
    fields are all ``__init__`` parameters and all slots of its own (member
    descriptors of ``cls``, in field order); ``None`` for any other class. The
    defaults are the fields' in order, :data:`_NONE` up to the last field with no
    plain default (a default factory counts as none); ``least`` is how many fields
    come before the plain defaults (the fewest a call may give by position)."""
    if (not dataclasses.is_dataclass(cls) or cls.__dictoffset__ or cls.__weakrefoffset__
            or cls.__bases__ != (object,)):  # fmt: skip
        return None
    fields = dataclasses.fields(cls)
    if tuple(getattr(cls, "__slots__", ())) != tuple(f.name for f in fields):
        return None
    offsets: list[int] = []
    defaults: list[Any] = []
    for f in fields:
        descr = cls.__dict__.get(f.name)
        if (not f.init or type(descr).__name__ != "member_descriptor"
                or getattr(descr, "__objclass__", None) is not cls):  # fmt: skip
            return None
        offsets.append(_c_offset(descr))  # type: ignore[name-defined]  # noqa: F821
        defaults.append(f.default if f.default is not dataclasses.MISSING else _NONE)
    least = len(fields)
    while least and defaults[least - 1] is not _NONE:
        least -= 1
    return tuple(offsets), tuple(defaults), least

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
from collections.abc import Callable
from typing import Any


def _compiled() -> bool:
    """Whether this module runs compiled: its functions are then Cython's (no import
    of Cython, which a module run as Python need not have: 3.5 ms at start-up)."""
    return type(_compiled).__name__ == "cython_function_or_method"


#: ``True`` in the compiled module
COMPILED = _compiled()

__all__ = ["COMPILED", "slot_maker"]

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
        own slots (:func:`_layout`); else a callable taking the same arguments, which
        builds in C when given the first fields by position and nothing else (the
        rest taking their plain defaults), and calls ``make`` otherwise (which runs a
        default factory, or raises the class's :class:`TypeError`). Both give an
        equal ``cls`` of the same fields.
    """
    if not COMPILED:
        return make
    layout = _layout(cls)
    if layout is None:
        return make
    offsets, defaults, least = layout
    most = len(offsets)

    def build(*args: Any, **kwargs: Any) -> Any:
        n = len(args)
        if kwargs or n < least or n > most:  # keywords cost more to sort out than to pass on
            return make(*args, **kwargs)
        return _c_build(cls, offsets, args, defaults)  # type: ignore[name-defined]  # noqa: F821

    build.__qualname__ = build.__name__ = f"{cls.__qualname__}.make"
    build.__doc__ = make.__doc__
    build.__module__ = cls.__module__
    return build


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

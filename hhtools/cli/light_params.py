"""The command line's plain options read without pydantic (every command's start-up).

Typer 0.29 checks each option's value with a pydantic ``TypeAdapter`` built for it
when the command runs, so every ``hhtools`` command imported pydantic: 0.2-0.45 CPU s
of a command such as ``hhtools stats`` (a second or so of the million-hand store's
statistics). Most values need no check: a text option given text, a flag given a
bool, a path given a path's text, a whole-number default. :func:`install` puts a
lighter coercion in front of typer's: it returns those values as typer's adapters
would (the same value, of the same type; a path through typer's own
``coerce_cli_path``, so an option that asks for an existing file still says so), and
hands anything else (``--min-hands 5``: text to read as a number; a choice, a parser,
a range) to typer's own coercion, built only then. A typer without that machinery
(older or newer versions) is left as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, get_args, get_origin

__all__ = ["install", "light_value"]

#: the value returned when :func:`light_value` cannot read it (typer's coercion then does)
UNREAD = object()


def light_value(annotation: Any, info: Any, value: Any, param: Any = None, ctx: Any = None
                ) -> Any:  # fmt: skip
    """The value typer's pydantic coercion gives ``value`` for an option of
    ``annotation``, where it is plain; :data:`UNREAD` otherwise.

    Args:
        annotation: the option's type as typer resolved it (``str``, ``bool``,
            ``Path``, ``int``, ``float``, ``list[str]``, ``list[Path]`` are read).
        info: its typer ``ParameterInfo`` (a parser, a range, a path type, a path
            resolved or ``-`` allowed: not read here).
        value: the value the command line gave (never ``None``: typer answers that).
        param, ctx: typer's parameter and click context, for a path's messages.

    Returns:
        ``value`` itself for text given text, a bool given a bool, a number of the
        option's type without a range; a path option's text as typer's path check
        gives it (a :class:`~pathlib.Path`); a list of those, item by item.

    Raises:
        typer.BadParameter: a path option's own checks (a file that must exist does
            not), as typer raises them.

    >>> from typer.models import OptionInfo
    >>> light_value(str, OptionInfo(), "site"), light_value(int, OptionInfo(), 30)
    ('site', 30)
    >>> light_value(list[str], OptionInfo(), ("site", "game"))
    ['site', 'game']
    >>> light_value(int, OptionInfo(), "5") is UNREAD
    True
    """
    if getattr(info, "parser", None) is not None:
        return UNREAD
    if get_origin(annotation) is list:
        (item,) = get_args(annotation) or (None,)
        if not isinstance(value, list | tuple):
            return UNREAD
        out = [light_value(item, info, v, param, ctx) for v in value]
        return UNREAD if any(v is UNREAD for v in out) else out
    kind = type(value)
    if annotation is str or annotation is bool:
        return value if kind is annotation else UNREAD
    if annotation is int or annotation is float:
        ranged = info.min is not None or info.max is not None
        return value if kind is annotation and not ranged else UNREAD
    if annotation is Path and kind is str and value:
        if info.path_type is not None or info.resolve_path or info.allow_dash:
            return UNREAD
        from typer._param_types import coerce_cli_path

        return coerce_cli_path(Path(value), info, path_type=Path, param=param, ctx=ctx)
    return UNREAD


def install() -> bool:
    """Put :func:`light_value` in front of typer's coercion of every option (typer 0.29's
    ``typer.core.build_runtime_param``); typer's own runtime parameter is built the
    first time a value is not plain.

    Returns:
        ``True`` when installed (or already), ``False`` for a typer without it.
    """
    try:
        import typer.core as core
        from typer._coercion import RuntimeParam
    except ImportError:  # another typer: its own way, unchanged
        return False
    found = getattr(core, "build_runtime_param", None)
    if found is None or not hasattr(RuntimeParam, "_coerce_value"):
        return False
    if getattr(found, "_hhtools_light", False):
        return True
    real: Callable[[Any], Any] = found

    class LightParam(RuntimeParam):
        """typer's runtime parameter, pydantic's adapter built only when needed."""

        descriptor: Any
        full: Any

        def __init__(self, descriptor: Any) -> None:
            object.__setattr__(self, "descriptor", descriptor)
            object.__setattr__(self, "parameter_info", descriptor.parameter_info)
            object.__setattr__(self, "annotation", descriptor.annotation)
            object.__setattr__(self, "full", None)

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            got = light_value(self.annotation, self.parameter_info, value, param, ctx)
            if got is not UNREAD:
                return got
            if self.full is None:
                object.__setattr__(self, "full", real(self.descriptor))
            return self.full._coerce_value(value, param, ctx)

    def build(descriptor: Any) -> Any:
        if descriptor.file_annotation is not None:  # files opened: typer's own way
            return real(descriptor)
        return LightParam(descriptor)

    build._hhtools_light = True  # type: ignore[attr-defined]
    setattr(core, "build_runtime_param", build)  # noqa: B010 (not exported by typer)
    return True

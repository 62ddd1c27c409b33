"""The ``hhtools`` command line (typer).

Each command lives in a module of :mod:`hhtools.commands` that registers itself on
:data:`app`; this module only builds the app and imports them.
"""

from __future__ import annotations

import sys

import typer

app = typer.Typer(
    name="hhtools",
    help="Omaha-family hand histories: parse, audit every showdown by the rules, query.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _register() -> None:
    # Imported for their side effect: each module adds its command(s) to ``app``.
    from hhtools.commands import showdown, store_cmds  # noqa: F401
    from hhtools.commands import parse  # noqa: F401
    from hhtools.commands import analytics  # noqa: F401


def main() -> None:
    """Entry point of the ``hhtools`` console script and ``python -m hhtools``.

    Usage errors (a missing option, an unknown command) print one line on stderr and
    exit with code 2; Ctrl-C exits with 130. Commands report their own errors the
    same way.
    """
    _register()
    try:
        code = app(standalone_mode=False, prog_name="hhtools")
    except (typer.Abort, KeyboardInterrupt):
        sys.stderr.write("interrupted\n")
        sys.exit(130)
    except Exception as exc:
        # typer's (or click's) usage errors carry an exit code and a message; show
        # them on one line instead of a boxed help text.
        exit_code = getattr(exc, "exit_code", None)
        if not isinstance(exit_code, int) or not hasattr(exc, "format_message"):
            raise
        ctx = getattr(exc, "ctx", None)
        name = getattr(ctx, "command_path", None) if ctx is not None else None
        hint = f" (see '{name} --help')" if name else ""
        sys.stderr.write(f"error: {exc.format_message()}{hint}\n")
        sys.exit(exit_code)
    sys.exit(code if isinstance(code, int) else 0)

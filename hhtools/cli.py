"""The ``hhtools`` command line (typer).

Each command lives in a module of :mod:`hhtools.commands` that registers itself on
:data:`app`; this module only builds the app and imports them.
"""

from __future__ import annotations

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
    """Entry point of the ``hhtools`` console script and ``python -m hhtools``."""
    _register()
    app()

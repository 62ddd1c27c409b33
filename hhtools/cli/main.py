"""The ``hhtools`` command line (typer): the app, its commands, the entry point.

Each command is a plain function in a module of :mod:`hhtools.cli` (options in, one
call into the library, rendering out); this module, the top of the tree, names them
on :data:`app`. Command modules never import this one.
"""

from __future__ import annotations

import inspect
import sys

import typer
from rich.markup import escape

from hhtools.cli import (
    draws, equity, importing, parse, query, reports, serve, showdown, stats, watching,
)
from hhtools.cli.light_params import install

# plain option values read without pydantic (0.2-0.45 CPU s of every command's start)
install()

app = typer.Typer(
    name="hhtools",
    help="Omaha-family hand histories: parse, audit every showdown by the rules, query.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


app.command("import")(importing.import_cmd)
app.command("watch")(watching.watch_cmd)
app.command("sql")(query.sql_cmd)
app.command("audit")(query.audit_cmd)
app.command("problems")(query.problems_cmd)
app.command("schema")(query.schema_cmd)
app.command("formats")(query.formats_cmd)
app.command("stats")(stats.stats_cmd)
app.command("sessions")(stats.sessions_cmd)
app.command("tournaments")(stats.tournaments_cmd)
app.command("ev")(stats.ev_cmd)
app.command("report")(reports.report_cmd)
app.command("show")(reports.show_cmd)
app.command("export")(reports.export_cmd)
app.command("parse")(parse.parse_cmd)
app.command("showdown")(showdown.showdown)
app.command("equity")(equity.equity_cmd)
app.command("draws")(draws.draws_cmd)
app.command("serve")(serve.serve_cmd)


def help_text(doc: str) -> str:
    """A command's docstring as its ``--help`` text: each paragraph on one line, and
    read as written (a bracket is not rich markup; a double backquote is a quote).

    Typer (rich mode) keeps a docstring's own line breaks, so a sentence wrapped in
    the source broke mid-way on screen ("auditing / every showdown"); joined, the
    terminal wraps it. A paragraph that starts with ``\\b`` is kept as written.

    >>> help_text("Import, auditing\\nevery showdown.\\n\\nAs ``file: [hand N]``.")
    "Import, auditing every showdown.\\n\\nAs 'file: \\\\[hand N]'."
    """
    paragraphs = inspect.cleandoc(doc).replace("``", "'").split("\n\n")
    return escape("\n\n".join(p if p.startswith("\b") else " ".join(p.split("\n"))
                                for p in paragraphs))  # fmt: skip


for _info in app.registered_commands:
    _info.help = help_text(_info.help or inspect.getdoc(_info.callback) or "")


def main() -> None:
    """Entry point of the ``hhtools`` console script and ``python -m hhtools``.

    Usage errors (a missing option, an unknown command) print one line on stderr and
    exit with code 2; Ctrl-C exits with 130. Commands report their own errors the
    same way.
    """
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
        message = exc.format_message() or "give a command: the commands are listed above"
        sys.stderr.write(f"error: {message}{hint}\n")
        sys.exit(exit_code)
    sys.exit(code if isinstance(code, int) else 0)

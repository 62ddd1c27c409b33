"""Every ``--help`` reads as written: no sentence broken where its docstring was wrapped
in the source ("auditing / every showdown", issue 24 item 8), no bracket eaten as rich
markup ("hhtools[cluster]", "[hand N]"), no reST markup shown."""

from __future__ import annotations

import inspect

import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app

#: wide enough that no paragraph is wrapped by the terminal: a break is the text's own
ENV = {"COLUMNS": "3000", "FORCE_COLOR": None, "TTY_COMPATIBLE": None, "NO_COLOR": "1"}
COMMANDS = [(i.name, inspect.getdoc(i.callback) or "") for i in app.registered_commands]


def _paragraphs(doc: str) -> list[str]:
    """The docstring's paragraphs, each as one line of words (as a reader takes them)."""
    text = doc.replace("``", "'")
    return [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]


def _lines(text: str) -> list[str]:
    """The output's lines, box borders and runs of spaces dropped."""
    return [" ".join(line.strip(" │╭╮╰╯─").split()) for line in text.splitlines()]


def test_the_command_list_shows_each_summary_on_one_line() -> None:
    res = CliRunner().invoke(app, ["--help"], env=ENV)
    assert res.exit_code == 0
    lines = _lines(res.stdout)
    for name, doc in COMMANDS:
        first = _paragraphs(doc)[0]
        assert any(line == f"{name} {first}" for line in lines), (name, first)


@pytest.mark.parametrize(("name", "doc"), COMMANDS, ids=[n for n, _ in COMMANDS])
def test_each_paragraph_of_a_commands_help_is_whole(name: str, doc: str) -> None:
    res = CliRunner().invoke(app, [name, "--help"], env=ENV)
    assert res.exit_code == 0, res.stderr
    lines = _lines(res.stdout)
    for paragraph in _paragraphs(doc):
        assert paragraph in lines, (name, paragraph)
    assert ":func:" not in res.stdout and "``" not in res.stdout


def test_brackets_are_shown_not_read_as_markup() -> None:
    top = CliRunner().invoke(app, ["--help"], env=ENV).stdout
    assert "as file:line: [hand N] message." in top
    imp = " ".join(CliRunner().invoke(app, ["import", "--help"], env=ENV).stdout.split())
    assert "needs hhtools[cluster])." in imp

"""A problem's code is a :class:`ProblemCode` member, in every grammar (issue 24, item 7).

A misspelt code is a bug of hhtools: it fails the tests (here, by reading every grammar's
source, and at run time through the registry's check), and never reaches a user as
another reason (``read_body`` once stored it as ``bad_amount``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import hhtools.grammars as grammars
from hhtools.grammars._betting import _State, read_body
from hhtools.grammars._valid import check_record
from hhtools.grammars.base import RAISE_BUGS, ParsedHand
from hhtools.model.records import HandText, Problem
from hhtools.model.vocab import ProblemCode

GRAMMARS = Path(grammars.__file__).parent
CODE_VALUES = frozenset(c.value for c in ProblemCode)

#: the callables that take a problem code, and the position of the code among their
#: positional arguments: ``h.problem(line, code, ...)`` (a hand's method),
#: ``stop(code, ...)``, ``Problem(file, line, hand_id, code, ...)``, ``_Bad(code, ...)``,
#: and iPoker's local ``problem(code, message, line)``
CODE_AT = {"problem": 1, "stop": 0, "Problem": 3, "_Bad": 0}
LOCAL_AT = {"problem": 0}


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _codes_passed(root: Path) -> tuple[list[str], list[str]]:
    """Every code argument of a problem call in the modules under ``root``:
    ``(members named, faults)``."""
    members: list[str] = []
    faults: list[str] = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"), str(path))
        for node in ast.walk(tree):
            where = f"{path.relative_to(root)}:{getattr(node, 'lineno', 0)}"
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "ProblemCode"
                    and node.attr not in ProblemCode.__members__):  # fmt: skip
                faults.append(f"{where}: ProblemCode.{node.attr} is no member")
            if not isinstance(node, ast.Call) or _name(node.func) not in CODE_AT:
                continue
            name = _name(node.func) or ""
            local = isinstance(node.func, ast.Name)
            at = LOCAL_AT.get(name, CODE_AT[name]) if local else CODE_AT[name]
            args = [a for a in node.args if not isinstance(a, ast.Starred)]
            given = [kw.value for kw in node.keywords if kw.arg == "code"]
            code = given[0] if given else (args[at] if len(args) > at else None)
            for arg in (*args, *given):  # a code's text in another place of the call
                if isinstance(arg, ast.Constant) and arg.value in CODE_VALUES and arg is not code:
                    faults.append(f"{where}: code {arg.value!r} passed as a literal")
            if code is None:
                continue
            if isinstance(code, ast.Constant):
                faults.append(f"{where}: code {code.value!r} passed as a literal")
            elif isinstance(code, ast.Attribute) and _name(code.value) == "ProblemCode":
                members.append(code.attr)
    return members, sorted(faults, key=lambda f: (f.split(":")[0], int(f.split(":")[1])))


def test_every_grammar_passes_problem_code_members() -> None:
    members, faults = _codes_passed(GRAMMARS)
    assert faults == []
    # the scan reads the calls it is about: about 180 of them, naming most codes (250
    # before the site formats' shared end checks moved into the kernel, issue 26)
    assert len(members) > 150
    assert {"bad_header", "unrecognised_line", "bad_amount", "impossible_cards",
            "out_of_range", "truncated_hand", "skipped_game"} <= {  # fmt: skip
        ProblemCode[m].value for m in members
    }


def test_the_scan_finds_each_way_of_getting_a_code_wrong(tmp_path: Path) -> None:
    (tmp_path / "site.py").write_text(
        "def f(h, stop):\n"
        "    h.problem(3, 'bad_amout', 'a literal, misspelt')\n"
        "    h.problem(4, ProblemCode.BAD_AMOUT, 'no such member')\n"
        "    stop('truncated_hand', 'a literal, even spelt right')\n"
        "    Problem('f', 1, None, code='bad_header', message='by keyword')\n"
        "    h.problem(5, ProblemCode.BAD_AMOUNT, 'right')\n",
        "utf-8",
    )
    members, faults = _codes_passed(tmp_path)
    assert faults == [
        "site.py:2: code 'bad_amout' passed as a literal",
        "site.py:3: ProblemCode.BAD_AMOUT is no member",
        "site.py:4: code 'truncated_hand' passed as a literal",
        "site.py:5: code 'bad_header' passed as a literal",
    ]
    assert members == ["BAD_AMOUT", "BAD_AMOUNT"]


def _read_with(code: object) -> _State:
    """A hand of one body line whose reader reports ``code`` on it."""
    h = _State("f.txt", 1)
    h.hand_id = "77"

    def read(text: str, lno: int) -> bool:
        h.problem(lno, code, "a player the line names is not seated", text)  # type: ignore[arg-type]
        return True

    assert read_body(h, [(1, "Zed: calls $1")], 1, read)
    return h


def test_a_misspelt_code_is_not_read_as_a_bad_amount() -> None:
    # before: ProblemCode("unknown_playr") raised ValueError inside read_body's try, and
    # the hand got a bad_amount problem on the line instead
    h = _read_with("unknown_playr")
    assert [p.code for p in h.problems] == ["unknown_playr"]
    assert ProblemCode.BAD_AMOUNT not in {p.code for p in h.problems}


def test_a_code_that_is_no_member_fails_under_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    h = _read_with("unknown_playr")
    parsed = ParsedHand(None, tuple(h.problems), None, h.hand_id)
    text = HandText("Zed: calls $1", "f.txt", 1, 0)
    monkeypatch.setenv(RAISE_BUGS, "1")
    with pytest.raises(TypeError, match="'unknown_playr' is not a ProblemCode member"):
        check_record(parsed, text)
    # a plain string spelling a real code is refused too: grammars pass members
    with pytest.raises(TypeError):
        check_record(ParsedHand(None, (Problem("f.txt", 2, "77", "bad_amount", "m"),)), text)  # type: ignore[arg-type]


def test_for_a_user_it_is_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(RAISE_BUGS, raising=False)
    h = _read_with("unknown_playr")
    good = Problem("f.txt", 1, "77", ProblemCode.UNRECOGNISED_LINE, "a line before")
    parsed = ParsedHand(None, (good, *h.problems), None, h.hand_id)
    got = check_record(parsed, HandText("Zed: calls $1", "f.txt", 1, 0))
    assert got.hand is None
    assert [(p.code, p.line, p.hand_id) for p in got.problems] == [
        (ProblemCode.UNRECOGNISED_LINE, 1, "77"), (ProblemCode.INTERNAL_ERROR, 1, "77")]  # fmt: skip
    assert "'unknown_playr' is not a ProblemCode member" in got.problems[-1].message


def test_every_format_runs_the_check() -> None:
    for fmt in grammars.FORMATS:
        assert check_record in grammars.AFTER_PARSE
        assert getattr(fmt.parse, "after_parse", False), fmt.key
        # wrapped once, even when the registry's file is loaded twice (pytest's doctests)
        assert not getattr(fmt.parse.parse, "after_parse", False), fmt.key

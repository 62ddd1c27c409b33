"""The one way from paths to records: sources, one read per file, the site-format registry."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

import hhtools.grammars as grammars
from hhtools.cli.main import app
from hhtools.ingest.read import ParseStats, open_source, parse_path
from hhtools.ingest.sources import Source, iter_sources
from hhtools.model.vocab import ProblemCode

FIX = Path(__file__).parent / "fixtures" / "pokerstars"
HAND = (FIX / "zoom_eur_no_limit.txt").read_bytes()


def test_folders_skip_hidden_and_expected_result_files(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.txt").write_bytes(HAND)
    (tmp_path / "b.log").write_bytes(HAND)  # any extension may be a history
    for name in ("a.txt.hp", "a.txt.hands", "a.txt.gt", "MANIFEST.tsv", ".hidden.txt"):
        (tmp_path / name).write_text("not a history")
    names = [s.name for s in iter_sources([tmp_path]) if isinstance(s, Source)]
    assert names == [str(tmp_path / "b.log"), str(tmp_path / "sub" / "a.txt")]


def test_missing_path_is_a_problem(tmp_path: Path) -> None:
    (problem,) = list(iter_sources([tmp_path / "nope"]))
    assert problem.code is ProblemCode.MISSING_PATH  # type: ignore[union-attr]


def test_zip_members_are_read_in_place(tmp_path: Path) -> None:
    archive = tmp_path / "h.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("one.txt", HAND)
        zf.writestr("one.txt.hp", "expected results, not a history")
    stats = ParseStats()
    results = list(parse_path(archive, stats))
    assert [(r.file, r.hand_id) for r in results] == [(f"{archive}!one.txt", "210000000003")]
    assert (stats.files, stats.records, stats.problems) == (1, 1, 0)


def test_one_read_gives_format_hands_and_digest(tmp_path: Path) -> None:
    f = tmp_path / "two.txt"
    data = HAND + b"\n\n" + HAND.replace(b"#210000000003", b"#210000000004")
    f.write_bytes(data)
    (source,) = list(iter_sources([f]))
    read = open_source(source)  # type: ignore[arg-type]
    try:
        assert read.format is grammars.get("pokerstars")
        assert [h.line for h in read.hands()] == [1, HAND.count(b"\n") + 3]
        assert read.digest() == hashlib.sha256(data).hexdigest()
    finally:
        read.close()


def test_digest_is_whole_when_the_splitter_reads_twice(tmp_path: Path) -> None:
    # A byte that is not UTF-8 deep in the file sends the splitter back to the start
    # (line by line, cp1252 for that line): the digest still covers every byte once.
    f = tmp_path / "mixed.txt"
    data = HAND + b"\n" + b"x" * 300_000 + b"\n\x80\n"
    f.write_bytes(data)
    (source,) = list(iter_sources([f]))
    read = open_source(source)  # type: ignore[arg-type]
    try:
        assert list(read.hands())  # how many hands the junk makes is the format's say
        assert read.digest() == hashlib.sha256(data).hexdigest()
    finally:
        read.close()


#: Sites the registry does not read, for the tests of how such a file is reported (the
#: real ``NOT_YET`` shrinks as formats are added, so the tests bring their own).
ROOMS_NOT_READ = (
    ("Example Room", r"^\s*Example Room Hand #\d+"),
    ("Sample XML Room", r"<SAMPLEROOM\b"),
)


@pytest.fixture
def rooms_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    import re

    patched = tuple((n, re.compile(p, re.MULTILINE)) for n, p in ROOMS_NOT_READ)
    monkeypatch.setattr(grammars, "NOT_YET", patched)


@pytest.mark.parametrize(
    ("first_line", "site"),
    [
        ("Example Room Hand #33286946295: Table Gaul (6 max) - $5/$10 - Pot Limit Omaha Hi", "Example Room"),
        ('<SAMPLEROOM ID="2908057409" GAME="GAME_OMA">', "Sample XML Room"),
    ],
)  # fmt: skip
def test_a_site_not_read_yet_is_named(
    tmp_path: Path, first_line: str, site: str, rooms_not_read: None
) -> None:
    f = tmp_path / "other.txt"
    f.write_text(first_line + "\nmore\n", encoding="utf-8")
    (result,) = list(parse_path(f))
    (problem,) = result.problems
    assert problem.code is ProblemCode.UNSUPPORTED_SITE
    supported = ", ".join(f.key for f in grammars.FORMATS)
    assert problem.message == f"{site} history: not supported yet; supported: {supported}"


def test_utf16_file_of_another_site_is_named(tmp_path: Path, rooms_not_read: None) -> None:
    f = tmp_path / "other.txt"
    f.write_bytes(b"\xff\xfe" + "Example Room Hand #1: Table X\r\n".encode("utf-16-le"))
    (result,) = list(parse_path(f))
    assert result.problems[0].message.startswith("Example Room history: not supported yet")


def test_a_file_of_no_known_site_is_unsupported(tmp_path: Path) -> None:
    f = tmp_path / "other.txt"
    f.write_text("Hand 1 of a room nobody knows\nmore\n", encoding="utf-8")
    (result,) = list(parse_path(f))
    (problem,) = result.problems
    assert problem.code is ProblemCode.UNSUPPORTED_SITE


def test_formats_command_lists_the_registry() -> None:
    res = CliRunner().invoke(app, ["formats"])
    assert res.exit_code == 0
    assert "pokerstars" in res.output and "Courchevel" in res.output
    assert "GGPoker" in res.output

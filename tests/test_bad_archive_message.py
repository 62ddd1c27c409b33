"""An archive that cannot be opened is one problem on the whole file: ``hhtools problems``
names the archive and what is wrong with it, with no line (it was ``bad.zip:0:
cannot open archive: File is not a zip file`` for a download cut short as well as for
a file that is no zip at all). Line 0 stays in the data (csv, json, the table).
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.model.records import Problem
from hhtools.model.vocab import ProblemCode

HAND = (Path(__file__).parent / "fixtures" / "pokerstars" / "zoom_eur_no_limit.txt").read_bytes()


def a_zip() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("notes.txt", "no hand here, only enough bytes to cut " * 20)
    return buf.getvalue()


def test_problems_name_the_archive_and_what_is_wrong(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    whole = a_zip()
    (folder / "cut.zip").write_bytes(whole[: len(whole) // 2])  # the table of contents lost
    (folder / "other.zip").write_bytes(b"%PDF-1.4 a document named .zip")
    # a hand beside them: paths with no hand history leave no store behind
    (folder / "hand.txt").write_bytes(HAND)
    db = tmp_path / "a.duckdb"
    run = CliRunner()
    run.invoke(app, ["import", str(folder), "--db", str(db), "-q", "-j", "1"])
    out = run.invoke(app, ["problems", "--db", str(db), "--wide"]).stdout
    lines = [x for x in out.splitlines() if x.endswith("(bad_archive)")]
    assert lines == [
        f"{folder / 'cut.zip'}: a .zip archive cut short or damaged, so not read "
        "(File is not a zip file) (bad_archive)",
        f"{folder / 'other.zip'}: not a .zip archive (its first bytes are not a zip's), "
        "so not read (File is not a zip file) (bad_archive)",
    ]
    csv = run.invoke(app, ["problems", "--db", str(db), "--format", "csv"]).stdout
    assert f"{folder / 'cut.zip'},0," in csv  # the data keep line 0: the whole file


def test_a_whole_file_problem_renders_without_a_line() -> None:
    p = Problem("x.zip", 0, None, ProblemCode.BAD_ARCHIVE, "a .zip archive cut short")
    assert str(p) == "x.zip: a .zip archive cut short"
    q = Problem("h.txt", 7, "12", ProblemCode.BAD_TABLE, "table line not read")
    assert str(q) == "h.txt:7: [hand 12] table line not read"

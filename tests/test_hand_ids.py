"""A hand id is a site's identifier: one check (``grammars.check_hand_id``) that every
site format's parse runs; an id with markup, quotes or spaces makes the hand a
``bad_header`` problem, never a stored id (issue 25: an iPoker ``gamecode`` holding
``"><img src=x onerror=...>`` ran a script in the HTML report)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hhtools import grammars
from hhtools.ingest.read import parse_path
from hhtools.model.records import HandText
from hhtools.model.vocab import ProblemCode
from hhtools.store import db as store
from hhtools.store.importer import import_paths
from tests.conftest import need_corpus

FIX = Path(__file__).parent / "fixtures"
HOSTILE = '6423466372"><img src=x onerror=alert(1)>'


def test_an_ipoker_gamecode_with_markup_is_a_bad_header_and_the_others_are_kept() -> None:
    results = list(parse_path(FIX / "ipoker" / "gamecode_with_markup.xml"))
    assert [r.hand.hand_id if r.hand else None for r in results] == ["5100001", None, "5100003"]
    (bad,) = results[1].problems
    assert bad.code == ProblemCode.BAD_HEADER and bad.hand_id is None
    assert bad.line == 30 and repr(HOSTILE) in bad.message  # the <game> line of the hand
    assert results[0].problems == results[2].problems == ()


def test_the_import_stores_the_good_hands_and_lists_the_bad_id(tmp_path: Path) -> None:
    db = tmp_path / "h.duckdb"
    summary = import_paths([FIX / "ipoker" / "gamecode_with_markup.xml"], db, workers=1)
    assert summary.hands == 2 and summary.problems == 1
    con = store.connect(db, read_only=True)
    try:
        ids = con.execute("SELECT hand_id FROM hands ORDER BY 1").fetchall()
        errors = con.execute("SELECT line, hand_id, code FROM import_errors").fetchall()
    finally:
        con.close()
    assert ids == [("5100001",), ("5100003",)]
    assert errors == [(30, None, "bad_header")]


@pytest.mark.parametrize("hand_id", ["220000000004", "RC1234567", "R5-81867677-656",
                                     "9630554-604-1489827073", "31226377-1375", "T5:12.3#4_a"])
def test_ids_as_sites_write_them_pass(hand_id: str) -> None:
    assert grammars.HAND_ID.fullmatch(hand_id)


@pytest.mark.parametrize("hand_id", [HOSTILE, "1 2", "1'2", "<b>", "-1", "1/2", "a\x00b",
                                     "x" * 65, "12</script>", "1\n2", ""])
def test_ids_with_anything_else_fail(hand_id: str) -> None:
    assert not grammars.HAND_ID.fullmatch(hand_id)


def test_every_format_runs_the_check() -> None:
    """Each registered format's parse (the module's own object, so a direct
    ``FORMAT.parse`` too) ends with the checks of ``grammars.AFTER_PARSE``."""
    ipoker = grammars.get("ipoker")
    text = (FIX / "ipoker" / "gamecode_with_markup.xml").read_text("utf-8")
    assert grammars.check_hand_id in grammars.AFTER_PARSE
    for fmt in grammars.FORMATS:
        assert getattr(fmt.parse, "after_parse", False), fmt.key
    parsed = ipoker.parse(HandText(text, "x.xml", 1, 0, "utf-8"))
    assert parsed.hand is None
    assert [p.code for p in parsed.problems][-1] == ProblemCode.BAD_HEADER


def test_no_real_history_has_an_id_the_check_refuses() -> None:
    corpus = need_corpus()
    paths = [corpus, corpus.parent / "corpus2"]
    refused = [str(p) for r in parse_path([p for p in paths if p.is_dir()])
               for p in r.problems if "is not a hand number" in p.message]  # fmt: skip
    assert refused == []

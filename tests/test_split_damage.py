"""A damaged hand never takes the intact hand before it (issue 25, items 3, 4 and 8).

Each fixture (``tests/fixtures/<site>/damaged/``) holds an intact hand, a hand whose
first line is damaged, then a hand with a BOM before it (as concatenating files gives)
and otherwise intact. The two
intact hands must read with no problem, exactly as they read alone; the damaged one
must be a problem on its own first line. The same files with a NUL in a line, or
written with CR-only line ends, must give the same hands on the same lines.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from hhtools.grammars import _text
from hhtools.ingest.read import parse_file

FIX = Path(__file__).parent / "fixtures"
BOM = "\ufeff".encode()
#: format folder -> (ids of the intact hands, first line of each of the three hands,
#: the damaged hand's first line as written)
CASES = {
    "888poker": (("710000001", "710000003"), (1, 18, 35), b"#Game Nq : 710000002"),
    "bovada": (("3100000001", "3100000003"), (1, 19, 37), b"Bovada Hxnd #3100000002"),
    "partypoker": (
        ("1700000000011abcdefghij", "1700000000013abcdefghij"),
        (1, 18, 35),
        b"***** Hand Histxry For Game 1700000000012abcdefghij",
    ),
}
NAME = "damaged_header_then_bom_between_intact_hands.txt"


def results(tmp_path: Path, data: bytes) -> list:  # type: ignore[type-arg]
    f = tmp_path / "hands.txt"
    f.write_bytes(data)
    return list(parse_file(f))


def alone(tmp_path: Path, data: bytes, line: int, next_line: int | None) -> bytes:
    """The bytes of the hand starting on ``line`` (to ``next_line``), alone in a file."""
    lines = data.replace(b"\r\n", b"\n").split(b"\n")
    return b"\n".join(lines[line - 1 : (next_line or len(lines) + 1) - 1]).removeprefix(BOM)


def strip_source(hand):  # type: ignore[no-untyped-def]
    """What a record says, without where it was read from (file, lines, offset)."""
    return (hand.hand_id, hand.game, hand.button, hand.boards, hand.hole_cards,
            [(s.seat, s.player, s.stack) for s in hand.seats],
            [(a.street, a.player, a.kind, a.amount, a.to_amount, a.post) for a in hand.actions],
            [(c.player, c.amount, c.pot) for c in hand.collects])  # fmt: skip


@pytest.mark.parametrize("site", sorted(CASES))
def test_damaged_header_is_its_own_problem(tmp_path: Path, site: str) -> None:
    ids, firsts, damaged = CASES[site]
    data = (FIX / site / "damaged" / NAME).read_bytes()
    assert data.count(damaged) == 1 and BOM in data  # the fixture holds its quirks
    got = results(tmp_path, data)
    assert [r.line for r in got] == list(firsts)
    assert [r.hand_id for r in got] == [ids[0], None, ids[1]]
    assert got[0].problems == () and got[2].problems == ()
    assert got[1].hand is None
    assert [(p.line, str(p.code)) for p in got[1].problems] == [(firsts[1], "bad_header")]
    # the intact hands read as they read alone
    for r, nxt in ((got[0], firsts[1]), (got[2], None)):
        (one,) = results(tmp_path, alone(tmp_path, data, r.line, nxt))
        assert one.problems == ()
        assert strip_source(one.hand) == strip_source(r.hand)


@pytest.mark.parametrize("site", sorted(CASES))
def test_nul_bytes_are_dropped_where_text_is_decoded(tmp_path: Path, site: str) -> None:
    ids, firsts, damaged = CASES[site]
    data = (FIX / site / "damaged" / NAME).read_bytes()
    clean = results(tmp_path, data)
    # a NUL in the first hand's header and one at the end of the damaged hand's first line
    nul = data.replace(ids[0].encode(), ids[0][:3].encode() + b"\x00" + ids[0][3:].encode(), 1)
    nul = nul.replace(damaged, damaged + b"\x00")
    got = results(tmp_path, nul)
    assert [(r.line, r.hand_id, r.problems == ()) for r in got] == [
        (r.line, r.hand_id, r.problems == ()) for r in clean
    ]
    assert strip_source(got[0].hand) == strip_source(clean[0].hand)


@pytest.mark.parametrize("site", sorted(CASES))
@pytest.mark.parametrize("end", [b"\r", b"\r\n"])
def test_line_numbers_and_offsets_whatever_the_line_ends(
    tmp_path: Path, site: str, end: bytes
) -> None:
    ids, firsts, _ = CASES[site]
    data = (FIX / site / "damaged" / NAME).read_bytes().replace(b"\n", end)
    got = results(tmp_path, data)
    assert [r.line for r in got] == list(firsts)
    assert [r.hand_id for r in got] == [ids[0], None, ids[1]]
    assert got[0].problems == () and got[2].problems == ()
    for r in got:  # each offset is where the hand's first line starts in the file
        assert data[: r.offset].count(end) == r.line - 1
        assert data[r.offset - len(end) : r.offset] == end or r.offset == 0


def test_one_line_counter_for_every_line_end() -> None:
    data = b"a\r\nb\rc\n\rd\r\r\ne"
    lines = [(ln.number, ln.offset, ln.text) for ln, _ in _text.iter_lines(io.BytesIO(data))]
    # a\r\n | b\r | c\n | \r | d\r | \r\n | e : seven lines
    assert lines == [(1, 0, "a"), (2, 3, "b"), (3, 5, "c"), (4, 7, ""), (5, 8, "d"),
                     (6, 10, ""), (7, 12, "e")]  # fmt: skip
    assert _text.line_breaks(data) == 6
    utf16 = data.decode().encode("utf-16-le")
    got = [(ln.number, ln.offset, ln.text) for ln, _ in _text.iter_lines(io.BytesIO(utf16))]
    assert got == [(n, 2 * o, t) for n, o, t in lines]


def test_bom_and_nul_scrubbed_once_in_every_decoding() -> None:
    data = BOM + b"x\r\n" + BOM + b"y\x00z\n"
    lines = [ln.text for ln, _ in _text.iter_lines(io.BytesIO(data))]
    assert lines == ["x", "yz"]
    assert _text.decode_head(data) == "x\r\nyz\n"


#: XML formats: fixture -> (ids of the intact games, first line of each of the three)
XML = {
    "merge": (("45900009-1", "45900009-3"), (2, 18, 34)),
    "ipoker": (("5000091", "5000093"), (11, 28, 45)),
}
XML_NAME = "damaged_game_tag_between_intact_games.xml"


@pytest.mark.parametrize("site", sorted(XML))
@pytest.mark.parametrize("end", [b"\n", b"\r", b"\r\n"])
def test_xml_game_with_damaged_opening_tag_is_a_problem(
    tmp_path: Path, site: str, end: bytes
) -> None:
    """Issue 25.4 and 25.8: a game whose opening tag is damaged is a ``bad_header``
    problem on its first line, whatever the line ends; the games around it read."""
    ids, firsts = XML[site]
    data = (FIX / site / "damaged" / XML_NAME).read_bytes()
    assert data.count(b"<gxme ") == 1
    got = results(tmp_path, data.replace(b"\n", end))
    assert [r.line for r in got] == list(firsts)
    assert [r.hand_id for r in got] == [ids[0], None, ids[1]]
    assert got[0].problems == () and got[2].problems == ()
    assert [(p.line, str(p.code)) for p in got[1].problems] == [(firsts[1], "bad_header")]


def test_utf8_bom_before_a_cp1252_line_is_a_bom() -> None:
    data = b"x\n" + BOM + "Hand \u20ac1".encode("cp1252") + b"\n"
    assert [ln.text for ln, _ in _text.iter_lines(io.BytesIO(data))] == ["x", "Hand \u20ac1"]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])  # read by blocks; line by line
def test_damaged_header_after_a_hand_cut_short_is_its_own_text(encoding: str) -> None:
    """A PokerStars hand cut before its summary (so no summary line ends it), then at
    once the next hand with its header damaged ("PokerStars Hand *N"; the fuzz run's
    seed 7 found it after a Portuguese hand): the damaged header's "Table '...'" line,
    which no hand holds but as its second line, makes the line before it a hand text of
    its own, reported on that line, not lines of the cut hand (which said nothing of
    them). A header glued inside a line is no such cut (its own rule finds it)."""
    from hhtools.grammars import pokerstars

    cut = (
        "PokerStars Hand #300000000001:  Omaha Pot Limit ($0.01/$0.02 USD) - "
        "2024/01/02 9:46:26 ET\n"
        "Table 'Alpha' 6-max Seat #1 is the button\n"
        "Seat 1: Ann ($2 in chips)\n"
        "Seat 2: Bob ($2 in chips)\n"
        "Ann: posts small blind $0.01\n"
        "Bob: posts big blind $0.02\n"
        "*** HOLE CARDS ***\n"
        "Ann: raises $0.04 to $0.06\n"
    )
    damaged = cut.replace("#300000000001", "*300000000002").replace("Alpha", "Beta")
    texts = list(pokerstars.FORMAT.split(io.BytesIO((cut + damaged).encode(encoding)), "x"))
    assert [t.line for t in texts] == [1, 9]
    assert texts[1].text.startswith("PokerStars Hand *300000000002")
    second = pokerstars.FORMAT.parse(texts[1])
    assert second.hand is None and second.problems[0].line == 9
    glued = cut[:-6] + damaged.replace("*3000", "#3000")  # "... to PokerStars Hand #..."
    texts = list(pokerstars.FORMAT.split(io.BytesIO(glued.encode(encoding)), "x"))
    assert [t.line for t in texts] == [1, 8]
    assert texts[0].text.endswith("Ann: raises $0.04 to ")

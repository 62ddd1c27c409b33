"""Never an exception: truncated, shuffled, doubled, random and mis-encoded input
always gives records or problems (hypothesis)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hhtools.grammars import pokerstars
from hhtools.ingest.read import parse_file
from hhtools.model.records import HandHistory, Problem

FIX = Path(__file__).parent / "fixtures" / "pokerstars"
HANDS = [
    p.read_text(encoding="utf-8")
    for p in sorted(FIX.glob("*.txt"))
    if not p.name.startswith("encoding_")
]
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check(text: str) -> None:
    hand, problems, skipped = pokerstars.parse_hand(text, "fuzz.txt", 1, 0)
    assert hand is None or isinstance(hand, HandHistory)
    assert all(isinstance(p, Problem) for p in problems)
    assert skipped is None or isinstance(skipped, str)
    assert not [p for p in problems if p.code == "internal_error"], problems
    if hand is None and skipped is None:
        assert problems, "a hand without a record must say why"


@SETTINGS
@given(st.sampled_from(HANDS), st.data())
def test_truncated(text: str, data: st.DataObject) -> None:
    cut = data.draw(st.integers(0, len(text)))
    check(text[:cut] or "x")


@SETTINGS
@given(st.sampled_from(HANDS), st.randoms(use_true_random=False))
def test_shuffled_lines(text: str, rnd) -> None:  # type: ignore[no-untyped-def]
    lines = text.split("\n")
    head, body = lines[:1], lines[1:]
    rnd.shuffle(body)
    check("\n".join(head + body))


@SETTINGS
@given(st.sampled_from(HANDS), st.data())
def test_doubled_and_dropped_lines(text: str, data: st.DataObject) -> None:
    lines = text.split("\n")
    i = data.draw(st.integers(0, len(lines) - 1))
    j = data.draw(st.integers(0, len(lines) - 1))
    lines.insert(i, lines[i])
    del lines[j]
    check("\n".join(lines) or "x")


@SETTINGS
@given(st.sampled_from(HANDS), st.data())
def test_mutated_characters(text: str, data: st.DataObject) -> None:
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 5))):
        k = data.draw(st.integers(0, len(chars) - 1))
        chars[k] = data.draw(st.characters())
    check("".join(chars))


@SETTINGS
@given(st.text(min_size=1, max_size=400))
def test_random_text(text: str) -> None:
    check(text)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=600), st.sampled_from(HANDS), st.sampled_from(
    ["utf-8", "utf-16-le", "utf-16-be", "cp1252", "latin-1", "utf-32"]))  # fmt: skip
def test_random_bytes_and_wrong_encodings(tmp_path_factory, junk: bytes, text: str, enc: str) -> None:  # type: ignore[no-untyped-def]
    d = tmp_path_factory.mktemp("fuzz")
    f = d / "f.txt"
    try:
        payload = text.encode(enc)
    except UnicodeEncodeError:
        payload = text.encode("utf-8")
    f.write_bytes(junk + payload + junk)
    for r in parse_file(f):
        assert r.hand is not None or r.problems or r.skipped
        assert not [p for p in r.problems if p.code == "internal_error"]

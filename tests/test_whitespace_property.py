"""Whitespace never matters (issue 27, item 4): every real file, respaced, reads the same.

For every file of ../shared/corpus and ../shared/corpus2 (skipped with the reason when
absent) two variants are written, each drawn by a generator seeded from the file's
name (so a failure is replayed exactly):

* **ends**: spaces and tabs after random lines, CRLF line ends, a UTF-8 BOM at the
  start (a UTF-8 file without one) and a BOM before every hand but the first;
* **cr**: CR-only line ends, and in a text format no-break spaces (U+00A0, and
  U+202F where the encoding holds it) after random lines and for random spaces
  between tokens; in an XML or JSON file, where a no-break space is no whitespace
  of the format, spaces and tabs after random lines instead.

Each variant must give the same results as the file itself: the same hands at the same
lines, the same records field by field (but the source name, byte offset and raw text,
which respacing changes by design) and the same problems (line and code).
"""

from __future__ import annotations

import dataclasses
import random
import re
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from hhtools.grammars._text import detect_encoding
from hhtools.ingest.read import parse_path
from tests.conftest import SHARED

ROOTS = (SHARED / "corpus", SHARED / "corpus2")
NOT_HISTORIES = {"MANIFEST.tsv", "README.md"}
_BREAK = re.compile(r"(\r\n|\r|\n)")
_MARKUP = re.compile(r"^\s*[<{\[]", re.MULTILINE)


def _files() -> list[str]:
    out = []
    for root in ROOTS:
        if root.is_dir():
            out += [f"{root.name}/{p.relative_to(root).as_posix()}" for p in sorted(root.rglob("*"))
                    if p.is_file() and p.name not in NOT_HISTORIES]  # fmt: skip
    return out


FILES = _files()


def _results(path: Path) -> list[tuple]:
    """What a file reads as, less what respacing changes by design."""
    out = []
    for r in parse_path([str(path)]):
        hand = r.hand
        if hand is not None:
            hand = dataclasses.replace(hand, file="", offset=0, text="")
        out.append((r.line, r.hand_id, r.site_format, r.skipped, hand,
                    tuple((p.line, p.code) for p in r.problems)))  # fmt: skip
    return out


def _decode(data: bytes) -> tuple[str, str, bytes, bytes]:
    """``(text, encoding, bom, tail)``: the file as text the way it was written (UTF-8,
    else cp1252; UTF-16 by its BOM or NULs), and the bytes around it kept as they are."""
    encoding, n = detect_encoding(data[:4096])
    bom, body, tail = data[:n], data[n:], b""
    if encoding.startswith("utf-16"):
        if len(body) % 2:
            body, tail = body[:-1], body[-1:]
        return body.decode(encoding), encoding, bom, tail
    try:
        return body.decode("utf-8"), "utf-8", bom, tail
    except UnicodeDecodeError:
        return body.decode("cp1252"), "cp1252", bom, tail


def _per_line(text: str, change: Callable[[str], str]) -> str:
    parts = _BREAK.split(text)  # line, break, line, break, ..., line
    parts[0::2] = [change(x) for x in parts[0::2]]
    return "".join(parts)


def _ends(text: str, rng: random.Random, hands: list[int], utf8_no_bom: bool) -> str:
    text = _per_line(text, lambda x: x + rng.choice(("", " ", "  ", "\t", " \t ")) if x else x)
    parts = _BREAK.split(text)
    for line in hands:  # a BOM before each hand but the first (a concatenated file)
        if 0 < 2 * (line - 1) < len(parts):
            parts[2 * (line - 1)] = "\ufeff" + parts[2 * (line - 1)]
    text = re.sub(r"\r\n|\r|\n", "\r\n", "".join(parts))
    return "\ufeff" + text if utf8_no_bom else text


def _cr(text: str, rng: random.Random, markup: bool, narrow: bool) -> str:
    if markup:
        text = _per_line(text, lambda x: x + rng.choice(("", " ", "\t")) if x else x)
    else:
        spaces = ("\xa0", "\u202f") if narrow else ("\xa0",)

        def respace(x: str) -> str:
            gaps = [m.start() for m in re.finditer(" ", x)]
            if gaps and rng.random() < 0.4:
                at = rng.choice(gaps)
                x = x[:at] + rng.choice(spaces) + x[at + 1 :]
            return x + rng.choice(("", "", " ", *spaces)) if x else x

        text = _per_line(text, respace)
    return re.sub(r"\r\n|\r|\n", "\r", text)


def _encode(text: str, encoding: str) -> bytes:
    """``text`` in the file's encoding; a BOM inside it as UTF-8's bytes in a cp1252
    file (a UTF-8 file's BOM glued to it), as the encoding's own elsewhere."""
    if encoding != "cp1252":
        return text.encode(encoding)
    return b"\xef\xbb\xbf".join(piece.encode(encoding) for piece in text.split("\ufeff"))


ABSENT = f"real hand histories not found under {SHARED} (../shared is only beside CI)"


@pytest.mark.parametrize("name", FILES or [pytest.param("", marks=pytest.mark.skip(reason=ABSENT))])
def test_respaced_file_reads_the_same(name: str, tmp_path: Path) -> None:
    source = SHARED / name
    data = source.read_bytes()
    expected = _results(source)
    text, encoding, bom, tail = _decode(data)
    rng = random.Random(zlib.crc32(name.encode()))
    hands = sorted({r[0] for r in expected if r[0] > 1})
    markup = _MARKUP.search(text[:3000]) is not None
    narrow = encoding != "cp1252"
    variants = {
        "ends": _ends(text, rng, hands, encoding == "utf-8" and not bom),
        "cr": _cr(text, rng, markup, narrow),
    }
    for what, variant in variants.items():
        path = tmp_path / f"{what}-{source.name}"
        path.write_bytes(bom + _encode(variant, encoding) + tail)
        got = _results(path)
        assert [r[:4] for r in got] == [r[:4] for r in expected], f"{what}: other hands"
        for a, b in zip(got, expected, strict=True):
            assert a == b, f"{what}: hand at line {b[0]} ({b[1]}) reads otherwise"

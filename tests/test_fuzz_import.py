"""Bad input never costs a good hand (issue "The ledger as real histories write it",
"How it is checked"): files of generated hands, some mutated, are imported; then

* the import never stops;
* every unmutated hand is stored exactly as a clean import of those hands alone stores
  it (the clean file keeps each mutated hand's place as blank lines, so lines agree);
* every mutated hand that is not stored has a problem row with its file and a line
  inside that hand.

The hands come from ``sample_histories/generated`` (bundled, so this runs on a user's
clone too); the mutations are seeded, so a failure reproduces.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import duckdb
import pytest

from hhtools.store.importer import import_paths

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories" / "generated"
HEADER = re.compile(r"^\ufeff?PokerStars Hand #(\d+):", re.MULTILINE)
AMOUNT = re.compile(r"\$\d+(?:\.\d\d)?")
CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")
OTHER_HEADERS = (
    "PokerStars Hand #{id}:  Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/02 9:46:26 ET",
    "PokerStars Hand #{id}:  Omaha Hi/Lo Spread Limit ($0.01/$0.02 USD) - 2024/01/02 9:46:26 ET",
    "PokerStars Hand #{id}:  Razz Limit ($0.04/$0.08 USD) - 2024/01/02 9:46:26 ET",
    "PokerStrs Hand #{id}:  Omaha Pot Limit ($0.01/$0.02 USD) - 2024/01/02 9:46:26 ET",
    "PokerStars Hand #{id}x:  Omaha Pot Limit ($0.01/$0.02 USD) - 2024/01/02 9:46:26 ET",
    "PokerStars Hand #{id}:  Omaha Pot Limit ($0.01/$0.02 USD) - 2024/13/45 9:46:26 ET",
)


def hands_of(n: int) -> list[str]:
    """The first ``n`` generated hands, each as its text (no trailing blank lines)."""
    out: list[str] = []
    for f in sorted(SAMPLES.glob("*.txt")):
        text = f.read_text(encoding="utf-8-sig")
        starts = [m.start() for m in HEADER.finditer(text)] + [len(text)]
        out += [text[a:b].rstrip("\n") for a, b in zip(starts, starts[1:], strict=False)]
        if len(out) >= n:
            break
    return out[:n]


def mutate(text: str, rng: random.Random) -> str:
    """One of the mutations real and broken files show, applied to one hand."""
    lines = text.split("\n")
    kind = rng.randrange(13)
    if kind == 0:  # byte flips (as characters)
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            k = rng.randrange(len(chars))
            chars[k] = chr(rng.randrange(32, 0x2FF))
        return "".join(chars)
    if kind == 1:  # a line deleted
        del lines[rng.randrange(1, len(lines))]
    elif kind == 2:  # a line duplicated
        k = rng.randrange(1, len(lines))
        lines.insert(k, lines[k])
    elif kind == 3:  # truncated
        return text[: rng.randrange(1, len(text))]
    elif kind == 4:  # two amounts swapped
        found = list(AMOUNT.finditer(text))
        if len(found) >= 2:
            a, b = rng.sample(found, 2)
            if a.start() > b.start():
                a, b = b, a
            return (text[: a.start()] + b.group() + text[a.end() : b.start()] + a.group()
                    + text[b.end() :])  # fmt: skip
    elif kind == 5:  # unicode and a NUL in a line
        k = rng.randrange(1, len(lines))
        lines[k] = lines[k] + rng.choice(["\u00e9\u4e2d", "\x00", "\u202e", "\ufffd"])
    elif kind == 6:  # a very long screen name on a seat line
        k = next((i for i, ln in enumerate(lines) if ln.startswith("Seat ")), 1)
        lines[k] = lines[k].replace(": ", ": " + "N" * rng.randint(200, 3000), 1)
    elif kind == 7:  # mixed line ends
        return text.replace("\n", rng.choice(["\r\n", "\r"]), rng.randint(1, 5))
    elif kind == 8:  # a bad card
        found = list(CARD.finditer(text))
        if found:
            m = rng.choice(found)
            return text[: m.start()] + rng.choice(["1x", "Zz", "10q", "As"]) + text[m.end() :]
    elif kind == 9:  # a negative or huge amount
        found = list(AMOUNT.finditer(text))
        if found:
            m = rng.choice(found)
            new = rng.choice(["-$5", "$99999999999999999999", "$9223372036854775.99"])
            return text[: m.start()] + new + text[m.end() :]
    elif kind in (10, 11):  # another game's header, or a damaged one
        hid = HEADER.match(text)
        lines[0] = rng.choice(OTHER_HEADERS).format(id=hid.group(1) if hid else "1")
    else:  # a seat or button number far out of range
        lines[1] = re.sub(r"Seat #\d+", "Seat #" + str(2**31 + rng.randrange(9)), lines[1])
    return "\n".join(lines)


def n_lines(text: str) -> int:
    """Lines the reader sees in a text (CRLF, lone CR and LF all end a line)."""
    return len(re.split(r"\r\n|\r|\n", text))


def rows(db: Path, table: str, ids: set[str]) -> list[tuple[object, ...]]:
    with duckdb.connect(str(db), read_only=True) as con:
        cols = [c for (c,) in con.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = ? "
            "ORDER BY ordinal_position", [table]).fetchall()
            if c not in ("file", "byte_offset", "import_id", "text_digest")]  # fmt: skip
        got = con.execute(f"SELECT {', '.join(cols)} FROM {table}").fetchall()
    key = cols.index("hand_id")
    return sorted((r for r in got if r[key] in ids), key=repr)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bad_hands_never_cost_good_ones(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    hands = hands_of(240)
    ids = [HEADER.match(h).group(1) for h in hands]  # type: ignore[union-attr]
    mutated: dict[int, str] = {}
    for i in rng.sample(range(len(hands)), 80):
        for _ in range(5):  # a mutation must not take another clean hand's id
            m = mutate(hands[i], rng)
            hid = HEADER.match(m)
            if hid is None or hid.group(1) == ids[i] or hid.group(1) not in ids:
                mutated[i] = m
                break
    dirty_dir, clean_dir = tmp_path / "dirty", tmp_path / "clean"
    dirty_dir.mkdir()
    clean_dir.mkdir()
    spans: list[tuple[str, int, int]] = []  # file, first line, last line of each mutated hand
    for f in range(4):
        dirty, clean, line = [], [], 1
        name = f"hands-{f}.txt"
        for i in range(f * 60, (f + 1) * 60):
            text = mutated.get(i, hands[i])
            dirty.append(text)
            clean.append("\n" * (n_lines(text) - 1) if i in mutated else text)
            if i in mutated:
                spans.append((name, line, line + n_lines(text) - 1))
            line += n_lines(text) + 2
        (dirty_dir / name).write_text("\n\n\n".join(dirty) + "\n", encoding="utf-8")
        (clean_dir / name).write_text("\n\n\n".join(clean) + "\n", encoding="utf-8")
    dirty_db, clean_db = tmp_path / "dirty.duckdb", tmp_path / "clean.duckdb"
    dirty_summary = import_paths([dirty_dir], dirty_db, workers=1)
    clean_summary = import_paths([clean_dir], clean_db, workers=1)
    assert not dirty_summary.interrupted
    assert clean_summary.problems == 0
    good = {ids[i] for i in range(len(hands)) if i not in mutated}
    for table in ("hands", "seats", "actions", "boards", "pots", "awards", "showdowns",
                  "findings", "tournament_results"):  # fmt: skip
        assert rows(dirty_db, table, good) == rows(clean_db, table, good), table
    with duckdb.connect(str(dirty_db), read_only=True) as con:
        problems = con.execute("SELECT file, line, code FROM import_errors").fetchall()
        stored = {h for (h,) in con.execute("SELECT hand_id FROM hands").fetchall()}
        internal = [p for p in problems if p[2] == "internal_error"]
    assert internal == []
    for i, text in mutated.items():
        hid = HEADER.match(text)
        if hid is not None and hid.group(1) in stored:
            continue
        name, first, last = spans[sorted(mutated).index(i)]
        assert any(Path(f).name == name and first <= ln <= last for f, ln, _ in problems), (
            f"hand {i} ({ids[i]}) not stored and no problem inside lines {first}-{last} of {name}"
        )


FIXTURES = Path(__file__).resolve().parent / "fixtures"


def fixture_layouts() -> list:  # type: ignore[type-arg]
    """Every format's own fixtures (top folder), one file per format, each hand id once
    in all of them."""
    from tests.fuzz_kit import Segment, layout, merged

    by_key: dict[str, list] = {}  # type: ignore[type-arg]
    for f in sorted(FIXTURES.glob("*/*")):
        lay = layout(f.read_bytes(), f.name) if f.is_file() else None
        if lay is not None:
            by_key.setdefault(lay.key, []).append(lay)
    out = []
    seen: set[str] = set()  # ids of every format: two formats may name one site's hand
    for key, lays in sorted(by_key.items()):
        for lay in lays:  # a hand id twice would be stored once: keep the first
            lay.segments = [s if s.hand_id is None or s.hand_id not in seen else
                            Segment(b"", None, b"") for s in lay.segments]  # fmt: skip
            seen |= {s.hand_id for s in lay.segments if s.hand_id}
        out.append(merged(lays, f"{key}.txt"))
    return out


@pytest.mark.parametrize("seed", [7])
def test_every_format_damaged_hands_never_cost_good_ones(tmp_path: Path, seed: int) -> None:
    """Issue 25's reliability run, small: every format's fixtures, about 40% of the
    hands damaged or given a BOM or CR-only line ends (``tests/fuzz_kit.py``); no good
    hand lost or stored differently, no damaged hand silent, no stop, no traceback."""
    from tests.fuzz_kit import Outcome, build, compare, run_import

    rng = random.Random(seed)
    dirty, clean = tmp_path / "dirty", tmp_path / "clean"
    dirty.mkdir()
    clean.mkdir()
    spans = {}
    keys = set()
    for lay in fixture_layouts():
        built = build(lay, 0.4, rng)
        (dirty / lay.name).write_bytes(built.dirty)
        (clean / lay.name).write_bytes(built.clean)
        spans[lay.name] = built.spans
        keys.add(lay.key)
    assert len(keys) >= 20  # every format with fixtures
    out = Outcome()
    run_import([dirty], tmp_path / "dirty.duckdb", 1, out)
    run_import([clean], tmp_path / "clean.duckdb", 1, out)
    compare(tmp_path / "dirty.duckdb", tmp_path / "clean.duckdb", spans, out)
    assert out.damaged > 40 and out.good > 100
    assert out.stops == [] and out.tracebacks == 0
    assert out.lost == []
    assert out.changed == []
    assert out.silent == []

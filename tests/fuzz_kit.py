"""The reliability run's machinery (issue 25), shared by ``tests/test_fuzz_import.py``
(small, every format) and ``benchmarks/reliability_run.py`` (100,000 hands and more).

Intact files are cut into their hands at the byte offsets their format's own ``split``
gives (:func:`layout`); some hands are then damaged the way real files are
(:data:`DAMAGE`: truncated, a byte of the header or of any line changed, a NUL, a line
doubled or dropped, a hand glued to the one before), some are given what files carry
without being damaged (:data:`HARMLESS`: a BOM before a hand, as concatenating files
gives; CR-only line ends). Each damaged hand is written to a *dirty* file and, as as
many blank lines as it has lines, to a *clean* one, so that both files have the same
lines (:func:`build`). Both are imported and compared (:func:`compare`):

* every good hand (in the clean import) is stored in the dirty import with the same
  rows in every table (file, byte offset and import id apart);
* every damaged hand is stored or has a problem on a line inside its span;
* the import never stops and reports no ``internal_error``.
"""

from __future__ import annotations

import io
import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import duckdb

from hhtools import grammars
from hhtools.grammars._text import decode_head, detect_encoding
from hhtools.store.importer import import_paths

BOM = "\ufeff".encode()
DAMAGE = ("truncate", "header_byte", "nul", "flip", "dup_line", "del_line", "glue")
HARMLESS = ("bom", "cr_only")
#: columns that differ between two imports of the same hand in different files
_SOURCE_COLUMNS = ("file", "byte_offset", "import_id", "text_digest")
#: tables worked out over several hands (a player's sessions), not per hand
_ACROSS_HANDS = ("seat_sessions",)


def breaks(data: bytes) -> int:
    """Line breaks in ``data``: LF, CRLF and a lone CR each end a line."""
    return data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")


@dataclass
class Segment:
    """A piece of an intact file: a hand (``hand_id`` set) or text between hands."""

    body: bytes
    hand_id: str | None = None
    sep: bytes = b""  #: what follows the hand (blank lines, closing tags)


@dataclass
class Layout:
    """An intact file cut into its hands (see :func:`layout`)."""

    name: str
    key: str  #: the site format's key
    segments: list[Segment]


def layout(data: bytes, name: str) -> Layout | None:
    """Cut an intact UTF-8 (or cp1252) file into its hands, at the offsets its format's
    split gives; ``None`` for a file no format reads, or UTF-16 (not cut at bytes)."""
    if detect_encoding(data[:512])[0] != "utf-8":
        return None
    fmt = grammars.recognise(decode_head(data[:4096]))
    if fmt is None:
        return None
    texts = list(fmt.split(io.BytesIO(data), name))
    segments = [Segment(data[: texts[0].offset] if texts else data)]
    for i, ht in enumerate(texts):
        end = texts[i + 1].offset if i + 1 < len(texts) else len(data)
        region = data[ht.offset : end]
        parsed = fmt.parse(ht)
        body_text = ht.text.split("\n<!--", 1)[0].rstrip()
        last = body_text.rsplit("\n", 1)[-1].strip()
        cut = -1
        for enc in ("utf-8", "cp1252"):
            try:
                k = region.rfind(last.encode(enc)) if last else -1
            except UnicodeEncodeError:
                continue
            if k >= 0:
                cut = k + len(last.encode(enc))
                break
        if cut < 0:
            cut = len(region.rstrip())
        hid = parsed.hand_id if parsed.hand is not None else None
        segments.append(Segment(region[:cut], hid, region[cut:]))
    return Layout(name, fmt.key, segments)


def renamed(lay: Layout, copy: int) -> Layout:
    """A copy of ``lay`` whose hand ids end in ``copy`` (4 digits), so that repeated
    copies are new hands; hands whose id cannot be changed that way are left out."""
    out: list[Segment] = []
    for seg in lay.segments:
        if seg.hand_id is None:
            out.append(seg)
            continue
        new = f"{seg.hand_id}{copy:04d}"
        old_b = seg.hand_id.encode()
        if len(seg.hand_id) < 4 or old_b not in seg.body:
            continue
        body = seg.body.replace(old_b, new.encode())
        out.append(Segment(body, new, seg.sep))
    return Layout(f"{copy:04d}-{lay.name}", lay.key, out)


def merged(layouts: list[Layout], name: str) -> Layout:
    """The layouts (of one format) written one after the other as one file: the BOM
    of each but the first left out, a line break between two when missing."""
    segs: list[Segment] = []
    for lay in layouts:
        first = True
        for seg in lay.segments:
            if first and segs:
                seg = Segment(seg.body.removeprefix(BOM), seg.hand_id, seg.sep)
                last = segs[-1]
                if not (last.sep or last.body).endswith((b"\n", b"\r")):
                    segs[-1] = Segment(last.body, last.hand_id, last.sep + b"\n")
            first = False
            segs.append(seg)
    return Layout(name, layouts[0].key, segs)


def _lines(body: bytes) -> list[bytes]:
    return body.splitlines(keepends=True)


def damage(body: bytes, kind: str, rng: random.Random) -> bytes:
    """``body`` (one hand's bytes) damaged by ``kind`` (one of :data:`DAMAGE` but
    ``glue``, or of :data:`HARMLESS`)."""
    if kind == "truncate":
        return body[: rng.randrange(1, max(2, len(body)))]
    if kind == "header_byte":
        first = len(_lines(body)[0]) if body else 1
        k = rng.randrange(min(first, 40) or 1)
        return body[:k] + bytes([rng.choice(b"xX#*0<> ?")]) + body[k + 1 :]
    if kind == "nul":
        k = rng.randrange(len(body) or 1)
        return body[:k] + b"\x00" + body[k + (rng.random() < 0.5) :]
    if kind == "flip":
        k = rng.randrange(len(body) or 1)
        return body[:k] + bytes([rng.randrange(1, 256)]) + body[k + 1 :]
    if kind in ("dup_line", "del_line"):
        lines = _lines(body)
        if not lines[-1].endswith((b"\n", b"\r")):
            lines[-1] += b"\n"
        k = rng.randrange(len(lines))
        if kind == "dup_line":
            lines.insert(k, lines[k])
        else:
            del lines[k]
        return b"".join(lines).rstrip(b"\r\n")
    if kind == "bom":
        return BOM + body
    if kind == "cr_only":
        return body.replace(b"\r\n", b"\r").replace(b"\n", b"\r")
    raise ValueError(kind)


@dataclass
class Built:
    """A dirty file and its clean twin, with where the damaged hands are."""

    dirty: bytes
    clean: bytes
    spans: list[tuple[int, int, str]] = field(default_factory=list)  #: first, last line, kind
    damaged: Counter[str] = field(default_factory=Counter)


def build(lay: Layout, rate: float, rng: random.Random, kinds: tuple[str, ...] = DAMAGE
          + HARMLESS) -> Built:  # fmt: skip
    """The dirty and clean bytes of ``lay`` with about ``rate`` of its hands changed by
    one of ``kinds`` (damaged hands are blank lines in the clean file)."""
    dirty: list[bytes] = []
    clean: list[bytes] = []
    out = Built(b"", b"")
    line = 1
    segs = lay.segments
    i = 0
    while i < len(segs):
        seg = segs[i]
        kind = rng.choice(kinds) if seg.hand_id is not None and rng.random() < rate else None
        unit, sep = seg.body, seg.sep
        if kind == "del_line" and breaks(seg.body.rstrip(b"\r\n")) == 0:
            kind = "truncate"  # a one-line hand (OHH's JSON) without its line is no hand
        if kind == "glue":  # this hand written straight after the next one's last line
            nxt = segs[i + 1] if i + 1 < len(segs) else None
            if nxt is None or nxt.hand_id is None:
                kind = "truncate"
            else:
                unit, sep = seg.body + nxt.body, nxt.sep
                i += 1
        if kind is None:
            bad = None
        elif kind in HARMLESS:
            bad = damage(unit, kind, rng)
        elif kind != "glue":
            bad = damage(unit, kind, rng)
        else:
            bad = unit
        if bad is None:
            dirty.append(unit)
            clean.append(unit)
        elif kind in HARMLESS:
            dirty.append(bad)
            clean.append(unit)
        else:
            n = breaks(bad)
            dirty.append(bad)
            clean.append(b"\n" * n)
            out.spans.append((line, line + n, kind))
            out.damaged[kind] += 1
        line += breaks(dirty[-1]) + breaks(sep)
        dirty.append(sep)
        clean.append(sep)
        i += 1
    out.dirty, out.clean = b"".join(dirty), b"".join(clean)
    return out


@dataclass
class Outcome:
    """What comparing a dirty import with its clean twin found."""

    good: int = 0  #: good hands (stored by the clean import)
    lost: list[tuple[str, str]] = field(default_factory=list)  #: (site, hand id)
    changed: list[tuple[str, str, str]] = field(default_factory=list)  #: site, id, tables
    false_findings: int = 0  #: good hands with findings the clean import does not give
    damaged: int = 0
    silent: list[tuple[str, int, int, str]] = field(default_factory=list)  #: file, lines, kind
    stops: list[str] = field(default_factory=list)
    tracebacks: int = 0  #: internal_error problems


def run_import(paths: list[Path], db: Path, workers: int, out: Outcome) -> None:
    """Import ``paths`` into ``db``; a stop or an exception is noted in ``out``."""
    try:
        summary = import_paths(paths, db, workers=workers)
        if summary.interrupted:
            out.stops.append(f"{db.name}: interrupted")
    except Exception as exc:  # noqa: BLE001 - what the run counts
        out.stops.append(f"{db.name}: {type(exc).__name__}: {exc}")


def compare(dirty_db: Path, clean_db: Path, spans: dict[str, list[tuple[int, int, str]]],
            out: Outcome) -> Outcome:  # fmt: skip
    """Compare two imports (see the module docstring); ``spans`` maps each dirty file's
    name to its damaged hands' lines."""
    con = duckdb.connect()
    con.execute(f"ATTACH '{dirty_db}' AS d (READ_ONLY)")
    con.execute(f"ATTACH '{clean_db}' AS c (READ_ONLY)")
    tables = [t for (t,) in con.execute(
        "SELECT table_name FROM information_schema.columns WHERE table_catalog = 'c' "
        "AND column_name = 'hand_id' AND table_name NOT IN ('import_errors', 'imports', "
        + ", ".join(f"'{t}'" for t in _ACROSS_HANDS) + ") "
        "AND table_name IN (SELECT table_name FROM information_schema.columns "
        "WHERE table_catalog = 'c' AND column_name = 'site') "
        "AND table_name IN (SELECT table_name FROM information_schema.tables "
        "WHERE table_catalog = 'c' AND table_type = 'BASE TABLE') "
        "GROUP BY table_name ORDER BY table_name").fetchall()]  # fmt: skip
    good = {k for k in con.execute("SELECT site, hand_id FROM c.hands").fetchall()}
    out.good += len(good)
    stored = {k for k in con.execute("SELECT site, hand_id FROM d.hands").fetchall()}
    lost = good - stored
    out.lost += sorted(lost)
    diff: dict[tuple[str, str], list[str]] = {}
    for t in tables:
        cols = [c for (c,) in con.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_catalog = 'c' "
            "AND table_name = ? ORDER BY ordinal_position", [t]).fetchall()
            if c not in _SOURCE_COLUMNS]  # fmt: skip
        h = ", ".join(f'"{c}"' for c in cols)
        agg = f"SELECT site, hand_id, count(*) n, sum(hash({h})::HUGEINT) h FROM {{}}.{t} GROUP BY ALL"
        rows = con.execute(
            f"SELECT coalesce(x.site, y.site), coalesce(x.hand_id, y.hand_id), "
            f"coalesce(x.n, 0) - coalesce(y.n, 0) FROM ({agg.format('c')}) x "
            f"FULL JOIN ({agg.format('d')}) y USING (site, hand_id) "
            f"WHERE x.n IS DISTINCT FROM y.n OR x.h IS DISTINCT FROM y.h").fetchall()  # fmt: skip
        for site, hid, _ in rows:
            if (site, hid) in good and (site, hid) not in lost:
                diff.setdefault((site, hid), []).append(t)
    out.changed += sorted((s, h, ",".join(ts)) for (s, h), ts in diff.items())
    out.false_findings += sum("findings" in ts for ts in diff.values())
    out.tracebacks += con.execute(
        "SELECT count(*) FROM d.import_errors WHERE code = 'internal_error'").fetchone()[0]  # type: ignore[index]
    hands = con.execute("SELECT file, line FROM d.hands").fetchall()
    problems = con.execute("SELECT file, line FROM d.import_errors").fetchall()
    at: dict[str, list[int]] = {}
    for f, ln in hands + problems:
        at.setdefault(Path(f).name, []).append(ln or 0)
    for name, found in spans.items():
        lines = sorted(at.get(name, []))
        for first, last, kind in found:
            out.damaged += 1
            if not any(first <= ln <= last for ln in lines):
                out.silent.append((name, first, last, kind))
    con.close()
    return out

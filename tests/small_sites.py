"""What the tests of the closed rooms' text formats share (Absolute, Betfair, Cake,
Entraction, Everleaf, OnGame, PKR, Seals With Clubs, PokerTracker):
reading a fixture, the audit's finding kinds for a hand, the MANIFEST's hand count of a
corpus folder and an import of it with what the store then says."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import duckdb

from hhtools.audit import audit_hand
from hhtools.grammars import recognise
from hhtools.grammars._text import decode_head
from hhtools.grammars.base import ParsedHand, SiteFormat
from hhtools.model.vocab import FindingKind
from hhtools.store.importer import import_paths
from tests.conftest import manifest_hands, need_corpus  # noqa: F401  (re-exported)

FIXTURES = Path(__file__).parent / "fixtures"
#: findings a correctly read real hand must not give
BAD = frozenset({FindingKind.AWARD_MISMATCH, FindingKind.CHIP_IMBALANCE,
                 FindingKind.DECLARED_MISREAD, FindingKind.CONTRADICTED_LINE})  # fmt: skip


def parse_fixture(fmt: SiteFormat, name: str) -> list[ParsedHand]:
    """Every hand of ``tests/fixtures/<key>/<name>``, split and parsed by ``fmt``."""
    with (FIXTURES / fmt.key / name).open("rb") as fh:
        return [fmt.parse(ht) for ht in fmt.split(fh, name)]


def parse_bytes(fmt: SiteFormat, data: bytes, name: str) -> list[ParsedHand]:
    """Every hand of the file ``data`` (named ``name``), after checking that the
    registry recognises its head as ``fmt``'s."""
    assert recognise(decode_head(data[:4096])) is fmt
    return [fmt.parse(ht) for ht in fmt.split(io.BytesIO(data), name)]


def due(hand) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """What the rules give each player over every pot and half (minor units)."""
    out: dict[str, int] = {}
    for pot in audit_hand(hand).settlement.pots:
        for line in pot.lines:
            out[line.player] = out.get(line.player, 0) + (line.due or 0)
    return out


def with_lines(
    fmt: SiteFormat, name: str, after: str, added: list[str]
) -> tuple[ParsedHand, list[str]]:
    """The hand of fixture ``tests/fixtures/<key>/<name>`` holding the line ``after``,
    read with the lines ``added`` put just after that line (the first time it appears).

    Returns:
        The parsed hand and the new file's lines (line N of the file is ``lines[N - 1]``).
    """
    text = (FIXTURES / fmt.key / name).read_bytes().decode("utf-8")
    assert after + "\n" in text, after
    text = text.replace(after + "\n", after + "\n" + "".join(a + "\n" for a in added), 1)
    lines = text.splitlines()
    at = lines.index(after) + 1
    hands = list(fmt.split(io.BytesIO(text.encode("utf-8")), name))
    (ht,) = [t for t in hands if t.line <= at < t.line + t.text.count("\n") + 1]
    return fmt.parse(ht), lines


def kinds(hand) -> set[FindingKind]:
    """The kinds of the audit's findings on one hand."""
    result = audit_hand(hand)
    found = result if isinstance(result, (list, tuple)) else result.findings
    return {f.kind for f in found}


@dataclass
class Imported:
    """What an import of one corpus folder stored."""

    hands: int
    failed: int
    problems: list[tuple]
    findings: list[tuple[str, str]]  # (hand_id, kind), every kind
    formats: list[tuple[str]]


def import_corpus(folder: str, tmp_path: Path) -> Imported:
    """Import ``../shared/corpus/<folder>`` (skips when absent) and read the store back."""
    corpus = need_corpus() / folder
    db = tmp_path / "corpus.duckdb"
    summary = import_paths([corpus], db, workers=1)
    with duckdb.connect(str(db), read_only=True) as con:
        problems = con.execute(
            "SELECT file, line, code, message FROM import_errors WHERE NOT coalesce(is_note, false)"
        ).fetchall()
        findings = con.execute("SELECT hand_id, kind FROM findings ORDER BY 1, 2").fetchall()
        formats = con.execute("SELECT DISTINCT site_format FROM hands").fetchall()
    return Imported(summary.hands, summary.failed, problems, findings, formats)

"""The award findings of one hand text read by a site format: the tests that pay a
hand written right, then wrong, and say who was paid what against what was due."""

from __future__ import annotations

from typing import Any

from hhtools.audit import audit_hand
from hhtools.model.records import HandText
from hhtools.model.vocab import FindingKind


def awards(fmt: Any, text: str) -> set[tuple[str, int, int]]:
    """The award findings ``(player, paid, due)`` (minor units) of the one hand
    ``text`` read by ``fmt`` (a grammar's ``FORMAT``), which must read it whole."""
    ph = fmt.parse(HandText(text, "probe.txt", 1, 0))
    assert ph.hand is not None and ph.problems == (), [str(p) for p in ph.problems]
    return {(f.player, f.paid, f.due) for f in audit_hand(ph.hand).findings
            if f.kind is FindingKind.AWARD_MISMATCH}  # fmt: skip

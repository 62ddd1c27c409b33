"""``audit_hands`` (a chunk audited stage by stage, as the import's workers do) gives
each hand what ``audit_hand`` gives it, in order, and keeps one hand's failure to that
hand."""

from __future__ import annotations

from pathlib import Path

import pytest

import hhtools.audit as audit
from hhtools.audit import AuditContext, Finding, audit_hand, audit_hands
from hhtools.ingest.read import parse_path
from hhtools.model.records import HandHistory

FIXTURES = Path(__file__).parent / "fixtures"


def _hands() -> list[HandHistory]:
    """Every hand the fixtures of every site hold (all formats, hi/lo, run twice, hands
    read in part, findings of every kind)."""
    files = sorted(p for p in FIXTURES.rglob("*") if p.is_file())
    return [r.hand for r in parse_path(files) if r.hand is not None]


def test_the_batch_gives_each_hand_its_own_audit() -> None:
    hands = _hands()
    assert len(hands) > 300
    got = audit_hands(hands)
    one_by_one: list[object] = []
    for hand in hands:
        try:
            one_by_one.append(audit_hand(hand))
        except Exception as exc:  # noqa: BLE001 - compared as the batch returns it
            one_by_one.append(exc)
    assert [repr(r) for r in got] == [repr(r) for r in one_by_one]
    # the fixtures hold findings and hands read in part: the comparison is not empty
    assert sum(len(r.findings) for r in got if not isinstance(r, Exception)) > 100
    assert any(r.silenced for r in got if not isinstance(r, Exception))


def test_a_check_that_raises_on_one_hand_costs_only_that_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hands = _hands()[:40]
    expected = [audit_hand(h) for h in hands]
    bad = hands[7].hand_id
    seen: list[str] = []

    def broken(ctx: AuditContext) -> list[Finding]:
        seen.append(ctx.hand.hand_id)
        if ctx.hand.hand_id == bad:
            raise RuntimeError("a bug")
        return []

    monkeypatch.setattr(audit, "CHECKS", (audit.CHECKS[0], broken, *audit.CHECKS[1:]))
    got = audit_hands(hands)
    assert isinstance(got[7], RuntimeError) and str(got[7]) == "a bug"
    assert [repr(r) for k, r in enumerate(got) if k != 7] == [
        repr(r) for k, r in enumerate(expected) if k != 7
    ]
    assert len(seen) == 40  # the broken check saw every hand once
    with pytest.raises(RuntimeError):  # one hand alone raises, as it always did
        audit_hand(hands[7])


def test_a_settlement_that_raises_gives_its_exception_in_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hands = _hands()[:5]
    expected = [audit_hand(h) for h in hands]
    real = audit.settle

    def settle(hand: HandHistory):  # type: ignore[no-untyped-def]
        if hand is hands[2]:
            raise ValueError("cards unknown")
        return real(hand)

    monkeypatch.setattr(audit, "settle", settle)
    got = audit_hands(hands)
    assert isinstance(got[2], ValueError)
    assert [repr(got[k]) for k in (0, 1, 3, 4)] == [repr(expected[k]) for k in (0, 1, 3, 4)]
    assert audit_hands([]) == []

"""One context per hand under audit (issue 26, item 2): the facts the checks share are
worked out once per context, and nothing outlives it (no module-level memo)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import hhtools.audit.checks.procedure._table as table
from hhtools.audit import audit_hand
from hhtools.audit.context import AuditContext
from hhtools.audit.settle import settle
from hhtools.ingest.read import parse_file
from hhtools.model.records import HandHistory, PostKind

FIX = Path(__file__).parent / "fixtures" / "pokerstars" / "procedure_heads_up_blinds.txt"


def _hand(hand_id: str) -> HandHistory:
    for r in parse_file(FIX):
        if r.hand is not None and r.hand.hand_id == hand_id:
            return r.hand
    raise AssertionError(hand_id)


def test_a_fact_is_worked_out_once_per_context() -> None:
    hand = _hand("310000000011")
    calls: list[int] = []

    def count(ctx: AuditContext) -> int:
        calls.append(1)
        return len(ctx.hand.actions)

    ctx = AuditContext(hand, settle(hand))
    assert ctx.fact(count) == ctx.fact(count) == len(hand.actions)
    assert len(calls) == 1
    assert AuditContext(hand, settle(hand)).fact(count) == len(hand.actions)
    assert len(calls) == 2  # a new context (the same hand object) works it out again


def test_facts_come_from_the_context_given_not_the_last_hand_read() -> None:
    # Alice (button) and Bob heads-up: Bob posted the small blind (line 5). The same
    # hand object with Bob's post read as a big blind has two big blinds and no small
    # one; a memo keyed by the last hand object would answer with the first posts.
    hand = _hand("310000000011")
    ctx = AuditContext(hand, settle(hand))
    assert [a.player for a in table.posters(ctx, PostKind.SMALL_BLIND)] == ["Bob"]
    bigs = tuple(
        replace(a, post=PostKind.BIG_BLIND) if a.post is PostKind.SMALL_BLIND else a
        for a in hand.actions
    )
    other = replace(hand, actions=bigs)
    ctx2 = AuditContext(other, settle(other))
    assert table.posters(ctx2, PostKind.SMALL_BLIND) == []
    assert [a.player for a in table.posters(ctx2, PostKind.BIG_BLIND)] == ["Bob", "Alice"]


def test_the_audit_keeps_no_state_between_hands() -> None:
    assert not hasattr(table, "_LAST")
    hand = _hand("310000000011")
    first = audit_hand(hand).findings
    audit_hand(_hand("310000000012"))
    assert audit_hand(hand).findings == first

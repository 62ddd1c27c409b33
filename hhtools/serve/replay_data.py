"""One hand's replay as JSON for the served replayer (the hand page of ``hhtools serve``).

The page steps through the hand in the browser (street by street, action by action),
so it needs the facts rather than finished HTML. They are the facts the report's
replayer draws (:func:`hhtools.reports.hand_facts.hand_facts`, worked out once from
the store's rows of the hand, nothing settled again), so the served replay, the HTML
replay and ``hhtools show`` never disagree; the words of each action and of the pot
are the same functions' words (:func:`~hhtools.reports.hand_facts.action_text`,
:func:`~hhtools.reports.replay.pot_words`, :func:`~hhtools.reports.replay.unread_words`).

Money stays in integer minor units of the hand's ``currency`` (the page formats it);
each action's words are given already formatted.
"""

from __future__ import annotations

from datetime import date, datetime
from functools import partial
from typing import Any

from hhtools.model.money import format_money
from hhtools.reports.hand_facts import FiveCards, HandFacts, PotFacts, action_text, hand_facts
from hhtools.reports.replay import pot_words, unread_words

__all__ = ["replay_data"]

#: The hand's columns the page shows in its header.
_HAND_KEYS = ("site", "hand_id", "game", "variant", "hi_lo", "structure", "stakes",
              "currency", "table_name", "time_zone", "file", "line", "button", "max_seats",
              "total_pot", "rake", "room_added", "jackpot", "fees", "is_tournament",
              "tournament_id", "level", "hero")  # fmt: skip


def _plain(value: Any) -> Any:
    """A value JSON can carry: times as ISO text, tuples as lists."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _five(five: FiveCards | None) -> dict[str, Any] | None:
    if five is None:
        return None
    return {"cards": list(five.cards), "hole": list(five.hole), "words": five.words}


def _pot(p: PotFacts) -> dict[str, Any]:
    return {
        "board": p.board, "pot": p.pot, "name": p.name, "gross": p.gross, "net": p.net,
        "eligible": list(p.eligible), "uncontested": p.uncontested, "no_low": p.no_low,
        "halves": [{"half": h.half, "label": h.label,
                    "winners": [{"player": w, "five": _five(f)} for w, f in h.winners]}
                   for h in p.halves],
        "awards": [{"half": a.half, "player": a.player, "paid": a.paid, "due": a.due,
                    "differs": a.differs, "kept_for_cash_out": a.kept_for_cash_out,
                    "scoop": a.scoop, "quarter": a.quarter} for a in p.awards],
    }  # fmt: skip


def _streets(facts: HandFacts, money: Any) -> list[dict[str, Any]]:
    return [{
        "street": st.street,
        "dealt": [list(d) for d in st.dealt],
        "board": [list(b) for b in st.board],
        "actions": [{"player": a["player"], "kind": a["kind"], "text": action_text(a, money),
                     "added": a["added"] or 0, "all_in": bool(a["all_in"]),
                     "line": a["line"]} for a in st.actions],
        "returned": [[player, amount] for player, amount in st.returned],
        "pot_after": st.pot_after,
    } for st in facts.streets]  # fmt: skip


def replay_data(data: dict[str, Any]) -> dict[str, Any]:
    """The facts of one hand's replay, as JSON-able values.

    Args:
        data: :meth:`hhtools.store.api.HandStore.hand` of one hand (frames per table).

    Returns:
        ``{"hand": {site, hand_id, game, structure, stakes, currency, table_name,
        started_at (ISO, the site's clock), file, line, total_pot, rake, ...,
        "pot_words", "unread"}, "seats": [{seat, player, stack, is_button, is_hero,
        position, hole_cards (list), folded (street or null), sitting_out}],
        "boards": [[card, ...] per run], "courchevel": bool, "streets": [{street,
        dealt, board, actions: [{player, kind, text, added, all_in, line}], returned:
        [[player, amount]], pot_after}], "pots": [{board, pot, name, gross, net,
        eligible, uncontested, no_low, halves: [{half, label, winners: [{player,
        five: {cards, hole, words} | null}]}], awards: [{half, player, paid, due,
        differs, kept_for_cash_out, scoop, quarter}]}], "nets": [{seat, player, net,
        net_by_rules, cashed_out}], "findings": [{kind, player, explanation, line,
        pot, half, paid, due}]}``; money in minor units of ``hand.currency``.

    Raises:
        KeyError: ``data`` lacks a table of :meth:`~hhtools.store.api.HandStore.hand`.
    """
    facts = hand_facts(data)
    hand = facts.hand
    cur = hand["currency"]
    head = {k: _plain(hand.get(k)) for k in _HAND_KEYS}
    head["started_at"] = _plain(hand.get("started_at"))
    head["pot_words"] = pot_words(hand, facts)
    head["unread"] = unread_words(data)
    seats = [{
        "seat": s["seat"], "player": s["player"], "stack": s["stack"],
        "is_button": bool(s["is_button"]), "is_hero": bool(s.get("is_hero")),
        "position": s.get("position_name"), "hole_cards": (s["hole_cards"] or "").split(),
        "folded": s["folded"], "sitting_out": bool(s.get("sitting_out")),
    } for s in facts.seats]  # fmt: skip
    findings = [{k: _plain(f.get(k)) for k in ("kind", "player", "explanation", "line", "pot",
                                                "half", "paid", "due")}
                for f in data["findings"].iter_rows(named=True)]  # fmt: skip
    return {
        "hand": head,
        "seats": seats,
        "boards": [list(b) for b in facts.boards],
        "courchevel": facts.courchevel,
        "streets": _streets(facts, partial(format_money, currency=cur)),
        "pots": [_pot(p) for p in facts.pots],
        "nets": [{"seat": n.seat, "player": n.player, "net": n.net,
                  "net_by_rules": n.net_by_rules, "cashed_out": n.cashed_out}
                 for n in facts.nets],  # fmt: skip
        "findings": findings,
    }

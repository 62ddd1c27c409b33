"""The draws of one stored hand as plain lines, for the replay of ``hhtools show``.

Each player whose hole cards are known gets, per board, the flop and the turn they saw
(the street they folded on included): their hand then, the nuts and the nut low, and
the outs of each kind with the cards, from their side of the table (the cards unseen
by them; other players' cards are not taken out). Definitions and their rule texts:
:mod:`hhtools.rules.draws`. Computed from the hand's rows, so it needs no
``hhtools draws --fill``.
"""

from __future__ import annotations

from typing import Any

from hhtools.model.cards import card_str, parse_cards
from hhtools.rules.draws import Draws, analyse_codes

__all__ = ["draw_lines"]

_SAW = {"flop": {None, "flop", "turn", "river"}, "turn": {None, "turn", "river"}}
_KINDS = (("straight_outs", "straight outs"), ("flush_outs", "flush outs"),
          ("full_house_outs", "full house outs"), ("low_outs", "low outs"),
          ("nut_outs", "nut outs"), ("nut_low_outs", "nut low outs"),
          ("redraw_outs", "redraw outs"), ("counterfeited", "counterfeit cards"))  # fmt: skip


def _rows(frame: Any) -> list[dict[str, Any]]:
    """Rows of a polars frame (or already a list of dicts) as dicts."""
    if frame is None:
        return []
    if hasattr(frame, "iter_rows"):
        return list(frame.iter_rows(named=True))
    return list(frame)


def draw_lines(data: dict[str, Any]) -> list[str]:
    """The hand's draws, as lines to print after the streets of the replay.

    Args:
        data: :meth:`hhtools.store.api.HandStore.hand` of one hand: frames (or lists
            of row dicts) ``hands``, ``seats`` and ``boards``.

    Returns:
        ``[]`` when no player with known hole cards saw a flop; else a blank line, a
        heading and, per player, board and street, one line of the hand then and one
        indented line per kind of out that has cards (``straight outs 8: 3c 3d ...``),
        then what the next card did. Lines stay within 100 columns (card lists are
        cut into lines of at most 16 cards).

    Raises:
        InvalidCardError: a stored card that cannot be read.
    """
    hands = _rows(data.get("hands"))
    if not hands:
        return []
    hand = hands[0]
    hi_lo = bool(hand.get("hi_lo"))
    qualifier = int(hand.get("qualifier") or 8)
    boards = [(b["board"], parse_cards(b["cards"] or "")) for b in _rows(data.get("boards"))]
    boards = [(n, cards) for n, cards in sorted(boards) if len(cards) >= 3]
    seats = [s for s in _rows(data.get("seats"))
             if s.get("hole_cards") and not s.get("sitting_out")]  # fmt: skip
    lines: list[str] = []
    for n, cards in boards:
        for s in seats:
            hole = parse_cards(s["hole_cards"])
            for street, m in (("flop", 3), ("turn", 4)):
                if len(cards) < m or s.get("folded") not in _SAW[street]:
                    continue
                d = analyse_codes(hole, cards[:m], hi_lo, qualifier)
                on = " ".join(card_str(c) for c in cards[:m])
                where = f" (board {n + 1})" if len(boards) > 1 else ""
                lines.append(f"  {s['player']} on the {street}{where} [{on}]: {_now(d)}")
                for field, words in _KINDS:
                    got: tuple[str, ...] = getattr(d, field)
                    for i in range(0, len(got), 16):
                        head = f"{words} {len(got)}:" if i == 0 else " " * len(words)
                        lines.append(f"      {head} {' '.join(got[i : i + 16])}")
                if len(cards) > m:
                    lines.append(
                        f"      next card {card_str(cards[m])}: {_next(d, card_str(cards[m]))}"
                    )
    if not lines:
        return []
    return ["", "Draws (each player's side: the cards they could not see):", *lines]


def _now(d: Draws) -> str:
    parts = [d.high + (", the nuts" if d.nuts else "")]
    if d.redraw:
        parts.append("with a redraw")
    if d.wrap:
        parts.append(f"a {len(d.straight_outs)}-out wrap")
    if d.hi_lo:
        if d.low:
            parts.append(
                f"low {d.low}"
                + (
                    " (the nut low" + (", protected)" if d.protected_low else ")")
                    if d.nut_low
                    else ""
                )
            )
        elif d.low_possible:
            parts.append("no low")
        else:
            parts.append("a low can still come" if d.low_draw else "no low possible")
        if d.live_low:
            parts.append(f"live {d.live_low}")
    return "; ".join(parts)


def _next(d: Draws, card: str) -> str:
    said = [words for field, words in _KINDS if card in getattr(d, field)]
    return ", ".join(w.removesuffix(" outs").removesuffix(" cards") for w in said) or "no out"

"""The hand replay that ``hhtools show`` prints: street by street, pots, showdown, awards.

Built from the store's rows of one hand (:meth:`hhtools.store.api.HandStore.hand`);
nothing is recomputed by the rules here. The facts beyond the raw rows (the board
dealt on each street, the pot after it, the players who could win each pot, which two
hole cards made each winning five, each player's net) come from
:func:`hhtools.reports.hand_facts.hand_facts`, which the HTML replay
(:mod:`hhtools.reports.replay_html`) uses too, so the two never disagree.
"""

from __future__ import annotations

import textwrap
from functools import partial
from typing import Any

from hhtools.model.money import format_money
from hhtools.reports.hand_facts import FiveCards, HandFacts, action_text, hand_facts

__all__ = ["five_text", "pot_words", "replay_lines", "signed_money"]

_WIDTH = 100  # the lines this module adds wrap here (a long list of players)


def _action_words(a: dict[str, Any], currency: str) -> str:
    return f"{a['player']}: {action_text(a, lambda v: format_money(v, currency))}"


def signed_money(amount: int, currency: str) -> str:
    """A net amount with its sign: ``+$3.70``, ``-$5.00``, ``$0.00``."""
    return ("+" if amount > 0 else "") + format_money(amount, currency)


def pot_words(hand: dict[str, Any], facts: HandFacts) -> str:
    """The hand's total pot and rake in words: ``total pot $4.75, rake $0.25``.

    A history that writes no total pot (``hands.total_pot`` null, as Enet's) gets the
    pot the rules give, what was put in less what was returned (the pot after the last
    street), said to be worked out; with no betting either, the part is left out.

    Args:
        hand: the ``hands`` row (money in minor units of ``currency``).
        facts: :func:`hhtools.reports.hand_facts.hand_facts` of the hand.
    """
    cur = hand["currency"]
    rake = f"rake {format_money(hand['rake'], cur)}" if hand.get("rake") is not None else ""
    if hand.get("total_pot") is not None:
        pot = f"total pot {format_money(hand['total_pot'], cur)}"
    elif facts.streets:
        pot = (f"total pot {format_money(facts.streets[-1].pot_after, cur)} (worked out: the "
               "history writes none)")  # fmt: skip
    else:
        pot = ""
    return ", ".join(x for x in (pot, rake) if x)


def five_text(five: FiveCards) -> str:
    """Five cards in reading order, each hole card used marked with ``*``.

    >>> from hhtools.reports.hand_facts import split_five
    >>> five_text(split_five("Kc Qd Jd Ts 9h", "Qd Jd 8c 3s"))
    'Kc Qd* Jd* Ts 9h'
    """
    return " ".join(c + ("*" if five.is_hole(c) else "") for c in five.cards)


def _street_lines(facts: HandFacts, currency: str) -> list[str]:
    m = partial(format_money, currency=currency)
    lines: list[str] = []
    for st in facts.streets:
        head = f"*** {st.street.upper()} ***"
        if st.street != "preflop" or st.dealt:
            if len(st.board) == 1:
                head += f" [{' '.join(st.board[0])}]"
            else:
                head += ",".join(f" board {k + 1} [{' '.join(b)}]" for k, b in enumerate(st.board))
        lines += ["", head]
        for a in st.actions:
            lines.append("  " + _action_words(a, currency))
        for player, amount in st.returned:
            lines.append(f"  uncalled bet {m(amount)} returned to {player}")
        lines.append(f"  pot after the {st.street}: {m(st.pot_after)}")
    return lines


def _pot_lines(facts: HandFacts, currency: str) -> list[str]:
    m = partial(format_money, currency=currency)
    if not facts.pots:
        return []
    lines = ["", "Pots by the rules (* marks the two hole cards used):"]
    many = len(facts.boards) > 1
    for p in facts.pots:
        board = f", board {p.board + 1}" if many else ""
        rake = ""
        if not many and p.gross is not None and p.gross > p.net:
            rake = f" (rake {m(p.gross - p.net)})"
        who = ", ".join(p.eligible) or "nobody"
        lines += textwrap.wrap(f"{p.name}{board}: {m(p.net)}{rake}, could be won by {who}",
                               width=_WIDTH, initial_indent="  ", subsequent_indent="      ",
                               break_on_hyphens=False)  # fmt: skip
        if p.uncontested:
            lines.append(f"    uncontested: {p.eligible[0]} takes it")
            continue
        for h in p.halves:
            for player, five in h.winners:
                if five is None:
                    lines.append(f"    {h.label}: {player} (no showdown)")
                else:
                    used = " ".join(five.hole)
                    lines.append(f"    {h.label}: {player} with {five_text(five)} "
                                 f"({five.words}), hole cards {used}")  # fmt: skip
        if p.no_low:
            lines.append("    low: no qualifying low, the high takes the whole pot")
    return lines


def _net_lines(facts: HandFacts, currency: str) -> list[str]:
    if not facts.nets:
        return []
    lines = ["", "Net for the hand (what the site paid; by the rules where that differs):"]
    for n in facts.nets:
        rules = ""
        if n.net_by_rules != n.net:
            rules = f" (by the rules {signed_money(n.net_by_rules, currency)})"
        cash = " (cashed out)" if n.cashed_out else ""
        lines.append(f"  {n.player}: {signed_money(n.net, currency)}{rules}{cash}")
    return lines


def _header_lines(facts: HandFacts) -> list[str]:
    """The hand's title, where it was read, and a line per seat with its stack."""
    hand = facts.hand
    cur = hand["currency"]
    lines = [
        f"Hand {hand['hand_id']} ({hand['site']}): {hand['game']} {hand['structure']} "
        f"{hand['stakes']} {cur}, table {hand['table_name']!r}, {hand['started_at']} "
        f"{hand['time_zone'] or ''}".rstrip(),
        f"{hand['file']}:{hand['line']}",
        "",
    ]
    for s in facts.seats:
        button = " (button)" if s["is_button"] else ""
        cards = f" [{s['hole_cards']}]" if s["hole_cards"] else ""
        lines.append(f"Seat {s['seat']}: {s['player']} {format_money(s['stack'], cur)}"
                     f"{button}{cards}")  # fmt: skip
    return lines


def _money_lines(facts: HandFacts) -> list[str]:
    """The boards when more than one, the pot in words, the room's money (added,
    jackpot, fees) and each cash-out with its fee and what the site kept."""
    hand = facts.hand
    m = partial(format_money, currency=hand["currency"])
    lines: list[str] = []
    if len(facts.boards) > 1:
        lines += ["", "Boards: " + " | ".join(" ".join(b) for b in facts.boards)]
    words = pot_words(hand, facts)
    lines += ["", words[:1].upper() + words[1:]] if words else []
    extra = [(w, hand.get(k)) for w, k in (("added by the room", "room_added"),
             ("jackpot", "jackpot"), ("fees", "fees")) if hand.get(k)]  # fmt: skip
    if extra:
        lines.append("  " + ", ".join(f"{w} {m(v)}" for w, v in extra))
    for s in facts.seats:
        if not s.get("cashed_out"):
            continue
        fee = f" (cash-out fee {m(s['cash_out_fee'])})" if s.get("cash_out_fee") else ""
        lines.append(f"{s['player']} cashed out the hand for {m(s['cashed_out'])}{fee}")
        if s.get("cash_out_forfeited"):
            lines.append(
                f"  the site kept {m(s['cash_out_forfeited'])} of the pots it would "
                f"have paid {s['player']}"
            )
    return lines


def _showdown_lines(data: dict[str, Any], facts: HandFacts) -> list[str]:
    """The showdown read by the rules: each hand shown with its best high and low five
    and the site's words for them, then the hands mucked with known cards."""
    sds = list(data["showdowns"].iter_rows(named=True))
    if not sds:
        return []
    several = len(facts.boards) > 1
    lines = ["", "*** SHOWDOWN (read by the rules: two hole cards, three board cards) ***"]
    for sd in sds:
        board = f" (board {sd['board'] + 1})" if several else ""
        high = (f"{sd['high_cards']} ({sd['high_category']})" if sd["high_cards"]
                else "no complete board")  # fmt: skip
        lines.append(f"  {sd['player']}{board} [{sd['hole_cards']}]: high {high}")
        if facts.hand["hi_lo"]:
            low = (f"{sd['low_cards']} ({sd['low_ranks']})" if sd["low_cards"]
                   else "no qualifying low")  # fmt: skip
            lines.append(f"      low {low}")
        said = "; ".join(x for x in (sd["declared_high"], sd["declared_low"]) if x)
        if said:
            lines.append(f"      the site said: {said}")
    shown_players = {sd["player"] for sd in sds}
    for s in facts.seats:
        if s["hole_cards"] and s["folded"] is None and s["player"] not in shown_players:
            lines.append(f"  {s['player']} mucked [{s['hole_cards']}]")
    return lines


def _award_lines(facts: HandFacts, currency: str) -> list[str]:
    """Per pot, half and player: what the site paid and what the rules give."""
    awards = [(p, a) for p in facts.pots for a in p.awards]
    if not awards:
        return []
    m = partial(format_money, currency=currency)
    lines = ["", "Paid by the site / due by the rules:"]
    for p, a in awards:
        half = "" if a.half == "all" else f", {a.half}"
        board = f", board {p.board + 1}" if len(facts.boards) > 1 else ""
        flag = "   <-- differs" if a.differs else ""
        if a.kept_for_cash_out:
            flag = "   (kept by the site: the player cashed out)"
        tag = (" (scoop)" if a.scoop else "") + (" (quarter)" if a.quarter else "")
        lines.append(
            f"  {p.name}{half}{board}: {a.player} paid {m(a.paid)}, "
            f"due {m(a.due)}{tag}{flag}"
        )
    return lines


def unread_words(data: dict[str, Any]) -> str | None:
    """What the replay says of a hand read in part, or ``None`` for a hand read in full
    (or stored before hands read in part were told apart).

    Args:
        data: :meth:`hhtools.store.api.HandStore.hand` of one hand (frames per table).

    Returns:
        e.g. "Read in part: line 22 was not understood (hhtools problems says why);
        no finding is made on what it could change."
    """
    hands = data.get("hands")
    if hands is None or not hands.height or "unread_lines" not in hands.columns:
        return None
    lines = hands["unread_lines"][0]
    if lines is None or not len(lines):
        return None
    lines = list(lines)
    which = (f"line {lines[0]} was" if len(lines) == 1 else
             f"lines {', '.join(map(str, lines[:-1]))} and {lines[-1]} were")  # fmt: skip
    it = "it" if len(lines) == 1 else "they"
    return (f"Read in part: {which} not understood (hhtools problems says why); no finding "
            f"is made on what {it} could change.")


def _finding_lines(data: dict[str, Any]) -> list[str]:
    """The findings of the hand, one line each, or the line saying there are none; for
    a hand read in part, first the lines not understood (:func:`unread_words`)."""
    findings = list(data["findings"].iter_rows(named=True))
    unread = unread_words(data)
    head = ["", unread] if unread else []
    if not findings:
        if unread:
            return [*head, "No findings on what was read."]
        return ["", "No findings: the site paid this hand by the rules."]
    lines = [*head, "", "Findings:"]
    for f in findings:
        who = f" {f['player']}" if f["player"] else ""
        lines.append(f"  {f['kind']}{who}: {f['explanation']}")
    return lines


def replay_lines(data: dict[str, Any]) -> list[str]:
    """The hand replayed as plain lines (used by ``hhtools show`` and its tests).

    Args:
        data: :meth:`hhtools.store.api.HandStore.hand` of one hand (frames per table).

    Returns:
        Lines: header, seats, each street with its actions and the pot after it,
        the showdown (each hand's best high and low five), each pot with its amount,
        the players who could win it and each half's winners with their five cards
        (the hole cards used marked), what the site paid and what the rules pay per
        pot and half, each player's net, and the findings.
    """
    # the draws' tables take a second to build: loaded only for a replay in lines
    # (the HTML page's replays, hhtools.reports.replay_html, show no draws)
    from hhtools.reports.draws_text import draw_lines

    facts = hand_facts(data)
    cur = facts.hand["currency"]
    return [
        *_header_lines(facts),
        *_street_lines(facts, cur),
        *draw_lines(data),
        *_money_lines(facts),
        *_showdown_lines(data, facts),
        *_pot_lines(facts, cur),
        *_award_lines(facts, cur),
        *_net_lines(facts, cur),
        *_finding_lines(data),
    ]

"""The hand replay that ``hhtools show`` prints: street by street, pots, showdown, awards.

Built from the store's rows of one hand (:meth:`hhtools.store.api.HandStore.hand`);
nothing is recomputed by the rules here: the pot after each street is the running sum
of the chips each action added (``actions.added``), the showdown and the awards are
the audit's rows.
"""

from __future__ import annotations

from typing import Any

from hhtools.model.money import format_money

__all__ = ["replay_lines"]



_STREETS = ("preflop", "flop", "turn", "river")


def _action_words(a: dict[str, Any], currency: str) -> str:
    kind = a["kind"]
    m = lambda v: format_money(v, currency)  # noqa: E731
    if kind == "post":
        what = f"posts {str(a['post'] or '').replace('_', ' ')} {m(a['amount'])}"
    elif kind in ("fold", "check"):
        what = kind + "s"
    elif kind == "call":
        what = f"calls {m(a['amount'])}"
    elif kind == "bet":
        what = f"bets {m(a['amount'])}"
    else:
        what = f"raises {m(a['amount'])} to {m(a['to_amount'])}"
    return f"{a['player']}: {what}" + (" and is all-in" if a["all_in"] else "")


def replay_lines(data: dict[str, Any]) -> list[str]:
    """The hand replayed as plain lines (used by ``hhtools show`` and its tests).

    Args:
        data: :meth:`hhtools.store.api.HandStore.hand` of one hand (frames per table).

    Returns:
        Lines: header, seats, each street with its actions and the pot after it,
        the showdown (each hand's best high and low five), what the site paid and
        what the rules pay per pot and half, and the findings.
    """
    hand = data["hands"].row(0, named=True)
    cur = hand["currency"]
    m = lambda v: format_money(v, cur)  # noqa: E731
    lines = [
        f"Hand {hand['hand_id']} ({hand['site']}): {hand['game']} {hand['structure']} "
        f"{hand['stakes']} {cur}, table {hand['table_name']!r}, {hand['started_at']} "
        f"{hand['time_zone'] or ''}".rstrip(),
        f"{hand['file']}:{hand['line']}",
        "",
    ]
    seats = list(data["seats"].iter_rows(named=True))
    for s in seats:
        button = " (button)" if s["is_button"] else ""
        cards = f" [{s['hole_cards']}]" if s["hole_cards"] else ""
        lines.append(f"Seat {s['seat']}: {s['player']} {m(s['stack'])}{button}{cards}")
    actions = list(data["actions"].iter_rows(named=True))
    boards = list(data["boards"].iter_rows(named=True))
    board0 = boards[0] if boards else {"flop": None, "turn": None, "river": None}
    returned = sum(s["returned"] or 0 for s in seats)
    last_street = max((_STREETS.index(a["street"]) for a in actions
                       if a["street"] in _STREETS), default=0)  # fmt: skip
    pot = 0
    for i, street in enumerate(_STREETS):
        acts = [a for a in actions if a["street"] == street]
        dealt = {"flop": board0["flop"], "turn": board0["turn"], "river": board0["river"]}
        if street != "preflop" and not dealt.get(street) and not acts:
            continue
        head = f"*** {street.upper()} ***"
        if street != "preflop":
            shown = " ".join(c for c in (board0["flop"], board0["turn"], board0["river"])[:i] if c)
            head += f" [{shown}]"
        lines += ["", head]
        for a in acts:
            pot += a["added"] or 0
            lines.append("  " + _action_words(a, cur))
        if i == last_street and returned:
            for s in seats:
                if s["returned"]:
                    lines.append(f"  uncalled bet {m(s['returned'])} returned to {s['player']}")
            pot -= returned
        lines.append(f"  pot after the {street}: {m(pot)}")
    if len(boards) > 1:
        lines += ["", "Boards: " + " | ".join(b["cards"] for b in boards)]
    lines += ["", f"Total pot {m(hand['total_pot'])}, rake {m(hand['rake'])}"]
    extra = [(w, hand.get(k)) for w, k in (("added by the room", "room_added"),
             ("jackpot", "jackpot"), ("fees", "fees")) if hand.get(k)]  # fmt: skip
    if extra:
        lines.append("  " + ", ".join(f"{w} {m(v)}" for w, v in extra))
    for s in seats:
        if s.get("cashed_out"):
            fee = f" (cash-out fee {m(s['cash_out_fee'])})" if s.get("cash_out_fee") else ""
            lines.append(f"{s['player']} cashed out the hand for {m(s['cashed_out'])}{fee}")
            if s.get("cash_out_forfeited"):
                lines.append(
                    f"  the site kept {m(s['cash_out_forfeited'])} of the pots it would "
                    f"have paid {s['player']}"
                )

    sds = list(data["showdowns"].iter_rows(named=True))
    if sds:
        lines += ["", "*** SHOWDOWN (read by the rules: two hole cards, three board cards) ***"]
        for sd in sds:
            board = f" (board {sd['board'] + 1})" if len(boards) > 1 else ""
            high = (f"{sd['high_cards']} ({sd['high_category']})" if sd["high_cards"]
                    else "no complete board")  # fmt: skip
            lines.append(f"  {sd['player']}{board} [{sd['hole_cards']}]: high {high}")
            if hand["hi_lo"]:
                low = (f"{sd['low_cards']} ({sd['low_ranks']})" if sd["low_cards"]
                       else "no qualifying low")  # fmt: skip
                lines.append(f"      low {low}")
            said = "; ".join(x for x in (sd["declared_high"], sd["declared_low"]) if x)
            if said:
                lines.append(f"      the site said: {said}")
    shown_players = {sd["player"] for sd in sds}
    for s in seats:
        if s["hole_cards"] and s["folded"] is None and s["player"] not in shown_players and sds:
            lines.append(f"  {s['player']} mucked [{s['hole_cards']}]")

    awards = list(data["awards"].iter_rows(named=True))
    kept_for_cash_out = {s["player"] for s in seats if s.get("cash_out_forfeited")}
    if awards:
        lines += ["", "Paid by the site / due by the rules:"]
        for a in awards:
            pot_name = "main pot" if a["pot"] == 0 else f"side pot {a['pot']}"
            half = "" if a["half"] == "all" else f", {a['half']}"
            board = f", board {a['board'] + 1}" if len(boards) > 1 else ""
            flag = "" if a["due"] is None or a["paid"] == a["due"] else "   <-- differs"
            if flag and a["player"] in kept_for_cash_out:
                flag = "   (kept by the site: the player cashed out)"
            tag = " (scoop)" if a["scoop"] and hand["hi_lo"] else ""
            tag += " (quarter)" if a["quarter"] else ""
            lines.append(
                f"  {pot_name}{half}{board}: {a['player']} paid {m(a['paid'])}, "
                f"due {m(a['due'])}{tag}{flag}"
            )
    findings = list(data["findings"].iter_rows(named=True))
    lines += [""]
    if findings:
        lines.append("Findings:")
        for f in findings:
            who = f" {f['player']}" if f["player"] else ""
            lines.append(f"  {f['kind']}{who}: {f['explanation']}")
    else:
        lines.append("No findings: the site paid this hand by the rules.")
    return lines

"""The hand replay as one self-contained HTML page (``hhtools show --html``).

The page draws the table (seats around an oval with names, starting stacks, the
button, hole cards when known and each player's net), the board street by street,
every action in order with its amount, the pot after each street, then each pot with
its amount and the players who could win it, each half's winners with their five
cards (the two hole cards used highlighted), what the site paid beside what the rules
give, each player's net, and the audit's findings. Inline CSS only: no script, no
font, no image, nothing fetched; it works offline and fits a 1,400-pixel window.

:func:`replay_fragment` is the ``<section>`` alone (the HTML report puts one per
replayed hand on its page and inlines :data:`REPLAY_CSS` once); :func:`replay_page`
wraps it in a whole page. Every text taken from the data is escaped.

Where the facts come from (all worked out once, in
:func:`hhtools.reports.hand_facts.hand_facts`, which the text replay of ``hhtools
show`` uses too): the players who could win each pot are the stored
``pots.eligible`` (the audit's rebuild of the pots by :mod:`hhtools.rules.pots`);
the two hole cards that made a five are *derived* from the stored rows, as the cards
of the five (``showdowns.high_cards``/``low_cards``) that are among the player's hole
cards (``showdowns.hole_cards``); the street each board card was dealt on is
*derived* from the ``boards`` rows and the game (Courchevel's first card before the
flop; a run-it-twice board's own cards from where the runs part); the pot after each
street is the running sum of ``actions.added`` less ``seats.returned``; each
player's net is ``seats.net``, and the net by the rules adds what the ``awards``
rows give beyond what the site paid.
"""

from __future__ import annotations

import html
import math
from functools import partial
from typing import Any
from urllib.parse import quote

from hhtools.model.money import format_money
from hhtools.reports.hand_facts import (
    FiveCards,
    HandFacts,
    PotFacts,
    StreetFacts,
    action_text,
    hand_facts,
)
from hhtools.reports.replay import pot_words, signed_money, unread_words

__all__ = ["REPLAY_CSS", "replay_fragment", "replay_id", "replay_page"]

_SUIT = {"s": ("\u2660", "rp-s"), "h": ("\u2665", "rp-h"), "d": ("\u2666", "rp-d"),
         "c": ("\u2663", "rp-c")}  # fmt: skip
_SUIT_NAME = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}

#: The replay's style, scoped under ``.replay`` (inlined once per page).
REPLAY_CSS = """
.replay { font-family: system-ui, -apple-system, Segoe UI, Roboto, sans-serif;
  color: #1d2330; max-width: 1360px; margin: 0 auto 32px; box-sizing: border-box; }
.replay * { box-sizing: border-box; }
.replay h2 { font-size: 20px; margin: 8px 0 2px; }
.replay h3 { font-size: 15px; margin: 0 0 6px; }
.replay .rp-meta { margin: 0; color: #4a5568; font-size: 13px; }
.replay .rp-table { position: relative; height: 470px; margin: 12px 0 16px; }
.replay .rp-felt { position: absolute; left: 13%; right: 13%; top: 15%; bottom: 15%;
  border-radius: 50%; background: radial-gradient(#2f7d4f, #1f5a38);
  border: 10px solid #6b4a2b; box-shadow: inset 0 0 30px rgba(0,0,0,.35); }
.replay .rp-center { position: absolute; left: 50%; top: 50%;
  transform: translate(-50%, -50%); text-align: center; color: #fff; }
.replay .rp-run { display: flex; gap: 10px; justify-content: center; align-items: flex-end;
  margin: 4px 0; }
.replay .rp-run-name { font-size: 11px; color: #d7efe0; align-self: center; width: 48px; }
.replay .rp-group { display: inline-flex; flex-direction: column; align-items: center; }
.replay .rp-group small { font-size: 10px; color: #d7efe0; }
.replay .rp-total { font-weight: 600; margin-top: 6px; font-size: 14px; }
.replay .rp-seat { position: absolute; transform: translate(-50%, -50%); width: 176px;
  background: #fff; border: 1px solid #c5ccd6; border-radius: 8px; padding: 5px 7px;
  font-size: 12px; box-shadow: 0 1px 4px rgba(0,0,0,.2); text-align: center; }
.replay .rp-empty { position: absolute; transform: translate(-50%, -50%); width: 54px;
  height: 26px; line-height: 24px; border: 1px dashed #9aa3ae; border-radius: 13px;
  font-size: 11px; color: #7a8492; text-align: center; background: #f6f7f9; }
.replay .rp-results h3 { margin-top: 12px; }
.replay .rp-seat.rp-folded { background: #eceef2; color: #5b6472; }
.replay .rp-seat.rp-folded .rp-card { opacity: .55; }
.replay .rp-seat .rp-name { font-weight: 600; overflow: hidden; text-overflow: ellipsis;
  white-space: nowrap; }
.replay .rp-btn { display: inline-block; width: 18px; height: 18px; line-height: 18px;
  border-radius: 50%; background: #fff3b0; border: 1px solid #b08900; font-size: 11px;
  font-weight: 700; margin-left: 4px; }
.replay .rp-net { font-weight: 600; }
.replay .rp-plus { color: #1b7a3a; }
.replay .rp-minus { color: #b3261e; }
.replay .rp-card { display: inline-block; min-width: 26px; height: 34px; padding: 2px 2px 0;
  margin: 1px; border: 1px solid #9aa3ae; border-radius: 4px; background: #fff;
  font: 700 14px/1.05 system-ui, sans-serif; text-align: center; vertical-align: middle; }
.replay .rp-card b { display: block; font-size: 13px; }
.replay .rp-s { color: #1d1d1d; } .replay .rp-h { color: #c8102e; }
.replay .rp-d { color: #1456b8; } .replay .rp-c { color: #217a35; }
.replay .rp-card.rp-used { background: #fff4c2; border: 2px solid #d99a00;
  box-shadow: 0 0 0 1px #d99a00; }
.replay .rp-cols { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 20px; }
.replay .rp-street { border: 1px solid #dde2e8; border-radius: 6px; padding: 8px 10px;
  margin-bottom: 10px; }
.replay .rp-street ol { margin: 4px 0; padding-left: 22px; font-size: 13px; }
.replay .rp-who { font-weight: 600; }
.replay .rp-potline { font-size: 13px; color: #2d3748; margin: 4px 0 0; }
.replay .rp-pot { border: 1px solid #dde2e8; border-radius: 6px; padding: 8px 10px;
  margin-bottom: 10px; }
.replay .rp-eligible, .replay .rp-half { font-size: 13px; margin: 4px 0; }
.replay ul.rp-inline { display: inline; margin: 0; padding: 0; }
.replay li.rp-elig { display: inline; font-weight: 600; }
.replay li.rp-elig + li.rp-elig::before { content: ", "; font-weight: 400; }
.replay .rp-half-name { display: inline-block; min-width: 72px; font-weight: 600; }
.replay table.rp-grid { border-collapse: collapse; font-size: 13px; margin-top: 6px; }
.replay table.rp-grid th, .replay table.rp-grid td { border-bottom: 1px solid #e2e6ea;
  padding: 3px 10px 3px 0; text-align: left; }
.replay table.rp-grid td.rp-num, .replay table.rp-grid th.rp-num { text-align: right; }
.replay tr.rp-diff td { background: #fde8e6; }
.replay .rp-findings li { font-size: 13px; margin: 3px 0; }
.replay .rp-note { font-size: 12px; color: #4a5568; }
"""

_PAGE_CSS = "body { margin: 0; padding: 12px 20px; background: #f6f7f9; }"


def _e(text: Any) -> str:
    return html.escape("" if text is None else str(text), quote=True)


def replay_id(site: str, hand_id: str) -> str:
    """The page anchor of a hand's replay: ``hand-<site>-<hand id>``, each part
    percent-encoded but for letters, digits and ``_.-~`` (so the same text serves as the
    ``id`` and, after ``#``, as the link: nothing in it is markup or ends a URL).

    >>> replay_id("pokerstars", "220000000004")
    'hand-pokerstars-220000000004'
    >>> replay_id("x", '1"><b>')
    'hand-x-1%22%3E%3Cb%3E'
    """
    return f"hand-{quote(str(site), safe='')}-{quote(str(hand_id), safe='')}"


def _card(card: str, used: bool = False) -> str:
    rank, suit = card[:-1], card[-1:].lower()
    symbol, cls = _SUIT.get(suit, ("?", ""))
    extra = " rp-used" if used else ""
    title = f"{rank} of {_SUIT_NAME.get(suit, suit)}" + (" (hole card used)" if used else "")
    return (f'<span class="rp-card {cls}{extra}" data-card="{_e(card)}" title="{_e(title)}">'
            f"{_e(rank)}<b>{symbol}</b></span>")  # fmt: skip


def _cards(cards: Any) -> str:
    return "".join(_card(c) for c in cards)


def _five(five: FiveCards) -> str:
    return f'<span class="rp-five">{"".join(_card(c, five.is_hole(c)) for c in five.cards)}</span>'


def _signed(amount: int, cur: str) -> str:
    cls = "rp-plus" if amount > 0 else "rp-minus" if amount < 0 else ""
    return f'<span class="rp-net {cls}">{_e(signed_money(amount, cur))}</span>'


def _place(seat: int, seats: int) -> tuple[float, float]:
    """Where a seat sits around the oval (percent of the table box): seat 1 at the
    bottom, the others clockwise."""
    angle = math.pi / 2 + (seat - 1) * 2 * math.pi / seats
    return 50 + 41 * math.cos(angle), 50 + 42 * math.sin(angle)


def _seats(facts: HandFacts) -> str:
    seats = facts.seats
    if not seats:
        return ""
    cur = facts.hand["currency"]
    n = max([facts.hand.get("max_seats") or 0, len(seats)] + [s["seat"] for s in seats])
    nets = {n_.player: n_.net for n_ in facts.nets}
    out = []
    taken = {s["seat"] for s in seats}
    for k in range(1, n + 1):
        if k not in taken:
            left, top = _place(k, n)
            out.append(f'<div class="rp-empty" style="left:{left:.1f}%;top:{top:.1f}%">'
                       f"seat {k}</div>")  # fmt: skip
    for s in seats:
        left, top = _place(s["seat"], n)
        folded = s["folded"]
        cls = "rp-seat rp-folded" if folded else "rp-seat"
        button = '<span class="rp-btn" title="button">D</span>' if s["is_button"] else ""
        net = nets.get(s["player"])
        parts = [
            f'<div class="rp-name" title="{_e(s["player"])}">{_e(s["player"])}{button}</div>',
            (f'<div>seat {_e(s["seat"])} · <span class="rp-stack">'
             f'{_e(format_money(s["stack"], cur))}</span></div>'),
        ]
        if s["hole_cards"]:
            parts.append(f'<div class="rp-hole">{_cards(s["hole_cards"].split())}</div>')
        if folded:
            parts.append(f'<div class="rp-note">folded ({_e(folded)})</div>')
        elif s.get("sitting_out"):
            parts.append('<div class="rp-note">sitting out</div>')
        if net is not None:
            parts.append(f"<div>net {_signed(net, cur)}</div>")
        out.append(f'<div class="{cls}" data-player="{_e(s["player"])}" '
                   f'style="left:{left:.1f}%;top:{top:.1f}%">{"".join(parts)}</div>')  # fmt: skip
    return "".join(out)


def _center(facts: HandFacts) -> str:
    runs = []
    many = len(facts.boards) > 1
    cuts: tuple[tuple[str, int, int], ...] = (
        (("preflop", 0, 1), ("flop", 1, 3)) if facts.courchevel else (("flop", 0, 3),)
    )
    cuts += (("turn", 3, 4), ("river", 4, 5))
    for k, board in enumerate(facts.boards):
        groups = []
        for name, a, b in cuts:
            if board[a:b]:
                groups.append(f'<span class="rp-group"><span>{_cards(board[a:b])}</span>'
                              f"<small>{name}</small></span>")  # fmt: skip
        label = f'<span class="rp-run-name">board {k + 1}</span>' if many else ""
        if groups:
            runs.append(f'<div class="rp-run" data-board="{k}">{label}{"".join(groups)}</div>')
    total = facts.streets[-1].pot_after if facts.streets else facts.hand.get("total_pot")
    cur = facts.hand["currency"]
    return (f'<div class="rp-center">{"".join(runs)}'
            f'<div class="rp-total">pot {_e(format_money(total, cur))}</div></div>')  # fmt: skip


def _dealt(st: StreetFacts) -> str:
    if not st.dealt:
        return ""
    if len(st.dealt) == 1:
        return f' <span class="rp-dealt" data-board="all">{_cards(st.dealt[0])}</span>'
    return "".join(f' <span class="rp-dealt" data-board="{k}">board {k + 1} {_cards(d)}</span>'
                   for k, d in enumerate(st.dealt))  # fmt: skip


def _street(st: StreetFacts, facts: HandFacts) -> str:
    cur = facts.hand["currency"]
    money = partial(format_money, currency=cur)
    title = st.street.capitalize()
    if st.street == "preflop" and st.dealt and facts.courchevel:
        title += " (Courchevel: the first board card is dealt before the flop)"
    items = [f'<li><span class="rp-who">{_e(a["player"])}</span> '
             f'<span class="rp-act">{_e(action_text(a, money))}</span></li>'
             for a in st.actions]  # fmt: skip
    items += [f'<li>uncalled bet {_e(money(amount))} returned to '
              f'<span class="rp-who">{_e(player)}</span></li>' for player, amount in st.returned]
    body = f"<ol>{''.join(items)}</ol>" if items else '<p class="rp-note">no betting</p>'
    return (f'<div class="rp-street" data-street="{_e(st.street)}">'
            f"<h3>{_e(title)}{_dealt(st)}</h3>"
            f'{body}<p class="rp-potline">pot after the {_e(st.street)}: '
            f'<span class="rp-amount">{_e(money(st.pot_after))}</span></p></div>')  # fmt: skip


def _pot(p: PotFacts, facts: HandFacts) -> str:
    cur = facts.hand["currency"]
    money = partial(format_money, currency=cur)
    many = len(facts.boards) > 1
    title = p.name.capitalize() + (f", board {p.board + 1}" if many else "")
    rake = ""
    if not many and p.gross is not None and p.gross > p.net:
        rake = f' <span class="rp-note">(rake {_e(money(p.gross - p.net))})</span>'
    who = "".join(f'<li class="rp-elig">{_e(x)}</li>' for x in p.eligible)
    parts = [f'<h3>{_e(title)}: <span class="rp-amount">{_e(money(p.net))}</span>{rake}</h3>',
             f'<div class="rp-eligible">could be won by: <ul class="rp-inline">{who}</ul></div>']
    if p.uncontested:
        parts.append(f'<p class="rp-half">uncontested: {_e(p.eligible[0])} takes it</p>')
    else:
        for h in p.halves:
            for player, five in h.winners:
                hand = (f"{_five(five)} <span>{_e(five.words)}</span>" if five
                        else '<span class="rp-note">no showdown</span>')  # fmt: skip
                parts.append(f'<div class="rp-half" data-half="{_e(h.half)}" data-player='
                             f'"{_e(player)}"><span class="rp-half-name">{_e(h.label)}</span> '
                             f'<span class="rp-who">{_e(player)}</span> {hand}</div>')  # fmt: skip
        if p.no_low:
            parts.append('<div class="rp-half" data-half="low">'
                         '<span class="rp-half-name">low</span> no qualifying low: '
                         "the high takes the whole pot</div>")  # fmt: skip
    if p.awards:
        rows = []
        for a in p.awards:
            flag = ("kept by the site (cashed out)" if a.kept_for_cash_out
                    else "differs" if a.differs else "")  # fmt: skip
            tag = " (scoop)" if a.scoop else " (quarter)" if a.quarter else ""
            cls = ' class="rp-diff"' if a.differs and not a.kept_for_cash_out else ""
            rows.append(f'<tr{cls} data-player="{_e(a.player)}" data-half="{_e(a.half)}">'
                        f"<td>{_e(a.player)}</td><td>{_e(a.half)}{tag}</td>"
                        f'<td class="rp-num rp-paid">{_e(money(a.paid))}</td>'
                        f'<td class="rp-num rp-due">{_e(money(a.due))}</td>'
                        f"<td>{flag}</td></tr>")  # fmt: skip
        parts.append('<table class="rp-grid rp-awards"><thead><tr><th>player</th><th>half</th>'
                     '<th class="rp-num">paid by the site</th><th class="rp-num">due by the '
                     f'rules</th><th></th></tr></thead><tbody>{"".join(rows)}</tbody></table>')
    return (f'<div class="rp-pot" data-board="{_e(p.board)}" data-pot="{_e(p.pot)}">'
            f'{"".join(parts)}</div>')  # fmt: skip


def _nets(facts: HandFacts) -> str:
    if not facts.nets:
        return ""
    cur = facts.hand["currency"]
    differs = any(n.net != n.net_by_rules for n in facts.nets)
    rules_head = '<th class="rp-num">by the rules</th>' if differs else ""
    rows = []
    for n in facts.nets:
        rules = f'<td class="rp-num">{_signed(n.net_by_rules, cur)}</td>' if differs else ""
        cash = ' <span class="rp-note">(cashed out)</span>' if n.cashed_out else ""
        rows.append(f'<tr data-player="{_e(n.player)}"><td>{_e(n.seat)}</td>'
                    f'<td>{_e(n.player)}{cash}</td><td class="rp-num">{_signed(n.net, cur)}</td>'
                    f"{rules}</tr>")  # fmt: skip
    return ('<h3>Net for the hand</h3><table class="rp-grid rp-nets"><thead><tr><th>seat</th>'
            '<th>player</th><th class="rp-num">net (as paid)</th>'
            f'{rules_head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')  # fmt: skip


def _findings(data: dict[str, Any]) -> str:
    rows = list(data["findings"].iter_rows(named=True)) if "findings" in data else []
    unread = unread_words(data)
    head = f'<p class="rp-note">{_e(unread)}</p>' if unread else ""
    if not rows:
        if unread:
            return head + '<p class="rp-note">No findings on what was read.</p>'
        return '<p class="rp-note">No findings: the site paid this hand by the rules.</p>'
    items = "".join(f'<li><b>{_e(f["kind"])}</b> {_e(f["player"] or "")}: '
                    f'{_e(f["explanation"])}</li>' for f in rows)  # fmt: skip
    return f'{head}<h3>Findings</h3><ul class="rp-findings">{items}</ul>'


def replay_fragment(data: dict[str, Any]) -> str:
    """One hand's replay as an HTML ``<section>`` (no ``<html>``, no style).

    Args:
        data: :meth:`hhtools.store.api.HandStore.hand` of one hand (frames per table).

    Returns:
        ``<section class="replay" id="hand-<site>-<hand_id>">`` with the table, the
        streets, the pots with their halves and awards, the nets and the findings;
        the page that holds it inlines :data:`REPLAY_CSS` once.
    """
    facts = hand_facts(data)
    hand = facts.hand
    cur = hand["currency"]
    head = (f"{hand['game']} {(hand['structure'] or '').replace('_', ' ')} {hand['stakes']} "
            f"{cur} · table {hand['table_name']} · {hand['started_at']} "
            f"{hand['time_zone'] or ''}").rstrip()  # fmt: skip
    extra = [pot_words(hand, facts)]
    extra += [f"{w} {format_money(hand[k], cur)}" for w, k in (
        ("added by the room", "room_added"), ("jackpot", "jackpot"), ("fees", "fees"))
        if hand.get(k)]  # fmt: skip
    legend = ("Highlighted cards are the two hole cards each winning five uses; the other "
              "three are the board's.")
    streets = "".join(_street(st, facts) for st in facts.streets)
    pots = "".join(_pot(p, facts) for p in facts.pots)
    return (
        f'<section class="replay" id="{_e(replay_id(hand["site"], hand["hand_id"]))}">'
        f'<h2>Hand {_e(hand["hand_id"])} <span class="rp-note">({_e(hand["site"])})</span></h2>'
        f'<p class="rp-meta">{_e(head)}</p>'
        f'<p class="rp-meta">{_e(", ".join(x for x in extra if x))} · '
        f'{_e(hand["file"])}:{_e(hand["line"])}</p>'
        f'<div class="rp-table"><div class="rp-felt"></div>{_center(facts)}{_seats(facts)}</div>'
        f'<div class="rp-cols"><div class="rp-streets">{streets}</div>'
        f'<div class="rp-results"><p class="rp-note">{legend}</p>{pots}{_nets(facts)}'
        f"{_findings(data)}</div></div></section>"
    )


def replay_page(data: dict[str, Any]) -> str:
    """One hand's replay as a whole, self-contained HTML page (inline CSS, no fetch).

    Args:
        data: :meth:`hhtools.store.api.HandStore.hand` of one hand (frames per table).
    """
    hand = data["hands"].row(0, named=True)
    title = f"Hand {hand['hand_id']} ({hand['site']})"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(title)}</title><style>{_PAGE_CSS}{REPLAY_CSS}</style></head>"
        f"<body>{replay_fragment(data)}</body></html>\n"
    )

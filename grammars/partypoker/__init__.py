"""PartyPoker hand histories of the Omaha family, old and new format.

**Old format** (to about 2016)::

    Game #11354414824 starts.            <- optional preamble, then
    #Game No : 11354414824
    ***** Hand History for Game 11354414824 *****
    $20/$40 USD FL Omaha Hi-Lo - Thursday, January 26, 18:13:53 EST 2012
    Table Table  125516 (Real Money)
    Seat 9 is the button
    Total number of players : 2/10
    Seat 10: Ydmgju1 ( $200 USD )
    Mrzqnh8 posts small blind [$10 USD].
    ** Dealing down cards **  /  Dealt to Ydmgju1 [  7d Ah 6s 2h ]
    Mrzqnh8 raises [$30 USD]             <- every bracket is what the action ADDS
    ** Dealing Flop ** [ Qh, Kd, 6d ]
    Xjty is all-In  [190]                <- an all-in adds the bracket too
    Brxodsj shows [ Td, Kd, Tc, 4c ]two pairs, Tens and Twos.
    Mrzqnh8 wins $239 USD                <- or "wins 1,830 chips from the main pot with ..."

Cash stakes are "$cap USD PL Omaha" (the table's buy-in cap: the blinds come from the
posts) or "$20/$40 USD FL" (the limit's small and big bet). Tournaments: "PL Omaha $1
USD Buy-in Trny: 54322000 Level: 3  Blinds(50/100) - ...", amounts in chips; their
blinds are **not posted in the text** (the calls show they were): the grammar posts
them for the two seats after the button (the button itself heads-up), on the
"Blinds(50/100)" line. The old format prints **no pot, no rake and no uncalled-bet
line**: a "wins" amount includes the uncalled bet returned to the winner, and an
uncalled all-in excess is even printed as "wins 110 chips from the side pot 1". The
grammar returns the uncalled excess of the last bet (``Returned`` with ``inferred``),
takes it off that player's winnings (a "side pot" line of exactly that amount is the
return itself and is not a collect), and derives the rake of a cash hand as what went
in less what was won (``total_pot`` is ``None``: the site names none).

**New format** (2016 on): "***** Hand History For Game 1770659766668adeb0h5qfm *****"
(letters in the id), "0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb 09 12:55:26 EST
2026", "Table Table 7488952 (Real Money) -- Seat 1 is the button", seats "( $56.64 )",
posts "(0.10)", "raises 2.40 to 2.65" (increment, then the street total), "calls
(1.80)", "is all-In." (flags the player's last action), "Creating Main Pot with $ 38.50
with A, B", the cash-out lines ("Cash-out Premium % is 1.0", "opted for cash-out",
"probabilty is 60.37", "Cashout Amount is 23.01"), then "** Summary **", "Main Pot:
$38.50 Rake: $2.0" (the pot parts are net of rake; total pot = parts + rake), "Board:
[ .. ]" and one line per player: "X balance $44.16, bet $23.17, collected $41.47, net
+$18.30[ 9c, 7h, 8h, 4d ] [ a straight, seven to jack -- Jc,Ts,9c,8h,7d ]". Shown cards
are only in the summary. "collected" includes the uncalled bet returned (as in the old
format); a cashed-out player's "collected" is the cash-out (paid by the site, not from
the pot): it is a :class:`CashOut` (fee = probability x pot at the cash-out - amount,
the premium), and the pot a cashed-out winner would have had is ``forfeited``.

The new format's summary names each player's total "collected", not which pot it came
from: collects are read as the main pot's (``pot`` 0); with side pots ("Main Pot: $x |
Side Pot 1: $y", a wording assumed, not seen in real files) the parts are kept in
``pot_parts`` but the split per pot is not.

Both formats: times carry the site's zone abbreviation (EST/EDT: US Eastern); UTC is
given for the abbreviations this grammar knows, else ``None``. Collect lines never say
which half of a hi/lo pot they are for (``collect_order`` unordered); an old-format
"wins $8.50 USD from the main pot with 8,7,3,2,A." types that low into the winner's
``Show.claimed_low``. Shown hands are
described in PartyPoker's words ("two pairs, aces and jacks", "a straight, seven to
jack"), read by :func:`hhtools.grammars.partypoker.lines.claimed_high`. Files exported
by anonymising tools sometimes name an unseated player in an action line; when as many
such names act as there are seated players never named in the hand, each is read as
the seated player whose turn it was (preflop order, left of the big blind) and an
``unknown_player`` problem says so; otherwise the line is an ``unknown_player`` problem.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from typing import BinaryIO

from hhtools.grammars._english import read_low
from hhtools.grammars._lines import _BadCards, _m
from hhtools.grammars._text import HandEnd, iter_hands
from hhtools.grammars.base import ParsedHand, SiteFormat, internal_error
from hhtools.grammars.partypoker import lines as L
from hhtools.grammars.partypoker.record import (
    _cardlist,
    _finish,
    _Hand,
    _OutOfRange,
    _seatno,
)

from hhtools.model.money import Unit
from hhtools.model.records import (
    Action,
    ActionKind,
    Collect,
    HandText,
    PostKind,
    Seat,
    Show,
    Street,
    TournamentResult,
)
from hhtools.model.vocab import ProblemCode

__all__ = ["FORMAT", "HAND_START", "recognise"]

#: A hand starts at one of these lines (the preamble "Game #N starts." when present).
HAND_START = re.compile(r"(?:Game #\d+ starts\.|\*{5} Hand History [Ff]or Game \w+ \*{5})")
_HEAD = re.compile(
    r"^\s*(?:Game #\d+ starts\.\s*$|#Game No : \d+\s*$|\*{5} Hand History [Ff]or Game \w+ \*{5})",
    re.MULTILINE,
)
#: PartyPoker writes no blank line inside a hand (only between it and its preamble):
#: text after one is a hand text of its own (a damaged header is reported, never read
#: into the hand before; a preamble is joined to what follows it, below)
_END = HandEnd("", None, blank=True)
_PREAMBLE_ONLY = re.compile(r"(?:\s*(?:Game #\d+ starts\.|#Game No : \d+)\s*)+")
_MAX = 10**15
_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_POSTS = {"small blind": PostKind.SMALL_BLIND, "big blind": PostKind.BIG_BLIND,
          "ante": PostKind.ANTE}  # fmt: skip
_CUR = {"$": "USD", "€": "EUR", "£": "GBP"}
_RULE_NAME = {r.re: str(r.customName) for r in L.FIXED}
_ALL_IN = next(r.re for r in L.PLAYER if r.customName == "all_in")


def recognise(head: str) -> bool:
    """``True`` when a file starting with ``head`` is a PartyPoker history.

    >>> recognise("***** Hand History For Game 1770659766668adeb0h5qfm *****")
    True
    >>> recognise("***** 888poker Hand History for Game 1 *****")
    False
    """
    return _HEAD.search(head) is not None


def split(fh: BinaryIO, file: str) -> Iterator[HandText]:
    """A file's hand texts: one at each header (:data:`HAND_START`) and after blank
    lines; a "Game #N starts." preamble is kept with the hand that follows it.

    Args:
        fh: the file, a seekable binary stream at its start.
        file: the name hands and problems carry.
    """
    held: HandText | None = None
    for ht in iter_hands(fh, file, HAND_START, _END):
        if held is not None:
            gap = ht.line - held.line - held.text.count("\n")
            enc = "/".join(sorted(set(held.encoding.split("/")) | set(ht.encoding.split("/"))))
            ht = HandText(held.text + "\n" * gap + ht.text, file, held.line, held.offset, enc)
            held = None
        if _PREAMBLE_ONLY.fullmatch(ht.text) and "*****" not in ht.text:
            held = ht
            continue
        yield ht
    if held is not None:
        yield held


def parse(ht: HandText) -> ParsedHand:
    """Read one hand text into a record of what the site claimed, plus problems.

    Args:
        ht: one hand's text as :func:`split` gave it.

    Returns:
        The :class:`ParsedHand`; never raises for bad input (an unexpected error is an
        ``internal_error`` problem on the hand's first line).
    """
    h = _Hand(ht)
    try:
        return _parse(h)
    except Exception as exc:  # noqa: BLE001  (never let one hand stop a file)
        return internal_error(ht.file, ht.line, h.hand_id, exc, h.problems)


def _parse(h: _Hand) -> ParsedHand:
    lines = h.ht.text.split("\n")
    first = h.ht.line
    hd: dict[str, object] = {}
    i = 0
    n = len(lines)
    # --- preamble, header, table, seats
    while i < n:
        ln = lines[i].replace("\x00", "").strip()
        lno = first + i
        if not ln:
            i += 1
            continue
        m = _m(L.FIXED[0], ln) or _m(L.FIXED[1], ln)
        if m is not None:
            h.hand_id = h.hand_id or m["id"]
            i += 1
            continue
        m = _m(L.FIXED[2], ln)
        if m is not None:
            h.hand_id = m["id"]
            h.new = "For Game" in ln
            i += 1
            break
        h.problem(lno, ProblemCode.BAD_HEADER, f"not a PartyPoker hand header: {ln[:80]}", ln)
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    if i >= n:
        h.problem(first + n - 1, ProblemCode.TRUNCATED_HAND,
                  "hand has no header line (cut short?)", lines[-1])  # fmt: skip
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    head = lines[i].strip()
    skipped = _header(h, head, first + i, hd)
    if skipped is not None:
        if skipped.startswith("skip:"):
            reason = f"not an Omaha-family game: {skipped[5:]}"
            h.problem(first + i, ProblemCode.SKIPPED_GAME, reason, head)
            return ParsedHand(None, tuple(h.problems), reason, h.hand_id)
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    i += 1
    h.body = (lines, i)
    nul = "\x00" in h.ht.text
    for k in range(i, n):
        ln = lines[k].replace("\x00", "").strip() if nul else lines[k].strip()
        if not ln:
            continue
        lno = first + k
        try:
            if not _line(h, ln, lno, hd):
                h.problem(lno, ProblemCode.UNRECOGNISED_LINE, f"unrecognised line: {ln[:80]}", ln)
        except _BadCards as exc:
            h.problem(lno, ProblemCode.BAD_CARDS, str(exc), ln)
        except _OutOfRange as exc:
            h.problem(lno, ProblemCode.OUT_OF_RANGE, str(exc), ln)
            return ParsedHand(None, tuple(h.problems), None, h.hand_id)
        except (ValueError, KeyError) as exc:
            h.problem(lno, ProblemCode.BAD_AMOUNT, f"bad amount: {exc}", ln)
    return _finish(h, lines, hd)


def _header(h: _Hand, head: str, lno: int, hd: dict[str, object]) -> str | None:
    """Read the game line into ``hd``; a reason string when the hand is not read."""
    m = _m(L.FIXED[3], head) if h.new else _m(L.FIXED[4], head)
    if m is None:
        h.problem(lno, ProblemCode.BAD_HEADER, f"unreadable game line: {head[:80]}", head)
        return "bad"
    hd["tz"] = m["tz"]
    try:
        hd["local"], hd["utc"] = L.parse_date(m["date"], m["tz"], m["year"])
    except (ValueError, KeyError):
        h.problem(lno, ProblemCode.BAD_HEADER, f"unreadable date: {m['date']} {m['year']}", head)
        return "bad"
    hd["currency"] = "USD"
    if h.new:
        name, st = m["name"], m["st"]
        hd["stakes"] = (m["sb"], m["bb"])
    else:
        game = m["game"]
        t = re.fullmatch(
            r"(?P<st>PL|NL|FL) (?P<name>.+?) (?P<buyin>[$€£]?[\d.,]+(?: [A-Z]{3})?) Buy-in "
            r"Trny: (?P<trny>\d+) Level: (?P<level>\d+)\s+Blinds\((?P<sb>[\d,]+)/(?P<bb>[\d,]+)\)",
            game,
        )
        c = re.fullmatch(
            r"[$€£]?(?P<a>[\d.,]+)(?:/[$€£]?(?P<b>[\d.,]+))? (?P<cur>[A-Z]{3}) (?P<st>PL|NL|FL) "
            r"(?P<name>.+)",
            game,
        )
        if t is not None:
            name, st = t["name"], t["st"]
            h.unit = Unit.CHIPS
            hd.update(trny=t["trny"], level=t["level"], buyin=t["buyin"], currency="CHIPS")
            hd["buy_cur"] = t["buyin"].split()[-1] if " " in t["buyin"] else "USD"
            h.blinds = (h.amt(t["sb"]), h.amt(t["bb"]), lno)
        elif c is not None:
            name, st = c["name"], c["st"]
            hd["currency"] = c["cur"]
            if c["b"] is not None:
                hd["bets"] = (h.amt(c["a"]), h.amt(c["b"]))
        else:
            name, st = game, ""
    kind = L.game_kind(name)
    if isinstance(kind, str):
        if kind.startswith("unknown:"):
            h.problem(lno, ProblemCode.UNKNOWN_GAME, f"unknown game: {kind[8:]}", head)
        return kind
    hd["hilo"], hd["st"] = kind, L.STRUCTURES[st]
    return None


def _aliases(lines: list[str], start: int) -> dict[str, str]:
    """Map unseated action names to the seated players never named (see the module
    docstring); the seats are read ahead for it."""
    seat_re = L.FIXED[8].re
    seats: list[tuple[int, str]] = []
    body = []
    for raw in lines[start:]:
        ln = raw.strip()
        if ln.startswith("Seat "):
            m = seat_re.match(ln)
            if m is not None:
                seats.append((int(m["seat"]), m["player"]))
            continue
        body.append(ln)
    names = sorted({p + " " for _, p in seats}, key=len, reverse=True)
    firsts = {p.split(" ")[0] for p in names} | {"Dealt", "**", "Table", "Total", "Board:"}
    unknown: list[str] = []
    for ln in body:
        if ln[: max(ln.find(" "), 0)] not in firsts:
            u = L.UNSEATED.match(ln)
            if u is not None and u["name"] not in unknown:
                unknown.append(u["name"])
    if not unknown:
        return {}
    named: set[str] = set()
    bb = None
    for ln in body:
        who = next((p[:-1] for p in names if ln.startswith(p) or ln.startswith(p, 9)), None)
        if who is not None:
            if " posts " in ln:
                bb = who if "big blind" in ln else bb
            else:
                named.add(who)
    order = [p for _, p in sorted(seats)]
    if bb in order:
        k = order.index(bb) + 1
        order = order[k:] + order[:k]
    free = [p for p in order if p not in named]
    return dict(zip(unknown, free, strict=True)) if len(free) == len(unknown) else {}


def _line(h: _Hand, ln: str, lno: int, hd: dict[str, object]) -> bool:
    """Read one body line; ``False`` when no rule reads it."""
    for rule in L.FIXED_PREFIX.get(ln[:4], ()):
        m = rule.match(ln)
        if m is not None:
            _fixed(h, m, lno, hd)
            return True
    sp = ln.find(" ")
    for p in h.names.get(ln[:sp] if sp >= 0 else ln, ()):
        if ln.startswith(p):
            if _player(h, p[:-1], ln[len(p) :], lno):
                return True
            break
    u = L.UNSEATED.match(ln)
    if u is not None:
        if h.alias is None:
            h.alias = _aliases(*h.body)
        real = h.alias.get(u["name"])
        if real is None:
            h.problem(lno, ProblemCode.UNKNOWN_PLAYER, f"{u['name']} is not seated", ln)
            return True
        if u["name"] not in h.told:  # once per name, on its first line
            h.told.add(u["name"])
            h.problem(lno, ProblemCode.UNKNOWN_PLAYER,
                      f"{u['name']} is not seated; read as {real}, "
                      "the seated player never named whose turn it was", ln)  # fmt: skip
        return _player(h, real, u["rest"], lno)
    return False


def _fixed(h: _Hand, m: re.Match[str], lno: int, hd: dict[str, object]) -> None:
    name = _RULE_NAME[m.re]
    if name == "seat":
        seat = _seatno(m["seat"])
        h.seats.append(Seat(seat, m["player"], h.amt(m["amt"]), bool(m["out"]), None, lno))
        if "sym" not in hd:
            hd["sym"] = m["amt"][:1]  # the new format's currency: "$56.64"
        p = m["player"] + " "
        same = h.names.setdefault(p[: p.find(" ")], [])
        if p not in same:
            same.append(p)
            same.sort(key=len, reverse=True)
    elif name == "street":
        _silent_blinds(h, hd, lno)
        h.street, h.put = _STREETS[m["street"]], {}
        h.board.extend(_cardlist(m["cards"]))
    elif name == "dealing":
        _silent_blinds(h, hd, lno)
    elif name == "dealt":
        _silent_blinds(h, hd, lno)
        player = m["player"]
        h.hero = player
        h.hole[player] = _cardlist(m["cards"])
    elif name == "summary":
        h.summary = True
    elif name == "board":
        cards = _cardlist(m["cards"])
        if h.board and tuple(h.board) != cards[: len(h.board)]:
            h.problem(lno, ProblemCode.BOARD_MISMATCH,
                      "the summary's board differs from the streets'")  # fmt: skip
        h.board = list(cards)
    elif name == "pots":
        h.pots = [h.amt(a) for a in re.findall(r"Pot(?: \d+)?: \$?([\d][\d,.]*)", m["pots"])]
        h.rake, h.total_line = h.amt(m["rake"]), lno
    elif name == "table":
        hd["table"] = " ".join(m["name"].split())
        if m["money"] == "Play Money":
            h.unit, hd["currency"] = Unit.CHIPS, "PLAY"
        if m["button"]:
            hd["button"] = _seatno(m["button"])
    elif name == "players":
        hd["max"] = _seatno(m["max"])
    elif name == "button":
        hd["button"] = _seatno(m["seat"])
    elif name == "creating":
        if m["pot"] == "Main Pot":
            h.pot_at = h.amt(m["amt"])
    elif name == "blinds":
        h.blinds = (h.amt(m["sb"]), h.amt(m["bb"]), lno)
        _silent_blinds(h, hd, lno)


def _silent_blinds(h: _Hand, hd: dict[str, object], lno: int) -> None:
    """Old tournaments print no posts: post the blinds for the two seats after the
    button (the button is the small blind heads-up), once."""
    if h.blinds is None or hd.get("posted") or any(a.kind is ActionKind.POST for a in h.actions):
        return
    if "trny" not in hd or "button" not in hd or len(h.seats) < 2:
        return
    hd["posted"] = True
    seats = sorted(h.seats, key=lambda s: s.seat)
    k = next((j for j, s in enumerate(seats) if s.seat > int(hd["button"])), 0)  # type: ignore[call-overload]
    if len(seats) == 2:
        k = (k + 1) % 2
    sb, bb = seats[k % len(seats)], seats[(k + 1) % len(seats)]
    for seat, size, kind in (
        (sb, h.blinds[0], PostKind.SMALL_BLIND),
        (bb, h.blinds[1], PostKind.BIG_BLIND),
    ):
        amount = min(size, seat.stack)
        h.actions.append(Action(Street.PREFLOP, seat.player, ActionKind.POST, amount, None,
                                amount == seat.stack, kind, h.blinds[2]))  # fmt: skip
        h.put[seat.player] = h.put.get(seat.player, 0) + amount
        h.money, h.last_line[seat.player] = h.put, h.blinds[2]


def _money(h: _Hand, m: re.Match[str]) -> int:
    return h.amt(m["a"] or m["b"])


def _player(h: _Hand, who: str, rest: str, lno: int) -> bool:
    sp = rest.find(" ")
    for name, rule in L.PLAYER_WORD.get(rest if sp < 0 else rest[:sp], ()):
        m = rule.match(rest)
        if m is not None:
            break
    else:
        return False
    st = h.street
    if name in ("fold", "check"):
        kind = ActionKind.FOLD if name == "fold" else ActionKind.CHECK
        h.actions.append(Action(st, who, kind, line=lno))
    elif name == "post":
        kind = _POSTS[m["what"]]
        v = _money(h, m)
        h.actions.append(Action(st, who, ActionKind.POST, v, None, False, kind, lno))
        if kind is not PostKind.ANTE:
            h.put[who] = h.put.get(who, 0) + v
            h.money, h.last_line[who] = h.put, lno
    elif name in ("call", "bet", "raise", "all_in"):
        if name == "all_in" and m["a"] is None:  # new format: flags the last action
            for j in range(len(h.actions) - 1, -1, -1):
                if h.actions[j].player == who:
                    a = h.actions[j]
                    h.actions[j] = Action(a.street, a.player, a.kind, a.amount, a.to_amount, True,
                                          a.post, a.line)  # fmt: skip
                    break
            return True
        had = h.put.get(who, 0)
        top = max(h.put.values(), default=0)
        if name == "raise" and m["inc"] is not None:
            v, to = h.amt(m["inc"]), h.amt(m["to"])
            if to != had + v:
                to = had + v if had + v > top else to
        else:
            v = _money(h, m)
            to = had + v
        if name == "all_in":
            name = "bet" if top == 0 else ("call" if to <= top else "raise")
        kind = {"call": ActionKind.CALL, "bet": ActionKind.BET, "raise": ActionKind.RAISE}[name]
        if kind is ActionKind.BET and top > 0:
            kind = ActionKind.RAISE
        h.actions.append(Action(st, who, kind, v, to if kind is ActionKind.RAISE else None,
                                m.re is _ALL_IN, None, lno))  # fmt: skip
        h.put[who] = had + v
        h.money, h.last_line[who] = h.put, lno
    elif name == "shows":
        cards = _cardlist(m["cards"])
        desc = m["desc"] or None
        h.shows.append(Show(who, cards, desc, None, False, 0, lno, L.claimed_high(desc)))
        h.hole[who] = cards
    elif name == "wins":
        pot = 0 if m["pot"] in (None, "main pot") else int(m["n"] or 1)
        h.wins.append(Collect(who, h.amt(m["amt"]), pot, 0, lno))
        low = read_low(m["desc"])
        if low is not None:  # "wins $8.50 USD from the main pot with 8,7,3,2,A."
            for j, sh in enumerate(h.shows):
                if sh.player == who and sh.claimed_low is None:
                    h.shows[j] = Show(sh.player, sh.cards, sh.description, m["desc"], sh.mucked,
                                      sh.board, sh.line, sh.claimed_high, low)  # fmt: skip
    elif name == "finished":
        h.results.append(TournamentResult(who, int(m["place"]), line=lno))
    elif name.startswith("co_"):
        c = h.cash.setdefault(who, {"line": lno})
        if name == "co_probability":
            c["p"] = Decimal(m["p"])
        elif name == "co_amount":
            c["amount"] = h.amt(m["amt"])
    elif name == "balance":
        _balance(h, who, m, lno)
    return True


def _balance(h: _Hand, who: str, m: re.Match[str], lno: int) -> None:
    """A new-format summary line: collected money, shown cards and their words."""
    if m["col"] is not None and not m["co"]:
        h.wins.append(Collect(who, h.amt(m["col"]), 0, 0, lno))
    if m["cards"]:
        cards = _cardlist(m["cards"])
        desc = m["desc"].strip() or None
        h.shows.append(Show(who, cards, desc, None, False, 0, lno, L.claimed_high(desc)))
        h.hole[who] = cards


def _parse_text(ht: HandText) -> ParsedHand:
    return parse(ht)


#: The PartyPoker site format (old and new hand histories).
FORMAT = SiteFormat(
    key="partypoker",
    name="PartyPoker",
    games="Omaha and Omaha hi/lo 8 or better; pot limit, no limit and fixed limit; "
    "cash and tournaments (old and new hand-history formats)",
    recognise=recognise,
    split=split,
    parse=_parse_text,
    rooms=("partypoker",),
)

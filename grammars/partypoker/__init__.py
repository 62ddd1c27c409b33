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

Read alike: 2012's "seat1: X ( $6.25 USD )", "raises[ $25 USD ]", "PL  Omaha Hi-Saturday,
February 18, ..." (spaces left out); 2016 Fast Forward's "$10 USD fastforward NL ..." and
"seat 1:"; a 2012 Mac client's "$24,72 USD" and "X is sitting outY posts big blind [..]."
(two lines glued: both read).
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

**New format** (2016 on; tournaments "250/500 Tourney Texas Holdem Game Table (NL) (MTT
Tournament #3) (Buyin $3.0 + $0.3) - ...", chips, "Main Pot: 1770" with no rake): "*****
Hand History For Game 1770659766668adeb0h5qfm *****"
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
from: collects are read as the main pot's (``pot`` 0) and the record says their pots
are not theirs (``pots_named`` false: the audit gives each player's amount to the pots
the player could win); with side pots ("Main Pot: $x | Side Pot 1: $y", a wording
assumed, not seen in real files) the parts are kept in ``pot_parts``.

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
from typing import Any, BinaryIO

from hhtools.grammars import _kit as k
from hhtools.grammars.partypoker import lines as L
from hhtools.grammars.partypoker import quick
from hhtools.grammars.partypoker.players import _player
from hhtools.grammars.partypoker.record import SITE, _cardlist, _finish, _Hand


__all__ = ["FORMAT", "HAND_START", "recognise"]

#: A hand starts at one of these lines (the preamble "Game #N starts." when present).
HAND_START = re.compile(r"(?:Game #\d+ starts\.|\*{5} Hand History [Ff]or Game \w+ \*{5})")
_HEAD = re.compile(
    r"^\s*(?:Game #\d+ starts\.\s*$|#Game No : \d+\s*$|\*{5} Hand History [Ff]or Game \w+ \*{5})",
    re.MULTILINE,
)
#: PartyPoker writes no blank line inside a hand (only between it and its preamble):
#: text after one is a hand text of its own (a damaged header is reported, never read
#: into the hand before; a preamble is joined to what follows it, below). Nor does a
#: hand hold, after its header, a line that starts or ends with "*****", names "Hand
#: History for Game" or is a preamble's: such a line (a header with a damaged byte,
#: glued to the hand before with no blank line between) starts a hand text too; so
#: does a preamble with a damaged byte ("Game #80x0000002 starts.", "Gxme #8 starts."):
#: one byte changed leaves its "Game #" or its last word, and no hand line is one or
#: two words and "starts."; nor a "#Game No" line with a damaged byte ("#Ga#e No : 4",
#: "#Game No*: 40000009001": "#", 9 or 10 characters, the number; "?Game No : 4": its
#: "#" damaged). A chat line ("Gus: it starts.", "Ida: gg *****": a name, not starting
#: with "*", then ": ") is none of the ones found inside a line or by its last words: it
#: stays the hand's.
_END = k.HandEnd("", None, re.compile(
    r"\*{5}|Game #|#Game No : \d+|#\S{3,5} \S{1,3} : \d|#[^\n]{9,10}\d+[^\S\n]*$"
    r"|[^\n]Game No : \d+[^\S\n]*$"
    r"|(?![^*\s]\S*: )(?:.*\*{5}[^\S\n]*$|.*Hand History [Ff]or Game|\S+(?: \S+)? starts\.\s*$)"),
    blank=True)  # fmt: skip
_PREAMBLE_ONLY = re.compile(r"(?:\s*(?:Game #\d+ starts\.|#Game No : \d+)\s*)+")
_RULE_NAME = {r.re: str(r.customName) for r in L.FIXED}
#: the plain lines' reader tried first on each body line (:func:`.quick.read_line`), in
#: the compiled core only (``None``: the rules read every line; the tests set it on the
#: Python path too)
QUICK = quick.read_line if quick.QUICK else None


def recognise(head: str) -> bool:
    """``True`` when a file starting with ``head`` is a PartyPoker history.

    >>> recognise("***** Hand History For Game 1770659766668adeb0h5qfm *****")
    True
    >>> recognise("***** 888poker Hand History for Game 1 *****")
    False
    """
    return _HEAD.search(head) is not None


def split(fh: BinaryIO, file: str) -> Iterator[k.HandText]:
    """A file's hand texts: one at each header (:data:`HAND_START`) and after blank
    lines; a "Game #N starts." preamble is kept with the hand that follows it.

    Args:
        fh: the file, a seekable binary stream at its start.
        file: the name hands and problems carry.
    """
    held: k.HandText | None = None
    for ht in k.iter_hands(fh, file, HAND_START, _END):
        if held is not None:
            gap = ht.line - held.line - held.text.count("\n")
            enc = "/".join(sorted(set(held.encoding.split("/")) | set(ht.encoding.split("/"))))
            ht = k.HandText(held.text + "\n" * gap + ht.text, file, held.line, held.offset, enc)
            held = None
        if _PREAMBLE_ONLY.fullmatch(k.plain_head(ht.text)) and "*****" not in ht.text:
            held = ht
            continue
        yield ht
    if held is not None:
        yield held


def _read(h: _Hand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    """The kernel's guard (:func:`reader`) runs this on a new hand: :func:`_parse`."""
    return _parse(h, lines, line, text, offset)


def _parse(h: _Hand, lines: list[str], first: int, text: str, offset: int) -> k.ParsedHand:
    """Read one hand text into a record of what the site claimed, plus problems.

    Args:
        h: a new hand state; ``lines`` the hand's lines, ``first`` the file line of the
            first; ``text`` and ``offset`` the hand's text and its byte offset.

    Returns:
        The :class:`ParsedHand` (a record, or none with the problems saying why).
    """
    i = _find_header(h, lines, first)
    if i is None:
        return k.no_record(h)
    head = lines[i].strip()
    skipped = _header(h, head, first + i)
    if skipped is not None:
        if skipped.startswith("skip:"):
            reason = f"not an Omaha-family game: {skipped[5:]}"
            h.problem(first + i, k.ProblemCode.SKIPPED_GAME, reason, head)
            return k.no_record(h, reason)
        return k.no_record(h)
    h.body = (lines, i + 1)
    if not k.read_lines(h, lines, i + 1, first, _line, quiet=L.QUIET, quick=QUICK):
        return k.no_record(h)
    return _finish(h, lines, first, text, offset)


def _find_header(h: _Hand, lines: list[str], first: int) -> int | None:
    """The index of the "***** Hand History for Game" line after any preamble, or
    ``None`` (a ``bad_header`` or ``truncated_hand`` problem added)."""
    for i, raw in enumerate(lines):
        ln = raw.replace("\x00", "").strip()
        if not ln:
            continue
        m = k.rule_match(L.FIXED[0], ln) or k.rule_match(L.FIXED[1], ln)
        if m is not None:
            h.hand_id = h.hand_id or m["id"]
            continue
        m = k.rule_match(L.FIXED[2], ln)
        if m is not None:
            h.hand_id = m["id"]
            h.new = "For Game" in ln
            if i + 1 < len(lines):
                return i + 1
            break
        h.problem(
            first + i, k.ProblemCode.BAD_HEADER, f"not a PartyPoker hand header: {ln[:80]}", ln
        )
        return None
    h.problem(first + len(lines) - 1, k.ProblemCode.TRUNCATED_HAND,
              "hand has no header line (cut short?)", lines[-1])  # fmt: skip
    return None


def _header(h: _Hand, head: str, lno: int) -> str | None:
    """Read the game line into ``h.head``; a reason string when the hand is not read."""
    hd = h.head
    m = k.rule_match(L.FIXED[3], head) if h.new else k.rule_match(L.FIXED[4], head)
    if m is None:
        h.problem(lno, k.ProblemCode.BAD_HEADER, f"unreadable game line: {head[:80]}", head)
        return "bad"
    hd.tz = m["tz"]
    try:
        hd.local, hd.utc = L.parse_date(m["date"], m["tz"], m["year"])
    except (ValueError, KeyError):
        h.problem(lno, k.ProblemCode.BAD_HEADER, f"unreadable date: {m['date']} {m['year']}", head)
        return "bad"
    if h.new:
        name, st = m["name"], m["st"]
        hd.stakes = (m["sb"], m["bb"])
        if m["tid"] is not None:  # a tournament: chips; its game's name "Tourney <game>"
            h.unit, hd.trny, hd.buyin, hd.currency = k.Unit.CHIPS, m["tid"], m["buyin"], "CHIPS"
            hd.buy_cur = k.CURRENCY_SYMBOLS.get(m["buyin"][:1], "USD")
            name = name.removeprefix("Tourney ")
    else:
        name, st = _old_game(h, m["game"], lno)
    kind = L.game_kind(name)
    if isinstance(kind, str):
        if kind.startswith("unknown:"):
            h.problem(lno, k.ProblemCode.UNKNOWN_GAME, f"unknown game: {kind[8:]}", head)
        return kind
    hd.hilo, hd.structure = kind, L.STRUCTURES[st]
    return None


def _old_game(h: _Hand, game: str, lno: int) -> tuple[str, str]:
    """The old format's game words: a tournament's ("PL Omaha $1 USD Buy-in Trny: N
    Level: 3  Blinds(50/100)": chips, the blinds it posts silently) or a cash table's
    ("$20/$40 USD FL Omaha Hi-Lo": the limit's bets, or "$cap USD PL Omaha"). The game
    name and the structure's letters ("" when neither)."""
    hd = h.head
    t = k.rule_match(L.OLD_TOURNEY, game)
    if t is not None:
        h.unit = k.Unit.CHIPS
        hd.trny, hd.level, hd.buyin, hd.currency = t["trny"] or "", t["level"], t["buyin"], "CHIPS"
        hd.buy_cur = t["buyin"].split()[-1] if " " in t["buyin"] else "USD"
        if t["sb"] is not None:  # else "Trny: N Level: 3" and "Blinds(..)" lines follow
            h.blinds = (h.amt(t["sb"]), h.amt(t["bb"]), lno)
        return t["name"], t["st"]
    c = k.rule_match(L.OLD_CASH, game)
    if c is None:
        return game, ""
    hd.currency = c["cur"]
    if c["b"] is not None:
        hd.bets = (h.amt(c["a"]), h.amt(c["b"]))
    return c["name"], c["st"]


_GLUED = "is sitting out"


def _line(h: _Hand, text: str, lno: int) -> bool:
    """Read one body line; ``False`` when no rule reads it."""
    ln = text.replace("\x00", "").strip()
    if not ln:
        return True
    for rule in L.FIXED_PREFIX.get(ln[:4], ()):
        m = rule.match(ln)
        if m is not None:
            _FIXED_LINES[_RULE_NAME[m.re]](h, m, lno)
            return True
    if ln[:4] == "seat" and not h.actions:  # a 2012 client's "seat1: X ( $664.25 USD )"
        m = k.rule_match(L.LOWER_SEAT, ln)
        if m is not None:
            _seat(h, m, lno)
            return True
    # the longest name followed by a space, a colon or the end: a colon is chat ("Bo: u r
    # boring"), else the player's line; what two lookups (by ":", then by " ") find apart
    # unless the name holds a colon, where a shorter name before that colon is chat
    who = h.name(ln, " :")
    if who is not None and ":" in who:
        said = h.name(ln, ":")
        if said is not None and ln[len(said) : len(said) + 1] == ":":
            return True
        who = h.name(ln)
    elif who is not None and ln[len(who) : len(who) + 1] == ":":
        return True
    if who is not None:  # a seated player's line no rule reads is unread, not "not seated"
        rest = ln[len(who) + 1 :]
        if rest.startswith(_GLUED) and h.name(rest[len(_GLUED) :], " ") is not None:
            # a 2012 Mac client's "P3 is sitting outP4 posts big blind [..].": two lines
            h.sit_out(who)
            return _line(h, rest[len(_GLUED) :], lno)
        return _player(h, who, rest, lno)
    u = L.UNSEATED.match(ln)
    if u is None:
        return False
    if h.alias is None:
        h.alias = L.aliases(*h.body)
    real = h.alias.get(u["name"])
    if real is None:
        h.problem(lno, k.ProblemCode.UNKNOWN_PLAYER, f"{u['name']} is not seated", ln)
        return True
    if u["name"] not in h.told:  # once per name, on its first line
        h.told.add(u["name"])
        h.problem(lno, k.ProblemCode.UNKNOWN_PLAYER,
                  f"{u['name']} is not seated; read as {real}, "
                  "the seated player never named whose turn it was", ln)  # fmt: skip
    return _player(h, real, u["rest"], lno)


def _seat(h: _Hand, m: Any, lno: int) -> None:
    h.seat(h.seat_number(m["seat"]), m["player"], h.amt(m["amt"]), lno, bool(m["out"]))
    if h.head.sym is None:  # the new format's currency: "$56.64"
        h.head.sym = m["amt"][:1]


def _street(h: _Hand, m: Any, lno: int) -> None:
    _silent_blinds(h, lno)
    h.new_street(k.STREETS[m["street"]])
    h.board.extend(_cardlist(m["cards"]))


def _dealing(h: _Hand, m: Any, lno: int) -> None:
    _silent_blinds(h, lno)


def _dealt(h: _Hand, m: Any, lno: int) -> None:
    _silent_blinds(h, lno)
    h.hero = m["player"]
    h.hole[m["player"]] = _cardlist(m["cards"])


def _summary(h: _Hand, m: Any, lno: int) -> None:
    h.summary = True


def _board(h: _Hand, m: Any, lno: int) -> None:
    cards = _cardlist(m["cards"])
    if h.board and tuple(h.board) != cards[: len(h.board)]:
        h.problem(
            lno, k.ProblemCode.BOARD_MISMATCH, "the summary's board differs from the streets'"
        )
    h.board = list(cards)


def _pots(h: _Hand, m: Any, lno: int) -> None:
    h.pots = [h.amt(a) for a in L.POT_PART.findall(m["pots"])]
    h.rake, h.total_line = h.amt(m["rake"]), lno


def _chip_pots(h: _Hand, m: Any, lno: int) -> None:
    """"Main Pot: 1770": a tournament's pots, no rake (unread at a cash table)."""
    if h.head.trny is None:
        h.problem(lno, k.ProblemCode.UNRECOGNISED_LINE, "pot line with no rake", m.string)
        return
    h.pots = [h.amt(a) for a in L.POT_PART.findall(m["pots"])]
    h.rake, h.total_line = 0, lno


def _table(h: _Hand, m: Any, lno: int) -> None:
    h.table = " ".join(m["name"].split())
    if m["money"] == "Play Money":
        h.unit, h.head.currency = k.Unit.CHIPS, "PLAY"
    if m["button"]:
        h.button = h.seat_number(m["button"])


def _players(h: _Hand, m: Any, lno: int) -> None:
    h.max_seats = h.seat_number(m["max"])


def _button(h: _Hand, m: Any, lno: int) -> None:
    h.button = h.seat_number(m["seat"])


def _creating(h: _Hand, m: Any, lno: int) -> None:
    if m["pot"] == "Main Pot":
        h.pot_at = h.amt(m["amt"])


#: a blind the text posts ("X posts small blind [20]."): the blinds are not silent then
_WRITTEN_BLIND = re.compile(r" posts (?:small|big) blind \[")


def _blinds(h: _Hand, m: Any, lno: int) -> None:
    h.blinds = (h.amt(m["sb"]), h.amt(m["bb"]), lno)
    if not any(_WRITTEN_BLIND.search(ln) for ln in h.body[0][h.body[1] :]):
        _silent_blinds(h, lno)  # else posted as written (they were posted twice)


def _trny(h: _Hand, m: Any, lno: int) -> None:
    """"Trny: 128487129 Level: 1": the tournament and level of a game line naming
    neither ("PL Omaha $1 USD Buy-in  - Sunday, ...", 2016)."""
    if h.head.trny == "":
        h.head.trny, h.head.level = m["id"], m["level"]


_FIXED_LINES = {
    "seat": _seat, "street": _street, "dealing": _dealing, "dealt": _dealt,
    "summary": _summary, "board": _board, "pots": _pots, "chip_pots": _chip_pots,
    "table": _table,
    "players": _players, "button": _button, "creating": _creating, "blinds": _blinds,
    "trny": _trny,
}  # fmt: skip


def _silent_blinds(h: _Hand, lno: int) -> None:
    """Old tournaments print no posts: post the blinds for the two seats after the
    button (the button is the small blind heads-up), once, on the "Blinds(..)" line."""
    hd = h.head
    if h.blinds is None or hd.posted or any(a.kind is k.ActionKind.POST for a in h.actions):
        return
    if hd.trny is None or h.button is None or len(h.seats) < 2:
        return
    hd.posted = True
    seats = sorted(h.seats, key=lambda s: s.seat)
    ix = next((j for j, s in enumerate(seats) if s.seat > h.button), 0)
    if len(seats) == 2:
        ix = (ix + 1) % 2
    sb, bb = seats[ix % len(seats)], seats[(ix + 1) % len(seats)]
    h.post(sb.player, k.PostKind.SMALL_BLIND, min(h.blinds[0], sb.stack), h.blinds[2])
    h.post(bb.player, k.PostKind.BIG_BLIND, min(h.blinds[1], bb.stack), h.blinds[2])


#: The PartyPoker site format (old and new hand histories).
FORMAT = k.SiteFormat(
    key=SITE,
    name="PartyPoker",
    games="Omaha and Omaha hi/lo 8 or better; pot limit, no limit and fixed limit; "
    "cash and tournaments (old and new hand-history formats)",
    recognise=recognise,
    split=split,
    parse=k.reader(_read, _Hand),
    rooms=(SITE,),
)

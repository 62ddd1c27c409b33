"""Bovada / Ignition / Bodog text hand histories of the Omaha family (Bodog's European
room writes "Bodog.eu Hand #...").

The format, as the site writes it::

    Bovada Hand #2605762685 TBL#1218245 OMAHA Pot Limit - 2012-05-14 00:54:46
    Bovada Hand #2641146259: OMAHA HiLo Tournament #1235263 TBL#13, Fixed Limit- Level 6 (75/150) - 2012-07-10 23:17:04
    Seat 2: Dealer [ME] ($124 in chips)
    Dealer  [ME] : Set dealer/Bring in spot [2]
    Small Blind : Ante/Small Blind $2
    Big Blind : Big blind/Bring in $4
    *** HOLE CARDS ***
    UTG : Card dealt to a spot [3d Jc 3c 6c]
    Big Blind : Raises $22              (old: the street total)
    UTG+4 : Raises $0.10 to $0.10       (newer: chips added, then the street total)
    Dealer  [ME] : All-in(raise) $124   (old: the street total)
    UTG+1 : All-in $2.36                (chips added: a bet, a call or a raise)
    UTG+4 : Return uncalled portion of bet $1.80
    Dealer  [ME] : Showdown [Ad Jd Td 6d 5d] (Flush)
    Big Blind : Hand result-Side pot $550.22
    *** SUMMARY ***
    Total Pot($930) | Rake ($3)
    Board [Td 8h Qs 6d 5d]
    Seat+8: UTG+4 HI $1.71 [Does not show]

Quirks read here:

* Players are anonymous: the seat's position label ("UTG+2", "Big Blind") is the
  player's name for the hand; the hero's label carries "[ME]" (dropped from the name;
  the hero is that player). Every player's hole cards are listed ("Card dealt to a
  spot"), so ``hole_cards`` holds them all.
* Shown hands are the five cards the site read (ten in hi/lo: the high five, then the
  low five) and a category word ("(Two pair)"); the claim is typed from the category
  and those cards (:func:`grammars._betting.claimed_from_five`); the show's
  ``cards`` are the player's hole cards.
* The oldest hands (2012 tournaments) print no street lines: a street then ends when
  its betting round is complete, and the board comes from the summary.
* Side pots are written "Hand result-Side pot" without a number; the side pot lines
  are counted in order as side pot 1, 2... by the player set they pay (a player
  collecting a second time starts the next pot).
* Every pot is paid on its own "Hand result" lines, so what a pot paid is its size
  after rake: those sums are the record's ``pot_parts`` (net), given when every pot
  from the main one up was paid and they add up to the total pot less the rake. The
  audit then nets each pot as the site did (Bovada does not rake pots in proportion).
* Newer hands (2022 on) write the button and the blinds "Set dealer [2]", "Small Blind
  $0.10", "Big blind $0.25" (older ones "Set dealer/Bring in spot [2]", "Ante/Small
  Blind $2", "Big blind/Bring in $4").
* A blind posted with the player's last chips is written "Big Blind : All-in $0.05"
  before the cards are dealt (2014 Zone Poker): the blind's post, all in.
* "Posts chip $0.05" (a player posting to come in) is a live big blind; "Posts dead
  chip" is dead money (typed as an ante; beside the player's live post, one post of
  both, :func:`hhtools.grammars._dead.join_dead`); "Ante chip" is a tournament ante.
  A "Posts dead chip" alone of the small and big blind together ("$0.35" at $0.10/$0.25,
  2012; the poster then checks) is one post of both, the big blind live.
* Split pots: Bovada splits a tied low half in equal whole cents and gives what is left
  to the high half ("HI $4.82 ... LO $2.40" and "LO $2.40" of a $9.62 pot with two low
  winners; the rules' clockwise odd cent would pay $4.81, $2.41 and $2.40). The record
  declares that house rule (``odd_chips`` LOW_LEFTOVER_TO_HIGH), so the audit awards by
  it. The collect lines name no half (``collect_order`` unordered).
* Summary lines start "Seat N:" or "Seat+N:"; they repeat the collects (HI/LO totals per
  player), so only the total pot, rake and board are read from them.
* Rake is printed only by some hands ("| Rake ($3)"); when it is not, the rake is the
  total pot less what was collected (the site takes it silently; the total pot itself
  is still checked against the betting by the audit).
* Lines the site writes about the table ("Table enter user", "Seat sit down", "Table
  deposit $5", "Ranking 39"...), with or without a player, carry nothing the record needs;
  "Sit out", "Seat sit out" and "Sitout (wait for bb)" of a seated player who then does
  nothing (no card, no bet) mean that player was not dealt in.
* Times have no zone. Public sources say Bovada's clock is US Eastern; it is not
  printed, so ``time_zone`` and ``started_at_utc`` are ``None`` (never guessed). The
  2021 client's hands ("OMAHA Pot Limit [MVS] - <date> UTC") print UTC, read as such;
  they add a "Table Info:" and a "Player Info:" line (ids), may put the button at an
  empty seat ("Dealer : Set dealer [5]", no "Dealer" seated) and write summary lines
  with no category ("lost with [Kc Js-Kh Kc 7h 7d Qd]").
* Cash hands are in USD (cents); tournament hands in chips, the header's level naming
  the blinds.
"""

from __future__ import annotations

import re
from datetime import UTC
from functools import partial
from typing import Any

from hhtools.grammars import _kit as k
from hhtools.grammars._dead import join_dead, post_both_blinds

__all__ = ["FORMAT", "HAND_START", "parse_hand"]

SITE = "bovada"
HAND_START = re.compile(r"\ufeff?(?:Bovada|Ignition|Bodog(?:\.eu)?) Hand #")
#: Bovada writes no blank line inside a hand: text after one is a hand of its own (a
#: damaged header is reported, never read into the hand before). Nor does a hand hold,
#: after its header, a line naming "Hand #" or "TBL#": such a line (a header with a
#: damaged byte, ">ovada Hand #4100000777 TBL#23800001 ...", written straight after the
#: hand before) starts a hand text too, where it went into that hand (lost with it
#: when that one was a Hold'em hand, skipped). After "*** SUMMARY ***" a hand holds only
#: the summary's own lines (the total, the board, "Seat+N:" / "Seat N:" lines that are no
#: seat line "Seat 1: UTG ($5 in chips)"): any other line (the seat lines of a hand whose
#: header is lost, written straight after the summary) starts a hand text too
HAND_END = k.HandEnd(
    "", None, re.compile(r".*(?:Hand #|TBL#)"), blank=True, summary="*** SUMMARY ***",
    summary_keeps=re.compile(
        r"Total Pot|Board \[|\*\*\* SUMMARY|Seat[+ ]\d+: (?![^\n]* \([$\d,.]+ in chips\)\s*$)"
    ),
)  # fmt: skip
_ANY_START = re.compile(r"^\s*\ufeff?(?:Bovada|Ignition|Bodog(?:\.eu)?) Hand #\d+", re.MULTILINE)

HEADER = k.rule("header",
    r"\ufeff?(?P<room>Bovada|Ignition|Bodog(?:\.eu)?) Hand #(?P<id>\d+):?\s+"
    r"(?:(?P<tgame>.+?) Tournament #(?P<tid>\d+)\s+TBL#(?P<ttbl>\d+),?\s+(?P<tlimit>[A-Za-z ]+?)"
    r"\s*-\s*Level (?P<level>\d+) \((?P<sb>[\d,]+)/(?P<bb>[\d,]+)\)"
    r"|(?:TBL#(?P<tbl>\d+)|Zone Poker ID#(?P<zone>\S+))\s+(?P<game>.+?)\s+"
    r"(?P<limit>Pot Limit|No Limit|Fixed Limit|Limit)(?: \[MVS\])?)"
    r"\s+-\s+(?P<date>\d{4}-\d\d-\d\d \d\d?:\d\d:\d\d)(?: (?P<tz>UTC))?\s*$"
)  # fmt: skip
SEAT = k.rule("seat", r"Seat (?P<seat>\d+): (?P<name>.+?)(?P<me> +\[ME\])?"
                     r" \((?P<stack>[$\d,.]+) in chips\)")  # fmt: skip
STREET_LINE = k.rule("street", r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* (?P<cards>.*)$")
TOTAL = k.rule("total",
    r"Total Pot\((?P<total>[$\d,.]+)\)(?: \| Rake \((?P<rake>[$\d,.]+)\))?\s*$")  # fmt: skip
BOARD = k.rule("board", r"Board \[(?P<cards>[^\]]*)\]\s*$")
#: a summary seat line: "Seat+4: Big Blind [ME] HI:$1.23  with Two pair [..] LO:$0.60 [..]",
#: "Seat 2: Dealer Folded on the POCKET CARDS", "Seat+3: UTG  [Mucked] [..]", a 2019
#: Zone Poker walk's "Seat+4: UTG Folded before the RIVER" (folded before the flop): the
#: position, then only the words and amounts the site writes there (the collects say
#: the money), so a line in other words is not read
SUMMARY_SEAT = k.rule("summary_seat",
    r"Seat[ +]\d+: (?P<name>.+?)(?: +\[ME\])?(?: +Folded (?:before the (?:FLOP|RIVER)|on the "
    r"(?:POCKET CARDS|FLOP|TURN|RIVER))|(?: +(?:(?:HI|LO):? ?\$?\d[\d,.]*|\$?\d[\d,.]*|lost"
    r"|with(?: (?:High Card|One pair|Two pair|Three of a kind|Straight|Flush|Full House"
    r"|Four of a kind|Straight Flush|Royal Straight Flush|Royal Flush))?|\[[^\]]*\]))+) *$",
    re.IGNORECASE,
)  # fmt: skip
#: lines about the table, with no player or with one, that carry nothing the record needs
#: (a "Table deposit" adds to the stack between hands; Zone Poker's fast-fold "Leave(Auto)"
#: of a player who folded or whose hand is over, "Enter(Auto)" of the next hand's players)
TABLE_EVENT = k.rule("table_event",
    r"(?:Table (?:enter|leave) user|Table deposit \$?\d[\d,]*(?:\.\d+)?"
    r"|Seat (?:sit down|sit out|stand|re-join)"
    r"|Set dealer/Bring in spot|Sit out|Sitout \(wait for bb\)|Re-join|Stand|Ranking \d+"
    r"|Enter(?:s)? the table"
    r"|Leave(?:s)? the table|Leave\(Auto\)|Enter\(Auto\))\s*$"
)  # fmt: skip
#: the 2021 client's ("[MVS]" in the header) lines about the table and the players' ids:
#: "Table Info: Version: 1, Type: MVS, Stakes: $0.25-$0.50, Table: 000A031E-0", "Player
#: Info: Seat1: P1-d07e92..., Seat2: P2-44fbd5..." (the stakes are read from the posts)
MVS_INFO = k.rule("mvs_info",
    r"(?:Table Info: Version: \d+, Type: MVS, Stakes: \$?[\d,.]+-\$?[\d,.]+, Table: \S+"
    r"|Player Info: Seat\d+: P\d+-[0-9a-f]+(?:, Seat\d+: P\d+-[0-9a-f]+)*)\s*$"
)  # fmt: skip
#: a seated player sitting out ("Dealer : Sit out", "UTG : Seat sit out", a 2012 player
#: waiting for the big blind "UTG+1  [ME] : Sitout (wait for bb)", dealt no card): applied
_SIT_OUT = re.compile(r"(?:Seat sit|Sit) out|Sitout \(wait for bb\)", re.IGNORECASE)
#: "Big Blind : Showdown(High Card)": the one player left (everybody else folded) names
#: a category and shows no card (a 2019 Zone Poker walk); read only when nobody else is in
_ALONE = re.compile(r"Showdown\([A-Za-z ]*\)")
_AMT = r"(?P<a>\$?[\d,.]+)"
_TO = r"(?: to (?P<to>\$?[\d,.]+))?"
#: what follows "<position> : ", by kind; the site's words vary in case
PLAYER_RULES: tuple[tuple[str, Any], ...] = tuple(
    (kind, k.rule(kind, pattern + "$", re.IGNORECASE))
    for kind, pattern in (
        ("dealer", r"Set dealer(?:/Bring in spot)? \[(?P<seat>\d+)\]"),
        ("deal", r"Card dealt to a spot \[(?P<cards>[^\]]*)\]"),
        ("fold", r"Folds(?:\s*)(?:\([^)]*\))?"),
        # a fold showing the cards (2012): the cards are the deal's, known already
        ("fold", r"Folds & shows \[[^\]]*\]"),
        ("check", r"Checks(?:\s*)(?:\([^)]*\))?"),
        ("call", r"(?:Calls|Call) " + _AMT),
        ("bet", r"Bets " + _AMT),
        ("raise", r"Raises " + _AMT + _TO),
        ("allin_raise", r"All-in(?:\(raise\)) " + _AMT + _TO),
        ("allin", r"All-in " + _AMT),
        ("sb", r"Ante/Small Blind " + _AMT),
        ("bb", r"Big blind/Bring in " + _AMT),
        ("sb", r"Small Blind " + _AMT),  # the newer wording (2022 on)
        ("bb", r"Big blind " + _AMT),
        ("posts", r"Posts chip " + _AMT),
        ("dead", r"Posts dead chip " + _AMT),
        ("ante", r"Ante chip " + _AMT),
        ("return", r"Return uncalled portion of bet " + _AMT),
        ("show",
         r"(?P<how>Showdown|Mucks|Does not show) \[(?P<cards>[^\]]*)\](?: \((?P<cat>[^)]*)\))?"),
        ("collect", r"Hand result(?P<side>-Side pot)? " + _AMT),
    )
)  # fmt: skip
#: the player rules by the first word of what they read, in lower case: (kind, the
#: rule's compiled match, as :func:`~hhtools.grammars._lines._m` runs it)
_BY_WORD = {
    word.lower(): tuple((kind, rule.re.match) for kind, rule in rules)
    for word, rules in k.by_word(PLAYER_RULES).items()
}

#: forced bets by kind: blinds count toward the bet to call; "Posts chip" (a player
#: posting to come in) is a live big blind, a dead chip and a tournament ante are not
_POSTS = {"sb": k.PostKind.SMALL_BLIND, "bb": k.PostKind.BIG_BLIND, "posts": k.PostKind.BIG_BLIND,
          "dead": k.PostKind.ANTE, "ante": k.PostKind.ANTE}  # fmt: skip
#: the blinds' seats by their post: an "All-in $x" of theirs before the cards are dealt is
#: the blind posted with the player's last chips (a 2014 Zone Poker hand)
_BLIND_SEATS = {"Small Blind": "sb", "Big Blind": "bb"}
#: betting lines whose amount is the chips added ("Raises" is read apart: its total)
_ADDED = frozenset({"call", "bet", "allin", "return"})
_BETTING = frozenset({"fold", "check", "call", "bet", "raise", "allin_raise", "allin"})
#: the "*** ... ***" lines the record does not need
_QUIET = ("*** HOLE CARDS ***",)
_NEXT = {
    k.Street.PREFLOP: k.Street.FLOP, k.Street.FLOP: k.Street.TURN, k.Street.TURN: k.Street.RIVER
}
#: a hand's category by the site's words ("three of a kind", "royal flush")
_CATEGORIES = k.category_names(" ", str.lower, {
    "royal flush": k.HandCategory.STRAIGHT_FLUSH,
    "royal straight flush": k.HandCategory.STRAIGHT_FLUSH,
})  # fmt: skip
_STRUCTURES = k.structure_names(" ", str.lower)
_GAMES = {"OMAHA": (k.Variant.OMAHA, False), "OMAHA HILO": (k.Variant.OMAHA, True)}


def parse_hand(text: str, file: str = "", line: int = 1, offset: int = 0) -> k.ParsedHand:
    """Read one hand's text (header first, ``\\n`` line ends) into a record and problems.

    Amounts in cents (cash) or chips (tournaments). Never raises: an unexpected error
    becomes an ``internal_error`` problem (:func:`~hhtools.grammars._hand.reader`).
    """
    return FORMAT.parse(k.HandText(text, file, line, offset))


def _parse(h: k.Hand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    """Read one hand on ``h``: the header, the body, the end checks, the record."""
    hd = k.rule_match(HEADER, lines[0])
    if hd is None:
        return k.bad_header(h, lines, line)
    h.hand_id = hd["id"]
    kind = _kind(hd)
    if isinstance(kind, str):
        return k.not_read(h, line, kind, lines[0], omaha="OMAHA" in kind)
    h.unit = k.Unit.CENTS if hd["tid"] is None else k.Unit.CHIPS
    h.table = hd["ttbl"] or hd["tbl"] or hd["zone"] or ""
    explicit = "\n*** FLOP ***" in text  # the oldest hands print no street lines
    if not k.read_body(h, enumerate(lines[1:], 1), line, partial(_line, h, explicit),
                       normalised=True):  # the reader's lines (k.reader): normalised
        return k.no_record(h)
    done = k.summary_end(h, lines, line, "'Total Pot'")
    if done is not None:
        return done
    assert h.total is not None  # summary_end: a hand with no total gives no record
    rake = h.rake if h.rake is not None else max(h.total - sum(c.amount for c in h.collects), 0)
    parts = k.paid_parts(h.collects, h.total - rake, one_pot=True)
    record = k.build_record(
        h, site=SITE, game=_game(h, hd, *kind), line=line, text=text, offset=offset,
        started_at=k.local_time(hd["date"]), time_zone=hd["tz"],
        started_at_utc=k.local_time(hd["date"]).replace(tzinfo=UTC) if hd["tz"] else None,
        boards=k.the_board(h), rake=rake, pot_parts=parts,
        pot_parts_basis=k.PotPartsBasis.NET if parts else None,
        collect_order=k.CollectOrder.UNORDERED, odd_chips=k.OddChips.LOW_LEFTOVER_TO_HIGH,
    )  # fmt: skip
    return k.ParsedHand(record, tuple(h.problems), None, h.hand_id)


def _kind(hd: Any) -> tuple[tuple[k.Variant, bool], k.BettingStructure] | str:
    """The header's game and betting structure, or the words of a game not read
    (with the structure when the game is Omaha: an Omaha game not known)."""
    raw = (hd["tgame"] or hd["game"]).upper().replace("ZONE POKER", "").replace("ZONEPOKER", "")
    raw = " ".join(raw.split())
    game = _GAMES.get(raw)
    structure = _STRUCTURES.get((hd["tlimit"] or hd["limit"] or "").lower())
    if game is not None and structure is not None:
        return game, structure
    return f"{raw} {hd['tlimit'] or hd['limit']}" if game or "OMAHA" in raw else raw


def _game(
    h: k.Hand, hd: Any, game: tuple[k.Variant, bool], structure: k.BettingStructure
) -> k.Game:
    """The hand's game: a tournament's blinds from the header's level, a cash game's
    from the blinds posted: the largest big blind ("Posts chip" too: a short big blind
    all in is not the stake), twice the small when none is."""
    if hd["tid"] is not None:
        sb, bb = h.money(hd["sb"]), h.money(hd["bb"])
    else:
        largest = max(vars(h).get("_big_blinds", ()), default=None)
        bb = largest if largest is not None else (2 * h.sb if h.sb is not None else 0)
        sb = h.sb if h.sb is not None else bb // 2
    limit = structure is k.BettingStructure.LIMIT
    return k.Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency="USD" if hd["tid"] is None else "CHIPS", qualifier=8,
        tournament_id=hd["tid"], level=hd["level"],
        small_bet=bb if limit else None, big_bet=2 * bb if limit else None,
    )  # fmt: skip


def _line(h: k.Hand, explicit: bool, ln: str, lno: int) -> bool:
    """Read one body line into the hand (``explicit``: the hand prints its street
    lines); ``False`` when no rule reads it."""
    if h.summary:
        return _summary_line(h, ln, lno)
    name, sep, rest = ln.partition(" : ")
    if sep:  # "<position>[ [ME]] : <what they did>"
        return _player_line(h, name, rest, ln, lno, explicit)
    if ln.startswith("Seat ") and not h.actions and not h.hole:
        return _seat(h, ln, lno)
    if ln.startswith("***"):
        return k.section(h, ln, STREET_LINE, quiet=_QUIET, summary="*** SUMMARY ***")
    if ln.startswith(("Table Info: ", "Player Info: ")):
        return k.rule_match(MVS_INFO, ln) is not None
    return k.rule_match(TABLE_EVENT, ln.strip()) is not None


def _seat(h: k.Hand, ln: str, lno: int) -> bool:
    """A seat line ("Seat 2: Dealer [ME] ($124 in chips)"), or a table event."""
    m = k.rule_match(SEAT, ln)
    if m is None:
        return k.rule_match(TABLE_EVENT, ln) is not None
    name = m["name"].strip()
    h.seat(h.seat_number(m["seat"]), name, h.money(m["stack"]), lno)
    if m["me"]:
        h.hero = name
    return True


def _player_line(h: k.Hand, name: str, rest: str, ln: str, lno: int, explicit: bool) -> bool:
    """"<position>[ [ME]] : <what they did>": the rule of its first word that reads it."""
    if name[-1:] in " ]":  # the hero's label: "Dealer  [ME]"
        name = name.rstrip().removesuffix("[ME]").rstrip()
    if rest[-1:] == " ":
        rest = rest.rstrip()
    found = _rule_of(rest)
    if found is None:
        if _SIT_OUT.fullmatch(rest) is not None:  # not dealt in unless they play
            h.sit_out(name)
        if _ALONE.fullmatch(rest) is not None and h.in_hand - h.folded <= {name}:
            return True  # the last player in names a category and shows no card: a walk
        return k.rule_match(TABLE_EVENT, rest) is not None
    kind, m = found
    if name not in h.stacks:
        if kind == "dealer" and name == "Dealer":  # the button at an empty seat (2021)
            h.button = h.seat_number(m["seat"])
            return True
        h.problem(lno, k.ProblemCode.UNKNOWN_PLAYER, f"not seated: {name[:40]}", ln)
        return True
    if not explicit and kind in _BETTING and h.street is not k.Street.RIVER:
        if h.acted and h.round_complete():  # no street lines: the round is over
            h.new_street(_NEXT[h.street])
    _player(h, name, kind, m, lno)
    return True


def _rule_of(rest: str) -> tuple[str, Any] | None:
    """The kind and results of the rule that reads what a player did: the rules of its
    first word in lower case, before any bracket ("All-in(raise)", "Folds(timeout)")."""
    found = _KEPT.get(rest)
    if found is not None:  # read before: the same groups for the same text
        return found
    sp = rest.find(" ")
    word = (rest if sp < 0 else rest[:sp]).partition("(")[0].lower()
    for kind, match in _BY_WORD.get(word, ()):
        m = match(rest)
        if m is not None:
            return k.keep(_KEPT, rest, (kind, m))
    return None


#: what :func:`_rule_of` read of a short text (:func:`~hhtools.grammars._lines.keep`)
_KEPT: dict[str, tuple[str, Any]] = {}


def _player(h: k.Hand, p: str, kind: str, m: Any, lno: int) -> None:
    """What a player did, by the kind of rule that read it."""
    if kind == "allin" and p in _BLIND_SEATS and not h.hole and not h.acted:
        kind = _BLIND_SEATS[p]  # a blind posted all in before the deal: "Big Blind : All-in $0.05"
    post = _POSTS.get(kind)
    if post is not None:
        amount = h.money(m["a"])
        if post is k.PostKind.BIG_BLIND:  # the live big blinds, for the game's stakes
            vars(h).setdefault("_big_blinds", []).append(amount)
        if join_dead(h, p, post, amount, lno, kind == "dead"):  # beside the big blind
            pass
        elif kind == "dead" and h.sb is not None and h.bb is not None and amount == h.sb + h.bb:
            post_both_blinds(h, p, amount, h.bb, lno)  # alone, both blinds: the big one live
        else:
            h.post(p, post, amount, lno)
    elif kind in _ADDED:
        h.betting(kind, p, h.money(m["a"]), lno)
    elif kind in ("fold", "check"):
        h.betting(kind, p, 0, lno)
    elif kind == "raise":
        h.raise_to(p, h.money(m["to"] or m["a"]), lno)
    elif kind == "allin_raise":
        _allin_raise(h, p, m, lno)
    elif kind == "dealer":
        h.button = h.seat_number(m["seat"])
    elif kind == "deal":
        h.hole[p] = k.cards(m["cards"])
        h.in_hand.add(p)
    elif kind == "show":
        _show(h, p, m, lno)
    else:
        h.collects.append(k.Collect(p, h.money(m["a"]), _pot(h, p) if m["side"] else 0, 0, lno))


def _allin_raise(h: k.Hand, p: str, m: Any, lno: int) -> None:
    """ "All-in(raise) $a[ to $b]": to ``b``; without it, ``a`` is the chips added when
    they are all the player had, else (the oldest hands) the street total."""
    a = h.money(m["a"])
    if m["to"] is not None:
        h.raise_to(p, h.money(m["to"]), lno, True)
    elif a == h.left(p):
        h.all_in(p, a, lno)
    else:
        h.raise_to(p, a, lno, True)


def _pot(h: k.Hand, p: str) -> int:
    """The side pot a "Hand result-Side pot" line of ``p`` pays: side pots are paid in
    order, and a player collecting again starts the next one."""
    side = max((c.pot for c in h.collects), default=0)
    if side == 0 or any(c.pot == side and c.player == p for c in h.collects):
        side += 1
    return side


def _show(h: k.Hand, p: str, m: Any, lno: int) -> None:
    """A show or muck: the five cards read (ten in hi/lo) and the category word typed
    into claims; the show's cards are the player's hole cards."""
    how = m["how"].lower()
    if how == "does not show":  # won uncontested: the cards are known from the deal
        return
    shown = k.cards(m["cards"])
    hole = h.hole.get(p)
    if how == "mucks":
        cards = shown if len(shown) in (4, 5, 6) else (hole or ())
        h.shows.append(k.Show(p, cards, m["cat"], mucked=True, line=lno))
        return
    if hole is None:
        hole = shown if len(shown) in (4, 6) else ()
    if not hole:
        h.problem(lno, k.ProblemCode.BAD_CARDS, f"{p} shows but was dealt no known cards")
        return
    cat = _CATEGORIES.get((m["cat"] or "").strip().lower())
    high = k.claimed_from_five(cat, shown[:5]) if cat is not None else None
    low = k.low_from_five(shown[5:10]) if len(shown) == 10 else None
    h.shows.append(
        k.Show(p, hole, m["cat"], low_description=" ".join(shown[5:10]) if low else None,
             line=lno, claimed_high=high, claimed_low=low)
    )  # fmt: skip


def _summary_line(h: k.Hand, ln: str, lno: int) -> bool:
    """A summary line: the total pot and rake, the board; seat lines repeat the collects."""
    if ln.startswith("Seat"):
        m = k.rule_match(SUMMARY_SEAT, ln)
        return m is not None and m["name"].strip() in h.stacks
    m = k.rule_match(TOTAL, ln)
    if m is not None:
        h.total = h.money(m["total"])
        h.total_line = lno
        if m["rake"]:
            h.rake = h.money(m["rake"])
        return True
    m = k.rule_match(BOARD, ln)
    if m is not None:
        h.summary_board = k.cards(m["cards"])
        return True
    return False


#: The Bovada / Ignition / Bodog site format: a file holds one when its first lines hold
#: a hand header; its hands start at each header and after blank lines (text before
#: the first header is its own). ``_parse`` is looked up when a hand is read (a test
#: plants a bug in it).
FORMAT = k.text_format(
    "bovada", "Bovada / Ignition",
    "Omaha and Omaha hi/lo 8 or better; pot limit, no limit and fixed limit; cash and tournaments",
    HAND_START, lambda h, lines, line, text, offset: _parse(h, lines, line, text, offset),
    header=_ANY_START, end=HAND_END,
    # the corpus: shows in the order played; the room's limits page: "each round of
    # betting has a maximum number (three) of allowable raises" (cash and tournaments)
    # the corpus's tied low halves: the leftover to the high half (odd_chips, declared)
    habits=k.Habits(shows_in_order=True, limit_bets=4, limit_bets_tournament=4,
                    odd_chips_known=True),
)  # fmt: skip

"""Everleaf Gaming text hand histories of the Omaha family.

The format, as the site writes it::

    Everleaf Gaming Game #148735443
    ***** Hand history for game #148735443 *****
    $0.50/$1 Omaha Hi/Lo - 2010/03/01 - 11:00:02      (fixed limit: small/big bet)
    Blinds $0.50/$1 PL Omaha - 2008/12/07 - 21:59:48  (PL/NL: the blinds)
    Table Kentfield I
    Seat 6 is the button
    Total number of players: 2
    Seat 6: Brxodsj (  $ 25 USD )
    Brxodsj: posts small blind [$ 0.25 USD]
    ** Dealing down cards **
    Dealt to Xjty [ 9c, 4h, Td, Jc ]
    Brxodsj calls [$ 0.25 USD]
    Xjty raises [$ 0.75 USD]                          (the chips added)
    Brxodsj: bets [$ 0.50 USD]
    ** Dealing Flop ** [ 2s, Ad, 8d ]
    Xjty shows [ 9s, Jc, 6c, 9c ] a full house, nines full of fives
    Brxodsj does not show cards
    Xjty wins  high ($ 3.33 USD) from main pot with a flush, queen high [ Qh, 8h, 7h, 6h, 4h ]
    Xjty wins  low ($3.32) from main pot with 8, 7, 4, 3, A [ As, 8h, 7c, 4h, 3c ]
    Brxodsj wins $ 0.95 USD from main pot

Quirks read here:

* There is no summary: no total pot, no rake, no uncalled-bet line. A hand ends
  with its "wins" lines (a hand without one was cut short; one whose lines pay out
  less than nine tenths of the pot was cut between them: :func:`~._inferred.short_paid`). The uncalled excess of
  the last bet goes back silently (what is won is the pot after it): the record
  returns it (``Returned`` with ``inferred``). The rake is what went in less what was
  paid (5% of pots that saw a flop in the corpus; none preflop): ``inferred`` names
  both ("returned", "rake"). ``total_pot`` stays ``None`` (the site printed none).
  The "wins" lines name their pot: what each pot paid, after its own rake, is the
  record's ``pot_parts`` (net), not the rake spread by the pots' sizes (a side pot
  paid whole, the rake all from the main pot, was two false findings).
* A call, a bet and a raise are the chips the player adds ("raises [$ 0.75 USD]"
  from the small blind is a raise to $1).
* A hi/lo pot is paid on "wins high (...)" lines, then "wins low (...)" lines, even
  a pot won uncontested ("wins high ($ 0.48 USD)" and "wins low ($0.47)" to the only
  player left). Collects are typed without their half and the format declares
  ``HIGH_THEN_LOW`` order: the audit tells the halves apart when the rules split the
  pot, and compares a player's whole amount when they do not. "wins $ 0.95 USD" (no
  half) is the same thing.
* Fixed-limit headers name the small and big bet ("$0.50/$1 Omaha Hi/Lo"); the blinds
  are the posts (a quarter and a half of the big bet at these stakes). Pot- and
  no-limit headers ("Blinds $0.50/$1 PL Omaha") name the blinds.
* Shown hands are described in the site's words ("two pairs, queens and nines", "a
  straight, eight high", "high card ace") and lows as "8, 7, 4, 3, A": the English the
  kernel types (:func:`hhtools.grammars._english.read_high`, as :func:`read_high`).
* Only the hero's cards are dealt face up ("Dealt to"); a player who "does not show
  cards" has unknown cards.
* Times have no zone (none is printed): ``time_zone`` and ``started_at_utc`` are
  ``None``. Amounts are "$ 0.25 USD" or "€ 0.25 EUR" (cents); a header with no
  currency sign is a tournament (chips: "Seat 1: Ann ( 2353 )", "posts small blind
  [$ 75]", "wins 4410 chips from main pot", as in fpdb-3's real 2009 tournament file).
* The Partouche skin heads a hand "Partouche Poker Gibraltar" and "*** Historique des
  Mains pour la partie 25324991 ***" (its number), writes "Blinds  €0.01/ €0.02" and
  a disconnection in French; its other lines are the network's (a real 2009 file).
* Hold'em and stud hands are skipped (``skipped_game``).
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import partial
from typing import Any

from hhtools.grammars import _kit as k
from hhtools.grammars._dead import live_returns, post_both_blinds

__all__ = ["FORMAT", "HAND_START", "read_high"]

SITE = "everleaf"
#: "Everleaf Gaming Game #N", or a skin of the network: "Concord Gaming" writes
#: "Everleaf Gaming - Concord Gaming - Game #N", Grand Poker "- - Grand Poker - Game #N";
#: Partouche "Partouche Poker Gibraltar", its number on the next line (in French)
HAND_START = re.compile(
    r"\ufeff?(?:(?:Everleaf Gaming|[^\n#]* - [^\n#]* -) Game #\d"
    r"|(?m:Partouche Poker Gibraltar[ \t\r]*$))")  # a line of its own, also inside a text
_ANY_START = re.compile(
    r"^\s*\ufeff?(?:(?:Everleaf Gaming|[^\n#]* - [^\n#]* -) Game #\d+\s*\n"
    r"\*{5} Hand history for game #\d+ \*{5}|Partouche Poker Gibraltar\s*\n"
    r"\*{3} Historique des Mains pour la partie \d+ \*{3})", re.MULTILINE)

FIRST = k.rule("first", r"\ufeff?(?:Everleaf Gaming|[^\n#]* - [^\n#]* -) Game #(?P<id>\d+)\s*$")
#: Partouche's two header lines: its name, then its hand number in French
PARTOUCHE = "Partouche Poker Gibraltar"
PARTOUCHE_ID = k.rule(
    "partouche", r"\*{3} Historique des Mains pour la partie (?P<id>\d+) \*{3}\s*$")
GAME_LINE = k.rule("game",
    r"(?:Blinds )?\s*(?P<cur>[$€]?)\s?(?P<sb>[\d.,]+) ?/ ?[$€]?\s?(?P<bb>[\d.,]+) "
    r"(?:(?P<limit>NL|PL) )?(?P<game>.+?)(?: - (?P<max>\d+) Max)?"
    r" - (?P<date>\d{4}/\d\d/\d\d - \d\d?:\d\d:\d\d)\s*$"
)  # fmt: skip
_AMT = r"\[\s?[$€]?\s?(?P<a>[\d.,]+)(?: (?:USD|EURO?|Chips|GEL))?\s?\]$"
#: what a player did, after "<player>: " (posts and bets)
_COLON = k.rule_table(
    ("sb", r"posts small blind " + _AMT),
    ("bb", r"posts big blind " + _AMT),
    ("both", r"posts both blinds " + _AMT),
    ("ante", r"posts ante " + _AMT),
    ("bet", r"bets " + _AMT),
)  # fmt: skip
#: what a player did, after "<player> " (the rest)
_SPACE = k.rule_table(
    ("call", r"calls " + _AMT),
    ("raise_by", r"raises " + _AMT),
    ("check", r"checks$"),
    ("fold", r"folds$"),
    ("show", r"(?P<how>shows|mucks) \[(?P<cards>[^\]]*)\]\s*(?P<desc>.*?)$"),
    ("noshow", r"does not show cards$"),
    ("win", r"wins \s*(?:(?P<half>high|low) )?\(?\s?[$€]?\s?(?P<a>[\d.,]+)"
            r"(?: (?:USD|EURO?|[Cc]hips|GEL))?\s?\)? from "
            r"(?P<pot>main pot|side pot(?: ?#?-?(?P<n>\d+))?)"
            r"(?: with (?P<desc>.*?))?(?: \[(?P<cards>[^\]]*)\])?(?: with kicker \[[^\]]*\])?$"),
    ("sitout", r"sits out$"),
    ("sitout", r"is sitting out$"),
    ("event", r"is back$"),
    ("event", r"has (?:(?:joined|left) the table|been disconnected|timed out"
              r"|disconnected(?: and has been given a further \d+ seconds to react)?"
              r"|returned)$"),
    # Partouche: "X est déconnecté et dispose de 20 secondes supplémentaires pour agir"
    ("event", r"est déconnecté et dispose de \d+ secondes supplémentaires pour agir$"),
)  # fmt: skip
#: the table's lines, by the rule's kind
_BODY = k.rule_table(
    ("button", r"Seat (?P<seat>\d+) is the button$"),
    ("seat", r"Seat (?P<seat>\d+): (?P<name>.+?) \(\s*(?:[$€]\s?(?P<stack>[\d.,]+)"
             r"(?: (?:USD|EURO?|Chips|GEL))?|(?P<chips>[\d.,]+)(?: Chips)?"
             r"|(?P<new>new player|All-in))\s*\)\s*$"),
    ("dealing", r"\*\* Dealing down cards \*\*$"),
    ("dealing", r"\*\*\*\*\* Hand history for game #\d+ \*\*\*\*\*$"),
    ("dealing", r"\*\*\* Historique des Mains pour la partie \d+ \*\*\*$"),
    ("street", r"\*\* Dealing (?P<street>Flop|Turn|River) \*\* \[(?P<cards>[^\]]*)\]\s*$"),
    ("table", r"Table \s*(?P<table>.*)$"),
    ("players", r"Total number of players ?: ?\d+(?:/\d+)?$"),
    ("dealt", r"Dealt to (?P<rest>.*)$"),
)  # fmt: skip
#: lines read by the table's rules only (a player's name never starts them)
_TABLE_LINES = ("Seat ", "**", "Table ", "Total number of players", "Dealt to ")
_POSTS = {"sb": k.PostKind.SMALL_BLIND, "bb": k.PostKind.BIG_BLIND,
          "both": k.PostKind.DEAD_SMALL_AND_BIG, "ante": k.PostKind.ANTE}  # fmt: skip
_STRUCTURES = {"NL": k.BettingStructure.NO_LIMIT, "PL": k.BettingStructure.POT_LIMIT,
               None: k.BettingStructure.LIMIT}  # fmt: skip
_GAMES = {"omaha": (k.Variant.OMAHA, False), "omaha hi/lo": (k.Variant.OMAHA, True),
          "omaha hi-lo": (k.Variant.OMAHA, True), "omaha h/l": (k.Variant.OMAHA, True)}  # fmt: skip
#: Everleaf's words ("two pairs, queens and nines", "a straight, eight high") are the
#: English the kernel reads
read_high = k.read_high_once


def _parse(h: k.Hand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    """Read one hand (``lines``, the first on file line ``line``) into a record."""
    first = k.rule_match(FIRST, lines[0])
    if first is None and lines[0].lstrip("\ufeff").rstrip() == PARTOUCHE and len(lines) > 1:
        first = k.rule_match(PARTOUCHE_ID, lines[1])
    if first is None:
        return k.bad_header(h, lines, line)
    h.hand_id = first["id"]
    at, gm = _game_line(lines)
    if gm is None:
        h.problem(line, k.ProblemCode.BAD_HEADER, "no game line (stakes, game, date)", lines[0])
        return k.no_record(h)
    raw = " ".join(gm["game"].split()).lower()
    game = _GAMES.get(raw)
    if game is None:
        return k.not_read(h, line + at, gm["game"], lines[at], omaha="omaha" in raw)
    h.unit = k.Unit.CHIPS if not gm["cur"] else k.Unit.CENTS
    h.max_seats = int(gm["max"]) if gm["max"] else None
    numbered = ((i, ln) for i, ln in enumerate(lines) if i not in (0, at))
    if not k.read_body(h, numbered, line, partial(_line, h), quiet=k.NO_CHIPS,
                       normalised=True):
        return k.no_record(h)
    cut = None if h.collects else "hand has no 'wins' line (cut short?)"
    if k.incomplete(h, lines, line, cut_short=cut):
        return k.no_record(h)
    g = _game(h, gm, (*game, _STRUCTURES[gm["limit"]]))
    returned = live_returns(h, g.big_blind)  # a dead small blind is never returned
    if k.short_paid(k.in_pot(h.put, returned), k.collected(h.collects)):
        h.problem(line + len(lines) - 1, k.ProblemCode.TRUNCATED_HAND,
                  "the 'wins' lines pay out less than nine tenths of the pot (cut short?)",
                  lines[-1])  # fmt: skip
        return k.no_record(h)
    if _side_pot_unpaid(h, returned, g.big_blind):
        h.problem(line + len(lines) - 1, k.ProblemCode.TRUNCATED_HAND,
                  "a pot has no 'wins' line (cut short?)", lines[-1])  # fmt: skip
        return k.no_record(h)
    h.inferred.append("rake")
    rake = max(k.in_pot(h.put, returned) - k.collected(h.collects), 0)
    parts = k.paid_parts(h.collects, k.in_pot(h.put, returned) - rake)  # each after its rake
    return k.ParsedHand(k.build_record(
        h, site=SITE, game=g, line=line, text=text, offset=offset,
        started_at=_date(gm["date"]), returned=returned, total_pot=None, rake=rake,
        pot_parts=parts, pot_parts_basis=k.PotPartsBasis.NET if parts else None,
        collect_order=k.CollectOrder.HIGH_THEN_LOW,
    ), tuple(h.problems), None, h.hand_id)  # fmt: skip


def _side_pot_unpaid(h: k.Hand, returned: tuple[k.Returned, ...], big_blind: int) -> bool:
    """Whether a pot of the hand has no "wins" line and its chips were not paid on
    another's (:func:`~._pots.pot_unpaid`: what was paid and the unpaid pots' chips fit
    in the pot): the wins lines end the hand and name their pots, so a side pot too
    small for the nine-tenths check (a file cut before "wins $ 0.50 USD from side pot
    #1") was lost whole, its chips read as rake. A site that pays a side pot's chips on
    the main pot's line is read (the audit judges it)."""
    net_in = k.live_put(h.put, h.actions, big_blind)
    for r in returned:
        net_in[r.player] = net_in.get(r.player, 0) - r.amount
    folded = {a.player for a in h.actions if a.kind is k.ActionKind.FOLD}
    unpaid = k.pot_unpaid(h.collects, net_in, {p for p in net_in if p not in folded})
    return 0 < unpaid <= k.in_pot(h.put, returned) - k.collected(h.collects)


def _game_line(lines: list[str]) -> tuple[int, Any]:
    """The index and results of the game line (stakes, game, date), one of the lines
    after the first three; ``(0, None)`` when none is."""
    for i, ln in enumerate(lines[1:4], 1):
        gm = k.rule_match(GAME_LINE, ln)
        if gm is not None:
            return i, gm
    return 0, None


def _game(h: k.Hand, gm: Any, game: tuple[k.Variant, bool, k.BettingStructure]) -> k.Game:
    """The game of the game line: fixed limit's stakes are the bets and its blinds the
    posts (``inferred`` "blinds" when no big blind was posted); other games' stakes
    are the blinds. No currency sign: a tournament (chips)."""
    variant, hi_lo, structure = game
    sb, bb = h.money(gm["sb"]), h.money(gm["bb"])
    small_bet = big_bet = None
    if structure is k.BettingStructure.LIMIT:
        small_bet, big_bet = sb, bb
        if h.bb is None:
            h.inferred.append("blinds")
        sb, bb = k.limit_blinds(h, small_bet)
    tourney = not gm["cur"]
    return k.Game(
        variant=variant, hi_lo=hi_lo, structure=structure, small_blind=sb, big_blind=bb,
        currency="CHIPS" if tourney else ("EUR" if gm["cur"] == "€" else "USD"),
        qualifier=8, tournament_id="" if tourney else None,
        small_bet=small_bet, big_bet=big_bet,
    )  # fmt: skip


def _date(text: str) -> datetime:
    """ "2010/03/01 - 11:00:02" -> a naive datetime (the site's clock)."""
    day, _, clock = text.partition(" - ")
    y, mo, d = day.split("/")
    hh, mi, ss = clock.split(":")
    return datetime(int(y), int(mo), int(d), int(hh), int(mi), int(ss))


def _line(h: k.Hand, ln: str, lno: int) -> bool:
    """Read one line into the hand; ``False`` when no rule reads it."""
    if ln.startswith(_TABLE_LINES):
        found = _BODY.match(ln)
        return found is not None and _table_line(h, found[0], found[1], ln, lno)
    return k.player_line(h, ln, lno, _player, _SPACE, _COLON)


def _table_line(h: k.Hand, kind: str, m: Any, ln: str, lno: int) -> bool:
    """A line of the table's: seats, the button, streets, the hero's cards."""
    if kind == "button":
        h.button = h.seat_number(m["seat"])
    elif kind == "seat":
        stack = h.money(m["stack"] or m["chips"]) if not m["new"] else 0
        h.seat(h.seat_number(m["seat"]), m["name"].strip(), stack, lno, bool(m["new"]))
    elif kind == "dealing":
        h.dealt = True
    elif kind == "street":
        h.deal(k.STREETS[m["street"]], k.cards(m["cards"].replace(",", " ")))
    elif kind == "table":
        h.table = m["table"]
    elif kind == "dealt":
        rest = m["rest"]
        name = next((n for n in h.by_length if rest.startswith(n + " [")), None)
        if name is None:
            h.problem(lno, k.ProblemCode.UNKNOWN_PLAYER, f"not seated: {rest[:40]}", ln)
            return True
        h.hero = name
        h.hole[name] = k.cards(rest[len(name) + 2 :].rstrip(" ]").replace(",", " "))
    return True


def _player(h: k.Hand, p: str, kind: str, m: Any, lno: int) -> None:
    """A line of what player ``p`` did; amounts are the chips added."""
    if kind == "sitout":  # not dealt in, unless the player plays (Hand.final_seats)
        h.sit_out(p)
        return
    if kind == "both" and h.bb is not None:  # a dead small blind and the live big
        post_both_blinds(h, p, h.money(m["a"]), h.bb, lno)
    elif kind in _POSTS:
        h.post(p, _POSTS[kind], h.money(m["a"]), lno)
    elif kind in ("bet", "call", "raise_by"):
        h.betting(kind, p, h.money(m["a"]), lno)
    elif kind in ("check", "fold"):
        h.betting(kind, p, 0, lno)
    elif kind == "show":
        desc = m["desc"] or None
        mucked = m["how"] == "mucks"
        h.show(p, k.Show(p, k.cards(m["cards"].replace(",", " ")), desc, mucked=mucked, line=lno,
                       claimed_high=None if mucked else read_high(desc)))  # fmt: skip
    elif kind == "win":
        pot = 0 if m["pot"] == "main pot" else int(m["n"] or 1)
        h.collects.append(k.Collect(p, h.money(m["a"]), pot, 0, lno))
        if m["half"] == "low" and m["desc"]:
            _claim_low(h, p, m["desc"])


def _claim_low(h: k.Hand, p: str, desc: str) -> None:
    """The low a "wins low ... with 8, 7, 4, 3, A" line names, onto the player's show."""
    low = k.read_low(desc)
    for i in range(len(h.shows) - 1, -1, -1):
        s = h.shows[i]
        if s.player == p and not s.mucked:
            h.shows[i] = k.Show(s.player, s.cards, s.description, desc, s.mucked, s.board,
                              s.line, s.claimed_high, low)  # fmt: skip
            return


#: Everleaf writes no blank line inside a hand: text after one is a hand of its own (a
#: damaged header after the blank lines is reported, never read into the hand before).
#: A header's second line ("***** Hand history for game #N *****", Partouche's "***
#: Historique des Mains pour la partie N ***") is never inside a hand: the line before
#: it starts a hand of its own even when it is damaged (its first line no start) and no
#: blank line comes before it (two files joined), so the hand before stays whole. Nor
#: is a line that is only a header's start ("Everleaf Gaming Gam": a hand the file cut
#: there, the next written after it): it starts a text of its own too
_END = k.HandEnd("", None, re.compile(
    k.cut_header("Everleaf Gaming Game #") + "|" + k.cut_header("Partouche Poker Gibraltar")
), blank=True, second=("***** Hand history for game #", "*** Historique des Mains pour la partie "))

#: The Everleaf Gaming site format.
FORMAT = k.text_format(
    SITE, "Everleaf Gaming",
    "Omaha and Omaha hi/lo 8 or better; fixed limit, pot limit and no limit; cash",
    HAND_START, _parse, header=_ANY_START, end=_END,
)  # fmt: skip

"""WPN's newer text format (2019 on), written like PokerStars.

::

    Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC
    St. Lucie 6-max Seat #1 is the button
    Seat 1: Xjty ($200.00)
    Xjty posts the small blind $10.00
    Dealt to Xjty [Kd 4c 9s 6s]
    Xjty raises $30.00 to $40.00
    *** FLOP *** [5d 4h As]
    Main pot $79.20 | Rake $0.80            (the running pot after rake: not needed)
    *** SHOW DOWN ***
    Ydmgju1 shows [Tc 4s 3h Qd] (HI - a straight, Five high [5d 4s 3h 2h As] | LO - [5,4,3,2,1])
    Ydmgju1 collected $199.00 from main pot
    *** SUMMARY ***
    Total pot $199.00 | Rake $0.96 | JP Fee $0.04
    Seat 2: Ydmgju1 did not show and won $9.00

Quirks: "Total pot" is after the rake and the jackpot fee (the total recorded adds them
back; "JP Fee" is ``jackpot``). Each pot is paid on its own line ("collected $x from
side pot-1") after the rake the site took from it (its running line "Side pot(1) $x |
Rake $y"), not in proportion: what each pot paid is the record's ``pot_parts`` (net). A walk has no "collected" line: the summary's "won $x"
is the collect. The stakes of a fixed-limit game are its bets; the blinds are those
posted. The zone printed (UTC) is used. Tournaments write "Game Hand #N - Tournament #T -
... - Level 3 (50.00/100.00) - <date> UTC", their chips with ".00", "posts ante" before
"*** HOLE CARDS ***" and the blinds after it, and "Seat 2: X will be allowed to play
after the button" for a seat not dealt in; a cash header may name an ante ("$0.01/$0.02,
Ante $0.01"). A hand run twice writes "*** RUN IT TWICE ***", then each run's streets,
running pot and showdown numbered ("*** FLOP 1 ***", "Main pot 2 $x | Rake $y", "***
SHOW DOWN 2 ***", "collected $x from main pot 2"), and its summary a "Board 1 [...]"
block of seat lines a run. A capped table ("Miramar (Cap)") writes the raise that reaches
the cap with one amount, "caps $0.55" (read only where it is both the chips added and the
street total: :func:`_caps`). A player coming in may post both blinds on one line,
"posts dead $0.07" at $0.02/$0.05 (:func:`_dead_both`).
"""

from __future__ import annotations

import re
from datetime import UTC
from typing import Any

from hhtools.grammars import _kit as k
from hhtools.grammars._dead import join_dead, post_both_blinds
from hhtools.grammars.winning.words import read_claim, read_new_low

__all__ = ["GAMES", "first", "parse_new"]

SITE = "winning"
#: a cash hand's header, or a tournament's: "Game Hand #N - Tournament #T - Omaha (Pot
#: Limit) - Level 3 (50.00/100.00) - <date> UTC" (2021 files: "...(2000.00/4000.00)- <date>");
#: a cash game with an ante: "$0.01/$0.02, Ante $0.01 - <date>"; a tournament's name before
#: its number (2022: "Game Hand #N - $5,000 GTD Tournament #27099516 - Holdem(No Limit)")
HEADER = k.rule("header",
    r"(?:Game )?Hand #(?P<id>\d+) - (?:(?:[^#\n]*? )?Tournament #(?P<tid>\d+) - )?"
    r"(?P<game>[^(]+?)\s*\((?P<limit>Fixed Limit|No Limit|Pot Limit)\) - "
    r"(?:Level (?P<level>\d+) \((?P<tsb>[\d.,]+)/(?P<tbb>[\d.,]+)\)\s*"
    r"|(?P<cur>[$€£]?)(?P<sb>[\d.,]+)/[$€£]?(?P<bb>[\d.,]+)"
    r"(?:, Ante [$€£]?(?P<ante>[\d.,]+))? )"
    r"-\s*(?P<date>\d{4}/\d\d/\d\d \d\d:\d\d:\d\d)(?: (?P<tz>[A-Z]+))?\s*$"
)  # fmt: skip
TABLE = k.rule("table", r"(?:Table '(?P<quoted>[^']*)'|(?P<table>.+?))(?: (?P<max>\d+)-max)?"
                       r" Seat #(?P<btn>\d+) is the button\s*$")  # fmt: skip
SEAT = k.rule("seat", r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[$€£]?[\d.,]+)\)"
                     r"(?: is sitting out)?\s*$")  # fmt: skip
#: a tournament's seat of a player not dealt in, with no stack: "Seat 2: Ben will be
#: allowed to play after the button" (the player is not in the hand)
NOT_YET = k.rule("not_yet", r"Seat \d+: .+ will be allowed to play after the button\s*$")
SUMMARY_SEAT = k.rule("summary_seat", r"Seat \d+: (?P<rest>.+)$")
STREET = k.rule("street", r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* (?P<cards>.*)$")
#: a run-it-twice hand's streets and showdowns, after "*** RUN IT TWICE ***": "*** FLOP 1
#: *** [8h Qd 7d]", "*** TURN 2 *** [6c 9s Jh] [8c]" (the run's whole board), "*** SHOW
#: DOWN 2 ***"
RUN = k.rule("run", r"\*\*\* (?:(?P<street>FLOP|TURN|RIVER)|SHOW DOWN) (?P<run>[12]) \*\*\*"
                   r"(?: (?P<cards>.*))?$")  # fmt: skip
TOTAL = k.rule("total",
    r"Total pot (?P<total>[$€£]?[\d.,]+)(?: \| Rake (?P<rake>[$€£]?[\d.,]+))?"
    r"(?: \| JP Fee (?P<jp>[$€£]?[\d.,]+))?\s*$"
)  # fmt: skip
BOARD = k.rule("board", r"Board (?:(?P<run>[12]) )?\[(?P<cards>[^\]]*)\]\s*$")
DEALT = k.rule("dealt", r"Dealt to (?P<rest>.+) \[(?P<cards>[^\]]*)\]\s*$")
RETURNED = k.rule("returned", r"Uncalled bet \((?P<a>[$€£]?[\d.,]+)\)"
                             r" returned to (?P<name>.+?)\s*$")  # fmt: skip
_A = r"(?P<a>[$€£]?[\d.,]+)"
_ALLIN = r"(?P<allin> and is all-in)?"
#: what follows "<seated name> ", by kind (the betting and posts as the kernel names them)
RULES: tuple[tuple[str, Any], ...] = tuple(
    (rule_kind, k.rule(rule_kind, p + "$"))
    for rule_kind, p in (
        ("fold", r"folds"),
        ("check", r"checks"),
        ("call", r"calls " + _A + _ALLIN),
        ("bet", r"bets " + _A + _ALLIN),
        ("raise_to", r"raises " + _A + r" to (?P<to>[$€£]?[\d.,]+)" + _ALLIN),
        # a capped table's raise to the cap, one amount: "caps $0.55" (read in _player_line)
        ("caps", r"caps " + _A),
        # a post may take the last chips: "posts the big blind 419.00 and is all-in"
        ("sb", r"posts the small blind " + _A + _ALLIN),
        ("bb", r"posts the big blind " + _A + _ALLIN),
        ("ante", r"posts (?:the )?ante " + _A + _ALLIN),
        ("dead", r"posts dead blind " + _A + _ALLIN),
        # a player coming in posts both blinds on one line: "posts dead $0.07" (read in
        # _player_line)
        ("dead_both", r"posts dead " + _A),
        ("straddle", r"posts straddle " + _A + _ALLIN),
        ("show", r"shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?"),
        ("muck", r"mucks(?: hand)?"),
        ("muck", r"does not show"),
        ("wait", r"waits for big blind"),
        # a run-it-twice hand's main pot of run 1 or 2: "collected $92.25 from main pot 1"
        ("collect", r"collected " + _A + r" from (?:main pot(?: (?P<run>[12]))?|pot"
                    r"|side pot-?(?P<side>\d+))"),
    )
)  # fmt: skip
_BY_WORD = k.by_word(RULES)
#: a summary seat's "won $x": the collect of a hand with no "collected" line (a walk)
#: (money always in cents, "$0.05", every such line of the corpora: "won $0", "$0.3" are the
#: line cut inside its amount, and a "(" closes: unread)
WON = k.rule("won", r"(?:\([^)]*\) )*(?:did not show and |showed \[[^\]]*\] and "
                   r"|mucked \[[^\]]*\] and )?(?:won|collected) (?P<open>\()?"
                   r"(?P<a>[$€£][\d,]*\d\.\d\d|[\d,]*\d(?:\.\d\d)?)(?(open)\))"
                   r"(?: with .*)?$")  # fmt: skip
#: a summary seat's other endings: the player won nothing (any other words are unread);
#: a player who folded and showed: "showed [Ah Kd 9s 3c] and folded on the Pre-Flop"
LOST = k.rule("lost", r"(?:\([^)]*\) )*(?:(?:showed \[[^\]]*\] and )?folded "
                     r"(?:on the (?:Pre-Flop|Flop|Turn|River)"
                     r"|before (?:the )?Flop)(?: and did not bet)?|mucked(?: \[[^\]]*\])?"
                     r"|(?:showed \[[^\]]*\] and )?lost(?: with .*)?"
                     r"|did not show)\s*$")  # fmt: skip
#: the running pots after rake, street by street: "Main pot $6.60 | Side pot(1) $2 | Rake $0.30"
POTS = k.rule("pots", r"(?:Main pot(?: [12])?|Side pot\(\d+\)) [$€£]?[\d.,]+"
                     r"(?: \| (?:Side pot\(\d+\)|Rake) [$€£]?[\d.,]+)*\s*$")  # fmt: skip
_POSTS = {"sb": k.PostKind.SMALL_BLIND, "bb": k.PostKind.BIG_BLIND, "straddle": k.PostKind.STRADDLE,
          "ante": k.PostKind.ANTE, "dead": k.PostKind.ANTE}  # fmt: skip
#: the betting lines by the group of their amount: chips added, or a raise's street
#: total ("raises $30.00 to $40.00")
_BETS = {"fold": None, "check": None, "call": "a", "bet": "a", "raise_to": "to"}
#: the five cards a shown hand's words end with
_FIVE = re.compile(r"\s*\[[^\]]*\]\s*$")
#: the Omaha games of both formats, by their lower-case words (the newer writes its
#: five-card games "5Card Omaha")
GAMES = {
    "omaha": (k.Variant.OMAHA, False), "omaha h/l": (k.Variant.OMAHA, True),
    "omaha hi/lo": (k.Variant.OMAHA, True), "omaha hilow": (k.Variant.OMAHA, True),
    "omaha hilo": (k.Variant.OMAHA, True),
    # the newer format's five-card games: "5Card Omaha (Pot Limit)", "5Card Omaha H/L(Pot Limit)"
    "5card omaha": (k.Variant.OMAHA5, False), "5card omaha h/l": (k.Variant.OMAHA5, True),
}  # fmt: skip
_STRUCTURES = {"Fixed Limit": k.BettingStructure.LIMIT, "No Limit": k.BettingStructure.NO_LIMIT,
               "Pot Limit": k.BettingStructure.POT_LIMIT}  # fmt: skip
#: the "*** ... ***" lines the record does not need
_QUIET = ("*** HOLE CARDS", "*** SHOW DOWN")
_CURRENCY = {"$": "USD", "€": "EUR", "£": "GBP", "": "USD"}


def first(
    h: k.Hand, line: int, hand_id: str, game: str, excerpt: str
) -> tuple[k.Variant, bool] | k.ParsedHand:
    """The hand's id set and its game read from the header's words, or the
    :class:`ParsedHand` of a game not read (an unknown Omaha game, another game)."""
    h.hand_id = hand_id
    found = GAMES.get(" ".join(game.lower().split()))
    if found is None:
        return k.not_read(h, line, game, excerpt, omaha="omaha" in game.lower())
    return found


def parse_new(h: k.Hand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    """Read one hand of WPN's newer format on ``h`` (header first); amounts in cents.

    Raises what a bug raises (the format's reader guards it).
    """
    lines = [ln.rstrip("\r") for ln in lines]
    hd = k.rule_match(HEADER, lines[0])
    if hd is None:
        return k.bad_header(h, lines, line)
    game = first(h, line, hd["id"], hd["game"], lines[0])
    if isinstance(game, k.ParsedHand):
        return game
    if hd["tid"]:
        h.unit = k.Unit.CHIPS  # a tournament's amounts are chips ("2000.00")
    if not k.read_lines(h, lines, 1, line, _line):
        return k.no_record(h)
    done = k.summary_end(h, lines, line, "'Total pot'")
    if done is not None:
        return done
    assert h.total is not None  # summary_end: a hand with no total gives no record
    started = k.local_time(hd["date"])
    collects = _collects(h, lines, line)
    if not collects and h.total:  # a pot paid to nobody: the text stops in the summary
        h.problem(line + len(lines) - 1, k.ProblemCode.TRUNCATED_HAND,
                  "the summary pays nobody (cut short?)", lines[-1])  # fmt: skip
        return k.no_record(h)
    cut = k.seat_lines_cut(h, lines, line)  # one summary seat line a player
    if cut is not None:
        return cut
    parts = k.paid_parts(list(collects), h.total)  # each pot paid after its own rake
    rake = h.rake or 0
    record = k.build_record(
        h, site=SITE, game=_game(h, hd, game), line=line, text=text, offset=offset,
        started_at=started, time_zone=hd["tz"], boards=_boards(h),
        started_at_utc=started.replace(tzinfo=UTC) if hd["tz"] in ("UTC", "GMT") else None,
        collects=collects, total_pot=h.total + rake + h.jackpot, rake=rake, pot_parts=parts,
        pot_parts_basis=k.PotPartsBasis.NET if parts else None,
        collect_order=k.CollectOrder.UNORDERED,
    )  # fmt: skip
    return k.ParsedHand(record, tuple(h.problems), None, h.hand_id)


def _game(h: k.Hand, hd: Any, game: tuple[k.Variant, bool]) -> k.Game:
    """The game: a fixed-limit header names the bets (the blinds are those posted, else
    the small bet and half of it); another names the blinds (those posted first)."""
    structure = _STRUCTURES[hd["limit"]]
    tid = hd["tid"]
    stake_sb, stake_bb = h.money(hd["tsb"] or hd["sb"]), h.money(hd["tbb"] or hd["bb"])
    limit = structure is k.BettingStructure.LIMIT
    if limit:
        sb, bb = k.limit_blinds(h, stake_sb)
    else:
        sb = h.sb if h.sb is not None else stake_sb
        bb = h.bb if h.bb is not None else stake_bb
    return k.Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency="CHIPS" if tid else _CURRENCY.get(hd["cur"] or "", "USD"),
        ante=h.money(hd["ante"]) if hd["ante"] else 0, tournament_id=tid,
        level=f"Level {hd['level']}" if tid else None,
        small_bet=stake_sb if limit else None, big_bet=stake_bb if limit else None,
    )  # fmt: skip


def _collects(h: k.Hand, lines: list[str], line: int) -> tuple[k.Collect, ...]:
    """The body's "collected" lines; a hand with none (a walk) is paid by the summary's
    "won" lines (the collects read after the summary line)."""
    at = next((line + i for i, ln in enumerate(lines) if ln.startswith("*** SUMMARY")), line)
    body = tuple(c for c in h.collects if c.line < at)
    return body or tuple(c for c in h.collects if c.line > at)


def _line(h: k.Hand, ln: str, lno: int) -> bool:
    """Read one body line into the hand; ``False`` when no rule reads it."""
    if ln.startswith("***"):
        return _run(h, ln) or k.section(h, ln, STREET, quiet=_QUIET, summary="*** SUMMARY")
    if h.summary:
        if _summary_line(h, ln, lno):
            return True
    elif _player_line(h, ln, lno):
        return True
    if ln.startswith("Seat "):
        if not h.summary:
            m = k.rule_match(SEAT, ln)
            if m is not None:
                h.seat(h.seat_number(m["seat"]), m["name"], h.money(m["stack"]), lno)
                if "is sitting out" in ln:  # not dealt in, unless the player then
                    h.sit_out(m["name"])  # posts, acts or shows (a tournament's away player)
                return True
        else:
            return _summary_seat(h, ln, lno)
        if k.rule_match(NOT_YET, ln) is not None:
            return True
    if h.button is None and not h.seats:  # the table line comes before the seats
        return _table(h, ln)
    return _other(h, ln, lno)


def _run(h: k.Hand, ln: str) -> bool:
    """A run-it-twice line: "*** RUN IT TWICE ***" (the runs start), a run's street (its
    board is the cards printed) or showdown (the shows that follow are for its board)."""
    if ln == "*** RUN IT TWICE ***":
        vars(h)["_runs"] = {}
        return True
    runs: dict[int, tuple[str, ...]] | None = vars(h).get("_runs")
    m = k.rule_match(RUN, ln) if runs is not None else None
    if m is None or runs is None:
        return False
    run = int(m["run"]) - 1
    if m["street"] is None:
        vars(h)["_show_board"] = run
    else:
        runs[run] = k.cards((m["cards"] or "").replace("[", " ").replace("]", " "))
    return True


def _boards(h: k.Hand) -> tuple[tuple[str, ...], ...]:
    """The record's boards: a run-it-twice hand's two (each run's streets, else the
    summary's "Board 1 [...]"), else the one board (:func:`k.the_board`)."""
    runs = vars(h).get("_runs")
    if runs is None:
        return k.the_board(h)
    written = vars(h).get("_run_boards", {})
    return tuple(tuple(runs.get(r) or written.get(r) or h.board) for r in (0, 1))


def _table(h: k.Hand, ln: str) -> bool:
    """ "St. Lucie 6-max Seat #1 is the button" (a tournament's "Table '12' 6-max ..."):
    the table, its size, the button."""
    t = k.rule_match(TABLE, ln)
    if t is None:
        return False
    h.table = t["quoted"] if t["quoted"] is not None else t["table"]
    h.button = h.seat_number(t["btn"])
    h.max_seats = h.seat_number(t["max"]) if t["max"] else None
    return True


def _other(h: k.Hand, ln: str, lno: int) -> bool:
    """The running pot, the hero's cards, an uncalled bet returned."""
    if ln.startswith(("Main pot ", "Side pot(")):
        return k.rule_match(POTS, ln) is not None  # the running pots after rake, street by street
    m = k.rule_match(DEALT, ln)
    if m is not None and m["rest"] in h.stacks:
        h.hero = m["rest"]
        h.hole[h.hero] = k.cards(m["cards"])
        return True
    m = k.rule_match(RETURNED, ln)
    if m is not None and m["name"] in h.stacks:
        h.betting("return", m["name"], h.money(m["a"]), lno)
        return True
    return False


def _summary_line(h: k.Hand, ln: str, lno: int) -> bool:
    """The summary's total pot (with its rake and jackpot fee) and board, and the
    "BombPot" line of a hand dealt with antes only and no betting before the flop (what
    it means is in the hand's lines already: the antes, no blinds, no preflop action)."""
    if ln == "BombPot":
        return True
    m = k.rule_match(TOTAL, ln)
    if m is not None:
        h.total = h.money(m["total"])
        h.rake = h.money(m["rake"]) if m["rake"] else 0
        h.jackpot = h.money(m["jp"]) if m["jp"] else 0
        h.total_line = lno
        return True
    m = k.rule_match(BOARD, ln)
    if m is not None:
        if m["run"]:  # a run-it-twice hand's "Board 1 [...]", "Board 2 [...]"
            vars(h).setdefault("_run_boards", {})[int(m["run"]) - 1] = k.cards(m["cards"])
            return vars(h).get("_runs") is not None
        h.summary_board = k.cards(m["cards"])
        h.summary_board_line = lno
        return True
    return False


def _player_line(h: k.Hand, ln: str, lno: int) -> bool:
    """ "<seated name> <what they did>", by the rules of its first word."""
    p = h.name(ln)
    if p is None:
        return False
    rest = ln[len(p) + 1 :].strip()
    for kind, rule in _BY_WORD.get(rest.split(" ", 1)[0], ()):
        m = k.rule_match(rule, rest)
        if m is not None:
            if kind == "caps":
                return _caps(h, p, m, lno)
            if kind == "dead_both":
                return _dead_both(h, p, m, lno)
            _player(h, p, kind, m, lno)
            return True
    return False


def _dead_both(h: k.Hand, p: str, m: Any, lno: int) -> bool:
    """ "posts dead $0.07" at $0.02/$0.05 (a player coming in; 2021 files): the small and
    the big blind in one post, the big blind live (the poster then checks), the small dead.
    Read only when it is the hand's small and big blind together; another amount's
    meaning is not known and the line stays unread."""
    a = h.money(m["a"])
    if h.sb is None or h.bb is None or a != h.sb + h.bb:
        return False
    post_both_blinds(h, p, a, h.bb, lno)
    return True


def _caps(h: k.Hand, p: str, m: Any, lno: int) -> bool:
    """ "caps $0.55" (a capped table, "Miramar (Cap)"): a raise that reaches the cap, no
    chip more (as all-in). Its one amount is both the chips added and the street total
    only when the player had put nothing in on the street over a bet: read then as a
    raise to it; otherwise which it is is not known and the line stays unread."""
    if h.bets.get(p, 0) or not any(h.bets.values()):
        return False
    h.betting("raise_to", p, h.money(m["a"]), lno, True)
    return True


def _player(h: k.Hand, p: str, kind: str, m: Any, lno: int) -> None:
    """What a player did, by the kind of rule that read it."""
    if kind in _BETS:
        group = _BETS[kind]
        amount = h.money(m[group]) if group else 0
        h.betting(kind, p, amount, lno, group is not None and m["allin"] is not None)
    elif kind in _POSTS:
        amount = h.money(m["a"])
        if not join_dead(h, p, _POSTS[kind], amount, lno, kind == "dead"):  # beside the big blind
            h.post(p, _POSTS[kind], amount, lno)
    elif kind == "show":
        _show(h, p, m, lno)
    elif kind == "collect":
        board = int(m["run"]) - 1 if m["run"] else 0  # "from main pot 2": run 2's
        h.collects.append(k.Collect(p, h.money(m["a"]), int(m["side"] or 0), board, lno))
    elif kind == "wait":
        h.sit_out(p)  # not dealt in (unless the player then plays: Hand.final_seats)


def _show(h: k.Hand, p: str, m: Any, lno: int) -> None:
    """ "shows [cards] (HI - words [five] | LO - [5,4,3,2,1])": the claims typed."""
    cards = k.cards(m["cards"])
    h.hole[p] = cards
    desc = m["desc"] or ""
    high_part, _, low_part = desc.partition(" | LO - ")
    high_words = _FIVE.sub("", high_part.removeprefix("HI - ")).strip()
    low_text = low_part.strip().strip("[]") or None
    h.shows.append(
        k.Show(p, cards, high_words or None, low_description=low_text, line=lno,
             claimed_high=read_claim(high_words), claimed_low=read_new_low(low_text),
             board=vars(h).get("_show_board", 0))
    )  # fmt: skip


def _summary_seat(h: k.Hand, ln: str, lno: int) -> bool:
    """A summary seat line; its "won $x" is a collect (used when the body has none)."""
    m = k.rule_match(SUMMARY_SEAT, ln)
    if m is None:
        return False
    rest = m["rest"]
    p = h.name(rest)
    if p is None:
        return False
    vars(h).setdefault("_summed", set()).add(p)  # the players with a summary seat line
    end = rest[len(p) + 1 :].strip()
    won = k.rule_match(WON, end)
    if won is not None:
        h.collects.append(k.Collect(p, h.money(won["a"]), 0, 0, lno))
    return won is not None or k.rule_match(LOST, end) is not None

"""Reading the lines of one GGPoker hand after its header (private to
:mod:`hhtools.grammars.ggpoker`, which describes the format).

:class:`_State` holds the hand being read; :meth:`_State.read_body` reads the table,
seat, body and summary lines; :meth:`_State.record` gives the parts of the record that
need the whole hand (boards per run, collects per pot and run, pot parts). Money is
integer minor units (cents, or chips in tournaments).
"""

from __future__ import annotations

from datetime import datetime

from hhtools.grammars._lines import _BadCards, _cards
from hhtools.grammars.ggpoker.pots import Record, assign, rebuild_pots, with_ante
from hhtools.grammars.ggpoker.rules import (
    _CALL_BET_M,
    _CASH_DROP_M,
    _COLLECT_M,
    _DEALT_M,
    _EXTRAS,
    _MONEY_OUT_M,
    _NOTE_M,
    _ORDER,
    _POSITIONS,
    _POST_M,
    _POSTS,
    _RAISE_M,
    _RESULT_M,
    _RUN,
    _RUN_TIMES_M,
    _S_BOARD_M,
    _S_FOLD,
    _S_RESULT,
    _S_SEAT_M,
    _S_SHOWED,
    _SEAT_M,
    _SHOW_M,
    _STRADDLE_M,
    _STREET_LINE_M,
    _STREETS,
    _TABLE_M,
    _TIMES,
    _TOTAL_M,
    _UNCALLED_M,
    SEGMENT,
)
from hhtools.grammars.ggpoker.words import read_gg_high, read_gg_low

from hhtools.model.money import MAX_AMOUNT, AmountOutOfRange, Unit, parse_money
from hhtools.model.records import (
    Action,
    ActionKind,
    CashOut,
    Collect,
    Game,
    PostKind,
    Problem,
    Returned,
    Seat,
    Show,
    Street,
    TournamentResult,
)
from hhtools.model.vocab import ProblemCode

MAX_SEAT = 1000


#: Card texts already read ("Ah Kd 7c"): the street lines repeat the board.
_CARD_TEXT: dict[str, tuple[str, ...]] = {}
#: Amounts already read, by unit (amounts repeat: blinds, bets, stacks); in range only.
_READ: dict[Unit, dict[str, int]] = {Unit.CENTS: {}, Unit.CHIPS: {}}


#: An amount or a seat number no real hand can hold (``out_of_range``): the one class
#: :func:`~hhtools.model.money.parse_money` raises from :data:`MAX_AMOUNT` up.
_OutOfRange = AmountOutOfRange


class _Fatal(Exception):
    """The hand cannot be recorded (its problem is already added)."""


class _State:
    """Mutable state while one hand is read."""

    def __init__(self, file: str, line: int) -> None:
        self.file, self.line = file, line
        self.hand_id: str | None = None
        self.problems: list[Problem] = []
        self.started: datetime | None = None
        self.unit = Unit.CENTS
        self.tournament: tuple[str, str, str] | None = None
        self.header_ante = 0
        self.ante = 0  # the largest "posts the ante"
        self.prize_currency = ""  # a tournament's buy-in currency, from its name text
        self.currency = ""
        self.game: Game | None = None
        self.table = ""
        self.button: int | None = None
        self.max_seats: int | None = None
        self.seats: list[Seat] = []
        self.names: list[str] = []  # seated names holding ": ", longest first
        self.name_set: set[str] = set()
        self.by_seat: dict[int, str] = {}
        self.actions: list[Action] = []
        self.hero: str | None = None
        self.hole_cards: dict[str, tuple[str, ...]] = {}
        self.shows: list[Show] = []
        self.collects: list[tuple[str, int, int, int]] = []  # player, amount, run, line
        self.returned: list[Returned] = []
        self.cash_outs: list[CashOut] = []
        self.results: list[TournamentResult] = []
        self.total_pot: int | None = None
        self.total_line = 0
        self.rake = self.fees = self.jackpot = self.room_added = 0
        self.boards: list[list[str]] = [[]]
        self.runs = 1
        self.street = Street.PREFLOP
        self.bets: dict[str, int] = {}
        self.folded: set[str] = set()
        self.summary_folds: list[tuple[str, Street, int]] = []
        self.sightings: list[tuple[int, str, tuple[str, ...]]] = []
        self.showdown_run = 0

    # --- helpers ---------------------------------------------------------------
    def problem(self, line: int, code: ProblemCode, message: str, excerpt: str = "") -> None:
        """Add a problem on a source line; ``code`` a :class:`ProblemCode` member (a plain
        string is a grammar bug: the registry's check refuses it)."""
        self.problems.append(Problem(self.file, line, self.hand_id, code, message, excerpt[:200]))

    def money(self, text: str) -> int:
        """An amount in minor units; :class:`_OutOfRange` from :data:`MAX_AMOUNT` up."""
        cache = _READ[self.unit]
        value = cache.get(text)
        if value is None:
            value = parse_money(text, self.unit)
            if value >= MAX_AMOUNT:
                raise _OutOfRange(f"amount out of range: {text[:40]!r}")
            if len(cache) >= 1 << 16:
                cache.clear()
            cache[text] = value
        return value

    def number(self, text: str, what: str) -> int:
        """A seat, button or table size; :class:`_OutOfRange` above :data:`MAX_SEAT`."""
        if len(text) > 5 or int(text) > MAX_SEAT:
            raise _OutOfRange(f"{what} number out of range: {text[:40]}")
        return int(text)

    def who(self, text: str) -> str | None:
        """The seated player whose name starts ``text`` followed by ": " (or ``None``)."""
        for name in self.names:  # a name holding ": " itself (rare), longest first
            if text.startswith(name) and text.startswith(": ", len(name)):
                return name
        cut = text.find(": ")
        if cut > 0 and text[:cut] in self.name_set:
            return text[:cut]
        return None

    def cards(self, text: str, lno: int, raw: str) -> tuple[str, ...] | None:
        got = _CARD_TEXT.get(text)
        if got is not None:
            return got
        try:
            got = _cards(text)
        except _BadCards as exc:
            self.problem(lno, ProblemCode.BAD_CARDS, str(exc), raw)
            return None
        if len(_CARD_TEXT) >= 1 << 15:
            _CARD_TEXT.clear()
        _CARD_TEXT[text] = got
        return got

    # --- reading ---------------------------------------------------------------
    def read_body(self, lines: list[str]) -> bool:
        """Read every line after the header; ``False`` when no record can be made."""
        try:
            self._read(lines)
        except _Fatal:
            return False
        except _OutOfRange as exc:
            self.problem(self.line, ProblemCode.OUT_OF_RANGE, str(exc))
            return False
        return not self._impossible_cards()

    def _read(self, lines: list[str]) -> None:
        n, base = len(lines), self.line
        tm = _TABLE_M(lines[1]) if n > 1 else None
        if tm is None:
            self.problem(base + 1 if n > 1 else base, ProblemCode.BAD_TABLE, "no table line",
                         lines[1] if n > 1 else "")  # fmt: skip
            raise _Fatal
        self.table = tm["table"]
        self.button = self.number(tm["btn"], "button")
        self.max_seats = self.number(tm["max"], "table size") if tm["max"] else None
        i = 2
        while i < n:
            sm = _SEAT_M(lines[i])
            if sm is None:
                break
            seat = Seat(self.number(sm["seat"], "seat"), sm["name"], self.money(sm["stack"]),
                        bool(sm["out"]), sm["bounty"], base + i)  # fmt: skip
            self.seats.append(seat)
            i += 1
        if not self.seats:
            self.problem(base + i, ProblemCode.NO_SEATS, "no seat lines", lines[i] if i < n else "")
            raise _Fatal
        self.name_set = {s.player for s in self.seats}
        self.by_seat = {s.seat: s.player for s in self.seats}
        self.names = sorted((n for n in self.name_set if ": " in n), key=len, reverse=True)
        try:
            end = lines.index("*** SUMMARY ***", i)
        except ValueError:
            end = next((k for k in range(i, n) if lines[k].startswith("*** SUMMARY")), n)
        summary = end < n
        body, summ = self._body_line, self._summary_line
        for k in range(i, n):
            if k == end:
                continue
            text = lines[k]
            if not text or text.isspace():
                continue
            try:
                (body if k < end else summ)(text, base + k)
            except _OutOfRange:
                raise
            except ValueError as exc:
                self.problem(base + k, ProblemCode.BAD_AMOUNT, f"unreadable amount: {exc}", text)
        if not summary:
            self.problem(base + n - 1, ProblemCode.TRUNCATED_HAND,
                         "the hand ends before its summary", lines[-1])  # fmt: skip
            raise _Fatal
        if self.total_pot is None:
            self.problem(base + n - 1, ProblemCode.MISSING_TOTAL,
                         "no Total pot line in the summary")  # fmt: skip
            raise _Fatal
        self._infer_folds()

    def _body_line(self, text: str, lno: int) -> None:
        if text.startswith("*** "):
            self._street(text, lno)
            return
        cut = text.find(": ")
        if cut > 0 and not self.names and text[:cut] in self.name_set:
            self._action(text[:cut], text[cut + 2 :], text, lno)
            return
        player = self.who(text) if self.names else None
        if player is not None:
            self._action(player, text[len(player) + 2 :], text, lno)
            return
        if text.startswith("Dealt to "):
            if "[" not in text and text[9:].rstrip() in self.name_set:
                return  # another player's hidden cards
            m = _DEALT_M(text)
            if m is not None and m["name"] in self.name_set:
                if m["cards"]:
                    cards = self.cards(m["cards"], lno, text)
                    if cards:
                        self.hero = m["name"]
                        self._know(m["name"], cards, lno)
                return
        elif text.startswith("Uncalled bet"):
            m = _UNCALLED_M(text)
            if m is not None and m["name"] in self.name_set:
                self.returned.append(Returned(m["name"], self.money(m["amt"]), lno))
                return
        elif text.startswith("Cash Drop"):
            m = _CASH_DROP_M(text)
            if m is not None:
                self.room_added += self.money(m["amt"])
                return
        elif text.endswith("pot") and (m := _COLLECT_M(text)) is not None:
            if m["name"] in self.name_set:
                run = self.showdown_run
                self.collects.append((m["name"], self.money(m["amt"]), run, lno))
                return
            self.problem(lno, ProblemCode.UNKNOWN_PLAYER, f"no seat for {m['name']!r}", text)
            return
        if self._result(text, lno):
            return
        self.problem(lno, ProblemCode.UNRECOGNISED_LINE, "line not recognised", text)

    def _street(self, text: str, lno: int) -> None:
        m = _STREET_LINE_M(text)
        if m is None:
            self.problem(lno, ProblemCode.UNRECOGNISED_LINE, "street line not recognised", text)
            return
        name, run = m["name"], _RUN[m["run"]]
        if name.startswith("SHOW"):
            self.showdown_run = run
            return
        street = _STREETS.get(name)
        if street is None:
            return
        c1, c2 = m["c1"], m["c2"]
        cards = self.cards(c1, lno, text) if c1 else ()
        if cards is None:
            return
        if c2:
            more = self.cards(c2, lno, text)
            if more is None:
                return
            cards += more
        boards = self.boards
        while len(boards) <= run:
            boards.append([])
        old = boards[run] or (boards[0] if run else [])
        k = len(old)
        if run == 0 and tuple(cards[:k]) != tuple(old[: len(cards)]):
            self.problem(lno, ProblemCode.BOARD_MISMATCH,
                         "the street line repeats another board", text)  # fmt: skip
        if tuple(cards[:k]) == tuple(old):  # the usual case: the street adds its cards
            new = list(cards[k:])
        else:
            new = [c for c in cards if c not in old]
        boards[run] = list(cards)
        if new:
            self.sightings.append((lno, f"\0{run}", tuple(new)))
        if _ORDER[street] > _ORDER[self.street]:
            self.street, self.bets = street, {}

    def _action(self, player: str, rest: str, text: str, lno: int) -> None:
        st = self.street
        if rest == "folds":
            self.folded.add(player)
            self.actions.append(Action(st, player, ActionKind.FOLD, 0, None, False, None, lno))
            return
        if rest == "checks":
            self.actions.append(Action(st, player, ActionKind.CHECK, 0, None, False, None, lno))
            return
        verb = rest[: rest.find(" ")]
        if verb == "calls" or verb == "bets":
            m = _CALL_BET_M(rest)
            if m is not None:
                amt = self.money(m["amt"])
                kind = ActionKind.CALL if verb == "calls" else ActionKind.BET
                self.bets[player] = self.bets.get(player, 0) + amt
                self.actions.append(
                    Action(st, player, kind, amt, None, m["allin"] is not None, None, lno)
                )
                return
        elif verb == "raises":
            m = _RAISE_M(rest)
            if m is not None:
                amt, to = self.money(m["amt"]), self.money(m["to"])
                self.bets[player] = to
                self.actions.append(
                    Action(st, player, ActionKind.RAISE, amt, to, m["allin"] is not None, None, lno)
                )
                return
        elif verb == "posts" or verb == "straddle":
            m = _POST_M(rest) if verb == "posts" else _STRADDLE_M(rest)
            if m is not None:
                what = m["what"] if verb == "posts" else "straddle"
                amt = self.money(m["amt"])
                kind = _POSTS.get(what, PostKind.STRADDLE)
                if kind is PostKind.STRADDLE:  # a total: the player's new bet this street
                    amt = max(amt - self.bets.get(player, 0), 0)
                if kind is not PostKind.ANTE:
                    self.bets[player] = self.bets.get(player, 0) + amt
                elif "ante" in what:
                    self.ante = max(self.ante, amt)
                self.actions.append(
                    Action(
                        st, player, ActionKind.POST, amt, None, m["allin"] is not None, kind, lno
                    )
                )
                return
        if (m := _SHOW_M(rest)) is not None:
            cards = self.cards(m["cards"], lno, text)
            if cards is None:
                return
            complete = len(self.boards) == 1 and len(self.boards[0]) == 5
            desc = m["desc"] if complete else None
            self.shows.append(Show(player, cards, desc, None, rest.startswith("mucks"), 0, lno,
                                   read_gg_high(desc), None))  # fmt: skip
            self._know(player, cards, lno)
            return
        if (m := _MONEY_OUT_M(rest)) is not None:
            amt = self.money(m["amt"])
            if m["what"] == "Receives Cashout" or m["what"].startswith("receive"):
                self.cash_outs.append(CashOut(player, amt, 0, lno, 0))
            else:  # paid back to the site from what the player collects
                self.cash_outs.append(CashOut(player, -amt, amt, lno, 0))
            return
        if _NOTE_M(rest) is not None:
            return
        self.problem(lno, ProblemCode.UNRECOGNISED_LINE, "action not recognised", text)

    def _result(self, text: str, lno: int) -> bool:
        m = _RESULT_M(text)
        if m is None or m["name"] not in self.name_set:
            return False
        cur = self.prize_currency or (self.currency if self.currency != "CHIPS" else "")
        value = lambda t: parse_money(t, Unit.CENTS) if t else 0
        place = int(m["place"]) if m["place"] else (1 if "wins the tournament" in text else None)
        self.results.append(TournamentResult(
            m["name"], place, value(m["prize"] or m["prize2"]), value(m["b1"] or m["b2"]),
            m["elim"] or "", cur, lno,
        ))  # fmt: skip
        return True

    def _summary_line(self, text: str, lno: int) -> None:
        if text.startswith("Seat "):
            self._summary_seat(text, lno)
            return
        if (m := _TOTAL_M(text)) is not None:
            self.total_pot, self.total_line = self.money(m["amt"]), lno
            for seg in filter(None, (s.strip() for s in m["rest"].split("|"))):
                sm = SEGMENT.match(seg)
                if sm is None:
                    self.problem(lno, ProblemCode.UNRECOGNISED_LINE,
                                 f"summary segment {seg!r}", text)  # fmt: skip
                    continue
                amt, name = self.money(sm["amt"]), sm["name"].lower()
                if name == "rake":
                    self.rake += amt
                elif name in ("jackpot", "jp", "bad beat jackpot"):
                    self.jackpot += amt
                else:  # Bingo, Fortune, Tax...: taken from the pot by the room
                    self.fees += amt
            return
        if (m := _RUN_TIMES_M(text)) is not None:
            self.runs = _TIMES.get(m["n"]) or int(m["n"])
            return
        if (m := _S_BOARD_M(text)) is not None:
            run = _RUN[m["run"]]
            cards = self.cards(m["cards"], lno, text)
            board = self.boards[run] if run < len(self.boards) else []
            if cards is not None and (not cards or tuple(board[-len(cards) :]) != cards):
                self.problem(lno, ProblemCode.BOARD_MISMATCH,
                             "the summary's board differs from the streets", text)  # fmt: skip
            return
        if self._result(text, lno):
            return
        self.problem(lno, ProblemCode.UNRECOGNISED_LINE, "summary line not recognised", text)

    def _summary_seat(self, text: str, lno: int) -> None:
        m = _S_SEAT_M(text)
        seat = int(m["seat"]) if m and len(m["seat"]) < 5 else -1
        player = self.by_seat.get(seat)
        if m is None or player is None or not m["rest"].startswith(player):
            self.problem(lno, ProblemCode.UNKNOWN_PLAYER,
                         "summary seat names no seated player", text)  # fmt: skip
            return
        rest = m["rest"][len(player) :]
        if rest.startswith(" ("):
            rest = _POSITIONS.sub("", rest)
        if " folded " in rest and (fm := _S_FOLD.match(rest)) is not None:
            street = _STREETS[fm["st"].upper()] if fm["st"] else Street.PREFLOP
            self.summary_folds.append((player, street, lno))
            return
        if "ed [" not in rest:
            return  # "collected ($x)", "won ($x)", "sitting out"...: the body says it
        if "), " in rest or ", " in rest:
            rest = _EXTRAS.sub("", rest)
        sm = _S_SHOWED.match(rest)
        if sm is None:
            return  # "collected ($x)", "won ($x)", "sitting out"...: the body says it
        cards = self.cards(sm["cards"], lno, text)
        if cards is None:
            return
        self._know(player, cards, lno)
        mucked = sm["verb"] == "mucked"
        results = (sm["res"] or "").split(", and ") if sm["res"] else [""]
        for run, res in enumerate(results):
            rm = _S_RESULT.match(res.strip()) if res else None
            desc = (rm["w"] or rm["l"]) if rm else None
            high, low = desc, None
            if desc and " and " in desc and ("Low" in desc or "low" in desc):
                high, _, low = desc.partition(" and ")
            self.shows.append(Show(player, cards, high, low, mucked, run, lno,
                                   read_gg_high(high), read_gg_low(low)))  # fmt: skip

    def _know(self, player: str, cards: tuple[str, ...], lno: int) -> None:
        known = self.hole_cards.get(player)
        if known == cards or (known is not None and set(cards) <= set(known)):
            return
        self.sightings.append((lno, player, cards))
        if known is None or len(cards) > len(known):
            self.hole_cards[player] = cards

    # --- whole hand ------------------------------------------------------------
    def _infer_folds(self) -> None:
        for player, street, lno in self.summary_folds:
            if player in self.folded:
                continue
            self.folded.add(player)
            at = len(self.actions)
            while at and _ORDER[self.actions[at - 1].street] > _ORDER[street]:
                at -= 1
            self.actions.insert(
                at, Action(street, player, ActionKind.FOLD, 0, None, False, None, lno)
            )

    def _impossible_cards(self) -> bool:
        seen: dict[str, int] = {}  # the runs are dealt from one deck: no card twice
        for lno, _owner, cards in self.sightings:
            for c in cards:
                if c in seen and seen[c] != lno:
                    self.problem(lno, ProblemCode.IMPOSSIBLE_CARDS, f"card {c} seen twice")
                    return True
                seen[c] = lno
        return False

    def record(self, game: Game) -> Record:
        """The whole-hand parts of the record: the game (antes, limit bets), the boards,
        the collects by pot and run, the pot parts."""
        game = with_ante(game, self.ante or self.header_ante)
        runs = max(self.runs, len(self.boards), 1 + max((c[2] for c in self.collects), default=0))
        board_t = tuple(tuple(b) for b in self.boards if b)
        # With nobody all-in every live player put in the same: one pot.
        allin = any(a.all_in for a in self.actions)
        pots = (
            rebuild_pots(self.actions, self.returned, self.folded, self.room_added) if allin else []
        )
        if len(pots) <= 1 and runs == 1:
            col = tuple(Collect(p, a, 0, r, ln) for p, a, r, ln in self.collects)
            return Record(game, board_t, col, (), None)
        if not pots:
            pots = rebuild_pots(self.actions, self.returned, self.folded, self.room_added)
        return assign(game, board_t, pots, self.collects, max(len(board_t), 1))

"""The plain body lines read from their text (grammars/pokerstars/plain.py) read as the
player rules read them: amounts worked out by hand, each line against the rules on a
hand read without the quick path, and every fixture read both ways."""

from __future__ import annotations

from pathlib import Path

import pytest

from hhtools.grammars import _lines
from hhtools.grammars.pokerstars import plain
from hhtools.grammars.pokerstars.actions import FAST_RULES, _Body
from hhtools.ingest.read import parse_path
from hhtools.model.money import CURRENCY_SYMBOLS, Unit
from hhtools.model.records import Action, ActionKind, Collect, PostKind, Seat, Street

FIX = Path(__file__).parent / "fixtures" / "pokerstars"


@pytest.mark.parametrize(("text", "cents", "want"), [
    ("$0.05", True, 5), ("$2", True, 200), ("€12.34", True, 1234), ("£0.00", True, 0),
    ("¥25", True, 2500), ("₹1.10", True, 110), ("1500", False, 1500), ("007", False, 7),
    ("99999999999", False, 99_999_999_999),  # 10**11 - 1: the largest amount in range
    ("100000000000", False, -1),  # 10**11: out of range, the rules report it
    ("$1000000000", True, -1),  # 10**9 dollars are 10**11 cents
    ("$999999999.99", True, 99_999_999_999),
    ("$1,250", True, -1), ("$1.5", True, -1), ("$1.505", True, -1), ("$.50", True, -1),
    ("1.50", False, -1), ("$", True, -1), ("", True, -1), ("$$5", True, -1), ("5$", True, -1),
    ("1234567890123", False, -1),  # 13 digits: left to the rules
    ("\u0665", False, -1),  # an Arabic-Indic five: ASCII digits only
])  # fmt: skip
def test_amounts_worked_out_by_hand(text: str, cents: bool, want: int) -> None:
    line = f"x {text} y"
    assert plain.amount_at(line, 2, 2 + len(text), cents) == want


def test_the_symbols_are_the_money_module_s() -> None:
    assert sorted(plain._SYMBOLS) == sorted(CURRENCY_SYMBOLS)


def _hand(quick: bool, unit: Unit = Unit.CENTS) -> _Body:
    h = _Body("f.txt", 1)
    h.unit = unit
    for seat, name in enumerate(("Ann", "Ann B", "Bob", "Total: pot"), 1):
        h.add_seat(Seat(seat, name, 500, line=seat + 1))
    h.rules = FAST_RULES
    h.seen, h.known = FAST_RULES.seen[unit], FAST_RULES.lines[unit]
    h.quick = quick
    return h


def _read(line: str, quick: bool, unit: Unit = Unit.CENTS) -> tuple[object, ...]:
    h = _hand(quick, unit)
    h.street = Street.SHOWDOWN if "collected" in line else Street.FLOP
    h.show_board = 1
    try:
        known: object = h.read_line(line, 9)
    except ValueError as exc:  # an amount the rules refuse: the same error both ways
        known = type(exc).__name__
    return known, h.actions, h.collects, h.folded, h.ante, h.problems


LINES = [
    "Ann: folds", "Ann B: folds", "Ann: checks", "Bob: calls $0.05", "Bob: bets $2",
    "Bob: calls $1.10 and is all-in", "Ann: raises $0.03 to $0.05",
    "Ann B: raises $3 to $5 and is all-in", "Bob: posts small blind $0.01",
    "Bob: posts big blind $0.02 and is all-in", "Ann: posts small & big blinds $0.03",
    "Ann: posts the ante $0.05", "Ann: posts ante $0.10", "Ann: posts straddle $0.04",
    "Bob collected $1.37 from pot", "Bob collected $1 from main pot",
    "Ann collected $0.20 from side pot-2", "Total: pot: folds", "Total: pot: bets $1",
    # not plain: left to the rules (the same reading, or the same refusal)
    "Ann: folds [Ah Kd]", "Ann: folds (timeout)", "Ann folds", "Bob: calls $1,000",
    "Bob: calls $5 and has reached the $10 cap", "Bob: calls $1.5", "Bob: bets $0.05 ",
    "Bob: calls $0.05 and is all-in!", "Ann: raises $1 to", "Ann: raises $1 $2",
    "Ann: posts big blind", "Ann: posts dead blind $1", "Bob collected $1 from side pot",
    "Bob collected $1 from side pot-0", "Bob collected $1 from side pot 2",
    "Bob collected $1 from the pot", "Bob: calls $10000000000", "Bob: shows [Ah Kd]",
    "Bob: checks it", "Bob:calls $1", "Cy: folds", "Dealt to Bob [Ah Kd 5c 3s]",
    "Bob: shows [Ah Kd 5c 3s] (HI: two pair, Aces and Tens)", "Bob: shows [Ah Kd 5c 3s]",
    "Bob: shows [Ah Kd 5c 3s] ()", "Bob: shows [Ah Kd 5c 3s] (HI: a pair; LO: 8,6,4,2,A)",
    "Bob: shows [Ah Kd 5c 3s] (a (b) c)", "Bob: shows [Ah Kd 5c 3s] x", "Bob: shows [Ah Kd",
    "Bob: shows [Ah Xd 5c 3s] (HI: a pair)", "Bob: shows [] (a)", "Bob: shows [Ah]] (a)",
    "Bob: shows [Ah Kd 5c 3s] (a)x",
]


@pytest.mark.parametrize("line", LINES)
def test_a_line_reads_as_the_rules_read_it(line: str) -> None:
    assert _read(line, True) == _read(line, False)


@pytest.mark.parametrize("line", ["Bob: calls 1500", "Ann: raises 300 to 600 and is all-in",
                                  "Ann: posts the ante 25", "Bob: bets 1.5", "Bob collected 900 from pot"])  # fmt: skip
def test_a_line_in_chips_reads_as_the_rules_read_it(line: str) -> None:
    assert _read(line, True, Unit.CHIPS) == _read(line, False, Unit.CHIPS)


def test_plain_lines_by_hand() -> None:
    known, actions, collects, folded, ante, problems = _read("Ann: raises $0.03 to $0.05", True)
    assert known and not problems
    assert actions == [Action(Street.FLOP, "Ann", ActionKind.RAISE, 3, 5, False, None, 9)]
    known, actions, *_ = _read("Ann B: raises $3 to $5 and is all-in", True)
    assert actions == [Action(Street.FLOP, "Ann B", ActionKind.RAISE, 300, 500, True, None, 9)]
    known, actions, _, folded, *_ = _read("Total: pot: folds", True)
    assert actions == [Action(Street.FLOP, "Total: pot", ActionKind.FOLD, line=9)]
    assert folded == {"Total: pot"}
    known, actions, _, _, ante, _ = _read("Ann: posts the ante $0.05", True)
    assert actions == [Action(Street.PREFLOP, "Ann", ActionKind.POST, 5, post=PostKind.ANTE, line=9)]
    assert ante == 5
    known, _, collects, *_ = _read("Ann collected $0.20 from side pot-2", True)
    assert collects == [Collect("Ann", 20, 2, 1, 9)]
    assert _read("Bob: calls $1,000", True)[1][0].amount == 100_000  # by the rules


def _records(monkeypatch: pytest.MonkeyPatch, quick: bool) -> list[object]:
    monkeypatch.setattr(plain, "QUICK", quick)  # the switch the parse reads for each hand
    monkeypatch.setattr(_lines, "FAST", True)
    return [(r.hand, r.problems, r.skipped) for r in parse_path(FIX)]


def test_every_fixture_reads_alike_with_and_without_the_plain_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert _records(monkeypatch, True) == _records(monkeypatch, False)


def test_doctests() -> None:
    import doctest

    assert doctest.testmod(plain).failed == 0


SEAT_LINES = [
    "Seat 1: Ann ($2 in chips)", "Seat 10: Bob B. ($1,234.56 in chips)",
    "Seat 3: Cy (the) (cat) (€0.05 in chips)", "Seat 4: Dee: x ($5 in chips)",
    "Seat 5:  lead ($5 in chips)", "Seat 6: Eve (1500 in chips)", "Seat 123: Fay ($1.10 in chips)",
    "Seat 1234: Gus ($5 in chips)", "Seat 0001: Gus ($5 in chips)", "Seat 2: Ivy ($5 in chips, $1 bounty)",
    "Seat 8: Gus ($5 in chips) is sitting out", "Seat 2: ($5 in chips)", "Seat 2:  ($5 in chips)",
    "Seat x: Jo ($5 in chips)", "Seat : Jo ($5 in chips)", "Seat 2 Jo ($5 in chips)",
    "Seat 2: Jo (5 x in chips)", "Seat 2: Jo ($1.5 in chips)", "Seat 2: Jo ($1000000000 in chips)",
    "Seat \u0665: Jo ($5 in chips)", "Seat 2: Jo: ($5 in chips)", "Seat 2: J ($5 in chips)",
]  # fmt: skip


@pytest.mark.parametrize("line", SEAT_LINES)
@pytest.mark.parametrize("unit", [Unit.CENTS, Unit.CHIPS])
def test_a_seat_line_seats_as_the_rules_seat(line: str, unit: Unit) -> None:
    from hhtools.grammars.pokerstars.seats import _read_seats

    got = []
    for quick in (True, False):
        h = _Body("f.txt", 1)
        h.unit, h.quick = unit, quick
        at = _read_seats(h, ["PokerStars Hand #1: ...", "Table 'T'", line, "Ann: folds"], 1, 2)
        got.append((at, h.seats, h.problems, h.by_first, h.lone, h.fatal))
    assert got[0] == got[1]


def test_seat_lines_by_hand() -> None:
    h = _Body("f.txt", 1)
    h.unit, h.quick = Unit.CENTS, True
    assert plain.read_seat(h, "Seat 3: Cy (the) ($12.05 in chips)", 4)
    assert plain.read_seat(h, "Seat 10: Bo ($2 in chips)", 5)
    assert not plain.read_seat(h, "Seat 4: Di ($2 in chips) is sitting out", 6)
    assert h.seats == [Seat(3, "Cy (the)", 1205, line=4), Seat(10, "Bo", 200, line=5)]


SUMMARY_LINES = [
    "Total pot $2.86 | Rake $0.12", "Total pot $2.86", "Total pot 1500 | Rake 0",
    "Total pot $2.86 | Rake $0.1", "Total pot $2.86 Main pot $2. Side pot $0.74. | Rake $0.12",
    "Total pot $2.86 | Rake $0.12 | Jackpot $1", "Total pot $1,002.86 | Rake $3",
    "Total pot $2.86 | Rake", "Total pot $2.86  | Rake $0.12",
    "Seat 1: Ann folded before Flop (didn't bet)", "Seat 1: Ann (button) folded before Flop",
    "Seat 2: Ann B (small blind) folded on the Flop", "Seat 2: Ann B (big blind) folded on the Turn",
    "Seat 3: Bob (button) (small blind) folded on the River (didn't bet)",
    "Seat 3: Bob folded before the Flop", "Seat 3: Bob folded on the Flop (didn't bet) ",
    "Seat 3: Bob folded on the Flop!", "Seat 3: Bob folded after the River",
    "Seat 3: Bob (dealer) folded on the Flop", "Seat 1: Ann collected ($1.37)",
    "Seat 1: Ann (button) collected ($1,002)", "Seat 1: Ann collected ($1.5)",
    "Seat 1: Ann collected (1500)", "Seat 1: Bob folded on the Flop", "Seat 9: Cy folded on the Flop",
    "Seat 2: Ann folded on the Flop",  # seat 2 is Ann B's: "Ann" is not the seat's name
    "Seat 4: Total: pot folded on the Turn", "Seat 01: Ann folded on the Flop",
    "Seat 1: Ann showed [Ah Kd 5c 3s] and won ($1.37) with HI: a pair of Aces",
    "Seat 1: Ann mucked [Ah Kd 5c 3s]", "Seat 1: Ann is sitting out",
    "Seat 1: Ann (button) showed [Ah Kd 5c 3s] and lost with HI: two pair, Aces and Tens",
    "Seat 1: Ann showed [Ah Kd 5c 3s] and lost", "Seat 1: Ann showed [Ah Kd 5c 3s] and won ($2)",
    "Seat 1: Ann showed [Ah Kd 5c 3s] and won ($1.37) with HI: a pair; LO: 8,6,4,2,A",
    "Seat 1: Ann showed [Ah Kd 5c 3s] and won $1.37 with HI: a pair",
    "Seat 1: Ann showed [Ah Kd 5c 3s] and won ($1,037) with HI: a pair",
    "Seat 1: Ann showed [Ah Kd 5c 3s] and won ($1.37) with a pair, and lost with a flush",
    "Seat 1: Ann showed [Ah Kd 5c 3s] and won ($1.37) with a pair (cashed out)",
    "Seat 1: Ann showed [Ah Kd 5c 3s] and won ($1.37) with a pair (pot not awarded as player cashed out)",
    "Seat 1: Ann showed [Ah Kd 5c 3s] and won ($1.37) with ", "Seat 1: Ann showed [Ah Kd] and tied",
    "Seat 1: Ann showed [Ah Kd 5c 3s] and lost with", "Seat 1: Ann showed [Ah Qx] and lost",
    "Seat 1: Ann showed [Ah]] and lost", "Seat 1: Ann showed [Ah Kd and lost",
    # a tag or a fold's words cut short or unknown (tried by their letters when compiled)
    "Seat 1: Ann (", "Seat 1: Ann (b", "Seat 1: Ann (big blind", "Seat 1: Ann (s) folded on the Flop",
    "Seat 1: Ann (small blind) (button) folded before the Flop (didn't bet)",
    "Seat 1: Ann (big blind) (big blind) collected ($1)", "Seat 1: Ann folded on",
    "Seat 1: Ann folded before Flo", "Seat 1: Ann folded on the Tur", "Seat 1: Ann folded on the X",
    "Seat 1: Ann folded before the Turn", "Seat 1: Ann folded ",
]  # fmt: skip


@pytest.mark.parametrize("line", SUMMARY_LINES)
@pytest.mark.parametrize("unit", [Unit.CENTS, Unit.CHIPS])
@pytest.mark.parametrize("folded", [False, True])
def test_a_summary_line_reads_as_the_rules_read_it(line: str, unit: Unit, folded: bool) -> None:
    got = []
    for quick in (True, False):
        h = _hand(quick, unit)
        h.summary = True
        if folded:
            h.folded.add("Ann B")
        try:
            known: object = h.read_line(line, 30)
        except ValueError as exc:
            known = type(exc).__name__
        got.append((known, h.total, h.total_line, h.rake, h.pot_parts, h.fees, h.jackpot,
                    h.summary_folds, h.shows, h.hole, h.problems))  # fmt: skip
    assert got[0] == got[1]


def test_summary_lines_by_hand() -> None:
    h = _hand(True)
    assert plain.read_total(h, "Total pot $2.86 | Rake $0.12", 30)
    assert (h.total, h.total_line, h.rake) == (286, 30, 12)
    h.folded.add("Ann")
    assert plain.read_summary_seat(h, "Seat 1: Ann (button) folded before Flop (didn't bet)", 31)
    assert plain.read_summary_seat(h, "Seat 2: Ann B (small blind) folded on the Turn", 32)
    assert plain.read_summary_seat(h, "Seat 3: Bob collected ($1.37)", 33)
    assert not plain.read_summary_seat(h, "Seat 2: Ann folded on the Turn", 34)
    assert h.summary_folds == [("Ann B", Street.TURN, 32)]


_AMOUNTS = ["$0.05", "$2", "€12.34", "1500", "0", "$01.00", "$1,000", "$1.5", "$.50", "$0.055",
            "$", "x", "¥25", "$99999999999", "1,500", "$1.50x"]  # fmt: skip
_TAILS = ["", " and is all-in", " and is all-in ", " and has reached the $10 cap", " x"]
_FORMS = [": calls {a}{t}", ": bets {a}{t}", ": raises {a} to {b}{t}", ": raises {a} to{t}",
          ": posts small blind {a}{t}", ": posts the ante {a}{t}", ": posts straddle {a}{t}",
          " collected {a} from pot{t}", " collected {a} from side pot-3{t}",
          ": shows [Ah Kd 5c 3s] ({a}){t}"]  # fmt: skip


@pytest.mark.parametrize("unit", [Unit.CENTS, Unit.CHIPS])
def test_every_amount_and_tail_reads_as_the_rules_read_it(unit: Unit) -> None:
    """Each form of line with each way of writing its amounts and each ending: the
    quick path reads what the rules read, or leaves the line to them."""
    for form in _FORMS:
        for a in _AMOUNTS:
            for b in ("$0.10", a):
                for t in _TAILS:
                    line = "Bob" + form.format(a=a, b=b, t=t)
                    assert _read(line, True, unit) == _read(line, False, unit), line


def _wide_hand(quick: bool) -> _Body:
    h = _Body("f.txt", 1)
    h.unit = Unit.CENTS
    for seat, name in enumerate(("Zoë", "Ωmega", "\U0001f600 Ann"), 1):
        h.add_seat(Seat(seat, name, 500, line=seat + 1))
    h.rules = FAST_RULES
    h.seen, h.known = FAST_RULES.seen[Unit.CENTS], FAST_RULES.lines[Unit.CENTS]
    h.quick = quick
    h.street = Street.TURN
    return h


WIDE_LINES = [
    "Zoë: raises $0.03 to $0.05", "Ωmega: raises $0.03 to $0.05", "\U0001f600 Ann: bets $2",
    "Ωmega: calls $1.10 and is all-in", "Ωmega: folds", "\U0001f600 Ann: checks",
    "Ωmega: posts big blind $0.02", "Ωmega: calls €1.10 and is all-in", "Ωmega: calls $1 Ω",
    "Ωmega: raises $1 to Ω2", "\U0001f600 Ann collected $1.37 from side pot-2",
]  # fmt: skip


@pytest.mark.parametrize("line", WIDE_LINES)
def test_a_line_of_a_wider_text_reads_as_the_rules_read_it(line: str) -> None:
    """The plain reader's word tests compare one-byte words with texts of 1, 2 and 4
    bytes a character (compiled: by their bytes when both are one byte a character)."""
    got = []
    for quick in (True, False):
        h = _wide_hand(quick)
        got.append((h.read_line(line, 9), h.actions, h.collects, h.folded, h.problems))
    assert got[0] == got[1]


def test_wider_texts_by_hand() -> None:
    h = _wide_hand(True)
    assert h.read_line("Ωmega: raises $0.03 to $0.05 and is all-in", 9)
    assert h.read_line("\U0001f600 Ann: calls $2", 10)
    assert h.actions == [Action(Street.TURN, "Ωmega", ActionKind.RAISE, 3, 5, True, None, 9),
                         Action(Street.TURN, "\U0001f600 Ann", ActionKind.CALL, 200, None, False,
                                None, 10)]  # fmt: skip
    h.summary = True
    assert plain.read_summary_seat(h, "Seat 2: Ωmega (big blind) folded on the Turn", 31)
    assert h.summary_folds == [("Ωmega", Street.TURN, 31)]
    assert plain.read_seat(h, "Seat 4: Ωmeg\u00e4 ($12.05 in chips)", 4)
    assert h.seats[-1] == Seat(4, "Ωmeg\u00e4", 1205, line=4)


def _summary_read(line: str, quick: bool) -> tuple[object, ...]:
    h = _hand(quick)
    h.summary = True
    try:
        known: object = h.read_line(line, 30)
    except ValueError as exc:
        known = type(exc).__name__
    return (known, h.total, h.rake, h.summary_folds, h.shows, h.hole, h.problems)


def test_every_line_cut_short_reads_as_the_rules_read_it() -> None:
    """Compiled, plain.py indexes its lines unchecked (``boundscheck=False``): each index
    is within the line by the test before it. Every line above cut at each of its
    lengths reads as the rules read it (or is left to them), none read past its end."""
    from hhtools.grammars.pokerstars.seats import _read_seats

    for line in LINES + WIDE_LINES:
        for k in range(len(line) + 1):
            assert _read(line[:k], True) == _read(line[:k], False), line[:k]
    for line in SUMMARY_LINES:
        for k in range(len(line) + 1):
            assert _summary_read(line[:k], True) == _summary_read(line[:k], False), line[:k]
    for line in SEAT_LINES:
        for k in range(len(line) + 1):
            got = []
            for quick in (True, False):
                h = _Body("f.txt", 1)
                h.unit, h.quick = Unit.CENTS, quick
                lines = ["PokerStars Hand #1: ...", "Table 'T'", line[:k], "Ann: x"]
                at = _read_seats(h, lines, 1, 2)
                got.append((at, h.seats, h.problems, h.fatal))
            assert got[0] == got[1], line[:k]


def test_amount_at_and_cards_at_refuse_an_i_or_end_off_the_line() -> None:
    """The two readers Python may call with any ``i`` and ``end`` check them first (they
    index the line unchecked when compiled): an ``end`` past the line's end, or an ``i``
    below 0, is an IndexError; up to the very end reads."""
    assert plain.amount_at("$2", 0, 2, True) == 200
    assert plain.amount_at("1500", 1, 4, False) == 500
    out: list[str] = []
    assert plain.cards_at(out, "Ah Kd", 0, 5) == 5 and out == ["Ah", "Kd"]
    for i, end in ((0, 3), (-1, 2), (5, 9)):
        with pytest.raises(IndexError):
            plain.amount_at("$2", i, end, True)
    for i, end in ((0, 6), (-2, 5)):
        with pytest.raises(IndexError):
            plain.cards_at([], "Ah Kd", i, end)


def test_the_longest_seated_name_starting_a_line() -> None:
    """player_prefix (compiled: a name compared with the line's start by memcmp when both
    texts are of one kind, else as str.startswith): names worked out by hand, in texts of
    one, two and four bytes a character and mixed."""
    h = _Body("f.txt", 1)
    h.unit = Unit.CENTS
    for seat, name in enumerate(("Ann", "Ann B", "Zoë", "Ωmega", "\U0001f600 Ann"), 1):
        h.add_seat(Seat(seat, name, 500, line=seat + 1))
    want = {"Ann: folds": "Ann", "Ann B: calls $1": "Ann B", "Ann Bx: folds": "Ann",
            "Ann collected $1 from pot": "Ann", "Ann: says Ω": "Ann", "Ann B: \U0001f600": "Ann B",
            "Zoë: folds": "Zoë", "Ωmega: folds": "Ωmega", "Ωmega collected Ω": "Ωmega",
            "\U0001f600 Ann: checks": "\U0001f600 Ann", "Annie: folds": None, "Ann": None,
            "An": None, "": None, "Ωmegaa: folds": None, "Zoe: folds": None,
            "\U0001f600 An: x": None}  # fmt: skip
    assert {ln: h.player_prefix(ln) for ln in want} == want

"""Hands written to make the audit say something false, each paid right and then wrong.

tests/fixtures/pokerstars/audit_probes_paid_right_and_wrong.txt, worked by hand from
the rules (exactly two hole cards and three board cards; ace-to-five low, 8 or better;
the odd unit of a halving to the high half, of a tied half to the first winner
clockwise from the button). Amounts in cents. A hand paid right has no award finding;
the same hand paid wrong has one per player paid wrong, with the amounts below.

* 390001/2 board 3c 4d 9s Ks 7h, pot 15: Alice's trip kings take the high 8; Bob and
  Carol tie 7-4-3-2-A for the low 7, Bob (seat 2, first left of the button) 4, Carol 3.
  Paid wrong: Bob 3, Carol 4.
* 390003/4 board Kc Qd 9h 8s 2c: no three low board cards, no low; Bob's Js Ts make
  a straight, nine to king: the whole 12. Paid wrong: half to Alice as if a low.
* 390005/6 board 2c 3d 4h Kc Qd: Alice's Ac 2d is counterfeited (no low), her kings
  take the high 6; Bob's 8-7-4-3-2 the low 6. Paid wrong: all 12 to Alice.
* 390007/8 board As Ks Qs Js 2d: Alice's lone Ts cannot make broadway (four board
  cards), high card ace; Bob's nines take 12. Paid wrong: Alice, "a straight".
* 390011/12 five-card Omaha, board 5h 6h 7s 8d Kc: Alice's three hearts make no flush
  (two board hearts), a pair of kings; Bob's 9c Tc a straight: 12. Paid wrong: Alice.
* 390013/14 three all-ins, $2 of Carol's returned: main pot 300 (Alice high 150, Bob
  low 150), side pot 400 (Carol high 200, Bob low 200). Paid wrong: the side pot's
  high to Alice, who is not in it.
* 390016/17 board As Ks Qd 7c 2h, pot 5, Alice (button) and Carol tie broadway:
  Carol, first left of the button among them, 3, Alice 2. Paid wrong: 3 to Alice.
* 390019/20 side pot 402 between Bob and Carol (Alice, all-in short, has the best low
  but is not in it): Bob's jacks the high 201, the low 201 tied 8-7-6-4-3, Bob 101
  (first left of the button) and Carol 100: Bob 302, Carol 100. Paid wrong: 301 / 101.
* 390031/32 three pots: main 400 (Dom's kings high 200, Ann's 7-low 200), side 1 300
  (Dom 150, Ben's 8-low 150), side 2 400 between Cat and Dom, no low: Dom. Paid wrong:
  side 1's low to Cat, who has no low.
* 390021/22 run twice, pot 25: the first board takes 13 (Alice's kings high 7, Bob's
  7-low 6), the second 12 (Bob's full house, no low). Paid wrong: 6 / 7 on the first.
* 390023/24 a tie for a 5-cent pot at a dead button (seat 4 empty: Dan, seat 1, is
  first left of it) and with the button between the winners (Ivy, seat 2, first
  left of button seat 5 after seat 6): both paid 3 to the first, right.
"""

from __future__ import annotations

from pathlib import Path

from hhtools.audit import audit_hand
from hhtools.audit.findings import Finding
from hhtools.ingest.read import parse_file
from hhtools.model.vocab import FindingKind

FIX = Path(__file__).parent / "fixtures" / "pokerstars"

WRONG = {  # hand -> {(player, paid, due)} of its award findings
    "390002": {("Bob", 3, 4), ("Carol", 4, 3)},
    "390004": {("Alice", 6, 0), ("Bob", 6, 12)},
    "390006": {("Alice", 12, 6), ("Bob", 0, 6)},
    "390008": {("Alice", 12, 0), ("Bob", 0, 12)},
    "390012": {("Alice", 12, 0), ("Bob", 0, 12)},
    "390014": {("Alice", 200, 0), ("Carol", 0, 200)},
    "390017": {("Alice", 3, 2), ("Carol", 2, 3)},
    "390020": {("Bob", 301, 302), ("Carol", 101, 100)},
    "390032": {("Cat", 150, 0), ("Ben", 0, 150)},
    "390022": {("Alice", 6, 7), ("Bob", 7, 6)},
}
RIGHT = ("390001", "390003", "390005", "390007", "390011", "390013", "390016", "390019",
         "390031", "390021", "390023", "390024")  # fmt: skip


def _findings(name: str) -> dict[str, tuple[Finding, ...]]:
    out = {}
    for r in parse_file(FIX / name):
        assert r.hand is not None and not r.problems
        out[r.hand.hand_id] = audit_hand(r.hand).findings
    return out


def test_paid_right_says_nothing_paid_wrong_says_who_and_how_much() -> None:
    found = _findings("audit_probes_paid_right_and_wrong.txt")
    assert sorted(found) == sorted(RIGHT + tuple(WRONG))
    award = {h: {(f.player, f.paid, f.due) for f in fs if f.kind is FindingKind.AWARD_MISMATCH}
             for h, fs in found.items()}  # fmt: skip
    assert award == {h: WRONG.get(h, set()) for h in found}
    # the two hands whose site names a hand the rules do not allow (four board cards;
    # three hole cards in five-card Omaha) say so; no other description is wrong
    misread = {(h, f.player) for h, fs in found.items() for f in fs
               if f.kind is FindingKind.DECLARED_MISREAD}  # fmt: skip
    assert misread == {("390008", "Alice"), ("390012", "Alice")}


def test_collect_lines_low_half_first() -> None:
    # 390009: board 2c 3d 4h Kd Ks, pot 12. Bob's 6-high straight beats Alice's wheel
    # for the high (6); Alice's wheel is the low (6). The site writes Alice's line
    # first: paid right. 390030: the same with 2 of rake, taken from the high half:
    # Bob 4, Alice 6, Alice's line first: paid right. 390010: all 12 to Alice: wrong.
    found = _findings("hilo_collect_lines_low_half_first.txt")
    award = {h: {(f.player, f.paid, f.due) for f in fs if f.kind is FindingKind.AWARD_MISMATCH}
             for h, fs in found.items()}  # fmt: skip
    assert award == {"390009": set(), "390030": set(),
                     "390010": {("Alice", 12, 6), ("Bob", 0, 6)}}  # fmt: skip


def test_a_run_twice_finding_names_its_board() -> None:
    # 390022's first board: Alice due 7 (the high of 13), paid 6. A hand run twice
    # says which board, the first included.
    (f, _) = [f for f in _findings("audit_probes_paid_right_and_wrong.txt")["390022"]
              if f.kind is FindingKind.AWARD_MISMATCH]  # fmt: skip
    assert f.explanation.startswith("main pot, board 1: the site paid Alice $0.06, the rules give $0.07")


def test_a_low_named_by_four_ranks_is_checked() -> None:
    """A PokerStars low names five ranks ("LO: 7,4,3,2,A"). Written with four, "LO:
    4,3,2,A" was typed as no claim and went unchecked. No five cards make a low that
    starts 4,3,2,A (a low's top card is at least a five): the words are read as the
    low's first cards, as "8-low" is, and 390001's Bob (Ah 2h with 3c 4d 7h: 7-4-3-2-A)
    is a declared misread; the same four ranks right-way up ("7,4,3,2") agree."""
    from hhtools.grammars.pokerstars import FORMAT
    from hhtools.model.records import HandText

    text = (FIX / "audit_probes_paid_right_and_wrong.txt").read_text("utf-8").split("\n\n\n")[0]
    said = "Bob: shows [Ah 2h 9c Td] (HI: a pair of Nines; LO: 7,4,3,2,A)"
    assert said in text

    def misread(low: str) -> set[tuple[str, str]]:
        ph = FORMAT.parse(HandText(text.replace(said, said.replace("7,4,3,2,A", low)),
                                   "probe.txt", 1, 0))  # fmt: skip
        assert ph.hand is not None and not ph.problems
        return {(f.player, f.explanation) for f in audit_hand(ph.hand).findings
                if f.kind is FindingKind.DECLARED_MISREAD}  # fmt: skip

    assert misread("4,3,2,A") == {
        ("Bob", "the site says Bob's low is 4,3,2,A, but the rules give 7h 4d 3c 2h Ah")}
    assert misread("7,4,3,2") == set()

"""Out-of-turn actions: how many the procedure audit flags, per game and street.

Generates PokerStars Omaha hands with the shared generator (all seven of its games),
then, for every hand and every betting round with two adjacent actions of two
different players, writes a copy of the hand with those two lines swapped, parses it
and runs ``procedure_order`` on it. Also counts the procedure findings of every kind
on the clean hands, which must be none.

    python benchmarks/bench_out_of_turn.py --hands 2000 [--seed 7] [--games plo,plo8]

How a swap is judged out of turn, without the code under test: a small referee of
its own (:func:`due_players`) replays each clean hand from the seat lines, the button
and seed 003 ("the action starts with the player to the left of the big blind, and
continues clockwise"; later rounds start "with the first player to the left of the
dealer who is still in the hand"; heads-up the dealer posts the small blind, seed 002,
so acts first before the flop): the player due at each action is the first player
clockwise after the last one to act who has neither folded nor gone all-in. In a
clean hand that is the player who acts (checked: a hand where it is not is counted
under ``unsure`` and left out). Swapping the actions of A (due) and B (the next to
act) on one street leaves everything before them as it was, so A is still the
player due when B now acts: B acts out of turn, whatever the two actions are (two
checks included: B checked while A was to act). A swap counts only when the referee
confirms this; a swapped hand the grammar cannot read without a problem is counted
under ``problems`` and left out ("judge only what was read").

The same hands are then mutated a second way: one action of B moved two or more
places earlier in its round, over players other than B (A, the first of them, was due
where B now acts: out of turn the same way).

A mutated hand is ``caught`` when ``procedure_order`` gives any finding on it, and
``named`` when one finding is about B's line, names B and says A was to act.
Exits 1 when a confirmed mutation is not named or a clean hand gets a procedure
finding.
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from hhtools.audit.checks import CHECKS
from hhtools.audit.checks.procedure import procedure_order
from hhtools.audit.context import AuditContext
from hhtools.audit.settle import settle
from hhtools.ingest.read import parse_file
from hhtools.model.records import HandHistory

ROOT = Path(__file__).resolve().parents[1]
GEN = ROOT.parent / "shared" / "tools" / "gen_pokerstars.py"
GAMES = "plo,plo8,plo5,plo5hl,courchevel,courchevelhl,plo6"
STREETS = ("preflop", "flop", "turn", "river")
WHAT = ("swapped", "problems", "confirmed", "caught", "named", "more")

_SEAT = re.compile(r"^Seat (\d+): (.+) \((?:[^()]*) in chips\)(.*)$")
_BUTTON = re.compile(r"Seat #(\d+) is the button")
_KINDS = ("folds", "checks", "calls", "bets", "raises")
_MARKS = {
    "*** HOLE CARDS ***": "preflop",
    "*** FLOP ***": "flop",
    "*** TURN ***": "turn",
    "*** RIVER ***": "river",
    "*** SHOW DOWN ***": None,
    "*** SUMMARY ***": None,
}


@dataclass(slots=True)
class Act:
    """One action of the text: a post (``street`` ``"deal"``, not a turn) or a turn."""

    line: int  # 0-based line in the hand's text
    street: str
    player: str
    all_in: bool
    fold: bool


@dataclass(slots=True)
class Swap:
    """One mutated hand: the actions of ``due`` and ``mover`` swapped."""

    hand_id: str
    street: str
    text: str
    line: int  # 0-based line of the hand where the mover's action now is
    mover: str
    due: str


def split_hands(folder: Path) -> list[str]:
    """The hand texts of the generator's files (``\\n`` line ends, no BOM)."""
    out: list[str] = []
    for path in sorted(folder.glob("*.txt")):
        text = path.read_text("utf-8-sig").replace("\r\n", "\n")
        out += [h.strip("\n") for h in re.split(r"\n{3,}", text) if h.strip()]
    return out


def read_acts(text: str) -> tuple[list[str], list[Act]]:
    """The players clockwise from the first left of the button (the button last) and
    the posts and betting actions, read from a PokerStars hand text."""
    lines = text.split("\n")
    button = int(m.group(1)) if (m := _BUTTON.search(lines[1])) else 0
    seats: list[tuple[int, str]] = []
    street: str | None = None
    acts: list[Act] = []
    names: list[str] = []
    dealt = False
    for i, line in enumerate(lines):
        mark = line.split(" [")[0]
        if mark in _MARKS:
            street, dealt = _MARKS[mark], True
            continue
        if not dealt and (m := _SEAT.match(line)):
            if "is sitting out" not in m.group(3):
                seats.append((int(m.group(1)), m.group(2)))
                names = sorted((n for _, n in seats), key=len, reverse=True)
            continue
        who = next((n for n in names if line.startswith(n + ": ")), None)
        if who is None:
            continue
        rest = line[len(who) + 2 :]
        if not dealt and rest.startswith("posts "):
            acts.append(Act(i, "deal", who, rest.endswith("and is all-in"), False))
        if street is None or not rest.startswith(_KINDS):
            continue
        acts.append(Act(i, street, who, rest.endswith("and is all-in"), rest == "folds"))
    seats.sort()
    ring = [n for s, n in seats if s > button] + [n for s, n in seats if s <= button]
    return ring, acts


def due_players(ring: list[str], acts: list[Act]) -> list[str | None]:
    """The player due at each action by the rules (seeds 002, 003), ``None`` when
    nobody can be (everyone left has folded or is all-in); a post gives its poster."""
    out: list[str | None] = []
    out_of_hand: set[str] = set()
    street = None
    prev = ""
    for a in acts:
        if a.street == "deal":
            out.append(a.player)
            if a.all_in:
                out_of_hand.add(a.player)
            continue
        if a.street != street:
            street = a.street
            # preflop: left of the big blind (heads-up the dealer, who posted the small
            # blind, acts first); later: the first left of the dealer
            prev = (ring[0] if len(ring) == 2 else ring[1]) if street == "preflop" else ring[-1]
        k = ring.index(prev)
        order = ring[k + 1 :] + ring[: k + 1]
        out.append(next((p for p in order if p not in out_of_hand), None))
        prev = a.player
        if a.fold or a.all_in:
            out_of_hand.add(a.player)
    return out


def swaps(hand_id: str, text: str, rng: random.Random, jump: bool = False) -> Iterator[Swap | str]:
    """One mutation per street, or ``"unsure"`` where the referee disagrees with the
    clean hand's order.

    A swap exchanges two adjacent actions of two different players; a jump (``jump``)
    moves one action two or more places earlier, over players other than its own,
    in the same round. The place is picked at random among those the street offers.
    """
    ring, acts = read_acts(text)
    due = due_players(ring, acts)
    if any(d != a.player for d, a in zip(due, acts, strict=True)):
        yield "unsure"
        return
    lines = text.split("\n")
    for street in STREETS:
        mine = [a for a in acts if a.street == street]
        places = [
            (i, j)
            for j in range(1, len(mine))
            for i in (range(j - 1) if jump else (j - 1,))
            if mine[j].line - mine[i].line == j - i  # lines next to each other
            and all(x.player != mine[j].player for x in mine[i:j])
        ]
        if not places:
            continue
        i, j = rng.choice(places)
        first, moved = mine[i].line, mine[j].line
        new = lines[:first] + [lines[moved]] + lines[first:moved] + lines[moved + 1 :]
        yield Swap(hand_id, street, "\n".join(new), first, mine[j].player, mine[i].player)


def game_of(hand: HandHistory) -> str:
    """``omaha5-hilo``: the game as the CLI names it."""
    return hand.game.variant.value + ("-hilo" if hand.game.hi_lo else "")


def names_it(explanation: str, due: str) -> bool:
    """The finding's words say ``due`` was the player to act (in the words of the check
    before issue 24 too, so that its numbers can be measured the same way)."""
    words = (f"{due} was to act", f"{due} was next", f"({due}) begins")
    return any(w in explanation for w in words)


def measure(
    hands: list[str], seed: int, work: Path, jump: bool = False
) -> tuple[Counter[tuple[str, ...]], list[str]]:
    """Mutate (swap, or jump with ``jump``), parse and check every hand; return the
    counts and the first misses.

    Counts are keyed ``(game, street, what)`` with ``what`` one of :data:`WHAT`
    (``more``: swapped hands with more than one ``procedure_order`` finding), and
    ``(game, "clean", what)`` for the clean hands: ``hands`` and ``flagged`` (any
    procedure finding); ``("all", "clean", "unsure")`` counts the hands where the
    referee disagrees with the generator (none are swapped).
    """
    rng = random.Random(seed)
    counts: Counter[tuple[str, ...]] = Counter()
    misses: list[str] = []
    by_street: dict[str, list[Swap]] = {s: [] for s in STREETS}
    for text in hands:
        hid = re.search(r"Hand #(\d+)", text.split("\n", 1)[0])
        for sw in swaps(hid.group(1) if hid else "", text, rng, jump):
            if isinstance(sw, str):
                counts[("all", "clean", sw)] += 1
            else:
                by_street[sw.street].append(sw)
    clean = work / "clean.txt"
    clean.write_text("\n\n\n".join(hands) + "\n", "utf-8")
    games: dict[str, str] = {}
    for r in parse_file(clean):
        if r.hand is None:
            continue
        g = games[r.hand.hand_id] = game_of(r.hand)
        counts[(g, "clean", "hands")] += 1
        s = settle(r.hand)
        kinds = {f.kind.value for c in CHECKS for f in c(AuditContext(r.hand, s))}
        if any(k.startswith("procedure_") for k in kinds):
            counts[(g, "clean", "flagged")] += 1
            misses.append(f"clean hand {r.hand.hand_id} flagged: {sorted(kinds)}")
    for street, todo in by_street.items():
        path = work / f"swapped_{street}.txt"
        starts: list[int] = []
        n = 1
        for sw in todo:
            starts.append(n)
            n += sw.text.count("\n") + 3
        path.write_text("\n\n\n".join(sw.text for sw in todo) + "\n", "utf-8")
        results = [r for r in parse_file(path) if r.hand_id is not None]
        for sw, first, r in zip(todo, starts, results, strict=True):
            g = games.get(sw.hand_id, "?")
            counts[(g, street, "swapped")] += 1
            if r.hand is None or r.problems:
                counts[(g, street, "problems")] += 1
                continue
            counts[(g, street, "confirmed")] += 1
            found = list(procedure_order(AuditContext(r.hand, settle(r.hand))))
            line = first + sw.line
            if found:
                counts[(g, street, "caught")] += 1
            if len(found) > 1:
                counts[(g, street, "more")] += 1
            if any(f.line == line and f.player == sw.mover and names_it(f.explanation, sw.due)
                   for f in found):  # fmt: skip
                counts[(g, street, "named")] += 1
            elif len(misses) < 200:
                got = "; ".join(f.explanation for f in found) or "no finding"
                misses.append(f"{g} {street} hand {sw.hand_id}: {sw.mover} before {sw.due} "
                              f"(line {line}): {got}")  # fmt: skip
    return counts, misses


def report(counts: Counter[tuple[str, ...]]) -> str:
    """The counts as a table: per game and street, caught and named out of confirmed."""
    games = sorted({g for g, _, _ in counts if g != "all"})
    head = ("game", "street", *WHAT[:5], "named %", WHAT[5])
    rows = ["{:<18}{:<9}{:>8}{:>9}{:>10}{:>8}{:>8}{:>9}{:>6}".format(*head)]
    for g in [*games, "all games"]:
        for st in STREETS:
            keys = games if g == "all games" else [g]
            c = [sum(counts[(k, st, w)] for k in keys) for w in WHAT]
            if not c[0]:
                continue
            pct = f"{100 * c[4] / c[2]:.1f}%" if c[2] else "-"
            rows.append(
                "{:<18}{:<9}{:>8}{:>9}{:>10}{:>8}{:>8}{:>9}{:>6}".format(g, st, *c[:5], pct, c[5])
            )
    hands = sum(counts[(g, "clean", "hands")] for g in games)
    flagged = sum(counts[(g, "clean", "flagged")] for g in games)
    unsure = counts[("all", "clean", "unsure")]
    rows.append(
        f"clean hands: {hands}, with a procedure finding: {flagged}, referee unsure: {unsure}"
    )
    return "\n".join(rows)


def generate(hands: int, seed: int, games: str, out: Path) -> list[str]:
    """Run the shared generator and return its hand texts."""
    subprocess.run(
        [sys.executable, str(GEN), "--hands", str(hands), "--seed", str(seed), "--out",
         str(out), "--games", games, "--workers", "1"],
        check=True, capture_output=True,
    )  # fmt: skip
    return split_hands(out)


def main(argv: list[str] | None = None) -> int:
    """Generate, mutate, check; print the tables. Exit 1 on a miss or a false finding."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--games", default=GAMES)
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    missed = 0
    with tempfile.TemporaryDirectory() as tmp:
        texts = generate(a.hands, a.seed, a.games, Path(tmp) / "gen")
        for jump, what in ((False, "two adjacent actions swapped"),
                           (True, "one action moved two or more places earlier")):  # fmt: skip
            counts, misses = measure(texts, a.seed, Path(tmp), jump)
            print(f"{what} ({a.hands} hands, seed {a.seed}):")
            print(report(counts))
            for m in misses[:20]:
                print(m)
            missed += len(misses)
    print(f"{time.perf_counter() - t0:.1f} s")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())

"""The HTML hand replay (``hhtools show --html``, :mod:`hhtools.reports.replay_html`).

Each hand is imported from a fixture into a temporary store; the facts asserted (pot
amounts, who could win each pot, the winners' five cards and the two hole cards they
used, paid and due, nets) are worked out by hand from the fixture's text. The page is
read with the standard library's ``html.parser``.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.reports.replay_html import REPLAY_CSS, replay_fragment, replay_page
from hhtools.store.api import connect
from tests.storerows import import_db

FIXTURES = Path(__file__).parent / "fixtures"
VOID = {"meta", "br", "img", "link", "input", "hr", "col", "wbr"}


class Node:
    """An element of the parsed page: tag, attributes, children, text."""

    def __init__(self, tag: str, attrs: dict[str, str], parent: Node | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Node] = []
        self.parts: list[str | Node] = []

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def text(self) -> str:
        """The element's text, its children's included, spaces collapsed."""
        out = "".join(p if isinstance(p, str) else p.text() for p in self.parts)
        return " ".join(out.split())

    def all(self, cls: str | None = None, tag: str | None = None,
            **attrs: str) -> list[Node]:  # fmt: skip
        """Every element under this one with the class, tag and attributes given."""
        found = []
        for c in self.children:
            if ((cls is None or cls in c.classes) and (tag is None or c.tag == tag)
                    and all(c.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items())):
                found.append(c)
            found += c.all(cls, tag, **attrs)
        return found

    def one(self, cls: str | None = None, tag: str | None = None, **attrs: str) -> Node:
        """The only element matching, asserted."""
        found = self.all(cls, tag, **attrs)
        assert len(found) == 1, (cls, tag, attrs, len(found))
        return found[0]

    def cards(self, used: bool | None = None) -> list[str]:
        """The cards drawn under this element (``data-card``), all or used/unused."""
        return [c.attrs["data-card"] for c in self.all("rp-card")
                if used is None or ("rp-used" in c.classes) == used]  # fmt: skip


class Tree(HTMLParser):
    """Builds :class:`Node` s and notes every src/href and the style text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.cur = self.root
        self.links: list[str] = []
        self.style = ""
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs}, self.cur)
        self.tags.append(tag)
        self.links += [v or "" for k, v in attrs if k in ("src", "href")]
        self.cur.children.append(node)
        self.cur.parts.append(node)
        if tag not in VOID:
            self.cur = node

    def handle_endtag(self, tag: str) -> None:
        node = self.cur
        while node is not self.root and node.tag != tag:
            node = node.parent  # type: ignore[assignment]
        assert node is not self.root, f"</{tag}> closes nothing"
        self.cur = node.parent  # type: ignore[assignment]

    def handle_data(self, data: str) -> None:
        if self.cur.tag == "style":
            self.style += data
        self.cur.parts.append(data)


def parse(page: str) -> Tree:
    tree = Tree()
    tree.feed(page)
    tree.close()
    assert tree.cur is tree.root, "an element is left open"
    return tree


def hand_data(tmp_path: Path, fixture: Path, hand_id: str) -> dict[str, Any]:
    db = import_db([fixture], tmp_path / "replay.duckdb")
    store = connect(db)
    try:
        return store.hand(hand_id)
    finally:
        store.close()


def pots_of(root: Node) -> dict[tuple[str, str], Node]:
    return {(p.attrs["data-board"], p.attrs["data-pot"]): p for p in root.all("rp-pot")}


def awards_of(pot: Node) -> set[tuple[str, str, str, str]]:
    return {(r.attrs["data-player"], r.attrs["data-half"], r.one("rp-paid").text(),
             r.one("rp-due").text()) for r in pot.all(tag="tr") if "data-player" in r.attrs}


def nets_of(root: Node) -> dict[str, str]:
    table = root.one("rp-nets")
    return {r.attrs["data-player"]: r.all("rp-net")[0].text()
            for r in table.all(tag="tr") if "data-player" in r.attrs}  # fmt: skip


def no_external_fetch(tree: Tree) -> None:
    assert not [u for u in tree.links if u.lower().startswith(("http:", "https:", "//"))]
    assert "http" not in tree.style and "@import" not in tree.style
    assert not {"script", "img", "link", "iframe", "object", "embed"} & set(tree.tags)


# --------------------------------------------------------------- hi/lo, side pot, split
BOVADA = FIXTURES / "bovada" / "hilo_side_pot_rake_printed.txt"


@pytest.fixture(scope="module")
def bovada(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return hand_data(tmp_path_factory.mktemp("bovada"), BOVADA, "3000000001")


def test_page_is_self_contained_and_names_the_hand(bovada: dict[str, Any]) -> None:
    page = replay_page(bovada)
    tree = parse(page)
    assert page.startswith("<!DOCTYPE html>")
    no_external_fetch(tree)
    section = tree.root.one("replay", tag="section")
    assert section.attrs["id"] == "hand-bovada-3000000001"
    assert REPLAY_CSS.strip() in tree.style


def test_fragment_is_one_section_without_a_page(bovada: dict[str, Any]) -> None:
    fragment = replay_fragment(bovada)
    tree = parse(fragment)
    assert "html" not in tree.tags and "body" not in tree.tags and "style" not in tree.tags
    assert [c.tag for c in tree.root.children] == ["section"]
    assert tree.root.children[0].attrs["id"] == "hand-bovada-3000000001"


def test_table_seats_button_stacks_and_hole_cards(bovada: dict[str, Any]) -> None:
    root = parse(replay_fragment(bovada)).root
    seats = {s.attrs["data-player"]: s for s in root.all("rp-seat")}
    assert set(seats) == {"Dealer", "Small Blind", "Big Blind", "UTG"}
    assert [n for n, s in seats.items() if s.all("rp-btn")] == ["Dealer"]  # dealer spot 1
    assert seats["Small Blind"].one("rp-stack").text() == "$2.00"
    assert seats["Big Blind"].one("rp-stack").text() == "$10.00"
    # Bovada prints every hand dealt
    assert seats["UTG"].cards() == ["7c", "7d", "6s", "5h"]
    assert seats["Big Blind"].cards() == ["Ah", "3c", "Ts", "Th"]
    assert "rp-folded" in seats["UTG"].classes and "rp-folded" in seats["Dealer"].classes


def test_streets_actions_and_pot_after_each(bovada: dict[str, Any]) -> None:
    root = parse(replay_fragment(bovada)).root
    streets = {s.attrs["data-street"]: s for s in root.all("rp-street")}
    assert list(streets) == ["preflop", "flop", "turn", "river"]
    assert streets["flop"].cards() == ["2h", "5c", "8d"]
    assert streets["turn"].cards() == ["Kh"] and streets["river"].cards() == ["Qs"]
    pre = [li.text() for li in streets["preflop"].all(tag="li")]
    assert pre == ["Small Blind posts small blind $0.10", "Big Blind posts big blind $0.25",
                   "UTG folds", "Dealer raises $0.60 to $0.85",
                   "Small Blind raises $1.15 to $2.00 and is all-in",
                   "Big Blind calls $1.75", "Dealer calls $1.15"]  # fmt: skip
    # 0.10 + 0.25 + 0.85 + 1.90 + 1.75 + 1.15 = 6.00; the flop adds 3 + 3; the river's
    # $4 bet is folded to and returned
    pots = {k: s.one("rp-amount").text() for k, s in streets.items()}
    assert pots == {"preflop": "$6.00", "flop": "$12.00", "turn": "$12.00", "river": "$12.00"}
    assert "uncalled bet $4.00 returned to Big Blind" in streets["river"].text()


def test_pots_eligible_halves_and_the_hole_cards_used(bovada: dict[str, Any]) -> None:
    root = parse(replay_fragment(bovada)).root
    pots = pots_of(root)
    main, side = pots[("0", "0")], pots[("0", "1")]
    # main: $2.00 from each of Dealer, Small Blind (all-in) and Big Blind = $6.00 less
    # half of the $0.60 rake; the Dealer folded on the river, UTG preflop
    assert main.one("rp-amount").text() == "$5.70"
    assert {li.text() for li in main.all("rp-elig")} == {"Small Blind", "Big Blind"}
    # side: the $3 flop bets of Big Blind and Dealer, less rake; only Big Blind is left
    assert side.one("rp-amount").text() == "$5.70"
    assert [li.text() for li in side.all("rp-elig")] == ["Big Blind"]
    # high: Small Blind's Qd 2s with Qs 2h Kh, two pair; Big Blind has one pair of tens
    high = main.one("rp-half", data_half="high")
    assert high.attrs["data-player"] == "Small Blind"
    assert sorted(high.cards()) == sorted(["Qd", "Qs", "2s", "2h", "Kh"])
    assert sorted(high.cards(used=True)) == ["2s", "Qd"]
    assert sorted(high.cards(used=False)) == ["2h", "Kh", "Qs"]
    # low: Big Blind's Ah 3c with 2h 5c 8d, 8-5-3-2-A; Small Blind's A2 pairs the board deuce
    low = main.one("rp-half", data_half="low")
    assert low.attrs["data-player"] == "Big Blind"
    assert sorted(low.cards()) == sorted(["8d", "5c", "3c", "2h", "Ah"])
    assert sorted(low.cards(used=True)) == ["3c", "Ah"]
    assert "8,5,3,2,A" in low.text()
    assert "uncontested" in side.text()


def test_paid_due_and_nets(bovada: dict[str, Any]) -> None:
    root = parse(replay_fragment(bovada)).root
    pots = pots_of(root)
    assert awards_of(pots[("0", "0")]) == {("Small Blind", "all", "$2.85", "$2.85"),
                                           ("Big Blind", "all", "$2.85", "$2.85")}
    assert awards_of(pots[("0", "1")]) == {("Big Blind", "all", "$5.70", "$5.70")}
    assert not root.all(tag="tr", cls="rp-diff")
    # Dealer: 0.85 + 1.15 + 3 in; Small Blind: 2.85 back for 2.00; Big Blind: 9.00 in,
    # 4.00 returned, 8.55 collected
    assert nets_of(root) == {"Dealer": "-$5.00", "Small Blind": "+$0.85",
                             "Big Blind": "+$3.55", "UTG": "$0.00"}  # fmt: skip


def test_show_html_writes_the_default_file(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    db = import_db([BOVADA], tmp_path / "cli.duckdb")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["show", "3000000001", "--db", str(db), "--html"])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "hand-bovada-3000000001.html").read_text(encoding="utf-8")
    assert parse(page).root.one("replay").attrs["id"] == "hand-bovada-3000000001"
    out = tmp_path / "sub" / "x.html"
    out.parent.mkdir()
    result = CliRunner().invoke(app, ["show", "3000000001", "--db", str(db), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == page


# --------------------------------------------------------------------------- Courchevel
def test_courchevel_first_card_before_the_flop(tmp_path: Path) -> None:
    fixture = FIXTURES / "pokerstars" / "courchevel_hilo_play_money_preflop_card.txt"
    root = parse(replay_fragment(hand_data(tmp_path, fixture, "250000000008"))).root
    streets = {s.attrs["data-street"]: s for s in root.all("rp-street")}
    assert streets["preflop"].one(tag="h3").cards() == ["2s"]
    assert streets["flop"].one(tag="h3").cards() == ["5h", "6c"]
    # 25 + 50 + 25 preflop, 100 + 100 on the flop, checked down
    assert streets["preflop"].one("rp-amount").text() == "100"
    assert streets["river"].one("rp-amount").text() == "300"
    pot = pots_of(root)[("0", "0")]
    assert pot.one("rp-amount").text() == "300"
    assert {li.text() for li in pot.all("rp-elig")} == {"Quinn", "Rosa"}
    # high: Quinn's nines (9c 9h) with Jd Td 6c beat Rosa's ace high
    high = pot.one("rp-half", data_half="high")
    assert high.attrs["data-player"] == "Quinn"
    assert sorted(high.cards(used=True)) == ["9c", "9h"]
    assert sorted(high.cards(used=False)) == ["6c", "Jd", "Td"]
    # low: Rosa's Ah 3d with 2s 5h 6c (6-5-3-2-A) beat Quinn's 7-6-5-4-2
    low = pot.one("rp-half", data_half="low")
    assert low.attrs["data-player"] == "Rosa"
    assert sorted(low.cards(used=True)) == ["3d", "Ah"]
    assert awards_of(pot) == {("Quinn", "high", "150", "150"), ("Rosa", "low", "150", "150")}
    assert nets_of(root) == {"Quinn": "0", "Rosa": "0"}


# ------------------------------------------------------------------------ run it twice
def test_run_twice_boards_where_they_were_dealt(tmp_path: Path) -> None:
    fixture = FIXTURES / "pokerstars" / "run_it_twice_shared_flop.txt"
    root = parse(replay_fragment(hand_data(tmp_path, fixture, "300000001004"))).root
    streets = {s.attrs["data-street"]: s for s in root.all("rp-street")}
    flop = streets["flop"].all("rp-dealt")
    assert [d.cards() for d in flop] == [["2h", "7d", "Tc"]]  # dealt once
    assert [d.cards() for d in streets["turn"].all("rp-dealt")] == [["Kh"], ["Qd"]]
    assert [d.cards() for d in streets["river"].all("rp-dealt")] == [["3s"], ["6h"]]
    runs = root.all("rp-run")
    assert [r.cards() for r in runs] == [["2h", "7d", "Tc", "Kh", "3s"],
                                         ["2h", "7d", "Tc", "Qd", "6h"]]  # fmt: skip
    pots = pots_of(root)
    # $200 less $2 rake, half on each board
    assert pots[("0", "0")].one("rp-amount").text() == "$99.00"
    assert pots[("1", "0")].one("rp-amount").text() == "$99.00"
    # board 1: Quin's aces (As Ac) with Kh Tc 7d beat Rob's jacks
    one = pots[("0", "0")].one("rp-half", data_half="high")
    assert one.attrs["data-player"] == "Quin"
    assert sorted(one.cards(used=True)) == ["Ac", "As"]
    # board 2: Quin's 9s 8s with Tc 7d 6h make a straight, six to ten
    two = pots[("1", "0")].one("rp-half", data_half="high")
    assert sorted(two.cards(used=True)) == ["8s", "9s"]
    assert sorted(two.cards(used=False)) == ["6h", "7d", "Tc"]
    assert awards_of(pots[("1", "0")]) == {("Quin", "all", "$99.00", "$99.00")}
    assert nets_of(root) == {"Quin": "+$98.00", "Rob": "-$100.00"}


# ---------------------------------------------------------------------- hostile names
HOSTILE = "<u>Fr&nk \"F\" 'x'</u>"


def test_hostile_player_name_is_escaped(tmp_path: Path) -> None:
    text = (FIXTURES / "pokerstars" / "stats_hilo_cbet_raise_quartered.txt").read_text()
    fixture = tmp_path / "hostile.txt"
    fixture.write_text(text.replace("Frank", HOSTILE), encoding="utf-8")
    page = replay_page(hand_data(tmp_path, fixture, "300000000006"))
    tree = parse(page)
    assert "u" not in tree.tags  # the name's tags stayed text
    assert "&lt;u&gt;Fr&amp;nk &quot;F&quot;" in page
    root = tree.root
    names = {s.attrs["data-player"] for s in root.all("rp-seat")}
    assert names == {"Dave", "Alice", HOSTILE}
    seat = root.one("rp-seat", data_player=HOSTILE)
    assert seat.one("rp-name").text() == HOSTILE
    # low quartered: the hostile name's 4d 3d and Dave's 4h 3c, each with 7d 2s Ac
    pot = pots_of(root)[("0", "0")]
    lows = {h.attrs["data-player"]: sorted(h.cards(used=True))
            for h in pot.all("rp-half", data_half="low")}  # fmt: skip
    assert lows == {HOSTILE: ["3d", "4d"], "Dave": ["3c", "4h"]}
    assert awards_of(pot) == {(HOSTILE, "low", "$2.48", "$2.48"),
                              ("Dave", "low", "$2.48", "$2.48"),
                              ("Dave", "high", "$4.96", "$4.96")}  # fmt: skip
    # Frank: 0.10 + 0.25, 2.40 on the flop, 2.00 on the river = 4.75 in, 2.48 back
    assert nets_of(root) == {"Dave": "+$2.69", "Alice": "-$0.95", HOSTILE: "-$2.27"}
    no_external_fetch(tree)

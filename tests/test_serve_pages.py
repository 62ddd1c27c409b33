"""The pages of ``hhtools serve`` over HTTP (hhtools.serve.pages) and the replay's JSON
(hhtools.serve.replay_data), without a browser (tests/test_serve_browser.py drives one).

The replay's facts are worked out by hand from the fixtures' text (the same hands as
tests/test_replay_html.py, which asserts the report's replayer on them): the served
replayer must say what the report says.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi import FastAPI  # noqa: E402
from fastapi.staticfiles import StaticFiles  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from hhtools.reports.replay_html import REPLAY_CSS  # noqa: E402
from hhtools.serve.app import create_app  # noqa: E402
from hhtools.serve.pages import PAGES, STATIC_DIR, register_pages  # noqa: E402
from hhtools.serve.replay_data import replay_data  # noqa: E402
from hhtools.store.api import connect  # noqa: E402
from tests.storerows import import_db  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures"
BOVADA = FIXTURES / "bovada" / "hilo_side_pot_rake_printed.txt"
COURCHEVEL = FIXTURES / "pokerstars" / "courchevel_hilo_play_money_preflop_card.txt"
RUN_TWICE = FIXTURES / "pokerstars" / "run_it_twice_shared_flop.txt"

#: a page URL of each kind
URLS = {"overview": "/", "players": "/players", "player": "/players/Big%20Blind",
        "hands": "/hands", "hand": "/hands/bovada/3000000001?player=Dealer",
        "findings": "/findings", "problems": "/problems", "imports": "/imports"}  # fmt: skip


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_db([BOVADA, COURCHEVEL, RUN_TWICE],  # type: ignore[no-any-return]
                     tmp_path_factory.mktemp("pages") / "pages.duckdb")  # fmt: skip


@pytest.fixture(scope="module")
def client(store: Path) -> TestClient:
    return TestClient(create_app(store))


def view_of(store: Path, hand_id: str) -> dict[str, Any]:
    hs = connect(store)
    try:
        return replay_data(hs.hand(hand_id))
    finally:
        hs.close()


# -- the shells ----------------------------------------------------------------------------


def test_every_kind_of_page_has_a_url() -> None:
    assert set(URLS) == set(PAGES)


@pytest.mark.parametrize("kind", sorted(URLS))
def test_page_is_a_shell_of_its_kind_with_local_scripts(client: TestClient, kind: str) -> None:
    res = client.get(URLS[kind])
    assert res.status_code == 200
    assert res.headers["content-type"].startswith("text/html")
    policy = res.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy.split("style-src")[0]
    page = res.text
    assert f'<body data-page="{kind}">' in page
    # nothing fetched from elsewhere: every src and href is a path on this server
    links = re.findall(r'(?:src|href)="([^"]*)"', page)
    assert links and all(u.startswith("/") for u in links), links
    # every script and style the page names is served
    for url in re.findall(r'(?:src|href)="(/static/[^"]*)"', page):
        assert client.get(url).status_code == 200, url
    # the chart library only where a chart is drawn, the replayer only on a hand
    assert ("/static/plotly.min.js" in page) == (kind in ("overview", "player"))
    assert ("/static/hh-replay.js" in page) == (kind == "hand")
    # hh-pages.js draws the page: it comes after the scripts it uses
    scripts = re.findall(r'<script src="/static/([^"]+)"', page)
    assert scripts[-1] == "hh-pages.js" and scripts.index("hh-core.js") < scripts.index("hh-ui.js")


def test_a_name_in_the_url_is_not_in_the_page(client: TestClient) -> None:
    # the shell is the same for every player: the script reads the name and sets it as text
    hostile = "/players/%3Cscript%3Ealert(1)%3C%2Fscript%3E"
    page = client.get(hostile).text
    assert page == client.get("/players/Big%20Blind").text
    assert "alert(1)" not in page and "<script>" not in page.replace("<script src=", "")


def test_forms_words_are_the_stores_vocabulary(client: TestClient) -> None:
    page = client.get("/players").text
    raw = page.split('<script type="application/json" id="vocab">')[1].split("</script>")[0]
    vocab = json.loads(raw)
    # the positions of hhtools stats --position, the hole-card classes of --hand-class
    assert {"UTG", "BTN", "SB", "BB"} <= set(vocab["positions"])
    assert {"pair", "double_suited", "rundown", "a2"} <= {k for k, _ in vocab["hand_classes"]}
    assert ["award_mismatch", "paid"] in vocab["finding_kinds"]
    assert ["holdem_misread_prone", "warning"] in vocab["finding_kinds"]
    assert {"omaha", "omaha-hilo", "omaha5", "courchevel"} <= set(vocab["games"])
    assert {v for v, _ in vocab["limits"]} == {"pot_limit", "no_limit", "limit"}


def test_plotly_comes_from_the_plotly_package(client: TestClient) -> None:
    import plotly

    shipped = (Path(plotly.__file__).parent / "package_data" / "plotly.min.js").read_bytes()
    plain = client.get("/static/plotly.min.js", headers={"Accept-Encoding": "identity"})
    assert plain.status_code == 200 and plain.content == shipped
    assert "content-encoding" not in plain.headers
    assert plain.headers["content-type"].startswith("text/javascript")
    # gzipped when the browser takes it, well under the 2 MB a response may weigh
    raw = client.build_request("GET", "/static/plotly.min.js",
                               headers={"Accept-Encoding": "gzip"})  # fmt: skip
    packed = client.send(raw, stream=True)
    body = b"".join(packed.iter_raw())
    assert packed.headers["content-encoding"] == "gzip"
    assert len(body) < 2_000_000 and gzip.decompress(body) == shipped
    assert not (STATIC_DIR / "plotly.min.js").exists()  # no copy in the repository


def test_the_replayer_wears_the_reports_style(client: TestClient) -> None:
    res = client.get("/static/replay.css")
    assert res.status_code == 200 and res.text == REPLAY_CSS
    assert res.headers["content-type"].startswith("text/css")


def test_static_mounted_first_does_not_hide_the_library_or_the_style() -> None:
    app = FastAPI()
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    register_pages(app)
    client = TestClient(app)
    assert client.get("/static/replay.css").text == REPLAY_CSS
    assert client.get("/static/plotly.min.js").status_code == 200
    assert client.get("/static/hh-core.js").status_code == 200
    assert client.get("/").status_code == 200


def test_no_script_writes_markup_from_a_string() -> None:
    # every text from the store is set with textContent / createTextNode: no script
    # parses HTML (innerHTML, outerHTML, insertAdjacentHTML, document.write)
    for path in STATIC_DIR.glob("*.js"):
        code = path.read_text(encoding="utf-8")
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
            assert sink not in code, (path.name, sink)


# -- the replay's facts --------------------------------------------------------------------


def test_replay_streets_actions_and_pots_after(store: Path) -> None:
    view = view_of(store, "3000000001")
    json.dumps(view)  # plain JSON
    streets = {s["street"]: s for s in view["streets"]}
    assert list(streets) == ["preflop", "flop", "turn", "river"]
    assert streets["flop"]["dealt"] == [["2h", "5c", "8d"]]
    assert streets["turn"]["dealt"] == [["Kh"]] and streets["river"]["dealt"] == [["Qs"]]
    assert streets["river"]["board"] == [["2h", "5c", "8d", "Kh", "Qs"]]
    pre = [f"{a['player']} {a['text']}" for a in streets["preflop"]["actions"]]
    assert pre == ["Small Blind posts small blind $0.10", "Big Blind posts big blind $0.25",
                   "UTG folds", "Dealer raises $0.60 to $0.85",
                   "Small Blind raises $1.15 to $2.00 and is all-in",
                   "Big Blind calls $1.75", "Dealer calls $1.15"]  # fmt: skip
    # chips each action adds: 0.10 + 0.25 + 0 + 0.85 + 1.90 + 1.75 + 1.15 = 6.00
    assert [a["added"] for a in streets["preflop"]["actions"]] == [10, 25, 0, 85, 190, 175, 115]
    assert [a["kind"] for a in streets["preflop"]["actions"]][2] == "fold"
    # the flop adds 3 + 3; the river's $4 bet is folded to and returned
    assert {k: s["pot_after"] for k, s in streets.items()} == {
        "preflop": 600, "flop": 1200, "turn": 1200, "river": 1200}
    assert streets["river"]["returned"] == [["Big Blind", 400]]
    assert view["hand"]["pot_words"] == "total pot $12.00, rake $0.60"
    assert view["hand"]["currency"] == "USD" and view["hand"]["hi_lo"] is True


def test_replay_seats_pots_fives_awards_and_nets(store: Path) -> None:
    view = view_of(store, "3000000001")
    seats = {s["player"]: s for s in view["seats"]}
    assert [p for p, s in seats.items() if s["is_button"]] == ["Dealer"]
    assert (seats["Small Blind"]["stack"], seats["Big Blind"]["stack"]) == (200, 1000)
    assert seats["Big Blind"]["hole_cards"] == ["Ah", "3c", "Ts", "Th"]
    assert seats["Big Blind"]["is_hero"] is True  # [ME]
    assert (seats["UTG"]["folded"], seats["Dealer"]["folded"]) == ("preflop", "river")
    main, side = view["pots"]
    # main: $2.00 from each of three players, less half the $0.60 rake
    assert (main["name"], main["net"], sorted(main["eligible"])) == (
        "main pot", 570, ["Big Blind", "Small Blind"])
    # side: the $3 flop bets of Big Blind and Dealer less rake; the Dealer folded
    assert (side["name"], side["net"], side["eligible"], side["uncontested"]) == (
        "side pot 1", 570, ["Big Blind"], True)
    high, low = main["halves"]
    (winner,) = high["winners"]
    assert winner["player"] == "Small Blind"
    assert sorted(winner["five"]["cards"]) == sorted(["Qd", "Qs", "2s", "2h", "Kh"])
    assert sorted(winner["five"]["hole"]) == ["2s", "Qd"]  # the two hole cards used
    (lower,) = low["winners"]
    assert lower["player"] == "Big Blind" and sorted(lower["five"]["hole"]) == ["3c", "Ah"]
    assert lower["five"]["words"] == "8,5,3,2,A"
    assert {(a["player"], a["half"], a["paid"], a["due"], a["differs"]) for a in main["awards"]} \
        == {("Small Blind", "all", 285, 285, False), ("Big Blind", "all", 285, 285, False)}
    # Dealer: 0.85 + 1.15 + 3 in; Small Blind: 2.85 back for 2.00; Big Blind: 9.00 in,
    # 4.00 returned, 8.55 collected
    assert {n["player"]: n["net"] for n in view["nets"]} == {
        "Dealer": -500, "Small Blind": 85, "Big Blind": 355, "UTG": 0}
    assert all(n["net"] == n["net_by_rules"] for n in view["nets"])
    assert view["findings"] == []


def test_replay_courchevel_card_before_the_flop_and_chips(store: Path) -> None:
    view = view_of(store, "250000000008")
    assert view["courchevel"] is True and view["hand"]["currency"] == "PLAY"
    streets = {s["street"]: s for s in view["streets"]}
    assert streets["preflop"]["dealt"] == [["2s"]] and streets["preflop"]["board"] == [["2s"]]
    assert streets["flop"]["dealt"] == [["5h", "6c"]]
    assert streets["flop"]["board"] == [["2s", "5h", "6c"]]
    # 25 + 50 + 25 preflop, 100 + 100 on the flop, checked down; play chips have no cents
    assert [s["pot_after"] for s in view["streets"]] == [100, 300, 300, 300]
    assert streets["flop"]["actions"][0]["text"] == "bets 100"


def test_replay_run_twice_boards(store: Path) -> None:
    view = view_of(store, "300000001004")
    assert view["boards"] == [["2h", "7d", "Tc", "Kh", "3s"], ["2h", "7d", "Tc", "Qd", "6h"]]
    streets = {s["street"]: s for s in view["streets"]}
    assert streets["flop"]["dealt"] == [["2h", "7d", "Tc"]]  # dealt once
    assert streets["turn"]["dealt"] == [["Kh"], ["Qd"]]
    assert [(p["board"], p["net"]) for p in view["pots"]] == [(0, 9900), (1, 9900)]

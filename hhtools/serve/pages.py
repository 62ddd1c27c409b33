"""The HTML pages of ``hhtools serve``: one small shell per page, the rest in ``static/``.

Each page is the same shell (the navigation, an empty ``<main>``, the words the forms
offer, the scripts and the style); ``static/hh-pages.js`` (after ``hh-core.js``,
``hh-ui.js`` and, on the hand page, ``hh-replay.js``) reads the page's kind from
``<body data-page>``, its filters from ``location.search``, calls the matching
``/api`` route with the same query string and builds the page with DOM calls (every
text from the store set with ``textContent``, never parsed as HTML). So a link is the
page with its filters, and a player's or a table's name can never become markup.

Routes (all GET, none in the OpenAPI schema):

* ``/`` overview, ``/players``, ``/players/{name}``, ``/hands``,
  ``/hands/{site}/{hand_id}`` (the replayer; its query is the list's, so previous and
  next walk that list), ``/findings``, ``/problems``, ``/imports``;
* ``/static/plotly.min.js``: the chart library as the plotly package ships it (no copy
  in the repository, nothing fetched from a CDN), gzipped once when the browser takes
  gzip (4.8 MB plain, about 1.4 MB gzipped);
* ``/static/replay.css``: the report replayer's own style
  (:data:`hhtools.reports.replay_html.REPLAY_CSS`), which the served replayer reuses;
* ``/static/...``: ``static/`` (:data:`STATIC_DIR`), mounted here when the app has not
  mounted it already.

Every page is sent with a Content-Security-Policy that lets scripts come only from
this server (no inline script runs, whatever a name in the store holds).
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from hhtools.model.vocab import FindingKind
from hhtools.reports.replay_html import REPLAY_CSS
from hhtools.rules.games import GAMES
from hhtools.rules.holes import HOLE_CLASSES
from hhtools.rules.positions import POSITIONS

__all__ = ["PAGES", "SECURITY_POLICY", "STATIC_DIR", "page_html", "register_pages"]

#: The pages' scripts and styles.
STATIC_DIR = Path(__file__).parent / "static"

#: Page kind -> (route, title, shown in the navigation). The script renders by kind.
PAGES: dict[str, tuple[str, str, bool]] = {
    "overview": ("/", "Overview", True),
    "players": ("/players", "Players", True),
    "player": ("/players/{name:path}", "Player", False),
    "hands": ("/hands", "Hands", True),
    "hand": ("/hands/{site}/{hand_id:path}", "Hand", False),
    "findings": ("/findings", "Findings", True),
    "problems": ("/problems", "Problems", True),
    "imports": ("/imports", "Imports", True),
}

#: Scripts only from this server (none inline), data only from it; plotly sets styles
#: inline and draws its icons from data: URLs.
SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                   "img-src 'self' data:; connect-src 'self'; object-src 'none'; "
                   "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")  # fmt: skip

_CHARTS = ("overview", "player")  # the pages that draw plotly charts


def _vocab() -> dict[str, Any]:
    """The closed words the forms offer (games, structures, positions, hole-card
    classes, finding kinds with their groups)."""
    return {
        "games": list(GAMES),
        "limits": [["pot_limit", "pot limit (PL)"], ["no_limit", "no limit (NL)"],
                   ["limit", "fixed limit (FL)"]],
        "positions": list(POSITIONS),
        "hand_classes": [[k, v] for k, v in HOLE_CLASSES.items()],
        "finding_kinds": [[k.value, k.group.value] for k in FindingKind],
    }  # fmt: skip


def _json_in_html(value: Any) -> str:
    """JSON safe inside an HTML element (no ``<``, ``>`` or ``&`` as themselves)."""
    text = json.dumps(value, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


@cache
def page_html(kind: str) -> str:
    """The shell of one page: navigation, an empty main, the vocabulary, the scripts.

    Args:
        kind: a key of :data:`PAGES`.

    Returns:
        A whole HTML document; it holds nothing from the store (the script fills it).

    Raises:
        KeyError: an unknown kind.
    """
    _route, title, _nav = PAGES[kind]
    nav = "".join(
        f'<a href="{route}" data-nav="{k}"{" aria-current=page" if k == kind else ""}>{t}</a>'
        for k, (route, t, shown) in PAGES.items() if shown
    )  # fmt: skip
    chart = '<script src="/static/plotly.min.js" defer></script>' if kind in _CHARTS else ""
    names = ("hh-core.js", "hh-ui.js", *(("hh-replay.js",) if kind == "hand" else ()),
             "hh-pages.js")  # hh-pages.js last: it draws the page
    scripts = "".join(f'<script src="/static/{n}" defer></script>' for n in names)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title} · hhtools</title>"
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'
        '<link rel="stylesheet" href="/static/replay.css">'
        '<link rel="stylesheet" href="/static/hhtools.css">'
        f"{chart}"
        f"{scripts}</head>"
        f'<body data-page="{kind}"><header class="top"><a class="brand" href="/">hhtools</a>'
        f'<nav class="nav">{nav}</nav><span id="live" class="live" role="status" '
        'aria-live="polite"></span></header>'
        '<main id="main"><p class="loading">Loading…</p></main>'
        "<noscript><p class=\"error\">These pages need JavaScript (served from this machine; "
        "nothing is fetched from elsewhere).</p></noscript>"
        f'<script type="application/json" id="vocab">{_json_in_html(_vocab())}</script>'
        "</body></html>\n"
    )


@cache
def _plotly_bytes(gzipped: bool) -> bytes:
    """plotly.min.js as the plotly package ships it, or gzipped (level 6)."""
    import plotly

    raw = (Path(plotly.__file__).parent / "package_data" / "plotly.min.js").read_bytes()
    return gzip.compress(raw, compresslevel=6, mtime=0) if gzipped else raw


def register_pages(app: FastAPI) -> None:
    """Add the pages, the chart library, the replayer's style and ``/static`` to an app.

    ``/static/plotly.min.js`` and ``/static/replay.css`` are put first in the app's
    routes, so a ``/static`` mount made before cannot hide them; ``/static`` is mounted
    (:data:`STATIC_DIR`) only when no route is named ``static`` yet.

    Args:
        app: the FastAPI application (:func:`hhtools.serve.app.create_app`).
    """
    def page(kind: str) -> Any:
        async def show(request: Request) -> Response:
            return HTMLResponse(page_html(kind), headers={
                "Content-Security-Policy": SECURITY_POLICY, "Cache-Control": "no-cache",
                "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin"})
        show.__name__ = f"page_{kind}"
        return show

    for kind, (route, title, _nav) in PAGES.items():
        app.add_api_route(route, page(kind), methods=["GET"], response_class=HTMLResponse,
                          include_in_schema=False, name=f"page_{kind}", summary=title)

    async def plotly_js(request: Request) -> Response:
        gz = "gzip" in request.headers.get("accept-encoding", "")
        headers = {"Cache-Control": "public, max-age=86400", "Vary": "Accept-Encoding"}
        if gz:
            headers["Content-Encoding"] = "gzip"
        return Response(_plotly_bytes(gz), media_type="text/javascript", headers=headers)

    async def replay_css(request: Request) -> Response:
        return Response(REPLAY_CSS, media_type="text/css",
                        headers={"Cache-Control": "public, max-age=3600"})

    first = len(app.router.routes)
    app.add_api_route("/static/plotly.min.js", plotly_js, methods=["GET"],
                      include_in_schema=False, name="plotly_js")
    app.add_api_route("/static/replay.css", replay_css, methods=["GET"],
                      include_in_schema=False, name="replay_css")
    added = app.router.routes[first:]
    del app.router.routes[first:]
    app.router.routes[0:0] = added
    if not any(getattr(r, "name", None) == "static" for r in app.router.routes):
        app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")

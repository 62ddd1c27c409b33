"""``/api/events``: server-sent events telling open pages that the store changed.

Every :data:`POLL_SECONDS` the stream asks the store for its version
(:meth:`hhtools.serve.queries.ServedStore.version`: a count and two maxima, a few
milliseconds), in a worker thread so the server goes on answering; a change starts the
lists' new snapshot (:mod:`hhtools.serve.snapshot`), and once it is ready, so that the
lists give the new hands, the stream sends an event ``hands`` with ``{"hands": total,
"last_import": id, "imports": n, "problems": n}``; the pages then fetch their data again
(no reload). Between events a comment line every :data:`KEEP_ALIVE` seconds keeps
proxies from closing the stream. The store's connection gives the file up to a writing
``hhtools watch`` between statements (:mod:`hhtools.store.sharing`), so a page left
open never keeps the watch out.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from typing import Annotated

import anyio
import duckdb
from fastapi import APIRouter, Query, Request
from fastapi.responses import StreamingResponse

from hhtools.serve.queries import ServedStore, StoreMissing, integer

__all__ = ["POLL_SECONDS", "router"]

POLL_SECONDS = 1.0  #: how often the store's version is read for each open stream
KEEP_ALIVE = 15.0  #: seconds between comment lines while nothing changes

router = APIRouter(prefix="/api")


def event(name: str, data: dict[str, int]) -> str:
    """One server-sent event as text.

    >>> event("hands", {"hands": 3})
    'event: hands\\ndata: {"hands": 3}\\n\\n'
    """
    return f"event: {name}\ndata: {json.dumps(data)}\n\n"


async def changes(request: Request, store: ServedStore, poll: float, seconds: int
                  ) -> AsyncIterator[str]:  # fmt: skip
    """The stream: an event at once, then one each time the store's version changes,
    until the client goes or ``seconds`` pass (0: no end)."""
    sent: tuple[int, ...] | None = None
    quiet_since = time.monotonic()
    end = time.monotonic() + seconds if seconds else None
    yield "retry: 3000\n\n"
    while not await request.is_disconnected():
        try:
            version = await anyio.to_thread.run_sync(store.ready_version)
        except (StoreMissing, duckdb.Error):
            version = None  # gone, or held past the wait: try again next time
        if version is not None and version != sent:
            hands, last_import, imports, problems = version
            yield event("hands", {"hands": hands, "last_import": last_import,
                                  "imports": imports, "problems": problems})  # fmt: skip
            sent, quiet_since = version, time.monotonic()
        elif time.monotonic() - quiet_since > KEEP_ALIVE:
            yield ": still here\n\n"
            quiet_since = time.monotonic()
        if end is not None and time.monotonic() >= end:
            break
        await anyio.sleep(poll)


@router.get("/events")
async def api_events(request: Request, seconds: Annotated[str | None, Query()] = None
                     ) -> StreamingResponse:  # fmt: skip
    """Server-sent events: ``hands`` with ``{"hands", "last_import", "imports",
    "problems"}`` at once and whenever the store changes (checked every second).
    ``seconds``: end the stream after so many seconds (default: never; a browser's
    EventSource connects again by itself)."""
    until = integer("seconds", seconds, 0, low=0, high=86400) or 0
    poll = float(getattr(request.app.state, "poll_seconds", POLL_SECONDS))
    return StreamingResponse(
        changes(request, request.app.state.served, poll, until),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )

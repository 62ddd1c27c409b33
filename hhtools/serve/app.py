"""The application of ``hhtools serve``: the JSON API, the live events, the pages and their
static files, over one store opened read-only.

:func:`create_app` builds it; ``hhtools serve`` (:mod:`hhtools.cli.serve`) runs it with
uvicorn, and the tests drive it with FastAPI's ``TestClient``. Errors are JSON and
never a traceback: a parameter that cannot be read is a 400 ``{"error", "param"}``, an
unknown player or hand a 404, a missing store a 503 saying how to make one, anything
else a 500 with one line (the server's log keeps the traceback).
"""

from __future__ import annotations

import logging
from pathlib import Path

import duckdb
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from hhtools.serve import api, live
from hhtools.serve.pages import register_pages
from hhtools.serve.queries import BadParam, NotFound, ServedStore, StoreMissing
from hhtools.store.stats import StatsError

__all__ = ["STATIC", "create_app"]

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"  #: the pages' scripts and styles


def create_app(db: str | Path | None = None, dataset: str | None = None, *,
               poll_seconds: float = live.POLL_SECONDS) -> FastAPI:  # fmt: skip
    """The application over the store ``db`` (or the Parquet dataset ``dataset``).

    The store is opened read-only on the first request that needs it, so the
    application starts without one and answers 503 until it exists.

    Args:
        db: a DuckDB file written by ``hhtools import``.
        dataset: a dataset folder written by ``hhtools import --engine dask`` (read in
            place of ``db``).
        poll_seconds: how often ``/api/events`` looks for a change.

    Returns:
        The FastAPI application (``app.state.served`` is its
        :class:`~hhtools.serve.queries.ServedStore`).
    """
    app = FastAPI(
        title="hhtools",
        summary="Hand histories audited by the rules: the tracker's JSON API.",
        description="Every route is a GET answering JSON; money in integer minor units "
                    "beside its currency. See docs/serve.md.",
        docs_url=None,  # its page loads scripts from a CDN: /openapi.json and docs/serve.md
        redoc_url=None,
    )  # fmt: skip
    app.state.served = ServedStore(db, dataset)
    app.state.poll_seconds = poll_seconds
    _errors(app)
    app.include_router(api.router)
    app.include_router(live.router)
    _pages(app)
    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    return app


def _pages(app: FastAPI) -> None:
    """The HTML pages (:mod:`hhtools.serve.pages`), before ``/static`` so that a page
    route under it (the chart library) comes first."""
    register_pages(app)


def _errors(app: FastAPI) -> None:
    """JSON for every error, never a traceback."""

    @app.exception_handler(BadParam)
    async def bad_param(request: Request, exc: BadParam) -> JSONResponse:
        return JSONResponse({"error": exc.message, "param": exc.param}, status_code=400)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = (exc.errors() or [{}])[0]
        where = [str(p) for p in first.get("loc", ()) if p not in ("query", "path", "body")]
        param = where[-1] if where else ""
        return JSONResponse({"error": f"{param}: {first.get('msg', 'not valid')}",
                             "param": param}, status_code=400)  # fmt: skip

    @app.exception_handler(StatsError)
    async def stats_error(request: Request, exc: StatsError) -> JSONResponse:
        return JSONResponse({"error": str(exc), "param": ""}, status_code=400)

    @app.exception_handler(NotFound)
    async def not_found(request: Request, exc: NotFound) -> JSONResponse:
        return JSONResponse({"error": str(exc).strip("'\"")}, status_code=404)

    @app.exception_handler(StoreMissing)
    async def missing(request: Request, exc: StoreMissing) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=503)

    @app.exception_handler(duckdb.Error)
    async def store_error(request: Request, exc: duckdb.Error) -> JSONResponse:
        log.exception("store error on %s", request.url.path)
        first = (str(exc).strip().splitlines() or ["error"])[0]
        return JSONResponse({"error": f"the store could not answer: {first}"}, status_code=503)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error on %s", request.url.path)
        return JSONResponse({"error": f"internal error: {type(exc).__name__}"}, status_code=500)

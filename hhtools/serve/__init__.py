"""``hhtools serve``: the tracker in a browser, over a store, live while ``hhtools watch`` writes.

A layer above :mod:`hhtools.reports` and below :mod:`hhtools.cli`: it reads the store
through :mod:`hhtools.store.api` (the same numbers as ``hhtools stats`` and ``sql``)
and never writes it. :mod:`hhtools.serve.app` builds the application
(:func:`~hhtools.serve.app.create_app`), :mod:`~hhtools.serve.api` holds the JSON
routes, :mod:`~hhtools.serve.queries` their SQL, :mod:`~hhtools.serve.live` the
server-sent events, :mod:`~hhtools.serve.pages` the HTML pages and ``static/`` their
scripts and styles. FastAPI and uvicorn come with the optional extra
``hhtools[serve]`` (:data:`INSTALL_HINT`).
"""

INSTALL_HINT = "pip install 'hhtools[serve]'"  #: how to get FastAPI and uvicorn

__all__ = ["INSTALL_HINT"]

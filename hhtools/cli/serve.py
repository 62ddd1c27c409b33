"""``hhtools serve``: the tracker in a browser (:mod:`hhtools.serve`) on uvicorn."""

from __future__ import annotations

import ipaddress
import signal
import sys
import threading
import webbrowser
from pathlib import Path
from typing import Annotated

import typer

from hhtools.cli.common import DEFAULT_DB, DatasetOption, DbOption, fail

__all__ = ["serve_cmd"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable only from this machine.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
    (True, True, False)
    """
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _stopped(signum: int, frame: object) -> None:
    raise SystemExit(0)


def serve_cmd(
    db: DbOption = Path(DEFAULT_DB),
    dataset: DatasetOption = None,
    port: Annotated[int, typer.Option("--port", help="The port to listen on.")] = DEFAULT_PORT,
    host: Annotated[
        str, typer.Option("--host", help="The address to listen on; anything but 127.0.0.1 or "
                          "localhost lets other machines in (there is no login).")
    ] = DEFAULT_HOST,
    open_browser: Annotated[
        bool, typer.Option("--open/--no-open", help="Open the overview in a browser.")
    ] = False,
) -> None:
    """Serve the store as a tracker in a browser: overview, players, hands with their
    replays, findings, problems and imports, every filter in the address, updated live
    while 'hhtools watch' writes the same store. Read-only; stop with Ctrl-C.

    The JSON API behind the pages is described at /openapi.json and in docs/serve.md.
    Exits with 2 when there is no store or the extra is not installed.
    """
    try:
        import uvicorn

        from hhtools.serve.app import create_app
    except ImportError as exc:
        from hhtools.serve import INSTALL_HINT

        fail(f"hhtools serve needs FastAPI and uvicorn ({exc.name} is missing): {INSTALL_HINT}")
    if not 0 < port < 65536:
        fail(f"--port must be 1 to 65535, not {port}")
    app = create_app(None if dataset else db, dataset)
    told = app.state.served.missing()
    if told:
        fail(told)
    app.state.served.keeper.current(wait=False)  # the lists' data, read while uvicorn starts
    if not is_loopback(host):
        sys.stderr.write(f"warning: listening on {host}: other machines can read this store "
                         "(there is no login); use --host 127.0.0.1 to keep it to this one\n")
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else shown}:{port}/"
    sys.stdout.write(f"hhtools serve: {dataset or db} at {url} (Ctrl-C stops)\n")
    sys.stdout.flush()
    if open_browser:
        threading.Timer(1.0, webbrowser.open, [url]).start()
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                            timeout_graceful_shutdown=3)  # fmt: skip
    server = uvicorn.Server(config)
    # uvicorn stops on SIGINT and SIGTERM, closing the streams, then raises the signal
    # again to the handler it found: SIGTERM then ends the command with exit 0 (as
    # 'hhtools watch'), Ctrl-C with 130 ("interrupted")
    signal.signal(signal.SIGTERM, _stopped)
    try:
        server.run()
    except SystemExit as exc:  # uvicorn exits 3 when it cannot bind: said below, exit 2
        if server.started or exc.code in (0, None):
            raise
    finally:
        app.state.served.close()
    if not server.started:
        fail(f"could not listen on {host}:{port} (in use, or not an address of this machine)")

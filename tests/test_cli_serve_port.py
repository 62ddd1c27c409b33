"""``hhtools serve`` on a port another program listens on exits 2 with one ``error:``
line naming the address (README: 2 is bad input, always one line on stderr), not
uvicorn's own exit 3 after its log line, which the README does not list."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

from tests.conftest import HARD_CASES
from tests.storerows import import_db

ROOT = Path(__file__).resolve().parent.parent


def test_serve_on_a_port_in_use_says_so_and_exits_2(tmp_path: Path) -> None:
    db = import_db([HARD_CASES], tmp_path / "hard.duckdb")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        got = subprocess.run([sys.executable, "-m", "hhtools", "serve", "--db", str(db),
                              "--port", str(port)], cwd=ROOT, capture_output=True, text=True,
                             timeout=120, check=False)  # fmt: skip
    assert got.returncode == 2 and "Traceback" not in got.stderr
    assert got.stderr.splitlines()[-1] == (f"error: could not listen on 127.0.0.1:{port} "
                                           "(in use, or not an address of this machine)")

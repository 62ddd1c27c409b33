"""``hhtools serve`` while ``hhtools watch`` writes the same store: the server reads the
new hands, its event stream says so, and neither keeps the other out.

The watch runs as its own process (``python -m hhtools watch``), as a player runs it
beside the server; the application is driven in this process through TestClient,
holding its store open between requests. Waits poll with a generous deadline; nothing
asserts how fast.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import poll_until

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from hhtools.serve.app import create_app  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "pokerstars"
DEADLINE = 90.0  #: seconds a wait may take before the test fails (a loaded machine)
#: one hand a file: the hand-written hands of tests/test_stats.py
FIRST, SECOND, THIRD = "stats_walk.txt", "stats_cbet_fold.txt", "stats_heads_up.txt"


def wait_for(check: Callable[[], Any], what: str) -> Any:
    """Poll ``check`` until it gives something true (:func:`tests.conftest.poll_until`)."""
    return poll_until(check, what, DEADLINE, 0.2)


@pytest.fixture
def watch(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """``hhtools watch FOLDER --db STORE --settle 0.2`` in its own process (stopped with
    SIGTERM at the end); the folder starts with one hand."""
    folder, db = tmp_path / "hh", tmp_path / "live.duckdb"
    folder.mkdir()
    (folder / "one.txt").write_bytes((FIXTURES / FIRST).read_bytes())
    proc = subprocess.Popen(
        [sys.executable, "-m", "hhtools", "watch", str(folder), "--db", str(db),
         "--settle", "0.2"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        yield folder, db
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            _, err = proc.communicate(timeout=DEADLINE)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
        assert proc.returncode == 0, err


def total(client: TestClient) -> int:
    r = client.get("/api/hands?per_page=1")
    return int(r.json()["total"]) if r.status_code == 200 else -1


def test_new_hands_appear_while_a_watch_writes(watch: tuple[Path, Path]) -> None:
    folder, db = watch
    client = TestClient(create_app(db, poll_seconds=0.2))
    wait_for(lambda: total(client) == 1, "the first hand through the server")
    # the server holds its store open between requests; the watch still gets in
    (folder / "two.txt").write_bytes((FIXTURES / SECOND).read_bytes())
    wait_for(lambda: total(client) == 2, "the second hand")
    assert client.app.state.served._store.con.released >= 1  # gave the file up, read on
    hands = client.get("/api/hands").json()
    assert [r["hand_id"] for r in hands["rows"]] == ["300000000003", "300000000001"]
    over = client.get("/api/overview").json()  # the kept answers of before are not served
    assert over["hands"] == 2
    # the event stream: the count now, then the count after the next file
    seen: list[int] = []
    with client.stream("GET", "/api/events?seconds=60") as r:
        lines = r.iter_lines()
        for line in lines:
            if line.startswith("data: "):
                seen.append(json.loads(line[6:])["hands"])
                if seen == [2]:
                    (folder / "three.txt").write_bytes((FIXTURES / THIRD).read_bytes())
                if seen[-1] == 3:
                    break
    assert seen == [2, 3]
    assert total(client) == 3


def test_a_store_made_while_serving_is_read_once_there(tmp_path: Path) -> None:
    db = tmp_path / "later.duckdb"
    client = TestClient(create_app(db))
    assert client.get("/api/overview").status_code == 503
    from hhtools.store.importer import import_paths

    import_paths([FIXTURES / FIRST], db, workers=1)
    assert client.get("/api/overview").json()["hands"] == 1

"""The serve API names the betting structure ``structure`` (docs/serve.md): a web API's
``limit`` reads as a row count, and ``/api/hands?limit=2`` answered "unknown betting
structure '2'". ``limit`` is still read as the structure's old name, marked deprecated
in the OpenAPI description.

The store: the six hand-written PokerStars hands of ``tests/fixtures/pokerstars/
stats_*.txt``, every one pot limit: 6 hands in PL, none in FL or NL.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402

from hhtools.serve.app import create_app  # noqa: E402
from hhtools.store.importer import import_paths  # noqa: E402

STATS = Path(__file__).parent / "fixtures" / "pokerstars"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    path = tmp_path_factory.mktemp("serve_structure") / "six.duckdb"
    assert import_paths(sorted(STATS.glob("stats_*.txt")), path, workers=1).hands == 6
    return TestClient(create_app(path))


def total(client: TestClient, query: str) -> int:
    got = client.get(query)
    assert got.status_code == 200, got.text
    body: dict[str, Any] = got.json()
    return int(body["total"])


def test_structure_filters_hands_and_players(client: TestClient) -> None:
    assert total(client, "/api/hands?structure=PL") == 6
    assert total(client, "/api/hands?structure=FL") == 0
    assert total(client, "/api/hands?structure=pot_limit") == 6
    pl = client.get("/api/players?structure=PL").json()
    assert pl["total"] > 0 and total(client, "/api/players?structure=NL") == 0
    one = pl["rows"][0]["player"]
    got = client.get(f"/api/players/{one}?structure=PL")
    assert got.status_code == 200 and got.json()["stats"]["player"] == one


def test_limit_is_still_read_as_the_old_name(client: TestClient) -> None:
    assert total(client, "/api/hands?limit=PL") == 6
    assert total(client, "/api/hands?limit=FL") == 0
    assert total(client, "/api/hands?limit=PL&structure=PL") == 6
    assert total(client, "/api/players?limit=NL") == 0


def test_a_bad_structure_names_the_parameter_given(client: TestClient) -> None:
    got = client.get("/api/hands?structure=2")
    assert got.status_code == 400 and got.json()["param"] == "structure"
    got = client.get("/api/hands?limit=2")
    assert got.status_code == 400 and got.json()["param"] == "limit"
    got = client.get("/api/players?structure=PL&limit=FL")  # two answers: which one?
    assert got.status_code == 400 and got.json()["param"] == "limit"
    assert "old name of structure" in got.json()["error"]


def test_openapi_marks_limit_deprecated(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    for route in ("/api/hands", "/api/players", "/api/players/{name}"):
        params = {p["name"]: p for p in spec["paths"][route]["get"]["parameters"]}
        assert "structure" in params, route
        assert params["limit"].get("deprecated") is True, route

"""What the service adds for the referee page (api/page.py, docs/web.md): each variant's hand
shape in GET /v1/variants, the service worker with its shell list, the web app manifest."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from api.app import STATIC, app
from scorer import registry

client = TestClient(app)


def test_every_variant_tells_the_shape_of_its_hand():
    shapes = {v["id"]: v["hand"] for v in client.get("/v1/variants").json()["variants"]}
    assert set(shapes) == set(registry.variants())
    assert shapes["mcr"] == {"sets": 4, "tiles": 14, "chow_melds": True, "flowers_in_hand": True, "long_cards": False,
                             "copies": 4, "flower_copies": 1, "red_fives": False}
    assert shapes["riichi"]["red_fives"] is True
    assert shapes["fuzhou"]["tiles"] == 17 and shapes["fuzhou"]["flowers_in_hand"] is False
    assert shapes["nantong"]["tiles"] == 23 and shapes["nantong"]["chow_melds"] is False


def test_a_field_of_tiles_says_so_for_the_tile_picker():
    """riichi's indicators are tiles written together: the page picks them as tiles (at most five)."""
    fields = {v["id"]: {f["name"]: f for f in v["context"]} for v in client.get("/v1/variants").json()["variants"]}
    tiles = {(v, name, f["max_tiles"]) for v, by in fields.items() for name, f in by.items() if f.get("format") == "tiles"}
    assert tiles == {("riichi", "dora_indicators", 5), ("riichi", "ura_dora_indicators", 5)}


def test_the_service_worker_caches_the_shell_and_changes_with_it():
    res = client.get("/sw.js")
    assert res.status_code == 200 and res.headers["content-type"].startswith("text/javascript")
    assert res.headers["cache-control"] == "no-cache"
    shell = json.loads(res.text.split("const SHELL = ")[1].split(";\n")[0])
    assert {"/", "/v1/variants", "/static/app.js", "/static/style.css", "/static/tiles/1m.svg", "/static/js/hand.js"} <= set(shell)
    assert not any("swagger" in f or "redoc" in f for f in shell)  # the docs viewers are not the referee's shell
    for path in shell:
        assert client.get(path).status_code == 200, path
    assert "__VERSION__" not in res.text and "__SHELL__" not in res.text


def test_the_manifest_makes_the_page_installable():
    manifest = client.get("/static/manifest.json").json()
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    icon = manifest["icons"][0]["src"]
    assert client.get(icon).status_code == 200
    page = client.get("/").text
    assert 'rel="manifest" href="/static/manifest.json"' in page
    csp = client.get("/").headers["content-security-policy"]
    assert "manifest-src 'self'" in csp and "worker-src 'self'" in csp


def test_shipped_assets_are_declared_as_package_data():
    import tomllib
    from fnmatch import fnmatch

    patterns = tomllib.loads((STATIC.parents[1] / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["api"]
    for path in STATIC.rglob("*"):
        if path.is_file():
            rel = path.relative_to(STATIC.parent).as_posix()
            assert any(fnmatch(rel, p) and rel.count("/") == p.count("/") for p in patterns), rel

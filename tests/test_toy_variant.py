"""A variant is its package, its fixtures and its rules page, with nothing else naming it: the toy
variant (tests/toy_variant/, registered for these tests only) gets the library, its CLI commands,
the HTTP routes, the OpenAPI document, the rules reference and the variant contract, and tile
efficiency is declined as its profile (none) declares. No table of the code or the tests lists the
variants by hand."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import orjson
import pytest
from cli_runner import run_cli
from conftest import ROOT
from console_blocks import check_example, console_examples
from fastapi.testclient import TestClient
from test_docs import anchors
from test_variant_contract import fixtures_hold_a_valid_win, has_its_rules_page, registers_its_variant
from toy_variant import DOCS, FIXTURES, Toy, registered

from scorer import registry, score
from scorer.errors import HandError

HAND = Toy.api_doc.example_hand or ""


@pytest.fixture()
def toy() -> Iterator[registry.Variant]:
    with registered() as variant:
        yield variant


def _cases() -> list[dict]:
    return json.loads((FIXTURES / "toy" / "cases.json").read_text(encoding="utf-8"))


def test_it_is_registered_only_in_these_tests() -> None:
    assert "toy" not in registry.ids()
    with registered():
        assert "toy" in registry.ids() and "toy" in registry.variants()
    assert "toy" not in registry.ids()


def test_it_meets_the_variant_contract(toy) -> None:
    registers_its_variant("toy")
    fixtures_hold_a_valid_win("toy", FIXTURES)
    has_its_rules_page("toy", DOCS)


def test_its_rules_page_has_a_section_per_item_whose_examples_print_what_they_show(toy, monkeypatch) -> None:
    page = DOCS / "rules" / "toy.md"
    assert {i.id.replace("_", "-") for i in toy.items} <= anchors(page)
    examples = list(console_examples(page.read_text(encoding="utf-8")))
    assert len(examples) == len(toy.items)
    monkeypatch.chdir(ROOT)
    for command, expected in examples:
        check_example(command, expected)


def test_the_library_scores_its_fixtures_as_they_expect(toy) -> None:
    for case in _cases():
        result = score("toy", case["hand"], case["context"], case.get("rules"))
        assert result.valid is case["expect"]["valid"], case["id"]
        if result.valid:
            assert result.total == case["expect"]["total"] == toy.total_of(result), case["id"]
            assert sum(result.payments.values()) == 0


def test_its_cli_commands_are_generated(toy) -> None:
    res = run_cli(["toy", HAND, "--bonus", "2", "--json"])
    assert res.exit_code == 0, res.output
    assert orjson.loads(res.output)["total"] == 6
    res = run_cli(["items", "toy"])
    assert res.exit_code == 0 and "刻子" in res.output and "奖励" in res.output
    res = run_cli(["rules", "toy", "刻子"])
    assert res.exit_code == 0, res.output
    assert "Three tiles of one kind" in res.output and "total 4" in res.output
    res = run_cli(["--version"])
    assert re.search(r"^\s*toy\s+the test suite's toy rules", res.output, re.M), res.output
    res = run_cli(["toy", "123m456m789m123p456p9sE"])
    assert res.exit_code == 2 and "foreign_tile" in res.output


def test_its_http_routes_and_openapi_document(toy) -> None:
    from api.app import create_app

    client = TestClient(create_app())
    listed = {v["id"]: v for v in client.get("/v1/variants").json()["variants"]}
    assert set(listed) == set(registry.ids())
    assert [i["id"] for i in listed["toy"]["items"]] == ["pung", "bonus"]
    assert listed["toy"]["items"][0]["doc"] == registry.doc_link("toy", "pung")  # its page, as a built-in's
    res = client.post("/v1/score", json={"variant": "toy", "hand": HAND, "context": {"bonus": 1}})
    assert res.status_code == 200 and res.json()["total"] == 5
    res = client.post("/v1/score", json={"variant": "toy", "hand": HAND, "context": {"bonus": -1}})
    assert res.status_code == 422
    res = client.get("/v1/variants/toy/items/pung")
    assert res.status_code == 200 and res.json()["example"]["total"] == 4
    doc = client.get("/openapi.json").json()
    assert "toy" in doc["components"]["schemas"]["ScoreRequest"]["discriminator"]["mapping"]
    assert json.dumps(Toy.api_doc.example("toy")) in json.dumps(doc)


def test_tile_efficiency_is_declined_as_its_profile_declares(toy) -> None:
    from api.app import create_app
    from scorer.efficiency import efficiency

    assert toy.efficiency is None
    with pytest.raises(HandError) as err:
        efficiency("toy", HAND[:-2])
    assert err.value.code == "unsupported_variant"
    res = TestClient(create_app()).post("/v1/efficiency", json={"variant": "toy", "hand": HAND[:-2]})
    assert res.status_code == 422 and res.json()["error"]["code"] == "unsupported_variant"


# --- no table names the variants by hand ---------------------------------------------------------

# where code is written: the library, the front ends, the tests, the tools and the benchmarks
SOURCES = sorted(f for d in ("scorer", "cli", "api", "tests", "tools", "bench") for f in (ROOT / d).rglob("*")
                 if f.suffix in {".py", ".pyx", ".pxi", ".js"} and "__pycache__" not in f.parts
                 and "variants" not in f.relative_to(ROOT).parts[:2])
# lines that name the variants for a reason of their own, not as a table a new variant would join
EXEMPT = {
    "tests/test_contract_review.py": "ids >= {",  # the contract's six, asserted as served
    "tests/test_docs.py": '"a contract page"',  # the old contract's page names, never to be cited
}
# an id as a key of per-variant facts (a hand, an expected count): each variant's own, not a list of them
_KEY = re.compile(r"""["'][a-z]+["']\s*:""")


def _listed_ids(line: str, ids: set[str]) -> set[str]:
    return {m for m in re.findall(r"\b[a-z]+\b", _KEY.sub("", line)) if m in ids}


def test_no_table_lists_the_variants_by_hand() -> None:
    """Three or more variant ids listed on one line are a table that a new variant would have to
    join: derive it from the registry (``registry.ids()``, a variant's declaration) instead."""
    ids = set(registry.ids())
    found = []
    for path in SOURCES:
        where = str(path.relative_to(ROOT))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if len(_listed_ids(line, ids)) >= 3 and not (where in EXEMPT and EXEMPT[where] in line):
                found.append(f"{where}:{n}: {line.strip()}")
    assert not found, "\n".join(found)

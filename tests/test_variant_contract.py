"""What a variant must provide (CONTRIBUTING.md#adding-a-variant), checked for every built-in
variant and nothing more: a package registering its variant under the folder's name, fixtures with a
valid win, a rules page. The item table's sections and examples are tests/test_docs.py's, the
totals tests/test_fuzz.py's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT

from scorer import registry, score
from scorer.registry import Variant

DOCS = ROOT / "docs"


# The contract, one check a point, each given where the variant's fixtures and pages are (the
# repository's fixtures/ and docs/ for a built-in variant; tests/test_toy_variant.py passes its own).

def registers_its_variant(variant_id: str) -> None:
    variant = registry.get(variant_id)
    assert isinstance(variant, Variant) and variant.id == variant_id
    assert variant.name and variant.name_zh and variant.edition
    assert variant.default_preset in variant.presets


def fixtures_hold_a_valid_win(variant_id: str, fixtures: Path = FIXTURES) -> None:
    cases = json.loads((fixtures / variant_id / "cases.json").read_text(encoding="utf-8"))
    assert isinstance(cases, list) and cases
    for case in cases:
        assert {"id", "hand", "context", "expect"} <= set(case), case.get("id")
    wins = [c for c in cases if c["expect"].get("valid") is True and c["hand"]]
    assert wins, f"fixtures/{variant_id}/cases.json has no valid win"
    first = wins[0]
    assert score(variant_id, first["hand"], first["context"], first.get("rules")).valid


def has_its_rules_page(variant_id: str, docs: Path = DOCS) -> None:
    assert (docs / "rules" / f"{variant_id}.md").is_file()


@pytest.mark.parametrize("variant_id", registry.ids())
def test_the_package_registers_its_variant(variant_id: str) -> None:
    registers_its_variant(variant_id)


@pytest.mark.parametrize("variant_id", registry.ids())
def test_the_fixtures_hold_a_valid_win(variant_id: str) -> None:
    fixtures_hold_a_valid_win(variant_id)


@pytest.mark.parametrize("variant_id", registry.ids())
def test_the_rules_page_exists(variant_id: str) -> None:
    has_its_rules_page(variant_id)


def test_a_variant_declaring_no_notation_refuses_flowers() -> None:
    """Left out, the notation has no flowers: a flower written in the hand is an error, never a tile
    the variant then drops without a word."""
    from scorer.errors import HandError
    from scorer.notation import parse

    with pytest.raises(HandError) as err:
        parse("1f123m456m789m123p55s", Variant.notation)
    assert "'1f'" in str(err.value) and err.value.problems[0].position == 0

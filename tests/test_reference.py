"""The rules reference reads an item's section of its page and scores its worked example
(``mjscore rules``); the real pages are checked item by item in tests/test_docs.py."""

from __future__ import annotations

import json

import pytest
from cli_runner import run_cli

from scorer import HandError, reference
from scorer.options import request_from_command
from scorer.registry import get

PAGE = """# MCR

## Items

<a id="pure-straight"></a>
### 清龙 Pure Straight — 16

Three chows 123, 456 and 789 of one suit.
They may be melded.

Not also scored with it: 连六 Short Straight (non-repetition).

```console
$ mjscore mcr "[123m]456789m555pCC" --seat S --no-glyphs
...
total 18
```

<a id="edge-wait"></a>
### 边张 Edge Wait — 1

Won on 3 of 12 or 7 of 89.

## Payments

Not part of any item.
"""


@pytest.fixture
def docs(tmp_path, monkeypatch):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "mcr.md").write_text(PAGE, encoding="utf-8")
    monkeypatch.setattr(reference, "DOCS_ROOTS", (tmp_path,))
    return tmp_path


@pytest.mark.parametrize("name", ["pure_straight", "清龙", "Pure Straight"])
def test_an_item_is_found_by_id_or_name_and_its_example_is_scored(docs, name):
    ref = reference.item_reference("mcr", name)
    assert ref["id"] == "pure_straight" and ref["points"] == 16
    assert ref["definition"] == "Three chows 123, 456 and 789 of one suit. They may be melded."
    assert ref["doc"] == "docs/rules/mcr.md#pure-straight"
    example = ref["example"]
    assert example["context"] == {"seat_wind": "S"} and example["total"] == 18
    assert example["item"]["tiles"] == "[123m] 456m 789m"


def test_a_section_ends_at_the_next_section_and_may_have_no_example(docs):
    ref = reference.item_reference("mcr", "edge_wait")
    assert ref["definition"] == "Won on 3 of 12 or 7 of 89."
    assert ref["example"] is None
    assert [e["id"] for e in ref["excludes"]] == ["closed_wait", "single_wait"]


def test_unknown_items_and_variants_are_clear_errors(docs):
    with pytest.raises(HandError) as err:
        reference.item_reference("mcr", "Nine Dragons")
    assert err.value.code == "unknown_item" and "mjscore items mcr" in err.value.message
    with pytest.raises(HandError) as err:
        reference.item_reference("no_such_game", "pinfu")
    assert err.value.code == "unknown_variant"


def test_cli_rules_shows_an_item_and_a_whole_page(docs):
    out = run_cli(["rules", "mcr", "清龙"], env={"COLUMNS": "80"})
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0] == "清龙 Pure Straight — 16   (pure_straight)"
    # the table's row excludes nothing, but the score keeps the pair fans of its own chows out
    assert "not also scored with it: 连六 Short Straight (non-repetition), 老少副 Two Terminal Chows" in out.output
    assert '  清龙 scores 16 from [123m] 456m 789m; total 18' in lines
    assert lines[-1] == "see docs/rules/mcr.md#pure-straight"
    answer = json.loads(run_cli(["rules", "mcr", "pure_straight", "--json"]).output)
    assert answer["example"]["total"] == 18
    page = run_cli(["rules", "mcr"], env={"COLUMNS": "80"})
    assert page.exit_code == 0 and "Pure Straight" in page.output and "Payments" in page.output


@pytest.mark.parametrize("command, context, rules", [
    ('mjscore mcr "[123m]456789m555pCC" --seat S --self-draw --no-glyphs', {"seat_wind": "S", "self_draw": True},
     None),
    ('mjscore mcr "1m" --no-last-tile --flowers 2 --rules mcr1998 --json', {"last_tile": False, "flowers": 2},
     "mcr1998"),
    ('mjscore nantong "x" --indicators 2s,3m --others "[QQQQ]1m;2m"',
     {"indicators": ["2s", "3m"], "others": ["[QQQQ]1m", "2m"]}, None),
    ('mjscore hebei "x" --rules \'{"payer": "discarder_only"}\'', {}, {"payer": "discarder_only"}),
])
def test_documented_commands_read_back_as_the_cli_reads_them(command, context, rules):
    variant = get(command.split()[1])
    request = request_from_command(variant, command)
    assert request["context"] == context and request["rules"] == rules


def test_http_item_route_answers_the_reference_and_404_for_unknown_names():
    from fastapi.testclient import TestClient

    from api.app import app as http

    client = TestClient(http)
    res = client.get("/v1/variants/mcr/items/清龙")
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["id"] == "pure_straight" and body["points"] == 16
    assert body["doc"] == "docs/rules/mcr.md#pure-straight"
    assert body["definition"] and body["example"]["item"]["id"] == "pure_straight"
    for path in ("/v1/variants/mcr/items/nine-dragons", "/v1/variants/no_such_game/items/pinfu"):
        res = client.get(path)
        assert res.status_code == 404 and res.json()["error"]["code"] in ("unknown_item", "unknown_variant")


def test_every_item_of_every_variant_has_a_definition_and_a_scored_example():
    """The reference of each item comes from its rules page: a definition, and an example in which
    the item is really scored (or, for an item only a rule option gives, the example says so)."""
    from scorer import registry

    for variant_id, variant in registry.variants().items():
        for item in variant.items:
            ref = reference.item_reference(variant_id, item.id)
            assert ref["definition"], (variant_id, item.id)
            assert ref["example"] is not None, (variant_id, item.id)
            assert ref["example"]["item"] is not None, (variant_id, item.id, ref["example"]["command"])

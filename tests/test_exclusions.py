"""The exclusion pass every variant applies to the items it finds (docs/architecture.md#the-variant-kit)."""

from __future__ import annotations

import pytest

from scorer import registry
from scorer.exclusions import Found, apply_exclusions, table_problems
from scorer.registry import ItemDef, item_table
from scorer.result import Item

TABLE = item_table("toy", (
    ItemDef("limit", "Limit", "满贯", 100, excludes=(("big", "high_over_low"), ("small", "high_over_low"))),
    ItemDef("big", "Big", "大", 20, excludes=(("small", "non_repetition"),)),
    ItemDef("small", "Small", "小", 5),
    ItemDef("plain", "Plain", "平", 1),
))


def test_an_item_standing_excludes_what_its_row_names():
    kept, excluded = apply_exclusions([Found("small", 2), Found("big"), Found("plain")], TABLE)
    assert [f.id for f in kept] == ["big", "plain"]  # found order kept
    assert [(e.id, e.count, e.by, e.principle, e.name_zh) for e in excluded] == [
        ("small", 2, "big", "non_repetition", "小")]


def test_an_excluded_item_excludes_nothing_and_records_come_in_table_order():
    kept, excluded = apply_exclusions([Found("small"), Found("big"), Found("limit")], TABLE)
    assert [f.id for f in kept] == ["limit"]
    assert [(e.id, e.by, e.principle) for e in excluded] == [
        ("big", "limit", "high_over_low"), ("small", "limit", "high_over_low")]


def test_items_outside_the_table_and_tables_without_exclusions_pass_through():
    items = [Item(id="small", name="", name_zh=""), Item(id="extra", name="", name_zh="")]
    kept, excluded = apply_exclusions(items, TABLE)
    assert kept == items and excluded == []
    plain = item_table("toy", (ItemDef("a", "A", "甲", 1), ItemDef("b", "B", "乙", 1)))
    assert apply_exclusions([Found("a"), Found("b")], plain) == ([Found("a"), Found("b")], [])


def test_an_excluder_later_in_the_table_still_excludes_until_it_is_dropped():
    table = item_table("toy", (ItemDef("small", "Small", "小", 5),
                               ItemDef("big", "Big", "大", 20, excludes=(("small", "non_repetition"),))))
    kept, excluded = apply_exclusions([Found("small"), Found("big")], table)
    assert [f.id for f in kept] == ["big"] and [(e.id, e.by) for e in excluded] == [("small", "big")]


@pytest.mark.parametrize("variant_id", registry.ids())
def test_every_exclusion_names_an_item_of_its_table(variant_id):
    assert table_problems(registry.get(variant_id).items) == []

"""Every way a table's items may be named (id, English name, Chinese name), compared without case,
spaces, hyphens or underscores: read by the claim checks, the item reference and a variant's own
claim forms."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .registry import Variant


def name_key(name: str) -> str:
    """Names compare without case, spaces, hyphens or underscores: "Pure Straight" = "pure_straight"."""
    return re.sub(r"[\s_\-]+", "", name).casefold()


@functools.cache
def item_names(variant: Variant) -> dict[str, str]:
    """Every way a claim may name an item (id, English name, Chinese name) → the item's id."""
    names: dict[str, str] = {}
    for item in variant.items:
        for name in (item.name_zh, item.name, item.id):
            names[name_key(name)] = item.id
    return names

"""What the referee page needs beyond the scoring API (docs/web.md): each variant's hand shape, so
the tile picker can guard copies, melds and the tile count without knowing any variant, and the
service worker that keeps the page's shell (page, tiles, variant tables) for offline use (served
by ``api.routes.pages``).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from scorer.registry import Variant

# the docs viewers are large and not part of the referee's shell
NOT_IN_SHELL = ("swagger", "redoc", "sw.js")


def hand_shape(variant: Variant) -> dict[str, Any]:
    """How a winning hand of ``variant`` is built: sets and tiles (kongs count as 3), the melds the
    notation accepts, how many copies of each tile a set has (flowers are single), and whether red
    fives (0m 0p 0s, one of each suit's four fives) may be written."""
    n = variant.notation
    return {
        "sets": n.n_sets,
        "tiles": 3 * n.n_sets + 2,
        "chow_melds": n.chow_melds,
        "flowers_in_hand": n.flowers_in_hand,
        "long_cards": n.long_cards,
        "copies": 4,
        "flower_copies": 1,
        "red_fives": n.red_fives,
    }


def context_fields(variant: Variant) -> list[dict[str, Any]]:
    """The context fields; one the variant's API schema documents as tiles written together
    (``"format": "tiles"``) says so, with the most tiles it holds, so the page offers tiles to pick."""
    fields = variant.describe()["context"]
    for f in fields:
        schema = variant.api_doc.fields.get(f["name"], {})
        if schema.get("format") == "tiles":
            f["format"] = "tiles"
            f["max_tiles"] = schema.get("x-max-tiles")
    return fields


def describe(variant: Variant) -> dict[str, Any]:
    return {**variant.describe(), "context": context_fields(variant), "hand": hand_shape(variant)}


def shell_files(static: Path) -> list[str]:
    return sorted("/static/" + p.relative_to(static).as_posix() for p in static.rglob("*")
                  if p.is_file() and p.relative_to(static).parts[0] not in NOT_IN_SHELL)


def service_worker(static: Path) -> bytes:
    """``static/sw.js`` with the shell's file list and a version that changes with any of them, so
    an updated page replaces the cached one."""
    files = ["/", "/v1/variants", *shell_files(static)]
    digest = hashlib.sha256()
    for name in files[2:]:
        digest.update((static / name.removeprefix("/static/")).read_bytes())
    source = (static / "sw.js").read_text(encoding="utf-8")
    return (source.replace("__VERSION__", digest.hexdigest()[:16])
            .replace('["__SHELL__"]', json.dumps(files))).encode()


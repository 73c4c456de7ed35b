"""The records' fan names as our MCR items (docs/archive.md#comparing-a-win).

Botzone's judge names fans as ChineseOfficialMahjongHelper does, which are the Chinese names of our
MCR item table (``mjscore items mcr``): the table itself is the mapping. ``ALIASES`` adds the other
names a record may use for an item.
"""

from __future__ import annotations

from functools import cache

from .. import registry

# names other tools write for an item: traditional forms, and 胡 for 和
ALIASES: dict[str, str] = {
    "和絕張": "last_tile",
    "無番和": "chicken_hand",
    "平胡": "all_chows",
    "碰碰胡": "all_pungs",
}

WAIT_FANS = frozenset({"edge_wait", "closed_wait", "single_wait"})  # 边张 嵌张 单钓将


@cache
def table() -> dict[str, tuple[str, str, int]]:
    """Record name → (our item id, our Chinese name, our value)."""
    items = {i.id: i for i in registry.get("mcr").items}
    out = {i.name_zh: (i.id, i.name_zh, i.points) for i in items.values()}
    for name, item_id in ALIASES.items():
        out.setdefault(name, (item_id, items[item_id].name_zh, items[item_id].points))
    return out


@cache
def by_id() -> dict[str, tuple[str, int]]:
    """Our item id → (Chinese name, value)."""
    return {i.id: (i.name_zh, i.points) for i in registry.get("mcr").items}

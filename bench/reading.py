"""Reading a full result back, every field by attribute: what the benches count as a result read
(bench/run.py for MCR, bench/riichi.py for riichi, which reads its details too)."""

from __future__ import annotations

from typing import Any


def read_every_field(r: Any) -> int:
    """Every field of a full result read: each item's and exclusion's fields, the partition, the
    payments, the rules, the details, the context used, the rest."""
    seen = r.total + len(r.variant) + len(r.hand) + r.valid + len(r.version) + len(r.wilds) + len(r.warnings)
    seen += (r.reason is None) + (r.readings is None) + (r.tie_break is None) + (r.verdict is None)
    for i in r.items:
        seen += len(i.id) + len(i.name) + len(i.name_zh) + i.points * i.factor * i.count + len(i.tiles) + (i.detail is None)
    for e in r.excluded:
        seen += len(e.id) + len(e.name) + len(e.name_zh) + (e.by is None) + len(e.principle) + e.count
    for text in r.partition:
        seen += len(text)
    for mapping in (r.payments, r.rules, r.details, r.context_used.values):
        for key, value in mapping.items():
            seen += len(key) + (value is None)
    return seen + len(r.context_used.defaults)

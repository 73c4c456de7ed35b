"""The rules reference: each variant's page under ``docs/rules/`` and, for one item, its definition,
value, exclusions and worked example scored by the engine (``mjscore rules``, the HTTP item route).

A page has one section per item, opened by ``<a id="ITEM-ID"></a>`` (the item id with ``-`` for
``_``) and a ``###`` heading; its first paragraphs define the item and its first console block holds
the worked example (``docs/README.md`` describes the format; ``tests/test_docs.py`` checks it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import registry
from .errors import HandError
from .registry import anchor_of

_HERE = Path(__file__).resolve().parent
# an installed package carries the pages (setup.py copies them); a source checkout reads docs/ itself
DOCS_ROOTS = (_HERE / "_docs", _HERE.parent / "docs")
_ANCHOR = re.compile(r'^<a id="([^"]+)"></a>\s*$', re.M)
_CONSOLE = re.compile(r"```console\n(.*?)```", re.S)


def docs_root() -> Path:
    for root in DOCS_ROOTS:
        if (root / "rules").is_dir():
            return root
    raise HandError("the rules pages are not installed with this copy of mjscore", None, "no_docs")


def page(variant_id: str) -> Path:
    """The rules page of a variant: the first of the roots that has it."""
    v = registry.get(variant_id)
    docs_root()  # the pages are there at all
    path = next((p for p in (root / "rules" / f"{v.id}.md" for root in DOCS_ROOTS) if p.exists()), None)
    if path is None:
        raise HandError(f"{v.id} has no rules page", None, "no_docs")
    return path


@dataclass(frozen=True)
class Section:
    """An item's section of its page: the Markdown, the definition paragraphs, the example command."""

    markdown: str
    definition: str
    example: str | None


def sections(variant_id: str) -> dict[str, Section]:
    """Every anchored section of a variant's page, by anchor."""
    text = page(variant_id).read_text(encoding="utf-8")
    found: dict[str, Section] = {}
    marks = list(_ANCHOR.finditer(text))
    for n, mark in enumerate(marks):
        end = marks[n + 1].start() if n + 1 < len(marks) else len(text)
        body = text[mark.end():end]
        body = re.split(r"^## ", body, maxsplit=1, flags=re.M)[0].strip()  # stop at the next section
        lines = body.splitlines()
        prose = "\n".join(lines[1:] if lines and lines[0].startswith("#") else lines)
        before_example = _CONSOLE.split(prose, maxsplit=1)[0]
        paragraphs = [p.strip() for p in before_example.split("\n\n") if p.strip()]
        definition = "\n\n".join(p for p in paragraphs if not p.lstrip("*").startswith("Not also scored"))
        block = _CONSOLE.search(body)
        example = None
        if block:
            example = next((line[2:] for line in block.group(1).splitlines() if line.startswith("$ ")), None)
        found[mark.group(1)] = Section(body, " ".join(definition.split()), example)
    return found


def item_reference(variant_id: str, item: str) -> dict[str, Any]:
    """One item: its table row (value), its definition from the page, its worked example scored now,
    and every item it keeps out ("not also scored"): its table row's exclusions and those the score
    applies with it in the example (清龙 keeps out the 连六 and 老少副 among its own chows), so the
    reference says what the score does. ``item`` is an id, a Chinese or an English name."""
    from .claims import unknown_item
    from .item_names import item_names, name_key

    v = registry.get(variant_id)
    item_id = item_names(v).get(name_key(item))
    if item_id is None:
        raise HandError(unknown_item(v, item), None, "unknown_item")
    row = next(i for i in v.items if i.id == item_id)
    section = sections(v.id).get(anchor_of(item_id))
    example = _example(v, section.example) if section and section.example else None
    excludes = _not_also_scored(row, example[1] if example else None)
    return {
        "variant": v.id, "id": row.id, "name": row.name, "name_zh": row.name_zh, "points": row.points,
        "factor": row.factor,
        "excludes": [_excluded(v, e, p) for e, p in excludes],
        "definition": section.definition if section else None,
        "doc": registry.doc_link(v.id, item_id),
        "example": None if example is None or section is None else _shown_example(item_id, section, *example),
    }


def _excluded(v: registry.Variant, item_id: str, principle: str) -> dict[str, Any]:
    row = next((i for i in v.items if i.id == item_id), None)
    return {"id": item_id, "name": row.name if row else item_id, "name_zh": row.name_zh if row else item_id,
            "principle": principle}


def _shown_example(item_id: str, section: Section, request: dict[str, Any], result: Any) -> dict[str, Any]:
    scored = next((i for i in result.items if i.id == item_id), None)
    return {
        "command": section.example, "hand": result.hand, "context": request["context"],
        "valid": result.valid, "total": result.total,
        "item": None if scored is None else scored.as_dict(),
    }


def not_also_scored(variant_id: str) -> dict[str, list[tuple[str, str]]]:
    """Every item's exclusions (id, principle) as ``item_reference`` gives them: the table's, and
    those the score applies with the item in its worked example."""
    v = registry.get(variant_id)
    found = sections(v.id)
    out = {}
    for row in v.items:
        section = found.get(anchor_of(row.id))
        example = _example(v, section.example) if section and section.example else None
        out[row.id] = _not_also_scored(row, example[1] if example else None)
    return out


def _example(v: registry.Variant, command: str) -> tuple[dict[str, Any], Any]:
    """A worked example's request and its result, scored now."""
    from .engine import score
    from .options import request_from_command

    request = request_from_command(v, command)
    return request, score(v.id, request["hand"], request["context"], request["rules"], request["dialect"])


def _not_also_scored(row: Any, result: Any) -> list[tuple[str, str]]:
    """The table row's exclusions, then those the score applied for the item (table order kept)."""
    seen = dict(row.excludes)
    if result is not None:
        for e in result.excluded:
            if e.by == row.id and e.id not in seen:
                seen[e.id] = e.principle
    return list(seen.items())

"""The documentation under docs/ is executed: every console example prints what it shows (whole
outputs or marked excerpts, see tests/console_blocks.py), and every link between the pages, and from
the README, points at a page and an anchor that exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROOT
from console_blocks import check_example, console_examples

DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))
EXAMPLES = [(page, command, expected) for page in PAGES
            for command, expected in console_examples(page.read_text(encoding="utf-8"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchors(page: Path) -> set[str]:
    """Explicit ``<a id="...">`` anchors and GitHub's heading anchors of a page."""
    text = page.read_text(encoding="utf-8")
    found = set(re.findall(r'<a id="([^"]+)"', text))
    for heading in re.findall(r"^#+ (.+)$", text, flags=re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        found.add(slug)
    return found


@pytest.mark.parametrize(("page", "command", "expected"), EXAMPLES,
                         ids=[f"{p.relative_to(DOCS)}: {c}" for p, c, _ in EXAMPLES])
def test_docs_example(page, command, expected, monkeypatch):
    monkeypatch.chdir(ROOT)
    check_example(command, expected)


@pytest.mark.parametrize("page", [ROOT / "README.md", *PAGES], ids=lambda p: str(p.relative_to(ROOT)))
def test_links_point_at_pages_and_anchors_that_exist(page):
    prose = re.sub(r"```.*?```|`[^`\n]*`", "", page.read_text(encoding="utf-8"), flags=re.S)  # code is no link
    for target in LINK.findall(prose):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        assert dest.is_relative_to(ROOT), f"{page.name} links outside the repository: {target}"
        assert dest.exists(), f"{page.name} links to a missing file: {target}"
        if anchor and dest.suffix == ".md":
            assert anchor in anchors(dest), f"{page.name} links to a missing anchor: {target}"


def test_every_item_of_every_variant_has_its_section():
    """A referee can look every item up: docs/rules/<variant>.md has an anchored section for each."""
    from scorer import registry

    for variant_id, variant in registry.variants().items():
        page = DOCS / "rules" / f"{variant_id}.md"
        assert page.exists(), f"no rules page for {variant_id}"
        found = anchors(page)
        missing = [i.id for i in variant.items if i.id.replace("_", "-") not in found]
        assert not missing, f"{page.name} has no section for {missing}"

"""The documentation under docs/ is executed: every console example prints what it shows (whole
outputs or marked excerpts, see tests/console_blocks.py), every python example runs and every curl
example answers what it shows (tests/code_blocks.py), and every link between the pages, and from the
README, points at a page and an anchor that exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from code_blocks import check_curl, curl_examples, python_examples, run_python
from conftest import ROOT
from console_blocks import check_example, console_examples

DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))
EXAMPLES = [(page, command, expected) for page in PAGES
            for command, expected in console_examples(page.read_text(encoding="utf-8"))]
PYTHON = [(page, code) for page in PAGES for code in python_examples(page.read_text(encoding="utf-8"))]
CURL = [(page, body, following) for page in PAGES
        for body, following in curl_examples(page.read_text(encoding="utf-8"))]
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


@pytest.mark.parametrize(("page", "code"), PYTHON, ids=[f"{p.relative_to(DOCS)}: python-{i}" for i, (p, _) in enumerate(PYTHON)])
def test_docs_python_example(page, code, tmp_path):
    run_python(code, tmp_path)


@pytest.mark.parametrize(("page", "body", "following"), CURL,
                         ids=[f"{p.relative_to(DOCS)}: curl-{i}" for i, (p, _, _) in enumerate(CURL)])
def test_docs_curl_example(page, body, following):
    check_curl(body, following)


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
    """A referee can look every item up: docs/rules/<variant>.md has an anchored section for each, and
    the item's ``doc`` link (``GET /v1/variants``, ``mjscore items --json``) points at it."""
    from scorer import registry

    for variant_id, variant in registry.variants().items():
        page = DOCS / "rules" / f"{variant_id}.md"
        assert page.exists(), f"no rules page for {variant_id}"
        found = anchors(page)
        missing = [i.id for i in variant.items if i.id.replace("_", "-") not in found]
        assert not missing, f"{page.name} has no section for {missing}"
        links = {i.id: i.doc for i in variant.items}
        assert links == {i: f"docs/rules/{variant_id}.md#{i.replace('_', '-')}" for i in links}
        assert [d["doc"] for d in variant.describe()["items"]] == list(links.values())


# --- the code and the fixtures cite the rules pages, never the working notes they were written from ---

# third-party files shipped as they came (the API docs viewers, docs/web.md#tiles-and-fonts)
VENDORED = {"swagger", "redoc"}
SOURCES = sorted(f for d in ("scorer", "cli", "api", "tests", "fixtures") for f in (ROOT / d).rglob("*")
                 if f.suffix in {".py", ".pyx", ".pxd", ".pxi", ".js", ".html", ".css", ".json", ".jsonl"}
                 and "__pycache__" not in f.parts and not VENDORED & set(f.parts))
# What a citation of the old working contract looks like (spelled so that this file does not match itself):
# section signs, its folder, its seed numbers, its page names outside docs/, temporary files, issue
# numbers and session talk.
STALE = {
    "section sign": re.compile("\u00a7"),
    "the contract's folder": re.compile("shared" + "/spec"),
    "a seed number": re.compile(r"\bseed 0\d"),
    "a temporary file": re.compile("/" + "tmp/"),
    "an issue number": re.compile(r"\bissues?(?:\s*#\s*\d+|\s+\d+|:)", re.I),
    "session talk": re.compile(r"\bthe " + r"brief\b", re.I),
    "a contract page": re.compile(r"(?<![\w/\"'.-])(?:mcr-fans|mcr|fuzhou|hebei|shanxi|huangyan|nantong|INTERFACE"
                                  r"|NOTATION)\.md\b"),
}
# Files another change is rewriting now; each still cites the old contract. Empty this list as they are done
# (a listed file that no longer cites it fails, so that the list cannot go stale).
NOT_YET: tuple[str, ...] = ()


def _source_params():
    for f in SOURCES:
        name = str(f.relative_to(ROOT))
        marks = [pytest.mark.xfail(strict=True, reason="not yet rewritten")] if name in NOT_YET else []
        yield pytest.param(f, id=name, marks=marks)


@pytest.mark.parametrize("path", list(_source_params()))
def test_sources_cite_the_rules_pages_only(path):
    """Rules are cited by their section of docs/ (``docs/rules/mcr.md#pure-straight``) or stated in words."""
    found = [(n, what, m.group(0)) for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             for what, pattern in STALE.items() for m in pattern.finditer(line)]
    assert not found, "\n".join(f"line {n}: {what} {text!r}" for n, what, text in found)


def test_not_yet_names_files_that_exist():
    assert all((ROOT / name).exists() for name in NOT_YET)


CITATION = re.compile(r"(?P<page>\b(?:docs/[\w/-]+\.md|README\.md))(?:#(?P<anchor>[\w-]*\w))?"
                      r"|(?:(?<=\()|(?<=, )|(?<=: ))#(?P<fragment>[a-z][a-z0-9-]*[a-z0-9])(?=[)\s,;:.])")


@pytest.mark.parametrize("path", SOURCES, ids=[str(f.relative_to(ROOT)) for f in SOURCES])
def test_cited_pages_and_anchors_exist(path):
    """Every ``docs/...md#anchor`` cited in the code exists; a bare ``#anchor`` is read on the page named
    last before it in the same file."""
    page = None
    for m in CITATION.finditer(path.read_text(encoding="utf-8")):
        if m.group("page"):
            page = ROOT / m.group("page")
            assert page.exists(), f"cites a missing page: {m.group(0)}"
            anchor = m.group("anchor")
        else:
            anchor = m.group("fragment")
            if page is None:
                continue  # not a citation (no page named yet)
        if anchor:
            assert anchor in anchors(page), f"cites a missing anchor: {page.relative_to(ROOT)}#{anchor}"

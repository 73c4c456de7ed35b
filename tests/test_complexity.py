"""Complexity where it belongs: few functions of the library, the CLI and the service are branchy
past the point a reader can hold (radon's cyclomatic complexity above 15); the rules a branchy
function applies are split into named functions or tables. The limit is CONTRIBUTING.md's."""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_visit

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("scorer", "cli", "api")
THRESHOLD = 15  # above this a block counts as too branchy
MOST = 30  # how many such blocks the code base may hold


def _too_branchy() -> list[str]:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for block in cc_visit(path.read_text(encoding="utf-8")):
                if block.complexity > THRESHOLD:
                    found.append(f"{path.relative_to(ROOT)}:{block.lineno} {block.name} ({block.complexity})")
    return found


def test_at_most_thirty_blocks_are_above_complexity_fifteen() -> None:
    found = _too_branchy()
    assert len(found) <= MOST, "\n".join(found)


def test_the_count_sees_a_branchy_function() -> None:
    branches = "\n".join(f"    if x == {n}:\n        return {n}" for n in range(THRESHOLD + 1))
    (block,) = cc_visit(f"def f(x):\n{branches}\n    return -1\n")
    assert block.complexity > THRESHOLD

"""Rewrite the console blocks of README.md and docs/ with what each command really prints (80 columns).

Blocks with ``...`` marks (a line of its own, or a line's end) are excerpts chosen by hand: left alone
(the tests check them). Run after changing an output: ``.venv/bin/python tools/readme_outputs.py``;
then read the diff before committing it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
os.chdir(ROOT)

from console_blocks import rewrite_whole_outputs  # noqa: E402


def main() -> None:
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        new = rewrite_whole_outputs(text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(f"rewritten: {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

"""Rewrite README.md's console blocks with what each command really prints (80 columns).

Blocks with ``...`` marks (a line of its own, or a line's end) are excerpts chosen by hand: left alone (tests/test_readme.py checks
them). Run after changing an output: ``.venv/bin/python tools/readme_outputs.py``; then read the
diff before committing it.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
os.chdir(ROOT)

from test_readme import run_console  # noqa: E402

README = ROOT / "README.md"


def rewrite(body: str) -> str:
    lines = body.strip("\n").splitlines()
    if any(line == "..." or line.endswith(" ...") for line in lines):
        return body
    out: list[str] = []
    for line in lines:
        if line.startswith("$ "):
            _, printed = run_console(line[2:])
            out += [line, *printed]
    return "\n".join(out) + "\n"


def main() -> None:
    text = README.read_text(encoding="utf-8")
    new = re.sub(r"```console\n(.*?)```", lambda m: "```console\n" + rewrite(m.group(1)) + "```", text, flags=re.S)
    README.write_text(new, encoding="utf-8")
    print("README.md console blocks rewritten" if new != text else "README.md console blocks already current")


if __name__ == "__main__":
    main()

"""Python and curl examples in Markdown (README.md, docs/): a python block runs as a user would run it,
a curl block is sent to the API and its answer compared with the json block after it (if any)."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

from console_blocks import blocks


def python_examples(text: str) -> list[str]:
    """The body of every ``python`` block of a Markdown text."""
    return [body for lang, body in blocks(text) if lang == "python"]


def curl_examples(text: str) -> list[tuple[str, tuple[str, str]]]:
    """(curl command, the block after it or ``("", "")``) for every ``sh`` block that calls curl."""
    found = blocks(text)
    return [(body, found[i + 1] if i + 1 < len(found) else ("", ""))
            for i, (lang, body) in enumerate(found) if lang == "sh" and "curl" in body]


def run_python(code: str, folder: Path) -> None:
    """Run as a user would after ``make run``: a fresh interpreter, from another folder, with no test
    tools importable (pytest, hypothesis, the oracle)."""
    blocker = folder / "sitecustomize.py"
    blocker.write_text("import sys\nfor name in ('pytest', 'hypothesis', 'MahjongGB', 'httpx'):\n"
                       "    sys.modules[name] = None\n")
    env = {"PYTHONPATH": str(folder), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", code], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr


def check_curl(body: str, following: tuple[str, str]) -> None:
    """Send the curl request through the API; the json block after it is the answer shown (an error
    object: 422 with that code, message and position; else 200 and those fields); none: a valid answer."""
    from fastapi.testclient import TestClient

    from api.app import app

    argv = shlex.split(body.replace("\\\n", " "))
    url = next(a for a in argv if a.startswith("http://"))
    path = "/" + url.split("/", 3)[3]
    data = json.loads(argv[argv.index("-d") + 1])
    res = TestClient(app).post(path, json=data)
    if following[0] == "json" and "error" in (json.loads(following[1]) or {}):
        shown = json.loads(following[1])
        assert res.status_code == 422
        assert res.json()["error"]["code"] == shown["error"]["code"]
        assert res.json()["error"]["message"] == shown["error"]["message"]
        assert res.json()["error"]["position"] == shown["error"]["position"]
    elif following[0] == "json":
        assert res.status_code == 200, res.text
        assert matches(res.json(), json.loads(following[1]))
    else:
        assert res.status_code == 200, res.text
        assert res.json()["valid"] is True


def matches(actual, shown) -> bool:
    """A page shows an answer with "..." standing for elided list entries."""
    if isinstance(shown, dict):
        return isinstance(actual, dict) and all(k in actual and matches(actual[k], v) for k, v in shown.items())
    if isinstance(shown, list):
        if shown and shown[-1] == "...":
            return len(actual) >= len(shown) - 1 and all(matches(a, b) for a, b in zip(actual, shown[:-1], strict=False))
        return isinstance(actual, list) and len(actual) == len(shown) and all(
            matches(a, b) for a, b in zip(actual, shown, strict=True))
    return actual == shown

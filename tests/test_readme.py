"""Every example in README.md runs: console blocks through the CLI (whole outputs or marked excerpts,
see tests/console_blocks.py), python blocks as code, curl through the API."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys

import pytest
from conftest import ROOT
from console_blocks import blocks, check_example, console_examples
from fastapi.testclient import TestClient

README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = blocks(README)
CONSOLE = list(console_examples(README))
PYTHON = [body for lang, body in BLOCKS if lang == "python"]
CURL = [(i, body) for i, (lang, body) in enumerate(BLOCKS) if lang == "sh" and "curl" in body]


def test_readme_opens_with_the_two_make_commands():
    first = BLOCKS[0][1]
    assert "make run" in first and "make test" in first


@pytest.mark.parametrize(("command", "expected"), CONSOLE, ids=[c for c, _ in CONSOLE])
def test_console_example(command, expected, monkeypatch):
    monkeypatch.chdir(ROOT)
    check_example(command, expected)


@pytest.mark.parametrize("code", PYTHON, ids=[f"python-{i}" for i in range(len(PYTHON))])
def test_python_example(code, tmp_path):
    """Run as a user would after ``make run``: a fresh interpreter, from another folder, with no test
    tools importable (pytest, hypothesis, the oracle)."""
    blocker = tmp_path / "sitecustomize.py"
    blocker.write_text("import sys\nfor name in ('pytest', 'hypothesis', 'MahjongGB', 'httpx'):\n"
                       "    sys.modules[name] = None\n")
    env = {"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(("index", "body"), CURL, ids=[f"curl-{i}" for i, _ in CURL])
def test_curl_example(index, body):
    from api.app import app

    joined = body.replace("\\\n", " ")
    argv = shlex.split(joined)
    url = next(a for a in argv if a.startswith("http://"))
    path = "/" + url.split("/", 3)[3]
    data = json.loads(argv[argv.index("-d") + 1])
    res = TestClient(app).post(path, json=data)
    following = BLOCKS[index + 1] if index + 1 < len(BLOCKS) else ("", "")
    if following[0] == "json" and "error" in (json.loads(following[1]) or {}):
        shown = json.loads(following[1])
        assert res.status_code == 422
        assert res.json()["error"]["code"] == shown["error"]["code"]
        assert res.json()["error"]["message"] == shown["error"]["message"]
        assert res.json()["error"]["position"] == shown["error"]["position"]
    elif following[0] == "json":
        assert res.status_code == 200, res.text
        assert _matches(res.json(), json.loads(following[1]))
    else:
        assert res.status_code == 200, res.text
        assert res.json()["valid"] is True


def _matches(actual, shown) -> bool:
    """The README shows an answer with "..." standing for elided list entries."""
    if isinstance(shown, dict):
        return isinstance(actual, dict) and all(k in actual and _matches(actual[k], v) for k, v in shown.items())
    if isinstance(shown, list):
        if shown and shown[-1] == "...":
            return len(actual) >= len(shown) - 1 and all(_matches(a, b) for a, b in zip(actual, shown[:-1], strict=False))
        return isinstance(actual, list) and len(actual) == len(shown) and all(
            _matches(a, b) for a, b in zip(actual, shown, strict=True))
    return actual == shown

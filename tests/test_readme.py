"""Every example in README.md runs: console blocks through the CLI, python blocks as code, curl
through the API. A console block's non-command lines must each appear in the command's output."""

from __future__ import annotations

import json
import re
import shlex

import pytest
from conftest import ROOT
from fastapi.testclient import TestClient
from typer.testing import CliRunner

README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", README, flags=re.S)


def _console_examples():
    for lang, body in BLOCKS:
        if lang != "console":
            continue
        lines = body.strip("\n").splitlines()
        command, expected = None, []
        for line in lines:
            if line.startswith("$ "):
                if command:
                    yield command, expected
                command, expected = line[2:], []
            else:
                expected.append(line.strip())
        if command:
            yield command, expected


CONSOLE = list(_console_examples())
PYTHON = [body for lang, body in BLOCKS if lang == "python"]
CURL = [(i, body) for i, (lang, body) in enumerate(BLOCKS) if lang == "sh" and "curl" in body]


def test_readme_opens_with_the_two_make_commands():
    first = BLOCKS[0][1]
    assert "make run" in first and "make test" in first


@pytest.mark.parametrize(("command", "expected"), CONSOLE, ids=[c for c, _ in CONSOLE])
def test_console_example(command, expected, monkeypatch):
    from cli.main import app

    monkeypatch.chdir(ROOT)
    argv = shlex.split(command)
    assert argv[0] == "mjscore"
    result = CliRunner().invoke(app, argv[1:])
    output = result.output
    wants_error = any(e.startswith("error:") for e in expected)
    assert result.exit_code == (2 if wants_error else 0), output
    for line in expected:
        assert line in output, f"{line!r} not in output of {command!r}:\n{output}"


@pytest.mark.parametrize("code", PYTHON, ids=[f"python-{i}" for i in range(len(PYTHON))])
def test_python_example(code):
    exec(compile(code, "README.md", "exec"), {})


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
    if following[0] == "json" and isinstance(json.loads(following[1]), dict):
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

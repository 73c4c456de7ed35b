"""Every example in README.md runs: console blocks through the CLI, python blocks as code, curl
through the API.

A console block shows what the user sees at an 80-column terminal: the command's whole output, line
for line (trailing spaces aside), or marked excerpts: a line ``...`` stands for lines left out, and
each run of shown lines between such marks must appear in the output as it is, in order; a shown
line ending in `` ...`` stands for an output line that starts with the text before it (a long JSON
line, say).
``tools/readme_outputs.py`` rewrites the whole-output blocks from the real output."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys

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
                expected.append(line.rstrip())
        if command:
            yield command, expected


CONSOLE = list(_console_examples())
PYTHON = [body for lang, body in BLOCKS if lang == "python"]
CURL = [(i, body) for i, (lang, body) in enumerate(BLOCKS) if lang == "sh" and "curl" in body]


def test_readme_opens_with_the_two_make_commands():
    first = BLOCKS[0][1]
    assert "make run" in first and "make test" in first


def run_console(command: str) -> tuple[int, list[str]]:
    """A README command as the user's terminal shows it: exit status and output lines."""
    from cli.main import app

    argv = shlex.split(command)
    assert argv[0] == "mjscore"
    result = CliRunner().invoke(app, argv[1:], env={"COLUMNS": "80", "NO_COLOR": "1"})
    return result.exit_code, [line.rstrip() for line in result.output.rstrip("\n").splitlines()]


def _same(shown: str, printed: str) -> bool:
    if shown.endswith(" ..."):
        return printed.startswith(shown[:-4])
    return shown == printed


def _run_at(run: list[str], output: list[str], at: int) -> bool:
    return all(_same(a, b) for a, b in zip(run, output[at:at + len(run)], strict=True))


def shown_in(expected: list[str], output: list[str]) -> bool:
    """The block's lines are the whole output, or (with ``...`` marks) runs found in order."""
    if "..." not in expected:
        return len(expected) == len(output) and _run_at(expected, output, 0)
    at = 0
    runs: list[list[str]] = [[]]
    for line in expected:
        if line == "...":
            runs.append([])
        else:
            runs[-1].append(line)
    for run in filter(None, runs):
        while at + len(run) <= len(output) and not _run_at(run, output, at):
            at += 1
        if at + len(run) > len(output):
            return False
        at += len(run)
    return True


@pytest.mark.parametrize(("command", "expected"), CONSOLE, ids=[c for c, _ in CONSOLE])
def test_console_example(command, expected, monkeypatch):
    monkeypatch.chdir(ROOT)
    status, output = run_console(command)
    wants_error = any(e.startswith("error:") for e in expected)
    assert status == (2 if wants_error else 0), output
    assert shown_in(expected, output), f"README block for {command!r} is not what it prints:\n" + "\n".join(output)


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

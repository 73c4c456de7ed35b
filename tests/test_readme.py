"""Every example in README.md runs: console blocks through the CLI (whole outputs or marked excerpts,
see tests/console_blocks.py), python blocks as code, curl through the API (tests/code_blocks.py).
tests/test_docs.py runs the docs/ pages' examples the same way."""

from __future__ import annotations

import pytest
from code_blocks import check_curl, curl_examples, python_examples, run_python
from conftest import ROOT
from console_blocks import blocks, check_example, console_examples

README = (ROOT / "README.md").read_text(encoding="utf-8")
CONSOLE = list(console_examples(README))
PYTHON = python_examples(README)
CURL = curl_examples(README)


def test_readme_is_a_front_page():
    # what it is, the two commands, one example per feature and links: the manual is in docs/
    assert len(README.splitlines()) <= 300


def test_readme_opens_with_the_two_make_commands():
    first = blocks(README)[0][1]
    assert "make run" in first and "make test" in first


@pytest.mark.parametrize(("command", "expected"), CONSOLE, ids=[c for c, _ in CONSOLE])
def test_console_example(command, expected, monkeypatch):
    monkeypatch.chdir(ROOT)
    check_example(command, expected)


@pytest.mark.parametrize("code", PYTHON, ids=[f"python-{i}" for i in range(len(PYTHON))])
def test_python_example(code, tmp_path):
    run_python(code, tmp_path)


@pytest.mark.parametrize(("body", "following"), CURL, ids=[f"curl-{i}" for i in range(len(CURL))])
def test_curl_example(body, following):
    check_curl(body, following)

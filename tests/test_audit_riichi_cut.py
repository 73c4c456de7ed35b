"""A Tenhou log that is one JSON document cut short (a download stopped mid-way), given to
``mjscore audit tenhou``: one error naming the file and where its JSON stops, in the reader's words
(docs/batch.md#riichi-game-logs), whether the game is on one line or pretty-printed, and wherever
the cut falls, inside a character too. A file of one game a line keeps one error per broken line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_runner import run_cli

RECORDS = Path(__file__).resolve().parent.parent / "fixtures" / "riichi" / "records"
CUT_SHORT = "not JSON: the text ends before the JSON value does (cut short?)"


def _game() -> dict:
    return json.loads((RECORDS / "tenhou-game.json").read_text(encoding="utf-8"))


def _errors(path: Path) -> list[dict]:
    out = run_cli(["audit", "tenhou", str(path), "--json", "--workers", "1"])
    assert out.exit_code == 0 and "Traceback" not in out.output, out.output
    *reports, summary = [json.loads(x) for x in out.stdout.splitlines()]
    assert summary["rounds"] == summary["errors"] == len(reports)
    return [{"source": r["source"], **r["error"]} for r in reports]


def _where_it_stops(text: str) -> str:
    """Where a JSON reader meets the end of ``text``: its last line and the column after it."""
    line = text.count("\n") + 1
    column = len(text.rsplit("\n", 1)[-1]) + 1
    return f"(line {line}, column {column})" if line > 1 else f"(column {column})"


@pytest.mark.parametrize("indent", [None, 1])
@pytest.mark.parametrize("share", [0.3, 0.77])
def test_a_game_cut_short_is_one_error_saying_where_its_json_stops(tmp_path: Path, indent: int | None,
                                                                   share: float) -> None:
    text = json.dumps(_game(), ensure_ascii=False, indent=indent)
    cut = text[:int(len(text) * share)]
    path = tmp_path / "cut.json"
    path.write_text(cut, encoding="utf-8")
    assert _errors(path) == [{"source": str(path), "where": "line 1",
                              "message": f"{CUT_SHORT} {_where_it_stops(cut)}"}]


def test_a_cut_inside_a_character_is_cut_short_not_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    data = json.dumps(_game(), ensure_ascii=False).encode()
    # the first character of more than one byte, cut after its first byte
    at = next(i for i, b in enumerate(data) if b >= 0xC0)
    path = tmp_path / "cut.json"
    path.write_bytes(data[:at + 1])
    assert _errors(path) == [{"source": str(path), "where": "line 1",
                              "message": f"{CUT_SHORT} {_where_it_stops(data[:at].decode())}"}]


def test_the_text_report_names_the_file(tmp_path: Path) -> None:
    text = json.dumps(_game(), ensure_ascii=False, indent=1)
    cut = text[:len(text) // 2]
    path = tmp_path / "cut.json"
    path.write_text(cut, encoding="utf-8")
    out = run_cli(["audit", "tenhou", str(path), "--workers", "1"])
    assert out.exit_code == 0 and "Traceback" not in out.output
    assert f"error     {path}:1" in out.stdout
    assert f"line 1: {CUT_SHORT} {_where_it_stops(cut)}" in out.stdout
    assert "1 round: 0 wins, 0 drawn, 1 error" in out.stdout


def test_one_game_a_line_keeps_one_error_for_each_broken_line(tmp_path: Path) -> None:
    line = json.dumps(_game(), ensure_ascii=False)
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join([line[:40], line, line[:500]]) + "\n", encoding="utf-8")
    out = run_cli(["audit", "tenhou", str(path), "--json", "--workers", "1"])
    *reports, summary = [json.loads(x) for x in out.stdout.splitlines()]
    errors = [r["error"] for r in reports if r["outcome"] == "error"]
    assert errors == [{"where": "line 1", "message": f"{CUT_SHORT} (column 41)"},
                      {"where": "line 3", "message": f"{CUT_SHORT} (column 501)"}]
    assert summary["rounds"] - summary["errors"] == len(_game()["log"])

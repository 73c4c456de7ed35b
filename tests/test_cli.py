"""The command line run in-process (tests/cli_runner.py): outputs and exit statuses."""

from __future__ import annotations

import orjson
import pytest
from cli_runner import run_cli


def run(*args: str):
    return run_cli(list(args))


def test_parse_json_lists_every_reading():
    res = run("parse", "11223344556677m", "--json")
    assert res.exit_code == 0
    body = orjson.loads(res.output)
    assert body["hand"] == "11223344556677m"
    seven_pairs = ["11m", "22m", "33m", "44m", "55m", "66m", "77m"]
    assert seven_pairs in body["partitions"]
    assert len(body["partitions"]) == 4  # 3 standard + seven pairs


def test_parse_special_shapes_as_groups():
    res = run("parse", "19m19p119sESWNCFP", "--json")
    assert orjson.loads(res.output)["partitions"] == [
        ["1m", "9m", "1p", "9p", "11s", "9s", "E", "S", "W", "N", "C", "F", "P"]]
    res = run("parse", "147m258p369s456p88m", "--json")
    assert orjson.loads(res.output)["partitions"] == [["147m258p369s", "88m", "456p"]]


def test_parse_errors_exit_2_with_positions():
    res = run("parse", "123m4x5p")
    assert res.exit_code == 2
    assert "unknown character 'x'" in res.output or "'x'" in res.output
    assert "(position 5)" in res.output


def test_parse_readable_table():
    res = run("parse", "11122233344455m")
    assert res.exit_code == 0
    assert "111m 22m 234m 345m 345m" in res.output


def test_helper_dialect_switch():
    res = run("parse", "[567m2]123p456s789s1m1m", "--dialect", "helper", "--json")
    assert res.exit_code == 0
    assert orjson.loads(res.output)["hand"] == "[567m,2]1m123p456789s1m"
    guessed = run("parse", "[567m2]123p456s789s1m1m", "--json")  # read as helper, with a note
    assert guessed.exit_code == 0 and orjson.loads(guessed.output)["hand"] == "[567m,2]1m123p456789s1m"


def test_mcr_readable_output_names_in_both_languages():
    res = run("mcr", "[123m]456789m555pCC", "--self-draw", "--seat", "S")
    assert res.exit_code == 0
    for text in ("Pure Straight", "清龙", "Short Straight", "连六", "pure_straight", "total 19",
                 "E -27", "S +81"):
        assert text in res.output


def test_mcr_json_and_context_options():
    res = run("mcr", "[123m]456789m555pCC", "--seat", "S", "--round", "W", "--flowers", "2",
              "--discarder", "W", "--json")
    body = orjson.loads(res.output)
    assert body["total"] == 20 and body["payments"] == {"E": -8, "S": 44, "W": -28, "N": -8}
    assert body["rules"]["preset"] == "helper"


@pytest.mark.parametrize(("args", "message"), [
    (["mcr", "[123m]456789m555pCC", "--seat", "X"], "--seat: 'X' is not a wind"),
    (["mcr", "[123m]456789m555pCC", "--flowers", "9"], "--flowers: 9 is out of range 0–8"),
    (["mcr", "[123m]456789m555pCC", "--rules", "nope"], "unknown rule preset"),
    (["mcr", "[123m]456789m555pCC", "--self-draw", "--kong-win"], "needs a kong"),
    (["mcr", "[123m]456789m555pC"], "13 tiles found"),
])
def test_mcr_bad_input_exit_2(args, message):
    res = run(*args)
    assert res.exit_code == 2
    assert message in res.output


def test_batch_keeps_order_and_survives_bad_lines(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join([
        '{"variant": "mcr", "hand": "[123m]456789m555pCC"}',
        "{broken",
        '{"variant": "mcr", "hand": "[NNN]77789m11888p7m"}',
        '{"variant": "mcr", "hand": "[123m]456789m555pCC", "context": {"oops": 1}}',
        "[1, 2]",
    ]) + "\n")
    out = tmp_path / "out.jsonl"
    res = run("batch", str(src), "-o", str(out))
    assert res.exit_code == 0
    lines = [orjson.loads(x) for x in out.read_text().splitlines()]
    assert len(lines) == 5
    assert lines[0]["total"] == 18
    assert lines[1]["error"]["code"] == "bad_json"
    assert lines[2]["valid"] is False and lines[2]["total"] == 0
    assert lines[3]["error"]["code"] == "unknown_field"
    assert lines[4]["error"]["code"] == "bad_request"

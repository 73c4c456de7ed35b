"""The command line run in-process (tests/cli_runner.py): outputs and exit statuses."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from cli_runner import run_cli

from scorer import score


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


# --- typer: the user's words, errors, completion ---------------------------------------------------

HAND = "[123m]456789m555pCC"
SCRIPT = Path(sys.executable).with_name("mjscore")  # the console script a user runs


def console(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``mjscore ARGS`` through the installed console script, in a fresh process."""
    assert SCRIPT.exists(), "the package is installed with its console script (make install-dev)"
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "COLUMNS": "80", **(env or {})})


@pytest.mark.parametrize("written", ["S", "s", "South", "south", "SOUTH", "南", "2z"])
def test_every_wind_option_reads_letters_names_and_chinese(written):
    res = run("mcr", HAND, "--seat", written, "--round", written.swapcase(), "--discarder", "西", "--json")
    assert res.exit_code == 0, res.output
    values = orjson.loads(res.stdout)["context_used"]["values"]
    assert (values["seat_wind"], values["round_wind"], values["discarder"]) == ("S", "S", "W")


def test_a_context_error_names_the_option_typed_never_the_field():
    res = run("mcr", HAND, "--seat-wind", "X", "--flowers", "9")
    assert res.exit_code == 2
    assert "error: --seat-wind: 'X' is not a wind" in res.stderr
    assert "error: --flowers: 9 is out of range 0–8" in res.stderr
    assert "context." not in res.output and "seat_wind" not in res.output
    res = run("mcr", HAND, "--self-draw", "--kong-win")
    assert "--kong-win on a self-drawn win needs a kong" in res.stderr and "kong_win" not in res.stderr


def test_json_errors_are_the_error_object_on_stdout_with_status_2():
    for args in ([HAND, "--flowers", "9"], [HAND, "--self-drw"], ["123m4x5p"]):
        res = run("mcr", *args, "--json")
        assert res.exit_code == 2 and res.stderr == "", res.output
        error = orjson.loads(res.stdout)["error"]
        assert {"message", "position", "code", "errors"} <= set(error) and error["errors"][0]["message"] == error["message"]
    assert orjson.loads(run("mcr", HAND, "--flowers", "9", "--json").stdout)["error"]["message"] == (
        "--flowers: 9 is out of range 0–8")


def test_a_typo_gets_a_suggestion():
    res = run("mcr", HAND, "--self-drw")
    assert res.exit_code == 2 and "no such option --self-drw" in res.stderr and "--self-draw" in res.stderr
    res = run("mcs", HAND)
    assert res.exit_code == 2 and "did you mean mcr?" in res.stderr
    res = run("rules", "mcr", "pure straigt")
    assert res.exit_code == 2 and "did you mean Pure Straight (清龙)" in res.stderr


@pytest.mark.parametrize(("args", "lines"), [
    # with the hand's and the other options' problems, each once, in the order the line has them
    (["riichi", "234m456p678s22s34m0x", "--seat-wind", "X", "--bogus", "--honba", "5"], [
        "error: no such option --bogus [unknown_option]",
        "error: unknown character 'x' (position 19) [unknown_character]",
        "error: digits '0' are not followed by a suit letter (m p s z f) (position 18) [digit_without_suit]",
        "error: 13 tiles found; a winning hand holds 14 [tile_count]",
        "error: --seat-wind: 'X' is not a wind (E S W N; East, South…; 东 南 西 北) [bad_context]"]),
    (["mcr", HAND, "--bogus=3", "--seat=X", "--flowrs", "2"], [
        "error: no such option --bogus [unknown_option]",
        "error: no such option --flowrs (did you mean --flowers?) [unknown_option]",
        "error: --seat: 'X' is not a wind (E S W N; East, South…; 东 南 西 北) [bad_context]"]),
    # the value typed after an unknown option is its value, not a second hand
    (["mcr", HAND, "--bogus", "3", "--self-draw"], ["error: no such option --bogus [unknown_option]"]),
    (["mcr", "--bogus", "3", HAND], ["error: no such option --bogus [unknown_option]"]),
    (["waits", "mcr", "123m", "--bogus"], ["error: no such option --bogus [unknown_option]",
                                          "error: 3 tiles found; an idle hand holds 13 [tile_count]"]),
])
def test_an_unknown_option_is_told_with_every_other_problem_and_nothing_is_scored(args, lines):
    res = run(*args)
    assert res.exit_code == 2 and res.stdout == ""
    assert res.stderr.splitlines() == lines
    error = orjson.loads(run(*args, "--json").stdout)["error"]
    assert [e["message"] for e in error["errors"]] == [line.removeprefix("error: ").rsplit(" [", 1)[0]
                                                       .replace(" (position 19)", "").replace(" (position 18)", "")
                                                       for line in lines]


def test_an_option_without_its_value_is_said_so():
    res = run("mcr", HAND, "--flowers")
    assert res.exit_code == 2 and res.stderr.splitlines()[-1] == "error: --flowers needs a value after it"


def test_a_command_without_the_hand_is_told_both():
    res = run("mcr", "--bogus")
    assert res.exit_code == 2
    assert res.stderr.splitlines()[1:] == ["error: no such option --bogus", "error: missing argument HAND"]


def test_variant_names_are_read_without_case():
    upper, lower = run("MCR", HAND, "--seat", "S", "--json"), run("mcr", HAND, "--seat", "S", "--json")
    assert upper.exit_code == 0 and upper.stdout == lower.stdout
    assert run("explain", "MCR", HAND, "--json").exit_code == 0
    assert run("items", "MCR", "--json").stdout == run("items", "mcr", "--json").stdout


def test_a_hands_real_cause_comes_first_with_hints():
    res = run("parse", "123m456m789m5589x1z", "--json")
    codes = [e["code"] for e in orjson.loads(res.stdout)["error"]["errors"]]
    assert codes[:3] == ["unknown_character", "bad_honour_digit", "bad_honour_digit"]
    res = run("mcr", "123m456m789m555pcc")
    assert "unknown character 'c' (honours are written E S W N C F P)" in res.stderr.splitlines()[0]
    # a comma between groups is read as a separator; a claim digit outside a bracket is still an error
    assert orjson.loads(run("parse", "123m,456m,789m,555p,CC", "--json").stdout)["hand"] == "123456789m555pCC"
    assert "[bad_claim_digit]" in run("parse", "123m456m789m123p11s,1").stderr


def test_completion_and_rich_help():
    from typer.testing import CliRunner

    from cli.main import build_app

    res = CliRunner().invoke(build_app([], everything=True), ["--help"], env={"COLUMNS": "100"})
    assert res.exit_code == 0
    for text in ("--install-completion", "--show-completion", "--version", "mcr", "efficiency"):
        assert text in res.output
    done = console(env={"_MJSCORE_COMPLETE": "complete_bash", "COMP_WORDS": "mjscore mc", "COMP_CWORD": "1"})
    assert done.returncode == 0 and done.stdout.split() == ["mcr"]
    done = console(env={"_MJSCORE_COMPLETE": "complete_bash", "COMP_WORDS": "mjscore mcr x --self-d",
                        "COMP_CWORD": "3"})
    assert "--self-draw" in done.stdout.split()
    shown = console("--show-completion", "bash")
    assert shown.returncode == 0 and "_MJSCORE_COMPLETE" in shown.stdout


def test_the_console_script_speaks_the_users_words():
    ok = console("mcr", HAND, "--self-draw", "--seat", "South", "--no-glyphs")
    assert ok.returncode == 0 and "context: self-drawn, seat S," in ok.stdout
    bad = console("mcr", HAND, "--flowers", "9", "--json")
    assert bad.returncode == 2 and bad.stderr == ""
    assert json.loads(bad.stdout)["error"]["message"] == "--flowers: 9 is out of range 0–8"
    bad = console("MCR", HAND, "--self-drw")
    assert bad.returncode == 2 and "--self-draw" in bad.stderr and "Traceback" not in bad.stderr


# --- the reference and the score say the same ---------------------------------------------------

@pytest.mark.parametrize("item, kept_out", [
    ("清龙", {"short_straight", "two_terminal_chows"}),
    ("一色三同顺", {"pure_double_chow", "pure_shifted_pungs"}),
])
def test_the_reference_names_what_the_score_keeps_out(item, kept_out):
    from scorer import reference

    ref = reference.item_reference("mcr", item)
    assert kept_out <= {e["id"] for e in ref["excludes"]}
    # the same as the score applies: every item the worked example keeps out because of this one
    request = ref["example"]
    scored = score("mcr", request["hand"], request["context"])
    assert {e.id for e in scored.excluded if e.by == ref["id"]} <= {e["id"] for e in ref["excludes"]}
    lines = run_cli(["items", "mcr"], env={"COLUMNS": "200"}).stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if f"  {ref['id']}  " in line)
    assert kept_out <= {w.strip(",") for w in lines[at + 1].split()[1:]}
    listed = json.loads(run_cli(["items", "mcr", "--json"]).stdout)
    row = next(r for r in listed if r["id"] == ref["id"])
    assert [e["id"] for e in row["excludes"]] == [e["id"] for e in ref["excludes"]]


def test_an_invalid_win_prints_no_payments_line():
    res = run("mcr", "[NNN]77789m11888p7m", "--no-glyphs")
    assert res.exit_code == 0 and "not a valid win" in res.stdout
    assert "payments:" not in res.stdout
    assert "payments:" in run("mcr", HAND, "--no-glyphs").stdout


def test_a_duplicate_claim_counts_once():
    res = run("mcr", HAND, "--seat", "S", "--claim", "清龙,pure_straight,Pure Straight,18", "--json")
    verdict = orjson.loads(res.stdout)["verdict"]
    assert [c["id"] for c in verdict["items"]] == ["pure_straight"]
    assert verdict["summary"].startswith("The claim does not stand: 1 of 1 claimed items confirmed")


def test_a_mistyped_claim_item_gets_did_you_mean():
    verdict = score("mcr", HAND, {"seat_wind": "S"}, claim=["Pure Straigt"]).verdict
    assert verdict.items[0].status == "unknown" and "did you mean Pure Straight (清龙)" in verdict.items[0].why

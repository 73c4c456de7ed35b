"""The command line as people use it: what a one-line query loads, --version, items, presets in
--help, serve --workers, the context a score assumed, claims by name."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from cli_runner import run_cli
from conftest import FIXTURES

from scorer import registry, score

HAND = "[123m]456789m555pCC"


def cli(*args: str) -> str:
    out = run_cli(list(args))
    assert out.exit_code == 0, out.output
    return out.output


# --- start-up: a one-line query loads only what it needs -----------------------------------------

LOADED = """
import json, sys
sys.argv = ["mjscore", *json.loads(sys.argv[1])]
from cli.main import app
try:
    app()
except SystemExit:
    pass
import scorer._fast
print(json.dumps({"modules": sorted(sys.modules), "tables_from_file": scorer._fast.TABLES_FROM_FILE}))
"""


def modules_loaded_by(*args: str) -> dict:
    out = subprocess.run([sys.executable, "-c", LOADED, json.dumps(args)], capture_output=True, text=True,
                         check=True, timeout=60)
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("args", [
    pytest.param(("mcr", HAND, "--self-draw", "--seat", "S"), id="readable"),
    pytest.param(("mcr", HAND, "--json"), id="json"),
    pytest.param(("hebei", "123m456m789m33m555m", "--seat", "S", "--self-draw"), id="another-variant"),
])
def test_a_one_line_query_imports_only_its_own_variant(args):
    """Start-up time is measured in bench/run.py; this pins down why it is short: no other variant,
    no HTTP stack, no batch runner, no rich (typer draws its help with it only for --help), and the
    decomposer's tables read from the build's file."""
    loaded = modules_loaded_by(*args)
    modules = set(loaded["modules"])
    variants = {m.split(".")[2] for m in modules if m.startswith("scorer.variants.") and m.count(".") >= 2}
    assert variants == {args[0]}
    for heavy in ("fastapi", "starlette", "uvicorn", "scorer.batch", "api", "multiprocessing", "rich",
                  "cli.audit", "cli.sheet", "cli.efficiency"):  # the app is built for the command named alone
        assert heavy not in modules, heavy
    assert loaded["tables_from_file"]


@pytest.mark.parametrize("args", [("rules", "mcr"), ("items", "mcr")])
def test_a_reader_that_stops_early_gets_no_traceback(args):
    # `mjscore rules mcr | head -1`: the rules page is larger than a pipe holds, so the writer
    # meets the closed pipe; it stops quietly with status 1, as other command-line tools do
    proc = subprocess.Popen([sys.executable, "-m", "cli", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=60) in (0, 1)
    assert first and b"Traceback" not in err and b"BrokenPipe" not in err, err.decode()


def test_help_lists_every_variant_without_scoring_anything():
    out = cli("--help")
    for variant_id in registry.ids():
        assert variant_id in out
    assert "items" in out and "--version" in out


# --- version, items, presets, help text ----------------------------------------------------------

def test_version_names_the_engine_and_each_rule_edition():
    out = cli("--version")
    lines = out.splitlines()
    from scorer.version import __version__

    assert lines[0] == f"mjscore {__version__}"
    for variant_id, v in registry.variants().items():
        line = next(line for line in lines if line.split()[:1] == [variant_id])
        assert v.edition and v.edition in line
        assert f"{v.default_preset} (default)" in line


def test_items_lists_every_item_with_its_value_and_exclusions():
    lines = run_cli(["items", "mcr"], env={"COLUMNS": "80"}).output.splitlines()
    at = next(i for i, line in enumerate(lines) if "big_three_dragons " in line)
    assert lines[at].split() == ["88", "big_three_dragons", "大三元", "Big", "Three", "Dragons"]
    assert lines[at + 1].split() == ["excludes", "two_dragon_pungs,", "dragon_pung"]
    assert all(len(line) <= 80 for line in lines)
    listed = json.loads(cli("items", "mcr", "--json"))
    assert [i["id"] for i in listed] == [i.id for i in registry.get("mcr").items]


def test_items_of_an_unknown_variant_is_a_clear_error():
    out = run_cli(["items", "no_such_game"])
    assert out.exit_code == 2
    assert "unknown variant 'no_such_game'" in out.output and "mcr" in out.output


def test_each_variant_help_lists_its_rule_presets_and_points_to_its_items():
    out = cli("mcr", "--help")
    assert "helper (default)" in out and "mcr1998:" in out and "concealed_kong_and_melded_kong=false" in out
    assert "mjscore items mcr" in out
    out = cli("hebei", "--help")
    assert "spec (default)" in out


def test_batch_help_keeps_its_bracketed_text():
    # rich draws the help in a box: the words, read without its border, keep the brackets
    assert "[id, points, factor, count]" in " ".join(cli("batch", "--help").replace("│", " ").split())


def test_serve_passes_the_worker_count_to_uvicorn(monkeypatch):
    import uvicorn

    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda target, **kw: seen.update(target=target, **kw))
    cli("serve", "--workers", "3", "--port", "8123")
    from api import server

    assert {k: seen[k] for k in ("target", "host", "port", "workers")} == {
        "target": "api.app:app", "host": "127.0.0.1", "port": 8123, "workers": 3}
    assert seen["http"] is server.GuardedHttpTools  # the limits on slow clients
    assert run_cli(["serve", "--workers", "0"]).exit_code == 2


# --- the context a score assumed -----------------------------------------------------------------

def test_json_answers_say_every_context_value_and_which_were_defaults():
    answer = json.loads(cli("mcr", "123m456p789s11122z", "--json"))
    used = answer["context_used"]
    assert used["values"]["seat_wind"] == "E" and used["values"]["round_wind"] == "E"
    assert used["values"]["discarder"] == "N"  # the winner's previous seat, resolved
    assert used["values"]["win_tile"] == "S"
    assert {"seat_wind", "round_wind", "discarder", "self_draw", "flowers"} <= set(used["defaults"])
    given = json.loads(cli("mcr", "123m456p789s11122z", "--seat", "W", "--discarder", "E", "--json"))
    assert given["context_used"]["values"]["seat_wind"] == "W"
    assert "seat_wind" not in given["context_used"]["defaults"]
    assert "discarder" not in given["context_used"]["defaults"]


def test_the_readable_answer_says_the_context_with_defaults_marked():
    out = cli("mcr", "123m456p789s11122z", "--no-glyphs")
    assert "context: discard from N*, seat E*, round E*, flowers 0*, winning tile S*  (* default)" in out
    out = cli("mcr", HAND, "--self-draw", "--seat", "S", "--no-glyphs")
    assert "context: self-drawn, seat S, round E*, flowers 0*, winning tile C*  (* default)" in out


@pytest.mark.parametrize("variant, hand, context, derived", [
    pytest.param("mcr", HAND, {"seat_wind": "S"}, {"discarder": "E"}, id="mcr-discarder"),
    pytest.param("mcr", HAND, {"self_draw": True}, {"discarder": None}, id="mcr-self-drawn"),
    pytest.param("fuzhou", "[123p]456m789m234s99s56p4p", {"wild": "9s", "dealer": True},
                 {"seat_wind": "E", "discarder": "N"}, id="fuzhou-dealer-sits-east"),
    pytest.param("fuzhou", "[123p]456m789m234s99s56p4p", {"wild": "9s"},
                 {"seat_wind": "S", "dealer": False, "discarder": "E"}, id="fuzhou-default-seat"),
    pytest.param("hebei", "123m456m789m33m555m", {"self_draw": True}, {"seat_wind": "S"}, id="hebei"),
])
def test_derived_defaults_are_resolved_in_the_echo(variant, hand, context, derived):
    used = score(variant, hand, context).context_used
    assert used is not None
    for name, value in derived.items():
        assert used.values[name] == value, name
        assert (name in used.defaults) == (name not in context)
    assert set(used.values) == set(registry.get(variant).Context.fields)


def test_every_variant_echoes_its_context():
    for variant_id in registry.ids():
        cases = json.loads((FIXTURES / variant_id / "cases.json").read_text()) if variant_id != "mcr" else \
            json.loads((FIXTURES / "mcr" / "cases.json").read_text())
        case = next(c for c in cases if c.get("expect", {}).get("valid"))
        result = score(variant_id, case["hand"], case.get("context"), case.get("rules"))
        assert result.context_used is not None
        assert set(result.context_used.defaults) <= set(result.context_used.values)


# --- claims by name --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["pure_straight", "清龙", "Pure Straight", "pure straight", "Pure-Straight"])
def test_a_claim_names_an_item_by_id_chinese_or_english_name(name):
    result = score("mcr", HAND, {"seat_wind": "S"}, claim=[name])
    assert result.verdict.items[0].id == "pure_straight"
    assert result.verdict.items[0].status == "confirmed"


def test_cli_claim_by_names_and_an_unknown_name():
    out = run_cli(["mcr", HAND, "--seat", "S", "--claim", "清龙,Short Straight,Nine Gates?,18",
                              "--json"])
    verdict = json.loads(out.output)["verdict"]
    assert [(c["id"], c["status"]) for c in verdict["items"]] == [
        ("pure_straight", "confirmed"), ("short_straight", "excluded"), ("Nine Gates?", "unknown")]
    assert "mjscore items mcr" in verdict["items"][2]["why"]
    assert verdict["total_agrees"] is True


@pytest.mark.parametrize("claim", ["²", "٣", "1" * 64, "12345678901"])  # a longer term: over the bound
def test_a_claim_that_only_looks_like_a_number_is_an_unknown_item_not_a_crash(claim):
    result = score("mcr", HAND, {"seat_wind": "S"}, claim=[claim])
    assert result.verdict.claimed_total is None
    assert result.verdict.items[0].status == "unknown"


# --- set-up ------------------------------------------------------------------------------------------

def test_make_reinstalls_nothing_when_nothing_changed():
    """After `make run`/`make test` installed the package, a second run rebuilds nothing (the Cython
    core is compiled again only when pyproject.toml, setup.py or a Cython source changes)."""
    from conftest import ROOT

    stamp = ROOT / ".venv" / ".installed"
    if not stamp.exists():
        pytest.skip("the package was not installed through make (no .venv/.installed stamp)")
    done = subprocess.run(["make", "-q", ".venv/.installed"], cwd=ROOT, capture_output=True, timeout=60)
    assert done.returncode == 0, "make would reinstall although no build input changed"
    dry = subprocess.run(["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert "pip install" not in dry.stdout and "mjscore serve" in dry.stdout

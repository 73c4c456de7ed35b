"""Riichi as a hostile user tries it: bad hands, contexts, rules and claims, through the library, the
command line and HTTP alike -- each answered with every problem at once, in the user's terms, exit
status 2 or a 4xx with the error object, never a crash -- and the red fives written as the hand wrote
them (docs/rules/riichi.md, docs/http.md, docs/cli.md)."""

from __future__ import annotations

import json

import pytest
from cli_runner import run_cli
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from api.app import app
from scorer import engine, referee
from scorer.efficiency import efficiency
from scorer.errors import HandError

client = TestClient(app)
CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance, content_type_conformance]
RED_HAND = "340m678p111s456p55p"  # riichi, 0m in 340m: 2 han 40 fu on a ron
READY_RED = "340m678p111s456p5p"  # one short: waits 5p and 8p
FULL_RED = "340m678p111s456p5p3s"  # fourteen, to discard from


def post(path: str, body: object):
    return client.post(path, content=json.dumps(body), headers={"content-type": "application/json"})


def messages(err: HandError) -> list[str]:
    return [p.message for p in err.problems]


# --- the red five in the answer -------------------------------------------------------------------

@pytest.mark.parametrize("score", [engine.score, engine.score_checked], ids=["compiled", "checked"])
@pytest.mark.parametrize(("hand", "partition"), [
    (RED_HAND, ["340m", "456p", "678p", "111s", "55p"]),
    ("340m678p111s406p55p", ["340m", "406p", "678p", "111s", "55p"]),
    ("055m678p111s456p55p", ["055m", "456p", "678p", "111s", "55p"]),  # a red five in a concealed triplet
    ("[340m]678p111s456p55p", ["[340m]", "456p", "678p", "111s", "55p"]),  # a meld writes its own
])
def test_the_partition_writes_a_red_five_as_the_hand_does(score, hand, partition):
    result = score("riichi", hand, {"riichi": "[" not in hand})
    assert result.partition == partition
    assert sum(p.count("0") for p in result.partition) == result.hand.count("0")


def test_every_reading_explained_writes_the_red_five():
    result = engine.score("riichi", RED_HAND, {"riichi": True}, explain=True)
    assert result.readings and all("340m" in r.partition for r in result.readings)


def test_efficiency_of_a_hand_holding_a_red_five_discards_it_without_a_crash():
    answer = efficiency("riichi", FULL_RED)
    by_tile = {d["tile"]: d for d in answer["discards"]}
    assert by_tile["5m"]["shanten"] == 1 and "minimum" in by_tile["5m"] and by_tile["3s"]["shanten"] == 0
    ran = run_cli(["efficiency", "riichi", FULL_RED, "--json"])
    assert ran.exit_code == 0, ran.output
    assert json.loads(ran.stdout)["discards"] == answer["discards"]
    res = post("/v1/efficiency", {"variant": "riichi", "hand": FULL_RED})
    assert res.status_code == 200, res.text


def test_discarding_one_of_two_fives_keeps_the_red_one():
    # 0m and 5m held: the 5m discarded is the plain one; the ready hands' waits still score the red five
    answer = efficiency("riichi", "3405m78p111s456p5p3s")
    assert answer["discards"] and all("shanten" in d for d in answer["discards"])


# --- every problem at once, wherever it is found --------------------------------------------------

def test_a_number_out_of_range_does_not_hide_the_other_problems():
    body = {"variant": "riichi", "hand": "0z", "context": {"honba": -1, "seat_wind": "X", "riichi_sticks": "a"}}
    with pytest.raises(HandError) as err:
        engine.score_request(body)
    said = messages(err.value)
    assert "rank 0 does not exist ('0z')" in said
    assert "context.honba: -1 is out of range (from 0 to 99)" in said
    assert "context.seat_wind: 'X' is not one of 'E', 'S', 'W', 'N'" in said
    assert "context.riichi_sticks: 'a' is not an integer" in said
    assert sum("honba" in m for m in said) == 1  # each value once
    res = post("/v1/score", body)
    assert res.status_code == 422
    assert [e["message"] for e in res.json()["error"]["errors"]] == said
    codes = {e["message"].split(":")[0]: e["code"] for e in res.json()["error"]["errors"]}
    assert codes["context.honba"] == "out_of_range"


def test_a_batch_line_out_of_range_names_its_other_problems():
    res = post("/v1/score/batch", [{"variant": "riichi", "hand": RED_HAND, "context": {"honba": 1000, "seat_wind": "X"}}])
    assert res.status_code == 200
    errors = [e["message"] for e in res.json()[0]["error"]["errors"]]
    assert errors == ["context.honba: 1000 is out of range (from 0 to 99)",
                      "context.seat_wind: 'X' is not one of 'E', 'S', 'W', 'N'"]


def test_the_rules_are_read_when_the_context_fails():
    with pytest.raises(HandError) as err:
        engine.score("riichi", RED_HAND, {"seat_wind": "X"}, {"aka": 3})
    assert messages(err.value) == ["context.seat_wind: 'X' is not one of 'E', 'S', 'W', 'N'",
                                   "rules.aka: 3 is not a boolean (true or false)"]
    ran = run_cli(["riichi", RED_HAND, "--seat", "X", "--rules", "nope"])
    assert ran.exit_code == 2
    assert "--seat: 'X' is not a wind" in ran.stderr and "unknown rule preset 'nope'" in ran.stderr


@pytest.mark.parametrize(("kw", "said"), [
    ({"claim": ["x" * 1000]}, "claim[0]: 1000 characters, at most 64"),
    ({"claim": ["riichi"] * 101}, "claim: 101 items, at most 100"),
    ({"rules": "x" * 1000}, "rules: 1000 characters, at most 64"),
])
def test_the_library_holds_a_claim_and_a_preset_name_to_the_request_bounds(kw, said):
    with pytest.raises(HandError) as err:
        engine.score("riichi", RED_HAND, **kw)
    assert said in messages(err.value)
    res = post("/v1/score", {"variant": "riichi", "hand": RED_HAND, **kw})
    assert res.status_code == 422 and said in res.text


@pytest.mark.parametrize(("option", "said"), [
    ("--claim", "--claim[0]: 1000 characters, at most 64"),
    ("--rules", "--rules: 1000 characters, at most 64"),
])
def test_the_command_line_names_an_over_long_option_as_typed(option, said):
    ran = run_cli(["riichi", RED_HAND, option, "x" * 1000])
    assert ran.exit_code == 2
    assert said in ran.stderr and "x" * 100 not in ran.stderr


# --- waits under a context no wait scores under -----------------------------------------------------

@pytest.mark.parametrize(("context", "said"), [
    ({"dora_indicators": "0z"}, "dora_indicators '0z': rank 0 does not exist ('0z')"),
    ({"ippatsu": True}, "ippatsu needs riichi (or double_riichi)"),
])
def test_waits_refuse_a_context_no_wait_scores_under(context, said):
    with pytest.raises(HandError) as err:
        referee.waits("riichi", READY_RED, context)
    assert said in messages(err.value)
    res = post("/v1/waits", {"variant": "riichi", "hand": READY_RED, "context": context})
    assert res.status_code == 422 and said in res.text


def test_waits_under_a_context_some_waits_score_under_are_listed():
    answer = referee.waits("riichi", READY_RED, {"riichi": True})
    assert [w["tile"] for w in answer["waits"]] == ["5p", "8p"]
    ran = run_cli(["waits", "riichi", READY_RED, "--ippatsu"])
    assert ran.exit_code == 2 and "--ippatsu needs riichi" in ran.stderr


# --- bad input of every kind: a clear error, exit 2, never a crash --------------------------------------

@pytest.mark.parametrize(("args", "said"), [
    (["0z123m"], "rank 0 does not exist ('0z')"),
    (["340m0m78p111s456p55p"], "a second red five 0m (one per suit)"),
    (["340m678p111s456p5p"], "13 tiles found"),
    (["340m678p111s456p555p"], "15 tiles found"),
    (["(5505p)678p111s340m55p"], "a fifth 5p"),
    ([RED_HAND, "--dora", "1m2m3m4m5m6m"], "--dora: 6 tiles, at most 5"),
    ([RED_HAND, "--dora", "10m"], "2 red fives 0m in the hand and the indicators together"),
    ([RED_HAND, "--ura", "1m", "--dora", "2m"], "--ura are only seen after riichi"),
    (["[340m]678p111s456p55p", "--double-riichi"], "--double-riichi needs a concealed hand"),
    (["[340m]678p111s456p55p", "--first-turn", "--self-draw"], "--first-turn needs a hand with no call or kan"),
    ([RED_HAND, "--self-draw", "--kong-win"], "--kong-win on a self-draw (rinshan) needs a kan"),
    ([RED_HAND, "--honba", "1000000000"], "--honba: 1000000000 is out of range 0–99"),
    ([RED_HAND, "--sticks", "1.5"], "--sticks: '1.5' is not an integer"),
    ([RED_HAND, "--rules", '{"preset": "ema", "bogus": 1}'], "unknown field 'bogus' in --rules"),
])
def test_the_command_line_refuses_bad_input_in_the_users_terms(args, said):
    ran = run_cli(["riichi", *args])
    assert ran.exit_code == 2, ran.output
    assert said in ran.stderr
    assert ran.exception is None and "Traceback" not in ran.output


def test_mcr_refuses_a_red_five():
    ran = run_cli(["mcr", RED_HAND])
    assert ran.exit_code == 2 and "rank 0 does not exist ('0m')" in ran.stderr


# --- generated riichi requests (schemathesis, from the app's own document) -----------------------

def _riichi_schema():
    """The app's OpenAPI document with each request body narrowed to its riichi member, so that every
    generated request is a riichi one (the whole document's run draws riichi only now and then)."""
    import schemathesis

    doc = client.get("/openapi.json").json()
    schemas = doc["components"]["schemas"]
    for name in ("ScoreRequest", "WaitsRequest", "ParseRequest", "EfficiencyRequest"):
        assert f"{name}_riichi" in schemas, name
        schemas[name] = {"$ref": f"#/components/schemas/{name}_riichi"}
    schema = schemathesis.openapi.from_dict(doc)
    schema.app = app
    return schema.include(path_regex=r"^/v1/(score|score/batch|waits|parse|efficiency)$")


RIICHI_SCHEMA = _riichi_schema()


@RIICHI_SCHEMA.parametrize()
@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_generated_riichi_requests_conform(case):
    response = case.call_and_validate(checks=CHECKS)
    assert response.status_code < 500
    assert b'"unprocessable"' not in response.content  # the last-resort handler: a bug all the same


@pytest.mark.parametrize(("args", "said"), [
    (["--dora", "1m", "--dora", "2m"], ["--dora given 2 times: give it once"]),
    (["--riichi", "--no-riichi", "--seat", "S", "--seat-wind=W"],
     ["--seat and --seat-wind given 2 times: give it once", "--riichi and --no-riichi given 2 times: give it once"]),
    (["--claim", "riichi", "--claim", "3900"], ["--claim given 2 times: give it once"]),
])
def test_an_option_given_twice_is_refused_not_overwritten(args, said):
    ran = run_cli(["riichi", RED_HAND, *args, "--json"])
    assert ran.exit_code == 2
    assert [e["message"] for e in json.loads(ran.stdout)["error"]["errors"]] == said


def test_a_wrong_value_is_shown_as_the_request_wrote_it():
    body = {"variant": "riichi", "hand": RED_HAND, "claim": [{"a": 1}],
            "context": {"riichi_sticks": True, "dora_indicators": None, "ura_dora_indicators": ["1m"]}}
    res = post("/v1/score", body)
    assert res.status_code == 422
    said = [e["message"] for e in res.json()["error"]["errors"]]
    assert said == ['claim[0]: {"a": 1} is not a text or an integer']
    body.pop("claim")
    said = [e["message"] for e in post("/v1/score", body).json()["error"]["errors"]]
    assert said == ["context.dora_indicators: null is not a text", 'context.ura_dora_indicators: ["1m"] is not a text',
                    "context.riichi_sticks: true is not an integer"]


def test_rules_with_a_key_twice_are_refused_on_the_command_line_as_over_http():
    rules = '{"preset": "wrc", "aka": true, "aka": false}'
    ran = run_cli(["riichi", RED_HAND, "--rules", rules, "--seat", "X"])
    assert ran.exit_code == 2
    assert "--rules: the key 'aka' appears twice in one object [duplicate_key]" in ran.stderr
    assert "--seat: 'X' is not a wind" in ran.stderr  # the context's problem too
    res = client.post("/v1/score", content=f'{{"variant": "riichi", "hand": "{RED_HAND}", "rules": {rules}}}',
                      headers={"content-type": "application/json"})
    assert res.status_code == 422 and res.json()["error"]["code"] == "duplicate_key"


def test_an_empty_claim_term_is_refused_not_upheld():
    with pytest.raises(HandError) as err:
        engine.score("riichi", RED_HAND, {"riichi": True}, claim=["", "riichi"])
    assert messages(err.value) == ["claim[0]: an empty term names nothing to check"]
    res = post("/v1/score", {"variant": "riichi", "hand": RED_HAND, "claim": ["  "]})
    assert res.status_code == 422 and "claim[0]: an empty term" in res.text
    ran = run_cli(["riichi", RED_HAND, "--claim", " , "])
    assert ran.exit_code == 2 and "--claim names nothing to check" in ran.stderr


def test_a_fifth_five_written_red_is_named_as_written():
    ran = run_cli(["riichi", "5555m0m78p111s456p5p"])
    assert ran.exit_code == 2
    assert "error: a fifth 5m (0m, a red five) (position 5) [too_many_copies]" in ran.stderr


def test_a_wait_whose_copies_are_all_seen_is_listed_not_refused():
    # one short, waiting on 5p alone; the hand and the indicators hold its four copies
    answer = referee.waits("riichi", "123m456m789m111s5p", {"riichi": True, "dora_indicators": "5p5p5p"})
    assert [w["tile"] for w in answer["waits"]] == ["5p"]
    assert not answer["any_valid"] and "5 copies of 5p" in answer["waits"][0]["scores"]["discard"]["reason"]


def test_an_extra_argument_is_named_in_our_words():
    ran = run_cli(["riichi", RED_HAND, "--self-draw", "false"])
    assert ran.exit_code == 2
    assert "unexpected argument(s) false (an option's value follows it; a flag such as --self-draw takes none)" \
        in ran.stderr
    assert "Got unexpected" not in ran.output


def test_parse_writes_the_red_five_as_the_answer_does():
    ran = run_cli(["parse", "340m678p111s406p55p", "--variant", "riichi", "--json"])
    assert ran.exit_code == 0
    assert json.loads(ran.stdout)["partitions"] == [["340m", "406p", "55p", "678p", "111s"]]
    res = post("/v1/parse", {"variant": "riichi", "hand": "340m678p111s406p55p"})
    assert res.json()["partitions"] == [["340m", "406p", "55p", "678p", "111s"]]


@pytest.mark.parametrize(("rules", "said"), [
    ('{"kazoe": "x"}', "--rules: kazoe: 'x' is not one of 'yakuman', 'sanbaiman'"),
    ('{"nope": 1}', "unknown field 'nope' in --rules"),
])
def test_a_rule_option_is_named_as_given_in_rules(rules, said):
    ran = run_cli(["riichi", RED_HAND, "--rules", rules])
    assert ran.exit_code == 2
    assert said in ran.stderr and "rules." not in ran.stderr

"""Recorded games (docs/archive.md): Botzone's text records and JSON match logs replayed, every win
scored and compared with its record, on the project's own rounds (fixtures/botzone/, written by
tools/botzone_fixtures.py): a round for each context the replay derives, corrupted rounds among good
ones, a drawn round and a record that disagrees."""

from __future__ import annotations

import json
import subprocess

import pytest
from conftest import ROOT

from scorer.archive import audit, run, sources
from scorer.archive.botzone import RawRound, parse_round, split_rounds
from scorer.archive.record import RecordError
from scorer.archive.replay import replay

FIXTURES = ROOT / "fixtures" / "botzone"
ROUNDS = FIXTURES / "rounds.txt"
MJSCORE = str(ROOT / ".venv" / "bin" / "mjscore")


@pytest.fixture(scope="module")
def reports() -> dict[str, dict]:
    return {r["id"]: r for r in run.map_rounds(audit.audit_round, sources.rounds_of([ROUNDS]), workers=1)}


def test_every_round_is_answered_and_counted(reports):
    summary = audit.Summary()
    for report in reports.values():
        summary.add(report)
    assert summary.as_dict() == {"rounds": 12, "wins": 8, "drawn": 1, "agree": 7, "disagree": 1, "errors": 3}
    assert summary.rounds == summary.wins + summary.drawn + summary.errors


@pytest.mark.parametrize(("ident", "hand", "context", "fan"), [
    # Chi W5 names the chow's middle tile and takes player 0's W4: the chow 456m, its first tile claimed
    ("R01-chi", "[456m,1]123789m234sEE", {"seat_wind": "S", "round_wind": "E", "discarder": "E"}, "single_wait"),
    # the Hu line repeats player 1's discard W4; the winning tile is player 2's own draw, 7s
    ("R02-selfdraw", "123456789p55687s", {"seat_wind": "W", "round_wind": "S", "self_draw": True}, "closed_wait"),
    # two 5m passed and one in a chow: the 5m player 0 discards is the last of its four
    ("R03-lasttile", "46m456p456sNNPPP5m",
     {"seat_wind": "N", "round_wind": "W", "discarder": "E", "last_tile": True}, "last_tile"),
    # won on the replacement draw after the winner's own concealed kong
    ("R04-kongdraw", "(1111s)234567789sEE",
     {"seat_wind": "E", "round_wind": "E", "self_draw": True, "kong_win": True}, "out_with_replacement_tile"),
    # won on player 1's added kong: player 1 pays as the discarder
    ("R05-robkong", "789m789p46789sCC5s",
     {"seat_wind": "W", "round_wind": "N", "kong_win": True, "discarder": "S", "last_tile": True},
     "robbing_the_kong"),
    # self-drawn when the wall of the seat after the drawer (player 0) is empty
    ("R06-lastdraw", "123m123p123789sSS",
     {"seat_wind": "N", "round_wind": "E", "self_draw": True, "last_wall": True}, "last_tile_draw"),
    # won on a discard when the wall of the seat after the discarder (player 0) is empty
    ("R07-lastdiscard", "123456789m234pFF",
     {"seat_wind": "S", "round_wind": "S", "last_wall": True, "discarder": "N"}, "last_tile_claim"),
])
def test_each_context_is_derived_from_the_play(reports, ident, hand, context, fan):
    report = reports[ident]
    assert report["outcome"] == "win"
    assert report["request"] == {"variant": "mcr", "hand": hand, "context": context}
    assert fan in [f["id"] for f in report["result"]["fans"]]
    assert report["agree"] is True, report["why"]
    assert report["result"]["fans"] == report["record"]["fans"]
    assert report["result"]["scores"] == report["record"]["scores"]


def test_robbing_the_kong_charges_the_kongs_owner(reports):
    assert reports["R05-robkong"]["result"]["scores"] == [-8, -28, 44, -8]
    assert reports["R05-robkong"]["discarder"] == 1


def test_a_drawn_round(reports):
    assert reports["R08-drawn"] == {"id": "R08-drawn", "source": str(ROUNDS), "line": reports["R08-drawn"]["line"],
                                    "outcome": "drawn", "record": {"scores": [0, 0, 0, 0]}}


@pytest.mark.parametrize(("ident", "line", "message"), [
    ("E01-truncated", 109, "truncated round: it ends without its Fan and Score lines"),
    ("E02-fifth-copy", 119, "impossible draw: a fifth 1m"),
    ("E03-unknown-verb", 135, "unknown verb 'Pong'"),
])
def test_corrupted_rounds_are_reported_with_their_line(reports, ident, line, message):
    report = reports[ident]
    assert report["outcome"] == "error"
    assert report["error"]["line"] == line
    assert message in report["error"]["message"]
    assert ROUNDS.read_text().splitlines()[report["line"] - 1] == f"Match {ident}"


def test_a_disagreement_says_why(reports):
    report = reports["R09-disagrees"]
    assert report["agree"] is False
    assert report["wait_fans_only"] is True
    assert report["why"] == [
        "fan 边张 (edge_wait) ×1 in the record, not in ours: Edge Wait (边张): no reading of this hand shows it",
        "total: the record 19, ours 18",
        "scores: the record -27 43 -8 -8, ours -26 42 -8 -8"]
    assert [f["id"] for f in report["record"]["fans"]] == ["pure_straight", "one_voided_suit", "single_wait",
                                                            "edge_wait"]


def _round(text: str) -> RawRound:
    raws = list(split_rounds(text.encode().splitlines(keepends=True), "t.txt"))
    assert len(raws) == 1
    return raws[0]


def _fixture_round(ident: str) -> str:
    text = ROUNDS.read_text()
    start = text.index(f"Match {ident}")
    end = text.find("\nMatch ", start)
    return text[start:end if end >= 0 else None]


def test_a_draw_past_the_seats_34_tiles_is_impossible():
    text = _fixture_round("R08-drawn").replace("Huang", "Player 0 Draw W1\nHuang")
    with pytest.raises(RecordError, match=r"impossible draw: player 0's wall is empty \(21 drawn\)") as err:
        replay(parse_round(_round(text)))
    assert text.splitlines()[err.value.at - 1] == "Player 0 Draw W1"


@pytest.mark.parametrize(("change", "message"), [
    (("Player 1 Chi W5", "Player 1 Chi W7"), "Chi 7m does not take the discard 4m"),
    (("Player 1 Chi W5", "Player 2 Chi W5"), "only the next player chows"),
    (("Player 1 Hu F1", "Player 1 Hu F2"), "Hu S, but the discard is E"),
    (("Player 1 Draw W7", "Player 2 Draw W7"), "player 2 cannot Draw now: player 0's discard is to be claimed or player 1 is to draw"),
    (("Score -26 42 -8 -8", "Score -26 42 -8"), "expected 'Score' and four integers"),
    (("Fan 18 清龙*1+", "Fan 18 清龙+"), r"expected 'name\*count' in the Fan line, found '清龙'"),
    (("Wind 0", "Wind 4"), "expected 'Wind 0..3'"),
    (("Player 0 Draw", "Player 0 Draw X9\nPlayer 0 Draw"), "'X9' is no tile"),
])
def test_impossible_actions_are_errors(change, message):
    text = _fixture_round("R01-chi").replace(*change, 1)
    with pytest.raises(RecordError, match=message):
        replay(parse_round(_round(text)))


def test_json_logs_replay_as_the_text_records(reports):
    logs = {r["id"]: r for r in map(audit.audit_round, sources.rounds_of([FIXTURES / "logs.jsonl"]))}
    assert set(logs) == {i for i, r in reports.items() if r["outcome"] != "error"}
    for ident, report in logs.items():
        assert report["outcome"] == reports[ident]["outcome"]
        if report["outcome"] == "win":
            assert report["request"] == reports[ident]["request"]
            assert report["agree"] == reports[ident]["agree"]
            assert all(f["value"] is not None for f in report["record"]["fans"])  # the log gives each value
    [match] = map(audit.audit_round, sources.rounds_of([FIXTURES / "match.json"]))  # one log over many lines
    assert match["id"] == "R05-robkong" and match["agree"] is True


def _log_lines() -> list[bytes]:
    return [x for x in (FIXTURES / "logs.jsonl").read_bytes().splitlines() if x.strip()]


@pytest.mark.parametrize("first", [b"\xef\xbb\xbf", b"\xef\xbb\xbf\n", b""])
def test_a_byte_order_mark_before_json_lines_is_passed_over(tmp_path, first):
    lines = _log_lines()
    path = tmp_path / "bom.jsonl"
    path.write_bytes(first + b"\n".join(lines) + b"\n")
    reports = list(map(audit.audit_round, sources.rounds_of([path])))
    assert len(reports) == len(lines)
    assert all(r["outcome"] != "error" for r in reports), [r.get("error") for r in reports]


@pytest.mark.parametrize("bad", [b"{\"_id\": \"cut\", \"log\": [{\"output\":", b"{\"_id\": \"x\" \"log\": []}", b"[1, 2"])
def test_a_bad_first_json_line_is_an_error_of_its_own(tmp_path, bad):
    lines = _log_lines()
    path = tmp_path / "bad-first.jsonl"
    path.write_bytes(b"\n".join([bad, *lines]) + b"\n")
    reports = list(map(audit.audit_round, sources.rounds_of([path])))
    assert [r["outcome"] == "error" for r in reports] == [True] + [False] * len(lines)
    assert reports[0]["line"] == 1 and "not JSON" in reports[0]["error"]["message"]


def test_a_log_over_many_lines_stays_one_log_with_a_byte_order_mark(tmp_path):
    path = tmp_path / "match.json"
    path.write_bytes(b"\xef\xbb\xbf" + (FIXTURES / "match.json").read_bytes())
    [match] = map(audit.audit_round, sources.rounds_of([path]))
    assert match["id"] == "R05-robkong" and match["agree"] is True


@pytest.mark.parametrize(("text", "message"), [
    ("[1, 2", "not JSON"),
    ('{"log": 3}', "not a match log"),
    ('[{"output": {"display": {"action": "INIT", "quan": 0}}}]', "truncated log"),
    ('[{"output": {"display": {"action": "DRAW", "player": 7, "tile": "W1"}}}]', "player 7 is no seat"),
    ('[{"output": {"display": {"action": "WA", "player": 2}}}]', "the judge ended the match on player 2's 'WA'"),
    ('[{"output": {"display": {"action": ["HU"], "player": 2}}}]', "the judge ended the match on player 2's ['HU']"),
    ('[{"output": {"display": {"action": {}}}}]', "player None is no seat"),
])
def test_bad_json_logs_are_errors(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text)
    [report] = map(audit.audit_round, sources.rounds_of([path]))
    assert report["outcome"] == "error"
    assert message in report["error"]["message"]


def test_lines_before_the_first_match_and_bad_bytes_are_rounds_of_their_own(tmp_path):
    path = tmp_path / "odd.txt"
    good = _fixture_round("R01-chi").encode()
    path.write_bytes(b"stray text\n\n" + good + b"\nMatch X\nWind \xff\n")
    reports = list(map(audit.audit_round, sources.rounds_of([path])))
    assert [r["outcome"] for r in reports] == ["error", "win", "error"]
    assert reports[0]["error"]["message"] == "line 1: text before the first Match line"
    bad_line = 2 + good.count(b"\n") + 1 + 2  # the stray lines, the round, then Match X and Wind
    assert reports[2]["error"]["message"] == f"line {bad_line} is not UTF-8 text (byte 0xff)"


def test_every_core_answers_as_one_process(tmp_path):
    big = tmp_path / "big.txt"
    big.write_text("\n".join([ROUNDS.read_text()] * 6))  # 72 rounds: enough to start the workers
    one = list(run.map_rounds(audit.audit_round, sources.rounds_of([big]), workers=1))
    two = list(run.map_rounds(audit.audit_round, sources.rounds_of([big]), workers=2))
    assert len(one) == 72 and one == two


def _deadly(raw: RawRound) -> dict:
    """Kills its process on one round (a crash in a C core, say)."""
    import os

    if raw.lines and raw.lines[0] == "Match R04-kongdraw":
        os._exit(1)
    return audit.audit_round(raw)


def test_a_round_that_kills_its_worker_takes_no_other_with_it(tmp_path):
    big = tmp_path / "big.txt"
    big.write_text("\n".join([ROUNDS.read_text()] * 6))
    answers = list(run.map_rounds(_deadly, sources.rounds_of([big]), workers=2))
    assert len(answers) == 72
    dead = [a for a in answers if a["outcome"] == "error" and "died" in a["error"]["message"]]
    assert [a["id"] for a in dead] == ["R04-kongdraw"] * 6
    assert sum(a["outcome"] == "win" for a in answers) == 6 * 7


def test_on_a_dask_cluster():
    from distributed import Client, LocalCluster

    # threads in this process (no network): the cluster's own tests start real worker processes
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        answers = list(run.map_rounds_dask(audit.audit_round, sources.rounds_of([ROUNDS]), client, block=4))
    assert [a["id"] for a in answers] == [a["id"] for a in map(audit.audit_round, sources.rounds_of([ROUNDS]))]


# --- the command line ----------------------------------------------------------------------------

def _mjscore(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([MJSCORE, *args], capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_cli_audit_json_and_report(tmp_path):
    out = tmp_path / "report.jsonl"
    done = _mjscore("audit", "botzone", str(ROUNDS), "--json", "-o", str(out), "--workers", "1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert json.loads(lines[-1]) == {"rounds": 12, "wins": 8, "drawn": 1, "agree": 7, "disagree": 1, "errors": 3}
    assert [json.loads(x)["id"] for x in lines[:-1]] == ["E01-truncated", "E02-fifth-copy", "E03-unknown-verb",
                                                         "R09-disagrees"]
    report = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(report) == 12 and not (tmp_path / "report.jsonl.partial").exists()
    assert {k for r in report if r["outcome"] == "win" for k in r} >= {"id", "request", "result", "record",
                                                                      "agree", "why"}


def test_cli_audit_readable(tmp_path):
    done = _mjscore("audit", "botzone", str(ROUNDS), str(FIXTURES / "match.json"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-2:] == [
        "13 rounds: 9 wins, 1 drawn, 3 errors",
        "8 wins agree with the record, 1 disagree (1 in the wait fans only)"]
    assert "disagree  R09-disagrees (" in done.stdout
    assert "  hand    [456m,1]123789m234sEE" in done.stdout


def test_cli_audit_refuses_a_missing_file(tmp_path):
    done = _mjscore("audit", "botzone", str(tmp_path / "nowhere.txt"))
    assert done.returncode == 2
    assert done.stderr.startswith("error: cannot read")


def test_cli_convert_feeds_batch(tmp_path):
    requests = tmp_path / "requests.jsonl"
    done = _mjscore("convert", "botzone", str(ROUNDS), "-o", str(requests), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == {"rounds": 12, "wins": 8, "drawn": 1, "errors": 3}
    lines = [json.loads(x) for x in requests.read_text().splitlines()]
    records = [json.loads(x) for x in (tmp_path / "requests.records.jsonl").read_text().splitlines()]
    assert len(lines) == len(records) == 8
    assert lines[0] == {"variant": "mcr", "hand": "[456m,1]123789m234sEE",
                        "context": {"seat_wind": "S", "round_wind": "E", "discarder": "E"},
                        "claim": ["pure_straight", "one_voided_suit", "single_wait", 18]}
    assert records[0]["id"] == "R01-chi" and records[0]["record"]["scores"] == [-26, 42, -8, -8]
    scored = _mjscore("batch", str(requests), "--workers", "1")
    verdicts = [json.loads(x)["verdict"] for x in scored.stdout.splitlines()]
    upheld = [r["id"] for r, v in zip(records, verdicts, strict=True) if v["summary"].startswith("The claim is upheld")]
    assert upheld == [r["id"] for r in records if r["id"] != "R09-disagrees"]


def test_json_log_flowers_count_and_share_one_wall(tmp_path):
    """A log of the judge's older build: flowers dealt and drawn (BUHUA), one wall of 144."""
    log = next(json.loads(x) for x in (FIXTURES / "logs.jsonl").read_text().splitlines() if "R05-robkong" in x)
    turns = log["log"]
    turns[1]["output"]["display"]["hand"][2].append("H2")
    first = next(i for i, t in enumerate(turns)
                 if t["output"]["display"]["action"] == "DRAW" and t["output"]["display"]["player"] == 2)
    turns.insert(first, {"output": {"display": {"action": "BUHUA", "player": 2, "tile": "H5"}}})
    path = tmp_path / "flowers.json"
    path.write_text(json.dumps(log))
    [report] = map(audit.audit_round, sources.rounds_of([path]))
    assert report["request"]["context"]["flowers"] == 2
    assert {"name": "花牌", "id": "flower_tiles", "value": 1, "count": 2} in report["result"]["fans"]
    assert "fan 花牌 (flower_tiles) ×2 in ours, not in the record" in report["why"]


def test_the_turns_after_a_json_logs_end_are_not_read(tmp_path):
    """The judge's turns after the HU are passed over, a finishing turn whose content is no scores too."""
    log = next(json.loads(x) for x in (FIXTURES / "logs.jsonl").read_text().splitlines() if "R01-chi" in x)
    log["log"].append({"output": {"display": {"action": "HU", "player": 0}, "content": ["no", "scores"]}})
    path = tmp_path / "after-end.json"
    path.write_text(json.dumps(log))
    [report] = map(audit.audit_round, sources.rounds_of([path]))
    assert report["outcome"] == "win" and report["agree"] is True


def test_a_json_log_error_names_the_judges_turn(tmp_path):
    log = next(json.loads(x) for x in (FIXTURES / "logs.jsonl").read_text().splitlines() if "R01-chi" in x)
    chi = next(i for i, t in enumerate(log["log"]) if t["output"]["display"]["action"] == "CHI")
    log["log"][chi]["output"]["display"]["tileCHI"] = "W7"
    path = tmp_path / "bad-chi.json"
    path.write_text(json.dumps(log))
    [report] = map(audit.audit_round, sources.rounds_of([path]))
    assert report["error"] == {"turn": chi, "message": "Chi 7m does not take the discard 4m"}


def test_a_json_export_with_displays_as_text(tmp_path):
    """Exports keep the turns as ``logs`` under ``_mid``, each display as JSON text, and may give the
    scores only as the finishing turn's content."""
    log = next(json.loads(x) for x in (FIXTURES / "logs.jsonl").read_text().splitlines() if "R01-chi" in x)
    turns = [{"output": {"command": "request", "display": json.dumps(t["output"]["display"], ensure_ascii=False)}}
             for t in log["log"]]
    hu = json.loads(turns[-1]["output"]["display"])
    scores = hu.pop("score")
    turns[-1]["output"] = {"command": "finish", "display": json.dumps(hu, ensure_ascii=False),
                           "content": {str(i): s for i, s in enumerate(scores)}}
    path = tmp_path / "export.jsonl"
    path.write_text(json.dumps({"_mid": "m-1", "logs": turns}, ensure_ascii=False) + "\n")
    [report] = map(audit.audit_round, sources.rounds_of([path]))
    assert report["id"] == "m-1" and report["agree"] is True
    assert report["record"]["scores"] == [-26, 42, -8, -8]


def test_cli_audit_on_dask():
    from cli_runner import run_cli
    from distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        res = run_cli(["audit", "botzone", str(ROUNDS), "--json", "--dask", cluster.scheduler_address])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout.splitlines()[-1])["rounds"] == 12

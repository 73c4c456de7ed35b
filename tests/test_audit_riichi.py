"""``mjscore audit tenhou|mjai`` and ``mjscore convert tenhou|mjai``: riichi game logs replayed and
every win checked (docs/batch.md#riichi-game-logs), on real recorded games (tests/riichi_real_logs.py),
on the hand-made fixture game of tests/riichi_logs.py (one replay rule per round) and on broken logs."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import riichi_logs
import riichi_real_logs
from cli_runner import run_cli

from scorer import engine
from scorer.archive.botzone import RawRound
from scorer.archive.riichi_audit import audit_round

RECORDS = Path(__file__).resolve().parent.parent / "fixtures" / "riichi" / "records"
TENHOU = RECORDS / "tenhou-game.json"
MJAI = RECORDS / "mjai-game.jsonl"


def audit_one(entry: list[Any], rule: dict[str, Any] | None = None) -> dict[str, Any]:
    text = json.dumps({"game": 1, "index": 0, "rule": rule or {"disp": "般南喰赤", "aka": 1}, "round": entry})
    return audit_round(RawRound("t.json", 1, [text], len(text), kind="tenhou"))


def only_win(report: dict[str, Any]) -> dict[str, Any]:
    assert report["outcome"] == "win", report
    (win,) = report["wins"]
    return win


def test_the_fixture_files_are_what_the_builder_writes(tmp_path: Path) -> None:
    riichi_logs.write(tmp_path)
    for path in tmp_path.iterdir():
        assert path.read_text(encoding="utf-8") == (RECORDS / path.name).read_text(encoding="utf-8"), path.name


def test_sticks_placed_this_round_and_honba_go_to_the_winner() -> None:
    win = only_win(audit_one(riichi_logs.riichi_ron_sticks()))
    assert win["agree"], win["why"]
    assert win["request"]["context"]["honba"] == 1 and win["request"]["context"]["riichi_sticks"] == 2
    assert win["result"]["deltas"] == [14300, 0, 0, -12300]


def test_a_riichi_ronned_on_its_declaration_tile_is_void() -> None:
    win = only_win(audit_one(riichi_logs.riichi_ronned_on_declaration()))
    assert win["agree"], win["why"]
    assert "riichi_sticks" not in win["request"]["context"]
    assert win["result"]["deltas"] == [0, 0, -2600, 2600]


def test_ippatsu_is_broken_by_a_call() -> None:
    win = only_win(audit_one(riichi_logs.ippatsu_broken_by_call()))
    assert win["agree"], win["why"]
    assert "ippatsu" not in win["request"]["context"]
    assert win["request"]["context"]["double_riichi"] is True


def test_a_chankan_win_keeps_ippatsu() -> None:
    win = only_win(audit_one(riichi_logs.chankan_keeps_ippatsu()))
    assert win["agree"], win["why"]
    ctx = win["request"]["context"]
    assert ctx["ippatsu"] is True and ctx["kong_win"] is True
    assert {y["id"] for y in win["result"]["yaku"]} >= {"ippatsu", "chankan", "riichi"}


@pytest.mark.parametrize("build, yaku", [(riichi_logs.haitei, "haitei"), (riichi_logs.houtei, "houtei")])
def test_the_seventieth_draw_is_the_last_of_the_live_wall(build: Any, yaku: str) -> None:
    win = only_win(audit_one(build()))
    assert win["agree"], win["why"]
    assert win["request"]["context"]["last_wall"] is True
    assert yaku in {y["id"] for y in win["result"]["yaku"]}


def test_a_win_before_the_seventieth_draw_is_not_haitei_or_houtei() -> None:
    for build in (riichi_logs.riichi_ron_sticks, riichi_logs.chi_red_five_open_tanyao, riichi_logs.open_kan_rinshan):
        win = only_win(audit_one(build()))
        assert win["agree"] and "last_wall" not in win["request"]["context"]


def test_double_ron_honba_and_sticks_go_to_the_first_winner_after_the_discarder() -> None:
    report = audit_one(riichi_logs.double_ron())
    assert report["outcome"] == "win" and report["agree"]
    first, second = report["wins"]
    assert first["winner"] == 0 and first["request"]["context"]["honba"] == 2
    assert first["request"]["context"]["riichi_sticks"] == 2
    assert "honba" not in second["request"]["context"] and "riichi_sticks" not in second["request"]["context"]
    assert second["result"]["deltas"] == [0, 8000, 0, -8000]


@pytest.mark.parametrize("ron, deltas", [(False, [32000, 0, -32000, 0]), (True, [32000, 0, -16000, -16000])])
def test_pao_the_feeder_of_the_third_dragon_set_pays(ron: bool, deltas: list[int]) -> None:
    win = only_win(audit_one(riichi_logs.pao(ron)))
    assert win["agree"], win["why"]
    assert win["result"]["deltas"] == deltas


def test_the_fixture_logs_agree_in_both_formats() -> None:
    for fmt, path in (("tenhou", TENHOU), ("mjai", MJAI)):
        out = run_cli(["audit", fmt, str(path), "--json", "--workers", "1"])
        assert out.exit_code == 0, out.output
        summary = json.loads(out.stdout.strip().splitlines()[-1])
        assert summary == {"rounds": 13, "wins": 13, "drawn": 1, "agree": 13, "disagree": 0, "errors": 0}


def test_every_win_agrees_with_the_oracle() -> None:
    """The hand-made records' values are the oracle's too (so the fixtures are no echo of our scorer)."""
    from riichi_oracle import oracle_result

    report_lines = [audit_one(entry) for entry in riichi_logs.game()["log"]]
    wins = [w for r in report_lines for w in r.get("wins", [])]
    assert len(wins) == 13
    for win in wins:
        req = win["request"]
        theirs = oracle_result(req["hand"], req["context"], req.get("rules"))
        assert (theirs.han, theirs.fu, theirs.total) == (win["result"]["han"], win["result"]["fu"],
                                                          win["result"]["points"]), req


def test_a_disagreement_is_said_in_words() -> None:
    entry = riichi_logs.riichi_ronned_on_declaration()
    entry[16] = ["和了", [0, 0, -3900, 3900], [3, 2, 3, "40符3飜3900点", "立直(1飜)", "一気通貫(2飜)"]]
    win = only_win(audit_one(entry))
    assert not win["agree"]
    assert win["why"] == ["yaku 立直 (riichi) 1 han in the record, not in ours", "han: the record 3, ours 2",
                          "points: the record 3900 (40符3飜3900点), ours 2600",
                          "score changes: the record 0 0 -3900 3900, ours 0 0 -2600 2600"]


def test_a_corrupt_log_gets_every_problem_at_once_and_the_run_goes_on() -> None:
    out = run_cli(["audit", "tenhou", str(RECORDS / "corrupt-tenhou.json"), "--workers", "1"])
    assert out.exit_code == 0 and "Traceback" not in out.output
    text = out.stdout
    assert "game 1, round E1-1 (log[0]), player 0's draw 1: 58 is no tile" in text
    assert "game 1, log[1]: a round is a list of 17 entries" in text
    assert "why     score changes: the record 0 0 -1600 1600, ours 0 0 -2600 2600" in text
    assert "game 2, round S1-0 (log[0]): a three-player game" in text
    assert "error     t" not in text and f"error     {RECORDS / 'corrupt-tenhou.json'}#1/log[1]" in text
    assert "5 rounds: 2 wins, 0 drawn, 3 errors" in text
    out = run_cli(["audit", "mjai", str(RECORDS / "corrupt-mjai.jsonl"), "--workers", "1", "--json"])
    lines = [json.loads(x) for x in out.stdout.strip().splitlines()]
    errors = [x["error"] for x in lines if x.get("outcome") == "error"]
    assert {"where": "line 3", "message": '"6z" is no tile (1m-9m, 1p-9p, 1s-9s, 5mr 5pr 5sr, E S W N P F C)'} in errors
    assert {"where": "line 22", "message": "the round has no end_kyoku (line 36 starts the next)"} in errors
    summary = lines[-1]
    assert summary["rounds"] == summary["wins"] - 1 + summary["drawn"] + summary["errors"]  # one double ron
    assert summary["wins"] == summary["agree"] + summary["disagree"] and summary["disagree"] == 1


def test_the_report_file_is_whole_or_absent(tmp_path: Path) -> None:
    report = tmp_path / "report.jsonl"
    out = run_cli(["audit", "tenhou", str(TENHOU), "-o", str(report), "--workers", "2"])
    assert out.exit_code == 0, out.output
    lines = [json.loads(x) for x in report.read_text().splitlines()]
    assert len(lines) == 13 and not (tmp_path / "report.jsonl.partial").exists()
    missing = run_cli(["audit", "tenhou", str(tmp_path / "nope.json"), "-o", str(tmp_path / "r2.jsonl")])
    assert missing.exit_code == 2 and not (tmp_path / "r2.jsonl").exists()


def test_the_logs_rules_and_the_override(tmp_path: Path) -> None:
    stated = only_win(audit_one(riichi_logs.riichi_ron_sticks(), {"disp": "般南赤", "aka51": 0, "aka52": 1}))
    assert stated["request"]["rules"] == {"preset": "tenhou", "open_tanyao": False, "aka": True}
    report = tmp_path / "r.jsonl"
    out = run_cli(["audit", "tenhou", str(TENHOU), "--rules", "wrc", "-o", str(report), "--workers", "1"])
    assert out.exit_code == 0, out.output
    wins = [w for x in report.read_text().splitlines() for w in json.loads(x).get("wins", [])]
    assert wins and all(w["request"]["rules"] == "wrc" for w in wins)
    bad = run_cli(["audit", "tenhou", str(TENHOU), "--rules", '{"akaa": true}'])
    assert bad.exit_code == 2 and "--rules" in bad.output


def test_convert_writes_requests_that_score_as_the_audit_did(tmp_path: Path) -> None:
    out_path = tmp_path / "wins.jsonl"
    out = run_cli(["convert", "tenhou", str(TENHOU), "-o", str(out_path), "--workers", "1"])
    assert out.exit_code == 0, out.output
    requests = [json.loads(x) for x in out_path.read_text().splitlines()]
    records = [json.loads(x) for x in (tmp_path / "wins.records.jsonl").read_text().splitlines()]
    assert len(requests) == len(records) == 13
    audited = [w for e in riichi_logs.game()["log"] for w in audit_one(e).get("wins", [])]
    for req, win in zip(requests, audited, strict=True):
        result = engine.score("riichi", req["hand"], req["context"], req.get("rules"))
        assert (result.details["han"], result.details["fu"], result.total) == (
            win["result"]["han"], win["result"]["fu"], win["result"]["points"])


def test_workers_answer_as_one_process(tmp_path: Path) -> None:
    """Seven games (91 rounds): enough to go out to worker processes."""
    many = tmp_path / "seven.json"
    many.write_text(json.dumps([riichi_logs.game()] * 7, ensure_ascii=False), encoding="utf-8")
    outs = []
    for workers in ("1", "2"):
        report = tmp_path / f"r{workers}.jsonl"
        out = run_cli(["audit", "tenhou", str(many), "--json", "--workers", workers, "-o", str(report)])
        assert out.exit_code == 0, out.output
        assert json.loads(out.stdout.strip().splitlines()[-1]) == {
            "rounds": 91, "wins": 91, "drawn": 7, "agree": 91, "disagree": 0, "errors": 0}
        outs.append(report.read_text())
    assert outs[0] == outs[1]


@pytest.mark.parametrize("rule, rules", [
    ({"disp": "鳳南喰赤", "aka53": 1, "aka52": 1, "aka51": 1}, {"preset": "tenhou", "open_tanyao": True, "aka": True}),
    ({"disp": "般東"}, {"preset": "tenhou", "open_tanyao": False, "aka": False}),
    ({"disp": "特東喰赤速", "ref": "2019..."}, {"preset": "tenhou", "open_tanyao": True, "aka": True}),
    ({"disp": "般南喰", "aka": 0}, {"preset": "tenhou", "open_tanyao": True, "aka": False}),
    ({"disp": "四鳳南喰赤"}, {"preset": "tenhou", "open_tanyao": True, "aka": True}),
    ({"disp": "四般南喰－－"}, {"preset": "tenhou", "open_tanyao": True, "aka": False}),
    ({"disp": "玉の間四人南", "aka51": 1}, {"preset": "mahjongsoul", "aka": True}),
    ({"disp": "Gold Room South", "aka53": 1, "aka52": 1, "aka51": 1}, {"preset": "mahjongsoul", "aka": True}),
    ({"disp": "金の間南喰赤"}, {"preset": "mahjongsoul"}),
    ({"disp": "南場の部"}, None), ({}, None), (None, None)])
def test_the_rules_a_log_states(rule: Any, rules: Any) -> None:
    from scorer.archive.tenhou import stated_rules

    assert stated_rules(rule) == rules


@pytest.mark.parametrize("build, expect", [
    (riichi_logs.chi_red_five_open_tanyao, {"tanyao", "aka_dora"}),
    (riichi_logs.open_kan_rinshan, {"rinshan", "yakuhai_haku"}),
    (riichi_logs.closed_kan_after_riichi, {"double_riichi", "menzen_tsumo", "rinshan"})])
def test_calls_and_kans_replay(build: Any, expect: set[str]) -> None:
    win = only_win(audit_one(build()))
    assert win["agree"], win["why"]
    assert {y["id"] for y in win["result"]["yaku"]} == expect


def test_audit_on_dask() -> None:
    from distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        res = run_cli(["audit", "mjai", str(MJAI), "--json", "--dask", cluster.scheduler_address])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout.splitlines()[-1]) == {
        "rounds": 13, "wins": 13, "drawn": 1, "agree": 13, "disagree": 0, "errors": 0}


def test_moves_the_play_never_reaches_are_an_error() -> None:
    entry = riichi_logs.riichi_ronned_on_declaration()
    entry[5 + 3 * 0] = [33]  # player 0 draws, but player 3 rons before player 0's turn
    report = audit_one(entry)
    assert report["outcome"] == "error"
    assert report["error"] == {"where": "game 1, round E2-0 (log[0]), player 0's draw 1",
                               "message": "33 is never played: the round ends before it (the moves before it do "
                                          "not lead to it)"}


def _simulated_round(seed: int) -> tuple[list[Any], list[tuple[str, int, int]]]:
    """A random four-player round to its exhaustive draw, with random calls and kans (no riichi, no
    win), written as tenhou.net/6 writes one, and its moves in the order they were played."""
    rng = random.Random(seed)
    wall = [t for t in [*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48)] for _ in range(4)]
    for red, five in ((51, 15), (52, 25), (53, 35)):
        wall[wall.index(five)] = red
    rng.shuffle(wall)
    dora = wall.pop()
    deals = [sorted(wall.pop() for _ in range(13)) for _ in range(4)]
    hands = [list(d) for d in deals]
    pons: list[list[list[int]]] = [[], [], [], []]
    draws: list[list[Any]] = [[], [], [], []]
    discards: list[list[Any]] = [[], [], [], []]
    truth: list[tuple[str, int, int]] = []
    drawn, kans, seat, need_draw = 0, 0, 0, True

    def k(t: int) -> int:
        return {51: 15, 52: 25, 53: 35}.get(t, t)

    def text(tiles: list[int]) -> str:
        return "".join(str(t) for t in tiles)

    while True:
        just = None
        if need_draw:
            just = wall.pop()
            drawn += 1
            draws[seat].append(just)
            hands[seat].append(just)
            truth.append(("draw", seat, just))
            quad = next((t for t in hands[seat] if [k(x) for x in hands[seat]].count(k(t)) == 4), None)
            pon = next((p for p in pons[seat] if any(k(t) == k(p[0]) for t in hands[seat])), None)
            if drawn < 70 and kans < 3 and quad is not None and rng.random() < 0.7:
                own = [t for t in hands[seat] if k(t) == k(quad)]
                for t in own:
                    hands[seat].remove(t)
                discards[seat].append(text(own[:3]) + "a" + text(own[3:]))
                truth.append(("ankan", seat, own[0]))
                kans += 1
                continue
            if drawn < 70 and kans < 3 and pon is not None and rng.random() < 0.7:
                added = next(t for t in hands[seat] if k(t) == k(pon[0]))
                hands[seat].remove(added)
                pons[seat].remove(pon)
                discards[seat].append("k" + text([added, *pon]))
                truth.append(("kakan", seat, added))
                kans += 1
                continue
        out = rng.choice(hands[seat])
        hands[seat].remove(out)
        discards[seat].append(60 if out == just and rng.random() < 0.8 else out)
        truth.append(("discard", seat, out))
        if drawn == 70:
            break
        caller = None
        for step in (1, 2, 3):
            s = (seat + step) % 4
            same = [t for t in hands[s] if k(t) == k(out)]
            if len(same) >= 2 and rng.random() < 0.6:
                verb = "daiminkan" if len(same) == 3 and kans < 3 and rng.random() < 0.8 else "pon"
                own = same[:3] if verb == "daiminkan" else same[:2]
                back = (s - seat) % 4
                place = ({1: 0, 2: 1, 3: 3} if verb == "daiminkan" else {1: 0, 2: 1, 3: 2})[back]
                parts = [str(t) for t in own]
                parts.insert(place, ("m" if verb == "daiminkan" else "p") + str(out))
                caller = (s, verb, own, "".join(parts))
                break
        nxt = (seat + 1) % 4
        if caller is None and k(out) < 40 and rng.random() < 0.3:
            have = {k(t): t for t in hands[nxt]}
            for lo in (k(out) - 2, k(out) - 1, k(out)):
                if lo % 10 >= 1 and (lo + 2) % 10 <= 9 and lo // 10 == (lo + 2) // 10 \
                        and all(x in have for x in (lo, lo + 1, lo + 2) if x != k(out)):
                    own = [have[x] for x in (lo, lo + 1, lo + 2) if x != k(out)]
                    caller = (nxt, "chi", own, "c" + text([out, *own]))
                    break
        if caller is None:
            seat, need_draw = nxt, True
            continue
        s, verb, own, call = caller
        for t in own:
            hands[s].remove(t)
        draws[s].append(call)
        truth.append((verb, s, out))
        seat, need_draw = s, verb == "daiminkan"
        if verb == "pon":
            pons[s].append([*own, out])
        if verb == "daiminkan":
            discards[s].append(0)
            kans += 1
    entry = riichi_logs.kyoku([0, 0, 0], deals, draws, discards, ["流局", [0, 0, 0, 0]], dora=[dora])
    return entry, truth


@pytest.mark.parametrize("seed", [*range(12), 19])  # 2 and 7 hold an open kan, 19 a closed one
def test_random_rounds_with_calls_and_kans_replay_in_the_order_played(seed: int) -> None:
    """The tenhou.net/6 reader puts the per-seat lists back in the order they were played, and the
    replay follows every call, kan and replacement draw to the 70th draw."""
    from scorer.archive.tenhou import parse_round

    entry, truth = _simulated_round(seed)
    text = json.dumps({"game": 1, "index": 0, "rule": None, "round": entry})
    rnd = parse_round(RawRound("t.json", 1, [text], len(text), kind="tenhou"))
    assert [(a.verb, a.seat, a.tile) for a in rnd.actions] == truth
    assert audit_one(entry)["outcome"] == "drawn"
    assert sum(v in ("pon", "chi", "daiminkan", "ankan", "kakan") for v, _, _ in truth) > 0
    from scorer.archive import mjai

    lines = [json.dumps(e).encode() + b"\n" for e in riichi_logs.mjai_lines({"name": [], "rule": None, "log": [entry]})]
    (unit,) = mjai.split_games(lines, "m.jsonl")
    assert [(a.verb, a.seat, a.tile) for a in mjai.parse_round(unit).actions] == truth
    assert audit_round(unit)["outcome"] == "drawn"


def test_a_recorded_win_that_is_no_win_is_a_disagreement_in_words(tmp_path: Path) -> None:
    entry = riichi_logs.riichi_ronned_on_declaration()
    entry[4 + 3 * 3] = [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 26]  # player 3 no longer waits on 4p
    win = only_win(audit_one(entry))
    assert not win["agree"]
    assert win["why"][0] == "not a win by our scoring: not a winning hand"
    assert win["result"]["deltas"] == [0, 0, 0, 0]
    log = tmp_path / "g.json"
    log.write_text(json.dumps({"rule": {"disp": "般南喰赤"}, "log": [entry]}), encoding="utf-8")
    out = run_cli(["audit", "tenhou", str(log), "--workers", "1"])
    assert "  ours    no win (not a winning hand): -; changes 0 0 0 0" in out.stdout
    assert "1 round: 1 win, 0 drawn, 0 errors\n0 wins agree with the record, 1 disagree" in out.stdout


def test_thirteen_orphans_robs_a_closed_kan() -> None:
    s1 = [19, 21, 29, 31, 39, 41, 42, 43, 44, 45, 46, 47, 19]  # waits on 1m
    s2 = [11, 11, 11, 22, 23, 24, 25, 26, 27, 33, 34, 35, 36]
    entry = riichi_logs.kyoku([0, 0, 0], [riichi_logs.F1, s1, s2, riichi_logs.F2], [[31], [32], [11], []],
                              [[60], [60], ["111111a11"], []],
                              ["和了", [0, 32000, -32000, 0], [1, 2, 1, "役満32000点", "国士無双(役満)"]])
    win = only_win(audit_one(entry))
    assert win["agree"], win["why"]
    assert win["request"]["hand"] == "99m19p19sESWNPFC1m"


def test_an_mjai_game_states_its_red_fives() -> None:
    from scorer.archive import mjai

    events = riichi_logs.mjai_lines(riichi_logs.game())
    events[0]["aka_flag"] = False
    units = list(mjai.split_games([json.dumps(e).encode() for e in events], "m.jsonl"))
    report = audit_round(units[9])  # the chi of the red five: no aka dora without red fives
    win = only_win(report)
    assert win["request"]["rules"] == {"preset": "tenhou", "aka": False}
    assert {y["id"] for y in win["result"]["yaku"]} == {"tanyao"}
    assert not win["agree"] and win["why"] == ["score changes: the record 0 2000 0 -2000, ours 0 1000 0 -1000"]


@pytest.mark.parametrize("content, message", [
    ("", "the file is empty: no game to replay"),
    ("{nope", "not JSON: "),
    ('{"log": 3}', "game 1 is not a tenhou.net/6 game (an object with a \"log\" list)"),
    ('{"log": [[1, 2]]}\n{"log": []}\n', "a round is a list of 17 entries")])
def test_files_that_hold_no_game_are_errors(tmp_path: Path, content: str, message: str) -> None:
    log = tmp_path / "bad.json"
    log.write_text(content, encoding="utf-8")
    out = run_cli(["audit", "tenhou", str(log), "--json", "--workers", "1"])
    assert out.exit_code == 0 and "Traceback" not in out.output
    lines = [json.loads(x) for x in out.stdout.splitlines()]
    assert message in lines[0]["error"]["message"]
    assert lines[-1]["errors"] >= 1 and lines[-1]["rounds"] == lines[-1]["errors"]


def test_the_call_forms_of_real_logs_replay_in_order() -> None:
    from scorer.archive import mjai
    from scorer.archive.tenhou import parse_round

    entry = riichi_logs.kan_rinshan_real_forms()
    text = json.dumps({"game": 1, "index": 0, "rule": {"disp": "般南喰赤"}, "round": entry})
    rnd = parse_round(RawRound("t.json", 1, [text], len(text), kind="tenhou"))
    calls = [(a.verb, a.seat, a.tile, a.own, a.source) for a in rnd.actions if a.verb not in ("draw", "discard")]
    assert calls == [("ankan", 0, 41, (41, 41, 41, 41), None), ("pon", 1, 52, (25, 25), 2),
                     ("kakan", 1, 25, (25, 25, 25, 52), None)]
    win = only_win(audit_one(entry))
    assert win["agree"], win["why"]
    assert win["request"]["hand"] == "{0555p}234p123456sCC"
    game = {"name": ["A", "B", "C", "D"], "rule": {"disp": "般南喰赤"}, "log": [entry]}
    lines = [json.dumps(e).encode() for e in riichi_logs.mjai_lines(game)]
    events = [json.loads(x) for x in lines]
    assert [e for e in events if e["type"] in ("kakan", "dora")] == [
        {"type": "dora", "dora_marker": "3s"}, {"type": "kakan", "actor": 1, "pai": "5p", "consumed": ["5p", "5p", "5pr"]}]
    (unit,) = mjai.split_games(lines, "m.jsonl")
    assert only_win(audit_round(unit))["agree"]


def test_the_real_forms_game_agrees_in_both_formats_and_with_the_oracle() -> None:
    from riichi_oracle import oracle_result

    for fmt, name in (("tenhou", "tenhou-real-forms.json"), ("mjai", "mjai-real-forms.jsonl")):
        out = run_cli(["audit", fmt, str(RECORDS / name), "--json", "--workers", "1"])
        assert json.loads(out.stdout.strip().splitlines()[-1]) == {
            "rounds": 5, "wins": 2, "drawn": 3, "agree": 2, "disagree": 0, "errors": 0}, out.output
    wins = [only_win(audit_one(e)) for e in (riichi_logs.kan_rinshan_real_forms(), riichi_logs.daisuushii_pao_ron())]
    for win in wins:
        req = win["request"]
        theirs = oracle_result(req["hand"], req["context"], req.get("rules"))
        assert (theirs.han, theirs.fu, theirs.total) == (win["result"]["han"], win["result"]["fu"],
                                                          win["result"]["points"]), req
    assert wins[1]["record"]["liable"] == 0 and wins[1]["result"]["deltas"] == [-16600, 32600, -16000, 0]

@pytest.mark.parametrize("name", ["流局", "全員聴牌", "全員不聴", "流し満貫", "九種九牌", "四家立直", "三家和了",
                                  "四槓散了", "四風連打", "三家和", "四開槓", "Ryuukyoku", "Exhaustive Draw",
                                  "Nine Terminal Abortion", "Suucha Riichi", "Mangan at Draw"])
def test_every_draw_a_log_names_is_a_drawn_round(name: str) -> None:
    entry = riichi_logs.pon_of_a_later_discard()
    entry[16] = [name, [0, 0, 0, 0]] if name in ("流局", "流し満貫", "Ryuukyoku", "Mangan at Draw") else [name]
    assert audit_one(entry) | {"id": ""} == {"id": "", "source": "t.json", "line": 1, "outcome": "drawn",
                                             "drawn": name}


@pytest.mark.parametrize("text, fu, points", [
    ("30符1飜1000点", 30, 1000), ("30符1飜300-500点", 30, 1100), ("40符2飜1300点∀", 40, 3900),
    ("満貫8000点", None, 8000), ("満貫2000-4000点", None, 8000), ("満貫4000点∀", None, 12000),
    ("跳満12000点", None, 12000), ("倍満4000-8000点", None, 16000), ("三倍満36000点", None, 36000),
    ("役満16000点∀", None, 48000), ("役満64000点", None, 64000), ("数え役満8000-16000点", None, 32000),
    ("切り上げ満貫8000点", None, 8000), ("30符5飜満貫8000点", None, 8000),
    # as tensoul writes them in romaji or English
    ("30Fu1Han1000点", 30, 1000), ("Mangan 2000-4000点", None, 8000), ("Haneman 6000点∀", None, 18000),
    ("Counted Yakuman 32000点", None, 32000), ("Rounded Mangan 8000点", None, 8000)])
def test_the_value_strings_of_a_win(text: str, fu: int | None, points: int) -> None:
    from scorer.archive.tenhou import _value

    assert _value(text, "here") == (fu, points)


@pytest.mark.parametrize("text", ["8000", "満貫8000", "abc8000点", "30符1000点", "満貫-8000点", "Mangan8000点"])
def test_a_value_string_not_read_is_an_error_in_words(text: str) -> None:
    entry = riichi_logs.riichi_ronned_on_declaration()
    entry[16] = ["和了", [0, 0, -2600, 2600], [3, 2, 3, text, "一気通貫(2飜)"]]
    report = audit_one(entry)
    assert report["outcome"] == "error"
    assert report["error"]["message"].startswith(f"the value {text!r} is not read")


@pytest.mark.parametrize("items, han", [
    (["立直(1飜)", "一発(1飜)", "門前清自摸和(1飜)", "ドラ(2飜)", "赤ドラ(1飜)", "裏ドラ(0飜)"], 6),
    (["大三元(役満)", "字一色(役満)"], 26), (["役牌 中(1飜)", "自風 東(1飜)", "場風 南(1飜)"], 3),
    (["役牌中(1飜)", "自風東(1飜)", "場風南(1飜)"], 3)])
def test_yaku_strings_and_their_han(items: list[str], han: int) -> None:
    from scorer.archive.tenhou import YAKU, _win

    win = _win([0, 0, 0, 0], [0, 1, 0, "満貫8000点", *items], "here")
    assert win.han == han and all(name in YAKU for name, _ in win.yaku)


def test_every_yaku_name_tenhou_writes_is_known() -> None:
    from scorer.archive.tenhou import YAKU
    from scorer.variants.riichi.items import DORA_IDS, YAKU_IDS, YAKUMAN_IDS

    tenhou = ("門前清自摸和 立直 一発 槍槓 嶺上開花 海底摸月 河底撈魚 平和 断幺九 一盃口 両立直 七対子 混全帯幺九 一気通貫 "
              "三色同順 三色同刻 三槓子 対々和 三暗刻 小三元 混老頭 二盃口 純全帯幺九 混一色 清一色 人和 天和 地和 大三元 四暗刻 "
              "四暗刻単騎 字一色 緑一色 清老頭 九蓮宝燈 純正九蓮宝燈 国士無双 国士無双１３面 大四喜 小四喜 四槓子 ドラ 裏ドラ 赤ドラ")
    winds = [f"{k} {w}" for k in ("自風", "場風") for w in "東南西北"] + [f"役牌 {d}" for d in "白發中"]
    assert set(tenhou.split()) | set(winds) <= set(YAKU)
    assert set(YAKU.values()) <= {*YAKU_IDS, *DORA_IDS, *YAKUMAN_IDS}  # each is an item we score
    assert {YAKU[n] for n in ("大三元", "大四喜", "国士無双", "四暗刻", "天和", "地和")} <= set(YAKUMAN_IDS)


def test_mjai_honours_are_tenhous_with_p_white_f_green_c_red() -> None:
    from scorer.archive import mjai
    from scorer.archive.riichi_round import tile_text

    assert [mjai.tile(h, "here") for h in "ESWNPFC"] == list(range(41, 48))
    assert [tile_text(t) for t in (45, 46, 47)] == ["P", "F", "C"]  # Tenhou's 45 白, 46 發, 47 中
    assert [mjai.tile(t, "here") for t in ("5mr", "5pr", "5sr", "1m", "9s")] == [51, 52, 53, 11, 39]


def test_mjai_ura_markers_by_either_name() -> None:
    from scorer.archive import mjai

    events = riichi_logs.mjai_lines(riichi_logs.game())
    renamed = [{("uradora_markers" if k == "ura_markers" else k): v for k, v in e.items()} for e in events]
    units = list(mjai.split_games([json.dumps(e).encode() for e in renamed], "m.jsonl"))
    assert all(audit_round(u).get("agree", True) for u in units)
    assert mjai.parse_round(units[0]).wins[0].ura == [46]  # the first round's ura marker, F (發)
    broken = [{**e, "ura_markers": 60} if e["type"] == "hora" else e for e in events]
    first = next(mjai.split_games([json.dumps(e).encode() for e in broken], "m.jsonl"))
    assert audit_round(first)["error"] == {"where": "line 12", "message": "hora needs its ura_markers list"}


def test_truncated_and_garbled_logs_are_errors_and_the_run_goes_on(tmp_path: Path) -> None:
    whole = TENHOU.read_bytes()
    cut = tmp_path / "cut.json"
    cut.write_bytes(whole[:len(whole) // 2])
    out = run_cli(["audit", "tenhou", str(cut), str(TENHOU), "--json", "--workers", "1"])
    assert out.exit_code == 0 and "Traceback" not in out.output
    lines = [json.loads(x) for x in out.stdout.splitlines()]
    assert lines[0]["outcome"] == "error" and lines[0]["error"]["message"].startswith("not JSON: ")
    assert lines[-1] == {"rounds": 14, "wins": 13, "drawn": 1, "agree": 13, "disagree": 0, "errors": 1}
    text = MJAI.read_text(encoding="utf-8").splitlines()
    garbled = tmp_path / "g.jsonl"
    garbled.write_text("\n".join([*text[:40], text[40][:25], "\x00\xff garbage", *text[41:]]), encoding="utf-8")
    out = run_cli(["audit", "mjai", str(garbled), "--json", "--workers", "1"])
    assert out.exit_code == 0 and "Traceback" not in out.output
    lines = [json.loads(x) for x in out.stdout.splitlines()]
    assert "not JSON" in lines[0]["error"]["message"] and "internal" not in out.stdout
    assert lines[-1]["errors"] == 1 and lines[-1]["rounds"] == 13  # the garbled round, the others whole


def test_a_call_of_a_later_discard_of_the_same_tile_is_found_by_backtracking() -> None:
    from scorer.archive.tenhou import parse_round

    entry = riichi_logs.pon_of_a_later_discard()
    text = json.dumps({"game": 1, "index": 0, "rule": {"disp": "般南喰赤"}, "round": entry})
    rnd = parse_round(RawRound("t.json", 1, [text], len(text), kind="tenhou"))
    assert [(a.verb, a.seat, a.tile) for a in rnd.actions] == [
        ("draw", 0, 31), ("discard", 0, 41), ("draw", 1, 32), ("discard", 1, 44), ("pon", 3, 44), ("discard", 3, 39),
        ("draw", 0, 41), ("discard", 0, 41), ("pon", 2, 41), ("discard", 2, 42), ("draw", 3, 33), ("discard", 3, 33)]
    assert audit_one(entry)["outcome"] == "drawn"
    entry[5 + 3 * 3] = ["44p4444"]  # now no reading plays every move: the first reading's error is told
    report = audit_one(entry)
    assert report["error"]["where"] == "game 1, round E1-1 (log[0]), player 3's draw 1"
    assert report["error"]["message"] == '"44p4444": a tile is due here (the player draws), not a call'

@pytest.mark.parametrize("key, value, message", [
    ("scores", 60, "the scores are 60, not a list of numbers"),
    ("bakaze", "X", "the round is bakaze 'X' kyoku 1: E S W N and 1-4"),
    ("tehais", [["1m"]] * 3, "3 hands dealt: only four-player riichi is scored")])
def test_an_mjai_round_start_not_read_is_an_error_in_words(key: str, value: Any, message: str) -> None:
    from scorer.archive import mjai

    events = riichi_logs.mjai_lines(riichi_logs.game())
    events[1] = {**events[1], key: value}
    first = next(mjai.split_games([json.dumps(e).encode() for e in events], "m.jsonl"))
    assert audit_round(first)["error"] == {"where": "line 2", "message": message}


def test_real_recorded_games_replay_with_every_win_agreeing() -> None:
    """Twelve games of Tenhou's 鳳凰卓, rounds of another, and 18 rounds kept by mjai-reviewer: the
    summary is what the logs' own results count, every win agreeing."""
    paths = riichi_real_logs.TENHOU_FILES
    expected = riichi_real_logs.recorded_counts(paths)
    assert len(paths) == 31 and expected["rounds"] >= 140 and expected["wins"] >= 119  # the set is all there
    out = run_cli(["audit", "tenhou", *map(str, paths), "--json", "--workers", "1"])
    assert out.exit_code == 0, out.output
    *problems, summary = out.stdout.strip().splitlines()
    assert json.loads(summary) == expected, "\n".join(problems)


def test_real_recorded_games_as_mjai_replay_with_every_win_agreeing() -> None:
    paths = riichi_real_logs.TENHOU_FILES
    out = run_cli(["audit", "mjai", *(str(riichi_real_logs.mjai_path(p)) for p in paths), "--json", "--workers", "1"])
    assert out.exit_code == 0, out.output
    *problems, summary = out.stdout.strip().splitlines()
    assert json.loads(summary) == riichi_real_logs.recorded_counts(paths), "\n".join(problems)


def test_the_games_kept_as_mjlog_are_what_the_converter_writes() -> None:
    """Tenhou's own records (mjlog XML) as tenhou.net/6: the pao, the double ron after a closed kan
    with its kan dora, the rinshan after an added kan (its kan dora not shown) replay through them."""
    import mjlog_tenhou

    sources = sorted((riichi_real_logs.REAL / "mjlog").glob("*.mjlog"))
    assert len(sources) == 3
    for source in sources:
        game = mjlog_tenhou.convert(source.read_text(encoding="utf-8"))
        written = riichi_real_logs.REAL / "tenhou-from-mjlog" / f"{source.stem}.json"
        assert written.read_text(encoding="utf-8") == json.dumps(game, ensure_ascii=False) + "\n", source.name


def test_the_real_games_mjai_files_are_what_the_builder_writes() -> None:
    for path in riichi_real_logs.TENHOU_FILES:
        lines = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in riichi_real_logs.mjai_events(path))
        assert riichi_real_logs.mjai_path(path).read_text(encoding="utf-8") == lines, path.name


def test_a_record_naming_yaku_in_other_words_is_compared_by_its_totals() -> None:
    """A Mahjong Soul game converted with English yaku names: its han, fu, points and changes agree."""
    (game,) = riichi_real_logs.games(riichi_real_logs.REAL / "mjai-reviewer" / "confusing_nakis_7.json")
    win = only_win(audit_one(game["log"][0], game["rule"]))
    assert win["agree"], win["why"]
    assert win["notes"] == ["the record names yaku in words we do not read (Riichi, Dora, Ura Dora): compared by "
                            "han, fu, points and score changes, not yaku by yaku"]
    entry = json.loads(json.dumps(game["log"][0]))
    entry[16][2][3] = "40符3飜3900点"  # one han more than the hand holds
    win = only_win(audit_one(entry, game["rule"]))
    assert not win["agree"]
    assert "points: the record 3900 (40符3飜3900点), ours 2600" in win["why"]



def test_a_corrupted_real_game_gets_every_problem_at_once_in_words(tmp_path: Path) -> None:
    """Hand-made damage to real games: each broken round an error naming where and why, the rest replayed."""
    (game,) = riichi_real_logs.games(riichi_real_logs.REAL / "mjai-reviewer" / "ranked_game.json")
    game["log"][0][5][3] = "47p47"  # a pon string with one tile from the hand
    game["log"][1][16][2][0] = 7  # no such winner
    game["log"][2][4] = game["log"][2][4][:12]  # a deal one tile short
    hanchan = riichi_real_logs.REAL / "mjx" / "2010102910gm-00a9-0000-cdb9804c.json"
    lines = hanchan.read_text(encoding="utf-8").splitlines()
    lines[3] = lines[3][:300]  # a line cut short
    lines[5] = lines[5].replace('"和了"', '"和"')  # a result Tenhou never writes
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    cut = tmp_path / "cut.json"
    cut.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = run_cli(["audit", "tenhou", str(broken), str(cut), "--json", "--workers", "1"])
    assert out.exit_code == 0 and "Traceback" not in out.output and "internal" not in out.output
    *reports, summary = [json.loads(x) for x in out.stdout.splitlines()]
    assert [r["error"] for r in reports] == [
        {"where": "game 1, round E1-0 (log[0]), player 0's draw 4", "message": "a pon takes 2 tiles from the hand, not 1"},
        {"where": "game 1, round E2-0 (log[1]), result, win 1",
         "message": '[7,1,1,"30符4飜3900点∀","断幺九(1飜)","ドラ(1飜)","赤ドラ(2飜)"]: the winner is 7, not a player 0-3'},
        {"where": "game 1, round E2-1 (log[2]), player 0's deal", "message": "12 tiles, not 13"},
        {"where": "line 4", "message": "not JSON: the text ends before the JSON value does (cut short?) (column 301)"},
        {"where": "game 5, round E4-0 (log[0]), result", "message": "'和' is no result Tenhou writes (和了, 流局, 九種九牌, …)"}]
    whole = riichi_real_logs.recorded_counts([hanchan])  # 11 rounds, 10 won, 1 drawn
    assert summary == {"rounds": 3 + whole["rounds"], "wins": whole["wins"] - 2, "drawn": whole["drawn"],
                       "agree": whole["wins"] - 2, "disagree": 0, "errors": 5}


def test_a_corrupted_real_game_as_mjai_gets_every_problem_at_once_in_words(tmp_path: Path) -> None:
    path = riichi_real_logs.mjai_path(riichi_real_logs.REAL / "mjx" / "2010102910gm-00a9-0000-cdb9804c.json")
    events = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    starts = [i for i, e in enumerate(events) if e["type"] == "start_kyoku"]
    draw = next(i for i in range(starts[0], starts[1]) if events[i]["type"] == "tsumo")
    events[draw] = {**events[draw], "pai": "0m"}  # a red five written as some tools do, not as MJAI does
    hora = next(i for i in range(starts[1], starts[2]) if events[i]["type"] == "hora")
    del events[hora]["deltas"]
    events[starts[2]] = {**events[starts[2]], "oya": 7}
    events[starts[3] + 1] = {"type": "nukidora", "actor": 0, "pai": "N"}  # a three-player event
    text = [json.dumps(e, ensure_ascii=False) for e in events]
    text[starts[4] + 3] = text[starts[4] + 3][:20]  # a line cut short
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join(text[:starts[6] + 30]) + "\n", encoding="utf-8")  # and the file cut in round 7
    out = run_cli(["audit", "mjai", str(broken), "--json", "--workers", "1"])
    assert out.exit_code == 0 and "Traceback" not in out.output and "internal" not in out.output
    *reports, summary = [json.loads(x) for x in out.stdout.splitlines()]
    line = [i + 1 for i in (draw, hora, starts[2], starts[3] + 1, starts[4] + 3)]
    assert [r["error"] for r in reports] == [
        {"where": f"line {line[0]}", "message": '"0m" is no tile (1m-9m, 1p-9p, 1s-9s, 5mr 5pr 5sr, E S W N P F C)'},
        {"where": f"line {line[1]}", "message": "a hora needs its four score changes (deltas)"},
        {"where": f"line {line[2]}", "message": "start_kyoku's oya is 7, not a player 0-3"},
        {"where": f"line {line[3]}", "message": "'nukidora' is no MJAI event of a round"},
        {"where": f"line {line[4]}", "message": "not JSON: the text ends before the JSON value does (cut short?) "
                                                "(column 21)"},
        {"where": f"line {starts[6] + 1}", "message": "the file ends inside the round (no end_kyoku)"}]
    assert summary == {"rounds": 7, "wins": 1, "drawn": 0, "agree": 1, "disagree": 0, "errors": 6}


@pytest.mark.parametrize("content", ["", "\n\n", '{"type":"start_game","names":["A","B","C","D"]}\n{"type":"end_game"}\n'])
def test_an_mjai_file_with_no_round_is_an_error(tmp_path: Path, content: str) -> None:
    log = tmp_path / "none.jsonl"
    log.write_text(content, encoding="utf-8")
    out = run_cli(["audit", "mjai", str(log), "--json", "--workers", "1"])
    assert out.exit_code == 0 and "Traceback" not in out.output
    first, summary = [json.loads(x) for x in out.stdout.splitlines()]
    assert first["error"] == {"where": "line 1", "message": "the file holds no round (no start_kyoku): no game to replay"}
    assert summary["errors"] == summary["rounds"] == 1


def test_a_players_view_mjai_log_is_an_error_naming_the_hidden_tile() -> None:
    from scorer.archive import mjai

    events = riichi_logs.mjai_lines(riichi_logs.game())
    events[1] = {**events[1], "tehais": [events[1]["tehais"][0], *[["?"] * 13] * 3]}
    first = next(mjai.split_games([json.dumps(e).encode() for e in events], "m.jsonl"))
    assert audit_round(first)["error"] == {"where": "line 2, player 1's hand", "message": (
        '"?" is a hidden tile: the log is one player\'s view of the game, and a replay needs every tile')}


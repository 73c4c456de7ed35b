"""Independent review of what every variant shares: the notation (docs/notation.md), the result and
the HTTP answers (docs/library.md, docs/http.md).

Every expectation below is worked out by hand from the rules as written, not copied from the program:
canonical forms are "melds in written order, then the concealed tiles sorted (m p s, then
E S W N C F P) with one copy of the winning tile moved last"; positions are 0-based character
indexes into the string as written.
"""

from __future__ import annotations

import json
import time

import pytest
from cli_runner import run_cli
from fastapi.testclient import TestClient

from api.app import app as http_app
from scorer import engine, registry
from scorer.errors import HandError
from scorer.hand import Exposure, MeldKind
from scorer.notation import LONG_CARDS, STANDARD, SUITED_16, format_hand, parse, parse_tile
from scorer.tiles import EAST, GREEN, NORTH, RED, SOUTH, WEST, WHITE

client = TestClient(http_app)

# ------------------------------------------------------------------------------------- tiles


@pytest.mark.parametrize("text, kind", [
    pytest.param("1z", EAST, id="1z-east"),        # docs/notation.md#tiles: 1z E
    pytest.param("2z", SOUTH, id="2z-south"),      # 2z S
    pytest.param("3z", WEST, id="3z-west"),        # 3z W
    pytest.param("4z", NORTH, id="4z-north"),      # 4z N
    pytest.param("5z", WHITE, id="5z-white-P"),    # 5z White P (not Red)
    pytest.param("6z", GREEN, id="6z-green-F"),    # 6z Green F
    pytest.param("7z", RED, id="7z-red-C"),        # 7z Red C
    pytest.param("P", WHITE, id="P-white"),        # C F P letters: P = White
    pytest.param("C", RED, id="C-red"),            # C = Red
    pytest.param("F", GREEN, id="F-green"),        # F = Green
])
def test_honour_digits_and_letters(text: str, kind: int) -> None:
    assert parse_tile(text) == kind


# (text, parse kwargs, canonical)   -- docs/notation.md#tiles, #melds, #the-winning-tile (the canonical form)
GOOD = [
    # 1m 9m 1p 9p 1s 9s + E S W N P F C (1z..7z) + E: sorted, win E (last written) moved last.
    pytest.param("1m9m1p9p1s9s1234567z1z", {}, "19m19p19sESWNCFPE", id="z-digits-become-letters"),
    # 111z = EEE, 22z = SS; win = last S.
    pytest.param("123m456p789s11122z", {}, "123m456p789sEEESS", id="z-run-1155-style"),
    # honours in melds read as letters too.
    pytest.param("[555z,2]123m456m789mEE", {}, "[PPP,2]123456789mEE", id="z-digits-in-meld"),
    # melds stay in written order (not sorted), kong brackets kept.
    pytest.param("(EEEE){1111s}[5555p,3]123mPP", {}, "(EEEE){1111s}[5555p,3]123mPP", id="melds-written-order"),
    pytest.param("[999s][123m]456m789mEE", {}, "[999s][123m]456789mEE", id="melds-not-sorted"),
    # the winning tile is the last concealed tile written, not the highest.
    pytest.param("PP123m456m789m123s", {}, "123456789m12sPP3s", id="win-last-written"),
    # win_tile names it instead.
    pytest.param("123456789m123sPP", {"win_tile": "5m"}, "12346789m123sPP5m", id="win-tile-field"),
    pytest.param("PP123456789m123s", {"win_tile": "5z"}, "123456789m123sPP", id="win-tile-field-z"),
    # a meld written after the concealed part does not hold the winning tile.
    pytest.param("123m456m789m11p[123s]", {}, "[123s]123456789m11p", id="meld-after-concealed"),
    # flowers 1f-8f collected (standard profile), never counted as tiles.
    pytest.param("8f1f[123m]456789m123pEE", {}, "[123m]1f8f456789m123pEE", id="flowers"),
    # helper dialect: offer digit without comma.
    pytest.param("[123s1]123m456m789mEE", {"dialect": "helper"}, "[123s,1]123456789mEE", id="helper-chow-digit"),
    pytest.param("[999s3]123m456m789mEE", {"dialect": "helper"}, "[999s,3]123456789mEE", id="helper-pung-digit"),
    pytest.param("[2222p]123m456m789mEE", {"dialect": "helper"}, "(2222p)123456789mEE", id="helper-concealed-kong"),
    pytest.param("[2222p2]123m456m789mEE", {"dialect": "helper"}, "[2222p,2]123456789mEE", id="helper-exposed-kong"),
    pytest.param("[2222p6]123m456m789mEE", {"dialect": "helper"}, "{2222p,2}123456789mEE", id="helper-kong-6-added"),
    pytest.param("[2222p7]123m456m789mEE", {"dialect": "helper"}, "{2222p,3}123456789mEE", id="helper-kong-7-added"),
    # without the dialect [2222p] is a claimed kong.
    pytest.param("[2222p]123m456m789mEE", {}, "[2222p]123456789mEE", id="standard-bracket-kong-exposed"),
    # Nantong long cards accepted by its profile (7 sets: 23 tiles).
    pytest.param("111m222m333m444m555m666p77sQQ7s", {"rules": LONG_CARDS}, "111222333444555m666p77sQQ7s",
                 id="nantong-long-cards"),
]


@pytest.mark.parametrize("text, kwargs, canonical", GOOD)
def test_canonical_form_and_round_trip(text: str, kwargs: dict, canonical: str) -> None:
    hand = parse(text, **kwargs)
    assert format_hand(hand) == canonical
    # parse(format(h)) == h, read with the plain notation whatever the input dialect
    assert parse(canonical, kwargs.get("rules", STANDARD)) == hand


def test_helper_exposures() -> None:
    # docs/notation.md#chineseofficialmahjonghelper-strings: [SSSS] = concealed kong; 5-7 on a kong =
    # promoted kong claimed from digit-4.
    hand = parse("[SSSS][2222p5]123m456mEE", dialect="helper")
    assert [(m.kind, m.exposure, m.claimed) for m in hand.melds] == [
        (MeldKind.KONG, Exposure.CONCEALED, None),
        (MeldKind.KONG, Exposure.ADDED, 1),
    ]


# (text, kwargs, [(code, position), ...])   -- docs/notation.md#error-codes: every error with its 0-based
# position
BAD = [
    # 123m456m789m123p = 0..15, E at 16, 'e' at 17; 13 tiles
    pytest.param("123m456m789m123pEe", {}, [("unknown_character", 17), ("tile_count", None)], id="unknown-char"),
    pytest.param("123m456m789m123pEE5", {}, [("digit_without_suit", 18)], id="digit-without-suit"),
    pytest.param("123m456m789m120pEE", {}, [("zero_rank", 14), ("tile_count", None)], id="zero"),
    pytest.param("123m456m789m123p8z", {}, [("bad_honour_digit", 16), ("tile_count", None)], id="8z"),
    # [5555p] 0-6, 123m 7-10, 456m 11-14, 789m 15-18, 5p at 19 is the fifth: 4+9+2 = 15 tiles
    pytest.param("[5555p]123m456m789m5p5p", {}, [("too_many_copies", 19)], id="fifth-copy"),
    pytest.param("[135p]123m456m789mEE", {}, [("bad_meld", 0)], id="not-a-meld"),
    pytest.param("(555p)123m456m789mEE", {}, [("bad_meld", 0)], id="concealed-three"),
    pytest.param("123m456m789mEE[555p", {}, [("unclosed_bracket", 14)], id="unclosed"),
    pytest.param("123m456m789m123pE", {}, [("tile_count", None)], id="13-tiles"),
    pytest.param("[1111m]234m567m789pE", {}, [("tile_count", None)], id="kong-needs-15"),
    pytest.param("123m456m789m123pQQ", {}, [("foreign_tile", 16), ("foreign_tile", 17)], id="QQ-outside-nantong"),
    pytest.param("123m456m789m123p456pE7s", {"rules": SUITED_16}, [("foreign_tile", 20)], id="honour-in-16-tile"),
    pytest.param("[2222p4]123m456m789mEE", {"dialect": "helper"}, [("bad_claim_digit", 6)], id="helper-kong-4"),
    pytest.param("[555p,4]123m456m789mEE", {}, [("bad_claim_digit", 6)], id="discarder-4"),
    # several at once: x at 0, [124m] at 1, 0 at 7, 8z at 9, 8 digits at 11
    pytest.param("x[124m]0m8z9", {}, [("unknown_character", 0), ("bad_meld", 1), ("zero_rank", 7),
                                      ("bad_honour_digit", 9), ("digit_without_suit", 11), ("tile_count", None)],
                 id="every-error-at-once"),
]


@pytest.mark.parametrize("text, kwargs, expected", BAD)
def test_every_error_with_position(text: str, kwargs: dict, expected: list) -> None:
    with pytest.raises(HandError) as info:
        parse(text, **kwargs)
    assert [(p.code, p.position) for p in info.value.problems] == expected


def test_flower_foreign_to_variant_without_flowers() -> None:
    with pytest.raises(HandError) as info:
        parse("1f123m456m789m123pEE", registry.get("hebei").notation)
    assert [(p.code, p.position) for p in info.value.problems] == [("foreign_tile", 0)]


def test_long_input_fails_fast() -> None:
    start = time.perf_counter()
    with pytest.raises(HandError) as info:
        parse("1m" * 10_000)  # 20,000 characters
    assert time.perf_counter() - start < 0.1
    assert info.value.code == "input_too_long"


def test_non_string_hand_is_an_input_error() -> None:
    with pytest.raises(HandError):
        engine.score("mcr", 123)  # type: ignore[arg-type]


def test_request_level_problem_is_bad_request() -> None:
    with pytest.raises(HandError) as info:
        engine.parse_request({"variant": 5, "hand": "123m"})
    assert info.value.code == "bad_request"


# ----------------------------------------------------------------------------------------- CLI


def test_cli_parse_json() -> None:
    res = run_cli(["parse", "[123m][555p]234s5577z7z", "--json"])
    assert res.exit_code == 0
    assert json.loads(res.stdout) == {"hand": "[123m][555p]234sCCPPC",
                                      "partitions": [["[123m]", "[555p]", "234s", "CCC", "PP"]]}


def test_cli_parse_helper_dialect() -> None:
    res = run_cli(["parse", "[567m2][999s3][SSSS]123pEE", "--dialect", "helper", "--json"])
    assert res.exit_code == 0
    assert json.loads(res.stdout) == {"hand": "[567m,2][999s,3](SSSS)123pEE",
                                      "partitions": [["[567m,2]", "[999s,3]", "(SSSS)", "123p", "EE"]]}


def test_cli_parse_errors_exit_2_every_position() -> None:
    res = run_cli(["parse", "8z0mx"])
    assert res.exit_code == 2
    assert res.stdout == ""
    for pos in ("position 0", "position 2", "position 4"):
        assert pos in res.stderr
    # with --json, the JSON error object on stdout
    res = run_cli(["parse", "8z0mx", "--json"])
    assert res.exit_code == 2 and res.stderr == ""
    assert [e["position"] for e in json.loads(res.stdout)["error"]["errors"]] == [0, 2, 4, None]


def test_cli_parse_long_input_exit_2() -> None:
    res = run_cli(["parse", "1m" * 10_000])
    assert res.exit_code == 2 and "input_too_long" in res.stderr


def test_cli_score_invalid_hand_exit_0() -> None:
    # parses, but 2 points (dragon pung) is below MCR's minimum: a scored hand, valid false
    res = run_cli(["mcr", "[123m][555p]234s5577z7z", "--json"])
    assert res.exit_code == 0
    body = json.loads(res.stdout)
    assert body["valid"] is False and body["total"] == 0 and body["hand"] == "[123m][555p]234sCCPPC"


@pytest.mark.parametrize("args", [
    pytest.param(["mcr", "123m456m789m123pEx"], id="bad-hand"),
    pytest.param(["mcr", "[123m][555p]234s5577z7z", "--seat", "X"], id="bad-context"),
    pytest.param(["parse", "123m", "--variant", "nope"], id="bad-variant"),
])
def test_cli_bad_input_exit_2(args: list[str]) -> None:
    res = run_cli(args)
    assert res.exit_code == 2 and res.stderr.startswith("error:")


# ----------------------------------------------------------------------------------------- HTTP


def test_http_health_and_variants() -> None:
    assert client.get("/healthz").status_code == 200
    ids = {v["id"] for v in client.get("/v1/variants").json()["variants"]}
    # every variant package is served (a new one needs no edit here), the six of the contract among them
    assert ids == set(registry.ids())
    assert ids >= {"mcr", "fuzhou", "hebei", "shanxi", "huangyan", "nantong"}


def test_http_parse() -> None:
    r = client.post("/v1/parse", json={"hand": "[567m2]123m456m789pEE", "dialect": "helper"})
    assert r.status_code == 200
    assert r.json()["hand"] == "[567m,2]123456m789pEE"


def test_http_parse_errors_422_shape() -> None:
    r = client.post("/v1/parse", json={"hand": "8z0mx"})
    assert r.status_code == 422
    err = r.json()["error"]
    assert (err["code"], err["position"]) == ("bad_honour_digit", 0) and err["message"]
    assert [e["position"] for e in err["errors"]] == [0, 2, 4, None]
    assert all(set(e) >= {"message", "position"} for e in err["errors"])


def test_http_score_interface_example() -> None:
    body = {"variant": "mcr", "hand": "[123m]456789m555p5z5z",
            "context": {"self_draw": True, "seat_wind": "S", "round_wind": "E", "flowers": 0}}
    r = client.post("/v1/score", json=body)
    assert r.status_code == 200
    res = r.json()
    assert res["hand"] == "[123m]456789m555pPP"  # the canonical echo (docs/notation.md#the-winning-tile)
    assert res["partition"] == ["[123m]", "456m", "789m", "555p", "PP"]
    assert sum(res["payments"].values()) == 0


@pytest.mark.parametrize("body, code", [
    pytest.param({"variant": "mcr", "hand": "123m456m789m123pEE", "bogus": 1}, "unknown_field", id="top-level"),
    pytest.param({"variant": "mcr", "hand": "123m456m789m123pEE", "context": {"bogus": 1}}, "unknown_field",
                 id="context"),
    pytest.param({"variant": "mcr", "hand": "1m" * 10_000}, "input_too_long", id="long-hand"),
    pytest.param({"variant": "nope", "hand": "123m456m789m123pEE"}, "unknown_variant", id="variant"),
])
def test_http_score_422(body: dict, code: str) -> None:
    r = client.post("/v1/score", json=body)
    assert r.status_code == 422
    assert r.json()["error"]["code"] == code


def test_http_batch_inline_errors_same_shape() -> None:
    good = {"variant": "mcr", "hand": "[123m]456789m555pCC"}
    r = client.post("/v1/score/batch", json=[good, {"variant": "mcr", "hand": "x"}, 5])
    assert r.status_code == 200
    a, b, c = r.json()
    assert a["hand"] == "[123m]456789m555pCC"
    assert b["error"]["position"] == 0 and b["error"]["errors"]
    # a non-object line is an error like any other: its problem listed in "errors"
    assert c["error"]["errors"] == [{"message": c["error"]["message"], "position": None, "code": "bad_request"}]


def test_http_huge_integers_never_500() -> None:
    # a context value past 64 bits must not turn a computed answer into a 500
    body = {"variant": "huangyan", "hand": "[123m][456p]789s3s5s7s7sP",
            "context": {"wild": "P", "seat_wind": "E", "self_draw": True, "dealer_streak": 10**30}}
    r = client.post("/v1/score", json=body)
    assert r.status_code in (200, 422)
    assert r.json()


@pytest.mark.parametrize("raw", [b"", b"null", b"[1]", b"{", b"[" * 3000])
def test_http_garbage_never_500(raw: bytes) -> None:
    for url in ("/v1/score", "/v1/parse", "/v1/score/batch"):
        r = client.post(url, content=raw, headers={"content-type": "application/json"})
        assert r.status_code in (200, 413, 422), (url, r.status_code)


def test_http_unexpected_exception_is_not_500(monkeypatch: pytest.MonkeyPatch) -> None:
    # Never a bare 500: even a fault the checks did not foresee answers with the error shape
    def boom(_request):
        raise RuntimeError("unforeseen")

    def boom_fast(*_args):
        raise RuntimeError("unforeseen in the compiled path")

    monkeypatch.setattr(engine, "score_request", boom)
    monkeypatch.setattr(engine, "compiled", boom_fast)  # the fast lane hands the request on
    quiet = TestClient(http_app, raise_server_exceptions=False)
    r = quiet.post("/v1/score", json={"variant": "mcr", "hand": "[123m]456789m555pCC"})
    assert r.status_code == 422
    err = r.json()["error"]
    assert err["position"] is None and err["errors"] and err["message"]

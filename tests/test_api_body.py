"""Reading a request body (api.body): orjson reads it, the standard library's reader (the reference,
``_checked_parse``) whenever the two could differ; the value or the error is the reference's."""

from __future__ import annotations

import random

import orjson
import pytest
from fastapi.testclient import TestClient

from api.app import app
from scorer.errors import HandError
from scorer.jsonread import checked_parse as _checked_parse
from scorer.jsonread import parse_json

client = TestClient(app)


def outcome(read, body: bytes) -> tuple:
    """The value (its repr tells 2 from 2.0 and True from 1) or the error, code and message."""
    try:
        value = read(body)
    except HandError as err:
        return "error", err.code, str(err)
    return "value", repr(value)


EDGES = [
    b"", b" ", b"{", b"}", b"[]", b"{}", b"null", b"true", b'"x"', b"2.0", b"2e3", b"-0.0", b"1.5", b"[2.0, 2e3, 2E3, -0.0]",
    b'{"a": 2.0, "b": [1e2, {"c": 3.5}]}', b"[1e400]", b"[-1e400]", b"[NaN]", b"[Infinity]", b"[-Infinity]",
    b"[18446744073709551615]", b"[18446744073709551616]", b"[-9223372036854775809]", b"[9223372036854775808]",
    b"[" + b"9" * 300 + b"]", b"[" + b"9" * 5000 + b"]", b"[1" + b"0" * 30 + b"]", b"[1" + b"0" * 30 + b".0]",
    b'{"a": 1, "a": 2}', b'{"a": {"b": 1, "b": 1}}', b'[{"x": 1}, {"y": [{"z": 1, "z": 2}]}]',
    b'{"a:": 1, "a:": 2}', b'{"a": "b:c", "a": 1}', b'{"a": 1, "\\u0061": 2}', b'{"a": "\\u003a", "a": 1}',
    b'{"\\u003a": 1}', b'{"\\u003A": 1, ":": 2}', b'{"a": 1, "b": 2, "c": "x:y:z"}',
    b'["\\ud800"]', b'["\\udc00"]', b'["\\ud83d\\ude00"]', b'["\\ude00\\ud83d"]', b'{"\\ud800": 1}',
    b'["\xff"]', b'["\xed\xa0\x80"]', b'["\xc0\x80"]', b"\xef\xbb\xbf[1]", b'["a\x01"]', b'["\t"]', b'["a\x7f"]',
    b"[1]\x00", b"[1,]", b'{"a": 1,}', b"[01]", b"[.5]", b"[+1]", b'["\\x"]', b'["\\/"]', b"\t[1]\r\n",
    b"[" * 50_000, b"[" * 300 + b"]" * 300, b"[" * 1000 + b"]" * 1000, b"[" * 2000 + b"]" * 2000,
    b'{"variant": "mcr", "hand": "[123m]456789m555pCC", "context": {"self_draw": true, "seat_wind": "S"}}',
]


def test_a_number_past_a_double_is_bad_json():
    for body in (b"[1e400]", b'{"flowers": -1e400}'):
        with pytest.raises(HandError) as caught:
            parse_json(body)
        assert caught.value.code == "bad_json" and "is too large" in str(caught.value)


@pytest.mark.parametrize("body", EDGES, ids=range(len(EDGES)))
def test_the_fast_reading_is_the_reference_reading(body):
    assert outcome(parse_json, body) == outcome(_checked_parse, body)


def _random_json(rng: random.Random, depth: int = 0) -> bytes:
    r = rng.random()
    if depth > 3 or r < 0.35:
        return rng.choice([b"1", b"-7", b"2.0", b"2e3", b"0.5", b'"k:"', b'"s"', b'"\\u00e9"', b'"\\u003a"', b"true",
                           b"null", b"[]", b"{}", b'"\\ud800"', b"12345678901234567890", b'"a\\"b:"'])
    if r < 0.6:
        return b"[" + b", ".join(_random_json(rng, depth + 1) for _ in range(rng.randint(0, 3))) + b"]"
    keys = [rng.choice([b'"a"', b'"b"', b'"c:"', b'"\\u0061"', b'"\\"a"', b'"a\\\\"']) for _ in range(rng.randint(0, 4))]
    return b"{" + b",".join(k + rng.choice([b":", b" : "]) + _random_json(rng, depth + 1) for k in keys) + b"}"


def test_random_bodies_read_as_the_reference_reads_them():
    rng = random.Random(16)
    repeats = 0
    for _ in range(5000):
        body = _random_json(rng)
        expected = outcome(_checked_parse, body)
        assert outcome(parse_json, body) == expected, body
        repeats += expected[:2] == ("error", "duplicate_key")
    assert repeats > 500  # the generator does make repeated keys


@pytest.mark.parametrize(("raw", "key"), [
    (b'{"variant": "mcr", "hand": "11m", "context": {"self_draw": true, "seat_wind": "S", "self_draw": false}}',
     "self_draw"),
    (b'{"variant": "mcr", "hand": "11m", "rules": {"preset": "x", "options": {"a": 1, "a": 1}}}', "a"),
    (b'{"variant": "mcr", "hand": "11m", "context": {"others": {"S": "1m", "S": "2m"}}}', "S"),
    (b'{"variant": "mcr", "hand": "11m", "context": {"note": "a:b", "note": "c"}}', "note"),
])
def test_a_repeated_key_in_a_nested_object_is_named(raw, key):
    res = client.post("/v1/score", content=raw, headers={"content-type": "application/json"})
    assert res.status_code == 422
    err = res.json()["error"]
    assert err["code"] == "duplicate_key" and err["message"] == f"the key {key!r} appears twice in one object"
    batch = client.post("/v1/score/batch", content=b"[" + raw + b"]", headers={"content-type": "application/json"})
    assert batch.status_code == 422 and batch.json()["error"]["code"] == "duplicate_key"


def test_integral_numbers_are_integers_anywhere():
    value = parse_json(b'{"a": [2.0, 2e3, 2E+3, -0.0, 1.5], "b": {"c": 4.0}, "d": 7}')
    assert value == {"a": [2, 2000, 2000, 0, 1.5], "b": {"c": 4}, "d": 7}
    assert [type(v) for v in value["a"]] == [int, int, int, int, float] and type(value["b"]["c"]) is int
    assert type(parse_json(b"3.0")) is int


def test_a_large_batch_reads_the_same():
    rng = random.Random(7)
    requests = [{"variant": "mcr", "hand": rng.choice(["[123m]456789m555pCC", "123456789m123p5s9s"]),
                 "context": {"self_draw": rng.random() < 0.5, "seat_wind": "S", "flowers": rng.randint(0, 8)},
                 "claim": ["pure_straight", 2.0]} for _ in range(1000)]
    body = orjson.dumps(requests)
    assert parse_json(body) == _checked_parse(body)
    repeated = body[:-2] + b', "hand": "11m"}]'
    with pytest.raises(HandError) as err:
        parse_json(repeated)
    assert err.value.code == "duplicate_key" and "'hand'" in str(err.value)

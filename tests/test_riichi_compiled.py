"""Riichi's compiled path (scorer/variants/riichi/_fast.pyx via compiled.py) against its pure-Python
twin (``evaluate.score_reading`` over every reading of ``shapes.readings``, then ``choose``): the
same Result, field by field, on the differential generator's seeded hands under every preset and
rule option; and the contract that keeps the two reading the same request: every context field and
rule option the path does not read turns it off, loudly.

The equality checks need the compiled build (under ``MJSCORE_PURE=1`` there is only the twin, and
they are skipped, saying so); the contract checks run in both modes.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from conftest import PURE
from riichi_generator import generate

from scorer import HandError, engine, score
from scorer.notation import parse
from scorer.variants.riichi import compiled
from scorer.variants.riichi.checks import NOTATION
from scorer.variants.riichi.context import PRESETS, RiichiContext, RiichiRules

pytestmark = pytest.mark.twin  # the contract checks run in both modes
needs_fast = pytest.mark.skipif(PURE, reason="compiled path only (MJSCORE_PURE=1 runs the pure twin)")
CONTEXT_FIELDS = tuple(RiichiContext.fields)
RULE_OPTIONS = tuple(RiichiRules.fields)


def answer(hand: str, context: dict[str, Any], rules: Any, **kw: Any) -> dict[str, Any] | str:
    try:
        return score("riichi", hand, context, rules, **kw).as_dict()
    except HandError as err:
        return f"error: {err.as_dict()}"


def pure_answer(monkeypatch: pytest.MonkeyPatch, hand: str, context: dict[str, Any], rules: Any,
                **kw: Any) -> dict[str, Any] | str:
    with monkeypatch.context() as m:
        m.setattr(compiled, "_fast", None)
        return answer(hand, context, rules, **kw)


def assert_same(fast: dict[str, Any] | str, pure: dict[str, Any] | str, row: tuple) -> None:
    if isinstance(fast, str) or isinstance(pure, str):
        assert fast == pure, row
        return
    assert list(fast) == list(pure), row
    for name in pure:
        assert fast[name] == pure[name], (name, row)


# --- the contract (both modes) ---------------------------------------------------------------------

def test_the_path_is_on_in_the_compiled_build_and_off_in_pure_mode() -> None:
    assert compiled.DECLINED is None, compiled.DECLINED
    assert compiled.BACKEND == ("pure" if PURE else "fast")


def test_the_declared_fields_are_the_ones_read() -> None:
    assert compiled.contract_problems(CONTEXT_FIELDS, RULE_OPTIONS) == []


def test_a_context_field_not_read_is_named() -> None:
    problems = compiled.contract_problems((*CONTEXT_FIELDS, "nagashi"), RULE_OPTIONS)
    assert problems == ["RiichiContext declares fields the compiled path does not read: nagashi"]


def test_a_rule_option_not_read_is_named() -> None:
    problems = compiled.contract_problems(CONTEXT_FIELDS, (*RULE_OPTIONS, "open_riichi"))
    assert problems == ["RiichiRules declares fields the compiled path does not read: open_riichi"]


def test_a_field_no_longer_declared_is_named() -> None:
    problems = compiled.contract_problems(CONTEXT_FIELDS[1:], RULE_OPTIONS[:-1])
    assert problems == [f"the compiled path reads fields RiichiContext no longer declares: {CONTEXT_FIELDS[0]}",
                        f"the compiled path reads fields RiichiRules no longer declares: {RULE_OPTIONS[-1]}"]


@needs_fast
def test_an_unread_field_turns_the_path_off_loudly(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger=compiled.__name__):
        fast, declined = compiled.load((*CONTEXT_FIELDS, "nagashi"), RULE_OPTIONS)
    assert fast is None
    assert declined == "RiichiContext declares fields the compiled path does not read: nagashi"
    assert "riichi's compiled path is off: RiichiContext declares fields the compiled path does not read: nagashi" \
        in caplog.text


@needs_fast
def test_an_item_table_without_an_id_the_path_names_turns_it_off() -> None:
    fast = compiled._fast
    assert fast is not None
    try:
        fast.configure([i for i in compiled.IDS if i != "pinfu"], *([[]] * 6), 0, 6, (), (), (0,) * 5, (),
                       (33, 32, 31), tuple(range(13)))
        assert fast.DECLINED == "the item table lacks ids the compiled path names: pinfu"
    finally:
        assert compiled.load(CONTEXT_FIELDS, RULE_OPTIONS)[1] is None  # the real table again
    assert fast.DECLINED is None


# --- the same results (compiled build) --------------------------------------------------------------

def corpus(n: int, seed: int) -> list[tuple[str, dict[str, Any], Any]]:
    """The generator's rows under every preset (rules as presets and as options over them)."""
    return [row for preset in PRESETS for row in generate(n, seed, preset)]


@needs_fast
@pytest.mark.parametrize("seed", [11, 12])
def test_compiled_and_pure_give_the_same_result(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    rows = corpus(150, seed)
    answered = 0
    for hand, context, rules in rows:
        fast = answer(hand, context, rules)
        assert_same(fast, pure_answer(monkeypatch, hand, context, rules), (hand, context, rules))
        answered += not isinstance(fast, str) and fast["valid"]
    assert answered > len(rows) // 2  # most rows win: the comparison is not of refusals


@needs_fast
@pytest.mark.slow
def test_compiled_and_pure_give_the_same_result_long(monkeypatch: pytest.MonkeyPatch) -> None:
    for hand, context, rules in corpus(2500, 20240601):
        assert_same(answer(hand, context, rules), pure_answer(monkeypatch, hand, context, rules),
                    (hand, context, rules))


@needs_fast
def test_the_explained_result_is_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    for hand, context, rules in corpus(40, 13):
        assert_same(answer(hand, context, rules, explain=True),
                    pure_answer(monkeypatch, hand, context, rules, explain=True), (hand, context, rules))


# hands where readings tie or differ by a hair: the first maximal reading must be the one kept
TIES = [
    ("111222333m45699p", {}, None),             # triplets or three pure sequences
    ("111222333m456p99p", {"self_draw": True}, None),
    ("22334455667788m", {}, None),              # seven pairs or ryanpeikou
    ("22334455667788m", {"riichi": True, "dora_indicators": "1m"}, "wrc"),
    ("11123456789999m", {"self_draw": True}, "mahjongsoul"),  # junsei chuuren (double yakuman)
    ("11123456789999m", {"self_draw": True}, "wrc"),
    ("19m19p19s1234567z1z", {}, "mahjongsoul"),  # kokushi 13-sided
    ("EEESSSWWWNNN11m", {"first_turn": True, "self_draw": True}, "wrc"),  # one yakuman kept
    ("EEESSSWWWNNN11m", {"first_turn": True, "self_draw": True}, {"preset": "tenhou", "double_yakuman": True}),
    ("123m[456m][789m]EEE22p", {"seat_wind": "S"}, None),    # open, yakuhai only
    ("234m[4444p]{0555s}678s88m", {}, None),                 # an open and an added kan, a red five
    ("234m[4444p](0555s)678s88m", {"self_draw": True, "kong_win": True}, None),  # a closed kan
    ("123456789m1234p5s", {}, None),                          # not a winning hand
    ("123m456p789s34599m", {"dora_indicators": "8s"}, None),  # no yaku, a dora
    ("123456789m12344p", {}, None),
]


@needs_fast
@pytest.mark.parametrize(("hand", "context", "rules"), TIES)
def test_hand_picked_rows(monkeypatch: pytest.MonkeyPatch, hand: str, context: dict[str, Any], rules: Any) -> None:
    assert_same(answer(hand, context, rules), pure_answer(monkeypatch, hand, context, rules), (hand, context, rules))


# --- the plain texts read in C (compiled.parse_plain) -----------------------------------------------

PLAIN = ["[5555p]123m456p789s1m1m", "1 2 3m456p789s1122m", "EEE SSS WWW NN 111m", "[123m,2]456p789s1122m",
         "{5555p,1}123m456p789s11m", "(5555p)123m456p789s11m", "123m406p789s1122m", "123m456p789s1122m1f",
         "123m456p789s112m", "123m456p789s11122m", "[340p]123m789s11m406s", "123m456p789s11m340s",
         "123m456p789s340sEE", "[0555m]123p789s11p406s", "{0555s}(0555p)123m11m406m", "123m400p789s1122m",
         "123m456p789s11m0z34s", "[555p,0]123m789s1122m", "1 2 3m4 0 6p789s11222m", "[0555m,1]123p789s11p406s"]


@needs_fast
def test_the_plain_texts_read_in_c_are_read_as_the_notation_parser_reads_them() -> None:
    texts = [hand for hand, _, _ in corpus(300, 14)] + PLAIN
    taken = 0
    for text in texts:
        fast = compiled.parse_plain(text)
        if fast is None:
            continue
        taken += 1
        slow = parse(text, NOTATION)
        assert fast == slow, text
        assert (fast.notes, fast.red, fast.red_win) == (slow.notes, slow.red, slow.red_win), text
        assert [(m.position, m.red) for m in fast.melds] == [(m.position, m.red) for m in slow.melds], text
    assert taken > len(texts) // 3
    assert compiled.parse_plain("123m406p789s11234m") is not None  # a red five, marked after
    assert compiled.parse_plain("123m400p789s11234m") is None  # two in a suit: the parser reports it
    assert compiled.parse_plain("[5555p]123m456p789s1m1m") is None  # a bare kan: the parser's


# --- the full request read without the request models (compiled.full_path) --------------------------

def checked_answer(hand: Any, context: Any, rules: Any) -> dict[str, Any] | str:
    try:
        return engine.score_checked("riichi", hand, context, rules).as_dict()
    except HandError as err:
        return f"error: {err.as_dict()}"


# contexts and rules the plain reading must leave to the checked path (or read as it does)
ODD = [
    ("123m456p789s11222m", {"riichi": 1}, None), ("123m456p789s11222m", {"honba": True}, None),
    ("123m456p789s11222m", {"honba": 100}, None), ("123m456p789s11222m", {"honba": -1}, None),
    ("123m456p789s11222m", {"seat_wind": "X"}, None), ("123m456p789s11222m", {"discarder": None}, None),
    ("123m456p789s11222m", {"discarder": "E", "seat_wind": "E"}, None), ("123m456p789s11222m", {"wind": "E"}, None),
    ("123m456p789s11222m", {"dora_indicators": "x" * 41}, None), ("123m456p789s11222m", {"dora_indicators": "9z"}, None),
    ("123m456p789s11222m", {"ura_dora_indicators": "1m"}, None), ("123m456p789s11222m", {1: True}, None),
    ("123m456p789s11222m", None, None), ("123m456p789s11222m", {}, "nosuch"), ("123m456p789s11222m", {}, 3),
    ("123m456p789s11222m", {}, {"preset": "wrc", "aka": "yes"}), ("123m456p789s11222m", {}, {"kazoe": "sanbaiman"}),
    ("123m456p789s11222m", {"riichi": True, "honba": 3, "riichi_sticks": 2, "dora_indicators": "4p0s"}, "ema"),
    ("123m456p789s11222m", RiichiContext.validate({"riichi": True}), None),
    ("123m406p789s11222m", {}, {"aka": True}), ("123m406p789s11222m", {}, {"aka": 1}),
    ("123m406p789s11222m", {}, {"aka": False}), ("123m406p789s11222m", {}, {"preset": "wrc", "aka": ["x"]}),
    ("1 2 3m456p789s1122m", {}, None), ("123m456p789s112m", {}, None), (None, {}, None), (3, {}, None),
    ("[123m]456p789s11222m", {"riichi": True}, None), ("123m406p789s11222m", {"first_turn": True}, None),
]


@needs_fast
def test_the_full_path_gives_the_checked_paths_answer() -> None:
    full = engine._full_path("riichi")
    assert full is not None
    rows = [*corpus(100, 15), *ODD]
    taken = 0
    for hand, context, rules in rows:
        answered = full(hand, context, rules)
        checked = checked_answer(hand, context, rules)
        if answered is not None:
            taken += 1
            assert_same(answered.as_dict(), checked, (hand, context, rules))
        assert_same(answer(hand, context, rules), checked, (hand, context, rules))
    assert taken > len(rows) // 2  # most requests are plain: the path is not declining them all


@needs_fast
@pytest.mark.parametrize(("hand", "context", "rules", "why"), [
    ("123m456p789s11222m", {"riichi": True}, "wrc", None),
    ("1 2 3m456p789s1122m", {}, None, "plain subset"),
    ("123m456p789s11222m", {"riichi": 1}, None, "a value its field takes as it is"),
    ("123m456p789s11222m", {}, "nosuch", "rules the variant does not read"),
    ("[123m]456p789s11222m", {"riichi": True}, None, "contradicts the hand"),
])
def test_a_decline_names_its_reason(hand: str, context: dict[str, Any], rules: Any, why: str | None) -> None:
    said = engine.why_declined("riichi", hand, context, rules)
    assert (said is None) == (why is None) and (why is None or why in said), said
    assert (engine._full_path("riichi")(hand, context, rules) is None) == (why is not None)


def test_a_plain_context_is_the_models_reading() -> None:
    raw = {"riichi": True, "seat_wind": "S", "honba": 2, "discarder": None, "dora_indicators": "1m"}
    ctx = compiled.plain_context(raw)
    assert ctx is not None
    model = RiichiContext.validate(raw)
    assert ctx.dump() == model.dump() and ctx.fields_set == model.fields_set
    for odd in ({"riichi": 1}, {"honba": 1.0}, {"seat_wind": "e"}, {"nosuch": 1}, [], {"honba": 100}):
        assert compiled.plain_context(odd) is None, odd

"""Riichi's compiled path (scorer/variants/riichi/_fast.pyx via compiled.py) against its pure-Python
twin (``evaluate.score_reading`` over every reading of ``shapes.readings``, then ``choose``): the
same Result, field by field, on the differential generator's seeded hands under every preset and
rule option; and the contract that keeps the two reading the same request: every context field and
rule option the path does not read turns it off, loudly.

The equality checks need the compiled build (under ``MJSCORE_PURE=1`` there is only the twin, and
they are skipped, saying so); the contract checks run in both modes.
"""

from __future__ import annotations

import gc
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import PURE
from riichi_generator import generate

from scorer import HandError, engine, registry, score
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
    # rules as resolved: an override equal to its preset's value is no custom rule; one that differs is
    ("123m406p789s11222m", {}, {"preset": "ema", "aka": False}), ("123m406p789s11222m", {}, {"aka": True, "preset": "ema"}),
    ("123m406p789s11222m", {}, {"preset": "EMA"}), ("123m406p789s11222m", {}, {"preset": None}),
    ("123m406p789s11222m", {}, {"renhou": "Mangan"}), ("123m406p789s11222m", {}, {"kazoe": None}),
    ("123m406p789s11222m", {}, {"open_tanyao": 0}), ("123m406p789s11222m", {}, {"nosuch": True, "preset": "wrc"}),
    # indicator texts: spaced, commas, honour digits, red fives, and the ones the checked path names
    ("123m456p789s11222m", {"dora_indicators": " 1 2m, 7z E", "ura_dora_indicators": "0p"}, None),
    ("123m456p789s11222m", {"riichi": True, "dora_indicators": "0m", "ura_dora_indicators": "5z6z7z1z2z"}, None),
    ("123m456p789s11222m", {"dora_indicators": "123456m"}, None), ("123m456p789s11222m", {"dora_indicators": "1m2"}, None),
    ("123m456p789s11222m", {"dora_indicators": "1f"}, None), ("123m456p789s11222m", {"dora_indicators": "１m"}, None),
    ("123m456p789s11222m", {"dora_indicators": "[1m]"}, None), ("123m456p789s11222m", {"dora_indicators": "0z"}, None),
]


def full_beside_checked(rows: list[tuple[Any, Any, Any]]) -> Iterator[tuple[tuple[Any, Any, Any], Any, Any]]:
    """Each row with the full path's answer (None: declined) and the checked path's, the two held
    equal wherever the full path answers."""
    full = engine._full_path("riichi")
    assert full is not None
    for row in rows:
        answered = full(*row)
        checked = checked_answer(*row)
        if answered is not None:
            assert_same(answered.as_dict(), checked, row)
        yield row, answered, checked


@needs_fast
def test_the_full_path_gives_the_checked_paths_answer() -> None:
    rows = [*corpus(100, 15), *ODD]
    taken = 0
    for row, answered, checked in full_beside_checked(rows):
        taken += answered is not None
        assert_same(answer(*row), checked, row)
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


# --- the whole Result built in C (_full_path.pxi) ---------------------------------------------------

# rows the C full path must answer as the checked path does: red fives concealed, in melds and as the
# winning tile, bare and claimed kans, indicators pointing twice at one tile, every shape and limit
FULL_ROWS = [
    ("[456s][PPPP][456m]123m3s3s", {"round_wind": "S", "dora_indicators": "1pF", "honba": 2}, "wrc"),
    ("[0555m]{NNNN}77p22266s7p", {"seat_wind": "N", "discarder": "S", "dora_indicators": "4pS7p4s"}, "mahjongsoul"),
    ("[340p]123m789s11m406s", {"self_draw": True, "dora_indicators": "4p4p", "riichi_sticks": 3}, None),
    ("123m456p789s11m340s", {"seat_wind": "W", "dora_indicators": "0s"}, {"aka": False}),
    ("123m456p789s340sEE", {"self_draw": True, "seat_wind": "S", "honba": 4}, "ema"),
    ("{0555s}(0555p)123m11m406m", {"self_draw": True, "kong_win": True}, None),
    ("123m456p789s1122m0m", {}, None), ("123m456p789s112m20m", {"seat_wind": "S"}, None),
    ("55m0m123p456p789p11s", {"riichi": True, "ura_dora_indicators": "4m", "dora_indicators": "9s"}, None),
    ("22m44p66s88sEEFF0p5p", {}, "tenhou"), ("1199m1199p1199s0p5p", {"self_draw": True}, None),
    ("19m19p19s1234567z1z", {"seat_wind": "E", "self_draw": True, "first_turn": True}, "mahjongsoul"),
    ("19m19p19s123456z77z", {"ippatsu": True, "riichi": True}, None),
    ("111m999p111s999sEE", {"self_draw": True}, {"preset": "wrc", "double_yakuman": True}),
    ("[111m][999p](1111s)[999s]E E", {}, "ema"), ("CCCFFFP111m234p P", {"seat_wind": "W"}, None),
    ("EEESSSWWWNN11m N", {"self_draw": True}, {"yakuman_stack": False}),
    ("22233344455566m", {"riichi": True, "self_draw": True}, {"kazoe": "sanbaiman"}),
    ("22334455667788p", {"double_riichi": True, "ippatsu": True, "dora_indicators": "1p2p3p4p5p",
                         "ura_dora_indicators": "6p7p"}, {"kazoe": "yakuman"}),
    ("234m234m234p234s55s", {"riichi": True, "discarder": "W", "seat_wind": "S"}, {"kiriage": True}),
    ("123m456p789s11222m", {"seat_wind": "S", "first_turn": True}, {"renhou": "mangan"}),
    ("123m456p789s11222m", {"seat_wind": "S", "first_turn": True}, {"renhou": "yakuman"}),
    ("[123m]456p789s11222m", {"last_wall": True, "self_draw": True}, None),
    ("[123m]456p789s11222m", {"last_wall": True}, {"open_tanyao": False}),
    ("123m456p789s12344m", {"dora_indicators": "3m"}, None), ("123m456p789s11m999p", {}, None),
]


@needs_fast
def test_the_c_full_path_is_on() -> None:
    assert compiled.FULL_DECLINED is None, compiled.FULL_DECLINED
    assert engine._full_path("riichi") is compiled._fast.full


@needs_fast
def test_the_c_full_path_gives_the_checked_paths_answer_field_by_field() -> None:
    rows = [*corpus(120, 16), *FULL_ROWS, *TIES, *((text, {}, None) for text in PLAIN), *ODD]
    taken = 0
    for row, answered, _ in full_beside_checked(rows):
        if answered is not None:
            taken += 1
            # the objects themselves, not only their dicts: the result classes' own types and fields
            assert type(answered.items) is list and all(type(i) is type(answered.items[0]) for i in answered.items)
        else:
            assert engine.why_declined("riichi", *row) is not None
    assert taken > len(rows) * 3 // 4


@needs_fast
def test_the_c_full_path_takes_the_generators_rows_under_every_preset() -> None:
    rows = corpus(60, 17)
    declined = [(row, why) for row in rows if (why := engine.why_declined("riichi", *row)) is not None]
    # the generator writes plain texts, contexts and rules; only contradictions are left to the checked path
    assert all("contradicts" in why for _, why in declined), declined[:3]


@needs_fast
@pytest.mark.slow
def test_the_c_full_path_gives_the_checked_paths_answer_long() -> None:
    full = engine._full_path("riichi")
    for hand, context, rules in corpus(1500, 20240601):
        answered = full(hand, context, rules)
        if answered is not None:
            assert_same(answered.as_dict(), checked_answer(hand, context, rules), (hand, context, rules))


def every_rules_object() -> Iterator[dict[str, Any]]:
    """Each preset (or none) with each option given or left out, in both key orders: thousands of
    distinct objects that resolve to a few hundred rule sets."""
    choices = {name: [*(f.shape.enum or (False, True)), None] for name, f in RiichiRules.fields.items()}
    names = list(choices)
    for n, preset in enumerate([None, *PRESETS]):
        for m in range(4 ** len(names)):
            if (m * 7 + n) % 5:
                continue
            rules = {} if preset is None else {"preset": preset}
            for j, name in enumerate(names):
                value = choices[name][(m >> (2 * j)) % len(choices[name])] if (m >> (2 * j)) % 4 < 3 else None
                if value is not None:
                    rules[name] = value
            yield rules if m % 2 else dict(reversed(rules.items()))


@needs_fast
def test_a_stream_of_distinct_rules_and_indicators_is_read_in_c() -> None:
    # the rules are read once per rule set as resolved, and the plain indicator texts in C: no
    # table of the objects or texts seen fills up and sends the rest through Python
    variant = registry.get("riichi")
    tables = compiled._full_tables(variant)
    calls = {"rules": 0, "indicators": 0}

    def counted(name: str, reader: Any) -> Any:
        def read(value: Any) -> Any:
            calls[name] += 1
            return reader(value)
        return read

    full = compiled._fast.full
    kinds = [f"{k}{s}" for s in "mps" for k in range(10)] + list("ESWNCFP")
    try:
        compiled._fast.configure_full({**tables, "rules_reader": counted("rules", tables["rules_reader"]),
                                       "indicator_reader": counted("indicators", tables["indicator_reader"])})
        seen = 0
        for n, rules in enumerate(every_rules_object()):
            indicators = "".join(kinds[(n * 7 + j * 13) % len(kinds)] for j in range(1 + n % 5))
            context = {"riichi": True, "dora_indicators": indicators, "ura_dora_indicators": kinds[n % len(kinds)]}
            answered = full("123m406p789s11222m", context, rules)
            if answered is None:  # a red five or a tile written more often than the set holds
                assert "contradicts" in engine.why_declined("riichi", "123m406p789s11222m", context, rules)
                continue
            if n % 97 == 0:
                assert_same(answered.as_dict(), checked_answer("123m406p789s11222m", context, rules), (rules, context))
            seen += 1
        resolved = len(PRESETS) * 2 ** 5 * 2 * 3
        assert seen > 4 * resolved and 0 < calls["rules"] <= resolved and calls["indicators"] == 0, (seen, calls)
    finally:
        compiled.full_path(variant)
    assert compiled._fast.FULL_DECLINED is None


@needs_fast
def test_rule_options_the_c_path_cannot_code_turn_it_off() -> None:
    variant = registry.get("riichi")
    fast = compiled._fast
    try:
        fast.configure_full({**compiled._full_tables(variant), "rule_table": None})
        assert fast.FULL_DECLINED == "rule options the C path cannot read as they are"
        assert fast.full("123m456p789s11222m", {}, None) is None
    finally:
        compiled.full_path(variant)
    assert fast.FULL_DECLINED is None


@needs_fast
def test_the_results_share_no_mutable_part() -> None:
    full = engine._full_path("riichi")
    a, b = (full("123m456p789s11222m", {"dora_indicators": "1m"}, "ema") for _ in range(2))
    assert a is not b and a.as_dict() == b.as_dict()
    for name in ("items", "excluded", "partition", "payments", "rules", "details", "wilds", "warnings"):
        assert getattr(a, name) is not getattr(b, name), name
    assert a.context_used.values is not b.context_used.values
    a.details["dora"]["dora"] = 99
    assert b.details["dora"]["dora"] != 99
    parts = [(x.details["dora"], x.payments, x.details["fu_items"], *x.details["fu_items"]) for x in (a, b)]
    assert all(p is not q for p, q in zip(*parts, strict=True))


@needs_fast
def test_a_result_changed_by_its_user_changes_no_later_result() -> None:
    # the dicts a result holds are filled from templates of their values: none is ever handed out
    full = engine._full_path("riichi")
    row = ("[111z]23m456p789s55m1m", {"dora_indicators": "4p", "self_draw": True, "riichi_sticks": 2}, None)
    first = full(*row)
    expected = first.as_dict()
    first.details["fu_items"].append({})
    for mapping in (first.payments, first.details, first.details["dora"], first.details["cost"],
                    *first.details["fu_items"], first.context_used.values, first.rules):
        for key in list(mapping):
            mapping[key] = "changed"
        mapping["added"] = 1
    assert full(*row).as_dict() == expected


@needs_fast
def test_a_finder_table_that_differs_turns_the_c_full_path_off_loudly(caplog: pytest.LogCaptureFixture) -> None:
    from scorer.variants.riichi import item_tiles

    variant = registry.get("riichi")
    try:
        with pytest.MonkeyPatch.context() as m:
            m.setitem(item_tiles.FINDERS, "nagashi", item_tiles.FINDERS["haitei"])
            with caplog.at_level(logging.WARNING, logger=compiled.__name__):
                full = compiled.full_path(variant)
        assert compiled.FULL_DECLINED == "item_tiles.FINDERS and the full path's finders differ: nagashi"
        assert "riichi's C full path is off" in caplog.text
        assert full is not None and full is not compiled._fast.full  # the Python full path answers
        assert_same(full("123m456p789s11222m", {}, None).as_dict(),
                    checked_answer("123m456p789s11222m", {}, None), ())
    finally:
        compiled.full_path(variant)
    assert compiled.FULL_DECLINED is None


@needs_fast
def test_a_context_field_the_c_path_cannot_read_as_it_is_turns_it_off() -> None:
    fields = [(name, f.default, compiled._plain_spec(f)) for name, f in RiichiContext.fields.items()]
    fast = compiled._fast
    variant = registry.get("riichi")
    try:
        tables = compiled._full_tables(variant)
        fast.configure_full({**tables, "fields": [*fields[:-1], (fields[-1][0], 0, None)]})
        assert fast.FULL_DECLINED == f"context fields the full path cannot read as they are: {fields[-1][0]}"
        assert fast.full("123m456p789s11222m", {}, None) is None
    finally:
        compiled.full_path(variant)
    assert fast.FULL_DECLINED is None


def dicts_of(value: Any) -> list[dict[str, Any]]:
    """Every dict in a result's fields, nested ones too."""
    if isinstance(value, dict):
        return [value, *(d for v in value.values() for d in dicts_of(v))]
    if isinstance(value, list):
        return [d for v in value for d in dicts_of(v)]
    return []


def c_full_rows() -> list[tuple[Any, Any, Any]]:
    return [*corpus(80, 18), *FULL_ROWS, *TIES]


@needs_fast
def test_the_c_full_path_writes_the_checked_paths_json() -> None:
    # the serialised answer, byte for byte: every dict's keys in the checked path's order, every
    # value of its type (True is not 1)
    from scorer.jsonio import dumps

    fast = compiled._fast
    assert fast.FULL_DECLINED is None
    taken = 0
    for hand, context, rules in c_full_rows():
        answered = fast.full(hand, context, rules)
        if answered is None:
            continue
        taken += 1
        assert dumps(answered) == dumps(engine.score_checked("riichi", hand, context, rules)), (hand, context)
        # a dict holding a container is tracked by the collector, as one built in Python is
        fields = [answered.details, answered.payments, answered.rules, answered.context_used.values]
        for d in (d for f in fields for d in dicts_of(f)):
            if any(isinstance(v, (dict, list)) for v in d.values()):
                assert gc.is_tracked(d), (hand, d)
    assert taken > 50


def test_score_is_the_compiled_dispatch_or_its_pure_twin() -> None:
    from scorer import _dispatch

    assert score is (engine._score if PURE else _dispatch.score)


@needs_fast
def test_score_calls_the_full_path_the_engine_holds_once_a_request(monkeypatch: pytest.MonkeyPatch) -> None:
    # the compiled score reads engine._FULL_PATHS at each call (riichi's in C through its capsule)
    full = engine._full_path("riichi")
    assert full is compiled._fast.full and full.c_entry is not None
    row = ("123m456p789s11222m", {"dora_indicators": "1m"}, "ema")
    assert score("riichi", *row).as_dict() == engine.score_checked("riichi", *row).as_dict()
    seen: list[tuple[Any, ...]] = []

    def counted(*args: Any) -> Any:
        seen.append(args)
        return full(*args)

    monkeypatch.setitem(engine._FULL_PATHS, "riichi", counted)
    assert score("riichi", *row).as_dict() == engine.score_checked("riichi", *row).as_dict()
    # ura dora without riichi contradicts the hand: the C path declines, the checked path names it
    declined = ("123m456p789s11222m", {"ura_dora_indicators": "1m", "dora_indicators": "2m"}, None)
    with pytest.raises(HandError):
        score("riichi", *declined)
    assert seen == [row, declined]

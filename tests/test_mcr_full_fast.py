"""MCR's full result built in C (``_fast.full``, scorer/variants/mcr/_full_path.pxi) against its
pure-Python twin, the checked path (``engine.score_checked``: the context and rules validated, the
hand parsed, ``MCR.score`` -> ``build_result``): the same ``as_dict()``, field for field, for every
request the C path takes, under rules None and both presets; and None (the checked path answers) for
every request it cannot read exactly as the checked path would.

Rows: the differential generator's 3,000 hands (contradictions included: declined), the MCR fixture
corpora, hand-picked notation and contexts, and random contexts over random hands (hypothesis).
Compiled core only, but for the one check marked ``twin``: under ``MJSCORE_PURE=1`` there is no C
path, and ``score`` is the checked path.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from typing import Any

import pytest
from conftest import FIXTURES, PURE
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcr_generator import generate

from scorer import HandError, registry, score
from scorer.engine import score_checked
from scorer.jsonio import dumps
from scorer.result import ContextUsed, Exclusion, Item, Result

FAST = importlib.import_module("scorer.variants.mcr.evaluate")._fast  # None under MJSCORE_PURE=1
needs_fast = pytest.mark.skipif(PURE, reason="compiled core only (MJSCORE_PURE=1 runs the twins)")
RULES = [None, "helper", "mcr1998"]
CORPUS = generate(3000, 20240601)


def checked(hand: Any, context: Any, rules: Any) -> dict[str, Any] | str:
    try:
        return score_checked("mcr", hand, context, rules).as_dict()
    except HandError as err:
        return f"error: {err.as_dict()['message']}"


def public(hand: Any, context: Any, rules: Any) -> dict[str, Any] | str:
    try:
        return score("mcr", hand, context, rules).as_dict()
    except HandError as err:
        return f"error: {err.as_dict()['message']}"


def full_equals_checked(hand: Any, context: Any, rules: Any, expected: dict[str, Any] | str | None = None) -> bool:
    """True when the C path answered (and equals the checked path's ``expected``), False when it
    declined."""
    fast = FAST.full(hand, context, rules)
    if expected is None:
        expected = checked(hand, context, rules)
    if fast is None:
        return False
    assert fast.as_dict() == expected, (hand, context, rules)
    return True


@pytest.mark.twin
def test_score_is_the_checked_path_where_there_is_no_c_path() -> None:
    full_fast = registry.get("mcr").full_fast()
    assert (full_fast is None) == PURE
    for hand, context in CORPUS[:150]:
        assert public(hand, context, None) == checked(hand, context, None)


@needs_fast
def test_the_compiled_path_reads_every_declared_context_field() -> None:
    """A field added to MCRContext without teaching the C path (compiled.CONTEXT_FIELDS_READ and
    _field_code) turns the path off: this test names the field."""
    from scorer.variants.mcr.context import MCRContext

    assert FAST.DECLINED is None, FAST.DECLINED
    assert FAST.FULL_PATH and tuple(MCRContext.fields) == FAST.CONTEXT_FIELDS_READ


def test_a_context_field_the_compiled_path_does_not_read_is_named() -> None:
    from scorer.variants.mcr.compiled import CONTEXT_FIELDS_READ, context_contract_problems

    assert context_contract_problems(CONTEXT_FIELDS_READ) == []
    problems = context_contract_problems((*CONTEXT_FIELDS_READ, "dealer_streak"))
    assert problems == ["MCRContext declares fields the compiled path does not read: dealer_streak"]
    assert context_contract_problems(CONTEXT_FIELDS_READ[1:]) == [
        "the compiled path reads fields MCRContext no longer declares: self_draw"]
    assert "order" in context_contract_problems(tuple(reversed(CONTEXT_FIELDS_READ)))[0]


@needs_fast
def test_a_compiled_path_that_is_off_says_why(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(FAST, "FULL_PATH", False)
    monkeypatch.setattr(FAST, "DECLINED", "MCRContext declares fields the compiled path does not read: x")
    with caplog.at_level("WARNING"):
        assert registry.get("mcr").full_fast() is None
    assert "compiled full path is off: MCRContext declares fields the compiled path does not read: x" in caplog.text


@needs_fast
@pytest.mark.parametrize("rules", RULES)
def test_differential_corpus_equals_the_checked_path(rules: str | None) -> None:
    taken = answered = 0
    for hand, context in CORPUS:
        expected = checked(hand, context, rules)
        answered += not isinstance(expected, str)
        taken += full_equals_checked(hand, context, rules, expected)
    # every request but the contradictory contexts (the checked path reports those)
    assert taken == answered >= 0.9 * len(CORPUS)


@needs_fast
def test_fixture_corpora_equal_the_checked_path() -> None:
    cases = json.loads((FIXTURES / "mcr" / "spec_examples.json").read_text())
    cases += json.loads((FIXTURES / "mcr" / "cases.json").read_text())
    taken = 0
    for case in cases:
        if case.get("dialect"):
            continue  # score never tries the C path with a dialect
        hand, context, rules = case["hand"], case.get("context", {}), case.get("rules")
        if isinstance(rules, dict):
            assert FAST.full(hand, context, rules) is None
            continue
        for r in [rules] if rules is not None else RULES:
            taken += full_equals_checked(hand, context, r)
            assert public(hand, context, r) == checked(hand, context, r), case
    assert taken >= 0.8 * len(cases)


@needs_fast
def test_score_answers_through_the_c_path() -> None:
    hand, context = "[123m]456789m23p11s4p", {"self_draw": True, "flowers": 2}
    result = score("mcr", hand, context)
    assert registry.get("mcr").full_fast() is FAST.full
    # built in C: genuine result objects, the same as the checked path's, written the same way
    expected = score_checked("mcr", hand, context)
    assert type(result) is Result and type(result.context_used) is ContextUsed
    assert all(type(i) is Item for i in result.items) and all(type(e) is Exclusion for e in result.excluded)
    assert result == expected
    assert dumps(result) == dumps(expected)
    assert result.total == 21 and [i.id for i in result.items][-1] == "flower_tiles"
    assert result.items[0].tiles == "[123m] 456m 789m"
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.items[0].points = 1  # type: ignore[misc]
    # each answer is its own: changing one result changes no other
    result.items.clear()
    result.payments["E"] = 0
    again = score("mcr", hand, context)
    assert again == expected and again is not result


@needs_fast
@pytest.mark.parametrize(("hand", "context"), [
    ("[555p,1](8888s){4444p}[666p]9m9m", {"flowers": 3, "seat_wind": "S", "round_wind": "W", "discarder": "E",
                                          "kong_win": False}),
    ("1134556667778p8p", {"self_draw": True, "flowers": 8, "last_wall": True}),
    ("[5555s]456p33678sNNN", {"self_draw": True, "seat_wind": "N"}),
])
def test_every_container_of_an_answer_is_its_own(hand: str, context: dict) -> None:
    """The C path shares its frozen rows (items, exclusions) and copies templates for its dicts:
    every list and dict of an answer is still new, and emptying them all changes no later answer."""
    expected = score_checked("mcr", hand, context)
    first, second = FAST.full(hand, context, None), FAST.full(hand, context, None)
    assert first == second == expected
    containers = ("items", "excluded", "partition", "payments", "rules", "details", "wilds", "warnings")
    for name in containers:
        assert getattr(first, name) is not getattr(second, name), name
    assert first.context_used is not second.context_used
    assert first.context_used.values is not second.context_used.values
    assert first.context_used.defaults is not second.context_used.defaults
    for name in containers:
        getattr(first, name).clear()
    first.context_used.values.clear()
    first.context_used.defaults.append("seat_wind")
    assert FAST.full(hand, context, None) == expected == second


@needs_fast
def test_dicts_copied_from_kept_templates_are_each_answers_own() -> None:
    """The details and the context's values are copies of templates kept by a code of their values,
    a bare kong's note a text kept by the meld as typed: emptying what one answer holds (its first
    copy, then a later one) changes no later answer, and the templates are never handed out."""
    hand, context = "[5555s]456p33678sNNN", {"self_draw": True, "seat_wind": "N", "flowers": 2}
    expected = score_checked("mcr", hand, context)
    for _ in range(3):
        result = score("mcr", hand, context)
        assert result == expected and dumps(result) == dumps(expected)
        assert result.warnings == expected.warnings and len(result.warnings) == 1
        result.details.clear()
        result.context_used.values.clear()
        result.payments.clear()
        result.warnings.clear()
    assert score("mcr", hand, context) == expected


@needs_fast
def test_score_calls_the_full_path_in_c() -> None:
    # the compiled score reaches MCR's full path through its capsule, with no Python call between
    assert FAST.full.c_entry is not None
    row = ("123m456p789s11222m", {"discarder": "W", "flowers": 1})
    assert score("mcr", *row).as_dict() == score_checked("mcr", *row).as_dict()


SPECIAL = [
    ("19m19p19sESWNCFPP", {}), ("147m258p3sESWNCFP", {"self_draw": True}),
    ("147m258p369s234m55s", {}), ("[EEE]147m258p369sCC", {"seat_wind": "E"}),
    ("(1111m)147p258s369mPP", {}), ("11123456789995p", {}), ("22334455667788p", {"self_draw": True}),
    ("1122m3344p667sEE7s", {}), ("11112222333344m", {}), ("1111m2233p4455sEE", {}),
    ("[5555s]456p33678sNNN", {"self_draw": True, "seat_wind": "N"}),
    ("[EEEE][222p,1][SSS][NNN]5p5p", {}), ("[ 9 9 9 9 m ]{1111s}111m99p99s9s", {"last_wall": True}),
    ("[2222p][3333p]234m789sCC", {"self_draw": True, "kong_win": True}),
    ("[123m] [555p] 234s 5577z 7z", {}), ("123m456m789m1p1p 2p3p4p", {"discarder": "W"}),
    ("12345678m11p 9m 99s9s", {"flowers": 8}), ("11122233344455m", {}),
    # no winning shape: a result, not valid, with the flowers and the kong note all the same
    ("123m456m789m123p5p7p", {"flowers": 3}), ("[1111m]456m789m123p5p7p", {"self_draw": True}),
    ("[123m]456m789m123p5p5p", {"flowers": 0, "win_tile": None}),
    ("123m456m789m123p5p5p", {"discarder": "W", "seat_wind": "S"}),
]


@needs_fast
@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize(("hand", "context"), SPECIAL)
def test_special_shapes_kongs_and_notes(hand: str, context: dict, rules: str | None) -> None:
    expected = checked(hand, context, rules)
    assert not isinstance(expected, str), expected
    assert FAST.full(hand, context, rules) is not None  # answered in C, not handed back
    assert full_equals_checked(hand, context, rules)


# every meld form the fast parse reads (the C path writes each with notation.format_meld's text),
# with honours and each suit in the concealed part (the C path's tiles_text tables)
MELD_FORMS = [f"{meld[:-1]}{claim}{meld[-1]}" for meld in ("[234p]", "[555p]", "[5555p]", "{5555p}", "[WWW]", "{WWWW}")
              for claim in ("", ",1", ",2", ",3")] + ["(5555p)", "(WWWW)"]


@needs_fast
@pytest.mark.parametrize("meld", MELD_FORMS)
def test_each_meld_form_is_written_as_the_python_writer_writes_it(meld: str) -> None:
    for rest, context in (("123m789sEE456m", {}), ("789s123mCC4m5m6m", {"self_draw": True, "flowers": 2})):
        hand = meld + rest
        expected = checked(hand, context, None)
        assert not isinstance(expected, str), expected
        assert full_equals_checked(hand, context, None), hand  # answered in C, and equal


def test_the_bare_kong_note_is_the_parsers() -> None:
    result = score("mcr", "[ 5 5 5 5 s]456p33678sNNN", {"self_draw": True, "seat_wind": "N"})
    assert result.warnings == [score_checked("mcr", "[ 5 5 5 5 s]456p33678sNNN",
                                             {"self_draw": True, "seat_wind": "N"}).warnings[0]]
    assert result.warnings[0].startswith("[5555s] is read as a claimed kong")


DECLINED: list[tuple[Any, Any, Any]] = [
    # contradictions: the checked path reports them
    ("[123m][555p]234s5577z7z", {"self_draw": True, "discarder": "S"}, None),
    ("[123m][555p]234s5577z7z", {"discarder": "E"}, None),
    ("123m456m789m123p5p5p", {"kong_win": True, "self_draw": True}, None),
    ("123m456m789m123p5p5p", {"last_tile": True}, None),
    # rules the C path does not read: dicts (even empty or a preset's own values), unknown names
    ("[123m][555p]234s5577z7z", {}, {}),
    ("[123m][555p]234s5577z7z", {}, {"preset": "helper"}),
    ("[123m][555p]234s5577z7z", {}, {"minimum": 0}),
    ("[123m][555p]234s5577z7z", {}, "nope"),
    ("[123m][555p]234s5577z7z", {}, 1),
    # contexts: unknown keys, non-bool flags, values MCRContext would reject or read otherwise
    ("[123m][555p]234s5577z7z", {"bogus": 1}, None),
    ("[123m][555p]234s5577z7z", {"self_draw": 1}, None),
    ("[123m][555p]234s5577z7z", {"last_wall": "yes"}, None),
    ("[123m][555p]234s5577z7z", {"flowers": True}, None),
    ("[123m][555p]234s5577z7z", {"flowers": 9}, None),
    ("[123m][555p]234s5577z7z", {"flowers": 2**70}, None),
    ("[123m][555p]234s5577z7z", {"seat_wind": "e"}, None),
    ("[123m][555p]234s5577z7z", {"win_tile": "C"}, None),
    ("[123m][555p]234s5577z7z", [], None),
    # bad hands and text
    ("123m", {}, None), ("", {}, None), (None, {}, None), (b"123m456m789m123p5p5p", {}, None),
    ("123m456m789m123p5p5p5p", {}, None), ("11111m456m789m123p5p", {}, None),
    ("\ud800", {}, None), ("123m456m789m123p5\udcff5p", {}, None),
    ("[123m][555p]234s5577z7z", {"seat_wind": "\ud800"}, None),
    ("[123m][555p]234s5577z7z", {"\ud800": 1}, None),
    # notation the fast parse leaves to the full parser: flowers written, fullwidth, glyphs,
    # the helper's strings (read with a warning), too long
    ("1f2f[123m][555p]234s5577z7z", {}, None), ("１２３m456m789m123p55p", {}, None),
    ("🀇🀈🀉🀊🀋🀌🀍🀎🀏🀙🀚🀛🀐🀐", {}, None), ("[567m2][123p1]456s789sEE", {}, None),
    ("1" * 201, {}, None),
]


@needs_fast
@pytest.mark.parametrize(("hand", "context", "rules"), DECLINED)
def test_the_c_path_declines(hand: Any, context: Any, rules: Any) -> None:
    assert FAST.full(hand, context, rules) is None
    assert public(hand, context, rules) == checked(hand, context, rules)


@needs_fast
def test_a_context_model_is_left_to_the_checked_path() -> None:
    ctx = registry.get("mcr").context({"self_draw": True})
    assert FAST.full("[123m]456789m23p11s4p", ctx, None) is None
    assert score("mcr", "[123m]456789m23p11s4p", ctx) == score_checked("mcr", "[123m]456789m23p11s4p", ctx)


CONTEXTS = st.fixed_dictionaries({}, optional={
    "self_draw": st.sampled_from([True, False, 1, None]),
    "seat_wind": st.sampled_from(["E", "S", "W", "N", "X"]),
    "round_wind": st.sampled_from(["E", "S", "W", "N"]),
    "flowers": st.sampled_from([0, 1, 3, 8, 9, True]),
    "last_tile": st.booleans(), "kong_win": st.booleans(), "last_wall": st.booleans(),
    "discarder": st.sampled_from(["E", "S", "W", "N", None]),
    "win_tile": st.sampled_from([None, "5m"]),
    "unknown_field": st.just(1),
})
HANDS = [h for h, _ in generate(300, 99)] + [h for h, _ in SPECIAL] + [h for h, _, _ in DECLINED]


@needs_fast
@given(hand=st.sampled_from(HANDS), context=st.one_of(st.none(), CONTEXTS), rules=st.sampled_from(RULES))
@settings(max_examples=500, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_context_gives_the_checked_paths_answer(hand: Any, context: dict | None, rules: str | None) -> None:
    full_equals_checked(hand, context, rules)
    assert public(hand, context, rules) == checked(hand, context, rules)


@needs_fast
def test_a_batch_of_plain_requests_is_answered_by_the_c_path(monkeypatch: pytest.MonkeyPatch) -> None:
    from scorer import engine, score_many

    rows = generate(200, 5)
    requests = [{"variant": "mcr", "hand": h, "context": c} for h, c in rows]
    expected = []
    for h, c in rows:
        try:
            expected.append(dumps(score_checked("mcr", h, c)))
        except HandError as err:
            expected.append(dumps(engine.error_result(err)))
    checked_way: list[Any] = []
    real = engine.parse_request

    def counted(raw: Any) -> Any:
        checked_way.append(raw)
        return real(raw)

    monkeypatch.setattr(engine, "parse_request", counted)
    assert [engine.answer_json(a) for a in score_many(requests)] == expected
    # only the requests the C path declines (contradictions) are read into the request model
    assert 0 < len(checked_way) < 0.1 * len(requests)
    assert all(full_path_declines(r) for r in checked_way)


def full_path_declines(raw: dict[str, Any]) -> bool:
    return FAST.full(raw["hand"], raw.get("context"), raw.get("rules")) is None

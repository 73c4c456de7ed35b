"""pydantic's complaints in our words (scorer/validation_words.py): one table, read for a path or
query parameter (Python's quoting, the bound alone) and for a match record (JSON, the size against
its bound); nothing of pydantic's wording in a record's messages."""

from __future__ import annotations

import pytest

from scorer.validation_words import code_of, said, shown


@pytest.mark.parametrize(("error", "parameter", "record"), [
    ({"type": "less_than_equal", "input": 7, "ctx": {"le": 5}},
     "7 is above the maximum 5", "7 is above the most allowed, 5"),
    ({"type": "greater_than", "input": 0, "ctx": {"gt": 0}}, "0 is not above 0", "0 is below the least allowed, 0"),
    ({"type": "string_too_long", "input": "abcd", "ctx": {"max_length": 3}},
     "longer than 3 characters", "4 characters, at most 3"),
    ({"type": "too_long", "input": [1, 2, 3], "ctx": {"max_length": 2}}, "more than 2 items", "3 items, at most 2"),
    ({"type": "literal_error", "input": "x", "ctx": {"expected": "'a' or True"}},
     "'x' is not one of 'a' or True", '"x" is not "a" or true'),
    ({"type": "string_pattern_mismatch", "input": "a b", "ctx": {"pattern": "^[a-z]+$"}},
     "'a b' does not have the form ^[a-z]+$", '"a b" is not a lowercase word'),
    ({"type": "int_parsing", "input": "x"}, "'x' is not an integer", '"x" is not an integer'),
    ({"type": "missing", "input": None}, "missing", "missing"),
])
def test_each_form_says_it_its_way(error: dict, parameter: str, record: str) -> None:
    assert said(error, "parameter") == parameter
    assert said(error, "record", {"^[a-z]+$": "a lowercase word"}) == record


def test_what_no_row_says_is_the_parameters_own_message_and_never_pydantics_in_a_record() -> None:
    error = {"type": "value_error", "input": {"a": 1}, "msg": "'x' is not an export format"}
    assert said(error, "parameter") == "'x' is not an export format"
    assert said(error, "record") == '{"a": 1} cannot be read here'
    assert said({"type": "int_from_float", "input": 2.5}, "record") == "2.5 is not an integer"


def test_codes_and_shown_values() -> None:
    assert [code_of({"type": t}) for t in ("string_too_long", "too_long", "less_than", "missing")] == [
        "input_too_long", "too_many", "out_of_range", "bad_request"]
    assert shown("é" * 50) == '"' + "é" * 36 + "..."
    assert shown("abc", "parameter") == "'abc'" and shown(None) == "null" and shown(None, "parameter") == "None"

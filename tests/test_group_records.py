"""The decomposer's per-group records (scorer._fast.group_records / best_per_key), used by the
Huangyan search for groups with many wild readings: the same readings, in the same order, as the
listing through ``readings`` (scorer.wildsplit.group_readings), and the same best per key as a
plain Python loop."""

from __future__ import annotations

import pytest
from conftest import PURE
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer import decompose, wildsplit

pytestmark = pytest.mark.skipif(PURE, reason="compiled core only (MJSCORE_PURE=1 runs the twins)")

if decompose.BACKEND == "fast":
    from scorer._fast import best_per_key, group_records, record_codes, record_reading

SETTINGS = settings(max_examples=400, deadline=None, derandomize=True)


@st.composite
def groups(draw):
    g = draw(st.integers(0, 3))
    base, size = wildsplit.TILE_GROUPS[g]
    counts = [0] * 37
    for _ in range(draw(st.integers(0, 10))):
        k = base + draw(st.integers(0, size - 1))
        if counts[k] < 4:
            counts[k] += 1
    return g, counts, draw(st.integers(0, 4)), draw(st.integers(0, 1))


def records_as_readings(g, counts, w, pair):
    got = group_records(counts, g, w, pair, wildsplit.GROUP_MASKS[g], wildsplit.NO_CAP)
    if got is None:
        return None, []
    records, ngroups = got
    width = ngroups + w
    n = 1 if width == 0 else len(records) // width
    return got, [record_reading(records, i, ngroups, width) for i in range(n)]


@given(groups())
@SETTINGS
def test_records_are_the_group_readings(case) -> None:
    g, counts, w, pair = case
    n = sum(counts)
    _, from_records = records_as_readings(g, counts, w, pair)
    assert from_records == wildsplit.group_readings(g, counts, n, w, pair)


@given(groups(), st.lists(st.integers(0, 30), min_size=256, max_size=256),
       st.lists(st.integers(0, 3), min_size=256, max_size=256), st.booleans(), st.booleans())
@SETTINGS
def test_best_per_key_is_the_python_loop(case, points, fans, count_wild, split) -> None:
    g, counts, w, pair = case
    got, readings = records_as_readings(g, counts, w, pair)
    if got is None:
        return
    records, ngroups = got
    base, size = wildsplit.TILE_GROUPS[g]
    kind = base + 1 if count_wild else -1
    extra = tuple(range(0, 2 * (w + 1), 2)) if count_wild else ()
    expected: dict = {}
    for index, (gs, stand_ins) in enumerate(readings):
        pts = sum(points[c] for c in gs)
        fs = sum(fans[c] for c in gs) + (extra[stand_ins.count(kind)] if count_wild else 0)
        key = (fs, split and bool(gs) and gs[-1] >> 6 == decompose.CHOW)
        if key not in expected or pts > expected[key][0]:
            expected[key] = (pts, index)
    codes = record_codes(records, ngroups, ngroups + w)
    assert codes == bytes(sorted({c for gs, _ in readings for c in gs}))
    best = best_per_key(records, ngroups, ngroups + w, codes, [points[c] for c in codes], [fans[c] for c in codes],
                        kind, extra, split)
    assert [((f, c), (p, i)) for f, c, p, i in best] == list(expected.items())


@given(groups(), st.integers(0, 2))
@SETTINGS
def test_first_with_all_is_the_python_loop(case, which) -> None:
    from scorer._fast import first_with_all

    g, counts, w, pair = case
    got, readings = records_as_readings(g, counts, w, pair)
    if got is None:
        return
    records, ngroups = got
    base = wildsplit.TILE_GROUPS[g][0]
    codes = [(decompose.CHOW << 6) | (base + r) for r in (0, 3, 6)][: which + 1] if g < 3 else [(1 << 6) | base]
    without = next((i for i, (gs, _) in enumerate(readings) if not set(codes) <= set(gs)), -1)
    with_ = next((i for i, (gs, _) in enumerate(readings) if set(codes) <= set(gs)), -1)
    assert first_with_all(records, ngroups, ngroups + w, bytes(sorted(codes))) == (without, with_)

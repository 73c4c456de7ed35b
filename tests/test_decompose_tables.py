"""is_winning's table branch (scorer._fast: _raw_default_win for bytes with the default mask and cap 4
or no wilds, _table_win for the other masks / caps the tables answer): the reference, and the sumset
path that waits() still takes, agree on every wild count, mask and cap it handles."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import _fast as fast
from scorer import _reference as ref

ALL_KINDS = (1 << 37) - 1
STD = fast.STANDARD_MASK  # the default argument's own object: the _raw_default_win branch
STD_COPY = int(str(STD))  # equal, another object: the _table_modes / _table_win branch
HONOURS = 0x7F << 27
MCR_SHAPES = 15
MELDS = [(k, k, k) for k in range(37)] + [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6]


def table_hand(rnd: random.Random, max_wilds: int) -> tuple[list[int], int, int]:
    """Counts (mostly a winning hand with some tiles taken out as wilds), n_sets, wilds."""
    n_sets = rnd.choice([4, 4, 4, 4, 3, 5, 7, 2, 1, 0])
    kinds = 37 if rnd.random() < 0.2 else 34
    pool = [m for m in MELDS if m[0] < kinds]
    if rnd.random() < 0.3:  # one suit (or the honours): crowded groups, many wild placements
        lo = rnd.choice([0, 9, 18, 27])
        pool = [m for m in pool if lo <= m[0] < lo + 9]
    c = [0] * 37
    if rnd.random() < 0.8:
        for _ in range(n_sets):
            for t in rnd.choice(pool):
                c[t] += 1
        c[rnd.choice(pool)[0]] += 2
    else:
        for _ in range(3 * n_sets + 2):
            c[rnd.choice(rnd.choice(pool))] += 1
    if rnd.random() < 0.95:  # a few keep a 5th natural: the exact recursion
        c = [min(v, 4) for v in c]
    wilds = rnd.randint(0, max_wilds)
    tiles = [k for k in range(37) for _ in range(c[k])]
    for t in rnd.sample(tiles, min(wilds, len(tiles))):
        c[t] -= 1
    if rnd.random() < 0.05:  # a wrong tile total
        c[rnd.randrange(37)] += 1
    return c, n_sets, wilds


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.randoms(use_true_random=False),
       st.sampled_from([STD, STD, STD, STD_COPY, ALL_KINDS, ref.SUITED_MASK, HONOURS, ALL_KINDS ^ (1 << 35), 0]),
       st.sampled_from([4, 4, 4, 99, 5, 3]), st.sampled_from([0, 0, 0, MCR_SHAPES, 1]))
def test_table_branch_equals_reference(rnd, wild_mask, max_copies, shapes):
    c, n_sets, wilds = table_hand(rnd, 4)
    want = ref.is_winning(c, n_sets, wilds, wild_mask, max_copies, shapes)
    args = (n_sets, wilds, wild_mask, max_copies, shapes)
    assert fast.is_winning(bytes(c), *args) == want
    assert fast.is_winning(c, *args) == want  # the list path (tables via _natural_keys)
    if not any(c[34:]):
        assert fast.is_winning(bytes(c[:34]), *args) == want  # short bytes: zero-padded
    if wild_mask is STD and max_copies == 4:
        assert fast.is_winning(bytes(c), n_sets, wilds, shapes=shapes) == want
        if not shapes:
            assert fast.is_winning(bytes(c), n_sets, wilds) == want


@pytest.mark.parametrize("seed", range(4))
def test_table_branch_equals_sumsets(seed):
    """Up to 8 wilds, against waits() (per-group sets combined by sumsets, not the table product):
    the hand wins iff, one natural t taken out, t is among its waits."""
    rnd = random.Random(seed)
    masks = [STD, STD, STD_COPY, ALL_KINDS, ref.SUITED_MASK, HONOURS, ALL_KINDS ^ (1 << 35)]
    checked = wins = 0
    for _ in range(1500):
        c, n_sets, wilds = table_hand(rnd, 8)
        wild_mask, max_copies = rnd.choice(masks), rnd.choice([4, 4, 4, 99, 12, 5])
        got = fast.is_winning(bytes(c), n_sets, wilds, wild_mask, max_copies)
        if wild_mask is STD and max_copies == 4:
            assert fast.is_winning(bytes(c), n_sets, wilds) == got
        assert fast.is_winning(c, n_sets, wilds, wild_mask, max_copies) == got
        naturals = [k for k in range(37) if c[k]]
        if not naturals or sum(c) + wilds != 3 * n_sets + 2:
            continue
        t = rnd.choice(naturals)
        c[t] -= 1
        waits = fast.waits(bytes(c), n_sets, wilds, wild_mask, max_copies, kinds_mask=1 << t)
        assert got == bool(waits), (c, t, n_sets, wilds, wild_mask, max_copies)
        checked += 1
        wins += got
    assert checked > 800 and 200 < wins < checked - 200


def counts(*kinds: int) -> bytes:
    c = [0] * 37
    for k in kinds:
        c[k] += 1
    return bytes(c)


def test_table_branch_edges():
    iw = fast.is_winning
    # only wilds: a pair, then sets of wilds
    assert iw(b"", 0, 2) and iw(bytes(37), 1, 5) and iw(bytes(37), 2, 8) and not iw(bytes(37), 2, 7)
    assert iw(bytes(37), 3, 11)  # beyond the tables (9+ wilds): the exact recursion
    # the long cards take no wild under the default mask
    assert not iw(counts(34), 0, 1) and iw(counts(34), 0, 1, ALL_KINDS)
    assert iw(counts(34, 34), 1, 3) and not iw(counts(34, 34, 35), 1, 2)
    assert iw(counts(34, 34, 35), 1, 2, ALL_KINDS)
    # the cap: 4 copies of 1m, a wild can't be a 5th (but can with a cap of 99)
    four = counts(0, 0, 0, 0)
    assert not iw(four, 1, 1) and iw(four, 1, 1, STD, 99) and iw(four, 1, 1, ALL_KINDS, 5)
    assert not ref.is_winning(list(four), 1, 1) and ref.is_winning(list(four), 1, 1, STD, 99)
    # a 5th natural copy: no tables
    five = counts(*[0] * 5, 1, 1, 2, 2, 9, 9, 9)
    assert iw(five, 4, 2)  # 111m 123m 123m 111p and a pair of wilds
    for hand, n_sets, wilds in ((five, 4, 2), (counts(*[0] * 5, 1), 1, 2), (counts(*[0] * 5, 9), 2, 2)):
        for m, cap in ((STD, 4), (STD, 99), (ALL_KINDS, 5), (STD_COPY, 4)):
            assert iw(hand, n_sets, wilds, m, cap) == ref.is_winning(list(hand), n_sets, wilds, m, cap)
    # wrong totals, negative n_sets, bad wild counts
    assert not iw(counts(0, 0), 0, 1) and not iw(counts(0, 0), -1, 0)
    with pytest.raises(ValueError):
        iw(counts(0, 0), 0, -1)
    with pytest.raises(ValueError):
        iw(counts(0, 0), 0, 31)
    with pytest.raises(ValueError):
        iw(bytes(38), 4, 1)
    # no wilds: the natural answer, whatever the mask and cap
    hand = counts(0, 0, 0, 1, 2, 3, 9, 10, 11, 27, 27, 27, 33, 33)
    assert all(iw(hand, 4, 0, m, cap) for m in (STD, 0, ALL_KINDS) for cap in (4, 1, 99))
    # the signature (is_winning is a plain builtin: the docstring carries it)
    import inspect

    assert str(inspect.signature(iw)) == ("(counts, n_sets, wilds=0, wild_mask=17179869183, max_copies=4,"
                                          " shapes=0)")
    assert iw(counts=hand, n_sets=4) and iw(hand, 4, shapes=MCR_SHAPES, max_copies=4)


def test_tables_come_from_the_build_and_equal_freshly_built_ones():
    """The build writes the tables beside the module and an import reads them (a one-line query
    would otherwise spend most of its start-up building them); what is read must be exactly what
    the module builds, so a stale or damaged file can never change an answer."""
    assert fast.TABLES_FROM_FILE, f"{fast.TABLE_FILE} was not written by the build or was rejected"
    assert fast.built_tables_equal()


def test_a_damaged_or_foreign_table_file_is_refused(tmp_path):
    good = tmp_path / "good.bin"
    fast.write_tables(str(good))
    data = good.read_bytes()
    assert len(data) == 8 + 4 + fast.TABLE_BYTES + 4
    flipped = bytearray(data)
    flipped[1000] ^= 1
    other_format = bytearray(data)
    other_format[8] ^= 1
    for name, bad in (("flipped.bin", bytes(flipped)), ("format.bin", bytes(other_format)),
                      ("short.bin", data[:-1])):
        (tmp_path / name).write_bytes(bad)
        assert fast._read_table_file(str(tmp_path / name)) is None, name
    assert fast._read_table_file(str(good)) == data

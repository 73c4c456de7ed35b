"""The decomposer: known counts, special shapes, waits, and _fast == _reference on random hands."""

from __future__ import annotations

import itertools
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import _fast as fast  # the built extension (`pip install -e .` compiles it)
from scorer import _reference as ref

IMPLS = [pytest.param(fast, id="fast"), pytest.param(ref, id="reference")]
ALL_KINDS = (1 << 37) - 1
LETTERS = "ESWNCFPQBH"
STD, SP, TO, HK, KS, SPD = 0, 1, 2, 4, 8, 16
MCR_SHAPES = SP | TO | HK | KS


def counts(text: str) -> list[int]:
    """``123m55pEEQ`` -> 37 counts."""
    c = [0] * 37
    for digits, suit in re.findall(r"(\d+)([mps])", text):
        for d in digits:
            c["mps".index(suit) * 9 + int(d) - 1] += 1
    for ch in re.sub(r"\d+[mps]", "", text):
        c[27 + LETTERS.index(ch)] += 1
    return c


def texts(reading) -> list[str]:
    from scorer.decompose import reading_texts

    return reading_texts(reading[0])


# --------------------------------------------------------------------------------------------
# the contract's names


def test_same_names():
    for name in ref.__all__:
        assert getattr(fast, name) == getattr(ref, name) or callable(getattr(ref, name)), name
    assert fast.group_code(ref.CHOW, 5) == ref.group_code(ref.CHOW, 5) == 2 << 6 | 5
    assert fast.STANDARD_MASK == (1 << 34) - 1 and fast.SUITED_MASK == (1 << 27) - 1


def test_facade_helpers():
    from scorer import decompose as d

    assert d.reading_texts((d.group_code(d.PUNG, 0), d.group_code(d.PAIR, 1), d.group_code(d.CHOW, 1),
                            d.group_code(d.CHOW, 2), d.group_code(d.CHOW, 2))) == [
        "111m", "22m", "234m", "345m", "345m"]
    assert d.group_text(d.group_code(d.KNITTED, 0)) == "147m258p369s"
    assert d.group_text(d.group_code(d.KNITTED, 1)) == "147m369p258s"
    assert d.group_text(d.group_code(d.KNITTED, 5)) == "369m258p147s"
    assert d.group_text(d.group_code(d.SINGLE, 27)) == "E"
    assert d.group_text(d.group_code(d.PUNG, 34)) == "QQQ"
    assert d.group_text(d.group_code(d.PAIR, 33)) == "PP"


def test_facade_pure_switch():
    code = "from scorer import decompose as d; print(d.BACKEND, d.readings is __import__('scorer._reference').\
_reference.readings)"
    env = dict(os.environ, MJSCORE_PURE="1")
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True)
    assert out.stdout.split() == ["pure", "True"], out.stderr


# --------------------------------------------------------------------------------------------
# known counts


@pytest.mark.parametrize("impl", IMPLS)
def test_natural_counts(impl):
    r = impl.readings(counts("11122233344455m"), 4)
    assert len(r) == 4
    assert ["111m", "222m", "333m", "444m", "55m"] in [texts(x) for x in r]
    r = impl.readings(counts("11223344556677m"), 4, shapes=SP)
    assert sum(1 for g, _ in r if all(c >> 6 == ref.PAIR for c in g)) == 1
    assert len(r) == 4
    assert len(impl.readings(counts("11223344556677m"), 4)) == 3
    assert impl.readings(counts("11223344556677m"), 4) == sorted(impl.readings(counts("11223344556677m"), 4))
    assert impl.readings(counts("11122233344456777m"), 5).__len__() == 6
    assert len(impl.readings(counts("11122233344455566677788m"), 7)) == 13
    assert impl.readings(counts("123m"), 4) == [] and not impl.is_winning(counts("123m"), 4)


@pytest.mark.parametrize("impl", IMPLS)
def test_wild_worst_cases(impl):
    t = time.perf_counter()
    r14 = impl.readings(counts("4555666777m"), 4, 4, ref.STANDARD_MASK, 4)
    r17 = impl.readings(counts("3444555666777m"), 5, 4, ref.STANDARD_MASK, 4)
    elapsed = time.perf_counter() - t
    assert len(r14) == 784 and len(r17) == 1305
    assert len(set(r14)) == 784 and r14 == sorted(r14)
    assert all(len(s) == 4 for _, s in r14)
    # plus exactly one seven-pairs reading: 44 5555 6666 7777
    assert len(impl.readings(counts("4555666777m"), 4, 4, shapes=SP)) == 785
    if impl is fast:  # bounded by design: milliseconds; the margin only catches a hang, not a slowdown
        assert elapsed < 2.0


@pytest.mark.parametrize("impl", IMPLS)
def test_wild_small_counts(impl):
    # 14-tile maxima with 1, 2 wilds
    assert len(impl.readings(counts("1112223334445m"), 4, 1)) >= 1
    r = impl.readings(counts("123m456p789sEE"), 3, 0)
    assert r == [((ref.group_code(ref.PAIR, 27), ref.group_code(ref.CHOW, 0), ref.group_code(ref.CHOW, 12),
                   ref.group_code(ref.CHOW, 24)), ())]
    # the wild may only be an allowed kind, within the cap
    assert impl.readings(counts("123m456p789sE"), 3, 1) == [(r[0][0], (27,))]
    assert impl.readings(counts("123m456p789sE"), 3, 1, ref.SUITED_MASK) == []
    # EEEE + a wild: the wild may not be a 5th E, so it has to pair with another tile
    assert not impl.is_winning(counts("123m456p789sEEEE"), 4, 1)
    assert impl.is_winning(counts("123m456p789sEEEE"), 4, 1, max_copies=5)
    assert impl.is_winning(counts("123m456p789sEEE"), 4, 2, 1 << 28, 4)  # SS
    assert not impl.is_winning(counts("123m456p789sEEE"), 4, 2, 1 << 27, 4)  # no 5th E
    assert impl.is_winning(counts("123m456p789sEEE"), 4, 2, 1 << 27, 5)
    assert impl.is_winning(counts("123m456pEEE"), 3, 2, ref.STANDARD_MASK, 4)
    # wilds alone: a pair of naturals + three all-wild sets... here two: 8 tiles + 6 wilds
    assert impl.is_winning(counts("11m123p456p"), 4, 6)
    assert not impl.is_winning(counts("11m123p456p"), 4, 6, 0)


@pytest.mark.parametrize("impl", IMPLS)
def test_special_shapes(impl):
    orphans = counts("19m19p19sESWNCFPP")
    assert impl.readings(orphans, 4) == []
    r = impl.readings(orphans, 4, shapes=TO)
    assert len(r) == 1 and r[0][0][0] == ref.group_code(ref.PAIR, 33)
    assert impl.is_winning(orphans, 4, shapes=TO)
    r = impl.readings(counts("19m19p19sESWNCFE"), 4, 1, shapes=TO)
    assert len(r) == 1 and r[0][1] == (33,)
    # F and P filled by wilds, the pair's second tile by the third wild: any of the 13 orphans
    assert len(impl.readings(counts("19m19p19sESWNC"), 4, 3, shapes=TO)) == 13
    hk = counts("147m258p36sESWNCF")
    assert len(impl.readings(hk, 4, shapes=HK)) == 1
    assert impl.readings(hk, 4, shapes=HK)[0][0] == tuple(sorted(ref.group_code(ref.SINGLE, k)
                                                                 for k in range(37) if hk[k]))
    assert len(impl.readings(counts("147m258p3sESWNCFP"), 4, shapes=HK)) == 1
    assert not impl.is_winning(counts("147m258p36sESWNCF"), 4, shapes=SP | TO | KS)
    assert not impl.is_winning(counts("147m258p36sESWNCC"), 4, shapes=HK)
    assert len(impl.readings(counts("147m258p36sESWNC"), 4, 1, shapes=HK)) == 3  # 9s, F or P
    ks = counts("147m258p369s456p88m")
    r = impl.readings(ks, 4, shapes=KS)
    assert [texts(x) for x in r] == [["147m258p369s", "88m", "456p"]]  # by first tile
    assert impl.readings(ks, 4) == []
    r = impl.readings(counts("147m258p369s88m"), 3, shapes=KS)
    assert [texts(x) for x in r] == [["147m258p369s", "88m"]]
    assert impl.readings(counts("147m258p36s88m"), 3, 1, shapes=KS) == [
        ((ref.group_code(ref.PAIR, 7), ref.group_code(ref.KNITTED, 0)), (26,))]
    assert impl.is_winning(counts("11335577mEESSWW"), 4, shapes=SP)
    assert impl.is_winning(counts("11115577mEESSWW"), 4, shapes=SP)
    assert not impl.is_winning(counts("11115577mEESSWW"), 4, shapes=SP | SPD)
    assert impl.is_winning(counts("11335577mEESSW"), 4, 1, shapes=SP | SPD)


@pytest.mark.parametrize("impl", IMPLS)
def test_waits(impl):
    assert impl.waits(counts("1112345678999m"), 4) == [(k, False) for k in range(9)]
    assert impl.waits(counts("4444567m123p789s"), 4) == [(3, True), (6, False)]
    assert impl.waits(counts("1111m234p567s789s"), 4) == [(0, True)]
    assert impl.waits(counts("123m456p789sEEE"), 4) == []  # 15 tiles: not one short
    assert impl.waits(counts("19m19p19sESWNCFP"), 4, shapes=TO) == [(k, False) for k in ref.ORPHANS]
    assert impl.waits(counts("19m19p19sESWNCFP"), 4, shapes=TO, kinds_mask=1) == [(0, False)]
    # five naturals of a kind: pung + pair of it
    assert impl.is_winning(counts("11111m234p567s789s"), 4)
    assert not impl.is_winning(counts("1111m234p567s789s"), 4, 1)  # the wild cannot be a 5th 1m
    assert impl.is_winning(counts("1111m234p567s789s"), 4, 1, max_copies=99)
    assert impl.readings(counts("1111m234p567s789s"), 4, 1, max_copies=5) == [
        ((ref.group_code(ref.PAIR, 0), ref.group_code(ref.PUNG, 0), ref.group_code(ref.CHOW, 10),
          ref.group_code(ref.CHOW, 22), ref.group_code(ref.CHOW, 24)), (0,))]


@pytest.mark.parametrize("impl", IMPLS)
def test_long_hands(impl):
    h17 = counts("11122233344456777m")
    assert impl.is_winning(h17, 5) and len(impl.readings(h17, 5)) == 6
    h17w = counts("123m456p789s123sEEE99s")
    h17w[27] -= 1
    h17w[0] -= 1
    assert impl.is_winning(h17w, 5, 2)
    # 23 cards, Nantong: Q/B/H pungs alongside suits
    n23 = counts("QQQBBBHHH123m456p789s777sEE")
    assert sum(n23) == 23
    r = impl.readings(n23, 7)
    assert len(r) == 1 and ref.group_code(ref.PUNG, 34) in r[0][0]
    assert impl.is_winning(n23, 7)
    # a wild cannot be a long card under STANDARD_MASK, but can with all 37 kinds allowed
    n23[34] -= 1
    assert impl.is_winning(n23, 7, 1)  # QQ pair, EE + wild
    assert not any(s == (34,) for _, s in impl.readings(n23, 7, 1))
    assert any(s == (34,) for _, s in impl.readings(n23, 7, 1, ALL_KINDS))


def test_input_types():
    for impl in (fast, ref):
        c = counts("11122233344455m")
        assert impl.readings(bytes(c), 4) == impl.readings(tuple(c), 4) == impl.readings(c[:34], 4)


@pytest.mark.parametrize("impl", IMPLS)
def test_bytes_input(impl):
    """bytes / bytearray / memoryview of counts (the fast path: no per-element ints) == lists."""
    import array

    cases = [("11122233344455m", 4, 0, SP), ("11223344556677m", 4, 0, SP), ("123m456p789sE", 3, 1, 0),
             ("4555666777m", 4, 4, 0), ("11111m234p567s789s", 4, 0, 0), ("1111m234p567s789s", 4, 1, 0),
             ("QQQBBBHHH123m456p789s777sEE", 7, 0, 0), ("19m19p19sESWNCFPP", 4, 0, MCR_SHAPES), ("123m", 4, 0, 0)]
    for text, n_sets, wilds, shapes in cases:
        c = counts(text)
        want = impl.readings(c, n_sets, wilds, shapes=shapes)
        strided = memoryview(bytes(x for v in c for x in (v, 0)))[::2]
        short = [bytes(c[:34])] if not any(c[34:]) else []
        for form in [bytes(c), bytearray(c), memoryview(bytes(c)), array.array("B", c), strided] + short:
            assert impl.readings(form, n_sets, wilds, shapes=shapes) == want, (text, type(form))
            assert impl.is_winning(form, n_sets, wilds, shapes=shapes) == bool(want), (text, type(form))
    one_short = counts("4444567m123p789s")
    assert impl.waits(bytes(one_short), 4) == impl.waits(one_short, 4) == [(3, True), (6, False)]
    with pytest.raises(ValueError):
        impl.is_winning(bytes(38), 4)
    with pytest.raises(ValueError):
        impl.is_winning(array.array("b", [-1] + [0] * 36), 4)


# --------------------------------------------------------------------------------------------
# random hands: _fast == _reference


SHAPES = {4: 14, 5: 17, 7: 23}


def _melds(kinds: int) -> list[tuple[int, ...]]:
    out = [(k, k, k) for k in range(kinds)]
    out += [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6]
    return out


@st.composite
def hands(draw, one_short: bool = False):
    rnd = draw(st.randoms(use_true_random=False))
    n_sets = draw(st.sampled_from([4, 4, 4, 4, 3, 5, 5, 7, 7, 2, 1, 0]))
    kinds = 37 if n_sets == 7 else 34
    flush = rnd.random() < 0.3
    suit = rnd.randrange(3)
    pool = [g for g in _melds(kinds) if not flush or (g[0] // 9 == suit and g[0] < 27)]
    mode = rnd.random()
    c = [0] * 37
    if mode < 0.7:  # built from random groups: mostly winning hands
        tiles = []
        for _ in range(n_sets):
            tiles += rnd.choice(pool)
        pk = 9 * suit + rnd.randrange(9) if flush else rnd.randrange(kinds)
        tiles += [pk, pk]
    elif mode < 0.8 and n_sets == 4:  # seven pairs / special-ish
        ks = [rnd.randrange(9) + 9 * suit if flush else rnd.randrange(kinds) for _ in range(7)]
        tiles = [k for k in ks for _ in range(2)]
    elif mode < 0.85 and n_sets in (3, 4):  # knitted / orphans material
        f = rnd.randrange(6)
        tiles = ref.family_tiles(f)[:] + rnd.sample(range(27, 34), 5) if n_sets == 4 else ref.family_tiles(f) + [5, 5]
        if n_sets == 4 and rnd.random() < 0.5:
            tiles = list(ref.ORPHANS) + [rnd.choice(ref.ORPHANS)]
    else:  # fully random
        size = 3 * n_sets + 2
        kk = list(range(9 * suit, 9 * suit + 9)) if flush else list(range(kinds))
        tiles = [rnd.choice(kk) for _ in range(size)]
    for t in tiles:
        c[t] += 1
    # most hands respect the 4 copies; a few keep a 5th natural
    if rnd.random() < 0.9:
        for k in range(37):
            c[k] = min(c[k], 4)
    flat = [k for k in range(37) for _ in range(c[k])]
    size = 3 * n_sets + 2 - (1 if one_short else 0)
    while len(flat) < size:
        flat.append(rnd.randrange(kinds))
    rnd.shuffle(flat)
    flat = flat[:size]
    wilds = draw(st.sampled_from([0, 0, 1, 1, 2, 2, 3, 4]))
    flat = flat[: len(flat) - wilds]
    c = [0] * 37
    for t in flat:
        c[t] += 1
    wild_mask = draw(st.sampled_from([ref.STANDARD_MASK, ref.STANDARD_MASK, ref.SUITED_MASK, ALL_KINDS,
                                      0x1FF << 9 * suit, rnd.getrandbits(37), 1 << rnd.randrange(34)]))
    max_copies = draw(st.sampled_from([4, 4, 4, 99, 3, 5, 2]))
    shapes = draw(st.sampled_from([0, 0, MCR_SHAPES, SP, SP | SPD, KS, TO | HK]))
    return c, n_sets, wilds, wild_mask, max_copies, shapes


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(hands())
def test_fast_equals_reference(hand):
    c, n_sets, wilds, wild_mask, max_copies, shapes = hand
    args = (n_sets, wilds, wild_mask, max_copies, shapes)
    r_fast = fast.readings(c, *args)
    r_ref = ref.readings(c, *args)
    assert r_fast == r_ref
    assert fast.is_winning(c, *args) == bool(r_fast) == ref.is_winning(c, *args)
    assert fast.readings(bytes(c), *args) == r_fast and fast.is_winning(bytes(c), *args) == bool(r_fast)
    for groups, standins in r_fast:
        assert len(standins) == wilds and list(groups) == sorted(groups)


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(hands(one_short=True))
def test_waits_fast_equals_reference(hand):
    c, n_sets, wilds, wild_mask, max_copies, shapes = hand
    if wilds >= 3 and n_sets == 7:
        wilds = 2
    args = (n_sets, wilds, wild_mask, max_copies, shapes)
    w_fast = fast.waits(c, *args, kinds_mask=ALL_KINDS)
    assert w_fast == ref.waits(c, *args, kinds_mask=ALL_KINDS)
    for t in range(37):
        c2 = list(c)
        c2[t] += 1
        assert fast.is_winning(c2, *args) == any(k == t for k, _ in w_fast)


def brute_force(c, n_sets, wilds, wild_mask, max_copies, shapes):
    """The definition, literally: give every wild a kind, then decompose the natural hand."""
    out = set()
    allowed = [k for k in range(37) if (wild_mask >> k) & 1]
    for standins in itertools.combinations_with_replacement(allowed, wilds):
        c2 = list(c)
        for k in standins:
            c2[k] += 1
        if any(c2[k] > max_copies for k in set(standins)):
            continue
        for groups, _ in ref.readings(c2, n_sets, 0, 0, 0, shapes):
            out.add((groups, standins))
    return sorted(out)


@settings(max_examples=80, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(hands())
def test_reference_equals_brute_force(hand):
    c, n_sets, wilds, wild_mask, max_copies, shapes = hand
    wilds_kept = min(wilds, 2)
    # put back the extra wilds as naturals (keep the total)
    rnd = random.Random(sum(c))
    for _ in range(wilds - wilds_kept):
        c[rnd.randrange(27)] += 1
    args = (n_sets, wilds_kept, wild_mask, max_copies, shapes)
    assert ref.readings(c, *args) == brute_force(c, *args) == fast.readings(c, *args)

# cython: language_level=3
"""Shanten and useful tiles per shape, in C: the compiled twin of ``pure.py``.

Same contract, same definitions (docs/efficiency.md#what-shanten-means). A suit's best partial
counts per (pair, sets) are looked up in a table indexed by its nine counts in base 5, filled the
first time a suit is met (16 four-bit entries a suit, ``q + 1``, 0 for none; an entry never filled
is 0): most holdings then cost a few table reads and small max-plus products.
"""

from libc.stdlib cimport calloc
from libc.stdint cimport uint64_t


cdef extern from *:
    void __builtin_prefetch(const void *addr) nogil

cdef enum:
    MAXS = 7  # sets of the largest hand (Nantong)
    NV = 16  # (pair 0/1) x (sets 0..7)
    SUIT_KEYS = 1953125  # 5 ** 9
    NO = -1

cdef uint64_t *_suit = <uint64_t *> calloc(SUIT_KEYS, sizeof(uint64_t))
cdef uint64_t _honour[5]
cdef uint64_t _honour_sets[14641]  # by the kinds held once, twice, three and four times (0..10 each)
cdef int _pow5[9]
_pow5[0] = 1
for _i in range(1, 9):
    _pow5[_i] = _pow5[_i - 1] * 5
for _i in range(5):
    _honour[_i] = 0
for _i in range(14641):
    _honour_sets[_i] = 0

KNITTED = (
    (0, 3, 6, 10, 13, 16, 20, 23, 26), (0, 3, 6, 11, 14, 17, 19, 22, 25), (1, 4, 7, 9, 12, 15, 20, 23, 26),
    (1, 4, 7, 11, 14, 17, 18, 21, 24), (2, 5, 8, 9, 12, 15, 19, 22, 25), (2, 5, 8, 10, 13, 16, 18, 21, 24),
)
cdef int _knitted[6][9]
for _a in range(6):
    for _i in range(9):
        _knitted[_a][_i] = KNITTED[_a][_i]
cdef int _orphans[13]
for _i, _k in enumerate((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)):
    _orphans[_i] = _k


cdef inline void _unpack(uint64_t packed, signed char *v) noexcept:
    cdef int i
    for i in range(NV):
        v[i] = <signed char> ((packed >> (4 * i)) & 15) - 1


cdef inline uint64_t _pack(signed char *v) noexcept:
    cdef uint64_t out = 0
    cdef int i
    for i in range(NV):
        out |= (<uint64_t> (v[i] + 1)) << (4 * i)
    return out


cdef inline void _fold(signed char *into, signed char *sub, int dp, int dq, int dpair) noexcept:
    cdef int pair, p, q, p2, q2, i
    for pair in range(2 - dpair):
        for p in range(MAXS + 1):
            q = sub[pair * 8 + p]
            if q == NO:
                continue
            p2 = p + dp
            if p2 > MAXS:
                p2 = MAXS
            q2 = q + dq
            if q2 > MAXS - p2:
                q2 = MAXS - p2
            i = (pair + dpair) * 8 + p2
            if q2 > into[i]:
                into[i] = q2


cdef uint64_t _block(int *c, int suited) noexcept:
    """The vector of one suit's (or, not suited, one honour's) counts ``c[0..8]``, memoised."""
    cdef int key = 0, r, i = -1, n, memo = 1
    cdef signed char out[NV]
    cdef signed char sub[NV]
    for r in range(9):
        if c[r] > 4:
            memo = 0  # a fifth copy (a formal wait, a wild's stand-in): worked out, not kept
        key += c[r] * _pow5[r]
        if i < 0 and c[r]:
            i = r
    if memo:
        if suited:
            if _suit[key]:
                return _suit[key]
        elif _honour[c[0]]:
            return _honour[c[0]]
    for r in range(NV):
        out[r] = NO
    if i < 0:
        out[0] = 0
    else:
        n = c[i]
        c[i] -= 1
        _unpack(_block(c, suited), sub)  # left as a single
        _fold(out, sub, 0, 0, 0)
        if n >= 2:
            c[i] -= 1
            _unpack(_block(c, suited), sub)
            _fold(out, sub, 0, 0, 1)  # the pair
            _fold(out, sub, 0, 1, 0)  # a partial pung
            if n >= 3:
                c[i] -= 1
                _unpack(_block(c, suited), sub)
                _fold(out, sub, 1, 0, 0)
                c[i] += 1
            c[i] += 1
        if suited and i <= 7 and c[i + 1]:
            c[i + 1] -= 1
            _unpack(_block(c, suited), sub)
            _fold(out, sub, 0, 1, 0)
            if i <= 6 and c[i + 2]:
                c[i + 2] -= 1
                _unpack(_block(c, suited), sub)
                _fold(out, sub, 1, 0, 0)
                c[i + 2] += 1
            c[i + 1] += 1
        if suited and i <= 6 and c[i + 2]:
            c[i + 2] -= 1
            _unpack(_block(c, suited), sub)
            _fold(out, sub, 0, 1, 0)
            c[i + 2] += 1
        c[i] += 1
    cdef uint64_t packed = _pack(out)
    if memo and suited:
        _suit[key] = packed
    elif memo:
        _honour[c[0]] = packed
    return packed


cdef inline void _combine(signed char *a, signed char *b, signed char *out, int n) noexcept:
    """The max-plus product of two vectors, sets counted up to ``n`` (a split with more sets
    has one with exactly ``n`` and as many partials, which is worth as much)."""
    cdef int pa, sa, qa, pb, sb, qb, q, i
    for i in range(NV):
        out[i] = NO
    for pa in range(2):
        for sa in range(n + 1):
            qa = a[pa * 8 + sa]
            if qa == NO:
                continue
            for pb in range(2 - pa):
                for sb in range(n + 1 - sa):
                    qb = b[pb * 8 + sb]
                    if qb == NO:
                        continue
                    i = (pa + pb) * 8 + sa + sb
                    q = qa + qb
                    if q > MAXS - sa - sb:
                        q = MAXS - sa - sb
                    if q > out[i]:
                        out[i] = q


cdef inline int _value(signed char *v, int n, int fixed) noexcept:
    cdef int best = 2 * n, pair, s, q, p, val, cap
    for pair in range(2):
        for s in range(n + 1):
            q = v[pair * 8 + s]
            if q == NO:
                continue
            p = s + fixed
            if p > n:
                p = n
            cap = n - p
            val = 2 * n - 2 * p - (q if q < cap else cap) - pair
            if val < best:
                best = val
    return best


cdef inline int _pair_value(signed char *a, signed char *b, int n, int fixed) noexcept:
    """``_value(_combine(a, b))`` without building the product."""
    cdef int best = 2 * n, pa, sa, qa, pb, sb, qb, p, cap, q, val
    for pa in range(2):
        for sa in range(n + 1):
            qa = a[pa * 8 + sa]
            if qa == NO:
                continue
            for pb in range(2 - pa):
                for sb in range(n + 1 - sa):
                    qb = b[pb * 8 + sb]
                    if qb == NO:
                        continue
                    p = sa + sb + fixed
                    if p > n:
                        p = n
                    cap = n - p
                    q = qa + qb
                    val = 2 * n - 2 * p - (q if q < cap else cap) - pa - pb
                    if val < best:
                        best = val
    return best


cdef void _thresholds(signed char *others, int n, int fixed, int base, signed char *need) noexcept:
    """For each entry (pair, sets) of one block's vector, the fewest partials it must bring for the
    hand to come below ``base`` with the other blocks ``others`` (99: none will do): a candidate
    tile is useful when its block's new vector reaches one of them."""
    cdef int pb, sb, pa, sa, qa, p, cap, r, q
    for pb in range(2):
        for sb in range(8):
            need[pb * 8 + sb] = 99
        for sb in range(n + 1):
            for pa in range(2 - pb):
                for sa in range(n + 1 - sb):
                    qa = others[pa * 8 + sa]
                    if qa == NO:
                        continue
                    p = sa + sb + fixed
                    if p > n:
                        p = n
                    cap = n - p
                    # 2n - 2p - min(qa + qb, cap) - pa - pb <= base - 1
                    r = 2 * n - 2 * p - pa - pb - base + 1
                    if r > cap:
                        continue
                    q = r - qa
                    if q < 0:
                        q = 0
                    if q < need[pb * 8 + sb]:
                        need[pb * 8 + sb] = q


cdef int _nblocks(int nk) noexcept:
    return 3 + (nk - 27 if nk > 27 else 0)


cdef void _block_of(int *counts, int b, signed char *v) noexcept:
    cdef int c[9]
    cdef int r
    if b < 3:
        for r in range(9):
            c[r] = counts[9 * b + r]
        _unpack(_block(c, 1), v)
    else:
        c[0] = counts[24 + b]
        for r in range(1, 9):
            c[r] = 0
        _unpack(_block(c, 0), v)


cdef int _standard(int *counts, int nk, int n, int fixed) noexcept:
    cdef signed char acc[NV]
    cdef signed char v[NV]
    cdef signed char tmp[NV]
    cdef int classes[5]
    cdef int b, i, k, nb = _nblocks(nk), spilled = 0
    for i in range(5):
        classes[i] = 0
    for k in range(27, nk):
        if counts[k] > 4:
            spilled = 1  # a fifth copy (a wild's stand-in): block by block
        elif counts[k]:
            classes[counts[k]] += 1
    _block_of(counts, 0, acc)
    for b in range(1, 3 if not spilled else nb):
        if b >= 3 and not counts[24 + b]:
            continue
        _block_of(counts, b, v)
        _combine(acc, v, tmp, n)
        for i in range(NV):
            acc[i] = tmp[i]
    if not spilled:
        _unpack(_honours_of(classes), v)
        _combine(acc, v, tmp, n)
        return _value(tmp, n, fixed)
    return _value(acc, n, fixed)


cdef inline int _isolated(int *counts, int k) noexcept:
    cdef int r
    if counts[k]:
        return 0
    if k >= 27:
        return 1
    r = k % 9
    if (r >= 2 and counts[k - 2]) or (r >= 1 and counts[k - 1]) or (r <= 7 and counts[k + 1]) \
            or (r <= 6 and counts[k + 2]):
        return 0
    return 1


cdef uint64_t _honours_of(int *classes) noexcept:
    """The product of the one-kind blocks (honours, Q B H) of a hand holding ``classes[c]`` kinds
    ``c`` times each (c = 1..4): kinds held alike are alike, so it is kept by those four numbers."""
    cdef int key = classes[1] + 11 * (classes[2] + 11 * (classes[3] + 11 * classes[4])), c, i, j
    cdef signed char acc[NV]
    cdef signed char one[NV]
    cdef signed char tmp[NV]
    cdef int single[9]
    if _honour_sets[key]:
        return _honour_sets[key]
    for i in range(NV):
        acc[i] = NO
    acc[0] = 0
    for i in range(1, 9):
        single[i] = 0
    for c in range(1, 5):
        single[0] = c
        _unpack(_block(single, 0), one)
        for j in range(classes[c]):
            _combine(acc, one, tmp, MAXS)
            for i in range(NV):
                acc[i] = tmp[i]
    _honour_sets[key] = _pack(acc)
    return _honour_sets[key]


cdef int _standard_useful_plain(int *counts, int nk, int n, int fixed, char *useful) noexcept:
    """The same, each candidate counted afresh (a one-kind block past four copies)."""
    cdef int base = _standard(counts, nk, n, fixed), k
    for k in range(nk):
        useful[k] = 0
        if (counts[k] >= 4 and base > 0) or _isolated(counts, k):
            continue
        counts[k] += 1
        useful[k] = _standard(counts, nk, n, fixed) < base
        counts[k] -= 1
    return base


cdef int _standard_useful(int *counts, int nk, int n, int fixed, char *useful) noexcept:
    """The standard shanten; ``useful[k]`` set for each kind whose one more copy lowers it.

    Four blocks: the three suits and the one-kind blocks together (honours, Q B H). The product of
    the blocks other than a candidate's, and what that candidate's block must bring to lower the
    count, are worked out once per block; a one-kind candidate depends only on how many it holds."""
    cdef signed char blocks[4][NV]
    cdef signed char prefix[5][NV]
    cdef signed char suffix[5][NV]
    cdef signed char others[NV]
    cdef signed char v[NV]
    cdef signed char fewer[NV]
    cdef signed char one[NV]
    cdef int classes[5]
    cdef int single[9]
    cdef char honour_verdict[6]
    cdef int nb = 4, b, i, k, r, c, base
    cdef int keys[3]
    cdef signed char need[4][NV]
    cdef char needed[4]
    for c in range(5):
        classes[c] = 0
    for c in range(6):
        honour_verdict[c] = -1
    for k in range(27, nk):
        if counts[k] > 4:
            return _standard_useful_plain(counts, nk, n, fixed, useful)
        if counts[k]:
            classes[counts[k]] += 1
    for b in range(3):
        keys[b] = 0
        for r in range(9):
            if counts[9 * b + r] > 4:
                keys[b] = -1  # no table entry for a suit past four copies
                break
            keys[b] += counts[9 * b + r] * _pow5[r]
        if keys[b] >= 0:
            for r in range(9):
                if counts[9 * b + r] < 4:
                    # the entries the candidates will read: fetched while the products are made
                    __builtin_prefetch(&_suit[keys[b] + _pow5[r]])
    for b in range(3):
        _block_of(counts, b, blocks[b])
    _unpack(_honours_of(classes), blocks[3])
    for b in range(nb):
        needed[b] = 0
    for i in range(NV):
        prefix[0][i] = NO
        suffix[nb][i] = NO
    prefix[0][0] = 0
    suffix[nb][0] = 0
    for b in range(nb):
        _combine(prefix[b], blocks[b], prefix[b + 1], n)
    for b in range(nb - 1, -1, -1):
        _combine(suffix[b + 1], blocks[b], suffix[b], n)
    base = _value(prefix[nb], n, fixed)
    for k in range(nk):
        useful[k] = 0
    for i in range(1, 9):
        single[i] = 0
    for k in range(nk):
        if (counts[k] >= 4 and base > 0) or _isolated(counts, k):
            continue
        b = k // 9 if k < 27 else 3
        if not needed[b]:
            _combine(prefix[b], suffix[b + 1], others, n)
            _thresholds(others, n, fixed, base, need[b])
            needed[b] = 1
        if b == 3:
            c = counts[k]
            if honour_verdict[c] < 0:
                # the one-kind blocks with this kind held once more
                classes[c] -= 1
                _unpack(_honours_of(classes), fewer)
                classes[c] += 1
                single[0] = c + 1
                _unpack(_block(single, 0), one)
                _combine(fewer, one, v, MAXS)
                honour_verdict[c] = 0
                for i in range(NV):
                    if v[i] != NO and v[i] >= need[b][i]:
                        honour_verdict[c] = 1
                        break
            useful[k] = honour_verdict[c]
            continue
        if counts[k] < 4 and keys[b] >= 0 and _suit[keys[b] + _pow5[k % 9]]:
            _unpack(_suit[keys[b] + _pow5[k % 9]], v)  # the usual case: one table read
        else:
            counts[k] += 1
            _block_of(counts, b, v)
            counts[k] -= 1
        for i in range(NV):
            if v[i] != NO and v[i] >= need[b][i]:
                useful[k] = 1
                break
    return base


cdef int _read(object counts, int *out) except -1:
    cdef int nk = len(counts), k
    if nk != 34 and nk != 37:
        raise ValueError("counts: 34 or 37 kinds")
    for k in range(nk):
        out[k] = counts[k]
        if out[k] < 0 or out[k] > 8:
            raise ValueError("counts: 0 to 8 copies of a kind")
    return nk


cdef list _kinds(char *useful, int nk):
    return [k for k in range(nk) if useful[k]]


def standard(counts, int n_sets=4, int fixed=0):
    cdef int c[37]
    cdef int nk = _read(counts, c)
    return _standard(c, nk, n_sets, fixed)


def standard_useful(counts, int n_sets=4, int fixed=0):
    cdef int c[37]
    cdef char useful[37]
    cdef int nk = _read(counts, c)
    cdef int v = _standard_useful(c, nk, n_sets, fixed, useful)
    return v, _kinds(useful, nk)


cdef int _seven_pairs(int *c, int nk, char *useful) noexcept:
    cdef int pairs = 0, k
    for k in range(nk):
        pairs += c[k] // 2
        useful[k] = c[k] % 2
    return 6 - pairs


cdef int _seven_different_pairs(int *c, int nk, char *useful) noexcept:
    cdef int pairs = 0, kinds = 0, k
    for k in range(nk):
        pairs += c[k] >= 2
        kinds += c[k] > 0
    for k in range(nk):
        useful[k] = c[k] == 1 or (c[k] == 0 and kinds < 7)
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


cdef int _thirteen_orphans(int *c, int nk, char *useful) noexcept:
    cdef int held = 0, paired = 0, i, k
    for k in range(nk):
        useful[k] = 0
    for i in range(13):
        k = _orphans[i]
        if c[k]:
            held += 1
            if c[k] > 1:
                paired = 1
    for i in range(13):
        k = _orphans[i]
        useful[k] = not (paired and c[k])
    return (12 if paired else 13) - held


cdef int _honors_knitted(int *c, int nk, char *useful) noexcept:
    cdef int best = 99, a, i, k, v
    for k in range(nk):
        useful[k] = 0
    for a in range(6):
        v = 13
        for i in range(9):
            if c[_knitted[a][i]]:
                v -= 1
        for k in range(27, 34):
            if c[k]:
                v -= 1
        if v > best:
            continue
        if v < best:
            best = v
            for k in range(nk):
                useful[k] = 0
        for i in range(9):
            if not c[_knitted[a][i]]:
                useful[_knitted[a][i]] = 1
        for k in range(27, 34):
            if not c[k]:
                useful[k] = 1
    return best


cdef int _knitted_straight(int *c, int nk, int fixed, char *useful, int want=1) noexcept:
    cdef int rest[37]
    cdef char here[37]
    cdef int values[6]
    cdef int best = 99, a, i, k, missing
    cdef int lacking[6]
    for a in range(6):
        lacking[a] = 0
        for i in range(9):
            if not c[_knitted[a][i]]:
                lacking[a] += 1
    cdef int bound = 99
    for a in range(6):
        if lacking[a] + 2 < bound:
            bound = lacking[a] + 2  # the rest is worth 2 at worst
    for a in range(6):
        values[a] = 99
        if lacking[a] - 1 > (best if best < bound else bound):
            continue  # the rest is worth -1 at best: this one cannot reach the best
        for k in range(nk):
            rest[k] = c[k]
        missing = lacking[a]
        for i in range(9):
            k = _knitted[a][i]
            if rest[k]:
                rest[k] -= 1
        # the rest is one set and a pair: the standard count with one set to make (the same value
        # as four sets with the straight's three made, in smaller loops)
        values[a] = missing + _standard(rest, nk, 1, fixed)
        if values[a] < best:
            best = values[a]
    if not want:
        return best
    for k in range(nk):
        useful[k] = 0
    for a in range(6):
        if values[a] != best:
            continue
        for k in range(nk):
            rest[k] = c[k]
        for i in range(9):
            k = _knitted[a][i]
            if rest[k]:
                rest[k] -= 1
            else:
                useful[k] = 1
        _standard_useful(rest, nk, 1, fixed, here)
        for k in range(nk):
            if here[k]:
                useful[k] = 1
    return best


ctypedef int (*ShapeShanten)(int *c, int nk, char *useful) noexcept


cdef tuple _one_shape(object counts, ShapeShanten shape):
    """A fixed-list shape's shanten and useful kinds, for the counts as the Python caller gives them."""
    cdef int c[37]
    cdef char useful[37]
    cdef int nk = _read(counts, c)
    cdef int v = shape(c, nk, useful)
    return v, _kinds(useful, nk)


def seven_pairs(counts):
    return _one_shape(counts, _seven_pairs)


def seven_different_pairs(counts):
    return _one_shape(counts, _seven_different_pairs)


def thirteen_orphans(counts):
    return _one_shape(counts, _thirteen_orphans)


def honors_and_knitted(counts):
    return _one_shape(counts, _honors_knitted)


def knitted_straight(counts, int fixed=0):
    cdef int c[37]
    cdef char useful[37]
    cdef int nk = _read(counts, c)
    cdef int v = _knitted_straight(c, nk, fixed, useful)
    return v, _kinds(useful, nk)


# --- every shape at once --------------------------------------------------------------------------

# shape flags, as scorer.decompose's (the standard shape is 0)
SEVEN_PAIRS, THIRTEEN_ORPHANS, HONORS_KNITTED, KNITTED_STRAIGHT = 1, 2, 4, 8
SEVEN_DIFFERENT_PAIRS = 32  # seven pairs of seven different kinds (riichi); 16 is Fuzhou's three golds
SHAPE_ORDER = (0, SEVEN_PAIRS, SEVEN_DIFFERENT_PAIRS, THIRTEEN_ORPHANS, HONORS_KNITTED, KNITTED_STRAIGHT)


cdef object _mask(char *useful, int nk):
    cdef unsigned long long m = 0
    cdef int k
    for k in range(nk):
        if useful[k]:
            m |= 1ULL << k
    return m


cdef int _shape(int flag, int *c, int nk, int n, int fixed, char *useful, int want) noexcept:
    """One shape's shanten, and its useful kinds when ``want``."""
    if flag == 0:
        if want:
            return _standard_useful(c, nk, n, fixed, useful)
        return _standard(c, nk, n, fixed)
    if flag == SEVEN_PAIRS:
        return _seven_pairs(c, nk, useful)
    if flag == SEVEN_DIFFERENT_PAIRS:
        return _seven_different_pairs(c, nk, useful)
    if flag == THIRTEEN_ORPHANS:
        return _thirteen_orphans(c, nk, useful)
    if flag == HONORS_KNITTED:
        return _honors_knitted(c, nk, useful)
    return _knitted_straight(c, nk, fixed, useful, want)


def shapes(counts, int n_sets, int fixed, int flags):
    """``[(flag, shanten, useful bit mask)]`` for the standard shape and each shape in ``flags``."""
    cdef int c[37]
    cdef char useful[37]
    cdef int nk = _read(counts, c), v
    out = []
    for flag in SHAPE_ORDER:
        if flag and not flags & flag:
            continue
        v = _shape(flag, c, nk, n_sets, fixed, useful, 1)
        out.append((flag, v, _mask(useful, nk)))
    return out


cdef int _knitted_bound(int *c) noexcept:
    """A floor under the knitted straight's count: the fewest knitted tiles missing, less one (the
    rest complete)."""
    cdef int a, i, lacking, low = 99
    for a in range(6):
        lacking = 0
        for i in range(9):
            if not c[_knitted[a][i]]:
                lacking += 1
        if lacking < low:
            low = lacking
    return low - 1


def best(counts, int n_sets, int fixed, int flags):
    """``(shanten, useful bit mask)`` over the standard shape and the shapes in ``flags``: the
    fewest steps, and the kinds that lower it (the union over the shapes at that fewest)."""
    cdef int c[37]
    cdef char useful[37]
    cdef int values[6]
    cdef int nk = _read(counts, c), i, k, flag, low = 99
    cdef unsigned long long mask = 0
    for i in range(6):
        flag = SHAPE_ORDER[i]
        values[i] = 99
        if flag and not flags & flag:
            continue
        if flag == KNITTED_STRAIGHT and _knitted_bound(c) > low:
            continue  # it cannot come down to the fewest: its count is not needed
        values[i] = _shape(flag, c, nk, n_sets, fixed, useful, 0)
        if values[i] < low:
            low = values[i]
    for i in range(6):
        if values[i] != low:
            continue
        _shape(SHAPE_ORDER[i], c, nk, n_sets, fixed, useful, 1)
        for k in range(nk):
            if useful[k]:
                mask |= 1ULL << k
    return low, mask

# Included by _fast.pyx: the win check with wilds, group by group. For each tile group, the set of
# wild counts w (bit w) with which its naturals complete, as sets only (A) and as sets and the pair
# (B): read from the tables when they can answer, else from the exact search. The hand wins iff the
# W wilds can be shared so that every group completes and exactly one takes the pair: sumsets of the
# groups' sets.

cdef inline int _sets_needed(int n, int w, int pair) noexcept:
    """How many sets n naturals and w wilds make (with the pair or not); -1 if they can't."""
    cdef int t = n + w - 2 * pair
    if t < 0 or t % 3:
        return -1
    return t // 3


cdef int _group_wild_counts(int g, const int *c, const int *orig, const int *used, u64 wmask, int cap, int W,
                            int *A, int *B) except -1:
    """Sets of wild counts (bit w) with which group g completes: A sets only, B sets + pair."""
    cdef int base = GROUP_FIRST_KIND[g], nk = GROUP_KINDS[g], t = GROUP_TABLE[g]
    cdef int i, k, v, key = 0, n = 0, pre = 0, maxo = 0, ok = W <= TABLE_MAX_WILDS
    cdef int full = (1 << nk) - 1, gm, b, u, r0, r1, w, s
    cdef GroupSearch x
    gm = <int>((wmask >> base) & <u64>full)
    for i in range(nk - 1, -1, -1):
        k = base + i
        v = c[k]
        if v > 4:
            ok = 0
        if ok:
            key = key * 5 + v
        n += v
        if orig[k] != v or used[k] != 0:
            pre = 1
        if orig[k] + used[k] > maxo:
            maxo = orig[k] + used[k]
    if ok:
        r0 = (3 - n % 3) % 3
        r1 = (5 - n % 3) % 3
        if gm == 0 or W == 0:
            b = CAPPED_TABLES[t][key]
            A[0] = CAPPED_WILD_COUNTS[b & 7][r0] & 1
            B[0] = CAPPED_WILD_COUNTS[(b >> 3) & 7][r1] & 1
            return 0
        if gm == full:
            if cap >= maxo + W:
                u = UNCAPPED_TABLES[t][key]
                A[0] = UNCAPPED_WILD_COUNTS[u & 15]
                B[0] = UNCAPPED_WILD_COUNTS[u >> 4]
                return 0
            if cap == 4 and not pre:
                b = CAPPED_TABLES[t][key]
                A[0] = CAPPED_WILD_COUNTS[b & 7][r0]
                B[0] = CAPPED_WILD_COUNTS[(b >> 3) & 7][r1]
                return 0
    # fallback: the exact recursion, once per candidate wild count
    _search_init(&x, g, c, orig, used, wmask, cap)
    A[0] = 0
    B[0] = 0
    for w in range(W + 1):
        s = _sets_needed(n, w, 0)
        if s >= 0 and _search_group(&x, w, 0, s, NULL):
            A[0] |= 1 << w
        s = _sets_needed(n, w, 1)
        if s >= 0 and _search_group(&x, w, 1, s, NULL):
            B[0] |= 1 << w
    return 0


cdef extern from *:
    int __builtin_ctz(unsigned int x) nogil


cdef inline int _sumset(int a, int b, int lim) noexcept:
    """{x + y : x in a, y in b} as bit sets, kept to lim."""
    cdef int r = 0
    if a == 0:
        return 0
    b &= lim
    while b:
        r |= a << __builtin_ctz(<unsigned int>b)
        b &= b - 1
    return r & lim


cdef inline int _combine_groups(const int *A, const int *B, int W) noexcept:
    """Whether W wilds can be shared among the five groups so that each completes, one with the pair."""
    cdef int s0 = 1, s1 = 0, g, lim = (1 << (W + 1)) - 1
    for g in range(5):
        if A[g] & lim == 1 and B[g] & lim == 0:  # a group that takes no wild and no pair: no change
            continue
        s1 = _sumset(s1, A[g], lim) | _sumset(s0, B[g], lim)
        s0 = _sumset(s0, A[g], lim)
        if not (s0 | s1):
            return 0
    return (s1 >> W) & 1


cdef int _standard_win(const int *c, const int *orig, const int *used, int W, u64 wmask, int cap) except -1:
    """The standard shape (sets and a pair) with W wilds, group by group."""
    cdef int A[5]
    cdef int B[5]
    cdef int g
    for g in range(5):
        _group_wild_counts(g, c, orig, used, wmask, cap, W, &A[g], &B[g])
    return _combine_groups(A, B, W)

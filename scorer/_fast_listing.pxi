# Included by _fast.pyx: listing every standard reading (the sets and the pair) of a hand with wilds
# or a count above 4, and of what is left beside a knitted straight. Per tile group, its distinct
# readings with w wilds and the pair or not (_group_records, from the exact search), computed once
# each; then their cross product over the five groups, entered only where the wild-count sets say
# the rest can still complete, so every branch yields readings; sorted as records, then made into
# tuples.

cdef bytes _group_records(int g, const int *c, const int *orig, const int *used, u64 wmask, int cap, int w,
                          int pair, int *ngroups):
    """The distinct readings of group g with w wilds (and the pair or not) as sorted fixed-width
    records (group codes sorted, then the kinds the wilds stand for), in one bytes object;
    ``ngroups`` gets the codes per record. None when the group's tiles cannot make whole sets."""
    cdef GroupSearch x
    cdef Collect out
    cdef int k, n = 0, s
    cdef Py_ssize_t i, kept = 0
    cdef unsigned char *rec
    for k in range(GROUP_FIRST_KIND[g], GROUP_FIRST_KIND[g] + GROUP_KINDS[g]):
        n += c[k]
    s = _sets_needed(n, w, pair)
    if s < 0:
        return None
    ngroups[0] = s + pair
    if s + pair + w == 0:
        return b""  # nothing in the group: one empty reading
    _search_init(&x, g, c, orig, used, wmask, cap)
    out.buf = NULL
    out.n = 0
    out.cap = 0
    out.width = s + pair + w  # the sets and the pair, then one kind per wild
    try:
        _search_group(&x, w, pair, s, &out)
        if out.n > 1:
            _sort_records(&out)
        for i in range(out.n):  # drop duplicates (adjacent once sorted)
            rec = out.buf + i * out.width
            if kept and memcmp(out.buf + (kept - 1) * out.width, rec, out.width) == 0:
                continue
            if kept != i:
                memcpy(out.buf + kept * out.width, rec, out.width)
            kept += 1
        if kept == 0:
            return None  # the tiles and wilds fit no reading
        return PyBytes_FromStringAndSize(<char *>out.buf, kept * out.width)
    finally:
        free(out.buf)


cdef int _list_standard(const int *c, const int *orig, const int *used, int W, u64 wmask, int cap,
                        tuple prefix, list out) except -1:
    """Append every standard reading (plus the prefix groups) to out, in order."""
    cdef int A[5]
    cdef int B[5]
    cdef int S0[6]
    cdef int S1[6]
    cdef int g, lim = (1 << (W + 1)) - 1
    for g in range(5):
        _group_wild_counts(g, c, orig, used, wmask, cap, W, &A[g], &B[g])
    # suffix sumsets: S0[g] wild counts groups g.. can absorb without the pair, S1[g] with it
    S0[5] = 1
    S1[5] = 0
    for g in range(4, -1, -1):
        S0[g] = _sumset(S0[g + 1], A[g], lim)
        S1[g] = _sumset(S1[g + 1], A[g], lim) | _sumset(S0[g + 1], B[g], lim)
    if not (S1[0] >> W) & 1:
        return 0
    return _cross_records(c, orig, used, W, wmask, cap, A, B, S0, S1, prefix, out)


cdef struct CrossProduct:
    const unsigned char *recs[5][MAX_WILDS + 1][2]  # per group, wilds, pair: its records (NULL: not listed)
    Py_ssize_t nrecs[5][MAX_WILDS + 1][2]
    int ngroups[5][MAX_WILDS + 1][2]
    int codes[40]
    int ncodes
    unsigned char kinds[40]
    int nkinds
    Collect out


cdef int _cross_records(const int *c, const int *orig, const int *used, int W, u64 wmask, int cap,
                        int *A, int *B, int *S0, int *S1, tuple prefix, list out) except -1:
    """_cross on records: the cross product of the groups' sorted records built in C, every
    reading one record (its codes sorted, then its stand-ins, already in kind order: the groups go
    in kind order), sorted, then made into tuples. Appends them to out in sorted order."""
    cdef CrossProduct x
    cdef list keep = []  # the bytes objects x.recs point into
    cdef Py_ssize_t i
    cdef int ngroups = 0
    memset(&x.nrecs, 0, sizeof(x.nrecs))
    memset(&x.recs, 0, sizeof(x.recs))
    x.ncodes = 0
    for code in prefix:  # groups every reading holds (the knitted straight's)
        x.codes[x.ncodes] = <int>code
        x.ncodes += 1
    x.nkinds = 0
    x.out.buf = NULL
    x.out.n = 0
    x.out.cap = 0
    x.out.width = 0
    try:
        _cross_group(&x, 0, W, 1, c, orig, used, wmask, cap, A, B, S0, S1, keep)
        if x.out.n > 1:
            _sort_records(&x.out)
        ngroups = x.out.width - W
        for i in range(x.out.n):
            out.append(_record_tuple(x.out.buf + i * x.out.width, ngroups, x.out.width))
    finally:
        free(x.out.buf)
    return 0


cdef int _cross_group(CrossProduct *x, int g, int wl, int pl, const int *c, const int *orig, const int *used,
                      u64 wmask, int cap, int *A, int *B, int *S0, int *S1, list keep) except -1:
    """Groups g.. of _cross_records with wl wilds and pl pairs left: each of group g's readings
    the sets allow, then the next group; at g == 5 one record of the reading built so far."""
    cdef int w, p, m, rest, j, v, ng, width, nc0, nk0
    cdef Py_ssize_t i, n
    cdef const unsigned char *rec
    cdef unsigned char *dst
    cdef unsigned char *grown
    if g == 5:
        if x.out.width == 0:
            x.out.width = x.ncodes + x.nkinds
        if x.out.n == x.out.cap:
            x.out.cap = 64 if x.out.cap == 0 else 2 * x.out.cap
            grown = <unsigned char *>realloc(x.out.buf, x.out.cap * x.out.width)
            if grown == NULL:
                raise MemoryError()
            x.out.buf = grown
        dst = x.out.buf + x.out.n * x.out.width
        for i in range(x.ncodes):  # the codes sorted (insertion: a few of them)
            v = x.codes[i]
            j = <int>i
            while j > 0 and dst[j - 1] > v:
                dst[j] = dst[j - 1]
                j -= 1
            dst[j] = <unsigned char>v
        memcpy(dst + x.ncodes, x.kinds, x.nkinds)
        x.out.n += 1
        return 0
    for p in range(pl + 1):
        m = B[g] if p else A[g]
        rest = S1[g + 1] if pl - p else S0[g + 1]
        for w in range(wl + 1):
            if not ((m >> w) & 1 and (rest >> (wl - w)) & 1):
                continue
            if x.nrecs[g][w][p] == 0 and x.recs[g][w][p] == NULL:
                recs = _group_records(g, c, orig, used, wmask, cap, w, p, &ng)
                if recs is None:
                    recs = b""
                    ng = -1
                keep.append(recs)
                x.recs[g][w][p] = <const unsigned char *>PyBytes_AS_STRING(recs)
                x.ngroups[g][w][p] = ng
                width = ng + w
                x.nrecs[g][w][p] = (PyBytes_GET_SIZE(recs) // width if width > 0 else 1) if ng >= 0 else 0
            n = x.nrecs[g][w][p]
            ng = x.ngroups[g][w][p]
            width = ng + w
            nc0 = x.ncodes
            nk0 = x.nkinds
            for i in range(n):
                rec = x.recs[g][w][p] + i * width
                for j in range(ng):
                    x.codes[x.ncodes] = rec[j]
                    x.ncodes += 1
                for j in range(ng, width):
                    x.kinds[x.nkinds] = rec[j]
                    x.nkinds += 1
                _cross_group(x, g + 1, wl - w, pl - p, c, orig, used, wmask, cap, A, B, S0, S1, keep)
                x.ncodes = nc0
                x.nkinds = nk0
    return 0

# Included by _fast.pyx: listing the readings of a natural hand (no wilds, every count <= 4), the
# common case. Each group's own listing depends only on its counts, so it is cached across calls by
# its table key, as ready-made group codes; a hand's readings are the cross product of its groups'
# listings, assembled and (up to MAX_SORTED_IN_C of them) sorted in C.
#
# The cache is an open-addressing table (no Python int or dict per lookup): slot key is
# key * 5 + group + 1 (0 = empty), the value a bytes object the table holds a reference to.
# Entries are never removed or replaced (so pointers into them stay valid); past the bound, misses
# go uncached.

cdef enum:
    NATURAL_CACHE_BITS = 18
    NATURAL_CACHE_SLOTS = 1 << NATURAL_CACHE_BITS
    NATURAL_CACHE_MAX = NATURAL_CACHE_SLOTS // 2       # filled at most half: probes stay short
cdef unsigned int *NATURAL_CACHE_KEYS = NULL     # slot -> key * 5 + group + 1, 0 when empty
cdef PyObject **NATURAL_CACHE_LISTINGS = NULL     # slot -> the group's listing (bytes of group codes)
cdef Py_ssize_t NATURAL_CACHE_FILLED = 0          # slots in use


cdef bytes _natural_group_listing(int g, const int *c, int key, int pair):
    """Group g's listing (bytes of group codes, each reading n // 3 + pair of them) from the cache,
    or computed and cached."""
    global NATURAL_CACHE_KEYS, NATURAL_CACHE_LISTINGS, NATURAL_CACHE_FILLED
    cdef unsigned int k = <unsigned int>key * 5 + <unsigned int>g + 1
    cdef unsigned int h = (k * <unsigned int>2654435761) >> (32 - NATURAL_CACHE_BITS)
    if NATURAL_CACHE_KEYS == NULL:
        NATURAL_CACHE_KEYS = <unsigned int *>calloc(NATURAL_CACHE_SLOTS, sizeof(unsigned int))
        NATURAL_CACHE_LISTINGS = <PyObject **>calloc(NATURAL_CACHE_SLOTS, sizeof(PyObject *))
        if NATURAL_CACHE_KEYS == NULL or NATURAL_CACHE_LISTINGS == NULL:
            raise MemoryError()
    while NATURAL_CACHE_KEYS[h]:
        if NATURAL_CACHE_KEYS[h] == k:
            return <bytes>NATURAL_CACHE_LISTINGS[h]
        h = (h + 1) & (NATURAL_CACHE_SLOTS - 1)
    cdef int ngroups
    recs = _group_records(g, c, c, NO_WILDS_PLACED, 0, 4, 0, pair, &ngroups)  # no wilds: the records are the codes
    cdef bytes r = b"" if recs is None else recs
    if NATURAL_CACHE_FILLED < NATURAL_CACHE_MAX:
        _incref(<PyObject *>r)
        NATURAL_CACHE_KEYS[h] = k
        NATURAL_CACHE_LISTINGS[h] = <PyObject *>r
        NATURAL_CACHE_FILLED += 1
    return r


cdef enum:
    MAX_SORTED_IN_C = 32  # readings sorted in C before they become tuples (more: Python sorts them)


cdef int _list_natural(const int *c, const int *keys, const int *ns, list out) except -1:
    """Append the standard readings of a natural winning hand (tables said yes) to out; 1 when
    they went in sorted (the usual case), 0 when the caller must sort them."""
    cdef const unsigned char *P[5]
    cdef int M[5]
    cdef int R[5]
    cdef int I[5]
    cdef unsigned char buf[64]
    cdef unsigned char found[MAX_SORTED_IN_C][64]
    cdef int order[MAX_SORTED_IN_C]
    cdef int G = 0, g, j, i, pos = 0, m, pair, nfound = 0, overflow = 0
    cdef unsigned char v
    cdef bytes r
    cdef list hold = None
    for g in range(5):
        if ns[g] == 0:
            continue
        pair = ns[g] % 3 == 2
        if NATURAL_CACHE_FILLED >= NATURAL_CACHE_MAX:  # r may not be in the cache: keep it alive here
            if hold is None:
                hold = []
            r = _natural_group_listing(g, c, keys[g], pair)
            hold.append(r)
        else:
            r = _natural_group_listing(g, c, keys[g], pair)
        m = ns[g] // 3 + pair
        P[G] = <const unsigned char *>PyBytes_AS_STRING(r)
        M[G] = m
        R[G] = <int>(PyBytes_GET_SIZE(r) // m)
        I[G] = 0
        if R[G] == 0:
            return 1
        G += 1
    while True:
        pos = 0
        for j in range(G):
            memcpy(&buf[pos], P[j] + I[j] * M[j], M[j])
            pos += M[j]
        for i in range(1, pos):  # insertion sort: the groups of one reading ascending
            v = buf[i]
            j = i
            while j > 0 and buf[j - 1] > v:
                buf[j] = buf[j - 1]
                j -= 1
            buf[j] = v
        if nfound < MAX_SORTED_IN_C:
            memcpy(found[nfound], buf, pos)
            nfound += 1
        else:
            overflow = 1
            out.append(_codes_tuple(buf, pos))
        j = G - 1
        while j >= 0:
            I[j] += 1
            if I[j] < R[j]:
                break
            I[j] = 0
            j -= 1
        if j < 0:
            break
    # every reading has the same number of groups: byte order is the tuples' order
    for i in range(nfound):
        order[i] = i
    for i in range(1, nfound):
        m = order[i]
        j = i
        while j > 0 and memcmp(found[order[j - 1]], found[m], pos) > 0:
            order[j] = order[j - 1]
            j -= 1
        order[j] = m
    for i in range(nfound):
        out.append(_codes_tuple(found[order[i]], pos))
    return not overflow


cdef tuple _codes_tuple(const unsigned char *codes, int n):
    """``(groups, ())`` of one natural reading (see _record_tuple)."""
    return _record_tuple(codes, n, n)

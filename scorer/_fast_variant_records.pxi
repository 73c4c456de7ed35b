# Included by _fast.pyx: one tile group's readings as records, and the best reading per key among
# them, for the wild-tile variants' per-group tables (scorer/wildsplit.py): no tuple per reading.

def group_records(counts, int g, int w, int pair, wild_mask=STANDARD_MASK, int max_copies=4):
    """Tile group ``g``'s own readings (0-2 the suits, 3 the honours) with ``w`` wilds and the
    pair or not, in the order ``readings`` lists them: ``(records, ngroups)``, each record
    ``ngroups + w`` bytes (the sorted group codes, then the kinds the wilds stand for), or None
    when the group's tiles fit no reading."""
    cdef int c[N_KINDS]
    cdef int ngroups = 0
    _load_counts(counts, c)
    _check_args(w, max_copies)
    if g < 0 or g > 3 or pair < 0 or pair > 1:
        raise ValueError("group 0-3, pair 0 or 1")
    recs = _group_records(g, c, c, NO_WILDS_PLACED, _mask_bits(wild_mask), max_copies, w, pair, &ngroups)
    if recs is None:
        return None
    return recs, ngroups


def record_reading(bytes records, Py_ssize_t index, int ngroups, int width):
    """Record ``index`` of ``group_records`` as ``(groups, stand-ins)``, as ``readings`` gives it."""
    if width == 0:
        return ((), ())
    if index < 0 or (index + 1) * width > PyBytes_GET_SIZE(records):
        raise IndexError("no such record")
    return _record_tuple(<const unsigned char *>PyBytes_AS_STRING(records) + index * width, ngroups, width)


def best_per_key(bytes records, int ngroups, int width, bytes codes, list points, list fans,
                 int counted_kind, tuple extra_fans, bint split_chows):
    """For each key (fans, has a chow) in the order keys first appear among the records: the most
    points a record reaches with that key and the first record reaching them, as a list of
    ``(fans, has_chow, points, index)``. A record's points and fans are the sums, over its group
    codes, of ``points[i]`` and ``fans[i]`` where ``codes[i]`` is the code (``record_codes``: every
    code the records hold), plus ``extra_fans[k]`` fans when ``k`` of its wilds stand for
    ``counted_kind`` (-1: none); has_chow is ``split_chows`` and its last code a chow."""
    cdef int P[256]
    cdef int F[256]
    cdef int kf[64]
    cdef int kc[64]
    cdef int kp[64]
    cdef Py_ssize_t ki[64]
    cdef int nkeys = 0, i, j, pts, fs, chow, k, nextra = len(extra_fans)
    cdef Py_ssize_t r, n
    cdef const unsigned char *rec
    cdef const unsigned char *base
    if len(points) != len(codes) or len(fans) != len(codes):
        raise ValueError("points and fans: one entry per code")
    memset(P, 0, sizeof(P))
    memset(F, 0, sizeof(F))
    for i in range(len(codes)):
        P[<unsigned char>codes[i]] = points[i]
        F[<unsigned char>codes[i]] = fans[i]
    n = 1 if width == 0 else PyBytes_GET_SIZE(records) // width
    base = <const unsigned char *>PyBytes_AS_STRING(records)
    for r in range(n):
        rec = base + r * width
        pts = 0
        fs = 0
        for j in range(ngroups):
            pts += P[rec[j]]
            fs += F[rec[j]]
        if counted_kind >= 0:
            k = 0
            for j in range(ngroups, width):
                k += rec[j] == counted_kind
            if k >= nextra:
                raise ValueError("extra_fans too short")
            fs += <int>extra_fans[k]
        chow = split_chows and ngroups > 0 and (rec[ngroups - 1] >> 6) == CODE_CHOW
        for i in range(nkeys):
            if kf[i] == fs and kc[i] == chow:
                if pts > kp[i]:
                    kp[i] = pts
                    ki[i] = r
                break
        else:
            if nkeys == 64:
                raise ValueError("too many keys")
            kf[nkeys] = fs
            kc[nkeys] = chow
            kp[nkeys] = pts
            ki[nkeys] = r
            nkeys += 1
    return [(kf[i], bool(kc[i]), kp[i], ki[i]) for i in range(nkeys)]


def record_codes(bytes records, int ngroups, int width):
    """The distinct group codes of ``group_records``' records, ascending, as bytes."""
    cdef unsigned char seen[256]
    cdef Py_ssize_t r, n
    cdef int j
    cdef const unsigned char *base = <const unsigned char *>PyBytes_AS_STRING(records)
    memset(seen, 0, sizeof(seen))
    n = 0 if width == 0 else PyBytes_GET_SIZE(records) // width
    for r in range(n):
        for j in range(ngroups):
            seen[base[r * width + j]] = 1
    return bytes([j for j in range(256) if seen[j]])


def first_with_all(bytes records, int ngroups, int width, bytes codes):
    """The first record of ``group_records`` without every one of ``codes`` among its group
    codes, and the first with all of them: ``(index or -1, index or -1)``."""
    cdef Py_ssize_t r, n, without = -1, with_ = -1
    cdef int j, k, found, m = len(codes)
    cdef const unsigned char *base = <const unsigned char *>PyBytes_AS_STRING(records)
    cdef const unsigned char *want = <const unsigned char *>PyBytes_AS_STRING(codes)
    cdef const unsigned char *rec
    n = 1 if width == 0 else PyBytes_GET_SIZE(records) // width
    for r in range(n):
        rec = base + r * width
        found = 0
        for k in range(m):
            for j in range(ngroups):
                if rec[j] == want[k]:
                    found += 1
                    break
        if found == m:
            if with_ < 0:
                with_ = r
        elif without < 0:
            without = r
        if with_ >= 0 and without >= 0:
            break
    return without, with_

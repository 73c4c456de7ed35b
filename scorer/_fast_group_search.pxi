# Included by _fast.pyx: the exact search inside one tile group, for what the tables cannot answer
# (a count above 4, a partial wild mask over the group, an unusual cap, wilds already placed by a
# knitted straight) and for every listing with wilds. Canonical order, so that no branch repeats
# another's work: the lowest natural first (a pung, a chow with it as 1st / 2nd / 3rd member, the
# pair), then the groups made of wilds alone in nondecreasing order. With no Collect it stops at the
# first completion (a yes / no); with one it records every reading (a reading reached twice is
# dropped once the records are sorted).

cdef struct GroupSearch:
    int first_kind  # the group's first kind
    int nkinds      # its number of kinds
    int chows       # whether its sets may be chows (the suits)
    int cap         # the most copies of a kind, wilds included
    int left[9]     # naturals left
    int natural[9]  # naturals of the hand (for the cap)
    int stand_ins[9]  # wilds standing for each kind so far (including preset ones)
    int preset[9]   # preset wilds (knitted straight), not part of this group's readings
    int wild_ok[9]  # whether a wild may stand for the kind (the wild mask)
    int codes[40]   # the group codes taken so far
    int ncodes


cdef void _search_init(GroupSearch *x, int g, const int *c, const int *orig, const int *used, u64 wmask, int cap):
    """Start a search of group g: its naturals c, the hand's naturals orig, the wilds already placed used."""
    cdef int i, k
    x.first_kind = GROUP_FIRST_KIND[g]
    x.nkinds = GROUP_KINDS[g]
    x.chows = GROUP_TABLE[g] == 0
    x.cap = cap
    x.ncodes = 0
    for i in range(x.nkinds):
        k = x.first_kind + i
        x.left[i] = c[k]
        x.natural[i] = orig[k]
        x.stand_ins[i] = used[k]
        x.preset[i] = used[k]
        x.wild_ok[i] = (wmask >> k) & 1


cdef inline int _take_members(GroupSearch *x, const int *mem, int n, int *how, int wmax) noexcept:
    """Put the members into a group, naturals first; wilds used, or -1 (state unchanged)."""
    cdef int j, k, w = 0
    for j in range(n):
        k = mem[j]
        if x.left[k] > 0:
            x.left[k] -= 1
            how[j] = 1
        elif x.wild_ok[k] and w < wmax and x.natural[k] + x.stand_ins[k] + 1 <= x.cap:
            x.stand_ins[k] += 1
            how[j] = 0
            w += 1
        else:
            _give_back(x, mem, j, how)
            return -1
    return w


cdef inline void _give_back(GroupSearch *x, const int *mem, int n, const int *how) noexcept:
    """Undo _take_members."""
    cdef int j
    for j in range(n):
        if how[j]:
            x.left[mem[j]] += 1
        else:
            x.stand_ins[mem[j]] -= 1


cdef int _search_wilds_only(GroupSearch *x, int w, int pair, int sets, int minidx, Collect *out) except -1:
    """Groups made only of wilds: the pair first, then sets in nondecreasing candidate order."""
    cdef int k, idx, r, j, ok
    if pair:
        for k in range(x.nkinds):
            if x.wild_ok[k] and x.natural[k] + x.stand_ins[k] + 2 <= x.cap:
                x.stand_ins[k] += 2
                x.codes[x.ncodes] = (CODE_PAIR << 6) | (x.first_kind + k)
                x.ncodes += 1
                r = _search_wilds_only(x, w - 2, 0, sets, 0, out)
                x.ncodes -= 1
                x.stand_ins[k] -= 2
                if r:
                    return 1
        return 0
    if sets == 0:
        if out == NULL:
            return 1
        _emit_record(x, out)
        return 0
    for idx in range(minidx, 2 * x.nkinds):
        if idx < x.nkinds:
            k = idx
            if not (x.wild_ok[k] and x.natural[k] + x.stand_ins[k] + 3 <= x.cap):
                continue
            x.stand_ins[k] += 3
            x.codes[x.ncodes] = (CODE_PUNG << 6) | (x.first_kind + k)
            x.ncodes += 1
            r = _search_wilds_only(x, w - 3, 0, sets - 1, idx, out)
            x.ncodes -= 1
            x.stand_ins[k] -= 3
        else:
            k = idx - x.nkinds
            if not x.chows or k + 2 >= x.nkinds:
                break
            ok = 1
            for j in range(k, k + 3):
                if not (x.wild_ok[j] and x.natural[j] + x.stand_ins[j] + 1 <= x.cap):
                    ok = 0
            if not ok:
                continue
            for j in range(k, k + 3):
                x.stand_ins[j] += 1
            x.codes[x.ncodes] = (CODE_CHOW << 6) | (x.first_kind + k)
            x.ncodes += 1
            r = _search_wilds_only(x, w - 3, 0, sets - 1, idx, out)
            x.ncodes -= 1
            for j in range(k, k + 3):
                x.stand_ins[j] -= 1
        if r:
            return 1
    return 0


cdef int _search_group(GroupSearch *x, int w, int pair, int sets, Collect *out) except -1:
    """Canonical recursion; with out NULL: 1 as soon as one completion exists."""
    cdef int i, low = -1, st, wu, r
    cdef int mem[3]
    cdef int how[3]
    for i in range(x.nkinds):
        if x.left[i]:
            low = i
            break
    if low < 0:
        return _search_wilds_only(x, w, pair, sets, 0, out)
    if sets > 0:
        mem[0] = low
        mem[1] = low
        mem[2] = low
        wu = _take_members(x, mem, 3, how, w)
        if wu >= 0:
            x.codes[x.ncodes] = (CODE_PUNG << 6) | (x.first_kind + low)
            x.ncodes += 1
            r = _search_group(x, w - wu, pair, sets - 1, out)
            x.ncodes -= 1
            _give_back(x, mem, 3, how)
            if r:
                return 1
        if x.chows:
            for st in range(low - 2 if low >= 2 else 0, low + 1):
                if st + 2 >= x.nkinds:
                    break
                mem[0] = st
                mem[1] = st + 1
                mem[2] = st + 2
                wu = _take_members(x, mem, 3, how, w)
                if wu < 0:
                    continue
                x.codes[x.ncodes] = (CODE_CHOW << 6) | (x.first_kind + st)
                x.ncodes += 1
                r = _search_group(x, w - wu, pair, sets - 1, out)
                x.ncodes -= 1
                _give_back(x, mem, 3, how)
                if r:
                    return 1
    if pair:
        mem[0] = low
        mem[1] = low
        wu = _take_members(x, mem, 2, how, w)
        if wu >= 0:
            x.codes[x.ncodes] = (CODE_PAIR << 6) | (x.first_kind + low)
            x.ncodes += 1
            r = _search_group(x, w - wu, 0, sets, out)
            x.ncodes -= 1
            _give_back(x, mem, 2, how)
            if r:
                return 1
    return 0

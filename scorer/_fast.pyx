# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Cython decomposer; its pure-Python twin :mod:`scorer._reference` is the plain, executable
statement of the contract both keep (``scorer.decompose`` is the façade the library imports).

Kinds are split into five independent "tile groups": the three suits (9 ranks, chows allowed),
the 7 honours and the 3 long cards (no chows). A hand's sets never cross groups, and both
constraints on wilds (``wild_mask``, ``max_copies``) are per kind, so a hand is a winning one iff
the wilds can be shared among the groups so that every group completes (exactly one of them with
the pair).

* Win check: per group, a 9-bit set of the wild counts w (0..8) with which the group's naturals
  complete (as sets only / as sets + pair). Read from per-group-type tables indexed by the base-5
  number of the group's counts, built at import:
    - TCAP: exact sets under the standard cap (no kind above 4 copies, wilds included),
      3 bits per flavour (only w of the right residue mod 3 can work);
    - TUNC: the fewest wilds with no cap at all (then w, w+3, w+6 all work).
  Groups the tables cannot answer (a count above 4, a partial wild mask over the group, an unusual
  cap, wilds already placed by a knitted straight) fall back to a small exact recursion.
  The per-group sets are then combined by sumsets.
* is_winning with counts <= 4 and a mask / cap the tables answer for every group (the default one, cap 4,
  in particular) skips the sets: the table bytes are read as polynomials and multiplied (_tab_win); for
  ``bytes`` counts with the default mask, or no wilds, the whole check runs on 64-bit words of the raw
  counts (_raw_win_std), a few dozen instructions.
* Listing: per group, the wild-aware canonical recursion (lowest natural first: pung, chows with it
  as 1st/2nd/3rd member, pair; then groups made only of wilds in canonical order), deduplicated
  with a set; computed once per (group, wilds, pair) and combined by cross product, pruned by the
  feasibility sets so that every branch entered yields readings.
* Natural hands (no wilds, every count <= 4), the common case, skip all of that: the win check is five
  table lookups (as above), and a listing is assembled in C from per-group listings cached (as bytes of group
  codes, keyed by the group's table key) across calls; only several readings are sorted.
* Input: ``bytes`` (fastest), ``bytearray`` or any 1-byte unsigned buffer are read as raw bytes;
  lists and tuples item by item; anything else through ``list()``.
"""

cimport cython
from libc.stdlib cimport calloc, free, malloc, qsort, realloc
from cpython.buffer cimport PyBUF_C_CONTIGUOUS, PyBUF_FORMAT, PyBuffer_Release, PyObject_CheckBuffer, PyObject_GetBuffer
from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_GET_SIZE
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.long cimport PyLong_AsUnsignedLongLongMask
from cpython.object cimport PyObject
from cpython.sequence cimport PySequence_Fast_ITEMS
from cpython.tuple cimport PyTuple_New
from libc.string cimport memcmp, memcpy, memset

import itertools

PAIR, PUNG, CHOW, KNITTED, SINGLE = 0, 1, 2, 3, 4
SEVEN_PAIRS = 1
THIRTEEN_ORPHANS = 2
HONORS_KNITTED = 4
KNITTED_STRAIGHT = 8
SEVEN_PAIRS_DISTINCT = 16
STANDARD_MASK = (1 << 34) - 1
SUITED_MASK = (1 << 27) - 1
_ALL_KINDS = (1 << 37) - 1

__all__ = [
    "PAIR", "PUNG", "CHOW", "KNITTED", "SINGLE", "group_code",
    "SEVEN_PAIRS", "THIRTEEN_ORPHANS", "HONORS_KNITTED", "KNITTED_STRAIGHT", "SEVEN_PAIRS_DISTINCT",
    "STANDARD_MASK", "SUITED_MASK", "readings", "is_winning", "waits",
]


def group_code(gtype, tile):
    return gtype << 6 | tile


ctypedef unsigned long long u64
cdef u64 ALL_KINDS_C = (<u64>1 << 37) - 1
cdef u64 STANDARD_MASK_C = (<u64>1 << 34) - 1
cdef object _STANDARD_MASK_OBJ = STANDARD_MASK

cdef enum:
    NK = 37
    GP = 0
    GU = 1
    GC = 2
    GK = 3
    GS = 4
    MAXTW = 8      # the tables know wild counts 0..8
    MAXW = 30      # the fallback recursion: up to 30 wilds

cdef int GB[5]
cdef int GN[5]
cdef int GT[5]
cdef int GROUP_OF[NK]
cdef int ORPH[13]
cdef int IS_ORPH[NK]
cdef int FAM[6][9]
cdef int IN_FAM[6][NK]
cdef int DEC[8][3]
cdef int REP[16]
cdef unsigned char *TCAP[3]
cdef unsigned char *TUNC[3]
cdef int _ZERO[NK]

GB[:] = [0, 9, 18, 27, 34]
GN[:] = [9, 9, 9, 7, 3]
GT[:] = [0, 0, 0, 1, 2]
ORPH[:] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]

_PERMS = list(itertools.permutations((0, 1, 2)))


cdef void _init_small():
    cdef int g, k, f, j, i, b, r, n
    for g in range(5):
        for k in range(GB[g], GB[g] + GN[g]):
            GROUP_OF[k] = g
    memset(IS_ORPH, 0, sizeof(IS_ORPH))
    memset(_ZERO, 0, sizeof(_ZERO))
    for k in range(13):
        IS_ORPH[ORPH[k]] = 1
    memset(IN_FAM, 0, sizeof(IN_FAM))
    for f in range(6):
        perm = _PERMS[f]
        tiles = sorted(perm[j] * 9 + j + 3 * i for j in range(3) for i in range(3))
        for i in range(9):
            FAM[f][i] = tiles[i]
            IN_FAM[f][tiles[i]] = 1
    for b in range(8):
        for r in range(3):
            DEC[b][r] = 0
            for j in range(3):
                if (b >> j) & 1:
                    DEC[b][r] |= 1 << (r + 3 * j)
    for n in range(16):
        REP[n] = 0
        for j in range(3):
            if n + 3 * j <= MAXTW:
                REP[n] |= 1 << (n + 3 * j)


cdef int _build_table(int nk, int chows, unsigned char **capt, unsigned char **unct) except -1:
    """Tables for one group type: TCAP (exact wild counts, capped at 4) and TUNC (fewest, no cap)."""
    cdef int size = 1, i, k, key, kk, low, st, j, w, n, s, t, best0, best1, acc0, acc1, r0, r1, b
    cdef int p5[10]
    cdef int d[10]
    for i in range(nk):
        p5[i] = size
        size *= 5
    cdef unsigned char *comp = <unsigned char *>malloc(size)
    cdef unsigned char *n0 = <unsigned char *>malloc(size)
    cdef unsigned char *n1 = <unsigned char *>malloc(size)
    cdef unsigned short *f0 = <unsigned short *>malloc(size * sizeof(unsigned short))
    cdef unsigned short *f1 = <unsigned short *>malloc(size * sizeof(unsigned short))
    cdef unsigned char *ct = <unsigned char *>malloc(size)
    cdef unsigned char *ut = <unsigned char *>malloc(size)
    if not (comp and n0 and n1 and f0 and f1 and ct and ut):
        raise MemoryError()
    memset(d, 0, sizeof(d))
    # increasing keys: completeness (bit0 sets only, bit1 sets + pair) and fewest wilds (no cap)
    comp[0] = 1
    n0[0] = 0
    n1[0] = 2
    for key in range(1, size):
        i = 0
        while d[i] == 4:
            d[i] = 0
            i += 1
        d[i] += 1
        low = 0
        while d[low] == 0:
            low += 1
        i = low
        t = 0
        if d[i] >= 3:
            t |= comp[key - 3 * p5[i]]
        if chows and i + 2 < nk and d[i + 1] and d[i + 2]:
            t |= comp[key - p5[i] - p5[i + 1] - p5[i + 2]]
        if d[i] >= 2 and comp[key - 2 * p5[i]] & 1:
            t |= 2
        comp[key] = t
        # fewest wilds: the lowest natural goes into a pung, a chow (1st/2nd/3rd member) or the pair
        s = d[i] if d[i] < 3 else 3
        kk = key - s * p5[i]
        best0 = n0[kk] + 3 - s
        best1 = n1[kk] + 3 - s
        s = d[i] if d[i] < 2 else 2
        kk = key - s * p5[i]
        if n0[kk] + 2 - s < best1:
            best1 = n0[kk] + 2 - s
        if chows:
            for st in range(i - 2 if i >= 2 else 0, i + 1):
                if st + 2 >= nk:
                    break
                kk = key
                w = 0
                for j in range(st, st + 3):
                    if j >= i and d[j] > 0:
                        kk -= p5[j]
                    else:
                        w += 1
                if n0[kk] + w < best0:
                    best0 = n0[kk] + w
                if n1[kk] + w < best1:
                    best1 = n1[kk] + w
        n0[key] = best0 if best0 < 15 else 15
        n1[key] = best1 if best1 < 15 else 15
    # decreasing keys: exact wild counts under the cap, by adding one wild to any kind below 4
    for i in range(nk):
        d[i] = 4
    n = 4 * nk
    for key in range(size - 1, -1, -1):
        if key != size - 1:
            i = 0
            while d[i] == 0:
                d[i] = 4
                n += 4
                i += 1
            d[i] -= 1
            n -= 1
        acc0 = 0
        acc1 = 0
        for k in range(nk):
            if d[k] < 4:
                acc0 |= f0[key + p5[k]]
                acc1 |= f1[key + p5[k]]
        acc0 = ((acc0 << 1) | (comp[key] & 1)) & 0x1FF
        acc1 = ((acc1 << 1) | ((comp[key] >> 1) & 1)) & 0x1FF
        f0[key] = acc0
        f1[key] = acc1
        r0 = (3 - n % 3) % 3
        r1 = (5 - n % 3) % 3
        b = 0
        for j in range(3):
            b |= ((acc0 >> (r0 + 3 * j)) & 1) << j
            b |= ((acc1 >> (r1 + 3 * j)) & 1) << (j + 3)
        ct[key] = b
        ut[key] = n0[key] | (n1[key] << 4)
    free(comp)
    free(n0)
    free(n1)
    free(f0)
    free(f1)
    capt[0] = ct
    unct[0] = ut
    return 0


# Building the tables takes tens of milliseconds, most of a one-line query's start-up; so the build
# (setup.py) writes them once to TABLE_FILE beside this module and an import reads them back, checked
# by a CRC. Without the file, or with one of another format, they are built here.
TABLE_FORMAT = 1  # bump whenever _build_table changes what it computes
TABLE_FILE = "_fast_tables.bin"
_TABLE_MAGIC = b"MJTABLES"
_TABLE_SIZES = (5 ** 9, 5 ** 7, 5 ** 3)
TABLE_BYTES = 2 * sum(_TABLE_SIZES)
cdef object _TABLE_DATA = None  # the file's bytes, kept alive: the loaded tables point into them
TABLES_FROM_FILE = False


def _table_path():
    import os

    return os.path.join(os.path.dirname(os.path.abspath(__file__)), TABLE_FILE)


cdef bytes _table_image():
    """The tables as the file stores them: magic, format, TCAP/TUNC of each group type, CRC-32."""
    import zlib

    cdef int t
    parts = [_TABLE_MAGIC, TABLE_FORMAT.to_bytes(4, "little")]
    for t in range(3):
        parts.append(PyBytes_FromStringAndSize(<char *>TCAP[t], _TABLE_SIZES[t]))
        parts.append(PyBytes_FromStringAndSize(<char *>TUNC[t], _TABLE_SIZES[t]))
    body = b"".join(parts)
    return body + zlib.crc32(body).to_bytes(4, "little")


def _read_table_file(path):
    """The file's bytes if it holds exactly what this build would write, else None."""
    import zlib

    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    n = len(_TABLE_MAGIC) + 4 + TABLE_BYTES + 4
    if (len(data) != n or data[:8] != _TABLE_MAGIC or int.from_bytes(data[8:12], "little") != TABLE_FORMAT
            or zlib.crc32(memoryview(data)[:n - 4]) != int.from_bytes(data[n - 4:], "little")):
        return None
    return data


cdef int _load_tables(path) except -1:
    """Point the tables into the file's bytes (once, at import: pointers copied from them later
    must stay valid); 0, nothing changed, when the file is missing or not what this build writes."""
    global _TABLE_DATA, TABLES_FROM_FILE
    cdef int t
    cdef Py_ssize_t offset = 12
    cdef const unsigned char *base
    data = _read_table_file(path)
    if data is None:
        return 0
    _TABLE_DATA = data
    base = <const unsigned char *>PyBytes_AS_STRING(data)
    for t in range(3):
        TCAP[t] = <unsigned char *>base + offset
        offset += _TABLE_SIZES[t]
        TUNC[t] = <unsigned char *>base + offset
        offset += _TABLE_SIZES[t]
    TABLES_FROM_FILE = True
    return 1


def write_tables(path=None):
    """Write the tables this module uses to ``path`` (default: TABLE_FILE beside the module)."""
    with open(path or _table_path(), "wb") as f:
        f.write(_table_image())


def built_tables_equal():
    """Do the tables in use equal freshly built ones? (A stale or damaged file would not.)"""
    cdef unsigned char *cap
    cdef unsigned char *unc
    cdef int t, same = 1
    for t, (nk, chows) in enumerate(((9, 1), (7, 0), (3, 0))):
        _build_table(nk, chows, &cap, &unc)
        same = same and not memcmp(cap, TCAP[t], _TABLE_SIZES[t]) and not memcmp(unc, TUNC[t], _TABLE_SIZES[t])
        free(cap)
        free(unc)
    return bool(same)


_init_small()
if not _load_tables(_table_path()):
    _build_table(9, 1, &TCAP[0], &TUNC[0])
    _build_table(7, 0, &TCAP[1], &TUNC[1])
    _build_table(3, 0, &TCAP[2], &TUNC[2])


# ---------------------------------------------------------------------------------------------
# exact recursion inside one tile group

cdef struct GCtx:
    int base
    int nk
    int chows
    int cap
    int cnt[9]      # naturals left
    int orig[9]     # naturals of the hand (for the cap)
    int used[9]     # wilds standing for each kind so far (including preset ones)
    int pre[9]      # preset wilds (knitted straight), not part of this group's readings
    int allow[9]
    int stack[40]
    int sp


cdef void _ctx_init(GCtx *x, int g, const int *c, const int *orig, const int *used, u64 wmask, int cap):
    cdef int i, k
    x.base = GB[g]
    x.nk = GN[g]
    x.chows = GT[g] == 0
    x.cap = cap
    x.sp = 0
    for i in range(x.nk):
        k = x.base + i
        x.cnt[i] = c[k]
        x.orig[i] = orig[k]
        x.used[i] = used[k]
        x.pre[i] = used[k]
        x.allow[i] = (wmask >> k) & 1


cdef inline int _take(GCtx *x, const int *mem, int n, int *how, int wmax) noexcept:
    """Put the members into a group, naturals first; wilds used, or -1 (state unchanged)."""
    cdef int j, k, w = 0
    for j in range(n):
        k = mem[j]
        if x.cnt[k] > 0:
            x.cnt[k] -= 1
            how[j] = 1
        elif x.allow[k] and w < wmax and x.orig[k] + x.used[k] + 1 <= x.cap:
            x.used[k] += 1
            how[j] = 0
            w += 1
        else:
            _untake(x, mem, j, how)
            return -1
    return w


cdef inline void _untake(GCtx *x, const int *mem, int n, const int *how) noexcept:
    cdef int j
    for j in range(n):
        if how[j]:
            x.cnt[mem[j]] += 1
        else:
            x.used[mem[j]] -= 1


cdef struct Collect:
    # the readings of one group as fixed-width records (sorted group codes, then the kinds the
    # wilds stand for): duplicates are dropped in C before any Python object is made
    unsigned char *buf
    Py_ssize_t n
    Py_ssize_t cap
    int width


cdef int _emit(GCtx *x, Collect *out) except -1:
    cdef unsigned char *rec
    cdef unsigned char *grown
    cdef int i, j, k, v, m
    if out.n == out.cap:
        out.cap = 64 if out.cap == 0 else 2 * out.cap
        grown = <unsigned char *>realloc(out.buf, out.cap * out.width)
        if grown == NULL:
            raise MemoryError()
        out.buf = grown
    rec = out.buf + out.n * out.width
    for i in range(x.sp):
        v = x.stack[i]
        j = i
        while j > 0 and rec[j - 1] > v:
            rec[j] = rec[j - 1]
            j -= 1
        rec[j] = <unsigned char>v
    m = x.sp
    for i in range(x.nk):
        for k in range(x.used[i] - x.pre[i]):
            rec[m] = <unsigned char>(x.base + i)
            m += 1
    out.n += 1
    return 0


cdef size_t _CMP_WIDTH = 0  # the record width _rec_cmp compares (set under the GIL)


cdef int _rec_cmp(const void *a, const void *b) noexcept nogil:
    return memcmp(a, b, _CMP_WIDTH)


cdef void _sort_records(Collect *out):
    global _CMP_WIDTH
    _CMP_WIDTH = out.width
    qsort(out.buf, out.n, out.width, _rec_cmp)


cdef tuple _record_tuple(const unsigned char *rec, int ngroups, int width):
    """``(groups, stand-ins)`` of one record. Both tuples hold only ints and tuples of ints, so they
    leave the garbage collector's lists at once (it would untrack them anyway, after having
    traversed them: with a reading or three per call that work is a third of the call)."""
    cdef tuple groups = PyTuple_New(ngroups)
    cdef tuple standins = PyTuple_New(width - ngroups)
    cdef tuple pair = PyTuple_New(2)
    cdef int j
    for j in range(ngroups):
        _incref(CODE_OBJ[rec[j]])
        _tuple_set(groups, j, CODE_OBJ[rec[j]])
    for j in range(ngroups, width):
        _incref(CODE_OBJ[rec[j]])  # a kind: the int objects 0-255 serve for both
        _tuple_set(standins, j - ngroups, CODE_OBJ[rec[j]])
    _gc_untrack(groups)
    _gc_untrack(standins)
    _incref(<PyObject *>groups)
    _tuple_set(pair, 0, <PyObject *>groups)
    _incref(<PyObject *>standins)
    _tuple_set(pair, 1, <PyObject *>standins)
    _gc_untrack(pair)
    return pair


cdef int _wild_rec(GCtx *x, int w, int pair, int sets, int minidx, Collect *out) except -1:
    """Groups made only of wilds: the pair first, then sets in nondecreasing candidate order."""
    cdef int k, idx, r, j, ok
    if pair:
        for k in range(x.nk):
            if x.allow[k] and x.orig[k] + x.used[k] + 2 <= x.cap:
                x.used[k] += 2
                x.stack[x.sp] = (GP << 6) | (x.base + k)
                x.sp += 1
                r = _wild_rec(x, w - 2, 0, sets, 0, out)
                x.sp -= 1
                x.used[k] -= 2
                if r:
                    return 1
        return 0
    if sets == 0:
        if out == NULL:
            return 1
        _emit(x, out)
        return 0
    for idx in range(minidx, 2 * x.nk):
        if idx < x.nk:
            k = idx
            if not (x.allow[k] and x.orig[k] + x.used[k] + 3 <= x.cap):
                continue
            x.used[k] += 3
            x.stack[x.sp] = (GU << 6) | (x.base + k)
            x.sp += 1
            r = _wild_rec(x, w - 3, 0, sets - 1, idx, out)
            x.sp -= 1
            x.used[k] -= 3
        else:
            k = idx - x.nk
            if not x.chows or k + 2 >= x.nk:
                break
            ok = 1
            for j in range(k, k + 3):
                if not (x.allow[j] and x.orig[j] + x.used[j] + 1 <= x.cap):
                    ok = 0
            if not ok:
                continue
            for j in range(k, k + 3):
                x.used[j] += 1
            x.stack[x.sp] = (GC << 6) | (x.base + k)
            x.sp += 1
            r = _wild_rec(x, w - 3, 0, sets - 1, idx, out)
            x.sp -= 1
            for j in range(k, k + 3):
                x.used[j] -= 1
        if r:
            return 1
    return 0


cdef int _grp_rec(GCtx *x, int w, int pair, int sets, Collect *out) except -1:
    """Canonical recursion; with out NULL: 1 as soon as one completion exists."""
    cdef int i, low = -1, st, wu, r
    cdef int mem[3]
    cdef int how[3]
    for i in range(x.nk):
        if x.cnt[i]:
            low = i
            break
    if low < 0:
        return _wild_rec(x, w, pair, sets, 0, out)
    if sets > 0:
        mem[0] = low
        mem[1] = low
        mem[2] = low
        wu = _take(x, mem, 3, how, w)
        if wu >= 0:
            x.stack[x.sp] = (GU << 6) | (x.base + low)
            x.sp += 1
            r = _grp_rec(x, w - wu, pair, sets - 1, out)
            x.sp -= 1
            _untake(x, mem, 3, how)
            if r:
                return 1
        if x.chows:
            for st in range(low - 2 if low >= 2 else 0, low + 1):
                if st + 2 >= x.nk:
                    break
                mem[0] = st
                mem[1] = st + 1
                mem[2] = st + 2
                wu = _take(x, mem, 3, how, w)
                if wu < 0:
                    continue
                x.stack[x.sp] = (GC << 6) | (x.base + st)
                x.sp += 1
                r = _grp_rec(x, w - wu, pair, sets - 1, out)
                x.sp -= 1
                _untake(x, mem, 3, how)
                if r:
                    return 1
    if pair:
        mem[0] = low
        mem[1] = low
        wu = _take(x, mem, 2, how, w)
        if wu >= 0:
            x.stack[x.sp] = (GP << 6) | (x.base + low)
            x.sp += 1
            r = _grp_rec(x, w - wu, 0, sets, out)
            x.sp -= 1
            _untake(x, mem, 2, how)
            if r:
                return 1
    return 0


cdef inline int _sets_for(int n, int w, int pair) noexcept:
    cdef int t = n + w - 2 * pair
    if t < 0 or t % 3:
        return -1
    return t // 3


cdef int _group_masks(int g, const int *c, const int *orig, const int *used, u64 wmask, int cap, int W,
                      int *A, int *B) except -1:
    """Sets of wild counts (bit w) with which group g completes: A sets only, B sets + pair."""
    cdef int base = GB[g], nk = GN[g], t = GT[g], i, k, v, key = 0, n = 0, pre = 0, maxo = 0, ok = W <= MAXTW
    cdef int full = (1 << nk) - 1, gm, b, u, r0, r1, w, s
    cdef GCtx x
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
            b = TCAP[t][key]
            A[0] = DEC[b & 7][r0] & 1
            B[0] = DEC[(b >> 3) & 7][r1] & 1
            return 0
        if gm == full:
            if cap >= maxo + W:
                u = TUNC[t][key]
                A[0] = REP[u & 15]
                B[0] = REP[u >> 4]
                return 0
            if cap == 4 and not pre:
                b = TCAP[t][key]
                A[0] = DEC[b & 7][r0]
                B[0] = DEC[(b >> 3) & 7][r1]
                return 0
    # fallback: the exact recursion, once per candidate wild count
    _ctx_init(&x, g, c, orig, used, wmask, cap)
    A[0] = 0
    B[0] = 0
    for w in range(W + 1):
        s = _sets_for(n, w, 0)
        if s >= 0 and _grp_rec(&x, w, 0, s, NULL):
            A[0] |= 1 << w
        s = _sets_for(n, w, 1)
        if s >= 0 and _grp_rec(&x, w, 1, s, NULL):
            B[0] |= 1 << w
    return 0


cdef extern from *:
    int __builtin_ctz(unsigned int x) nogil


cdef inline int _sumset(int a, int b, int lim) noexcept:
    cdef int r = 0
    if a == 0:
        return 0
    b &= lim
    while b:
        r |= a << __builtin_ctz(<unsigned int>b)
        b &= b - 1
    return r & lim


cdef inline int _combine(const int *A, const int *B, int W) noexcept:
    cdef int s0 = 1, s1 = 0, g, lim = (1 << (W + 1)) - 1
    for g in range(5):
        if A[g] & lim == 1 and B[g] & lim == 0:  # a group that takes no wild and no pair: no change
            continue
        s1 = _sumset(s1, A[g], lim) | _sumset(s0, B[g], lim)
        s0 = _sumset(s0, A[g], lim)
        if not (s0 | s1):
            return 0
    return (s1 >> W) & 1


cdef int _std_win(const int *c, const int *orig, const int *used, int W, u64 wmask, int cap) except -1:
    cdef int A[5]
    cdef int B[5]
    cdef int g
    for g in range(5):
        _group_masks(g, c, orig, used, wmask, cap, W, &A[g], &B[g])
    return _combine(A, B, W)


# ---------------------------------------------------------------------------------------------
# special shapes: closed-form checks

cdef int _seven_pairs_win(const int *c, u64 wmask, int cap, int distinct) noexcept:
    cdef int k, v, allowed, m = 0, room = 0, r
    for k in range(NK):
        v = c[k]
        allowed = (wmask >> k) & 1
        if distinct:
            if v > 2:
                return 0
            if v == 1 and not (allowed and cap >= 2):
                return 0
            if v:
                m += 1
            elif allowed and cap >= 2:
                room += 1
        else:
            if v & 1 and not (allowed and v + 1 <= cap):
                return 0
            m += (v + 1) // 2
            if allowed:
                r = (cap - v - (v & 1)) // 2
                if r > 0:
                    room += r
    return m <= 7 and room >= 7 - m


cdef int _orphans_ok(const int *c, int p, u64 wmask, int cap) noexcept:
    cdef int i, o, need
    for i in range(13):
        o = ORPH[i]
        need = 2 if o == p else 1
        if c[o] > need:
            return 0
        if c[o] < need and not (((wmask >> o) & 1) and need <= cap):
            return 0
    return 1


cdef int _orphans_win(const int *c, u64 wmask, int cap) noexcept:
    cdef int k, i
    for k in range(NK):
        if c[k] and not IS_ORPH[k]:
            return 0
    for i in range(13):
        if _orphans_ok(c, ORPH[i], wmask, cap):
            return 1
    return 0


cdef int _hk_free(const int *c, int f, u64 wmask, int cap) noexcept:
    """Kinds a wild may fill in honours-and-knitted of family f, or -1 if the naturals don't fit."""
    cdef int k, free_ = 0, inset
    for k in range(NK):
        inset = IN_FAM[f][k] or (27 <= k < 34)
        if c[k] and (not inset or c[k] > 1):
            return -1
        if inset and not c[k] and ((wmask >> k) & 1) and cap >= 1:
            free_ += 1
    return free_


cdef int _knit_take(const int *c, int f, u64 wmask, int cap, int *cnt, int *used) noexcept:
    """Remove family f's nine tiles (naturals first): wilds used, or -1."""
    cdef int i, k, w = 0
    memcpy(cnt, c, NK * sizeof(int))
    memset(used, 0, NK * sizeof(int))
    for i in range(9):
        k = FAM[f][i]
        if cnt[k]:
            cnt[k] -= 1
        elif ((wmask >> k) & 1) and cap >= 1:
            used[k] = 1
            w += 1
        else:
            return -1
    return w


cdef int _special_win(const int *c, int n_sets, int W, u64 wmask, int cap, int shapes) except -1:
    cdef int f, wu
    cdef int cnt[NK]
    cdef int used[NK]
    if n_sets == 4:
        if shapes & 1 and _seven_pairs_win(c, wmask, cap, shapes & 16):
            return 1
        if shapes & 2 and _orphans_win(c, wmask, cap):
            return 1
        if shapes & 4:
            for f in range(6):
                if _hk_free(c, f, wmask, cap) >= W:
                    return 1
    if shapes & 8 and (n_sets == 3 or n_sets == 4):
        for f in range(6):
            wu = _knit_take(c, f, wmask, cap, cnt, used)
            if 0 <= wu <= W and _std_win(cnt, c, used, W - wu, wmask, cap):
                return 1
    return 0


# ---------------------------------------------------------------------------------------------
# Python boundary

cdef int _load(object counts, int *c) except -1:
    """Copy the counts into c[NK] (zero-padded). bytes / bytearray / 1-byte buffers are read as raw
    unsigned bytes (no per-element Python int); lists and tuples are read item by item."""
    cdef Py_ssize_t n, i
    cdef long v
    cdef Py_buffer view
    cdef PyObject **items
    cdef object t = type(counts)
    if t is bytes:
        n = PyBytes_GET_SIZE(counts)
        if n > NK:
            raise ValueError("counts must hold at most 37 kinds")
        _load_raw(<const unsigned char *>PyBytes_AS_STRING(counts), n, c)
        return 0
    if t is list or t is tuple:
        # both hold their items in one C array
        n = len(counts)
        if n > NK:
            raise ValueError("counts must hold at most 37 kinds")
        memset(c, 0, NK * sizeof(int))
        items = PySequence_Fast_ITEMS(counts)
        for i in range(n):
            v = <object>items[i]
            if v < 0 or v > 1000:
                raise ValueError("counts must be small non-negative ints")
            c[i] = <int>v
        return 0
    if t is bytearray:
        n = PyByteArray_GET_SIZE(counts)
        if n > NK:
            raise ValueError("counts must hold at most 37 kinds")
        _load_raw(<const unsigned char *>PyByteArray_AS_STRING(counts), n, c)
        return 0
    if PyObject_CheckBuffer(counts):
        try:
            PyObject_GetBuffer(counts, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS)
        except BufferError:
            return _load(list(counts), c)
        try:
            if view.itemsize == 1 and view.ndim <= 1 and (
                    view.format == NULL or (view.format[0] in b'Bc' and view.format[1] == 0)):
                if view.len > NK:
                    raise ValueError("counts must hold at most 37 kinds")
                _load_raw(<const unsigned char *>view.buf, view.len, c)
                return 0
        finally:
            PyBuffer_Release(&view)
    return _load(list(counts), c)


cdef inline void _load_raw(const unsigned char *p, Py_ssize_t n, int *c) noexcept:
    cdef Py_ssize_t i
    for i in range(n):
        c[i] = p[i]
    for i in range(n, NK):
        c[i] = 0


cdef inline u64 _mask(object m) except? 0:
    """wild_mask & _ALL_KINDS as a C integer (no Python int arithmetic for plain ints)."""
    if m is _STANDARD_MASK_OBJ:  # the default argument
        return STANDARD_MASK_C
    if type(m) is int:
        return PyLong_AsUnsignedLongLongMask(m) & ALL_KINDS_C
    return <u64>(m & _ALL_KINDS)


cdef int _total(const int *c) noexcept:
    cdef int k, s = 0
    for k in range(NK):
        s += c[k]
    return s


cdef int _check_args(int wilds, int cap) except -1:
    if wilds < 0 or wilds > MAXW:
        raise ValueError("wilds must be 0..30")
    return 0


cdef inline int _key_of(const int *c, int base, int nk, int *n, int *bad) noexcept:
    """Base-5 table key of the nk kinds from base (meaningful only when none exceeds 4); n = their sum."""
    cdef int k, v, s = 0, b = 0
    cdef unsigned int key = 0
    for k in range(nk - 1, -1, -1):
        v = c[base + k]
        key = key * 5 + <unsigned int>v
        s += v
        b |= v > 4
    n[0] = s
    bad[0] |= b
    return <int>key


cdef inline int _nat_keys(const int *c, int *keys, int *ns) noexcept:
    """Natural hands: the base-5 table key and the tile count of each group; 0 if a count exceeds 4."""
    cdef int bad = 0
    keys[0] = _key_of(c, 0, 9, &ns[0], &bad)
    keys[1] = _key_of(c, 9, 9, &ns[1], &bad)
    keys[2] = _key_of(c, 18, 9, &ns[2], &bad)
    keys[3] = _key_of(c, 27, 7, &ns[3], &bad)
    keys[4] = _key_of(c, 34, 3, &ns[4], &bad)
    return not bad


cdef inline int _nat_win(const int *keys, const int *ns) noexcept:
    """Natural win check from the tables: every group completes as sets, exactly one with the pair."""
    cdef int g, r, pairs = 0
    for g in range(5):
        r = ns[g] % 3
        if r == 0:
            if ns[g] and not (TCAP[GT[g]][keys[g]] & 1):
                return 0
        elif r == 2:
            if pairs or not (TCAP[GT[g]][keys[g]] & 8):
                return 0
            pairs = 1
        else:
            return 0
    return pairs


# ---------------------------------------------------------------------------------------------
# win check straight from the tables (every count <= 4, nothing preset), wilds or not
#
# A group with n naturals and table byte b completes with w wilds as sets only for w = r0 + 3j (j a
# bit of b & 7), as sets + the pair for w = r1 + 3j (j a bit of b >> 3 & 7), r0 = -n mod 3 and
# r1 = (2 - n) mod 3 = r0 + 3s - 1 with s = 1 if n = 0 mod 3 else 0. Once the tile total is right,
# sum(r0) + W + 1 = 3K, and the hand wins iff some group p takes the pair and sum(j) + s_p = K. So the
# groups are multiplied as polynomials in j with one byte per coefficient (A: sets only, B: the pair
# shifted by s): P1 = P1 * A + P0 * B, P0 = P0 * A; the hand wins iff byte K of P1 is not 0. The bytes
# count ways (at most 5 * C(7, 4) = 175 < 256 at degrees <= 3, so no carry), and degrees > 3 fall off
# the 32 bits without touching the bytes kept. K <= 3 as W <= 8.

cdef enum:
    WM_NONE = 0     # no wild may stand for a kind of the group: w = 0 only (TCAP)
    WM_CAP = 1      # every kind of the group allowed, cap 4 (TCAP)
    WM_UNC = 2      # every kind of the group allowed, cap >= 4 + W (TUNC: fewest, then every 3rd)

cdef u64 SPR[3][3][256]              # [mode][n % 3][table byte] -> A | B << 32, byte polynomials in j
cdef const unsigned char *TB[3][3]  # [mode][group type] -> the table the mode reads
cdef int R0OF[3]                    # n % 3 -> r0
R0OF[:] = [0, 2, 1]


cdef u64 _jpoly(int bits) noexcept:
    """Bit j (j <= 3) -> byte j."""
    cdef int j
    cdef u64 v = 0
    for j in range(4):
        if (bits >> j) & 1:
            v |= <u64>1 << (8 * j)
    return v


cdef void _init_spr() noexcept:
    cdef int r, b, r0, r1, s, a, p, j, u0, u1, t
    for t in range(3):
        TB[WM_NONE][t] = TCAP[t]
        TB[WM_CAP][t] = TCAP[t]
        TB[WM_UNC][t] = TUNC[t]
    for r in range(3):
        r0 = (3 - r) % 3
        r1 = (5 - r) % 3
        s = r == 0
        for b in range(256):
            # w = 0 only: the bit j = 0 of the flavour whose residue is 0
            a = b & 1 if r0 == 0 else 0
            p = (b >> 3) & 1 if r1 == 0 else 0
            SPR[WM_NONE][r][b] = _jpoly(a) | _jpoly(p) << 32
            SPR[WM_CAP][r][b] = _jpoly(b & 7) | _jpoly(((b >> 3) & 7) << s) << 32
            # b = n0 | n1 << 4, the fewest wilds; then every w of the right residue up to MAXTW
            u0 = b & 15
            u1 = b >> 4
            a = 0
            p = 0
            for j in range(4):
                if u0 <= r0 + 3 * j <= MAXTW:
                    a |= 1 << j
                if u1 <= r1 + 3 * j <= MAXTW:
                    p |= 1 << j
            SPR[WM_UNC][r][b] = _jpoly(a) | _jpoly(p << s) << 32


_init_spr()


cdef inline int _tab_modes(u64 wmask, int cap, int W, int *mode) noexcept:
    """Each group's table mode for this wild mask / cap; 0 if the tables can't answer (a mask covering
    part of a group, or a cap other than 4 that might bind)."""
    cdef int g, full
    cdef u64 gm
    for g in range(5):
        full = (1 << GN[g]) - 1
        gm = (wmask >> GB[g]) & <u64>full
        if gm == 0 or W == 0:
            mode[g] = WM_NONE
        elif gm == <u64>full and cap == 4:
            mode[g] = WM_CAP
        elif gm == <u64>full and cap >= 4 + W:
            mode[g] = WM_UNC
        else:
            return 0
    return 1


cdef inline int _tab_win(const int *keys, const int *ns, int W, const int *mode) noexcept:
    """_std_win for counts <= 4, nothing preset, 0 <= W <= MAXTW and a right tile total."""
    cdef u64 v[5]
    cdef unsigned int r
    cdef int g, m, k = W + 1
    for g in range(5):
        r = <unsigned int>ns[g] % 3
        m = mode[g]
        k -= R0OF[r]
        v[g] = SPR[m][r][TB[m][GT[g]][keys[g]]]
    return _tab_product(v, k)


cdef inline int _tab_product(const u64 *v, int k) noexcept:
    """Whether byte k // 3 of the pair part of the product of the five groups' (A, B) polynomials is not 0."""
    cdef unsigned int a0 = <unsigned int>v[0], b0 = <unsigned int>(v[0] >> 32)
    cdef unsigned int a1 = <unsigned int>v[1], b1 = <unsigned int>(v[1] >> 32)
    cdef unsigned int a2 = <unsigned int>v[2], b2 = <unsigned int>(v[2] >> 32)
    cdef unsigned int a3 = <unsigned int>v[3], b3 = <unsigned int>(v[3] >> 32)
    cdef unsigned int a4 = <unsigned int>v[4], b4 = <unsigned int>(v[4] >> 32)
    cdef unsigned int a01, b01, a23, b23, p1
    if k < 0:
        return 0
    # (A, B) x (A', B') = (A A', A B' + B A'): a tree, for a short chain of multiplications
    a01 = a0 * a1
    b01 = a0 * b1 + b0 * a1
    a23 = a2 * a3
    b23 = a2 * b3 + b2 * a3
    p1 = (a01 * b23 + b01 * a23) * a4 + a01 * a23 * b4
    return ((p1 >> (8 * (k // 3))) & 0xFF) != 0


cdef extern from *:
    """
    /* 8 raw counts (bytes) as one little-endian word: byte i = count i, whatever the host order */
    static inline unsigned long long mj_ld8(const unsigned char *p) {
        typedef unsigned long long u;
        return (u)p[0] | (u)p[1] << 8 | (u)p[2] << 16 | (u)p[3] << 24
             | (u)p[4] << 32 | (u)p[5] << 40 | (u)p[6] << 48 | (u)p[7] << 56;
    }
    /* nonzero iff some byte of x exceeds 4 */
    static inline unsigned long long mj_over4(unsigned long long x) {
        return ((x + 0x7B7B7B7B7B7B7B7BULL) | x) & 0x8080808080808080ULL;
    }
    /* bytes d0..d7 (each <= 4) -> sum d_i 5^i */
    static inline int mj_base5(unsigned long long x) {
        x = (x + (x >> 8) * 5) & 0x00FF00FF00FF00FFULL;
        x = (x + (x >> 16) * 25) & 0x0000FFFF0000FFFFULL;
        return (int)((x + (x >> 32) * 625) & 0xFFFFFFFFULL);
    }
    /* the sum of the bytes (each <= 31) */
    static inline int mj_bsum(unsigned long long x) {
        return (int)((x * 0x0101010101010101ULL) >> 56);
    }
    """
    u64 mj_ld8(const unsigned char *p) noexcept nogil
    u64 mj_over4(u64 x) noexcept nogil
    int mj_base5(u64 x) noexcept nogil
    int mj_bsum(u64 x) noexcept nogil


cdef inline int _raw_keys(const unsigned char *p, int *keys, int *ns) noexcept:
    """_nat_keys for 37 raw counts, a word at a time; 0 if a count exceeds 4."""
    cdef u64 x0 = mj_ld8(p), x1 = mj_ld8(p + 9), x2 = mj_ld8(p + 18)
    cdef u64 x3 = mj_ld8(p + 27) & <u64>0x00FFFFFFFFFFFFFF
    if (mj_over4(x0) | mj_over4(mj_ld8(p + 8)) | mj_over4(mj_ld8(p + 16)) | mj_over4(mj_ld8(p + 24))
            | mj_over4(mj_ld8(p + 29))):
        return 0
    keys[0] = mj_base5(x0) + p[8] * 390625
    keys[1] = mj_base5(x1) + p[17] * 390625
    keys[2] = mj_base5(x2) + p[26] * 390625
    keys[3] = mj_base5(x3)
    keys[4] = p[34] + 5 * p[35] + 25 * p[36]
    ns[0] = mj_bsum(x0) + p[8]
    ns[1] = mj_bsum(x1) + p[17]
    ns[2] = mj_bsum(x2) + p[26]
    ns[3] = mj_bsum(x3)
    ns[4] = p[34] + p[35] + p[36]
    return 1


cdef inline int _raw_win_std(const unsigned char *p, int n_sets, int W) noexcept:
    """The whole win check of 37 raw counts with the default wild mask and cap 4 (modes CAP for the suits
    and honours, NONE for the long cards), or with no wilds at all, in scalars: -1 if a count exceeds 4
    (the tables can't answer), -2 if the tile total is wrong, else _tab_win (1 / 0)."""
    cdef u64 x0 = mj_ld8(p), x1 = mj_ld8(p + 9), x2 = mj_ld8(p + 18)
    cdef u64 x3 = mj_ld8(p + 27) & <u64>0x00FFFFFFFFFFFFFF
    cdef u64 v[5]
    cdef unsigned int n0, n1, n2, n3, n4, r0, r1, r2, r3, r4
    if (mj_over4(x0) | mj_over4(mj_ld8(p + 8)) | mj_over4(mj_ld8(p + 16)) | mj_over4(mj_ld8(p + 24))
            | mj_over4(mj_ld8(p + 29))):
        return -1
    n0 = mj_bsum(x0) + p[8]
    n1 = mj_bsum(x1) + p[17]
    n2 = mj_bsum(x2) + p[26]
    n3 = mj_bsum(x3)
    n4 = p[34] + p[35] + p[36]
    if n_sets < 0 or <int>(n0 + n1 + n2 + n3 + n4) + W != 3 * n_sets + 2:
        return -2
    r0 = n0 % 3
    r1 = n1 % 3
    r2 = n2 % 3
    r3 = n3 % 3
    r4 = n4 % 3
    v[0] = SPR[WM_CAP][r0][TCAP[0][mj_base5(x0) + p[8] * 390625]]
    v[1] = SPR[WM_CAP][r1][TCAP[0][mj_base5(x1) + p[17] * 390625]]
    v[2] = SPR[WM_CAP][r2][TCAP[0][mj_base5(x2) + p[26] * 390625]]
    v[3] = SPR[WM_CAP][r3][TCAP[1][mj_base5(x3)]]
    v[4] = SPR[WM_NONE][r4][TCAP[2][p[34] + 5 * p[35] + 25 * p[36]]]
    return _tab_product(v, W + 1 - R0OF[r0] - R0OF[r1] - R0OF[r2] - R0OF[r3] - R0OF[r4])


@cython.binding(False)  # a plain builtin, called without the cyfunction layer (the signature: the docstring)
def is_winning(counts, int n_sets, int wilds=0, wild_mask=STANDARD_MASK, int max_copies=4, int shapes=0):
    """is_winning(counts, n_sets, wilds=0, wild_mask=17179869183, max_copies=4, shapes=0)
--

Whether the naturals (37 counts) plus ``wilds`` wilds make a winning hand of ``n_sets`` sets and a pair
(or one of the ``shapes``)."""
    cdef int c[NK]
    cdef int keys[5]
    cdef int ns[5]
    cdef int mode[5]
    cdef unsigned char buf[NK]
    cdef const unsigned char *p
    cdef Py_ssize_t n
    cdef int nat, r
    cdef u64 wm
    if type(counts) is bytes and <unsigned int>wilds <= MAXTW:
        # the common case: raw counts, read a word at a time, and the answer straight from the tables
        n = PyBytes_GET_SIZE(counts)
        p = <const unsigned char *>PyBytes_AS_STRING(counts)
        if n < NK:
            memset(buf, 0, NK)
            memcpy(buf, p, n)
            p = buf
        if n <= NK:
            if wilds == 0 or (max_copies == 4 and (wild_mask is _STANDARD_MASK_OBJ or (
                    type(wild_mask) is int and _mask(wild_mask) == STANDARD_MASK_C))):
                # (with no wilds, the modes don't matter: any of them reads the natural answer)
                r = _raw_win_std(p, n_sets, wilds)
                if r == -2:
                    return False
            elif _raw_keys(p, keys, ns):
                if n_sets < 0 or ns[0] + ns[1] + ns[2] + ns[3] + ns[4] + wilds != 3 * n_sets + 2:
                    return False
                r = -1
                if _tab_modes(_mask(wild_mask), max_copies, wilds, mode):
                    r = _tab_win(keys, ns, wilds, mode)
            else:
                r = -1
            if r >= 0:
                if r:
                    return True
                if not shapes:
                    return False
                _load_raw(p, NK, c)
                return _special_win(c, n_sets, wilds, _mask(wild_mask), max_copies, shapes) == 1
    _load(counts, c)
    nat = _nat_keys(c, keys, ns)
    if wilds == 0 and nat:
        # natural hand, every count <= 4: the table lookups alone (no wild mask, no cap involved)
        if n_sets < 0 or ns[0] + ns[1] + ns[2] + ns[3] + ns[4] != 3 * n_sets + 2:
            return False
        if _nat_win(keys, ns):
            return True
        return bool(shapes) and _special_win(c, n_sets, 0, _mask(wild_mask), max_copies, shapes) == 1
    _check_args(wilds, max_copies)
    if n_sets < 0 or (ns[0] + ns[1] + ns[2] + ns[3] + ns[4] if nat else _total(c)) + wilds != 3 * n_sets + 2:
        return False
    wm = _mask(wild_mask)
    r = nat and wilds <= MAXTW and _tab_modes(wm, max_copies, wilds, mode)
    if r:
        r = _tab_win(keys, ns, wilds, mode)
    else:
        r = _std_win(c, c, _ZERO, wilds, wm, max_copies)
    if r:
        return True
    return bool(shapes) and _special_win(c, n_sets, wilds, wm, max_copies, shapes) == 1


def waits(counts, int n_sets, int wilds=0, wild_mask=STANDARD_MASK, int max_copies=4, int shapes=0,
          kinds_mask=STANDARD_MASK):
    cdef int c[NK]
    cdef int A[5]
    cdef int B[5]
    cdef int A2[5]
    cdef int B2[5]
    cdef int t, g, win
    cdef u64 wm = _mask(wild_mask)
    cdef u64 km = _mask(kinds_mask)
    _load(counts, c)
    _check_args(wilds, max_copies)
    out = []
    if n_sets < 0 or _total(c) + wilds != 3 * n_sets + 1:
        return out
    for g in range(5):
        _group_masks(g, c, c, _ZERO, wm, max_copies, wilds, &A[g], &B[g])
    for t in range(NK):
        if not (km >> t) & 1:
            continue
        c[t] += 1
        g = GROUP_OF[t]
        memcpy(A2, A, sizeof(A))
        memcpy(B2, B, sizeof(B))
        _group_masks(g, c, c, _ZERO, wm, max_copies, wilds, &A2[g], &B2[g])
        win = _combine(A2, B2, wilds)
        if not win and shapes:
            win = _special_win(c, n_sets, wilds, wm, max_copies, shapes)
        c[t] -= 1
        if win:
            out.append((t, c[t] >= 4))
    return out


cdef bytes _group_records(int g, const int *c, const int *orig, const int *used, u64 wmask, int cap, int w,
                          int pair, int *ngroups):
    """The distinct readings of group g with w wilds (and the pair or not) as sorted fixed-width
    records (group codes sorted, then the kinds the wilds stand for), in one bytes object;
    ``ngroups`` gets the codes per record. None when the group's tiles cannot make whole sets."""
    cdef GCtx x
    cdef Collect out
    cdef int k, n = 0, s
    cdef Py_ssize_t i, kept = 0
    cdef unsigned char *rec
    for k in range(GB[g], GB[g] + GN[g]):
        n += c[k]
    s = _sets_for(n, w, pair)
    if s < 0:
        return None
    ngroups[0] = s + pair
    if s + pair + w == 0:
        return b""  # nothing in the group: one empty reading
    _ctx_init(&x, g, c, orig, used, wmask, cap)
    out.buf = NULL
    out.n = 0
    out.cap = 0
    out.width = s + pair + w  # the sets and the pair, then one kind per wild
    try:
        _grp_rec(&x, w, pair, s, &out)
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


cdef int _std_list(const int *c, const int *orig, const int *used, int W, u64 wmask, int cap,
                   tuple prefix, list out) except -1:
    """Append every standard reading (plus the prefix groups) to out, in order."""
    cdef int A[5]
    cdef int B[5]
    cdef int S0[6]
    cdef int S1[6]
    cdef int g, lim = (1 << (W + 1)) - 1
    for g in range(5):
        _group_masks(g, c, orig, used, wmask, cap, W, &A[g], &B[g])
    # suffix sumsets: S0[g] wild counts groups g.. can absorb without the pair, S1[g] with it
    S0[5] = 1
    S1[5] = 0
    for g in range(4, -1, -1):
        S0[g] = _sumset(S0[g + 1], A[g], lim)
        S1[g] = _sumset(S1[g + 1], A[g], lim) | _sumset(S0[g + 1], B[g], lim)
    if not (S1[0] >> W) & 1:
        return 0
    return _cross_records(c, orig, used, W, wmask, cap, A, B, S0, S1, prefix, out)


cdef struct Cross:
    const unsigned char *recs[5][MAXW + 1][2]  # per group, wilds, pair: its records (NULL: not listed)
    Py_ssize_t nrecs[5][MAXW + 1][2]
    int ngroups[5][MAXW + 1][2]
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
    cdef Cross x
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
        _cross_rec(&x, 0, W, 1, c, orig, used, wmask, cap, A, B, S0, S1, keep)
        if x.out.n > 1:
            _sort_records(&x.out)
        ngroups = x.out.width - W
        for i in range(x.out.n):
            out.append(_record_tuple(x.out.buf + i * x.out.width, ngroups, x.out.width))
    finally:
        free(x.out.buf)
    return 0


cdef int _cross_rec(Cross *x, int g, int wl, int pl, const int *c, const int *orig, const int *used,
                    u64 wmask, int cap, int *A, int *B, int *S0, int *S1, list keep) except -1:
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
                _cross_rec(x, g + 1, wl - w, pl - p, c, orig, used, wmask, cap, A, B, S0, S1, keep)
                x.ncodes = nc0
                x.nkinds = nk0
    return 0


# ---------------------------------------------------------------------------------------------
# natural hands (no wilds, every count <= 4): per-group listings cached by table key

cdef extern from "Python.h":
    void _tuple_set "PyTuple_SET_ITEM"(object t, Py_ssize_t i, PyObject *o)
    void _incref "Py_INCREF"(PyObject *o)
    void _gc_untrack "PyObject_GC_UnTrack"(object o)

_CODE_INTS = list(range(256))   # the int objects of the group codes (kept alive here)
cdef PyObject *CODE_OBJ[256]
cdef int _i
for _i in range(256):
    CODE_OBJ[_i] = <PyObject *>_CODE_INTS[_i]

# (key * 5 + group) -> bytes: the group's readings, each the n // 3 (+ pair) codes of its groups, concatenated.
# Entries are never removed or replaced (so pointers into them stay valid); past the bound, misses go uncached.
# The listing of each natural group (suit or honours, by its base-5 key) as ready-made group
# codes, cached in an open-addressing table (no Python int or dict per lookup): slot key is
# key * 5 + group + 1 (0 = empty), the value a bytes object the table holds a reference to.
cdef enum:
    NAT_BITS = 18
    NAT_SLOTS = 1 << NAT_BITS
    NAT_MAX = NAT_SLOTS // 2       # filled at most half: probes stay short
cdef unsigned int *NAT_KEY = NULL
cdef PyObject **NAT_VAL = NULL
cdef Py_ssize_t NAT_USED = 0
cdef tuple _NO_STANDINS = ()


cdef bytes _nat_group(int g, const int *c, int key, int pair):
    global NAT_KEY, NAT_VAL, NAT_USED
    cdef unsigned int k = <unsigned int>key * 5 + <unsigned int>g + 1
    cdef unsigned int h = (k * <unsigned int>2654435761) >> (32 - NAT_BITS)
    if NAT_KEY == NULL:
        NAT_KEY = <unsigned int *>calloc(NAT_SLOTS, sizeof(unsigned int))
        NAT_VAL = <PyObject **>calloc(NAT_SLOTS, sizeof(PyObject *))
        if NAT_KEY == NULL or NAT_VAL == NULL:
            raise MemoryError()
    while NAT_KEY[h]:
        if NAT_KEY[h] == k:
            return <bytes>NAT_VAL[h]
        h = (h + 1) & (NAT_SLOTS - 1)
    cdef int ngroups
    recs = _group_records(g, c, c, _ZERO, 0, 4, 0, pair, &ngroups)  # no wilds: the records are the codes
    cdef bytes r = b"" if recs is None else recs
    if NAT_USED < NAT_MAX:
        _incref(<PyObject *>r)
        NAT_KEY[h] = k
        NAT_VAL[h] = <PyObject *>r
        NAT_USED += 1
    return r


cdef enum:
    SORTED_MAX = 32  # readings sorted in C before they become tuples (more: Python sorts them)


cdef int _nat_list(const int *c, const int *keys, const int *ns, list out) except -1:
    """Append the standard readings of a natural winning hand (tables said yes) to out; 1 when
    they went in sorted (the usual case), 0 when the caller must sort them."""
    cdef const unsigned char *P[5]
    cdef int M[5]
    cdef int R[5]
    cdef int I[5]
    cdef unsigned char buf[64]
    cdef unsigned char found[SORTED_MAX][64]
    cdef int order[SORTED_MAX]
    cdef int G = 0, g, j, i, pos = 0, m, pair, nfound = 0, overflow = 0
    cdef unsigned char v
    cdef bytes r
    cdef list hold = None
    for g in range(5):
        if ns[g] == 0:
            continue
        pair = ns[g] % 3 == 2
        if NAT_USED >= NAT_MAX:  # r may not be in the cache: keep it alive here
            if hold is None:
                hold = []
            r = _nat_group(g, c, keys[g], pair)
            hold.append(r)
        else:
            r = _nat_group(g, c, keys[g], pair)
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
        if nfound < SORTED_MAX:
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


def readings(counts, int n_sets, int wilds=0, wild_mask=STANDARD_MASK, int max_copies=4, int shapes=0):
    cdef int c[NK]
    cdef int cnt[NK]
    cdef int used[NK]
    cdef int keys[5]
    cdef int ns[5]
    cdef int f, wu, free_, k, in_order
    cdef u64 wm
    _load(counts, c)
    cdef list out = []
    if wilds == 0 and _nat_keys(c, keys, ns):
        # natural hand, every count <= 4: cached per-group listings, no wild mask or cap involved
        if n_sets < 0 or ns[0] + ns[1] + ns[2] + ns[3] + ns[4] != 3 * n_sets + 2:
            return out
        in_order = 1
        if _nat_win(keys, ns):
            in_order = _nat_list(c, keys, ns, out)
        if not shapes:
            if not in_order:
                out.sort()
            return out
        wm = _mask(wild_mask)
    else:
        wm = _mask(wild_mask)
        _check_args(wilds, max_copies)
        if n_sets < 0 or _total(c) + wilds != 3 * n_sets + 2:
            return out
        _std_list(c, c, _ZERO, wilds, wm, max_copies, (), out)
        if not shapes:
            return out  # listed in order
    if shapes:
        if n_sets == 4:
            if shapes & 1 and _seven_pairs_win(c, wm, max_copies, shapes & 16):
                out.extend(_seven_pairs_list(c, wilds, wm, max_copies, shapes & 16))
            if shapes & 2 and _orphans_win(c, wm, max_copies):
                for p in ORPH[:13]:
                    if _orphans_ok(c, p, wm, max_copies):
                        groups = [(GS << 6) | o for o in ORPH[:13] if o != p] + [(GP << 6) | p]
                        st = []
                        for o in ORPH[:13]:
                            st.extend([o] * ((2 if o == p else 1) - c[o]))
                        out.append((tuple(sorted(groups)), tuple(sorted(st))))
            if shapes & 4:
                for f in range(6):
                    free_ = _hk_free(c, f, wm, max_copies)
                    if free_ < wilds:
                        continue
                    nat = [k for k in range(NK) if c[k]]
                    cand = [k for k in range(NK) if (IN_FAM[f][k] or 27 <= k < 34) and not c[k]
                            and (wm >> k) & 1 and max_copies >= 1]
                    for extra in itertools.combinations(cand, wilds):
                        out.append((tuple(sorted((GS << 6) | k for k in nat + list(extra))), extra))
        if shapes & 8 and (n_sets == 3 or n_sets == 4):
            for f in range(6):
                wu = _knit_take(c, f, wm, max_copies, cnt, used)
                if 0 <= wu <= wilds:
                    pre = tuple([k for k in range(NK) if used[k]])
                    part = []
                    _std_list(cnt, c, used, wilds - wu, wm, max_copies, ((GK << 6) | f,), part)
                    for gt, st in part:
                        out.append((gt, tuple(sorted(st + pre))))
    if len(out) > 1:
        out.sort()
    return out


cdef list _seven_pairs_list(const int *c, int W, u64 wmask, int cap, int distinct):
    cdef int k, v, m = 0, r
    if not _seven_pairs_win(c, wmask, cap, distinct):
        return []
    base = []
    st = []
    rooms = []
    for k in range(NK):
        v = c[k]
        if v:
            base.extend([(GP << 6) | k] * ((v + 1) // 2))
            if v & 1:
                st.append(k)
            m += (v + 1) // 2
        if (wmask >> k) & 1:
            if distinct:
                r = 1 if (not v and cap >= 2) else 0
            else:
                r = (cap - v - (v & 1)) // 2
            if r > 0:
                rooms.append((k, r))
    res = []
    _sp_rec(rooms, 0, 7 - m, [], base, st, res)
    return res


cdef _sp_rec(list rooms, int i, int left, list chosen, list base, list st, list res):
    cdef int j, r, k
    if left == 0:
        extra = []
        for k in chosen:
            extra.extend([k, k])
        res.append((tuple(sorted(base + [(GP << 6) | k for k in chosen])), tuple(sorted(st + extra))))
        return
    if i == len(rooms):
        return
    k, r = rooms[i]
    for j in range(min(r, left), -1, -1):
        _sp_rec(rooms, i + 1, left - j, chosen + [k] * j, base, st, res)


# ---------------------------------------------------------------------------------------------
# one tile group's readings as records, and the best reading per key among them (the wild-tile
# variants' per-group tables, scorer/wildsplit.py): no tuple per reading

def group_records(counts, int g, int w, int pair, wild_mask=STANDARD_MASK, int max_copies=4):
    """Tile group ``g``'s own readings (0-2 the suits, 3 the honours) with ``w`` wilds and the
    pair or not, in the order ``readings`` lists them: ``(records, ngroups)``, each record
    ``ngroups + w`` bytes (the sorted group codes, then the kinds the wilds stand for), or None
    when the group's tiles fit no reading."""
    cdef int c[NK]
    cdef int ngroups = 0
    _load(counts, c)
    _check_args(w, max_copies)
    if g < 0 or g > 3 or pair < 0 or pair > 1:
        raise ValueError("group 0-3, pair 0 or 1")
    recs = _group_records(g, c, c, _ZERO, _mask(wild_mask), max_copies, w, pair, &ngroups)
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
        chow = split_chows and ngroups > 0 and (rec[ngroups - 1] >> 6) == GC
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

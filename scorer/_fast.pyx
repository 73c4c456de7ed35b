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
  number of the group's counts, built once (by the build, or at import without its file):
    - CAPPED_TABLES: exact sets under the standard cap (no kind above 4 copies, wilds included),
      3 bits per flavour (only w of the right residue mod 3 can work);
    - UNCAPPED_TABLES: the fewest wilds with no cap at all (then w, w+3, w+6 all work).
  Groups the tables cannot answer (a count above 4, a partial wild mask over the group, an unusual
  cap, wilds already placed by a knitted straight) fall back to a small exact recursion.
  The per-group sets are then combined by sumsets.
* is_winning with counts <= 4 and a mask / cap the tables answer for every group (the default one, cap 4,
  in particular) skips the sets: the table bytes are read as polynomials and multiplied (_table_win); for
  ``bytes`` counts with the default mask, or no wilds, the whole check runs on 64-bit words of the raw
  counts (_raw_default_win), a few dozen instructions.
* Listing: per group, the wild-aware canonical recursion (lowest natural first: pung, chows with it
  as 1st/2nd/3rd member, pair; then groups made only of wilds in canonical order), deduplicated
  with a set; computed once per (group, wilds, pair) and combined by cross product, pruned by the
  feasibility sets so that every branch entered yields readings.
* Natural hands (no wilds, every count <= 4), the common case, skip all of that: the win check is five
  table lookups (as above), and a listing is assembled in C from per-group listings cached (as bytes of group
  codes, keyed by the group's table key) across calls; only several readings are sorted.
* Input: ``bytes`` (fastest), ``bytearray`` or any 1-byte unsigned buffer are read as raw bytes;
  lists and tuples item by item; anything else through ``list()``.

This file holds the public calls (``is_winning``, ``waits``, ``readings``) and the names they share;
the machinery is in the ``_fast_*.pxi`` parts it includes, one concern each (their header comments
say what and why): where the kinds sit (kinds), the tables (tables), readings as byte records
(records), the exact search inside one group (group_search), wild counts per group and their sumsets
(wild_counts), the special shapes (special_shapes), reading the caller's counts (counts_input), the
win check straight from the tables (table_win), listing with wilds (listing), listing natural hands
from a cache (natural_cache), and the records API of the wild-tile variants (variant_records).
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
    N_KINDS = 37          # the kinds a count array holds
    CODE_PAIR = 0         # the type of a group code (code = type << 6 | its first kind): PAIR...SINGLE above
    CODE_PUNG = 1
    CODE_CHOW = 2
    CODE_KNITTED = 3      # a knitted straight: the code holds its family, not a kind
    CODE_SINGLE = 4
    TABLE_MAX_WILDS = 8   # the tables know wild counts 0..8
    MAX_WILDS = 30        # the exact search: up to 30 wilds


# The parts, in the order their module-level set-up must run (kinds before the tables' load, the
# tables before table_win's polynomials); the functions in them may call one another in any order.
include "_fast_kinds.pxi"
include "_fast_tables.pxi"
include "_fast_records.pxi"
include "_fast_group_search.pxi"
include "_fast_wild_counts.pxi"
include "_fast_special_shapes.pxi"
include "_fast_counts_input.pxi"
include "_fast_table_win.pxi"
include "_fast_listing.pxi"
include "_fast_natural_cache.pxi"
include "_fast_variant_records.pxi"


# ---- the public calls ---------------------------------------------------------------------------


@cython.binding(False)  # a plain builtin, called without the cyfunction layer (the signature: the docstring)
def is_winning(counts, int n_sets, int wilds=0, wild_mask=STANDARD_MASK, int max_copies=4, int shapes=0):
    """is_winning(counts, n_sets, wilds=0, wild_mask=17179869183, max_copies=4, shapes=0)
--

Whether the naturals (37 counts) plus ``wilds`` wilds make a winning hand of ``n_sets`` sets and a pair
(or one of the ``shapes``)."""
    cdef int c[N_KINDS]
    cdef int keys[5]
    cdef int ns[5]
    cdef int mode[5]
    cdef unsigned char buf[N_KINDS]
    cdef const unsigned char *p
    cdef Py_ssize_t n
    cdef int nat, r
    cdef u64 wm
    if type(counts) is bytes and <unsigned int>wilds <= TABLE_MAX_WILDS:
        # the common case: raw counts, read a word at a time, and the answer straight from the tables
        n = PyBytes_GET_SIZE(counts)
        p = <const unsigned char *>PyBytes_AS_STRING(counts)
        if n < N_KINDS:
            memset(buf, 0, N_KINDS)
            memcpy(buf, p, n)
            p = buf
        if n <= N_KINDS:
            if wilds == 0 or (max_copies == 4 and (wild_mask is _STANDARD_MASK_OBJ or (
                    type(wild_mask) is int and _mask_bits(wild_mask) == STANDARD_MASK_C))):
                # (with no wilds, the modes don't matter: any of them reads the natural answer)
                r = _raw_default_win(p, n_sets, wilds)
                if r == -2:
                    return False
            elif _raw_table_keys(p, keys, ns):
                if n_sets < 0 or ns[0] + ns[1] + ns[2] + ns[3] + ns[4] + wilds != 3 * n_sets + 2:
                    return False
                r = -1
                if _table_modes(_mask_bits(wild_mask), max_copies, wilds, mode):
                    r = _table_win(keys, ns, wilds, mode)
            else:
                r = -1
            if r >= 0:
                if r:
                    return True
                if not shapes:
                    return False
                _load_raw_counts(p, N_KINDS, c)
                return _special_win(c, n_sets, wilds, _mask_bits(wild_mask), max_copies, shapes) == 1
    _load_counts(counts, c)
    nat = _natural_keys(c, keys, ns)
    if wilds == 0 and nat:
        # natural hand, every count <= 4: the table lookups alone (no wild mask, no cap involved)
        if n_sets < 0 or ns[0] + ns[1] + ns[2] + ns[3] + ns[4] != 3 * n_sets + 2:
            return False
        if _natural_win(keys, ns):
            return True
        return bool(shapes) and _special_win(c, n_sets, 0, _mask_bits(wild_mask), max_copies, shapes) == 1
    _check_args(wilds, max_copies)
    if n_sets < 0 or (ns[0] + ns[1] + ns[2] + ns[3] + ns[4] if nat else _tile_total(c)) + wilds != 3 * n_sets + 2:
        return False
    wm = _mask_bits(wild_mask)
    r = nat and wilds <= TABLE_MAX_WILDS and _table_modes(wm, max_copies, wilds, mode)
    if r:
        r = _table_win(keys, ns, wilds, mode)
    else:
        r = _standard_win(c, c, NO_WILDS_PLACED, wilds, wm, max_copies)
    if r:
        return True
    return bool(shapes) and _special_win(c, n_sets, wilds, wm, max_copies, shapes) == 1


def waits(counts, int n_sets, int wilds=0, wild_mask=STANDARD_MASK, int max_copies=4, int shapes=0,
          kinds_mask=STANDARD_MASK):
    cdef int c[N_KINDS]
    cdef int A[5]
    cdef int B[5]
    cdef int A2[5]
    cdef int B2[5]
    cdef int t, g, win
    cdef u64 wm = _mask_bits(wild_mask)
    cdef u64 km = _mask_bits(kinds_mask)
    _load_counts(counts, c)
    _check_args(wilds, max_copies)
    out = []
    if n_sets < 0 or _tile_total(c) + wilds != 3 * n_sets + 1:
        return out
    for g in range(5):
        _group_wild_counts(g, c, c, NO_WILDS_PLACED, wm, max_copies, wilds, &A[g], &B[g])
    for t in range(N_KINDS):
        if not (km >> t) & 1:
            continue
        c[t] += 1
        g = GROUP_OF_KIND[t]
        memcpy(A2, A, sizeof(A))
        memcpy(B2, B, sizeof(B))
        _group_wild_counts(g, c, c, NO_WILDS_PLACED, wm, max_copies, wilds, &A2[g], &B2[g])
        win = _combine_groups(A2, B2, wilds)
        if not win and shapes:
            win = _special_win(c, n_sets, wilds, wm, max_copies, shapes)
        c[t] -= 1
        if win:
            out.append((t, c[t] >= 4))
    return out


def readings(counts, int n_sets, int wilds=0, wild_mask=STANDARD_MASK, int max_copies=4, int shapes=0):
    cdef int c[N_KINDS]
    cdef int cnt[N_KINDS]
    cdef int used[N_KINDS]
    cdef int keys[5]
    cdef int ns[5]
    cdef int f, wu, free_, k, in_order
    cdef u64 wm
    _load_counts(counts, c)
    cdef list out = []
    if wilds == 0 and _natural_keys(c, keys, ns):
        # natural hand, every count <= 4: cached per-group listings, no wild mask or cap involved
        if n_sets < 0 or ns[0] + ns[1] + ns[2] + ns[3] + ns[4] != 3 * n_sets + 2:
            return out
        in_order = 1
        if _natural_win(keys, ns):
            in_order = _list_natural(c, keys, ns, out)
        if not shapes:
            if not in_order:
                out.sort()
            return out
        wm = _mask_bits(wild_mask)
    else:
        wm = _mask_bits(wild_mask)
        _check_args(wilds, max_copies)
        if n_sets < 0 or _tile_total(c) + wilds != 3 * n_sets + 2:
            return out
        _list_standard(c, c, NO_WILDS_PLACED, wilds, wm, max_copies, (), out)
        if not shapes:
            return out  # listed in order
    if shapes:
        if n_sets == 4:
            if shapes & 1 and _seven_pairs_win(c, wm, max_copies, shapes & 16):
                out.extend(_seven_pairs_list(c, wilds, wm, max_copies, shapes & 16))
            if shapes & 2 and _orphans_win(c, wm, max_copies):
                for p in ORPHAN_KINDS[:13]:
                    if _orphans_with_pair(c, p, wm, max_copies):
                        groups = ([(CODE_SINGLE << 6) | o for o in ORPHAN_KINDS[:13] if o != p]
                                  + [(CODE_PAIR << 6) | p])
                        st = []
                        for o in ORPHAN_KINDS[:13]:
                            st.extend([o] * ((2 if o == p else 1) - c[o]))
                        out.append((tuple(sorted(groups)), tuple(sorted(st))))
            if shapes & 4:
                for f in range(6):
                    free_ = _honors_knitted_room(c, f, wm, max_copies)
                    if free_ < wilds:
                        continue
                    nat = [k for k in range(N_KINDS) if c[k]]
                    cand = [k for k in range(N_KINDS) if (IN_KNITTED_FAMILY[f][k] or 27 <= k < 34) and not c[k]
                            and (wm >> k) & 1 and max_copies >= 1]
                    for extra in itertools.combinations(cand, wilds):
                        out.append((tuple(sorted((CODE_SINGLE << 6) | k for k in nat + list(extra))), extra))
        if shapes & 8 and (n_sets == 3 or n_sets == 4):
            for f in range(6):
                wu = _take_knitted_straight(c, f, wm, max_copies, cnt, used)
                if 0 <= wu <= wilds:
                    pre = tuple([k for k in range(N_KINDS) if used[k]])
                    part = []
                    _list_standard(cnt, c, used, wilds - wu, wm, max_copies, ((CODE_KNITTED << 6) | f,), part)
                    for gt, st in part:
                        out.append((gt, tuple(sorted(st + pre))))
    if len(out) > 1:
        out.sort()
    return out

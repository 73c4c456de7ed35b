# Included by _fast.pyx: MCR scored straight from the notation text and a context dict, for
# ``scorer.score_compact`` and the compact batch view. Anything this path does not handle exactly
# as the full path would (unusual notation, rule options, special shapes, a context the full path
# may reject or read differently) returns None and the caller runs the full path instead; the
# equality of both is tested on the differential corpus and by hypothesis (tests/test_compact.py).

from cpython.dict cimport PyDict_Next
from cpython.exc cimport PyErr_Clear
from cpython.object cimport PyObject
from cpython.pycapsule cimport PyCapsule_New
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.unicode cimport PyUnicode_GET_LENGTH, PyUnicode_READ_CHAR

cdef extern from "Python.h":
    # NULL (with an exception set) for a string UTF-8 cannot hold: lone surrogates
    const char *_utf8 "PyUnicode_AsUTF8AndSize"(object o, Py_ssize_t *size)
    void PyObject_GC_UnTrack(void *o)
    int PyUnicode_IS_COMPACT_ASCII(object o)
    void *PyUnicode_DATA(object o)

from scorer._compact cimport CompactResult
from scorer._fastparse cimport ParsedHand, parse_standard

# the default preset's rules (the only ones this path scores) and the settlement, from their sources
from scorer import seats as _seats_py
from scorer.variants.mcr import settle as _settle_py
from scorer.variants.mcr.context import DEFAULT_PRESET as _DEFAULT_PRESET, PRESETS as _PRESETS

_DEFAULTS = _PRESETS[_DEFAULT_PRESET]
cdef int MINIMUM = _DEFAULTS["minimum"]
cdef int KONG_PAIR_FAN = _DEFAULTS["concealed_kong_and_melded_kong"]
cdef int KNITTED_WAITS = _DEFAULTS["knitted_straight_waits"]
cdef int BASE = _settle_py.BASE
cdef int FLOWER_FAN = -1
cdef list ITEM_CACHE = []     # ITEM_CACHE[fan][count]: the (id, points, factor, count) tuple
# the seats in turn order and who deals in by default on a discard (the winner's previous seat), as
# scorer.seats writes and reckons them (the wind kinds 27-30 follow the same order)
cdef tuple SEAT_NAMES = _seats_py.SEATS
cdef int PREVIOUS_SEAT[4]
for _i in range(4):
    PREVIOUS_SEAT[_i] = SEAT_NAMES.index(_seats_py.previous_seat(SEAT_NAMES[_i]))
cdef str NO_WIN_REASON = _settle_py.NO_WIN_REASON
cdef str VARIANT = "mcr"
cdef enum:
    CACHED_COUNTS = 9


cdef PyObject *ITEMS[NF][CACHED_COUNTS]  # the same tuples by address (ITEM_CACHE holds them)


cdef void _init_items() except *:
    global FLOWER_FAN
    cdef int f, n
    for f in range(NUM_FANS):
        ITEM_CACHE.append([None] + [(_FANS[f].id, _FANS[f].points, 1, n) for n in range(1, CACHED_COUNTS)])
        for n in range(1, CACHED_COUNTS):
            ITEMS[f][n] = <PyObject *>ITEM_CACHE[f][n]
        if _FANS[f].id == "flower_tiles":
            FLOWER_FAN = f


_init_items()


cdef inline object _item(int fan, int count):
    if count < CACHED_COUNTS:
        return <object>ITEMS[fan][count]
    return (_FANS[fan].id, _FANS[fan].points, 1, count)


cdef struct Ctx:
    int self_draw
    int seat
    int prevalent
    int flowers
    int last_tile
    int kong_win
    int last_wall
    int discarder      # wind kind, or -1 when not given
    int given          # bit c: the context gave field c (_field_code), for the full result's echo


cdef inline int _field_code(object key):
    """MCRContext's field names by length and bytes (no hashing): 0-8 in the order of
    compiled.CONTEXT_FIELDS_READ (checked against MCRContext at import), or -1 for any other key."""
    cdef const char *b
    cdef Py_ssize_t n
    if type(key) is not str or not PyUnicode_IS_COMPACT_ASCII(key):
        return -1
    n = PyUnicode_GET_LENGTH(key)
    b = <const char *>PyUnicode_DATA(key)
    if n == 9:
        if memcmp(b, b"self_draw", 9) == 0:
            return 0
        if memcmp(b, b"seat_wind", 9) == 0:
            return 1
        if memcmp(b, b"last_tile", 9) == 0:
            return 4
        if memcmp(b, b"last_wall", 9) == 0:
            return 6
        if memcmp(b, b"discarder", 9) == 0:
            return 7
    elif n == 10:
        if memcmp(b, b"round_wind", 10) == 0:
            return 2
    elif n == 7:
        if memcmp(b, b"flowers", 7) == 0:
            return 3
    elif n == 8:
        if memcmp(b, b"kong_win", 8) == 0:
            return 5
        if memcmp(b, b"win_tile", 8) == 0:
            return 8
    return -1


cdef extern from *:
    """
    /* the one-letter strings E S W N as Python shares them (one object per character): a wind
       read from a literal or a JSON document is one of them, found by address */
    static PyObject *mj_wind_names[4];
    /* a wind as the context writes it: the kind 27-30, or 0 for any other value */
    static inline int mj_wind(PyObject *v) {
        if (v == mj_wind_names[0]) return 27;
        if (v == mj_wind_names[1]) return 28;
        if (v == mj_wind_names[2]) return 29;
        if (v == mj_wind_names[3]) return 30;
        if (!PyUnicode_CheckExact(v) || PyUnicode_GET_LENGTH(v) != 1)
            return 0;
        switch (PyUnicode_READ_CHAR(v, 0)) {
            case 'E': return 27;
            case 'S': return 28;
            case 'W': return 29;
            case 'N': return 30;
        }
        return 0;
    }
    /* a flower count 0-8 (an int, not a bool: a bool is another type), or -1 for any other value;
       a huge int is -1 too, never a wrapped C long */
    static inline int mj_flowers(PyObject *v) {
        int overflow;
        long n;
        if (!PyLong_CheckExact(v))
            return -1;
        n = PyLong_AsLongAndOverflow(v, &overflow);
        return (overflow || n < 0 || n > 8) ? -1 : (int)n;
    }
    """
    int mj_wind(PyObject *v) noexcept
    PyObject *mj_wind_names[4]
    int mj_flowers(PyObject *v) noexcept
    PyObject *PY_TRUE "Py_True"
    PyObject *PY_FALSE "Py_False"
    PyObject *PY_NONE "Py_None"


cdef list WIND_NAME_REFS = [chr(ord(letter)) for letter in "ESWN"]  # held: their addresses stay theirs
for _i in range(4):
    mj_wind_names[_i] = <PyObject *>WIND_NAME_REFS[_i]


# the field names by their codes, interned: a key written as a literal (or interned by a JSON
# reader) is the very same object, found by address before _field_code reads its bytes
cdef PyObject *FIELD_KEYS[9]
cdef list FIELD_KEY_REFS = []


cdef void _init_field_keys() except *:
    import sys
    from scorer.variants.mcr.compiled import CONTEXT_FIELDS_READ
    cdef int c
    for c in range(9):
        FIELD_KEYS[c] = NULL
    for name in CONTEXT_FIELDS_READ:
        name = sys.intern(name)
        c = _field_code(name)  # the one reader of the names: a name it does not know is not listed
        if 0 <= c < 9:
            FIELD_KEY_REFS.append(name)
            FIELD_KEYS[c] = <PyObject *>name


_init_field_keys()


cdef inline int _key_code(PyObject *key, int hint):
    """_field_code of a context key: by address first (the next code expected, then each)."""
    cdef int c
    if hint < 9 and key == FIELD_KEYS[hint]:
        return hint
    for c in range(9):
        if key == FIELD_KEYS[c]:
            return c
    return _field_code(<object>key)


cdef inline int _flag(PyObject *v, int *out) noexcept:
    if v == PY_TRUE:
        out[0] = 1
        return 1
    if v == PY_FALSE:
        out[0] = 0
        return 1
    return 0


cdef inline int _wind(PyObject *v, int *out) noexcept:
    cdef int kind = mj_wind(v)
    if kind == 0:
        return 0
    out[0] = kind
    return 1


cdef int _read_context(dict context, Ctx *x):
    """1 when every field is one the fast path reads exactly as MCRContext would, else 0."""
    cdef Py_ssize_t pos = 0
    cdef PyObject *kp
    cdef PyObject *vp
    cdef int ok, c = -1
    x.self_draw = x.last_tile = x.kong_win = x.last_wall = x.flowers = 0
    x.seat = x.prevalent = 27
    x.discarder = -1
    x.given = 0
    if context is None:
        return 1
    while PyDict_Next(context, &pos, &kp, &vp):
        c = _key_code(kp, c + 1)
        if c < 0:
            return 0
        elif c == 0:
            ok = _flag(vp, &x.self_draw)
        elif c == 1:
            ok = _wind(vp, &x.seat)
        elif c == 2:
            ok = _wind(vp, &x.prevalent)
        elif c == 3:
            x.flowers = mj_flowers(vp)
            ok = x.flowers >= 0
        elif c == 4:
            ok = _flag(vp, &x.last_tile)
        elif c == 5:
            ok = _flag(vp, &x.kong_win)
        elif c == 6:
            ok = _flag(vp, &x.last_wall)
        elif c == 7:
            ok = vp == PY_NONE or _wind(vp, &x.discarder)
        else:
            ok = vp == PY_NONE
        if not ok:
            return 0
        x.given |= 1 << c
    return 1


cdef int _contradiction(Hand *h, Ctx *x) noexcept nogil:
    """MCR._check_context: any flag that contradicts the hand (the full path then reports it)."""
    cdef int i, has_kong = 0
    for i in range(h.nfixed):
        if h.fkind[i] == KONG:
            has_kong = 1
    if x.kong_win and x.self_draw and not has_kong:
        return 1
    if x.kong_win and not x.self_draw and (h.total[h.win] > 1 or x.last_wall):
        return 1
    if x.last_tile and h.conc[h.win] > 1:
        return 1
    if x.discarder >= 0 and (x.self_draw or x.discarder == x.seat):
        return 1
    return 0


cdef int _load_hand(const char *s, Py_ssize_t n, Ctx *x, Hand *h) noexcept nogil:
    """Parse and set up the hand; 0 when the full path must take it."""
    cdef ParsedHand p
    return _load_parsed(s, n, x, h, &p)


cdef int _load_parsed(const char *s, Py_ssize_t n, Ctx *x, Hand *h, ParsedHand *p) noexcept nogil:
    """_load_hand keeping the parse in ``p`` (the full result writes the hand back from it)."""
    cdef int i
    if not parse_standard(s, n, p):
        return 0
    if p.ntiles != 3 * (4 - p.nmelds) + 2:
        return 0
    # every field is set here or by _finish_hand / _evaluate: no need to clear the whole struct
    for i in range(NK):
        h.conc[i] = p.conc[i]
    h.conc[34] = h.conc[35] = 0
    h.pair_group = -1
    h.nfixed = p.nmelds
    for i in range(p.nmelds):
        h.fkind[i] = p.mkind[i]
        h.ftile[i] = p.mtile[i]
        h.fconc[i] = p.mexp[i] == 2
    h.win = p.win
    h.self_draw = x.self_draw
    h.last_wall = x.last_wall
    h.kong_win = x.kong_win
    h.last_tile = x.last_tile
    _finish_hand(h)
    return not _contradiction(h, x)


cdef list BELOW_MINIMUM = [_settle_py.below_minimum(MINIMUM, p) for p in range(MINIMUM)]


cdef struct Settled:
    int valid
    int total
    int reason     # 0 none, 1 no winning shape, 2 below the minimum
    int amounts[4] # E S W N


cdef struct Scored:
    # an Outcome as kept for the answer: the chosen reading's fans as a bit set and byte counts
    # (a batch keeps one per request: small means cache-resident)
    int status
    int points
    u64 mask[2]
    unsigned char counts[NF]


cdef void _pack(Outcome *o, Scored *r) noexcept nogil:
    cdef u64 rest
    cdef int w, i
    r.status = o.status
    r.points = o.points
    r.mask[0] = r.mask[1] = 0
    if o.status == S_NONE or o.status == S_DEFER:
        return
    mj_fan_mask(o.counts, r.mask)
    for w in range(2):
        rest = r.mask[w]
        while rest:
            i = (w << 6) | __builtin_ctzll(rest)
            rest &= rest - 1
            r.counts[i] = <unsigned char>o.counts[i] if o.counts[i] < 256 else 255
            if o.counts[i] >= 256:
                r.status = S_DEFER  # never: no fan counts that high; the full path would answer


cdef void _settle(Ctx *x, Scored *o, Settled *r) noexcept nogil:
    """Validity, total and payments (settle.payments: self-draw, each other seat pays BASE + total;
    on a discard the discarder, by default the winner's previous seat, pays BASE + total and the
    two others BASE)."""
    cdef int i, n = 0, amount, discarder, seat
    memset(r.amounts, 0, sizeof(r.amounts))
    r.valid = 0
    r.total = 0
    if o.status == S_NONE:
        r.reason = 1
        return
    if o.points < MINIMUM:
        r.reason = 2
        return
    r.reason = 0
    r.valid = 1
    r.total = o.points + x.flowers
    seat = x.seat - 27
    discarder = -1 if x.self_draw else (x.discarder - 27 if x.discarder >= 0 else PREVIOUS_SEAT[seat])
    for i in range(4):
        if i == seat:
            continue
        amount = BASE + r.total if (x.self_draw or i == discarder) else BASE
        r.amounts[i] = -amount
        n += amount
    r.amounts[seat] = n


cdef object _compact(Ctx *x, Scored *o):
    """The CompactResult of an evaluated hand (None for a shape the full path must take)."""
    cdef CompactResult r
    cdef Settled st
    cdef int i, n = 0, k, w
    cdef int fans[NF]
    cdef u64 rest
    cdef tuple items
    cdef object item
    if o.status == S_DEFER or o.points < 0:
        return None
    _settle(x, o, &st)
    r = CompactResult.__new__(CompactResult)
    r.variant = VARIANT
    # the payments' template (the result copies it when its payments are first read); None past the
    # templates' table: the result keeps the amounts
    r._payments = _payments_template(x, &st) if st.valid else NO_PAYMENTS
    r._shared = r._payments is not None
    if not r._shared:
        memcpy(r._amounts, st.amounts, sizeof(st.amounts))
    r.valid = True if st.valid else False
    r.total = st.total
    r.reason = None if st.reason == 0 else NO_WIN_REASON if st.reason == 1 else BELOW_MINIMUM[o.points]
    if o.status == S_NONE:
        r.items = ()
        return r
    # the fans in table order, then the flowers (the bit sets' fans counted as they are read)
    for w in range(2):
        rest = o.mask[w]
        while rest:
            i = (w << 6) | __builtin_ctzll(rest)
            rest &= rest - 1
            fans[n] = i
            n += 1
    items = PyTuple_New(n + (1 if x.flowers else 0))
    for k in range(n):
        item = _item(fans[k], o.counts[fans[k]])
        Py_INCREF(item)
        PyTuple_SET_ITEM(items, k, item)
    if x.flowers:
        item = _item(FLOWER_FAN, x.flowers)
        Py_INCREF(item)
        PyTuple_SET_ITEM(items, n, item)
    PyObject_GC_UnTrack(<void *>items)  # holds only tuples of strings and ints: no cycle possible
    r.items = items
    return r


cdef int _read_text(object text, object context, Ctx *x, const char **s, Py_ssize_t *n):
    """The hand text (as UTF-8) and the context, when the fast path reads both exactly as the full
    path would; 0 otherwise (the full path then takes the request)."""
    if type(text) is not str or (context is not None and type(context) is not dict):
        return 0
    if not _read_context(<dict>context, x):
        return 0
    if PyUnicode_IS_COMPACT_ASCII(text):  # the common text: its characters are its UTF-8 bytes
        n[0] = PyUnicode_GET_LENGTH(text)
        s[0] = <const char *>PyUnicode_DATA(text)
        return 1
    s[0] = _utf8(text, n)
    if s[0] == NULL:  # a string UTF-8 cannot hold: the full path reports it
        PyErr_Clear()
        return 0
    return 1


cdef int _score_text(const char *s, Py_ssize_t n, Ctx *x, Scored *r) noexcept nogil:
    """Parse, set up and score the hand; 0 when the full path must take it."""
    cdef Hand h
    cdef Outcome o
    if not _load_hand(s, n, x, &h):
        return 0
    _evaluate(&h, x.seat, x.prevalent, KONG_PAIR_FAN, KNITTED_WAITS, &o, NULL)
    _pack(&o, r)
    return r.status != S_DEFER


cdef object _compact_entry(object text, object context):
    cdef Ctx x
    cdef Scored r
    cdef const char *s
    cdef Py_ssize_t n
    if not _read_text(text, context, &x, &s, &n) or not _score_text(s, n, &x, &r):
        return None
    return _compact(&x, &r)


def compact(text, context):
    """MCR under the default rules, straight from the notation: a CompactResult, or None when the
    full path must score this request (see the module docstring of _compact_path.pxi)."""
    return _compact_entry(text, context)



# the same as a C function, for the compiled ``scorer.score_compact`` (``scorer._compact``) to call
# with no Python frame between
compact.c_entry = PyCapsule_New(<void *>_compact_entry, b"mjscore.compact_entry", NULL)

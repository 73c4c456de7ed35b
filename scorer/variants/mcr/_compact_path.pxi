# Included by _fast.pyx: MCR scored straight from the notation text and a context dict, for
# ``scorer.score_compact`` and the compact batch view. Anything this path does not handle exactly
# as the full path would (unusual notation, rule options, special shapes, a context the full path
# may reject or read differently) returns None and the caller runs the full path instead; the
# equality of both is tested on the differential corpus and by hypothesis (tests/test_compact.py).

from cpython.dict cimport PyDict_Next
from cpython.exc cimport PyErr_Clear
from cpython.object cimport PyObject
from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.pycapsule cimport PyCapsule_New
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.unicode cimport PyUnicode_GET_LENGTH, PyUnicode_READ_CHAR
from libc.stdlib cimport free, malloc

cdef extern from "Python.h":
    # NULL (with an exception set) for a string UTF-8 cannot hold: lone surrogates
    const char *_utf8 "PyUnicode_AsUTF8AndSize"(object o, Py_ssize_t *size)
    void PyObject_GC_UnTrack(void *o)
    int PyUnicode_IS_COMPACT_ASCII(object o)
    void *PyUnicode_DATA(object o)

cdef extern from "<pthread.h>" nogil:
    ctypedef unsigned long pthread_t
    ctypedef struct pthread_mutex_t:
        pass
    ctypedef struct pthread_cond_t:
        pass
    int pthread_create(pthread_t *thread, void *attr, void *(*start)(void *) noexcept nogil, void *arg)
    int pthread_detach(pthread_t thread)
    int pthread_join(pthread_t thread, void **retval)
    int pthread_mutex_init(pthread_mutex_t *m, void *attr)
    int pthread_mutex_lock(pthread_mutex_t *m)
    int pthread_mutex_unlock(pthread_mutex_t *m)
    int pthread_cond_init(pthread_cond_t *c, void *attr)
    int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
    int pthread_cond_broadcast(pthread_cond_t *c)

cdef extern from "<unistd.h>" nogil:
    int getpid()

from scorer._compact cimport CompactResult
from scorer._fastparse cimport ParsedHand, parse_standard

cdef int MINIMUM = 8          # MCRRules.minimum of the default preset
cdef int FLOWER_FAN = -1
cdef list ITEM_CACHE = []     # ITEM_CACHE[fan][count]: the (id, points, factor, count) tuple
cdef tuple SEAT_NAMES = ("E", "S", "W", "N")
cdef str NO_WIN_REASON = "not a winning hand: the tiles form no MCR winning shape"
cdef str VARIANT = "mcr"
cdef enum:
    CACHED_COUNTS = 9


cdef void _init_items() except *:
    global FLOWER_FAN
    cdef int f, n
    for f in range(NUM_FANS):
        ITEM_CACHE.append([None] + [(_FANS[f].id, _FANS[f].points, 1, n) for n in range(1, CACHED_COUNTS)])
        if _FANS[f].id == "flower_tiles":
            FLOWER_FAN = f


_init_items()


cdef inline tuple _item(int fan, int count):
    if count < CACHED_COUNTS:
        return <tuple>(<list>ITEM_CACHE[fan])[count]
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


cdef inline int _field_code(object key):
    """MCRContext's field names by length and bytes (no hashing): 0-8, or -1 for any other key."""
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


cdef inline int _flag(object v, int *out):
    if v is True:
        out[0] = 1
        return 1
    if v is False:
        out[0] = 0
        return 1
    return 0


cdef inline int _wind(object v, int *out):
    cdef Py_UCS4 ch
    if type(v) is not str or PyUnicode_GET_LENGTH(v) != 1:
        return 0
    ch = PyUnicode_READ_CHAR(v, 0)
    if ch == u"E":
        out[0] = 27
    elif ch == u"S":
        out[0] = 28
    elif ch == u"W":
        out[0] = 29
    elif ch == u"N":
        out[0] = 30
    else:
        return 0
    return 1


cdef int _read_context(dict context, Ctx *x):
    """1 when every field is one the fast path reads exactly as MCRContext would, else 0."""
    cdef Py_ssize_t pos = 0
    cdef PyObject *kp
    cdef PyObject *vp
    cdef int ok, c
    cdef long fl
    x.self_draw = x.last_tile = x.kong_win = x.last_wall = x.flowers = 0
    x.seat = x.prevalent = 27
    x.discarder = -1
    if context is None:
        return 1
    while PyDict_Next(context, &pos, &kp, &vp):
        c = _field_code(<object>kp)
        v = <object>vp
        if c < 0:
            return 0
        elif c == 0:
            ok = _flag(v, &x.self_draw)
        elif c == 1:
            ok = _wind(v, &x.seat)
        elif c == 2:
            ok = _wind(v, &x.prevalent)
        elif c == 3:
            ok = 0
            if type(v) is int:
                fl = v
                if 0 <= fl <= 8:
                    x.flowers = fl
                    ok = 1
        elif c == 4:
            ok = _flag(v, &x.last_tile)
        elif c == 5:
            ok = _flag(v, &x.kong_win)
        elif c == 6:
            ok = _flag(v, &x.last_wall)
        elif c == 7:
            ok = v is None or _wind(v, &x.discarder)
        else:
            ok = v is None
        if not ok:
            return 0
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
    cdef int i
    if not parse_standard(s, n, &p):
        return 0
    if p.ntiles != 3 * (4 - p.nmelds) + 2:
        return 0
    memset(h, 0, sizeof(Hand))
    for i in range(NK):
        h.conc[i] = p.conc[i]
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


cdef list BELOW_MINIMUM = [f"below the {MINIMUM}-point minimum: {p}" for p in range(MINIMUM)]


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
    """Validity, total and payments (settle.payments: self-draw, each other seat pays 8 + total;
    on a discard the discarder, by default the winner's previous seat, pays 8 + total and the two
    others 8)."""
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
    discarder = -1 if x.self_draw else (x.discarder - 27 if x.discarder >= 0 else (seat + 3) % 4)
    for i in range(4):
        if i == seat:
            continue
        amount = 8 + r.total if (x.self_draw or i == discarder) else 8
        r.amounts[i] = -amount
        n += amount
    r.amounts[seat] = n


cdef object _compact(Ctx *x, Scored *o):
    """The CompactResult of an evaluated hand (None for a shape the full path must take)."""
    cdef CompactResult r
    cdef Settled st
    cdef int i, n = 0, k, w
    cdef u64 m[2]
    cdef u64 rest
    cdef tuple items
    cdef object item
    if o.status == S_DEFER or o.points < 0:
        return None
    _settle(x, o, &st)
    r = CompactResult.__new__(CompactResult)
    r.variant = VARIANT
    r._payments = None
    memcpy(r._amounts, st.amounts, sizeof(st.amounts))
    r.valid = st.valid
    r.total = st.total
    r.reason = None if st.reason == 0 else NO_WIN_REASON if st.reason == 1 else BELOW_MINIMUM[o.points]
    if o.status == S_NONE:
        r.items = ()
        return r
    m[0] = o.mask[0]
    m[1] = o.mask[1]
    n = __builtin_popcountll(m[0]) + __builtin_popcountll(m[1]) + (1 if x.flowers else 0)
    items = PyTuple_New(n)
    k = 0
    for w in range(2):
        rest = m[w]
        while rest:
            i = (w << 6) | __builtin_ctzll(rest)
            rest &= rest - 1
            item = _item(i, o.counts[i])
            Py_INCREF(item)
            PyTuple_SET_ITEM(items, k, item)
            k += 1
    if x.flowers:
        item = _item(FLOWER_FAN, x.flowers)
        Py_INCREF(item)
        PyTuple_SET_ITEM(items, k, item)
    PyObject_GC_UnTrack(<void *>items)  # holds only tuples of strings and ints: no cycle possible
    r.items = items
    return r


# ---- the compact answer as JSON text, written in C (the HTTP batch): byte for byte what
# scorer.jsonio.dumps(result.as_dict()) gives (tests/test_compact.py checks it)

cdef enum:
    JSON_MAX = 1536  # far above any MCR hand's answer; longer ones take the Python path
    REASONS = 16     # >= MINIMUM + 2

cdef list _JSON_KEEP = []            # the bytes objects the pointers below point into
cdef const char *FAN_JSON[NF]        # '["id",points,1,' per fan
cdef int FAN_JSON_LEN[NF]
cdef const char *REASON_JSON[REASONS]  # 0: null, 1: no winning shape, 2 + p: below the minimum at p
cdef int REASON_JSON_LEN[REASONS]
cdef const char *SEAT_KEYS[4]


cdef void _init_json() except *:
    import json
    cdef int f
    cdef bytes b
    for f in range(NUM_FANS):
        b = ('["' + _FANS[f].id + '",' + str(_FANS[f].points) + ",1,").encode()
        _JSON_KEEP.append(b)
        FAN_JSON[f] = b
        FAN_JSON_LEN[f] = len(b)
    reasons = [None, NO_WIN_REASON] + BELOW_MINIMUM
    if len(reasons) > REASONS:
        raise RuntimeError("minimum too large for the reason table")
    for f in range(MINIMUM + 2):
        b = json.dumps(reasons[f]).encode()
        _JSON_KEEP.append(b)
        REASON_JSON[f] = b
        REASON_JSON_LEN[f] = len(b)
    for f, key in enumerate((b'"E":', b'"S":', b'"W":', b'"N":')):
        _JSON_KEEP.append(key)
        SEAT_KEYS[f] = key


_init_json()


cdef inline char *_put(char *p, const char *s, int n) noexcept nogil:
    memcpy(p, s, n)
    return p + n


cdef inline char *_put_int(char *p, int v) noexcept nogil:
    cdef char tmp[12]
    cdef int n = 0
    cdef unsigned int u
    if v < 0:
        p[0] = 45  # '-'
        p += 1
        u = <unsigned int>(-v)
    else:
        u = <unsigned int>v
    while True:
        tmp[n] = <char>(48 + u % 10)
        n += 1
        u //= 10
        if u == 0:
            break
    while n:
        n -= 1
        p[0] = tmp[n]
        p += 1
    return p


cdef int _write_json(Ctx *x, Scored *o, char *buf) noexcept nogil:
    """The answer's JSON into ``buf`` (JSON_MAX bytes); its length, or -1 when it does not fit."""
    cdef Settled st
    cdef char *p = buf
    cdef char *end = buf + JSON_MAX - 64
    cdef int i, w, first = 1, reason
    cdef u64 m[2]
    cdef u64 rest
    if o.status == S_DEFER or o.points < 0:
        return -1
    _settle(x, o, &st)
    p = _put(p, b'{"variant":"mcr","valid":', 25)
    p = _put(p, b"true", 4) if st.valid else _put(p, b"false", 5)
    p = _put(p, b',"total":', 9)
    p = _put_int(p, st.total)
    p = _put(p, b',"reason":', 10)
    reason = 0 if st.reason == 0 else 1 if st.reason == 1 else 2 + o.points
    p = _put(p, REASON_JSON[reason], REASON_JSON_LEN[reason])
    p = _put(p, b',"items":[', 10)
    if o.status != S_NONE:
        m[0] = o.mask[0]
        m[1] = o.mask[1]
        for w in range(2):
            rest = m[w]
            while rest:
                i = (w << 6) | __builtin_ctzll(rest)
                rest &= rest - 1
                if p > end:
                    return -1
                if not first:
                    p[0] = 44  # ','
                    p += 1
                first = 0
                p = _put(p, FAN_JSON[i], FAN_JSON_LEN[i])
                p = _put_int(p, o.counts[i])
                p[0] = 93  # ']'
                p += 1
        if x.flowers:
            if not first:
                p[0] = 44
                p += 1
            p = _put(p, FAN_JSON[FLOWER_FAN], FAN_JSON_LEN[FLOWER_FAN])
            p = _put_int(p, x.flowers)
            p[0] = 93
            p += 1
    p = _put(p, b'],"payments":{', 14)
    for i in range(4):
        if i:
            p[0] = 44
            p += 1
        p = _put(p, SEAT_KEYS[i], 4)
        p = _put_int(p, st.amounts[i])
    p = _put(p, b"}}", 2)
    return <int>(p - buf)


cdef object _compact_entry(object text, object context):
    cdef Ctx x
    cdef Hand h
    cdef Outcome o
    cdef Scored r
    cdef const char *s
    cdef Py_ssize_t n
    if type(text) is not str or (context is not None and type(context) is not dict):
        return None
    if not _read_context(<dict>context, &x):
        return None
    s = _utf8(text, &n)
    if s == NULL:
        PyErr_Clear()
        return None
    if not _load_hand(s, n, &x, &h):
        return None
    _evaluate(&h, x.seat, x.prevalent, 1, &o)
    _pack(&o, &r)
    return _compact(&x, &r)


def compact(text, context):
    """MCR under the default rules, straight from the notation: a CompactResult, or None when the
    full path must score this request (see the module docstring of _compact_path.pxi)."""
    return _compact_entry(text, context)


# the same as a C function pointer, for scorer._compact.score_compact's dispatch
COMPACT_ENTRY = PyCapsule_New(<void *>_compact_entry, b"mjscore.compact_entry", NULL)


# ---- batches: the caller's thread reads the requests (it needs the GIL) while the other cores
# already score the ones read (without it); then it builds the results in order, each as soon as
# it is scored, and scores a job itself whenever the next answer is not ready. Reading and
# building cost about a third of the work, so this pipeline keeps every core busy where a
# read-then-score-then-build sequence would leave them idle.

cdef extern from *:
    """
    #include <sched.h>
    #define mj_load(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
    #define mj_store(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
    #define mj_claim(p) __atomic_fetch_add((p), 1, __ATOMIC_RELAXED)
    """
    Py_ssize_t mj_load(Py_ssize_t *p) nogil
    void mj_store(Py_ssize_t *p, Py_ssize_t v) nogil
    Py_ssize_t mj_claim(Py_ssize_t *p) nogil
    int sched_yield() nogil


cdef struct Job:
    const char *text
    Py_ssize_t n
    Py_ssize_t done  # set (release) once scored
    int ok           # 1 once read; 0 when the full path must take the request
    Ctx x
    Scored o


cdef struct Batch:
    Job *jobs
    Py_ssize_t n
    Py_ssize_t read  # jobs [0, read) are read (published with release)
    Py_ssize_t next  # the next job to claim for scoring


cdef void _score_job(Job *j) noexcept nogil:
    cdef Hand h
    cdef Outcome o
    if j.ok:
        if not _load_hand(j.text, j.n, &j.x, &h):
            j.ok = 0
        else:
            _evaluate(&h, j.x.seat, j.x.prevalent, 1, &o)
            _pack(&o, &j.o)
            if j.o.status == S_DEFER:
                j.ok = 0
    mj_store(&j.done, 1)


cdef void _score_claimed(Batch *b) noexcept nogil:
    """Claim jobs one by one and score them, waiting for each to be read first."""
    cdef Py_ssize_t i
    while True:
        i = mj_claim(&b.next)
        if i >= b.n:
            return
        while mj_load(&b.read) <= i:
            sched_yield()
        _score_job(&b.jobs[i])


# The scoring threads stay between batches (creating them cost ~40 µs a batch): after a batch
# they spin a while for the next one, then sleep on a condition. One caller uses them at a time
# (POOL_BUSY); a concurrent caller scores alone. After a fork the child starts a pool of its own.

cdef pthread_mutex_t POOL_LOCK
cdef pthread_cond_t POOL_WAKE
cdef int POOL_PID = 0              # the process the pool's threads live in
cdef int POOL_SIZE = 0             # threads in the pool
cdef Py_ssize_t POOL_BUSY = 0      # 1 while a caller owns the pool
cdef Py_ssize_t POOL_GEN = 0       # bumped (release) when a batch is handed out
cdef Py_ssize_t POOL_ACTIVE = 0    # threads still inside the current batch
cdef Batch *POOL_BATCH = NULL

cdef extern from *:
    """
    #define mj_cas(p, expected, desired) __atomic_compare_exchange_n((p), (expected), (desired), 0, \
        __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)
    #define mj_release(p) __atomic_sub_fetch((p), 1, __ATOMIC_RELEASE)
    """
    bint mj_cas(Py_ssize_t *p, Py_ssize_t *expected, Py_ssize_t desired) nogil
    Py_ssize_t mj_release(Py_ssize_t *p) nogil


cdef enum:
    SPIN = 3000  # yields a thread waits for the next batch before it sleeps (a millisecond or two)


cdef void *_pool_thread(void *arg) noexcept nogil:
    cdef Py_ssize_t seen = <Py_ssize_t>arg
    cdef int spins
    while True:
        spins = 0
        while mj_load(&POOL_GEN) == seen:
            if spins < SPIN:
                spins += 1
                sched_yield()
            else:
                pthread_mutex_lock(&POOL_LOCK)
                while mj_load(&POOL_GEN) == seen:
                    pthread_cond_wait(&POOL_WAKE, &POOL_LOCK)
                pthread_mutex_unlock(&POOL_LOCK)
        seen = mj_load(&POOL_GEN)
        _score_claimed(POOL_BATCH)
        mj_release(&POOL_ACTIVE)
    return NULL


cdef int _pool_take(int want) noexcept nogil:
    """Own the pool with up to ``want`` threads in it; how many (0: it is busy, or none started)."""
    global POOL_PID, POOL_SIZE
    cdef Py_ssize_t free_ = 0
    cdef pthread_t tid
    if not mj_cas(&POOL_BUSY, &free_, 1):
        return 0
    if POOL_PID != getpid():  # first use, or a forked child: the threads are not here
        pthread_mutex_init(&POOL_LOCK, NULL)
        pthread_cond_init(&POOL_WAKE, NULL)
        POOL_SIZE = 0
        POOL_PID = getpid()
    while POOL_SIZE < want:
        if pthread_create(&tid, NULL, _pool_thread, <void *>mj_load(&POOL_GEN)) != 0:
            break
        pthread_detach(tid)
        POOL_SIZE += 1
    if POOL_SIZE == 0:
        mj_store(&POOL_BUSY, 0)
    return POOL_SIZE


cdef void _pool_start(Batch *b, int size) noexcept nogil:
    global POOL_BATCH
    POOL_BATCH = b
    mj_store(&POOL_ACTIVE, size)
    pthread_mutex_lock(&POOL_LOCK)
    mj_store(&POOL_GEN, mj_load(&POOL_GEN) + 1)
    pthread_cond_broadcast(&POOL_WAKE)
    pthread_mutex_unlock(&POOL_LOCK)


cdef void _pool_finish() noexcept nogil:
    """Wait until every pool thread has left the batch, then give the pool back."""
    while mj_load(&POOL_ACTIVE) > 0:
        sched_yield()
    mj_store(&POOL_BUSY, 0)


cdef void *_scorer_thread(void *arg) noexcept nogil:
    _score_claimed(<Batch *>arg)
    return NULL


cdef enum:
    MAX_THREADS = 8
    MIN_PER_THREAD = 64    # below this a thread costs more than it saves
    PUBLISH_EVERY = 16     # requests read between two publications to the scoring threads


cdef int _read_request(object req, Job *j):
    """The request's hand text and context, when it is a plain MCR request the fast path reads."""
    cdef Py_ssize_t pos = 0, n
    cdef PyObject *kp
    cdef PyObject *vp
    cdef object text = None, context = None, variant = None
    cdef const char *b
    if type(req) is not dict:
        return 0
    while PyDict_Next(<dict>req, &pos, &kp, &vp):
        key = <object>kp
        if type(key) is not str:
            return 0
        n = PyUnicode_GET_LENGTH(key)
        if n == 7 and key == "variant":
            variant = <object>vp
        elif n == 4 and key == "hand":
            text = <object>vp
        elif n == 7 and key == "context":
            context = <object>vp
        else:
            return 0
    if type(variant) is not str or variant != VARIANT or type(text) is not str:
        return 0
    if context is not None and (type(context) is not dict or not _read_context(<dict>context, &j.x)):
        return 0
    if context is None:
        _read_context(None, &j.x)
    b = _utf8(text, &n)
    if b == NULL:
        PyErr_Clear()
        return 0
    j.text = b
    j.n = n
    return 1


cdef enum:
    SPARE_MAX = 8192           # larger job arrays are not kept
cdef Job *SPARE_JOBS = NULL    # one job array kept between batches (fresh pages cost faults)
cdef Py_ssize_t SPARE_CAP = 0


cdef Job *_take_jobs(Py_ssize_t n) except NULL:
    """A job array for n requests (called with the GIL, which guards the spare)."""
    global SPARE_JOBS, SPARE_CAP
    cdef Job *jobs
    if SPARE_JOBS != NULL and SPARE_CAP >= n:
        jobs = SPARE_JOBS
        SPARE_JOBS = NULL
        return jobs
    jobs = <Job *>malloc(max(n, 1024) * sizeof(Job))
    if jobs == NULL:
        raise MemoryError()
    return jobs


cdef void _give_jobs(Job *jobs, Py_ssize_t n):
    global SPARE_JOBS, SPARE_CAP
    if SPARE_JOBS == NULL and n <= SPARE_MAX:
        SPARE_JOBS = jobs
        SPARE_CAP = max(n, 1024)
    else:
        free(jobs)


def compact_many(list requests, int threads=1, bint as_json=False):
    """``compact`` over a batch of request dicts: a list with a CompactResult (or, ``as_json``,
    its JSON text as bytes, what ``jsonio.dumps(result.as_dict())`` gives) where the fast path
    scored the request and None where the full path must (another variant, rules, dialect,
    explain/claim, anything unusual). Up to ``threads`` threads score (the requests' texts stay
    alive in ``requests`` meanwhile); the answers do not depend on the thread count."""
    cdef Py_ssize_t i, k, n = len(requests), t, nt, started = 0, own = 0
    cdef int pooled
    cdef Batch b
    cdef pthread_t tids[MAX_THREADS]
    cdef list out = [None] * n
    cdef Job *j
    cdef char buf[JSON_MAX]
    cdef int length
    if n == 0:
        return out
    b.jobs = _take_jobs(n)
    b.n = n
    b.read = 0
    b.next = 0
    for i in range(n):
        b.jobs[i].ok = 0
        b.jobs[i].done = 0
    nt = min(threads, MAX_THREADS, n // MIN_PER_THREAD)
    pooled = _pool_take(nt - 1) if nt > 1 else 0
    try:
        if pooled:
            _pool_start(&b, pooled)
            started = pooled
        else:
            for t in range(1, nt):  # the pool is in use by another caller: threads of our own
                if pthread_create(&tids[own], NULL, _scorer_thread, &b) == 0:
                    own += 1
            started = own
        try:
            for i in range(n):
                j = &b.jobs[i]
                j.ok = _read_request(requests[i], j)
                if started and (i % PUBLISH_EVERY == PUBLISH_EVERY - 1):
                    mj_store(&b.read, i + 1)
        finally:
            mj_store(&b.read, n)  # after an error too: the jobs not read are not ok, and get skipped
        # build the answers in order; while the next one is not scored yet, score a job too
        i = 0
        while i < n:
            j = &b.jobs[i]
            if mj_load(&j.done):
                if j.ok:
                    if as_json:
                        length = _write_json(&j.x, &j.o, buf)
                        if length >= 0:
                            out[i] = PyBytes_FromStringAndSize(buf, length)
                    else:
                        out[i] = _compact(&j.x, &j.o)
                i += 1
                continue
            with nogil:
                k = mj_claim(&b.next)
                if k < n:
                    _score_job(&b.jobs[k])
                else:
                    sched_yield()  # every job is taken: the last ones are being scored
    finally:
        with nogil:
            if pooled:
                _pool_finish()
            for t in range(own):
                pthread_join(tids[t], NULL)
        _give_jobs(b.jobs, n)
    return out

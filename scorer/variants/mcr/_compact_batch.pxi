# Included by _fast.pyx after _compact_path.pxi and _compact_json.pxi.

# ---- batches: the caller's thread reads the requests (it needs the GIL) while the other cores
# already score the ones read (without it); then it builds the results in order, each as soon as
# it is scored, and scores a job itself whenever the next answer is not ready. Reading and
# building cost about a third of the work, so this pipeline keeps every core busy where a
# read-then-score-then-build sequence would leave them idle.

from cpython.bytes cimport PyBytes_FromStringAndSize
from libc.stdlib cimport free, malloc

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
    if j.ok:
        j.ok = _score_text(j.text, j.n, &j.x, &j.o)
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
    if type(variant) is not str or variant != VARIANT:
        return 0
    return _read_text(text, context, &j.x, &j.text, &j.n)


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

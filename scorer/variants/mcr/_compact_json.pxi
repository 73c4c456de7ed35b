# Included by _fast.pyx after _compact_path.pxi.

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

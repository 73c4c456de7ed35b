# Included by _fast.pyx: the Python boundary. A hand's 37 counts arrive as ``bytes`` (the fastest),
# ``bytearray`` or another 1-byte buffer (read as raw bytes), a list or tuple (item by item), or any
# iterable (through ``list()``); the wild mask as a Python int. Copied into C arrays once, with the
# errors the caller can act on.

cdef int _load_counts(object counts, int *c) except -1:
    """Copy the counts into c[N_KINDS] (zero-padded). bytes / bytearray / 1-byte buffers are read as raw
    unsigned bytes (no per-element Python int); lists and tuples are read item by item."""
    cdef Py_ssize_t n, i
    cdef long v
    cdef Py_buffer view
    cdef PyObject **items
    cdef object t = type(counts)
    if t is bytes:
        n = PyBytes_GET_SIZE(counts)
        if n > N_KINDS:
            raise ValueError("counts must hold at most 37 kinds")
        _load_raw_counts(<const unsigned char *>PyBytes_AS_STRING(counts), n, c)
        return 0
    if t is list or t is tuple:
        # both hold their items in one C array
        n = len(counts)
        if n > N_KINDS:
            raise ValueError("counts must hold at most 37 kinds")
        memset(c, 0, N_KINDS * sizeof(int))
        items = PySequence_Fast_ITEMS(counts)
        for i in range(n):
            v = <object>items[i]
            if v < 0 or v > 1000:
                raise ValueError("counts must be small non-negative ints")
            c[i] = <int>v
        return 0
    if t is bytearray:
        n = PyByteArray_GET_SIZE(counts)
        if n > N_KINDS:
            raise ValueError("counts must hold at most 37 kinds")
        _load_raw_counts(<const unsigned char *>PyByteArray_AS_STRING(counts), n, c)
        return 0
    if PyObject_CheckBuffer(counts):
        try:
            PyObject_GetBuffer(counts, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS)
        except BufferError:
            return _load_counts(list(counts), c)
        try:
            if view.itemsize == 1 and view.ndim <= 1 and (
                    view.format == NULL or (view.format[0] in b'Bc' and view.format[1] == 0)):
                if view.len > N_KINDS:
                    raise ValueError("counts must hold at most 37 kinds")
                _load_raw_counts(<const unsigned char *>view.buf, view.len, c)
                return 0
        finally:
            PyBuffer_Release(&view)
    return _load_counts(list(counts), c)


cdef inline void _load_raw_counts(const unsigned char *p, Py_ssize_t n, int *c) noexcept:
    """Raw bytes p[0..n) as counts into c[N_KINDS], zero-padded."""
    cdef Py_ssize_t i
    for i in range(n):
        c[i] = p[i]
    for i in range(n, N_KINDS):
        c[i] = 0


cdef inline u64 _mask_bits(object m) except? 0:
    """wild_mask & _ALL_KINDS as a C integer (no Python int arithmetic for plain ints)."""
    if m is _STANDARD_MASK_OBJ:  # the default argument
        return STANDARD_MASK_C
    if type(m) is int:
        return PyLong_AsUnsignedLongLongMask(m) & ALL_KINDS_C
    return <u64>(m & _ALL_KINDS)


cdef int _tile_total(const int *c) noexcept:
    """The number of natural tiles."""
    cdef int k, s = 0
    for k in range(N_KINDS):
        s += c[k]
    return s


cdef int _check_args(int wilds, int cap) except -1:
    """ValueError unless 0 <= wilds <= MAX_WILDS (the cap is not checked here)."""
    if wilds < 0 or wilds > MAX_WILDS:
        raise ValueError("wilds must be 0..30")
    return 0

# Included by _fast.pyx: readings as fixed-width byte records. One reading of a tile group (or of
# a whole hand) is a row of bytes: its group codes sorted, then the kinds its wilds stand for. The
# searches collect rows (Collect), sort them with memcmp and drop duplicates in C; only the readings
# returned become tuples, built here from shared int objects and kept off the garbage collector.

cdef extern from "Python.h":
    void _tuple_set "PyTuple_SET_ITEM"(object t, Py_ssize_t i, PyObject *o)
    void _incref "Py_INCREF"(PyObject *o)
    void _gc_untrack "PyObject_GC_UnTrack"(object o)

_CODE_INTS = list(range(256))   # the int objects of the group codes (kept alive here)
cdef PyObject *INT_OBJECTS[256]
cdef int _i
for _i in range(256):
    INT_OBJECTS[_i] = <PyObject *>_CODE_INTS[_i]


cdef struct Collect:
    # the readings of one group as fixed-width records (sorted group codes, then the kinds the
    # wilds stand for): duplicates are dropped in C before any Python object is made
    unsigned char *buf
    Py_ssize_t n
    Py_ssize_t cap
    int width


cdef int _emit_record(GroupSearch *x, Collect *out) except -1:
    """Append the search's current reading to out as one record (codes sorted, then stand-ins)."""
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
    for i in range(x.ncodes):
        v = x.codes[i]
        j = i
        while j > 0 and rec[j - 1] > v:
            rec[j] = rec[j - 1]
            j -= 1
        rec[j] = <unsigned char>v
    m = x.ncodes
    for i in range(x.nkinds):
        for k in range(x.stand_ins[i] - x.preset[i]):
            rec[m] = <unsigned char>(x.first_kind + i)
            m += 1
    out.n += 1
    return 0


cdef size_t _COMPARED_WIDTH = 0  # the record width _record_cmp compares (set under the GIL)


cdef int _record_cmp(const void *a, const void *b) noexcept nogil:
    """qsort's comparison: _COMPARED_WIDTH bytes."""
    return memcmp(a, b, _COMPARED_WIDTH)


cdef void _sort_records(Collect *out):
    """Sort out's records bytewise."""
    global _COMPARED_WIDTH
    _COMPARED_WIDTH = out.width
    qsort(out.buf, out.n, out.width, _record_cmp)


cdef tuple _record_tuple(const unsigned char *rec, int ngroups, int width):
    """``(groups, stand-ins)`` of one record. Both tuples hold only ints and tuples of ints, so they
    leave the garbage collector's lists at once (it would untrack them anyway, after having
    traversed them: with a reading or three per call that work is a third of the call)."""
    cdef tuple groups = PyTuple_New(ngroups)
    cdef tuple standins = PyTuple_New(width - ngroups)
    cdef tuple pair = PyTuple_New(2)
    cdef int j
    for j in range(ngroups):
        _incref(INT_OBJECTS[rec[j]])
        _tuple_set(groups, j, INT_OBJECTS[rec[j]])
    for j in range(ngroups, width):
        _incref(INT_OBJECTS[rec[j]])  # a kind: the int objects 0-255 serve for both
        _tuple_set(standins, j - ngroups, INT_OBJECTS[rec[j]])
    _gc_untrack(groups)
    _gc_untrack(standins)
    _incref(<PyObject *>groups)
    _tuple_set(pair, 0, <PyObject *>groups)
    _incref(<PyObject *>standins)
    _tuple_set(pair, 1, <PyObject *>standins)
    _gc_untrack(pair)
    return pair

# Kept values: a bounded open-addressed table from a 64-bit key to a Python object, shared by the
# compiled result builders (scorer/variants/*/_full_path.pxi) for the rows and dict templates they
# make once and reuse. Bounded: at most fill_limit values (below the slot count, so a search always
# ends at an empty slot), past which nothing more is kept and memory never grows; each value kept is
# a reference the table holds for good (until kept_clear). Fibonacci hashing, linear probing; the
# key and its value side by side, one read. Header only: every function is inlined where used.

from cpython.ref cimport Py_INCREF, Py_XDECREF, PyObject


cdef struct KeptEntry:
    unsigned long long key
    PyObject *value  # NULL: an empty slot; else a reference the table holds


cdef struct KeptTable:
    KeptEntry *entries  # 1 << bits of them, zeroed
    int bits
    int kept            # the values held
    int fill_limit      # the most it keeps


cdef inline KeptTable kept_table(KeptEntry *entries, int bits, int fill_limit) noexcept nogil:
    """A table over ``entries`` (static, zeroed, ``1 << bits`` of them) keeping at most ``fill_limit``."""
    cdef KeptTable table
    table.entries = entries
    table.bits = bits
    table.kept = 0
    table.fill_limit = fill_limit
    return table


cdef inline Py_ssize_t kept_slot(const KeptTable *table, unsigned long long key) noexcept nogil:
    """The slot holding ``key``, or the empty slot where it would go (the table is never full)."""
    cdef Py_ssize_t mask = (<Py_ssize_t>1 << table.bits) - 1
    cdef Py_ssize_t at = <Py_ssize_t>((key * <unsigned long long>0x9E3779B97F4A7C15) >> (64 - table.bits))
    while table.entries[at].value != NULL and table.entries[at].key != key:
        at = (at + 1) & mask
    return at


cdef inline PyObject *kept_get(const KeptTable *table, unsigned long long key) noexcept nogil:
    """The value kept under ``key`` (borrowed: the table holds it), or NULL."""
    return table.entries[kept_slot(table, key)].value


cdef inline bint kept_has_room(const KeptTable *table) noexcept nogil:
    return table.kept < table.fill_limit


cdef inline bint kept_keep(KeptTable *table, unsigned long long key, object value) noexcept:
    """Keep ``value`` under ``key`` when there is room and nothing is kept there yet (a value kept
    meanwhile, by a collection's finaliser or another thread, wins); whether it was kept."""
    cdef Py_ssize_t at
    if table.kept >= table.fill_limit:
        return False
    at = kept_slot(table, key)
    if table.entries[at].value != NULL:
        return False
    Py_INCREF(value)
    table.entries[at].key = key
    table.entries[at].value = <PyObject *>value
    table.kept += 1
    return True


cdef inline void kept_clear(KeptTable *table) noexcept:
    """Drop every value kept (the path is set up anew)."""
    cdef Py_ssize_t at
    cdef PyObject *value
    for at in range(<Py_ssize_t>1 << table.bits):
        value = table.entries[at].value
        table.entries[at].value = NULL
        table.entries[at].key = 0
        Py_XDECREF(value)
    table.kept = 0

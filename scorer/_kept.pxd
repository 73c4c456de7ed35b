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
    KeptEntry *end      # past the last: a search goes on at the first
    int shift           # 64 - bits: a key's hash, its top bits, is its first slot
    int kept            # the values held
    int fill_limit      # the most it keeps


cdef inline KeptTable kept_table(KeptEntry *entries, int bits, int fill_limit) noexcept nogil:
    """A table over ``entries`` (static, zeroed, ``1 << bits`` of them) keeping at most ``fill_limit``."""
    cdef KeptTable table
    table.entries = entries
    table.end = entries + (<Py_ssize_t>1 << bits)
    table.shift = 64 - bits
    table.kept = 0
    table.fill_limit = fill_limit
    return table


cdef inline KeptEntry *kept_slot(const KeptTable *table, unsigned long long key) noexcept nogil:
    """The entry holding ``key``, or the empty one where it would go (the table is never full)."""
    cdef unsigned long long first = (key * <unsigned long long>0x9E3779B97F4A7C15) >> table.shift
    cdef KeptEntry *entry = table.entries + <Py_ssize_t>first
    while entry.value != NULL and entry.key != key:
        entry += 1
        if entry == table.end:
            entry = table.entries
    return entry


cdef inline PyObject *kept_get(const KeptTable *table, unsigned long long key) noexcept nogil:
    """The value kept under ``key`` (borrowed: the table holds it), or NULL."""
    return kept_slot(table, key).value


cdef inline bint kept_has_room(const KeptTable *table) noexcept nogil:
    return table.kept < table.fill_limit


cdef inline bint kept_keep(KeptTable *table, unsigned long long key, object value) noexcept:
    """Keep ``value`` under ``key`` when there is room and nothing is kept there yet (a value kept
    meanwhile, by a collection's finaliser or another thread, wins); whether it was kept."""
    cdef KeptEntry *entry
    if table.kept >= table.fill_limit:
        return False
    entry = kept_slot(table, key)
    if entry.value != NULL:
        return False
    Py_INCREF(value)
    entry.key = key
    entry.value = <PyObject *>value
    table.kept += 1
    return True


cdef inline void kept_clear(KeptTable *table) noexcept:
    """Drop every value kept (the path is set up anew)."""
    cdef KeptEntry *entry = table.entries
    cdef PyObject *value
    while entry != table.end:
        value = entry.value
        entry.value = NULL
        entry.key = 0
        Py_XDECREF(value)
        entry += 1
    table.kept = 0

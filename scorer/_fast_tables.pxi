# Included by _fast.pyx: the lookup tables behind every fast win check, for the three table types
# of tile group (a suit: 9 kinds, chows; the honours: 7; the long cards: 3), indexed by the base-5
# number of the group's counts (every count <= 4):
#   - CAPPED_TABLES: with which wild counts w (0..8) the group completes when no kind may exceed 4
#     copies, wilds included. Only w of one residue mod 3 can work, so a byte holds 3 bits per
#     flavour: bits 0-2 sets only (w = r0, r0 + 3, r0 + 6), bits 3-5 sets and the pair (w = r1 + 3j);
#   - UNCAPPED_TABLES: the fewest wilds with no cap at all (then w + 3, w + 6 work too): low nibble
#     sets only, high nibble sets and the pair.
# They are built here (_build_table) at build time, written to TABLE_FILE beside the module, and read
# back at import (CRC-checked); without a good file, the import builds them.

cdef unsigned char *CAPPED_TABLES[3]    # table type -> its capped table
cdef unsigned char *UNCAPPED_TABLES[3]  # table type -> its fewest-wilds table
cdef int CAPPED_WILD_COUNTS[8][3]       # 3 bits of a capped byte, the residue r -> the set of w (bit w)
cdef int UNCAPPED_WILD_COUNTS[16]       # the fewest wilds n -> the set {n, n + 3, n + 6} up to 8 (bit w)


cdef void _init_wild_count_decoders():
    """Fill CAPPED_WILD_COUNTS and UNCAPPED_WILD_COUNTS."""
    cdef int j, b, r, n
    for b in range(8):
        for r in range(3):
            CAPPED_WILD_COUNTS[b][r] = 0
            for j in range(3):
                if (b >> j) & 1:
                    CAPPED_WILD_COUNTS[b][r] |= 1 << (r + 3 * j)
    for n in range(16):
        UNCAPPED_WILD_COUNTS[n] = 0
        for j in range(3):
            if n + 3 * j <= TABLE_MAX_WILDS:
                UNCAPPED_WILD_COUNTS[n] |= 1 << (n + 3 * j)


cdef int _build_table(int nk, int chows, unsigned char **capt, unsigned char **unct) except -1:
    """The tables of one group type (nk kinds, chows or not): CAPPED_TABLES' (exact wild counts, capped
    at 4) into capt, UNCAPPED_TABLES' (fewest wilds, no cap) into unct."""
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
    """The tables as the file stores them: magic, format, CAPPED_TABLES and UNCAPPED_TABLES
    of each group type, CRC-32."""
    import zlib

    cdef int t
    parts = [_TABLE_MAGIC, TABLE_FORMAT.to_bytes(4, "little")]
    for t in range(3):
        parts.append(PyBytes_FromStringAndSize(<char *>CAPPED_TABLES[t], _TABLE_SIZES[t]))
        parts.append(PyBytes_FromStringAndSize(<char *>UNCAPPED_TABLES[t], _TABLE_SIZES[t]))
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
        CAPPED_TABLES[t] = <unsigned char *>base + offset
        offset += _TABLE_SIZES[t]
        UNCAPPED_TABLES[t] = <unsigned char *>base + offset
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
        same = (same and not memcmp(cap, CAPPED_TABLES[t], _TABLE_SIZES[t])
                and not memcmp(unc, UNCAPPED_TABLES[t], _TABLE_SIZES[t]))
        free(cap)
        free(unc)
    return bool(same)


_init_wild_count_decoders()
if not _load_tables(_table_path()):
    _build_table(9, 1, &CAPPED_TABLES[0], &UNCAPPED_TABLES[0])
    _build_table(7, 0, &CAPPED_TABLES[1], &UNCAPPED_TABLES[1])
    _build_table(3, 0, &CAPPED_TABLES[2], &UNCAPPED_TABLES[2])

# Included by _fast.pyx: where the 37 kinds sit. Kinds are split into five tile groups (the three
# suits, the honours, the long cards) that no set crosses, so every check below works group by group
# and indexes these arrays; and the fixed kind sets of the special shapes (the thirteen orphans, the
# six knitted families). Filled once at import.

cdef int GROUP_FIRST_KIND[5]           # group -> its first kind
cdef int GROUP_KINDS[5]                # group -> how many kinds it has
cdef int GROUP_TABLE[5]                # group -> its table type: 0 a suit (chows), 1 the honours, 2 the long cards
cdef int GROUP_OF_KIND[N_KINDS]        # kind -> its group
cdef int ORPHAN_KINDS[13]              # the thirteen orphans' kinds (terminals and honours)
cdef int IS_ORPHAN[N_KINDS]            # kind -> 1 if it is one of them
cdef int KNITTED_FAMILY[6][9]          # knitted family (a permutation of the suits) -> its nine kinds
cdef int IN_KNITTED_FAMILY[6][N_KINDS]  # family, kind -> 1 if the kind is one of its nine
cdef int NO_WILDS_PLACED[N_KINDS]      # all zero: the "wilds already placed" of a hand with none preset

GROUP_FIRST_KIND[:] = [0, 9, 18, 27, 34]
GROUP_KINDS[:] = [9, 9, 9, 7, 3]
GROUP_TABLE[:] = [0, 0, 0, 1, 2]
ORPHAN_KINDS[:] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]

_PERMS = list(itertools.permutations((0, 1, 2)))


cdef void _init_kind_sets():
    """Fill GROUP_OF_KIND, IS_ORPHAN, the knitted families and NO_WILDS_PLACED."""
    cdef int g, k, f, j, i
    for g in range(5):
        for k in range(GROUP_FIRST_KIND[g], GROUP_FIRST_KIND[g] + GROUP_KINDS[g]):
            GROUP_OF_KIND[k] = g
    memset(IS_ORPHAN, 0, sizeof(IS_ORPHAN))
    memset(NO_WILDS_PLACED, 0, sizeof(NO_WILDS_PLACED))
    for k in range(13):
        IS_ORPHAN[ORPHAN_KINDS[k]] = 1
    memset(IN_KNITTED_FAMILY, 0, sizeof(IN_KNITTED_FAMILY))
    for f in range(6):
        perm = _PERMS[f]
        tiles = sorted(perm[j] * 9 + j + 3 * i for j in range(3) for i in range(3))
        for i in range(9):
            KNITTED_FAMILY[f][i] = tiles[i]
            IN_KNITTED_FAMILY[f][tiles[i]] = 1


_init_kind_sets()

# Included by _fast.pyx: the win check straight from the tables, for counts <= 4 with nothing
# preset (the common case): each group's base-5 key indexes its table, and the bytes read are
# combined without building any wild-count set. Natural hands need five lookups (_natural_win);
# with wilds, under a mask and cap the tables answer (_table_modes), the groups' bytes are multiplied
# as small polynomials (_table_win); ``bytes`` counts with the default mask, or no wilds, are read
# eight counts to a 64-bit word (_raw_default_win).

# ---- natural hands: five lookups -----------------------------------------------------------------

cdef inline int _table_key(const int *c, int base, int nk, int *n, int *bad) noexcept:
    """Base-5 table key of the nk kinds from base (meaningful only when none exceeds 4); n = their sum."""
    cdef int k, v, s = 0, b = 0
    cdef unsigned int key = 0
    for k in range(nk - 1, -1, -1):
        v = c[base + k]
        key = key * 5 + <unsigned int>v
        s += v
        b |= v > 4
    n[0] = s
    bad[0] |= b
    return <int>key


cdef inline int _natural_keys(const int *c, int *keys, int *ns) noexcept:
    """Natural hands: the base-5 table key and the tile count of each group; 0 if a count exceeds 4."""
    cdef int bad = 0
    keys[0] = _table_key(c, 0, 9, &ns[0], &bad)
    keys[1] = _table_key(c, 9, 9, &ns[1], &bad)
    keys[2] = _table_key(c, 18, 9, &ns[2], &bad)
    keys[3] = _table_key(c, 27, 7, &ns[3], &bad)
    keys[4] = _table_key(c, 34, 3, &ns[4], &bad)
    return not bad


cdef inline int _natural_win(const int *keys, const int *ns) noexcept:
    """Natural win check from the tables: every group completes as sets, exactly one with the pair."""
    cdef int g, r, pairs = 0
    for g in range(5):
        r = ns[g] % 3
        if r == 0:
            if ns[g] and not (CAPPED_TABLES[GROUP_TABLE[g]][keys[g]] & 1):
                return 0
        elif r == 2:
            if pairs or not (CAPPED_TABLES[GROUP_TABLE[g]][keys[g]] & 8):
                return 0
            pairs = 1
        else:
            return 0
    return pairs


# ---- with wilds: the groups' table bytes as polynomials ----------------------------------------
#
# A group with n naturals and table byte b completes with w wilds as sets only for w = r0 + 3j (j a
# bit of b & 7), as sets + the pair for w = r1 + 3j (j a bit of b >> 3 & 7), r0 = -n mod 3 and
# r1 = (2 - n) mod 3 = r0 + 3s - 1 with s = 1 if n = 0 mod 3 else 0. Once the tile total is right,
# sum(r0) + W + 1 = 3K, and the hand wins iff some group p takes the pair and sum(j) + s_p = K. So the
# groups are multiplied as polynomials in j with one byte per coefficient (A: sets only, B: the pair
# shifted by s): P1 = P1 * A + P0 * B, P0 = P0 * A; the hand wins iff byte K of P1 is not 0. The bytes
# count ways (at most 5 * C(7, 4) = 175 < 256 at degrees <= 3, so no carry), and degrees > 3 fall off
# the 32 bits without touching the bytes kept. K <= 3 as W <= 8.

cdef enum:  # how the tables answer for one group, given the wild mask and cap
    MODE_NO_WILDS = 0  # no wild may stand for a kind of the group: w = 0 only (CAPPED_TABLES)
    MODE_CAPPED = 1    # every kind of the group allowed, cap 4 (CAPPED_TABLES)
    MODE_UNCAPPED = 2  # every kind of the group allowed, cap >= 4 + W (UNCAPPED_TABLES: fewest, then every 3rd)

cdef u64 GROUP_POLYNOMIALS[3][3][256]        # [mode][n % 3][table byte] -> A | B << 32, byte polynomials in j
cdef const unsigned char *MODE_TABLES[3][3]  # [mode][group type] -> the table the mode reads
cdef int WILDS_TO_WHOLE_SETS[3]              # n % 3 -> r0 = -n mod 3, the wilds that round n up to whole sets
WILDS_TO_WHOLE_SETS[:] = [0, 2, 1]


cdef u64 _bits_to_bytes(int bits) noexcept:
    """Bit j (j <= 3) -> byte j."""
    cdef int j
    cdef u64 v = 0
    for j in range(4):
        if (bits >> j) & 1:
            v |= <u64>1 << (8 * j)
    return v


cdef void _init_group_polynomials() noexcept:
    """Fill MODE_TABLES and GROUP_POLYNOMIALS (once the tables are in place)."""
    cdef int r, b, r0, r1, s, a, p, j, u0, u1, t
    for t in range(3):
        MODE_TABLES[MODE_NO_WILDS][t] = CAPPED_TABLES[t]
        MODE_TABLES[MODE_CAPPED][t] = CAPPED_TABLES[t]
        MODE_TABLES[MODE_UNCAPPED][t] = UNCAPPED_TABLES[t]
    for r in range(3):
        r0 = (3 - r) % 3
        r1 = (5 - r) % 3
        s = r == 0
        for b in range(256):
            # w = 0 only: the bit j = 0 of the flavour whose residue is 0
            a = b & 1 if r0 == 0 else 0
            p = (b >> 3) & 1 if r1 == 0 else 0
            GROUP_POLYNOMIALS[MODE_NO_WILDS][r][b] = _bits_to_bytes(a) | _bits_to_bytes(p) << 32
            GROUP_POLYNOMIALS[MODE_CAPPED][r][b] = (_bits_to_bytes(b & 7)
                                                    | _bits_to_bytes(((b >> 3) & 7) << s) << 32)
            # b = n0 | n1 << 4, the fewest wilds; then every w of the right residue up to TABLE_MAX_WILDS
            u0 = b & 15
            u1 = b >> 4
            a = 0
            p = 0
            for j in range(4):
                if u0 <= r0 + 3 * j <= TABLE_MAX_WILDS:
                    a |= 1 << j
                if u1 <= r1 + 3 * j <= TABLE_MAX_WILDS:
                    p |= 1 << j
            GROUP_POLYNOMIALS[MODE_UNCAPPED][r][b] = _bits_to_bytes(a) | _bits_to_bytes(p << s) << 32


_init_group_polynomials()


cdef inline int _table_modes(u64 wmask, int cap, int W, int *mode) noexcept:
    """Each group's table mode for this wild mask / cap; 0 if the tables can't answer (a mask covering
    part of a group, or a cap other than 4 that might bind)."""
    cdef int g, full
    cdef u64 gm
    for g in range(5):
        full = (1 << GROUP_KINDS[g]) - 1
        gm = (wmask >> GROUP_FIRST_KIND[g]) & <u64>full
        if gm == 0 or W == 0:
            mode[g] = MODE_NO_WILDS
        elif gm == <u64>full and cap == 4:
            mode[g] = MODE_CAPPED
        elif gm == <u64>full and cap >= 4 + W:
            mode[g] = MODE_UNCAPPED
        else:
            return 0
    return 1


cdef inline int _table_win(const int *keys, const int *ns, int W, const int *mode) noexcept:
    """_standard_win for counts <= 4, nothing preset, 0 <= W <= TABLE_MAX_WILDS and a right tile total."""
    cdef u64 v[5]
    cdef unsigned int r
    cdef int g, m, k = W + 1
    for g in range(5):
        r = <unsigned int>ns[g] % 3
        m = mode[g]
        k -= WILDS_TO_WHOLE_SETS[r]
        v[g] = GROUP_POLYNOMIALS[m][r][MODE_TABLES[m][GROUP_TABLE[g]][keys[g]]]
    return _product_has_pair_term(v, k)


cdef inline int _product_has_pair_term(const u64 *v, int k) noexcept:
    """Whether byte k // 3 of the pair part of the product of the five groups' (A, B) polynomials is not 0."""
    cdef unsigned int a0 = <unsigned int>v[0], b0 = <unsigned int>(v[0] >> 32)
    cdef unsigned int a1 = <unsigned int>v[1], b1 = <unsigned int>(v[1] >> 32)
    cdef unsigned int a2 = <unsigned int>v[2], b2 = <unsigned int>(v[2] >> 32)
    cdef unsigned int a3 = <unsigned int>v[3], b3 = <unsigned int>(v[3] >> 32)
    cdef unsigned int a4 = <unsigned int>v[4], b4 = <unsigned int>(v[4] >> 32)
    cdef unsigned int a01, b01, a23, b23, p1
    if k < 0:
        return 0
    # (A, B) x (A', B') = (A A', A B' + B A'): a tree, for a short chain of multiplications
    a01 = a0 * a1
    b01 = a0 * b1 + b0 * a1
    a23 = a2 * a3
    b23 = a2 * b3 + b2 * a3
    p1 = (a01 * b23 + b01 * a23) * a4 + a01 * a23 * b4
    return ((p1 >> (8 * (k // 3))) & 0xFF) != 0


cdef extern from *:
    """
    /* 8 raw counts (bytes) as one little-endian word: byte i = count i, whatever the host order */
    static inline unsigned long long mj_load8(const unsigned char *p) {
        typedef unsigned long long u;
        return (u)p[0] | (u)p[1] << 8 | (u)p[2] << 16 | (u)p[3] << 24
             | (u)p[4] << 32 | (u)p[5] << 40 | (u)p[6] << 48 | (u)p[7] << 56;
    }
    /* nonzero iff some byte of x exceeds 4 */
    static inline unsigned long long mj_any_over4(unsigned long long x) {
        return ((x + 0x7B7B7B7B7B7B7B7BULL) | x) & 0x8080808080808080ULL;
    }
    /* bytes d0..d7 (each <= 4) -> sum d_i 5^i */
    static inline int mj_base5(unsigned long long x) {
        x = (x + (x >> 8) * 5) & 0x00FF00FF00FF00FFULL;
        x = (x + (x >> 16) * 25) & 0x0000FFFF0000FFFFULL;
        return (int)((x + (x >> 32) * 625) & 0xFFFFFFFFULL);
    }
    /* the sum of the bytes (each <= 31) */
    static inline int mj_byte_sum(unsigned long long x) {
        return (int)((x * 0x0101010101010101ULL) >> 56);
    }
    """
    u64 mj_load8(const unsigned char *p) noexcept nogil
    u64 mj_any_over4(u64 x) noexcept nogil
    int mj_base5(u64 x) noexcept nogil
    int mj_byte_sum(u64 x) noexcept nogil


cdef inline int _raw_table_keys(const unsigned char *p, int *keys, int *ns) noexcept:
    """_natural_keys for 37 raw counts, a word at a time; 0 if a count exceeds 4."""
    cdef u64 x0 = mj_load8(p), x1 = mj_load8(p + 9), x2 = mj_load8(p + 18)
    cdef u64 x3 = mj_load8(p + 27) & <u64>0x00FFFFFFFFFFFFFF
    if (mj_any_over4(x0) | mj_any_over4(mj_load8(p + 8)) | mj_any_over4(mj_load8(p + 16))
            | mj_any_over4(mj_load8(p + 24)) | mj_any_over4(mj_load8(p + 29))):
        return 0
    keys[0] = mj_base5(x0) + p[8] * 390625
    keys[1] = mj_base5(x1) + p[17] * 390625
    keys[2] = mj_base5(x2) + p[26] * 390625
    keys[3] = mj_base5(x3)
    keys[4] = p[34] + 5 * p[35] + 25 * p[36]
    ns[0] = mj_byte_sum(x0) + p[8]
    ns[1] = mj_byte_sum(x1) + p[17]
    ns[2] = mj_byte_sum(x2) + p[26]
    ns[3] = mj_byte_sum(x3)
    ns[4] = p[34] + p[35] + p[36]
    return 1


cdef inline int _raw_default_win(const unsigned char *p, int n_sets, int W) noexcept:
    """The whole win check of 37 raw counts with the default wild mask and cap 4 (modes CAP for the suits
    and honours, NONE for the long cards), or with no wilds at all, in scalars: -1 if a count exceeds 4
    (the tables can't answer), -2 if the tile total is wrong, else _table_win (1 / 0)."""
    cdef u64 x0 = mj_load8(p), x1 = mj_load8(p + 9), x2 = mj_load8(p + 18)
    cdef u64 x3 = mj_load8(p + 27) & <u64>0x00FFFFFFFFFFFFFF
    cdef u64 v[5]
    cdef unsigned int n0, n1, n2, n3, n4, r0, r1, r2, r3, r4
    if (mj_any_over4(x0) | mj_any_over4(mj_load8(p + 8)) | mj_any_over4(mj_load8(p + 16))
            | mj_any_over4(mj_load8(p + 24)) | mj_any_over4(mj_load8(p + 29))):
        return -1
    n0 = mj_byte_sum(x0) + p[8]
    n1 = mj_byte_sum(x1) + p[17]
    n2 = mj_byte_sum(x2) + p[26]
    n3 = mj_byte_sum(x3)
    n4 = p[34] + p[35] + p[36]
    if n_sets < 0 or <int>(n0 + n1 + n2 + n3 + n4) + W != 3 * n_sets + 2:
        return -2
    r0 = n0 % 3
    r1 = n1 % 3
    r2 = n2 % 3
    r3 = n3 % 3
    r4 = n4 % 3
    v[0] = GROUP_POLYNOMIALS[MODE_CAPPED][r0][CAPPED_TABLES[0][mj_base5(x0) + p[8] * 390625]]
    v[1] = GROUP_POLYNOMIALS[MODE_CAPPED][r1][CAPPED_TABLES[0][mj_base5(x1) + p[17] * 390625]]
    v[2] = GROUP_POLYNOMIALS[MODE_CAPPED][r2][CAPPED_TABLES[0][mj_base5(x2) + p[26] * 390625]]
    v[3] = GROUP_POLYNOMIALS[MODE_CAPPED][r3][CAPPED_TABLES[1][mj_base5(x3)]]
    v[4] = GROUP_POLYNOMIALS[MODE_NO_WILDS][r4][CAPPED_TABLES[2][p[34] + 5 * p[35] + 25 * p[36]]]
    return _product_has_pair_term(v, W + 1 - WILDS_TO_WHOLE_SETS[r0] - WILDS_TO_WHOLE_SETS[r1] - WILDS_TO_WHOLE_SETS[r2]
                                  - WILDS_TO_WHOLE_SETS[r3] - WILDS_TO_WHOLE_SETS[r4])

# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""C-level MCR fan evaluation: the hot path of :mod:`scorer.variants.mcr.evaluate` on integer data.

``_evaluate`` (C) lists the four-sets divisions of the hand itself (the reference's generation
order, docs/rules/mcr.md#choosing-between-readings / ``division.ref_order``), scores the seven-pairs
reading, every division and the fixed-list special shapes (``_specials.pxi``: seven shifted pairs,
thirteen orphans, honours and knitted tiles, knitted straight with the helper preset's waits, nine
gates) exactly as the Python families do (same raw detection, the one-pass 不计 removal in table
order, the 幺九刻 deductions and wind fans after it, 无番和), and applies the tie rules. Group
completeness (for the pair and the formal wait of docs/rules/mcr.md#edge-wait) is a linear check per
suit; the wait is worked out only when a division places the winning tile in a concealed chow or the
pair.

Three ways in:

* ``evaluate(concealed, fixed, win, ...)`` for the full path: ``(status, n_readings, codes, points,
  counts, unique_wait)`` with status ``NONE``, ``SEVEN_PAIRS``, ``FOUR_SETS`` (``codes``: the chosen
  division's concealed group codes, sorted, as the decomposer gives them) or ``DEFER`` (a special
  shape: the Python evaluator scores and explains it); ``counts`` indexed like ``fans.FANS``.
  ``explain(..., knitted_waits)`` scores the special shapes too (under either preset) and adds what
  the chosen reading is made of: each fan's sources and each fan not scored, with its excluder and
  principle (docs/architecture.md#the-explained-reading); the full result is built from it.
  ``explain_all(...)`` (same arguments) explains every reading weighed, for the referee.
* ``compact(text, context)`` (``_compact_path.pxi``; its C entry point ``compact.c_entry`` for
  ``scorer.score_compact``): from the notation text (``scorer._fastparse``) and the context dict to a
  ``CompactResult`` under the default rules, special shapes included; None for anything the full path
  must take. ``compact_many(requests, threads, as_json)`` (``_compact_batch.pxi``) does a batch on
  every core, answers optionally written as JSON (``_compact_json.pxi``).
* ``full(text, context, rules)`` (``_full_path.pxi``, ``MCR.full_fast``): the same request under rules
  None or a preset name to the whole ``Result`` the checked path gives, explanation included; None for
  anything the checked path must take (docs/architecture.md#the-full-result-in-c).

The pure-Python twin is ``evaluate.evaluate``; ``MJSCORE_PURE=1`` selects it.
"""

from libc.string cimport memcmp, memcpy, memset, strlen


cdef extern from *:
    """
    /* Small fixed-size vector work on count arrays, with SSE2 where there is SSE2 (all x86-64):
       - mj_fan_mask: the fans present in a count vector of 92 ints, as a 128-bit set;
       - mj_nonzero36 / mj_odd36 / mj_above36: bit i for c[i] != 0 (resp. c[i] odd, c[i] > v), 36 counts;
       - mj_sum9: the sum of nine counts (a suit);
       - mj_copy / mj_zero: fan count vectors copied and cleared in registers (short fixed-size
         rep movs / rep stos cost more here than the work between them). */
    #if defined(__SSE2__)
    #include <emmintrin.h>
    /* 16 counts narrowed to 16 bytes by saturating packs (a nonzero int stays nonzero), one
       compare and one byte mask: bit i for c[i] != 0 */
    static inline unsigned long long mj_nonzero16(__m128i a, __m128i b, __m128i c, __m128i d) {
        __m128i p = _mm_packs_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(c, d));
        return (unsigned long long)(~_mm_movemask_epi8(_mm_cmpeq_epi8(p, _mm_setzero_si128())) & 0xFFFF);
    }
    #define MJ_LOAD(p) _mm_loadu_si128((const __m128i *)(p))
    static inline void mj_fan_mask(const int *c, unsigned long long *m) {
        m[0] = mj_nonzero16(MJ_LOAD(c), MJ_LOAD(c + 4), MJ_LOAD(c + 8), MJ_LOAD(c + 12))
            | mj_nonzero16(MJ_LOAD(c + 16), MJ_LOAD(c + 20), MJ_LOAD(c + 24), MJ_LOAD(c + 28)) << 16
            | mj_nonzero16(MJ_LOAD(c + 32), MJ_LOAD(c + 36), MJ_LOAD(c + 40), MJ_LOAD(c + 44)) << 32
            | mj_nonzero16(MJ_LOAD(c + 48), MJ_LOAD(c + 52), MJ_LOAD(c + 56), MJ_LOAD(c + 60)) << 48;
        m[1] = mj_nonzero16(MJ_LOAD(c + 64), MJ_LOAD(c + 68), MJ_LOAD(c + 72), MJ_LOAD(c + 76))
            | mj_nonzero16(MJ_LOAD(c + 80), MJ_LOAD(c + 84), MJ_LOAD(c + 88), _mm_setzero_si128()) << 16;
    }
    static inline unsigned long long mj_nonzero36(const int *c) {
        __m128i z = _mm_setzero_si128();
        return mj_nonzero16(MJ_LOAD(c), MJ_LOAD(c + 4), MJ_LOAD(c + 8), MJ_LOAD(c + 12))
            | mj_nonzero16(MJ_LOAD(c + 16), MJ_LOAD(c + 20), MJ_LOAD(c + 24), MJ_LOAD(c + 28)) << 16
            | mj_nonzero16(MJ_LOAD(c + 32), z, z, z) << 32;
    }
    static inline unsigned long long mj_odd36(const int *c) {
        __m128i one = _mm_set1_epi32(1), z = _mm_setzero_si128();
        #define MJ_ODD(p) _mm_and_si128(MJ_LOAD(p), one)
        return mj_nonzero16(MJ_ODD(c), MJ_ODD(c + 4), MJ_ODD(c + 8), MJ_ODD(c + 12))
            | mj_nonzero16(MJ_ODD(c + 16), MJ_ODD(c + 20), MJ_ODD(c + 24), MJ_ODD(c + 28)) << 16
            | mj_nonzero16(MJ_ODD(c + 32), z, z, z) << 32;
    }
    static inline unsigned long long mj_above36(const int *c, int v) {
        __m128i t = _mm_set1_epi32(v), z = _mm_setzero_si128();
        #define MJ_GT(p) _mm_cmpgt_epi32(MJ_LOAD(p), t)
        return mj_nonzero16(MJ_GT(c), MJ_GT(c + 4), MJ_GT(c + 8), MJ_GT(c + 12))
            | mj_nonzero16(MJ_GT(c + 16), MJ_GT(c + 20), MJ_GT(c + 24), MJ_GT(c + 28)) << 16
            | mj_nonzero16(MJ_GT(c + 32), z, z, z) << 32;
    }
    static inline int mj_sum9(const int *c) {
        __m128i v = _mm_add_epi32(MJ_LOAD(c), MJ_LOAD(c + 4));
        v = _mm_add_epi32(v, _mm_shuffle_epi32(v, 0x4E));
        v = _mm_add_epi32(v, _mm_shuffle_epi32(v, 0xB1));
        return _mm_cvtsi128_si32(v) + c[8];
    }
    /* unrolled in full: the loop's own count, compare and jump cost more than its one load and store */
    static inline void mj_copy(int *dst, const int *src) {
        #pragma GCC unroll 23
        for (int i = 0; i < 92; i += 4)
            _mm_storeu_si128((__m128i *)(dst + i), _mm_loadu_si128((const __m128i *)(src + i)));
    }
    static inline void mj_zero(int *dst) {
        __m128i z = _mm_setzero_si128();
        #pragma GCC unroll 23
        for (int i = 0; i < 92; i += 4) _mm_storeu_si128((__m128i *)(dst + i), z);
    }
    #else
    static inline void mj_fan_mask(const int *c, unsigned long long *m) {
        m[0] = 0; m[1] = 0;
        for (int i = 0; i < 92; i++) m[i >> 6] |= (unsigned long long)(c[i] != 0) << (i & 63);
    }
    static inline unsigned long long mj_nonzero36(const int *c) {
        unsigned long long m = 0;
        for (int i = 0; i < 36; i++) m |= (unsigned long long)(c[i] != 0) << i;
        return m;
    }
    static inline unsigned long long mj_odd36(const int *c) {
        unsigned long long m = 0;
        for (int i = 0; i < 36; i++) m |= (unsigned long long)(c[i] & 1) << i;
        return m;
    }
    static inline unsigned long long mj_above36(const int *c, int v) {
        unsigned long long m = 0;
        for (int i = 0; i < 36; i++) m |= (unsigned long long)(c[i] > v) << i;
        return m;
    }
    static inline int mj_sum9(const int *c) {
        int n = 0;
        for (int i = 0; i < 9; i++) n += c[i];
        return n;
    }
    static inline void mj_copy(int *dst, const int *src) { for (int i = 0; i < 92; i++) dst[i] = src[i]; }
    static inline void mj_zero(int *dst) { for (int i = 0; i < 92; i++) dst[i] = 0; }
    #endif
    """
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_clzll(unsigned long long) nogil
    void mj_fan_mask(const int *c, unsigned long long *m) nogil
    unsigned long long mj_nonzero36(const int *c) nogil
    unsigned long long mj_odd36(const int *c) nogil
    unsigned long long mj_above36(const int *c, int v) nogil
    int mj_sum9(const int *c) nogil
    void mj_copy(int *dst, const int *src) nogil
    void mj_zero(int *dst) nogil

from scorer.variants.mcr import fans as _fans
from scorer.variants.mcr.specials import KNITTED_STRAIGHT_WAIT as _KNITTED_STRAIGHT_WAIT
from scorer.variants.mcr.fans import EXCLUDED_BY as _EXCLUDED_BY, FANS as _FANS, F as _F, POINTS as _POINTS
from scorer.variants.mcr import tiebreak as _tiebreak

cdef enum:
    NF = 92       # >= number of fans, a multiple of 4 (mj_fan_mask reads exactly 92 counts)
    MAXDIV = 128  # divisions of 14 tiles: far fewer in practice
    NK = 34

NONE, SEVEN_PAIRS, FOUR_SETS, DEFER = 0, 1, 2, 3
# explain's shapes (a special shape's reading is its own: evaluate.evaluate's shape names)
SHAPES = ("four_sets", "seven_pairs", "seven_shifted_pairs", "honors_and_knitted", "thirteen_orphans",
          "knitted_straight", "nine_gates")
cdef enum:
    S_NONE = 0
    S_SEVEN_PAIRS = 1
    S_FOUR_SETS = 2
    S_DEFER = 3
    S_SPECIAL = 4  # a fixed-list special shape scored in C (``evaluate`` says DEFER)
SPECIAL = S_SPECIAL
cdef enum:  # which special shape (indices into SHAPES)
    SH_SEVEN_SHIFTED_PAIRS = 2
    SH_HONORS_AND_KNITTED = 3
    SH_THIRTEEN_ORPHANS = 4
    SH_KNITTED_STRAIGHT = 5
    SH_NINE_GATES = 6

cdef int CHOW = 0, PUNG = 1, KONG = 2
# why the chosen reading is kept (tiebreak.py: the codes and the texts)
cdef int D_ONLY = _tiebreak.ONLY, D_HIGHEST = _tiebreak.HIGHEST, D_FIRST_KEPT = _tiebreak.FIRST_KEPT
cdef int D_PURE_TRIPLE_CHOW = _tiebreak.PURE_TRIPLE_CHOW, D_TRIPLE_PUNG = _tiebreak.TRIPLE_PUNG
cdef int D_OVER_SEVEN_PAIRS = _tiebreak.OVER_SEVEN_PAIRS
cdef int TOOK_FIRST = _tiebreak.TOOK_FIRST, TOOK_HIGHER = _tiebreak.TOOK_HIGHER
cdef int NUM_FANS = len(_FANS)
cdef int POINTS[NF]
ctypedef unsigned long long u64
cdef u64 EXMASK[NF][2]  # bit set of the fans whose presence removes each fan (its 不计 list)
cdef enum:
    MAXEXBY = 24
# each fan's excluders in the table's order (the first one still standing is named) and principles
cdef int EXBY_N[NF]
cdef int EXBY[NF][MAXEXBY]
cdef int EXBY_PRINCIPLE[NF][MAXEXBY]
# principle codes: indices into PRINCIPLES (the texts the results carry)
PRINCIPLES = sorted({principle for row in _EXCLUDED_BY for _, principle in row}
                    | {_fans.AO, _fans.NR, _KNITTED_STRAIGHT_WAIT})
cdef int P_NR = PRINCIPLES.index(_fans.NR)
cdef int P_AO = PRINCIPLES.index(_fans.AO)
cdef int P_KNITTED_STRAIGHT_WAIT = PRINCIPLES.index(_KNITTED_STRAIGHT_WAIT)

cdef int f_big_four_winds, f_big_three_dragons, f_all_green, f_four_kongs, f_all_terminals, f_little_four_winds
cdef int f_little_three_dragons, f_all_honors, f_four_concealed_pungs, f_pure_terminal_chows, f_quadruple_chow, f_four_pure_shifted_pungs
cdef int f_four_pure_shifted_chows, f_three_kongs, f_all_terminals_and_honors, f_seven_pairs, f_all_even_pungs, f_full_flush
cdef int f_pure_triple_chow, f_pure_shifted_pungs, f_upper_tiles, f_middle_tiles, f_lower_tiles, f_pure_straight
cdef int f_three_suited_terminal_chows, f_pure_shifted_chows, f_all_fives, f_triple_pung, f_three_concealed_pungs, f_upper_four
cdef int f_lower_four, f_big_three_winds, f_mixed_straight, f_reversible_tiles, f_mixed_triple_chow, f_mixed_shifted_pungs
cdef int f_chicken_hand, f_last_tile_draw, f_last_tile_claim, f_out_with_replacement_tile, f_robbing_the_kong, f_all_pungs
cdef int f_half_flush, f_mixed_shifted_chows, f_all_types, f_melded_hand, f_two_concealed_kongs, f_two_dragon_pungs
cdef int f_concealed_kong_and_melded_kong, f_outside_hand, f_fully_concealed_hand, f_two_melded_kongs, f_last_tile, f_dragon_pung
cdef int f_prevalent_wind, f_seat_wind, f_concealed_hand, f_all_chows, f_tile_hog, f_double_pung
cdef int f_two_concealed_pungs, f_concealed_kong, f_all_simples, f_pure_double_chow, f_mixed_double_chow, f_short_straight
cdef int f_two_terminal_chows, f_pung_of_terminals_or_honors, f_melded_kong, f_one_voided_suit, f_no_honors, f_edge_wait
cdef int f_closed_wait, f_single_wait, f_self_drawn
cdef int f_nine_gates, f_seven_shifted_pairs, f_thirteen_orphans, f_greater_honors_and_knitted_tiles
cdef int f_lesser_honors_and_knitted_tiles, f_knitted_straight

cdef int TRIM_ORDER[4]
cdef int EXTRA_ORDER[4]
# kind bit sets (bit k: kind k), for the hand-wide tile fans
cdef u64 SUIT_BITS = (<u64>1 << 27) - 1
cdef u64 HONOUR_BITS = ((<u64>1 << 34) - 1) & ~SUIT_BITS
cdef u64 WIND_BITS = (<u64>0xF) << 27
cdef u64 DRAGON_BITS = (<u64>0x7) << 31
cdef u64 TERMINAL_BITS = (<u64>0x101) | (<u64>0x101 << 9) | (<u64>0x101 << 18)
cdef u64 GREEN_BITS = 0       # filled by _init
cdef u64 REVERSIBLE_BITS = 0  # filled by _init


cdef void _init() except *:
    global GREEN_BITS, REVERSIBLE_BITS
    global f_big_four_winds, f_big_three_dragons, f_all_green, f_four_kongs, f_all_terminals
    global f_little_four_winds, f_little_three_dragons, f_all_honors, f_four_concealed_pungs
    global f_pure_terminal_chows, f_quadruple_chow, f_four_pure_shifted_pungs, f_four_pure_shifted_chows
    global f_three_kongs, f_all_terminals_and_honors, f_seven_pairs, f_all_even_pungs, f_full_flush
    global f_pure_triple_chow, f_pure_shifted_pungs, f_upper_tiles, f_middle_tiles, f_lower_tiles
    global f_pure_straight, f_three_suited_terminal_chows, f_pure_shifted_chows, f_all_fives
    global f_triple_pung, f_three_concealed_pungs, f_upper_four, f_lower_four, f_big_three_winds
    global f_mixed_straight, f_reversible_tiles, f_mixed_triple_chow, f_mixed_shifted_pungs
    global f_chicken_hand, f_last_tile_draw, f_last_tile_claim, f_out_with_replacement_tile
    global f_robbing_the_kong, f_all_pungs, f_half_flush, f_mixed_shifted_chows, f_all_types
    global f_melded_hand, f_two_concealed_kongs, f_two_dragon_pungs, f_concealed_kong_and_melded_kong
    global f_outside_hand, f_fully_concealed_hand, f_two_melded_kongs, f_last_tile, f_dragon_pung
    global f_prevalent_wind, f_seat_wind, f_concealed_hand, f_all_chows, f_tile_hog, f_double_pung
    global f_two_concealed_pungs, f_concealed_kong, f_all_simples, f_pure_double_chow
    global f_mixed_double_chow, f_short_straight, f_two_terminal_chows, f_pung_of_terminals_or_honors
    global f_melded_kong, f_one_voided_suit, f_no_honors, f_edge_wait, f_closed_wait, f_single_wait
    global f_self_drawn, f_nine_gates, f_seven_shifted_pairs, f_thirteen_orphans
    global f_greater_honors_and_knitted_tiles, f_lesser_honors_and_knitted_tiles, f_knitted_straight
    cdef int i, by
    if NUM_FANS > NF:
        raise RuntimeError("fan table larger than the C arrays")
    for i in range(NUM_FANS):
        POINTS[i] = _POINTS[i]
        if len(_EXCLUDED_BY[i]) > MAXEXBY:
            raise RuntimeError("a fan with more excluders than the C arrays hold")
        EXBY_N[i] = 0
        for by, principle in _EXCLUDED_BY[i]:
            EXMASK[i][by >> 6] |= (<u64>1) << (by & 63)
            EXBY[i][EXBY_N[i]] = by
            EXBY_PRINCIPLE[i][EXBY_N[i]] = PRINCIPLES.index(principle)
            EXBY_N[i] += 1
    f_big_four_winds = _F.BIG_FOUR_WINDS
    f_big_three_dragons = _F.BIG_THREE_DRAGONS
    f_all_green = _F.ALL_GREEN
    f_four_kongs = _F.FOUR_KONGS
    f_all_terminals = _F.ALL_TERMINALS
    f_little_four_winds = _F.LITTLE_FOUR_WINDS
    f_little_three_dragons = _F.LITTLE_THREE_DRAGONS
    f_all_honors = _F.ALL_HONORS
    f_four_concealed_pungs = _F.FOUR_CONCEALED_PUNGS
    f_pure_terminal_chows = _F.PURE_TERMINAL_CHOWS
    f_quadruple_chow = _F.QUADRUPLE_CHOW
    f_four_pure_shifted_pungs = _F.FOUR_PURE_SHIFTED_PUNGS
    f_four_pure_shifted_chows = _F.FOUR_PURE_SHIFTED_CHOWS
    f_three_kongs = _F.THREE_KONGS
    f_all_terminals_and_honors = _F.ALL_TERMINALS_AND_HONORS
    f_seven_pairs = _F.SEVEN_PAIRS
    f_all_even_pungs = _F.ALL_EVEN_PUNGS
    f_full_flush = _F.FULL_FLUSH
    f_pure_triple_chow = _F.PURE_TRIPLE_CHOW
    f_pure_shifted_pungs = _F.PURE_SHIFTED_PUNGS
    f_upper_tiles = _F.UPPER_TILES
    f_middle_tiles = _F.MIDDLE_TILES
    f_lower_tiles = _F.LOWER_TILES
    f_pure_straight = _F.PURE_STRAIGHT
    f_three_suited_terminal_chows = _F.THREE_SUITED_TERMINAL_CHOWS
    f_pure_shifted_chows = _F.PURE_SHIFTED_CHOWS
    f_all_fives = _F.ALL_FIVES
    f_triple_pung = _F.TRIPLE_PUNG
    f_three_concealed_pungs = _F.THREE_CONCEALED_PUNGS
    f_upper_four = _F.UPPER_FOUR
    f_lower_four = _F.LOWER_FOUR
    f_big_three_winds = _F.BIG_THREE_WINDS
    f_mixed_straight = _F.MIXED_STRAIGHT
    f_reversible_tiles = _F.REVERSIBLE_TILES
    f_mixed_triple_chow = _F.MIXED_TRIPLE_CHOW
    f_mixed_shifted_pungs = _F.MIXED_SHIFTED_PUNGS
    f_chicken_hand = _F.CHICKEN_HAND
    f_last_tile_draw = _F.LAST_TILE_DRAW
    f_last_tile_claim = _F.LAST_TILE_CLAIM
    f_out_with_replacement_tile = _F.OUT_WITH_REPLACEMENT_TILE
    f_robbing_the_kong = _F.ROBBING_THE_KONG
    f_all_pungs = _F.ALL_PUNGS
    f_half_flush = _F.HALF_FLUSH
    f_mixed_shifted_chows = _F.MIXED_SHIFTED_CHOWS
    f_all_types = _F.ALL_TYPES
    f_melded_hand = _F.MELDED_HAND
    f_two_concealed_kongs = _F.TWO_CONCEALED_KONGS
    f_two_dragon_pungs = _F.TWO_DRAGON_PUNGS
    f_concealed_kong_and_melded_kong = _F.CONCEALED_KONG_AND_MELDED_KONG
    f_outside_hand = _F.OUTSIDE_HAND
    f_fully_concealed_hand = _F.FULLY_CONCEALED_HAND
    f_two_melded_kongs = _F.TWO_MELDED_KONGS
    f_last_tile = _F.LAST_TILE
    f_dragon_pung = _F.DRAGON_PUNG
    f_prevalent_wind = _F.PREVALENT_WIND
    f_seat_wind = _F.SEAT_WIND
    f_concealed_hand = _F.CONCEALED_HAND
    f_all_chows = _F.ALL_CHOWS
    f_tile_hog = _F.TILE_HOG
    f_double_pung = _F.DOUBLE_PUNG
    f_two_concealed_pungs = _F.TWO_CONCEALED_PUNGS
    f_concealed_kong = _F.CONCEALED_KONG
    f_all_simples = _F.ALL_SIMPLES
    f_pure_double_chow = _F.PURE_DOUBLE_CHOW
    f_mixed_double_chow = _F.MIXED_DOUBLE_CHOW
    f_short_straight = _F.SHORT_STRAIGHT
    f_two_terminal_chows = _F.TWO_TERMINAL_CHOWS
    f_pung_of_terminals_or_honors = _F.PUNG_OF_TERMINALS_OR_HONORS
    f_melded_kong = _F.MELDED_KONG
    f_one_voided_suit = _F.ONE_VOIDED_SUIT
    f_no_honors = _F.NO_HONORS
    f_edge_wait = _F.EDGE_WAIT
    f_closed_wait = _F.CLOSED_WAIT
    f_single_wait = _F.SINGLE_WAIT
    f_self_drawn = _F.SELF_DRAWN
    f_nine_gates = _F.NINE_GATES
    f_seven_shifted_pairs = _F.SEVEN_SHIFTED_PAIRS
    f_thirteen_orphans = _F.THIRTEEN_ORPHANS
    f_greater_honors_and_knitted_tiles = _F.GREATER_HONORS_AND_KNITTED_TILES
    f_lesser_honors_and_knitted_tiles = _F.LESSER_HONORS_AND_KNITTED_TILES
    f_knitted_straight = _F.KNITTED_STRAIGHT
    TRIM_ORDER[0] = f_two_terminal_chows
    TRIM_ORDER[1] = f_short_straight
    TRIM_ORDER[2] = f_mixed_double_chow
    TRIM_ORDER[3] = f_pure_double_chow
    EXTRA_ORDER[0] = f_pure_double_chow
    EXTRA_ORDER[1] = f_mixed_double_chow
    EXTRA_ORDER[2] = f_short_straight
    EXTRA_ORDER[3] = f_two_terminal_chows
    from scorer.variants.mcr.suits import GREEN_TILES, REVERSIBLE_TILES
    for i in GREEN_TILES:
        GREEN_BITS |= (<u64>1) << i
    for i in REVERSIBLE_TILES:
        REVERSIBLE_BITS |= (<u64>1) << i


_init()


cdef struct Hand:
    int conc[36]      # NK kinds, padded to nine vectors of four (the last two stay 0)
    int total[36]
    int kinds[NK]
    int nkinds
    int win
    int self_draw
    int last_wall
    int kong_win
    int last_tile
    int nfixed
    int fkind[4]
    int ftile[4]
    int fconc[4]
    int melded_count
    int melded_kongs
    int concealed_kongs
    unsigned long long kind_bits   # bit k: kind k present (melds included)
    unsigned long long conc_bits   # bit k: kind k in the concealed part
    unsigned long long odd_bits    # bit k: an odd number of kind k in the concealed part
    int pair_group     # set by _evaluate once a four-sets reading exists (see _pair_group)


cdef struct Div:
    int kind[4]
    int tile[4]
    int conc[4]
    int fixed[4]
    int pair
    int ncodes
    int codes[5]
    int key[4]


# ---- what the chosen reading is made of (docs/architecture.md#the-explained-reading) ---------------
#
# The families take an ``Explain *x``: NULL while every reading is scored, set when the chosen one
# is scored again to record, per fan, its sources in the order the twin's ``Tally.add`` appends them
# (a code each: set indices into the division, 4 for the pair, or a tile text the hand determines),
# and every fan not scored as the twin's ``Tally.removed`` lists it.
cdef enum:
    SRC_SETS = 0    # bits 0-2: how many indices; 3 bits each from bit 3: 0-3 a set, 4 the pair
    SRC_WIN = 1     # the winning tile
    SRC_FOUR = 2    # four of the kind in the low bits (四归一)
    SRC_PAIRS = 3   # the hand's pairs (七对)
    SRC_HAND = 4    # the concealed tiles as one run of text (连七对, 九莲宝灯)
    SRC_KINDS = 5   # each kind present once (十三幺, 全不靠, 七星不靠)
    SRC_NUMBERED = 6  # each numbered kind present once (全不靠's 组合龙)
    SRC_RUN = 7     # the nine tiles of the suit from the kind in the low bits (九莲宝灯's 清龙)
    SRC_FAMILY = 8  # the knitted family numbered in the low bits (specials.FAMILIES)
    SRC_SHIFT = 24
    MAXSRC = 64
    MAXREM = 32
    PAIR_INDEX = 4
    NO_FAN = -1     # a removal whose excluder is no fan (nothing kept after the account-once cap)

# the source codes for Python (explained.py)
SOURCE_SETS, SOURCE_WIN, SOURCE_FOUR, SOURCE_PAIRS = SRC_SETS, SRC_WIN, SRC_FOUR, SRC_PAIRS
SOURCE_HAND, SOURCE_KINDS, SOURCE_NUMBERED, SOURCE_RUN = SRC_HAND, SRC_KINDS, SRC_NUMBERED, SRC_RUN
SOURCE_FAMILY, SOURCE_SHIFT, SOURCE_PAIR_INDEX = SRC_FAMILY, SRC_SHIFT, PAIR_INDEX

cdef struct Explain:
    int nsrc
    int src_fan[MAXSRC]
    int src_code[MAXSRC]
    int nrem
    int rem_fan[MAXREM]
    int rem_n[MAXREM]
    int rem_by[MAXREM]
    int rem_principle[MAXREM]


cdef inline int _sets_code(const int *idx, int n) noexcept nogil:
    cdef int i, code = n
    for i in range(n):
        code |= idx[i] << (3 + 3 * i)
    return code


cdef inline void _source(Explain *x, int fan, int code) noexcept nogil:
    """Tally.add's source: appended to the fan's list."""
    if x != NULL and x.nsrc < MAXSRC:
        x.src_fan[x.nsrc] = fan
        x.src_code[x.nsrc] = code
        x.nsrc += 1


cdef inline void _source_only(Explain *x, int fan, int code) noexcept nogil:
    """Tally.set's source: the fan's list replaced."""
    cdef int i, m = 0
    if x == NULL:
        return
    for i in range(x.nsrc):
        if x.src_fan[i] != fan:
            x.src_fan[m] = x.src_fan[i]
            x.src_code[m] = x.src_code[i]
            m += 1
    x.nsrc = m
    _source(x, fan, code)


cdef inline void _removed(Explain *x, int fan, int n, int by, int principle) noexcept nogil:
    """Tally.suppress / take / the 不计 pass: n of the fan not scored, by which fan, why."""
    if x != NULL and n > 0 and x.nrem < MAXREM:
        x.rem_fan[x.nrem] = fan
        x.rem_n[x.nrem] = n
        x.rem_by[x.nrem] = by
        x.rem_principle[x.nrem] = principle
        x.nrem += 1


# a kind's rank in its suit (k % 9) and its suit (k // 9) looked up, not divided (these run in
# every set test); 64 entries: any kind, and a kind plus a few ranks, stays inside
cdef unsigned char RANK_OF[64]
cdef unsigned char SUIT_OF[64]
for _k in range(64):
    RANK_OF[_k] = _k % 9
    SUIT_OF[_k] = _k // 9


cdef inline int ref_order(int k) noexcept nogil:
    if 9 <= k < 18:
        return k + 9
    if 18 <= k < 27:
        return k - 9
    return k


cdef inline int is_terminal(int k) noexcept nogil:
    return k < 27 and (RANK_OF[k] == 0 or RANK_OF[k] == 8)


cdef inline int is_wind(int k) noexcept nogil:
    return 27 <= k <= 30


cdef inline int is_dragon(int k) noexcept nogil:
    return 31 <= k <= 33


# ---- hand-level families ---------------------------------------------------------------------

cdef inline void _win_fan(int *c, int fan, Explain *x) noexcept nogil:
    c[fan] += 1
    _source(x, fan, SRC_WIN << SRC_SHIFT)


cdef void win_condition(Hand *h, int *c, Explain *x) noexcept nogil:
    if h.last_tile:
        _win_fan(c, f_last_tile, x)
    if h.self_draw:
        _win_fan(c, f_self_drawn, x)
        if h.last_wall:
            _win_fan(c, f_last_tile_draw, x)
        if h.kong_win:
            _win_fan(c, f_out_with_replacement_tile, x)
    else:
        if h.last_wall:
            _win_fan(c, f_last_tile_claim, x)
        if h.kong_win:
            _win_fan(c, f_robbing_the_kong, x)


cdef void suit_tile_rank_fans(Hand *h, int *c) noexcept nogil:
    """suits.suit_fans, tile_fans and rank_fans on the bit set of the kinds present."""
    cdef u64 k = h.kind_bits
    cdef int nsuits, honours, ranks, rmin, rmax
    nsuits = ((k & 0x1FF) != 0) + (((k >> 9) & 0x1FF) != 0) + (((k >> 18) & 0x1FF) != 0)
    honours = (k & HONOUR_BITS) != 0
    # suit_fans
    if not honours:
        c[f_no_honors] += 1
    if nsuits == 2:
        c[f_one_voided_suit] += 1
    elif nsuits == 1:
        c[f_half_flush if honours else f_full_flush] += 1
    if nsuits == 3 and (k & WIND_BITS) and (k & DRAGON_BITS):
        c[f_all_types] += 1
    # tile_fans
    if not (k & (TERMINAL_BITS | HONOUR_BITS)):
        c[f_all_simples] += 1
    else:
        if not (k & SUIT_BITS):
            c[f_all_honors] += 1
        elif not (k & ~TERMINAL_BITS):
            c[f_all_terminals] += 1
        elif not (k & ~(TERMINAL_BITS | HONOUR_BITS)):
            c[f_all_terminals_and_honors] += 1
    if not (k & ~REVERSIBLE_BITS):
        c[f_reversible_tiles] += 1
    if not (k & ~GREEN_BITS):
        c[f_all_green] += 1
    # rank_fans (ranks 1-9 as bits 0-8 over the three suits)
    if not honours:
        ranks = <int>((k | (k >> 9) | (k >> 18)) & 0x1FF)
        rmin = __builtin_ctzll(ranks) + 1
        rmax = 64 - __builtin_clzll(ranks)
        if rmax <= 4:
            c[f_lower_four] += 1
            if rmax <= 3:
                c[f_lower_tiles] += 1
        elif rmin >= 6:
            c[f_upper_four] += 1
            if rmin >= 7:
                c[f_upper_tiles] += 1
        elif rmin >= 4 and rmax <= 6:
            c[f_middle_tiles] += 1


cdef void tile_hog(Hand *h, int *c, Explain *x) noexcept nogil:
    cdef int j, k, nhogs = 0, is_kong
    cdef u64 four = mj_above36(h.total, 3)  # the kinds held four times (most hands: none)
    cdef u64 rest = four
    while rest:
        nhogs += 1
        rest &= rest - 1
    if nhogs - h.melded_kongs - h.concealed_kongs > 0:
        while four:
            k = __builtin_ctzll(four)
            four &= four - 1
            is_kong = 0
            for j in range(h.nfixed):
                if h.fkind[j] == KONG and h.ftile[j] == k:
                    is_kong = 1
            if not is_kong:
                c[f_tile_hog] += 1
                _source(x, f_tile_hog, SRC_FOUR << SRC_SHIFT | k)


# ---- division families -----------------------------------------------------------------------

cdef void concealed_pungs_and_kongs(Hand *h, Div *d, int kong_pair_fan, int *c, Explain *x) noexcept nogil:
    cdef int i, f = -1, in_chow = 0, ncp = 0, nmk = 0, nck = 0, nk, hidden
    # set indices, as the twin lists them: melded kongs then concealed kongs; concealed pungs then
    # concealed kongs
    cdef int kongs[4]
    cdef int hid[4]
    cdef int ck[4]
    if not h.self_draw:
        for i in range(4):
            if d.kind[i] == CHOW and d.conc[i] and d.tile[i] <= h.win <= d.tile[i] + 2:
                in_chow = 1
    for i in range(4):
        if d.kind[i] == PUNG and d.conc[i]:
            if h.self_draw or in_chow or d.tile[i] != h.win:
                hid[ncp] = i
                ncp += 1
        elif d.kind[i] == KONG:
            if d.conc[i]:
                ck[nck] = i
                nck += 1
            else:
                kongs[nmk] = i
                nmk += 1
    nk = nmk + nck
    for i in range(nck):
        kongs[nmk + i] = ck[i]
        hid[ncp + i] = ck[i]
    if nk == 1:
        f = f_melded_kong if nmk else f_concealed_kong
    elif nk == 2:
        if not nck:
            f = f_two_melded_kongs
        elif not nmk:
            f = f_two_concealed_kongs
        elif kong_pair_fan:
            f = f_concealed_kong_and_melded_kong
        else:  # mcr1998: the two kongs score separately
            c[f_melded_kong] += 1
            c[f_concealed_kong] += 1
            _source(x, f_melded_kong, _sets_code(kongs, 1))
            _source(x, f_concealed_kong, _sets_code(kongs + 1, 1))
    elif nk == 3:
        f = f_three_kongs
    elif nk == 4:
        f = f_four_kongs
    if f >= 0:
        c[f] += 1
        _source(x, f, _sets_code(kongs, nk))
    hidden = ncp + nck
    f = -1
    if hidden == 2:
        f = f_two_concealed_pungs
    elif hidden == 3:
        f = f_three_concealed_pungs
    elif hidden == 4:
        f = f_four_concealed_pungs
    if f >= 0:
        c[f] += 1
        _source(x, f, _sets_code(hid, hidden))


cdef inline void sort3(int *r) noexcept nogil:
    cdef int t
    if r[0] > r[1]:
        t = r[0]; r[0] = r[1]; r[1] = t
    if r[1] > r[2]:
        t = r[1]; r[1] = r[2]; r[2] = t
    if r[0] > r[1]:
        t = r[0]; r[0] = r[1]; r[1] = t


cdef inline void sort_n(int *a, int n) noexcept nogil:
    cdef int i, j, t
    for i in range(1, n):
        t = a[i]
        j = i - 1
        while j >= 0 and a[j] > t:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = t


cdef inline int nsuits3(int a, int b, int c) noexcept nogil:
    a = SUIT_OF[a]
    b = SUIT_OF[b]
    c = SUIT_OF[c]
    if a == b and b == c:
        return 1
    if a != b and b != c and a != c:
        return 3
    return 2


cdef int two_chows_fan(int a, int b) noexcept nogil:
    cdef int ra = RANK_OF[a], rb = RANK_OF[b]
    if SUIT_OF[a] != SUIT_OF[b]:
        return f_mixed_double_chow if ra == rb else -1
    if a - b == 3 or b - a == 3:
        return f_short_straight
    if (ra == 0 and rb == 6) or (ra == 6 and rb == 0):
        return f_two_terminal_chows
    if a == b:
        return f_pure_double_chow
    return -1


cdef inline int _suits_and_ranks(int a, int b, int c, int *r) noexcept nogil:
    """The number of suits of three suited tiles, and their ranks (0-8) ascending in r."""
    r[0] = RANK_OF[a]
    r[1] = RANK_OF[b]
    r[2] = RANK_OF[c]
    sort3(r)
    return nsuits3(a, b, c)


cdef int three_chows_fan(int a, int b, int c) noexcept nogil:
    cdef int step
    cdef int r[3]
    cdef int ns = _suits_and_ranks(a, b, c, r)
    if ns == 3:
        if r[0] + 1 == r[1] and r[1] + 1 == r[2]:
            return f_mixed_shifted_chows
        if r[0] == r[2]:
            return f_mixed_triple_chow
        if r[0] == 0 and r[1] == 3 and r[2] == 6:
            return f_mixed_straight
        return -1
    if ns == 1:
        if r[0] == 0 and r[1] == 3 and r[2] == 6:
            return f_pure_straight
        step = r[1] - r[0]
        if (step == 1 or step == 2) and r[2] - r[1] == step:
            return f_pure_shifted_chows
        if r[0] == r[2]:
            return f_pure_triple_chow
    return -1


cdef int four_chows_fan(int *tiles, int pair) noexcept nogil:
    cdef int e[4]
    cdef int i, ps, o0, o1, step, s
    if pair < 27 and pair % 9 == 4:
        for i in range(4):
            e[i] = tiles[i]
        sort_n(e, 4)
        ps = pair // 9
        if (e[0] // 9 == ps and e[3] // 9 == ps and e[0] % 9 == 0 and e[1] % 9 == 0
                and e[2] % 9 == 6 and e[3] % 9 == 6):
            return f_pure_terminal_chows
        o0 = 0 if ps != 0 else 1
        o1 = 2 if ps != 2 else 1
        if e[0] == o0 * 9 and e[1] == o0 * 9 + 6 and e[2] == o1 * 9 and e[3] == o1 * 9 + 6:
            return f_three_suited_terminal_chows
    s = tiles[0] // 9
    if tiles[1] // 9 == s and tiles[2] // 9 == s and tiles[3] // 9 == s:
        for i in range(4):
            e[i] = tiles[i] % 9
        sort_n(e, 4)
        if e[0] == e[3]:
            return f_quadruple_chow
        for step in range(1, 3):
            if e[1] - e[0] == step and e[2] - e[1] == step and e[3] - e[2] == step:
                return f_four_pure_shifted_chows
    return -1


cdef void _pair_suppressions(const int *tiles, int n, int by, Explain *x) noexcept nogil:
    """chows._suppress_pairs: the chows of a 3- or 4-chow fan form no 1-point fans among themselves
    (不重复), recorded per fan in the order first found."""
    cdef int i, j, f, k, nf = 0
    cdef int fans[6]
    cdef int cnt[6]
    if x == NULL:
        return
    for i in range(n):
        for j in range(i + 1, n):
            f = two_chows_fan(tiles[i], tiles[j])
            if f < 0:
                continue
            for k in range(nf):
                if fans[k] == f:
                    cnt[k] += 1
                    break
            else:
                fans[nf] = f
                cnt[nf] = 1
                nf += 1
    for k in range(nf):
        _removed(x, fans[k], cnt[k], by, P_NR)


cdef void capped_pairs(int *tiles, const int *idx, int n, int cap, int *c, Explain *x) noexcept nogil:
    cdef int i, j, f, total = 0, limit, k, kept = NO_FAN, left
    cdef int cnt[NF]
    cdef int trimmed[NF]
    cdef int two[2]
    for k in range(4):
        cnt[TRIM_ORDER[k]] = 0
        trimmed[TRIM_ORDER[k]] = 0
    for i in range(n):
        for j in range(i + 1, n):
            f = two_chows_fan(tiles[i], tiles[j])
            if f >= 0:
                cnt[f] += 1
                total += 1
    for limit in range(1, -1, -1):
        for k in range(4):
            f = TRIM_ORDER[k]
            while total > cap and cnt[f] > limit:
                cnt[f] -= 1
                trimmed[f] += 1
                total -= 1
    for k in range(4):
        c[TRIM_ORDER[k]] += cnt[TRIM_ORDER[k]]
    if x == NULL:
        return
    # the sources: the first pairs found of each fan kept
    for k in range(4):
        f = TRIM_ORDER[k]
        left = cnt[f]
        for i in range(n):
            for j in range(i + 1, n):
                if left and two_chows_fan(tiles[i], tiles[j]) == f:
                    two[0] = idx[i]
                    two[1] = idx[j]
                    _source(x, f, _sets_code(two, 2))
                    left -= 1
    for k in range(4):
        if cnt[EXTRA_ORDER[k]]:
            kept = EXTRA_ORDER[k]
            break
    for k in range(4):
        _removed(x, TRIM_ORDER[k], trimmed[TRIM_ORDER[k]], kept, P_AO)


cdef int SET_KEY[NK]  # ref_order(k) * 4: a set's sort key, its index in the division added
for _k in range(NK):
    SET_KEY[_k] = ref_order(_k) * 4


cdef int _set_tiles(Div *d, int chows, int *tiles, int *idx) noexcept nogil:
    """The tiles of the division's chows (or of its pungs and kongs) in the reference's order, and
    their indices in the division (equal tiles keep the division's order)."""
    cdef int keys[4]
    cdef int i, j, key, n = 0
    for i in range(4):
        if (d.kind[i] == CHOW) == chows:
            # inserted in order as found (at most four: no separate sort pass)
            key = SET_KEY[d.tile[i]] + i
            j = n
            while j > 0 and keys[j - 1] > key:
                keys[j] = keys[j - 1]
                j -= 1
            keys[j] = key
            n += 1
    for i in range(n):
        idx[i] = keys[i] & 3  # keys >= 0
        tiles[i] = d.tile[idx[i]]
    return n


cdef inline void _three_of_four(const int *tiles, int free, int *trio) noexcept nogil:
    cdef int i, m = 0
    for i in range(4):
        if i != free:
            trio[m] = tiles[i]
            m += 1


cdef void chow_combinations(Div *d, int *c, Explain *x) noexcept nogil:
    cdef int tiles[4]
    cdef int idx[4]
    cdef int trio[3]
    cdef int trio_idx[3]
    cdef int two[2]
    cdef int n, i, j, f, free, extra, unrelated, found, k
    cdef int related[4]
    n = _set_tiles(d, 1, tiles, idx)
    if n == 4:
        f = four_chows_fan(tiles, d.pair)
        if f >= 0:
            c[f] += 1
            _source(x, f, _sets_code(idx, 4))
            _pair_suppressions(tiles, 4, f, x)
            return
        for free in range(3, -1, -1):
            _three_of_four(tiles, free, trio)
            f = three_chows_fan(trio[0], trio[1], trio[2])
            if f < 0:
                continue
            c[f] += 1
            _three_of_four(idx, free, trio_idx)
            _source(x, f, _sets_code(trio_idx, 3))
            _pair_suppressions(trio, 3, f, x)
            for j in range(4):
                extra = EXTRA_ORDER[j]
                found = -1
                for i in range(3):  # the twin keeps the last trio chow that forms it
                    if two_chows_fan(trio[i], tiles[free]) == extra:
                        found = i
                if found >= 0:
                    c[extra] += 1
                    two[0] = trio_idx[found]
                    two[1] = idx[free]
                    _source(x, extra, _sets_code(two, 2))
                    # the fourth chow combines only once (account once): the other fans it would
                    # form with the trio, in the order first found
                    for i in range(3):
                        k = two_chows_fan(trio[i], tiles[free])
                        if k < 0 or k == extra:
                            continue
                        for j in range(i):
                            if two_chows_fan(trio[j], tiles[free]) == k:
                                break
                        else:
                            _removed(x, k, 1, extra, P_AO)
                    break
            return
        for i in range(4):
            related[i] = 0
        for i in range(4):
            for j in range(i + 1, 4):
                if two_chows_fan(tiles[i], tiles[j]) >= 0:
                    related[i] = 1
                    related[j] = 1
        unrelated = 4 - related[0] - related[1] - related[2] - related[3]
        capped_pairs(tiles, idx, 4, 3 - unrelated, c, x)
    elif n == 3:
        f = three_chows_fan(tiles[0], tiles[1], tiles[2])
        if f >= 0:
            c[f] += 1
            _source(x, f, _sets_code(idx, 3))
            _pair_suppressions(tiles, 3, f, x)
            return
        capped_pairs(tiles, idx, 3, 2, c, x)
    elif n == 2:
        f = two_chows_fan(tiles[0], tiles[1])
        if f >= 0:
            c[f] += 1
            _source(x, f, _sets_code(idx, 2))


cdef int three_pungs_fan(int a, int b, int c) noexcept nogil:
    cdef int r[3]
    cdef int ns
    if a < 27 and b < 27 and c < 27:
        ns = _suits_and_ranks(a, b, c, r)
        if ns == 3:
            if r[0] + 1 == r[1] and r[1] + 1 == r[2]:
                return f_mixed_shifted_pungs
            if r[0] == r[2]:
                return f_triple_pung
        elif ns == 1 and r[0] + 1 == r[1] and r[1] + 1 == r[2]:
            return f_pure_shifted_pungs
        return -1
    if is_wind(a) and is_wind(b) and is_wind(c) and a != b and b != c and a != c:
        return f_big_three_winds
    if is_dragon(a) and is_dragon(b) and is_dragon(c) and a != b and b != c and a != c:
        return f_big_three_dragons
    return -1


cdef int two_pungs_fan(int a, int b) noexcept nogil:
    if a < 27 and b < 27:
        return f_double_pung if RANK_OF[a] == RANK_OF[b] and a != b else -1
    if is_dragon(a) and is_dragon(b):
        return f_two_dragon_pungs
    return -1


cdef void every_pair(int *tiles, const int *idx, int n, int *c, Explain *x) noexcept nogil:
    cdef int i, j, f
    cdef int two[2]
    for i in range(n):
        for j in range(i + 1, n):
            f = two_pungs_fan(tiles[i], tiles[j])
            if f >= 0:
                c[f] += 1
                two[0] = idx[i]
                two[1] = idx[j]
                _source(x, f, _sets_code(two, 2))


cdef void _pungs_inside(const int *trio, int by, Explain *x) noexcept nogil:
    """pungs._pair_fans_inside: the pair fans the three pungs of a 3-pung fan would make among
    themselves, not scored (不重复)."""
    cdef int i, j, f, n_double = 0, n_dragons = 0
    if x == NULL:
        return
    for i in range(3):
        for j in range(i + 1, 3):
            f = two_pungs_fan(trio[i], trio[j])
            if f == f_double_pung:
                n_double += 1
            elif f == f_two_dragon_pungs:
                n_dragons += 1
    _removed(x, f_double_pung, n_double, by, P_NR)
    _removed(x, f_two_dragon_pungs, n_dragons, by, P_NR)


cdef void _pair_upgrade_source(Div *d, int fan, int honour_kind, Explain *x) noexcept nogil:
    """小三元 / 小四喜: the division's pungs of that honour kind (its order), then the pair."""
    cdef int i, n = 0
    cdef int idx[5]
    if x == NULL:
        return
    for i in range(4):
        if d.kind[i] != CHOW and (is_dragon(d.tile[i]) if honour_kind else is_wind(d.tile[i])):
            idx[n] = i
            n += 1
    idx[n] = PAIR_INDEX
    _source(x, fan, _sets_code(idx, n + 1))


cdef void pung_combinations(Div *d, int *c, Explain *x) noexcept nogil:
    cdef int tiles[4]
    cdef int idx[4]
    cdef int trio[3]
    cdef int trio_idx[3]
    cdef int two[2]
    cdef int n, i, f, free, extra, a, b, cc, dd
    n = _set_tiles(d, 0, tiles, idx)
    if n == 4:
        a = tiles[0]
        b = tiles[1]
        cc = tiles[2]
        dd = tiles[3]
        f = -1
        if a < 27 and dd < 27 and a // 9 == dd // 9 and b == a + 1 and cc == a + 2 and dd == a + 3:
            f = f_four_pure_shifted_pungs
        elif is_wind(a) and is_wind(b) and is_wind(cc) and is_wind(dd):  # 4 distinct pung tiles
            f = f_big_four_winds
        if f >= 0:
            c[f] += 1
            _source(x, f, _sets_code(idx, 4))
            return
        for free in range(3, -1, -1):
            _three_of_four(tiles, free, trio)
            f = three_pungs_fan(trio[0], trio[1], trio[2])
            if f >= 0:
                c[f] += 1
                _three_of_four(idx, free, trio_idx)
                _source(x, f, _sets_code(trio_idx, 3))
                _pungs_inside(trio, f, x)
                for i in range(3):
                    extra = two_pungs_fan(trio[i], tiles[free])
                    if extra >= 0:
                        c[extra] += 1
                        two[0] = trio_idx[i]
                        two[1] = idx[free]
                        _source(x, extra, _sets_code(two, 2))
                        break
                break
        else:
            every_pair(tiles, idx, 4, c, x)
    elif n == 3:
        f = three_pungs_fan(tiles[0], tiles[1], tiles[2])
        if f >= 0:
            c[f] += 1
            _source(x, f, _sets_code(idx, 3))
            _pungs_inside(tiles, f, x)
        else:
            every_pair(tiles, idx, 3, c, x)
    elif n == 2:
        every_pair(tiles, idx, 2, c, x)
    if c[f_two_dragon_pungs] and is_dragon(d.pair):
        c[f_little_three_dragons] += 1
        _pair_upgrade_source(d, f_little_three_dragons, 1, x)
    if c[f_big_three_winds] and is_wind(d.pair):
        c[f_little_four_winds] += 1
        _pair_upgrade_source(d, f_little_four_winds, 0, x)


cdef inline int outside(int chow, int tile) noexcept nogil:
    cdef int r
    if tile >= 27:
        return 1
    r = RANK_OF[tile]
    if chow:
        return r == 0 or r == 6
    return r == 0 or r == 8


cdef inline int five(int chow, int tile) noexcept nogil:
    if tile >= 27:
        return 0
    if chow:
        return 2 <= RANK_OF[tile] <= 4
    return RANK_OF[tile] == 4


cdef inline int even_pung(int chow, int tile) noexcept nogil:
    return (not chow) and tile < 27 and RANK_OF[tile] % 2 == 1


cdef void set_trait_fans(Div *d, int *c) noexcept nogil:
    cdef int i, o = 1, fv = 1, ev = 1, ch
    for i in range(4):
        ch = d.kind[i] == CHOW
        if not outside(ch, d.tile[i]):
            o = 0
        if not five(ch, d.tile[i]):
            fv = 0
        if not even_pung(ch, d.tile[i]):
            ev = 0
    if not outside(0, d.pair):
        o = 0
    if not five(0, d.pair):
        fv = 0
    if not even_pung(0, d.pair):
        ev = 0
    if o:
        c[f_outside_hand] += 1
    elif fv:
        c[f_all_fives] += 1
    elif ev:
        c[f_all_even_pungs] += 1


cdef void apply_exclusions(int *c, Explain *x) noexcept nogil:
    cdef u64 m[2]
    _exclusions(c, m, x)


cdef void _exclusions(int *c, u64 *m, Explain *x) noexcept nogil:
    """The one-pass 不计 removal in table order: a fan goes when one of its excluders is still
    present (an excluder removed earlier in the pass removes nothing). On bit sets of the fans;
    ``m`` ends as the set of the fans left. Recorded: the first excluder standing, in the table's
    order of the fan's excluders (Tally.apply_exclusions)."""
    cdef u64 rest
    cdef int fan, w, j, by
    mj_fan_mask(c, m)
    for w in range(2):
        rest = m[w]
        while rest:
            fan = (w << 6) | __builtin_ctzll(rest)
            rest &= rest - 1
            if (m[0] & EXMASK[fan][0]) | (m[1] & EXMASK[fan][1]):
                if x != NULL:
                    for j in range(EXBY_N[fan]):
                        by = EXBY[fan][j]
                        if (m[by >> 6] >> (by & 63)) & 1:
                            _removed(x, fan, c[fan], by, EXBY_PRINCIPLE[fan][j])
                            break
                c[fan] = 0
                m[w] &= ~((<u64>1) << (fan & 63))


cdef inline void _refresh(const int *c, u64 *m, int fan) noexcept nogil:
    if c[fan]:
        m[fan >> 6] |= (<u64>1) << (fan & 63)
    else:
        m[fan >> 6] &= ~((<u64>1) << (fan & 63))


cdef int _masked_points(const int *c, const u64 *m) noexcept nogil:
    cdef u64 rest
    cdef int w, fan, total = 0
    for w in range(2):
        rest = m[w]
        while rest:
            fan = (w << 6) | __builtin_ctzll(rest)
            rest &= rest - 1
            total += c[fan] * POINTS[fan]
    return total


cdef inline void take(int *c, int fan, int n) noexcept nogil:
    if n > c[fan]:
        n = c[fan]
    if n > 0:
        c[fan] -= n


cdef inline void _take(int *c, int fan, int n, int by, Explain *x) noexcept nogil:
    """Tally.take: up to n of a counted fan removed, recorded (不重复)."""
    if n > c[fan]:
        n = c[fan]
    if n > 0:
        c[fan] -= n
        _removed(x, fan, n, by, P_NR)


cdef void wind_fans(Div *d, int seat, int prevalent, int *c, Explain *x) noexcept nogil:
    cdef int i, deducted, t
    if c[f_big_three_winds]:
        _take(c, f_pung_of_terminals_or_honors, 3, f_big_three_winds, x)
    if c[f_big_four_winds]:
        _removed(x, f_prevalent_wind, 1, f_big_four_winds, P_NR)
        _removed(x, f_seat_wind, 1, f_big_four_winds, P_NR)
        return
    deducted = (c[f_big_three_winds] or c[f_little_four_winds] or c[f_all_honors]
                or c[f_all_terminals_and_honors])
    for i in range(4):
        t = d.tile[i]
        if d.kind[i] == CHOW or not is_wind(t):
            continue
        if t == prevalent:
            c[f_prevalent_wind] += 1
            _source(x, f_prevalent_wind, _sets_code(&i, 1))
            if not deducted:
                _take(c, f_pung_of_terminals_or_honors, 1, f_prevalent_wind, x)
        if t == seat:
            c[f_seat_wind] += 1
            _source(x, f_seat_wind, _sets_code(&i, 1))
            if seat != prevalent and not deducted:
                _take(c, f_pung_of_terminals_or_honors, 1, f_seat_wind, x)


cdef int points(int *c) noexcept nogil:
    cdef u64 m[2]
    mj_fan_mask(c, m)
    return _masked_points(c, m)


cdef inline int _open_ended(Hand *h, Div *d) noexcept nogil:
    """A concealed chow of the division has the winning tile at one end and its other end open:
    the tile beyond that end (held fewer than four times) completes the same sets too, so the wait
    is not the winning tile alone (what _unique_wait would find, without its search)."""
    cdef int i, t
    for i in range(4):
        if d.kind[i] != CHOW or not d.conc[i] or d.fixed[i]:
            continue
        t = d.tile[i]
        if h.win == t + 2 and t % 9 != 0 and h.conc[t - 1] < 4:
            return 1
        if h.win == t and t % 9 <= 5 and h.conc[t + 3] < 4:
            return 1
    return 0


cdef int score_division(Hand *h, Div *d, int *base, int *unique, int seat, int prevalent,
                        int kong_pair_fan, int *c, Explain *x) noexcept nogil:
    """evaluate.score_division: ``base`` holds the division-independent families; ``unique``
    (the formal wait is the winning tile alone) is worked out on first need (-1 before)."""
    cdef int i, nchows = 0, placed = 0
    cdef int all4[4]
    cdef u64 m[2]
    mj_copy(c, base)
    concealed_pungs_and_kongs(h, d, kong_pair_fan, c, x)
    # single_pungs
    for i in range(4):
        if d.kind[i] == CHOW:
            nchows += 1
    if nchows == 0:
        c[f_all_pungs] += 1
        if x != NULL:
            for i in range(4):
                all4[i] = i
            _source(x, f_all_pungs, _sets_code(all4, 4))
    for i in range(4):
        if d.kind[i] == CHOW:
            continue
        if is_dragon(d.tile[i]):
            c[f_dragon_pung] += 1
            _source(x, f_dragon_pung, _sets_code(&i, 1))
        elif is_wind(d.tile[i]) or is_terminal(d.tile[i]):
            c[f_pung_of_terminals_or_honors] += 1
            _source(x, f_pung_of_terminals_or_honors, _sets_code(&i, 1))
    chow_combinations(d, c, x)
    pung_combinations(d, c, x)
    if nchows == 4 and d.pair < 27:
        c[f_all_chows] += 1
    set_trait_fans(d, c)
    if not c[f_melded_hand] and not c[f_four_kongs]:
        # a wait fan needs the winning tile in a concealed chow or as the pair, and a unique wait
        for i in range(4):
            if d.kind[i] == CHOW and d.conc[i] and not d.fixed[i] and d.tile[i] <= h.win <= d.tile[i] + 2:
                placed = 1
        if d.pair == h.win:
            placed = 1
        if placed and unique[0] < 0:
            unique[0] = 0 if _open_ended(h, d) else _unique_wait(h, 4 - h.nfixed)
        if placed and unique[0]:
            for i in range(4):
                if d.kind[i] == CHOW and d.conc[i] and not d.fixed[i]:
                    if h.win == d.tile[i] or h.win == d.tile[i] + 2:
                        c[f_edge_wait] = 1
                        _source_only(x, f_edge_wait, _sets_code(&i, 1))
                    elif h.win == d.tile[i] + 1:
                        c[f_closed_wait] = 1
                        _source_only(x, f_closed_wait, _sets_code(&i, 1))
            if d.pair == h.win:
                c[f_single_wait] = 1
                i = PAIR_INDEX
                _source_only(x, f_single_wait, _sets_code(&i, 1))
    _exclusions(c, m, x)
    wind_fans(d, seat, prevalent, c, x)
    # the wind fans change these three only
    _refresh(c, m, f_prevalent_wind)
    _refresh(c, m, f_seat_wind)
    _refresh(c, m, f_pung_of_terminals_or_honors)
    if not (m[0] | m[1]):
        c[f_chicken_hand] += 1  # 无番和
        return POINTS[f_chicken_hand]
    return _masked_points(c, m)


# ---- divisions -------------------------------------------------------------------------------

cdef struct Enum:
    Div *out
    int n
    int overflow
    int nsets
    int stack_kind[4]
    int stack_tile[4]
    int depth


cdef int _sets_exist(int *c, int k, int n) noexcept nogil:
    """Can c (from kind k on) be read as n sets exactly?"""
    cdef int ok
    while k < NK and c[k] == 0:
        k += 1
    if k == NK:
        return n == 0
    if n == 0:
        return 0
    if c[k] >= 3:
        c[k] -= 3
        ok = _sets_exist(c, k, n - 1)
        c[k] += 3
        if ok:
            return 1
    if k < 27 and RANK_OF[k] <= 6 and c[k + 1] and c[k + 2]:
        c[k] -= 1
        c[k + 1] -= 1
        c[k + 2] -= 1
        ok = _sets_exist(c, k, n - 1)
        c[k] += 1
        c[k + 1] += 1
        c[k + 2] += 1
        if ok:
            return 1
    return 0


cdef int _is_winning(int *c, int nsets, int seven) noexcept nogil:
    cdef int p, ok, i, even
    if seven and nsets == 4:
        even = 1
        for i in range(NK):
            if c[i] % 2:
                even = 0
                break
        if even:
            return 1
    for p in range(NK):
        if c[p] >= 2:
            c[p] -= 2
            ok = _sets_exist(c, 0, nsets)
            c[p] += 2
            if ok:
                return 1
    return 0


cdef void _enum_sets(int *c, u64 nz, Enum *e, Hand *h, int pair, int nopung) noexcept nogil:
    """Each multiset once: the lowest kind left (bit set ``nz`` of the kinds left) goes into its
    pung (if any) before its chows."""
    cdef Div *d
    cdef int i, j, m, t, code, k
    cdef u64 rest
    if nz == 0:
        if e.depth != e.nsets:
            return
        if e.n >= MAXDIV:
            e.overflow = 1
            return
        d = &e.out[e.n]
        e.n += 1
        for i in range(h.nfixed):
            d.kind[i] = h.fkind[i]
            d.tile[i] = h.ftile[i]
            d.conc[i] = h.fconc[i]
            d.fixed[i] = 1
        # concealed sets in group-code order (pungs by tile, then chows by tile), as the decomposer;
        # the pair's code (0 << 6 | tile) sorts first. The stack's tiles never decrease (each set
        # starts at the lowest kind left): its pungs, then its chows, are already in that order
        m = 0
        for i in range(e.depth):
            if e.stack_kind[i] == PUNG:
                m += 1
                d.codes[m] = 1 << 6 | e.stack_tile[i]
        for i in range(e.depth):
            if e.stack_kind[i] != PUNG:
                m += 1
                d.codes[m] = 2 << 6 | e.stack_tile[i]
        for i in range(m):
            code = d.codes[i + 1]
            j = h.nfixed + i
            d.kind[j] = PUNG if code >> 6 == 1 else CHOW
            d.tile[j] = code & 63
            d.conc[j] = 1
            d.fixed[j] = 0
        d.codes[0] = pair
        d.ncodes = m + 1
        d.pair = pair
        return
    if e.depth == e.nsets:
        return
    k = __builtin_ctzll(nz)
    if c[k] >= 3 and k != nopung:
        c[k] -= 3
        e.stack_kind[e.depth] = PUNG
        e.stack_tile[e.depth] = k
        e.depth += 1
        _enum_sets(c, nz if c[k] else nz & ~((<u64>1) << k), e, h, pair, -1)
        e.depth -= 1
        c[k] += 3
    if k < 27 and RANK_OF[k] <= 6 and c[k + 1] and c[k + 2]:
        c[k] -= 1
        c[k + 1] -= 1
        c[k + 2] -= 1
        rest = nz
        for t in range(k, k + 3):
            if not c[t]:
                rest &= ~((<u64>1) << t)
        e.stack_kind[e.depth] = CHOW
        e.stack_tile[e.depth] = k
        e.depth += 1
        _enum_sets(c, rest, e, h, pair, k)
        e.depth -= 1
        c[k] += 1
        c[k + 1] += 1
        c[k + 2] += 1


cdef void _division_keys(Div *d, int nfixed, int nsets) noexcept nogil:
    """The keys the divisions are ordered by (only when there are several): each concealed set's
    tile in the reference's order, a pung before a chow, sorted."""
    cdef int i, j
    for i in range(nsets):
        j = nfixed + i
        d.key[i] = ref_order(d.tile[j]) * 2 + (0 if d.kind[j] == PUNG else 1)
    sort_n(d.key, nsets)


cdef inline int key_cmp(Div *a, Div *b, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        if a.key[i] != b.key[i]:
            return -1 if a.key[i] < b.key[i] else 1
    return 0


cdef int FAMS[6][9]
cdef int IN_FAMILY[6][NK]
cdef u64 FAMILY_BITS[6]
cdef void _init_fams() except *:
    from scorer.variants.mcr.specials import FAMILIES
    cdef int f, i
    for f in range(6):
        for i in range(9):
            FAMS[f][i] = FAMILIES[f][i]
            IN_FAMILY[f][FAMILIES[f][i]] = 1
            FAMILY_BITS[f] |= (<u64>1) << FAMILIES[f][i]


_init_fams()


cdef inline int _knitted_or_gates(Hand *h) noexcept nogil:
    """A cheap necessary condition for the knitted straight (a whole knitted family held
    concealed) or nine gates (every tile in one suit, all nine ranks held)."""
    cdef int f
    for f in range(6):
        if not (FAMILY_BITS[f] & ~h.conc_bits):
            return 1
    return h.nfixed == 0 and h.win < 27 and h.conc_bits == (<u64>0x1FF) << (9 * (h.win // 9))


cdef int _nine_gates(Hand *h) noexcept nogil:
    cdef int base, i, s = 0
    cdef int held[NK]
    if h.nfixed or h.win >= 27:
        return 0
    # every tile in the winning tile's suit, all nine ranks there
    if h.conc_bits != (<u64>0x1FF) << (9 * (h.win // 9)):
        return 0
    memcpy(held, h.conc, NK * sizeof(int))
    held[h.win] -= 1
    base = (h.win // 9) * 9
    for i in range(NK):
        s += held[i]
    if s != 13:
        return 0
    if held[base] != 3 or held[base + 8] != 3:
        return 0
    for i in range(1, 8):
        if held[base + i] != 1:
            return 0
    return 1


# ---- completeness of one group, and the formal wait (docs/rules/mcr.md#edge-wait) ----------

cdef inline int _suit_sets(const int *c) noexcept nogil:
    """The nine counts complete as pungs and chows alone. Three equal chows are three pungs, so at
    the lowest rank left, exactly (count mod 3) chows start there: a linear check."""
    cdef int r0 = c[0], r1 = c[1], x, i
    for i in range(7):
        x = <int>(<unsigned int>r0 % 3)  # r0 >= 0 here: the unsigned remainder is the cheaper
        r0 = r1 - x
        r1 = c[i + 2] - x
        if r0 < 0 or r1 < 0:
            return 0
    return r0 % 3 == 0 and r1 % 3 == 0


cdef inline int _suit_pair_from(int *c, int s) noexcept nogil:
    """The nine counts (rank-weighted sum ``s``) complete as sets plus one pair. Sets add up to 0
    mod 3 in rank-weighted sum, so the pair's rank p has 2p = s (mod 3): at most three to try."""
    cdef int p, ok
    for p in range((2 * s) % 3, 9, 3):
        if c[p] >= 2:
            c[p] -= 2
            ok = _suit_sets(c)
            c[p] += 2
            if ok:
                return 1
    return 0


cdef inline int _suit_sets_pair(int *c) noexcept nogil:
    cdef int i, s = 0
    for i in range(9):
        s += i * c[i]
    return _suit_pair_from(c, s)


cdef inline int _honour_state(const int *c) noexcept nogil:
    """Honours (no chows): 0 complete as pungs, 1 as pungs plus one pair, -1 neither."""
    cdef int i, pairs = 0
    for i in range(7):
        if c[i] == 2:
            pairs += 1
        elif c[i] != 0 and c[i] != 3:
            return -1
    return pairs if pairs <= 1 else -1


cdef int _group_state(int *c, int g) noexcept nogil:
    """Group g (0-2 suits, 3 honours) of the counts: 0 complete as sets, 1 as sets plus the pair,
    -1 neither (by its tile count mod 3)."""
    cdef int n
    cdef int *q = c + 9 * g
    if g == 3:
        return _honour_state(q)
    n = mj_sum9(q)
    if n % 3 == 0:
        return 0 if _suit_sets(q) else -1
    if n % 3 == 2:
        return 1 if _suit_sets_pair(q) else -1
    return -1


cdef int _pair_group(const int *c) noexcept nogil:
    """The only group whose tile count is 2 mod 3 (the others 0 mod 3): where the pair of every
    four-sets reading must be; -1 when the counts allow none."""
    cdef int g, n, pg = -1
    for g in range(4):
        n = mj_sum9(c + 9 * g) if g < 3 else c[27] + c[28] + c[29] + c[30] + c[31] + c[32] + c[33]
        if n % 3 == 2:
            if pg >= 0:
                return -1
            pg = g
        elif n % 3 == 1:
            return -1
    return pg


cdef int _suit_state_plus(int *q, int n, int s, int k) noexcept nogil:
    """_group_state of the nine counts ``q`` (sum ``n``, rank-weighted sum ``s``) with one more
    tile of rank ``k``."""
    cdef int ok = 0
    q[k] += 1
    n += 1
    s += k
    if n % 3 == 0:
        ok = _suit_sets(q)
        q[k] -= 1
        return 0 if ok else -1
    if n % 3 == 2:
        ok = _suit_pair_from(q, s)
        q[k] -= 1
        return 1 if ok else -1
    q[k] -= 1
    return -1


cdef int _unique_wait(Hand *h, int nsets) noexcept nogil:
    """The 13 concealed tiles before the win wait (formally) on the winning tile alone: no other
    tile completes them as nsets sets plus a pair (or seven pairs when nothing is fixed). A
    candidate held four times (the fifth copy) takes the general recursion."""
    cdef int c[NK]
    cdef int state[4]
    cdef int g, k, t, base, nk, st, pairs, bad, r, held, n, sw
    cdef u64 odd, four
    memcpy(c, h.conc, NK * sizeof(int))
    c[h.win] -= 1
    odd = h.odd_bits ^ ((<u64>1) << h.win)  # the 13 tiles' odd kinds
    # seven pairs: the one odd kind of the 13 completes them
    if h.nfixed == 0 and odd and not (odd & (odd - 1)) and __builtin_ctzll(odd) != h.win:
        return 0
    # the fifth copy of a kind held four times (not the winning tile's)
    four = mj_above36(h.conc, 3) & ~((<u64>1) << h.win)
    while four:
        t = __builtin_ctzll(four)
        four &= four - 1
        c[t] += 1
        r = _is_winning(c, nsets, h.nfixed == 0)
        c[t] -= 1
        if r:
            return 0
    # every group completes in the winning hand (as sets, the pair group with its pair): only the
    # winning tile's own group changes when the tile is taken back
    for g in range(4):
        state[g] = 1 if g == h.pair_group else 0
    state[h.win // 9 if h.win < 27 else 3] = _group_state(c, h.win // 9 if h.win < 27 else 3)
    for g in range(4):
        # adding a tile changes its own group only: every other group must already complete
        bad = 0
        pairs = 0
        for r in range(4):
            if r != g:
                if state[r] < 0:
                    bad = 1
                pairs += state[r]
        if bad:
            continue
        base = 9 * g
        nk = 9 if g < 3 else 7
        held = 0
        n = 0
        sw = 0
        for k in range(nk):
            if c[base + k]:
                held |= 1 << k
                n += c[base + k]
                sw += k * c[base + k]
        if g < 3:
            held |= (held << 1) | (held << 2) | (held >> 1) | (held >> 2)
        held &= (1 << nk) - 1
        for k in range(nk):
            if not (held >> k) & 1:
                continue
            t = base + k
            if t == h.win or c[t] >= 4:
                continue
            if g < 3:
                st = _suit_state_plus(c + base, n, sw, k)
            else:
                c[t] += 1
                st = _group_state(c, g)
                c[t] -= 1
            if st >= 0 and pairs + st == 1:
                return 0
    return 1


include "_specials.pxi"


# ---- one hand, start to finish, on C data ----------------------------------------------------

cdef struct Outcome:
    int status
    int nread
    int points
    int unique
    int counts[NF]
    int ncodes
    int codes[5]
    Div div      # the chosen division (FOUR_SETS; the knitted straight's set and pair)
    int shape    # SH_* of a special shape
    int have_sp  # a seven-pairs reading was weighed (before the divisions)
    int best     # the chosen division's place in the reference's order; -1: the seven pairs
    int decided  # why the chosen reading is kept: a code of tiebreak.DECISIONS
    int recorded # the chosen reading's records were made while it was scored (_evaluate_recording)


cdef void _seven_pairs_fans(Hand *h, int *c, Explain *x) noexcept nogil:
    """specials.seven_pairs (not the seven shifted pairs), after the 不计 removals."""
    cdef int i
    mj_zero(c)
    c[f_seven_pairs] += 1
    _source(x, f_seven_pairs, SRC_PAIRS << SRC_SHIFT)
    suit_tile_rank_fans(h, c)
    for i in range(h.nkinds):
        if h.conc[h.kinds[i]] == 4:
            c[f_tile_hog] += 1
            _source(x, f_tile_hog, SRC_FOUR << SRC_SHIFT | h.kinds[i])
    win_condition(h, c, x)
    apply_exclusions(c, x)


cdef void _hand_fans(Hand *h, int *c, Explain *x) noexcept nogil:
    """The families of evaluate.score_division that do not look at the division."""
    mj_zero(c)
    win_condition(h, c, x)
    if h.melded_count == 0:
        c[f_fully_concealed_hand if h.self_draw else f_concealed_hand] += 1
    elif h.melded_count == 4 and not h.self_draw:
        c[f_melded_hand] += 1
    suit_tile_rank_fans(h, c)
    tile_hog(h, c, x)


cdef void _explain_chosen(Hand *h, int seat, int prevalent, int kong_pair_fan, int knitted_waits,
                          Outcome *o, Explain *x) noexcept nogil:
    """The chosen reading scored again with the recorder on (one reading, not the search)."""
    cdef int base[NF]
    cdef int c[NF]
    x.nsrc = 0
    x.nrem = 0
    if o.status == S_SEVEN_PAIRS:
        _seven_pairs_fans(h, c, x)
    elif o.status == S_FOUR_SETS:
        _hand_fans(h, base, x)
        score_division(h, &o.div, base, &o.unique, seat, prevalent, kong_pair_fan, c, x)
    elif o.status == S_SPECIAL:
        if o.shape == SH_SEVEN_SHIFTED_PAIRS:
            _seven_shifted_pairs(h, c, x)
        elif o.shape == SH_HONORS_AND_KNITTED:
            _honors_and_knitted(h, c, x)
        elif o.shape == SH_THIRTEEN_ORPHANS:
            _thirteen_orphans(h, c, x)
        elif o.shape == SH_KNITTED_STRAIGHT:
            _knitted_straight(h, seat, prevalent, knitted_waits, c, &o.div, x)
        elif o.shape == SH_NINE_GATES:
            _nine_gates_fans(h, c, x)
        apply_exclusions(c, x)


cdef void _finish_hand(Hand *h) noexcept nogil:
    """Totals, meld tallies, the forced 和绝张 and the kinds present, from conc + the fixed melds."""
    cdef int i
    memcpy(h.total, h.conc, 36 * sizeof(int))
    h.melded_count = h.melded_kongs = h.concealed_kongs = 0
    for i in range(h.nfixed):
        if h.fkind[i] == CHOW:
            h.total[h.ftile[i]] += 1
            h.total[h.ftile[i] + 1] += 1
            h.total[h.ftile[i] + 2] += 1
        else:
            h.total[h.ftile[i]] += 4 if h.fkind[i] == KONG else 3
        if not h.fconc[i]:
            h.melded_count += 1
            if h.fkind[i] == KONG:
                h.melded_kongs += 1
        elif h.fkind[i] == KONG:
            h.concealed_kongs += 1
    # the player's own melds holding the other three copies make it the last tile
    # (docs/rules/mcr.md#last-tile)
    h.last_tile = h.last_tile or (h.total[h.win] - h.conc[h.win] == 3)
    cdef int nkinds = 0
    cdef u64 kind_bits = mj_nonzero36(h.total)
    cdef u64 rest = kind_bits
    while rest:
        h.kinds[nkinds] = __builtin_ctzll(rest)
        nkinds += 1
        rest &= rest - 1
    h.conc_bits = mj_nonzero36(h.conc)
    h.odd_bits = mj_odd36(h.conc)
    h.nkinds = nkinds
    h.kind_bits = kind_bits


cdef int _special(int *c, Outcome *o, int shape) noexcept nogil:
    """A fixed-list shape is the only reading: its fans after the removals."""
    o.shape = shape
    apply_exclusions(c, NULL)
    mj_copy(o.counts, c)
    o.points = points(c)
    o.nread = 1
    o.decided = D_ONLY
    o.status = S_SPECIAL
    return S_SPECIAL


cdef inline int _evaluate(Hand *h, int seat, int prevalent, int kong_pair_fan, int knitted_waits,
                          Outcome *o, Div *weighed) noexcept nogil:
    """Every reading of the hand scored; the chosen one in ``o`` (see the module docstring)."""
    return _evaluate_recording(h, seat, prevalent, kong_pair_fan, knitted_waits, o, weighed, NULL)


cdef int _evaluate_recording(Hand *h, int seat, int prevalent, int kong_pair_fan, int knitted_waits,
                             Outcome *o, Div *weighed, Explain *x) noexcept nogil:
    """_evaluate; with a recorder ``x``, a hand whose only reading is one four-sets division has it
    recorded as it is scored (``o.recorded``), as ``_explain_chosen`` would record it in a second
    pass."""
    cdef Div divs[MAXDIV]
    cdef Enum e
    cdef int base[NF]
    cdef int sp[NF]
    cdef int cur[NF]
    cdef int c[NK]
    cdef int order[MAXDIV]
    cdef int i, k, p, f, ok, nsets, have_sp = 0, even = 1, sp_points = 0, unique = 0
    cdef int best = -2, best_points = -1, pts, from_sp, j, t, pg
    cdef int second = -1, took = TOOK_FIRST  # the best total not kept; how the kept one last took over
    cdef Div *d
    cdef Explain *single = NULL
    cdef int *scratch
    o.status = S_NONE
    o.nread = 0
    o.points = 0
    o.unique = 0
    o.ncodes = 0
    o.recorded = 0
    o.have_sp = 0
    o.best = -1
    o.decided = D_ONLY
    even = h.odd_bits == 0
    # special shapes (evaluate.evaluate's first part)
    if h.nfixed == 0:
        if even:
            if _seven_shifted_pairs(h, sp, NULL):
                return _special(sp, o, SH_SEVEN_SHIFTED_PAIRS)
            _seven_pairs_fans(h, sp, NULL)
            sp_points = points(sp)
            have_sp = 1
        elif h.nkinds >= 13:
            if _honors_and_knitted(h, sp, NULL):
                return _special(sp, o, SH_HONORS_AND_KNITTED)
            if _thirteen_orphans(h, sp, NULL):
                return _special(sp, o, SH_THIRTEEN_ORPHANS)
    if h.nfixed <= 1 and not have_sp and _knitted_or_gates(h):
        if _knitted_straight(h, seat, prevalent, knitted_waits, sp, &o.div, NULL):
            return _special(sp, o, SH_KNITTED_STRAIGHT)
        if _nine_gates_fans(h, sp, NULL):
            return _special(sp, o, SH_NINE_GATES)
    # the four-sets divisions
    nsets = 4 - h.nfixed
    e.out = divs
    e.n = 0
    e.overflow = 0
    e.nsets = nsets
    e.depth = 0
    memcpy(c, h.conc, NK * sizeof(int))
    pg = _pair_group(c)
    if pg >= 0:
        # only pairs whose removal leaves their group complete as sets are tried; in a suit the
        # pair's rank p has 2p = (rank-weighted sum) mod 3 (see _suit_sets_pair)
        if pg == 3:
            for p in range(27, NK):
                if c[p] == 2:
                    c[p] = 0
                    _enum_sets(c, h.conc_bits & ~((<u64>1) << p), &e, h, p, -1)
                    c[p] = 2
        else:
            k = 0
            for i in range(9):
                k += i * c[9 * pg + i]
            for p in range(9 * pg + (2 * k) % 3, 9 * pg + 9, 3):
                if c[p] >= 2:
                    c[p] -= 2
                    if _suit_sets(c + 9 * pg):
                        _enum_sets(c, h.conc_bits if c[p] else h.conc_bits & ~((<u64>1) << p), &e, h, p, -1)
                    c[p] += 2
    if e.overflow:
        o.status = S_DEFER
        return S_DEFER
    # the reference's generation order (stable insertion sort on the keys)
    for i in range(e.n):
        order[i] = i
        if e.n > 1:
            _division_keys(&divs[i], h.nfixed, nsets)
    for i in range(1, e.n):
        t = order[i]
        j = i - 1
        while j >= 0 and key_cmp(&divs[order[j]], &divs[t], nsets) > 0:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = t
    if e.n:
        h.pair_group = pg
        unique = -1  # worked out when a division places the winning tile in a chow or the pair
        if x != NULL and e.n == 1 and not have_sp:
            single = x
            x.nsrc = 0
            x.nrem = 0
            o.recorded = 1
        _hand_fans(h, base, single)
    # each division is scored into the buffer the kept reading is not in (o.counts or cur), so
    # that keeping one swaps the two instead of copying it
    scratch = o.counts
    if have_sp:
        best = -1
        best_points = sp_points
        mj_copy(o.counts, sp)
        scratch = cur
    from_sp = have_sp
    for i in range(e.n):
        pts = score_division(h, &divs[order[i]], base, &unique, seat, prevalent, kong_pair_fan, scratch, single)
        if best == -2 or pts > best_points or (
                pts == best_points and (from_sp or scratch[f_pure_triple_chow] or scratch[f_triple_pung])):
            if best != -2:
                second = best_points if best_points > second else second
                took = (TOOK_HIGHER if pts > best_points else D_OVER_SEVEN_PAIRS if from_sp
                        else D_PURE_TRIPLE_CHOW if scratch[f_pure_triple_chow] else D_TRIPLE_PUNG)
            best = i
            best_points = pts
            if scratch == o.counts:
                scratch = cur
            else:
                scratch = o.counts
        elif pts > second:
            second = pts
    if scratch == o.counts and best >= 0:
        mj_copy(o.counts, cur)  # the kept division was scored into cur
    o.nread = e.n + have_sp
    o.decided = _decision(o.nread, best_points, second, took)
    o.have_sp = have_sp
    o.unique = unique
    if weighed != NULL:
        for i in range(e.n):
            weighed[i] = divs[order[i]]
    if best == -2:
        return S_NONE
    o.points = best_points
    if best == -1:
        o.status = S_SEVEN_PAIRS
        return S_SEVEN_PAIRS
    d = &divs[order[best]]
    o.best = best
    o.div = d[0]
    o.ncodes = d.ncodes
    for i in range(d.ncodes):  # at most five: a loop, not a library call for a size known late
        o.codes[i] = d.codes[i]
    o.status = S_FOUR_SETS
    return S_FOUR_SETS


cdef inline int _decision(int n_readings, int best_points, int second, int took) noexcept nogil:
    """tiebreak.decision"""
    if n_readings <= 1 or second < 0:
        return D_ONLY
    if second < best_points:
        return D_HIGHEST
    return D_FIRST_KEPT if took < 0 else took


cdef void _load(Hand *h, list concealed, list fixed, int win, bint self_draw, bint last_wall,
                bint kong_win, bint last_tile) except *:
    cdef int i
    memset(h, 0, sizeof(Hand))
    for i in range(NK):
        h.conc[i] = concealed[i]
    h.nfixed = len(fixed) // 3
    if h.nfixed > 4:
        raise ValueError("at most four fixed melds")
    for i in range(h.nfixed):
        h.fkind[i] = fixed[3 * i]
        h.ftile[i] = fixed[3 * i + 1]
        h.fconc[i] = fixed[3 * i + 2]
    h.win = win
    h.self_draw = self_draw
    h.last_wall = last_wall
    h.kong_win = kong_win
    h.last_tile = last_tile
    _finish_hand(h)


cdef tuple _answer(Hand *h, Outcome *o):
    cdef int i
    if o.unique < 0:
        o.unique = _unique_wait(h, 4 - h.nfixed)  # o.unique < 0 only once a four-sets reading exists
    if o.status == S_DEFER or o.status == S_SPECIAL or o.status == S_NONE:
        # a special shape: the Python evaluator scores and explains it
        return (S_DEFER if o.status == S_SPECIAL else o.status, 0, None, 0, None, False)
    counts = [o.counts[i] for i in range(NUM_FANS)]
    if o.status == S_SEVEN_PAIRS:
        return (S_SEVEN_PAIRS, o.nread, None, o.points, counts, bool(o.unique))
    return (S_FOUR_SETS, o.nread, tuple([o.codes[i] for i in range(o.ncodes)]), o.points, counts, bool(o.unique))


def evaluate(list concealed, list fixed, int win, bint self_draw, bint last_wall, bint kong_win,
             bint last_tile, int seat, int prevalent, bint kong_pair_fan):
    """See the module docstring. ``fixed``: flat ints (kind, tile, concealed) per meld, in order;
    ``last_tile`` after the forcing rule; ``seat``/``prevalent``: wind kinds (27-30)."""
    cdef Hand h
    cdef Outcome o
    _load(&h, concealed, fixed, win, self_draw, last_wall, kong_win, last_tile)
    _evaluate(&h, seat, prevalent, kong_pair_fan, 1, &o, NULL)
    return _answer(&h, &o)


def explain(list concealed, list fixed, int win, bint self_draw, bint last_wall, bint kong_win,
            bint last_tile, int seat, int prevalent, bint kong_pair_fan, bint knitted_waits):
    """Every reading scored and the chosen one explained: ``(status, n_readings, shape, codes,
    points, counts, sources, removed)``. ``status``: ``NONE``, ``DEFER`` (too many divisions: the
    Python evaluator takes the hand), ``SEVEN_PAIRS``, ``FOUR_SETS`` or ``SPECIAL`` (a fixed-list
    shape); ``shape``: a name of ``SHAPES``; ``codes``: the chosen division's group codes as
    ``evaluate`` gives them, or for the knitted straight ``(pair, set kind, set tile, concealed,
    fixed)``; ``counts`` after the removals; ``sources``: flat (fan, source code) pairs in the
    order the twin's tally appends them (the SOURCE_* codes); ``removed``: the twin's
    ``Tally.removed``, (fan, count, excluding fan or None, principle)."""
    cdef Hand h
    cdef Outcome o
    cdef Explain x
    cdef int i
    _load(&h, concealed, fixed, win, self_draw, last_wall, kong_win, last_tile)
    _evaluate(&h, seat, prevalent, kong_pair_fan, knitted_waits, &o, NULL)
    if o.status == S_NONE or o.status == S_DEFER:
        return (o.status, 0, None, None, 0, None, (), [], D_ONLY)
    _explain_chosen(&h, seat, prevalent, kong_pair_fan, knitted_waits, &o, &x)
    sources, removed = _records(&x)
    counts = [o.counts[i] for i in range(NUM_FANS)]
    if o.status == S_FOUR_SETS:
        shape = SHAPES[0]
        codes = _codes(&o.div)
    elif o.status == S_SEVEN_PAIRS:
        shape = SHAPES[1]
        codes = None
    else:
        shape = SHAPES[o.shape]
        codes = None
        if o.shape == SH_KNITTED_STRAIGHT:
            codes = (o.div.pair, o.div.kind[0], o.div.tile[0], o.div.conc[0], o.div.fixed[0])
    return (o.status, o.nread, shape, codes, o.points, counts, sources, removed, o.decided)


cdef tuple _records(Explain *x):
    """An Explain as Python values: (flat (fan, source code) pairs, removals)."""
    cdef int i
    if x.nsrc >= MAXSRC or x.nrem >= MAXREM:
        raise RuntimeError("more sources or removals than the C arrays hold")
    sources = tuple([v for i in range(x.nsrc) for v in (x.src_fan[i], x.src_code[i])])
    removed = [(x.rem_fan[i], x.rem_n[i], None if x.rem_by[i] == NO_FAN else x.rem_by[i],
                PRINCIPLES[x.rem_principle[i]]) for i in range(x.nrem)]
    return sources, removed


cdef tuple _codes(Div *d):
    return tuple([d.codes[i] for i in range(d.ncodes)])


def explain_all(list concealed, list fixed, int win, bint self_draw, bint last_wall, bint kong_win,
                bint last_tile, int seat, int prevalent, bint kong_pair_fan, bint knitted_waits):
    """Every reading weighed, each explained, in the twin's order (``evaluate.evaluate``): a list of
    ``(shape, codes, points, counts, sources, removed, chosen)`` as ``explain`` gives them; None
    when the hand must go to the twin (``DEFER``)."""
    cdef Hand h
    cdef Outcome o
    cdef Explain x
    cdef Div weighed[MAXDIV]
    cdef int base[NF]
    cdef int c[NF]
    cdef int i, j, pts, unique
    _load(&h, concealed, fixed, win, self_draw, last_wall, kong_win, last_tile)
    _evaluate(&h, seat, prevalent, kong_pair_fan, knitted_waits, &o, weighed)
    if o.status == S_DEFER:
        return None
    if o.status == S_NONE:
        return []
    if o.status == S_SPECIAL:
        return [explain(concealed, fixed, win, self_draw, last_wall, kong_win, last_tile, seat, prevalent,
                        kong_pair_fan, knitted_waits)[2:8] + (True,)]
    out = []
    if o.have_sp:
        x.nsrc = x.nrem = 0
        _seven_pairs_fans(&h, c, &x)
        out.append((SHAPES[1], None, points(c), [c[j] for j in range(NUM_FANS)]) + _records(&x)
                   + (o.status == S_SEVEN_PAIRS,))
    unique = o.unique
    for i in range(o.nread - o.have_sp):
        x.nsrc = x.nrem = 0
        _hand_fans(&h, base, &x)
        pts = score_division(&h, &weighed[i], base, &unique, seat, prevalent, kong_pair_fan, c, &x)
        out.append((SHAPES[0], _codes(&weighed[i]), pts, [c[j] for j in range(NUM_FANS)]) + _records(&x)
                   + (o.status == S_FOUR_SETS and i == o.best,))
    return out


# ---- the compact fast path: notation text + context dict -> CompactResult ---------------------

include "_compact_path.pxi"
include "_compact_json.pxi"
include "_compact_batch.pxi"


# ---- the full result in C: notation text + context dict + preset -> Result -------------------

include "_full_path.pxi"

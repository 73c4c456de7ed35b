# cython: language_level=3
"""C-level reader of the common subset of the hand notation (see _fastparse.pyx)."""

cdef struct ParsedHand:
    unsigned char conc[34]   # concealed tile counts (outside brackets), winning tile included; kinds as scorer.tiles (0-8 m, 9-17 p, 18-26 s, 27-30 E S W N, 31-33 C F P)
    int win                  # kind of the winning tile = the last concealed tile written
    int nmelds               # 0..4 bracketed melds, in the order written
    int mkind[4]             # 0 chow, 1 pung, 2 kong
    int mtile[4]             # the meld's lowest kind
    int mexp[4]              # 0 exposed [..], 1 added {..}, 2 concealed (..)
    int moffer[4]            # the ,N digit (1..3) or 0 when not written
    int mpos[4]              # the position of the meld's opening bracket (as Meld.position)
    int ntiles               # concealed tiles written (= sum of conc)

cdef int parse_standard(const char *s, Py_ssize_t n, ParsedHand *out) noexcept nogil
cdef int read_tile_list(const char *s, Py_ssize_t n, bint red_fives, int max_tiles, int *kinds,
                        unsigned char *red) noexcept nogil

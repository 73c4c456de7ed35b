# Included by _fast.pyx: the special shapes (``shapes``). Seven pairs, the thirteen orphans and
# honours and knitted are checked in closed form, not searched: what each kind needs is fixed, so
# counting what is missing against the wilds allowed is enough. The knitted straight takes one
# family's nine tiles (naturals first, then wilds) and checks the rest as a standard hand. Seven
# pairs' readings are listed here too; the others' are listed inline by ``readings``.

cdef int _seven_pairs_win(const int *c, u64 wmask, int cap, int distinct) noexcept:
    """Seven pairs (distinct: no pair twice) from the naturals and the wilds allowed."""
    cdef int k, v, allowed, m = 0, room = 0, r
    for k in range(N_KINDS):
        v = c[k]
        allowed = (wmask >> k) & 1
        if distinct:
            if v > 2:
                return 0
            if v == 1 and not (allowed and cap >= 2):
                return 0
            if v:
                m += 1
            elif allowed and cap >= 2:
                room += 1
        else:
            if v & 1 and not (allowed and v + 1 <= cap):
                return 0
            m += (v + 1) // 2
            if allowed:
                r = (cap - v - (v & 1)) // 2
                if r > 0:
                    room += r
    return m <= 7 and room >= 7 - m


cdef int _orphans_with_pair(const int *c, int p, u64 wmask, int cap) noexcept:
    """The thirteen orphans with the pair on kind p, the wilds filling what is missing."""
    cdef int i, o, need
    for i in range(13):
        o = ORPHAN_KINDS[i]
        need = 2 if o == p else 1
        if c[o] > need:
            return 0
        if c[o] < need and not (((wmask >> o) & 1) and need <= cap):
            return 0
    return 1


cdef int _orphans_win(const int *c, u64 wmask, int cap) noexcept:
    """The thirteen orphans, the pair on any of them."""
    cdef int k, i
    for k in range(N_KINDS):
        if c[k] and not IS_ORPHAN[k]:
            return 0
    for i in range(13):
        if _orphans_with_pair(c, ORPHAN_KINDS[i], wmask, cap):
            return 1
    return 0


cdef int _honors_knitted_room(const int *c, int f, u64 wmask, int cap) noexcept:
    """Kinds a wild may fill in honours-and-knitted of family f, or -1 if the naturals don't fit."""
    cdef int k, free_ = 0, inset
    for k in range(N_KINDS):
        inset = IN_KNITTED_FAMILY[f][k] or (27 <= k < 34)
        if c[k] and (not inset or c[k] > 1):
            return -1
        if inset and not c[k] and ((wmask >> k) & 1) and cap >= 1:
            free_ += 1
    return free_


cdef int _take_knitted_straight(const int *c, int f, u64 wmask, int cap, int *cnt, int *used) noexcept:
    """Remove family f's nine tiles (naturals first): wilds used, or -1."""
    cdef int i, k, w = 0
    memcpy(cnt, c, N_KINDS * sizeof(int))
    memset(used, 0, N_KINDS * sizeof(int))
    for i in range(9):
        k = KNITTED_FAMILY[f][i]
        if cnt[k]:
            cnt[k] -= 1
        elif ((wmask >> k) & 1) and cap >= 1:
            used[k] = 1
            w += 1
        else:
            return -1
    return w


cdef int _special_win(const int *c, int n_sets, int W, u64 wmask, int cap, int shapes) except -1:
    """Any of the special shapes in the shapes bits, with W wilds."""
    cdef int f, wu
    cdef int cnt[N_KINDS]
    cdef int used[N_KINDS]
    if n_sets == 4:
        if shapes & 1 and _seven_pairs_win(c, wmask, cap, shapes & 16):
            return 1
        if shapes & 2 and _orphans_win(c, wmask, cap):
            return 1
        if shapes & 4:
            for f in range(6):
                if _honors_knitted_room(c, f, wmask, cap) >= W:
                    return 1
    if shapes & 8 and (n_sets == 3 or n_sets == 4):
        for f in range(6):
            wu = _take_knitted_straight(c, f, wmask, cap, cnt, used)
            if 0 <= wu <= W and _standard_win(cnt, c, used, W - wu, wmask, cap):
                return 1
    return 0


cdef list _seven_pairs_list(const int *c, int W, u64 wmask, int cap, int distinct):
    """Seven pairs' readings: the naturals' pairs, then every way the wilds complete the others."""
    cdef int k, v, m = 0, r
    if not _seven_pairs_win(c, wmask, cap, distinct):
        return []
    base = []
    st = []
    rooms = []
    for k in range(N_KINDS):
        v = c[k]
        if v:
            base.extend([(CODE_PAIR << 6) | k] * ((v + 1) // 2))
            if v & 1:
                st.append(k)
            m += (v + 1) // 2
        if (wmask >> k) & 1:
            if distinct:
                r = 1 if (not v and cap >= 2) else 0
            else:
                r = (cap - v - (v & 1)) // 2
            if r > 0:
                rooms.append((k, r))
    res = []
    _seven_pairs_choose(rooms, 0, 7 - m, [], base, st, res)
    return res


cdef _seven_pairs_choose(list rooms, int i, int left, list chosen, list base, list st, list res):
    """The wild pairs still to choose (left), kind by kind from rooms[i]: each choice one reading."""
    cdef int j, r, k
    if left == 0:
        extra = []
        for k in chosen:
            extra.extend([k, k])
        res.append((tuple(sorted(base + [(CODE_PAIR << 6) | k for k in chosen])), tuple(sorted(st + extra))))
        return
    if i == len(rooms):
        return
    k, r = rooms[i]
    for j in range(min(r, left), -1, -1):
        _seven_pairs_choose(rooms, i + 1, left - j, chosen + [k] * j, base, st, res)

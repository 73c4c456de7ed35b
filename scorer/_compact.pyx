# cython: language_level=3
"""``CompactResult``: a scored hand without the explanation (no item names, tiles, exclusions or
partition): what a game platform settling many hands needs. ``scorer.score_compact`` and
``score_many(..., view="compact")`` (``scorer.engine``) return it; the C scorers fill it without
building a full Result.
"""

cimport cython

ITEM_FIELDS = ("id", "points", "factor", "count")


@cython.freelist(256)
@cython.no_gc  # holds only strings, ints, tuples of those and a flat dict: no cycles possible
cdef class CompactResult:
    """``items``: ``(id, points, factor, count)`` per item, in the full result's order;
    ``payments``: by seat, as in the full result. ``total`` and the payments are Python ints of any
    size, as in the full result (a regional stake can multiply a total past 64 bits)."""

    def __init__(self, str variant, bint valid, total, reason, tuple items, dict payments):
        self.variant = variant
        self.valid = valid
        self.total = total
        self.reason = reason
        self.items = items
        self._payments = payments

    @property
    def payments(self) -> dict:
        if self._payments is None:
            self._payments = {"E": self._amounts[0], "S": self._amounts[1], "W": self._amounts[2],
                              "N": self._amounts[3]}
        return self._payments

    def as_dict(self) -> dict:
        """JSON-ready: ``items`` as ``[id, points, factor, count]`` arrays (see ``ITEM_FIELDS``)."""
        return {"variant": self.variant, "valid": self.valid, "total": self.total, "reason": self.reason,
                "items": self.items, "payments": self.payments}

    def __eq__(self, other):
        if not isinstance(other, CompactResult):
            return NotImplemented
        return self.as_dict() == (<CompactResult>other).as_dict()

    def __hash__(self):
        return hash((self.variant, self.valid, self.total, self.reason, self.items))

    def __repr__(self):
        return (f"CompactResult(variant={self.variant!r}, valid={self.valid}, total={self.total}, "
                f"reason={self.reason!r}, items={self.items!r}, payments={self.payments!r})")


def has_none(list items) -> bool:
    """Whether any entry is None (by identity: no comparison methods are called)."""
    cdef object item
    for item in items:
        if item is None:
            return True
    return False

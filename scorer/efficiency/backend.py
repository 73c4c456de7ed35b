"""The shanten core façade: the compiled ``_shanten``, or its pure-Python twin ``pure`` when
``MJSCORE_PURE=1`` is set (or the extension is not built). ``BACKEND`` says which one is in use;
both answer the same (tests/test_efficiency.py)."""

from __future__ import annotations

import os

if os.environ.get("MJSCORE_PURE", "") == "1":
    from . import pure as _impl

    BACKEND = "pure"
else:
    try:
        from . import _shanten as _impl  # type: ignore[no-redef]

        BACKEND = "fast"
    except ImportError:  # extension not built: fall back to the pure-Python twin
        from . import pure as _impl

        BACKEND = "pure"

SEVEN_PAIRS = _impl.SEVEN_PAIRS
SEVEN_DIFFERENT_PAIRS = _impl.SEVEN_DIFFERENT_PAIRS
THIRTEEN_ORPHANS = _impl.THIRTEEN_ORPHANS
HONORS_KNITTED = _impl.HONORS_KNITTED
KNITTED_STRAIGHT = _impl.KNITTED_STRAIGHT
standard = _impl.standard
standard_useful = _impl.standard_useful
seven_pairs = _impl.seven_pairs
seven_different_pairs = _impl.seven_different_pairs
thirteen_orphans = _impl.thirteen_orphans
honors_and_knitted = _impl.honors_and_knitted
knitted_straight = _impl.knitted_straight
shapes = _impl.shapes
best = _impl.best

__all__ = ["BACKEND", "SEVEN_PAIRS", "SEVEN_DIFFERENT_PAIRS", "THIRTEEN_ORPHANS", "HONORS_KNITTED", "KNITTED_STRAIGHT", "standard",
           "standard_useful", "seven_pairs", "seven_different_pairs", "thirteen_orphans", "honors_and_knitted", "knitted_straight",
           "shapes", "best"]

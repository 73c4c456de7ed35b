"""The suite runs on the implementation it was asked for: the compiled core by default, the
pure-Python twins under ``MJSCORE_PURE=1``. A missing build fails here instead of letting the
library fall back to the twins unnoticed (and the compiled-only tests skip with nothing run)."""

from __future__ import annotations

import importlib

from conftest import PURE

from scorer import decompose, wildsplit

MCR = importlib.import_module("scorer.variants.mcr.evaluate")
SHANTEN = importlib.import_module("scorer.efficiency.backend")


def test_the_backend_is_the_one_asked_for() -> None:
    found = {"decomposer": decompose.BACKEND, "mcr evaluator": MCR.BACKEND,
             "group records": "fast" if wildsplit.RECORDS is not None else "pure",
             "shanten core": SHANTEN.BACKEND}
    wanted = "pure" if PURE else "fast"
    assert found == dict.fromkeys(found, wanted), (
        f"expected every backend {wanted!r}, found {found}: "
        + ("MJSCORE_PURE=1 must select every twin" if PURE else
           "the compiled core is not built or does not load: run `make install` (or set MJSCORE_PURE=1 to "
           "test the twins)"))

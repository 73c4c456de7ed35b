"""Shared test setup: the tests import helper modules from this folder (mcr_oracle, ...).

The compiled core has pure-Python twins (docs/architecture.md#the-compiled-core-and-its-pure-python-twins).
``make test`` runs the suite on the compiled core, then runs the suites that exercise the rules a
second time with ``MJSCORE_PURE=1`` (the ``twin`` marker, given here by module), so that a rule
changed in one twin only fails the build.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
FIXTURES = ROOT / "fixtures"
PURE = os.environ.get("MJSCORE_PURE", "") == "1"

# the service keeps matches in SQLite: the tests' go to a store of their own, never the user's
_MATCHES = tempfile.mkdtemp(prefix="mjscore-tests-")
atexit.register(shutil.rmtree, _MATCHES, True)
os.environ.setdefault("MJSCORE_MATCHES", str(Path(_MATCHES) / "matches.sqlite3"))

# the suites that score hands (every variant, the referee's explain/claim/waits, tile efficiency):
# they run in both modes. The decomposer's suite, and the notation's C reader's (test_fastparse: the
# reader is used in both modes), compare two implementations side by side in one run already; the
# batch plumbing (test_batch*, test_compact) passes under MJSCORE_PURE=1 too, its compiled-only
# checks skipped with the reason.
TWIN_SUITES = frozenset({
    "test_backends", "test_efficiency", "test_explain_wilds", "test_fuzhou",
    "test_fuzhou_review", "test_hebei", "test_hebei_review", "test_huangyan",
    "test_huangyan_review", "test_huangyan_search", "test_mcr_differential", "test_mcr_fixtures",
    "test_mcr_knitted_waits", "test_mcr_review", "test_nantong", "test_nantong_review", "test_referee",
    "test_riichi_differential", "test_riichi_fixtures", "test_shanxi", "test_shanxi_review", "test_shanxi_search", "test_wild_uses",
})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.stem in TWIN_SUITES:
            item.add_marker(pytest.mark.twin)


def pytest_report_header(config: pytest.Config) -> str:
    import importlib

    from scorer import decompose

    mcr = importlib.import_module("scorer.variants.mcr.evaluate")
    mode = "the pure-Python twins (MJSCORE_PURE=1)" if PURE else "the compiled core"
    return f"mjscore: {mode}; decomposer {decompose.BACKEND}, MCR evaluator {mcr.BACKEND}"


@pytest.fixture(autouse=True, scope="session")
def _twins_are_given_time() -> object:
    """The pure-Python twins score far slower than the compiled core: in the MJSCORE_PURE=1 pass the
    service's per-request time budget (a guard against slow requests, tested on the compiled core)
    must not turn a correct but slow answer into a time_budget error."""
    if not PURE:
        yield
        return
    from api import limits

    patch = pytest.MonkeyPatch()
    patch.setattr(limits, "TIME_BUDGET_S", 60.0)
    patch.setattr(limits, "BATCH_TIME_BUDGET_S", max(limits.BATCH_TIME_BUDGET_S, 600.0))
    yield
    patch.undo()

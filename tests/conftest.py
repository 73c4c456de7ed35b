"""Shared test setup: the tests import helper modules from this folder (mcr_oracle, ...)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
FIXTURES = ROOT / "fixtures"

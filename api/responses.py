"""JSON responses rendered by orjson (fast, and non-string keys allowed)."""

from __future__ import annotations

from typing import Any

import orjson
from fastapi.responses import JSONResponse


class JSONBytes(JSONResponse):
    def render(self, content: Any) -> bytes:
        return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS)

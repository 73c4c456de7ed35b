"""JSON responses rendered by orjson (fast, and non-string keys allowed)."""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse

from scorer.jsonio import dumps


class JSONBytes(JSONResponse):
    def render(self, content: Any) -> bytes:
        return dumps(content)

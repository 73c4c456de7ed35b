"""``GET /healthz``: the service is up, and its version."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.responses import Response

from scorer.jsonio import dumps
from scorer.version import __version__

from .. import schemas
from . import JSON


def install(app: FastAPI) -> None:
    health = dumps({"status": "ok", "version": __version__})

    @app.get("/healthz", responses={200: {"model": schemas.Health, "content": {JSON: {}}}})
    async def healthz() -> Response:
        return Response(health, media_type=JSON)

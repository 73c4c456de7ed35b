"""What a browser reads: the referee page at ``/`` (everything it needs served from ``/static``, so
that it works offline), its service worker at ``/sw.js`` (``api.page``), and the API docs at
``/docs`` and ``/redoc`` (``api.guard.DocsPages``). None of them is in the OpenAPI document."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles

from .. import page
from ..guard import DocsPages


def install(app: FastAPI, static: Path, docs: DocsPages) -> None:
    app.mount("/static", StaticFiles(directory=static), name="static")
    # served from the root so that it may control the whole page, not only /static
    worker = page.service_worker(static)

    @app.get("/sw.js", include_in_schema=False)
    async def sw() -> Response:
        return Response(worker, media_type="text/javascript", headers={"cache-control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def referee_page() -> FileResponse:
        """The referee web page (everything it needs is served from /static: it works offline)."""
        return FileResponse(static / "index.html", media_type="text/html")

    @app.get("/docs", include_in_schema=False)
    async def swagger() -> Response:
        return docs.swagger_page()

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> Response:
        return docs.redoc_page()

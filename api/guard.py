"""Security headers on every answer (errors, static files and 404s included), and the docs pages.

The referee page (``/``) loads only ``/static/*`` and talks to the API on the same origin, so it
works under a CSP that allows nothing else: no inline script or style, no other site, no framing.
The interactive docs (``/docs``, ``/redoc``) load their viewers (Swagger UI, ReDoc) from
``/static`` too, so they work offline; their pages get a CSP naming the hash of their one inline
script (ReDoc also styles itself inline and parses the document in a worker).
"""

from __future__ import annotations

import base64
import hashlib
import re

from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from starlette.responses import HTMLResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

# the page installs as an app: its manifest and its service worker (the offline shell) are its own
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
VIEWERS = {"swagger_js_url": "/static/swagger/swagger-ui-bundle.js", "swagger_css_url": "/static/swagger/swagger-ui.css",
           "swagger_favicon_url": "/static/icon.svg"}
COMMON = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


def security_headers() -> list[tuple[bytes, bytes]]:
    return [(b"content-security-policy", CSP.encode()), *COMMON]


def _inline_hashes(html: str) -> str:
    scripts = re.findall(r"<script>(.*?)</script>", html, flags=re.S)
    return " ".join("'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'"
                    for s in scripts)


class DocsPages:
    """``/docs`` and ``/redoc``, rendered once, with the CSP their content needs."""

    def __init__(self, title: str, openapi_url: str) -> None:
        self.swagger = bytes(get_swagger_ui_html(
            openapi_url=openapi_url, title=f"{title} - Swagger UI", swagger_js_url=VIEWERS["swagger_js_url"],
            swagger_css_url=VIEWERS["swagger_css_url"],
            swagger_favicon_url=VIEWERS["swagger_favicon_url"]).body).decode()
        self.redoc = bytes(get_redoc_html(
            openapi_url=openapi_url, title=f"{title} - ReDoc", redoc_js_url="/static/redoc/redoc.standalone.js",
            redoc_favicon_url="/static/icon.svg", with_google_fonts=False).body).decode()
        rest = "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        self.csp = {
            "/docs": f"default-src 'none'; script-src 'self' {_inline_hashes(self.swagger)}; style-src 'self'; {rest}",
            "/redoc": f"default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; worker-src blob:; {rest}",
        }

    def swagger_page(self) -> HTMLResponse:
        return HTMLResponse(self.swagger)

    def redoc_page(self) -> HTMLResponse:
        return HTMLResponse(self.redoc)


class SecurityHeaders:
    """Pure ASGI (no per-request objects): adds the headers to the response start message."""

    def __init__(self, app: ASGIApp, page_csp: dict[str, str] | None = None) -> None:
        self.app = app
        self.default = security_headers()
        self.pages = {path: [(b"content-security-policy", csp.encode()), *COMMON]
                      for path, csp in (page_csp or {}).items()}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = self.pages.get(scope["path"], self.default)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)

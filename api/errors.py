"""Every input problem answers 422 with INTERFACE.md's error object, never 500."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from scorer.errors import HandError, Problem

from .responses import JSONBytes

log = logging.getLogger("mjscore.api")


def error_body(err: HandError) -> dict:
    return {"error": err.as_dict()}


def install(app: FastAPI) -> None:
    @app.exception_handler(HandError)
    async def hand_error(_: Request, exc: HandError) -> JSONBytes:
        status = 413 if exc.code in ("batch_too_large", "body_too_large") else 422
        return JSONBytes(error_body(exc), status_code=status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONBytes:
        # a body that cannot be read as JSON is malformed input like any other: 422, our error shape
        status = 422 if exc.status_code == 400 else exc.status_code
        code = "bad_request" if status == 422 else f"http_{exc.status_code}"
        return JSONBytes(error_body(HandError(str(exc.detail), None, code)), status_code=status,
                         headers=getattr(exc, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def request_error(_: Request, exc: RequestValidationError) -> JSONBytes:
        problems = []
        for e in exc.errors():
            loc = ".".join(str(p) for p in e.get("loc", ()) if p != "body")
            if e.get("type") == "extra_forbidden":
                problems.append(Problem(f"unknown field {loc!r}", None, "unknown_field"))
            else:
                problems.append(Problem(f"{loc or 'body'}: {e.get('msg')}", None, "bad_request"))
        if not problems:
            problems.append(Problem("malformed request", None, "bad_request"))
        return JSONBytes(error_body(HandError(problems)), status_code=422)

    @app.exception_handler(Exception)
    async def unexpected(_: Request, exc: Exception) -> JSONBytes:
        # Last guard of "never 500": whatever escaped the checks above was provoked by this input.
        # It is a bug all the same: logged with its traceback, and the conformance test fails on it.
        log.exception("unexpected error while answering a request")
        message = f"the request could not be scored ({type(exc).__name__})"
        return JSONBytes(error_body(HandError(message, None, "unprocessable")), status_code=422)

"""Every input problem answers 422 with INTERFACE.md's error object, never 500."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError

from scorer.errors import HandError, Problem

from .responses import JSONBytes


def error_body(err: HandError) -> dict:
    return {"error": err.as_dict()}


def install(app: FastAPI) -> None:
    @app.exception_handler(HandError)
    async def hand_error(_: Request, exc: HandError) -> JSONBytes:
        return JSONBytes(error_body(exc), status_code=422)

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

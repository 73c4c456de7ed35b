"""Every input problem answers with the error object of docs/http.md (codes in
docs/notation.md#error-codes), never 500: 422 for malformed input, and the statuses below for a
request over a service limit."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from scorer.errors import HandError
from scorer.request import request_problems

from . import limits
from .responses import JSONBytes

log = logging.getLogger("mjscore.api")

STATUS = {
    "body_too_large": 413,
    "batch_too_large": 413,
    "unsupported_media_type": 415,
    "body_timeout": 408,
    "busy": 503,
}
def error_body(err: HandError) -> dict:
    return {"error": err.as_dict()}


def error_response(err: HandError) -> JSONBytes:
    status = STATUS.get(err.code, 422)
    headers = {"retry-after": str(limits.RETRY_AFTER_S)} if status == 503 else None
    if status == 408:
        headers = {"connection": "close"}
    return JSONBytes(error_body(err), status_code=status, headers=headers)


def install(app: FastAPI) -> None:
    @app.exception_handler(HandError)
    async def hand_error(_: Request, exc: HandError) -> JSONBytes:
        return error_response(exc)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONBytes:
        # a body that cannot be read as JSON is malformed input like any other: 422, our error shape
        status = 422 if exc.status_code == 400 else exc.status_code
        code = "bad_request" if status == 422 else f"http_{exc.status_code}"
        return JSONBytes(error_body(HandError(str(exc.detail), None, code)), status_code=status,
                         headers=getattr(exc, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def request_error(_: Request, exc: RequestValidationError) -> JSONBytes:
        return JSONBytes(error_body(HandError(request_problems(exc))), status_code=422)

    @app.exception_handler(Exception)
    async def unexpected(_: Request, exc: Exception) -> JSONBytes:
        # Last guard of "never 500": whatever escaped the checks above was provoked by this input.
        # It is a bug all the same: logged with its traceback, and the conformance test fails on it.
        log.exception("unexpected error while answering a request")
        message = f"the request could not be scored ({type(exc).__name__})"
        return JSONBytes(error_body(HandError(message, None, "unprocessable")), status_code=422)

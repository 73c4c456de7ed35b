"""The HTTP routes, one module a resource, each with an ``install(app, ...)`` that ``api.app`` calls
once the app is assembled: ``pages`` (the referee page, its files and the API docs), ``health``,
``variants`` (the list and an item's reference), ``scoring`` (parse, score, waits, batch),
``efficiency`` and ``matches``.

A route that scores hands its work to an ``Answer`` (made by ``api.app`` over its two lanes of
scoring threads, ``api.pool``): the function and its arguments, and whether it is a batch; it runs
it in that lane within the time budget and answers the JSON bytes it gives.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi.responses import Response

JSON = "application/json"

Answer = Callable[..., Awaitable[Response]]

"""Limits that keep one request, or one client, from costing the service more than its share.

Every over-limit request is answered with the usual error object and a stable code (413, 415, 422,
408 or 503), never a 5xx or a hang. The bounds of the request's own values (strings, lists,
numbers, the context's and the rules' too) live with the request models (``scorer.request``);
these are the service's: bodies, time, concurrency, connections.
"""

from __future__ import annotations

MAX_BODY_BYTES = 64 * 1024  # one hand: a request at every limit is ~15 KB
MAX_BATCH_BODY_BYTES = 2 * 1024 * 1024  # a batch of 1,000 requests is ~200 KB
MAX_BATCH = 1000  # requests in one POST /v1/score/batch
MAX_BATCH_ANSWER_BYTES = 32 * 1024 * 1024  # one explained hand can take ~600 KB

# wall-clock seconds a request may spend being scored; past them it is stopped and answered 422
# time_budget (the heaviest request within the limits takes well under a second)
TIME_BUDGET_S = 1.0
BATCH_TIME_BUDGET_S = 10.0

# scoring threads per process (they share one interpreter lock: more would not score faster), and
# requests that may wait for one; past that, or after QUEUE_WAIT_S waiting, 503 with Retry-After.
# Two lanes (api.pool): the calls of one hand or one table, and the batches, each with its threads
# and queue, so that batches only ever wait for batches
SCORING_THREADS = 2
QUEUE_SIZE = 64
QUEUE_WAIT_S = 1.0
BATCH_THREADS = 1
BATCH_QUEUE_SIZE = 4
BATCH_QUEUE_WAIT_S = 2.0
RETRY_AFTER_S = 1

# slow clients: the headers of a request, then its body, must arrive within these
HEADER_TIMEOUT_S = 10.0
BODY_TIMEOUT_S = 10.0
# past the body's time and this margin the connection itself is answered 408 and closed, in case
# the route did not answer (its event loop too busy to run the route's own timeout)
GUARD_MARGIN_S = 1.0
MAX_HEADER_BYTES = 16 * 1024
KEEP_ALIVE_S = 5  # an idle connection is closed after this
MAX_CONNECTIONS = 1000  # per process; past it uvicorn answers 503

"""OpenAPI conformance: schemathesis generates requests from the app's own /openapi.json and checks
that no answer is a 5xx and every answer matches its documented schema (bounded, seeded)."""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from api.app import app

schema = schemathesis.openapi.from_asgi("/openapi.json", app)
CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance, content_type_conformance]


@schema.parametrize()
@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_every_route_conforms(case):
    response = case.call_and_validate(checks=CHECKS)
    # the last-resort handler turns an unexpected exception into 422 "unprocessable": still a bug
    assert b'"unprocessable"' not in response.content

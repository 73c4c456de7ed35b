"""The library's entry points: parse a hand, score it, score many."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Literal, final

from . import _compact, _dispatch, registry
from ._compact import CompactResult, has_none
from .errors import HandError, Problem
from .fields import Model
from .hand import Hand
from .jsonio import NotUnicode, dumps
from .notation import format_hand, with_hand_problems
from .notation import parse as parse_notation
from .result import Result
from .version import __version__

if TYPE_CHECKING:
    from .request import ScoreRequest

def refuse_ill_typed(model: str, variant: Any, hand: Any, context: Any = None, rules: Any = None,
                     dialect: Any = None, *, hand_may_be_none: bool = False) -> None:
    """The library's arguments as the request ``model`` (``ScoreRequest``, ``WaitsRequest``,
    ``ParseRequest``) types them: one of a wrong type (a hand that is no string, a context that is
    no object) is refused as HTTP and batch lines refuse it -- ``bad_request``, the same words, every
    problem at once -- not by an error of its own in each entry point. ``context`` None: none given."""
    if (type(variant) is str and (type(hand) is str or (hand is None and hand_may_be_none))
            and (context is None or isinstance(context, dict | Model)) and (dialect is None or type(dialect) is str)):
        return
    from . import request

    raw = {"variant": variant, "hand": hand, "rules": rules, "dialect": dialect,
           "context": context if context is not None and not isinstance(context, Model) else {}}
    if model == "ParseRequest":
        del raw["context"], raw["rules"]
    request.validated(getattr(request, model), raw)  # raises HandError for the wrong types


def parse(hand: str, variant: str = "mcr", dialect: str | None = None, win_tile: str | None = None) -> Hand:
    """Read a hand in the notation of ``variant`` (its tile set and hand size)."""
    refuse_ill_typed("ParseRequest", variant, hand, dialect=dialect)
    v = registry.get(variant)
    return parse_notation(hand, v.notation, dialect=dialect, win_tile=win_tile)


def partitions(hand: str, variant: str = "mcr", dialect: str | None = None) -> dict[str, Any]:
    """The canonical hand and every natural reading of it (``mjscore parse``, ``POST /v1/parse``)."""
    refuse_ill_typed("ParseRequest", variant, hand, dialect=dialect)
    v = registry.get(variant)
    h = parse_notation(hand, v.notation, dialect=dialect)
    answer: dict[str, Any] = {"hand": format_hand(h), "partitions": v.readings(h)}
    if h.notes:
        answer["warnings"] = list(h.notes)
    return answer


def _score(variant: str, hand: str | None, context: dict[str, Any] | Model | None = None,
           rules: str | dict[str, Any] | None = None, dialect: str | None = None, *,
           explain: bool = False, claim: list[str | int] | None = None) -> Result:
    """Score one hand. Malformed notation or context raises HandError; a hand that does not win
    is a normal result with ``valid`` false. ``explain`` adds every reading side by side; ``claim``
    (item ids and/or a total) adds a verdict. The compiled path or the checked path answers,
    decided once (``compiled``)."""
    if not explain and not claim and dialect is None:
        full = _FULL_PATHS.get(variant) if type(variant) is str else None  # compiled(), one call fewer
        answered = full(hand, context, rules) if full is not None else compiled(variant, hand, context, rules)
        if answered is not None and type(answered) is not Declined:
            return answered
    return score_checked(variant, hand, context, rules, dialect, explain=explain, claim=claim)


def score_checked(variant: str, hand: str | None, context: dict[str, Any] | Model | None = None,
                  rules: str | dict[str, Any] | None = None, dialect: str | None = None, *,
                  explain: bool = False, claim: list[str | int] | None = None) -> Result:
    """``score`` by the checked path alone (input validated, the variant's ``score``), never a
    compiled full path: the twin each full path is tested against (tests/test_mcr_full_fast.py)."""
    refuse_ill_typed("ScoreRequest", variant, hand, context, rules, dialect, hand_may_be_none=True)
    v = registry.get(variant)
    found: list[Problem] = []  # every problem of the context, the rules and the claim, at once
    if claim is not None or type(rules) is str:
        from . import request

        # the claim's terms and a preset's name within the bounds a request holds them to
        try:
            request.validated(request.ScoreRequest, {"variant": variant, "hand": "", "rules": rules, "claim": claim})
        except HandError as err:
            found += err.problems
        if isinstance(claim, list):
            found += [Problem(f"claim[{n}]: an empty term names nothing to check", None, "bad_request")
                      for n, c in enumerate(claim) if isinstance(c, str) and not c.strip()]
    try:
        ctx = v.context(context)
    except HandError as err:
        found = err.problems + found
    if not any(p.message.startswith("rules") for p in found):
        try:
            resolved = v.rules(rules)
        except HandError as err:
            found += err.problems
    if found:
        raise with_hand_problems(hand, v.notation, dialect, HandError(found)) from None
    parsed = v.parse_hand(hand, ctx, dialect)
    result = v.score(parsed, ctx, resolved)
    result.rules = resolved.echo()
    result.version = __version__
    result.context_used = v.context_used(ctx, parsed)
    if parsed is not None and parsed.notes:
        result.warnings = [*parsed.notes, *result.warnings]
    if explain or claim:
        from . import claims

        views = claims.readings_of(v, parsed, ctx, resolved, result)
        if explain:
            result.readings = views
        if claim:
            result.verdict = claims.check_claim(v, result, claim, views)
    return result


@final
class Declined:
    """Why the compiled path left a request to the checked path: the one notion of "declined" (the
    compiled full path's None, the compact paths' None, a request that is not plain all become one).
    ``reason`` is for the bench and the logs; the answer is the checked path's either way."""

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def __repr__(self) -> str:
        return f"Declined({self.reason!r})"


NOT_PLAIN = Declined("explain, claim or a dialect: the checked path alone writes those")
NO_COMPILED_PATH = Declined("the variant has no compiled full path")
COMPILED_DECLINED = Declined("the compiled path does not read this request as the checked path "
                             "would (engine.why_declined names why)")
COMPACT_DECLINED = Declined("the compiled compact path does not read this request as the checked "
                            "path would")

# variant id -> its compiled full path (``Variant.full_fast``), or None when it has none
_FULL_PATHS: dict[str, Any] = {}


def _full_path(variant: str) -> Any:
    full = _FULL_PATHS.get(variant, _FULL_PATHS)
    if full is _FULL_PATHS:
        if variant not in registry.ids():  # ids(): without importing every variant
            return None
        full = _FULL_PATHS[variant] = registry.get(variant).full_fast()
    return full


def compiled(variant: Any, hand: Any, context: Any, rules: Any) -> Result | Declined:
    """The full result from the variant's compiled path (``Variant.full_fast``) when it takes the
    request -- bounded, microseconds -- else why not (``Declined``): the checked path then answers,
    and the compiled path is not asked again."""
    if type(variant) is not str:
        return NO_COMPILED_PATH
    full = _full_path(variant)
    if full is None:
        return NO_COMPILED_PATH
    answered = full(hand, context, rules)
    return COMPILED_DECLINED if answered is None else answered


def why_declined(variant: str, hand: Any, context: Any, rules: Any = None) -> str | None:
    """Why the compiled full path declines this request (None: it takes it), for the bench and the
    logs: the variant's own words when it names them (``Variant.why_declined``)."""
    answered = compiled(variant, hand, context, rules)
    if not isinstance(answered, Declined):
        return None
    if answered is COMPILED_DECLINED:
        why = getattr(registry.get(variant), "why_declined", None)
        if why is not None:
            return why(hand, context, rules)
    return answered.reason


def decide(request: Any) -> Result | Declined:
    """The compiled path's answer to a request, or why it leaves it to the checked path: asked once
    per request (``score_request`` then answers a declined one by the checked path alone). A plain
    request dict (``request.plain_request``: what the request model accepts with these values, no
    explain, claim or dialect) needs no model: the answer is the one the checked request would get.
    Anything else that is not a ``ScoreRequest`` is not plain."""
    from .request import ScoreRequest, plain_request

    if type(request) is dict or not isinstance(request, ScoreRequest):  # a dict first: the common case
        plain = plain_request(request)
        return compiled(*plain) if plain is not None else NOT_PLAIN
    if request.explain or request.claim or request.dialect is not None:
        return NOT_PLAIN
    return compiled(request.variant, request.hand, request.context, request.rules)


def score_request(request: ScoreRequest | dict[str, Any], declined: Declined | None = None) -> Result:
    """Score one request (checked as the HTTP API checks it): the compiled path's answer, else the
    checked path's (``decide``). ``declined``: the compiled path has already left this request to
    the checked path (the HTTP lane or a batch's C path asked it): it is not asked again."""
    from .request import ScoreRequest

    if declined is None:
        answered = decide(request)
        if type(answered) is not Declined:
            return answered
    if not isinstance(request, ScoreRequest):
        request = parse_request(request)
    return score_checked(request.variant, request.hand, request.context, request.rules, request.dialect,
                         explain=request.explain, claim=request.claim)


def parse_request(raw: dict[str, Any]) -> ScoreRequest:
    """A score request from its decoded JSON, checked as the HTTP API checks it (same codes)."""
    from .request import ScoreRequest, validated

    return validated(ScoreRequest, raw)


def error_result(err: HandError) -> dict[str, Any]:
    """What a batch answers in place of a result for a bad line (same shape as the HTTP 422 body)."""
    return {"error": err.as_dict()}


def internal_error(exc: BaseException) -> dict[str, Any]:
    """The inline answer for a request whose scoring failed unexpectedly (a bug, not bad input):
    code ``internal_error``, the exception's type and message, no traceback; the batch goes on."""
    try:
        detail = str(exc)
    except Exception:
        detail = ""
    message = f"internal error while scoring this request: {type(exc).__name__}" + (f": {detail}" if detail else "")
    # the message may quote the request's text, lone surrogates included: keep it writable
    message = message[:500].encode("utf-8", "backslashreplace").decode()
    import logging  # only for a failure: a one-line query does not load it

    logging.getLogger(__name__).debug("internal error while scoring a request", exc_info=exc)
    return error_result(HandError(message, None, "internal_error"))


def _answer_one(req: Any, declined: Declined | None = None) -> Result | dict[str, Any]:
    try:
        return score_request(req, declined=declined)
    except HandError as err:
        return error_result(err)
    except Exception as exc:
        return internal_error(exc)


def score_many(requests: Iterable[ScoreRequest | dict[str, Any]], view: Literal["full", "compact"] = "full",
               ) -> list[Result | CompactResult | dict[str, Any]]:
    """Score a batch: one answer per request, in order. A bad request yields an inline
    ``{"error": ...}`` (its HandError's code, or ``internal_error`` when scoring it failed
    unexpectedly) and the batch goes on. ``view="compact"`` answers CompactResults (no
    explanation), through the variants' C fast paths where they have one."""
    if view == "compact":
        return _compact_many(list(requests))
    return [_answer_one(req) for req in requests]


def compact_of(result: Result) -> CompactResult:
    """The compact view of a full result."""
    return CompactResult(result.variant, result.valid, result.total, result.reason,
                         tuple((i.id, i.points, i.factor, i.count) for i in result.items), dict(result.payments))


# variant id -> its compiled compact path (``Variant.compact``), or None when it has none
_COMPACT_PATHS: dict[str, Any] = {}


def _score_compact(variant: str, hand: str | None, context: Any = None, rules: Any = None,
                   dialect: str | None = None) -> CompactResult:
    """Score one hand without the explanation: valid, total, items as ``(id, points, factor,
    count)``, payments -- equal to the full result's (``score``, condensed). Under the default rules
    a variant's compiled compact path answers (MCR: in C from the notation text on, about 1 µs); a
    request it declines, and any other, is scored in full and condensed, the compiled compact path
    never asked twice. Raises HandError as ``score`` does."""
    if rules is None and dialect is None:
        try:
            fast = _COMPACT_PATHS[variant]  # the common case first: one lookup
        except (KeyError, TypeError):  # not seen yet, or no variant id
            fast = _compact_path(variant)
        if fast is not None:
            answered = fast(hand, context)
            if answered is not None:
                return answered
            return _compact_declined(variant, hand, context)
    return compact_of(score(variant, hand, context, rules, dialect))


def _compact_declined(variant: str, hand: str | None, context: Any) -> CompactResult:
    # the compact path declined: the full compiled path reads the text and the context alike and
    # would decline it too, so the checked path answers
    return compact_of(score_checked(variant, hand, context))


def _compact_path(variant: Any) -> Any:
    """A variant's compact path (``Variant.compact``), kept for the next call; None when it has
    none. An unknown variant id raises HandError, as ``score`` would. A path carrying its C function
    (``c_entry``) is called by the compiled ``score_compact`` from then on."""
    if type(variant) is not str:
        return None
    fast = _COMPACT_PATHS[variant] = registry.get(variant).compact()
    entry = getattr(fast, "c_entry", None)
    if entry is not None:
        _compact.add_entry(variant, entry)
    return fast


# ``score_compact``: the compiled dispatch (``_compact.score_compact``: the same steps, a variant's C
# entry called with no Python frame between), or under MJSCORE_PURE=1 the Python function above
_compact.use_engine(_score_compact, _compact_declined)
score_compact = _score_compact if os.environ.get("MJSCORE_PURE", "") == "1" else _compact.score_compact


# ``score``: the compiled dispatch (``_dispatch.score``: the same steps, a variant's compiled full path
# called with no Python frame between, in C where it carries its C function), or under MJSCORE_PURE=1
# the Python function above
_dispatch.use_engine(_score, score_checked, Declined, globals())
score = _score if os.environ.get("MJSCORE_PURE", "") == "1" else _dispatch.score


# threads a compact batch may score on (the C fast paths release the GIL)
BATCH_THREADS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def fast_compact_many(requests: list[Any], as_json: bool = False) -> list[Any]:
    """The requests the variants' C fast paths score (on every core), None for the others; with
    ``as_json`` each answer is its JSON text (bytes), as ``jsonio.dumps(answer.as_dict())``. Never
    raises: should a fast path fail on the batch, each request is tried alone, and one that still
    fails is left (None) to the full path, which answers it."""
    try:
        return _fast_compact_many(requests, as_json)
    except Exception:
        return [_fast_one(req, as_json) for req in requests]


def _fast_one(request: Any, as_json: bool) -> Any:
    try:
        return _fast_compact_many([request], as_json)[0]
    except Exception:
        return None


def _fast_compact_many(requests: list[Any], as_json: bool) -> list[Any]:
    out: list[Any] | None = None
    for many in _batch_paths():
        answers = many(requests, BATCH_THREADS, as_json)  # None for each request not its variant's
        if out is None:
            out = answers
        else:
            out = [a if a is not None else b for a, b in zip(answers, out, strict=True)]
    return out if out is not None else [None] * len(requests)


_BATCH_PATHS: list[Callable[[list[Any], int, bool], list[Any]]] | None = None


def _batch_paths() -> list[Callable[[list[Any], int, bool], list[Any]]]:
    global _BATCH_PATHS
    if _BATCH_PATHS is None:
        _BATCH_PATHS = [m for v in registry.variants().values() if (m := v.compact_many()) is not None]
    return _BATCH_PATHS


def _compact_many(requests: list[Any]) -> list[Result | CompactResult | dict[str, Any]]:
    out: list[Any] = fast_compact_many(requests)
    if not has_none(out):
        return out
    for i, answer in enumerate(out):
        if answer is None:
            out[i] = _compact_one(requests[i])
    return out


def _compact_one(req: Any) -> CompactResult | dict[str, Any]:
    # the C paths left this request to the checked path: no second try through one of them
    full = _answer_one(req, COMPACT_DECLINED)
    if not isinstance(full, Result):
        return full
    try:
        return compact_of(full)
    except Exception as exc:
        return internal_error(exc)


def score_raw(raw: Any, view: Literal["full", "compact"] = "full",
              declined: Declined | None = None) -> Result | CompactResult | dict[str, Any]:
    """One decoded JSON request (a batch line, an entry of the HTTP batch): its answer, an inline
    error when it is not a JSON object, is malformed or could not be scored. Never raises.
    ``declined``: the compiled paths already left this request to the checked path."""
    if not isinstance(raw, dict):
        return error_result(HandError("a request must be a JSON object", None, "bad_request"))
    if declined is not None:
        return _compact_one(raw) if view == "compact" else _answer_one(raw, declined)
    return score_many([raw], view=view)[0]


NOT_UNICODE = HandError("the request holds text that is not Unicode: a lone surrogate (a \\uD800-\\uDFFF "
                        "escape without its pair), which no UTF-8 answer can carry", None, "bad_text")


def answer_json(answer: bytes | Result | CompactResult | dict[str, Any]) -> bytes:
    """An answer as JSON text (the fast paths' ``as_json`` answers are JSON text already). Never
    raises: an answer quoting a lone surrogate of its request becomes a ``bad_text`` error, one that
    cannot be written for any other reason an ``internal_error``."""
    if isinstance(answer, bytes):
        return answer
    try:
        if isinstance(answer, Result):
            return dumps(answer, surrogates="raise")
        if isinstance(answer, CompactResult):
            return dumps(answer.as_dict(), surrogates="raise")
        return dumps(answer, surrogates="raise")
    except NotUnicode:
        return dumps(error_result(NOT_UNICODE))
    except Exception as exc:
        return dumps(internal_error(exc))

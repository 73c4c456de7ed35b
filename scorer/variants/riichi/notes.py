"""The referee's words on a riichi hand (docs/referee.md, docs/rules/riichi.md#what-wins): each
reading's han and fu and why the chosen one wins over it; a wait's value or why it does not win."""

from __future__ import annotations

from scorer.result import Result

from .evaluate import Scored


def figures(s: Scored) -> str:
    """"3 han 30 fu, mangan, kanchan wait": a reading's han, fu, limit and wait."""
    limit = f", {s.value.limit.replace('_', ' ')}" if s.value.limit else ""
    wait = f", {s.reading.wait} wait" if s.reading.shape == "standard" else ""
    return f"{s.han} han {s.fu} fu{limit}{wait}"


def _edge(best: Scored, other: Scored) -> str:
    """What ``best`` has over ``other`` of equal points (the order of ``Scored.key``)."""
    if best.yakuman and not other.yakuman:
        return "is a real yakuman, the other a counted one"
    if other.han < best.han:
        return f"has more han ({best.han} against {other.han})"
    if other.fu < best.fu:
        return f"has more fu ({best.fu} against {other.fu})"
    if other.raw_fu < best.raw_fu:
        return f"has more fu before rounding ({best.raw_fu} against {other.raw_fu})"
    return "was found first (equal in points, han and fu)"


def _behind(s: Scored, best: Scored, at: int) -> str:
    """Why ``best`` (reading #``at``) is chosen over ``s``."""
    if not s.has_yaku:
        return "no yaku: this reading does not win"
    mine, theirs = s.settlement.total, best.settlement.total
    if mine < theirs:
        return f"{mine} points against {theirs} for the chosen #{at}"
    return f"ties with the chosen #{at} at {mine}, which {_edge(best, s)}"


def _ahead(best: Scored, scored: list[Scored]) -> str:
    """Why ``best`` is chosen, against the best of the others."""
    others = [s for s in scored if s is not best]
    rivals = [s for s in others if s.has_yaku]
    if not others:
        return "chosen: the only reading"
    if not rivals:
        return "chosen: the only reading with a yaku"
    runner = max(rivals, key=lambda s: s.key)
    if runner.settlement.total < best.settlement.total:
        return f"chosen: the most points ({best.settlement.total})"
    return f"chosen: ties with #{scored.index(runner)} at {best.settlement.total}, and {_edge(best, runner)}"


def reading_notes(scored: list[Scored], best: Scored | None) -> list[str]:
    """One note per reading, in order: its figures, then why it is chosen or not."""
    notes = []
    for s in scored:
        if best is None or not best.has_yaku:
            why = "no yaku: this reading does not win"
        elif s is best:
            why = _ahead(best, scored)
        else:
            why = _behind(s, best, scored.index(best))
        notes.append(f"{figures(s)}; {why}")
    return notes


def wait_note(result: Result) -> str | None:
    """A wait's score in the table's words: "3 han 30 fu", "mangan, 2000/4000", or why no win."""
    d = result.details
    ctx = result.context_used.values if result.context_used else {}
    if result.valid:
        limit = f", {d['limit'].replace('_', ' ')}" if d["limit"] else ""
        paid = ""
        if ctx.get("self_draw"):
            cost = d["cost"]
            paid = f", {cost['main']} all" if d["dealer"] else f", {cost['additional']}/{cost['main']}"
        return f"{d['han']} han {d['fu']} fu{limit}{paid}"
    if result.reason != "no yaku":
        return None
    dora = f" (its {d['han']} dora count only with a yaku)" if d.get("han") else ""
    open_meld = any(p[:1] in "[{" for p in result.partition)
    riichi = ctx.get("riichi") or ctx.get("double_riichi")
    advice = "" if open_meld or riichi else "; declaring riichi would give it one"
    return f"no yaku{dora}{advice}"

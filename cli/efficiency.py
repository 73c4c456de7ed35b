"""``mjscore efficiency VARIANT HAND [context options] [--visible TILES]``: shanten, useful tiles and
copies left of a hand one tile short, or every discard of a full hand (docs/efficiency.md).

One command per variant, built on first use from the variant's context model like the other
variant commands, with ``--visible`` besides; the readable output is drawn here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorer import registry
from scorer.efficiency_profile import MINIMUM_WORDS
from scorer.errors import HandError

from .commands import Option, VariantCall, add_variant_command, emit_json
from .table import Table

if TYPE_CHECKING:
    from .screen import Screen

VISIBLE = Option("--visible", "visible", "tiles seen outside the hand (discards, others' melds), e.g. 5p5p9sE",
                 metavar="TILES")


def add_efficiency_command(commands: Any, variant: registry.Variant) -> None:
    def act(call: VariantCall) -> None:
        from scorer.efficiency import efficiency

        try:
            answer = efficiency(variant.id, call.hand, call.context, call.rules, call.dialect, call.own["visible"])
        except HandError as err:
            call.fail(err)
        if call.as_json:
            emit_json(answer)
        else:
            from .render import screen

            print_efficiency(answer, screen(), call.glyphs)

    doc = (f"Tile efficiency of a {variant.name} ({variant.name_zh}) hand: how many steps from ready, "
           "which tiles help and how many are left; for a full hand, every discard best first.")
    add_variant_command(commands, variant, doc, "a hand one tile short (its shanten and useful tiles) or a full hand "
                        "(every discard)", act, [VISIBLE], without={"win_tile"})


# --- readable output ---------------------------------------------------------------------------------

def _steps(n: int) -> str:
    return {-1: "complete", 0: "ready", 1: "one step from ready"}.get(n, f"{n} steps from ready")


def _tiles(names: list[str], glyphs: bool) -> str:
    from .render import glyphs_of

    return " ".join(glyphs_of(t) if glyphs else t for t in names) or "-"


def _useful_line(useful: list[dict[str, Any]], glyphs: bool) -> str:
    from .render import glyphs_of

    return "  ".join(f"{glyphs_of(u['tile']) if glyphs else u['tile']}×{u['left']}" for u in useful) or "-"


def _score_cell(score: dict[str, Any] | None) -> str:
    if score is None:
        return "all four held"
    return str(score["total"]) if score["valid"] else f"✗ {score['reason']}"


def _minimum(answer: dict[str, Any]) -> str:
    """The minimum named by what it asks (the answer's ``minimum_rule``): "the minimum (8 points)"."""
    rule = answer.get("minimum_rule")
    return f"the minimum ({MINIMUM_WORDS[rule]})" if rule in MINIMUM_WORDS else "the minimum"


def print_short(answer: dict[str, Any], screen: Screen, glyphs: bool) -> None:
    from .render import say

    minimum = _minimum(answer)
    table = Table.of("shape", ("shanten", "right"), "useful",
                     title=f"shanten {answer['shanten']} ({_steps(answer['shanten'])})")
    for name, shape in answer["shapes"].items():
        table.row(name.replace("_", " "), str(shape["shanten"]), _tiles(shape["useful"], glyphs))
    screen.table(table)
    say(screen, f"useful: {_useful_line(answer['useful'], glyphs)}   ({answer['tiles_left']} tiles left)")
    if answer["waits"]:
        _print_waits(answer["waits"], minimum, screen, glyphs)
    if "minimum" in answer:
        _print_toward_minimum(answer["minimum"], minimum, screen, glyphs)


def _print_waits(waits: list[dict[str, Any]], minimum: str, screen: Screen, glyphs: bool) -> None:
    from .render import say

    modes = sorted({m for w in waits if w["scores"] for m in w["scores"]}, reverse=True)
    table = Table.of("tile", ("left", "right"), *(m.replace("_", "-") for m in modes), title="waits")
    for w in waits:
        mark = " ⚠" if w.get("below_minimum") else ""
        tile = (_tiles([w["tile"]], glyphs) + f" {w['tile']}" if glyphs else w["tile"]) + mark
        cells = [_score_cell(w["scores"][m] if w["scores"] else None) for m in modes]
        table.row(tile, str(w["left"]), *cells)
    screen.table(table)
    if any(w.get("below_minimum") for w in waits):
        say(screen, f"⚠ below {minimum}: this wait cannot win")


def _print_toward_minimum(m: dict[str, Any], minimum: str, screen: Screen, glyphs: bool) -> None:
    from .render import say

    keep = [u for u in m["useful"] if u["keeps_minimum"]]
    say(screen, f"toward {minimum}: {len(keep)} of {len(m['useful'])} useful tiles lead to a ready hand "
                 f"with a valid wait ({m['tiles_left']} tiles left)")
    for u in m["useful"]:
        tile = _tiles([u["tile"]], glyphs) + (f" {u['tile']}" if glyphs else "")
        if u["keeps_minimum"]:
            via = "; ".join(f"discard {w['discard']}, wait {' '.join(w['waits'])}" for w in u["via"])
            say(screen, f"  {tile} ×{u['left']}  ✓ {via}")
        else:
            say(screen, f"  {tile} ×{u['left']}  ✗ every ready hand it makes is below {minimum}")


def print_discards(answer: dict[str, Any], screen: Screen, glyphs: bool) -> None:
    minimum = _minimum(answer)
    table = Table.of("discard", ("shanten", "right"), "useful (left)", ("tiles", "right"),
                     title="discards, best first")
    for d in answer["discards"]:
        tile = _tiles([d["tile"]], glyphs) + (f" {d['tile']}" if glyphs else "")
        useful = _useful_line(d["useful"], glyphs)
        notes = []
        if d["waits"] and any("below_minimum" in w for w in d["waits"]):
            valid = [w for w in d["waits"] if not w["below_minimum"]]
            live = [w["tile"] for w in valid if w["left"] > 0]
            notes.append(f"valid waits: {' '.join(live)}" if live else
                         "⚠ no valid wait has a copy left" if valid else f"⚠ every wait below {minimum}")
        if "minimum" in d:
            notes.append(f"{d['minimum']['tiles_left']} tiles left reach a valid ready hand")
        table.row(tile, str(d["shanten"]), useful + ("\n" + "; ".join(notes) if notes else ""),
                      str(d["tiles_left"]))
    screen.table(table)


def print_efficiency(answer: dict[str, Any], screen: Screen, glyphs: bool = True) -> None:
    from .render import glyphs_of, say, say_notes

    head = f"{answer['variant']}  {answer['hand']}" + (f"   {glyphs_of(answer['hand'])}" if glyphs else "")
    if "wild" in answer:
        head += f"   wild {answer['wild']}"
    screen.wrapped(head)
    say_notes(answer.get("warnings", ()), screen)
    if "discards" in answer:
        if answer.get("complete"):
            say(screen, "this hand already forms a winning shape")
        print_discards(answer, screen, glyphs)
    else:
        print_short(answer, screen, glyphs)

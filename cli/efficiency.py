"""``mjscore efficiency VARIANT HAND [context options] [--visible TILES]``: shanten, useful tiles and
copies left of a hand one tile short, or every discard of a full hand (docs/efficiency.md).

One command per variant, built on first use from the variant's context model like the other
variant commands, with ``--visible`` besides; the readable output is drawn here.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from scorer import registry
from scorer.errors import HandError

from .commands import LazyVariantGroup, VariantCall, emit_json, fail, variant_command

if TYPE_CHECKING:
    from rich.console import Console

VISIBLE = inspect.Parameter("visible", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=Annotated[
    str | None, typer.Option("--visible", help="tiles seen outside the hand (discards, others' melds), e.g. 5p5p9sE")])


def efficiency_command(variant: registry.Variant) -> Callable[..., None]:
    def act(call: VariantCall) -> None:
        from scorer.efficiency import efficiency

        try:
            answer = efficiency(variant.id, call.hand, call.context, call.rules, call.dialect, call.own["visible"])
        except HandError as err:
            fail(err)
        if call.as_json:
            emit_json(answer)
        else:
            from .render import console

            print_efficiency(answer, console(), call.glyphs)

    doc = (f"Tile efficiency of a {variant.name} ({variant.name_zh}) hand: how many steps from ready, "
           "which tiles help and how many are left; for a full hand, every discard best first.")
    return variant_command(variant, doc, "a hand one tile short (its shanten and useful tiles) or a full hand "
                           "(every discard)", act, [VISIBLE], without={"win_tile"})


class EfficiencyCommands(LazyVariantGroup):
    """``mjscore efficiency VARIANT``: the variant's command built the first time it is asked for."""

    def command_for(self, variant: registry.Variant) -> Callable[..., None]:
        return efficiency_command(variant)


def efficiency_app() -> typer.Typer:
    return typer.Typer(cls=EfficiencyCommands, no_args_is_help=True, rich_markup_mode=None,
                       help="Tile efficiency (牌效率): mjscore efficiency VARIANT HAND [--visible TILES] ...")


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


def print_short(answer: dict[str, Any], console: Console, glyphs: bool) -> None:
    from rich.table import Table

    from .render import say

    table = Table(title=f"shanten {answer['shanten']} ({_steps(answer['shanten'])})", show_header=True,
                  header_style="bold")
    table.add_column("shape")
    table.add_column("shanten", justify="right")
    table.add_column("useful")
    for name, shape in answer["shapes"].items():
        table.add_row(name.replace("_", " "), str(shape["shanten"]), _tiles(shape["useful"], glyphs))
    console.print(table)
    say(console, f"useful: {_useful_line(answer['useful'], glyphs)}   ({answer['tiles_left']} tiles left)")
    if answer["waits"]:
        waits = Table(title="waits", show_header=True, header_style="bold")
        waits.add_column("tile")
        waits.add_column("left", justify="right")
        modes = sorted({m for w in answer["waits"] if w["scores"] for m in w["scores"]}, reverse=True)
        for m in modes:
            waits.add_column(m.replace("_", "-"))
        for w in answer["waits"]:
            mark = " ⚠" if w.get("below_minimum") else ""
            tile = (_tiles([w["tile"]], glyphs) + f" {w['tile']}" if glyphs else w["tile"]) + mark
            cells = [_score_cell(w["scores"][m] if w["scores"] else None) for m in modes]
            waits.add_row(tile, str(w["left"]), *cells)
        console.print(waits)
        if any(w.get("below_minimum") for w in answer["waits"]):
            say(console, "⚠ below the minimum: this wait cannot win")
    if "minimum" in answer:
        m = answer["minimum"]
        keep = [u for u in m["useful"] if u["keeps_minimum"]]
        say(console, f"toward the minimum: {len(keep)} of {len(m['useful'])} useful tiles lead to a ready hand "
                     f"with a valid wait ({m['tiles_left']} tiles left)")
        for u in m["useful"]:
            tile = _tiles([u["tile"]], glyphs) + (f" {u['tile']}" if glyphs else "")
            if u["keeps_minimum"]:
                via = "; ".join(f"discard {w['discard']}, wait {' '.join(w['waits'])}" for w in u["via"])
                say(console, f"  {tile} ×{u['left']}  ✓ {via}")
            else:
                say(console, f"  {tile} ×{u['left']}  ✗ every ready hand it makes is below the minimum")


def print_discards(answer: dict[str, Any], console: Console, glyphs: bool) -> None:
    from rich.table import Table

    table = Table(title="discards, best first", show_header=True, header_style="bold")
    table.add_column("discard")
    table.add_column("shanten", justify="right")
    table.add_column("useful (left)")
    table.add_column("tiles", justify="right")
    for d in answer["discards"]:
        tile = _tiles([d["tile"]], glyphs) + (f" {d['tile']}" if glyphs else "")
        useful = _useful_line(d["useful"], glyphs)
        notes = []
        if d["waits"] and any("below_minimum" in w for w in d["waits"]):
            valid = [w["tile"] for w in d["waits"] if not w["below_minimum"]]
            notes.append(f"valid waits: {' '.join(valid)}" if valid else "⚠ every wait below the minimum")
        if "minimum" in d:
            notes.append(f"{d['minimum']['tiles_left']} tiles left reach a valid ready hand")
        table.add_row(tile, str(d["shanten"]), useful + ("\n" + "; ".join(notes) if notes else ""),
                      str(d["tiles_left"]))
    console.print(table)


def print_efficiency(answer: dict[str, Any], console: Console, glyphs: bool = True) -> None:
    from .render import glyphs_of, say, say_notes

    head = f"[bold]{answer['variant']}[/bold]  {answer['hand']}" + (f"   {glyphs_of(answer['hand'])}" if glyphs else "")
    if "wild" in answer:
        head += f"   wild {answer['wild']}"
    console.print(head)
    say_notes(answer.get("warnings", ()), console)
    if "discards" in answer:
        if answer.get("complete"):
            say(console, "this hand already forms a winning shape")
        print_discards(answer, console, glyphs)
    else:
        print_short(answer, console, glyphs)

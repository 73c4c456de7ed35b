"""``mjscore efficiency VARIANT HAND [context options] [--visible TILES]``: shanten, useful tiles and
copies left of a hand one tile short, or every discard of a full hand (docs/efficiency.md).

One command per variant, built on first use from the variant's context model like the other
variant commands, with ``--visible`` besides; the readable output is drawn here.
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Annotated, Any

import typer

from scorer import options, registry
from scorer.errors import HandError

from .main import VariantCommands, _annotation_for, emit_json, fail, presets_epilog

if TYPE_CHECKING:
    from rich.console import Console

_RESERVED = {"hand", "rules", "dialect", "as_json", "glyphs", "visible", "win_tile"}  # no win to place


def efficiency_command(variant: registry.Variant):
    fields = variant.Context.model_fields

    def run(**kwargs: Any) -> None:
        hand, visible = kwargs.pop("hand"), kwargs.pop("visible")
        rules, dialect, as_json, glyphs = (kwargs.pop(k) for k in ("rules", "dialect", "as_json", "glyphs"))
        context = {k: v for k, v in kwargs.items() if v is not None}
        for k, v in list(context.items()):
            if options.is_list(fields[k]) and isinstance(v, str):
                context[k] = options.split_list(v)
        from scorer.efficiency import efficiency

        try:
            answer = efficiency(variant.id, hand, context, options.read_rules(rules), dialect, visible)
        except HandError as err:
            fail(err)
        if as_json:
            emit_json(answer)
        else:
            from .render import console

            print_efficiency(answer, console(), glyphs)

    kw = inspect.Parameter.KEYWORD_ONLY
    params = [inspect.Parameter("hand", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=Annotated[
        str, typer.Argument(help="a hand one tile short (its shanten and useful tiles) or a full hand (every discard)")])]
    params += [inspect.Parameter(name, kw, default=None, annotation=_annotation_for(name, info))
               for name, info in fields.items() if name not in _RESERVED]
    params += [
        inspect.Parameter("visible", kw, default=None, annotation=Annotated[str | None, typer.Option(
            "--visible", help="tiles seen outside the hand (discards, others' melds), e.g. 5p5p9sE")]),
        inspect.Parameter("rules", kw, default=None, annotation=Annotated[
            str | None, typer.Option("--rules", help="a preset name or a JSON object of rule options")]),
        inspect.Parameter("dialect", kw, default=None, annotation=Annotated[
            str | None, typer.Option("--dialect", help="'helper' for ChineseOfficialMahjongHelper strings")]),
        inspect.Parameter("as_json", kw, default=False, annotation=Annotated[
            bool, typer.Option("--json", help="machine-readable output")]),
        inspect.Parameter("glyphs", kw, default=True, annotation=Annotated[
            bool, typer.Option("--glyphs/--no-glyphs", help="draw tiles with Unicode mahjong glyphs")]),
    ]
    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in params}
    run.__doc__ = (f"Tile efficiency of a {variant.name} ({variant.name_zh}) hand: how many steps from ready, "
                   "which tiles help and how many are left; for a full hand, every discard best first.")
    return run


class EfficiencyCommands(VariantCommands):
    """``mjscore efficiency VARIANT``: the variant's command built the first time it is asked for."""

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super(VariantCommands, self).get_command(ctx, cmd_name)
        if command is None and cmd_name in registry.ids():
            single = typer.Typer(rich_markup_mode=None, add_completion=False)
            variant = registry.get(cmd_name)
            single.command(cmd_name, epilog=presets_epilog(variant))(efficiency_command(variant))
            command = typer.main.get_command(single)
            self.add_command(command, cmd_name)
        return command


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

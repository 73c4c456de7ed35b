"""What the commands share: errors on stderr, JSON out, and the variant commands.

A variant command (``mjscore VARIANT``, ``explain``, ``waits``, ``efficiency``) takes the hand,
one option per field of the variant's context model (names from ``scorer.options``), the common
options (``--rules``, ``--dialect``, ``--json``, ``--glyphs``) and the command's own; it is built
the first time it is asked for, so that a one-line query imports only the variant it names.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from scorer import options, registry
from scorer.errors import HandError
from scorer.jsonio import dumps


def fail(err: HandError) -> None:
    """Bad input: every problem on stderr, exit status 2."""
    for p in err.problems:
        where = f" (position {p.position})" if p.position is not None else ""
        typer.echo(f"error: {p.message}{where} [{p.code}]", err=True)
    raise SystemExit(2)


def usage(message: str) -> None:
    """A command used wrongly: the message on stderr, exit status 2."""
    typer.echo(f"error: {message}", err=True)
    raise SystemExit(2)


def emit_json(data: Any) -> None:
    typer.echo(dumps(data).decode())


def context_option(name: str, info: Any) -> Any:
    """The typer option of one context field; every option defaults to None ("not given") so the
    context keeps the variant's own defaults."""
    option_flag = options.flag(name)
    if options.is_bool(info):
        # --x sets true, --no-x sets false, neither leaves the variant's default
        return Annotated[bool | None, typer.Option(f"{option_flag}/--no-{option_flag[2:]}", *options.aliases(info),
                                                   help=info.description or "")]
    option = typer.Option(option_flag, *options.aliases(info), help=info.description or "")
    if options.is_int(info):
        return Annotated[int | None, option]
    return Annotated[str | None, option]


@dataclass(frozen=True, slots=True)
class VariantCall:
    """What a variant command was given: the hand, the context fields given (lists split), the
    common options, and the command's own options by name."""

    hand: str
    context: dict[str, Any]
    rules: str | dict[str, Any] | None
    dialect: str | None
    as_json: bool
    glyphs: bool
    own: dict[str, Any]


COMMON = ("hand", "rules", "dialect", "as_json", "glyphs")


def variant_command(variant: registry.Variant, doc: str, hand_help: str, action: Callable[[VariantCall], None],
                    own: Sequence[inspect.Parameter] = (), without: Collection[str] = ()) -> Callable[..., None]:
    """A typer command for one variant: ``action`` gets the call; ``own`` are the command's own
    keyword options (after the common ones); ``without``: context fields the command has no use for."""
    fields = options.context_fields(variant)
    reserved = {*COMMON, *(p.name for p in own), *without}

    def run(**kwargs: Any) -> None:
        given = {name: kwargs.pop(name) for name in COMMON}
        mine = {p.name: kwargs.pop(p.name) for p in own}
        context = {k: v for k, v in kwargs.items() if v is not None}
        for k, v in list(context.items()):
            if options.is_list(fields[k]) and isinstance(v, str):
                context[k] = options.split_list(v)
        try:
            rules = options.read_rules(given["rules"])
        except HandError as err:
            fail(err)
        action(VariantCall(given["hand"], context, rules, given["dialect"], given["as_json"], given["glyphs"], mine))

    kw = inspect.Parameter.KEYWORD_ONLY
    params = [inspect.Parameter("hand", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                annotation=Annotated[str, typer.Argument(help=hand_help)])]
    params += [inspect.Parameter(name, kw, default=None, annotation=context_option(name, info))
               for name, info in fields.items() if name not in reserved]
    params += [
        inspect.Parameter("rules", kw, default=None, annotation=Annotated[
            str | None, typer.Option("--rules", help="a preset name or a JSON object of rule options")]),
        inspect.Parameter("dialect", kw, default=None, annotation=Annotated[
            str | None, typer.Option("--dialect", help="'helper' for ChineseOfficialMahjongHelper strings")]),
        inspect.Parameter("as_json", kw, default=False, annotation=Annotated[
            bool, typer.Option("--json", help="machine-readable output")]),
        inspect.Parameter("glyphs", kw, default=True, annotation=Annotated[
            bool, typer.Option("--glyphs/--no-glyphs", help="draw tiles with Unicode mahjong glyphs")]),
        *own,
    ]
    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in params}
    run.__doc__ = doc
    return run


def presets_epilog(variant: registry.Variant) -> str:
    """The variant's rule presets for its ``--help`` (``\\b`` keeps click from re-wrapping them)."""
    lines = ["\b", "Rule presets (--rules NAME, or a JSON object of options over a preset):"]
    for name, preset in variant.presets.items():
        mark = " (default)" if name == variant.default_preset else ""
        values = ", ".join(f"{k}={json.dumps(v)}" for k, v in preset.items()) or "the options' defaults"
        lines.append(f"  {name}{mark}: {values}")
    lines.append(f"Items (fans): mjscore items {variant.id}")
    return "\n".join(lines)


class LazyVariantGroup(TyperGroup):
    """A command group with one command per variant, each built the first time it is asked for
    (``--help`` lists and builds them all). Subclasses say how: ``command_for``."""

    def command_for(self, variant: registry.Variant) -> Callable[..., None]:
        raise NotImplementedError

    def list_commands(self, ctx: Any) -> list[str]:
        return [*super().list_commands(ctx), *registry.ids()]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in registry.ids():
            single = typer.Typer(rich_markup_mode=None, add_completion=False)
            variant = registry.get(cmd_name)
            single.command(cmd_name, epilog=presets_epilog(variant))(self.command_for(variant))
            command = typer.main.get_command(single)
            self.add_command(command, cmd_name)
        return command

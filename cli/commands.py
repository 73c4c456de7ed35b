"""What the commands share: errors on stderr, JSON out, and the variant commands.

A variant command (``mjscore VARIANT``, ``explain``, ``waits``, ``efficiency``) takes the hand,
one option per field of the variant's context (names and kinds from ``scorer.options``), the common
options (``--rules``, ``--dialect``, ``--json``, ``--glyphs``) and the command's own; it is built
only when asked for, so that a one-line query imports only the variant it names.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any, NamedTuple, NoReturn

from scorer import options, registry
from scorer.errors import HandError
from scorer.jsonio import dumps


def fail(err: HandError) -> NoReturn:
    """Bad input: every problem on stderr, exit status 2."""
    for p in err.problems:
        where = f" (position {p.position})" if p.position is not None else ""
        print(f"error: {p.message}{where} [{p.code}]", file=sys.stderr)
    raise SystemExit(2)


def usage(message: str) -> NoReturn:
    """A command used wrongly: the message on stderr, exit status 2."""
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(2)


def note(message: str) -> None:
    """A line for the user beside the output (on stderr, so that the output stays clean)."""
    print(message, file=sys.stderr)


def emit_json(data: Any) -> None:
    sys.stdout.write(dumps(data).decode() + "\n")


class Option(NamedTuple):
    """A command's own option (``--claim``, ``--visible``): a text value, absent by default."""

    flag: str
    dest: str
    help: str
    metavar: str = "TEXT"


class VariantCall(NamedTuple):
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
CONTEXT = "context."  # the namespace key of a context field: argparse keeps them apart from the rest


def add_context_option(parser: argparse.ArgumentParser, name: str, info: Any) -> None:
    """The option of one context field; it defaults to None ("not given") so the context keeps the
    variant's own defaults."""
    names = [options.flag(name), *options.aliases(info)]
    help_text = (info.description or "").replace("%", "%%")
    if options.is_bool(info):
        # --x sets true, --no-x sets false, neither leaves the variant's default
        parser.add_argument(*names, dest=CONTEXT + name, action=argparse.BooleanOptionalAction, default=None,
                            help=help_text)
    elif options.is_int(info):
        parser.add_argument(*names, dest=CONTEXT + name, type=int, metavar="N", help=help_text)
    else:
        parser.add_argument(*names, dest=CONTEXT + name, metavar=name.upper(), help=help_text)


def add_variant_command(commands: Any, variant: registry.Variant, doc: str, hand_help: str,
                        action: Callable[[VariantCall], None], own: Sequence[Option] = (),
                        without: Collection[str] = ()) -> None:
    """One variant's command under ``commands`` (argparse sub-parsers): ``action`` gets the call;
    ``own`` are the command's own options (after the common ones); ``without``: context fields the
    command has no use for."""
    fields = options.context_fields(variant)
    reserved = {*COMMON, *(o.dest for o in own), *without}
    parser = commands.add_parser(variant.id, help=doc, description=doc, epilog=presets_epilog(variant),
                                 usage="%(prog)s HAND [options]")
    parser.add_argument("hand", metavar="HAND", help=hand_help)
    given_fields = [name for name in fields if name not in reserved]
    for name in given_fields:
        add_context_option(parser, name, fields[name])
    parser.add_argument("--rules", metavar="NAME|JSON", help="a preset name or a JSON object of rule options")
    parser.add_argument("--dialect", help="'helper' for ChineseOfficialMahjongHelper strings")
    parser.add_argument("--json", dest="as_json", action="store_true", help="machine-readable output")
    parser.add_argument("--glyphs", action=argparse.BooleanOptionalAction, default=True,
                        help="draw tiles with Unicode mahjong glyphs")
    for o in own:
        parser.add_argument(o.flag, dest=o.dest, metavar=o.metavar, help=o.help)

    def run(ns: argparse.Namespace) -> None:
        context = {name: getattr(ns, CONTEXT + name) for name in given_fields
                   if getattr(ns, CONTEXT + name) is not None}
        for name, value in list(context.items()):
            if options.is_list(fields[name]) and isinstance(value, str):
                context[name] = options.split_list(value)
        try:
            rules = options.read_rules(ns.rules)
        except HandError as err:
            fail(err)
        action(VariantCall(ns.hand, context, rules, ns.dialect, ns.as_json, ns.glyphs,
                           {o.dest: getattr(ns, o.dest) for o in own}))

    parser.set_defaults(run=run)


def wanted_variants(name: str | None) -> list[str]:
    """The variants to build commands for: the one named, else (help, a mistake) every one."""
    ids = registry.ids()
    return [name] if name in ids else ids


def add_variant_commands(parser: argparse.ArgumentParser, ids: Iterable[str],
                         add: Callable[[Any, registry.Variant], None]) -> None:
    """A group's variant commands (``VARIANT HAND ...``), one per id, each built by ``add``."""
    commands = parser.add_subparsers(title="variants", metavar="VARIANT")
    for variant_id in ids:
        add(commands, registry.get(variant_id))


def presets_epilog(variant: registry.Variant) -> str:
    """The variant's rule presets for its ``--help`` (several lines: kept as they are)."""
    lines = ["Rule presets (--rules NAME, or a JSON object of options over a preset):"]
    for name, preset in variant.presets.items():
        mark = " (default)" if name == variant.default_preset else ""
        values = ", ".join(f"{k}={json.dumps(v)}" for k, v in preset.items()) or "the options' defaults"
        lines.append(f"  {name}{mark}: {values}")
    lines.append(f"Items (fans): mjscore items {variant.id}")
    return "\n".join(lines)

"""What the commands share: errors in the user's words (on stderr, or the JSON error object on
stdout with ``--json``), JSON out, and the variant commands.

A variant command (``mjscore VARIANT``, ``explain``, ``waits``, ``efficiency``) takes the hand,
one option per field of the variant's context (names and kinds from ``scorer.options``), the common
options (``--rules``, ``--dialect``, ``--json``, ``--glyphs``) and the command's own; it is built
only when asked for, so that a one-line query imports only the variant it names. Its typer
signature is generated from the context fields: a new variant needs no change here.
"""

from __future__ import annotations

import inspect
import json
import re
import sys
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Annotated, Any, NamedTuple, NoReturn

from scorer import options, registry
from scorer.errors import HandError, Problem
from scorer.fields import Field
from scorer.jsonio import dumps

# set by the command line from its arguments: with --json, errors are the JSON error object on stdout
JSON_ERRORS = False
# options the command line does not have, found before the command ran: told with every other
# problem of the command (cli.args), not alone
UNKNOWN_OPTIONS: list[Problem] = []


class Refused(Exception):
    """A command run only to find its problems (``checking``) stops here instead of telling them."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(problems)
        self.problems = problems


checking = False


def fail(err: HandError, flags: dict[str, str] | None = None) -> NoReturn:
    """Bad input: every problem (context fields named by the option typed, ``flags``), exit status 2."""
    problems = [in_option_words(p, flags) for p in err.problems] if flags else err.problems
    if checking:
        raise Refused(problems)
    tell([*UNKNOWN_OPTIONS, *problems])


def tell(problems: list[Problem]) -> NoReturn:
    """Every problem, in order (the JSON error object with ``--json``), exit status 2."""
    if JSON_ERRORS:
        emit_json({"error": HandError(problems).as_dict()})
    else:
        for p in problems:
            where = f" (position {p.position})" if p.position is not None else ""
            print(f"error: {p.message}{where} [{p.code}]", file=sys.stderr)
    raise SystemExit(2)


def usage(message: str, code: str = "usage") -> NoReturn:
    """A command used wrongly: the message (after any unknown option), exit status 2."""
    problems = [*UNKNOWN_OPTIONS, Problem(message, None, code)]
    if JSON_ERRORS:
        emit_json({"error": HandError(problems).as_dict()})
    else:
        for p in problems:
            print(f"error: {p.message}", file=sys.stderr)
    raise SystemExit(2)


def note(message: str) -> None:
    """A line for the user beside the output (on stderr, so that the output stays clean)."""
    print(message, file=sys.stderr)


def emit_json(data: Any) -> None:
    sys.stdout.write(dumps(data).decode() + "\n")


# --- problems in the user's words ---------------------------------------------------------------

_CONTEXT_PATH = re.compile(r"\bcontext\.([a-z_]+)((?:\.\w+|\[\d+\])*)")
_REQUEST_FIELD = re.compile(r"^(claim|rules)(?=[:\[])")  # a request field the command line has as an option
_RULE_OPTION = re.compile(r"^rules\.(\w+):")  # a rule option given in --rules JSON
_UNKNOWN_RULE_OPTION = re.compile(r"'rules\.(\w+)'")
_RANGE = re.compile(r"out of range \(from (-?\d+) to (-?\d+)\)")
_WINDS = "'E', 'S', 'W', 'N'"


def in_option_words(problem: Problem, flags: dict[str, str]) -> Problem:
    """A context problem as the command line says it: ``--flowers: 9 is out of range 0–8``, not
    ``context.flowers: ...``; a field named in the text is named by its option."""
    message = problem.message

    def option(match: re.Match[str]) -> str:
        name, rest = match.group(1), match.group(2)
        return flags[name] + rest if name in flags else match.group(0)

    message = _CONTEXT_PATH.sub(option, message)
    message = _REQUEST_FIELD.sub(r"--\1", message)
    message = _RULE_OPTION.sub(r"--rules: \1:", message)
    message = _UNKNOWN_RULE_OPTION.sub(r"'\1' in --rules", message)
    for name, flag in flags.items():
        if "_" not in name:  # a one-word field (dealer, wild) is also a plain word: named only as the subject
            message = re.sub(rf"^{re.escape(name)}(?= )", flag, message)
            continue
        message = re.sub(rf"(?<![\w.-]){re.escape(name)}(?![\w])", flag, message)
    message = _RANGE.sub(lambda m: f"out of range {m.group(1)}–{m.group(2)}", message)
    message = message.replace(f"is not one of {_WINDS}", "is not a wind (E S W N; East, South…; 东 南 西 北)")
    return Problem(message, problem.position, problem.code)


def given_twice(names: Sequence[Sequence[str]], argv: Sequence[str]) -> list[str]:
    """Each option given more than once (by any of its names): one value each, none silently
    dropped for a later one."""
    typed = [a.split("=", 1)[0] for a in argv]
    out = []
    for group in names:
        used = [a for a in typed if a in group]
        if len(used) > 1:
            out.append(f"{' and '.join(dict.fromkeys(used))} given {len(used)} times: give it once")
    return out


def typed_flags(fields: dict[str, Field], argv: Sequence[str]) -> dict[str, str]:
    """Each context field's option as typed (``--seat`` or ``--seat-wind``), else its first name."""
    flags = {}
    for name, info in fields.items():
        names = [options.flag(name), *options.aliases(info)]
        if options.is_bool(info):
            names.append("--no-" + options.flag(name)[2:])
        typed = [a.split("=", 1)[0] for a in argv if a.split("=", 1)[0] in names]
        flags[name] = typed[-1] if typed else names[0]
    return flags


# --- the variant commands -------------------------------------------------------------------------

class Option(NamedTuple):
    """A command's own option (``--claim``, ``--visible``): a text value, absent by default."""

    flag: str
    dest: str
    help: str
    metavar: str = "TEXT"


class VariantCall(NamedTuple):
    """What a variant command was given: the hand, the context fields given (read from their text),
    the common options, the command's own options by name, and each context field's option as
    typed (for errors)."""

    hand: str
    context: dict[str, Any]
    rules: str | dict[str, Any] | None
    dialect: str | None
    as_json: bool
    glyphs: bool
    own: dict[str, Any]
    flags: dict[str, str] = {}

    def fail(self, err: HandError) -> NoReturn:
        fail(err, self.flags)


ARGV: list[str] = []  # the command line's arguments, for the options as typed
_PREFIX = "context_"  # a context field's parameter name: kept apart from the common options


def _parameter(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation)


def context_parameter(name: str, info: Field) -> inspect.Parameter:
    """The option of one context field; it defaults to None ("not given") so the context keeps the
    variant's own defaults. Values are read as text and checked by the field, so that a problem is
    reported with every other one, in the field's words."""
    import typer

    names = [options.flag(name), *options.aliases(info)]
    help_text = info.description or ""
    if options.is_bool(info):
        # --x sets true, --no-x sets false, neither leaves the variant's default
        declared = [f"{names[0]}/--no-{names[0][2:]}", *names[1:]]
        return _parameter(_PREFIX + name, Annotated[bool | None, typer.Option(*declared, help=help_text,
                                                                                show_default=False)], None)
    metavar = "N" if options.is_int(info) else "WIND" if options.is_wind(info) else name.upper()
    return _parameter(_PREFIX + name, Annotated[str | None, typer.Option(*names, metavar=metavar, help=help_text,
                                                                         show_default=False)], None)


def add_variant_command(commands: Any, variant: registry.Variant, doc: str, hand_help: str,
                        action: Callable[[VariantCall], None], own: Sequence[Option] = (),
                        without: Collection[str] = ()) -> None:
    """One variant's command on ``commands`` (a ``typer.Typer``): ``action`` gets the call; ``own``
    are the command's own options (after the common ones); ``without``: context fields the command
    has no use for."""
    import typer

    fields = options.context_fields(variant)
    given_fields = [name for name in fields if name not in without]
    params = [_parameter("hand", Annotated[str, typer.Argument(metavar="HAND", help=hand_help, show_default=False)],
                         inspect.Parameter.empty)]
    params += [context_parameter(name, fields[name]) for name in given_fields]
    params += [
        _parameter("rules", Annotated[str | None, typer.Option("--rules", metavar="NAME|JSON",
                                                               help="a preset name or a JSON object of rule options")],
                   None),
        _parameter("dialect", Annotated[str | None, typer.Option(
            "--dialect", help="'helper' for ChineseOfficialMahjongHelper strings")], None),
        _parameter("as_json", Annotated[bool, typer.Option("--json", help="machine-readable output")], False),
        _parameter("glyphs", Annotated[bool, typer.Option("--glyphs/--no-glyphs",
                                                          help="draw tiles with Unicode mahjong glyphs")], True),
    ]
    params += [_parameter("own_" + o.dest, Annotated[str | None, typer.Option(o.flag, metavar=o.metavar, help=o.help,
                                                                              show_default=False)], None)
               for o in own]

    def run(**given: Any) -> None:
        flags = typed_flags({name: fields[name] for name in given_fields}, ARGV)
        once = [[options.flag(n), *options.aliases(fields[n]), *(["--no-" + options.flag(n)[2:]]
                                                                   if options.is_bool(fields[n]) else [])]
                for n in given_fields] + [["--rules"], ["--dialect"], *([o.flag] for o in own)]
        twice = given_twice(once, ARGV)
        if twice:
            fail(HandError([Problem(t, None, "usage") for t in twice]))
        context = {name: options.read_option(fields[name], given[_PREFIX + name]) if not options.is_bool(fields[name])
                   else given[_PREFIX + name]
                   for name in given_fields if given[_PREFIX + name] is not None}
        try:
            rules = options.read_rules(given["rules"])
        except HandError as err:
            try:
                variant.context(context)  # the context's problems too, every one at once
            except HandError as ctx_err:
                err = HandError(ctx_err.problems + err.problems)
            fail(err, flags)
        call = VariantCall(given["hand"], context, rules, given["dialect"], given["as_json"], given["glyphs"],
                           {o.dest: given["own_" + o.dest] for o in own}, flags)
        if UNKNOWN_OPTIONS:
            told_with_the_rest(action, call)
        action(call)

    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    run.tells_unknown_options_with_the_rest = True  # type: ignore[attr-defined]
    run.__doc__ = doc
    commands.command(variant.id, help=doc, epilog=presets_epilog(variant),
                     options_metavar="[OPTIONS]")(run)


def told_with_the_rest(action: Callable[[VariantCall], None], call: VariantCall) -> NoReturn:
    """The command line named options the command does not have: the command is run without
    them, its answer kept back, so that the hand's and the other options' problems are told with
    them, all at once; never an answer given while an option was left out."""
    import contextlib
    import io

    global checking
    problems: list[Problem] = []
    checking = True
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            action(call)
    except Refused as refused:
        problems = refused.problems
    finally:
        checking = False
    tell([*UNKNOWN_OPTIONS, *problems])


def wanted_variants(name: str | None) -> list[str]:
    """The variants to build commands for: the one named, else (help, a mistake) every one."""
    ids = registry.ids()
    return [name] if name in ids else ids


def variant_id(text: str) -> str:
    """A variant as typed: ``MCR`` is ``mcr``."""
    folded = text.casefold()
    return folded if folded in registry.ids() else text


def add_variant_commands(group: Any, ids: Iterable[str], add: Callable[[Any, registry.Variant], None]) -> None:
    """A group's variant commands (``VARIANT HAND ...``), one per id, each built by ``add``."""
    for vid in ids:
        add(group, registry.get(vid))


def presets_epilog(variant: registry.Variant) -> str:
    """The variant's rule presets for its ``--help``, one per paragraph (kept as they are)."""
    lines = ["Rule presets (--rules NAME, or a JSON object of options over a preset):"]
    for name, preset in variant.presets.items():
        mark = " (default)" if name == variant.default_preset else ""
        values = ", ".join(f"{k}={json.dumps(v)}" for k, v in preset.items()) or "the options' defaults"
        lines.append(f"  {name}{mark}: {values}")
    lines.append(f"Items (fans): mjscore items {variant.id}")
    return "\n\n".join(lines)

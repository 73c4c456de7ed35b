"""Running the typer app's click command: usage errors in the user's words (the option typed, a
suggestion for a typo) as ``error: ...`` on stderr, or the JSON error object on stdout with
``--json``, exit status 2; a group given no command shows its help on stderr, exit status 2."""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import typer

from . import commands as shared

# click's exceptions, wherever this typer takes click from (its own copy, or the click package)
errors: Any = importlib.import_module(typer.BadParameter.__module__)
_NO_ARGS = getattr(errors, "NoArgsIsHelpError", ())
_EXTRA_ARGUMENTS = re.compile(r"Got unexpected extra argument(?:s|\(s\))? \((.*)\)")


def run_command(command: Any, args: Sequence[str]) -> int:
    """The command (click's, from typer) run on ``args``; its exit status (0, or the one it asked for).
    An option a variant command does not have is told with the command's other problems: the
    command is run again without it (and without the value that followed it, when that value is
    then an argument too many), to find them, and gives no answer."""
    args = list(args)
    dropped_at: list[int] = []  # where each unknown option was: a value typed after it is there now
    shared.UNKNOWN_OPTIONS.clear()
    for _ in range(len(args) + 1):
        shared.ARGV = args  # the options as typed, for the command's errors
        try:
            code = command.main(args=list(args), prog_name="mjscore", standalone_mode=False)
        except _NO_ARGS as err:
            print(err.format_message(), file=sys.stderr)
            return 2
        except errors.UsageError as err:
            _drop_for_another_pass(err, args, dropped_at)
            continue
        except typer.Abort:
            raise SystemExit(130) from None
        return code if isinstance(code, int) else 0
    raise AssertionError("each pass drops one argument")  # never: the loop ends within len(args) passes


def _drop_for_another_pass(err: Any, args: list[str], dropped_at: list[int]) -> None:
    """Drop what a variant command can be run without (an unknown option, told later with the
    command's other problems; the value typed after it, when that is an argument too many), or
    tell the usage error now."""
    if isinstance(err, errors.NoSuchOption):
        at = _unknown_option_at(err, args)
        if at is None:
            _usage_error(err, args)
        shared.UNKNOWN_OPTIONS.append(shared.Problem(usage_message(err, args), None, "unknown_option"))
        dropped = [at]
    else:
        at = next((i for i in dropped_at if i < len(args) and not args[i].startswith("-")), None)
        if at is None or not _EXTRA_ARGUMENTS.fullmatch(err.message):
            _usage_error(err, args)
        dropped_at.remove(at)  # the unknown option's value, read as an argument too many
        dropped = []
    del args[at]
    dropped_at[:] = [i - (i > at) for i in dropped_at] + dropped


def _unknown_option_at(err: Any, args: list[str]) -> int | None:
    """Where the unknown option is in ``args``, when a variant command can be run without it."""
    callback = getattr(err.ctx.command, "callback", None) if err.ctx is not None else None
    if not getattr(callback, "tells_unknown_options_with_the_rest", False):
        return None
    return next((i for i, a in enumerate(args) if a.split("=", 1)[0] == err.option_name), None)


def _usage_error(err: Any, args: Sequence[str]) -> NoReturn:
    if not shared.JSON_ERRORS and err.ctx is not None:
        print(err.ctx.get_usage(), file=sys.stderr)
    shared.usage(usage_message(err, args), "unknown_option" if isinstance(err, errors.NoSuchOption) else "usage")


def usage_message(err: Any, args: Sequence[str]) -> str:
    """click's message said our way: the option as typed, and what it may have meant."""
    if isinstance(err, errors.NoSuchOption):
        maybe = f" (did you mean {' or '.join(sorted(err.possibilities))}?)" if err.possibilities else ""
        return f"no such option {err.option_name}{maybe}"
    if isinstance(err, errors.MissingParameter):
        kind = err.param.param_type_name if err.param is not None else "value"
        return f"missing {kind} {_typed(err.param, args)}"
    if isinstance(err, errors.BadOptionUsage) and err.message.endswith("requires an argument."):
        return f"{err.option_name} needs a value after it"
    if isinstance(err, errors.BadParameter):
        return f"{_typed(err.param, args)}: {err.message.removeprefix('Value error, ').rstrip('.')}"
    message = err.message
    extra = _EXTRA_ARGUMENTS.fullmatch(message)
    if extra:
        return (f"unexpected argument(s) {extra.group(1)} (an option's value follows it; "
                "a flag such as --self-draw takes none)")
    if message.startswith("No such command") and err.ctx is not None:
        import difflib

        typed = message.split("'", 2)[1] if message.count("'") >= 2 else ""
        group: Any = err.ctx.command
        known = group.list_commands(err.ctx) if hasattr(group, "list_commands") else []
        close = difflib.get_close_matches(typed.casefold(), known, n=3, cutoff=0.6)
        where = f"mjscore {err.ctx.command_path.split(' ', 1)[1]}" if " " in err.ctx.command_path else "mjscore"
        message = f"{where} has no command {typed!r}" + (f" (did you mean {' or '.join(close)}?)" if close else
                                                          f" (known: {', '.join(known)})")
    return message


def _typed(param: Any, args: Sequence[str]) -> str:
    """A parameter as the user wrote it: the option name typed, or the argument's name."""
    if param is None:
        return "a value"
    if param.param_type_name == "argument":
        return str(param.metavar or param.name).upper()
    names = [*param.opts, *param.secondary_opts]
    typed = [a.split("=", 1)[0] for a in args if a.split("=", 1)[0] in names]
    return typed[-1] if typed else names[0]


def at_least_one(value: int | None) -> int | None:
    """An option's value that must be a whole number ≥ 1 (``--workers``, ``--explain N``)."""
    if value is not None and value < 1:
        raise typer.BadParameter(f"{value} is not ≥ 1")
    return value

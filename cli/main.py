"""``mjscore``: score a hand, list its readings, run a batch, serve HTTP.

The command line is a typer app built for the command asked for: one command per variant is
generated from the variant's context fields, so a new variant needs no change here, and only the
variant named is imported (``--help``, completion and mistakes build them all). The heavier modules
(the scoring core, the batch runner, the HTTP stack, rich for ``--help``) are imported inside the
commands that need them. Usage errors and bad input exit with status 2, in the user's words: the
option typed, a suggestion for a typo, and with ``--json`` the JSON error object on stdout.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Sequence
from contextlib import contextmanager, redirect_stdout
from itertools import islice
from pathlib import Path
from typing import Annotated, Any

import typer

from scorer import registry
from scorer.errors import HandError
from scorer.version import __version__

from . import commands as shared
from .args import at_least_one, run_command
from .commands import (
    Option,
    VariantCall,
    add_variant_command,
    add_variant_commands,
    emit_json,
    fail,
    note,
    usage,
    variant_id,
    wanted_variants,
)


def parse(hand: str, variant: str, dialect: str | None, as_json: bool) -> None:
    """Read a hand and list every reading of it."""
    from scorer import engine

    try:
        answer = engine.partitions(hand, variant_id(variant), dialect)
    except HandError as err:
        fail(err)
    if as_json:
        emit_json(answer)
    else:
        from .render import print_partitions, screen

        print_partitions(answer, screen())


def items(variant: str, as_json: bool) -> None:
    """Every item (fan) of a variant: id, Chinese and English name, value, what it excludes."""
    try:
        v = registry.get(variant_id(variant))
    except HandError as err:
        fail(err)
    from scorer import reference

    try:
        excludes = reference.not_also_scored(v.id)  # what the score keeps out with each item, as `rules` says
    except HandError:
        excludes = None  # no rules page installed: the table's exclusions
    if as_json:
        emit_json([{**i.as_dict(), "excludes": [{"id": e, "principle": p} for e, p in excludes[i.id]]}
                    if excludes is not None else i.as_dict() for i in v.items])
        return
    from .render import print_items, screen

    print_items(v, screen(), excludes)


def rules(variant: str, item: str | None, as_json: bool) -> None:
    """The rules reference: a variant's page, or one item's definition, value, exclusions and example."""
    from scorer import reference

    try:
        if item is None:
            text = reference.page(variant_id(variant)).read_text(encoding="utf-8")
        else:
            answer = reference.item_reference(variant_id(variant), item)
    except HandError as err:
        fail(err)
    from .render import print_item_reference, print_markdown, screen

    if item is None:
        print_markdown(text, screen())
    elif as_json:
        emit_json(answer)
    else:
        print_item_reference(answer, screen())


def serve(host: str, port: int, workers: int, matches: Path | None) -> None:
    """Run the HTTP service."""
    from api import server

    if matches is not None:
        import os

        os.environ["MJSCORE_MATCHES"] = str(matches.resolve())  # read by every worker process
    server.run(host, port, workers)


def batch(infile: Path, output: Path | None, workers: int | None, dask: str | None, compact: bool,
          resume: bool) -> None:
    """Score one request per line, in order: output line N answers input line N; a bad line (blank
    too) yields an error result and the run goes on."""
    from scorer import batch as batch_mod

    if resume and output is None:
        usage("--resume needs -o OUTPUT (it continues OUTPUT.partial)")
    if output is not None and not resume and batch_mod.partial_path(output).exists():
        note(f"note: replacing {batch_mod.partial_path(output)}, left by a run that did not finish "
                   "(--resume continues it instead)")
    try:
        if dask:
            _batch_dask(infile, output, dask, compact, resume)
        else:
            _batch_local(infile, output, workers, compact, resume)
    except batch_mod.ResumeMismatch as err:
        usage(str(err))
    except KeyboardInterrupt:
        if output is not None:
            note(f"interrupted: the lines done are in {batch_mod.partial_path(output)}; "
                 "run again with --resume to continue")
        raise SystemExit(130) from None


def _batch_dask(infile: Path, output: Path | None, dask: str, compact: bool, resume: bool) -> None:
    from scorer import batch as batch_mod

    if str(infile) == "-" or output is None:
        usage("--dask needs an input file and -o OUTPUT")
    n = batch_mod.score_archive_dask(str(infile), str(output), dask, compact=compact, resume=resume)
    note(f"scored {n} lines on {dask}")


def _batch_local(infile: Path, output: Path | None, workers: int | None, compact: bool, resume: bool) -> None:
    from scorer import batch as batch_mod

    src = sys.stdin.buffer if str(infile) == "-" else infile.open("rb")
    try:
        if output is None:
            _batch_to(src, sys.stdout.buffer, 0, infile, workers, compact)
            return
        with batch_mod.writing(output, resume) as (dst, done):
            if done and sum(1 for _ in islice(src, done)) < done:
                raise batch_mod.ResumeMismatch(
                    f"{batch_mod.partial_path(output)} holds {done} lines, more than {infile} has: "
                    "not a run of this input")
            _batch_to(src, dst, done, infile, workers, compact)
    finally:
        if src is not sys.stdin.buffer:
            src.close()


def _batch_to(src: Any, dst: Any, done: int, infile: Path, workers: int | None, compact: bool) -> None:
    """Score the lines of ``src`` (binary, ``done`` lines already skipped) into ``dst``."""
    from scorer import batch as batch_mod

    show = sys.stderr.isatty() and str(infile) != "-"
    with _progress(infile if show else None, done) as advance:
        progress = (lambda n: advance(done + n)) if advance else None
        for answer in batch_mod.score_stream(src, workers=workers, progress=progress, compact=compact):
            dst.write(answer + b"\n")


@contextmanager
def _progress(path: Path | None, done: int = 0):
    """A progress bar on a terminal (lines done against the input's line count), else nothing."""
    if path is None:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from scorer.batch import count_lines

    with path.open("rb") as f:
        newlines, end = count_lines(f)
        total = newlines + (f.tell() > end)  # a last line without its newline counts too
    with Progress("scoring", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), transient=True,
                  console=Console(stderr=True)) as bar:
        task = bar.add_task("batch", total=total, completed=done)
        yield lambda n: bar.update(task, completed=n)




# --- one command per variant, generated from its context fields ---------------------------------

CLAIM = Option("--claim", "claim", "a claim to check, comma-separated: items by id, Chinese or English name, "
               "and/or a total, e.g. 清龙,all_chows,32")

SCORE_HELP = {
    "score": "Score a {name} ({name_zh}) hand.",
    "explain": "Every reading of a {name} hand side by side, the chosen one marked.",
    "waits": "Every tile that completes a {name} hand one tile short, with its score.",
}


def add_score_command(commands: Any, variant: registry.Variant, mode: str = "score") -> None:
    """``mode``: "score" (with ``--claim``), "explain" (every reading side by side) or "waits" (a
    hand one tile short)."""

    def act(call: VariantCall) -> None:
        from scorer import engine

        try:
            if mode == "waits":
                from scorer import referee

                answer = referee.waits(variant.id, call.hand, call.context, call.rules, call.dialect)
                if call.as_json:
                    emit_json(answer)
                else:
                    from .render import print_waits, screen

                    print_waits(answer, screen(), call.glyphs)
                return
            claim = call.own.get("claim")
            claimed = [c.strip() for c in claim.split(",") if c.strip()] if claim is not None else None
            if claim is not None and not claimed:
                call.fail(HandError("--claim names nothing to check (items, han and fu, a total: comma-separated)",
                                    None, "bad_request"))
            result = engine.score(variant.id, call.hand, call.context, call.rules, call.dialect,
                                  explain=mode == "explain", claim=claimed)
        except HandError as err:
            call.fail(err)
        if call.as_json:
            emit_json(result)
        else:
            from .render import print_result, screen

            print_result(result, screen(), call.glyphs)

    doc = SCORE_HELP[mode].format(name=variant.name, name_zh=variant.name_zh)
    add_variant_command(commands, variant, doc, "the hand in mjscore notation", act, [CLAIM] if mode == "score" else [])


# --- the static commands ---------------------------------------------------------------------------

ROOT_HELP = """Mahjong hand-scoring calculator (mjscore): every point with its rule, its tiles and what it excludes.

mjscore VARIANT HAND \\[context options] scores a hand; VARIANT --help lists its context options and \
rule presets; mjscore items VARIANT lists its items."""

JSON = Annotated[bool, typer.Option("--json", help="machine-readable output")]


def show_version(value: bool) -> None:
    """``--version``: the engine version and each variant's rule edition and presets."""
    if not value:
        return
    print(f"mjscore {__version__}")
    for vid in registry.ids():
        v = registry.get(vid)
        print(f"  {vid:<9} {v.edition}; rule presets: "
              + ", ".join(f"{p}{' (default)' if p == v.default_preset else ''}" for p in v.presets))
    raise typer.Exit(0)


def help_when_no_command(ctx: typer.Context) -> None:
    """A group given no command (``mjscore``, ``mjscore audit``): its help on stderr, exit status 2."""
    if ctx.invoked_subcommand is None:
        with redirect_stdout(sys.stderr):  # rich draws the help on what is stdout when it draws
            text = ctx.get_help()
            if text:
                print(text)
        raise typer.Exit(2)


def root_options(
    ctx: typer.Context,
    version: Annotated[bool, typer.Option("--version", callback=show_version, is_eager=True,
                                          help="the engine version and each variant's rule edition")] = False,
) -> None:
    help_when_no_command(ctx)


def parse_command(
    hand: Annotated[str, typer.Argument(metavar="HAND", help="the hand in mjscore notation", show_default=False)],
    variant: Annotated[str, typer.Option(help="variant whose tile set and hand size apply")] = "mcr",
    dialect: Annotated[str | None, typer.Option(help="'helper' for ChineseOfficialMahjongHelper strings")] = None,
    as_json: JSON = False,
) -> None:
    parse(hand, variant, dialect, as_json)


def items_command(
    variant: Annotated[str, typer.Argument(metavar="VARIANT", help="the variant whose item table to list",
                                           show_default=False)],
    as_json: JSON = False,
) -> None:
    items(variant, as_json)


def rules_command(
    variant: Annotated[str, typer.Argument(metavar="VARIANT", help="the variant whose rules to show",
                                           show_default=False)],
    item: Annotated[str | None, typer.Argument(metavar="ITEM", help="one item, by id, Chinese or English name",
                                               show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output (with ITEM)")] = False,
) -> None:
    rules(variant, item, as_json)


def serve_command(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port (the Makefile's PORT=)")] = 8000,
    workers: Annotated[int, typer.Option(metavar="N", callback=at_least_one,
                                         help="worker processes (1: one process; a many-core server: one per core)")] = 1,
    matches: Annotated[Path | None, typer.Option(metavar="FILE", help="the SQLite file of /v1/matches (default: "
                                                 "$MJSCORE_MATCHES, else ~/.local/share/mjscore/matches.sqlite3)")] = None,
) -> None:
    serve(host, port, workers, matches)


def batch_command(
    infile: Annotated[Path, typer.Argument(metavar="INFILE", help="JSONL file, one request per line ('-' for stdin)",
                                           show_default=False)],
    output: Annotated[Path | None, typer.Option("-o", "--output", help="JSONL output (default stdout), written as "
                                                "OUTPUT.partial and renamed when complete")] = None,
    workers: Annotated[int | None, typer.Option(metavar="N", help="processes to use (default: every core)")] = None,
    dask: Annotated[str | None, typer.Option(metavar="ADDRESS", help="score on this Dask scheduler instead")] = None,
    compact: Annotated[bool, typer.Option("--compact", help="compact results: total, items as \\[id, points, factor, count], "
                                          "payments (MCR scored in C on every core)")] = False,
    resume: Annotated[bool, typer.Option("--resume", help="continue a stopped run: keep the complete lines of OUTPUT.partial "
                                         "and skip as many input lines")] = False,
) -> None:
    batch(infile, output, workers, dask, compact, resume)


def export_format(value: str | None) -> str | None:
    """``--export``: one of the match export formats (their table, scorer.match.export.FORMATS)."""
    if value is None:
        return None
    from scorer.match.export import FORMATS, unknown_format

    if value not in FORMATS:
        raise typer.BadParameter(unknown_format(value))
    return value


def export_formats(incomplete: str) -> list[str]:
    from scorer.match.export import FORMATS

    return [name for name in FORMATS if name.startswith(incomplete)]


def sheet_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", show_default=False,
                                         help='the match: {"players": [4 names], "hands": [...]}, with "variant": '
                                              '"riichi" a hanchan (docs/match.md)')],
    as_json: JSON = False,
    explain: Annotated[int | None, typer.Option(metavar="N", callback=at_least_one,
                                                help="the full explanation of entry N's hand")] = None,
    export: Annotated[str | None, typer.Option(metavar="FORMAT", callback=export_format, autocompletion=export_formats,
                                               help="write the match in an export format: json (record + sheet), "
                                                    "csv, ema (results columns); docs/match.md#exports")] = None,
) -> None:
    from .sheet import sheet

    sheet(file, as_json, explain, export)


# name: (the command, its help); a group (audit, convert) is a typer app of its own
STATIC_COMMANDS: dict[str, tuple[Callable[..., None], str]] = {
    "parse": (parse_command, "Read a hand and list every reading of it."),
    "items": (items_command, "Every item (fan) of a variant: id, Chinese and English name, value, what it excludes."),
    "rules": (rules_command,
              "The rules reference: a variant's page, or one item's definition, value, exclusions and example."),
    "serve": (serve_command, "Run the HTTP service."),
    "batch": (batch_command, "Score one request per line, in order: output line N answers input line N; a bad line "
              "(blank too) yields an error result and the run goes on."),
    "sheet": (sheet_command, "A match's score sheet: an MCR match (seats, settlement, totals, table points, 追分) "
              "or a riichi hanchan (dealer, honba, sticks, points, session scores); corrections."),
}

VARIANT_GROUPS = {
    "explain": "Every reading of a hand side by side: mjscore explain VARIANT HAND ...",
    "waits": "The waits of a hand one tile short: mjscore waits VARIANT HAND ...",
    "efficiency": "Tile efficiency (牌效率): mjscore efficiency VARIANT HAND [--visible TILES] ...",
}


def command_adder(mode: str) -> Callable[[Any, registry.Variant], None]:
    """What adds one variant's command to a group: ``efficiency``'s, or a scoring mode's."""
    if mode == "efficiency":
        from .efficiency import add_efficiency_command

        return add_efficiency_command
    return lambda commands, variant: add_score_command(commands, variant, mode)


def group(name: str, help_text: str) -> typer.Typer:
    """A command that only holds commands (``audit``, ``explain``): given none, it shows its help."""
    app = typer.Typer(name=name, help=help_text, add_completion=False, context_settings=CONTEXT)
    app.callback(invoke_without_command=True, help=help_text)(help_when_no_command)
    return app


CONTEXT = {"help_option_names": ["-h", "--help"]}


def build_app(argv: Sequence[str], everything: bool = False) -> typer.Typer:
    """The typer app for this command line: only the command it names (a variant's, a static one,
    a group with the variant commands of the variant it names), or every command for help,
    completion or a mistake (typer turns each command's signature into click's at every start, so
    a one-line query builds its own command alone)."""
    known = (*STATIC_COMMANDS, *VARIANT_GROUPS, "audit", "convert", *registry.ids())
    command = argv[0] if argv and not everything and argv[0] in known else None
    root = typer.Typer(name="mjscore", help=ROOT_HELP, add_completion=True, context_settings=CONTEXT,
                       pretty_exceptions_enable=False)
    root.callback(invoke_without_command=True, help=ROOT_HELP)(root_options)
    for name, (func, help_text) in STATIC_COMMANDS.items():
        if command in (name, None):
            root.command(name, help=help_text)(func)
    if command in ("audit", "convert", None):
        from .audit import audit_group, convert_group

        root.add_typer(audit_group(group), name="audit")
        root.add_typer(convert_group(group), name="convert")
    for mode, help_text in VARIANT_GROUPS.items():
        if command in (mode, None):
            sub = group(mode, help_text)
            named = None if everything or len(argv) < 2 else argv[1]
            add_variant_commands(sub, wanted_variants(named), command_adder(mode))
            root.add_typer(sub, name=mode)
    if command is None or command in registry.ids():
        for vid in wanted_variants(command):
            add_score_command(root, registry.get(vid))
    return root


def in_our_words(argv: list[str]) -> list[str]:
    """``MCR`` is ``mcr``: a variant named where a command or a group's command is."""
    args = list(argv)
    for at in (0, 1) if args[:1] and args[0] in VARIANT_GROUPS else (0,):
        if len(args) > at:
            args[at] = variant_id(args[at])
    return args


def app(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``sys.argv`` by default); the exit status (usage errors and bad input
    exit with status 2, through ``SystemExit``)."""
    args = in_our_words(list(sys.argv[1:] if argv is None else argv))
    shared.JSON_ERRORS = "--json" in args
    completing = any(k.endswith("_COMPLETE") and k.startswith("_MJSCORE") for k in os.environ)
    command = typer.main.get_command(build_app(args, everything=completing or not args or args[0].startswith("-")))
    try:
        code = run_command(command, args)
        sys.stdout.flush()  # inside the try: a reader gone away is found here, not at exit
    except BrokenPipeError:
        # the reader stopped early (`mjscore rules mcr | head`): stop quietly, as other tools do
        _discard_stdout()
        raise SystemExit(1) from None
    if code:
        raise SystemExit(code)
    return 0


def _discard_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's last flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass  # not a real file (a test's capture): nothing will be flushed to a closed pipe


if __name__ == "__main__":
    sys.exit(app())

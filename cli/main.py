"""``mjscore``: score a hand, list its readings, run a batch, serve HTTP.

The parser (argparse, ``cli.args``) is built for the command asked for: one command per variant is
generated from the variant's context fields, so a new variant needs no change here, and only the
variant named is imported; ``--help`` and mistakes build them all. The heavier modules (the batch
runner, the HTTP stack) are imported inside the commands that need them.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from itertools import islice
from pathlib import Path
from typing import Any

from scorer import registry
from scorer.errors import HandError
from scorer.version import __version__

from .args import Parser, at_least_one, parse_command_line
from .commands import (
    Option,
    VariantCall,
    add_variant_command,
    add_variant_commands,
    emit_json,
    fail,
    note,
    usage,
    wanted_variants,
)


def parse(hand: str, variant: str, dialect: str | None, as_json: bool) -> None:
    """Read a hand and list every reading of it."""
    from scorer import engine

    try:
        answer = engine.partitions(hand, variant, dialect)
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
        v = registry.get(variant)
    except HandError as err:
        fail(err)
    if as_json:
        emit_json([i.as_dict() for i in v.items])
        return
    from .render import print_items, screen

    print_items(v, screen())


def rules(variant: str, item: str | None, as_json: bool) -> None:
    """The rules reference: a variant's page, or one item's definition, value, exclusions and example."""
    from scorer import reference

    try:
        if item is None:
            text = reference.page(variant).read_text(encoding="utf-8")
        else:
            answer = reference.item_reference(variant, item)
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
            if str(infile) == "-" or output is None:
                usage("--dask needs an input file and -o OUTPUT")
            n = batch_mod.score_archive_dask(str(infile), str(output), dask, compact=compact, resume=resume)
            note(f"scored {n} lines on {dask}")
            return
        src = sys.stdin.buffer if str(infile) == "-" else infile.open("rb")
        try:
            if output is None:
                _batch_to(src, sys.stdout.buffer, 0, infile, workers, compact)
            else:
                with batch_mod.writing(output, resume) as (dst, done):
                    if done and sum(1 for _ in islice(src, done)) < done:
                        raise batch_mod.ResumeMismatch(
                            f"{batch_mod.partial_path(output)} holds {done} lines, more than {infile} has: "
                            "not a run of this input")
                    _batch_to(src, dst, done, infile, workers, compact)
        finally:
            if src is not sys.stdin.buffer:
                src.close()
    except batch_mod.ResumeMismatch as err:
        usage(str(err))
    except KeyboardInterrupt:
        if output is not None:
            note(f"interrupted: the lines done are in {batch_mod.partial_path(output)}; "
                 "run again with --resume to continue")
        raise SystemExit(130) from None


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
            claimed = [c.strip() for c in claim.split(",") if c.strip()] if claim else None
            result = engine.score(variant.id, call.hand, call.context, call.rules, call.dialect,
                                  explain=mode == "explain", claim=claimed)
        except HandError as err:
            fail(err)
        if call.as_json:
            emit_json(result)
        else:
            from .render import print_result, screen

            print_result(result, screen(), call.glyphs)

    doc = SCORE_HELP[mode].format(name=variant.name, name_zh=variant.name_zh)
    add_variant_command(commands, variant, doc, "the hand in mjscore notation", act, [CLAIM] if mode == "score" else [])


# --- the parser ------------------------------------------------------------------------------------

ROOT_HELP = """Mahjong hand-scoring calculator (mjscore): every point with its rule, its tiles and what it excludes.

mjscore VARIANT HAND [context options] scores a hand; VARIANT --help lists its context options and \
rule presets; mjscore items VARIANT lists its items."""


class ShowVersion(argparse.Action):
    """``--version``: the engine version and each variant's rule edition and presets."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        print(f"mjscore {__version__}")
        for variant_id in registry.ids():
            v = registry.get(variant_id)
            print(f"  {variant_id:<9} {v.edition}; rule presets: "
                  + ", ".join(f"{p}{' (default)' if p == v.default_preset else ''}" for p in v.presets))
        raise SystemExit(0)


def group(commands: Any, name: str, help_text: str) -> Parser:
    """A command that only holds commands (``audit``, ``explain``): given none, it shows its help."""
    parser: Parser = commands.add_parser(name, help=help_text, description=help_text)
    parser.set_defaults(run=lambda ns: parser.help_and_exit())
    return parser


def parse_arguments(p: Parser) -> None:
    p.add_argument("hand", metavar="HAND", help="the hand in mjscore notation")
    p.add_argument("--variant", default="mcr", help="variant whose tile set and hand size apply (default: mcr)")
    p.add_argument("--dialect", help="'helper' for ChineseOfficialMahjongHelper strings")
    p.add_argument("--json", dest="as_json", action="store_true", help="machine-readable output")
    p.set_defaults(run=lambda ns: parse(ns.hand, ns.variant, ns.dialect, ns.as_json))


def items_arguments(p: Parser) -> None:
    p.add_argument("variant", metavar="VARIANT", help="the variant whose item table to list")
    p.add_argument("--json", dest="as_json", action="store_true", help="machine-readable output")
    p.set_defaults(run=lambda ns: items(ns.variant, ns.as_json))


def rules_arguments(p: Parser) -> None:
    p.add_argument("variant", metavar="VARIANT", help="the variant whose rules to show")
    p.add_argument("item", metavar="ITEM", nargs="?", help="one item, by id, Chinese or English name")
    p.add_argument("--json", dest="as_json", action="store_true", help="machine-readable output (with ITEM)")
    p.set_defaults(run=lambda ns: rules(ns.variant, ns.item, ns.as_json))


def serve_arguments(p: Parser) -> None:
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (the Makefile's PORT=; default: 8000)")
    p.add_argument("--workers", type=at_least_one, default=1, metavar="N",
                   help="worker processes (1: one process; a many-core server: one per core)")
    p.add_argument("--matches", type=Path, metavar="FILE", help="the SQLite file of /v1/matches (default: "
                   "$MJSCORE_MATCHES, else ~/.local/share/mjscore/matches.sqlite3)")
    p.set_defaults(run=lambda ns: serve(ns.host, ns.port, ns.workers, ns.matches))


def batch_arguments(p: Parser) -> None:
    p.add_argument("infile", metavar="INFILE", type=Path, help="JSONL file, one request per line ('-' for stdin)")
    p.add_argument("-o", "--output", type=Path, help="JSONL output (default stdout), written as OUTPUT.partial "
                   "and renamed when complete")
    p.add_argument("--workers", type=int, metavar="N", help="processes to use (default: every core)")
    p.add_argument("--dask", metavar="ADDRESS", help="score on this Dask scheduler instead")
    p.add_argument("--compact", action="store_true", help="compact results: total, items as [id, points, factor, "
                   "count], payments (MCR scored in C on every core)")
    p.add_argument("--resume", action="store_true", help="continue a stopped run: keep the complete lines of "
                   "OUTPUT.partial and skip as many input lines")
    p.set_defaults(run=lambda ns: batch(ns.infile, ns.output, ns.workers, ns.dask, ns.compact, ns.resume))


def sheet_arguments(p: Parser) -> None:
    from .sheet import add_arguments

    add_arguments(p)


def audit_commands(p: Parser) -> None:
    from .audit import add_audit

    add_audit(p)


def convert_commands(p: Parser) -> None:
    from .audit import add_convert

    add_convert(p)


# name: (help, what adds its arguments or commands); a group's help shows when it is given no command
STATIC_COMMANDS: dict[str, tuple[str, Callable[[Parser], None]]] = {
    "parse": ("Read a hand and list every reading of it.", parse_arguments),
    "items": ("Every item (fan) of a variant: id, Chinese and English name, value, what it excludes.",
              items_arguments),
    "rules": ("The rules reference: a variant's page, or one item's definition, value, exclusions and example.",
              rules_arguments),
    "serve": ("Run the HTTP service.", serve_arguments),
    "batch": ("Score one request per line, in order: output line N answers input line N; a bad line (blank "
              "too) yields an error result and the run goes on.", batch_arguments),
    "sheet": ("An MCR match's score sheet: seats, settlement, totals, table points, 追分, corrections.",
              sheet_arguments),
    "audit": ("Replay recorded games and check every recorded win against our scoring.", audit_commands),
    "convert": ("Turn recorded games into scoring requests (for mjscore batch and the API).", convert_commands),
}
GROUPS = {"audit", "convert"}


def add_static_commands(commands: Any, command: str | None) -> None:
    """Every static command, by name and help; only the one asked for gets its arguments (the
    others are never parsed, and their modules stay unimported)."""
    for name, (help_text, add_arguments) in STATIC_COMMANDS.items():
        parser = group(commands, name, help_text) if name in GROUPS else \
            commands.add_parser(name, help=help_text, description=help_text)
        if name == command:
            add_arguments(parser)


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


def build_parser(argv: Sequence[str]) -> Parser:
    """The parser for this command line: the static commands, and the variant commands of the
    variant it names (every variant's for help or a mistake)."""
    command = argv[0] if argv else None
    root = Parser(prog="mjscore", description=ROOT_HELP)
    root.add_argument("--version", action=ShowVersion, help="the engine version and each variant's rule edition")
    root.set_defaults(run=lambda ns: root.help_and_exit())
    commands = root.add_subparsers(title="commands", metavar="COMMAND")
    add_static_commands(commands, command)
    for mode, help_text in VARIANT_GROUPS.items():
        parser = group(commands, mode, help_text)
        if command == mode:
            add_variant_commands(parser, wanted_variants(argv[1] if len(argv) > 1 else None), command_adder(mode))
    if command not in commands.choices:
        for variant_id in wanted_variants(command):
            add_score_command(commands, registry.get(variant_id))
    return root


def app(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``sys.argv`` by default); the exit status (usage errors and bad input
    exit with status 2, through ``SystemExit``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    ns = parse_command_line(build_parser(args), args)
    try:
        ns.run(ns)
        sys.stdout.flush()  # inside the try: a reader gone away is found here, not at exit
    except BrokenPipeError:
        # the reader stopped early (`mjscore rules mcr | head`): stop quietly, as other tools do
        _discard_stdout()
        raise SystemExit(1) from None
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

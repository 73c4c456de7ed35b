"""``mjscore``: score a hand, list its readings, run a batch, serve HTTP.

The static commands are typer functions; one command per variant is generated from the variant's
context model, so a new variant needs no change here. Variant commands are built on first use and
the heavier modules (the renderer, the batch runner, the HTTP stack) are imported inside the
commands that need them: a one-line query loads only its own variant.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable
from contextlib import contextmanager
from itertools import islice
from pathlib import Path
from typing import Annotated, Any

import typer

from scorer import registry
from scorer.errors import HandError
from scorer.version import __version__

from .commands import LazyVariantGroup, VariantCall, emit_json, fail, usage, variant_command


def parse(
    hand: Annotated[str, typer.Argument(help="the hand in mjscore notation")],
    variant: Annotated[str, typer.Option(help="variant whose tile set and hand size apply")] = "mcr",
    dialect: Annotated[str | None, typer.Option(help="'helper' for ChineseOfficialMahjongHelper strings")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """Read a hand and list every reading of it."""
    from scorer import engine

    try:
        answer = engine.partitions(hand, variant, dialect)
    except HandError as err:
        fail(err)
    if as_json:
        emit_json(answer)
    else:
        from .render import console, print_partitions

        print_partitions(answer, console())


def items(
    variant: Annotated[str, typer.Argument(help="the variant whose item table to list")],
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """Every item (fan) of a variant: id, Chinese and English name, value, what it excludes."""
    try:
        v = registry.get(variant)
    except HandError as err:
        fail(err)
    if as_json:
        emit_json([i.as_dict() for i in v.items])
        return
    from .render import console, print_items

    print_items(v, console())


def rules(
    variant: Annotated[str, typer.Argument(help="the variant whose rules to show")],
    item: Annotated[str | None, typer.Argument(help="one item, by id, Chinese or English name")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output (with ITEM)")] = False,
) -> None:
    """The rules reference: a variant's page, or one item's definition, value, exclusions and example."""
    from scorer import reference

    try:
        if item is None:
            text = reference.page(variant).read_text(encoding="utf-8")
        else:
            answer = reference.item_reference(variant, item)
    except HandError as err:
        fail(err)
    from .render import console, print_item_reference, print_markdown

    if item is None:
        print_markdown(text, console())
    elif as_json:
        emit_json(answer)
    else:
        print_item_reference(answer, console())


def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port (the Makefile's PORT=)")] = 8000,
    workers: Annotated[int, typer.Option(min=1, help="worker processes (1: one process; a many-core "
                                                      "server: one per core)")] = 1,
    matches: Annotated[Path | None, typer.Option(help="the SQLite file of /v1/matches (default: "
                                                 "$MJSCORE_MATCHES, else ~/.local/share/mjscore/matches.sqlite3)")] = None,
) -> None:
    """Run the HTTP service."""
    from api import server

    if matches is not None:
        import os

        os.environ["MJSCORE_MATCHES"] = str(matches.resolve())  # read by every worker process
    server.run(host, port, workers)


def batch(
    infile: Annotated[Path, typer.Argument(help="JSONL file, one request per line ('-' for stdin)")],
    output: Annotated[Path | None, typer.Option("-o", "--output", help="JSONL output (default stdout), "
                                                "written as OUTPUT.partial and renamed when complete")] = None,
    workers: Annotated[int | None, typer.Option(help="processes to use (default: every core)")] = None,
    dask: Annotated[str | None, typer.Option("--dask", help="score on this Dask scheduler instead")] = None,
    compact: Annotated[bool, typer.Option("--compact", help="compact results: total, items as [id, points, "
                                          "factor, count], payments (MCR scored in C on every core)")] = False,
    resume: Annotated[bool, typer.Option("--resume", help="continue a stopped run: keep the complete lines of "
                                         "OUTPUT.partial and skip as many input lines")] = False,
) -> None:
    """Score one request per line, in order: output line N answers input line N; a bad line (blank
    too) yields an error result and the run goes on."""
    from scorer import batch as batch_mod

    if resume and output is None:
        usage("--resume needs -o OUTPUT (it continues OUTPUT.partial)")
    if output is not None and not resume and batch_mod.partial_path(output).exists():
        typer.echo(f"note: replacing {batch_mod.partial_path(output)}, left by a run that did not finish "
                   "(--resume continues it instead)", err=True)
    try:
        if dask:
            if str(infile) == "-" or output is None:
                usage("--dask needs an input file and -o OUTPUT")
            n = batch_mod.score_archive_dask(str(infile), str(output), dask, compact=compact, resume=resume)
            typer.echo(f"scored {n} lines on {dask}", err=True)
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
        typer.echo(f"error: {err}", err=True)
        raise SystemExit(2) from None
    except KeyboardInterrupt:
        if output is not None:
            typer.echo(f"interrupted: the lines done are in {batch_mod.partial_path(output)}; "
                       "run again with --resume to continue", err=True)
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


# --- one command per variant, generated from its context model ----------------------------------

CLAIM = inspect.Parameter("claim", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=Annotated[
    str | None, typer.Option("--claim", help="a claim to check, comma-separated: items by id, Chinese or English "
                             "name, and/or a total, e.g. 清龙,all_chows,32")])


def score_command(variant: registry.Variant, mode: str = "score") -> Callable[..., None]:
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
                    from .render import console, print_waits

                    print_waits(answer, console(), call.glyphs)
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
            from .render import console, print_result

            print_result(result, console(), call.glyphs)

    doc = {
        "score": f"Score a {variant.name} ({variant.name_zh}) hand.",
        "explain": f"Every reading of a {variant.name} hand side by side, the chosen one marked.",
        "waits": f"Every tile that completes a {variant.name} hand one tile short, with its score.",
    }[mode]
    return variant_command(variant, doc, "the hand in mjscore notation", act, [CLAIM] if mode == "score" else [])


class VariantCommands(LazyVariantGroup):
    mode = "score"

    def command_for(self, variant: registry.Variant) -> Callable[..., None]:
        return score_command(variant, self.mode)


class ExplainCommands(VariantCommands):
    mode = "explain"


class WaitsCommands(VariantCommands):
    mode = "waits"


def _version(value: bool) -> None:
    if value:
        typer.echo(f"mjscore {__version__}")
        for variant_id in registry.ids():
            v = registry.get(variant_id)
            typer.echo(f"  {variant_id:<9} {v.edition}; rule presets: "
                       + ", ".join(f"{p}{' (default)' if p == v.default_preset else ''}" for p in v.presets))
        raise typer.Exit()


def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="the engine version and each variant's rule edition")] = False,
) -> None:
    """Mahjong hand-scoring calculator (mjscore): every point with its rule, its tiles and what it excludes.

    mjscore VARIANT HAND [context options] scores a hand; VARIANT --help lists its context options and
    rule presets; mjscore items VARIANT lists its items.
    """


def build_cli() -> typer.Typer:
    """The whole command line: static commands plus one per variant (built on first use)."""
    app = typer.Typer(cls=VariantCommands, no_args_is_help=True, add_completion=False, rich_markup_mode=None)
    app.callback()(_root)
    for command in (parse, items, rules, serve, batch):
        app.command()(command)
    from .audit import audit_app, convert_app

    app.add_typer(audit_app(), name="audit")
    app.add_typer(convert_app(), name="convert")
    explain_app = typer.Typer(cls=ExplainCommands, no_args_is_help=True, rich_markup_mode=None,
                              help="Every reading of a hand side by side: mjscore explain VARIANT HAND ...")
    waits_app = typer.Typer(cls=WaitsCommands, no_args_is_help=True, rich_markup_mode=None,
                            help="The waits of a hand one tile short: mjscore waits VARIANT HAND ...")
    app.add_typer(explain_app, name="explain")
    app.add_typer(waits_app, name="waits")
    from .efficiency import efficiency_app

    app.add_typer(efficiency_app(), name="efficiency")
    from .sheet import sheet

    app.command()(sheet)
    return app


app = build_cli()


if __name__ == "__main__":
    app()

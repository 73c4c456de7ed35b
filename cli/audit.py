"""``mjscore audit botzone`` and ``mjscore convert botzone``: recorded games checked against our
scoring, or turned into scoring requests (docs/archive.md)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import IO, Annotated, Any

import typer

from .args import at_least_one
from .commands import usage

AUDIT_BOTZONE = ("Replay Botzone MCR records, score every win, compare fans, total and scores with the record: "
                 "the disagreements and errors as they come, then a summary.")
CONVERT_BOTZONE = ("Each recorded win as a scoring request, its claim the record's fans and total (mjscore batch "
                   "checks them); line N of the records file is the round of request N.")


Files = Annotated[list[Path], typer.Argument(metavar="FILE", show_default=False,
                                             help="Botzone text records or JSON match logs")]
AsJson = Annotated[bool, typer.Option("--json", help="machine-readable: JSON lines, the summary last")]
Workers = Annotated[int | None, typer.Option(metavar="N", callback=at_least_one, help="processes to use (default: every core)")]
Dask = Annotated[str | None, typer.Option(metavar="ADDRESS", help="replay and score on this Dask scheduler instead")]


def audit_group(group: Callable[[str, str], typer.Typer]) -> typer.Typer:
    """``audit`` with its ``botzone`` command."""
    audit = group("audit", "Replay recorded games and check every recorded win against our scoring.")

    @audit.command("botzone", help=AUDIT_BOTZONE)
    def botzone(files: Files, output: Annotated[Path | None, typer.Option(
                    "-o", "--output", help="one JSON line per round (written as OUTPUT.partial and renamed when "
                    "complete)")] = None,
                as_json: AsJson = False, workers: Workers = None, dask: Dask = None) -> None:
        audit_botzone(files, output, as_json, workers, dask)

    return audit


def convert_group(group: Callable[[str, str], typer.Typer]) -> typer.Typer:
    """``convert`` with its ``botzone`` command."""
    convert = group("convert", "Turn recorded games into scoring requests (for mjscore batch and the API).")

    @convert.command("botzone", help=CONVERT_BOTZONE)
    def botzone(files: Files, output: Annotated[Path, typer.Option(
                    "-o", "--output", show_default=False, help="the requests, one JSON line per win; the records go "
                    "beside it in OUTPUT's stem + .records.jsonl")],
                as_json: AsJson = False, workers: Workers = None, dask: Dask = None) -> None:
        convert_botzone(files, output, as_json, workers, dask)

    return convert


def audit_botzone(files: list[Path], output: Path | None, as_json: bool, workers: int | None,
                  dask: str | None) -> None:
    from scorer.archive.audit import Summary, audit_round

    _check(files)
    summary = Summary()
    with _interrupted(output), ExitStack() as stack:
        out = stack.enter_context(_writing(output)) if output else None
        for report in _run(audit_round, files, workers, dask, not as_json):
            summary.add(report)
            if out is not None:
                out.write(_dumps(report) + b"\n")
            if report["outcome"] == "error" or report.get("agree") is False:
                _emit(report, as_json)
    if as_json:
        print(_dumps(summary.as_dict()).decode())
    else:
        wait = f" ({summary.wait_fans_only} in the wait fans only)" if summary.wait_fans_only else ""
        agree = "agrees" if summary.agree == 1 else "agree"
        print(f"{_n(summary.rounds, 'round')}: {_n(summary.wins, 'win')}, {summary.drawn} drawn, "
                   f"{_n(summary.errors, 'error')}\n{_n(summary.agree, 'win')} {agree} with the record, "
                   f"{summary.disagree} disagree{wait}")


def convert_botzone(files: list[Path], output: Path, as_json: bool, workers: int | None, dask: str | None) -> None:
    from scorer.archive.audit import Summary, convert_round

    _check(files)
    summary = Summary()
    records = records_path(output)
    with _interrupted(output), _writing(output) as out, _writing(records) as rec:
        for line in _run(convert_round, files, workers, dask, not as_json):
            summary.add({**line, "agree": True})
            if line["outcome"] == "win":
                out.write(_dumps(line["request"]) + b"\n")
                rec.write(_dumps({k: line[k] for k in ("id", "source", "line", "winner", "record")}) + b"\n")
            elif line["outcome"] == "error":
                _emit(line, as_json)
    counts = summary.as_dict()
    if as_json:
        print(_dumps({k: counts[k] for k in ("rounds", "wins", "drawn", "errors")}).decode())
    else:
        print(f"{_n(summary.rounds, 'round')}: {_n(summary.wins, 'win')} written to {output} (records in "
                   f"{records}), {summary.drawn} drawn, {_n(summary.errors, 'error')}")


def records_path(output: Path) -> Path:
    stem = output.name[:-len(".jsonl")] if output.name.endswith(".jsonl") else output.name
    return output.with_name(stem + ".records.jsonl")


# --- running -------------------------------------------------------------------------------------

def _check(files: list[Path]) -> None:
    for path in files:
        if not path.is_file():
            usage(f"cannot read {path}: no such file")


def _run(func: Callable[[Any], dict[str, Any]], files: list[Path], workers: int | None, dask: str | None,
         bar: bool) -> Iterator[dict[str, Any]]:
    from scorer.archive import run, sources

    rounds = sources.rounds_of(files)
    with ExitStack() as stack:
        client = stack.enter_context(_dask_client(dask)) if dask else None
        advance = stack.enter_context(_progress(sources.total_bytes(files) if bar and sys.stderr.isatty() else None))
        try:
            if client is not None:
                yield from run.map_rounds_dask(func, rounds, client, progress=advance)
            else:
                yield from run.map_rounds(func, rounds, workers, progress=advance)
        except OSError as err:  # a file that went away or became unreadable during the run
            usage(f"cannot read: {err}")


@contextmanager
def _dask_client(address: str) -> Iterator[Any]:
    from distributed import Client

    try:
        client = Client(address, timeout=30)
    except (OSError, TimeoutError, ValueError) as err:
        usage(f"cannot reach the Dask scheduler at {address}: {err}")
    try:
        yield client
    finally:
        client.close()


@contextmanager
def _progress(total: int | None) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on a terminal (bytes of input done), else nothing."""
    if total is None:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TimeRemainingColumn

    with Progress("replaying", BarColumn(), DownloadColumn(), TimeRemainingColumn(), transient=True,
                  console=Console(stderr=True)) as bar:
        task = bar.add_task("audit", total=total)
        yield lambda n: bar.update(task, completed=n)


@contextmanager
def _interrupted(output: Path | None) -> Iterator[None]:
    """Ctrl-C: say what was kept (the rounds done, in OUTPUT.partial) and exit 130."""
    try:
        yield
    except KeyboardInterrupt:
        kept = f": the rounds done are in {output}.partial" if output is not None else ""
        print(f"interrupted{kept}", file=sys.stderr)
        raise SystemExit(130) from None


@contextmanager
def _writing(path: Path) -> Iterator[IO[bytes]]:
    from scorer.batch import writing

    with writing(path) as (f, _):
        yield f


# --- output --------------------------------------------------------------------------------------

def _dumps(value: Any) -> bytes:
    from scorer.jsonio import dumps

    return dumps(value)


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _emit(report: dict[str, Any], as_json: bool) -> None:
    """A disagreement or an error, as it comes."""
    if as_json:
        keys = ("id", "source", "line", "outcome", "why", "error")
        print(_dumps({k: report[k] for k in keys if k in report}).decode())
        return
    where = f"{report['source']}:{report['line']}"
    if report["outcome"] == "error":
        err = report["error"]
        unit = "turn" if "turn" in err else "line"
        print(f"error     {report['id'] or '-'} ({where})\n  {unit} {err[unit]}: {err['message']}")
        return
    from scorer.archive.record import SEATS

    w, d = report["winner"], report["discarder"]
    how = "self-drawn" if d is None else f"on player {d}'s ({SEATS[d]}) tile"
    print(f"disagree  {report['id']} ({where}): player {w} ({SEATS[w]}) wins {how}")
    print(f"  hand    {report['result']['hand']}")
    for label, side in (("record", report["record"]), ("ours", report["result"])):
        fans = ", ".join(f"{f['name']} {f['value']}" + (f"×{f['count']}" if f["count"] > 1 else "")
                         for f in side["fans"])
        print(f"  {label:<7} {side['total']}: {fans or '-'}; scores {' '.join(map(str, side['scores']))}")
    for reason in report["why"]:
        print(f"  why     {reason}")

"""``mjscore audit botzone|tenhou|mjai`` and ``mjscore convert botzone|tenhou|mjai``: recorded games
checked against our scoring, or turned into scoring requests (docs/archive.md, docs/batch.md)."""

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
AUDIT_RIICHI = ("Replay {fmt} riichi game logs, score every win (the log's rules, else tenhou; --rules overrides), "
                "compare {what}the four score changes with the record: the disagreements and errors as they "
                "come, then a summary.")
CONVERT_RIICHI = ("Each recorded win of {fmt} riichi game logs as a scoring request, one JSON line each; its "
                  "record (the score changes, and where stated the value) goes beside it in OUTPUT's stem + "
                  ".records.jsonl.")
RIICHI_FORMATS = {"tenhou": ("tenhou.net/6", "yaku, han, fu, points and "), "mjai": ("MJAI", "")}
CONVERT_BOTZONE = ("Each recorded win as a scoring request, its claim the record's fans and total (mjscore batch "
                   "checks them); line N of the records file is the round of request N.")


Files = Annotated[list[Path], typer.Argument(metavar="FILE", show_default=False,
                                             help="Botzone text records or JSON match logs")]
AsJson = Annotated[bool, typer.Option("--json", help="machine-readable: JSON lines, the summary last")]
Workers = Annotated[int | None, typer.Option(metavar="N", callback=at_least_one, help="processes to use (default: every core)")]
Dask = Annotated[str | None, typer.Option(metavar="ADDRESS", help="replay and score on this Dask scheduler instead")]
LogFiles = Annotated[list[Path], typer.Argument(metavar="FILE", show_default=False, help="game logs (tenhou: "
                                               "tenhou.net/6 JSON; mjai: MJAI JSON lines)")]
Rules = Annotated[str | None, typer.Option("--rules", metavar="NAME|JSON", help="score with this preset or these rule "
                                           "options instead of the log's own")]
Report = Annotated[Path | None, typer.Option("-o", "--output", help="one JSON line per round (written as "
                                             "OUTPUT.partial and renamed when complete)")]


def audit_group(group: Callable[[str, str], typer.Typer]) -> typer.Typer:
    """``audit`` with its ``botzone`` command."""
    audit = group("audit", "Replay recorded games and check every recorded win against our scoring.")

    @audit.command("botzone", help=AUDIT_BOTZONE)
    def botzone(files: Files, output: Annotated[Path | None, typer.Option(
                    "-o", "--output", help="one JSON line per round (written as OUTPUT.partial and renamed when "
                    "complete)")] = None,
                as_json: AsJson = False, workers: Workers = None, dask: Dask = None) -> None:
        audit_botzone(files, output, as_json, workers, dask)

    for fmt, (name, what) in RIICHI_FORMATS.items():
        _riichi_audit_command(audit, fmt, name, what)
    return audit


def _riichi_audit_command(audit: typer.Typer, fmt: str, name: str, what: str) -> None:
    @audit.command(fmt, help=AUDIT_RIICHI.format(fmt=name, what=what))
    def command(files: LogFiles, output: Report = None, as_json: AsJson = False, workers: Workers = None, dask: Dask = None,
                rules: Rules = None) -> None:
        audit_riichi(fmt, files, output, as_json, workers, dask, rules)


def _riichi_convert_command(convert: typer.Typer, fmt: str, name: str) -> None:
    @convert.command(fmt, help=CONVERT_RIICHI.format(fmt=name))
    def command(files: LogFiles, output: Annotated[Path, typer.Option("-o", "--output", show_default=False, help="the requests, one "
                                                     "JSON line per win")],
                as_json: AsJson = False, workers: Workers = None, dask: Dask = None, rules: Rules = None) -> None:
        convert_riichi(fmt, files, output, as_json, workers, dask, rules)


def convert_group(group: Callable[[str, str], typer.Typer]) -> typer.Typer:
    """``convert`` with its ``botzone`` command."""
    convert = group("convert", "Turn recorded games into scoring requests (for mjscore batch and the API).")

    @convert.command("botzone", help=CONVERT_BOTZONE)
    def botzone(files: Files, output: Annotated[Path, typer.Option(
                    "-o", "--output", show_default=False, help="the requests, one JSON line per win; the records go "
                    "beside it in OUTPUT's stem + .records.jsonl")],
                as_json: AsJson = False, workers: Workers = None, dask: Dask = None) -> None:
        convert_botzone(files, output, as_json, workers, dask)

    for fmt, (name, _) in RIICHI_FORMATS.items():
        _riichi_convert_command(convert, fmt, name)
    return convert


def audit_botzone(files: list[Path], output: Path | None, as_json: bool, workers: int | None,
                  dask: str | None) -> None:
    from scorer.archive.audit import audit_round

    _audit(audit_round, "botzone", files, output, as_json, workers, dask)


def audit_riichi(fmt: str, files: list[Path], output: Path | None, as_json: bool, workers: int | None,
                 dask: str | None, rules: str | None) -> None:
    from functools import partial

    from scorer.archive.riichi_audit import audit_round

    _audit(partial(audit_round, rules=_riichi_rules(rules)), fmt, files, output, as_json, workers, dask)


def _audit(func: Callable[[Any], dict[str, Any]], fmt: str, files: list[Path], output: Path | None, as_json: bool,
           workers: int | None, dask: str | None) -> None:
    from scorer.archive.audit import Summary

    _check(files)
    summary = Summary()
    with _interrupted(output), ExitStack() as stack:
        out = stack.enter_context(_writing(output)) if output else None
        for report in _run(func, files, workers, dask, not as_json, fmt):
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
        won = summary.rounds - summary.drawn - summary.errors
        # a round with a double ron is one round won, two wins
        wins = _n(summary.wins, "win") if won == summary.wins else f"{won} won ({_n(summary.wins, 'win')})"
        print(f"{_n(summary.rounds, 'round')}: {wins}, {summary.drawn} drawn, "
                   f"{_n(summary.errors, 'error')}\n{_n(summary.agree, 'win')} {agree} with the record, "
                   f"{summary.disagree} disagree{wait}")


def _riichi_rules(text: str | None) -> str | dict[str, Any] | None:
    """``--rules``, checked before any round is replayed: a bad preset or option is a usage error."""
    from scorer import registry
    from scorer.errors import HandError
    from scorer.options import read_rules

    try:
        rules = read_rules(text)
        if rules is not None:
            registry.get("riichi").rules(rules)
    except HandError as err:
        usage("--rules: " + "; ".join(p.message for p in err.problems))
    return rules


def convert_riichi(fmt: str, files: list[Path], output: Path, as_json: bool, workers: int | None, dask: str | None,
                   rules: str | None) -> None:
    from functools import partial

    from scorer.archive.audit import Summary
    from scorer.archive.riichi_audit import convert_round

    func = partial(convert_round, rules=_riichi_rules(rules))
    _check(files)
    summary = Summary()
    records = records_path(output)
    with _interrupted(output), _writing(output) as out, _writing(records) as rec:
        for line in _run(func, files, workers, dask, not as_json, fmt):
            summary.add(line)
            for win in line.get("wins", []):
                out.write(_dumps(win["request"]) + b"\n")
                rec.write(_dumps({"id": line["id"], "source": line["source"], "line": line["line"],
                                  "winner": win["winner"], "record": win["record"]}) + b"\n")
            if line["outcome"] == "error":
                _emit(line, as_json)
    _converted(summary, output, records, as_json)


def convert_botzone(files: list[Path], output: Path, as_json: bool, workers: int | None, dask: str | None) -> None:
    from scorer.archive.audit import Summary, convert_round

    _check(files)
    summary = Summary()
    records = records_path(output)
    with _interrupted(output), _writing(output) as out, _writing(records) as rec:
        for line in _run(convert_round, files, workers, dask, not as_json, "botzone"):
            summary.add({**line, "agree": True})
            if line["outcome"] == "win":
                out.write(_dumps(line["request"]) + b"\n")
                rec.write(_dumps({k: line[k] for k in ("id", "source", "line", "winner", "record")}) + b"\n")
            elif line["outcome"] == "error":
                _emit(line, as_json)
    _converted(summary, output, records, as_json)


def _converted(summary: Any, output: Path, records: Path, as_json: bool) -> None:
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
         bar: bool, fmt: str) -> Iterator[dict[str, Any]]:
    from scorer.archive import run, sources

    rounds = sources.rounds_of(files, fmt)
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
        print(_dumps(_brief(report)).decode())
        return
    where = f"{report['source']}:{report['line']}"
    if "wins" in report or "where" in report.get("error", {}):
        _emit_riichi(report, where)
    elif report["outcome"] == "error":
        err = report["error"]
        unit = "turn" if "turn" in err else "line"
        print(f"error     {report['id'] or '-'} ({where})\n  {unit} {err[unit]}: {err['message']}")
    else:
        _emit_mcr(report, where)


def _brief(report: dict[str, Any]) -> dict[str, Any]:
    """A report's JSON line: where, the outcome and why (a riichi round's disagreeing wins)."""
    keys = ("id", "source", "line", "outcome", "why", "error")
    brief = {k: report[k] for k in keys if k in report}
    if "wins" in report:
        brief["wins"] = [{k: w[k] for k in ("winner", "discarder", "where", "why")} for w in report["wins"]
                         if not w["agree"]]
    return brief


def _emit_mcr(report: dict[str, Any], where: str) -> None:
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


def _emit_riichi(report: dict[str, Any], where: str) -> None:
    if report["outcome"] == "error":
        err = report["error"]
        print(f"error     {report['id'] or '-'} ({where})\n  {err['where']}: {err['message']}")
        return
    for win in report["wins"]:
        if win["agree"]:
            continue
        w, d = win["winner"], win["discarder"]
        how = "self-drawn" if d is None else f"on player {d}'s tile"
        print(f"disagree  {report['id']} ({where}): player {w} wins {how} ({win['where']})")
        print(f"  hand    {win['result']['hand']}")
        rec, ours = win["record"], win["result"]
        if "value" in rec:
            yaku = ", ".join(f"{y['name']} {y['han']}" for y in rec["yaku"])
            print(f"  record  {rec['value']}: {yaku or '-'}; changes {' '.join(map(str, rec['deltas']))}")
        else:
            print(f"  record  changes {' '.join(map(str, rec['deltas']))}")
        yaku = ", ".join(f"{y['name']} {y['han']}" for y in ours["yaku"])
        value = f"{ours['fu']}符{ours['han']}飜{ours['points']}点" if ours["valid"] else f"no win ({ours['reason']})"
        print(f"  ours    {value}: {yaku or '-'}; changes {' '.join(map(str, ours['deltas']))}")
        for reason in win["why"]:
            print(f"  why     {reason}")

"""A match written out (docs/match.md#exports): JSON (the record and its sheet), CSV (every entry,
the standings and the corrections; for a riichi hanchan the sum-to-zero check too) and the EMA
results columns, each written by the writer of the sheet's kind."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .kinds import of_sheet

FORMAT_VERSION = 1
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _text(value: Any) -> str:
    """Text for a spreadsheet cell: a name or reason that starts like a formula is quoted so that a
    spreadsheet shows it rather than running it."""
    s = "" if value is None else str(value)
    return "'" + s if s.startswith(_FORMULA) else s


def as_json(record: dict[str, Any], sheet: dict[str, Any]) -> dict[str, Any]:
    """``record`` reads back with ``mjscore sheet`` (its log included); ``sheet`` is what it computed."""
    return {"format": "mjscore-match", "version": FORMAT_VERSION, "record": record, "sheet": sheet}


def _event(row: dict[str, Any]) -> tuple[str, str, str, str]:
    kind = row["kind"]
    if kind == "win":
        return row["winner"], row["from"] or "", str(row["fan"]), (row.get("scored") or {}).get("hand", "")
    if kind == "false_win":
        return row["offender"], "", "", ""
    return "", "", "", ""


def as_csv(sheet: dict[str, Any]) -> str:
    """The CSV of a sheet of any kind (its variant's writer)."""
    return _BY_KIND[of_sheet(sheet).name][0](sheet)


def as_ema(record: dict[str, Any], sheet: dict[str, Any]) -> str:
    """The EMA results columns of a sheet of any kind (its variant's writer)."""
    return _BY_KIND[of_sheet(sheet).name][1](record, sheet)


def mcr_csv(sheet: dict[str, Any]) -> str:
    """One row per entry (its deltas and the running totals), then totals, places, table points and
    the corrections: ``record`` tells the rows apart."""
    names = sheet["players"]
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(["record", "n", "hand", "label", "kind", "winner_or_offender", "from", "fan", "tiles", "reason",
                *(_text(p) for p in names), *(_text(f"total {p}") for p in names)])
    for row in sheet["hands"]:
        who, src, fan, tiles = _event(row)
        reason = row.get("reason") or row.get("note") or ""
        w.writerow(["entry", row["n"], row["hand"], row.get("label", ""), row["kind"], _text(who), _text(src), fan,
                    tiles, _text(reason), *(row["deltas"][p] for p in names), *(row["totals"][p] for p in names)])
    blank = [""] * 9
    w.writerow(["totals", *blank, *(sheet["totals"][p] for p in names)])
    w.writerow(["places", *blank, *(sheet["places"][p] for p in names)])
    w.writerow(["table_points", *blank, *(sheet["table_points_exact"][p] for p in names)])
    w.writerow([])
    _corrections(w, sheet)
    return out.getvalue()


EMA_COLUMNS = ["Rank", "Name", "EMA number", "Country", "Table points", "Score"]


def _ema_rows(record: dict[str, Any], sheet: dict[str, Any], points: Callable[[str], Any],
              score: Callable[[str], Any]) -> str:
    """The EMA results columns, one row per player, best first (ties share a place): place, name, EMA
    number and country (when the record gives them), the table's points and the score."""
    details = {p["name"]: p for p in record["players"] if isinstance(p, dict)}
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(EMA_COLUMNS)
    order = sorted(sheet["players"], key=lambda p: (sheet["places"][p], sheet["players"].index(p)))
    for p in order:
        d = details.get(p, {})
        w.writerow([sheet["places"][p], _text(p), d.get("ema_id", ""), _text(d.get("country", "")),
                    points(p), score(p)])
    return out.getvalue()


def mcr_ema(record: dict[str, Any], sheet: dict[str, Any]) -> str:
    """An MCR table's EMA results: table points, and the match total as the score."""
    return _ema_rows(record, sheet, lambda p: f"{sheet['table_points'][p]:.2f}", lambda p: sheet["totals"][p])


def _corrections(w: Any, sheet: dict[str, Any]) -> None:
    w.writerow(["correction", "seq", "at", "by", "action", "n", "reason", "before", "after"])
    for e in sheet["log"]:
        w.writerow(["correction", e["seq"], e["at"], _text(e["by"]), e["action"], e["n"], _text(e["reason"]),
                    _text(json.dumps(e["before"], ensure_ascii=False) if e["before"] else ""),
                    _text(json.dumps(e["after"], ensure_ascii=False) if e["after"] else "")])


def _joined(values: list[Any]) -> str:
    return " / ".join("" if v is None else str(v) for v in values)


def _session(value: float | int) -> str:
    """A session score as a tournament sheet writes it: 21.6, -5, 3.33 (an uma split in three)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def riichi_csv(sheet: dict[str, Any]) -> str:
    """A hanchan: one row per entry (hand, honba, sticks, who won off whom with han and fu and who was
    liable (pao), or who was tenpai, the score changes and the running points), the standings, the sum-to-zero check with
    each penalty on its own line, then the corrections."""
    names = sheet["players"]
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(["record", "n", "hand", "honba", "sticks", "kind", "winner", "from", "han", "fu", "limit", "pao",
                "riichi", "tenpai", "reason", *(_text(p) for p in names), *(_text(f"points {p}") for p in names)])
    for row in sheet["hands"]:
        w.writerow(_hanchan_entry(row, names))
    blank = [""] * 14
    w.writerow(["final_points", *blank, *(sheet["final_points"][p] for p in names)])
    w.writerow(["places", *blank, *(sheet["places"][p] for p in names)])
    w.writerow(["uma", *blank, *(_session(sheet["uma"][p]) for p in names)])
    w.writerow(["session_scores", *blank, *(_session(sheet["session_scores"][p]) for p in names)])
    w.writerow([])
    check = sheet["check"]
    w.writerow(["check", "session_sum", _session(check["session_sum"]), "lost_sticks",
                _session(check["lost_sticks"]), "sums_to_zero", "yes" if check["zero"] else "NO"])
    for p in sheet["penalties"]:
        w.writerow(["penalty", p["n"], _text(p["player"]), _session(p["points"] / 1000), _text(p["reason"])])
    w.writerow(["scores", *blank, *(_session(sheet["scores"][p]) for p in names)])
    w.writerow([])
    _corrections(w, sheet)
    return out.getvalue()


def _hanchan_entry(row: dict[str, Any], names: list[str]) -> list[Any]:
    """One entry's CSV row: several winners (and their han, fu, limit, liable player) joined; the pao
    cell is empty when no win names one."""
    wins = row.get("wins") or []
    return ["entry", row["n"], row.get("label", ""), row.get("honba", ""), row.get("sticks", ""), row["kind"],
            _text(_joined([x["winner"] for x in wins])), _text(_joined([x["from"] for x in wins])),
            _joined([_han(x) for x in wins]), _joined([x["fu"] for x in wins]), _joined([x["limit"] for x in wins]),
            _text(_joined([x.get("pao") for x in wins]) if any(x.get("pao") for x in wins) else ""),
            _text(_joined(row.get("riichi", []))), _text(_joined(row.get("tenpai", []))),
            _text(_reason(row)), *(row["deltas"][p] for p in names), *(row["points"][p] for p in names)]


def _han(win: dict[str, Any]) -> Any:
    return f"{win['yakuman']}x yakuman" if win.get("yakuman") else win["han"]


def _reason(row: dict[str, Any]) -> str:
    return row.get("reason") or row.get("note") or ("abortive draw" if row.get("abortive") else "")


def riichi_ema(record: dict[str, Any], sheet: dict[str, Any]) -> str:
    """A hanchan's EMA results: final points, and the session score with penalties as the score."""
    return _ema_rows(record, sheet, lambda p: sheet["final_points"][p], lambda p: _session(sheet["scores"][p]))


# each kind of sheet's writers (by the name in kinds.SHEETS): (CSV, EMA columns)
_BY_KIND: dict[str, tuple[Callable[[dict[str, Any]], str], Callable[[dict[str, Any], dict[str, Any]], str]]] = {
    "mcr_match": (mcr_csv, mcr_ema), "riichi_hanchan": (riichi_csv, riichi_ema)}


@dataclass(frozen=True, slots=True)
class ExportFormat:
    """One way to write a match out: what it holds, its media type and file name, and its writer
    (``record``, ``sheet`` → the text, or for JSON the object written)."""

    name: str
    description: str
    media_type: str
    file_suffix: str  # the file name after ``match-ID``
    write: Callable[[dict[str, Any], dict[str, Any]], Any]


# every export, read by the API's route, the CLI's --export and the page's links
FORMATS: dict[str, ExportFormat] = {f.name: f for f in (
    ExportFormat("json", "the record (it reads back with mjscore sheet) and the sheet computed from it",
                 "application/json", ".json", as_json),
    ExportFormat("csv", "every entry with its deltas and running totals, the standings and the corrections",
                 "text/csv; charset=utf-8", ".csv", lambda record, sheet: as_csv(sheet)),
    ExportFormat("ema", "the EMA results columns (rank, name, EMA number, country, table points, score)",
                 "text/csv; charset=utf-8", "-ema.csv", as_ema),
)}


def unknown_format(name: str) -> str:
    """The message for an export name that is not one of FORMATS."""
    return f"{name!r} is not an export format (known: {', '.join(FORMATS)})"

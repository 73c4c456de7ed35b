"""A match written out (docs/match.md#exports): JSON (the record and its sheet), CSV (every entry,
the standings and the corrections) and the EMA results columns."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

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
    w.writerow(["correction", "seq", "at", "by", "action", "n", "reason", "before", "after"])
    for e in sheet["log"]:
        w.writerow(["correction", e["seq"], e["at"], _text(e["by"]), e["action"], e["n"], _text(e["reason"]),
                    _text(json.dumps(e["before"], ensure_ascii=False) if e["before"] else ""),
                    _text(json.dumps(e["after"], ensure_ascii=False) if e["after"] else "")])
    return out.getvalue()


EMA_COLUMNS = ["Rank", "Name", "EMA number", "Country", "Table points", "Score"]


def as_ema(record: dict[str, Any], sheet: dict[str, Any]) -> str:
    """The columns of an EMA MCR results table, one row per player, best first: place (ties share
    it), name, EMA number and country (when the record gives them), table points, score."""
    details = {p["name"]: p for p in record["players"] if isinstance(p, dict)}
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(EMA_COLUMNS)
    order = sorted(sheet["players"], key=lambda p: (sheet["places"][p], sheet["players"].index(p)))
    for p in order:
        d = details.get(p, {})
        w.writerow([sheet["places"][p], _text(p), d.get("ema_id", ""), _text(d.get("country", "")),
                    f"{sheet['table_points'][p]:.2f}", sheet["totals"][p]])
    return out.getvalue()


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

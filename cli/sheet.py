"""``mjscore sheet FILE.json [--json] [--explain N] [--export FORMAT]``: a match's score sheet
(docs/match.md): for MCR every hand settled with its seats, running totals, places, table points,
what each player needs; for a riichi hanchan every hand with its dealer, honba and sticks, the
points, places and session scores; the corrections log."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorer.errors import HandError
from scorer.jsonread import what_is_wrong

from .commands import emit_json, fail
from .table import Table

if TYPE_CHECKING:
    from .screen import Screen

# the match modules are imported by the command, not here: building the CLI stays cheap

ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def read_match(path: Path) -> Any:
    """The match file's JSON value (or an export's ``record``), bounded in size."""
    from scorer.match.model import MAX_FILE_BYTES

    try:
        with path.open("rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise HandError(f"cannot read {path}: {err.strerror}", None, "bad_file") from None
    if len(data) > MAX_FILE_BYTES:
        raise HandError(f"{path} is over the limit of {MAX_FILE_BYTES} bytes", None, "file_too_large")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise HandError(f"{path} is not UTF-8 text (byte {err.start})", None, "bad_json") from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as err:  # what is wrong and where, as an editor counts lines and columns
        raise HandError(f"{path} is not JSON: {what_is_wrong(err)} at line {err.lineno}, column {err.colno}", None,
                        "bad_json") from None
    except (ValueError, RecursionError):  # an integer of thousands of digits, or nesting past the reader
        raise HandError(f"{path} is not a match file: a number too long or nesting too deep", None,
                        "bad_json") from None
    if isinstance(raw, dict) and raw.get("format") == "mjscore-match" and "record" in raw:
        return raw["record"]
    return raw


def event(row: dict[str, Any]) -> str:
    """One line of what happened in an entry."""
    kind = row["kind"]
    if kind == "win":
        how = "self-drawn" if row["self_draw"] else f"off {row['from']}"
        items = ""
        if row.get("scored"):
            top = sorted(row["scored"]["items"], key=lambda i: -i["points"])[:2]
            items = " (" + ", ".join(i["name_zh"] for i in top) + ")"
        return f"{row['winner']} {row['fan']} {how}{items}"
    if kind == "draw":
        return "draw 荒庄"
    if kind == "not_played":
        return "not played"
    if kind == "false_win":
        return f"false win 错和: {row['offender']}" + (f" — {row['reason']}" if row.get("reason") else "")
    return f"penalty: {row['reason']}"


def print_sheet(sheet: dict[str, Any], screen: Screen) -> None:
    names = sheet["players"]
    title = sheet.get("title") or "MCR match"
    table = Table.of(("#", "right"), "hand", "what", *((p, "right") for p in names),
                     title=f"{title} — {sheet['hands_played']}/16 hands")
    for row in sheet["hands"]:
        label = f"{row['label']} {row['label_zh']}" if "label" in row else f"(in {row['hand']})"
        cells = []
        for p in names:
            d = row["deltas"][p]
            mark = "*" if row.get("dealer") == p else ""
            cells.append(f"{d:+d}{mark}" if d or row["kind"] != "not_played" else "")
        table.row(str(row["n"]), label, event(row), *cells)
    table.section()
    table.row("", "total", "", *(f"{sheet['totals'][p]:+d}" for p in names))
    table.row("", "place", "", *(ORDINAL[sheet["places"][p]] for p in names))
    table.row("", "table points", "", *(sheet["table_points_exact"][p] for p in names))
    screen.table(table)
    screen.say("* the dealer of the hand")
    if not sheet["complete"]:
        print_needs(sheet, screen)
    if sheet["log"]:
        screen.say("corrections:")
        for e in sheet["log"]:
            screen.say(f"  {e['seq']}. {e['at']} {e['by']}: {e['action']} entry {e['n']} — {e['reason']}")


def riichi_event(row: dict[str, Any]) -> str:
    """One line of what happened in a hanchan entry."""
    if row["kind"] == "penalty":
        return f"penalty: {row['reason']}"
    parts = []
    for w in row.get("wins", []):
        how = "tsumo" if w["self_draw"] else f"ron off {w['from']}"
        worth = f"{w['yakuman']}x yakuman" if w.get("yakuman") else \
            f"{w['han']} han" + (f" {w['fu']} fu" if w.get("fu") and w["han"] < 5 else "")
        limit = f" {w['limit'].replace('_', ' ')}" if w["limit"] and not w.get("yakuman") else ""
        pao = f" (pao: {w['pao']} liable)" if w.get("pao") else ""
        parts.append(f"{w['winner']} {how} {worth}{limit}{pao}")
    if row["kind"] == "draw":
        parts.append("abortive draw" if row["abortive"] else
                     "draw, tenpai: " + (", ".join(row["tenpai"]) or "nobody"))
    if row["riichi"]:
        parts.append("riichi: " + ", ".join(row["riichi"]))
    return "; ".join(parts)


def print_hanchan(sheet: dict[str, Any], screen: Screen) -> None:
    names = sheet["players"]
    title = sheet.get("title") or "Riichi hanchan"
    preset = sheet["rules"]["preset"] or "custom rules"
    table = Table.of(("#", "right"), "hand", "what", *((p, "right") for p in names),
                     title=f"{title} — {preset}" + ("" if sheet["complete"] else " (in play)"))
    for row in sheet["hands"]:
        hand = f"{row['label']}-{row['honba']}" if "label" in row else ""
        cells = [f"{row['deltas'][p]:+d}{'*' if row.get('dealer') == p else ''}" for p in names]
        table.row(str(row["n"]), hand, riichi_event(row), *cells)
    table.section()
    table.row("", "points", "", *(str(sheet["final_points"][p]) for p in names))
    table.row("", "place", "", *(ORDINAL[sheet["places"][p]] for p in names))
    table.row("", "session", "", *(f"{sheet['session_scores'][p]:+g}" for p in names))
    if sheet["penalties"]:
        table.row("", "with penalties", "", *(f"{sheet['scores'][p]:+g}" for p in names))
    screen.table(table)
    screen.say("* the dealer of the hand; E1-0: the hand and its honba")
    _hanchan_notes(sheet, screen)


def _hanchan_notes(sheet: dict[str, Any], screen: Screen) -> None:
    """Under the table: the sticks left at the end, the next hand, the penalties, the corrections."""
    left = sheet["leftover_riichi"]
    if left and left["sticks"]:
        to = ", ".join(left["to"]) if left["to"] else "lost"
        screen.say(f"riichi sticks left at the end: {left['sticks']} ({to})")
    if sheet["next"] is not None:
        nxt = sheet["next"]
        screen.say(f"next: {nxt['label']}-{nxt['honba']}, dealer {nxt['dealer']}, sticks on the table {nxt['sticks']}")
    for p in sheet["penalties"]:
        screen.say(f"penalty (entry {p['n']}): {p['player']} {p['points'] / 1000:+g} — {p['reason']}")
    if sheet["log"]:
        screen.say("corrections:")
        for e in sheet["log"]:
            screen.say(f"  {e['seq']}. {e['at']} {e['by']}: {e['action']} entry {e['n']} — {e['reason']}")


# each kind of sheet's printer, by the sheet kind's name (scorer/match/kinds.py)
PRINTERS: dict[str, Callable[[dict[str, Any], Screen], None]] = {"mcr_match": print_sheet,
                                                                  "riichi_hanchan": print_hanchan}


def print_needs(sheet: dict[str, Any], screen: Screen) -> None:
    """追分: the smallest fan to pass each player ahead (自摸, 对点 off them, 旁点 off another)."""
    table = Table.of("chaser", "ahead", ("gap", "right"), ("self-draw 自摸", "right"), ("off them 对点", "right"),
                     ("off another 旁点", "right"), title="追分: smallest fan to pass")
    for p in sorted(sheet["players"], key=lambda p: -sheet["totals"][p]):
        for t in sheet["needs"][p]["to_pass"]:
            table.row(p, t["player"], str(t["gap"]), str(t["self_draw"]), str(t["off_them"]),
                          str(t["off_other"]))
    if table.row_count:
        screen.table(table)
    places = Table.of("player", "now", "to", ("self-draw", "right"), "on a discard by",
                      title="追分: smallest fan to reach a place")
    for p in sorted(sheet["players"], key=lambda p: -sheet["totals"][p]):
        need = sheet["needs"][p]
        for t in need["to_place"]:
            by = sorted(t["from"].items(), key=lambda kv: kv[1])
            places.row(p, ORDINAL[need["place"]], ORDINAL[t["place"]], str(t["self_draw"]),
                           ", ".join(f"{d} {f}" for d, f in by))
    if places.row_count:
        screen.table(places)


def sheet(file: Path, as_json: bool, explain: int | None, export: str | None) -> None:
    """A match's score sheet (MCR or a riichi hanchan, by the file's variant), its JSON or an export."""
    from scorer.match import new_record
    from scorer.match.kinds import of_sheet

    try:
        record, computed = new_record(read_match(file))
        if explain is not None:
            result = of_sheet(computed).explanation(computed, explain)
    except HandError as err:
        fail(err)
    if explain is not None:
        if as_json:
            emit_json(result)
        else:
            from .render import print_result, screen

            print_result(result, screen())
        return
    if export is not None:
        from scorer.match.export import FORMATS

        written = FORMATS[export].write(record, computed)
        if isinstance(written, dict):
            emit_json(written)
        else:
            sys.stdout.write(written)
        return
    if as_json:
        emit_json(computed)
    else:
        from .render import screen

        PRINTERS[of_sheet(computed).name](computed, screen())

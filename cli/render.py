"""Readable (non-JSON) output: tables with English and Chinese names, tiles drawn as glyphs."""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from scorer import registry
from scorer.result import ContextUsed, Item, Result
from scorer.tiles import LETTERS, glyph, kind

from .screen import Screen
from .table import Justify, Table

if TYPE_CHECKING:  # built on first use (scorer/result_parts.py), which a plain query never needs
    from scorer.result_parts import ReadingView, WildUse

_TILE_RUN = re.compile(r"(\d+)([mps])|([A-Z])")


def glyphs_of(text: str) -> str:
    """``[123m]EE`` → the U+1F000 glyphs of its tiles, brackets kept (canonical text only)."""
    out = []
    pos = 0
    for m in _TILE_RUN.finditer(text):
        out.append(text[pos:m.start()])
        if m.group(1):
            # a red five (riichi's 0m 0p 0s) has the five's glyph
            out.extend(glyph(kind(int(d) or 5, m.group(2))) for d in m.group(1))
        elif m.group(3) in LETTERS:
            out.append(glyph(27 + LETTERS.index(m.group(3))))
        else:
            out.append(m.group(3))
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)


def screen() -> Screen:
    return Screen()


def say(screen: Screen, text: str) -> None:
    """A line of plain text, wrapped by the terminal, not by us."""
    screen.say(text)


def say_notes(notes: Any, screen: Screen) -> None:
    """How the input was read where it could be read another way (``warnings``)."""
    for note in notes:
        say(screen, f"note: {note}")


# Short names of the shared context fields in the one-line echo; other fields use their own name.
_CONTEXT_LABELS = {"seat_wind": "seat", "round_wind": "round", "win_tile": "winning tile",
                   "dealer_streak": "dealer streak"}


def context_line(used: ContextUsed) -> str:
    """``context: seat E*, round E*, discard from N*, flowers 0* (* default)``: what the score assumed.

    Booleans are named when true; a win is said to be self-drawn or on a discard (and from whom);
    fields without a value are left out."""
    values, defaults = used.values, set(used.defaults)

    def mark(*names: str) -> str:
        return "*" if all(n in defaults for n in names) else ""

    parts = []
    if values.get("self_draw") is not None:
        parts.append(_how_won(values, mark))
    for name, value in values.items():
        if name in ("self_draw", "discarder") or value is None or value is False or value in ([], {}, ""):
            continue
        label = _CONTEXT_LABELS.get(name, name.replace("_", " "))
        parts.append(label + mark(name) if value is True else f"{label} {_option_text(value)}{mark(name)}")
    return "context: " + ", ".join(parts) + ("  (* default)" if "*" in "".join(parts) else "")


def _how_won(values: dict[str, Any], mark: Callable[..., str]) -> str:
    if values["self_draw"]:
        return "self-drawn" + mark("self_draw")
    if values.get("discarder"):
        return f"discard from {values['discarder']}" + mark("self_draw", "discarder")
    return "on a discard" + mark("self_draw")


def _option_text(value: Any) -> str:
    """A value written back as the option takes it (a list as scorer.options.split_list reads it)."""
    if not isinstance(value, list):
        return str(value)
    items = [str(v) for v in value]
    return (";" if any("," in v or "[" in v for v in items) else ",").join(items)


def rules_line(rules: dict[str, Any]) -> str:
    """``rules: helper`` or ``rules: helper+custom (minimum=6)``: the preset the score applied."""
    preset = rules.get("preset")
    if preset and preset.endswith("+custom"):
        options = ", ".join(f"{k}={json.dumps(v)}" for k, v in rules.items() if k != "preset")
        return f"rules: {preset} ({options})"
    return f"rules: {preset}"


def wilds_text(wilds: list[WildUse]) -> str:
    """``金 9s → 3s, 金 9s → 7p``: what each wild stands for in a reading."""
    return ", ".join(f"{w.name_zh} {w.wild} → {w.stands_for}" for w in wilds)


ITEM_COLUMNS: tuple[tuple[str, Justify], ...] = (
    ("item", "left"), ("中文", "left"), ("points", "right"), ("×", "right"), ("count", "right"), ("tiles", "left"))


def _items_table(items: list[Item], points_name: str = "points") -> Table:
    table = Table.of(*((points_name, how) if name == "points" else (name, how) for name, how in ITEM_COLUMNS))
    for it in items:
        factor = f"×{it.factor}" if it.factor != 1 else ""
        table.row(it.name, it.name_zh, str(it.points) if it.points else "", factor,
                      str(it.count), it.tiles or (it.detail or ""))
    return table


def _excluded_table(result: Result | ReadingView) -> Table:
    ex = Table.of("item", "中文", "excluded by", "principle", title="not also scored")
    for e in result.excluded:
        ex.row(e.name + (f" ×{e.count}" if e.count > 1 else ""), e.name_zh, e.by or "", e.principle)
    return ex


def print_result(result: Result, screen: Screen, glyphs: bool = True) -> None:
    _print_hand(result, screen, glyphs)
    if result.items:
        screen.table(_items_table(result.items, registry.get(result.variant).points_name))
    if result.excluded:
        screen.table(_excluded_table(result))
    _print_tie_break(result, screen)
    for line in registry.get(result.variant).summary(result):
        screen.wrapped(line)
    _print_outcome(result, screen)
    if result.context_used is not None:
        say(screen, context_line(result.context_used))
    if result.rules:
        say(screen, rules_line(result.rules))
    say_notes(result.warnings, screen)
    if result.verdict is not None:
        _print_verdict(result, screen)


def _print_hand(result: Result, screen: Screen, glyphs: bool) -> None:
    """The hand, its glyphs, the reading chosen and what its wilds stand for."""
    screen.wrapped(f"{result.variant}  {result.hand}")
    if glyphs:
        screen.wrapped(glyphs_of(result.hand))
    if result.partition:
        reading = " ".join(result.partition)
        screen.wrapped("reading: " + reading + (f"   {glyphs_of(reading)}" if glyphs else ""))
    if result.wilds:
        screen.wrapped("wilds: " + wilds_text(result.wilds))


def _print_tie_break(result: Result, screen: Screen) -> None:
    """Every reading (explain), or why this reading of the several."""
    if result.readings:
        _print_readings(result.readings, screen)
        if result.tie_break:
            screen.wrapped(f"tie-break: {result.tie_break}")
    elif result.tie_break and result.details.get("readings", 0) > 1:
        # why this reading of the several: the referee's first question about a hand read two ways
        n = result.details["readings"]
        screen.wrapped(f"tie-break: {result.tie_break} ({n} readings; explain lists them)")


def _print_outcome(result: Result, screen: Screen) -> None:
    """The total (or why it is no win) and the payments."""
    if result.valid:
        screen.wrapped(f"total {result.total}")
    else:
        screen.wrapped(f"not a valid win: {result.reason}")
    if result.payments and (result.valid or any(result.payments.values())):  # an invalid win pays nothing
        screen.wrapped("payments: " + "  ".join(f"{seat} {amount:+d}" for seat, amount in result.payments.items()))


def _print_readings(readings: list[ReadingView], screen: Screen) -> None:
    table = Table.of("#", "", "reading", "items", "not also scored", "total", title="every reading")
    chosen_total = next((r.total for r in readings if r.chosen), None)
    for r in readings:
        items = ", ".join(f"{i.name_zh} " + (str(i.points) if i.points or i.factor == 1 else f"×{i.factor}")
                          + (f" ×{i.count}" if i.count > 1 else "") for i in r.items)
        excluded = ", ".join(f"{e.name_zh}←{e.by}" for e in r.excluded)
        mark = "chosen" if r.chosen else ("tie" if r.total == chosen_total else "")
        reading = " ".join(r.partition) + (f"\n{wilds_text(r.wilds)}" if r.wilds else "")
        table.row(str(r.index), mark, reading, items, excluded, str(r.total))
    screen.table(table)
    for r in readings:
        if r.note:
            screen.wrapped(f"#{r.index}: {r.note}")


def _print_verdict(result: Result, screen: Screen) -> None:
    v = result.verdict
    if v is None:
        return
    table = Table.of("claimed", "verdict", "why", title="claim check")
    for c in v.items:
        table.row(c.id, c.status.replace("_", " "), c.why)
    for m in v.missed:
        table.row(m, "missed", "scored but not claimed")
    if v.claimed_total is not None:
        table.row(str(v.claimed_total), "agrees" if v.total_agrees else "differs",
                      f"computed total {v.computed_total}")
    screen.table(table)
    screen.wrapped(v.summary)


def print_waits(answer: dict[str, Any], screen: Screen, glyphs: bool = True) -> None:
    screen.wrapped(f"{answer['variant']}  {answer['hand']}"
                  + (f"   {glyphs_of(answer['hand'])}" if glyphs else ""))
    say_notes(answer.get("warnings", ()), screen)
    if not answer["waits"]:
        screen.wrapped("no tile completes this hand")
        return
    modes = sorted({m for w in answer["waits"] if w["scores"] for m in w["scores"]}, reverse=True)
    table = Table.of("tile", *(m.replace("_", "-") for m in modes), title="waits")
    for w in answer["waits"]:
        tile = w["tile"] + (f" {glyphs_of(w['tile'])}" if glyphs else "")
        if w["four_held"]:
            table.row(tile, *["all four held" for _ in modes])
            continue
        cells = []
        for m in modes:
            s = w["scores"][m]
            note = f" ({s['note']})" if s.get("note") else ""
            cells.append(f"{s['total']}{note}" if s["valid"] else (f"✗ {s['note']}" if note else f"✗ {s['reason']}"))
        table.row(tile, *cells)
    screen.table(table)
    if "context_used" in answer:
        say(screen, context_line(ContextUsed(**answer["context_used"])))


def print_items(variant: Any, screen: Screen, excludes: dict[str, list[tuple[str, str]]] | None = None) -> None:
    """``mjscore items VARIANT``: one line an item (value, id, Chinese and English name), then what it
    excludes (``excludes``: by item, as the rules reference gives them; else the table's), wrapped
    to the terminal."""
    say(screen, f"{variant.name} ({variant.name_zh}): {len(variant.items)} items")
    indent = " " * 7
    for it in variant.items:
        value = f"×{it.factor}" if it.factor != 1 else str(it.points)
        say(screen, f"{value:>5}  {it.id}  {it.name_zh}  {it.name}")
        kept_out = excludes.get(it.id, it.excludes) if excludes is not None else it.excludes
        if kept_out:
            text = "excludes " + ", ".join(i for i, _ in kept_out)
            for line in textwrap.wrap(text, width=max(screen.width - len(indent), 30)):
                say(screen, indent + line)


def print_markdown(text: str, screen: Screen) -> None:
    """A rules page as its Markdown source: readable as it is, and whole for a pager or grep."""
    for line in text.rstrip("\n").split("\n"):
        screen.say(line)


def print_item_reference(ref: dict[str, Any], screen: Screen) -> None:
    """``mjscore rules VARIANT ITEM``: what the item is, what it is worth and excludes, its example."""
    variant = registry.get(ref["variant"])
    value = variant.item_value(next(i for i in variant.items if i.id == ref["id"]))
    say(screen, f"{ref['name_zh']} {ref['name']} — {value}   ({ref['id']})")
    if ref["definition"]:
        for line in textwrap.wrap(ref["definition"], width=max(screen.width - 2, 30)):
            say(screen, line)
    if ref["excludes"]:
        say(screen, "not also scored with it: " + ", ".join(f"{e['name_zh']} {e['name']} ({e['principle'].replace('_', '-')})"
                                                   for e in ref["excludes"]))
    example = ref["example"]
    if example:
        say(screen, f"example: $ {example['command']}")
        scored = example["item"]
        if scored:
            points = f"×{scored['factor']}" if scored["factor"] != 1 else str(scored["points"])
            count = f" ×{scored['count']}" if scored["count"] > 1 else ""
            tiles = f" from {scored['tiles']}" if scored["tiles"] else ""
            say(screen, f"  {ref['name_zh']} scores {points}{count}{tiles}; total {example['total']}")
        else:
            say(screen, f"  total {example['total']} (the item is not scored in this example)")
    say(screen, f"see {ref['doc']}")


def print_partitions(answer: dict[str, Any], screen: Screen) -> None:
    screen.wrapped(f"hand: {answer['hand']}")
    say_notes(answer.get("warnings", ()), screen)
    parts = answer["partitions"]
    if not parts:
        screen.wrapped("no reading: the tiles do not form a winning shape")
        return
    table = Table.of(("#", "right"), "reading")
    for i, groups in enumerate(parts, 1):
        table.row(str(i), " ".join(groups))
    screen.table(table)

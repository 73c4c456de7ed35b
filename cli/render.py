"""Readable (non-JSON) output: tables with English and Chinese names."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from scorer.result import Result


def print_result(result: Result, console: Console) -> None:
    console.print(f"[bold]{result.variant}[/bold]  {result.hand}")
    if result.partition:
        console.print("reading: " + " ".join(result.partition))
    table = Table(show_header=True, header_style="bold")
    for col, justify in (("item", "left"), ("中文", "left"), ("points", "right"), ("×", "right"),
                         ("count", "right"), ("tiles", "left")):
        table.add_column(col, justify=justify)
    for it in result.items:
        factor = f"×{it.factor}" if it.factor != 1 else ""
        table.add_row(it.name, it.name_zh, str(it.points) if it.points else "", factor,
                      str(it.count), it.tiles or (it.detail or ""))
    if result.items:
        console.print(table)
    if result.excluded:
        ex = Table(title="not also scored", show_header=True, header_style="bold")
        for col in ("item", "中文", "excluded by", "principle"):
            ex.add_column(col)
        for e in result.excluded:
            ex.add_row(e.name + (f" ×{e.count}" if e.count > 1 else ""), e.name_zh, e.by or "", e.principle)
        console.print(ex)
    if result.valid:
        console.print(f"[bold green]total {result.total}[/bold green]")
    else:
        console.print(f"[bold red]not a valid win[/bold red]: {result.reason}")
    if result.payments:
        console.print("payments: " + "  ".join(f"{seat} {amount:+d}" for seat, amount in result.payments.items()))


def print_partitions(answer: dict[str, Any], console: Console) -> None:
    console.print(f"hand: {answer['hand']}")
    parts = answer["partitions"]
    if not parts:
        console.print("no reading: the tiles do not form a winning shape")
        return
    table = Table(show_header=True, header_style="bold")
    table.add_column("#", justify="right")
    table.add_column("reading")
    for i, groups in enumerate(parts, 1):
        table.add_row(str(i), " ".join(groups))
    console.print(table)

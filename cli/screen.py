"""Where readable output goes: standard output, at the width of the terminal (80 columns when the
output is not a terminal, or ``COLUMNS``), tables and long lines fitted to it."""

from __future__ import annotations

import os
import sys
from typing import TextIO

from .table import Table, wrap

DEFAULT_WIDTH = 80


def terminal_width() -> int:
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    try:
        if sys.stdout.isatty():
            return os.get_terminal_size(sys.stdout.fileno()).columns or DEFAULT_WIDTH
    except (AttributeError, ValueError, OSError):  # not a real file, or no terminal after all
        pass
    return DEFAULT_WIDTH


class Screen:
    def __init__(self, width: int | None = None, file: TextIO | None = None) -> None:
        self.width = width or terminal_width()
        self.file = file

    def say(self, text: str) -> None:
        """A line as it is: the terminal wraps it, not we (a command to copy, a line a test reads)."""
        print(text, file=self.file or sys.stdout)

    def wrapped(self, text: str) -> None:
        """Text broken at spaces to the screen's width."""
        for line in wrap(text, self.width):
            self.say(line.rstrip())

    def table(self, table: Table) -> None:
        for line in table.render(self.width):
            self.say(line)

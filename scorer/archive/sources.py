"""The rounds of the files given, in order: each file read as Botzone text or as JSON match logs,
told apart by its first non-blank character (``[`` or ``{``: JSON; a byte order mark before it
is passed over)."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence

from .botzone import RawRound, split_rounds
from .botzone_json import BOM, split_logs


def is_json(path: str | os.PathLike[str]) -> bool:
    with open(path, "rb") as f:
        first = True
        while block := f.read(4096):
            if first:
                block, first = block.removeprefix(BOM), False
            head = block.lstrip()
            if head:
                return head[:1] in (b"[", b"{")
    return False


def rounds_of(paths: Sequence[str | os.PathLike[str]], fmt: str = "botzone") -> Iterator[RawRound]:
    """Every round of every file, streamed: a file is read as its rounds are asked for. ``fmt``:
    botzone (text or JSON, told apart by the file), tenhou (tenhou.net/6 JSON) or mjai (JSON lines)."""
    for path in paths:
        if fmt == "tenhou":
            from .tenhou import split_games as split
        elif fmt == "mjai":
            from .mjai import split_games as split
        else:
            split = split_logs if is_json(path) else split_rounds
        with open(path, "rb") as f:
            yield from split(f, str(path))


def total_bytes(paths: Sequence[str | os.PathLike[str]]) -> int:
    return sum(os.path.getsize(p) for p in paths)

"""The command line's parser (the standard library's argparse): usage errors as ``error: ...`` on
stderr with exit status 2, no abbreviated options, help texts wrapped by paragraph."""

from __future__ import annotations

import argparse
import sys
from typing import Any, NoReturn


class HelpFormatter(argparse.HelpFormatter):
    """Paragraphs (blank-line separated) are wrapped to the terminal; a paragraph of several lines
    (the rule presets) is kept line for line."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = []
        for paragraph in text.strip("\n").split("\n\n"):
            if "\n" in paragraph:
                paragraphs.append("\n".join(indent + line for line in paragraph.split("\n")))
            else:
                paragraphs.append(super()._fill_text(paragraph, width, indent))
        return "\n\n".join(paragraphs)


class Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        # the innermost command's parser ends up in the namespace: it reports the arguments left over
        self.set_defaults(command_parser=self)

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(2)

    def help_and_exit(self) -> NoReturn:
        """A command group given no command: its help, on stderr, exit status 2."""
        self.print_help(sys.stderr)
        raise SystemExit(2)


def parse_command_line(root: argparse.ArgumentParser, args: list[str]) -> argparse.Namespace:
    """Like ``root.parse_args``, but an argument no option takes is reported by the command it was
    given to (with that command's usage), not by ``mjscore`` itself."""
    ns, extra = root.parse_known_args(args)
    if extra:
        ns.command_parser.error(f"unrecognized arguments: {' '.join(extra)}")
    return ns


def at_least_one(text: str) -> int:
    """An option's value that must be a whole number ≥ 1 (``--workers``, ``--explain N``)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not ≥ 1")
    return value

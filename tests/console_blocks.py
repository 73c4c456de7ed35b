"""Console examples in Markdown (README.md, docs/): what a block shows and whether a command prints it.

A console block shows what the user sees at an 80-column terminal: the command's whole output, line
for line (trailing spaces aside), or marked excerpts: a line ``...`` stands for lines left out, and
each run of shown lines between such marks must appear in the output as it is, in order; a shown
line ending in `` ...`` stands for an output line that starts with the text before it (a long JSON
line, say). ``tools/readme_outputs.py`` rewrites the whole-output blocks from the real output.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator

BLOCK = re.compile(r"```(\w+)\n(.*?)```", flags=re.S)


def blocks(text: str) -> list[tuple[str, str]]:
    """Every fenced block of a Markdown text: (language, body)."""
    return BLOCK.findall(text)


def console_examples(text: str) -> Iterator[tuple[str, list[str]]]:
    """(command, shown lines) for every ``$ mjscore ...`` line of the text's console blocks."""
    for lang, body in blocks(text):
        if lang != "console":
            continue
        command, expected = None, []
        for line in body.strip("\n").splitlines():
            if line.startswith("$ "):
                if command:
                    yield command, expected
                command, expected = line[2:], []
            else:
                expected.append(line.rstrip())
        if command:
            yield command, expected


def run_console(command: str) -> tuple[int, list[str]]:
    """A documented command as the user's terminal shows it: exit status and output lines."""
    from cli_runner import run_cli

    argv = shlex.split(command)
    assert argv[0] == "mjscore"
    result = run_cli(argv[1:], env={"COLUMNS": "80", "NO_COLOR": "1"})
    return result.exit_code, [line.rstrip() for line in result.output.rstrip("\n").splitlines()]


def is_excerpt(lines: list[str]) -> bool:
    return any(line == "..." or line.endswith(" ...") for line in lines)


def _same(shown: str, printed: str) -> bool:
    if shown.endswith(" ..."):
        return printed.startswith(shown[:-4])
    return shown == printed


def _run_at(run: list[str], output: list[str], at: int) -> bool:
    return all(_same(a, b) for a, b in zip(run, output[at:at + len(run)], strict=True))


def shown_in(expected: list[str], output: list[str]) -> bool:
    """The block's lines are the whole output, or (with ``...`` marks) runs found in order."""
    if "..." not in expected:
        return len(expected) == len(output) and _run_at(expected, output, 0)
    at = 0
    runs: list[list[str]] = [[]]
    for line in expected:
        if line == "...":
            runs.append([])
        else:
            runs[-1].append(line)
    for run in filter(None, runs):
        while at + len(run) <= len(output) and not _run_at(run, output, at):
            at += 1
        if at + len(run) > len(output):
            return False
        at += len(run)
    return True


def check_example(command: str, expected: list[str]) -> None:
    """Assert that ``command`` prints what its block shows (exit status 2 where it shows an error)."""
    status, output = run_console(command)
    # an error line, or (with --json) the error object alone
    wants_error = any(e.startswith("error:") for e in expected) or (
        len(expected) == 1 and expected[0].startswith('{"error":'))
    assert status == (2 if wants_error else 0), output
    assert shown_in(expected, output), f"the block for {command!r} is not what it prints:\n" + "\n".join(output)


def rewrite_whole_outputs(text: str) -> str:
    """The text with every command's whole output in its console block replaced by what it prints
    now (a command shown by excerpts is left as it is)."""
    def rewrite(body: str) -> str:
        out: list[str] = []
        command: str | None = None
        shown: list[str] = []

        def flush() -> None:
            if command is not None:
                out.extend([command, *(shown if is_excerpt(shown) else run_console(command[2:])[1])])

        for line in body.strip("\n").splitlines():
            if line.startswith("$ "):
                flush()
                command, shown = line, []
            else:
                shown.append(line)
        flush()
        return "\n".join(out) + "\n"

    return re.sub(r"```console\n(.*?)```", lambda m: "```console\n" + rewrite(m.group(1)) + "```", text,
                  flags=re.S)

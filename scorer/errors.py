"""Input problems, collected all at once, each with a stable code and a position."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the input: what, where (0-based character position or None), a stable code."""

    message: str
    position: int | None = None
    code: str = "bad_input"

    def as_dict(self) -> dict:
        return {"message": self.message, "position": self.position, "code": self.code}


class HandError(ValueError):
    """Malformed input (notation or context). Carries every problem found, first one foremost.

    The API turns it into a 422 answer, the CLI into exit status 2; it never means "does not win"
    (that is a normal result with ``valid: false``).
    """

    def __init__(self, problems: list[Problem] | Problem | str, position: int | None = None,
                 code: str = "bad_input") -> None:
        if isinstance(problems, str):
            problems = [Problem(problems, position, code)]
        elif isinstance(problems, Problem):
            problems = [problems]
        if not problems:
            raise ValueError("HandError needs at least one problem")
        self.problems: list[Problem] = list(problems)
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return self.problems[0].message

    @property
    def position(self) -> int | None:
        return self.problems[0].position

    @property
    def code(self) -> str:
        return self.problems[0].code

    def as_dict(self) -> dict:
        """The ``error`` object of every error answer (docs/http.md)."""
        return {
            "message": self.message,
            "position": self.position,
            "code": self.code,
            "errors": [p.as_dict() for p in self.problems],
        }

    def __str__(self) -> str:
        lines = []
        for p in self.problems:
            where = f"at {p.position}: " if p.position is not None else ""
            lines.append(f"{where}{p.message}")
        return "; ".join(lines)

"""The hanchan sheet's rules: start, return, uma, oka, ties, multiple ron and leftover riichi sticks,
by preset (docs/match.md#riichi-presets, with the source of every number there).

Uma and oka are in session points (thousands of game points): ``+15`` is 15,000 points' worth. A
match file names a preset and may override any of its fields, or gives ``start``, ``return`` and
``uma`` itself (custom rules); the resolved rules are what the sheet reports.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

Ties = Literal["split", "seat_order"]  # split: tied players share the uma (and oka) of their places
MultipleRon = Literal["head_bump", "double", "triple"]
Leftover = Literal["first", "lost"]

# how many winners one discard may have, by the rule's name
MOST_RONS: dict[str, int] = {"head_bump": 1, "double": 2, "triple": 3}


@dataclass(frozen=True, slots=True)
class HanchanRules:
    start: int
    return_: int
    uma: tuple[Fraction, Fraction, Fraction, Fraction]  # session points, 1st to 4th
    oka: Fraction  # session points, to first place
    ties: Ties
    multiple_ron: MultipleRon
    leftover_riichi: Leftover
    abortive_draws: bool  # nine terminals, four riichi, four winds, four kans, a ron too many
    scoring: str  # the riichi scoring preset hands given as tiles are valued under (docs/rules/riichi.md)
    preset: str | None

    def as_dict(self) -> dict[str, Any]:
        return {"preset": self.preset, "start": self.start, "return": self.return_,
                "uma": [number(u) for u in self.uma], "oka": number(self.oka), "ties": self.ties,
                "multiple_ron": self.multiple_ron, "leftover_riichi": self.leftover_riichi,
                "abortive_draws": self.abortive_draws, "scoring": self.scoring}


def number(value: Fraction) -> int | float:
    """A session-point amount for JSON: an integer when whole."""
    return int(value) if value.denominator == 1 else float(value)


# every preset's numbers (docs/match.md#riichi-presets): WRC and EMA from their rule books, Mahjong
# Soul and Tenhou from riichi.wiki and the player literature
PRESETS: dict[str, dict[str, Any]] = {
    "wrc": {"start": 30_000, "return": 30_000, "uma": [15, 5, -5, -15], "oka": 0, "ties": "split",
            "multiple_ron": "head_bump", "leftover_riichi": "first", "abortive_draws": False, "scoring": "wrc"},
    "ema": {"start": 30_000, "return": 30_000, "uma": [15, 5, -5, -15], "oka": 0, "ties": "split",
            "multiple_ron": "triple", "leftover_riichi": "first", "abortive_draws": False, "scoring": "ema"},
    "mahjongsoul": {"start": 25_000, "return": 25_000, "uma": [15, 5, -5, -15], "oka": 0, "ties": "seat_order",
                    "multiple_ron": "double", "leftover_riichi": "first", "abortive_draws": True,
                    "scoring": "mahjongsoul"},
    "tenhou": {"start": 25_000, "return": 30_000, "uma": [20, 10, -10, -20], "oka": 20, "ties": "seat_order",
               "multiple_ron": "double", "leftover_riichi": "first", "abortive_draws": True, "scoring": "tenhou"},
}
# what custom rules (no preset) take when they leave a field out; start, return and uma they must give
CUSTOM_DEFAULTS: dict[str, Any] = {"ties": "split", "multiple_ron": "double", "leftover_riichi": "first",
                                   "abortive_draws": False, "scoring": "tenhou"}
CUSTOM_REQUIRED = ("start", "return", "uma")


def balancing_oka(start: int, return_: int) -> Fraction:
    """The oka that makes the session scores sum to zero: what the four returns take above the four
    starts, in session points."""
    return Fraction(4 * (return_ - start), 1000)


def resolve(given: dict[str, Any]) -> tuple[HanchanRules | None, list[str]]:
    """The rules of a match file's ``rules`` (already shape-checked): the preset's numbers with the
    given fields over them; or None and every problem (each starting with its field)."""
    preset = given.get("preset")
    base = dict(PRESETS[preset]) if preset else dict(CUSTOM_DEFAULTS)
    if not preset:
        missing = [f for f in CUSTOM_REQUIRED if given.get(f) is None]
        if missing:
            return None, [f"rules: custom rules (no preset) give {', '.join(missing)} "
                          f"(or name a preset: {', '.join(PRESETS)})"]
    fields = {**base, **{k: v for k, v in given.items() if v is not None and k != "preset"}}
    uma = tuple(Fraction(str(u)) for u in fields["uma"])
    balance = balancing_oka(fields["start"], fields["return"])
    oka = Fraction(str(fields["oka"])) if "oka" in fields else balance
    problems = _number_problems(fields, uma) + _oka_problems(fields, oka, balance)
    if problems:
        return None, problems
    return HanchanRules(fields["start"], fields["return"], uma, oka, fields["ties"],  # type: ignore[arg-type]
                        fields["multiple_ron"], fields["leftover_riichi"], fields["abortive_draws"],
                        fields["scoring"], preset), []


HAND_RULES = ("multiple_ron", "abortive_draws", "scoring")  # the rules that decide whether a hand stands


def for_checks(given: dict[str, Any], preset_unknown: bool) -> HanchanRules:
    """The rules to check a faulty file's hands by, from its rules' readable fields: the preset's
    (or custom rules') own rules for a hand, and where the preset cannot be read the most lenient
    (three rons, abortive draws), so that no hand is refused by a rule the file may not have. The
    numbers are placeholders: such a file gets its problems, never a sheet."""
    preset = given.get("preset")
    base: dict[str, Any] = dict(PRESETS[preset]) if preset else {**CUSTOM_DEFAULTS, "start": 25_000,
                                                                 "return": 25_000}
    if preset_unknown:
        base.update(multiple_ron="triple", abortive_draws=True)
    hand_rules: dict[str, Any] = {k: given[k] for k in HAND_RULES if k in given}
    fields: dict[str, Any] = {**base, **hand_rules}
    zero = Fraction(0)
    return HanchanRules(base["start"], base["return"], (zero, zero, zero, zero), zero, fields["ties"],
                        fields["multiple_ron"], fields["leftover_riichi"], fields["abortive_draws"],
                        fields["scoring"], preset)


def _number_problems(fields: dict[str, Any], uma: tuple[Fraction, ...]) -> list[str]:
    """Start and return in hundreds; the uma summing to zero, from first place down."""
    problems = [f"rules.{name}: {fields[name]} is not a multiple of 100" for name in ("start", "return")
                if fields[name] % 100]
    if sum(uma) != 0:
        problems.append(f"rules.uma: {shown(fields['uma'])} sums to {number(sum(uma, Fraction(0)))}, not 0")
    if list(uma) != sorted(uma, reverse=True):
        problems.append(f"rules.uma: {shown(fields['uma'])} is not from first place down to fourth")
    return problems


def _oka_problems(fields: dict[str, Any], oka: Fraction, balance: Fraction) -> list[str]:
    if oka == balance:
        return []
    return [f"rules.oka: {number(oka)} with start {fields['start']} and return {fields['return']} "
            f"would leave the session scores not summing to zero: the oka is 4 × (return − start) "
            f"/ 1000 = {number(balance)}"]


def shown(value: Any) -> str:
    return "[" + ", ".join(str(v) for v in value) + "]" if isinstance(value, list) else str(value)

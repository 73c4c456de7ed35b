"""The real recorded riichi games of fixtures/riichi/records/real/ (tenhou.net/6; their sources and
licences in fixtures/riichi/records/README.md), what their own results count, and the same games as
MJAI events in the form mjai-reviewer's converter gives a Tenhou log (every ``hora`` with the
round's ura indicators, a ``ryukyoku`` with its score changes, the red fives in ``start_game``).
``python tests/riichi_real_logs.py`` writes real/mjai/.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from riichi_logs import mjai_lines, mjai_tile

from scorer.archive.tenhou import stated_rules

REAL = Path(__file__).resolve().parent.parent / "fixtures" / "riichi" / "records" / "real"
TENHOU_FILES = sorted(REAL.glob("*/*.json"))


def games(path: Path) -> list[dict[str, Any]]:
    """The games of a file: one JSON document (a game or a list), or one game per line."""
    text = path.read_text(encoding="utf-8")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    return doc if isinstance(doc, list) else [doc]


def recorded_counts(paths: list[Path]) -> dict[str, int]:
    """The audit's summary if every win agrees, counted from the logs' own results: a round's last
    entry is 和了 with a pair (score changes, win) per winner, or a draw."""
    rounds = wins = drawn = 0
    for path in paths:
        for game in games(path):
            for entry in game["log"]:
                rounds += 1
                result = entry[-1]
                if result[0] == "和了":
                    wins += (len(result) - 1) // 2
                else:
                    drawn += 1
    return {"rounds": rounds, "wins": wins, "drawn": drawn, "agree": wins, "disagree": 0, "errors": 0}


def mjai_events(path: Path) -> list[dict[str, Any]]:
    """A file's games as one MJAI game (the rounds of a game written one per line are one hanchan)."""
    found = games(path)
    game = {**found[0], "log": [entry for g in found for entry in g["log"]]}
    rules = stated_rules(game.get("rule")) or {}
    results = iter([entry[-1] for entry in game["log"]])
    ura = iter([entry[3] for entry in game["log"]])
    out: list[dict[str, Any]] = []
    for event in mjai_lines(game):
        if event["type"] == "start_game":
            event = {**event, "aka_flag": bool(rules.get("aka", True))}
        elif event["type"] == "start_kyoku":
            result, markers = next(results), next(ura)
        elif event["type"] == "hora":
            event = {**event, "ura_markers": [mjai_tile(t) for t in markers]}
        elif event["type"] == "ryukyoku":
            deltas = result[1] if len(result) > 1 and isinstance(result[1], list) else [0, 0, 0, 0]
            event = {**event, "deltas": deltas}
        out.append(event)
    return out


def mjai_path(path: Path) -> Path:
    return REAL / "mjai" / f"{path.parent.name}-{path.stem}.jsonl"


def write() -> None:
    (REAL / "mjai").mkdir(exist_ok=True)
    for path in TENHOU_FILES:
        lines = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in mjai_events(path))
        mjai_path(path).write_text(lines, encoding="utf-8")


if __name__ == "__main__":
    write()

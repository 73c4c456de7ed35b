"""Extract every worked example of shared/spec/mcr-fans.md and mcr.md into fixtures/mcr/spec_examples.json.

Run once when the spec changes: ``python tools/extract_mcr_examples.py ../shared/spec``. Each line
`HAND` *(context)* → fans = **total** becomes a case with the expected fan multiset. Examples whose
context mcr.md rejects (the reference silently corrects those flags) are kept with
``expect_error: "contradiction"``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from mcr_oracle import contradiction  # noqa: E402

from scorer.notation import format_hand, parse  # noqa: E402
from scorer.variants.mcr.fans import FANS  # noqa: E402

ZH = {f.name_zh: f.id for f in FANS}
ZH.update({"独听・边张": "edge_wait", "独听・嵌张": "closed_wait", "独听・单钓": "single_wait", "嵌张 (坎张)": "closed_wait"})
LINE = re.compile(r"`([^`]+)`\s*\*\(([^)]*)\)\*\s*→\s*(.+?)\s*=\s*\*\*(\d+)\*\*")
FAN = re.compile(r"^(.+?)\s+(\d+)(?:×(\d+))?$")


def context(text: str) -> dict:
    ctx: dict = {}
    for part in (p.strip() for p in text.split(",")):
        if part == "discard":
            continue
        if part in ("self_draw", "last_tile", "kong_win", "last_wall"):
            ctx[part] = True
        elif part.startswith("seat "):
            ctx["seat_wind"] = part[5:]
        elif part.startswith("round "):
            ctx["round_wind"] = part[6:]
        elif part.startswith("flowers "):
            ctx["flowers"] = int(part[8:])
        else:
            raise ValueError(f"unknown context part {part!r}")
    return ctx


def fans(text: str) -> list[list]:
    out = []
    for part in (p.strip() for p in text.split(",")):
        m = FAN.match(part)
        if not m:
            raise ValueError(f"cannot read fan {part!r}")
        name, points, count = m.group(1), int(m.group(2)), int(m.group(3) or 1)
        out.append([ZH[name], points, count])
    return out


def main(spec_dir: Path) -> None:
    cases = []
    for fname in ("mcr-fans.md", "mcr.md"):
        section = ""
        for line in (spec_dir / fname).read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                section = line.lstrip("# ").strip()
            for m in LINE.finditer(line):
                hand, ctx, fan_text, total = m.groups()
                note = line.split("`")[0].strip(" -*:").strip() or section
                cases.append({"id": f"{fname}:{len(cases) + 1}", "section": section, "note": note, "hand": hand,
                              "context": context(ctx), "expect_fans": fans(fan_text), "expect_points": int(total)})
            m = re.match(r"\| (\d)p \| (.+?) = \*\*(\d+)\*\* \|", line)
            if m and fname == "mcr-fans.md":  # the nine-gates table, dots, discard
                rank, fan_text, total = m.groups()
                cases.append({"id": f"{fname}:{len(cases) + 1}", "section": section,
                              "note": f"nine gates won on {rank}p", "hand": f"1112345678999p{rank}p", "context": {},
                              "expect_fans": fans(fan_text), "expect_points": int(total)})
        if fname == "mcr.md":  # the checked-examples table: | `hand` | fans | total |
            for line in (spec_dir / fname).read_text(encoding="utf-8").splitlines():
                m = re.match(r"\| `([^`]+)` \| (.+?) \| (\d+)", line)
                if m:
                    hand, fan_text, total = m.groups()
                    fan_text = re.sub(r"\s*\(.*?\)", "", fan_text)
                    cases.append({"id": f"mcr.md:checked:{len(cases) + 1}", "section": "Checked examples",
                                  "note": "checked example", "hand": hand, "context": {},
                                  "expect_fans": fans(fan_text), "expect_points": int(total)})
    for case in cases:
        canonical = format_hand(parse(case["hand"]))  # the oracle's reader knows letters only
        why = contradiction(canonical, case["context"])
        if why:
            case["expect_error"] = "contradiction"
            case["why"] = why
    out = Path(__file__).resolve().parents[1] / "fixtures" / "mcr" / "spec_examples.json"
    out.write_text(json.dumps(cases, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(cases)} cases -> {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/spec"))

"""Draw one SVG per tile (every kind of every variant, and the 8 flowers) into api/static/tiles/.

Run when the look changes: ``python tools/make_tile_svgs.py``. The files are committed and shipped
in the package, so the referee page works offline.
"""

from __future__ import annotations

from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "api" / "static" / "tiles"
NUMERALS = "一二三四五六七八九"
SUIT = {"m": ("萬", "#b01818"), "p": ("筒", "#1d4fa8"), "s": ("條", "#16803c")}
HONOURS = {"E": ("東", "#222"), "S": ("南", "#222"), "W": ("西", "#222"), "N": ("北", "#222"),
           "C": ("中", "#c01818"), "F": ("發", "#16803c"), "P": ("白", "#1d4fa8"),
           "Q": ("千", "#6b3fa0"), "B": ("白花", "#555"), "H": ("紅花", "#c01818")}
FLOWERS = ["春", "夏", "秋", "冬", "梅", "蘭", "竹", "菊"]

FRAME = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80" width="60" height="80" role="img" '
         'aria-label="{label}"><rect x="2" y="2" width="56" height="76" rx="7" fill="#fdfbf3" stroke="#8a7f6a" '
         'stroke-width="2"/>{body}</svg>\n')


def text(x: int, y: int, s: str, size: int, color: str) -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="middle" fill="{color}" '
            f'font-family="serif" font-weight="bold">{s}</text>')


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for suit, (name, color) in SUIT.items():
        for rank in range(1, 10):
            body = text(30, 36, NUMERALS[rank - 1], 24, "#222") + text(30, 66, name, 22, color)
            body += text(12, 16, str(rank), 11, color)
            (OUT / f"{rank}{suit}.svg").write_text(FRAME.format(label=f"{rank}{suit}", body=body), encoding="utf-8")
    for letter, (name, color) in HONOURS.items():
        size = 34 if len(name) == 1 else 20
        body = text(30, 54 if len(name) == 1 else 50, name, size, color) + text(12, 16, letter, 11, "#666")
        if letter == "P":  # the white dragon is an empty frame
            body = '<rect x="12" y="14" width="36" height="52" rx="3" fill="none" stroke="#1d4fa8" stroke-width="3"/>'
            body += text(12, 16, letter, 11, "#666")
        (OUT / f"{letter}.svg").write_text(FRAME.format(label=letter, body=body), encoding="utf-8")
    for n, name in enumerate(FLOWERS, 1):
        body = text(30, 52, name, 30, "#b5651d") + text(12, 16, str(n), 11, "#b5651d")
        (OUT / f"{n}f.svg").write_text(FRAME.format(label=f"{n}f", body=body), encoding="utf-8")
    print(f"wrote {len(list(OUT.glob('*.svg')))} tiles to {OUT}")


if __name__ == "__main__":
    main()

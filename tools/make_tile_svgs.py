"""Draw one SVG per tile (every kind of every variant, the 8 flowers, a tile back) into
api/static/tiles/, and the page's icon.

Every character is drawn as a path taken from the outlines of Noto Serif CJK (SIL Open Font
License 1.1), so a tile looks the same on any device and needs no font (docs/web.md#tiles-and-fonts).
The files are committed and shipped in the package; run this only when the look changes:

    apt-get install fonts-noto-cjk && pip install fonttools && python tools/make_tile_svgs.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "api" / "static" / "tiles"
FONT = Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc")
FONT_INDEX = 3  # Traditional Chinese: 萬 條 發 東 as tiles are printed
NUMERALS = "一二三四五六七八九"
SUIT = {"m": ("萬", "#b01818"), "p": ("筒", "#1d4fa8"), "s": ("條", "#16803c")}
HONOURS = {"E": ("東", "#222"), "S": ("南", "#222"), "W": ("西", "#222"), "N": ("北", "#222"),
           "C": ("中", "#c01818"), "F": ("發", "#16803c"),
           "Q": ("千", "#6b3fa0"), "B": ("白花", "#555"), "H": ("紅花", "#c01818")}
FLOWERS = ["春", "夏", "秋", "冬", "梅", "蘭", "竹", "菊"]

FRAME = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80" width="60" height="80" role="img" '
         'aria-label="{label}"><rect x="2" y="2" width="56" height="76" rx="7" fill="#fdfbf3" stroke="#8a7f6a" '
         'stroke-width="2"/>{body}</svg>\n')
BACK = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80" width="60" height="80" role="img" '
        'aria-label="face down"><rect x="2" y="2" width="56" height="76" rx="7" fill="#2f6b4a" stroke="#1d3f2c" '
        'stroke-width="2"/><rect x="8" y="8" width="44" height="64" rx="4" fill="none" stroke="#8fc7a5" '
        'stroke-width="1.5"/></svg>\n')


class Glyphs:
    """Strings drawn as one SVG path each, from a font's outlines."""

    def __init__(self, path: Path, index: int) -> None:
        from fontTools.ttLib import TTCollection

        self.font = TTCollection(str(path)).fonts[index]
        self.cmap = self.font.getBestCmap()
        self.glyphs = self.font.getGlyphSet()
        self.em = self.font["head"].unitsPerEm

    def path(self, s: str, cx: float, baseline: float, size: float, color: str) -> str:
        """``s`` centred on ``cx``, its baseline at ``baseline``, ``size`` px to the em."""
        from fontTools.pens.svgPathPen import SVGPathPen
        from fontTools.pens.transformPen import TransformPen

        names = [self.cmap[ord(ch)] for ch in s]
        width = sum(self.glyphs[n].width for n in names)
        scale = size / self.em
        x = cx - width * scale / 2
        pen = SVGPathPen(self.glyphs, ntos=lambda v: f"{v:.1f}".rstrip("0").rstrip("."))
        for n in names:
            self.glyphs[n].draw(TransformPen(pen, (scale, 0, 0, -scale, x, baseline)))
            x += self.glyphs[n].width * scale
        return f'<path fill="{color}" d="{pen.getCommands()}"/>'


def main() -> None:
    if not FONT.exists():
        sys.exit(f"{FONT} is missing: apt-get install fonts-noto-cjk")
    g = Glyphs(FONT, FONT_INDEX)
    OUT.mkdir(parents=True, exist_ok=True)

    def write(name: str, body: str) -> None:
        (OUT / f"{name}.svg").write_text(FRAME.format(label=name, body=body), encoding="utf-8")

    for suit, (name, color) in SUIT.items():
        for rank in range(1, 10):
            write(f"{rank}{suit}", g.path(NUMERALS[rank - 1], 30, 37, 26, "#222") + g.path(name, 30, 68, 24, color)
                  + g.path(str(rank), 11, 16, 12, color))
    for letter, (name, color) in HONOURS.items():
        big = len(name) == 1
        write(letter, g.path(name, 30, 54 if big else 49, 34 if big else 22, color) + g.path(letter, 11, 16, 12, "#666"))
    # the white dragon is an empty frame
    write("P", '<rect x="17" y="20" width="30" height="48" rx="3" fill="none" stroke="#1d4fa8" stroke-width="3"/>'
          + g.path("P", 11, 16, 12, "#666"))
    for n, name in enumerate(FLOWERS, 1):
        write(f"{n}f", g.path(name, 30, 53, 32, "#b5651d") + g.path(str(n), 11, 16, 12, "#b5651d"))
    (OUT / "back.svg").write_text(BACK, encoding="utf-8")
    icon = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="18" '
            'fill="#2f4f3a"/><rect x="22" y="10" width="52" height="76" rx="7" fill="#fdfbf3"/>'
            + g.path("中", 48, 63, 40, "#c01818") + "</svg>\n")
    (ROOT / "api" / "static" / "icon.svg").write_text(icon, encoding="utf-8")
    print(f"wrote {len(list(OUT.glob('*.svg')))} tiles to {OUT}")


if __name__ == "__main__":
    main()

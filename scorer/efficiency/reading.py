"""What a tile efficiency request gives: the hand (one tile short, or full) and the tiles seen
outside it (docs/efficiency.md)."""

from __future__ import annotations

import re
from typing import Any

from .. import registry
from ..errors import HandError, Problem
from ..hand import Hand
from ..tiles import LETTERS, NUM_KINDS, SUITS, Z_DIGIT_KIND, tile_name

MAX_VISIBLE_CHARS = 400  # every tile of a table written one by one, with separators
_VISIBLE = re.compile(r"([0-9]+)([mpsz])|([ESWNCFPQBH])|([\s,;]+)")


def read_visible(text: str | None, kinds: tuple[int, ...], red_fives: bool = False) -> list[int]:
    """Tiles seen outside the hand (discards, others' melds, a turned-up indicator): counts by kind.
    Where the variant writes red fives (``red_fives``: 0m 0p 0s, riichi) a red five seen is a copy
    of its suit's five."""
    seen = [0] * NUM_KINDS
    if not text:
        return seen
    if len(text) > MAX_VISIBLE_CHARS:
        raise HandError(f"visible: {len(text)} characters, at most {MAX_VISIBLE_CHARS}", None, "input_too_long")
    pos = 0
    red_seen: list[str] = []
    while pos < len(text):
        m = _VISIBLE.match(text, pos)
        if m is None:
            raise HandError(f"visible: cannot read {text[pos:pos + 8]!r} as tiles (write them as in a hand: "
                            "1m2m3p, 123s, E S W N C F P, 1z-7z"
                            + (", 0m 0p 0s for red fives" if red_fives else "") + ")", pos, "bad_visible")
        if m.group(1):
            for d in m.group(1):
                seen[_digit_kind(d, m.group(2), red_fives, pos)] += 1
                if d == "0":
                    red_seen.append(m.group(2))
        elif m.group(3):
            seen[27 + LETTERS.index(m.group(3))] += 1
        pos = m.end()
    _check_seen(seen, red_seen, kinds)
    return seen


def _digit_kind(d: str, suit: str, red_fives: bool, pos: int) -> int:
    """The kind of one digit written before its suit letter (a red five is a five)."""
    if d == "0" and (suit == "z" or not red_fives):
        raise HandError(f"visible: 0{suit} is not a tile" + (" (0m 0p 0s are red fives)" if red_fives else ""),
                        pos, "bad_visible")
    if d == "0":
        return SUITS.index(suit) * 9 + 4
    if suit == "z":
        if int(d) not in Z_DIGIT_KIND:
            raise HandError(f"visible: {d}z is not a tile (1z-7z)", pos, "bad_visible")
        return Z_DIGIT_KIND[int(d)]
    return SUITS.index(suit) * 9 + int(d) - 1


def _check_seen(seen: list[int], red_seen: list[str], kinds: tuple[int, ...]) -> None:
    twice = sorted({suit for suit in red_seen if red_seen.count(suit) > 1})
    if twice:
        raise HandError(f"visible: {', '.join('0' + suit for suit in twice)} seen more than once (one red five "
                        "per suit)", None, "bad_visible")
    outside = [tile_name(k) for k in range(NUM_KINDS) if seen[k] and k not in kinds]
    if outside:
        raise HandError(f"visible: {', '.join(outside)} not in this variant's tile set", None, "bad_visible")


def red_fives_seen(text: str | None) -> list[int]:
    """The kinds of the red fives (0m 0p 0s) written in ``visible``, already read by ``read_visible``."""
    return [SUITS.index(m.group(2)) * 9 + 4 for m in _VISIBLE.finditer(text or "")
            if m.group(1) and m.group(2) != "z" for d in m.group(1) if d == "0"]


def check_red_fives(hand: Hand, seen: list[int]) -> None:
    """One red five a suit: one seen that the hand holds too is an error."""
    held = set(hand.red) | {next(k for k in m.tiles if k % 9 == 4) for m in hand.melds if m.red}
    both = sorted(set(seen) & held)
    if both:
        raise HandError(f"visible: {', '.join('0' + SUITS[k // 9] for k in both)} is in the hand too (one red five "
                        "per suit)", None, "bad_visible")


def _counts(p: Problem) -> bool:
    return p.code == "tile_count" or " found; " in p.message


def read_hand(v: registry.Variant, text: str, ctx: Any, dialect: str | None) -> tuple[Hand, bool]:
    """The hand and whether it is one tile short (else full: a tile to discard). When neither
    reading works, the problems of the one whose tile count fits are the ones reported."""
    try:
        return v.parse_short(text, ctx, dialect), True
    except HandError as short_error:
        try:
            return v.parse_hand(text, ctx, dialect), False
        except HandError as full_error:
            short_fits = not any(_counts(p) for p in short_error.problems)
            full_fits = not any(_counts(p) for p in full_error.problems)
            if short_fits or not full_fits and not all(_counts(p) for p in short_error.problems):
                raise short_error from None
            if full_fits:
                raise full_error from None
            n = 3 * v.notation.n_sets + 1
            raise HandError([Problem(f"efficiency reads a hand one tile short ({n} tiles, a kong counting "
                                     f"three) or a full hand ({n + 1}): {short_error.message}", None,
                                     "tile_count")]) from None

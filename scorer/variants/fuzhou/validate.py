"""Reading and checking a Fuzhou request: the input errors of docs/rules/fuzhou.md#errors, in the
page's order.

Every problem found is collected (as the shared parser does) and then sorted by the rank of its
code in that table, so the error's code (the first problem) is the first failing check.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.errors import HandError, Problem
from scorer.hand import Exposure, Hand, Meld
from scorer.notation import MAX_LENGTH, Builder, NotationRules, TokenType, scan
from scorer.notation import too_long as notation_too_long
from scorer.seats import SEATS, previous_seat
from scorer.tiles import HONOUR_LETTERS, LONG_CARD_LETTERS, SUIT_OF_LETTER, Z_DIGIT_KIND, tile_name

from .context import FuzhouContext

RANK = {
    "bad_notation": 1, "bad_wild": 2, "honour_in_hand": 3, "bad_flowers": 4, "bad_meld": 5,
    "gold_in_meld": 6, "tile_count": 7, "too_many_copies": 8, "bad_context": 9, "rob_gold_invalid": 10,
}
# Shared-parser codes kept as they are; every other parser code is unreadable notation.
_KEEP = {"bad_meld", "tile_count", "too_many_copies"}

# Parse with every kind allowed, so that honours are reported by us as honour_in_hand.
READ_RULES = NotationRules(name="Fuzhou's tiles", kinds=frozenset(range(37)), n_sets=5, flowers_in_hand=True)

_SEAT_ALIASES: dict[str, str] = {**{seat: seat for seat in SEATS}, **{f"{n}z": seat for n, seat in enumerate(SEATS, 1)}}


@dataclass(frozen=True)
class Facts:
    """The context once read: everything the scorer needs besides the hand."""

    wild: int
    flowers: tuple[int, ...]  # flower numbers 1-8 as -1..-8, honours as kinds 27-33
    self_draw: bool           # rob_gold included
    rob_gold: bool
    seat: str
    dealer_wins: bool
    discarder: str | None     # None on a self-draw
    streak: int
    base: int
    you_jin: bool
    passed_hu: bool
    win: int


def _p(problems: list[Problem], code: str, message: str, position: int | None = None) -> None:
    problems.append(Problem(message, position, code))


def _raise(problems: list[Problem]) -> None:
    if problems:
        order = sorted(range(len(problems)),
                       key=lambda i: (RANK.get(problems[i].code, 99), problems[i].position is None,
                                      problems[i].position or 0, i))
        raise HandError([problems[i] for i in order])


# ------------------------------------------------------------------------------------ small readers

def read_tile_list(text: str, what: str, problems: list[Problem]) -> list[tuple[str, int]] | None:
    """Tiles of a context field: ``("t", kind)`` for tiles (suited, honours, Q B H) and
    ``("f", n)`` for flowers 1f-8f. Unreadable text → bad_notation and None."""
    out: list[tuple[str, int]] = []
    digits: list[str] = []
    ok = True
    if len(text) > MAX_LENGTH:
        _p(problems, "bad_notation", f"{what}: longer than {MAX_LENGTH} characters")
        return None
    for ch in text:
        if ch.isspace() or ch == ",":
            ok = ok and not digits
            continue
        if ch in "0123456789":
            digits.append(ch)
        elif ch in "mpszf":
            ok = _numbered(digits, ch, out) and ok
            digits = []
        elif ch in HONOUR_LETTERS or ch in LONG_CARD_LETTERS:
            ok = ok and not digits
            digits = []
            out.append(("t", 27 + (HONOUR_LETTERS + LONG_CARD_LETTERS).index(ch)))
        else:
            ok = False
    if digits or not ok:
        _p(problems, "bad_notation", f"{what} {text[:40]!r} cannot be read as tiles")
        return None
    return out


def _numbered(digits: list[str], letter: str, out: list[tuple[str, int]]) -> bool:
    """Append the tiles of the digits before a suit letter (``m p s z`` or ``f`` for flowers);
    False when the group is unreadable (no digit, a 0, no such honour or flower)."""
    ok = bool(digits)
    for d in digits:
        tile = _numbered_tile(int(d), letter)
        if tile is None:
            ok = False
        else:
            out.append(tile)
    return ok


def _numbered_tile(rank: int, letter: str) -> tuple[str, int] | None:
    if rank == 0:
        return None
    if letter == "f":
        return ("f", rank) if rank <= 8 else None
    if letter == "z":
        return ("t", Z_DIGIT_KIND[rank]) if rank in Z_DIGIT_KIND else None
    return "t", SUIT_OF_LETTER[letter] * 9 + rank - 1


def _texts(value: str | list[str] | None) -> str | None:
    if value is None:
        return None
    if isinstance(value, list):
        return ",".join(value)
    return value


def read_wild(ctx: FuzhouContext, problems: list[Problem]) -> int | None:
    text = _texts(ctx.wild)
    if text is None or not text.replace(",", "").strip():
        _p(problems, "bad_wild", "wild (the gold) is required: one suited tile such as 5p")
        return None
    tiles = read_tile_list(text, "wild", problems)
    if tiles is None:
        return None
    kinds = {v if t == "t" else -v for t, v in tiles}
    if len(kinds) != 1 or len(tiles) != 1:  # bad_wild: a single suited tile (a one-element list)
        _p(problems, "bad_wild", f"wild {text!r} must be a single tile (one kind)")
        return None
    (k,) = kinds
    if not 0 <= k < 27:
        _p(problems, "bad_wild", f"wild {text!r} must be a suited tile (m, p or s): honours and flowers are never gold")
        return None
    return k


def read_flowers(ctx: FuzhouContext, problems: list[Problem]) -> tuple[int, ...] | None:
    text = _texts(ctx.flowers)
    if text is None or not text.strip() or text.strip() == "-":
        return ()
    tiles = read_tile_list(text, "flowers", problems)
    if tiles is None:
        return None
    out: list[int] = []
    bad = False
    for t, v in tiles:
        if t == "f":
            if -v in out:
                _p(problems, "bad_flowers", f"flowers: flower {v}f is listed twice (there is one of each)")
                bad = True
            out.append(-v)
        elif 27 <= v < 34:
            if out.count(v) == 4:
                _p(problems, "bad_flowers", f"flowers: more than 4 {tile_name(v)}")
                bad = True
            out.append(v)
        else:
            _p(problems, "bad_flowers", f"flowers: {tile_name(v)} is not a flower (only 1f-8f and honours)")
            bad = True
    return None if bad else tuple(out)


def _seat(value: str | None, what: str, problems: list[Problem]) -> str | None:
    if value is None:
        return None
    seat = _SEAT_ALIASES.get(value.strip())
    if seat is None:
        _p(problems, "bad_context", f"{what} {value[:20]!r} is not a seat (E, S, W, N or 1z-4z)")
    return seat


# ------------------------------------------------------------------------------------------- the hand

@dataclass
class Read:
    melds: list[Meld]
    concealed: list[int]        # written order
    positions: list[int]


def read_hand(text: str | None, dialect: str | None, problems: list[Problem]) -> Read | None:
    if text is None:
        _p(problems, "bad_notation", "a hand is required")
        return None
    too_long = notation_too_long(text)
    if too_long is not None:
        _p(problems, "bad_notation", too_long.message, too_long.position)
        return None
    if dialect not in (None, "helper"):
        _p(problems, "bad_notation", f"unknown dialect {dialect!r} (known: helper)")
        return None
    if not text.strip():
        _p(problems, "bad_notation", "empty hand")
        return None
    raw: list[Problem] = []
    helper = dialect == "helper"
    tokens = scan(text, READ_RULES, raw, helper=helper)
    for tok in tokens:
        if tok.type is TokenType.FLOWER:
            _p(problems, "honour_in_hand", f"flower {tok.value}f in the hand: flowers are set aside "
               "(give them in context.flowers); only suited tiles may be in the hand", tok.pos)
        elif tok.type is TokenType.TILE and tok.value >= 27:
            _p(problems, "honour_in_hand", f"{tile_name(tok.value)} in the hand: honours are flowers in Fuzhou "
               "(give them in context.flowers); only suited tiles may be in the hand", tok.pos)
    b = Builder(text, READ_RULES, raw, helper=helper)
    b.walk(tokens)
    b.check_copies(tokens)
    b.check_count(False)
    for pr in raw:
        if pr.code == "tile_count":
            msg = pr.message.replace("a winning hand", "a Fuzhou win (5 sets + a pair, 17 tiles, kongs as 3)")
            problems.append(Problem(msg, pr.position, "tile_count"))
        elif pr.code in _KEEP:
            problems.append(pr)
        else:
            problems.append(Problem(pr.message, pr.position, "bad_notation"))
    return Read(list(b.melds), list(b.concealed), list(b.concealed_positions))


# ------------------------------------------------------------------------------ every input error

def _read_parsed(hand: Hand, problems: list[Problem]) -> Read:
    """An already parsed hand as read, with its honours and flowers as honour_in_hand."""
    for k in hand.concealed:
        if k >= 27:
            _p(problems, "honour_in_hand", f"{tile_name(k)} in the hand: only suited tiles may be in the hand")
    for m in hand.melds:
        if any(k >= 27 for k in m.tiles):
            _p(problems, "honour_in_hand", "a meld holds an honour: only suited tiles may be in the hand",
               m.position)
    if hand.flowers:
        _p(problems, "honour_in_hand", "flowers written in the hand: give them in context.flowers")
    return Read(list(hand.melds), list(hand.concealed), [0] * len(hand.concealed))


def _seats(ctx: FuzhouContext, problems: list[Problem]) -> tuple[str | None, str | None]:
    """The winner's seat (East for the dealer when not given, else South) and the discarder's; the
    dealer must sit East."""
    seat = _seat(ctx.seat_wind, "seat_wind", problems)
    discarder = _seat(ctx.discarder, "discarder", problems)
    if seat is None and ctx.seat_wind is None:
        seat = "E" if ctx.dealer else "S"
    if seat is not None and ctx.dealer is not None and ctx.dealer != (seat == "E"):
        _p(problems, "bad_context", f"dealer {str(ctx.dealer).lower()} contradicts seat_wind {seat}: "
           "the dealer always sits East")
    return seat, discarder


def _discarder_problems(ctx: FuzhouContext, seat: str | None, discarder: str | None,
                        problems: list[Problem]) -> None:
    """A discarder only on a discard win, and never the winner."""
    if ctx.discarder is None:
        return
    if ctx.rob_gold:
        _p(problems, "bad_context", "discarder given with rob_gold: robbing the gold is settled as a self-draw")
    elif ctx.self_draw:
        _p(problems, "bad_context", "discarder given on a self-drawn win")
    elif discarder is not None and discarder == seat:
        _p(problems, "bad_context", f"the discarder {discarder} is the winner's own seat")


def _count_problems(ctx: FuzhouContext, problems: list[Problem]) -> None:
    if ctx.dealer_streak < 0:
        _p(problems, "bad_context", f"dealer_streak must be >= 0, not {ctx.dealer_streak}")
    if ctx.base < 1:
        _p(problems, "bad_context", f"base must be >= 1, not {ctx.base}")


def _win_tile(ctx: FuzhouContext, read: Read | None, hand: Hand | None, problems: list[Problem]) -> int | None:
    """``win_tile`` when given (one tile of the concealed part), else the last concealed tile written
    (a parsed hand's own winning tile)."""
    if ctx.win_tile is None:
        if read is not None and read.concealed:
            return read.concealed[-1] if hand is None else hand.win_tile
        return None
    tiles = read_tile_list(ctx.win_tile, "win_tile", problems)
    if tiles is None:
        return None
    if len(tiles) != 1 or tiles[0][0] != "t":
        _p(problems, "bad_context", f"win_tile {ctx.win_tile!r} must be one tile")
        return None
    win = tiles[0][1]
    if read is not None and win not in read.concealed:
        _p(problems, "bad_context", f"win_tile {tile_name(win)} is not in the concealed part")
    return win


def _gold_problems(ctx: FuzhouContext, read: Read, wild: int, problems: list[Problem]) -> None:
    """No gold in a meld; at most 3 golds held, 4 when robbing the gold."""
    gold = tile_name(wild)
    for m in read.melds:
        if wild in m.tiles:
            _p(problems, "gold_in_meld", f"the meld {tile_name(m.tiles[0])}.. holds the gold {gold}: "
               "a gold cannot be used to chow, pung or kong", m.position)
    golds = read.concealed.count(wild)
    limit = 4 if ctx.rob_gold else 3
    if golds > limit:
        why = "4 with the robbed gold" if ctx.rob_gold else "3 in play; 4 only when robbing the gold"
        _p(problems, "too_many_copies", f"{golds} golds ({gold}) in the hand: at most {why}")


def _rob_gold_problems(ctx: FuzhouContext, read: Read, wild: int, win: int | None,
                       problems: list[Problem]) -> None:
    """rob_gold_invalid: robbing the gold is a self-draw of the gold before anyone claimed a tile."""
    if "self_draw" in ctx.fields_set and not ctx.self_draw:
        _p(problems, "rob_gold_invalid", "rob_gold with self_draw false: robbing the gold is a self-draw")
    if win is not None and win != wild:
        _p(problems, "rob_gold_invalid", f"rob_gold but the winning tile {tile_name(win)} is not the gold "
           f"{tile_name(wild)}")
    if any(m.exposure in (Exposure.EXPOSED, Exposure.ADDED) for m in read.melds):
        _p(problems, "rob_gold_invalid", "rob_gold with an exposed meld: nobody has claimed a tile yet")


def check(ctx: FuzhouContext, text: str | None = None, dialect: str | None = None,
          hand: Hand | None = None) -> tuple[Hand, Facts]:
    """Validate a request (from the hand text, or an already parsed ``hand``); raise HandError with
    the code of the first failing check, or return the hand and the facts."""
    problems: list[Problem] = list(ctx._deferred)  # context fields their types rejected (bad_context)
    read = read_hand(text, dialect, problems) if hand is None else _read_parsed(hand, problems)
    wild = read_wild(ctx, problems)
    flowers = read_flowers(ctx, problems)
    seat, discarder = _seats(ctx, problems)
    _discarder_problems(ctx, seat, discarder, problems)
    _count_problems(ctx, problems)
    win = _win_tile(ctx, read, hand, problems)
    if read is not None and wild is not None:
        _gold_problems(ctx, read, wild, problems)
        if ctx.rob_gold:
            _rob_gold_problems(ctx, read, wild, win, problems)
    _raise(problems)
    assert read is not None and wild is not None and flowers is not None and seat is not None and win is not None
    if hand is None:
        hand = Hand(melds=tuple(read.melds), concealed=tuple(sorted(read.concealed)), win_tile=win)
    elif hand.win_tile != win:
        hand = Hand(melds=hand.melds, concealed=hand.concealed, win_tile=win, flowers=hand.flowers)
    self_draw = ctx.self_draw or ctx.rob_gold
    facts = Facts(
        wild=wild, flowers=flowers, self_draw=self_draw, rob_gold=ctx.rob_gold, seat=seat,
        dealer_wins=seat == "E",
        discarder=None if self_draw else (discarder or previous_seat(seat)),
        streak=ctx.dealer_streak, base=ctx.base, you_jin=ctx.you_jin, passed_hu=ctx.passed_hu, win=win,
    )
    return hand, facts

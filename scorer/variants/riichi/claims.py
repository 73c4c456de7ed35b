"""A riichi claim in the table's own words, checked term by term (docs/rules/riichi.md#claims):
"3 han 40 fu" (either alone too), a limit ("mangan" … "kazoe yakuman", "double yakuman"), the
payments of a self-draw ("1300/2600", "2600 all") and a counted item ("dora 2"). A plain number is
the total and a bare item name an item: those are left to the generic reading (scorer/claims.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from scorer.item_names import item_names, name_key
from scorer.result import ClaimCheck, Item, OwnClaims, Result

if TYPE_CHECKING:
    from scorer.registry import Variant

DIFFERS: Final = "differs"
CONFIRMED: Final = "confirmed"

_FIGURE = re.compile(r"([0-9]{1,3})\s*(han|fu|翻|飜|符)", re.IGNORECASE)
_FIGURES = re.compile(r"(?:[0-9]{1,3}\s*(?:han|fu|翻|飜|符)\s*)+", re.IGNORECASE)
_SPLIT = re.compile(r"([0-9]{1,6})\s*[/-]\s*([0-9]{1,6})")  # non-dealer self-draw: others / dealer
_ALL = re.compile(r"([0-9]{1,6})\s*(?:all|each|オール|∀)", re.IGNORECASE)  # dealer self-draw: each
_COUNTED = (re.compile(r"(.+?)\s*[×xX*]\s*([0-9]{1,2})"), re.compile(r"(.+?)\s+([0-9]{1,2})"))
_COUNT_FIRST = re.compile(r"([0-9]{1,2})\s+(.+)")

# every way a limit may be named → details.limit (name_key form: no case, spaces or underscores)
LIMITS: dict[str, str] = {
    "mangan": "mangan", "満貫": "mangan", "haneman": "haneman", "跳満": "haneman",
    "baiman": "baiman", "倍満": "baiman", "sanbaiman": "sanbaiman", "三倍満": "sanbaiman",
    "yakuman": "yakuman", "役満": "yakuman", "kazoeyakuman": "kazoe_yakuman", "数え役満": "kazoe_yakuman",
    "doubleyakuman": "2x_yakuman", "ダブル役満": "2x_yakuman", "tripleyakuman": "3x_yakuman",
    "トリプル役満": "3x_yakuman", **{f"{n}xyakuman": f"{n}x_yakuman" for n in range(2, 7)},
}


# the short names a riichi table says for an item (name_key form) → the item's id
ALIASES: dict[str, str] = {
    "tsumo": "menzen_tsumo", "menzen": "menzen_tsumo", "aka": "aka_dora", "akadora": "aka_dora",
    "ura": "ura_dora", "uradora": "ura_dora", "haku": "yakuhai_haku", "hatsu": "yakuhai_hatsu",
    "chun": "yakuhai_chun", "chiitoi": "chiitoitsu", "ittsuu": "ittsu", "ikkitsuukan": "ittsu",
    "sanshokudoujun": "sanshoku", "iipeiko": "iipeikou", "ryanpeiko": "ryanpeikou", "daburii": "double_riichi",
    "doubleriichi": "double_riichi", "kokushimusou": "kokushi", "chuurenpoutou": "chuuren",
}


def _han_list(result: Result) -> str:
    return ", ".join(f"{i.id} {i.points * i.count}" for i in result.items)


def _fu_list(result: Result) -> str:
    parts = " + ".join(f"{f['fu']} {f['reason'].replace('_', ' ')}" for f in result.details.get("fu_items", ()))
    return parts or "no fu counted"


def _limit_text(result: Result) -> str:
    d = result.details
    if d["limit"]:
        return f"{d['limit'].replace('_', ' ')} ({d['han']} han)"
    return f"below mangan ({d['han']} han {d['fu']} fu: {result.total})"


def _han(result: Result, n: int) -> ClaimCheck:
    han = result.details["han"]
    if han == n:
        return ClaimCheck(id=f"{n} han", status=CONFIRMED, why=f"{han} han: {_han_list(result)}")
    return ClaimCheck(id=f"{n} han", status=DIFFERS, why=f"the hand scores {han} han ({_han_list(result)}), not {n}")


def _fu(result: Result, n: int) -> ClaimCheck:
    fu = result.details["fu"]
    if fu == n:
        return ClaimCheck(id=f"{n} fu", status=CONFIRMED, why=f"{fu} fu: {_fu_list(result)}")
    return ClaimCheck(id=f"{n} fu", status=DIFFERS, why=f"the hand has {fu} fu ({_fu_list(result)}), not {n}")


def _limit(result: Result, term: str, claimed: str) -> ClaimCheck:
    limit = result.details["limit"]
    if limit == claimed:
        return ClaimCheck(id=term, status=CONFIRMED, why=f"{_limit_text(result)}, paid {result.total}")
    if claimed == "yakuman" and limit == "kazoe_yakuman":
        return ClaimCheck(id=term, status=CONFIRMED,
                          why=f"a counted yakuman ({result.details['han']} han, no yakuman), paid as one: {result.total}")
    return ClaimCheck(id=term, status=DIFFERS, why=f"the hand is {_limit_text(result)}, not {claimed.replace('_', ' ')}")


def _paid(result: Result) -> str:
    """How the hand is paid, in the table's words: "7700 from the discarder", "1300/2600", "2600 all"."""
    cost, ctx = result.details["cost"], (result.context_used.values if result.context_used else {})
    if not ctx.get("self_draw"):
        return f"won on a discard: the discarder pays {cost['main']}"
    if result.details["dealer"]:
        return f"the dealer's self-draw: {cost['main']} all"
    return f"a non-dealer's self-draw: {cost['additional']}/{cost['main']}"


def _split(result: Result, term: str, others: int, dealer: int) -> ClaimCheck:
    cost, ctx = result.details["cost"], (result.context_used.values if result.context_used else {})
    ok = ctx.get("self_draw") and not result.details["dealer"] and (cost["additional"], cost["main"]) == (others, dealer)
    return ClaimCheck(id=term, status=CONFIRMED if ok else DIFFERS,
                      why=_paid(result) + ("" if ok else f", not {others}/{dealer}") + " (before honba)")


def _all(result: Result, term: str, each: int) -> ClaimCheck:
    cost, ctx = result.details["cost"], (result.context_used.values if result.context_used else {})
    ok = ctx.get("self_draw") and result.details["dealer"] and cost["main"] == each
    return ClaimCheck(id=term, status=CONFIRMED if ok else DIFFERS,
                      why=_paid(result) + ("" if ok else f", not {each} all") + " (before honba)")


def _counted(result: Result, term: str, it: Item, n: int) -> ClaimCheck:
    tiles = f" ({it.tiles})" if it.tiles else ""
    if it.count == n:
        return ClaimCheck(id=term, status=CONFIRMED, why=f"{it.name} ({it.name_zh}) scores ×{n}{tiles}")
    return ClaimCheck(id=term, status=DIFFERS, why=f"{it.name} ({it.name_zh}) scores ×{it.count}{tiles}, not ×{n}")


def _counted_item(term: str, names: dict[str, str]) -> tuple[str, int] | None:
    """"dora 2", "dora ×2", "2 dora": the item's id and the count, when the name is an item's."""
    for pattern in _COUNTED:
        m = pattern.fullmatch(term)
        if m and name_key(m.group(1)) in names:
            return names[name_key(m.group(1))], int(m.group(2))
    m = _COUNT_FIRST.fullmatch(term)
    if m and name_key(m.group(2)) in names:
        return names[name_key(m.group(2))], int(m.group(1))
    return None


def _not_won(result: Result, term: str) -> ClaimCheck:
    return ClaimCheck(id=term, status=DIFFERS, why=f"the hand does not win ({result.reason}): it is worth nothing")


def read_claim(variant: Variant, result: Result, claim: list[str | int]) -> OwnClaims:
    """Each term the riichi table says in its own words, checked; the others left as they are."""
    names = {**item_names(variant), **ALIASES}
    scored = {i.id: i for i in result.items}
    own = OwnClaims()
    for c in claim:
        term = c.strip() if isinstance(c, str) else ""
        check = _own_term(result, term, names, scored, own) if term else None
        if check is None:
            own.rest.append(c)
        else:
            own.checks += check
    return own


def _own_term(result: Result, term: str, names: dict[str, str], scored: dict[str, Item],
              own: OwnClaims) -> list[ClaimCheck] | None:
    """The checks of one term, or None for a term that is not the variant's own (an item, a total)."""
    if name_key(term) in ALIASES:
        own.rest.append(ALIASES[name_key(term)])
        return []
    if name_key(term) in names:
        return None  # an item by its name ("kokushi 13" is the 13-sided kokushi, not a count)
    figure = _FIGURES.fullmatch(term)
    limit = LIMITS.get(name_key(term))
    payment = _SPLIT.fullmatch(term) or _ALL.fullmatch(term)
    if not result.valid and (figure or limit or payment):
        return [_not_won(result, term)]
    if figure:
        read: dict[str, Callable[[Result, int], ClaimCheck]] = {"han": _han, "翻": _han, "飜": _han}
        return [read.get(unit.lower(), _fu)(result, int(n)) for n, unit in _FIGURE.findall(term)]
    if limit:
        return [_limit(result, term, limit)]
    if m := _SPLIT.fullmatch(term):
        return [_split(result, term, int(m.group(1)), int(m.group(2)))]
    if m := _ALL.fullmatch(term):
        return [_all(result, term, int(m.group(1)))]
    counted = _counted_item(term, names)
    if counted is None:
        return None
    item_id, n = counted
    if item_id not in scored:
        own.rest.append(item_id)  # not scored: the generic check says whether excluded or absent
        return []
    own.items.append(item_id)
    return [_counted(result, term, scored[item_id], n)]

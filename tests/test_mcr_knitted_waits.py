"""Wait fans in the knitted-straight form under the two presets (docs/rules/mcr.md#rule-presets,
docs/rules/mcr.md#knitted-straight).

``helper`` scores 边张/嵌张/单钓将 by the five tiles outside the body, wherever the winning tile could
sit; ``mcr1998`` drops only a wait inside the knitted straight (the winning tile is one of the body's
nine kinds) and lists the wait fan it drops, by 组合龙 under the principle ``knitted_straight_wait``.
A wait on the other set or the pair scores the same in both presets. Every knitted-straight hand of a
small grid is checked for that relation, and the compact and batch answers for equality with the
full one (presets never take the C fast path: it scores the default rules only).
"""

from __future__ import annotations

from collections import Counter

import pytest

from scorer import compact_of, score, score_compact, score_many

WAIT_FANS = {"edge_wait", "closed_wait", "single_wait"}
PRINCIPLE = "knitted_straight_wait"

# bodies: (147, 258, 369) in these suits
BODIES = [("m", "p", "s"), ("p", "s", "m"), ("s", "m", "p")]
# the fourth set, concealed (chows and pungs) or as the one meld
SETS = [["1m", "2m", "3m"], ["3m", "4m", "5m"], ["4p", "5p", "6p"], ["7s", "8s", "9s"], ["2s", "3s", "4s"],
        ["4m", "4m", "4m"], ["9s", "9s", "9s"], ["E", "E", "E"], ["C", "C", "C"]]
PAIRS = ["5s", "8m", "4m", "E", "P", "3p"]


def _body(suits: tuple[str, str, str]) -> list[str]:
    return [f"{r}{s}" for s, ranks in zip(suits, ("147", "258", "369"), strict=True) for r in ranks]


def _wins(body: list[str], outside: list[str]) -> list[str]:
    """The winning tiles worth trying: each kind outside the body, and one body kind held only in it
    (any such tile just completes the body)."""
    only_body = [t for t in body if t not in outside]
    return sorted(set(outside)) + only_body[:1]


def _grid() -> list[tuple[str, str, frozenset[str]]]:
    """(hand, winning tile, the body's kinds) over the bodies, sets and pairs above."""
    out = []
    for suits in BODIES:
        body = _body(suits)
        for s in SETS:
            for pair in PAIRS:
                tiles = body + s + [pair, pair]
                if max(Counter(tiles).values()) > 4:
                    continue
                for win in _wins(body, s + [pair]):
                    rest = list(tiles)
                    rest.remove(win)
                    out.append(("".join(rest) + win, win, frozenset(body)))
                # the set as the hand's one meld; the winning tile then makes the pair or the body
                meld = "[" + "".join(t[0] for t in s) + s[0][1:] + "]"
                for win in _wins(body, [pair]):
                    rest = body + [pair, pair]
                    rest.remove(win)
                    out.append((meld + "".join(rest) + win, win, frozenset(body)))
    return out


GRID = _grid()


def _items(result) -> Counter:
    return Counter((i.id, i.points, i.count) for i in result.items)


def test_mcr1998_drops_only_a_wait_inside_the_body():
    seen: Counter = Counter()
    for hand, win, body in GRID:
        helper = score("mcr", hand)
        strict = score("mcr", hand, rules="mcr1998")
        assert helper.details["shape"] == strict.details["shape"] == "knitted_straight", hand
        waits = [i for i in helper.items if i.id in WAIT_FANS]
        assert len(waits) <= 1, hand
        dropped = [e for e in strict.excluded if e.principle == PRINCIPLE]
        if win in body and waits:
            wait = waits[0]
            assert _items(strict) == _items(helper) - Counter([(wait.id, 1, 1)]), hand
            assert strict.details["fan_points"] == helper.details["fan_points"] - 1, hand
            assert [(e.id, e.by, e.count) for e in dropped] == [(wait.id, "knitted_straight", 1)], hand
            seen["dropped " + wait.id] += 1
        else:
            assert _items(strict) == _items(helper), hand
            assert strict.details["fan_points"] == helper.details["fan_points"], hand
            assert dropped == [], hand
            seen[("kept " + waits[0].id) if waits else "no wait fan"] += 1
        assert not [e for e in helper.excluded if e.principle == PRINCIPLE], hand
    # the grid reaches every case: each wait fan kept outside the body and dropped inside it
    for fan in WAIT_FANS:
        assert seen["kept " + fan] >= 5 and seen["dropped " + fan] >= 5, seen
    assert seen["no wait fan"] >= 5, seen


def test_compact_and_batch_answers_equal_the_full_one():
    requests = [{"variant": "mcr", "hand": hand, "rules": rules} for hand, _, _ in GRID[::3]
                for rules in ("mcr1998", "helper", None)]
    full = [compact_of(score("mcr", r["hand"], rules=r["rules"])) for r in requests]
    assert [score_compact("mcr", r["hand"], rules=r["rules"]) for r in requests] == full
    assert score_many(requests, view="compact") == full
    assert [compact_of(a) for a in score_many(requests)] == full


# (hand, helper total, mcr1998 total, the wait fan mcr1998 drops or None) -- worked out by hand
CHECKED = [
    ("258m13369p14788s2p", 17, 17, None),            # 13p + 2p outside: 嵌张 kept
    ("147m258p369s12mEE3m", 15, 15, None),           # 12m + 3m outside: 边张 kept
    ("147m258p369s456p8m8m", 17, 17, None),          # 8m pair outside: 单钓将 kept
    ("147p258m369s55s24m3m", 17, 17, None),          # 24m + 3m outside: 嵌张 kept
    ("[EEE]147m258p369sCC", 23, 23, None),           # one meld, C pair outside: 单钓将 kept
    ("147m258p369s35m88s4m", 17, 16, "closed_wait"),  # 4m is a body kind
    ("147m258p369s345m5p5p", 17, 16, "single_wait"),  # 5p is a body kind
    ("[EEE]147m28s369p55s5s", 17, 16, "single_wait"),  # 5s: body and pair
    ("17789m258p369sEE4m", 14, 14, None),            # 4m only completes the body: no wait fan at all
    ("147m258p369s23m55s1m", 16, 16, None),          # 23m waits on 1m and 4m: none
]


@pytest.mark.parametrize(("hand", "helper_total", "strict_total", "dropped"), CHECKED, ids=[c[0] for c in CHECKED])
def test_checked_hands(hand, helper_total, strict_total, dropped):
    assert score("mcr", hand).total == helper_total
    strict = score("mcr", hand, rules="mcr1998", explain=True)
    assert strict.total == strict_total
    listed = [(e.id, e.by) for e in strict.excluded if e.principle == PRINCIPLE]
    assert listed == ([(dropped, "knitted_straight")] if dropped else [])
    # explain shows the one reading with the same exclusions
    assert [v.total for v in strict.readings] == [strict_total]
    assert [(e.id, e.by) for e in strict.readings[0].excluded if e.principle == PRINCIPLE] == listed


def test_claimed_wait_fan_is_excluded_by_the_knitted_straight():
    r = score("mcr", "147m258p369s35m88s4m", rules="mcr1998", claim=["嵌张", "组合龙", 17])
    checks = {c.id: c for c in r.verdict.items}
    assert checks["knitted_straight"].status == "confirmed"
    closed = checks["closed_wait"]
    assert closed.status == "excluded" and closed.by == "knitted_straight" and closed.principle == PRINCIPLE
    assert r.verdict.computed_total == 16 and r.verdict.total_agrees is False

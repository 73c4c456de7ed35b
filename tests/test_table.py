"""The terminal tables of the readable output (cli/table.py): columns line up by display width,
and a table wider than the screen wraps its widest columns."""

from __future__ import annotations

from cli.table import Table, display_width, wrap


def test_chinese_names_take_two_cells_and_the_rules_line_up():
    table = Table.of("item", "中文", ("points", "right"), title="items")
    table.row("Pure Straight", "清龙", "16")
    table.row("Self-Drawn", "自摸", "1")
    lines = table.render(80)
    assert lines[0].strip() == "items"
    assert {display_width(line) for line in lines[1:]} == {len(lines[1])}
    assert lines[4] == "│ Pure Straight │ 清龙 │     16 │"
    assert display_width("🀇🀄清") == 1 + 2 + 2


def test_a_table_wider_than_the_screen_wraps_its_widest_column():
    table = Table.of("claimed", "why")
    table.row("pure_straight", "Pure Straight (清龙) scores from [123m] 456m 789m, and more words to wrap")
    lines = table.render(40)
    assert all(display_width(line) <= 40 for line in lines)
    assert "│ pure_straight │ Pure Straight (清龙) │" in lines
    assert "│               │ scores from [123m]   │" in lines
    assert sum("│ pure_straight" in line or "│               │" in line for line in lines) >= 3


def test_sections_and_words_too_long_for_a_cell():
    table = Table.of("a", "b")
    table.row("x", "y")
    table.section()
    table.row("total", "z")
    lines = table.render(80)
    assert lines[4] == "├───────┼───┤" and lines[5] == "│ total │ z │"
    assert wrap("greater_honors_and_knitted_tiles", 10, ellipsis=True) == ["greater_h…"]
    assert wrap("greater_honors_and_knitted_tiles", 10) == ["greater_ho", "nors_and_k", "nitted_til", "es"]
    assert wrap("one two three", 7) == ["one two", "three"]

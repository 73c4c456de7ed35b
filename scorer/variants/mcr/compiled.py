"""What MCR's compiled path (``_fast.pyx``) reads of a request, held against the declared context.

The C path reads each context field by a code of its own (``_field_code``); the field list it reads
is ``CONTEXT_FIELDS_READ`` in that code's order. At import it compares the list with ``MCRContext``:
a field declared but not read (or read but no longer declared) turns the compiled path off with its
reason named (``_fast.DECLINED``, logged by ``MCR.full_fast``), and ``tests/test_mcr_full_fast.py``
fails naming the field — never a silent fall to the checked path (docs/architecture.md#the-full-result-in-c).
"""

from __future__ import annotations

# the fields _field_code numbers 0, 1, 2 …: adding a field to MCRContext means teaching the C
# path to read it (a code, a reader, its place in the echo) and listing it here
CONTEXT_FIELDS_READ = ("self_draw", "seat_wind", "round_wind", "flowers", "last_tile", "kong_win", "last_wall",
                       "discarder", "win_tile")


def context_contract_problems(declared: tuple[str, ...], read: tuple[str, ...] = CONTEXT_FIELDS_READ) -> list[str]:
    """Why the compiled path cannot read a context declared with these fields; none when it can."""
    problems = []
    unread = [name for name in declared if name not in read]
    if unread:
        problems.append(f"MCRContext declares fields the compiled path does not read: {', '.join(unread)}")
    gone = [name for name in read if name not in declared]
    if gone:
        problems.append(f"the compiled path reads fields MCRContext no longer declares: {', '.join(gone)}")
    if not problems and tuple(declared) != tuple(read):
        problems.append("MCRContext declares its fields in another order than the compiled path numbers them")
    return problems

"""What MCR's compiled path (``_fast.pyx``) reads of a request, held against the declarations.

The C path reads each context field by a code of its own (``_field_code``); the field list it reads
is ``CONTEXT_FIELDS_READ`` in that code's order. Of the rules it reads the options
``RULE_OPTIONS_READ`` (each preset's values, taken from ``MCRRules`` at import). At import it compares
both lists with ``MCRContext`` and ``MCRRules``: a field or option declared but not read (or read but
no longer declared) turns the compiled path off with its reason named (``_fast.DECLINED``, logged by
``MCR.full_fast``), and ``tests/test_mcr_full_fast.py`` fails naming it -- never a silent fall to the
checked path (docs/architecture.md#the-full-result-in-c).

``DECLINE_REASONS``: why the compiled full path leaves one request to the checked path, by the code
the C path gives (``_fast.why_declined``; ``engine.why_declined`` for the bench and the logs).
"""

from __future__ import annotations

from scorer.compiled_contract import contract_problems

# the fields _field_code numbers 0, 1, 2 …: adding a field to MCRContext means teaching the C
# path to read it (a code, a reader, its place in the echo) and listing it here
CONTEXT_FIELDS_READ = ("self_draw", "seat_wind", "round_wind", "flowers", "last_tile", "kong_win", "last_wall",
                       "discarder", "win_tile")
# the rule options the C path takes from a preset (the evaluator's two switches and the minimum):
# adding an option to MCRRules means teaching the C path to apply it and listing it here
RULE_OPTIONS_READ = ("concealed_kong_and_melded_kong", "knitted_straight_waits", "minimum")

# by the codes of _full_path.pxi (WHY_*), in that order
DECLINE_REASONS = (
    "the compiled full path is off (see _fast.DECLINED)",
    "rules that are not the name of a preset the compiled path scores",
    "a hand or context that is not a string and a dict of the values the compiled path reads "
    "(a key it does not know, a value of another type, text UTF-8 cannot hold)",
    "a hand the compiled parse does not read (unusual notation, a wrong tile count) or a context "
    "that contradicts it (the checked path reports it)",
    "a shape the C evaluator leaves to the checked path",
    "more records or text than the C arrays hold",
)


def context_contract_problems(declared: tuple[str, ...], read: tuple[str, ...] = CONTEXT_FIELDS_READ) -> list[str]:
    """Why the compiled path cannot read a context declared with these fields; none when it can."""
    return contract_problems("MCRContext", "fields", declared, read, ordered=True)


def rules_contract_problems(declared: tuple[str, ...], read: tuple[str, ...] = RULE_OPTIONS_READ) -> list[str]:
    """Why the compiled path cannot apply rules declared with these options; none when it can. The
    order does not matter: options are read by name."""
    return contract_problems("MCRRules", "options", declared, read, ordered=False)

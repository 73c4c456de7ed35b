"""What a variant's compiled path reads, held against what the variant declares: the context fields
and rule options a compiled path does not read (or reads but the variant no longer declares) turn it
off with the reason named, never a silent fall to the slower checked path
(docs/architecture.md#the-full-result-in-c)."""

from __future__ import annotations

from collections.abc import Iterable


def contract_problems(model: str, what: str, declared: Iterable[str], read: Iterable[str],
                      ordered: bool = False) -> list[str]:
    """Why the compiled path cannot read a ``model`` (``MCRContext``, ``RiichiRules`` ...) declared
    with these ``what`` (fields, options); none when it can. ``ordered``: the path numbers them in
    the declared order."""
    declared, read = tuple(declared), tuple(read)
    problems = []
    unread = [name for name in declared if name not in read]
    if unread:
        problems.append(f"{model} declares {what} the compiled path does not read: {', '.join(unread)}")
    gone = [name for name in read if name not in declared]
    if gone:
        problems.append(f"the compiled path reads {what} {model} no longer declares: {', '.join(gone)}")
    if ordered and not problems and declared != read:
        problems.append(f"{model} declares its {what} in another order than the compiled path numbers them")
    return problems

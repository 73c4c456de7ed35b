"""The library's modules import one another without cycles, counting the imports made inside
functions too: a cycle hidden in a function is still two modules that cannot be understood (or
loaded) one without the other (docs/architecture.md)."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PACKAGES = ("scorer", "cli", "api")


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def _compiled(name: str) -> bool:
    return (ROOT / (name.replace(".", "/") + ".pyx")).exists()


def import_graph() -> dict[str, set[str]]:
    """module → the modules of these packages it imports (a package's ``__init__`` only when the
    import names the package itself rather than one of its modules)."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                graph[name] |= {a.name for a in node.names if a.name in modules}
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join(parts + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    if sub in modules:
                        graph[name].add(sub)
                    elif target in modules and not _compiled(sub):
                        graph[name].add(target)
        graph[name].discard(name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_function_level_imports() -> None:
    graph = import_graph()
    assert "scorer.claims" in graph["scorer.engine"]  # imported inside ``score``
    assert "scorer.engine" in graph["scorer.referee"]


def test_no_import_cycles() -> None:
    assert cycles(import_graph()) == []


def test_every_module_has_its_layer() -> None:
    """The import-linter contract (pyproject.toml, run by make lint) constrains only the modules it
    names: every top-level module and package of scorer/, and the front ends, must be in a layer."""
    import tomllib

    contract = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    (layers,) = [c["layers"] for c in contract["contracts"] if c["type"] == "layers"]
    placed = {name.strip() for layer in layers for name in layer.replace("|", ":").split(":")}
    top = {f"scorer.{p.stem}" for p in (ROOT / "scorer").glob("*.py") if p.stem != "__init__"}
    top |= {f"scorer.{p.name}" for p in (ROOT / "scorer").iterdir() if (p / "__init__.py").exists()}
    assert top | {"cli", "api"} <= placed, sorted(top | {"cli", "api"} - placed)

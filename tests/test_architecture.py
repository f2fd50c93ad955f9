"""The package's shape, read from the source: layers point down, no import cycles, the
engine shows only its public surface.

Every import statement of ``src/outlaws`` is read with :mod:`ast` (those inside functions
too: a lazy import is still a dependency), so these tests need nothing imported.

- **Layers**: ``cli``, ``server``, ``adapters`` and ``arena`` sit on ``bots``, which sits
  on ``deduce``, which sits on ``engine``. A lower layer never names an upper one, even
  lazily (upper layers extend the lower ones through registries and entry points).
- **The engine** imports the standard library and itself, nothing else.
- **The engine's surface**: outside the engine, code imports ``outlaws.engine``,
  ``outlaws.engine.actionspace`` or ``outlaws.engine.frames``, never the engine's other
  modules.
- **Private names** (``_name``) stay in their module: no module imports one from another.
- **No cycles** in the graph of modules importing modules.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = "outlaws"

#: Each part of the package (a subpackage, or a top-level module), and the other parts
#: it may import. A new part must be placed here.
LAYERS: dict[str, frozenset[str]] = {
    "engine": frozenset(),
    # Glicko-2 (ratings.py): arithmetic of players' strength, the standard library only.
    "ratings": frozenset(),
    "deduce": frozenset({"engine"}),
    "bots": frozenset({"engine", "deduce"}),
    "adapters": frozenset({"engine", "deduce", "bots"}),
    "arena": frozenset({"engine", "deduce", "bots", "ratings"}),
    "server": frozenset({"engine", "deduce", "bots", "ratings"}),
    "cli": frozenset({"engine", "deduce", "bots", "arena", "server", "ratings"}),
    "__main__": frozenset({"cli"}),
    "": frozenset(),  # outlaws/__init__.py
}
#: What code outside the engine may import of it.
ENGINE_SURFACE = frozenset(
    {"outlaws.engine", "outlaws.engine.actionspace", "outlaws.engine.frames"}
)


@dataclass(frozen=True)
class Import:
    """One imported name: ``module`` is the module the statement loads (resolved, never
    relative); ``name`` the name taken from it (None for ``import module``)."""

    importer: str
    module: str
    name: str | None
    line: int
    type_checking: bool

    def where(self) -> str:
        return f"{self.importer} (line {self.line})"


@cache
def modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the package by dotted name, with its file and whether it is a
    package's ``__init__``."""
    out = {}
    for path in sorted((SRC / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        out[".".join(parts)] = (path, is_package)
    return out


def part_of(module: str) -> str:
    """The layer a module belongs to: ``outlaws.bots.search`` -> ``bots``."""
    return module.split(".")[1] if "." in module else ""


def imports_of(module: str) -> list[Import]:
    """Every import of ``module``, relative ones resolved."""
    path, is_package = modules()[module]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module if is_package else module.rpartition(".")[0]
    out: list[Import] = []

    def visit(node: ast.AST, type_checking: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, True)
            for child in node.orelse:
                visit(child, type_checking)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                out.append(Import(module, alias.name, None, node.lineno, type_checking))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                out.append(Import(module, source, alias.name, node.lineno, type_checking))
        for child in ast.iter_child_nodes(node):
            visit(child, type_checking)

    visit(tree, False)
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def targets(imp: Import) -> Iterator[str]:
    """The package modules an import loads: ``from outlaws.engine import actionspace``
    loads ``outlaws.engine.actionspace``; ``from outlaws.engine import State`` loads
    ``outlaws.engine``."""
    known = modules()
    if imp.name is not None and f"{imp.module}.{imp.name}" in known:
        yield f"{imp.module}.{imp.name}"
    elif imp.module in known:
        yield imp.module


def all_imports() -> Iterator[Import]:
    for module in modules():
        yield from imports_of(module)


# -- the tests ------------------------------------------------------------------------------


def test_the_reader_sees_the_package() -> None:
    known = modules()
    assert {"outlaws.engine", "outlaws.engine.actionspace", "outlaws.bots.registry"} <= set(known)
    search = {(i.module, i.name) for i in imports_of("outlaws.bots.search")}
    assert ("outlaws.engine.actionspace", "SPECS") in search


def test_every_part_has_a_layer() -> None:
    parts = {part_of(module) for module in modules()}
    assert parts <= set(LAYERS), f"place these in LAYERS: {sorted(parts - set(LAYERS))}"


def test_layers_point_down() -> None:
    wrong = [
        f"{imp.where()}: {part_of(imp.importer) or PACKAGE} imports {target}"
        for imp in all_imports()
        for target in targets(imp)
        if part_of(target) != part_of(imp.importer)
        and part_of(target) not in LAYERS.get(part_of(imp.importer), frozenset())
    ]
    assert not wrong, "\n".join(wrong)


def test_the_engine_imports_the_standard_library_only() -> None:
    wrong = [
        f"{imp.where()}: imports {imp.module}"
        for imp in all_imports()
        if part_of(imp.importer) == "engine"
        and not imp.module.startswith("outlaws.engine")
        and imp.module.partition(".")[0] not in sys.stdlib_module_names
    ]
    assert not wrong, "\n".join(wrong)


def test_outside_the_engine_only_its_public_surface_is_imported() -> None:
    wrong = [
        f"{imp.where()}: imports {target} (use {' or '.join(sorted(ENGINE_SURFACE))})"
        for imp in all_imports()
        if part_of(imp.importer) != "engine"
        for target in targets(imp)
        if part_of(target) == "engine" and target not in ENGINE_SURFACE
    ]
    assert not wrong, "\n".join(wrong)


def test_no_module_imports_another_modules_private_names() -> None:
    wrong = [
        f"{imp.where()}: imports {imp.name} from {imp.module}"
        for imp in all_imports()
        if imp.module.split(".")[0] == PACKAGE
        and imp.module != imp.importer
        and imp.name is not None
        and imp.name.startswith("_")
        and not imp.name.startswith("__")
    ] + [
        f"{imp.where()}: imports the private module {imp.module}"
        for imp in all_imports()
        if any(part.startswith("_") and not part.startswith("__") for part in imp.module.split("."))
    ]
    assert not wrong, "\n".join(wrong)


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` (its nodes in order, the first repeated last), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (cycle := visit(nxt)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)) is not None:
            return cycle
    return None


def test_find_cycle_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_no_import_cycles() -> None:
    # Imports only for type checkers never run, so they cannot close a cycle.
    graph: dict[str, set[str]] = {module: set() for module in modules()}
    for imp in all_imports():
        if not imp.type_checking:
            graph[imp.importer].update(t for t in targets(imp) if t != imp.importer)
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or ())

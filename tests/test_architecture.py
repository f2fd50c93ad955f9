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
    "analysis": frozenset({"engine", "deduce", "bots"}),
    "arena": frozenset({"engine", "deduce", "bots", "ratings"}),
    "server": frozenset({"engine", "deduce", "bots", "ratings", "analysis"}),
    "cli": frozenset({"engine", "deduce", "bots", "arena", "server", "ratings", "analysis"}),
    "__main__": frozenset({"cli"}),
    "": frozenset(),  # outlaws/__init__.py
}
#: The server's features (its subpackages), and the other features each may import: the
#: same arrows as the layers, one level down. ``""`` is the server's own top: the app and
#: its wiring, which build every feature and may import them all.
SERVER_FEATURES: dict[str, frozenset[str]] = {
    "common": frozenset(),
    "db": frozenset({"common"}),
    "cluster": frozenset({"common", "db"}),
    "http": frozenset({"common"}),
    "accounts": frozenset({"common", "db", "cluster", "http"}),
    "games": frozenset({"common", "db", "cluster", "http", "accounts"}),
    "live": frozenset({"common", "http", "accounts", "games"}),
    "ratings": frozenset({"common", "db", "http", "accounts", "games"}),
    "chat": frozenset({"common", "db", "cluster", "http", "accounts", "games", "live"}),
    "lobby": frozenset({"common", "db", "cluster", "http", "accounts", "games", "live", "ratings"}),
    "analysis": frozenset({"common", "db", "http", "games"}),
}
#: The only modules of the server outside a feature: the package, the app and its wiring.
SERVER_TOP = frozenset({"outlaws.server", "outlaws.server.app", "outlaws.server.wiring"})
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


def feature_of(module: str) -> str | None:
    """The server feature a module belongs to: ``outlaws.server.games.table`` -> ``games``;
    ``""`` for the server's top; None outside the server."""
    parts = module.split(".")
    if parts[:2] != [PACKAGE, "server"]:
        return None
    return parts[2] if len(parts) > 3 or (len(parts) == 3 and module not in SERVER_TOP) else ""


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


def test_every_server_module_lives_in_a_feature() -> None:
    outside = [
        module
        for module in modules()
        if feature_of(module) is not None
        and module not in SERVER_TOP
        and feature_of(module) not in SERVER_FEATURES
    ]
    assert not outside, f"place these in a feature of SERVER_FEATURES: {outside}"


def test_server_features_import_only_what_the_map_allows() -> None:
    """A feature imports the features below it, never one above or beside it that the map
    does not name (imports for type checkers too: they are dependencies all the same)."""
    wrong = [
        f"{imp.where()}: {importer} imports {target}"
        for imp in all_imports()
        if (importer := feature_of(imp.importer))
        for target in targets(imp)
        if (feature := feature_of(target)) is not None
        and feature != importer
        and feature not in SERVER_FEATURES[importer]
    ]
    assert not wrong, "\n".join(wrong)


def import_map() -> dict[str, dict[str, int]]:
    """Between the server's features (and its top): how many imports go from each to each."""
    arrows: dict[str, dict[str, int]] = {}
    for imp in all_imports():
        importer = feature_of(imp.importer)
        if importer is None:
            continue
        for target in targets(imp):
            feature = feature_of(target)
            if feature is not None and feature != importer:
                into = arrows.setdefault(importer or "(app, wiring)", {})
                key = feature or "(app, wiring)"
                into[key] = into.get(key, 0) + 1
    return arrows


if __name__ == "__main__":
    # The server's import map: ``python tests/test_architecture.py``.
    order = [*SERVER_FEATURES, "(app, wiring)"]
    for feature in order:
        found = import_map().get(feature, {})
        arrows = ", ".join(
            f"{t} ({n})" for t, n in sorted(found.items(), key=lambda kv: order.index(kv[0]))
        )
        print(f"{feature:14} -> {arrows or '(nothing)'}")

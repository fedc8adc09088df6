"""The import graph of ``pygames/``: no loops, and imports flow core ← game ← webapi.

Every ``import`` counts, including those inside functions and under ``if TYPE_CHECKING:`` (a loop
hidden in a function or in the type hints is still a loop), and an import inside a function says in a
comment on its line why it is deferred. Read with ``ast``, nothing is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "pygames"
GAMES = ("kabu", "shiji", "shogi", "motto")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The pygames modules that ``path`` imports: ``from pkg import sub`` counts as importing the
    submodule ``pkg.sub``, ``from pkg import name`` as importing ``pkg`` (its ``__init__``)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:  # a submodule, else a name from the package's __init__
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in modules else target)
    return {m for m in found if m in modules and m != name}


def is_script(module: str) -> bool:
    """A tool run as ``python -m`` (e.g. the puzzle generator): it stands above its game."""
    path = ROOT.parent / (module.replace(".", "/") + ".py")
    return path.exists() and '__name__ == "__main__"' in path.read_text(encoding="utf-8")


def graph() -> dict[str, set[str]]:
    paths = sorted(ROOT.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {module_name(p): imports_of(p, modules) for p in paths}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import loop as a list of modules, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_the_graph_reader_finds_a_loop():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None
    edges = graph()
    assert "pygames.core.game" in edges["pygames.core.match"]
    assert "pygames.shogi.sfen" in edges["pygames.shogi.calls"]


def test_scripts_are_imported_by_nothing():
    edges = graph()
    scripts = {m for m in edges if is_script(m)}
    assert all(not targets & scripts for targets in edges.values())


def test_function_level_imports_say_why():
    """A deferred import is the exception (a heavy module kept out of the boot): each says why."""
    silent = []
    for path in sorted(ROOT.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").split("\n")
        for fn in ast.walk(ast.parse("\n".join(lines))):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                silent += [f"{path.relative_to(ROOT)}:{n.lineno}" for n in ast.walk(fn)
                           if isinstance(n, (ast.Import, ast.ImportFrom)) and "#" not in lines[n.lineno - 1]]
    assert not silent, f"imports inside functions with no reason given: {silent}"


def test_no_import_loops_in_pygames():
    assert find_cycle(graph()) is None, f"import loop: {' → '.join(find_cycle(graph()) or [])}"


def test_imports_flow_core_then_games_then_webapi():
    edges = graph()
    for module, targets in edges.items():
        if module.startswith("pygames.core"):
            # core knows no game (the registry finds them by name, with importlib)
            assert not {t for t in targets if not t.startswith("pygames.core")}, module
        if module.count(".") and module.split(".")[1] in GAMES:
            game = module.split(".")[1]
            assert "pygames.webapi" not in targets, f"{module} imports webapi"
            other = {t for t in targets if t.count(".") and t.split(".")[1] in GAMES and t.split(".")[1] != game}
            assert not other, f"{module} imports another game: {other}"
        if module == "pygames.answers":
            # the answers sit between the games and the door: they never call back into it
            assert "pygames.webapi" not in targets, module


@pytest.mark.parametrize("game", GAMES)
def test_game_py_is_the_top_of_its_package(game):
    """Helpers of a game sit below its ``game.py``: none of them imports it (nor the package)."""
    edges = graph()
    top = {f"pygames.{game}.game", f"pygames.{game}"}
    for module, targets in edges.items():
        if module.startswith(f"pygames.{game}.") and module not in top and not is_script(module):
            assert not targets & top, f"{module} imports {sorted(targets & top)}"

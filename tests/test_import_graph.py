"""memtui's own import graph: no module imports another that (directly or not) imports it
back, and nothing imports upward across the floors core <- edit <- agent <- tui/commands;
and no module imports another package's private (``_``-prefixed) module or name.

The graph is read from the source (every ``import`` and ``from ... import``, at any depth,
relative ones resolved), so an import inside a function counts as much as one at the top.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "memtui"

#: package -> the memtui packages it must never import (the floors).
FORBIDDEN = {
    "memtui.core": ("memtui.edit", "memtui.agent", "memtui.tui", "memtui.commands"),
    "memtui.edit": ("memtui.agent", "memtui.tui", "memtui.commands"),
    "memtui.agent": ("memtui.tui", "memtui.commands"),
}
#: Only these may import Textual.
TEXTUAL_USERS = ("memtui.tui", "memtui.commands")


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, name: str, modules: set[str]) -> set[str]:
    """The modules ``path`` (module ``name``) imports: memtui's resolved to a module of the
    set, others by their full dotted name."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target == "__future__":
                continue
            # ``from package import module`` imports the submodule itself.
            subs = {f"{target}.{alias.name}" for alias in node.names} & modules
            out.update(subs or {target})
    resolved = set()
    for target in out:
        while target.startswith("memtui") and target not in modules and "." in target:
            target = target.rpartition(".")[0]
        resolved.add(target)
    resolved.discard(name)
    return resolved


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    paths = {module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    modules = set(paths)
    return {name: imports_of(path, name, modules) for name, path in paths.items()}


def private(part: str) -> bool:
    """``_x`` is private; ``__future__`` and ``__version__`` are not."""
    return part.startswith("_") and not (part.startswith("__") and part.endswith("__"))


def private_imports(path: Path) -> list[str]:
    """The imports in ``path`` of a ``_``-prefixed module or name of a package other than
    memtui (``textual.widgets._footer``, ``from textual.widgets._footer import
    FooterKey``, ``from rich import _loop``), as "line: import"."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            dotted = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            dotted = [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue  # relative: memtui's own
        for name in dotted:
            if not within(name, "memtui") and any(map(private, name.split("."))):
                found.append(f"{node.lineno}: {name}")
    return found


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start] & edges.keys())))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child] & edges.keys()))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_the_graph_is_read_from_every_module() -> None:
    edges = graph()
    assert "memtui.core.audit" in edges and "memtui.cli" in edges
    assert "memtui.core.workspace" in edges["memtui.core.audit"]  # a function-level import


def test_no_import_cycles() -> None:
    assert cycles(graph()) == []


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_nothing_imports_upward(package: str) -> None:
    edges = graph()
    upward = sorted(
        f"{name} imports {target}"
        for name, targets in edges.items() if within(name, package)
        for target in targets
        if any(within(target, above) for above in FORBIDDEN[package]))
    assert upward == []


def test_only_the_tui_and_commands_import_textual() -> None:
    users = sorted(
        name for name, targets in graph().items()
        if any(within(t, "textual") for t in targets)
        and not any(within(name, allowed) for allowed in TEXTUAL_USERS))
    assert users == []


def test_no_private_names_of_other_packages_are_imported() -> None:
    """Issue 21: Textual's (or anyone's) ``_`` modules and names may change in any release."""
    found = {module_name(p, ROOT): private_imports(p) for p in sorted(ROOT.rglob("*.py"))}
    assert {name: hits for name, hits in found.items() if hits} == {}


def test_the_private_import_check_sees_each_form(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text("from __future__ import annotations\n"
                      "import textual.widgets._footer\n"
                      "from textual.widgets._footer import FooterKey\n"
                      "from rich import _loop\n"
                      "from textual import __version__\n"
                      "from memtui.tui.app import _helper\n"
                      "from . import _sibling\n"
                      "from textual.widgets import Footer\n")
    assert private_imports(source) == [
        "2: textual.widgets._footer", "3: textual.widgets._footer.FooterKey",
        "4: rich._loop"]


def test_the_checks_find_what_they_look_for(tmp_path: Path) -> None:
    """A circle through a relative, function-level import, and an upward import, are seen."""
    pkg = tmp_path / "memtui"
    (pkg / "core").mkdir(parents=True)
    (pkg / "tui").mkdir()
    for init in (pkg, pkg / "core", pkg / "tui"):
        (init / "__init__.py").write_text("")
    (pkg / "core" / "a.py").write_text("from memtui.core import b\n")
    (pkg / "core" / "b.py").write_text("def f():\n    from . import a\n    import memtui.tui.c\n")
    (pkg / "tui" / "c.py").write_text("import textual.app\n")
    edges = graph(pkg)
    assert cycles(edges) == [["memtui.core.a", "memtui.core.b"]]
    assert "memtui.tui.c" in edges["memtui.core.b"]
    assert "textual.app" in edges["memtui.tui.c"]

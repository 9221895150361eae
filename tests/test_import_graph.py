"""The package's import graph, read from the source: no module may reach itself through imports.

Every import counts, wherever it is written (top of a file, inside a function, under
`if TYPE_CHECKING:`), because each one is a dependency a reader has to hold. A circle is a set of
modules that reach one another (a strongly connected component of two or more, or a module that
imports itself).
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "referee"


def _name(path: Path, package: Path) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(package: Path = PACKAGE) -> dict[str, dict[str, int]]:
    """Module -> {module it imports: the first line that does}, for modules inside `package`."""
    modules = {_name(p, package): p for p in package.rglob("*.py")}
    graph: dict[str, dict[str, int]] = {name: {} for name in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        here = name.split(".") if is_package else name.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = here[: len(here) - node.level + 1] if node.level else []
                stem = ".".join([*base, *(node.module.split(".") if node.module else [])])
                # `from . import x` may import the submodule x
                targets = [stem, *(f"{stem}.{alias.name}" for alias in node.names)]
            for target in targets:
                # Importing a.b.c runs a/__init__.py and a/b/__init__.py first.
                parts = target.split(".")
                for module in (".".join(parts[:k]) for k in range(2, len(parts) + 1)):
                    if module in modules and module != name and not name.startswith(module + "."):
                        graph[name].setdefault(module, node.lineno)
    return graph


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of two or more modules (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_graph_reader_finds_a_planted_circle(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "a.py").write_text("from .sub import b\n")
    (package / "sub" / "b.py").write_text("def f():\n    from ..c import x\n")
    (package / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n")
    (package / "d.py").write_text("import pkg.a\n")
    graph = import_graph(package)
    assert graph["pkg.a"] == {"pkg.sub": 1, "pkg.sub.b": 1}
    assert graph["pkg.sub.b"] == {"pkg.c": 2}
    assert circles(graph) == [["pkg.a", "pkg.c", "pkg.sub.b"]]


def test_no_import_circles():
    graph = import_graph()
    assert len(graph) > 50  # the reader sees the whole package
    report = []
    for component in circles(graph):
        members = set(component)
        report.append(", ".join(component))
        report.extend(f"    {a} imports {b} (line {line})" for a in component
                      for b, line in graph[a].items() if b in members)
    assert not report, "import circles:\n" + "\n".join(report)

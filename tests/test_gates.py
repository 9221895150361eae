"""The gates on the code itself: the type checker covers the whole package, and imports sit at
the top of a module unless a comment says why one is loaded on demand.

`scripts/test` runs ruff and mypy over the package before anything else. The modules not yet
typed were once listed in pyproject.toml with `ignore_errors` (a ratchet that only shrank); the
list is empty now, and a test here keeps any module from being let off again.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _ratchet(config: dict) -> list[str]:
    return [module for override in config["tool"]["mypy"]["overrides"] if override.get("ignore_errors")
            for module in override["module"]]


def test_no_module_is_let_off_the_type_checker():
    """No mypy override in pyproject.toml silences a module's errors: the whole package
    type-checks (`ignore_missing_imports` for untyped third-party packages is another matter)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    overrides = config["tool"]["mypy"]["overrides"]
    assert overrides, "pyproject.toml has no mypy overrides (the strict list is one)"
    assert _ratchet(config) == []
    assert not config["tool"]["mypy"].get("ignore_errors")


def test_the_referee_names_no_game():
    """Game knowledge lives in the rules files: no module of the referee names a shipped game or
    variant (by its file's name, with `_` or a space), not even in an example or a hint, so that
    a variant author changes what the referee knows without Python. Benchmarks name theirs in
    `bench/*.json`."""
    stems = [p.stem for p in (*(ROOT / "rules").glob("*.rules"), *(ROOT / "rules" / "variants").glob("*.rules"))]
    assert len(stems) > 10
    names = sorted({form for stem in stems for form in (stem, stem.replace("_", " "))}, key=len, reverse=True)
    named = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b", re.IGNORECASE)
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in sorted((ROOT / "referee").rglob("*.py")) if "_tables" not in path.parts
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if named.search(line)]
    assert not found, "\n".join(found)


_HANDLER = re.compile(r"\s*(try|else|finally|except\b[^#]*)\s*:")
"""A handler line above an import (`try:`, `except ImportError:`) is part of its block."""


def _is_comment(line: str) -> bool:
    return line.lstrip().startswith("#")


def in_function_imports_without_reason(path: Path) -> list[int]:
    """The lines of `path`'s imports written inside a function with no comment saying why: one
    on the import's own line, or on the line above the block of imports it belongs to (a run of
    import lines, so that one comment may cover a block)."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    tree = ast.parse(text)
    imports = {node for function in ast.walk(tree) if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
               for node in ast.walk(function) if isinstance(node, (ast.Import, ast.ImportFrom))}
    import_lines = {number for node in imports for number in range(node.lineno, (node.end_lineno or node.lineno) + 1)}
    bare = []
    for node in sorted(imports, key=lambda n: n.lineno):
        own = range(node.lineno, (node.end_lineno or node.lineno) + 1)
        if any("#" in lines[number - 1] for number in own):
            continue
        above = node.lineno - 1  # the number of the line above, passed over while it is part of the block
        while above > 0:
            line = lines[above - 1]
            if above in import_lines or (not line.strip() and above - 1 in import_lines) \
                    or (_HANDLER.match(line) and "#" not in line):
                above -= 1
            else:
                break
        line = lines[above - 1] if above > 0 else ""
        if _is_comment(line) or (_HANDLER.match(line) and "#" in line):  # `try:  # why` covers what it tries
            continue
        bare.append(node.lineno)
    return bare


def test_imports_inside_functions_say_why():
    """Imports go at the top of the module; one written inside a function loads an optional or
    heavy subsystem on demand (Sphinx, docutils, babel, the browser, pyspiel, a command of the
    command line, for start-up time) and says so in a comment."""
    found = [f"{path.relative_to(ROOT)}:{line}" for path in sorted((ROOT / "referee").rglob("*.py"))
             for line in in_function_imports_without_reason(path)]
    assert not found, "imports inside functions with no comment saying why (move them to the top):\n" + "\n".join(found)


def test_the_import_gate_finds_a_bare_import(tmp_path):
    """The gate above, on a module with each kind of in-function import."""
    module = tmp_path / "m.py"
    module.write_text(
        "import os\n\n\n"
        "def bare():\n    import json\n    return json\n\n\n"
        "def commented():\n    # loaded on demand: heavy\n    import json\n    import re\n\n    return json, re\n\n\n"
        "def inline():\n    import json  # optional\n    return json\n\n\n"
        "def tried():\n    try:  # optional\n        import json\n    except ImportError:\n        import re as json\n"
        "    return json\n\n\n"
        "def after_code():\n    x = 1  # a note on x\n    import json\n    return json, x\n", encoding="utf-8")
    assert in_function_imports_without_reason(module) == [5, 32]


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _imported_module(path: Path, node: ast.ImportFrom, root: Path) -> str:
    """The dotted module an `from ... import` names, a relative one resolved against `path`."""
    if not node.level:
        return node.module or ""
    package = list(path.relative_to(root).parts[:-1])
    package = package[:len(package) - (node.level - 1)]
    return ".".join(package + ([node.module] if node.module else []))


def _is_package_module(dotted: str, root: Path) -> bool:
    where = root.joinpath(*dotted.split("."))
    return where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()


def private_names_used_across_modules(path: Path, root: Path = ROOT) -> list[str]:
    """Each `from M import _name` and `M._name` in `path` that reaches into another module of the
    package for a name it keeps private (`M` a module of `referee`, however it was imported)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules: set[str] = set()  # the local names that are modules of the package
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = _imported_module(path, node, root)
            for alias in node.names:
                if _is_package_module(f"{source}.{alias.name}", root):
                    modules.add(alias.asname or alias.name)
                elif _private(alias.name) and source.split(".")[0] == "referee":
                    found.append(f"{node.lineno}: from {source} import {alias.name}")
        elif isinstance(node, ast.Import):
            modules.update(alias.asname or alias.name.split(".")[0] for alias in node.names
                           if alias.name.split(".")[0] == "referee")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            base = node.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(base, ast.Name) and base.id in modules:
                found.append(f"{node.lineno}: {ast.unparse(node)}")
    return sorted(found, key=lambda line: int(line.split(":")[0]))


def test_no_module_uses_another_modules_private_names():
    """A name with a leading underscore is its module's own: a module that needs another's makes
    it public there (or the code moves to where it belongs). No allowlist."""
    found = [f"{path.relative_to(ROOT)}:{line}" for path in sorted((ROOT / "referee").rglob("*.py"))
             for line in private_names_used_across_modules(path)]
    assert not found, "private names used from another module (make them public where they belong):\n" + "\n".join(found)


def test_the_private_name_gate_finds_each_way_in(tmp_path):
    """The gate above, on a module of a scratch package laid out like `referee`."""
    package = tmp_path / "referee" / "sub"
    package.mkdir(parents=True)
    (tmp_path / "referee" / "__init__.py").write_text("", encoding="utf-8")
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "other.py").write_text("_hidden = 1\nshown = 2\n", encoding="utf-8")
    module = package / "m.py"
    module.write_text(
        "from __future__ import annotations\n"
        "import referee.sub.other\n"
        "from . import other\n"
        "from .other import _hidden, shown\n"
        "from ..sub import other as o\n"
        "import os\n\n"
        "a = other._hidden + o._hidden + referee.sub.other._hidden + other.shown + shown\n"
        "b = os._exit, other.__name__, _local\n", encoding="utf-8")
    assert sorted(private_names_used_across_modules(module, tmp_path)) == [
        "4: from referee.sub.other import _hidden", "8: o._hidden", "8: other._hidden",
        "8: referee.sub.other._hidden"]

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

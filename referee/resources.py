"""Where the grammar, the rules files and the source documents are found.

In a source checkout they are the top-level folders `grammar/` and `rules/`; an installed wheel
carries copies inside the package (`referee/_grammar`, `referee/_rules`).
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["resource_dir", "rules_dir", "sources_dir", "repo_root"]

_PACKAGE = Path(__file__).resolve().parent


def repo_root() -> Path:
    return _PACKAGE.parent


def resource_dir(name: str) -> Path:
    """`grammar` or `rules`: the packaged copy if present, else the checkout's folder."""
    packaged = _PACKAGE / f"_{name}"
    if packaged.is_dir():
        return packaged
    return repo_root() / name


def rules_dir() -> Path:
    return resource_dir("rules")


def sources_dir() -> Path:
    return rules_dir() / "sources"

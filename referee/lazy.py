"""Public names imported from their home module when first used, for a package's `__init__`:
`referee --help` and a judge then pay only for the parts of the pipeline they use."""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(package: str, homes: dict[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """(`__getattr__`, `__dir__`) for `package`, whose name `N` lives in `package.homes[N]`."""

    # A module's `__getattr__` answers for names of any type (each its home module's): Any, as
    # the type checker reads a module `__getattr__`.
    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{home}"), name)
        vars(sys.modules[package])[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(homes))

    return __getattr__, __dir__

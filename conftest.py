"""Marks by cost for the whole run (tests/ and book/): everything collected from the book's pages
and notebooks, and every test of the built site, is `book`, run after `scripts/book`."""

from __future__ import annotations

from pathlib import Path

import pytest

_BOOK = Path(__file__).resolve().parent / "book"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _BOOK in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.book)

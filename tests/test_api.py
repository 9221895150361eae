"""The public API: every name in `referee.__all__` exists, and the package docstring runs."""

from __future__ import annotations

import doctest

import referee


def test_public_names_exist():
    missing = [name for name in referee.__all__ if not hasattr(referee, name)]
    assert not missing


def test_package_docstring_examples_run():
    result = doctest.testmod(referee, verbose=False)
    assert result.attempted >= 3 and result.failed == 0

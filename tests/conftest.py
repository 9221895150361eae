"""Shared fixtures: the shipped games, loaded once per test session."""

from __future__ import annotations

import pytest

from referee.model import load_game


@pytest.fixture(scope="session")
def kierki():
    return load_game("kierki")

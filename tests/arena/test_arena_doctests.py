"""The doctest examples of the arena's public modules run as tests (DESIGN §7)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "seedbed.arena.play",
    "seedbed.arena.tournament",
    "seedbed.arena.stats",
    "seedbed.arena.ratings",
    "seedbed.arena.summary",
    "seedbed.arena.executors",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no doctest examples"
    assert result.failed == 0, f"{result.failed} doctest example(s) failed in {name}"

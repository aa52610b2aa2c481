"""The doctest examples of the public API run as tests (DESIGN §7)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "seedbed",
    "seedbed.engine.api",
    "seedbed.engine.rng",
    "seedbed.games.bohnanza.actions",
    "seedbed.bench",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no doctest examples"
    assert result.failed == 0, f"{result.failed} doctest example(s) failed in {name}"

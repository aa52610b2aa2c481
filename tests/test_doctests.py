"""The doctest examples of every seedbed module run as tests (DESIGN §7).

Every module under ``src/seedbed`` is imported and searched; those with examples are tested, so
a new module's examples run without being listed here."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import seedbed


def _modules() -> list[str]:
    names = ["seedbed"]
    for info in pkgutil.walk_packages(seedbed.__path__, prefix="seedbed."):
        names.append(info.name)
    return sorted(names)


def _examples(module: ModuleType) -> int:
    tests = doctest.DocTestFinder(exclude_empty=True).find(module, module.__name__)
    return sum(len(t.examples) for t in tests if t.name.startswith(module.__name__))


WITH_EXAMPLES = [n for n in _modules() if _examples(importlib.import_module(n))]


def test_the_public_api_has_examples() -> None:
    """The core modules named in DESIGN §7 keep their examples."""
    for name in ("seedbed", "seedbed.engine.api", "seedbed.engine.rng", "seedbed.bots.specs"):
        assert name in WITH_EXAMPLES, f"{name} lost its doctest examples"
    assert len(WITH_EXAMPLES) >= 25


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no doctest examples"
    assert result.failed == 0, f"{result.failed} doctest example(s) failed in {name}"

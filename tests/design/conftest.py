"""The rigged toy game registered for the lab's tests, forgotten afterwards."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import seedbed
from seedbed.engine import registry
from seedbed.plugins import ENV

TESTS = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def rigged() -> Iterator[str]:
    saved = os.environ.get(ENV)
    sys.path.insert(0, str(TESTS))
    name = seedbed.register("design.rigged_card")
    try:
        yield name
    finally:
        for table in (registry._MODULES, registry._SPECS, registry._GAMES):
            table.pop(name, None)  # type: ignore[attr-defined]
        sys.path.remove(str(TESTS))
        if saved is None:
            os.environ.pop(ENV, None)
        else:
            os.environ[ENV] = saved

"""The games' behaviour fingerprint (scripts/determinism_hash.py) equals the committed one:
seeded random games of every game and configuration, hashed step by step (actions, their
texts, events as every viewer sees them, ``key()``, observations, outcomes). A refactor meant
to change nothing must keep every hash (issue 13); a deliberate rule change regenerates the
file with ``python scripts/determinism_hash.py --games 2 --json > tests/golden/determinism.json``
and says in its commit what changed and why."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = json.loads((ROOT / "tests" / "golden" / "determinism.json").read_text())
GAMES = 2


def _script() -> object:
    spec = importlib.util.spec_from_file_location(
        "determinism_hash", ROOT / "scripts" / "determinism_hash.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCRIPT = _script()
CONFIGS = {
    f"{name} {n} {json.dumps(options, sort_keys=True)}": (name, n, options)
    for name, n, options in SCRIPT.CONFIGS  # type: ignore[attr-defined]
}


def test_every_configuration_has_a_committed_hash() -> None:
    assert sorted(GOLDEN) == sorted(CONFIGS)


@pytest.mark.parametrize("label", sorted(CONFIGS))
def test_behaviour_is_unchanged(label: str) -> None:
    name, n, options = CONFIGS[label]
    found = SCRIPT.config_hash(name, n, options, GAMES, 10)  # type: ignore[attr-defined]
    assert found == GOLDEN[label], f"{label}: the games' behaviour changed"

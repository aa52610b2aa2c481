"""Every clause and worked example of the Bohnanza rules is cited by at least one test."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RULES_DIR = REPO.parent / "shared" / "rules"

pytestmark = pytest.mark.skipif(
    not (RULES_DIR / "bohnanza.md").is_file(),
    reason=f"rules specification not found at {RULES_DIR / 'bohnanza.md'} "
    "(expected the shared/rules folder beside the repository)",
)


def load_script():
    spec = importlib.util.spec_from_file_location(
        "rules_coverage", REPO / "scripts" / "rules_coverage.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_rules_file_defines_all_clauses_and_examples():
    """The parser finds all 93 numbered clauses and all 18 worked examples."""
    rules = load_script().clauses((RULES_DIR / "bohnanza.md").read_text(encoding="utf-8"))
    assert {f"B-{i}" for i in range(1, 94)} <= set(rules)
    assert {f"B-EX-{i}" for i in range(1, 19)} <= set(rules)


def test_every_clause_is_cited_by_a_test():
    """Each clause id appears in the name or docstring of at least one test function."""
    script = load_script()
    rules = script.clauses((RULES_DIR / "bohnanza.md").read_text(encoding="utf-8"))
    cited = script.citations(REPO / "tests")
    missing = [c for c in rules if c not in cited]
    assert not missing, f"clauses not cited by any test: {', '.join(missing)}"


def test_every_cited_clause_exists():
    """A test citing an id the rules do not define is a typo."""
    script = load_script()
    rules = script.clauses((RULES_DIR / "bohnanza.md").read_text(encoding="utf-8"))
    unknown = sorted(set(script.citations(REPO / "tests")) - set(rules))
    assert not unknown, f"tests cite unknown clause ids: {', '.join(unknown)}"


def test_name_citations_are_parsed():
    """Ids are read from test names in the b24 and b_ex_7 styles."""
    script = load_script()
    assert script.ids_in_name("test_b65_b66_b_ex_15_tie") == {"B-65", "B-66", "B-EX-15"}
    assert script.ids_in_name("test_bank_b_example") == set()

"""Every clause and worked example of each registered game's rules is cited by a test; the
rules are read from the repository's own copies (``docs/rules/``), and the generated coverage
document is current."""

from __future__ import annotations

import importlib.util
import re
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def load_script():
    spec = importlib.util.spec_from_file_location(
        "rules_coverage", REPO / "scripts" / "rules_coverage.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCRIPT = load_script()


GAMES = SCRIPT.registered_games()
# numbered clauses and worked examples each rules file defines
EXPECTED = {"bohnanza": (93, 19), "stalk_exchange": (63, 15), "fields_of_green": (116, 19)}


def rules_of(game: str) -> dict[str, str]:
    return SCRIPT.clauses(SCRIPT.rules_path(game).read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", GAMES)
def test_rules_file_defines_all_clauses_and_examples(game: str) -> None:
    """The parser finds every numbered clause and worked example of the file."""
    prefix = SCRIPT.GAMES[game][0]
    count, examples = EXPECTED[game]
    rules = rules_of(game)
    assert {f"{prefix}-{i}" for i in range(1, count + 1)} <= set(rules)
    assert {f"{prefix}-EX-{i}" for i in range(1, examples + 1)} <= set(rules)


@pytest.mark.parametrize("game", GAMES)
def test_every_clause_is_cited_by_a_test(game: str) -> None:
    """Each clause id appears in the name or docstring of at least one test function."""
    cited = SCRIPT.citations(REPO / "tests")
    missing = [c for c in rules_of(game) if c not in cited]
    assert not missing, f"{game}: clauses not cited by any test: {', '.join(missing)}"


def test_every_cited_clause_exists() -> None:
    """A test citing an id that no rules file defines is a typo."""
    known: set[str] = set()
    for game in SCRIPT.GAMES:
        if SCRIPT.rules_path(game).is_file():
            known |= set(rules_of(game))
    unknown = sorted(set(SCRIPT.citations(REPO / "tests")) - known)
    assert not unknown, f"tests cite unknown clause ids: {', '.join(unknown)}"


def test_name_citations_are_parsed() -> None:
    """Ids are read from test names in the b24, s_ex_7 and f31 styles."""
    assert SCRIPT.ids_in_name("test_b65_b66_b_ex_15_tie") == {"B-65", "B-66", "B-EX-15"}
    assert SCRIPT.ids_in_name("test_s35_s_ex_5_crash") == {"S-35", "S-EX-5"}
    assert SCRIPT.ids_in_name("test_f31_f_ex_2") == {"F-31", "F-EX-2"}
    assert SCRIPT.ids_in_name("test_bank_b_example") == set()


def test_rules_are_the_repository_copies() -> None:
    """The coverage script reads docs/rules/ of this checkout, whatever lies beside it."""
    assert SCRIPT.RULES_DIR == REPO / "docs" / "rules"
    for game in SCRIPT.GAMES:
        assert SCRIPT.rules_path(game).is_file()


def test_coverage_document_is_current() -> None:
    """docs/rules-coverage.md is what scripts/rules_coverage.py writes today: a clause or a
    citing test added without regenerating it fails here."""
    expected = SCRIPT.document()
    actual = (REPO / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
    assert actual == expected, "docs/rules-coverage.md is stale: run scripts/rules_coverage.py"


# Spelled in pieces so that this file does not name them itself.
_SHARED = "sha" + "red"
OUTSIDE = re.compile(
    "|".join(
        (
            rf"\.\./{_SHARED}\b",
            rf"/work/{_SHARED}",
            rf"\b{_SHARED}/(?:rules|checks|seeds|hooks|DESIGN)",
            rf"SEEDBED_{_SHARED.upper()}",
        )
    )
)


def tracked_files() -> list[str]:
    done = subprocess.run(
        ["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True, timeout=60
    )
    return [name for name in done.stdout.decode().split("\0") if name]


def test_no_file_names_a_path_outside_the_repository() -> None:
    """Rules, sources and checks live in the repository: no tracked file points at the shared
    folder the project started from, so a fresh clone checks everything the workplace does."""
    offenders = []
    for name in tracked_files():
        path = REPO / name
        if not path.is_file():  # deleted in the work tree, not yet committed
            continue
        text = path.read_bytes().decode("utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                offenders.append(f"{name}:{number}: {line.strip()[:80]}")
    assert not offenders, "paths outside the repository:\n" + "\n".join(offenders)


def test_outside_path_pattern() -> None:
    """The pattern catches the spellings the project used to have, and not ordinary words."""
    for text in (
        "../" + _SHARED + "/DESIGN.md",
        "/work/" + _SHARED + "/checks/api_play.py",
        "``" + _SHARED + "/rules/bohnanza.md``",
        "$SEEDBED_" + _SHARED.upper(),
    ):
        assert OUTSIDE.search(text), text
    for text in ("ties may be shared", "docs/rules/bohnanza.md", "a shared pile"):
        assert not OUTSIDE.search(text), text

"""DESIGN §2: one-way dependencies; the engine and games are pure (stdlib only, no I/O);
no copy.deepcopy and no global ``random`` in the simulation layers."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "seedbed"
STDLIB = set(sys.stdlib_module_names)


def modules(package: str) -> list[Path]:
    return sorted((SRC / package).rglob("*.py")) if (SRC / package).exists() else []


def imports(path: Path) -> list[str]:
    """Absolute names of every module imported by a file (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = path.relative_to(SRC.parent).with_suffix("").parts[: -node.level]
                names.append(".".join([*parts, node.module or ""]).rstrip("."))
            elif node.module == "seedbed":  # from seedbed import _native: name the module
                names += [f"seedbed.{alias.name}" for alias in node.names]
            else:
                names.append(node.module or "")
    return names


def calls(path: Path) -> list[str]:
    """Dotted names of every called function (``copy.deepcopy``, ``open``, ``random.choice``)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            out.append(ast.unparse(node.func))
    return out


PURE = modules("engine") + modules("games")
SIM = PURE + modules("bots") + modules("arena")


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(SRC)))
def test_engine_and_games_import_only_stdlib_and_seedbed(path: Path) -> None:
    for name in imports(path):
        top = name.split(".")[0]
        assert top == "seedbed" or top in STDLIB, f"{path.name} imports third-party {name}"
        assert top not in ("io", "os", "pathlib", "shutil", "socket", "subprocess", "tempfile")


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(SRC)))
def test_engine_and_games_do_no_io(path: Path) -> None:
    for func in calls(path):
        assert func not in ("open", "print", "input", "exec", "eval"), f"{path.name} calls {func}"
        assert not func.endswith((".read_text", ".write_text", ".open")), f"{path.name}: {func}"


@pytest.mark.parametrize("path", SIM, ids=lambda p: str(p.relative_to(SRC)))
def test_no_deepcopy_and_no_global_random(path: Path) -> None:
    for name in imports(path):
        assert name != "random", f"{path.name} imports the global random module"
        assert name != "copy", f"{path.name} imports copy (use hand-written clone())"
    for func in calls(path):
        assert "deepcopy" not in func, f"{path.name} calls {func}"
        assert not func.startswith("random."), f"{path.name} calls {func}"


SENTINELS = {"MISSING"}
"""Upper-case names that are identity sentinels by design (``dataclasses.MISSING``)."""


def identity_tests(path: Path) -> list[str]:
    """``x is CONSTANT`` / ``x is not CONSTANT`` in a file, ``None`` on the other side aside:
    a constant action compared by identity fails for an equal object that crossed a process,
    a pickle, JSON or the native engine's menu."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Compare):
            continue
        if not any(isinstance(op, ast.Is | ast.IsNot) for op in node.ops):
            continue
        sides = [node.left, *node.comparators]
        if any(isinstance(side, ast.Constant) and side.value is None for side in sides):
            continue
        for side in sides:
            if isinstance(side, ast.Name) and side.id.isupper() and side.id not in SENTINELS:
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("path", SIM, ids=lambda p: str(p.relative_to(SRC)))
def test_no_identity_tests_against_constants(path: Path) -> None:
    """Rules, bots and the arena compare actions by value (Fields of Green's greedy once
    tested ``a is END_HARVEST`` and played other moves on the native engine's menus)."""
    assert identity_tests(path) == []


def test_the_identity_check_catches_a_planted_example(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text("def f(a, b):\n    return a is END_HARVEST or b is None or a is MISSING\n")
    assert identity_tests(planted) == ["planted.py:2: a is END_HARVEST"]


@pytest.mark.parametrize("path", modules("games"), ids=lambda p: str(p.relative_to(SRC)))
def test_games_import_only_the_engine(path: Path) -> None:
    own = path.relative_to(SRC).parts[1]  # the game's package
    for name in imports(path):
        parts = name.split(".")
        if parts[0] != "seedbed":
            continue
        # seedbed._native: the games' own native implementation (issue 14)
        assert parts[1] in ("engine", "games", "_native"), f"{path.name} imports {name}"
        if parts[1] == "games" and len(parts) > 2:
            assert parts[2] == own, f"{path.name} imports another game: {name}"


@pytest.mark.parametrize("path", modules("engine"), ids=lambda p: str(p.relative_to(SRC)))
def test_engine_imports_no_game(path: Path) -> None:
    for name in imports(path):
        assert not name.startswith("seedbed.games"), f"{path.name} imports {name}"
        assert not name.startswith(("seedbed.bots", "seedbed.arena", "seedbed.server"))


def test_the_scan_sees_the_sources() -> None:
    assert len(PURE) >= 10
    assert any(p.name == "testing.py" for p in PURE)
    assert any(p.name == "render.py" for p in PURE)
    assert {p.name for p in modules("lab")} >= {"simulate.py", "bench.py"}
    assert {p.name for p in modules("adapters")} >= {"encoders.py", "pettingzoo.py"}


@pytest.mark.parametrize(
    "path", modules("bots") + modules("arena"), ids=lambda p: str(p.relative_to(SRC))
)
def test_bots_and_arena_reach_games_only_through_the_engine(path: Path) -> None:
    """DESIGN §2: bots and arena import the engine (a game's heuristics come through the
    registry), never a game module, the server, or — for bots — the arena."""
    layer = path.relative_to(SRC).parts[0]
    for name in imports(path):
        parts = name.split(".")
        if parts[0] != "seedbed":
            continue
        allowed = ("engine", "bots") if layer == "bots" else ("engine", "bots", "arena")
        assert len(parts) > 1 and parts[1] in allowed, f"{path.name} imports {name}"


@pytest.mark.parametrize("path", modules("lab"), ids=lambda p: str(p.relative_to(SRC)))
def test_the_lab_reaches_games_only_through_the_engine(path: Path) -> None:
    """The study tools (simulate, bench) stand where the arena does: over the engine, the bots,
    the arena and the data files, never a game module, the server or the command line."""
    for name in imports(path):
        parts = name.split(".")
        if parts[0] == "seedbed":
            assert len(parts) > 1, f"{path.name} imports {name}"
            assert parts[1] not in ("games", "server", "cli", "web"), f"{path.name}: {name}"


@pytest.mark.parametrize(
    "path",
    [p for p in SRC.rglob("*.py") if p.relative_to(SRC).parts[0] != "cli"],
    ids=lambda p: str(p.relative_to(SRC)),
)
def test_only_the_command_line_imports_it(path: Path) -> None:
    """seedbed.cli is the top layer: it may import everything, and nothing imports it."""
    for name in imports(path):
        assert not name.startswith("seedbed.cli"), f"{path.name} imports {name}"


ARENA_THIRD_PARTY = ("openskill", "matplotlib", "ray")
"""Ratings, plots and executors: allowed in the arena, and nowhere in engine, games or bots."""


@pytest.mark.parametrize("path", modules("arena"), ids=lambda p: str(p.relative_to(SRC)))
def test_arena_imports_only_engine_bots_and_its_libraries(path: Path) -> None:
    for name in imports(path):
        parts = name.split(".")
        if parts[0] == "seedbed":
            assert parts[1] in ("engine", "bots", "arena"), f"{path.name} imports {name}"
        else:
            assert parts[0] in STDLIB or parts[0] in ARENA_THIRD_PARTY, f"{path.name}: {name}"


@pytest.mark.parametrize("path", PURE + modules("bots"), ids=lambda p: str(p.relative_to(SRC)))
def test_only_the_arena_uses_the_arena_libraries(path: Path) -> None:
    for name in imports(path):
        assert name.split(".")[0] not in ARENA_THIRD_PARTY, f"{path.name} imports {name}"


# ------------------------------------------------------------------ no game named in generic code

GAME_NAMES = ("bohnanza", "stalk_exchange", "fields_of_green", "Stalk Exchange", "Fields of Green")
"""The registered built-in games, by name and by title."""
GAME_WORDS = (
    # Bohnanza: its trading menu (kinds offer, leave-offer, discard-offered, plant-offered …),
    # its cards and the option treasury_visibility
    "offer", "offers", "bean", "beans", "beanometer", "treasury", "faceup",
    # Stalk Exchange: its zones and tokens (kinds plant, swap, flush act on them)
    "garden", "greenhouse", "compost", "portfolio", "flower", "flowers", "bloom", "bulb", "seedy",
    # Fields of Green: its card data (option cards, data file card_set) and the kinds
    # build-silo, build-tower
    "card_set", "silo", "tower",
)  # fmt: skip
"""Words that belong to one game. Words every game may use are left out on purpose: the
action kinds pass, accept, decline, end, choose, keep, discard, draw, play, plant, harvest,
swap, market, build, place, pay, skip and commit, and the turn words turn, round and year."""
GENERIC = [
    p
    for p in sorted(SRC.rglob("*.py"))
    if p.relative_to(SRC).parts[0] not in ("games", "web", "migrations")
    and "migrations" not in p.relative_to(SRC).parts
]
"""Everything outside ``games/`` (and the web assets): engine, bots, arena, server, cli, lab
and the package root modules (the server's database migrations are data, not layers)."""


def _words(text: str) -> tuple[str, ...]:
    """``text`` as lower-case words: camelCase, snake_case, kebab-case and spaces split."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    return tuple(re.findall(r"[a-z0-9]+", spaced.lower()))


_TERMS = list({_words(term): term for term in reversed((*GAME_NAMES, *GAME_WORDS))}.items())
"""(words, term): a title and a name with the same words (Stalk Exchange, stalk_exchange) are
one term, reported by the name."""


def _terms_in(text: str) -> list[str]:
    """The game terms ``text`` holds as whole words (``max_offers`` holds offers)."""
    words = _words(text)
    found = []
    for seq, term in _TERMS:
        k = len(seq)
        if any(words[i : i + k] == seq for i in range(len(words) - k + 1)):
            found.append(term)
    return found


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that are documentation: any string standing alone as a
    statement (module, class and function docstrings, and attribute docstrings)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def _names(node: ast.AST) -> list[str]:
    """The identifiers ``node`` itself introduces or uses."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.keyword) and node.arg is not None:
        return [node.arg]
    if isinstance(node, ast.alias):
        return [node.name, node.asname or ""]
    if isinstance(node, ast.ImportFrom):
        return [node.module or ""]
    return []


def game_terms(source: str, filename: str = "<source>") -> list[str]:
    """Every place ``source`` names a game or a game's word in code, as
    ``file:line: term (in 'text')``: identifiers (names, attributes, definitions, arguments,
    keyword arguments, imports) and string literals other than docstrings. Comments and
    docstrings may use the words as examples."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    hits = []
    for node in ast.walk(tree):
        texts = _names(node)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            texts = [node.value]
        for text in texts:
            for term in _terms_in(text):
                line = getattr(node, "lineno", 0)
                shown = text if len(text) <= 60 else text[:57] + "..."
                hits.append(f"{filename}:{line}: {term} (in {shown!r})")
    return sorted(set(hits), key=lambda h: (int(h.split(":")[1]), h))


def test_the_game_term_check_catches_a_planted_example() -> None:
    """The check itself: identifiers and strings are caught, docstrings and comments not."""
    planted = '''
"""A module docstring may say bohnanza and offers."""
from seedbed.games.bohnanza import cards  # a comment may say Stalk Exchange
import seedbed.games.fields_of_green as fog

MAX_OFFERS = 3
"""An attribute docstring may name the Garden."""


class BeanCounter:
    """A class docstring may name beans."""

    def count(self, treasury: int, *, card_set: str = "Fields of Green") -> int:
        """A function docstring may name the treasury."""
        self.garden_radius = 4
        return run(game="stalk_exchange", faceup=treasury, label=f"{treasury} offer")


def fine(game: str, seats: int) -> str:
    return f"the game {game} for {seats} players"
'''
    hits = game_terms(planted, "planted.py")
    found = {(int(h.split(":")[1]), h.split(": ", 1)[1].split(" (")[0]) for h in hits}
    assert found == {
        (3, "bohnanza"),
        (4, "fields_of_green"),
        (6, "offers"),
        (10, "bean"),
        (13, "treasury"),
        (13, "card_set"),
        (13, "fields_of_green"),
        (15, "garden"),
        (16, "stalk_exchange"),
        (16, "faceup"),
        (16, "treasury"),
        (16, "offer"),
    }, hits
    assert all(h.startswith("planted.py:") for h in hits)
    assert not [h for h in hits if int(h.split(":")[1]) in (2, 7, 11, 14, 19, 20)]


def test_the_game_term_check_sees_the_generic_layers() -> None:
    layers = {p.relative_to(SRC).parts[0] for p in GENERIC}
    assert {"engine", "bots", "arena", "server", "cli", "lab", "plugins.py"} <= layers
    assert not [p for p in GENERIC if p.relative_to(SRC).parts[0] == "games"]


def test_generic_modules_name_no_game() -> None:
    """Issue 13, item 3: the engine, bots, arena, server, command line, lab and package root
    know games only through their declarations (``GameSpec``): no game's name, title or
    game-specific word in an identifier or a string that is not documentation. Every hit is
    listed, as ``file:line: word``."""
    hits = []
    for path in GENERIC:
        name = str(path.relative_to(SRC.parent))
        hits += game_terms(path.read_text(encoding="utf-8"), name)
    assert not hits, f"{len(hits)} game words in generic code:\n" + "\n".join(hits)


ADAPTER_THIRD_PARTY = ("numpy", "gymnasium", "pettingzoo", "pyarrow", "textarena")
"""The research interfaces' libraries (the ``rl`` and ``llm`` extras, issue 18)."""
ADAPTER_BASE = ("matplotlib",)
"""Base dependencies the adapters may use too: matplotlib draws the ``rgb_array`` render
(issue 34 item 5)."""


@pytest.mark.parametrize("path", modules("adapters"), ids=lambda p: str(p.relative_to(SRC)))
def test_adapters_reach_games_only_through_the_engine(path: Path) -> None:
    """The research interfaces stand over the engine, the bots and the arena (opponents),
    know games through their declarations, and use only their own libraries."""
    for name in imports(path):
        parts = name.split(".")
        if parts[0] == "seedbed":
            allowed = ("engine", "bots", "arena", "adapters")
            assert len(parts) > 1 and parts[1] in allowed, f"{path.name} imports {name}"
        else:
            known = STDLIB | set(ADAPTER_THIRD_PARTY) | set(ADAPTER_BASE)
            assert parts[0] in known, f"{path.name}: {name}"


@pytest.mark.parametrize("path", PURE + modules("bots"), ids=lambda p: str(p.relative_to(SRC)))
def test_only_the_adapters_use_the_adapter_libraries(path: Path) -> None:
    for name in imports(path):
        assert name.split(".")[0] not in ADAPTER_THIRD_PARTY, f"{path.name} imports {name}"

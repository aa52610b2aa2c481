"""No rules in the browser (issue 13, item 6): the client draws what the server sends. Payouts,
the next coin step, the single-bean protection, the Bust, scores and rankings come from the
view message (its ``display`` and ``outcome``), computed on the server by the games' own rule
code; a JavaScript module that computes one again fails this test. The game views are folders
of small modules with one stylesheet each, every class in it under the game's prefix.

No browser needed: the modules are read as text, comments left out. One computation stays
in the browser for now, Fields of Green's Go to Market preview (its equipment bonus needs the
card set, which no observation holds; decisions.md D-32).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "src" / "seedbed" / "web"
GAMES = WEB / "games"
PREFIXES = {"bohnanza": "bn-", "stalk_exchange": "se-", "fields_of_green": "fog-"}
MAX_MODULE_LINES = 400

# what each pattern catches, and the pattern: the names the old views gave these computations
# and the shapes of their arithmetic
FORBIDDEN: dict[str, str] = {
    "a bean-o-meter payout (B-8)": r"\bpayout\s*\(",
    "the next coin step of a bean-o-meter (B-8)": r"\bnextStep\s*\(",
    "a bean-o-meter step compared with a field's size (B-8)": (
        r"\bn\s*>=\s*need\b|\bneed\s*>\s*n\b|\bmeter\[\w+\]\s*>\s*n\b"
    ),
    "the single-bean protection (B-24)": (
        r"\bharvestBlock\s*\(|\.cards\.length\s*(?:>=\s*2|!==\s*1|===\s*1)"
    ),
    "the varieties in a game of n players (B-13)": r"\bvarietiesInGame\s*\(",
    "the cards drawn at the end of a turn (B-13)": r"\bdrawCount\s*\(",
    "the Bust (S-41)": r"\bbust\s*\(|Math\.floor\([^()]*/\s*2\s*\)",
    "a portfolio's score (S-42)": r"\bworth\s*\(",
    "the tie-break levels (S-43)": r"\blevels\s*\(|\bcompareKeys\s*\(",
    "a rank counted in the browser": r"\b1\s*\+\s*[\w.]+\.filter\(|\bbetter\s*\(",
    "a Water Tower's reach (F-31)": r"\btowerReach\s*\(",
}


def js_modules() -> list[Path]:
    return sorted(WEB.rglob("*.js"))


def _newlines_of(match: re.Match[str]) -> str:
    """A block comment's line breaks, so the lines after it keep their numbers."""
    return "\n" * match.group().count("\n")


def code_lines(path: Path) -> list[tuple[int, str]]:
    """The file's lines without comments (``// …`` and ``/* … */``), numbered from 1. Strings
    stay: a rule computation is never inside one, and a ``//`` in a URL string is not cut
    because only a ``//`` after white space or at the line start counts."""
    text = re.sub(r"/\*.*?\*/", _newlines_of, path.read_text("utf-8"), flags=re.S)
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        out.append((number, re.sub(r"(^|\s)//.*$", "", line)))
    return out


def rule_computations(path: Path) -> list[str]:
    """``file:line: what: code`` for every forbidden computation of a module."""
    name = path.relative_to(WEB) if path.is_relative_to(WEB) else path.name
    found = []
    for number, line in code_lines(path):
        for what, pattern in FORBIDDEN.items():
            if re.search(pattern, line):
                found.append(f"{name}:{number}: {what}: {line.strip()}")
    return found


@pytest.mark.parametrize("path", js_modules(), ids=lambda p: str(p.relative_to(WEB)))
def test_no_module_computes_a_payout_protection_or_ranking(path: Path) -> None:
    found = rule_computations(path)
    assert not found, "rules computed in the browser:\n" + "\n".join(found)


def test_the_scan_finds_the_computations_it_forbids(tmp_path: Path) -> None:
    """Each pattern catches the code the old views had (kept here as their witnesses)."""
    old = tmp_path / "old.js"
    old.write_text(
        "\n".join(
            [
                "const pays = payout(variety, n);",
                "const next = nextStep(variety, n);",
                "meter.forEach((need, i) => { if (need && n >= need) coins = i + 1; });",
                "if (field.cards.length !== 1) return false;",
                "for (const v of varietiesInGame(view)) {}",
                "const k = drawCount(view);",
                "const top = Math.floor(values[f] / 2);",
                "const now = worth(values, p);",
                "const key = [score, ...levels(final, p)];",
                "rank: 1 + rows.filter((o) => better(o, r)).length,",
                "const reach = towerReach(farm);",
                "// payout(variety, n) in a comment is fine",
            ]
        ),
        encoding="utf-8",
    )
    found = rule_computations(old)
    lines = {int(f.split(":")[1]) for f in found}
    assert lines == set(range(1, 12)), found


@pytest.mark.parametrize("name", sorted(PREFIXES))
def test_a_game_view_is_a_folder_of_small_modules(name: str) -> None:
    folder = GAMES / name
    assert (folder / "index.js").is_file(), f"games/{name}/index.js is the view's entry"
    assert not (GAMES / f"{name}.js").exists(), f"games/{name}.js: the view is a folder now"
    for path in sorted(folder.glob("*.js")):
        lines = len(path.read_text("utf-8").splitlines())
        assert lines < MAX_MODULE_LINES, f"{path.relative_to(WEB)} has {lines} lines"


@pytest.mark.parametrize("name", sorted(PREFIXES))
def test_one_css_convention(name: str) -> None:
    """Each game's rules live in games/<name>/style.css (the shell links it with the view),
    every selector scoped by a class of the game's prefix (``.fog``, ``.fog-hand …``); the
    shell's style.css has none of them."""
    css = GAMES / name / "style.css"
    assert css.is_file()
    short = PREFIXES[name].rstrip("-")
    scoped = re.compile(rf"\.{short}(?![\w])|\.{short}-")
    text = re.sub(r"/\*.*?\*/", "", css.read_text("utf-8"), flags=re.S)
    for selector in re.findall(r"([^{}]+)\{", text):
        if selector.strip().startswith("@"):
            continue
        for part in selector.split(","):
            assert scoped.search(part), f"{css.relative_to(WEB)}: {part.strip()!r} is not scoped"
    shared = re.sub(r"/\*.*?\*/", "", (WEB / "style.css").read_text("utf-8"), flags=re.S)
    assert not scoped.search(shared), f"style.css has {short} rules"
    assert sorted(GAMES.rglob("*.css")) == sorted(GAMES.glob("*/style.css"))

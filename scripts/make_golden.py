"""Write the golden playthroughs of ``tests/golden/`` (DESIGN §6.5).

Each file is one seeded random game played to its end: a header, then for every step the move
in text form (``<step> p<seat> <action>``) followed by one line per viewer (every seat, then
the spectator ``s``) with that viewer's redacted events and a compact summary of their view.
To stay small, the spectator line carries the public events and view; a seat's line carries
what only that seat sees (its private zones), and its events only where they differ from the
spectator's. Each game has a :class:`Renderer` that writes those summaries.
``tests/test_golden.py`` regenerates the games in memory and diffs them against the files.

Usage: python scripts/make_golden.py   (run it when a behaviour change is intended)
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import seedbed
from seedbed.engine.api import Event, State
from seedbed.engine.rng import Rng

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"
# file name -> (game, num_players, seed, options)
GAMES: dict[str, tuple[str, int, int, dict[str, Any]]] = {
    "bohnanza_standard_3p.txt": ("bohnanza", 3, 11, {"edition": "standard", "max_offers": 1}),
    "bohnanza_standard_5p.txt": ("bohnanza", 5, 22, {"edition": "standard", "max_offers": 1}),
    "bohnanza_duel.txt": ("bohnanza", 2, 33, {"edition": "standard"}),
    "stalk_exchange_2p.txt": ("stalk_exchange", 2, 70, {}),
    "stalk_exchange_5p.txt": ("stalk_exchange", 5, 43, {}),
    "fields_of_green_2p.txt": ("fields_of_green", 2, 5, {}),
    "fields_of_green_4p.txt": ("fields_of_green", 4, 8, {}),
}

Obs = dict[str, Any]


class Renderer(NamedTuple):
    """How one game's views are summarised on a golden line."""

    public: Callable[[Obs], str]
    """The spectator's view, after the public events."""
    private: Callable[[Obs], str]
    """What a seat sees beyond the spectator (its hand, its portfolio ...)."""
    legend: str = ""
    """An extra header line explaining the notation, if any."""


def _compact(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


# ------------------------------------------------------------------ Bohnanza


def _cards(cards: list[dict[str, Any]]) -> str:
    return ",".join(f"{c['variety']}#{c['id']}" for c in cards) or "-"


def view_summary(obs: Obs) -> str:
    """The parts of a Bohnanza observation that change from step to step, in a short form."""
    parts = [f"{obs['phase']} a{obs['active']} move{obs['to_move']} deck{obs['deck_size']}"]
    if "hand" in obs:
        parts.append(f"hand {_cards(obs['hand'])} coins {len(obs['treasury'])}")
    for info in obs["players"]:
        fields = "/".join(f"{f['variety'] or '-'}:{len(f['cards'])}" for f in info["fields"])
        coins = info.get("coins", "?")
        parts.append(f"p{info['seat']} h{info['hand_size']} {fields} c{coins}")
    return " | ".join(parts)


def _bohnanza_private(obs: Obs) -> str:
    return f"hand {_cards(obs['hand'])} coins {len(obs['treasury'])}"


# ------------------------------------------------------------------ Stalk Exchange

_STALK_LETTERS = {"dahlia": "d", "daffodil": "a", "globemaster": "g", "snowdrop": "s", "tulip": "t"}


def _counts(by_type: dict[str, int]) -> str:
    return ",".join(str(by_type[name]) for name in _STALK_LETTERS)


def _stalk_garden(garden: dict[str, Any]) -> str:
    """Rows r = -R … R, q ascending: '.' empty, lower case a bulb, upper case a bloom."""
    radius = garden["radius"]
    cells = {
        tuple(t["space"]): _STALK_LETTERS[t["flower"]].upper()
        if t["side"] == "bloom"
        else _STALK_LETTERS[t["flower"]]
        for t in garden["tokens"]
    }
    rows = []
    for r in range(-radius, radius + 1):
        qs = range(max(-radius, -radius - r), min(radius, radius - r) + 1)
        rows.append("".join(cells.get((q, r), ".") for q in qs))
    return "/".join(rows)


def _stalk_public(obs: Obs) -> str:
    market = obs["market"]
    exchange = "".join("-" if t is None else _STALK_LETTERS[t].upper() for t in obs["exchange"])
    track = "".join(_STALK_LETTERS[t].upper() for t in market["track"]) or "-"
    head = f"t{obs['turn']} a{obs['active']} b{obs['basic_taken']}"
    if obs["crash"] is not None:
        head += f" crash{obs['crash']['triggers']}@{obs['crash']['turn']}"
    parts = [
        head,
        _stalk_garden(obs["garden"]),
        f"ex {exchange} gh{obs['greenhouse']} compost {_counts(obs['compost'])}",
        f"values {_counts(market['values'])} track {track} next {market['next_cell']}",
    ]
    for info in obs["players"]:
        seedy = f"{info['seedy_unspent']}/{info['seedy_spent']}"
        known = _counts(info["known_to_hold"])
        parts.append(f"p{info['seat']} n{info['portfolio_size']} seedy {seedy} known {known}")
    if obs["over"]:
        parts.append(f"final {_counts(obs['final_values'])}")
    return " | ".join(parts)


def _stalk_private(obs: Obs) -> str:
    return f"portfolio {_counts(obs['portfolio'])}"


_STALK_LEGEND = (
    "# legend: types d dahlia, a daffodil, g globemaster, s snowdrop, t tulip; counts in that "
    "order; garden rows r=-R..R by q, '.' empty, lower case bulb, upper case bloom; "
    "t turn, a active, b basic actions taken, gh greenhouse, seedy unspent/spent"
)

# ------------------------------------------------------------------ Fields of Green


def _fog_card(card: dict[str, Any]) -> str:
    return f"{card['design']}#{card['id']}"


def _fog_cards(cards: list[dict[str, Any]]) -> str:
    return ",".join(map(_fog_card, cards)) or "-"


def _fog_cell(entry: dict[str, Any]) -> str:
    """``x,y=design#id``: towers ``T#id:water/capacity``, Silos ``S#id``, an Open Area
    with a leading ``~``, tiles as ``+design#id``."""
    x, y = entry["cell"]
    card = entry["card"]
    if card["kind"] == "water_tower":
        text = f"T#{card['id']}:{entry['water']}/{entry['capacity']}"
        if entry["range"] != 2:
            text += f"r{entry['range']}"
    elif card["kind"] == "silo":
        text = f"S#{card['id']}"
    else:
        text = ("~" if entry["open_area"] else "") + _fog_card(card)
    text += "".join(f"+{_fog_card(tile)}" for tile in entry["equipment"])
    return f"{x},{y}={text}"


def _fog_public(obs: Obs) -> str:
    piles = "/".join(map(str, obs["pile_sizes"]))
    direction = "+" if obs["direction"] > 0 else "-"
    head = (
        f"y{obs['year']} {obs['phase']} t{obs['turn']} fp{obs['first_player']}{direction} "
        f"move{obs['to_move']} piles {piles} T{obs['water_towers_left']} "
        f"S{obs['silos_left']} eq{obs['equipment_left']} disc{len(obs['discard'])} "
        f"eqdisc{len(obs['equipment_discard'])}"
    )
    parts = [head]
    if obs["display"] or obs["shared_size"]:
        parts.append(f"display {_fog_cards(obs['display'])} shared{obs['shared_size']}")
    decision = obs["decision"]
    if decision is not None:
        extra = "".join(
            f" {k}{v}" for k, v in sorted(decision.items()) if k not in ("kind", "player")
        )
        parts.append(f"decide {decision['kind']} p{decision['player']}{extra}")
    for info in obs["players"]:
        line = (
            f"p{info['seat']} c{info['coins']} f{info['food']}/{info['food_capacity']} "
            f"vp{info['vp_tokens']} h{info['hand_size']}"
        )
        if info["committed"]:
            line += " committed"
        if info["revealed"] is not None:
            line += f" rev {_fog_card(info['revealed'])}"
        if info["set_aside"]:
            line += f" aside {_fog_cards(info['set_aside'])}"
        line += " " + " ".join(_fog_cell(entry) for entry in info["farm"])
        parts.append(line)
    return " | ".join(parts)


def _fog_private(obs: Obs) -> str:
    parts = [f"hand {_fog_cards(obs['hand'])}"]
    if obs["commit"] is not None:
        parts.append(f"commit {_fog_card(obs['commit'])}")
    for seat, cards in sorted(obs["known_hands"].items()):
        parts.append(f"knows p{seat} {','.join(map(str, cards))}")
    if obs["known_stack"]:
        known = ",".join(f"{i}:{_fog_card(tile)}" for i, tile in obs["known_stack"])
        parts.append(f"stack {known}")
    decision = obs["decision"]
    if decision is not None and ("tiles" in decision or "tile" in decision):
        tiles = decision.get("tiles") or [decision["tile"]]
        parts.append(f"tiles {_fog_cards(tiles)}")
    return " | ".join(parts)


_FOG_LEGEND = (
    "# options {}: the shipped original card set, published rules, free draw splits; "
    "legend: y year, t turn, fp first player with passing direction, piles "
    "field/livestock/construction/building, T tower pile, S Silo pile, eq equipment stack, "
    "disc discard; per player c coins, f food/capacity, vp tokens, h hand size, farm "
    "x,y=design#id (T#id:water/capacity towers, S#id Silos, ~ Open Area, +tile#id); "
    "seat lines: hand, commit, hands known by id, known stack places, tiles being chosen"
)

RENDERERS: dict[str, Renderer] = {
    "bohnanza": Renderer(view_summary, _bohnanza_private),
    "stalk_exchange": Renderer(_stalk_public, _stalk_private, _STALK_LEGEND),
    "fields_of_green": Renderer(_fog_public, _fog_private, _FOG_LEGEND),
}


# ------------------------------------------------------------------ playthroughs


def viewer_lines(
    state: State, events: list[Event], viewers: list[int | None], renderer: Renderer
) -> list[str]:
    public = _compact([e.for_viewer(None) for e in events])
    out = [f"  s {public} {renderer.public(state.observe(None))}"]
    for v in viewers:
        if v is None:
            continue
        obs = state.observe(v)
        mine = _compact([e.for_viewer(v) for e in events])
        seen = "" if mine == public else f" {mine}"
        out.append(f"  {v} {renderer.private(obs)}{seen}")
    return out


def playthrough(name: str, num_players: int, seed: int, options: dict[str, Any]) -> str:
    """The golden text of one complete seeded random game of ``name``."""
    game = seedbed.game(name)
    renderer = RENDERERS[name]
    state = game.new_state(num_players, seed, options)
    rng = Rng(seed * 7 + 1)
    viewers: list[int | None] = [*range(num_players), None]
    lines = [f"# {name} {num_players}p seed {seed} options {_compact(options)}"]
    if renderer.legend:
        lines.append(renderer.legend)
    lines += viewer_lines(state, [], viewers, renderer)
    step = 0
    while not state.is_terminal():
        movers = state.to_move()
        p = movers[rng.below(len(movers))] if rng.below(4) == 0 else movers[0]
        menu = state.legal_actions(p)
        action = menu[rng.below(len(menu))]
        events = state.apply(p, action)
        lines.append(f"{step} p{p} {action}")
        lines += viewer_lines(state, events, viewers, renderer)
        step += 1
    lines.append(f"# outcome {_compact(state.outcome().to_json())}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description="Write the golden playthroughs of tests/golden/ (no options; run it when a "
        "behaviour change is intended, then review the diff)."
    )
    parser.parse_args(argv)
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for file_name, spec in GAMES.items():
        text = playthrough(*spec)
        (GOLDEN_DIR / file_name).write_text(text, encoding="utf-8")
        print(f"wrote {file_name}: {text.count(chr(10))} lines, {len(text.encode()) // 1024} KiB")


if __name__ == "__main__":
    main()

"""OpenSpiel's hearts in the loops of bench_native_encoding.py (issue 34's comparison, issue 39
item 7), printed, never asserted. OpenSpiel is not a dependency: run it with an interpreter
of a separate virtual environment that has it::

    python3 -m venv /tmp/spielvenv && /tmp/spielvenv/bin/pip install open_spiel
    /tmp/spielvenv/bin/python benchmarks/bench_openspiel_hearts.py [DECISIONS] [--json]

``loop``: ``legal = state.legal_actions(); state.apply_action(legal[random index])`` per
decision (chance nodes sampled and not counted); ``tensor``: the same with
``information_state_tensor()`` as a NumPy array per decision; ``tensor+mask``: with
``legal_actions_mask()`` too. ``--json`` prints the figures (and the legal actions per
decision) as one JSON line, for ``bench_state_api.py``, which runs this in rounds between its
own loops.
"""

from __future__ import annotations

import json
import random
import sys
import time

import numpy as np
import pyspiel  # type: ignore[import-not-found]


def per_second(decisions: int, tensor: bool, mask: bool = True) -> float:
    game = pyspiel.load_game("hearts")
    rng = random.Random(1)
    done = 0
    elapsed = 0.0
    while done < decisions:
        state = game.new_initial_state()
        start = time.perf_counter()
        while done < decisions and not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            if tensor:
                np.asarray(state.information_state_tensor(), dtype=np.float32)
                if mask:
                    np.asarray(state.legal_actions_mask(), dtype=np.int8)
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            done += 1
        elapsed += time.perf_counter() - start
    return done / elapsed


def legal_per_decision(decisions: int) -> float:
    """The mean number of legal actions at a decision of the random loop."""
    game = pyspiel.load_game("hearts")
    rng = random.Random(1)
    done = total = 0
    while done < decisions:
        state = game.new_initial_state()
        while done < decisions and not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            legal = state.legal_actions()
            total += len(legal)
            state.apply_action(legal[rng.randrange(len(legal))])
            done += 1
    return total / max(1, done)


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    decisions = int(args[0]) if args else 40000
    loop = per_second(decisions, tensor=False)
    tensor = per_second(decisions // 4, tensor=True)
    size = pyspiel.load_game("hearts").information_state_tensor_size()
    if "--json" in sys.argv:
        figures = {
            "loop": loop,
            "tensor": per_second(decisions // 4, tensor=True, mask=False),
            "tensor+mask": tensor,
            "legal": legal_per_decision(2000),
            "tensor_size": size,
        }
        print(json.dumps(figures))
        return
    print(
        f"OpenSpiel {pyspiel.__name__} hearts: loop {loop:9,.0f} decisions/s | tensor+mask "
        f"({size} floats) {tensor:8,.0f}/s"
    )


if __name__ == "__main__":
    main()

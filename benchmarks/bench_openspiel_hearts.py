"""OpenSpiel's hearts in the loops of bench_native_encoding.py (issue 34's comparison, issue 39
item 7), printed, never asserted. OpenSpiel is not a dependency: run it with an interpreter
of a separate virtual environment that has it::

    python3 -m venv /tmp/spielvenv && /tmp/spielvenv/bin/pip install open_spiel
    /tmp/spielvenv/bin/python benchmarks/bench_openspiel_hearts.py [DECISIONS]

``loop``: ``legal = state.legal_actions(); state.apply_action(legal[random index])`` per
decision (chance nodes sampled and not counted); ``tensor+mask``: the same with
``information_state_tensor()`` and ``legal_actions_mask()`` as NumPy arrays per decision.
"""

from __future__ import annotations

import random
import sys
import time

import numpy as np
import pyspiel  # type: ignore[import-not-found]


def per_second(decisions: int, tensor: bool) -> float:
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
                np.asarray(state.legal_actions_mask(), dtype=np.int8)
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            done += 1
        elapsed += time.perf_counter() - start
    return done / elapsed


def main() -> None:
    decisions = int(sys.argv[1]) if len(sys.argv) > 1 else 40000
    loop = per_second(decisions, tensor=False)
    tensor = per_second(decisions // 4, tensor=True)
    size = pyspiel.load_game("hearts").information_state_tensor_size()
    print(
        f"OpenSpiel {pyspiel.__name__} hearts: loop {loop:9,.0f} decisions/s | tensor+mask "
        f"({size} floats) {tensor:8,.0f}/s"
    )


if __name__ == "__main__":
    main()

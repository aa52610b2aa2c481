"""Plays seeded random games through the public game API only (DESIGN section 3) and checks
the API's contract: someone is on the move with a legal action until the end, observations are
JSON, clones are independent, a game replays identically from its seed and choices.
Usage: python scripts/api_play.py GAME "2,3" '{"option": "value"}' GAMES

The project's own copy of the contract check the design names (DESIGN section 3), run by
tests/test_api_play_check.py; it differs from the original only in layout (ruff's house style),
so a clone checks exactly what the workplace checked (and ``--help`` / a usage line for wrong
arguments, added here)."""

import json
import random
import sys
import time

import seedbed

# Added to the original: --help, and a usage line instead of a traceback for wrong arguments.
if any(arg in ("-h", "--help") for arg in sys.argv[1:]):
    print(__doc__)
    sys.exit(0)
if len(sys.argv) != 5:
    print(__doc__.splitlines()[3], file=sys.stderr)
    sys.exit(2)

game_name, counts, options, games = (
    sys.argv[1],
    sys.argv[2],
    json.loads(sys.argv[3]),
    int(sys.argv[4]),
)
game = seedbed.game(game_name)
MAX_STEPS = 200_000


def play(n, seed, choices_seed, check=False):
    state = game.new_state(num_players=n, seed=seed, options=options)
    rng = random.Random(choices_seed)
    steps = 0
    while not state.is_terminal():
        movers = state.to_move()
        assert movers, f"not terminal but nobody to move (step {steps})"
        p = movers[0]
        legal = state.legal_actions(p)
        assert legal, f"player {p} on the move has no legal action (step {steps})"
        a = rng.choice(legal)
        if check and steps % 25 == 0:
            before = json.dumps(state.observe(None), sort_keys=True, default=str)
            for q in range(n):
                json.dumps(state.observe(q))
            c = state.clone()
            c.apply(p, a)
            after = json.dumps(state.observe(None), sort_keys=True, default=str)
            assert before == after, "applying an action to a clone changed the original"
            assert state.is_legal(p, a)
        state.apply(p, a)
        steps += 1
        assert steps < MAX_STEPS, "game did not end"
    out = state.outcome()
    return steps, repr(out)


total_games = total_steps = 0
t0 = time.perf_counter()
for n in [int(x) for x in counts.split(",")]:
    for g in range(games):
        steps, out = play(n, 1000 + g, 7 * g + n, check=(g < 3))
        total_games += 1
        total_steps += steps
    steps2, out2 = play(n, 1000, n, check=False)
    steps3, out3 = play(n, 1000, n, check=False)
    assert (steps2, out2) == (steps3, out3), f"{n}p: same seed and choices gave different games"
dt = time.perf_counter() - t0
print(
    f"{game_name} {options}: {total_games} random games over player counts {counts}, "
    f"{total_steps / total_games:.0f} steps/game, {total_games / dt:.1f} games/s incl. checks"
)

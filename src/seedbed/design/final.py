"""What the lab reads of each finished game beyond its outcome: how it ended and after how
many rounds (the game's declared ``ending``), whether a tie-break decided it, and the game's
own measures (its declared ``lab_extras``), all from the spectator's final view."""

from __future__ import annotations

from dataclasses import dataclass, replace

from seedbed.arena.play import GameResult, play_game
from seedbed.arena.tournament import GameTask
from seedbed.engine.api import JsonDict, Outcome, State
from seedbed.engine.registry import spec as lookup_spec
from seedbed.engine.spec import LabMeasure


def tie_broken(outcome: Outcome) -> bool:
    """Several seats had the best score and the tie-break left fewer winners."""
    best = max(outcome.scores)
    return sum(s == best for s in outcome.scores) > len(outcome.winners)


def final_measures(game: str, state: State, outcome: Outcome) -> JsonDict:
    """The ending, the rounds, the tie-break and the game's extras of one finished game."""
    spec = lookup_spec(game)
    out: JsonDict = {"tiebreak": tie_broken(outcome)}
    if spec.ending is None and spec.lab_extras is None:
        return out
    view = state.observe(None)
    if spec.ending is not None:
        out["ending"], out["rounds"] = spec.ending(view)
    if spec.lab_extras is not None:
        out["game"] = {k: _number(v) for k, v in spec.lab_extras(view, outcome).items()}
    return out


def _number(value: LabMeasure) -> float | list[float]:
    """A measure as JSON: a number, or a rate's [part, whole]."""
    if isinstance(value, tuple):
        return [float(value[0]), float(value[1])]
    return float(value)


@dataclass(frozen=True)
class LabTask(GameTask):
    """A game task that also keeps :func:`final_measures` in the result's extras."""

    def run(self) -> GameResult:
        def final(state: State, outcome: Outcome) -> JsonDict:
            return final_measures(self.game, state, outcome)

        result = play_game(
            self.game, self.seating, self.seed, self.options, keep_moves=False, final=final
        )
        return replace(result, index=self.index, deal=self.deal, rotation=self.rotation)


def lab_tasks(tasks: list[GameTask]) -> list[GameTask]:
    """The same games as lab tasks."""
    return [LabTask(**{f: getattr(t, f) for f in GameTask.__dataclass_fields__}) for t in tasks]

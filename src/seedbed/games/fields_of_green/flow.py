"""What happens by itself between two decisions (F-7): effects on the stack run, decisions
with exactly one choice are made automatically, and the phases move on until some player
has a real choice."""

from __future__ import annotations

from seedbed.engine.api import Event
from seedbed.games.fields_of_green.abilities import apply_effect
from seedbed.games.fields_of_green.decisions import DECISIONS
from seedbed.games.fields_of_green.draft import commit_step, committers, pick_step, resolve_step
from seedbed.games.fields_of_green.equipment import draw_tiles
from seedbed.games.fields_of_green.harvest import harvest_step
from seedbed.games.fields_of_green.menu import decision_menu, has_final_choice
from seedbed.games.fields_of_green.scoring import final_step
from seedbed.games.fields_of_green.state import (
    COMMIT,
    DRAW,
    F_EFFECTS,
    F_GAIN,
    FINAL,
    HARVEST,
    OVER,
    PICK,
    RESOLVE,
    UPKEEP,
    Zones,
)
from seedbed.games.fields_of_green.upkeep import draw_step


def run_stack(s: Zones, ev: list[Event]) -> bool:
    """Work the decision stack down; False when a player must decide, True when empty."""
    stack = s.stack
    lists = s.cfg.lists
    while stack:
        frame = stack[-1]
        kind = frame[0]
        if kind == F_EFFECTS:
            effects = lists[frame[3]]
            if frame[4] >= len(effects):
                stack.pop()
                continue
            frame[4] += 1
            apply_effect(s, frame[1], frame[2], effects[frame[4] - 1], ev)
        elif kind == F_GAIN:
            if frame[2] <= 0:
                stack.pop()
                continue
            frame[2] -= 1
            draw_tiles(s, frame[1], ev)
        else:
            menu = decision_menu(s, frame)
            if len(menu) > 1:
                return False
            action = menu[0]  # F-7: exactly one choice is made automatically
            DECISIONS[type(action)][2](s, frame[1], action, ev)
    return True


def advance(s: Zones, ev: list[Event]) -> None:
    """Run until a player has a decision or the game is over."""
    while run_stack(s, ev):
        phase = s.phase
        if phase == UPKEEP:
            s.phase, s.pos = DRAW, 0
        elif phase == DRAW:
            if draw_step(s, ev):
                return
        elif phase == COMMIT:
            if commit_step(s, ev):
                return
        elif phase == RESOLVE:
            if resolve_step(s):
                return
        elif phase == PICK:
            if pick_step(s, ev):
                return
        elif phase == HARVEST:
            if harvest_step(s, ev):
                return
        elif phase == FINAL:
            if final_step(s, ev, has_final_choice):
                return
        else:
            assert phase == OVER
            return


def movers(s: Zones) -> tuple[int, ...]:
    """Who is on the move, in driver order (F-7)."""
    if s.stack:
        return (s.stack[-1][1],)
    phase = s.phase
    if phase == OVER:
        return ()
    if phase == COMMIT:
        return committers(s)
    return (s.actor(),)

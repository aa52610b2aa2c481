"""A seat's game as text, for language-model agents (issue 18, item 4).

Three pieces, generic over games:

* :func:`observation_text`: what a seat may know, from the dict of ``state.observe(seat)``
  alone (so it cannot show what ``observe`` hides): the rendering of ``seedbed replay``
  (:mod:`seedbed.engine.render`, the game's declared text layout) under headings, and what the
  game's display module works out from the same observation (``GameSpec.display``: payouts,
  reach …).
* :func:`moves_text`: the moves allowed now, described with the action grammar of the game's
  codec (each kind's verb and words, :mod:`seedbed.engine.codec`), how many there are of each
  kind and examples; a short menu is listed whole.
* :func:`read_reply`: the move in a free-text reply. The move is the text inside the last pair
  of square brackets (``I plant. [plant 0]``), or, with no brackets, the whole reply when it is
  one line (backticks, quotes and a final full stop are dropped). A reply that holds no move,
  or a move the game cannot read, raises :class:`ReplyError` saying what was wrong and which
  moves are allowed now; a move read but not legal is refused by ``state.apply``, which
  changes nothing (:class:`~seedbed.adapters.text_table.TextTable` turns that into a
  :class:`ReplyError` too).

>>> import seedbed
>>> state = seedbed.game("stalk_exchange").new_state(3, seed=1)
>>> print(moves_text(state, 0).splitlines()[1])
  plant <slot> <space>: 222 moves, e.g. [plant 0 0,-3] [plant 2 0,3] [plant 5 0,3]
>>> str(read_reply(seedbed.game("stalk_exchange"), "I will flush. [flush]"))
'flush'
>>> read_reply(seedbed.game("stalk_exchange"), "I will flush.")
Traceback (most recent call last):
...
seedbed.adapters.text.ReplyError: could not read 'I will flush' as a move: unknown action 'i'; ...
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import Any

from seedbed.engine.api import Action, Event, Game, PlayerId, State
from seedbed.engine.codec import DeclaredAction
from seedbed.engine.errors import InvalidActionError
from seedbed.engine.menu import kind_of, runs
from seedbed.engine.registry import spec
from seedbed.engine.render import compact, render_event, render_observation

LIST_ALL = 30
"""A menu of at most this many moves is listed whole."""
EXAMPLES = 3
"""Examples shown per kind of move in a longer menu."""
BRACKETED = re.compile(r"\[([^\[\]]*)\]")


class ReplyError(ValueError):
    """A reply that is not a legal move now; the message says why and what is allowed."""


def observation_text(game_name: str, obs: Mapping[str, Any], viewer: PlayerId | None) -> str:
    """The observation ``obs`` (``observe(viewer)``) as text: the table, then each row of the
    declared layout (players, offers …), then what the display works out from it."""
    lines = render_observation(game_name, obs)
    out = ["The table:", f"  {lines[0]}", *(f"  {line}" for line in lines[1:])]
    module = spec(game_name).display
    if module is not None:
        shown = import_module(module).display(obs, viewer)
        out += ["Worked out from the table:", f"  {compact(shown)}"]
    return "\n".join(out)


def events_text(game_name: str, events: Sequence[Event], viewer: PlayerId | None) -> list[str]:
    """Each event as ``viewer`` may see it, one line each."""
    return [render_event(game_name, e, viewer) for e in events]


def _usage(action: Action) -> str:
    """The grammar of an action's kind: its verb and the names of its words, an optional
    word marked ``(optional <word>)`` (square brackets are kept for moves)."""
    if isinstance(action, DeclaredAction):
        kind = type(action).kind
        usage = kind.usage.replace("[", "(optional ").replace("]", ")")
        return f"{kind.verb} {usage}".rstrip()
    return kind_of(action)


def menu_kinds(menu: Sequence[Action]) -> list[tuple[str, list[tuple[int, int]]]]:
    """The menu's kinds in order of first appearance: each kind's grammar and its runs
    ``(start, end)`` of the menu (a lazy menu is not walked: the runs are found by search)."""
    kinds: dict[str, list[tuple[int, int]]] = {}
    for _, start, end in runs(menu, len(menu)):
        kinds.setdefault(_usage(menu[start]), []).append((start, end))
    return list(kinds.items())


def _examples(menu: Sequence[Action], spans: list[tuple[int, int]], k: int) -> list[Action]:
    """``k`` moves spread over the spans (first, last and between)."""
    total = sum(b - a for a, b in spans)
    picks = sorted({(j * (total - 1)) // max(k - 1, 1) for j in range(min(k, total))})
    out = []
    for pick in picks:
        for a, b in spans:
            if pick < b - a:
                out.append(menu[a + pick])
                break
            pick -= b - a
    return out


def moves_text(state: State, seat: PlayerId) -> str:
    """The moves ``seat`` may make now, with the grammar of each kind."""
    if state.is_terminal() or seat not in state.to_move():
        return "You have no move to make now."
    menu = state.legal_actions(seat)
    lines = [f"Your moves now ({len(menu)}; answer with one, in square brackets):"]
    if len(menu) <= LIST_ALL:
        return "\n".join([*lines, *(f"  [{a}]" for a in menu)])
    for usage, spans in menu_kinds(menu):
        count = sum(b - a for a, b in spans)
        shown = " ".join(f"[{a}]" for a in _examples(menu, spans, EXAMPLES))
        noun = "move" if count == 1 else "moves"
        lines.append(f"  {usage}: {count} {noun}, e.g. {shown}")
    return "\n".join(lines)


def allowed_text(state: State, seat: PlayerId) -> str:
    """The kinds of move allowed now, on one line (for error messages)."""
    menu = state.legal_actions(seat)
    parts = []
    for usage, spans in menu_kinds(menu):
        count = sum(b - a for a, b in spans)
        example = _examples(menu, spans, 1)[0]
        parts.append(f"{usage} ({count}, e.g. [{example}])")
    return "allowed now: " + "; ".join(parts)


def extract_move(reply: str) -> str:
    """The move text of a reply (see the module docstring); ReplyError when there is none."""
    found = BRACKETED.findall(reply)
    if found:
        return str(found[-1]).strip()
    text = reply.strip().strip("`'\"").strip()
    if not text:
        raise ReplyError("the reply is empty: give one move in square brackets")
    if "\n" in text:
        raise ReplyError(
            "the reply has several lines and no move in square brackets: put your move in "
            "square brackets"
        )
    return text.rstrip(".").strip()


def read_reply(game: Game, reply: str) -> Action:
    """The action a reply names; ReplyError (without the allowed moves) when it names none."""
    text = extract_move(reply)
    try:
        return game.parse_action(text)
    except InvalidActionError as exc:
        folded = text.lower()
        if folded != text:  # verbs and words in any case, as TextArena's own games read them
            try:
                return game.parse_action(folded)
            except InvalidActionError:
                pass
        raise ReplyError(f"could not read {text!r} as a move: {exc}") from None

"""A lazy menu: the legal actions as a Sequence whose length is known up front and whose i-th
action is built only when asked for (DESIGN §3, "Large menus"), so a random player pays O(1)
per pick however many actions there are.

>>> import seedbed
>>> menu = seedbed.game("stalk_exchange").new_state(3, seed=1).legal_actions(0)
>>> isinstance(menu, LazyMenu), len(menu), str(menu[0]), str(menu[-1])
(True, 241, 'plant 0 0,-3', 'flush')
>>> [str(a) for a in menu[1:3]] == [str(a) for a in list(menu)[1:3]]
True
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import overload

from seedbed.engine.api import Action

MAX_RUNS = 64
"""``runs`` stops splitting after this many runs (the last one then spans the rest)."""


class LazyMenu(Sequence[Action]):
    """Subclasses set ``self._len`` and implement ``_item(i)`` for ``0 <= i < _len``; indexing
    (negative indices and slices included), ``len`` and iteration come from here."""

    __slots__ = ("_len",)
    _len: int

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | list[Action]:
        if isinstance(i, slice):
            return [self._item(j) for j in range(*i.indices(self._len))]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError("menu index out of range")
        return self._item(i)

    @abstractmethod
    def _item(self, i: int) -> Action:
        """The i-th entry, ``0 <= i < len(self)``."""


# ------------------------------------------------------------------ action types and runs

_KINDS: dict[type, str] = {}


def kind_of(action: Action) -> str:
    """The action's JSON ``type``; cached per class (one class per action kind)."""
    cls = type(action)
    kind = _KINDS.get(cls)
    if kind is None:
        kind = _KINDS[cls] = str(action.to_json()["type"])
    return kind


Run = tuple[str, int, int]
"""(type, start, end): menu[start:end] begins with an action of this type."""


def runs(menu: Sequence[Action], size: int) -> list[Run]:
    """The menu's runs of one action type, found by galloping and binary search, assuming
    the deterministic menu order groups actions by type (if it does not, a run may hide
    actions of other types, which are then still legal, just rarer to draw)."""
    out: list[Run] = []
    i = 0
    while i < size:
        kind = kind_of(menu[i])
        if len(out) >= MAX_RUNS:
            out.append((kind, i, size))
            break
        lo, hi, step = i, size, 1  # menu[lo] has this kind; the boundary is in (lo, hi]
        while lo + step < size:
            if kind_of(menu[lo + step]) != kind:
                hi = lo + step
                break
            lo += step
            step *= 2
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if kind_of(menu[mid]) == kind:
                lo = mid
            else:
                hi = mid
        out.append((kind, i, hi))
        i = hi
    return out

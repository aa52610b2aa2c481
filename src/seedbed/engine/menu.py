"""A lazy menu: the legal actions as a Sequence whose length is known up front and whose i-th
action is built only when asked for (DESIGN §3, "Large menus"), so a random player pays O(1)
per pick however many actions there are.

>>> import seedbed
>>> menu = seedbed.game("stalk_exchange").new_state(3, seed=1).legal_actions(0)
>>> isinstance(menu, LazyMenu), len(menu), str(menu[0]), str(menu[-1])
(True, 247, 'plant 0 0,-3', 'flush')
>>> [str(a) for a in menu[1:3]] == [str(a) for a in list(menu)[1:3]]
True
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import overload

from seedbed.engine.api import Action


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

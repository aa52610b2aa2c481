"""The single-bean protection (B-24) on field sizes alone, so that the rules' harvest check and
the browser's display (``display.py``) ask one function.

>>> [single_bean_protected(sizes, 0) for sizes in ([1, 3], [1, 1], [1, 0, 2], [2, 3])]
[True, False, True, False]
"""

from __future__ import annotations

from collections.abc import Sequence

PROTECTION = "B-24"
"""The clause that protects a single bean."""


def single_bean_protected(sizes: Sequence[int], field: int) -> bool:
    """B-24: a field holding a single bean may not be harvested while another field of the
    same player holds 2 or more beans (``sizes``: that player's field sizes)."""
    return sizes[field] == 1 and any(n >= 2 for n in sizes)

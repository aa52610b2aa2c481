"""Bohnanza's options (B-3): defaults, allowed values and the upper bounds that keep one
table cheap to serve (issue 12, defect 3; the figures are in docs/options.md, measured by
benchmarks/bench_option_bounds.py).

>>> normalize_options({"offer_menu.max_give": 3})["offer_menu"]
{'max_give': 3, 'max_want': 2, 'positions': 'frontmost'}
>>> normalize_options({"max_offers": None})["max_offers"] is None
True
>>> table_refusal(normalize_options({"max_offers": None}))
'max_offers null (no limit, B-47) is for simulations with a move cap; a table needs 0-12'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seedbed.engine.api import JsonDict
from seedbed.engine.options import bounded_int, echo

DEFAULT_OPTIONS: JsonDict = {
    "edition": "standard",
    "treasury_visibility": "secret",
    "max_offers": 6,
    "offer_menu": {"max_give": 2, "max_want": 2, "positions": "frontmost"},
}
CHOICES: dict[str, tuple[str, ...]] = {
    "edition": ("standard", "classic"),
    "treasury_visibility": ("secret", "open"),
    "offer_menu.positions": ("frontmost", "all"),
}
# (least, most) of each integer option. max_offers bounds the offers of a trading phase, and
# with them its length and the offers every view lists (B-48); max_give and max_want bound
# the offer menu, which is built whenever a trader is asked (B-50). "null" (no limit, B-47)
# stays a rules option for simulations with a move cap, refused at tables (D-31).
OPTION_BOUNDS: dict[str, tuple[int, int]] = {
    "max_offers": (0, 12),
    "offer_menu.max_give": (0, 3),
    "offer_menu.max_want": (0, 4),
}
CLAUSES = {
    "edition": "B-3, B-1",
    "treasury_visibility": "B-3, B-71",
    "max_offers": "B-3, B-47, D-31",
    "offer_menu.max_give": "B-3, B-50, D-31",
    "offer_menu.max_want": "B-3, B-50, D-31",
    "offer_menu.positions": "B-3, B-50",
}


def _flatten(options: Mapping[str, Any]) -> dict[str, Any]:
    """Nested ``offer_menu`` objects as dotted ``offer_menu.max_give`` keys."""
    flat: dict[str, Any] = {}
    for key, value in options.items():
        if key == "offer_menu":
            if not isinstance(value, Mapping):
                raise ValueError(f"option offer_menu must be an object, got {echo(value)} [B-3]")
            for sub, v in value.items():
                flat[f"offer_menu.{sub}"] = v
        else:
            flat[key] = value
    return flat


def _checked(key: str, value: Any) -> Any:
    if key in CHOICES:
        if not isinstance(value, str) or value not in CHOICES[key]:
            names = ", ".join(CHOICES[key])
            raise ValueError(f"option {key} must be one of {names}, got {echo(value)} [B-3]")
        return value
    if key == "max_offers" and value is None:
        return None  # B-47: no limit
    least, most = OPTION_BOUNDS[key]
    return bounded_int(key, value, least, most, CLAUSES[key])


def table_refusal(options: Mapping[str, Any]) -> str | None:
    """Why normalised options cannot be played at a server's table: an unlimited trading phase
    (B-47 ``null``) has no bound on its length or on the offers every view lists (D-31)."""
    if options.get("max_offers", 6) is None:
        most = OPTION_BOUNDS["max_offers"][1]
        return (
            "max_offers null (no limit, B-47) is for simulations with a move cap; "
            f"a table needs 0-{most}"
        )
    return None


def normalize_options(options: Mapping[str, Any] | None) -> JsonDict:
    """Defaults filled in; nested ``offer_menu`` or dotted ``offer_menu.max_give`` keys.
    ValueError naming the option and its bounds for anything unknown or out of bounds."""
    out: JsonDict = {**DEFAULT_OPTIONS, "offer_menu": dict(DEFAULT_OPTIONS["offer_menu"])}
    for key, value in _flatten(options or {}).items():
        if key not in CLAUSES:
            known = ", ".join(sorted(CLAUSES))
            raise ValueError(f"unknown option {echo(key)}; options: {known} [B-3]")
        value = _checked(key, value)
        if key.startswith("offer_menu."):
            out["offer_menu"][key.split(".", 1)[1]] = value
        else:
            out[key] = value
    return out

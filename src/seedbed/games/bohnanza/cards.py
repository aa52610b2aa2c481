"""Static tables of Bohnanza (rules B-7, B-8, B-13): varieties, bean-o-meters, editions and
the player-count table. Cards are small ints; ``Config`` holds the per-game tables."""

from __future__ import annotations

from dataclasses import dataclass

# B-7: canonical variety order; index 0 = coffee.
VARIETIES: tuple[str, ...] = (
    "coffee", "wax", "blue", "chili", "stink", "green",
    "soy", "black_eyed", "red", "garden", "cocoa",
)  # fmt: skip
VARIETY_INDEX: dict[str, int] = {name: i for i, name in enumerate(VARIETIES)}
NAMES_EN: tuple[str, ...] = (
    "Coffee Bean", "Wax Bean", "Blue Bean", "Chili Bean", "Stink Bean", "Green Bean",
    "Soy Bean", "Black-eyed Bean", "Red Bean", "Garden Bean", "Cocoa Bean",
)  # fmt: skip
CARD_COUNTS: tuple[int, ...] = (24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4)
# Cards needed for 1, 2, 3, 4 coins; 0 = not printed.
BEANOMETER: tuple[tuple[int, int, int, int], ...] = (
    (4, 7, 10, 12), (4, 7, 9, 11), (4, 6, 8, 10), (3, 6, 8, 9), (3, 5, 7, 8), (3, 5, 6, 7),
    (2, 4, 6, 7), (2, 4, 5, 6), (2, 3, 4, 5), (0, 2, 3, 0), (0, 2, 3, 4),
)  # fmt: skip
CLASSIC_VARIETIES: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9)

MAX_FIELD = 200  # longer than any field can grow (a variety has at most 24 cards)


def _payout_row(variety: int) -> tuple[int, ...]:
    row = []
    for n in range(MAX_FIELD + 1):
        coins = 0
        for c, need in enumerate(BEANOMETER[variety], 1):
            if need and n >= need:
                coins = c
        row.append(coins)
    return tuple(row)


# PAYOUT[v][n] = payout(v, n) (B-8), precomputed.
PAYOUT: tuple[tuple[int, ...], ...] = tuple(_payout_row(v) for v in range(len(VARIETIES)))


def payout(variety: int, n: int) -> int:
    """Coins for a harvested field of ``n`` cards of ``variety`` (B-8)."""
    return PAYOUT[variety][min(n, MAX_FIELD)]


@dataclass(frozen=True, slots=True)
class Config:
    """Everything fixed at creation (B-13): edition, player count and the derived tables."""

    edition: str
    num_players: int
    varieties: tuple[int, ...]  # varieties in the game, canonical order
    variety_of: tuple[int, ...]  # card id -> variety
    start_fields: int
    can_buy: bool
    field_cost: int
    hand_sizes: tuple[int, ...]
    draw_count: int
    final_exhaustion: int
    duel: bool
    treasury_open: bool
    max_offers: int | None
    max_give: int
    max_want: int
    all_positions: bool

    @property
    def num_cards(self) -> int:
        return len(self.variety_of)

    def options(self) -> dict[str, object]:
        """The normalised options this configuration was made from (B-3)."""
        return {
            "edition": self.edition,
            "treasury_visibility": "open" if self.treasury_open else "secret",
            "max_offers": self.max_offers,
            "offer_menu": {
                "max_give": self.max_give,
                "max_want": self.max_want,
                "positions": "all" if self.all_positions else "frontmost",
            },
        }


def player_row(
    edition: str, n: int
) -> tuple[tuple[int, ...], int, bool, int, tuple[int, ...], int, int]:
    """B-13 row: (removed varieties, start fields, can buy, cost, hand sizes, draw, final)."""
    if edition == "classic":
        return (), 2, True, 3, (5,) * n, 3, 3
    if n == 2:
        return (9, 10), 2, True, 3, (5, 5), 2, 1
    if n == 3:
        return (10,), 3, False, 0, (5, 5, 5), 3, 2
    if n in (4, 5):
        return (0,), 2, True, 3, (5,) * n, 3, 3
    return (10, 9), 2, True, 2, (3, 4, 5) + (6,) * (n - 3), 4, 3


def make_config(edition: str, n: int, options: dict[str, object]) -> Config:
    removed, fields, can_buy, cost, hands, draw, final = player_row(edition, n)
    base = CLASSIC_VARIETIES if edition == "classic" else tuple(range(len(VARIETIES)))
    varieties = tuple(v for v in base if v not in removed)
    variety_of = tuple(v for v in varieties for _ in range(CARD_COUNTS[v]))
    menu = options["offer_menu"]
    assert isinstance(menu, dict)
    max_offers = options["max_offers"]
    return Config(
        edition=edition,
        num_players=n,
        varieties=varieties,
        variety_of=variety_of,
        start_fields=fields,
        can_buy=can_buy,
        field_cost=cost,
        hand_sizes=hands,
        draw_count=draw,
        final_exhaustion=final,
        duel=(edition == "standard" and n == 2),
        treasury_open=(options["treasury_visibility"] == "open"),
        max_offers=max_offers if isinstance(max_offers, int) else None,
        max_give=int(menu["max_give"]),
        max_want=int(menu["max_want"]),
        all_positions=(menu["positions"] == "all"),
    )

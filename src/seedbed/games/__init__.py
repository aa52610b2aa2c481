"""The games: each a package on the engine API, declared by its ``spec.py``.

``BUILT_IN`` names the games seedbed ships (registered by the package root without importing
them: a game module is imported when first used).
"""

BUILT_IN: dict[str, str] = {
    "bohnanza": "seedbed.games.bohnanza.spec",
    "fields_of_green": "seedbed.games.fields_of_green.spec",
    "stalk_exchange": "seedbed.games.stalk_exchange.spec",
}

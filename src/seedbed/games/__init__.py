"""The games: each a package on the engine API."""

"""Study tools over the engine, shared by the command line, the benchmarks and the scripts.

- :mod:`~seedbed.lab.simulate`: seeded uniformly random games, their statistics and
  summaries, and each game's simulation profile;
- :mod:`~seedbed.lab.bench`: playout, action and clone() speeds of a game.
"""

"""Standard interfaces for learning agents (issue 18): fixed-size NumPy encodings of
observations and actions with legal-action masks (:mod:`seedbed.adapters.encoders`),
PettingZoo AEC environments for every seat learning (:mod:`seedbed.adapters.pettingzoo`) and
Gymnasium environments for one seat learning against seedbed bots
(:mod:`seedbed.adapters.gymnasium`, registered as ``seedbed/<Title>-v0``).

For language-model agents, :mod:`seedbed.adapters.text` and
:mod:`seedbed.adapters.text_table` give a seat's game as text and read free-text replies,
and :mod:`seedbed.adapters.text_arena` makes every game a TextArena environment (the ``llm``
extra); :mod:`seedbed.adapters.dataset` writes recorded games as Parquet datasets of
decisions (``seedbed export``).

They run over the common game API, so a game with a native engine runs natively, and they
know games only through their declarations (``GameSpec.observation`` and
``GameSpec.encoding``). They need the ``rl`` extra: ``pip install 'seedbed[rl]'`` (the text
modules need nothing beyond seedbed; the TextArena one, the ``llm`` extra).
docs/research.md is the guide.
"""

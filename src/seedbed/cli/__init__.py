"""The ``seedbed`` command line (the ``seedbed`` script runs :data:`seedbed.cli.main.app`).

- :mod:`~seedbed.cli.main`: the typer ``app``, its ``simulate``, ``replay``, ``tournament``
  and ``match`` commands, and where every other command is registered;
- :mod:`~seedbed.cli.bench`: ``bench GAME``, ``bench ismcts GAME`` and ``bench server``;
- :mod:`~seedbed.cli.games`: ``games [GAME]``, the games and their options from their
  declarations;
- :mod:`~seedbed.cli.arena`: the arena's side (progress bars, summary tables, results files);
- :mod:`~seedbed.cli.serve`: ``serve``, its options checked into the server's settings;
- :mod:`~seedbed.cli.tables`: ``tables list|show|abort|delete|prune`` on a server's storage;
- :mod:`~seedbed.cli.errors`: one-line ``error: …`` reports with exit code 2, shared by all.

The loops these commands run live in :mod:`seedbed.lab`, the arena and the server; the
package only parses arguments, does the file I/O and prints.
"""

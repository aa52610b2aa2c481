"""The designer's lab (issue 35): sweeps of a game's declared options, measured per cell."""

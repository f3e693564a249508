"""megamono: Monopoly (Mega Edition and classic) for the terminal, played hot-seat.

This package imports nothing heavy: the rules core lives in :mod:`megamono.rules`,
the Textual app in :mod:`megamono.tui`.
"""

__version__ = "0.1.0"

"""companion: a referee that sits beside physical card games.

Players keep their real cards; companion takes each round's bids or plays,
resolves them by the rules and the rulings, and explains every decision.
"""

__version__ = "0.1.0"

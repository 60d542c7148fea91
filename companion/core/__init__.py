"""What every game shares: errors, seating, the record base, matches, the game registry.

Nothing here imports flet or reportlab (a test checks it)."""

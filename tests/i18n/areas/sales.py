"""sales's screens and printables in the pseudo-language checks.

Switch a screen on by adding its name: "setup", "table_in_play", "table_finished",
"match_detail", "rules" (and "library_item", a game with a library's editor).
PRINTABLES = True
"""

SCREENS: set[str] = {"setup", "table_in_play", "table_finished", "match_detail", "rules", "library_item"}
PRINTABLES = True

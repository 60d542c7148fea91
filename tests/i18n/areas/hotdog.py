"""hotdog's screens and printables in the pseudo-language checks.

Switch a screen on by adding its name: "setup", "table_in_play", "table_finished",
"match_detail", "rules" (and "library_item", a game with a library's editor).
PRINTABLES = False checks the text of its score sheets and rules card.

Every screen Hot Dog has is on (it has no files of its own to edit).
"""

SCREENS: set[str] = {"setup", "table_in_play", "table_finished", "match_detail", "rules"}
PRINTABLES = True

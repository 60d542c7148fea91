"""burger's screens and printables in the pseudo-language checks.

Switch a screen on by adding its name: "setup", "table_in_play", "table_finished",
"match_detail", "rules" (and "library_item", a game with a library's editor).
PRINTABLES = True checks the text of its score sheets and rules cards.

Still off, and why (burger's own words on them are all in its catalog): "setup" shows
the shipped recipe file by its file name ("example.json"), which the check counts as
words; "library_item" shows the shipped example's ingredient names ("patty", "cheese",
…): the set's own content, the player's to rename, not the app's words.
"""

SCREENS: set[str] = {"table_in_play", "table_finished", "match_detail", "rules"}
PRINTABLES = True

"""burger's screens and printables in the pseudo-language checks.

Switch a screen on by adding its name: "setup", "table_in_play", "table_finished",
"match_detail", "rules" (and "library_item", a game with a library's editor).
PRINTABLES = True checks the text of its score sheets and rules cards.

Still off, and why (burger's own words on them are all in its catalog):
"rules" and "setup" show ruling ids outside any message ("BU-1  " before each ruling,
"BU-1: …" before a name refusal), which the check counts as words; "setup" also shows
the recipe file's name ("example.json"); "library_item" shows the shipped example's
ingredient names ("patty", "cheese", …): the set's own content, a player's to rename.
"""

SCREENS: set[str] = {"table_in_play", "table_finished", "match_detail"}
PRINTABLES = True

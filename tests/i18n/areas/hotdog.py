"""hotdog's screens and printables in the pseudo-language checks.

Switch a screen on by adding its name: "setup", "table_in_play", "table_finished",
"match_detail", "rules" (and "library_item", a game with a library's editor), and
its phone views: "phone_seat" (a seat's bid or play form) and "phone_resolution" (the
round revealed, as a seat sees it).
PRINTABLES = False checks the text of its score sheets and rules card.

Every screen Hot Dog has is on (it has no files of its own to edit).
"""

SCREENS: set[str] = {"setup", "table_in_play", "table_finished", "match_detail", "rules",
                     "phone_seat", "phone_resolution"}
PRINTABLES = True

"""hotdog's screens and printables in the pseudo-language checks.

Switch a screen on by adding its name: "setup", "table_in_play", "table_finished",
"match_detail", "rules" (and "library_item", a game with a library's editor).
PRINTABLES = False checks the text of its score sheets and rules card.

Hot Dog's own texts on every screen and printable are in the catalog; each is still
off only for shared texts not yet translated: setup (the roster picker's "Played
before"), the table and a match's details (the export and print buttons; a match's
explanation), rules (the ruling lines' ids and "(house rule)"), the printables (the
pages' header and footer, "Date", "House rule:", the marks' legend).
"""

SCREENS: set[str] = {"setup", "table_in_play", "table_finished", "match_detail", "rules"}
PRINTABLES = True

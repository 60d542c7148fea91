"""burger's screens and printables in the pseudo-language checks.

Switch a screen on by adding its name: "setup", "table_in_play", "table_finished",
"match_detail", "rules" (and "library_item", a game with a library's editor).
PRINTABLES = True checks the text of its score sheets and rules cards.

Burger's own words on "table_in_play", "table_finished" and "match_detail" are all in
its catalog; what still shows English there is the shared export row
(``companion/ui/widgets/exports.py``: "Export", "Print", "Game as JSON", …). The
printables wait for ``companion/pdf`` ("page", "Date", "House rule:", "(ruling)",
"HOUSE RULE", the marks legend); "setup" for the shared roster picker, stepper and
name checks; "rules" for ``ruling_lines``' "(house rule)".
"""

SCREENS: set[str] = set()
PRINTABLES = False

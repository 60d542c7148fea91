"""The app around the games: the screens of companion/ui, companion/net and the shell.

Switch a screen on by adding its name; every screen named here must draw no text a
player reads outside the catalogs. The shell's screens: "home", "settings", "history",
"import", "rules_list", "host_panel", "library" (each game's library list),
"stats", "nights", "night" (one game night).
"""

SCREENS: set[str] = {"settings", "home", "history", "import", "rules_list", "host_panel", "library", "stats",
                     "nights", "night"}
PRINTABLES = False   # the shared parts of every printable are checked with each game's

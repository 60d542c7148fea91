"""The app around the games: the screens of companion/ui, companion/net and the shell.

Switch a screen on by adding its name; every screen named here must draw no text a
player reads outside the catalogs. The shell's screens: "home", "settings", "history",
"import", "rules_list", "host_panel", "library" (each game's library list),
"stats", "nights", "night" (one game night); a table hosted on phones, drawn with each
game played from phones: the phone's "join_code" (typing the table code), "join_wrong_code",
"join_seats" (choosing a seat, one taken), "join_waiting" (a seat's screen, before and
after its bid), "join_seat_gone" (the seat freed, the table closed) and the host's
"host_panel_hosted" (its seats and bids, with each join address note).
"""

SCREENS: set[str] = {"settings", "home", "history", "import", "rules_list", "host_panel", "library", "stats",
                     "nights", "night", "join_code", "join_wrong_code", "join_seats", "join_waiting",
                     "join_seat_gone", "host_panel_hosted"}
PRINTABLES = False   # the shared parts of every printable are checked with each game's

"""What companion calls itself where a browser shows it (a tab's title, an installed
app's name, a home-screen icon's label): the phone build and the pages of
``companion serve`` alike."""

NAME = "companion"
DESCRIPTION = ("A referee beside your card games: Hot Dog, a burger drafting game and a sales "
               "trick-taking game. Enter each round, see who gets what and why. Works offline.")

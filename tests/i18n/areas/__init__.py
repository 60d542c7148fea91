"""What the pseudo-language checks cover (``tests/i18n/test_i18n_screens.py`` and
``test_i18n_printables.py``), one file per area so that each area is switched on in a
file of its own: ``shell.py`` (the app around the games: shell, ui, net, pdf, core) and
one per game, named after it (``hotdog.py``...). Each file says

    SCREENS = {...}     # the names of its screens checked (see the test's SCREENS)
    PRINTABLES = False  # a game's file: True checks the text of its score sheets and rules cards

A game without a file here is checked nowhere yet.
"""

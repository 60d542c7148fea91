"""Hot Dog's rules as the app shows them, in plain words: (ruling id, text, house
rule?) for the rules screen; the texts are marked for the catalog and translated
where shown. The ids are the ones every refusal and result cites.
No flet here.
"""

from __future__ import annotations

from companion.games.hotdog.i18n import N_

RULES: list[tuple[str, str, bool]] = [
    ("HD-1", N_("2 to 5 players sit clockwise in the order entered. Names are trimmed, "
             "not empty, different from each other (capital letters do not count) and at most "
             "24 characters long."), False),
    ("HD-2", N_("The neutral tables are 5 and 7 with 2 or 3 players; 5, 7 and 9 with 4 or 5 "
             "players. Every player may bid at any of them."), False),
    ("HD-3", N_("Everyone starts each game with $3. The bank never runs out."), False),
    ("HD-4", N_("The mustard card starts with the player chosen at setup (the youngest); "
             "if nobody is chosen, the first seat."), False),
    ("HD-5", N_("Only the total number of hot dogs in a bid counts, however many cards it takes."), False),
    ("HD-6", N_("Every player bids every round: one table, at least 1 hot dog, $0 or more. "
             "A bid is refused if it puts down more dollars than hot dogs (the price would "
             "fall below zero) or more dollars than the player has."), False),
    ("HD-7", N_("Tables are served 5, then 7, then 9. At a table the lowest price goes first "
             "(price = hot dogs minus dollars); equal prices go clockwise from the mustard holder."), False),
    ("HD-8", N_("Hot dogs stay at a table until it is full. A bid is placed whole if it fits "
             "into the free places, or goes back whole (hot dogs and dollars). A smaller bid "
             "later may still fit."), False),
    ("HD-9", N_("A placed bid pays its dollars to the bank; a returned bid pays nothing."), False),
    ("HD-10", N_("A table is full when its hot dogs equal its number. Then every player gets "
              "$1 for each of their hot dogs there, and the table is cleared. Later bids at "
              "it this round go back (table full)."), False),
    ("HD-11", N_("Only a full table pays (the rulebook example that pays at a table that is "
              "not full is a misprint)."), False),
    ("HD-12", N_("Whoever puts down their last hot dogs must say \"last hot dog\". Without "
              "the announcement those hot dogs go back."), False),
    ("HD-13", N_("The game ends after a round in which someone placed their last hot dogs "
              "(announced). Tables that filled that round still pay; the others pay nothing."), False),
    ("HD-14", N_("After each round the mustard card passes to the left, the next seat clockwise."), False),
    ("HD-15", N_("Most dollars wins; equal dollars share the win. A match is three games: the "
              "dollars of the games are added up, and the highest total wins the match."), False),
    ("HD-16", N_("Money is an amount. Shown as cards: tens first, then at most one $5 and at "
              "most four $1 cards (the cash box allows five $1 and two $5 cards per hand)."), False),
    ("HD-17", N_("House rule (the rulebook only says who starts game 1): in games 2 and 3 the "
              "mustard card starts one seat clockwise from where it started the game before. "
              "You can change it when each game starts."), True),
]

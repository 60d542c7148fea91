"""The rules of sales in plain words, as the app shows them: an introduction, then
each ruling by its id (SA-1…SA-16), the house rule marked. No flet here."""

from __future__ import annotations

from companion.games.sales.i18n import N_

RULES_INTRO: list[str] = [
    N_("Sales is a trick-taking game: each sale, every player with cards plays one card; the "
    "lowest card on suit wins it and is kept for points. Three rounds are played; then the "
    "cards won are scored."),
    N_("The app cannot see anyone's hand: the players enter each card as it is played (picked "
    "from the deck file or by its attributes), and the app says who plays next, who wins "
    "and why, what to discard and who leads. Each rule has its id; the app cites it wherever "
    "it decides something."),
]

RULES: list[tuple[str, str, bool]] = [
    ("SA-1", N_("A card has a suit (one of the deck's weathers) or is wild; a value (its points); "
             "a number of discard icons; the icons it shows; and it may collect a set, 1x or "
             "neighbor, of one icon. The card list is not in the rules: it comes from a deck "
             "file you can edit, and any card can also be entered by its attributes."), False),
    ("SA-2", N_("The competitive game is for 2 to 6 players; co-op for exactly 2; solo is one "
             "person playing two hands, refereed as two players. Co-op and solo deal 12 cards "
             "per hand each round. House rule: the competitive game deals 12 cards per player "
             "each round, because the deal chart is missing; you can change it at setup, and "
             "any other number is a house variant."), True),
    ("SA-3", N_("The leader plays first, then each player who still has cards, clockwise. Players "
             "with empty hands are skipped."), False),
    ("SA-4", N_("The first card played sets the suit; cards of that suit are on suit. Wild cards "
             "are on suit for every suit, in every mode. If the first card is wild, the first "
             "non-wild card sets the suit; if every card is wild, all are on suit. You don't "
             "have to play on suit in the competitive game."), False),
    ("SA-5", N_("The lowest card on suit wins the sale. On a tie, the last of the tied cards "
             "played wins."), False),
    ("SA-6", N_("The winner keeps the card played, for its points; every other card played is "
             "discarded. The winner then discards face down from hand as many cards as the won "
             "card has discard icons, or the whole hand if it holds fewer."), False),
    ("SA-7", N_("The winner leads the next sale. If the winner's hand is empty, the next player "
             "clockwise with cards leads. When every hand is empty, the round ends."), False),
    ("SA-8", N_("A player who is the only one with cards plays sales alone: each card wins, and "
             "its discard icons are paid as usual."), False),
    ("SA-9", N_("Three rounds. Round 1's leader is chosen at setup; each later round is led by "
             "the winner of the last sale of the round before. Won cards are kept across "
             "rounds; the rest of the deck is shuffled and dealt again."), False),
    ("SA-10", N_("Numbers: each player adds up the values of all the cards they won."), False),
    ("SA-11", N_("Each won 1x set card collecting an icon scores 1 for every card the same player "
              "won that shows the icon or is wild, itself included (a set card shows the icon "
              "it collects). A card counts at most once per set card."), False),
    ("SA-12", N_("Each won neighbor set card collecting an icon scores 1 for every card the "
              "player's left and right neighbours won that shows the icon or is wild. With two "
              "players the one neighbour counts once."), False),
    ("SA-13", N_("The highest total wins. On a tie, the tied player who won the most recent sale "
              "wins."), False),
    ("SA-14", N_("Co-op and solo: follow suit if you can. With no card on suit you may play any "
              "card, and it cannot win. Wilds may be played any time, and with no other card on "
              "suit you must play a wild if you hold one. The app cannot see hands, so it asks "
              "you to confirm every off-suit play."), False),
    ("SA-15", N_("Co-op and solo: the team score is the lower of the two scores. 65 or more: "
              "\"Wow!\"; 55 or more: \"Good job.\"; 45 or more: \"Not bad!\"; below 45 no "
              "rating."), False),
    ("SA-16", N_("A deal never asks for more cards than there are. Each round is dealt from the deck less "
              "every card won in earlier rounds (won cards are never shuffled back). House rule, as the "
              "deal chart is missing: when those cards do not make the hand size for every player, each "
              "gets an equal share (the cards left divided by the players, rounded down) and the rest stay "
              "out that round; the app says so when it deals, before the first card. At setup the app shows "
              "what each round will deal at most, offers the largest hand size up to 12 that the deck deals, "
              "and refuses one that round 1 cannot deal."), True),
]

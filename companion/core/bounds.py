"""How big a record companion reads: bounds no real record reaches.

A Hot Dog record of 100,000 rounds used to be read and refereed (1.3 GB, over two
minutes), one of a million ran out of memory, and Import did the same work inside the
server. Each bound below is far past the biggest record a real table can make, so no
game is ever refused for being long; a file past one is refused in one line naming
the bound, before it is parsed (:func:`check_text`) or refereed (the record models'
``max_length``: "rounds has more than 500 entries: companion reads at most 500").

Why each number (the rulings are /RULINGS.md's; the texts, rules/):
"""

from __future__ import annotations

from companion.core.errors import RecordError
from companion.core.i18n import _

#: Rounds in one game record. Hot Dog: each player has 10 hot dog cards (rules/000) and
#: the game ends in the round a player places his last (HD-13), so at most 5 × 9 + 1 =
#: 46 rounds can sell a card; a round in which every bid goes back sells none and
#: changes nothing, and no table plays hundreds of those. Burger: every round reveals
#: 4–8 ingredient cards (BU-2) from the copy's draw pile (a real copy: about 100
#: cards, some 25 rounds); without a draw pile given, only rounds in which nobody
#: finishes a hamburger go past that. Sales: 3 rounds (SA-9). 500 is ten times the
#: longest real game (and refereeing it takes seconds, not minutes).
MAX_ROUNDS = 500

#: Players in a record: the rules allow 5 (HD-1, BU-1) or 6 (SA-2) and say so with
#: their ruling; this bound only stops a list of a million names before each name is
#: looked at.
MAX_PLAYERS = 16

#: Bids in a Hot Dog round, plays in a sale, decks in a burger round: one per player
#: (HD-6, SA-3, BU-2), so never more than the players.
MAX_PER_ROUND = MAX_PLAYERS

#: Cards dealt per player in a sales round (``hand_size``), and so sales in a round (a
#: sale takes a card from every hand that has one, and the round ends when the hands
#: are empty: SA-7): the published game deals 12 (SA-2), and a home-made copy's whole
#: deck is a few dozen cards per player at most.
MAX_HAND = 100

#: Icons shown by one sales card (SA-1, SA-11): a card has room for a few.
MAX_ICONS = 16

#: Cards in one burger deck in a round: at most 8 ingredients are revealed in a round
#: (BU-2, 5 players), each deck holds at least one, plus the rat cards among them.
MAX_DECK_CARDS = 64

#: Cards in one sales deck file, recipes in one recipe file, ingredients in one
#: recipe: a real copy has about a hundred cards, a dozen recipes of a few
#: ingredients each.
MAX_LIBRARY_CARDS = 1000
MAX_RECIPES = 500
MAX_RECIPE_INGREDIENTS = 64

#: Matches in one game night: an evening plays a few; 100 is weeks of evenings.
MAX_MATCHES_PER_NIGHT = 100

#: The size of one record's JSON text (a game, a match, a game night with its matches,
#: a deck or recipe file, one line of ``referee --jsonl``). A real game's record is a
#: few KB; the longest game the bounds above allow, about 0.5 MB; a night of many
#: matches of long games, a few MB.
MAX_RECORD_BYTES = 16 * 1024 * 1024


def megabytes(n: int) -> str:
    return f"{n / (1024 * 1024):.1f}"


def size_fault(size: int) -> str | None:
    """Why a record of ``size`` bytes is not read, or None."""
    if size <= MAX_RECORD_BYTES:
        return None
    return _("the record is {size} MB: companion reads records of at most {most} MB "
             "(no real record comes near that)").format(size=megabytes(size),
                                                       most=megabytes(MAX_RECORD_BYTES))


def check_text(text: str | bytes) -> None:
    """Refuse a record's JSON text past :data:`MAX_RECORD_BYTES` (a one-line
    ``RecordError`` naming the bound), before anything parses it. Every reader of
    records calls it: ``companion referee`` (each line of ``--jsonl``), Import, the
    deck and recipe files (through :func:`companion.core.record.parse_json` and
    :func:`companion.core.registry.parse_record`)."""
    size = len(text)
    if size > MAX_RECORD_BYTES // 4 and isinstance(text, str):
        size = len(text.encode("utf-8", "surrogatepass"))   # a character is up to 4 bytes
    fault = size_fault(size)
    if fault is not None:
        raise RecordError(fault)

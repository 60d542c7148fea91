"""The burger referee in sentences, in the reader's language: how a round ended, its
reveal, takes and notes (public and each player's own), a game's outcome
(:func:`game_text`), and what the host reads out while a round is played. No flet here.

Worded when a screen draws them, from the rules' facts: nothing worded is kept.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core import words
from companion.games.burger import rules
from companion.games.burger.i18n import _, ngettext
from companion.games.burger.models import DEFAULT_TEASE, DEFAULT_TONGS, BurgerResult, RoundResult
from companion.games.burger.recipes import bun_shown
from companion.games.burger.state import deck_label
from companion.games.burger.words import (
    SCORING_NOTE,
    cards_text,
    hamburgers_text,
    hand_text,
    number_word,
    points_text,
    rats_text,
    rounds_text,
    tools_text,
)

# ---------------------------------------------------------------- words


def end_text(end: str | None, hamburgers: int, pile: int | None, players: int) -> str:
    """Why the game ended (BU-6), from the facts of its last round."""
    if end == "hamburgers":
        return _("{hamburgers} on the table reach the {target} that end a {n}-player game (BU-6)").format(
            hamburgers=ngettext("{n} complete hamburger", "{n} complete hamburgers", hamburgers).format(n=hamburgers),
            target=rules.hamburgers_to_end(players), n=players)
    return _("the draw pile holds {cards}, fewer than the {need} ingredients a new round "
             "needs (BU-6)").format(cards=cards_text(pile or 0), need=rules.ingredients_per_round(players))


def last_end(rounds: Sequence[RoundResult]) -> str:
    """Why the game ended, from its last round (before any BU-7 top bun)."""
    last = rounds[-1]
    return end_text(last["end"], sum(last["hamburgers"].values()), last["draw_pile"], last["decks"])


# ---------------------------------------------------------------- a round's facts, worded


def reveal_text(r: RoundResult) -> str:
    """What the first player revealed (BU-2)."""
    decks = ngettext("{n} deck", "{n} decks", r["decks"]).format(n=r["decks"])
    if r["rat_cards"]:
        return _("{first} revealed {ingredients} ingredients and {rats} (rats do not count) "
                 "into {decks} (BU-2).").format(first=r["first"], ingredients=r["ingredients"],
                                                rats=rats_text(r["rat_cards"]), decks=decks)
    return _("{first} revealed {ingredients} ingredients into {decks} (BU-2).").format(
        first=r["first"], ingredients=r["ingredients"], decks=decks)


def takes_text(r: RoundResult) -> str:
    """Who played tongs and who takes the decks (BU-4)."""
    n = r["decks"]
    if r["take_order"]:
        decks = number_word(n)
        if len(r["tongs"]) == 1:
            return _("{player} alone played tongs: {player} takes all {decks} decks (BU-4).").format(
                player=r["tongs"][0], decks=decks)
        return _("{players} played tongs: {order} take the {decks} decks (BU-4).").format(
            players=words.names(r["tongs"]), order=", ".join(r["take_order"]), decks=decks)
    return _("Nobody played tongs: all decks go to {first}'s wastebasket (BU-4); "
             "nobody gets rat tokens this round.").format(first=r["first"])


def round_notes(r: RoundResult) -> list[str]:
    """The round's notes, every one (the take-backs' counts included: see
    :func:`secrecy.public_notes` for what the whole table may read): what was revealed,
    the take-backs (BU-3), the hamburgers finished (BU-5), the draw pile, the end or
    the next first player (BU-6, BU-7)."""
    notes = [reveal_text(r)]
    for p, back in r["returned"].items():
        notes.append(_("{player} holds only one tool card after the reveal and takes all {cards} back, "
                       "the one just played included (BU-3).").format(
            player=p, cards=ngettext("{n} used tool card", "{n} used tool cards", back).format(n=back)))
    notes += after_notes(r)
    return notes


def after_notes(r: RoundResult) -> list[str]:
    """The round's notes after the reveal and the take-backs: the hamburgers finished
    (BU-5), the draw pile, the end or the next first player (BU-6, BU-7)."""
    notes = [_("{player} finishes {hamburgers} (BU-5).").format(player=p, hamburgers=hamburgers_text(n))
             for p, n in r["complete"].items()]
    if r["draw_pile"] is not None:
        notes.append(_("The draw pile gives {cards} and holds {pile} now (BU-2).").format(
            cards=cards_text(r["cards"]), pile=r["draw_pile"]))
    if r["end"]:
        notes.append(_("Game over: {end}.").format(end=end_text(r["end"], sum(r["hamburgers"].values()),
                                                                 r["draw_pile"], r["decks"])))
        notes.append(_("Now each player may flip the wastebasket card as the top bun of one "
                       "hamburger that lacks only its top bun (BU-7)."))
    elif r["take_order"]:
        notes.append(_("{player} took the last deck and becomes first player (BU-6).").format(player=r["next_first"]))
    else:
        notes.append(_("Nobody took a deck: {player} stays first player (BU-4, BU-6).").format(player=r["first"]))
    return notes


def public_notes(r: RoundResult) -> list[str]:
    """The round's notes that everyone may read: a take-back happened, but the count of
    the used tool cards it returned is secret (BU-3)."""
    notes = [_("{player} takes the used tool cards back into hand (BU-3).").format(player=p) for p in r["took_back"]]
    return notes + after_notes(r)


def private_lines(r: RoundResult, player: str) -> list[str]:
    """What the rules tell ``player`` alone about a round (BU-3, BU-5): the rat cards
    found in the decks taken, the used tool cards taken back."""
    out = [_("Deck {index} held {rats}: {tokens} for you; the rat goes under your "
             "wastebasket (BU-5).").format(index=f["deck"] + 1, rats=rats_text(f["rats"]), tokens=ngettext(
                 "{n} hidden rat token", "{n} hidden rat tokens", f["rats"]).format(n=f["rats"]))
           for f in r["found"].get(player, [])]
    if player in r["returned"]:
        hand = r["tools_left"][player]
        out.append(_("You take your used tool cards back: in hand now {hand} (BU-3).").format(
            hand=tools_text(hand["tongs"], hand["tease"])))
    return out


def private(r: RoundResult) -> dict[str, list[str]]:
    """Every player's own lines of a round (:func:`private_lines`), seat order."""
    return {p: lines for p in r["tools_left"] if (lines := private_lines(r, p))}


# ---------------------------------------------------------------- a game's facts, worded


def scoring_text(result: BurgerResult) -> str:
    """The scoring, labelled house rule (BU-8)."""
    return _("{note} House rule: {per_hamburger} per complete hamburger, {per_rat} per rat "
             "token; a tie goes to fewer rat tokens, and is shared if still equal.").format(
        note=_(SCORING_NOTE), per_hamburger=points_text(result["scoring"]["hamburger"]),
        per_rat=points_text(result["scoring"]["rat"]))


def game_text(result: BurgerResult, players: Sequence[str]) -> str:
    """Scores, winners and what a player reads about them (BU-6, BU-8)."""
    if not result["game_over"]:
        return _("Game in progress after {rounds}; {first} is first player. Scores so far "
                 "(house rule, BU-8).").format(rounds=rounds_text(result["rounds_played"]), first=result["first"])
    head = _("Game over after {rounds}: {end}.").format(rounds=rounds_text(result["rounds_played"]),
                                                        end=last_end(result["rounds"]))
    won, tied = result["winners"], result["tied"]
    best = result["scores"][won[0]]
    if len(won) == 1 and len(tied) == 1:
        text = _("{head} {player} wins with {points} (house rule, BU-8).").format(
            head=head, player=won[0], points=points_text(best))
    elif len(won) == 1:
        others = [p for p in tied if p != won[0]]
        text = _("{head} {player} wins with {points}, tied with {others} but with fewer rat tokens "
                 "(house rule, BU-8).").format(head=head, player=won[0], points=points_text(best),
                                               others=words.names(others))
    else:
        text = _("{head} {players} share the win with {points} each (house rule, BU-8).").format(
            head=head, players=words.names(won), points=points_text(best))
    if result["top_buns"]:
        text += " " + _("Wastebasket top buns: {players} (BU-7).").format(players=words.names(result["top_buns"]))
    return text


def game_notes(result: BurgerResult) -> list[str]:
    """The house rules in play (BU-3, BU-8) and, at the end, the BU-7 top bun still open."""
    notes = [_(SCORING_NOTE)]
    tools = result["tools"]
    if (tools["tongs"], tools["tease"]) == (DEFAULT_TONGS, DEFAULT_TEASE):
        notes.append(_("Tool cards: {tools} per player is a house rule (BU-3): the rule texts do "
                       "not give the number.").format(tools=hand_text(tools)))
    else:
        notes.append(_("Tool cards: {tools} per player, set at setup (BU-3).").format(tools=hand_text(tools)))
    if result["game_over"] and not result["top_buns"]:
        notes.append(_("Each player may still flip the wastebasket card as the top bun of one "
                       "hamburger that lacks only its top bun (BU-7); these scores do not include that."))
    return notes


# ---------------------------------------------------------------- the game in play


def decks_lines(decks: Sequence[Sequence[str]]) -> list[str]:
    """Decks as laid out (public), one line each, counted from 1: 'Deck 1: bun, rat'."""
    return [_("{deck}: {cards}").format(deck=words.sentence(deck_label(i)), cards=", ".join(bun_shown(c) for c in deck))
            for i, deck in enumerate(decks)]


def reveal_instructions(state: rules.State) -> list[str]:
    """What to tell the first player before the decks are laid out (BU-2)."""
    n = len(state.players)
    need = rules.ingredients_per_round(n)
    lines = [
        _("Round {round}: {first} is first player.").format(round=state.next_round, first=state.first),
        _("{first}, reveal {need} ingredient cards into {decks} decks: the first {decks} start one "
          "deck each, then place the others on any deck (BU-2).").format(
              first=state.first, need=need, decks=number_word(n)),
        _("Rat cards do not count towards the {need}: place each rat on a deck too and keep "
          "revealing (BU-2).").format(need=need),
    ]
    if state.draw_pile is not None:
        lines.append(_("The draw pile holds {cards}.").format(cards=cards_text(state.draw_pile)))
    return lines


def count_line(state: rules.State) -> str:
    """Hamburgers on the table towards the end (BU-6): every player's together."""
    target = rules.hamburgers_to_end(len(state.players))
    return _("{complete} of {target} complete hamburgers on the table (all players together): "
             "the game ends at {target} (BU-6).").format(complete=state.complete, target=target)


def draw_pile_line(state: rules.State) -> str:
    need = rules.ingredients_per_round(len(state.players))
    if state.draw_pile is None:
        return _("Draw pile: size not entered at setup, so the app cannot see it run short; "
                 "a round needs {need} ingredients (BU-2, BU-6).").format(need=need)
    return _("Draw pile: {cards}; a round needs {need} ingredients (BU-2, BU-6).").format(
        cards=cards_text(state.draw_pile), need=need)

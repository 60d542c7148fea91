"""The sales referee in sentences, in the reader's language: each sale's winner and why
(:func:`sale_text`), a round's notes, the scores' breakdown, the winner or the team's
rating (:func:`game_text`), and a card as a player names it. No flet here.

Worded when a screen draws them, from the rules' facts: nothing worded is kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core import words
from companion.core.record import read
from companion.games.sales import rules
from companion.games.sales.i18n import _, ngettext
from companion.games.sales.models import ROUNDS, Card, RoundResult, SaleResult, SalesResult
from companion.games.sales.vocab import MODE_TITLES, card_label, setup_notes, word

# ---------------------------------------------------------------- the rules' facts, worded


def _whose(player: str, card: Card) -> str:
    return _("{player}'s {card}").format(player=player, card=card_label(card))


def _card_of(res: SaleResult, player: str) -> Card:
    return res["cards"][res["order"].index(player)]


def sale_text(res: SaleResult, mode: str, round_number: int) -> str:
    """A sale in a player's words (SA-3…SA-8, SA-14): who won it with what and why, the
    discards, who leads next."""
    winner, card = res["winner"], res["card"]
    if res["alone"]:
        head = _("{player} plays alone: the {card} wins (SA-8).").format(player=winner, card=card_label(card))
    else:
        if res["tied"]:
            others = words.names([_whose(p, _card_of(res, p)) for p in res["tied"]])
            why = _("the lowest card on suit, tied with {cards}: the last one played wins").format(cards=others)
        else:
            why = _("the lowest card on suit")
        parts = [_("{player} wins with the {card}: {why}").format(player=winner, card=card_label(card), why=why)]
        if res["setter"] is not None:
            parts.append(_("{player} led a wild, so {card} set the suit").format(
                player=res["order"][0], card=_whose(res["setter"], _card_of(res, res["setter"]))))
        elif res["suit"] is None:
            parts.append(_("every card was wild, so all were on suit"))
        off = res["off_suit"]
        if off:
            cards_off = words.names([_whose(p, _card_of(res, p)) for p in off])
            parts.append(ngettext("{cards} was off suit", "{cards} were off suit", len(off)).format(cards=cards_off))
        head = _("{parts} (SA-4, SA-5).").format(parts="; ".join(parts))
        if off and mode != "competitive":
            head += " " + _(
                "In {mode} an off-suit card may be played only "
                "without an on-suit card in hand: confirm it (SA-14)."
            ).format(mode=_(MODE_TITLES[mode]))
    sentences = [head]
    discards, asked = res["discards"], card["discard"]
    if asked:
        if discards == asked:
            sentences.append(ngettext(
                "{player} keeps it and discards {n} card from hand (SA-6).",
                "{player} keeps it and discards {n} cards from hand (SA-6).", discards).format(
                player=winner, n=discards))
        else:
            left = ngettext("only {n} card was left in hand", "only {n} cards were left in hand",
                            discards).format(n=discards)
            sentences.append(ngettext(
                "{player} keeps it; its {n} discard icon asks for {n}, but {left}, so that is all "
                "that is discarded (SA-6).",
                "{player} keeps it; its {n} discard icons ask for {n}, but {left}, so that is all "
                "that is discarded (SA-6).", asked).format(player=winner, n=asked, left=left))
    else:
        sentences.append(_("{player} keeps it (no discard icons) (SA-6).").format(player=winner))
    nxt = res["next_leader"]
    if nxt is None:
        sentences.append(_("Every hand is empty: round {n} ends (SA-7).").format(n=round_number))
    elif nxt != winner:
        sentences.append(_("{player}'s hand is empty, so {next}, the next player clockwise "
                           "with cards, leads (SA-7).").format(player=winner, next=nxt))
    else:
        sentences.append(_("{player} leads the next sale (SA-7).").format(player=winner))
    if res["plays_alone"] is not None:
        sentences.append(_("{player} now plays alone (SA-8).").format(player=res["plays_alone"]))
    return " ".join(sentences)


def round_notes(rnd: RoundResult) -> list[str]:
    """Where a round stands after its last recorded sale (SA-7, SA-9)."""
    n = rnd["round"]
    if not rnd["over"]:
        holding = ", ".join(f"{p} {k}" for p, k in rnd["hands"].items() if k)
        return [_("Round {n} in progress: cards in hand {hands}.").format(n=n, hands=holding)]
    notes = [_("Every hand is empty: round {n} is over (SA-7).").format(n=n)]
    if n < ROUNDS:
        notes.append(_("{player} won the last sale and leads round {n} (SA-9).").format(
            player=rnd["next_leader"], n=n + 1))
    else:
        notes.append(_("That was round {n} of {rounds}: the game is over (SA-9).").format(n=ROUNDS, rounds=ROUNDS))
    return notes


def breakdown(result: SalesResult, player: str) -> list[str]:
    """A player's score line by line (SA-10…SA-12): the numbers, each set card and what
    it counted, the total."""
    won = result["won"]
    mine = won[player]
    s = result["scores"][player]
    lines = []
    if mine:
        terms = " + ".join(str(c["value"]) for c in mine)
        labels = ", ".join(card_label(c) for c in mine)
        lines.append(_("Numbers: {terms} = {numbers} ({cards}) (SA-10)").format(
            terms=terms, numbers=s["numbers"], cards=labels))
    else:
        lines.append(_("Numbers: 0, no cards won (SA-10)"))
    for card, counted in rules.one_x_sets(mine):
        assert card["set"] is not None
        lines.append(_("1x set {card} collecting {icon}: {n} ({cards}) (SA-11)").format(
            card=card_label(card), icon=word(card["set"]["icon"]), n=len(counted),
            cards=", ".join(card_label(c) for c in counted)))
    players = list(result["scores"])
    for card, per in rules.neighbor_sets(players, won, player):
        assert card["set"] is not None
        shown = "; ".join(f"{q}: {', '.join(card_label(c) for c in v) if v else _('none')}" for q, v in per.items())
        line = (_("Neighbor set {card} collecting {icon}: {n} ({cards}) (two players: the one neighbour "
                  "counts once) (SA-12)") if len(players) == 2
                else _("Neighbor set {card} collecting {icon}: {n} ({cards}) (SA-12)"))
        lines.append(line.format(card=card_label(card), icon=word(card["set"]["icon"]),
                                 n=sum(len(v) for v in per.values()), cards=shown))
    lines.append(_("Total: {numbers} + {sets} + {neighbor} = {total}").format(
        numbers=s["numbers"], sets=s["sets"], neighbor=s["neighbor"], total=s["total"]))
    return lines


def team_text(result: SalesResult) -> str:
    """The team's score and rating (SA-15), co-op and solo."""
    the_team = result["team"]
    assert the_team is not None
    text = (_("Team score {score}: the lower hand's score (SA-15);") if result["mode"] == "solo"
            else _("Team score {score}: the lower player's score (SA-15);")).format(score=the_team["score"])
    rating = the_team["rating"]
    return text + " " + (_("rating: {rating}").format(rating=_(rating)) if rating else _("below 45: no rating."))


def _progress(result: SalesResult) -> str:
    if result["round_over"]:
        return _("Game in progress: round {n} is over; {player} leads round {next}.").format(
            n=result["round"], player=result["last_winner"], next=result["round"] + 1)
    return _("Game in progress: round {n}, {player} leads the next sale.").format(
        n=result["round"], player=result["leader"])


def game_text(result: SalesResult) -> str:
    """The game in a sentence: the winner and the tie-break (SA-13), the team's score
    (SA-15), or where it stands."""
    over = result["game_over"]
    if result["mode"] == "competitive":
        if not over:
            return _progress(result)
        won, tied = result["winners"], result["tied"]
        best = result["scores"][won[0]]["total"]
        if len(tied) == 1:
            return _("Game over: {player} wins with {n} points (SA-13).").format(player=won[0], n=best)
        return _("Game over: {players} tie with {n} points; {player} won the most recent "
                 "sale of them (sale {sale} of the game) and wins (SA-13).").format(
            players=words.names(tied), n=best, player=won[0], sale=result["last_win"].get(won[0], 0))
    return (_("Game over.") if over else _progress(result)) + " " + team_text(result)


def game_notes(result: SalesResult) -> list[str]:
    """What a player reads about the cards dealt per round (SA-2)."""
    return setup_notes(result["mode"], result["hand_size"])


# ---------------------------------------------------------------- cards


def card_text(card: Card | Mapping[str, Any]) -> str:
    """A card in one line: 'sun 1 · discard 2 · sunglasses · 1x set: coat'."""
    c: Card = read(Card, card, {})
    parts = [card_label(c)]
    if c["discard"]:
        parts.append(_("discard {n}").format(n=c["discard"]))
    if c["icons"]:
        parts.append(", ".join(word(i) for i in c["icons"]))
    collects = c["set"]
    if collects is not None:
        parts.append((_("1x set: {icon}") if collects["kind"] == "1x" else _("neighbor set: {icon}")).format(
            icon=word(collects["icon"])))
    return " · ".join(parts)


def played_text(card: Mapping[str, Any]) -> str:
    """A card played from a phone, as the phones name it: 'sun 4, discard 1, icons car'."""
    out = _("{suit} {value}").format(suit=word(str(card["suit"])), value=card["value"])
    if card.get("discard"):
        out += _(", discard {n}").format(n=card["discard"])
    if card.get("icons"):
        out += _(", icons {icons}").format(icons=", ".join(word(str(i)) for i in card["icons"]))
    if card.get("set"):
        out += _(", collects {icon}").format(icon=word(str(card["set"].get("icon"))))
    return out

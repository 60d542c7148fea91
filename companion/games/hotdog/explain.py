"""Hot Dog's referee in sentences, in the reader's language: how many hot dogs, places and
dollars, each step of a round's resolution and why (:func:`step_text`), a payout, a
round's notes and a game's outcome (:func:`round_notes`, :func:`game_text`). No flet here.

Worded when a screen draws them, from the rules' facts: nothing worded is kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core import i18n, words
from companion.games.hotdog import rules
from companion.games.hotdog.i18n import N_, _, ngettext
from companion.games.hotdog.models import HotDogResult, RoundResult, Why


def hot_dogs(n: int) -> str:
    """'1 hot dog', '2 hot dogs': every Hot Dog text counts hot dogs with this."""
    return ngettext("{n} hot dog", "{n} hot dogs", n).format(n=i18n.number(n))


def places(n: int) -> str:
    """'1 place', '2 places' (free places at a table)."""
    return ngettext("{n} place", "{n} places", n).format(n=i18n.number(n))


def dollars(n: int) -> str:
    """'$1', '$0': every Hot Dog text writes money with this (``i18n.money``)."""
    return i18n.money(n)


def tables_text(tables: Sequence[int]) -> str:
    """'5 and 7', '5, 7 and 9'."""
    return words.names([str(t) for t in tables])


_ORDINALS = [N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth")]


def _intro(rnd: RoundResult, i: int, why: Why, sold: bool) -> str:
    """Why step ``i`` of the round comes where it does at its table (HD-7), in a player's words."""
    step = rnd["steps"][i]
    how = (_("{hotdogs} − {money}").format(hotdogs=hot_dogs(step["hotdogs"]), money=dollars(step["dollars"]))
           if step["dollars"] else hot_dogs(step["hotdogs"]))
    nth = _ORDINALS[why["place"] - 1]
    said = {"player": step["player"], "nth": _(nth), "table": step["table"], "price": dollars(step["price"]),
            "how": how}
    if sold:
        # Translators: 'Anna sells first at the 5 table: price $2 (3 hot dogs − $1)'
        head = _("{player} sells {nth} at the {table} table: price {price} ({how})").format(**said)
    else:
        head = _("{player} comes {nth} at the {table} table: price {price} ({how})").format(**said)
    if why["alone"]:
        return _("{head}, the only bid there (HD-7).").format(head=head)
    if why["tied"]:
        return _("{head}, tied with {others}: equal prices go clockwise from the mustard holder "
                 "{mustard} (HD-7).").format(head=head, others=words.names(why["tied"]), mustard=rnd["mustard"])
    if why["after"] is None:
        return _("{head}, the lowest (HD-7).").format(head=head)
    before = rnd["steps"][i - 1]
    return _("{head}, above {player}'s {price} (HD-7).").format(head=head, player=before["player"],
                                                               price=dollars(before["price"]))


def step_texts(rnd: RoundResult) -> list[str]:
    """Every step of the round in a player's words (:func:`step_text`)."""
    whys = rules.why(rnd)
    return [worded_step(rnd, i, why) for i, why in enumerate(whys)]


def step_text(rnd: RoundResult, i: int) -> str:
    """Step ``i`` of the round in a player's words: where the bid came and why, and what
    became of it (HD-7…HD-13)."""
    return worded_step(rnd, i, rules.why(rnd)[i])


def worded_step(rnd: RoundResult, i: int, why: Why) -> str:
    step = rnd["steps"][i]
    t, p = step["table"], step["player"]
    if step["outcome"] == "returned":
        if step["reason"] == "table full":
            reason = _("the {table} table filled earlier this round (HD-10)").format(table=t)
        elif step["reason"] == "not announced":
            reason = _("last hot dogs not announced (HD-12)")
        else:
            room = _("no place left") if why["free"] == 0 else _("only {places} left").format(
                places=places(why["free"]))
            reason = _("{room} (HD-8)").format(room=room)
        back = (_("{hotdogs} and {money}").format(hotdogs=hot_dogs(step["hotdogs"]), money=dollars(step["dollars"]))
                if step["dollars"] else hot_dogs(step["hotdogs"]))
        return _("{intro} {player} takes back {back}: {why}.").format(
            intro=_intro(rnd, i, why, sold=False), player=p, back=back, why=reason)
    parts = [_("{hotdogs} placed").format(hotdogs=hot_dogs(step["hotdogs"]))]
    if step["dollars"]:
        parts.append(_(", {money} to the bank (HD-9)").format(money=dollars(step["dollars"])))
    if why["last"]:
        parts.append(_("; last hot dogs, announced: the game ends after this round (HD-13)"))
    if why["filled"]:
        parts.append(_("; the {table} table is full (HD-10)").format(table=t))
    return _("{intro} {what}.").format(intro=_intro(rnd, i, why, sold=True), what="".join(parts))


def payout_text(payout: Mapping[str, Any]) -> str:
    """'The 5 table is full: Anna gets $2 for 2 hot dogs (HD-10).' ($1 per hot dog)"""
    return _("The {table} table is full: {player} gets {money} for {hotdogs} (HD-10).").format(
        table=payout["table"], player=payout["player"], money=dollars(payout["dollars"]),
        hotdogs=hot_dogs(payout["dollars"]))


def round_notes(rnd: RoundResult, *, mustard: bool = True) -> list[str]:
    """What the round did beyond its bids: each full table paid and cleared (HD-10), the
    end (HD-13) and, unless ``mustard`` is False, where the mustard card passes (HD-14)."""
    notes = []
    for t in rnd["full"]:
        paid = [f"{x['player']} {dollars(x['dollars'])}" for x in rnd["payouts"] if x["table"] == t]
        notes.append(_("The {table} table is full: it pays {paid} and is cleared (HD-10).").format(
            table=t, paid=", ".join(paid)))
    if rnd["finished"]:
        notes.append(_("Game over: {players} placed the last hot dogs; only full tables paid (HD-13).").format(
            players=words.names(rnd["finished"])))
    if mustard and rnd["next_mustard"]:
        notes.append(_("The mustard card passes to {player} (HD-14).").format(player=rnd["next_mustard"]))
    return notes


def game_text(result: HotDogResult) -> str:
    """The game in one sentence: who won with how much (HD-15), or where it stands."""
    won, n = result["winners"], result["rounds_played"]
    if won:
        best = dollars(result["money"][won[0]])
        if len(won) == 1:
            return _("Game over after round {n}: {player} wins with {money} (HD-15).").format(
                n=n, player=won[0], money=best)
        return _("Game over after round {n}: {players} share the win with {money} each (HD-15).").format(
            n=n, players=words.names(won), money=best)
    return ngettext("Game in progress after {n} round; {player} holds the mustard card.",
                    "Game in progress after {n} rounds; {player} holds the mustard card.",
                    n).format(n=n, player=result["mustard"])

"""What a tap at the sales table does: each one a record change saved through the
table's session (:class:`companion.ui.table.TableSession`) or a change to its passing
state (:class:`~companion.games.sales.forms.TableUI`). No flet here.

The session stamps each draft with the record it was begun on: the sale being entered
("sale") and the recorded sale being changed ("edit"). A change is saved from that
record, so a sale recorded meanwhile on another screen (another tab, the phones)
refuses it instead of it being stored as one more; the refusal is said next to the
entry, which stays to be checked. A fast second tap builds on the first (``latest``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from companion.games.sales import changes, forms
from companion.games.sales.deck import Deck
from companion.games.sales.deckfiles import DeckFile, match_deck
from companion.games.sales.forms import CardDraft, TableUI
from companion.games.sales.i18n import _
from companion.ui.table import MatchSeen, TableSession

if TYPE_CHECKING:
    from companion.ui.contracts import ShellServices

TABLE = "sales-table"
Session = TableSession[TableUI]


def deck_of(match: MatchSeen) -> DeckFile | None:
    """The deck the match is played with (its own copy or file), checked; None if it has none."""
    return match_deck(match.settings)


def copy_of(t: Session) -> int | None:
    """The cards of the deck the match is played with: what rounds are dealt from
    (SA-16); None without a deck that can be used."""
    f = deck_of(t.match)
    return len(f.deck.cards) if f is not None and f.deck is not None else None


def fresh(match: MatchSeen) -> TableUI:
    """A table's passing state at first: cards picked from the deck, if it can be used."""
    f = deck_of(match)
    return TableUI(method="deck" if f is not None and f.ok else "attrs")


def open_table(shell: ShellServices, match: MatchSeen | int) -> Session:
    """The table screen's session on a sales match (one game to a match), as the route read it (an id: read here)."""
    return TableSession(shell, match, key=TABLE, fresh=fresh, games=1)


# ---------------------------------------------------------------- the cards of a sale


def add_card(t: Session, card: Mapping[str, Any] | CardDraft, deck: Deck | None, confirmed: bool = False) -> None:
    """The next player's card, into the sale being entered or changed: refused (SA-1,
    SA-3), asked about first (SA-14), or entered."""
    now = t.latest()
    at = now.at if now.editing else None
    d = forms.draft_play(t.record, list(now.draft()), card, deck=deck, confirmed=confirmed, at=at)
    if d.question is not None:
        pending = card.card() if isinstance(card, CardDraft) else dict(card)
        t.put(lambda u: replace(u, pending=pending, question=d.question, error=None))
    elif d.error is not None:
        t.put(lambda u: replace(u, error=d.error, pending=None, question=None))
    else:
        by_attributes = isinstance(card, CardDraft)
        t.put_draft(now.draft_name, lambda u: replace(u.with_draft(d.plays), query="",
                                                      attrs=CardDraft() if by_attributes else u.attrs))


def _entered(t: Session, which: str, entered: Sequence[Mapping[str, Any]]) -> None:
    """Draft ``which`` is now ``entered``: a new sale's cards all taken back are no draft."""
    t.put_draft(which, lambda u: u.with_draft(entered))
    if which == "sale" and not entered:
        t.forget(which)


def take_back(t: Session) -> None:
    """Take back the last card entered (not yet recorded)."""
    now = t.latest()
    _entered(t, now.draft_name, forms.drop_last_play(now.draft()))


def enter_again(t: Session) -> None:
    """The sale being changed, emptied to be entered again."""
    _entered(t, "edit", ())


def confirm_off_suit(t: Session, deck: Deck | None) -> None:
    """The SA-14 question answered yes: the card waiting for it is entered."""
    pending = t.latest().pending
    if pending is not None:
        add_card(t, dict(pending), deck, confirmed=True)


def choose_another(t: Session) -> None:
    """The SA-14 question answered no: the card waiting for it goes."""
    t.put(lambda u: replace(u, pending=None, question=None))


def set_method(t: Session, method: str) -> None:
    t.put(lambda u: replace(u, method=method))


def set_query(t: Session, query: str) -> None:
    t.put(lambda u: replace(u, query=query))


def set_attrs(t: Session, **fields: Any) -> None:
    """Fields of the card entered by its attributes, as typed or tapped."""
    t.put(lambda u: replace(u, attrs=replace(u.attrs, **fields), error=None))


def toggle_icon(t: Session, icon: str, on: bool) -> None:
    t.put(lambda u: replace(u, attrs=forms.with_icon(u.attrs, icon, on), error=None))


# ---------------------------------------------------------------- record changes


def record_sale(t: Session) -> None:
    """Record the sale entered (every player with cards has played): its result is shown
    over the next sale's entry (no step between the two)."""
    now = t.latest()
    base = t.base("sale")
    change = changes.complete_sale(base, list(now.plays), copy_of(t))
    t.commit(change, base, _("your sale was not saved"), draft="sale",
             then=lambda u: replace(u, mode="entry", at=None, last=changes.last_sale_at(change.record), plays=(),
                                    query="", pending=None, question=None, error=None, undo_asked=None, said=None))


def next_round(t: Session) -> None:
    """Start the next round (every hand is empty: SA-7, SA-9), dealt from the deck's
    cards less those won (SA-16)."""
    record = t.record
    t.commit(changes.start_next_round(record, copy_of(t)), record, _("the next round was not started"), draft="sale",
             then=lambda u: replace(u, mode="entry", plays=(), error=None, undo_asked=None, said=None, last=None))


def ask_undo(t: Session) -> None:
    """"Undo last sale" tapped: the screen asks first (Undo / Keep); nothing is undone yet."""
    size = forms.record_size(t.record)
    t.put(lambda u: replace(u, undo_asked=size, said=None, error=None))


def keep_sale(t: Session) -> None:
    """The undo question answered "Keep": the sale stays."""
    t.put(lambda u: replace(u, undo_asked=None))


def undo(t: Session) -> None:
    """Undo the last sale this screen shows (the question answered "Undo"): its cards
    come back for entry. What was undone is said next to the undo button."""
    record = t.record
    back = changes.undone_plays(record)
    rounds, sales = forms.record_size(record)
    said = (_("Round {round}, sale {sale} undone; its cards are back for entry.").format(round=rounds, sale=sales)
            if back else _("The start of round {n} is taken back.").format(n=rounds))
    t.commit(changes.undo(record), record, _("nothing was undone"), draft="sale",
             refused=lambda u: replace(u, undo_asked=None),
             then=lambda u: replace(u, mode="entry", at=None, plays=tuple(back), pending=None, question=None,
                                    error=None, undo_asked=None, said=said, last=None))


# ---------------------------------------------------------------- a recorded sale


def open_sale(t: Session, at: tuple[int, int]) -> None:
    t.put(lambda u: replace(u, mode="sale", at=at, error=None))


def back_to_table(t: Session) -> None:
    t.put(lambda u: replace(u, mode="entry", at=None, error=None))


def change_sale(t: Session, entered: Sequence[Mapping[str, Any]]) -> None:
    """Begin changing the open sale, from its plays as recorded (on the record drawn)."""
    t.forget("edit")
    t.put_draft("edit", lambda u: replace(u, mode="edit", edit_plays=tuple(entered), pending=None,
                                          question=None, error=None))


def cancel_edit(t: Session) -> None:
    t.forget("edit")
    t.put(lambda u: replace(u, mode="sale", edit_plays=(), error=None, pending=None, question=None))


def save_edit(t: Session) -> None:
    """Save the changed sale: the game is replayed from there (refused if a later sale
    no longer holds)."""
    now = t.latest()
    if now.at is None:
        return
    r, s = now.at
    base = t.base("edit")
    change = changes.edit_sale(base, r, s, list(now.edit_plays))
    not_done = _("your change to round {round}, sale {sale} was not saved").format(round=r + 1, sale=s + 1)
    if t.commit(change, base, not_done, draft="edit",
                then=lambda u: replace(u, mode="sale", edit_plays=(), error=None)):
        t.say(_("Round {round}, sale {sale} changed; the game was replayed from there.").format(
            round=r + 1, sale=s + 1))

"""What burger's table screen does, without flet: the values one render draws from
(``Drawn``: the record replayed once), and the operations its buttons call, each a
change of the passing state (:class:`~companion.games.burger.forms.TableUI`) or a
record change saved through the screen's :class:`~companion.ui.table.TableSession`.

A record change is made from the record its draft was begun on (the session's
stamps: ``draft`` for the round being entered, ``edit`` for a past round being
changed) and saved only if that is still the stored record: a screen that has not
redrawn since another screen (or a phone) saved cannot store its round as one more.
The refusal is said next to the entry, which stays to be checked. The recipe file and
the BU-7 top buns are the match's own settings. No flet here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from companion.core.errors import CompanionError
from companion.games.burger import forms, recipefiles, round_form, rules
from companion.games.burger.forms import TableUI
from companion.games.burger.i18n import _
from companion.games.burger.present import GameView, Replayed, game_view
from companion.games.burger.recipes import RecipeBook
from companion.games.burger.round_form import RoundDraft
from companion.games.burger.state import replay
from companion.ui.table import MatchSeen, TableSession

if TYPE_CHECKING:
    from companion.ui.contracts import ShellServices

TABLE = "burger-table"
DRAFT = "draft"              # the round being entered
EDIT = "edit"                # a past round being changed


Session = TableSession[TableUI]


def open_table(shell: ShellServices, match: MatchSeen | int) -> Session:
    """The table screen's session on the match as the route read it (an id: read here), one per render."""
    return TableSession(shell, match, key=TABLE, fresh=lambda m: TableUI(), games=1)


@dataclass(frozen=True)
class Drawn:
    """What one render of the table draws from: the session, its passing state as
    drawn, and the record replayed once (``state`` holds every secret: it is passed to
    the draft helpers, never drawn)."""

    t: Session
    ui: TableUI
    replayed: Replayed
    gv: GameView
    edit_state: rules.State | None       # the game before the round being changed
    book: RecipeBook | None              # the recipe file, if it loads
    recipes: str                         # what the recipe file holds, or why it cannot be used

    @property
    def record(self) -> dict[str, Any]:
        return self.t.record

    @property
    def state(self) -> rules.State:
        return self.replayed.state

    @property
    def settings(self) -> Mapping[str, str]:
        return self.t.match.settings

    def rounds_before(self, which: str) -> int:
        """How many rounds of the record come before draft ``which``'s round."""
        if which == DRAFT or self.edit_state is None:
            return len(self.record["rounds"])
        return self.ui.index

    def state_for(self, which: str) -> rules.State:
        if which == DRAFT or self.edit_state is None:
            return self.state
        return self.edit_state

    def draft(self, which: str, ui: TableUI | None = None) -> RoundDraft:
        """Draft ``which`` as in ``ui`` (default: as drawn); one not begun yet is a fresh
        round (``draft``) or the round as recorded (``edit``)."""
        ui = ui or self.ui
        if which == DRAFT:
            return ui.draft or round_form.fresh_round(self.state)
        return ui.edit or forms.draft_of(self.record, ui.index)


def drawn(t: Session) -> Drawn:
    """One render's values: the record replayed once, the game view, the recipe file."""
    record = t.record
    replayed = replay(record)
    gv = game_view(record, replayed)
    ui = t.ui
    if ui.mode != "entry" and ui.index >= len(gv.rounds):
        ui = replace(ui, mode="entry")
    status = recipefiles.match_recipes(t.match.settings)
    edit_state = replayed.before(ui.index) if ui.mode == "edit" else None
    return Drawn(t, ui, replayed, gv, edit_state, status.book, status.text)


# ---------------------------------------------------------------- passing state


def put_draft(d: Drawn, which: str, fn: Callable[[RoundDraft], RoundDraft]) -> None:
    """A change to draft ``which``: one not begun yet is begun on the record this screen
    draws. The round being entered moves on: an undo question or message goes."""
    def step(u: TableUI) -> TableUI:
        changed = fn(d.draft(which, u))
        if which == DRAFT:
            return replace(u, error=None, draft=changed, undo_asked=None, said=None)
        return replace(u, error=None, edit=changed)

    d.t.put_draft(which, step)


def open_round(t: Session, index: int) -> None:
    t.forget(EDIT)
    t.put(lambda u: replace(u, mode="round", index=index, error=None, edit=None, just=False))


def change_round(t: Session) -> None:
    t.forget(EDIT)
    t.put(lambda u: replace(u, mode="edit", edit=None, error=None))


def cancel_edit(t: Session) -> None:
    t.forget(EDIT)
    t.put(lambda u: replace(u, mode="round", edit=None, error=None))


def peek(t: Session, player: str | None) -> None:
    """A player looks at their own secrets (None: hidden again, before passing the phone)."""
    t.put(lambda u: replace(u, peek=player))


def check_stack(t: Session, player: str) -> None:
    """Open (or close again) ``player``'s stack entry for the recipe check."""
    t.put(lambda u: replace(u, stack_for=None if u.stack_for == player else player))


def type_names(t: Session, on: bool) -> None:
    """The decks entered by typing the card names (True) or by the card buttons (False)."""
    t.put(lambda u: replace(u, typing=on))


def back_to_table(t: Session) -> None:
    t.put(lambda u: replace(u, mode="entry", just=False))


# ---------------------------------------------------------------- record changes


def submit(d: Drawn) -> None:
    """Submit the round being entered, made from the record its draft was begun on."""
    t = d.t
    base = t.base(DRAFT)
    change = forms.submit(base, d.draft(DRAFT, t.latest()), d.state if base == d.record else None)
    t.commit(change, base, _("your entry was not saved"), draft=DRAFT,
             then=lambda u: replace(u, mode="round", index=len(change.record["rounds"]) - 1, draft=None, error=None,
                                    peek=None, stack_for=None, just=True, undo_asked=None, said=None))


def ask_undo(d: Drawn) -> None:
    """"Undo last round" tapped: the screen asks first (Undo / Keep); nothing is undone yet."""
    rounds = len(d.record["rounds"])
    d.t.put(lambda u: replace(u, undo_asked=rounds, said=None, error=None))


def keep_round(t: Session) -> None:
    """The undo question answered "Keep": the round stays."""
    t.put(lambda u: replace(u, undo_asked=None))


def undo(d: Drawn) -> None:
    """Drop the last round this screen shows (the question answered "Undo"); its entries
    come back for entry. What was undone is said next to the undo button."""
    record = d.record
    n = len(record["rounds"])
    said = _("Round {number} undone; its entries are back for entry.").format(number=n)
    d.t.commit(forms.undo(record), record, _("nothing was undone"), draft=DRAFT,
               refused=lambda u: replace(u, undo_asked=None),
               then=lambda u: replace(u, mode="entry", draft=forms.draft_of(record, n - 1), error=None, peek=None,
                                      stack_for=None, undo_asked=None, said=said))


def save_edit(d: Drawn) -> None:
    """Save the change to a past round: the round replaced and the game replayed."""
    t = d.t
    now = t.latest()
    index = d.ui.index
    base = t.base(EDIT)
    change = forms.edit(base, index, d.draft(EDIT, now))
    if t.commit(change, base, _("your change to round {number} was not saved").format(number=index + 1), draft=EDIT,
                then=lambda u: replace(u, mode="round", edit=None, error=None)):
        t.say(_("Round {number} changed; the game was replayed from there.").format(number=index + 1))


def flip_top_bun(t: Session, player: str, on: bool) -> None:
    """A player flips (or not) the wastebasket card as a top bun (BU-7): a match setting."""
    now = forms.read_top_buns(t.match.settings.get(forms.TOP_BUNS))
    try:
        t.set_setting(forms.TOP_BUNS, json.dumps(forms.toggled(now, player, on)))
    except CompanionError as exc:
        t.say(_("Not saved: {error}").format(error=exc))

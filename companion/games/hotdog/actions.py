"""The Hot Dog table screen's operations on its :class:`~companion.ui.table.TableSession`:
each a record change, saved, or a change to the screen's passing state
(:class:`~companion.games.hotdog.forms.TableUI`). The screen's buttons call these with
the session and the game view it drew. No flet here — tested without a browser.

Two drafts are stamped with the record they were begun on: the round being entered
(``ROUND``) and a past round being changed (``EDIT``). A change saved from either is
made from that record, so a screen that has not redrawn since another screen (or a
phone) saved cannot store its entry as one more round: the refusal is said next to
the entry, which stays to be checked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from companion.games.hotdog import forms, present, setup_form, summaries
from companion.games.hotdog.forms import Draft, TableUI
from companion.games.hotdog.i18n import _
from companion.ui.table import MatchSeen, TableSession

if TYPE_CHECKING:
    from companion.ui.contracts import ShellServices

TABLE = "hotdog-table"
ROUND, EDIT = "round", "edit"   # the drafts: the round being entered, a past round being changed

Session = TableSession[TableUI]


def _fresh(match: MatchSeen) -> TableUI:
    return TableUI()   # no bid entered yet: a player's card says so until touched


def open_table(shell: ShellServices, match: MatchSeen | int) -> Session:
    """The table screen's session for one render, on the match as the route read it (an id: read here)."""
    return TableSession(shell, match, key=TABLE, fresh=_fresh)


def shown(ui: TableUI, gv: present.GameView) -> TableUI:
    """The passing state as the screen draws it: a round that is gone (undone on
    another screen) is not opened."""
    return replace(ui, mode="entry") if ui.mode != "entry" and ui.index >= len(gv.results) else ui


def edit_bid(s: Session, which: str, player: str, change: Callable[[Draft], Draft], first_table: int) -> None:
    """A tap on a bid's field: draft ``which`` (ROUND or EDIT) changes for ``player``."""
    def apply(u: TableUI) -> TableUI:
        if which == ROUND:
            return replace(u, drafts=forms.with_draft(u.drafts, player, change, first_table), error=None,
                           undone=None)
        return replace(u, edit_drafts=forms.with_draft(u.edit_drafts, player, change, first_table), error=None)

    s.put_draft(which, apply)


def entry_mode(s: Session) -> str:
    """How this match's bids are entered: from the table, or passing the phone."""
    return forms.entry_mode(s.match.settings)


def set_entry_mode(s: Session, mode: str) -> None:
    """Switch how bids are entered (between rounds: the table screen offers it while no
    bid is begun); kept with the match. The other way's screen opens at its top (the
    switch sits under the entry), without the last way's refusal."""
    if mode in setup_form.ENTRY_MODES:
        s.set_setting(setup_form.ENTRY, mode)
        s.put(lambda u: replace(u, error=None))
        s.to_top()


def pass_on(s: Session, gv: present.GameView, player: str) -> None:
    """"Hide · pass to Bernd": ``player``'s bid is hidden and the phone goes to the next
    player; after the last one the round is entered (and its result shown)."""
    if player not in s.latest().drafts:
        return   # nothing picked: nothing to hide (the button is off until a bid is begun)
    s.put_draft(ROUND, lambda u: replace(u, drafts=forms.pass_on(u.drafts, player), error=None))
    order = forms.pass_order(gv.players, gv.state.mustard)
    if forms.whose_turn(order, s.latest().drafts) is None:
        submit(s, gv)


def take_back(s: Session, player: str) -> None:
    """"I am Chris": the phone is back with the player whose bid needs checking; their
    bid is shown to them, with why it was refused."""
    s.put(lambda u: replace(u, drafts=forms.take_back(u.drafts, player), error=None))


def step_by_step(s: Session) -> None:
    s.put(lambda u: u.step_by_step())


def submit(s: Session, gv: present.GameView) -> None:
    """Enter the round as drafted; its reveal follows. Refused, naming them, while a
    player has not bid (HD-6); a refused hidden bid is named without its amounts."""
    base = s.base(ROUND)
    change = forms.enter_round(base, s.latest().drafts)
    s.commit(change, base, _("your entry was not saved"), draft=ROUND,
             then=lambda u: u.entered(len(change.record["rounds"]) - 1))


def ask_undo(s: Session, gv: present.GameView) -> None:
    """"Undo last round" tapped: the screen asks first (Undo / Keep); nothing is undone yet."""
    rounds = len(gv.record["rounds"])
    s.put(lambda u: u.asking_undo(rounds))


def keep_round(s: Session) -> None:
    """The question answered "Keep": the round stays."""
    s.put(lambda u: u.kept())


def undo(s: Session, gv: present.GameView) -> None:
    """Drop the last round this screen shows (the question answered "Undo"); its bids
    come back for entry."""
    record = gv.record
    n = len(record["rounds"])
    said = _("Round {n} undone; its bids are back for entry.").format(n=n)
    if s.commit(forms.undo(record), record, _("nothing was undone"), draft=ROUND, refused=lambda u: u.kept(),
                then=lambda u: replace(u, mode="entry", drafts=forms.drafts_of(record, n - 1), error=None,
                                       undo_asked=None, undone=said)):
        s.say(said)


def open_round(s: Session, index: int) -> None:
    s.put(lambda u: u.opened(index))


def begin_edit(s: Session, gv: present.GameView, index: int) -> None:
    """Change round ``index``: its bids as drafts, begun on the record this screen shows."""
    drafts = forms.drafts_of(gv.record, index)
    s.forget(EDIT)
    s.put_draft(EDIT, lambda u: u.editing(drafts))


def cancel_edit(s: Session) -> None:
    s.forget(EDIT)
    s.put(lambda u: replace(u, mode="round", error=None))


def save_edit(s: Session, index: int) -> None:
    """Save the changed round ``index``; the game is replayed from there."""
    base = s.base(EDIT)
    change = forms.edit(base, index, s.latest().edit_drafts)
    if s.commit(change, base, _("your change to round {n} was not saved").format(n=index + 1), draft=EDIT,
                then=lambda u: replace(u, mode="round", error=None)):
        s.say(_("Round {n} changed; the game was replayed from there.").format(n=index + 1))


def to_entry(s: Session) -> None:
    s.put(lambda u: replace(u, mode="entry"))


def choose_next_mustard(s: Session, player: str | None) -> None:
    s.put(lambda u: replace(u, next_mustard=player))


def start_next_game(s: Session, gv: present.GameView) -> None:
    """Start the match's next game with the mustard holder chosen (HD-17's by default);
    a second tap, or another screen, that started it first is no error."""
    players = list(gv.players)
    default = summaries.next_game_mustard(gv.record)
    picked = s.latest().next_mustard
    said = s.start_next_game(setup_form.new_record(players, picked if picked in players else default))
    if said is not None:
        s.put(lambda u: replace(u, error=said))

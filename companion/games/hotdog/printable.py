"""Hot Dog on paper: the match score sheet (blank, named, or filled from a game or a
match export) and the rules card. Plain data for ``companion.pdf``; the rules do
not import this module. Every text is translated when a sheet is built (the language
in effect then: ``--lang de`` prints in German)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from companion.core import i18n, words
from companion.core.errors import RecordError
from companion.core.names import Roster
from companion.games.hotdog.i18n import _, ngettext
from companion.pdf.model import (
    HOUSE,
    MARKS_LEGEND,
    RULING,
    WINNER_MARK,
    Block,
    Grid,
    Note,
    Row,
    RulesCard,
    ScoreSheet,
    Section,
    Table,
    bullet,
    line,
)

if TYPE_CHECKING:
    from companion.core.match import MatchRecord, MatchResult
    from companion.games.hotdog.models import HotDogRecord, HotDogResult

    #: A game a filled sheet knows: its record, its result, each player's dollars, its
    #: winners, and whether it is over.
    Known = tuple[HotDogRecord, HotDogResult, Mapping[str, int], list[str], bool]

TITLE = "Hot Dog"
PLAYERS = (2, 5)            # HD-1
PLAYERS_RULING = "HD-1"
GAMES = 3                   # HD-15
LOG_ROWS = 15               # blank round-log rows per game: a game can run long
KEEP_ROWS = 8               # … of which at least these many stay where a page would spill (Grid.spare)


def _subtitle(named: bool) -> str:
    if named:
        return _("A match of three games: write each game's dollars and add them up; the highest total wins "
                 "the match.")
    return _("A match of three games: write each game's dollars and add them up; the highest total wins the "
             "match. Names go once, clockwise, in the match grid; the round logs use their letters.")


def _sheet_title() -> str:
    return _("{title} — score sheet").format(title=TITLE)


def _game(g: int) -> str:
    return _("Game {n}").format(n=g)


def _match_grid(players: Sequence[str], rows: Sequence[Row],
                shade: Sequence[tuple[int, int]] = ()) -> Grid:
    return Grid(title=_("Match"), lead=(_("Game"), _("Mustard starts with")), players=tuple(players),
                rows=tuple(rows), shade=tuple(shade), row_height=9.0, lead_widths=(24.0, 34.0),
                names_here=True)


def _log_grid(game: int, players: Sequence[str], rows: Sequence[Row], blank: int = 0) -> Grid:
    """A game's round log; its last ``blank`` rows are blank, some of them spare."""
    return Grid(title=_("Round log — game {n}").format(n=game), lead=(_("Round"), _("Mustard")),
                players=tuple(players), rows=tuple(rows), row_height=6.5, lead_widths=(16.0, 42.0),
                spare=max(0, blank - KEEP_ROWS))


def log_note() -> Note:
    return Note(_("Per round: who holds the mustard card, and each player's dollars after the round "
                  "(everyone starts each game with three $1 cards). The mustard card passes one seat "
                  "clockwise after every round."), rulings=("HD-3", "HD-14"))


def mustard_note() -> Note:
    return Note(_("Game 1: the youngest player starts with the mustard card. Games 2 and 3: it starts one "
                  "seat clockwise from where it started the game before — the rule texts only say who "
                  "starts game 1; change it at a game's setup if your table agrees otherwise."),
                rulings=("HD-17", "HD-4"), house_rule=True)


def win_note() -> Note:
    return Note(_("Whoever has the most dollars wins, in a game and in the match; on a tie, the tied players "
                  "share the win. {mark} marks a winner.").format(mark=WINNER_MARK), rulings=("HD-15",))


def last_note() -> Note:
    return Note(_("✓ after the dollars: that player placed their last hot dogs that round, which ended the "
                  "game."), rulings=("HD-13",))


def _blank_rows(n: int, players: int, start: int = 1) -> list[Row]:
    return [Row((str(i), ""), ("",) * players) for i in range(start, start + n)]


def score_sheet(players: Sequence[str]) -> ScoreSheet:
    """The sheet for a match, blank ("" per player) or with the players' names."""
    n = len(players)
    rows = [Row((_game(g), ""), ("",) * n) for g in range(1, GAMES + 1)]
    rows += [Row((_("Total"), ""), ("",) * n, strong=True), Row((_("Winner"), ""), ("",) * n)]
    blocks: list[Block] = [_match_grid(players, rows), mustard_note(), win_note(),
                           _log_grid(1, players, _blank_rows(LOG_ROWS, n), LOG_ROWS), log_note()]
    blocks += [_log_grid(g, players, _blank_rows(LOG_ROWS, n), LOG_ROWS) for g in (2, 3)]
    return ScoreSheet("hotdog", _sheet_title(), _subtitle(any(players)), tuple(players), tuple(blocks), pages=2)


def _money(value: int) -> str:
    return i18n.money(value)


def game_summary(result: HotDogResult) -> str:
    """A game's result in a sheet's words, from its facts (who has the most dollars, and
    after which round): "Game over after round 7: ★ Anna wins with $12." No ruling ids:
    the paper speaks to players."""
    played = len(result["rounds"])
    if not result["game_over"]:
        return ngettext("In progress after {n} round.", "In progress after {n} rounds.", played).format(n=played)
    winners = list(result["winners"])
    if not winners:
        return _("Game over after round {n}.").format(n=played)
    best = _money(result["money"][winners[0]])
    won = ngettext("{mark} {names} wins with {money}.", "{mark} {names} share the win with {money} each.",
                   len(winners)).format(mark=WINNER_MARK, names=words.names(winners), money=best)
    return _("Game over after round {n}:").format(n=played) + " " + won


def match_summary(tallied: MatchResult, players: Sequence[str]) -> str:
    """A match's result in a sheet's words: its winners and their total once it is over,
    else how many of its games are done."""
    done = sum(1 for t in tallied.games if t.over)
    if not tallied.complete:
        return ngettext("Match in progress: {n} of {of} game done.", "Match in progress: {n} of {of} games done.",
                        done).format(n=done, of=GAMES)
    winners = list(tallied.winners)
    best = _money(tallied.totals[winners[0]]) if winners else ""
    return ngettext("Match over: {mark} {names} wins the match with {money} in all.",
                    "Match over: {mark} {names} share the match with {money} each in all.",
                    len(winners)).format(mark=WINNER_MARK, names=words.names(winners), money=best)


def _log_rows(result: HotDogResult, n: int) -> list[Row]:
    """A game's round log as played; a game still going gets blank rows to go on with."""
    rows = []
    for rnd in result["rounds"]:
        cells = tuple(_money(rnd["money"][p]) + (" ✓" if p in rnd["finished"] else "") for p in rnd["money"])
        rows.append(Row((str(rnd["round"]), rnd["mustard"]), cells))
    if not result["game_over"]:
        rows += _blank_rows(max(0, LOG_ROWS - len(rows)), n, start=len(rows) + 1)
    return rows


def _seat(players: Sequence[str], name: str | None) -> str:
    name = (name or "").strip() or players[0]
    return Roster(players).find(name) or name


def _starts(players: Sequence[str], games: Mapping[int, Known]) -> list[str]:
    """Who starts each game with the mustard card: as recorded where a game is known,
    else one seat clockwise from the game before (HD-17, house rule), else unknown."""
    from companion.core.seating import left_of

    out: list[str] = []
    for g in range(1, GAMES + 1):
        if g in games:
            out.append(_seat(players, games[g][0]["mustard"]))
        elif out and out[-1] in players:
            out.append(left_of(players, out[-1]))
        else:
            out.append("")
    return out


def _sheet(players: Sequence[str], games: Mapping[int, Known], subtitle: str, *, focus: int | None = None,
           totals: Mapping[str, int] | None = None, match_winners: Sequence[str] = ()) -> ScoreSheet:
    """A filled sheet. ``games``: number → (record, result, scores, winners, over) of the
    games known. ``focus``: a game's own sheet — its log, then blank logs for the games
    still to play; without it, every known game's log and blank logs for the rest."""
    players = list(players)
    n = len(players)
    starts = _starts(players, games)
    rows, shade = [], []
    for g in range(1, GAMES + 1):
        if g in games:
            _record, _result, scores, winners, over = games[g]
            label = _game(g) if over else _("Game {n} (in progress)").format(n=g)
            cells = tuple(_money(scores[p]) + (f" {WINNER_MARK}" if over and p in winners else "")
                          for p in players)
            rows.append(Row((label, starts[g - 1]), cells))
            if over:
                shade += [(g - 1, players.index(w)) for w in winners if w in players]
        else:
            rows.append(Row((_game(g), starts[g - 1]), ("",) * n))
    if totals is not None:
        rows.append(Row((_("Total"), ""), tuple(_money(totals[p]) for p in players), strong=True))
        shade += [(GAMES, players.index(w)) for w in match_winners]
    else:
        rows.append(Row((_("Total"), ""), ("",) * n, strong=True))
    won = _("{mark} winner").format(mark=WINNER_MARK)
    rows.append(Row((_("Winner"), ""), tuple(won if p in match_winners else "" for p in players)))
    shade += [(GAMES + 1, players.index(w)) for w in match_winners]
    blocks: list[Block] = [_match_grid(players, rows, shade), mustard_note(), win_note()]
    logs = 0
    for g in range(1, GAMES + 1):
        if g in games and (focus is None or g == focus):
            rows = _log_rows(games[g][1], n)
            blocks.append(_log_grid(g, players, rows, sum(1 for r in rows if not any(r.cells) and not r.lead[1])))
        elif g not in games and (focus is None or g > focus) and (g - 1 in games or logs):
            blocks.append(_log_grid(g, players, _blank_rows(LOG_ROWS, n), LOG_ROWS))
        else:
            continue
        logs += 1
        if logs == 1:
            blocks += [log_note(), last_note()]
    return ScoreSheet("hotdog", _sheet_title(), subtitle, tuple(players),
                      tuple(blocks), filled=True)


def filled_sheet(record: HotDogRecord, result: HotDogResult, number: int = 1) -> ScoreSheet:
    """One game's export, as game ``number`` of its match (1 unless said): its row of
    the match grid, its round log, and blank logs for the games after it."""
    if not 1 <= number <= GAMES:
        raise RecordError(_("HD-15 a match is {games} games: there is no game {n}").format(games=GAMES, n=number))
    players = list(record["players"])
    over = bool(result["game_over"])
    games = {number: (record, result, dict(result["money"]), list(result["winners"]), over)}
    sub = _("Game {n} of {of}. {summary}").format(n=number, of=GAMES, summary=game_summary(result))
    return _sheet(players, games, sub, focus=number)


def match_sheet(match: MatchRecord, tallied: MatchResult, number: int | None = None) -> ScoreSheet:
    """A match export: every game's dollars, the totals and winners once the match is
    over, each game's log and blank logs for the games still to play. With
    ``number``, the sheet of that game in its match: the games up to it, its log,
    and blank logs for the games after it."""
    from companion.core.match import game_records_as
    from companion.games.hotdog.models import HotDogRecord
    from companion.games.hotdog.rules import referee

    players = list(match.players)
    records = game_records_as(HotDogRecord, match)
    if number is not None and not 1 <= number <= len(records):
        raise RecordError(_("HD-15 this match has {games} game(s): there is no game {n}").format(
            games=len(records), n=number))
    upto = number or len(records)
    games = {}
    for g, (rec, t) in enumerate(zip(records, tallied.games, strict=True), 1):
        if g <= upto:
            games[g] = (rec, referee(rec), t.scores, list(t.winners), t.over)
    complete = tallied.complete and upto == GAMES
    totals = dict(tallied.totals) if complete else None
    winners = list(tallied.winners) if complete else []
    if number is None:
        sub = match_summary(tallied, players)
    else:
        sub = _("Game {n} of {of}. {summary}").format(n=number, of=GAMES, summary=game_summary(games[number][1]))
        if complete:
            sub += " " + match_summary(tallied, players)
    return _sheet(players, games, sub, focus=number, totals=totals, match_winners=winners)


def rules_card() -> RulesCard:
    """Every line says where it comes from: the rule texts (000 summary, 001 rulebook,
    by line) or a ruling."""
    front = (
        Section(_("Setup"), table=Table((
            (_("Players"), _("Neutral tables"), _("Your table cards")),
            ("2–3", "5, 7", "5, 7"),
            ("4–5", "5, 7, 9", "5, 7, 9"),
        ), ("001:8", "001:10", "HD-2"), widths=(1.0, 1.25, 1.25)), lines=(
            line(_("Each player takes the 10 hot dog cards of one colour, the table cards of that "
                 "colour and three $1 cards."), "001:6-9"),
            line(_("In the middle: the neutral tables and the bank, the dollar cards sorted by "
                 "value. The youngest player takes the mustard card."), "001:10-11"),
        )),
        Section(_("A sales round"), lines=(
            bullet(_("All at once, face down, everyone puts down one table card, hot dog cards "
                   "(only their total counts) and, if they like, dollar cards — never more "
                   "dollars than hot dogs."), "001:13-17", "001:26"),
            bullet(_("Reveal. Serve the 5 table, then the 7, then the 9."), "001:20"),
            bullet(_("At a table the lowest price goes first: price = hot dogs − dollars. Equal "
                   "prices: the mustard card's holder first, then clockwise."),
                   "001:24-25", "001:36"),
            bullet(_("A bid that fits the room left is placed whole and pays its dollars to the "
                   "bank. One that does not fit goes back to your hand, dollars too; a smaller "
                   "bid after it may still fit."), "001:21-22", "001:32-33", "001:41", "HD-8"),
            bullet(_("A table is full when its hot dogs equal its number: each player gets $1 per "
                   "own hot dog there, and those hot dogs leave the game. No further bid is placed "
                   "there this round."), "001:43", "001:46", "000:15-16", "HD-10", mark=RULING),
            bullet(_("End of the round: everyone takes back their table card, and the mustard "
                   "card passes to the left."), "001:50", "000:17"),
        )),
    )
    back = (
        Section(_("Tables and money"), lines=(
            line(_("Only full tables pay. Hot dogs at a table that is not full stay there for "
                 "later rounds."), "001:53", "001:46", "HD-8", "HD-11", mark=RULING),
            line(_("Dollars change the order, never promise a sale."), "001:34"),
            line(_("Hold at most five $1 and two $5 cards: change the rest at the bank."), "001:48"),
        )),
        Section(_("The end"), lines=(
            line(_("Putting down your last hot dogs? Say “last hot dog!” — if you forget, they may "
                 "not be sold."), "001:52"),
            line(_("The game ends after the round in which someone placed their last hot dogs at "
                 "a table. Tables that became full that round still pay; the others pay "
                 "nothing."), "001:53", "HD-13", mark=RULING),
            line(_("Whoever has the most dollars wins; on a tie, the tied players share the win."),
                 "001:53", "HD-15", mark=RULING),
        )),
        Section(_("A match: three games"), lines=(
            line(_("Write each game's dollars on the score sheet; the highest total after three "
                 "games wins."), "001:54", "000:20"),
            line(_("Games 2 and 3: the mustard card starts one seat clockwise from where it "
                 "started the game before."), "HD-17", mark=HOUSE),
        )),
        Section(_("Common mistakes"), boxed=True, lines=(
            bullet(_("A bid at a table that filled earlier this round: it goes back."), "HD-10"),
            bullet(_("Leaving your table card out: take it back at the end of every round."), "001:50"),
            bullet(_("Forgetting the dollars: a placed bid pays them to the bank, one sent back "
                   "keeps them."), "001:33"),
        )),
    )
    return RulesCard("hotdog", _("{title} — rules card").format(title=TITLE), (front, back), small_print=MARKS_LEGEND)

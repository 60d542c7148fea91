"""Burger on paper: the score sheet (blank, named, or filled from a refereed record)
and the rules card. Plain data for ``companion.pdf``; the rules do not import it.

The filled sheet reads the referee's contract shapes (docs/referee-contract.md, "burger"):
``rounds[-1].hamburgers`` and ``rounds[-1].rats`` (running totals, players with none
left out), ``scores``, ``winners``, ``game_over``, each round's ``first``, and the
record's ``scoring`` (the BU-8 house rule). Records and results may be pydantic
models or dicts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.burger.i18n import N_, _, ngettext, pgettext
from companion.pdf.model import (
    HOUSE,
    MARKS_LEGEND,
    RULING,
    WINNER_MARK,
    Block,
    Grid,
    Line,
    Note,
    Row,
    RulesCard,
    ScoreSheet,
    Section,
    Table,
    bullet,
    line,
)

TITLE = "Burger"
PLAYERS = (2, 5)            # BU-1
PLAYERS_RULING = "BU-1"
SCORING = {"hamburger": 1, "rat": 0}   # BU-8 house rule defaults
END_AT = {2: 8, 3: 8, 4: 9, 5: 10}     # BU-6
LOG_ROWS = 20               # blank round-log rows: a game can run long
KEEP_ROWS = 10              # … of which at least these many stay where a page would spill (Grid.spare)

SUBTITLE = N_("Complete hamburgers, rat tokens and the score per player. Names go once, "
              "clockwise, in the scores grid; the round log uses their letters.")
NAMED_SUBTITLE = N_("Complete hamburgers, rat tokens and the score per player.")
SCORE_ROW, WINNER_ROW = 2, 3


def _plain(obj: Any) -> Any:
    if hasattr(obj, "model_dump"):
        return obj.model_dump(mode="json", by_alias=True)
    return obj


def _score_grid(players: Sequence[str], rows: Sequence[Row], shade: Sequence[tuple[int, int]] = ()) -> Grid:
    return Grid(title=_("Scores"), lead=("",), players=tuple(players), rows=tuple(rows),
                shade=tuple(shade), row_height=9.0, lead_widths=(50.0,), names_here=True)


def _end_at(n: int) -> str:
    return str(END_AT[n]) if n in END_AT else "8/9/10"


def _log_grid(players: Sequence[str], rows: Sequence[Row], blank: int = 0) -> Grid:
    """The round log; its last ``blank`` rows are blank, some of them spare."""
    named = sum(1 for p in players if p)
    end = _end_at(len(players)) if named else "8/9/10"
    return Grid(title=_("Round log"), lead=(_("Round"), _("First player")), players=tuple(players),
                rows=tuple(rows), row_height=6.0, lead_widths=(12.0, 26.0),
                # Translators: the round log's last two columns: hamburgers on the table, cards in the draw pile
                tail=(_("On the table"), pgettext("narrow column", "Draw pile")), tail_widths=(20.0, 16.0),
                tail_notes=(_("ends at {end}").format(end=end), _("cards left")),
                spare=max(0, blank - KEEP_ROWS))


def _scoring_note(hamburger: int | str, rat: int | str) -> Note:
    def pts(v: int | str) -> str:
        count = abs(v) if isinstance(v, int) else 2
        # Translators: a score per hamburger or rat token, e.g. "1 point", "-1 point", "2 points"
        return ngettext("{points} point", "{points} points", count).format(points=v)

    return Note(_("the rule texts give no scoring. Each complete hamburger scores {per_hamburger}, "
                  "each rat token {per_rat}. Most points wins; a tie goes to fewer rat tokens, "
                  "and is shared if still equal. Change the points at setup.").format(
                      per_hamburger=pts(hamburger), per_rat=pts(rat)),
                rulings=("BU-8",), house_rule=True)


def _blank_scoring() -> Note:
    # Translators: follows "House rule:" on the blank sheet; "____" is a blank to fill in by hand
    return Note(_("the rule texts give no scoring. Points per complete hamburger: ____ "
                  "(default 1); per rat token: ____ (default 0; a penalty such as −1 if your "
                  "table agrees). Most points wins; a tie goes to fewer rat tokens, and is "
                  "shared if still equal."), rulings=("BU-8",), house_rule=True)


def _notes() -> tuple[Note, Note]:
    """The top-bun note (BU-7) and the hidden-rat-tokens note (BU-5), in the language now."""
    top_bun = Note(_("After the end, each player may flip the wastebasket card as the top bun of "
                     "one hamburger that lacks only its top bun: count that hamburger as complete."),
                   rulings=("BU-7",))
    end = Note(_("Rat tokens stay hidden until the end: fill in that row afterwards."),
               rulings=("BU-5",))
    return top_bun, end


def _log_note() -> Note:
    return Note(_("Per round: the first player (who took the last deck is next), each player's "
                  "complete hamburgers so far, their sum on the table — the game ends at 8 (2–3 "
                  "players), 9 (4) or 10 (5) — and the cards left in the draw pile (too few for a "
                  "new round also ends it)."), rulings=("BU-4", "BU-6"))


def _rows(n: int, hamburgers: Sequence[str] = (), rats: Sequence[str] = (), scores: Sequence[str] = (),
          winner: Sequence[str] = ()) -> list[Row]:
    blank = ("",) * n
    return [
        Row((_("Complete hamburgers"),), tuple(hamburgers) or blank),
        Row((_("Rat tokens"),), tuple(rats) or blank),
        Row((_("Score (house rule)"),), tuple(scores) or blank, strong=True),
        Row((_("Winner"),), tuple(winner) or blank),
    ]


def _blank_log(n: int, start: int, count: int) -> list[Row]:
    return [Row((str(i), ""), ("",) * n, tail=("", "")) for i in range(start, start + count)]


def score_sheet(players: Sequence[str]) -> ScoreSheet:
    """Blank ("" per player) or named: scores, the scoring house rule, a round log."""
    n = len(players)
    blocks = (_score_grid(players, _rows(n)), _blank_scoring(), *_notes(),
              _log_grid(players, _blank_log(n, 1, LOG_ROWS), LOG_ROWS), _log_note())
    sub = _(NAMED_SUBTITLE if any(players) else SUBTITLE)
    return ScoreSheet("burger", _sheet_title(), sub, tuple(players), blocks, pages=1)


def _sheet_title() -> str:
    return _("{game} — score sheet").format(game=TITLE)


def filled_sheet(record: Any, result: Any, number: int = 1) -> ScoreSheet:
    """The sheet filled from a record and its referee result (contract shapes). A
    burger game is played on its own: ``number`` is accepted and not printed."""
    record, result = _plain(record), _plain(result)
    scores = result["scores"]
    players = list(scores)  # trimmed names, seat order
    n = len(players)
    rounds = result.get("rounds") or []
    last = rounds[-1] if rounds else {}
    burgers = last.get("hamburgers") or {}
    rats = last.get("rats") or {}
    over = bool(result.get("game_over"))
    winners = list(result.get("winners") or [])
    won = [players.index(w) for w in winners if w in players]
    scoring = {**SCORING, **(record.get("scoring") or {})}
    # BU-5: rat tokens are secret until the end, and so is a score they count in
    secret = not over
    rows = _rows(n,
                 [str(burgers.get(p, 0)) for p in players],
                 # Translators: in the rat tokens row while the game runs (BU-5: they are secret)
                 [_("hidden") if secret else str(rats.get(p, 0)) for p in players],
                 # Translators: in the score row while rat tokens are still secret
                 [_("at the end") if secret and scoring["rat"] else str(scores[p]) for p in players],
                 [_("{mark} winner").format(mark=WINNER_MARK) if i in won else "" for i in range(n)])
    log = []
    for rnd in rounds:
        made = rnd.get("hamburgers") or {}
        pile = rnd.get("draw_pile")
        log.append(Row((str(rnd["round"]), str(rnd.get("first", ""))),
                       tuple(str(made.get(p, 0)) for p in players),
                       tail=(str(sum(made.values())), "" if pile is None else str(pile))))
    blank = 0 if over else max(0, LOG_ROWS - len(log))
    log += _blank_log(n, len(log) + 1, blank)
    shade = [(row, i) for i in won for row in (SCORE_ROW, WINNER_ROW)]
    blocks: list[Block] = [_score_grid(players, rows, shade), _scoring_note(scoring["hamburger"], scoring["rat"]),
              *_notes(), _log_grid(players, log, blank), _log_note()]
    end = END_AT.get(n)
    if over:
        sub = _("Game over after round {round}.").format(round=len(rounds))
        if winners:
            sub += " " + ngettext("{mark} {names} wins.", "{mark} {names} share the win.",
                                  len(winners)).format(mark=WINNER_MARK, names=", ".join(winners))
    else:
        sub = _("Game in progress after {rounds} round(s); it ends at {end} complete "
                "hamburgers.").format(rounds=len(rounds), end=end)
    return ScoreSheet("burger", _sheet_title(), sub, tuple(players), tuple(blocks),
                      filled=True)


def rules_card() -> RulesCard:
    """Every line says where it comes from: the rule text (003, by line; its steps
    read in order 1 → 7) or a ruling."""
    front = (
        Section(_("Setup"), table=Table((
            (_("Players"), "2", "3", "4", "5"),
            (_("Ingredients a round"), "4", "5", "7", "8"),
            (Line(_("Decks a round"), ("BU-2",), RULING), "2", "3", "4", "5"),
            (_("Hamburgers to end"), "8", "8", "9", "10"),
        ), ("003:2", "003:22", "BU-2", "BU-6"), widths=(2.6, 0.6, 0.6, 0.6, 0.6)), lines=(
            line(_("Draw deck: all ingredient cards, buns included, and the rat cards, shuffled "
                 "face down."), "003:2", "003:3", "003:23"),
            line(_("Recipes: lay out your game's recipe cards for all to see; each hamburger follows "
                 "one of them."), "003:19-20"),
            line(_("Each player has a wastebasket card."), "003:17", "003:24"),
            line(_("Tool cards: 2 tongs and 1 tease each; any other mix needs at least two cards."),
                 "003:4", "BU-3", mark=HOUSE),
            line(_("First player: whoever most recently ate a hamburger."), "003:1"),
        )),
        Section(_("A round"), lines=(
            bullet(_("Reveal: the first player turns up cards until Setup's number of "
                   "ingredients is out: the first ones start a deck each, later ones go on a deck "
                   "of their choice. Rats don't count, but go on a deck too."),
                   "003:2", "003:8", "003:3", "BU-2", mark=RULING),
            bullet(_("Tools: all play a tool card face down, then reveal. Used ones stay face down "
                   "before you, secret. If that leaves you one tool card in hand, take all your "
                   "used ones back, the one just played too."),
                   "003:4", "003:7", "BU-3", mark=RULING),
            bullet(_("Take: clockwise from the player after the first player, each tongs player "
                   "chooses a deck and takes it, round again until none is left. Tease takes none. "
                   "No tongs at all: every deck goes on the first player's wastebasket."),
                   "003:5-6", "BU-4", mark=RULING),
            bullet(_("Rats: per rat card in your decks take a hidden rat token; the rat goes under "
                   "your wastebasket."), "003:12", "003:17"),
        )),
    )
    back = (
        Section(_("Build hamburgers"), lines=(
            line(_("From the decks you took: bottom bun first (none? flip an ingredient card — "
                 "never a rat), the recipe's ingredients in any order, top bun last. Unused "
                 "cards go under your wastebasket, hidden. Unfinished hamburgers wait for later "
                 "rounds."), "003:11", "003:18-21", "BU-5", mark=RULING),
        )),
        Section(_("Next round, or the end"), lines=(
            line(_("The game ends when the complete hamburgers on the table, everyone's together, "
                 "reach Setup's “Hamburgers to end”, or when the draw deck has too few cards "
                 "for new decks."), "003:22-23", "BU-6", mark=RULING),
            line(_("Otherwise whoever took the last deck is the new first player (nobody did: the "
                 "first player stays)."), "003:23", "BU-6", mark=RULING),
            line(_("After the end you may flip your wastebasket card as the top bun of one "
                 "hamburger that lacks only its top bun."), "003:24", "BU-7", mark=RULING),
        )),
        Section(_("Scoring"), house_rule=True, sources=("BU-8",), lines=(
            line(_("The rules' scoring page is missing. 1 point per complete hamburger; rat tokens "
                 "score 0, unless you agree a penalty at setup (e.g. −1 each). Most points wins; "
                 "a tie goes to fewer rat tokens, then it is shared."), "BU-8"),
        )),
        Section(_("Secrets"), lines=(
            line(_("Rat tokens and used tool cards stay hidden until the end."), "003:7", "003:17",
                 "BU-5"),
        )),
        Section(_("Common mistakes"), boxed=True, lines=(
            bullet(_("A rat is no ingredient: it doesn't count and can't be flipped into a bun."),
                   "003:3", "003:18"),
            bullet(_("Taking a deck with tease: tease takes nothing."), "003:5"),
            bullet(_("Ending on your own hamburgers: count everyone's."), "BU-6"),
        )),
    )
    return RulesCard("burger", _("{game} — rules card").format(game=TITLE), (front, back), small_print=MARKS_LEGEND)

"""Sales on paper: the score sheet (blank, named, or filled from a refereed record)
and the rules card. Plain data for ``companion.pdf``; the rules do not import it.

The filled sheet reads the referee's contract shapes (docs/referee-contract.md, "sales"):
the record's rounds → sales → plays (player, card value) and the result's rounds →
sales → winner, ``scores`` {player: {numbers, sets, neighbor, total}}, ``winners``
and ``team`` {score, rating}. Records and results may be pydantic models or dicts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core import words
from companion.core.names import same
from companion.games.sales.i18n import N_, _, ngettext
from companion.pdf.model import (
    HOUSE,
    MARKS_LEGEND,
    RULING,
    TICK,
    WINNER_MARK,
    Block,
    Box,
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

TITLE = "Sales"
PLAYERS = (2, 6)            # SA-2 (competitive 2–6; co-op and solo exactly 2)
PLAYERS_RULING = "SA-2"
ROUNDS = 3                  # SA-9
DEAL = 12                   # SA-2 (house rule default in the competitive game)
BANDS = ((65, N_("Wow!")), (55, N_("Good job.")), (45, N_("Not bad!")))   # SA-15

SUBTITLE = N_("Three rounds; after round 3 add up numbers, 1x sets and neighbor sets. Highest "
              "total wins. Names go once, clockwise, at the top of the grid.")
NAMED_SUBTITLE = N_("Three rounds; after round 3 add up numbers, 1x sets and neighbor sets. Highest total wins.")

ROUND_LABEL = N_("Round {r}: values won")
NUMBERS_LABEL = N_("Numbers = rounds 1 + 2 + 3")
SETS_LABELS = (N_("1x sets"), N_("Neighbor sets"))
TOTAL_LABEL = N_("Total = numbers + sets")
LAST_SALE_LABEL = N_("Won the last sale {tick}")
WINNER_LABEL = N_("Winner")
TOTAL_ROW = ROUNDS + 3          # the rows: 3 rounds, numbers, two sets, total, last sale, winner
WINNER_ROW = ROUNDS + 5
#: The modes as the filled sheet's subtitle names them (the record keeps the key).
MODE_NAMES = {"competitive": N_("competitive"), "coop": N_("co-op"), "solo": N_("solo")}


def _plain(obj: Any) -> Any:
    """A pydantic model as the contract's JSON shape; dicts and lists as they are."""
    if hasattr(obj, "model_dump"):
        return obj.model_dump(mode="json", by_alias=True)
    return obj


def _grid(players: Sequence[str], rows: Sequence[Row], shade: Sequence[tuple[int, int]] = ()) -> Grid:
    return Grid(title=_("Scores"), lead=("",), players=tuple(players), rows=tuple(rows),
                shade=tuple(shade), row_height=9.0, lead_widths=(50.0,), names_here=True,
                rules_after=(ROUNDS - 1,))


def _rows(n: int, rounds: Sequence[Sequence[str]] = (), scores: Sequence[Sequence[str]] = (),
          total: Sequence[str] = (), last: Sequence[str] = (),
          winner: Sequence[str] = (), competitive: bool = True) -> list[Row]:
    """The grid's rows; a co-op or solo game has no winner (SA-15: one team score, in the
    box below), so neither its tie-break row nor its winner row."""
    blank = ("",) * n
    rows = [Row((_(ROUND_LABEL).format(r=r),), tuple(rounds[r - 1]) if r <= len(rounds) else blank)
            for r in range(1, ROUNDS + 1)]
    labels = (NUMBERS_LABEL, *SETS_LABELS)
    rows += [Row((_(label),), tuple(scores[i]) if scores else blank) for i, label in enumerate(labels)]
    rows.append(Row((_(TOTAL_LABEL),), tuple(total) or blank, strong=True))
    if competitive:
        rows.append(Row((_(LAST_SALE_LABEL).format(tick=TICK),), tuple(last) or blank))
        rows.append(Row((_(WINNER_LABEL),), tuple(winner) or blank))
    return rows


def _team_box(score: int | None = None, rating: str | None = None, filled: bool = False) -> Box:
    choices = [(f"{low}+  {_(name)}", filled and rating == name) for low, name in BANDS]
    choices.append((_("below 45: no rating"), filled and score is not None and rating is None))
    return Box(_("Co-op (2 players) and solo (two hands)"),
               fields=((_("Team score: the lower of the two totals"),
                        str(score) if score is not None else ""),),
               choices=tuple(choices))


def deal_note() -> Note:
    return Note(_("Cards dealt each round: {deal} per player in co-op, {deal} per hand in solo.").format(deal=DEAL),
                rulings=("SA-2",))


def competitive_deal_note() -> Note:
    return Note(_("competitive game: the deal chart is missing, so deal {deal} each "
                  "unless your table agrees another number at setup "
                  "(cards dealt: ______).").format(deal=DEAL), rulings=("SA-2",), house_rule=True)


def score_note() -> Note:
    return Note(_("Numbers: the values of all cards you won, rounds 1 + 2 + 3 — so add only "
                  "numbers and sets for the total. 1x set card: 1 per card you won showing its "
                  "icon, itself and wilds included. Neighbor set card: 1 per card your left and "
                  "right neighbours won showing its icon, wilds included. Tie: of the tied "
                  "players, whoever won a sale most recently wins — {tick} who won the last sale.").format(tick=TICK),
                rulings=("SA-10", "SA-11", "SA-12", "SA-13"))


def score_sheet(players: Sequence[str]) -> ScoreSheet:
    """Blank ("" per player) or named: the scores grid and the co-op/solo box."""
    n = len(players)
    blocks = (_grid(players, _rows(n)), score_note(), deal_note(), competitive_deal_note(), _team_box())
    sub = _(NAMED_SUBTITLE if any(players) else SUBTITLE)
    return ScoreSheet("sales", _("{title} — score sheet").format(title=TITLE), sub, tuple(players), blocks, pages=1)


def round_values(record: Mapping[str, Any], result: Mapping[str, Any]) -> list[dict[str, int]]:
    """Per round, the values of the cards each player won (the sale winner's own card)."""
    players = list(result.get("scores") or record["players"])
    out = []
    for rr, rres in zip(record.get("rounds", []), result.get("rounds", []), strict=False):
        won = {p: 0 for p in players}
        for sale, sres in zip(rr.get("sales", []), rres.get("sales", []), strict=False):
            winner = sres.get("winner")
            for play in sale.get("plays", []):
                if winner is not None and same(play["player"], winner):
                    key = next((p for p in players if same(p, winner)), winner)
                    won[key] = won.get(key, 0) + int(play["card"]["value"])
                    break
        out.append(won)
    return out


def round_deals(record: Mapping[str, Any]) -> list[int]:
    """The cards dealt to each player in every recorded round: the round's own hand size
    when the stock ran short (SA-16), else the game's."""
    deal = record.get("hand_size", DEAL)
    return [r.get("hand_size") or deal for r in record.get("rounds", [])]


def last_sale_winner(result: Mapping[str, Any]) -> str | None:
    """Who won the most recent sale recorded (the tie-break's player, SA-13)."""
    for rnd in reversed(result.get("rounds") or []):
        for sale in reversed(rnd.get("sales") or []):
            if sale.get("winner"):
                winner: str = sale["winner"]
                return winner
    return None


def filled_sheet(record: Any, result: Any, number: int = 1) -> ScoreSheet:
    """The sheet filled from a record and its referee result (contract shapes). A
    sales game is played on its own: ``number`` is accepted and not printed."""
    record, result = _plain(record), _plain(result)
    scores: Mapping[str, Mapping[str, int]] = result["scores"]
    players = list(scores)  # the result names players trimmed, in seat order
    n = len(players)
    mode = record.get("mode", "competitive")
    over = bool(result.get("game_over"))
    per_round = round_values(record, result)
    rounds = [[str(r.get(p, 0)) for p in players] for r in per_round]
    cols = [[str(scores[p][k]) for p in players] for k in ("numbers", "sets", "neighbor")]
    total = [str(scores[p]["total"]) for p in players]
    winners = list(result.get("winners") or [])
    won = [players.index(w) for w in winners if w in players]
    marks = [_("{mark} winner").format(mark=WINNER_MARK) if i in won else "" for i in range(n)]
    latest = last_sale_winner(result)
    last = [TICK if latest is not None and same(p, latest) else "" for p in players]
    competitive = mode == "competitive"
    shade = [(row, i) for i in won for row in (TOTAL_ROW, WINNER_ROW)] if competitive else []
    blocks: list[Block] = [
        _grid(players, _rows(n, rounds, cols, total, last if over else (), marks, competitive), shade),
        score_note()]
    deal = record.get("hand_size", DEAL)
    if mode == "competitive":
        house = deal == DEAL
        blocks.append(Note((_("competitive game: {deal} cards dealt per player each round "
                              "(the deal chart is missing; 12 is the app's default).") if house
                            else _("competitive game: {deal} cards dealt per player each round "
                                   "(a house variant agreed at setup).")).format(deal=deal),
                           rulings=("SA-2",), house_rule=True))
    else:
        team = result.get("team") or {}
        blocks.append(Note((_("Co-op: {deal} cards per hand each round.") if mode == "coop"
                            else _("Solo: {deal} cards per hand each round.")).format(deal=deal),
                           rulings=("SA-2",)))
        blocks.append(_team_box(team.get("score"), team.get("rating"), filled=True))
    dealt = round_deals(record)
    if any(n != deal for n in dealt):
        blocks.append(Note(_("Cards dealt each round: {rounds}. Cards won are not dealt again: a round whose cards "
                             "left do not make {deal} each shares them out evenly, the rest stay out.").format(
            rounds=", ".join(_("round {r}: {n}").format(r=r, n=n) for r, n in enumerate(dealt, 1)), deal=deal),
            rulings=("SA-16",), house_rule=True))
    played = len(result.get("rounds", []))
    sub = (_("Game over: {mode}, {played} of {rounds} rounds recorded.") if over
           else _("Game in progress: {mode}, {played} of {rounds} rounds recorded.")).format(
        mode=_(MODE_NAMES.get(mode, mode)), played=played, rounds=ROUNDS)
    if winners and competitive:
        sub += " " + ngettext("{mark} {names} wins.", "{mark} {names} share the win.", len(winners)).format(
            mark=WINNER_MARK, names=words.names(winners))
    elif over and not competitive:
        team = result.get("team") or {}
        if team.get("score") is not None:
            rating = team.get("rating")
            sub += " " + (_("Team score {score}: {rating}").format(score=team["score"], rating=_(rating)) if rating
                          else _("Team score {score}: below 45, no rating.").format(score=team["score"]))
    return ScoreSheet("sales", _("{title} — score sheet").format(title=TITLE), sub, tuple(players), tuple(blocks),
                      filled=True)


def rules_card() -> RulesCard:
    """Every line says where it comes from: the rule text (004, by line) or a ruling."""
    front = (
        Section(_("Setup"), table=Table((
            (_("Game"), _("Players"), _("Cards each round")),
            (_("Competitive"), Line("2–6", ("SA-2",), RULING), Line(_("12 each"), ("004:46", "SA-2"), HOUSE)),
            (_("Co-op"), "2", _("12 each")),
            (_("Solo"), _("1 (two hands)"), _("12 per hand")),
        ), ("SA-2", "004:79", "004:83"), widths=(1.1, 1.0, 1.4)), lines=(
            line(_("Shuffle all the cards and deal each player as many as the table says. A game is "
                 "three rounds."), "004:45-46", "004:53"),
            line(_("Round 1: agree who leads; the leader takes the train marker."), "004:33", "SA-9",
                 mark=RULING),
        )),
        Section(_("A sale (a trick)"), lines=(
            bullet(_("From the leader, clockwise, everyone with cards plays one card."),
                   "004:5", "004:36", "SA-3"),
            bullet(_("On suit: the weather of the first card played. In the competitive game you "
                   "don't need to play on suit — play any card; only on-suit cards can win (co-op: "
                   "see the back)."), "004:9", "004:13", "004:87"),
            bullet(_("Wilds are on suit for every weather. A wild first: the first non-wild card sets "
                   "the suit; all wild: all are on suit."), "004:91", "SA-4", mark=RULING),
            bullet(_("The lowest on-suit value wins; a tie goes to the last to play it."),
                   "004:13"),
            bullet(_("The winner keeps the card played in front of them (points = its value); "
                   "everyone else discards the card they played."), "004:17", "004:21"),
            bullet(_("The winner then discards from hand, face down, one card per discard icon "
                   "on the card won (all that is left, if fewer)."), "004:25", "004:29"),
            bullet(_("The winner leads the next sale (train marker); if their hand is empty, the "
                   "next player clockwise with cards leads."), "004:33-35"),
            bullet(_("Only you have cards left? Play sales alone: each card you play wins, and you "
                   "still discard for its icons — you don't simply win every card in your hand."),
                   "004:41", "SA-8"),
        )),
    )
    back = (
        Section(_("Scoring, after round 3"), lines=(
            bullet(_("Numbers: the values of all numbered cards you won."), "004:57"),
            bullet(_("1x set card: 1 point per card you won that shows its icon — itself, other "
                   "matching set cards and each wild included."), "004:61"),
            bullet(_("Neighbor set card: 1 point per card your neighbours won that shows its icon, "
                   "wilds included (two players: your one neighbour, once)."),
                   "004:65", "SA-12", mark=RULING),
            line(_("Highest score wins. Tie: the tied player who won the latest sale."),
                 "004:69", "004:73"),
        )),
        Section(_("Next round"), lines=(
            line(_("All hands empty: shuffle the deck and the discards (never the cards players "
                 "won) and deal again. The last sale's winner leads."),
                 "004:36-37", "004:43-47"),
        )),
        Section(_("Solo and 2-player co-op"), lines=(
            bullet(_("Solo: deal yourself two hands of 12, each face up; play them like two "
                   "players taking turns, each with its own score."), "004:79"),
            bullet(_("Co-op: both players draw 12. Don't show or talk about the cards in your "
                   "hand (beginners may talk freely)."), "004:83", "004:95"),
            bullet(_("Play on suit if able; with no on-suit card play any card — it cannot win. "
                   "Wilds may be played any time; with no other on-suit card you must play a "
                   "wild if you have one."), "004:87", "004:91"),
            bullet(_("Team score: the lower one. 45+ Not bad! · 55+ Good job. · 65+ Wow!"),
                   "004:99-105"),
        )),
        Section(_("Common mistakes"), boxed=True, lines=(
            bullet(_("Highest card wins? No: the lowest on-suit value."), "004:13"),
            bullet(_("Following suit in the competitive game: you need not."), "004:9"),
            bullet(_("Shuffling the cards players won back into the deck."), "004:45"),
        )),
    )
    return RulesCard("sales", _("{title} — rules card").format(title=TITLE), (front, back), small_print=MARKS_LEGEND)

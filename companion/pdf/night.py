"""A game night on one A4 sheet: its name and date, the ranking, each match's places
and points, and the points per place stated as the house rule it is.

Built from the night's tally (:func:`companion.tallies.night.tally`) as a
:class:`~companion.pdf.model.ScoreSheet` and laid out like every score sheet
(:mod:`companion.pdf.sheet`): players as columns, ranked best first.
"""

from __future__ import annotations

import datetime as dt

from companion.core import words
from companion.core.i18n import _, ngettext
from companion.core.names import key
from companion.pdf.model import Grid, Note, Row, ScoreSheet
from companion.tallies.night import MatchPlaces, NightResult, ordinal, points_rule, points_text, status_text


def night_sheet(result: NightResult) -> ScoreSheet:
    record = result.record
    players = tuple(s.player for s in result.standings)
    keys = [key(p) for p in players]
    rows = [Row((_("Rank"),), tuple(s.rank_text for s in result.standings), strong=True),
            Row((_("Points"),), tuple(points_text(s.total) for s in result.standings), strong=True)]
    for m in result.matches:
        if m.counts:
            cells = []
            for k in keys:
                pl = m.placings.get(k)
                cells.append("" if pl is None else
                             f"{'=' if pl.tied > 1 else ''}{ordinal(pl.place)} · {points_text(pl.points)}")
            rows.append(Row((m.title,), tuple(cells)))
        else:
            rows.append(Row((f"{m.title} ({status_text(m.status)})",), tuple("–" for _k in keys)))
    shade = tuple((0, i) for i, s in enumerate(result.standings) if s.rank == 1)
    blocks: list[Grid | Note] = []
    if players:
        blocks.append(Grid(title=_("Ranking"), lead=("",), players=players, rows=tuple(rows), shade=shade,
                           lead_widths=(44.0,), rules_after=(1,)))
    blocks.append(Note(result.explanation))
    blocks += [Note(match_line(m)) for m in result.matches]
    blocks.append(Note(points_rule(record), house_rule=True))
    blocks.append(Note(_("Each match is placed by its own final result (a Hot Dog match by its three games' "
                         "total); a place cell reads place · points, '=' where the place is shared.")))
    count = len(result.matches)
    subtitle = ngettext("Game night · {n} match, {counted} counted", "Game night · {n} matches, {counted} counted",
                        count).format(n=count, counted=result.counted)
    return ScoreSheet(game="night", title=record.name, subtitle=subtitle, players=players,
                      blocks=tuple(blocks), filled=True)


def match_line(m: MatchPlaces) -> str:
    """What the sheet says of a match: who won it, worded here from its places without the
    ruling id the app's screens cite (the paper speaks to players); any other state as the
    night's tally says it."""
    if not m.counts:
        return m.line
    firsts = [pl.player for pl in m.placings.values() if pl.place == 1]
    if len(firsts) == 1:
        return _("{player} wins {title}{ruling}.").format(player=firsts[0], title=m.title, ruling="")
    return _("{players} share 1st place in {title}{ruling}.").format(players=words.names(firsts), title=m.title,
                                                                     ruling="")


def build_night_sheet(result: NightResult, *, date: dt.date | None = None) -> bytes:
    """The night's sheet as A4 PDF bytes; ``date``: the day printed in the footer
    (default: SOURCE_DATE_EPOCH, else today). The night's own date fills the Date field."""
    from companion.pdf import sheet as render
    from companion.pdf.document import edition_date, printed_date

    try:
        field = printed_date(dt.date.fromisoformat(result.record.date))
    except ValueError:
        field = result.record.date
    return render.render(night_sheet(result), "a4", edition_date(date), date_field=field)

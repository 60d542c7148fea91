"""Hot Dog's own statistics (its ``stats`` part), from the referee's round results.

Each finished game's rounds are replayed by the referee (:mod:`companion.games.hotdog.rules`);
every step of a round's result says a bid's table, hot dogs, dollars, price and whether
it was sold or returned, and why. From those, per player:

- how often a bid was **sold** (its hot dogs fit at its table, HD-8) or **returned**,
  and why: no room at the table (HD-8), the table filled earlier in the round (HD-10),
  last hot dogs not announced (HD-12);
- the average **price** of a sold bid (price = hot dogs − dollars, HD-7) and the
  average dollars a sold bid paid to the bank (HD-9; a returned bid pays nothing);
- the **tables** chosen (HD-2: 5 and 7, and 9 with four or five players), every bid;
- and, as a chart, the money of the latest chosen game after each round, from the
  $3 each player starts with (HD-3) or the setup's own amounts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.core import i18n
from companion.core.names import key
from companion.core.stats import GamePlayed, GameStats, Lines, Section, Table
from companion.games.hotdog import rules
from companion.games.hotdog.i18n import _
from companion.games.hotdog.models import HotDogRecord, HotDogResult

REASONS = ("no room", "table full", "not announced")     # a returned bid's reason, as the referee words it


@dataclass(frozen=True)
class Bids:
    """One player's bids in one game."""

    bids: int = 0
    sold: int = 0
    returned: tuple[int, int, int] = (0, 0, 0)       # by REASONS
    prices: int = 0                                  # the sold bids' prices added up (HD-7)
    paid: int = 0                                    # the sold bids' dollars added up (HD-9)
    tables: tuple[tuple[int, int], ...] = ()         # (table, bids there), tables ascending


@dataclass(frozen=True)
class Facts:
    """What one finished game of Hot Dog tells."""

    bids: tuple[tuple[str, Bids], ...]               # per player, seat order
    money: tuple[tuple[str, tuple[int, ...]], ...]   # per player: at the start, then after each round


def facts(record: HotDogRecord, result: HotDogResult) -> Facts:
    counts = {p: [0, 0, 0, 0, 0, 0, 0] for p in record.players}   # bids, sold, 3 reasons, prices, paid
    tables: dict[str, dict[int, int]] = {p: {} for p in record.players}
    for rnd in result.rounds:
        for step in rnd.steps:
            c = counts[step.player]
            c[0] += 1
            if step.outcome == "sold":
                c[1] += 1
                c[5] += step.price
                c[6] += step.dollars
            elif step.reason is not None:
                c[2 + REASONS.index(step.reason)] += 1
            tables[step.player][step.table] = tables[step.player].get(step.table, 0) + 1
    start = rules.start(record).money
    bids = tuple((p, Bids(c[0], c[1], (c[2], c[3], c[4]), c[5], c[6], tuple(sorted(tables[p].items()))))
                 for p, c in counts.items())
    money = tuple((p, (start[p], *(r.money[p] for r in result.rounds))) for p in record.players)
    return Facts(bids, money)


def _average(total: int, n: int) -> str:
    # Translators: an average amount of dollars, e.g. '$2.50'
    return _("${amount}").format(amount=i18n.decimal(total / n, 2)) if n else "–"


def _share(n: int, of: int) -> str:
    return f"{i18n.number(n)} ({i18n.percent(n / of)})" if of else "0"


def sections(games: Sequence[GamePlayed]) -> list[Section]:
    mine = [g for g in games if isinstance(g.facts, Facts)]
    if not mine:
        return []
    names: dict[str, str] = {}
    sums: dict[str, list[int]] = {}                  # bids, sold, 3 reasons, prices, paid
    at: dict[str, dict[int, int]] = {}
    for g in mine:
        for p, b in g.facts.bids:
            k = key(p)
            names[k] = p
            c = sums.setdefault(k, [0] * 7)
            for i, v in enumerate((b.bids, b.sold, *b.returned, b.prices, b.paid)):
                c[i] += v
            tables = at.setdefault(k, {})
            for t, n in b.tables:
                tables[t] = tables.get(t, 0) + n
    total = {k: Bids(c[0], c[1], (c[2], c[3], c[4]), c[5], c[6], tuple(sorted(at[k].items())))
             for k, c in sums.items()}
    order = sorted(total, key=lambda k: (-total[k].bids, k))
    table_values = sorted({t for b in total.values() for t, _n in b.tables})
    sold_rows = tuple(
        (names[k], str(b.bids), _share(b.sold, b.bids), _share(sum(b.returned), b.bids),
         *(str(n) for n in b.returned))
        for k, b in ((k, total[k]) for k in order))
    price_rows = tuple((names[k], str(total[k].sold), _average(total[k].prices, total[k].sold),
                        _average(total[k].paid, total[k].sold)) for k in order)
    table_rows = tuple((names[k], *(_share(dict(total[k].tables).get(t, 0), total[k].bids) for t in table_values))
                       for k in order)
    latest = mine[-1]
    return [
        Table(_("Bids sold and returned"),
              (_("Player"), _("Bids"), _("Sold"), _("Returned"), _("No room"), _("Table full"), _("Not announced")),
              sold_rows,
              _("Sold: the hot dogs fit at the table (HD-8). Returned, with hot dogs and dollars: "
                "no room at the table (HD-8), the table filled earlier in the round (HD-10), "
                "last hot dogs not announced (HD-12).")),
        Table(_("Prices of sold bids"), (_("Player"), _("Sold"), _("Average price"), _("Average dollars paid")),
              price_rows,
              _("Price: hot dogs − dollars (HD-7); a sold bid pays its dollars to the bank, "
                "a returned bid pays nothing (HD-9).")),
        Table(_("Tables chosen"), (_("Player"), *(_("{table} table").format(table=t) for t in table_values)),
              table_rows,
              _("Every bid names one neutral table: 5 and 7, and 9 with four or five players (HD-2).")),
        Lines(_("Money over the rounds: match {match}, game {n}").format(match=latest.match_id, n=latest.number),
              tuple((p, values) for p, values in latest.facts.money),
              _("Each player's dollars at the start (HD-3) and after each round; the latest game shown.")),
    ]


STATS = GameStats(facts=facts, sections=sections)

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
- and, as a chart, the money of one chosen game (the latest unless another is picked)
  after each round, from the $3 each player starts with (HD-3) or the setup's own amounts.

What one game tells is kept with it in the store as whole numbers per player
(:func:`counts`: they add up over games) and its money over the rounds (:func:`series`);
:func:`sections` words the chosen games' sums.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.core import i18n
from companion.games.hotdog import rules
from companion.games.hotdog.i18n import _
from companion.games.hotdog.models import HotDogRecord, HotDogResult
from companion.tallies.stats import GameStats, Lines, Own, Section, Table

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
    counts = {p: [0, 0, 0, 0, 0, 0, 0] for p in record["players"]}   # bids, sold, 3 reasons, prices, paid
    tables: dict[str, dict[int, int]] = {p: {} for p in record["players"]}
    for rnd in result["rounds"]:
        for step in rnd["steps"]:
            c = counts[step["player"]]
            c[0] += 1
            if step["outcome"] == "sold":
                c[1] += 1
                c[5] += step["price"]
                c[6] += step["dollars"]
            elif step["reason"] is not None:
                c[2 + REASONS.index(step["reason"])] += 1
            tables[step["player"]][step["table"]] = tables[step["player"]].get(step["table"], 0) + 1
    start = rules.start(record).money
    bids = tuple((p, Bids(c[0], c[1], (c[2], c[3], c[4]), c[5], c[6], tuple(sorted(tables[p].items()))))
                 for p, c in counts.items())
    money = tuple((p, (start[p], *(r["money"][p] for r in result["rounds"]))) for p in record["players"])
    return Facts(bids, money)


#: The figures one game tells per player (``counts``); each adds up over games.
BIDS, SOLD, PRICES, PAID = "bids", "sold", "prices", "paid"
RETURNED = {"no room": "returned_no_room", "table full": "returned_table_full",
            "not announced": "returned_not_announced"}


def table_figure(table: int) -> str:
    return f"table_{table}"


def counts(record: HotDogRecord, result: HotDogResult) -> dict[str, dict[str, int]]:
    """One finished game's figures per player: bids made, sold, returned by reason, the
    sold bids' prices and dollars added up, and the bids at each table."""
    got = facts(record, result)
    out: dict[str, dict[str, int]] = {}
    for p, b in got.bids:
        mine = {BIDS: b.bids, SOLD: b.sold, PRICES: b.prices, PAID: b.paid}
        mine.update({RETURNED[r]: n for r, n in zip(REASONS, b.returned, strict=True)})
        mine.update({table_figure(t): n for t, n in b.tables})
        out[p] = mine
    return out


def series(record: HotDogRecord, result: HotDogResult) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Each player's money at the start (HD-3) and after each round."""
    start = rules.start(record).money
    return tuple((p, (start[p], *(r["money"][p] for r in result["rounds"]))) for p in record["players"])


def _average(total: int, n: int) -> str:
    # Translators: an average amount of dollars, e.g. '$2.50'
    return _("${amount}").format(amount=i18n.decimal(total / n, 2)) if n else "–"


def _share(n: int, of: int) -> str:
    return f"{i18n.number(n)} ({i18n.percent(n / of)})" if of else "0"


def sections(own: Own) -> list[Section]:
    """The chosen games' bids, prices and tables per player, and the picked game's money."""
    mine = [(p, c) for p, c in own.players if c.get(BIDS)]
    if not mine:
        return []
    order = sorted(mine, key=lambda pc: -pc[1].get(BIDS, 0))
    tables = sorted({int(f.removeprefix("table_")) for _p, c in mine for f in c if f.startswith("table_")})

    def n(c: Mapping[str, int], figure: str) -> int:
        return c.get(figure, 0)

    sold_rows = tuple(
        (p, str(n(c, BIDS)), _share(n(c, SOLD), n(c, BIDS)),
         _share(sum(n(c, RETURNED[r]) for r in REASONS), n(c, BIDS)), *(str(n(c, RETURNED[r])) for r in REASONS))
        for p, c in order)
    price_rows = tuple((p, str(n(c, SOLD)), _average(n(c, PRICES), n(c, SOLD)), _average(n(c, PAID), n(c, SOLD)))
                       for p, c in order)
    table_rows = tuple((p, *(_share(n(c, table_figure(t)), n(c, BIDS)) for t in tables)) for p, c in order)
    out: list[Section] = [
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
        Table(_("Tables chosen"), (_("Player"), *(_("{table} table").format(table=t) for t in tables)),
              table_rows,
              _("Every bid names one neutral table: 5 and 7, and 9 with four or five players (HD-2).")),
    ]
    if own.chart is not None:
        out.append(Lines(_("Money over the rounds: match {match}, game {n}").format(
                             match=own.chart.match_id, n=own.chart.number),
                         own.chart.series,
                         _("Each player's dollars at the start (HD-3) and after each round."),
                         value_text=i18n.money, axis=_("Round")))
    return out


STATS: GameStats = GameStats(counts=counts, sections=sections, series=series)

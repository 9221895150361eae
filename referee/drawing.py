"""Pictures of a deal, as card players draw them: the hands around the table, the trick in
progress (or the layout's columns, or the pot) in the middle, whose turn it is, the contract and
trumps; as text for a terminal and as HTML for a notebook or the book.

A drawing reads the deal's typed state, one mechanic at a time (the hands and talon, the trick
state, the layout state, the betting state), and knows no game: the suits and ranks, their
symbols and order come from the game's deck, every word through the catalogs. `picture()` reads
a deal into a `Picture`, which `text()` and `html()` draw.
"""

from __future__ import annotations

import html as _html
from dataclasses import dataclass
from typing import Any

from . import i18n, presentation
from .i18n import N_
from .mechanics.vocabulary import Phase

# A deal is typed `Any` here: `Deal` and `SeatedDeal` import this module (lazily) to draw
# themselves, and the drawing reads only their mechanics' typed state.
Deal = Any

__all__ = ["Drawing", "Picture", "SeatView", "picture", "text", "html", "places"]

_RED = frozenset("♥♦♡♢")
# Where each seat sits, in the order of play from seat 1 at the bottom, going round clockwise as
# in a bridge diagram (mirrored for a game played to the right): compass points of a 3 × 3 grid.
_GRID = {"S": (2, 1), "SW": (2, 0), "W": (1, 0), "NW": (0, 0), "N": (0, 1), "NE": (0, 2), "E": (1, 2),
         "SE": (2, 2)}
_PLACES = {1: ("S",), 2: ("S", "N"), 3: ("S", "W", "E"), 4: ("S", "W", "N", "E"), 5: ("S", "W", "NW", "NE", "E"),
           6: ("S", "W", "NW", "NE", "E", "SE"), 7: ("S", "SW", "W", "NW", "NE", "E", "SE"),
           8: ("S", "SW", "W", "NW", "N", "NE", "E", "SE")}

_SEAT, _DEALER, _TO_ACT, _FOLDED, _PLACE = N_("Seat {seat}"), N_("dealer"), N_("to act"), N_("folded"), N_("place {place}")
_STAKE, _CHIPS, _POT = N_("stake {chips}"), N_("chips {chips}"), N_("pot {chips}")
_TALON, _TURNED = N_("talon: {cards}"), N_("turned: {cards}")
_CONTRACT, _TRUMPS = N_("contract: {contract}"), N_("trumps: {suit}")
_DECLARER, _DISCARDED = N_("declarer"), N_("discarded: {cards}")


@dataclass(frozen=True)
class Drawing:
    """A deal drawn in one language, from one seat's view or open (`Deal.show`): the text drawing
    in a terminal (`print`, `repr`), the HTML one in a notebook."""

    picture: Picture

    def __str__(self) -> str:
        return text(self.picture)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return html(self.picture)


_MIRROR = {"W": "E", "E": "W", "NW": "NE", "NE": "NW", "SW": "SE", "SE": "SW"}


def places(players: int) -> tuple[str, ...]:
    """The compass point of each seat, in the order of play (more than 8 seats: a column)."""
    return _PLACES.get(players, tuple("S" for _ in range(players)))


@dataclass(frozen=True)
class SeatView:
    """One seat as the picture shows it."""

    seat: int
    """From 0, in the order of play."""
    place: str
    """The compass point where it is drawn (S, W, N, E, ...)."""
    label: str
    """"Seat 2", in the reader's language."""
    suits: tuple[tuple[str, tuple[str, ...]], ...] | None
    """The hand by suit (symbol, ranks from the highest), in the deck's order of suits; None when hidden."""
    count: int
    """How many cards the hand holds."""
    notes: tuple[str, ...]
    """Dealer, to act, tricks taken, stake and chips, folded, gone out."""


@dataclass(frozen=True)
class Picture:
    """What a drawing of a deal shows, in the reader's language."""

    head: tuple[str, ...]
    """The game, the contract and trumps."""
    seats: tuple[SeatView, ...]
    trick: tuple[tuple[str, str], ...]
    """(place, card) of each card of the trick in progress, in the order played."""
    rows: tuple[int, ...]
    """The rows of the 3 × 3 grid that hold a seat (the trick is drawn on the same rows)."""
    columns: tuple[tuple[str, tuple[str, ...]], ...]
    """The layout's columns: (suit symbol, ranks from the lowest)."""
    middle: tuple[str, ...]
    """Lines shown in the middle of the table: the pot, the talon, the turned cards."""


def picture(deal: Deal, lang: str = "en", view: int | None = None, *, numbers: tuple[int, ...] | None = None,
            sitting_out: int | None = None) -> Picture:
    """Read `deal` into a picture; `view`: show only that seat's hand (the others face down).

    A deal the dealer sits out (`SeatedDeal`) is drawn as its players see it: `numbers` gives each
    seat's number at the whole table, `sitting_out` the dealer who sits out."""
    table, game = deal.table, deal.game
    _ = lambda m: i18n.gettext(lang, m)  # noqa: E731
    symbols = [presentation.suit_symbol(code, game) for code in table.suit_codes]

    def by_suit(cards: list[int]) -> tuple[tuple[str, tuple[str, ...]], ...]:
        rows = []
        for index in range(len(table.suit_codes)):
            held = sorted((c for c in cards if table.suit_of[c] == index), key=lambda c: -table.rank_of[c])
            rows.append((symbols[index], tuple(presentation.rank(table.cards[c].rank.code, lang) for c in held)))
        return tuple(rows)

    def shown(cards: list[int]) -> str:
        return presentation.cards([table.code(c) for c in cards], lang, game)

    over = deal.phase == Phase.OVER
    tricks, layout, betting = deal.tricks, deal.layout, deal.betting
    at = places(table.players)
    if not table.clockwise:  # play goes to the right: the next seat is drawn on the east
        at = tuple(_MIRROR.get(place, place) for place in at)
    seats = []
    played_by = deal.played_by
    for seat, hand in enumerate(deal.hands):
        notes = []
        if seat == deal.dealer and sitting_out is None:  # (a seated deal's own dealer is only its turn order)
            notes.append(_(_DEALER))
        if seat == deal.declarer:  # an auction game's declarer, once known
            notes.append(_(_DECLARER))
        if seat == deal.to_act and not over:
            notes.append(_(_TO_ACT))
        if tricks is not None:
            won = tricks.tricks_won[seat]
            notes.append(i18n.ngettext(lang, "{n} trick", "{n} tricks", won).format(n=won))
        if layout is not None and seat in layout.finished:
            notes.append(_(_PLACE).format(place=layout.finished.index(seat) + 1))
        if betting is not None:
            notes += [_(_STAKE).format(chips=betting.stake[seat]), _(_CHIPS).format(chips=betting.chips[seat])]
            if betting.folded_mask >> seat & 1:
                notes.append(_(_FOLDED))
        # The hands a lone defender plays with open cards lie face up, his own with them.
        face_up = seat in played_by or seat in played_by.values()
        hidden = view is not None and seat != view and not face_up
        seats.append(SeatView(seat, at[seat] if seat < len(at) else "S", _(_SEAT).format(seat=presentation.seat(seat if numbers is None else numbers[seat])),
                              None if hidden else by_suit(hand), len(hand), tuple(notes)))
    head = [_(game.title)]
    if sitting_out is not None:
        head.append(f"{_(_SEAT).format(seat=presentation.seat(sitting_out))} ({_(_DEALER)})")
    contract = deal.contract
    if contract is not None:
        head.append(_(_CONTRACT).format(contract=_(game.contracts[contract.id].title)))
        trump = deal.trump
        if trump is not None:
            head.append(_(_TRUMPS).format(suit=symbols[trump]))
    trick: tuple[tuple[str, str], ...] = ()
    if tricks is not None and tricks.trick:
        trick = tuple((at[seat] if seat < len(at) else "S", shown([card])) for seat, card in tricks.trick)
    columns: tuple[tuple[str, tuple[str, ...]], ...] = ()
    if layout is not None:
        order = {r.order: r.code for r in table.deck.ranks}
        columns = tuple((symbols[suit], tuple(presentation.rank(order[r], lang) for r in range(low, high + 1)))
                        for suit, (low, high) in sorted(layout.columns.items()))
    middle = []
    if betting is not None:
        middle.append(_(_POT).format(chips=betting.staked + betting.carry))
        if betting.upcards:
            middle.append(_(_TURNED).format(cards=shown(betting.upcards)))
    # The talon while it lies on the table: once taken, its cards are in a hand, and the cards
    # discarded in their place are face down.
    held = {card for hand in deal.hands for card in hand}
    talon = [card for card in deal.talon if card not in held]
    discarded = deal.bidding.discarded if deal.bidding is not None else ()
    if talon and not discarded:
        # Talon cards that lead tricks (`talon cards lead the first N tricks`) are turned up one
        # by one, seen by all: each from the trick it leads on.
        up = 0 if view is None or deal.contract is None or deal.tricks is None else \
            min(deal.contract.talon_leads, len(deal.tricks.trick_winners) + 1)
        cards = shown(talon) if view is None else " ".join(part for part in (shown(talon[:up]) if up else "",
                                                                             "▮" * (len(talon) - up)) if part)
        middle.append(_(_TALON).format(cards=cards))
    if discarded:
        middle.append(_(_DISCARDED).format(cards=shown(list(discarded)) if view is None else "▮" * len(discarded)))
    rows = tuple(sorted({_GRID[seat.place][0] for seat in seats}))
    return Picture(tuple(head), tuple(seats), trick, rows, columns, tuple(middle))


def _hand_lines(seat: SeatView) -> list[str]:
    lines = [seat.label + (f" ({', '.join(seat.notes)})" if seat.notes else "")]
    if seat.suits is None:
        lines.append("▮" * seat.count)
    else:
        lines += [f"{symbol} {' '.join(ranks) or '—'}" for symbol, ranks in seat.suits]
    return lines


def _middle_lines(shown: Picture) -> list[str]:
    lines: list[str] = []
    if shown.trick:
        cells = {place: card for place, card in shown.trick}
        for row in shown.rows:
            line = ""
            for col in range(3):
                place = next((p for p in cells if _GRID[p] == (row, col)), None)
                line += f"{cells[place] if place else '':^5}"
            lines.append(line.rstrip())
    lines += [f"{symbol} {' '.join(ranks)}" for symbol, ranks in shown.columns]
    lines += list(shown.middle)
    return lines


def text(shown: Picture) -> str:
    """The picture as text: the hands on a 3 × 3 grid of compass points, the middle in the centre."""
    cells: dict[tuple[int, int], list[str]] = {}
    column_of = [seat for seat in shown.seats if seat.place == "S"]
    if len(column_of) > 1:  # more seats than compass points: one below the other
        body = [line for seat in shown.seats for line in _hand_lines(seat)] + _middle_lines(shown)
        return "\n".join([" · ".join(shown.head), *body])
    for seat in shown.seats:
        cells[_GRID[seat.place]] = _hand_lines(seat)
    middle = _middle_lines(shown)
    if middle:  # in the middle of the seats beside it
        beside = max(len(cells.get((1, 0), [])), len(cells.get((1, 2), [])))
        cells[(1, 1)] = [""] * max(0, (beside - len(middle) + 1) // 2) + middle
    widths = [max([len(line) for (r, c), lines in cells.items() if c == col for line in lines] or [0]) for col in range(3)]
    out = [" · ".join(shown.head)]
    for row in range(3):
        height = max([len(lines) for (r, c), lines in cells.items() if r == row] or [0])
        for i in range(height):
            parts = []
            for col in range(3):
                lines = cells.get((row, col), [])
                parts.append(f"{lines[i] if i < len(lines) else '':<{widths[col]}}")
            out.append("   ".join(parts).rstrip())
    return "\n".join(out)  # no blank line: a doctest or a paste keeps it whole


def _red(text_: str) -> str:
    """Escaped text with the red suits' symbols (♥ ♦) in red."""
    return "".join(f'<span style="color:#c00">{ch}</span>' if ch in _RED else _html.escape(ch) for ch in text_)


def html(shown: Picture) -> str:
    """The picture as an HTML table (inline styles: it shows alike in a notebook and the book)."""
    def hand(seat: SeatView) -> str:
        label = _html.escape(seat.label)
        notes = f'<br><small>{_html.escape(", ".join(seat.notes))}</small>' if seat.notes else ""
        if seat.suits is None:
            rows = "▮" * seat.count
        else:
            rows = "<br>".join(_red(f"{symbol} {' '.join(ranks) or '—'}") for symbol, ranks in seat.suits)
        return f"<b>{label}</b>{notes}<br>{rows}"

    cells: dict[tuple[int, int], str] = {}
    if len([seat for seat in shown.seats if seat.place == "S"]) > 1:
        cells[(2, 1)] = "<br><br>".join(hand(seat) for seat in shown.seats)
    else:
        for seat in shown.seats:
            cells[_GRID[seat.place]] = hand(seat)
    middle = []
    if shown.trick:
        grid = {_GRID[place]: card for place, card in shown.trick}
        rows = "".join("<tr>" + "".join(f'<td style="min-width:2.4em;height:1.5em;padding:0 .2em;text-align:center">{_red(grid.get((r, c), ""))}'
                                        "</td>" for c in range(3)) + "</tr>" for r in shown.rows)
        middle.append(f'<table style="margin:auto;border:1px solid #999;border-radius:4px">{rows}</table>')
    middle += [_red(f"{symbol} {' '.join(ranks)}") for symbol, ranks in shown.columns]
    middle += [_red(line) for line in shown.middle]
    if middle:
        cells[(1, 1)] = "<br>".join(middle)
    style = "vertical-align:top;padding:.3em .6em;font-family:monospace,monospace;white-space:nowrap"
    rows = "".join("<tr>" + "".join(f'<td style="{style}{";text-align:center;vertical-align:middle" if (r, c) == (1, 1) else ""}">'
                                    f"{cells.get((r, c), '')}</td>" for c in range(3)) + "</tr>"
                   for r in range(3) if any((r, c) in cells for c in range(3)))
    head = _html.escape(" · ".join(shown.head))
    return (f'<div class="referee-deal"><div style="font-weight:bold">{head}</div>'
            f'<table style="border-collapse:collapse">{rows}</table></div>')

"""Drawings of a deal (referee/drawing.py) and the short reprs of the public objects."""

from __future__ import annotations

import random
import re

import pytest

from referee import Action, Match, judge_file, load_game
from referee.drawing import picture, text

from .test_cli import GOLDEN


def _deal(name: str, seed: int = 3, steps: int = 0, first: str | None = None, players: int | None = None):
    game = load_game(name)
    match = Match(game, players)
    rng = random.Random(seed)
    match.draw_for_dealer(rng)
    hands, talon, upcards = match.deal_pack(rng)
    deal = match.new_deal(hands, talon=talon, upcards=upcards)
    if first is not None:
        assert deal.play(deal.to_act, Action.parse(first)).legal
    for _ in range(steps):
        deal.push(rng.choice(deal.legal_moves()))
    return deal


def _hand_text(deal, seat: int) -> list[str]:
    """The seat's hand as the drawing should write it: a line per suit, ranks from the highest."""
    table = deal.table
    lines = []
    for index, suit in enumerate(table.suit_codes):
        held = sorted((c for c in deal.hands[seat] if table.suit_of[c] == index), key=lambda c: -table.rank_of[c])
        symbol = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[suit]
        lines.append(f"{symbol} {' '.join(table.cards[c].rank.code for c in held) or '—'}")
    return lines


def test_a_trick_deal_shows_every_hand_around_the_table_and_the_trick_in_the_middle():
    deal = _deal("kierki", first="choose no_tricks", steps=6)  # two cards of the second trick are down
    assert len(deal.tricks.trick) == 2
    drawn = text(picture(deal))
    lines = drawn.splitlines()
    for seat in range(4):  # each hand's suits, in the column of its compass point
        for line in _hand_text(deal, seat):
            assert any(line in row for row in lines), line
    south = lines.index(next(row for row in lines if row.strip().startswith("Seat 1")))
    north = lines.index(next(row for row in lines if row.strip().startswith("Seat 3")))
    west = next(row for row in lines if row.startswith("Seat 2"))
    assert north < lines.index(west) < south and "Seat 4" in west  # west and east on one row
    for _seat, card in deal.tricks.trick:  # the trick's cards lie between north and south
        shown = deal.table.code(card).replace("C", "♣").replace("D", "♦").replace("H", "♥").replace("S", "♠")
        assert any(shown in row for row in lines[north + 1:south])
    turn = next(row for row in lines if f"Seat {deal.to_act + 1} (" in row)
    assert "to act" in turn.split(f"Seat {deal.to_act + 1} (")[1].split(")")[0]
    assert lines[0] == "Kierki · contract: No tricks"


def test_the_html_drawing_colours_hearts_and_diamonds_red_and_escapes_text():
    deal = _deal("kierki", first="choose no_tricks", steps=5)
    drawn = deal._repr_html_()
    assert drawn.startswith('<div class="referee-deal">')
    red = re.findall(r'<span style="color:#c00">(.)</span>', drawn)
    assert set(red) == {"♥", "♦"}
    stripped = re.sub(r'<span style="color:#c00">.</span>', "", drawn)
    assert "♠" in stripped and "♣" in stripped and "♥" not in stripped and "♦" not in stripped
    assert "<b>Seat 1</b><br><small>" in drawn  # the notes (tricks taken, ...) under the seat


def test_a_layout_deal_draws_each_column_from_its_lowest_to_its_highest_rank():
    deal = _deal("kierki", first="choose loteryjka", steps=12)
    assert deal.layout is not None and deal.layout.columns
    drawn = text(picture(deal))
    order = {r.order: r.code for r in deal.table.deck.ranks}
    for suit, (low, high) in deal.layout.columns.items():
        symbol = "♣♦♥♠"[suit]
        assert f"{symbol} {' '.join(order[r] for r in range(low, high + 1))}" in drawn


def test_a_vying_deal_shows_the_pot_stakes_chips_and_the_turned_card():
    deal = _deal("bouillotte", steps=5)
    betting = deal.betting
    drawn = text(picture(deal))
    assert f"pot {betting.staked + betting.carry}" in drawn
    for seat in range(deal.table.players):
        assert f"stake {betting.stake[seat]}, chips {betting.chips[seat]}" in drawn
    up = deal.table.code(betting.upcards[0])
    assert "turned: " + up[:-1] + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[up[-1]] in drawn
    folded = [s for s in range(deal.table.players) if betting.folded_mask >> s & 1]
    assert drawn.count("folded") == len(folded)


def test_an_auction_deal_shows_the_talon_until_it_is_taken():
    deal = _deal("preferans")
    shown = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
    talon = " ".join(deal.table.code(c)[:-1] + shown[deal.table.code(c)[-1]] for c in deal.talon)
    assert f"talon: {talon}" in text(picture(deal))
    assert "talon: ▮▮" in text(picture(deal, view=0))


def test_a_view_from_one_seat_hides_the_other_hands():
    deal = _deal("kierki", first="choose no_tricks")
    drawn = text(picture(deal, view=0))
    for line in _hand_text(deal, 0):
        assert line in drawn
    assert drawn.count("▮" * 13) == 3


def test_the_drawing_speaks_the_readers_language():
    deal = _deal("kierki", first="choose no_tricks", steps=1)
    drawn = deal.draw("pl")
    assert "Gracz 1" in drawn and "na ruchu" in drawn and "rozdaje" in drawn and "Kierki · gra: Bez lew" in drawn
    polish = {"J": "W", "Q": "D", "K": "K", "A": "A"}  # walet, dama, król, as
    for line in _hand_text(deal, 0):
        assert " ".join(polish.get(w, w) for w in line.split()) in drawn


def test_a_deal_the_dealer_sits_out_is_drawn_with_the_table_s_seat_numbers():
    game = load_game("preferans_four")
    match = Match(game)
    rng = random.Random(2)
    match.draw_for_dealer(rng)
    hands, talon, upcards = match.deal_pack(rng)
    deal = match.new_deal(hands, talon=talon, upcards=upcards)
    shown = picture(deal.inner, numbers=deal.seats, sitting_out=deal.dealer)
    assert len(shown.seats) == 3
    assert {s.label for s in shown.seats} == {f"Seat {n + 1}" for n in range(4) if n != match.dealer}
    assert all(f"Seat {n + 1}" in deal.draw() for n in range(4) if n != match.dealer)  # as the deal draws itself


@pytest.mark.parametrize("obj", ["deal", "game", "match", "judgement"])
def test_reprs_are_short_and_say_what_the_object_is(obj):
    game = load_game("kierki", {"heart_lead": "restricted"})
    match = Match(game)
    match.draw_for_dealer(random.Random(1))
    value = {"deal": lambda: _deal("kierki", first="choose no_tricks", steps=2), "game": lambda: game,
             "match": lambda: match, "judgement": lambda: judge_file(GOLDEN / "kierki-revoke.json")}[obj]()
    shown = repr(value)
    assert len(shown) < 200 and shown.startswith(f"<{type(value).__name__} kierki")
    expected = {"deal": "tricks, no_tricks, dealer seat", "game": "(heart_lead=restricted)",
                "match": "4 players, 0 deals played, dealer seat", "judgement": "illegal at deals[0].actions[3] (K3.1, K3.6)"}
    assert expected[obj] in shown


def test_a_game_played_to_the_right_is_drawn_counter_clockwise():
    deal = _deal("bouillotte")
    assert not deal.table.clockwise
    assert [s.place for s in picture(deal).seats] == ["S", "E", "N", "W"]
    assert [s.place for s in picture(_deal("kierki")).seats] == ["S", "W", "N", "E"]

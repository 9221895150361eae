"""`end deal when declarer takes N tricks` and `... defenders take N tricks`: every such rule is in
force (the first reached ends the deal), in play and in the claims solver."""

from __future__ import annotations

import random

import pytest

from referee.interpreter import Match
from referee.interpreter.players import play_out
from referee.model import load_game

# P4.6 replaced: a six-trick contract ends as soon as it cannot be made (the defenders have five)
# or once it is made, and Bettel at the declarer's first trick, twice over (the fewer wins).
VARIANT = '''variant v "V" extends preferans
replace clause P4.6 "Ends." interpretation "test" {
  declarer needs at least 6 tricks
  end deal when defenders take 5 tricks
  end deal when declarer takes 7 tricks
  end deal when declarer takes 6 tricks
  in bettel {
    declarer needs at most 0 tricks
    end deal when declarer takes 2 tricks
    end deal when declarer takes 1 tricks
  }
}
'''


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    path = tmp_path_factory.mktemp("ends") / "v.rules"
    path.write_text(VARIANT, encoding="utf-8")
    return load_game(str(path))


@pytest.fixture(scope="module")
def played(game):
    """150 random deals played out: (contract, declarer, tricks won, ended early) of each."""
    rng = random.Random(7)
    match = Match(game)
    match.draw_for_dealer(rng)
    out = []
    for _ in range(150):
        hands, talon, upcards = match.deal_pack(rng)
        deal = match.new_deal(hands, talon=talon, upcards=upcards)
        play_out(deal, rng)
        if deal.declarer is not None and deal.tricks is not None:
            out.append((deal.contract.id, deal.declarer, list(deal.tricks.tricks_won), deal.ended_early))
        match.finish_deal()
    return out


def test_the_defenders_tricks_end_the_deal(played):
    played = [p for p in played if p[0] != "bettel"]
    ended = [p for p in played if p[3] == "P4.6"]
    assert played and ended
    for _contract, declarer, won, early in played:
        defenders = sum(won) - won[declarer]
        assert defenders <= 5 and won[declarer] <= 6     # nobody plays on past an end
        if early is not None:
            assert defenders == 5 or won[declarer] == 6
    assert any(sum(w) - w[d] == 5 and sum(w) < 10 for _c, d, w, _e in ended)


def test_of_two_ends_the_fewer_tricks_is_reached_first(played):
    assert any(p[2][p[1]] == 6 and sum(p[2]) < 10 for p in played if p[0] != "bettel")
    bettel = [p for p in played if p[0] == "bettel"]
    assert any(won[declarer] == 1 for _c, declarer, won, _e in bettel)
    for _contract, declarer, won, early in bettel:
        assert won[declarer] <= 1 and (won[declarer] == 0 or early == "P4.6")

"""Helpers for scenario tests: deals from written hands, actions from short strings."""

from __future__ import annotations

from referee.interpreter import Action, Match


def start_deal(game, hands: dict[int, str], dealer: int = 3, contract: str | None = None,
               chosen: dict[int, set[str]] | None = None):
    """A match with the given dealer and a deal from hands written as "QH 10S ..."."""
    match = Match(game)
    match.dealer = dealer
    for seat, names in (chosen or {}).items():
        match.chosen[seat].update(names)
    ids = [[match.table.card_id(code) for code in hands[seat].split()] for seat in range(match.table.players)]
    assert all(None not in hand for hand in ids), hands
    deal = match.new_deal(ids, contract=contract)
    return match, deal


def act(deal, seat: int, text: str):
    return deal.play(seat, Action.parse(text))


def run(deal, script) -> None:
    """Play `script`, (seat, action text) pairs, each of which must be legal."""
    for seat, text in script:
        verdict = act(deal, seat, text)
        assert verdict.legal, (seat, text, verdict.describe())


def full_hands_by_suit(game) -> dict[int, str]:
    """Seat 0 all clubs, 1 all diamonds, 2 all hearts, 3 all spades (a 52-card pack)."""
    ranks = "2 3 4 5 6 7 8 9 10 J Q K A".split()
    return {seat: " ".join(r + s for r in ranks) for seat, s in enumerate("CDHS")}


def load_error(tmp_path, text: str) -> str:
    """The definition error a rules file written as `text` (in tmp_path/v.rules) fails to load with."""
    import pytest

    from referee.errors import RulesDefinitionError
    from referee.model import load_game

    path = tmp_path / "v.rules"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as err:
        load_game(str(path))
    return str(err.value)

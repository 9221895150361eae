"""The tables an auction game is compiled to (`referee.mechanics.auction.compiled`) list what the
rules allow: the contracts a declarer may name are those `Deal._choice_moves` names, and a seeded
random match makes the same moves through the fused loop as through `legal_moves` and `push`."""

import random

import pytest

from referee.interpreter import Match
from referee.interpreter.phases import RUNNERS
from referee.interpreter.players import random_move
from referee.mechanics.auction.rules import AmountKind, Declaring, Outcome, Writer
from referee.mechanics.table.seating import SeatedDeal
from referee.model import load_game

_READINGS = [("preferans", {}), ("preferans", {"moje": "on", "kontra": "on"}), ("preferans_serbian", {}),
             ("preferans_four", {})]


@pytest.mark.parametrize("name,settings", _READINGS)
def test_the_contracts_a_declarer_may_name_are_those_the_deal_names(name, settings):
    match = Match(load_game(name, settings))
    match.dealer = 0
    hands, talon, _ = match.deal_pack(random.Random(1))
    deal = match.new_deal(hands, talon=talon)
    if isinstance(deal, SeatedDeal):  # four-handed: the deal itself, not the table's view of it
        deal = deal.inner
    rules, ids = deal.bidding.rules, deal.table.contract_ids
    model = rules.model

    def naming(steps):
        return tuple(m for step in steps for m in deal._choice_moves(ids.index(step.contract), "declarer"))

    assert rules.declare_after_special == naming(model.ladder) and len(rules.declare_after_special) >= len(ids)
    for level in range(len(model.ladder)):
        allowed = model.ladder[level:] if model.declaration.value is Declaring.AT_LEAST_BID else model.ladder[level:level + 1]
        assert rules.declare_after_bid[level] == naming(allowed)
    assert [rules.ladder_step_of[ids.index(s.contract)] for s in model.ladder] == list(range(len(model.ladder)))


@pytest.mark.parametrize("name,settings", _READINGS)
def test_the_fused_bidding_loop_makes_the_moves_of_legal_moves(name, settings):
    """`random_bidding` (the auction runners' `random_loop`) draws from the tuples `legal_moves` copies: the same moves, the same
    phases reached, over many seeded deals."""
    game = load_game(name, settings)
    for seed in range(40):
        decks = []
        for fused in (True, False):
            rng = random.Random(seed)
            match = Match(game)
            match.draw_for_dealer(rng)
            hands, talon, _ = match.deal_pack(rng)
            deal = match.new_deal(hands, talon=talon)
            if fused:
                loop = RUNNERS[deal.phase].random_loop
                assert loop is not None
                loop(deal.inner if isinstance(deal, SeatedDeal) else deal, rng, 100)
            else:
                while deal.phase not in ("tricks", "over"):
                    assert sorted(deal.legal_moves()) == sorted(set(deal.legal_moves()))  # no move twice
                    deal.push(random_move(deal, rng))
            decks.append((deal.history, deal.phase, deal.declarer, deal.contract and deal.contract.id,
                          deal.defenders, deal.to_act, rng.random()))
        assert decks[0] == decks[1]


def test_the_discards_random_play_draws_from_are_those_legal_moves_lists():
    from referee.engine.moves import discards as discard_moves
    from referee.mechanics.auction.phase import Discards
    rng = random.Random(3)
    for size in (2, 3, 12, 14):
        hand = rng.sample(range(32), size)
        drawn = Discards(hand)
        assert len(drawn) == size * (size - 1) // 2
        assert list(drawn) == discard_moves(hand) and drawn[len(drawn) - 1] == discard_moves(hand)[-1]


@pytest.mark.parametrize("name,settings", _READINGS + [("preferans", {"bettel_supe": "tricks", "quota_when_failed": "yes"})])
def test_the_settle_tables_hold_the_rules_the_model_gives_each_contract(name, settings):
    """Per contract and outcome, the lines a deal writes come from the rules `settle_rules` picks
    (scoped ones replacing game-wide ones), less those that write nothing."""
    compiled = Match(load_game(name, settings)).auction
    rules = compiled.model
    for cid, plan in compiled.settlement.items():
        for made, outcome in enumerate((Outcome.FAILED, Outcome.MADE)):
            for who, table in ((Writer.DECLARER, plan.declarer), (Writer.EACH_DEFENDER, plan.defenders),
                               (Writer.EACH_SHORT_DEFENDER, plan.short)):
                picked = [r for r in rules.settle_rules(who, outcome, cid) if r.amount.kind is not AmountKind.NOTHING]
                assert [(w.account, w.sign, w.kind, w.against_declarer, w.cited[0]) for w in table[made]] == \
                    [(r.account, r.sign, r.amount.kind, r.against_declarer, r.clause) for r in picked]
        assert plan.target == rules.target(cid) and plan.quotas == rules.quotas_for(cid)
        assert plan.value == rules.values[cid].value

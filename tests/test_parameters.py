"""Every parameter is a real choice: its other readings change what the referee does.

For each parameter value other than the default, random deals from the same seeds are played
and judged under both readings; some seed must differ (a move, a score, a verdict). The few
parameters that only record a reading the referee has nothing to act on are listed, with why.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.errors import RulesDefinitionError, UsageError
from referee.judge import judge
from referee.model import load_game
from referee.model.document import game_names
from referee.report import judgement_text
from referee.simulate import random_transcript
from referee.transcript import dump_transcript

# Readings that change nothing a transcript can show, and readings this referee refuses to run.
RECORDED_ONLY: dict[tuple[str, ...], str] = {
    ("bouillotte", "visavi", "slip"): "like the default reading, it moves the deal one seat to the right",
}
REFUSED: set[tuple[str, str]] = set()
RECORDED_ONLY[("preferans", "turn_direction")] = (
    "seats are numbered in the direction of play, so the mirror-image game has the same "
    "transcript; the cut (P2.2) passes from the right neighbour to the left, the same seat")
# Readings whose effect needs a situation random play seldom reaches in a few deals: each is
# shown by a scenario test instead (checked to exist below).
BY_SCENARIO = {
    ("bouillotte", "two_brelans"): "test_bouillotte.py::test_two_brelans_cancel_reading",
    ("bouillotte", "carre_bonus"): "test_bouillotte.py::test_carre_bonus_reading",
    ("bouillotte", "misdeal_redealer"): "test_bouillotte.py::test_after_a_misdeal_the_same_dealer_or_the_next_deals_again",
    ("bouillotte", "exposed_cards"):
        "test_bouillotte.py::test_several_exposed_cards_complete_the_deal_only_under_their_reading",
    ("bouillotte", "carre_anglais"):
        "test_bouillotte.py::test_the_brelan_facing_a_carre_turns_up_the_top_or_the_bottom_card_of_the_stock",
    ("bouillotte", "anglais_card"): "test_bouillotte.py::test_only_the_top_card_under_its_reading",
    ("bouillotte", "anglais_gain"): "test_bouillotte.py::test_what_the_drawn_card_wins_and_which_carre_wins_are_readings",
    ("bouillotte", "anglais_tie"): "test_bouillotte.py::test_what_the_drawn_card_wins_and_which_carre_wins_are_readings",
    ("bouillotte", "lone_raise"): "test_bouillotte.py::test_a_raise_nobody_can_call_is_refused_only_under_its_reading",
    ("bouillotte", "session"):
        "test_bouillotte.py::test_a_broken_player_in_a_timed_session_buys_back_and_plays_on",
    ("bouillotte", "suit_owner"):
        "test_bouillotte.py::test_an_ace_in_a_folded_hand_leaves_its_suit_to_a_survivor_or_to_nobody",
    ("bouillotte", "pass_out_ante"):
        "test_bouillotte.py::test_after_a_pass_out_everyone_antes_again_or_the_dealer_alone",
    ("bouillotte", "buy_back"): "test_bouillotte.py::test_the_carre_may_buy_back_the_last_word_only_under_its_reading",
    ("preferans", "two_igra"): "test_preferans.py::test_two_igra_the_higher_game_or_the_first_said",
    ("preferans", "refe_cap"): "test_preferans.py::test_refe_limit_readings",
    ("preferans", "defender_quota"): "test_preferans.py::test_defender_quota_readings",
    ("preferans", "talon_view"): "test_preferans.py::test_talon_shown_or_hidden",
    ("preferans", "refe_limit"): "test_preferans.py::test_refe_limit_readings",
    ("preferans", "refe_counting"): "test_defects.py::test_refe_limit_counts_refes_written_by_default",
    ("preferans", "quota_when_failed"): "test_defects.py::test_a_short_defender_when_the_declarer_fails",
    ("kierki", "claim_play"): "test_claims.py::test_the_claim_rule_reading_decides_a_claim",
    ("preferans", "claim_play"): "test_claims.py::test_the_claim_rule_reading_decides_a_claim",
}

CASES = [(name, param.name, value)
         for name in game_names() for param in load_game(name).parameters.values()
         for value in ([v for v, _ in param.choices] if param.choices else [param.low, param.high])
         if value != param.default]


def outcome(game, seed: int, players: int | None) -> str:
    """What a seeded session shows, less the record of the parameters themselves."""
    data = random_transcript(game, seed, whole_match=True, max_deals=6, players=players)
    verdicts = judgement_text(judge(data)).splitlines()
    shown = dict(data)
    shown.pop("parameters", None)
    return dump_transcript(shown) + "\n".join(v for v in verdicts if not v.startswith("Parameters:"))


@pytest.mark.parametrize("name, param, value", CASES, ids=[f"{n}-{p}={v}" for n, p, v in CASES])
def test_other_reading_changes_play_or_scores(name, param, value):
    for key in ((name, param), (name, param, value)):
        if key in RECORDED_ONLY:
            pytest.skip(RECORDED_ONLY[key])
    if (name, param) in BY_SCENARIO:
        module, test = BY_SCENARIO[(name, param)].split("::")
        text = (Path(__file__).parent / module).read_text(encoding="utf-8")
        assert f"def {test}(" in text and f'"{param}"' in text
        return
    if (name, param) in REFUSED:
        with pytest.raises((UsageError, RulesDefinitionError), match="cannot run"):
            random_transcript(load_game(name, {param: str(value)}), 0)
        return
    default, other = load_game(name), load_game(name, {param: str(value)})
    players = None
    if name == "bouillotte" and param == "deck_rule":
        players = 4
    for seed in range(40):
        if outcome(default, seed, players) != outcome(other, seed, players):
            return
    pytest.fail(f"{name}: {param}={value} changed nothing in 40 seeded sessions")

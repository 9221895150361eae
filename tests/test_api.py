"""The public API: every name in `referee.__all__` exists, and the package docstring runs."""

from __future__ import annotations

import doctest
import re

import pytest

import referee


def test_public_names_exist():
    missing = [name for name in referee.__all__ if not hasattr(referee, name)]
    assert not missing


def test_package_docstring_examples_run():
    result = doctest.testmod(referee, verbose=False)
    assert result.attempted >= 3 and result.failed == 0


# -- playing from Python: the seat the deal knows, text as written, a clear error for a bad move -----

def _new_deal(name="kierki", seed=2024):
    import random
    game = referee.load_game(name)
    match = referee.Match(game)
    rng = random.Random(seed)
    match.draw_for_dealer(rng)
    hands, talon, upcards = match.deal_pack(rng)
    return game, match.new_deal(hands, talon=talon, upcards=upcards)


def test_play_takes_the_seat_to_act_and_text_with_suit_symbols():
    game, deal = _new_deal()
    chooser = deal.to_act
    verdict = deal.play("choose no_hearts")
    assert verdict.legal and verdict.seat == chooser
    leader = deal.to_act
    card = deal.legal_actions()[0]
    code = card.args[0]
    verdict = deal.play(f"play {code[:-1]}{dict(C='♣', D='♦', H='♥', S='♠')[code[-1]]}")  # `play A♦`, as printed
    assert verdict.legal and verdict.action == str(card) and deal.history[-1][0] == leader


def test_play_takes_a_move_of_legal_moves_and_an_illegal_one_gets_a_verdict():
    _, deal = _new_deal()
    deal.play("choose no_hearts")
    before = len(deal.history)
    held = set(deal.hands[deal.to_act])
    move = deal.legal_moves()[0]
    assert deal.play(move).legal and len(deal.history) == before + 1
    wrong = next(c for c in range(52) if c not in held and c not in deal.hands[deal.to_act])
    verdict = deal.play(wrong)  # a card he does not hold: a verdict citing the clause, not applied
    assert not verdict.legal and verdict.clauses and len(deal.history) == before + 1


@pytest.mark.parametrize("bad, words", [
    (9999, "is no move of this deal now: deal.legal_moves() lists the moves"),
    (2.5, "an action is text (play Q♠), a move of deal.legal_moves() or an Action, not 2.5"),
    ("nonsense", "cannot read the action 'nonsense'")])
def test_a_bad_action_is_a_usage_error_saying_what_to_give(bad, words):
    _, deal = _new_deal()
    with pytest.raises(referee.UsageError, match=re.escape(words)):
        deal.play(bad)


def test_push_of_a_move_that_cannot_be_applied_is_a_usage_error_and_leaves_the_history():
    _, deal = _new_deal()
    deal.play("choose no_hearts")
    before = list(deal.history)
    with pytest.raises(referee.UsageError, match=r"push\(\) does not check its move, and 9999 is not one seat"):
        deal.push(9999)
    assert deal.history == before


def test_a_deal_the_dealer_sits_out_plays_without_a_seat_too():
    game, deal = _new_deal("preferans_four", seed=2)
    seat = deal.to_act
    verdict = deal.play("pass")
    assert verdict.legal and verdict.seat == seat and deal.to_act != seat
    assert repr(deal).startswith("<SeatedDeal preferans_four: auction, dealer seat")


def test_every_name_and_member_the_api_page_shows_has_a_docstring():
    from referee.sphinx_api import MEMBERS, entries
    shown = entries()
    assert [s.split("(")[0] for s, _, _ in shown] == referee.__all__
    assert set(MEMBERS) <= set(referee.__all__)
    bare = [s for s, doc, _ in shown if not doc] + [m for _, _, members in shown for m, doc in members if not doc]
    assert bare == []


def test_random_deal_deals_as_referee_play_does():
    deal = referee.random_deal("kierki", seed=4)
    record = referee.random_transcript(referee.load_game("kierki"), 4)["deals"][0]
    assert deal.dealer == record["dealer"]
    assert [sorted(deal.table.code(c) for c in hand) for hand in deal.hands] == \
        [sorted(record["hands"][str(s)]) for s in range(4)]


def test_the_readme_examples_run():
    from pathlib import Path
    readme = Path(__file__).parent.parent / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, encoding="utf-8",
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 8 and result.failed == 0


# -- the legal actions as a lazy collection; undo --------------------------------------------------

def test_legal_actions_answer_in_and_len_for_text_actions_and_moves():
    _game, deal = _new_deal()
    legal = deal.legal_actions()
    assert len(legal) == len(deal.legal_moves()) == legal.count() == 6
    assert "choose no_hearts" in legal and referee.Action.parse("choose no_tricks") in legal
    assert deal.legal_moves()[0] in legal and "play QS" not in legal and "no action" not in legal
    assert [str(a) for a in legal] == [str(deal.action_of(m)) for m in deal.legal_moves()]
    assert str(legal[0]) == str(deal.action_of(deal.legal_moves()[0]))
    deal.play("choose no_hearts")
    cards = deal.legal_actions()
    held = next(iter(cards)).card
    assert f"play {held}" in cards and f"play {held[:-1]}{'♣♦♥♠'['CDHS'.index(held[-1])]}" in cards
    assert all(move in cards for move in deal.legal_moves()) and -1 not in cards


def test_legal_actions_of_a_deal_the_dealer_sits_out_are_in_the_tables_seats():
    deal = referee.random_deal("preferans_four", seed=3)
    legal = deal.legal_actions()
    assert len(legal) == len(deal.legal_moves()) and all(action in legal for action in legal)
    assert "play 7S" not in legal


@pytest.mark.parametrize("name", ["kierki", "preferans", "bouillotte", "barbu", "preferans_four", "black_maria"])
def test_undo_takes_back_each_action_to_the_same_position(name):
    import random
    deal = referee.random_deal(name, seed=11)
    rng = random.Random(5)
    seen, taken = [], []
    while not deal.is_over() and len(seen) < 40:
        seen.append((deal.draw(), [str(a) for a in deal.legal_actions()], deal.to_act))
        move = rng.choice(deal.legal_moves())
        taken.append(str(deal.action_of(move)))
        deal.push(move)
    assert len(seen) >= 5
    while seen:
        assert str(deal.undo()) == taken.pop()
        assert (deal.draw(), [str(a) for a in deal.legal_actions()], deal.to_act) == seen.pop()
    with pytest.raises(referee.UsageError, match="no action to take back"):
        deal.undo()


def test_undo_takes_back_a_contract_chosen_in_the_matchs_own_record():
    game, deal = _new_deal()
    chooser = deal.to_act
    match_chosen = deal.chosen
    deal.play("choose no_hearts")
    assert "no_hearts" in match_chosen[chooser]
    assert str(deal.undo()) == "choose no_hearts"
    assert deal.chosen is match_chosen and not match_chosen[chooser]
    assert "choose no_hearts" in deal.legal_actions()


# -- the transcript walked action by action; one numbering with the command line -------------------

def test_a_transcript_walks_its_actions_numbered_as_at_with_the_position_after_each():
    from pathlib import Path

    from referee.director import explain_at, parse_position
    golden = Path(__file__).parent / "golden"
    steps = list(referee.Transcript(golden / "kierki-revoke.deal"))
    assert [s.at for s in steps] == ["1.1", "1.2", "1.3", "1.4"]
    assert [s.legal for s in steps] == [True, True, True, False]
    # `--at` of the illegal step explains that very action
    data = referee.read_deal_file(golden / "kierki-revoke.deal")
    explained = explain_at(data, parse_position(steps[-1].at))
    assert explained.verdict == steps[-1].verdict
    # the position after step 3 is the one `legal --at 1.4` shows, and reads back
    after = referee.from_position(steps[2].position())
    at = referee.judge(data, at=steps[-1].at).in_play
    assert [str(a) for a in after.legal_actions()] == [str(a) for a in at.legal_actions()]
    assert after.position() == at.position() == steps[-1].position()  # an illegal action is not applied


def test_a_transcript_streams_json_and_dicts_and_ends_with_the_judges_judgement():
    from pathlib import Path
    path = Path(__file__).parent / "golden" / "kierki-seed1.json"
    walk = referee.Transcript(path)
    steps = list(walk)
    assert len(steps) == 53 and all(s.legal for s in steps) and steps[-1].at == "1.53"
    assert walk.judgement.verdict == referee.judge_file(path).verdict == "legal"
    again = referee.Transcript(referee.load_transcript(path))
    assert [s.position() for s in again][10] == steps[10].position()
    assert referee.from_position(steps[-1].position()).is_over()


def test_judge_at_counts_from_one_as_the_command_line_does():
    from pathlib import Path
    data = referee.load_transcript(Path(__file__).parent / "golden" / "kierki-seed1.json")
    before_first = referee.judge(data, at="1.1").in_play
    assert before_first is not None and before_first.history == []
    assert len(referee.judge(data, at=referee.Position(1, 7)).in_play.history) == 6
    assert referee.judge(data, at="1").in_play is None and referee.judge(data, at="end").verdict == "legal"

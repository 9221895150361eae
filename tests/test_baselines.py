"""The OpenSpiel peers run when open-spiel is installed (the `bench` group), driven plainly."""

import random

import pytest

pytest.importorskip("pyspiel")

from referee import baselines  # noqa: E402  (only importable usefully after the skip check)


@pytest.mark.parametrize("name", sorted(baselines.PEERS))
def test_each_peer_plays_whole_episodes(name) -> None:
    driver = baselines.driver(name)
    actions = [driver.play_deal() for _ in range(3)]
    assert all(count > 0 for count in actions)
    assert driver.chance_events > 0


@pytest.mark.parametrize("name", sorted(baselines.PEERS))
def test_peers_said_to_have_uniform_chance_have_it(name) -> None:
    """The driver draws uniformly among a chance node's legal actions only where that is exact."""
    peer = baselines.PEERS[name]
    game = baselines.pyspiel.load_game(peer.short_name, dict(peer.params))
    rng = random.Random(1)
    state = game.new_initial_state()
    seen = 0
    while not state.is_terminal():
        if state.is_chance_node():
            probabilities = {p for _, p in state.chance_outcomes()}
            assert not peer.uniform_chance or max(probabilities) - min(probabilities) < 1e-12
            seen += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert seen > 0


def test_cumulative_draw_follows_the_weights() -> None:
    outcomes = [(7, 0.25), (8, 0.5), (9, 0.25)]
    assert [baselines._cumulative_draw(outcomes, p) for p in (0.0, 0.3, 0.74, 0.8, 0.999999)] == [7, 8, 8, 9, 9]

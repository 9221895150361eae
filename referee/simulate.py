"""Random play written down: a transcript of one deal or a whole match played by random legal
players from a seed (`referee play`)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from .errors import SimulationError
from .interpreter import Deal, Match
from .interpreter.players import random_move
from .mechanics.table.seating import SeatedDeal
from .model.game import Game
from .transcript import FORMAT

__all__ = ["random_deal", "random_transcript"]


def random_deal(game: Game | str | Path, seed: int = 0, *, players: int | None = None,
                parameters: dict[str, str] | None = None) -> Deal | SeatedDeal:
    """A new deal of `game` (a `Game`, or a game's name or rules file), shuffled and dealt from
    `seed` after the draw for the first dealer, as `referee play GAME --seed N` deals it: one
    call to a position to play from."""
    if not isinstance(game, Game):
        # the parser and builder only for a game given by name
        from .model.build import load_game
        game = load_game(game, parameters)
    rng = random.Random(seed)
    match = Match(game, players)
    match.draw_for_dealer(rng)
    hands, talon, upcards = match.deal_pack(rng)
    deal = match.new_deal(hands, talon=talon, upcards=upcards)
    return deal


def random_transcript(game: Game, seed: int, *, whole_match: bool = False, players: int | None = None,
                      parameters: dict[str, str] | None = None, game_ref: dict[str, str] | None = None,
                      step_cap: int = 10_000, max_deals: int = 200) -> dict[str, Any]:
    """Play with random legal players from `seed`: one deal, or the whole match.

    A match whose end depends on the scores (an account reaching a total) may never end under random
    play; it stops after `max_deals` deals and the transcript says so by its length.
    """
    rng = random.Random(seed)
    match = Match(game, players)
    table = match.table
    draw = match.draw_for_dealer(rng)
    out: dict[str, Any] = {"format": FORMAT, **(game_ref or {"game": game.id})}
    # Every reading that differs from the rules file's default, so that the judge replays the
    # transcript under the same rules.
    chosen = {name: value for name, value in game.settings.items()
              if value != game.parameters[name].default}
    chosen.update(parameters or {})
    if chosen:
        out["parameters"] = chosen
    out.update(players=table.players, seed=seed,
               draw=[{str(s): c for s, c in rnd} for rnd in draw.rounds], deals=[])
    while True:
        hands, talon, upcards = match.deal_pack(rng)
        deal = match.new_deal(hands, talon=talon, upcards=upcards)
        record = {"dealer": deal.dealer,
                  "hands": {str(s): [table.code(c) for c in sorted(h)] for s, h in enumerate(hands)}}
        if talon:
            record["talon"] = [table.code(c) for c in talon]
        if upcards:
            record["upcard"] = [table.code(c) for c in upcards]
        actions: list[dict[str, object]] = []
        record["actions"] = actions
        steps = 0
        while not deal.is_over():
            steps += 1
            if steps > step_cap:
                raise SimulationError(f"{game.path}: deal {len(out['deals']) + 1} of seed {seed} did "
                                      f"not end within {step_cap} actions of random play")
            seat = deal.actor  # who chooses the move: a lone defender plays an open hand
            move = random_move(deal, rng)
            actions.append({"seat": seat, "action": str(deal.action_of(move))})
            deal.push(move)
        match.finish_deal()
        record["totals"] = match.score_sheet()  # the score sheet as honest players would write it
        out["deals"].append(record)
        if not whole_match or match.is_over() or len(out["deals"]) >= max_deals:
            return out

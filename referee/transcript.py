"""Transcripts: recorded deals and matches as JSON, read strictly and written by random players.

The format is documented by the JSON Schema shipped in `referee/data/transcript.schema.json`
(`referee-transcript/1`). Seats are numbered from 0 in the direction of play.
"""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path

from .errors import SimulationError, TranscriptError

__all__ = ["dump_transcript", "FORMAT", "schema", "load_transcript", "validate_transcript", "random_transcript",
           "SimulationError"]

FORMAT = "referee-transcript/1"


@functools.cache
def schema() -> dict:
    return json.loads((Path(__file__).parent / "data" / "transcript.schema.json").read_text("utf-8"))


def validate_transcript(data) -> dict:
    """Check a transcript against the schema; errors name the field (`deals[0].actions[3].seat`)."""
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema())
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        error = errors[0]
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
        where = "transcript" + where
        raise TranscriptError(where, error.message,
                              hint="see referee/data/transcript.schema.json for the format")
    if "game" not in data and "rules" not in data:
        raise TranscriptError("transcript", "names neither a game nor a rules file",
                              hint='add "game": NAME (see `referee games`) or "rules": "path/to/file.rules"')
    return data


def load_transcript(path: str | Path) -> dict:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise TranscriptError(str(path), f"cannot be read ({err.strerror})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise TranscriptError(f"{path}:{err.lineno}:{err.colno}", f"is not valid JSON: {err.msg}") from None
    return validate_transcript(data)


def dump_transcript(data: dict) -> str:
    """JSON with one line per action and per hand, so transcripts diff well line by line."""
    import re

    text = json.dumps(data, ensure_ascii=False, indent=1)
    # Arrays of plain values (a hand, a talon) go on one line.
    text = re.sub(r"\[\s+([^\[\]{}]*?)\s+\]",
                  lambda m: "[" + ", ".join(x.strip() for x in m.group(1).split(",")) + "]", text)
    # Objects of plain values (an action, a round of the draw) go on one line.
    text = re.sub(r"\{\s+([^\[\]{}]*?)\s+\}",
                  lambda m: "{" + ", ".join(x.strip() for x in m.group(1).split(",\n")) + "}", text)
    return text + "\n"


def random_transcript(game, seed: int, *, whole_match: bool = False, players: int | None = None,
                      parameters: dict | None = None, game_ref: dict | None = None,
                      step_cap: int = 10_000, max_deals: int = 200) -> dict:
    """Play with random legal players from `seed`: one deal, or the whole match.

    A match whose end depends on the scores (bule reaching zero) may never end under random
    play; it stops after `max_deals` deals and the transcript says so by its length.
    """
    from .interpreter import Match
    from .interpreter.players import random_move

    rng = random.Random(seed)
    match = Match(game, players)
    table = match.table
    draw = match.draw_for_dealer(rng)
    out: dict = {"format": FORMAT, **(game_ref or {"game": game.id})}
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
        record["actions"] = []
        steps = 0
        while not deal.is_over():
            steps += 1
            if steps > step_cap:
                raise SimulationError(f"deal {len(out['deals']) + 1} of seed {seed} did not end "
                                      f"within {step_cap} actions")
            seat = deal.to_act
            move = random_move(deal, rng)
            record["actions"].append({"seat": seat, "action": str(deal.action_of(move))})
            deal.push(move)
        match.finish_deal()
        out["deals"].append(record)
        if not whole_match or match.is_over() or len(out["deals"]) >= max_deals:
            return out

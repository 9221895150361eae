"""An executable rule book for card games: rules files in a small language, and a referee.

The pipeline, one folder a stage: `front` parses a rules file, `model` builds the game it
describes, `interpreter` plays and rules on deals, `verdicts` and `judge` say why, citing the
clauses. The names below are the public API; everything else may change.

>>> from referee import load_game, Match
>>> from referee.model.document import game_names
>>> game = load_game(game_names()[0])           # the shipped games, by name
>>> clause = next(iter(game.clauses.values()))   # every clause has a statement and provenance
>>> bool(clause.statement) and clause.provenance.kind in ("source", "tradition", "interpretation")
True
"""

import sys as _sys
import types as _types

from .lazy import lazy_names

# The public names are imported when first used, so that `referee --help` and a judge do not
# pay for the parts of the pipeline they do not need.
_HOMES = {
    "load_game": "model", "Game": "model", "Match": "interpreter", "Deal": "interpreter",
    "Action": "interpreter", "Verdict": "verdicts", "ScoreLine": "verdicts", "cite": "verdicts",
    "judge": "judge", "judge_file": "judge", "Judgement": "judge", "load_transcript": "transcript",
    "random_transcript": "simulate", "random_deal": "simulate", "RefereeError": "errors", "RulesError": "errors",
    "RulesSyntaxError": "errors", "RulesDefinitionError": "errors", "TranscriptError": "errors",
    "UsageError": "errors", "IllegalActionError": "errors", "NotationError": "errors",
    "read_deal_file": "records", "from_position": "position", "LegalActions": "engine.legal",
    "DealStart": "engine.start", "PositionError": "errors", "judgement_text": "report", "judgement_json": "report",
    "Transcript": "records", "Step": "records", "Position": "at",
}


__getattr__, __dir__ = lazy_names(__name__, _HOMES)


class _Package(_types.ModuleType):
    """Keeps `referee.judge` the function: importing the submodule of the same name would
    otherwise bind the module over it (as the eager import of this package used to prevent)."""

    def __setattr__(self, name: str, value: object) -> None:
        if name == "judge" and isinstance(value, _types.ModuleType):
            return
        super().__setattr__(name, value)


_sys.modules[__name__].__class__ = _Package


__version__ = "0.1.0"

__all__ = [
    "load_game", "Game", "Match", "Deal", "Action", "Verdict", "ScoreLine", "cite",
    "judge", "judge_file", "Judgement", "load_transcript", "read_deal_file", "random_deal", "random_transcript",
    "RefereeError", "RulesError", "RulesSyntaxError", "RulesDefinitionError", "TranscriptError", "NotationError",
    "UsageError", "IllegalActionError", "from_position", "LegalActions", "DealStart", "PositionError",
    "judgement_text", "judgement_json", "Transcript", "Step", "Position",
]

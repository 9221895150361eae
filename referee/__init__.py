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

from .errors import (IllegalActionError, NotationError, RefereeError, RulesDefinitionError, RulesError,
                     RulesSyntaxError, TranscriptError, UsageError)
from .interpreter import Action, Deal, Match
from .judge import Judgement, judge, judge_file
from .model import Game, load_game
from .transcript import load_transcript, random_transcript, read_deal_file
from .verdicts import ScoreLine, Verdict, cite

__version__ = "0.1.0"

__all__ = [
    "load_game", "Game", "Match", "Deal", "Action", "Verdict", "ScoreLine", "cite",
    "judge", "judge_file", "Judgement", "load_transcript", "read_deal_file", "random_transcript",
    "RefereeError", "RulesError", "RulesSyntaxError", "RulesDefinitionError", "TranscriptError", "NotationError",
    "UsageError", "IllegalActionError",
]

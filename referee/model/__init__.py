"""The model: what a rules file means, as frozen values traced to their clauses.

The names below are imported when first used: the interpreter needs the model's values, not the
parser that builds them (a judge of a kept game never parses; see `referee.model.cache`).
"""

from ..lazy import lazy_names

_HOMES = {"load_game": "build", "build_game": "build", "Card": "cards", "Deck": "cards", "Rank": "cards",
          "Suit": "cards", "Citation": "game", "Cited": "game", "Clause": "game", "Contract": "game",
          "Game": "game", "Parameter": "game", "Provenance": "game"}

__all__ = ["load_game", "build_game", "Card", "Deck", "Rank", "Suit", "Citation", "Cited",
           "Clause", "Contract", "Game", "Parameter", "Provenance"]


__getattr__, __dir__ = lazy_names(__name__, _HOMES)

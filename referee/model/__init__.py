"""The model: what a rules file means, as frozen values traced to their clauses."""

from .build import build_game, load_game
from .cards import Card, Deck, Rank, Suit
from .game import Citation, Cited, Clause, Contract, Game, Parameter, Provenance

__all__ = ["load_game", "build_game", "Card", "Deck", "Rank", "Suit", "Citation", "Cited",
           "Clause", "Contract", "Game", "Parameter", "Provenance"]

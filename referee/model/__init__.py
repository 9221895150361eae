"""The model: what a rules file means, as frozen values traced to their clauses.

The names below are imported when first used: the interpreter needs the model's values, not the
parser that builds them (a judge of a kept game never parses; see `referee.model.cache`).
"""

_HOMES = {"load_game": "build", "build_game": "build", "Card": "cards", "Deck": "cards", "Rank": "cards",
          "Suit": "cards", "Citation": "game", "Cited": "game", "Clause": "game", "Contract": "game",
          "Game": "game", "Parameter": "game", "Provenance": "game"}

__all__ = ["load_game", "build_game", "Card", "Deck", "Rank", "Suit", "Citation", "Cited",
           "Clause", "Contract", "Game", "Parameter", "Provenance"]


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))

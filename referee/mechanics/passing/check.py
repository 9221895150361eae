"""The checks of a whole game that card passing makes: when cards are passed, and whether every
player count can pass them."""

from __future__ import annotations

from ...errors import Phrase
from ...model.document import Located
from ...model.game import Game
from ..declaration import Seen
from ..table.rules import Side
from ..vocabulary import PhaseWord
from .syntax import PassCards

__all__ = ["check_passing"]


def check_passing(game: Game, seen: Seen, phases: tuple[PhaseWord, ...], header: Located) -> None:
    """Cards are passed first, in a deal whose contract is chosen or fixed; every table a `pass`
    names is one the game is played at, and each has a player across the table and enough cards
    to give."""
    if game.card_passing is None:
        return
    stated = [(i, s) for _, _, i, s in seen if isinstance(s, PassCards)]
    item, node = stated[0]
    if phases[0] != PhaseWord.PASSING or {PhaseWord.AUCTION, PhaseWord.BLINDS, PhaseWord.BETTING} & set(phases):
        raise item.error(node, Phrase('cards are passed first, before the contract choice or the play, in a '
                                      'game without an auction or betting'),
                         hint=Phrase('write `deal phases passing, play`'))
    assert game.table.players is not None  # the table's needs are checked first
    tables = game.table.players.value
    for item, node in stated:
        for token in node.players:
            if int(token) not in tables:
                raise item.error(token, Phrase('the game is never played by {count} players', count=int(token)),
                                 hint=Phrase('name a number of players the game allows: {tables}',
                                             tables=", ".join(map(str, tables))))
    for players in tables:
        cited = game.card_passing.for_players(players)
        if cited is None:
            continue
        rule = cited.value
        item, node = next((i, s) for i, s in stated if tuple(int(p) for p in s.players) == rule.players)
        if Side.OPPOSITE in rule.targets and game.table.dealt_players(players) % 2:
            raise item.error(node, Phrase('with {players} players nobody sits across the table', players=players),
                             hint=Phrase('pass to left or right, or play with an even number of players'))
        hand = game.table.dealt_cards(players)[0]
        if rule.count > hand:
            raise item.error(node.count, Phrase('a player holds {hand} cards with {players} players and cannot pass '
                                                '{count}', hand=hand, players=players, count=rule.count))

"""Reading `pass N cards ... to ...` into the game, with the errors an author can make in it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ...errors import Phrase
from ...model.document import Located
from ...model.values import Cited
from ..declaration import Builder
from ..table.rules import Side
from .rules import CardPassing, PassingRules
from .syntax import PassCards

__all__ = ["build_pass_cards", "PassingDraft"]

_TARGETS: dict[str, Side | None] = {"left": Side.LEFT, "right": Side.RIGHT, "across": Side.OPPOSITE, "none": None}
"""The words of `pass ... to ...`: a neighbour, or `none` (no passing that deal)."""


@dataclass
class PassingDraft:
    """The `pass` statements read so far: one for any table, and one per table that differs."""

    game_field: ClassVar[str] = "card_passing"
    """The field of `Game` the finished record fills."""
    rules: list[Cited[CardPassing]] = field(default_factory=list)

    def finish(self) -> PassingRules:
        return PassingRules(tuple(self.rules))


def build_pass_cards(builder: Builder, item: Located, node: PassCards, cid: str, scope: str | None) -> None:
    if scope is not None:
        raise item.error(node, Phrase('cards are passed before the contract is known'),
                         hint=Phrase('state `pass ...` outside any `in` block'))
    count, targets = int(node.count), tuple(_TARGETS[str(t)] for t in node.targets)
    if count < 1:
        raise item.error(node.count, Phrase('a player passes at least one card'),
                         hint=Phrase('write `pass 3 cards to left`'))
    if len(targets) > 1 and not node.rotation:
        raise item.error(node, Phrase('several targets are taken in turn, deal by deal'),
                         expected=Phrase('`in rotation` before `to`'))
    if len(targets) == 1 and node.rotation:
        raise item.error(node, Phrase('one target has no rotation'), hint=Phrase('remove `in rotation`'))
    if set(targets) == {None}:
        raise item.error(node, Phrase('no deal would pass any card'), hint=Phrase('remove the statement'))
    draft = builder.draft(PassingDraft)
    players = tuple(int(p) for p in node.players)
    for token, table in zip(node.players, players):
        if any(table in rule.value.players for rule in draft.rules) or players.count(table) > 1:
            raise item.error(token, Phrase('the passing for {count} players is already stated', count=table),
                             hint=Phrase('state one `pass` for each number of players'))
    if not players and any(not rule.value.players for rule in draft.rules):
        clause = next(rule.clause for rule in draft.rules if not rule.value.players)
        raise item.error(node, Phrase('`{stmt}` is already stated by clause {clause}', stmt=node.rule, clause=clause),
                         hint=Phrase('add `when players N` to the statement for the tables that pass differently'))
    draft.rules.append(Cited(CardPassing(count, targets, players), cid))

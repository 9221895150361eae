"""Reading `pass N cards ... to ...` into the game, with the errors an author can make in it."""

from __future__ import annotations

from ...errors import Phrase
from ...model.document import Located
from ..declaration import Builder
from ..table.rules import Side
from .rules import CardPassing
from .syntax import PassCards

__all__ = ["build_pass_cards"]

_TARGETS: dict[str, Side | None] = {"left": Side.LEFT, "right": Side.RIGHT, "across": Side.OPPOSITE, "none": None}
"""The words of `pass ... to ...`: a neighbour, or `none` (no passing that deal)."""


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
    builder.once(item, node, cid, "card_passing", CardPassing(count, targets))

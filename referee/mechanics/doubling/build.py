"""Reading the statements of doubling between players into the game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...errors import Phrase
from ...model.document import Located
from ...model.game import ContractRules
from ...model.values import Cited
from ..declaration import Builder, state_once
from .rules import DoublingRules
from .syntax import DoubleQuota, OnlyDealerDoubled, PairDoubling

__all__ = ["DoublingDraft", "build_pair_doubling", "build_only_dealer_doubled", "build_double_quota"]


@dataclass
class DoublingDraft:
    """The statements of doubling between players read so far."""

    game_field: ClassVar[str] = "doubling"
    """The field of `Game` the finished record fills."""
    once: dict[str, Cited[Any]] = field(default_factory=dict)
    """`pairs` (`players may double each other ...`) and `quota` -> the rule, with its clause."""

    def finish(self) -> DoublingRules | None:
        # Without `players may double each other` there is no record: the load checks refuse a
        # game that states a quota without it (the phase needs the statement).
        pairs = self.once.get("pairs")
        return DoublingRules(pairs.clause, self.once.get("quota")) if pairs is not None else None


def build_pair_doubling(builder: Builder, item: Located, node: PairDoubling, cid: str, scope: str | None) -> None:
    if scope is not None:
        raise item.error(node, Phrase('doubling between players is a rule of the whole game'),
                         hint=Phrase('state it outside any `in` block; limit a contract with '
                                     '`only the dealer may be doubled`'))
    state_once(builder.draft(DoublingDraft).once, item, node, cid, "pairs", True)


def build_only_dealer_doubled(builder: Builder, item: Located, node: OnlyDealerDoubled, cid: str,
                              scope: str | None) -> None:
    if scope is None:
        raise item.error(node, Phrase('a game where only the dealer may ever be doubled needs no list of pairs'),
                         hint=Phrase('put it in the `in` block of the contracts it limits'))
    builder.rule(item, node, cid, scope, ContractRules, "only_dealer_doubled", True)


def build_double_quota(builder: Builder, item: Located, node: DoubleQuota, cid: str, scope: str | None) -> None:
    if int(node.times) < 1:
        raise item.error(node.times, Phrase('a duty to double 0 times is no duty'), hint=Phrase('remove the statement'))
    state_once(builder.draft(DoublingDraft).once, item, node, cid, "quota", int(node.times))

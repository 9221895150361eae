"""Reading the statements of doubling between players into the game."""

from __future__ import annotations

from ...errors import Phrase
from ...model.document import Located
from ...model.game import ContractRules
from ..declaration import Builder
from .syntax import DoubleQuota, OnlyDealerDoubled, PairDoubling

__all__ = ["build_pair_doubling", "build_only_dealer_doubled", "build_double_quota"]


def build_pair_doubling(builder: Builder, item: Located, node: PairDoubling, cid: str, scope: str | None) -> None:
    if scope is not None:
        raise item.error(node, Phrase('doubling between players is a rule of the whole game'),
                         hint=Phrase('state it outside any `in` block; limit a contract with '
                                     '`only the dealer may be doubled`'))
    builder.once(item, node, cid, "pair_doubling", True)


def build_only_dealer_doubled(builder: Builder, item: Located, node: OnlyDealerDoubled, cid: str,
                              scope: str | None) -> None:
    if scope is None:
        raise item.error(node, Phrase('a game where only the dealer may ever be doubled needs no list of pairs'),
                         hint=Phrase('put it in the `in` block of the contracts it limits'))
    builder.rule(item, node, cid, scope, ContractRules, "only_dealer_doubled", True)


def build_double_quota(builder: Builder, item: Located, node: DoubleQuota, cid: str, scope: str | None) -> None:
    if int(node.times) < 1:
        raise item.error(node.times, Phrase('a duty to double 0 times is no duty'), hint=Phrase('remove the statement'))
    builder.once(item, node, cid, "double_quota", int(node.times))

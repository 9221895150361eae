"""Reading the claim rule into the game (`Game.claims`)."""

from __future__ import annotations

from ...errors import Phrase
from ...front.syntax import Node
from ...model.document import Located
from ..declaration import Builder, StatementBuilder
from .rules import ClaimRule
from .syntax import ClaimRuleStatement

__all__ = ["BUILDERS"]


def _claim_rule(builder: Builder, item: Located, node: ClaimRuleStatement, cid: str, scope: str | None) -> None:
    if scope is not None:
        raise item.error(node, Phrase('`{kind}` holds for every contract and cannot stand in an `in` block',
                                      kind="claims are ruled"), hint=Phrase('state it outside the `in` block'))
    builder.once(item, node, cid, "claims", ClaimRule(node.unstated))


BUILDERS: dict[type[Node], StatementBuilder] = {ClaimRuleStatement: _claim_rule}

"""The model values of trick play that are more than a suit or a number."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Trumps"]


@dataclass(frozen=True)
class Trumps:
    """The trump suit of a contract: a fixed suit (`trumps hearts`), none (`trumps none`), or the
    suit a player names with the contract (`trumps named by declarer`)."""

    suit: str | None = None
    """The suit's code, for a fixed suit."""
    named_by: str | None = None
    """Who names the suit: "declarer", "chooser" or "dealer"."""

    @property
    def any(self) -> bool:
        """Whether the contract has trumps at all."""
        return self.suit is not None or self.named_by is not None

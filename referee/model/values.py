"""The leaf records of the model, which every mechanic's rules use: where a clause comes from,
a rule value with the clause that set it, and a seat named by its part in the deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from .cards import Card

__all__ = ["Citation", "Provenance", "Cited", "SeatRef"]

T = TypeVar("T")


@dataclass(frozen=True)
class Citation:
    """Lines `first` to `last` (inclusive, 1-based) of a source document."""

    source: str
    first: int
    last: int

    def __str__(self) -> str:
        lines = str(self.first) if self.first == self.last else f"{self.first}-{self.last}"
        return f"{self.source}:{lines}"


@dataclass(frozen=True)
class Provenance:
    """Where a clause comes from: source lines, and/or a marked supplement with its reason."""

    citations: tuple[Citation, ...] = ()
    tradition: str | None = None
    """Why the clause is supplied from tradition, when the source is silent."""
    interpretation: str | None = None
    """Why the clause reads an ambiguous or faulty source the way it does (a ruling)."""
    see: tuple[str, ...] = ()
    """Addresses of outside descriptions that support the supplement."""

    @property
    def kind(self) -> str:
        """"source", "tradition" or "interpretation" (the strongest supplement wins)."""
        if self.interpretation:
            return "interpretation"
        if self.tradition:
            return "tradition"
        return "source"


@dataclass(frozen=True)
class Cited(Generic[T]):
    """A rule value and the clause that set it."""

    value: T
    clause: str


@dataclass(frozen=True)
class SeatRef:
    """A seat named by its part in the deal: eldest, dealer, chooser, declarer, the player before
    the declarer, or the holder of a card."""

    role: str  # "eldest" | "dealer" | "chooser" | "declarer" | "before_declarer" | "holder"
    card: Card | None = None
    otherwise: "SeatRef | None" = None
    """For a holder: the seat named after `else`, when nobody holds the card."""

    def __str__(self) -> str:
        if self.role == "holder":
            return f"holder of {self.card}" + (f", else {self.otherwise}" if self.otherwise else "")
        return "player before declarer" if self.role == "before_declarer" else self.role

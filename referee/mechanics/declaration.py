"""What a mechanic declares (`Mechanic`), and what the game builder offers the functions that
read its statements. The framework reads the declarations through `referee.mechanics.registry`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, TypeVar

from ..errors import Phrase
from ..front.syntax import Node
from ..model.cards import CardSet, Deck
from ..model.document import Located
from ..model.game import Account, ContractRules, Game, PlayRecord
from ..model.values import Cited, SeatRef
from .base import PhaseRunner
from .vocabulary import Phase, PhaseWord

__all__ = ["Need", "Mechanic", "Builder", "Draft", "state_once", "StatementBuilder", "GameCheck", "Requirement", "Seen"]


@dataclass(frozen=True)
class Need:
    """A statement a mechanic cannot run without: any one of `kinds` (grammar rule names)."""

    kinds: frozenset[str]
    write: str
    """An example of the statement, for the hint."""


class Draft(Protocol):
    """A mechanic's model record while its statements are read (`Builder.draft`)."""

    game_field: ClassVar[str]
    """The field of `Game` the finished record fills."""

    def finish(self) -> object:
        """The record, once every statement of the game is read."""


D = TypeVar("D", bound=Draft)


def state_once(rules: dict[str, Cited[Any]], item: Located, node: Node, cid: str, name: str, value: object) -> None:
    """Set the rule `name` of a draft (`rules`: those of its record stated once), or a
    definition error at `node` if a clause has stated it already."""
    if name in rules:
        raise item.error(node, Phrase('`{stmt}` is already stated by clause {clause}', stmt=node.rule,
                                      clause=rules[name].clause),
                         hint=Phrase('state each rule once; a variant replaces the clause instead'))
    rules[name] = Cited(value, cid)


class Builder(Protocol):
    """What the game builder (`referee.model.build`) offers a statement's build function."""

    @property
    def decks(self) -> Mapping[str, Deck]:
        """The decks declared so far (all of them, in the second pass), by ID."""

    def draft(self, kind: type[D]) -> D:
        """The draft of kind `kind` of this game, made at its first use; the builder finishes
        it into its field of `Game` once every statement is read. (The table's,
        `referee.mechanics.table.build.TableDraft`, is made first: card names are resolved
        against the packs it holds.)"""

    def pack_deck(self, item: Located, at: Any) -> Deck:
        """The deck card names are resolved against (the first pack chosen), or a definition error."""

    def later(self, job: Callable[[], None]) -> None:
        """Run `job` once every statement of the game is read (before the drafts are finished)."""

    def once(self, item: Located, node: Node, cid: str, field: str, value: object) -> None:
        """Set the game-wide rule `field` (a field of `Game`), which may be stated once."""

    def number(self, item: Located, node: Any) -> int:
        """A number as written, or the value in force of the number parameter it names."""

    def cardset(self, item: Located, node: Any) -> CardSet:
        """A card set of the statement, resolved against the pack."""

    def account(self, item: Located, token: str) -> Cited[Account]:
        """The account `token` names, or a definition error."""

    def known(self, item: Located, at: Node, code: str, what: str) -> str:
        """`code` as a suit or rank (`what`) of the pack, or a definition error listing the pack's."""

    def seat(self, item: Located, node: Any) -> SeatRef:
        """The seat a statement names (a `Seat` node), its card checked against the pack."""

    def contract(self, item: Located, token: Any) -> str:
        """The ID of the declared contract `token` names, or a definition error listing them."""

    def seats(self, item: Located, node: Any) -> SeatRef:
        """The seat a `first ... by SEAT, else SEAT` statement names, its `else` seats chained on."""

    def rule(self, item: Located, node: Node, cid: str, scope: str | None, record: type[PlayRecord | ContractRules], field: str,
             value: object, many: bool = False) -> None:
        """Set the play rule `field` of `record` (a mechanic's record of a contract's rules, such
        as `TrickRules`, which names its field of `ContractRules`; or `ContractRules` itself) for
        contract `scope`, or for all contracts when `scope` is None; `many` collects every
        statement of it."""


StatementBuilder = Callable[[Builder, Located, Any, str, str | None], None]
"""(builder, where, node, clause ID, contract scope or None) -> None: read one statement."""

Seen = Sequence[tuple[str, str | None, Located, Any]]
"""Every statement in force: (grammar rule, contract scope, where, node or tree)."""

Requirement = Callable[[Game, Located], None]
"""(game, the game's header) -> None: raise a definition error at the header if the game lacks a
rule that every other check and mechanic reads."""

GameCheck = Callable[[Game, Seen, tuple[PhaseWord, ...], Located], None]
"""(game, statements seen, the deal's phases, the game's header) -> None: raise a definition
error if the game is not one the mechanic can run (at the header for a statement it lacks)."""


@dataclass(frozen=True)
class Mechanic:
    """One mechanic: what it reads from a rules file, what it needs, and how it runs."""

    name: str
    """The phase word of `deal phases` (`passing`), or `table` / `match` for those every game has."""
    title: str
    """How messages name it: "the card passing" (a msgid)."""
    builders: dict[type[Node], StatementBuilder] = field(default_factory=dict)
    """Its statements, each with the function that reads it into the game."""
    reads: frozenset[str] = frozenset()
    """Statements (grammar rule names) it reads that have no node of their own yet."""
    needs: tuple[Need, ...] = ()
    irregularities: tuple[str, ...] = ()
    """The irregularities its phase can meet in a recorded deal."""
    check: GameCheck | None = None
    require: Requirement | None = None
    """Run before every other check (the table's: the players, the deal, a pack for each table)."""
    first_pass: frozenset[type[Node]] = frozenset()
    """Statements the builder reads in its first pass, since others refer to what they declare
    (players, decks, packs)."""
    phases: tuple[PhaseRunner, ...] = ()
    part_of: PhaseWord | None = None
    """The phase word this mechanic is one way of running (layout play is a way of `play`), or
    None when `name` is a phase word of its own."""
    plays: Phase | None = None
    """For a way of playing the cards: the phase of a contract that `plays` this way. Its
    statements are rules of that way, and the load checks refuse one where no contract plays it."""
    either_way: frozenset[str] = frozenset()
    """Statements of this way of playing that the other ways read too (the deal's early end)."""

    @property
    def statements(self) -> frozenset[str]:
        """Every statement it reads, by grammar rule name."""
        return self.reads | {node.rule for node in self.builders}

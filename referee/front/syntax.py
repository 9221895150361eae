"""The syntax tree of the rules language: one frozen node type per statement, with its position.

The parser (`referee.front.parser`) gives Lark's generic tree; `statement(tree)` turns one
statement of a clause body into its node, whose fields are named after what they mean
(`Cut.side`, `TrickWinner.unless_trumped`). The model builder reads statements by these names,
never by the position of a child. Names, codes and numbers stay Lark tokens (a `str` that keeps
its line and column), so an error can point at the very word that is wrong.

The statements of a mechanic package (`referee.mechanics`) are declared there with
`statement_node`, and join `NODES` when the package is imported (`referee.mechanics.registry`
imports them all; the game builder imports it). Statements of mechanics not yet given a node
reach the builder as Lark trees.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar, Protocol, TypeVar, cast, dataclass_transform

import lark
from lark import Token
from lark.tree import Meta

__all__ = ["Pos", "Node", "NODES", "statement", "statement_node", "unquote", "choice_of", "as_token", "as_number",
           "as_tree", "CardSet", "Number", "Seat", "DutyStep", "Condition"]


@dataclass(frozen=True)
class Pos:
    """Where a node stands in its file: 1-based line and column, and character offsets."""

    line: int
    column: int
    start: int
    end: int

    @classmethod
    def of(cls, meta) -> "Pos":
        return cls(meta.line, meta.column, meta.start_pos, meta.end_pos)


@dataclass(frozen=True, kw_only=True)
class Node:
    pos: Pos
    rule: ClassVar[str] = ""
    """The grammar rule (after aliases) this node is read from."""


def _node(rule: str):
    def mark(cls):
        cls.rule = rule
        NODES[rule] = cls
        return dataclass(frozen=True, kw_only=True)(cls)
    return mark


@dataclass_transform(frozen_default=True, kw_only_default=True)
def statement_node(rule: str) -> Callable[[type[_N]], type[_N]]:
    """Declare the node of grammar rule `rule` (a frozen dataclass, keyword-only), shape and
    reader together. The rule's children come in already read (word rules as tokens, values as
    their nodes); by default they fill the fields in order, one each, and a node whose children
    need more (optional parts, a variable list) declares a classmethod `read(pos, children)`.
    Mechanic packages declare their statements this way (`referee.mechanics`)."""
    def mark(cls: type[_N]) -> type[_N]:
        cls.rule = rule
        made = dataclass(frozen=True, kw_only=True)(cls)
        NODES[rule] = made
        _READERS_OF[rule] = cast(_ReadsItself, made).read if "read" in vars(cls) else read_in_order(made)
        return made
    return mark


class _ReadsItself(Protocol):
    """A node class that declares its own reader (`read(pos, children)`, a classmethod)."""

    def read(self, pos: Pos, children: list) -> Node: ...


def read_in_order(node: type[Node]) -> Callable[[Pos, list], Node]:
    """The default reader of `node`: its children fill its fields in order, one each."""
    names = [f.name for f in dataclasses.fields(node) if f.name != "pos"]

    def read(pos: Pos, children: list) -> Node:
        if len(children) != len(names):  # the grammar and the node disagree: a bug, caught by the tests
            raise ValueError(f"{node.__name__} takes {names}, the rule gave {children!r}")
        return node(pos=pos, **dict(zip(names, children)))
    return read


NODES: dict[str, type[Node]] = {}
"""Grammar rule -> node type, for every statement that has one."""
_READERS_OF: dict[str, Callable[[Pos, list], Node]] = {}
"""Grammar rule -> the reader of its node, for the nodes `statement_node` declares."""
_N = TypeVar("_N", bound=Node)


# -- reading the children of a statement ------------------------------------------------------
# For a node's `read`: each says what a child is (a bug in the grammar or the node if it is not).

_E = TypeVar("_E", bound=Enum)


def choice_of(kind: type[_E], word: object) -> _E:
    """The member of `kind` a keyword rule names (`open at least pot` -> `OpenFloor.POT`): the
    front end joins the rule's words with `_`, the enum's values are the words."""
    assert isinstance(word, Token), word
    return kind(str(word).replace("_", " "))


def as_token(child: object) -> Token:
    assert isinstance(child, Token), child
    return child


def as_number(child: object) -> "Number":
    assert isinstance(child, Number), child
    return child


def as_tree(child: object) -> lark.Tree[Token]:
    assert isinstance(child, lark.Tree), child
    return child


# -- values inside statements ------------------------------------------------------------------

_ESCAPE = re.compile(r"\\(.)", re.S)
_ESCAPED = {"n": "\n", "t": "\t"}


def unquote(token: str) -> str:
    """The text of a STRING token, without quotes and with escapes resolved (a backslash before
    n or t makes a newline or a tab, before any other character that character; a lone backslash
    at the end stays)."""
    raw = str(token)[1:-1]
    if "\\" not in raw:  # most strings: nothing to resolve
        return raw
    return _ESCAPE.sub(lambda m: _ESCAPED.get(m.group(1), m.group(1)), raw)


@dataclass(frozen=True, kw_only=True)
class Number(Node):
    """A whole number, written out or taken from a number parameter (`$cave`)."""

    value: int | None
    parameter: Token | None = None


@dataclass(frozen=True, kw_only=True)
class CardAtom(Node):
    kind: str  # "one_card" | "rank_set" | "suit_set" | "card_list" | "all_cards"
    codes: tuple[Token, ...]


@dataclass(frozen=True, kw_only=True)
class CardSet(Node):
    """`QH`, `rank Q`, `suit H`, `{QS, QD}`, `any card`, or `A except B`."""

    include: CardAtom
    exclude: CardAtom | None


@dataclass(frozen=True, kw_only=True)
class Seat(Node):
    """A seat by its part in the deal."""

    role: str  # "eldest" | "chooser" | "declarer" | "dealer" | "before_declarer" | "holder"
    card: Token | None = None


@dataclass(frozen=True, kw_only=True)
class DutyStep(Node):
    kind: str  # "follow" | "trump" | "discard" | "any"
    cards: CardSet | None = None


@dataclass(frozen=True, kw_only=True)
class Condition(Node):
    kind: str  # "cards_taken" | "declarer_tricks" | "defenders_tricks" | "place_decided"
    cards: CardSet | None = None
    count: Token | None = None


# -- statements: card points and the match ----------------------------------------------------------


@_node("card_points")
class CardPoints(Node):
    points: tuple[tuple[Token, Token], ...]
    others_pips: bool


@_node("account")
class Account(Node):
    id: Token
    title: Token
    start: Number | None
    per_opponent: bool


@_node("match_deals")
class MatchDeals(Node):
    deals: Number


@_node("match_all_chosen")
class MatchAllChosen(Node):
    pass


@_node("match_account")
class MatchAccount(Node):
    account: Token
    limit: Number


@_node("match_any_player")
class MatchAnyPlayer(Node):
    bound: Token  # "at_least" | "at_most"
    limit: Number
    account: Token


@_node("match_every_player")
class MatchEveryPlayer(Node):
    bound: Token  # "at_least" | "at_most"
    limit: Number
    account: Token


@_node("match_agreement")
class MatchAgreement(Node):
    pass


@_node("winner")
class Winner(Node):
    extreme: Token
    account: Token | None


# -- statements: contracts and play --------------------------------------------------------------


@_node("contract")
class Contract(Node):
    id: Token
    title: Token
    plays: Token


@_node("combines")
class Combines(Node):
    contract: Token
    parts: tuple[Token, ...]


@_node("contract_order")
class ContractOrder(Node):
    contracts: tuple[Token, ...]


@_node("check")
class Check(Node):
    quantity: Token
    contract: Token | None
    expected: int


@_node("irregularity")
class Irregularity(Node):
    what: Token
    remedies: tuple[Token, ...]


# -- from Lark's tree -----------------------------------------------------------------------------


def _words(tokens) -> Token:
    """A keyword of several words as one token named by its first: `by suit order` -> by_suit_order."""
    first = tokens[0]
    return Token.new_borrow_pos(first.type, "_".join(str(t) for t in tokens), first)


def _signed(children) -> int:
    value = int(children[-1])
    return -value if len(children) == 2 else value


def _atom(kind: str) -> Callable[[_ToNodes, Meta, list], CardAtom]:
    """The reader of a card atom of `kind` (one card, a rank set, ...), a method of `_ToNodes`."""
    def atom(self: _ToNodes, meta: Meta, children: list) -> CardAtom:
        return CardAtom(pos=Pos.of(meta), kind=kind, codes=tuple(children))
    return atom


class _ToNodes:
    """Bottom-up: word rules become tokens, value rules small nodes, statements their node.

    Each method is named after the rule it reads and takes (meta, children), as Lark's
    `Transformer` under `v_args(meta=True)` would call it; this class calls them itself, which
    spares the wrapper Lark makes for every call (a good part of building a game)."""

    def transform(self, tree: lark.Tree):
        children = [self.transform(c) if isinstance(c, lark.Tree) else c for c in tree.children]
        read = _READERS.get(tree.data)
        if read is not None:
            return read(self, tree.meta, children)
        reader = _READERS_OF.get(tree.data)
        if reader is not None:
            return reader(Pos.of(tree.meta), children)
        return self.__default__(tree.data, children, tree.meta)

    def __default__(self, data, children, meta):
        if str(data).endswith("_word") or data == "extreme_bound":
            return _words(children)
        return lark.Tree(data, children, meta)

    # values
    def signed(self, meta, children):
        return _signed(children)

    def number(self, meta, children):
        return Number(pos=Pos.of(meta), value=children[0])

    def param_number(self, meta, children):
        return Number(pos=Pos.of(meta), value=None, parameter=children[0])

    one_card, rank_set, suit_set, card_list, all_cards = (
        _atom("one_card"), _atom("rank_set"), _atom("suit_set"), _atom("card_list"), _atom("all_cards"))

    def cardset(self, meta, children):
        return CardSet(pos=Pos.of(meta), include=children[0], exclude=children[1] if len(children) > 1 else None)

    def seat(self, meta, children):
        return Seat(pos=Pos.of(meta), role=str(children[0]))

    def seat_before_declarer(self, meta, children):
        return Seat(pos=Pos.of(meta), role="before_declarer")

    def seat_holder(self, meta, children):
        return Seat(pos=Pos.of(meta), role="holder", card=children[0])

    def duty_follow(self, meta, children):
        return DutyStep(pos=Pos.of(meta), kind="follow")

    def duty_trump(self, meta, children):
        return DutyStep(pos=Pos.of(meta), kind="trump")

    def duty_discard(self, meta, children):
        return DutyStep(pos=Pos.of(meta), kind="discard", cards=children[0])

    def duty_any(self, meta, children):
        return DutyStep(pos=Pos.of(meta), kind="any")

    def cards_taken(self, meta, children):
        return Condition(pos=Pos.of(meta), kind="cards_taken", cards=children[0])

    def declarer_tricks(self, meta, children):
        return Condition(pos=Pos.of(meta), kind="declarer_tricks", count=children[0])

    def defenders_tricks(self, meta, children):
        return Condition(pos=Pos.of(meta), kind="defenders_tricks", count=children[0])

    def place_decided(self, meta, children):
        return Condition(pos=Pos.of(meta), kind="place_decided", count=children[0])

    # statements
    def card_points(self, meta, c):
        points = tuple(tuple(t.children) for t in c if t.data == "rank_points")
        return CardPoints(pos=Pos.of(meta), points=points, others_pips=any(t.data == "others_pips" for t in c))

    def account(self, meta, c):
        start = [x for x in c if isinstance(x, Number)]
        return Account(pos=Pos.of(meta), id=c[0], title=c[1], start=start[0] if start else None,
                       per_opponent=any(isinstance(x, lark.Tree) and x.data == "per_opponent" for x in c))

    def match_deals(self, meta, c):
        return MatchDeals(pos=Pos.of(meta), deals=c[0])

    def match_all_chosen(self, meta, c):
        return MatchAllChosen(pos=Pos.of(meta))

    def match_account(self, meta, c):
        return MatchAccount(pos=Pos.of(meta), account=c[0], limit=c[1])

    def match_any_player(self, meta, c):
        return MatchAnyPlayer(pos=Pos.of(meta), bound=c[0], limit=c[1], account=c[2])

    def match_every_player(self, meta, c):
        return MatchEveryPlayer(pos=Pos.of(meta), bound=c[0], limit=c[1], account=c[2])

    def match_agreement(self, meta, c):
        return MatchAgreement(pos=Pos.of(meta))

    def winner(self, meta, c):
        return Winner(pos=Pos.of(meta), extreme=c[0], account=c[1] if len(c) > 1 else None)

    def contract(self, meta, c):
        return Contract(pos=Pos.of(meta), id=c[0], title=c[1], plays=c[2])

    def combines(self, meta, c):
        return Combines(pos=Pos.of(meta), contract=c[0], parts=tuple(c[1:]))

    def contract_order(self, meta, c):
        return ContractOrder(pos=Pos.of(meta), contracts=tuple(c))

    def check(self, meta, c):
        return Check(pos=Pos.of(meta), quantity=c[0], contract=c[1] if len(c) == 3 else None, expected=c[-1])

    def irregularity(self, meta, c):
        return Irregularity(pos=Pos.of(meta), what=c[0], remedies=tuple(c[1:]))


# The rule each method reads: every public method but `transform`.
_READERS = {name: method for name, method in vars(_ToNodes).items()
            if callable(method) and not name.startswith("_") and name != "transform"}
_TRANSFORMER = _ToNodes()


def statement(tree: lark.Tree):
    """The node of one statement, or the Lark tree itself if its rule has no node type yet."""
    if tree.data not in NODES:
        return tree
    return _TRANSFORMER.transform(tree)


def value(tree: lark.Tree):
    """A part of a statement (a seat, a card set, a number) as its node."""
    return _TRANSFORMER.transform(tree)

"""Build a `Game` from a rules document: resolve names, choose parameter values, check numbers.

Statements are read in two passes. The first declares what others refer to (players, decks,
packs, contracts, parameters); the second reads every other rule, so a clause may use a card
or contract declared in a later clause. Each value is stored with the ID of its clause.
"""

from __future__ import annotations

import dataclasses
import re
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Callable, Protocol, TypeVar, cast
from urllib.parse import urlsplit

import lark

from ..errors import Phrase, RulesDefinitionError, Term, UsageError
from ..front import syntax
from ..front.syntax import as_token, as_tree, statement, unquote
from ..mechanics.declaration import Draft
from ..mechanics.registry import MECHANICS, STATEMENT_BUILDERS
from ..mechanics.table.build import TableDraft
from ..mechanics.vocabulary import Phase
from .cards import Card, CardSet, Deck
from .checks import run_checks
from .consumers import check_mechanics
from .document import Document, Located, find_rules_file, load_document
from .game import (
    Account,
    Check,
    Citation,
    Cited,
    Clause,
    Contract,
    ContractRules,
    EndKind,
    Game,
    MatchEnd,
    Parameter,
    PlayRecord,
    Provenance,
    SeatRef,
    Source,
    Winner,
)

__all__ = ["load_game", "build_game"]

_Tree = lark.Tree[lark.Token]
"""A statement, or a part of one, as Lark reads it: its children are read by position (each
statement's grammar says which child is a token and which a tree), as `Located.tree`'s are."""

At = syntax.Node | lark.Token | _Tree
"""Where an error is reported: a node, a token or a tree of a statement (`Located.error`)."""

_D = TypeVar("_D", bound=Draft)

_Stated = Cited[object] | tuple[Cited[object], ...]
"""A contract's play rule as stated so far: one value, or every statement of a rule stated many
times (`Builder.rule`)."""


class _SeatChain(Protocol):
    """A statement naming a seat with `else` seats after it (`first lead by`, `first move by`)."""

    @property
    def seat(self) -> syntax.Seat: ...

    @property
    def otherwise(self) -> tuple[syntax.Seat, ...]: ...


@dataclasses.dataclass
class _ContractEntry:
    """A contract as its statements are read: `contract` declares it, `combines` adds its parts."""

    title: str
    plays: Phase
    clause: str
    combines: tuple[Cited[str], ...] = ()

# Statements read in the first pass: what the rest refers to (the framework's, and those the
# mechanic packages declare so: the table's players, decks and packs).
_DECLARATIONS = {"contract", "parameter", "number_parameter", "account",
                 *(node.rule for mechanic in MECHANICS for node in mechanic.first_pass)}


def load_game(name: str | Path, settings: dict[str, str] | None = None) -> Game:
    """Load, merge and build a game by name or path, with parameter overrides."""
    path = find_rules_file(str(name))
    return build_game(load_document(path), settings or {})


def build_game(doc: Document, settings: dict[str, str]) -> Game:
    return _Builder(doc, settings).build()


class _Builder:
    def __init__(self, doc: Document, overrides: dict[str, str]) -> None:
        self.doc = doc
        self.overrides = overrides
        self.sources: dict[str, Source] = {}
        self.parameters: dict[str, Parameter] = {}
        self.settings: dict[str, str | int] = {}
        self.fields: dict[str, Any] = {}
        """The fields of `Game` stated so far, by name (each mechanic's record fills the field its
        declaration names, so the names are data here; `Game`'s constructor checks them)."""
        self.set_by: dict[str, str] = {}
        self.contracts: dict[str, _ContractEntry] = {}
        self.contract_rules: dict[str | None, dict[type[PlayRecord | ContractRules], dict[str, _Stated]]] = {None: {}}
        """Per contract (None: every contract), per record of `ContractRules` (a mechanic's, or
        `ContractRules` itself), its fields stated so far."""
        self.accounts: dict[str, Cited[Account]] = {}
        self.irregularities: dict[str, Cited[tuple[str, ...]]] = {}
        self.checks: list[Check] = []
        self.check_items: list[tuple[Located, syntax.Check]] = []
        """Where each check stands, for its error message."""
        self.pending: list[Callable[[], None]] = []
        self.seen: list[tuple[str, str | None, Located, syntax.Node | _Tree]] = []
        """Every statement in force: (kind, contract scope, where, tree), for the mechanics check."""
        self.table = TableDraft()
        self.drafts: dict[type[Draft], Draft] = {TableDraft: self.table}
        """The model records of mechanic packages being read (`referee.mechanics.declaration.Draft`);
        the table's first, since card names are resolved against its packs."""

    # -- entry -----------------------------------------------------------------------------

    def build(self) -> Game:
        doc = self.doc
        for item in doc.sources:
            sid, filename, language, lines = cast(list[lark.Token], item.tree.children)
            if str(sid) in self.sources:
                raise item.error(sid, Phrase('source {sid} is declared twice', sid=sid))
            self.sources[str(sid)] = Source(str(sid), unquote(filename), str(language), int(lines))
        clauses: dict[str, Clause] = {}
        for cid, item in doc.clauses.items():
            clauses[cid] = self._clause(item)
        self.clauses = clauses
        self._choose_settings()
        for phase in (1, 2):
            for cid, item in doc.clauses.items():
                body = item.tree.children[-1]
                self._statements(item, body.children, cid, None, phase)
        for job in self.pending:
            job()
        for draft in self.drafts.values():
            self.fields[draft.game_field] = draft.finish()
        uncovered = []
        for item in doc.uncovered:
            *cites, reason = item.tree.children
            for cite in cites:
                uncovered.append((self._citation(item, cite), _text(reason)))
        game = Game(
            id=doc.id, title=doc.title, path=doc.path, base=doc.base, sources=self.sources,
            clauses=clauses, uncovered=tuple(uncovered), parameters=self.parameters,
            settings=self.settings, accounts=self.accounts, irregularities=self.irregularities,
            contracts=self._contracts(), global_rules=_contract_rules(self.contract_rules[None]),
            checks=tuple(self.checks),
            **self.fields,
        )
        header = Located(self.doc.header.tree, self.doc.header.path, self.doc.header.text)
        for mechanic in MECHANICS:  # what every other check reads (the table's players, deal and pack)
            if mechanic.require is not None:
                mechanic.require(game, header)
        check_mechanics(game, self.seen, header)
        run_checks(game, self.check_items)  # the numbers a source states
        return game

    # -- clauses and provenance ----------------------------------------------------------------

    def _citation(self, item: Located, tree: _Tree) -> Citation:
        sid, first, *rest = cast(list[lark.Token], tree.children)
        last = rest[0] if rest else first
        source = self.sources.get(str(sid))
        if source is None:
            known = ", ".join(self.sources) or "none declared"
            raise item.error(sid, Phrase('unknown source {sid}', sid=sid), expected=Phrase('one of: {known}', known=known),
                             hint=Phrase('declare it with `source ID "file" language xx lines N`'))
        if not 1 <= int(first) <= int(last) <= source.lines:
            span = f"line {first}" if first == last else f"lines {first}-{last}"
            raise item.error(first, Phrase('{span} not within {sid}, which has {lines} lines', span=span, sid=sid, lines=source.lines))
        return Citation(str(sid), int(first), int(last))

    def _clause(self, item: Located) -> Clause:
        cid, statement, *provenance, body = item.tree.children
        title = self.doc.titles.get(str(cid))  # a replacement's, unless it names its own
        if provenance and provenance[0].data == "clause_title":
            title = _text(provenance.pop(0).children[0])
        citations: list[Citation] = []
        tradition = interpretation = None
        see: list[str] = []
        for prov in provenance:
            if prov.data == "from_source":
                citations.extend(self._citation(item, c) for c in prov.children)
            else:
                reason, *sees = prov.children
                if prov.data == "tradition":
                    tradition = _text(reason)
                else:
                    interpretation = _text(reason)
                see.extend(_web_address(item, as_token(as_tree(s).children[0])) for s in sees)
        if not _text(statement).strip():
            raise item.error(statement, Phrase('clause {cid} has an empty statement', cid=cid),
                             hint=Phrase('say the rule in one or two plain English sentences'))
        params = tuple(str(s.children[0]) for s in body.children
                       if s.data in ("parameter", "number_parameter"))
        formal = item.source_text(body).strip()
        formal = formal[1:-1].strip("\n") if formal.startswith("{") else formal
        return Clause(str(cid), _text(statement),
                      Provenance(tuple(citations), tradition, interpretation, tuple(see)),
                      _dedent(formal), item.position(cid), params, title)

    # -- parameters -----------------------------------------------------------------------------

    def _choose_settings(self) -> None:
        for cid, item in self.doc.clauses.items():
            self._declare_parameters(item, item.tree.children[-1].children, cid, top=True)
        for item in self.doc.settings:
            name, value, *_ = item.tree.children
            self.settings[str(name)] = self._parameter_value(item, str(name), value)
        for name, raw in self.overrides.items():
            param = self.parameters.get(name)
            if param is None:
                known = ", ".join(sorted(self.parameters)) or "none"
                raise UsageError(Phrase('{id} has no parameter {name}; its parameters: {known}', id=self.doc.id, name=repr(name), known=known))
            self.settings[name] = _check_value(param, raw)

    def _declare_parameters(self, item: Located, statements: Sequence[_Tree], cid: str, top: bool) -> None:
        for stmt in statements:
            if stmt.data in ("parameter", "number_parameter"):
                if not top:
                    raise item.error(stmt, Phrase('a parameter must be declared at the top of a clause body, not inside '
                                                  '`if` or `in`'))
                param = self._parameter(item, stmt, cid)
                if param.name in self.parameters:
                    raise item.error(stmt.children[0], Phrase('parameter {name} is declared twice (first in clause {clause})', name=param.name, clause=self.parameters[param.name].clause))
                self.parameters[param.name] = param
                self.settings[param.name] = param.default
            elif stmt.data in ("guard", "scoped", "then_block", "else_block"):
                self._declare_parameters(item, [c for c in stmt.children if isinstance(c, lark.Tree)],
                                         cid, top=False)

    def _parameter(self, item: Located, stmt: _Tree, cid: str) -> Parameter:
        if stmt.data == "number_parameter":
            name, question, low, high, default = map(as_token, stmt.children)
            param = Parameter(str(name), unquote(question), (), int(default), cid, int(low), int(high))
            if not int(low) <= int(default) <= int(high):
                raise item.error(default, Phrase('the default {default} of {name} is outside {low} to {high}', default=default, name=name, low=low, high=high))
            return param
        name, question = map(as_token, stmt.children[:2])
        *choices, chosen = stmt.children[2:]
        options = tuple((str(choice.children[0]), unquote(as_token(choice.children[1]))) for choice in map(as_tree, choices))
        values = [v for v, _ in options]
        if len(set(values)) != len(values):
            raise item.error(stmt, Phrase('parameter {name} lists a choice twice', name=name))
        dvalue = self._raw_value(as_tree(chosen))
        if dvalue not in values:
            raise item.error(chosen, Phrase('the default {dvalue} of {name} is not one of its choices', dvalue=repr(dvalue), name=name),
                             expected=", ".join(values))
        return Parameter(str(name), unquote(question), options, dvalue, cid)

    @staticmethod
    def _raw_value(value: _Tree) -> str | int:
        child = value.children[0]
        if isinstance(child, lark.Token):
            return str(child)
        return _signed(as_tree(child))

    def _parameter_value(self, item: Located, name: str, value: _Tree) -> str | int:
        param = self.parameters.get(name)
        if param is None:
            raise item.error(item.tree.children[0], Phrase("unknown parameter {name}", name=name),
                             expected=", ".join(sorted(self.parameters)) or Phrase('no parameters'))
        raw = self._raw_value(value)
        try:
            return _check_value(param, str(raw))
        except UsageError as err:
            raise item.error(value, err.args[0]) from None

    # -- statements -----------------------------------------------------------------------------

    def _statements(self, item: Located, statements: Sequence[_Tree], cid: str, scope: str | None, phase: int) -> None:
        for stmt in statements:
            kind = stmt.data
            if kind == "guard":
                name, value, then, *other = stmt.children
                if str(name) not in self.parameters:
                    raise item.error(name, Phrase('unknown parameter {name}', name=name),
                                     expected=", ".join(sorted(self.parameters)) or Phrase('no parameters'),
                                     hint=Phrase('declare it with `parameter` in the clause that rules on it'))
                param = self.parameters[str(name)]
                wanted = self._raw_value(as_tree(value))
                if param.choices and wanted not in [v for v, _ in param.choices]:
                    raise item.error(value, Phrase('{wanted} is not a choice of {name}', wanted=repr(wanted), name=name),
                                     expected=", ".join(v for v, _ in param.choices))
                branch = then if self.settings[str(name)] == wanted else (other[0] if other else None)
                if branch is not None:
                    self._statements(item, _trees(as_tree(branch).children), cid, scope, phase)
            elif kind == "scoped":
                name, *inner = stmt.children
                if scope is not None:
                    raise item.error(stmt, Phrase('`in` blocks do not nest'))
                if phase == 2 and str(name) not in self.contracts:
                    raise self._unknown_contract(item, as_token(name))
                self._statements(item, _trees(inner), cid, str(name), phase)
            elif (kind in _DECLARATIONS) == (phase == 1):
                node = statement(stmt)
                build = STATEMENT_BUILDERS.get(type(node))
                if build is not None:  # a statement of a mechanic package
                    build(self, item, node, cid, scope)
                    self.seen.append((kind, scope, item, node))
                    continue
                handler = getattr(self, f"_s_{kind}", None)
                if handler is None:  # pragma: no cover - every grammar statement has a handler
                    raise item.error(stmt, Phrase('the statement `{kind}` is not supported by this referee', kind=kind))
                handler(item, node, cid, scope)
                self.seen.append((kind, scope, item, node))

    def _unknown_contract(self, item: Located, token: lark.Token) -> RulesDefinitionError:
        known = ", ".join(self.contracts) or "none declared"
        return item.error(token, Phrase('unknown contract {token}', token=token), expected=Phrase('one of: {known}', known=known),
                          hint=Phrase('declare it with `contract ID "title" plays tricks|layout`'))

    def once(self, item: Located, stmt: syntax.Node | _Tree, cid: str, field: str, value: object) -> None:
        """Set a game-wide rule that may be stated once (`referee.mechanics.base.Builder`)."""
        if field in self.fields:
            raise item.error(stmt, Phrase('`{stmt}` is already stated by clause {clause}', stmt=_rule_name(stmt), clause=self.set_by[field]),
                             hint=Phrase('state each rule once; a variant replaces the clause instead'))
        self.fields[field] = Cited(value, cid)
        self.set_by[field] = cid

    def rule(self, item: Located, stmt: syntax.Node | _Tree, cid: str, scope: str | None,
             record: type[PlayRecord | ContractRules], field: str, value: object, many: bool = False) -> None:
        """Set a play rule, the field `field` of `record`, for one contract (scope) or for all (scope None)."""
        rules = self.contract_rules.setdefault(scope, {}).setdefault(record, {})
        stated = rules.get(field)
        if many:
            rules[field] = _joined(stated, (Cited(value, cid),))
            return
        if stated is not None:
            first = stated if isinstance(stated, Cited) else stated[0]
            raise item.error(stmt, Phrase('`{stmt}` is already stated for {scope} by clause {clause}', stmt=_rule_name(stmt), scope=Phrase("contract {scope}", scope=scope) if scope else Phrase("the game"), clause=first.clause))
        rules[field] = Cited(value, cid)

    @property
    def decks(self) -> dict[str, Deck]:
        """The decks declared so far (`referee.mechanics.declaration.Builder`)."""
        return self.table.decks

    def pack_deck(self, item: Located, at: At) -> Deck:
        """The deck card names are resolved against (`Builder`), or a definition error."""
        return self._deck(item, at)

    def later(self, job: Callable[[], None]) -> None:
        """Run `job` once every statement is read (`Builder`)."""
        self.pending.append(job)

    def draft(self, kind: type[_D]) -> _D:
        """The draft of a mechanic's model record, made at its first use (`referee.mechanics.declaration.Builder`)."""
        draft = self.drafts.get(kind)
        if not isinstance(draft, kind):  # (a draft is kept under its own type: only None fails this)
            draft = kind()
            self.drafts[kind] = draft
        return draft

    def _number(self, item: Located, number: syntax.Number | _Tree) -> int:
        """A number as written, or the value in force of the number parameter it names."""
        if isinstance(number, syntax.Number):
            name, value = number.parameter, number.value
        else:  # a statement without a node type yet: Lark's `number` or `param_number` tree
            name = as_token(number.children[0]) if number.data == "param_number" else None
            value = None if name is not None else _signed(as_tree(number.children[0]))
        if name is None and value is not None:  # (a number written out: `value` is never None then)
            return value
        param = self.parameters.get(str(name))
        if param is None or not param.is_number:
            raise item.error(name, Phrase('${name} is not a number parameter', name=name))
        return int(self.settings[str(name)])

    # pass 1 ---------------------------------------------------------------------------------

    def _s_parameter(self, item: Located, stmt: _Tree, cid: str, scope: str | None) -> None:
        pass  # declared before the passes

    _s_number_parameter = _s_parameter

    def _s_contract(self, item: Located, node: syntax.Contract, cid: str, scope: str | None) -> None:
        if str(node.id) in self.contracts:
            raise item.error(node.id, Phrase('contract {id} is declared twice', id=node.id))
        plays = _PLAYS.get(str(node.plays))
        if plays is None:
            raise item.error(node.plays, Phrase('a contract is played by tricks or in a layout, not to a showdown'),
                             expected=Phrase('`plays tricks` or `plays layout`'),
                             hint=Phrase('a vying game has no contracts: its showdown is a phase of `deal phases`'))
        self.contracts[str(node.id)] = _ContractEntry(unquote(node.title), plays, cid)

    def _s_account(self, item: Located, node: syntax.Account, cid: str, scope: str | None) -> None:
        if str(node.id) in self.accounts:
            raise item.error(node.id, Phrase('account {id} is declared twice', id=node.id))
        start = self._number(item, node.start) if node.start is not None else 0
        self.accounts[str(node.id)] = Cited(Account(unquote(node.title), start, node.per_opponent), cid)

    def _s_card_points(self, item: Located, node: syntax.CardPoints, cid: str, scope: str | None) -> None:
        deck = self._deck(item, node)
        points: dict[str, int] = {}
        for code, value in node.points:
            if deck.rank(str(code)) is None:
                raise item.error(code, Phrase('the pack has no rank {code}', code=code), expected=" ".join(r.code for r in deck.ranks))
            points[str(code)] = int(value)
        if node.others_pips:
            for deck_ in self.decks.values():
                for rank in deck_.ranks:
                    if rank.code not in points:
                        if not rank.code.isdigit():
                            raise item.error(node, Phrase('rank {code} of deck {id} has no pips; give its points explicitly', code=rank.code, id=deck_.id))
                        points[rank.code] = int(rank.code)
        self.table.state(item, node, cid, "card_points", points)

    def _s_match_deals(self, item: Located, node: syntax.MatchDeals, cid: str, scope: str | None) -> None:
        self.once(item, node, cid, "match_end", MatchEnd(EndKind.DEALS, self._number(item, node.deals)))

    def _s_match_all_chosen(self, item: Located, node: syntax.MatchAllChosen, cid: str, scope: str | None) -> None:
        self.once(item, node, cid, "match_end", MatchEnd(EndKind.ALL_CHOSEN))

    def _s_match_account(self, item: Located, node: syntax.MatchAccount, cid: str, scope: str | None) -> None:
        self._need_totals(item, node.account, Phrase('end the match on an account declared without `per opponent`'))
        self.once(item, node, cid, "match_end", MatchEnd(EndKind.ACCOUNT, self._number(item, node.limit), str(node.account)))

    def _s_match_any_player(self, item: Located, node: syntax.MatchAnyPlayer, cid: str, scope: str | None) -> None:
        self._need_totals(item, node.account, Phrase('end the match on an account declared without `per opponent`'))
        self.once(item, node, cid, "match_end", MatchEnd(EndKind.ANY_PLAYER, self._number(item, node.limit),
                                                         str(node.account), str(node.bound) == "at_least"))

    def _s_match_every_player(self, item: Located, node: syntax.MatchEveryPlayer, cid: str,
                               scope: str | None) -> None:
        self._need_totals(item, node.account, Phrase('end the match on an account declared without `per opponent`'))
        self.once(item, node, cid, "match_end", MatchEnd(EndKind.EVERY_PLAYER, self._number(item, node.limit),
                                                         str(node.account), str(node.bound) == "at_least"))

    def _s_match_agreement(self, item: Located, node: syntax.MatchAgreement, cid: str, scope: str | None) -> None:
        self.once(item, node, cid, "match_end", MatchEnd(EndKind.AGREEMENT))

    def _s_winner(self, item: Located, node: syntax.Winner, cid: str, scope: str | None) -> None:
        if node.account is not None:
            self._need_totals(item, node.account, Phrase('decide the winner on an account declared without `per '
                                                         'opponent`, or on one a `final` settlement works out'))
        self.once(item, node, cid, "winner",
                  Winner(str(node.extreme) == "highest", str(node.account) if node.account is not None else None))

    def account(self, item: Located, token: str) -> Cited[Account]:
        """The account `token` names (`Builder`), or a definition error."""
        self._need_account(item, token)
        return self.accounts[str(token)]

    def number(self, item: Located, node: syntax.Number | _Tree) -> int:
        """`_number` for the mechanic packages (`Builder`)."""
        return self._number(item, node)

    def cardset(self, item: Located, node: syntax.CardSet) -> CardSet:
        """`_cardset` for the mechanic packages (`Builder`)."""
        return self._cardset(item, node)

    def _need_totals(self, item: Located, token: lark.Token, hint: Phrase) -> None:
        """`_need_account`, for a statement that reads each player's one total of the account."""
        self._need_account(item, token)
        if self.accounts[str(token)].value.per_opponent:  # a column per opponent (`Match.pairs`), no one total
            raise item.error(token, Phrase('{account} is kept per opponent, so a player has no one total of it',
                                           account=token), hint=hint)

    def _need_account(self, item: Located, token: str) -> None:
        if str(token) not in self.accounts:
            raise item.error(token, Phrase('unknown account {token}', token=token), expected=", ".join(self.accounts) or
                             Phrase('an account declared with `account`'))

    # pass 2: contracts --------------------------------------------------------------------------

    def _s_combines(self, item: Located, node: syntax.Combines, cid: str, scope: str | None) -> None:
        name = node.contract
        if str(name) not in self.contracts:
            raise self._unknown_contract(item, name)
        for part in node.parts:
            if str(part) not in self.contracts:
                raise self._unknown_contract(item, part)
            if str(part) == str(name):
                raise item.error(part, Phrase('contract {name} cannot combine itself', name=name))
            if self.contracts[str(part)].combines:
                raise item.error(part, Phrase('contract {part} itself combines others; combine its parts instead', part=part))
        entry = self.contracts[str(name)]
        entry.combines += tuple(Cited(str(p), cid) for p in node.parts)

    def _s_contract_order(self, item: Located, node: syntax.ContractOrder, cid: str, scope: str | None) -> None:
        for name in node.contracts:
            if str(name) not in self.contracts:
                raise self._unknown_contract(item, name)
        missing = [c for c in self.contracts if c not in {str(n) for n in node.contracts}]
        if missing:
            raise item.error(node, Phrase('contract {missing} is never played: the order leaves it out', missing=missing[0]),
                             hint=Phrase('list every contract, or remove the ones the match never plays'))
        self.once(item, node, cid, "contract_order", tuple(str(n) for n in node.contracts))

    # seats named by `first lead by` and `first move by` ----------------------------------------

    def _seat(self, item: Located, written: syntax.Seat | _Tree) -> SeatRef:
        # (a tree: from a statement read without a node type, its seat read into its node here)
        seat = written if isinstance(written, syntax.Seat) else syntax.value(written)
        assert isinstance(seat, syntax.Seat), seat
        if seat.role != "holder":
            return SeatRef(seat.role)
        card = self._deck(item, seat).card(str(seat.card))
        if card is None:
            raise item.error(seat.card, Phrase('the pack has no card {card}', card=seat.card),
                             hint=Phrase('cards are written rank then suit, such as QH or 2C'))
        return SeatRef("holder", card)

    def seat(self, item: Located, node: syntax.Seat | _Tree) -> SeatRef:
        """The seat a statement names (`Builder`), its card checked against the pack."""
        return self._seat(item, node)

    def contract(self, item: Located, token: lark.Token) -> str:
        """The ID of the declared contract `token` names (`Builder`), or a definition error."""
        if str(token) not in self.contracts:
            raise self._unknown_contract(item, token)
        return str(token)

    def seats(self, item: Located, node: _SeatChain) -> SeatRef:
        """The seat of `first lead by` or `first move by`, with its `else` seats chained on."""
        seats = (node.seat, *node.otherwise)
        for seat, after in zip(seats, seats[1:]):
            if seat.role != "holder":
                raise item.error(after, Phrase('`{seat}` always names a player, so the seat after `else` never '
                                               'applies', seat=" ".join(item.source_text(seat).split())),
                                 hint=Phrase('`else` may follow only `holder of CARD`'))
        chained = self._seat(item, seats[-1])
        for seat in reversed(seats[:-1]):
            chained = dataclasses.replace(self._seat(item, seat), otherwise=chained)
        return chained

    # pass 2: scores, checks, irregularities ------------------------------------------------------------

    def _s_check(self, item: Located, node: syntax.Check, cid: str, scope: str | None) -> None:
        contract = str(node.contract) if node.contract is not None else scope
        if contract is not None and contract not in self.contracts:
            assert node.contract is not None  # (an `in` block's contract is checked as the block is read)
            raise self._unknown_contract(item, node.contract)
        self.checks.append(Check(str(node.quantity), contract, node.expected, cid, item.position(node)))
        self.check_items.append((item, node))

    def _s_irregularity(self, item: Located, node: syntax.Irregularity, cid: str, scope: str | None) -> None:
        name = str(node.what)
        if name in self.irregularities:
            raise item.error(node, Phrase('the irregularity {name} is already ruled on by clause {clause}', name=name, clause=self.irregularities[name].clause))
        self.irregularities[name] = Cited(tuple(str(r) for r in node.remedies), cid)

    # -- cards ------------------------------------------------------------------------------------

    def known(self, item: Located, at: At, code: str, what: str) -> str:
        """`code` as a suit or rank (`what`) of the pack, or an error listing the pack's."""
        deck = self._deck(item, at)
        if (deck.suit if what == "suit" else deck.rank)(str(code)) is None:
            known = deck.suits if what == "suit" else deck.ranks
            raise item.error(code, Phrase('the pack has no {what} {code}', what=Term(what), code=code), expected=" ".join(k.code for k in known))
        return str(code)

    def _deck(self, item: Located, at: At) -> Deck:
        """The deck card names are resolved against: the first pack declared."""
        packs = self.table.packs
        if not packs:
            raise item.error(at, Phrase('cards are named before any pack is chosen'),
                             hint=Phrase('add `pack DECK` to the clause that declares the deck'))
        return self.decks[packs[0].value.deck]

    def _cardset(self, item: Located, node: syntax.CardSet) -> CardSet:
        deck = self._deck(item, node)
        cards = self._atom(item, deck, node.include)
        if node.exclude is not None:
            cards = cards - self._atom(item, deck, node.exclude)
        return CardSet(frozenset(cards), " ".join(item.source_text(node).split()))

    def _atom(self, item: Located, deck: Deck, atom: syntax.CardAtom) -> set[Card]:
        kind = atom.kind
        if kind == "all_cards":
            return set(deck.cards)
        if kind == "rank_set":
            code = atom.codes[0]
            if deck.rank(str(code)) is None:
                raise item.error(code, Phrase('deck {id} has no rank {code}', id=deck.id, code=code), expected=" ".join(r.code for r in deck.ranks))
            return {c for c in deck.cards if c.rank.code == str(code)}
        if kind == "suit_set":
            code = atom.codes[0]
            if deck.suit(str(code)) is None:
                raise item.error(code, Phrase('deck {id} has no suit {code}', id=deck.id, code=code), expected=" ".join(s.code for s in deck.suits))
            return {c for c in deck.cards if c.suit == str(code)}
        out = set()
        for code in atom.codes:
            card = deck.card(str(code))
            if card is None:
                raise item.error(code, Phrase('deck {id} has no card {code}', id=deck.id, code=code),
                                 hint=Phrase('cards are written rank then suit, such as QH or 10S'))
            out.add(card)
        return out

    # -- finishing ----------------------------------------------------------------------------------

    def _contracts(self) -> dict[str, Contract]:
        base = self.contract_rules[None]
        out = {}
        for name, entry in self.contracts.items():
            merged = {record: dict(fields) for record, fields in base.items()}
            for record, fields in self.contract_rules.get(name, {}).items():
                into = merged.setdefault(record, {})
                for key, value in fields.items():
                    into[key] = _joined(into.get(key), value) if isinstance(value, tuple) else value
            out[name] = Contract(name, entry.title, entry.plays, entry.clause, _contract_rules(merged), entry.combines)
        return out


_PLAYS = {"tricks": Phase.TRICKS, "layout": Phase.LAYOUT}
"""The word of `contract ... plays WORD` -> the phase its play runs in."""


def _joined(stated: _Stated | None, more: tuple[Cited[object], ...]) -> tuple[Cited[object], ...]:
    """The statements of a rule stated many times, `more` after those stated before."""
    return (stated if isinstance(stated, tuple) else ()) + more


def _contract_rules(records: dict[type[PlayRecord | ContractRules], dict[str, _Stated]]) -> ContractRules:
    """The rules of a contract from the fields stated of each record: a mechanic's record fills
    its field of `ContractRules` (its `contract_field`), and `ContractRules`'s own fields are its own."""
    # The fields are named by the statements' build functions (`Builder.rule`), so they are passed
    # by name and each record's constructor checks them.
    own: dict[str, Any] = {}
    parts: dict[str, Any] = {}
    for record, fields in records.items():
        if issubclass(record, ContractRules):
            own.update(fields)
        else:
            parts[record.contract_field] = record(**fields)
    return ContractRules(**parts, **own)


def _rule_name(stmt: syntax.Node | _Tree) -> str:
    """The grammar rule of a statement, node or Lark tree."""
    return stmt.rule if isinstance(stmt, syntax.Node) else str(stmt.data)


def _text(node: lark.Token | _Tree) -> str:
    """The text of the STRING token the grammar puts at this place of a tree (never a subtree)."""
    return unquote(cast(lark.Token, node))


def _trees(children: Sequence[lark.Token | _Tree]) -> list[_Tree]:
    """The statements of a block (every child of a block is a statement)."""
    return [as_tree(child) for child in children]


def _signed(tree: _Tree) -> int:
    tokens = tree.children
    value = int(as_token(tokens[-1]))
    return -value if len(tokens) == 2 else value


def _check_value(param: Parameter, raw: str) -> str | int:
    if param.is_number:
        try:
            number = int(raw)
        except ValueError:
            raise UsageError(Phrase("parameter {name} takes a whole number, not {raw}",
                                    name=param.name, raw=repr(raw))) from None
        low, high = param.low, param.high  # a number parameter's bounds, always stated
        if low is not None and high is not None and not low <= number <= high:
            raise UsageError(Phrase("parameter {name} must be between {low} and {high}",
                                    name=param.name, low=param.low, high=param.high))
        return number
    values = [v for v, _ in param.choices]
    if raw not in values:
        raise UsageError(Phrase("parameter {name} has no choice {raw}; its choices: {choices}",
                                name=param.name, raw=repr(raw), choices=", ".join(values)))
    return raw


def _dedent(text: str) -> str:
    lines = text.split("\n")
    first, rest = lines[0], "\n".join(lines[1:])
    return (first.strip() + ("\n" + textwrap.dedent(rest) if rest else "")).strip("\n") \
        if not first.startswith(" ") else textwrap.dedent(text).strip("\n")


_UNSAFE_IN_ADDRESS = re.compile(r"[\s\x00-\x1f\x7f]")
"""A space of any kind or a control character: never part of an address `see` may name."""


def _web_address(item: Located, token: lark.Token) -> str:
    """The address of a `see`: a web page, for the book to link to. Any other scheme
    (`javascript:`, `file:`, `data:`) would become a link that runs or opens something else."""
    address = unquote(token)
    try:
        parts = urlsplit(address)
    except ValueError:
        parts = None
    if (parts is None or parts.scheme.lower() not in ("http", "https") or not parts.netloc
            or _UNSAFE_IN_ADDRESS.search(address)):
        shown = address if len(address) <= 60 else address[:60] + "..."
        raise item.error(token, Phrase("{address} is not a web address: `see` names a page whose address begins with http or https",
                                       address=repr(shown)),
                         hint=Phrase("write the page's whole address, with its https or http at the start"))
    return address

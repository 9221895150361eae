"""The phase in which the contract of a deal is named ("choose").

The chooser names a contract (`choose CONTRACT`, with `SUIT` or `RANK` when the contract lets him
name its trumps or its starting rank); in a deal whose contract the match's order fixes, the
dealer names only its trumps (`choose CONTRACT SUIT`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ...engine.moves import decode_choice
from ...engine.table import Action
from ...i18n import N_
from ...model.game import Game
from ...verdicts import Verdict
from ..base import DealCore, Illegal, PhaseRunner
from ..vocabulary import Phase, PhaseWord

__all__ = ["NAMERS", "NamedContract", "ChoosingDeal", "chooser_of", "dealer_chooses", "may_choose", "naming_moves",
           "CHOOSE"]

NAMERS = ("chooser", "declarer", "dealer")
"""The players who may name a contract (and with it a trump suit or a starting rank)."""


class NamedContract(Protocol):
    """What the phase reads of a contract as the play compiles it."""

    @property
    def naming_moves(self) -> tuple[tuple[int, ...], ...]:
        """Per player in `NAMERS`, the moves by which he names the contract."""

    @property
    def trumps_named_by(self) -> str | None: ...

    @property
    def layout_named_by(self) -> str | None: ...

    @property
    def trumps_clause(self) -> str | None: ...

    @property
    def layout_clauses(self) -> tuple[str, ...]: ...


class ChoosingDeal(DealCore, Protocol):
    @property
    def contracts(self) -> dict[str, NamedContract]: ...

    chosen: list[set[str]]
    """Per seat, the contracts he has chosen so far in the match."""
    fixed_contract: str | None
    """A contract the order of the match fixes, whose trumps (or starting rank) the dealer still has to name."""

    def legal_moves(self) -> list[int]: ...

    def contract_named(self, contract_id: str, trump: int | None) -> None:
        """Go on with the contract named: to the doubling between players, or to its play."""


def chooser_of(deal: DealCore) -> int:
    """The player who names the contract, as `contract chosen by` says."""
    rule = deal.game.contract_choice
    return deal.dealer if rule is not None and rule.by_dealer else deal.eldest


def dealer_chooses(game: Game) -> bool:
    """Whether the player who chooses the contract is always the dealer (`contract chosen by
    dealer`, or an eldest hand who is the dealer): then a contract's trumps or starting rank
    `named by dealer` are named by its chooser, with the contract."""
    if game.table.phases is None or PhaseWord.CONTRACT_CHOICE not in game.table.phases.value:
        return False
    rule = game.contract_choice
    return (rule is not None and rule.by_dealer) or (game.table.eldest is not None and game.table.eldest.value == 0)


def may_choose(deal: ChoosingDeal, cid: str) -> bool:
    """Whether the chooser may still choose `cid` (`each player chooses each contract once`)."""
    rule = deal.game.contract_choice
    return not (rule is not None and rule.once is not None and cid in deal.chosen[chooser_of(deal)])


def naming_moves(deal: ChoosingDeal, index: int, namer: str) -> list[int]:
    """The moves that name contract `index`, with a trump suit when `namer` names one."""
    return list(deal.contracts[deal.table.contract_ids[index]].naming_moves[NAMERS.index(namer)])


def _moves(deal: ChoosingDeal, seat: int) -> list[int]:
    if deal.fixed_contract is not None:  # the dealer names the trumps of the contract in turn
        return naming_moves(deal, deal.table.contract_ids.index(deal.fixed_contract), "dealer")
    rule = deal.game.contract_choice  # `may_choose` for every contract, with the lookups done once
    once = rule is not None and rule.once is not None
    chosen: Sequence[str] | set[str] = deal.chosen[chooser_of(deal)] if once else ()
    contracts, by_chooser = deal.contracts, NAMERS.index("chooser")
    return [move for cid in deal.table.contract_ids if cid not in chosen
            for move in contracts[cid].naming_moves[by_chooser]]


def _push(deal: ChoosingDeal, seat: int, move: int) -> None:
    index, trump = decode_choice(move)
    cid = deal.table.contract_ids[index]
    if deal.fixed_contract is None:
        deal.chosen[chooser_of(deal)].add(cid)
    deal.contract_named(cid, trump)


def _judge(deal: ChoosingDeal, seat: int, action: Action, illegal: Illegal) -> Verdict:
    game, what = deal.game, str(action)
    move = deal.table.move(action)
    choice = game.contract_choice.chooser if game.contract_choice is not None else None
    if deal.fixed_contract is not None:
        fixed = deal.contracts[deal.fixed_contract]
        if fixed.layout_named_by == "dealer":  # he names the starting rank of the layout
            if move not in deal.legal_moves():
                return illegal(N_("Seat {seat} must name the starting rank with {contract}: choose {contract} RANK."),
                               fixed.layout_clauses, seat=seat, contract=deal.fixed_contract)
            return Verdict(True, N_("Seat {seat} names {rank} as the starting rank."),
                           (("seat", seat), ("rank", action.args[1])), fixed.layout_clauses, seat, what)
        if move not in deal.legal_moves():
            return illegal(N_("Seat {seat} must name the trump suit with {contract}: choose {contract} SUIT."),
                           (fixed.trumps_clause,), seat=seat, contract=deal.fixed_contract)
        return Verdict(True, N_("Seat {seat} names {suit} as trumps."),
                       (("seat", seat), ("suit", action.args[1])), (fixed.trumps_clause or "",), seat, what)
    if action.kind != "choose":
        return illegal(N_("Seat {seat} must first name the contract."),
                       (choice.clause if choice else None,), seat=seat)
    contract = action.contract or ""
    if move is None:
        return illegal(N_("There is no contract {contract} in this game."),
                       (choice.clause if choice else None,), contract=contract)
    if not may_choose(deal, contract):
        once = game.contract_choice.once if game.contract_choice is not None else None
        return illegal(N_("Seat {seat} has already chosen {contract} in an earlier deal."),
                       (once.clause if once else None,), seat=seat, contract=contract)
    if move not in deal.legal_moves():
        named = deal.contracts[contract]
        if named.layout_named_by == "chooser":
            return illegal(N_("Seat {seat} must name the starting rank with {contract}: choose {contract} RANK."),
                           named.layout_clauses, seat=seat, contract=contract)
        if named.trumps_named_by == "chooser":
            return illegal(N_("Seat {seat} must name the trump suit with {contract}: choose {contract} SUIT."),
                           (named.trumps_clause,), seat=seat, contract=contract)
        return illegal(N_("{contract} has fixed trumps: the chooser names no suit."),
                       (named.trumps_clause,), contract=contract)
    return Verdict(True, N_("Seat {seat} names the contract {contract}."),
                   (("seat", seat), ("contract", contract)), (choice.clause,) if choice else (), seat, what)


CHOOSE = PhaseRunner(Phase.CONTRACT_CHOICE, _moves, _push, _judge, frozenset({"choose"}))

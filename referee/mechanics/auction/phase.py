"""The phases of an auction game before the play: the auction (and the contest after several bids
off the ladder), the talon exchange, the declaration, the defence and the kontra. Each phase lists
its moves from the compiled tables (`compiled.CompiledAuction`), applies a move to the deal's
`AuctionState`, and rules on an action with the clauses that decide it.

The phases follow one another in the order `deal phases` lists them; a phase the game does not
list is skipped (without a talon exchange the declarer never takes the talon, without a
declaration he plays the contract of his bid, without a defence both others defend).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations
from random import Random
from typing import Any, Protocol

from ...engine import moves
from ...engine.dice import chooser
from ...engine.moves import (
    DEFEND,
    DEFEND_CLOSED,
    DEFEND_OPEN,
    DOUBLE,
    HALF_DEFEND,
    PASS,
    SPECIAL_BASE,
    MoveKind,
    decode_choice,
)
from ...engine.moves import discards as discard_moves
from ...engine.table import Action
from ...i18n import N_
from ...model.values import SeatRef
from ...verdicts import Verdict
from ..base import DealCore, Illegal, PhaseRunner
from ..tricks.compiled import CompiledContract
from ..vocabulary import Phase
from .compiled import ANY_SPECIAL, LATER_SPECIALS, NO_SPECIAL, CompiledAuction
from .rules import OpenDefence, Undefended
from .state import AuctionState, Said

__all__ = ["AuctionDeal", "start_auction", "random_bidding", "Discards", "AUCTION_RUNNERS", "TALON_RUNNERS",
           "DECLARATION_RUNNERS", "DEFENCE_RUNNERS"]

# Members as module names in the moves' code: one looked up on its enum class costs several
# times as much (Python 3.11's EnumType.__getattr__), and random play pushes every move.
_AUCTION, _CONTEST, _DECLARATION = Phase.AUCTION, Phase.CONTEST, Phase.DECLARATION
_TALON_EXCHANGE = Phase.TALON_EXCHANGE
_DEFENCE, _KONTRA, _OVER = Phase.DEFENCE, Phase.KONTRA, Phase.OVER
_BID = MoveKind.BID

_DOUBLE_OR_PASS = (PASS, DOUBLE)
_PASS_ONLY = (PASS,)
_OPEN_OR_CLOSED = (DEFEND_OPEN, DEFEND_CLOSED)
_ALWAYS_OPEN = OpenDefence.ALWAYS


class AuctionDeal(DealCore, Protocol):
    """What the phases read and move on in a deal: its auction state, and the deal's own
    declarer, defenders, talon and contract."""

    bidding: AuctionState | None
    history: list[tuple[int, int]]
    talon: list[int]
    contracts: dict[str, CompiledContract]
    contract: CompiledContract | None
    named_trump: int | None
    declarer: int | None
    defenders: list[int]
    played_by: dict[int, int]
    played_by_clause: str | None

    def start_play(self, contract_id: str, trump: int | None = None) -> None: ...


def _state(deal: AuctionDeal) -> AuctionState:
    state = deal.bidding
    assert state is not None, "a phase of the auction in a deal without one"
    return state


def start_auction(deal: AuctionDeal, rules: CompiledAuction, held: list[int] | None, written: list[int] | None,
                  bidding: bool, passed_before: int = 0) -> AuctionState:
    """The auction state of a new deal; with `bidding`, the deal starts with the first bid.
    `passed_before`: the deals everybody passed in a row right before this one."""
    n = deal.table.players
    held = held if held is not None else [0] * n
    first = _seat_of(deal, rules.model.first_bid.value if rules.model.first_bid else SeatRef("eldest"))
    state = AuctionState(rules, first, held, written if written is not None else list(held), passed_before)
    if bidding:
        deal.phase, deal.to_act = _AUCTION, first
    return state


def _seat_of(deal: AuctionDeal, seat: SeatRef) -> int:
    """The seat a rule names before the auction: eldest, dealer or the holder of a card (else the
    seat after `else`)."""
    if seat.role == "dealer":
        return deal.dealer
    if seat.role == "holder":
        # Nobody holds a card the pack for this table lacks, or one left undealt: the seat after
        # `else` is named then (the load check sees that one is, where that can happen).
        assert seat.card is not None
        card = deal.table.card_id(seat.card.code)  # by its code: cards of two decks compare by rank order
        holder = next((s for s, hand in enumerate(deal.hands) if card in hand), None) if card is not None else None
        if holder is not None:
            return holder
        return _seat_of(deal, seat.otherwise) if seat.otherwise is not None else deal.eldest
    return deal.eldest


# -- legal moves ------------------------------------------------------------------------------------
# Each phase lists its moves as a tuple looked up in the compiled tables: `legal_moves` hands out a
# list, and random play draws from the tuple itself.


def _auction_options(deal: AuctionDeal, seat: int) -> Sequence[int]:
    state = deal.bidding
    assert state is not None  # inline, not `_state`: random play asks on every move
    rules = state.rules
    said = state.said
    # A player who has said a bid off the ladder says no other; one who has spoken already may
    # say only those not limited to a first turn.
    if said and any(s.seat == seat for s in said):
        kind = NO_SPECIAL
    else:
        kind = LATER_SPECIALS if seat in state.spoken else ANY_SPECIAL
    # A bid off the ladder is above every number: once one is said no number may follow.
    if said:
        return rules.after_special_options[kind]
    if seat in state.bound:  # he bid a step that binds him (misère): he may only pass
        return _PASS_ONLY
    level = state.level
    if (rules.model.hold and level and state.high_bidder is not None
            and _priority(deal, state, seat) < _priority(deal, state, state.high_bidder)):
        # An earlier bidder facing a later one's number holds it ("mine") or passes; he may not
        # go past it while the later bidder can still answer.
        return rules.hold_options[level][kind]
    table = rules.spoken_options if seat in state.spoken else rules.bid_options
    lowest = 0 if level is None else level + 1
    if state.passed_before and lowest < rules.exit_step:  # after all passing the bids start higher
        lowest = rules.exit_step
    return table[lowest][kind]


def _priority(deal: AuctionDeal, state: AuctionState, seat: int) -> int:
    """Distance from the first bidder: lower speaks earlier."""
    return (seat - state.first_bidder) % deal.table.players


def _declare_options(deal: AuctionDeal, seat: int) -> Sequence[int]:
    state = deal.bidding
    assert state is not None  # inline, not `_state`: random play asks on every move
    if state.won_by_special:
        return state.rules.declare_after_special
    assert state.level is not None
    return state.rules.declare_after_bid[state.level]


def _discard_options(deal: AuctionDeal, seat: int) -> Sequence[int]:
    return Discards(deal.hands[seat])


def _double_options(deal: AuctionDeal, seat: int) -> Sequence[int]:
    return _DOUBLE_OR_PASS


def _defence_options(deal: AuctionDeal, seat: int) -> Sequence[int]:
    assert deal.contract is not None
    state = deal.bidding
    assert state is not None  # inline, not `_state`: random play asks on every move
    if state.open_choice:
        return _OPEN_OR_CLOSED
    answers = state.rules.defence_moves[deal.contract.id]
    if state.rules.model.half_defence is not None and PASS in answers and _may_half_defend(deal, state):
        return answers + (HALF_DEFEND,)
    return answers


def _may_half_defend(deal: AuctionDeal, state: AuctionState) -> bool:
    """The defender to answer is the last, every one before him passed, and the contract's level
    is at most the half-whist's (`the last defender may half defend after a pass, up to level 7`)."""
    half = state.rules.model.half_defence
    if half is None or state.declared is None:
        return False
    level = state.rules.model.ladder[state.declared].level
    answers = state.defence_answers
    return (level is not None and level <= half.value and len(answers) == deal.table.players - 2
            and not any(answers.values()))


def _listed(options: Callable[[AuctionDeal, int], Sequence[int]]) -> Callable[[AuctionDeal, int], list[int]]:
    def moves_of(deal: AuctionDeal, seat: int) -> list[int]:
        return list(options(deal, seat))
    return moves_of


def _discard_moves(deal: AuctionDeal, seat: int) -> list[int]:
    return discard_moves(deal.hands[seat])


# -- applying moves ---------------------------------------------------------------------------------


def _auction_push(deal: AuctionDeal, seat: int, move: int) -> None:
    state = deal.bidding
    assert state is not None  # inline, not `_state`: random play asks on every move
    if not state.rules.pass_is_final:
        return _open_auction_push(deal, state, seat, move)
    state.spoken.add(seat)
    passed = state.passed
    if move == PASS:
        passed.add(seat)
    elif move <= SPECIAL_BASE:
        state.said.append(Said(seat, moves.special_index(move)))
    else:
        state.level, state.high_bidder = moves.bid_step(move), seat
        if state.level in state.rules.binding_steps:
            state.bound[seat] = state.level
    n = deal.table.players
    if state.said:
        # After a bid off the ladder those still in may only add one of their own or pass: it
        # ends when nobody is left who has neither passed nor said one.
        out = passed.union([s.seat for s in state.said])
        if len(out) == n:
            return _end_auction(deal, state)
    elif state.level is None:
        if len(passed) == n:
            return _end_auction(deal, state)
        out = passed
    elif len(passed) == n - 1 and state.high_bidder not in passed:
        return _end_auction(deal, state)  # everyone else has passed: the high bidder has won
    else:
        out = passed
    nxt = (seat + 1) % n
    while nxt in out:
        nxt = (nxt + 1) % n
    deal.to_act = nxt


def _open_auction_push(deal: AuctionDeal, state: AuctionState, seat: int, move: int) -> None:
    """An auction where a pass is not final: everyone keeps his turn, and it ends when all the
    others pass in a row after the last bid (or everyone passes before any bid)."""
    state.spoken.add(seat)
    if move == PASS:
        state.passes_in_row += 1
    else:
        state.passes_in_row = 0
        if move <= SPECIAL_BASE:
            state.said.append(Said(seat, moves.special_index(move)))
        else:
            state.level, state.high_bidder = moves.bid_step(move), seat
            if state.level in state.rules.binding_steps:
                state.bound[seat] = state.level
    n = deal.table.players
    bid = state.level is not None or state.said
    if state.passes_in_row >= (n - 1 if bid else n):
        return _end_auction(deal, state)
    deal.to_act = (seat + 1) % n


def _end_auction(deal: AuctionDeal, state: AuctionState) -> None:
    said = state.said
    rules = state.rules
    if said:
        state.won_by_special = True
        specials = rules.model.specials
        if rules.first_wins_contest:  # `the first bidder wins`: the later bids lose to his
            said = said[:1]
        state.from_hand = all(specials[s.special].from_hand for s in said)
        if len(said) > 1:
            # Several bids off the ladder: each names his contract, the best one wins.
            deal.phase, deal.to_act = _CONTEST, said[0].seat
            return
        deal.declarer = said[0].seat
    elif state.level is None:
        state.all_passed = True
        out = rules.model.pass_out
        if out is not None and out.plays is not None:
            # Nobody bid: the deal is played in the pass-out contract, with no declarer (raspasy).
            deal.defenders = []
            deal.start_play(out.plays)
            return
        deal.phase = _OVER
        return
    else:
        deal.declarer = state.high_bidder
    assert deal.declarer is not None
    deal.to_act = deal.declarer
    if rules.has_talon_exchange and not state.from_hand and deal.talon:
        deal.hands[deal.declarer].extend(deal.talon)
        deal.phase = _TALON_EXCHANGE
    else:
        _after_talon(deal, state)


def _after_talon(deal: AuctionDeal, state: AuctionState) -> None:
    if state.rules.has_declaration:
        deal.phase = _DECLARATION
    else:
        # Nobody names a contract: the bid that won the auction is played.
        assert deal.declarer is not None and state.level is not None
        state.declared = state.level
        _declare(deal, state, deal.declarer, state.rules.model.ladder[state.level].contract)


def _contest_push(deal: AuctionDeal, seat: int, move: int) -> None:
    state = deal.bidding
    assert state is not None  # inline, not `_state`: random play asks on every move
    games = state.contest_games
    games[seat] = move
    order = [s.seat for s in state.said]
    pending = [s for s in order if s not in games]
    if pending:
        deal.to_act = pending[0]
        return
    # The highest contract wins; between equal ones, the earlier or later bidder as stated.
    later = 1 if state.rules.later_wins_contest else -1
    best = max(order, key=lambda s: (_step_named(state, games[s]), later * order.index(s)))
    deal.declarer = best
    _declare_push(deal, best, games[best])


def _discard_push(deal: AuctionDeal, seat: int, move: int) -> None:
    state = _state(deal)
    a, b = moves.discard_cards(move)
    deal.hands[seat].remove(a)
    deal.hands[seat].remove(b)
    state.discarded = (a, b)
    _after_talon(deal, state)


def _step_named(state: AuctionState, move: int) -> int:
    """The ladder step a declaration names: the bid itself on a ladder of levels, else the
    (lowest) step of its contract."""
    if moves.kind(move) is _BID:
        return moves.bid_step(move)
    return state.rules.ladder_step_of[decode_choice(move)[0]]


def _declare_push(deal: AuctionDeal, seat: int, move: int) -> None:
    state = deal.bidding
    assert state is not None  # inline, not `_state`: random play asks on every move
    if moves.kind(move) is _BID:  # a bid of a ladder of levels: its strain is played
        step = moves.bid_step(move)
        state.declared = step
        _declare(deal, state, seat, state.rules.model.ladder[step].contract)
        return
    index, trump = decode_choice(move)
    _declare(deal, state, seat, deal.table.contract_ids[index], trump)


def _declare(deal: AuctionDeal, state: AuctionState, seat: int, contract_id: str, trump: int | None = None) -> None:
    deal.contract = deal.contracts[contract_id]
    deal.named_trump = trump
    assert deal.declarer is not None
    if state.rules.has_defence:
        deal.phase = _DEFENCE
        deal.to_act = (deal.declarer + 1) % deal.table.players
    else:
        # Without a defence phase nobody is asked: every other player defends.
        deal.defenders = [s for s in range(deal.table.players) if s != deal.declarer]
        _to_play(deal)


def _to_play(deal: AuctionDeal) -> None:
    assert deal.contract is not None
    deal.start_play(deal.contract.id, deal.named_trump)


def _defence_push(deal: AuctionDeal, seat: int, move: int) -> None:
    state = deal.bidding
    assert state is not None  # inline, not `_state`: random play asks on every move
    if move == HALF_DEFEND:  # the deal is not played: the half-whister writes, and the declarer
        state.defence_answers[seat] = True
        state.half_defended = True
        deal.defenders = [seat]
        deal.phase = _OVER
        return
    model = state.rules.model
    if state.open_choice:  # the lone defender's choice: open cards, or each his own hand closed
        state.open_choice = False
        if move == DEFEND_OPEN:
            _open_hands(deal, seat)
        return _after_defence(deal, state)
    state.defence_answers[seat] = move == DEFEND
    if len(state.defence_answers) < deal.table.players - 1:
        deal.to_act = (seat + 1) % deal.table.players
        return
    deal.defenders = [s for s, yes in state.defence_answers.items() if yes]
    if not deal.defenders and model.undefended is not None and model.undefended.value is Undefended.MADE:
        state.undefended = True
        deal.phase = _OVER
        return
    rule = model.open_defence
    if rule is not None and len(deal.defenders) == 1 and len(state.defence_answers) > 1:
        if rule.value is _ALWAYS_OPEN:
            _open_hands(deal, deal.defenders[0])
        else:
            state.open_choice = True
            deal.to_act = deal.defenders[0]
            return
    _after_defence(deal, state)


def _open_hands(deal: AuctionDeal, lone: int) -> None:
    """The lone defender plays the hands of those who declined, face up with his own."""
    state = _state(deal)
    rule = state.rules.model.open_defence
    assert rule is not None and deal.declarer is not None
    deal.played_by = {s: lone for s in state.defence_answers if s != lone}
    deal.played_by_clause = rule.clause


def _after_defence(deal: AuctionDeal, state: AuctionState) -> None:
    """The defence is settled: the kontra, if the game has one and somebody defends, else the play."""
    model = state.rules.model
    if model.doubling is not None and deal.defenders:
        deal.phase = _KONTRA
        _defenders_to_double(deal, state)
        return
    _to_play(deal)


def _defenders_to_double(deal: AuctionDeal, state: AuctionState) -> None:
    """A round in which each defender in turn may double, or double again."""
    n = deal.table.players
    declarer = deal.declarer
    assert declarer is not None
    state.to_double = sorted(deal.defenders, key=lambda s: (s - declarer) % n)
    deal.to_act = state.to_double[0]


def _double_push(deal: AuctionDeal, seat: int, move: int) -> None:
    state = _state(deal)
    doubling = state.rules.model.doubling
    assert doubling is not None
    if move == DOUBLE:
        state.doublings += 1
        if state.doublings >= doubling.value:
            return _to_play(deal)
        if seat == deal.declarer:
            return _defenders_to_double(deal, state)
        assert deal.declarer is not None
        deal.to_act = deal.declarer
        return
    if seat == deal.declarer:
        return _to_play(deal)
    state.to_double.remove(seat)
    if state.to_double:
        deal.to_act = state.to_double[0]
    else:
        _to_play(deal)


# -- rulings ----------------------------------------------------------------------------------------


def _judge_auction(deal: AuctionDeal, seat: int, action: Action, illegal: Illegal) -> Verdict | None:
    state = _state(deal)
    model = state.rules.model
    what = str(action)
    move = deal.table.move(action)
    if action.kind not in ("bid", "pass"):
        return illegal(N_("The auction is not over: seat {seat} must bid or pass."),
                       (model.ladder_clause,), "illegal_bid", seat=seat)
    if move is None:
        return illegal(N_("There is no bid {bid} in this game."), (model.ladder_clause,), "illegal_bid",
                       bid=action.args[0])
    if move in _auction_options(deal, seat):
        return Verdict(True, N_("Seat {seat}: {action}."), (("seat", seat), ("action", what)),
                       (model.ladder_clause,), seat, what)
    said = model.specials[state.said[0].special].name if state.said else ""
    if seat in state.bound:
        said = model.ladder[state.bound[seat]].name
    message, clauses = _why_bid_illegal(deal, state, seat, move)
    if model.exit_bid is not None and clauses == (model.exit_bid.clause,):
        return illegal(message, clauses, "illegal_bid", seat=seat, bid=action.args[0], lowest=model.exit_bid.bid)
    return illegal(message, clauses, "illegal_bid", seat=seat, bid=action.args[0], special=said)


def _why_bid_illegal(deal: AuctionDeal, state: AuctionState, seat: int, move: int) -> tuple[str, tuple[str | None, ...]]:
    model = state.rules.model
    if seat in state.bound:
        bound = model.ladder[state.bound[seat]]
        return (N_("Seat {seat} may not bid {bid}: he bid {special}, which binds him, and may only pass now."),
                (model.binding[bound.contract],))
    if move > SPECIAL_BASE and model.ladder[moves.bid_step(move)].contract in model.first_call and seat in state.spoken:
        return (N_("Seat {seat} may not bid {bid}: it may be only a player's first call, and he has spoken already."),
                (model.first_call[model.ladder[moves.bid_step(move)].contract],))
    if move <= SPECIAL_BASE:
        special = model.specials[moves.special_index(move)]
        if special.first_turn_only:
            return (N_("Seat {seat} may not bid {bid}: it may be said only at a player's first turn, "
                       "and never after he has bid a number."), (special.clause,))
        return N_("Seat {seat} may not bid {bid} now."), (special.clause,)
    if state.said:
        first = model.specials[state.said[0].special]
        return N_("Seat {seat} may not bid {bid}: no number may be bid after {special}."), (first.clause,)
    step = moves.bid_step(move)
    nxt = 0 if state.level is None else state.level + 1
    rise = model.steps.clause if model.steps else None
    if state.passed_before and step < state.rules.exit_step and model.exit_bid is not None:
        return (N_("Seat {seat} may not bid {bid}: after a deal everybody passed no bid lower than {lowest} "
                   "may be made."), (model.exit_bid.clause,))
    if state.level is not None and moves.bid(state.level) in _auction_options(deal, seat):
        return (N_("Seat {seat} may not bid {bid}: facing a later player's bid, an earlier bidder "
                   "may only hold it (by repeating it) or pass."), (model.hold, rise))
    if step > nxt:
        return N_("Seat {seat} may not bid {bid}: the next bid must be the lowest available, "
                  "without a jump."), (rise,)
    return N_("Seat {seat} may not bid {bid}: it does not outrank the bid before it."), (rise,)


def _passed_already(deal: AuctionDeal, seat: int, action: Action, illegal: Illegal) -> Verdict | None:
    """A player who has passed may not bid again, whoever's turn it is."""
    state = _state(deal)
    final = state.rules.model.pass_final
    if seat in state.passed and state.rules.pass_is_final and final is not None:
        return illegal(N_("Seat {seat} has passed and may not bid again."), (final.clause,), "illegal_bid", seat=seat)
    return None


def _judge_talon(deal: AuctionDeal, seat: int, action: Action, illegal: Illegal) -> Verdict | None:
    model = _state(deal).rules.model
    table = deal.table
    move = table.move(action)
    take, view = model.talon_discards, model.talon_shown
    assert take is not None and view is not None, "the mechanics check asks for both"
    cited = tuple(dict.fromkeys((take.clause, view.clause)))
    if action.kind != "discard" or move is None or move not in _discard_moves(deal, seat):
        return illegal(N_("Seat {seat} must discard two cards from his hand after taking the talon."),
                       (take.clause,), "illegal_card", seat=seat)
    what = str(action)
    if view.value:
        talon = " ".join(table.code(c) for c in deal.talon)
        return Verdict(True, N_("Seat {seat} takes the talon {talon}, shown to all, and discards two cards."),
                       (("seat", seat), ("talon", talon)), cited, seat, what)
    return Verdict(True, N_("Seat {seat} takes the talon unseen by the others and discards two cards."),
                   (("seat", seat),), cited, seat, what)


def _judge_declaration(deal: AuctionDeal, seat: int, action: Action, illegal: Illegal) -> Verdict | None:
    state = _state(deal)
    model = state.rules.model
    move = deal.table.move(action)
    if action.kind == "discard" and state.won_by_special:
        said = model.specials[state.said[0].special] if state.said else None
        return illegal(N_("Seat {seat} won the auction with {special}, which is played without the "
                          "talon: there is nothing to discard; he must declare a contract."),
                       (said.clause if said else None, model.talon_discards.clause if model.talon_discards else None),
                       "illegal_bid", seat=seat, special=said.name if said else "?")
    if action.kind == "declare" and move is None:
        return illegal(N_("There is no contract {contract} in this game."), (model.ladder_clause,),
                       "illegal_bid", seat=seat, contract=action.args[0] if action.args else "")
    if action.kind != "declare" or move is None:
        # In the contest after several bids off the ladder, the rule on it says why he must.
        contest = model.contest.clause if deal.phase == Phase.CONTEST and model.contest else None
        return illegal(N_("Seat {seat} must declare a contract."), (model.ladder_clause, contest), "illegal_bid",
                       seat=seat)
    if move not in _declare_options(deal, seat) and not state.won_by_special and state.level is not None:
        won = model.ladder[state.level]
        named = model.ladder[moves.bid_step(move)] if moves.kind(move) is MoveKind.BID else None
        if won.contract in model.binding:
            return illegal(N_("Seat {seat} won the auction with {bid}, which binds him: he must play it."),
                           (model.binding[won.contract],), "illegal_bid", seat=seat, bid=won.name)
        if named is not None and won.level is not None and named.contract in model.not_after_number:
            return illegal(N_("Seat {seat} won the auction with a number and may not name {bid}."),
                           (model.not_after_number[named.contract],), "illegal_bid", seat=seat, bid=named.name)
    if move not in _declare_options(deal, seat):
        clause = model.declaration.clause if model.declaration else model.ladder_clause
        return illegal(N_("Seat {seat} may not declare {contract}: the contract may not be lower "
                          "than the bid that won the auction."), (clause,), "illegal_bid",
                       seat=seat, contract=action.args[0])
    clauses = (model.after_special.clause,) if state.won_by_special and model.after_special else ()
    return Verdict(True, N_("Seat {seat} declares {contract}."), (("seat", seat), ("contract", action.args[0])),
                   (model.ladder_clause,) + clauses, seat, str(action))


def _judge_defence(deal: AuctionDeal, seat: int, action: Action, illegal: Illegal) -> Verdict | None:
    state = _state(deal)
    assert deal.contract is not None
    clause = state.rules.model.defence_for(deal.contract.id).clause
    if action.kind not in ("defend", "pass") and not state.open_choice:
        said, model = state.said, state.rules.model
        if action.kind == "declare" and state.rules.first_wins_contest and model.contest is not None \
                and any(s.seat == seat for s in said[1:]):
            return illegal(N_("Seat {seat} said {special} after seat {other}, and the first to say it wins: only "
                              "seat {other} names a contract; seat {seat} must say whether he defends."),
                           (model.contest.clause, clause), seat=seat, special=model.specials[said[0].special].name,
                           other=said[0].seat)
        return illegal(N_("Seat {seat} must say whether he defends."), (clause,), seat=seat)
    ruled = _judge_open_choice(deal, state, seat, action, clause, illegal)
    if ruled is not None:
        return ruled
    half = state.rules.model.half_defence
    if deal.table.move(action) == HALF_DEFEND and half is not None:
        if HALF_DEFEND not in _defence_options(deal, seat):
            return illegal(N_("Seat {seat} may not defend half: only the last defender may, after the others "
                              "passed, in a game of level {level} or lower."), (half.clause,), seat=seat,
                           level=half.value)
        return Verdict(True, N_("Seat {seat} defends half: the deal is not played."), (("seat", seat),),
                       (half.clause,), seat, str(action))
    if deal.table.move(action) not in _defence_options(deal, seat):
        return illegal(N_("Seat {seat} must defend: nobody may decline in this contract."), (clause,), seat=seat)
    what = str(action)
    return Verdict(True, N_("Seat {seat}: {action}."), (("seat", seat), ("action", what)), (clause,), seat, what)


def _judge_open_choice(deal: AuctionDeal, state: AuctionState, seat: int, action: Action, clause: str,
                       illegal: Illegal) -> Verdict | None:
    """The ruling on a lone defender's choice of open or closed cards, and on any other answer
    while he is to make it; None when neither is the case."""
    move, rule = deal.table.move(action), state.rules.model.open_defence
    what = str(action)
    if action.kind != "defend" or move not in _OPEN_OR_CLOSED:
        if state.open_choice:
            assert rule is not None  # (a choice is asked for only under the rule)
            return illegal(N_("Seat {seat} defends alone and must now say whether he plays with open cards "
                              "(defend openly) or each defender his own hand (defend closed)."), (rule.clause,),
                           seat=seat)
        return None
    if rule is None:
        return illegal(N_("Seat {seat} may not choose to defend with open cards: these rules never lay the "
                          "defenders' hands face up."), (clause,), seat=seat)
    if not state.open_choice:
        return illegal(N_("Seat {seat} may not choose open or closed cards now: a defender chooses so only when "
                          "he is left to defend alone, once every answer is in."), (rule.clause,), seat=seat)
    if move == DEFEND_OPEN:
        return Verdict(True, N_("Seat {seat} defends with open cards: the hands of the defence lie face up, and "
                                "seat {seat} plays them both."), (("seat", seat),), (rule.clause,), seat, what)
    return Verdict(True, N_("Seat {seat} defends with closed cards: each defender plays his own hand."),
                   (("seat", seat),), (rule.clause,), seat, what)


def _judge_kontra(deal: AuctionDeal, seat: int, action: Action, illegal: Illegal) -> Verdict | None:
    state = _state(deal)
    doubling = state.rules.model.doubling
    assert doubling is not None
    clause, what = doubling.clause, str(action)
    if action.kind not in ("double", "pass"):
        return illegal(N_("Seat {seat} may double or pass."), (clause,), seat=seat)
    move = deal.table.move(action)
    if move not in (DOUBLE, PASS):
        # Kontra doubles the contract, not one player: `double` takes no seat here.
        return illegal(N_("Seat {seat} may double the contract only, with \"double\" and no seat: "
                          "{action} names a player."), (clause,), seat=seat, action=what)
    if move == DOUBLE:
        return Verdict(True, N_("Seat {seat} doubles: the contract now counts {times} times."),
                       (("seat", seat), ("times", 2 ** (state.doublings + 1))), (clause,), seat, what)
    return Verdict(True, N_("Seat {seat}: {action}."), (("seat", seat), ("action", what)), (clause,), seat, what)


# The rule that gives the turn in each phase, cited when a player acts out of turn: the first
# bidder (before anyone has spoken), the declarer (talon and contract), the defenders in turn.

def _auction_turn(deal: AuctionDeal) -> tuple[str | None, ...]:
    state = _state(deal)
    first = state.rules.model.first_bid
    return (first.clause,) if first is not None and not state.spoken else ()


def _talon_turn(deal: AuctionDeal) -> tuple[str | None, ...]:
    take = _state(deal).rules.model.talon_discards
    return (take.clause,) if take else ()


def _declaration_turn(deal: AuctionDeal) -> tuple[str | None, ...]:
    declaration = _state(deal).rules.model.declaration
    return (declaration.clause,) if declaration else ()


def _defence_turn(deal: AuctionDeal) -> tuple[str | None, ...]:
    if deal.contract is None:
        return ()
    state = _state(deal)
    if state.open_choice and state.rules.model.open_defence is not None:
        return (state.rules.model.open_defence.clause,)
    return (_state(deal).rules.model.defence_for(deal.contract.id).clause,)


def _kontra_turn(deal: AuctionDeal) -> tuple[str | None, ...]:
    doubling = _state(deal).rules.model.doubling
    return (doubling.clause,) if doubling else ()


# -- random play ------------------------------------------------------------------------------------


def random_bidding(deal: AuctionDeal, rng: Random, budget: int) -> int:
    """Random legal play through the auction, talon, declaration, contest, defence and doubling
    until the deal leaves them or `budget` moves are made; the moves made. The same moves and
    random draws as `rng.choice(legal_moves())` then `push`, one by one: each phase's options are
    the tuple its `legal_moves` copies into a list."""
    choice, history = chooser(rng), deal.history
    steps = 0
    while steps < budget:
        step = _RANDOM_STEPS.get(deal.phase)
        if step is None:
            break
        options, push = step
        seat = deal.to_act
        move = choice(options(deal, seat))
        history.append((seat, move))
        push(deal, seat, move)
        steps += 1
    return steps


class Discards(Sequence[int]):
    """Every discard of two cards from `hand`, in the order `discard_moves` lists them, each worked
    out when it is read: random play draws one of many (66 from twelve cards) and needs no list
    of them all."""

    __slots__ = ("hand", "pairs")

    def __init__(self, hand: list[int]) -> None:
        self.hand = sorted(hand)
        self.pairs = _pairs(len(hand))

    def __len__(self) -> int:
        return len(self.pairs)

    def __getitem__(self, index: Any) -> Any:
        a, b = self.pairs[index]
        return moves.discard(self.hand[a], self.hand[b])


@lru_cache(maxsize=None)
def _pairs(size: int) -> tuple[tuple[int, int], ...]:
    """The positions of every two cards of a sorted hand of `size`, in order."""
    return tuple(combinations(range(size), 2))


def _runner(phase: Phase, options: Callable[[AuctionDeal, int], Sequence[int]],
            push: Callable[[AuctionDeal, int, int], None], judge: Callable[..., Verdict | None],
            words: set[str], turn: Callable[[AuctionDeal], tuple[str | None, ...]],
            moves_of: Callable[[AuctionDeal, int], list[int]] | None = None,
            before_turn: Callable[..., Verdict | None] | None = None) -> PhaseRunner:
    return PhaseRunner(phase, moves_of or _listed(options), push, judge, frozenset(words), turn_clauses=turn,
                       before_turn=before_turn, random_loop=random_bidding)


AUCTION_RUNNERS = (
    _runner(Phase.AUCTION, _auction_options, _auction_push, _judge_auction, {"bid", "pass"}, _auction_turn,
            before_turn=_passed_already),
    _runner(Phase.CONTEST, _declare_options, _contest_push, _judge_declaration, {"declare"}, _declaration_turn),
)
TALON_RUNNERS = (_runner(Phase.TALON_EXCHANGE, _discard_options, _discard_push, _judge_talon, {"discard"},
                         _talon_turn, moves_of=_discard_moves),)
DECLARATION_RUNNERS = (_runner(Phase.DECLARATION, _declare_options, _declare_push, _judge_declaration, {"declare"},
                               _declaration_turn),)
DEFENCE_RUNNERS = (
    _runner(Phase.DEFENCE, _defence_options, _defence_push, _judge_defence, {"defend", "pass"}, _defence_turn),
    _runner(Phase.KONTRA, _double_options, _double_push, _judge_kontra, {"double", "redouble", "pass"}, _kontra_turn),
)

# What random play draws from in each phase, and how it applies the move drawn.
_RANDOM_STEPS: dict[Phase, tuple[Callable[[AuctionDeal, int], Sequence[int]], Callable[[AuctionDeal, int, int], None]]] = {
    Phase.AUCTION: (_auction_options, _auction_push),
    Phase.TALON_EXCHANGE: (_discard_options, _discard_push),
    Phase.DECLARATION: (_declare_options, _declare_push),
    Phase.CONTEST: (_declare_options, _contest_push),
    Phase.DEFENCE: (_defence_options, _defence_push),
    Phase.KONTRA: (_double_options, _double_push),
}

"""The blinds and betting phases of a vying game: antes, blind bets before the deal, and a
betting round with table stakes. Every rule comes from the compiled `VyingRules`, and each
choice below follows a statement of the rules file (named in the comments).

Moves: `BLIND` and `PASS` in the blinds; `PASS`, `CALL`, `FOLD` and `open N` / `raise N`
(`moves.open_`, `moves.raise_`) in the betting. The betting loop does the arithmetic of the
open and raise ranges inline, on the codec's public bases (as `engine/moves.py` allows a fused
loop to do).
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Protocol

from ...engine.dice import bits
from ...engine.moves import BLIND, CALL, FOLD, OPEN_BASE, PAIR_DOUBLE_BASE, PASS, RAISE_BASE
from ...engine.table import Action
from ...i18n import N_
from ...verdicts import Verdict
from ..base import DealCore, Illegal, PhaseRunner
from ..vocabulary import Phase
from .compiled import VyingRules, clause
from .rules import AnteWho
from .state import BettingState
from .stock_draw import start_stock_draw

__all__ = ["BettingDeal", "start_betting", "end_clauses", "blind_moves", "betting_moves", "bet_allowed",
           "random_bet", "random_betting", "BLINDS", "BETTING"]

# The kinds of move without an amount, and with one (the amount's base stands for all of them),
# as constants: the betting loop picks from these instead of building a list per action.
_PASS_ONLY: tuple[int, ...] = (PASS,)
_PASS_OPEN: tuple[int, ...] = (PASS, OPEN_BASE)
_FOLD_ONLY: tuple[int, ...] = (FOLD,)
_FOLD_CALL: tuple[int, ...] = (FOLD, CALL)
_FOLD_RAISE: tuple[int, ...] = (FOLD, RAISE_BASE)
_FOLD_CALL_RAISE: tuple[int, ...] = (FOLD, CALL, RAISE_BASE)
_CALL_ONLY: tuple[int, ...] = (CALL,)
_CALL_RAISE: tuple[int, ...] = (CALL, RAISE_BASE)
_NO_FOLD = {_FOLD_CALL: _CALL_ONLY, _FOLD_CALL_RAISE: _CALL_RAISE}
"""The kinds of a player level with the largest stake who may not fold."""
_NO_RAISE = {_FOLD_CALL_RAISE: _FOLD_CALL, _FOLD_RAISE: _FOLD_ONLY, _CALL_RAISE: _CALL_ONLY}
"""The kinds of the one player still able to bet when nobody could call his raise."""

_BLIND_OR_PASS = (BLIND, PASS)
_WIDTH = (0, 1, 2, 2)
"""`n.bit_length()` for the number of kinds of move (at most three): the bits `engine.dice` draws
to pick one; an index costs less than the method call."""
_DEALER = AnteWho.DEALER  # a member looked up on its enum class costs ten times a module name
_IN_BLINDS, _IN_BETTING, _OVER = Phase.BLINDS, Phase.BETTING, Phase.OVER  # (so does a phase, in Python 3.11)

BetRange = tuple[tuple[int, ...], int, int, int]
"""(kinds of move, base of the amount moves, least amount, most amount)."""
Draws = tuple[Callable[[int], int], Callable[[], float]]
"""A generator's `getrandbits` and `random`, when it draws as `random.Random` does (`dice.bits`)."""


class BettingDeal(DealCore, Protocol):
    betting: BettingState | None
    history: list[tuple[int, int]]


_SPEAKERS: dict[int, tuple[int, ...]] = {}
"""Players at the table -> for each (seat, set of seats as a bit mask), the first seat of the set
after that seat in turn order (that seat itself last), or the seat after it when the set is empty."""


def _speakers(n: int) -> tuple[int, ...]:
    table = _SPEAKERS.get(n)
    if table is None:
        found = []
        for after in range(n):
            for mask in range(1 << n):
                order = [(after + k) % n for k in range(1, n + 1)]
                found.append(next((s for s in order if mask >> s & 1), (after + 1) % n))
        table = _SPEAKERS[n] = tuple(found)
    return table


def start_betting(deal: BettingDeal, rules: VyingRules, chips: list[int], carry: int,
                  upcards: list[int]) -> BettingState:
    """The betting of a deal, with the antes in and the blinds (or the betting) opened. `chips`
    (what each player has in front of him) becomes the state's list."""
    n = deal.table.players
    everyone = (1 << n) - 1
    speakers = _SPEAKERS.get(n) or _speakers(n)
    # No card leaves a hand in a vying deal: the deal's hands are the hands as dealt.
    # `staked`, `top` and `at_top` by position: a keyword costs a call about 500 instructions.
    state = BettingState(rules, chips, tuple(chips), [0] * n, [], carry, list(upcards), deal.hands, speakers,
                         everyone, 0, 0, everyone)
    for ante in rules.model.antes:
        if ante.unless_carried and carry:  # `... unless pot is carried over`
            continue
        for seat in ((deal.dealer,) if ante.who is _DEALER else range(n)):
            _put(state, seat, min(ante.chips, chips[seat]), ante.clause)
    if rules.model.blinds:
        deal.phase, deal.to_act = _IN_BLINDS, deal.eldest
    else:
        _start_betting(deal, state)
    return state


def end_clauses(state: BettingState) -> tuple[str, ...]:
    """The clauses that ended the betting of this deal (none when the game states none)."""
    model = state.rules.model
    if state.pass_out and model.pass_out:
        return (model.pass_out.clause,)
    return tuple(dict.fromkeys(c.clause for c in (model.betting_end, model.two_left_call_ends) if c))


def _state(deal: BettingDeal) -> BettingState:
    state = deal.betting
    assert state is not None, "the blinds and the betting run only in a vying deal"
    return state


def _put(state: BettingState, seat: int, chips: int, clause_id: str) -> None:
    """`seat` puts `chips` in under `clause_id` (an ante or a blind)."""
    if chips:
        state.staked_under.append((seat, clause_id))
    left = state.chips[seat] = state.chips[seat] - chips
    stake = state.stake[seat] = state.stake[seat] + chips
    state.staked += chips
    if stake > state.top:
        state.top, state.at_top = stake, 1 << seat
    elif stake == state.top:
        state.at_top |= 1 << seat
    if left == 0 and stake > 0:
        state.all_in_mask |= 1 << seat


def _start_betting(deal: BettingDeal, state: BettingState) -> None:
    deal.phase = _IN_BETTING
    if state.all_in_mask == state.everyone:
        deal.phase = _OVER  # nobody has chips left to bet: straight to the showdown
        start_stock_draw(deal, state)
        return
    start = deal.eldest  # `first bet by player after last blind, else eldest`
    if state.rules.after_last_blind_first and state.blinders:
        start = deal.table.next(state.blinders[-1])
    deal.to_act = _next_to_speak(deal, state, start - 1)


def _next_to_speak(deal: BettingDeal, state: BettingState, after: int) -> int:
    """The first seat after `after` still able to bet."""
    able = state.everyone & ~state.folded_mask & ~state.all_in_mask
    n = deal.table.players
    return state.speakers[(after % n << n) + able]


# -- sizes ------------------------------------------------------------------------------------------------


def _bet_range(rules: VyingRules, opened: bool, chips: int, need: int, pot: int, alone: bool = False) -> BetRange:
    """The moves of a player with `chips` in front of him who needs `need` more to reach the
    largest stake (`alone`: nobody else is still able to bet). The kinds include the base when
    some amount is allowed (least <= most)."""
    if not opened:
        low = max(pot, 1) if rules.open_at_pot else max(need, 1)  # `open at least pot / largest stake`
        if chips < low and rules.may_open_for_less:
            low = chips
        low = max(low, 1)
        return (_PASS_OPEN if low <= chips else _PASS_ONLY), OPEN_BASE, low, chips
    high = chips
    if rules.raise_at_most_pot:  # the raise itself at most the pot after calling
        high = min(high, need + pot + need)
    if chips >= need or rules.short_may_call:
        kinds = _FOLD_CALL_RAISE if need < high else _FOLD_CALL
    else:
        kinds = _FOLD_RAISE if need < high else _FOLD_ONLY
    if need == 0 and rules.level_may_not_fold:  # `player level with largest stake may not fold`
        kinds = _NO_FOLD.get(kinds, kinds)
    if alone and rules.lone_may_not_raise:  # `no raise that nobody can call`
        kinds = _NO_RAISE.get(kinds, kinds)
    return kinds, RAISE_BASE, need + 1, high


def _alone(state: BettingState, seat: int) -> bool:
    """Whether `seat` is the only player still able to bet: the others are all in or folded."""
    return not state.everyone & ~state.folded_mask & ~state.all_in_mask & ~(1 << seat)


def _seat_range(state: BettingState, seat: int) -> BetRange:
    return _bet_range(state.rules, state.opened, state.chips[seat], state.top - state.stake[seat], state.pot,
                      _alone(state, seat))


def _blind_chips(state: BettingState) -> int:
    return _blind_offer(state)[0]


def _blind_offer(state: BettingState) -> tuple[int, str]:
    """What the blind on offer stakes, and its clause: the next blind, or the buy-back of the
    previous blind bettor."""
    buy_back = state.rules.model.buy_back
    if state.buying_back and buy_back is not None:
        return buy_back.value.chips(state.pot, state.last_blind), buy_back.clause
    blind = state.rules.blind(len(state.blinders))
    assert blind is not None, "the blinds phase lasts while a blind may be bet"
    return blind.size.chips(state.pot, state.last_blind), blind.clause


def _minimum_open(state: BettingState, seat: int) -> int:
    return _bet_range(state.rules, False, 0, state.top - state.stake[seat], state.pot)[2]


# -- legal moves --------------------------------------------------------------------------------------


def blind_moves(deal: BettingDeal, seat: int) -> list[int]:
    return list(_blind_options(_state(deal), seat))


def _blind_options(state: BettingState, seat: int) -> tuple[int, ...]:
    return _BLIND_OR_PASS if state.chips[seat] >= _blind_chips(state) else _PASS_ONLY


def betting_moves(deal: BettingDeal, seat: int) -> list[int]:
    kinds, base, low, high = _seat_range(_state(deal), seat)
    amounts = range(low, high + 1) if base in kinds else range(0)
    return [k for k in kinds if k != base] + [base - k for k in amounts]


def bet_allowed(deal: BettingDeal, seat: int, move: int) -> bool:
    """Whether `move` is among `betting_moves(deal, seat)`, decided by arithmetic on the amount:
    the cost does not grow with the stacks, as listing every amount would."""
    kinds, base, low, high = _seat_range(_state(deal), seat)
    if move in kinds and move != base:
        return True
    same_kind = RAISE_BASE < move <= OPEN_BASE if base == OPEN_BASE else PAIR_DOUBLE_BASE < move <= RAISE_BASE
    return same_kind and base in kinds and low <= base - move <= high


def random_bet(deal: BettingDeal, rng: Random) -> int:
    """A random legal betting move without listing every amount: the kind of action first, then
    (nine times in ten) one of the three smallest amounts. The same moves as `betting_moves`."""
    kinds, base, low, high = _seat_range(_state(deal), deal.to_act)
    kind = rng.choice(kinds)
    if kind != base:
        return kind
    top = min(high, low + 2) if rng.random() < 0.9 else high
    return base - rng.randint(low, top)


def random_betting(deal: BettingDeal, rng: Random, budget: int) -> int:
    """Random blinds and betting until the round ends or `budget` moves are made; the moves
    made. The same moves and draws as a random move then `push`, one by one, without the dispatch."""
    state, history = _state(deal), deal.history
    getrandbits = bits(rng)
    if getrandbits is None:  # a generator that draws its own way: move by move, through its methods
        return _random_betting_by_methods(deal, state, rng, budget)
    rules, steps = state.rules, 0
    while deal.phase == _IN_BLINDS and steps < budget:
        seat = deal.to_act
        if state.buying_back:
            chips, clause_id = _blind_offer(state)
        else:
            blind = rules.blind(len(state.blinders))
            assert blind is not None, "the blinds phase lasts while a blind may be bet"
            chips, clause_id = blind.size.chips(state.carry + state.staked, state.last_blind), blind.clause
        # `choice(_blind_options(...))`, written out as `engine.dice` draws it (as in `_bet`).
        if state.chips[seat] >= chips:
            pick = getrandbits(2)
            while pick >= 2:
                pick = getrandbits(2)
            move = _BLIND_OR_PASS[pick]
        else:
            while getrandbits(1):  # the one way to pass draws too, as `choice` of one move does
                pass
            move = PASS
        history.append((seat, move))
        _blind(deal, state, seat, move, clause_id, chips)
        steps += 1
    if deal.phase == _IN_BETTING and steps < budget:
        steps += _bet(deal, state, deal.to_act, PASS, budget - steps, (getrandbits, rng.random))
    return steps


def _random_betting_by_methods(deal: BettingDeal, state: BettingState, rng: Random, budget: int) -> int:
    """`random_betting` for a generator whose draws `engine.dice` cannot write out."""
    steps = 0
    while (deal.phase == _IN_BLINDS or deal.phase == _IN_BETTING) and steps < budget:
        seat = deal.to_act
        blinds = deal.phase == _IN_BLINDS
        move = rng.choice(_blind_options(state, seat)) if blinds else random_bet(deal, rng)
        deal.history.append((seat, move))
        if blinds:
            _blind_push(deal, seat, move)
        else:
            _bet(deal, state, seat, move)
        steps += 1
    return steps


# -- applying moves -------------------------------------------------------------------------------------


def _blind_push(deal: BettingDeal, seat: int, move: int) -> None:
    state = _state(deal)
    chips, clause_id = _blind_offer(state)
    _blind(deal, state, seat, move, clause_id, chips)


def _blind(deal: BettingDeal, state: BettingState, seat: int, move: int, clause_id: str, chips: int) -> None:
    """Apply `seat`'s move in the blinds, where the blind to bet now (under `clause_id`) stakes `chips`."""
    blinders, rules = state.blinders, state.rules
    if state.buying_back:  # the previous blind bettor buys back the last word, or lets the blinds go on
        state.buying_back = False
        if move == BLIND:
            _put(state, seat, chips, clause_id)
            blinders.append(seat)
            state.last_blind = chips
            _start_betting(deal, state)
            return
        last = blinders[-1]
        if last != deal.dealer and (len(blinders) < len(rules.model.blinds) or rules.blind_repeats):
            deal.to_act = (last + 1) % deal.table.players
            return
        _start_betting(deal, state)
        return
    if move == BLIND:
        _put(state, seat, chips, clause_id)
        blinders.append(seat)
        state.last_blind = chips
        if len(blinders) > 1 and rules.model.buy_back is not None:  # `previous blind bettor may buy back`
            state.buying_back = True
            deal.to_act = blinders[-2]
            return
        if seat != deal.dealer and (len(blinders) < len(rules.model.blinds) or rules.blind_repeats):  # a blind follows
            deal.to_act = (seat + 1) % deal.table.players
            return
    _start_betting(deal, state)


def _betting_push(deal: BettingDeal, seat: int, move: int) -> None:
    _bet(deal, _state(deal), seat, move)


def _bet(deal: BettingDeal, state: BettingState, seat: int, move: int, budget: int = 1,
         draws: Draws | None = None) -> int:
    """Apply `seat`'s betting `move`, or with `draws` (`move` is then not read) make random moves
    from `seat` on until the round ends or `budget` moves are made; the moves made. The one place
    where a betting move takes effect: the state is held in local variables for the length
    of the loop and written back at its end."""
    rules = state.rules
    n = deal.table.players
    chips, stake = state.chips, state.stake
    top, at_top, staked, carry = state.top, state.at_top, state.staked, state.carry
    folded, all_in, passed, acted = state.folded_mask, state.all_in_mask, state.passed_mask, state.acted_mask
    opened, raiser, second, called = state.opened, state.raiser, state.second_chance, state.called_mask
    everyone, speakers = state.everyone, state.speakers
    drops_out, all_called, two_left = rules.pass_drops_out, rules.ends_when_all_called, rules.two_left_call_ends
    no_level_fold, no_lone_raise = rules.level_may_not_fold, rules.lone_may_not_raise
    at_pot, for_less, pot_limit, may_call = (rules.open_at_pot, rules.may_open_for_less, rules.raise_at_most_pot,
                                             rules.short_may_call)
    # `everyone passes: pot to last blind, ...`: once all the others have passed, the pot is
    # the last blind bettor's and he has nothing left to decide.
    blind_bit = 1 << state.blinders[-1] if rules.pass_out_to_blind and state.blinders else -1
    append = deal.history.append
    drawing = draws is not None
    if draws is not None:
        getrandbits, draw = draws
    phase, steps = _IN_BETTING, 0
    while steps < budget:
        if drawing:
            # `random_bet` and `_bet_range` written out: the same moves and draws, without the calls.
            have, need = chips[seat], top - stake[seat]
            if not opened:  # `open at least pot` or `... largest stake`
                low = (carry + staked if at_pot else need) or 1
                if have < low and for_less:
                    low = have or 1
                kinds, base, high = (_PASS_OPEN if low <= have else _PASS_ONLY), OPEN_BASE, have
            else:
                high, low, base = have, need + 1, RAISE_BASE
                if pot_limit and need + carry + staked + need < high:  # the raise at most the pot after calling
                    high = need + carry + staked + need
                if have >= need or may_call:
                    kinds = _FOLD_CALL_RAISE if need < high else _FOLD_CALL
                else:
                    kinds = _FOLD_RAISE if need < high else _FOLD_ONLY
                if no_level_fold and not need:
                    kinds = _NO_FOLD.get(kinds, kinds)
                if no_lone_raise and not everyone & ~folded & ~all_in & ~(1 << seat):
                    kinds = _NO_RAISE.get(kinds, kinds)
            # `choice(kinds)`, then `randint(low, top)` for an amount, written out as `engine.dice`
            # draws them (the same bits in the same order): two calls an action fewer.
            size = len(kinds)
            width = _WIDTH[size]
            pick = getrandbits(width)
            while pick >= size:
                pick = getrandbits(width)
            move = kinds[pick]
            if move == base:
                size = ((low + 2 if low + 2 < high else high) if draw() < 0.9 else high) - low + 1
                width = size.bit_length()
                pick = getrandbits(width)
                while pick >= size:
                    pick = getrandbits(width)
                move = base - low - pick
            append((seat, move))
        steps += 1
        bit = 1 << seat
        if move == PASS:
            passed |= bit
            acted |= bit
            if drops_out:
                folded |= bit
        elif move == FOLD:
            folded |= bit
            if second is not None:
                second &= ~bit
        else:  # chips go in: a call, or an opening or a raise of `put` chips
            if move == CALL:
                put = top - stake[seat]
                if put > chips[seat]:  # all he has
                    put = chips[seat]
                if put:
                    called |= bit
                acted |= bit
                if second is not None:
                    second &= ~bit
            else:
                if move > RAISE_BASE:  # an opening
                    put, state.opener = OPEN_BASE - move, seat
                else:
                    put, called = RAISE_BASE - move, called | bit
                opened, acted, raiser, second = True, bit, seat, None
            left = chips[seat] = chips[seat] - put
            mine = stake[seat] = stake[seat] + put
            staked += put
            if mine > top:
                top, at_top = mine, bit
            elif mine == top:
                at_top |= bit
            if left == 0 and mine > 0:
                all_in |= bit
        # Who speaks next, or whether the round is over.
        active = everyone & ~folded
        if not active & (active - 1):  # one player left
            state.won_by_fold, phase = active.bit_length() - 1, _OVER
            break
        able = active & ~all_in
        if not opened:
            waiting = able & ~passed
            if not waiting or waiting == blind_bit:
                state.pass_out, phase = True, _OVER
                break
        elif not able & (able - 1) and (not able or stake[able.bit_length() - 1] == top):
            # At most one player can still bet and he holds the largest stake: the others are
            # all in, so nobody could answer a raise of his. Offering him a turn would leave a
            # finished round waiting for a call that changes nothing.
            phase = _OVER
            break
        elif second is not None:
            if not second:
                phase = _OVER
                break
            able &= second
        elif not able & ~(acted & at_top):
            # Everyone still able to bet has acted since the last raise and holds the largest
            # stake (all-in players need not match it): all have called.
            if all_called or (two_left and active.bit_count() == 2):
                phase = _OVER
                break
            # `... and none raises again`: each caller has one more chance to raise.
            second = able & ~(1 << raiser if raiser is not None else 0)
            if not second:
                phase = _OVER
                break
            able = second
        seat = speakers[(seat << n) + able]
    state.top, state.at_top, state.staked = top, at_top, staked
    state.folded_mask, state.all_in_mask, state.passed_mask, state.acted_mask = folded, all_in, passed, acted
    state.opened, state.raiser, state.second_chance, state.called_mask = opened, raiser, second, called
    deal.to_act, deal.phase = seat, phase
    if phase is _OVER and rules.model.stock_draw is not None:
        start_stock_draw(deal, state)  # `hand ... may draw from stock against ...`
    return steps


# -- rulings ----------------------------------------------------------------------------------------------


def _judge(deal: BettingDeal, seat: int, action: Action, illegal: Illegal) -> Verdict | None:
    state = _state(deal)
    model = state.rules.model
    phase = deal.phase
    what = str(action)
    move = deal.table.move(action)
    stake_limit = clause(model.stake_limit)
    if phase == Phase.BLINDS:
        blind = state.rules.blind(len(state.blinders))
        assert blind is not None or state.buying_back
        title, blind_clause = (blind.title, blind.clause) if blind is not None else ("", "")
        if state.buying_back and model.buy_back is not None:
            title, blind_clause = N_("buy-back"), model.buy_back.clause
        if action.kind == "withdraw":
            return illegal(N_("Seat {seat} may not take back chips already staked: a blind bet stays in the pot."),
                           (clause(model.blinds_final),), "blind_taken_back", seat=seat)
        if action.kind not in ("blind", "pass"):
            return illegal(N_("Before the deal seat {seat} may only bet blind or decline."), (blind_clause,),
                           seat=seat)
        if move not in blind_moves(deal, seat):
            return illegal(N_("Seat {seat} cannot bet blind: the {blind} stakes {size} and he has {chips}."),
                           (blind_clause, stake_limit), "over_stake", seat=seat, blind=title,
                           size=_blind_chips(state), chips=state.chips[seat])
        return Verdict(True, N_("Seat {seat}: {action}."), (("seat", seat), ("action", what)), (blind_clause,),
                       seat, what)
    if action.kind == "withdraw" and phase == Phase.BETTING:
        return illegal(N_("Seat {seat} may not take back chips already staked: a blind bet stays in the pot."),
                       (clause(model.blinds_final),), "blind_taken_back", seat=seat)
    if phase != Phase.BETTING:
        return None
    open_clause = clause(model.opening)
    if action.kind not in ("pass", "open", "call", "raise", "fold") or move is None:
        return illegal(N_("Seat {seat} must pass, open, call, raise or fold, not {action}."), (open_clause,),
                       seat=seat, action=what)
    if bet_allowed(deal, seat, move):
        return Verdict(True, N_("Seat {seat}: {action}."), (("seat", seat), ("action", what)),
                       (open_clause,) if action.kind == "open" and open_clause else (), seat, what)
    chips = state.chips[seat]
    amount = int(action.args[0]) if action.args else 0
    need = state.top - state.stake[seat]
    if state.opened and action.kind == "fold" and need == 0 and model.level_fold:
        return illegal(N_("Seat {seat} already holds the largest stake and may not fold: he may call or raise."),
                       (model.level_fold.clause,), seat=seat)
    if state.opened and action.kind == "raise" and model.lone_raise and _alone(state, seat) and amount <= chips:
        return illegal(N_("Seat {seat} may not raise: every other player still in is all in, so nobody could "
                          "call it. He may call or fold."), (model.lone_raise.clause,), seat=seat)
    if action.kind == "pass":
        return illegal(N_("The betting is open: seat {seat} must call, raise or fold."),
                       (clause(model.pass_before_open),), seat=seat)
    if action.kind in ("call", "fold", "raise") and not state.opened:
        return illegal(N_("Nobody has opened yet: seat {seat} must pass or open."), (open_clause,), seat=seat)
    if action.kind == "open" and state.opened:
        return illegal(N_("The betting is already open: seat {seat} must call, raise or fold."),
                       (open_clause,), seat=seat)
    if amount > chips:
        return illegal(N_("Seat {seat} cannot put in {amount}: he has only {chips} in front of him."),
                       (stake_limit,), "over_stake", seat=seat, amount=amount, chips=chips)
    if action.kind == "call":
        return illegal(N_("Seat {seat} cannot match the stake and must fold."),
                       (clause(model.short_stake),), seat=seat)
    if action.kind == "raise" and chips <= need:
        return illegal(N_("Seat {seat} cannot match the stake and may only call with all he has or fold; "
                          "he may not raise."), (clause(model.all_in_opening),), seat=seat)
    if action.kind == "open" and chips < _minimum_open(state, seat):
        return illegal(N_("Seat {seat} cannot match the largest stake and may not open; he may only pass."),
                       (clause(model.all_in_opening), open_clause), seat=seat)
    if action.kind == "open":
        return illegal(N_("Seat {seat} must put in at least {minimum} to open."), (open_clause,),
                       seat=seat, minimum=_minimum_open(state, seat))
    high = _seat_range(state, seat)[3]
    if amount > high:
        return illegal(N_("Seat {seat} may put in at most {limit}: a raise may not exceed the pot."),
                       (clause(model.raise_limit),), seat=seat, limit=high)
    return illegal(N_("A raise must put in more than the {need} needed to hold."), (clause(model.raise_limit),),
                   seat=seat, need=need)


BLINDS = PhaseRunner(Phase.BLINDS, blind_moves, _blind_push, _judge, frozenset({"blind", "pass"}),
                     random_loop=random_betting)
BETTING = PhaseRunner(Phase.BETTING, betting_moves, _betting_push, _judge,
                      frozenset({"open", "raise", "call", "fold", "pass", "withdraw"}), random_loop=random_betting,
                      random_move=random_bet)

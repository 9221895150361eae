"""The betting phases of a vying game: antes, blind bets before the deal, and a betting round
with table stakes. A mixin of `Deal`; every rule comes from the compiled `VyingRules`, and each
choice below follows a statement of the rules file (named in the comments)."""

from __future__ import annotations

from ..engine.dice import between, chooser
from ..engine.moves import BLIND, CALL, FOLD, PASS
from ..engine.moves import OPEN_BASE as _OPEN
from ..engine.moves import PAIR_DOUBLE_BASE as _PAIR_DOUBLE
from ..engine.moves import RAISE_BASE as _RAISE
from ..engine.table import Action
from ..i18n import N_
from ..verdicts import Verdict
from .phases import PhaseRunner, register
from .vying import clause

__all__ = ["BettingPhases"]


# The kinds of move without an amount, and with one (the amount's base stands for all of them),
# as constants: the betting loop picks from these instead of building a list per action.
_PASS_ONLY, _PASS_OPEN = (PASS,), (PASS, _OPEN)
_FOLD_ONLY, _FOLD_CALL = (FOLD,), (FOLD, CALL)
_FOLD_RAISE, _FOLD_CALL_RAISE = (FOLD, _RAISE), (FOLD, CALL, _RAISE)

_SPEAKERS: dict[int, tuple[int, ...]] = {}
"""Players at the table -> for each (seat, set of seats as a bit mask), the first seat of the set
after that seat in turn order (that seat itself last), or the seat after it when the set is empty."""


def _speakers(n: int) -> tuple[int, ...]:
    table = _SPEAKERS.get(n)
    if table is None:
        table = []
        for after in range(n):
            for mask in range(1 << n):
                order = [(after + k) % n for k in range(1, n + 1)]
                table.append(next((s for s in order if mask >> s & 1), (after + 1) % n))
        table = _SPEAKERS[n] = tuple(table)
    return table


def _seats(mask: int) -> set[int]:
    return {s for s in range(mask.bit_length()) if mask >> s & 1}


def _bet_range(rules, opened: bool, chips: int, need: int, pot: int) -> tuple[tuple[int, ...], int, int, int]:
    """(kinds of move, base of the amount moves, least, most) for a player with `chips` in front
    of him who needs `need` more to reach the largest stake. The kinds include the base when some
    amount is allowed (least <= most)."""
    if not opened:
        low = max(pot, 1) if rules.open_at_pot else max(need, 1)  # `open at least pot / largest stake`
        if chips < low and rules.may_open_for_less:
            low = chips
        low = max(low, 1)
        return (_PASS_OPEN if low <= chips else _PASS_ONLY), _OPEN, low, chips
    high = chips
    if rules.raise_at_most_pot:  # the raise itself at most the pot after calling
        high = min(high, need + pot + need)
    if chips >= need or rules.short_may_call:
        return (_FOLD_CALL_RAISE if need < high else _FOLD_CALL), _RAISE, need + 1, high
    return (_FOLD_RAISE if need < high else _FOLD_ONLY), _RAISE, need + 1, high


def _draw_bet(rng, kinds: tuple[int, ...], base: int, low: int, high: int) -> int:
    """A random move of `kinds`: the kind of action first, then (nine times in ten) one of the
    three smallest amounts."""
    kind = rng.choice(kinds)
    if kind != base:
        return kind
    top = min(high, low + 2) if rng.random() < 0.9 else high
    return base - rng.randint(low, top)


class BettingPhases:
    """Antes, blinds and betting for `Deal` (which provides the table, the dealer and the hands).

    Sets of seats (folded, all in, passed, acted, owed a second chance) are kept as bit masks,
    and the largest stake with the seats that hold it is kept up to date as chips go in, so that
    each action costs a few integer operations whatever the number of players."""

    def _init_betting(self, chips: list[int], carry: int) -> None:
        model = self.vying.model
        n = self.table.players
        self.chips = list(chips)          # chips still in front of each player
        self.stake = [0] * n              # chips each has put in this deal
        self.carry = carry                # a pot carried over from a deal nobody played
        self.staked = 0                   # the sum of `stake`
        self.top = 0                      # the largest stake
        self.at_top = (1 << n) - 1        # the seats whose stake is the largest
        self.everyone = (1 << n) - 1
        self.folded_mask = 0
        self.all_in_mask = 0
        self.opened = False
        self.blinders: list[int] = []
        self.last_blind = 0               # chips the last blind bettor put in
        self.passed_mask = 0              # passed before anyone opened
        self.acted_mask = 0               # acted since the last raise
        self.raiser: int | None = None    # who opened or raised last
        self.second_chance: int | None = None
        """Callers still owed one more chance to raise (`... and none raises again`), once all called."""
        self.pass_out = False
        self.won_by_fold: int | None = None
        self.speakers = _speakers(n)
        self.stake_clauses: list[list[str]] = [[] for _ in range(n)]
        """Per seat, the clauses under which it put chips in (ante, blind, betting)."""
        for ante in model.antes:
            seats = [self.dealer] if ante.who == "dealer" else range(n)
            for seat in seats:
                self._put(seat, min(ante.chips, self.chips[seat]), ante.clause)
        if self.vying.blind(0) is not None:
            self.phase, self.to_act = "blinds", self.eldest
        else:
            self._start_betting()

    # The sets of seats as sets, for readers outside the betting loop.
    folded = property(lambda self: _seats(self.folded_mask))
    all_in = property(lambda self: _seats(self.all_in_mask))

    @property
    def pot(self) -> int:
        return self.carry + self.staked

    def _put(self, seat: int, chips: int, clause_id: str | None = None) -> None:
        if chips and clause_id and clause_id not in self.stake_clauses[seat]:
            self.stake_clauses[seat].append(clause_id)
        left = self.chips[seat] = self.chips[seat] - chips
        stake = self.stake[seat] = self.stake[seat] + chips
        self.staked += chips
        if stake > self.top:
            self.top, self.at_top = stake, 1 << seat
        elif stake == self.top:
            self.at_top |= 1 << seat
        if left == 0 and stake > 0:
            self.all_in_mask |= 1 << seat

    def _start_betting(self) -> None:
        self.phase = "betting"
        if self.all_in_mask == self.everyone:
            self.phase = "over"  # nobody has chips left to bet: straight to the showdown
            return
        start = self.eldest  # `first bet by player after last blind, else eldest`
        if self.vying.after_last_blind_first and self.blinders:
            start = self.table.next(self.blinders[-1])
        self.to_act = self._next_to_speak(start - 1)

    def _next_to_speak(self, after: int, among: int = -1) -> int:
        """The first seat after `after` still able to bet (and in `among`, a mask)."""
        able = self.everyone & ~self.folded_mask & ~self.all_in_mask & among
        return self.speakers[(after % self.table.players << self.table.players) + able]

    # -- sizes ------------------------------------------------------------------------------------------

    def _blind_chips(self) -> int:
        blind = self.vying.blind(len(self.blinders))
        return blind.size.chips(self.pot, self.last_blind)

    def _minimum_open(self, seat: int) -> int:
        return _bet_range(self.vying, False, 0, self.top - self.stake[seat], self.pot)[2]

    def _bet_range(self, seat: int) -> tuple[tuple[int, ...], int, int, int]:
        return _bet_range(self.vying, self.opened, self.chips[seat], self.top - self.stake[seat], self.pot)

    # -- legal moves --------------------------------------------------------------------------------

    def _blind_moves(self, seat: int) -> list[int]:
        return [BLIND, PASS] if self.chips[seat] >= self._blind_chips() else [PASS]

    def _betting_moves(self, seat: int) -> list[int]:
        kinds, base, low, high = self._bet_range(seat)
        return [k for k in kinds if k != base] + [base - k for k in range(low, high + 1)]

    def _bet_allowed(self, seat: int, move: int) -> bool:
        """Whether `move` is among `_betting_moves(seat)`, decided by arithmetic on the amount:
        the cost does not grow with the stacks, as listing every amount would."""
        kinds, base, low, high = self._bet_range(seat)
        if move in kinds and move != base:
            return True
        same_kind = _RAISE < move <= _OPEN if base == _OPEN else _PAIR_DOUBLE < move <= _RAISE
        return same_kind and low <= base - move <= high

    def random_bet(self, rng) -> int:
        """A random legal betting move without listing every amount. Same moves as `_betting_moves`."""
        return _draw_bet(rng, *self._bet_range(self.to_act))

    def random_betting(self, rng, budget: int) -> int:
        """Random blinds and betting until the round ends or `budget` moves are made; the moves
        made. The same moves and draws as `random_move` then `push`, one by one, without the dispatch."""
        history, choose = self.history, chooser(rng)
        steps = 0
        while self.phase == "blinds" and steps < budget:
            seat = self.to_act
            move = choose(self._blind_moves(seat))
            history.append((seat, move))
            self._blind_push(seat, move)
            steps += 1
        if self.phase == "betting" and steps < budget:
            steps += self._bet(self.to_act, None, rng, budget - steps)
        return steps

    # -- applying moves -------------------------------------------------------------------------------

    def _blind_push(self, seat: int, move: int) -> None:
        if move == BLIND:
            blind = self.vying.blind(len(self.blinders))
            chips = self._blind_chips()
            self._put(seat, chips, blind.clause)
            self.blinders.append(seat)
            self.last_blind = chips
            if seat != self.dealer and self.vying.blind(len(self.blinders)) is not None:
                self.to_act = self.table.next(seat)
                return
        self._start_betting()

    def _betting_push(self, seat: int, move: int) -> None:
        self._bet(seat, move)

    def _bet(self, seat: int, move: int | None, rng=None, budget: int = 1) -> int:
        """Apply `seat`'s betting `move`, or with `rng` (and `move` None) make random moves from
        `seat` on until the round ends or `budget` moves are made; the moves made. The one place
        where a betting move takes effect: the state is held in local variables for the length
        of the loop and written back at its end."""
        rules = self.vying
        n = self.table.players
        chips, stake, clauses = self.chips, self.stake, self.stake_clauses
        top, at_top, staked, carry = self.top, self.at_top, self.staked, self.carry
        folded, all_in, passed, acted = self.folded_mask, self.all_in_mask, self.passed_mask, self.acted_mask
        opened, raiser, second = self.opened, self.raiser, self.second_chance
        everyone, speakers = self.everyone, self.speakers
        call_clause, open_clause = rules.call_clause, rules.open_clause
        # `everyone passes: pot to last blind, ...`: once all the others have passed, the pot is
        # the last blind bettor's and he has nothing left to decide.
        blind_bit = 1 << self.blinders[-1] if rules.pass_out_to_blind and self.blinders else -1
        history = self.history
        if rng is not None:
            choice, draw, randint = chooser(rng), rng.random, between(rng)
        phase, steps = "betting", 0
        while steps < budget:
            if rng is not None:  # `_draw_bet` written out: the same draws, one call fewer per move
                kinds, base, low, high = _bet_range(rules, opened, chips[seat], top - stake[seat], carry + staked)
                move = choice(kinds)
                if move == base:
                    move = base - randint(low, min(high, low + 2) if draw() < 0.9 else high)
                history.append((seat, move))
            steps += 1
            bit = 1 << seat
            if move == PASS:
                passed |= bit
                acted |= bit
                if rules.pass_drops_out:
                    folded |= bit
            elif move == FOLD:
                folded |= bit
                if second is not None:
                    second &= ~bit
            else:  # chips go in: a call, or an opening or a raise of `put` chips
                if move == CALL:
                    put, clause_id = min(top - stake[seat], chips[seat]), call_clause
                    acted |= bit
                    if second is not None:
                        second &= ~bit
                else:
                    put, clause_id = (_OPEN - move, open_clause) if move > _RAISE else (_RAISE - move, call_clause)
                    opened, acted, raiser, second = True, bit, seat, None
                if put and clause_id and clause_id not in clauses[seat]:
                    clauses[seat].append(clause_id)
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
                self.won_by_fold, phase = active.bit_length() - 1, "over"
                break
            able = active & ~all_in
            if not opened:
                waiting = able & ~passed
                if not waiting or waiting == blind_bit:
                    self.pass_out, phase = True, "over"
                    break
            elif second is not None:
                if not second:
                    phase = "over"
                    break
                able &= second
            elif not able & ~(acted & at_top):
                # Everyone still able to bet has acted since the last raise and holds the largest
                # stake (all-in players need not match it): all have called.
                if rules.ends_when_all_called or (rules.two_left_call_ends and active.bit_count() == 2):
                    phase = "over"
                    break
                # `... and none raises again`: each caller has one more chance to raise.
                second = able & ~(1 << raiser if raiser is not None else 0)
                if not second:
                    phase = "over"
                    break
                able = second
            seat = speakers[(seat << n) + able]
        self.top, self.at_top, self.staked = top, at_top, staked
        self.folded_mask, self.all_in_mask, self.passed_mask, self.acted_mask = folded, all_in, passed, acted
        self.opened, self.raiser, self.second_chance = opened, raiser, second
        self.to_act, self.phase = seat, phase
        return steps

    def _pass_out_fate(self) -> str:
        """The first fate of `everyone passes: ...` that applies to this deal (the list ends with
        `pot stays`, checked when the file loads)."""
        return "pot to last blind" if self.vying.pass_out_to_blind and self.blinders else "pot stays"

    # -- rulings --------------------------------------------------------------------------------------------

    def _judge_betting(self, seat: int, action: Action, illegal) -> Verdict | None:
        model = self.vying.model
        phase = self.phase
        what = str(action)
        move = self.table.move(action)
        stake_limit = clause(model.stake_limit)
        if phase == "blinds":
            blind = self.vying.blind(len(self.blinders))
            if action.kind == "withdraw":
                return illegal(N_("Seat {seat} may not take back chips already staked: a blind bet stays in the pot."),
                               (clause(model.blinds_final),), "blind_taken_back", seat=seat)
            if action.kind not in ("blind", "pass"):
                return illegal(N_("Before the deal seat {seat} may only bet blind or decline."), (blind.clause,),
                               seat=seat)
            if move not in self._blind_moves(seat):
                return illegal(N_("Seat {seat} cannot bet blind: the {blind} stakes {size} and he has {chips}."),
                               (blind.clause, stake_limit), "over_stake", seat=seat, blind=blind.title,
                               size=self._blind_chips(), chips=self.chips[seat])
            return Verdict(True, N_("Seat {seat}: {action}."), (("seat", seat), ("action", what)), (blind.clause,),
                           seat, what)
        if action.kind == "withdraw" and phase == "betting":
            return illegal(N_("Seat {seat} may not take back chips already staked: a blind bet stays in the pot."),
                           (clause(model.blinds_final),), "blind_taken_back", seat=seat)
        if phase != "betting":
            return None
        open_clause = clause(model.opening)
        if action.kind not in ("pass", "open", "call", "raise", "fold") or move is None:
            return illegal(N_("Seat {seat} must pass, open, call, raise or fold, not {action}."), (open_clause,),
                           seat=seat, action=what)
        if self._bet_allowed(seat, move):
            return Verdict(True, N_("Seat {seat}: {action}."), (("seat", seat), ("action", what)),
                           (open_clause,) if action.kind == "open" else (), seat, what)
        chips = self.chips[seat]
        amount = int(action.args[0]) if action.args else 0
        if action.kind == "pass":
            return illegal(N_("The betting is open: seat {seat} must call, raise or fold."),
                           (clause(model.pass_before_open),), seat=seat)
        if action.kind in ("call", "fold", "raise") and not self.opened:
            return illegal(N_("Nobody has opened yet: seat {seat} must pass or open."), (open_clause,), seat=seat)
        if action.kind == "open" and self.opened:
            return illegal(N_("The betting is already open: seat {seat} must call, raise or fold."),
                           (open_clause,), seat=seat)
        if amount > chips:
            return illegal(N_("Seat {seat} cannot put in {amount}: he has only {chips} in front of him."),
                           (stake_limit,), "over_stake", seat=seat, amount=amount, chips=chips)
        need = self.top - self.stake[seat]
        if action.kind == "call":
            return illegal(N_("Seat {seat} cannot match the stake and must fold."),
                           (clause(model.short_stake),), seat=seat)
        if action.kind == "raise" and chips <= need:
            return illegal(N_("Seat {seat} cannot match the stake and may only call with all he has or fold; "
                              "he may not raise."), (clause(model.all_in_opening),), seat=seat)
        if action.kind == "open" and chips < self._minimum_open(seat):
            return illegal(N_("Seat {seat} cannot match the largest stake and may not open; he may only pass."),
                           (clause(model.all_in_opening), open_clause), seat=seat)
        if action.kind == "open":
            return illegal(N_("Seat {seat} must put in at least {minimum} to open."), (open_clause,),
                           seat=seat, minimum=self._minimum_open(seat))
        _kinds, _base, _low, high = self._bet_range(seat)
        if amount > high:
            return illegal(N_("Seat {seat} may put in at most {limit}: a raise may not exceed the pot."),
                           (clause(model.raise_limit),), seat=seat, limit=high)
        return illegal(N_("A raise must put in more than the {need} needed to hold."), (clause(model.raise_limit),),
                       seat=seat, need=need)


register(PhaseRunner("blinds", BettingPhases._blind_moves, BettingPhases._blind_push,
                     BettingPhases._judge_betting, frozenset({"blind", "pass"})),
         PhaseRunner("betting", BettingPhases._betting_moves, BettingPhases._betting_push,
                     BettingPhases._judge_betting, frozenset({"open", "raise", "call", "fold", "pass", "withdraw"})))

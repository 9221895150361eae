"""The betting phases of a vying game: antes, blind bets before the deal, and a betting round
with table stakes. A mixin of `Deal`; every rule comes from the compiled `VyingRules`."""

from __future__ import annotations

from ..i18n import N_
from ..verdicts import Verdict
from .phases import PhaseRunner, register
from .table import _OPEN, _RAISE, BLIND, CALL, FOLD, PASS, Action

__all__ = ["BettingPhases"]


class BettingPhases:
    """Antes, blinds and betting for `Deal` (which provides the table, the dealer and the hands)."""

    def _init_betting(self, chips: list[int], carry: int) -> None:
        rules = self.vying
        n = self.table.players
        self.chips = list(chips)          # chips still in front of each player
        self.stake = [0] * n              # chips each has put in this deal
        self.carry = carry                # a pot carried over from a deal nobody played
        self.folded: set[int] = set()
        self.all_in: set[int] = set()
        self.opened = False
        self.blinders: list[int] = []
        self.passed_before_open: set[int] = set()
        self.acted: set[int] = set()
        self.pass_out = False
        self.won_by_fold: int | None = None
        self.stake_clauses: list[list[str]] = [[] for _ in range(n)]
        """Per seat, the clauses under which it put chips in (ante, blind, betting)."""
        for who, amount, clause in rules.antes:
            seats = [self.dealer] if who in ("dealer", "dealer_extra") else range(n)
            for seat in seats:
                self._put(seat, min(amount, self.chips[seat]), clause)
        if rules.blinds:
            self.phase, self.to_act = "blinds", self.eldest
        else:
            self._start_betting()

    @property
    def pot(self) -> int:
        return self.carry + sum(self.stake)

    def _put(self, seat: int, chips: int, clause: str | None = None) -> None:
        if chips and clause and clause not in self.stake_clauses[seat]:
            self.stake_clauses[seat].append(clause)
        self.chips[seat] -= chips
        self.stake[seat] += chips
        if self.chips[seat] == 0 and self.stake[seat] > 0:
            self.all_in.add(seat)

    def _bet_clause(self, word: str) -> str | None:
        return self.vying.bet.get(word)

    def _start_betting(self) -> None:
        self.phase = "betting"
        if all(s in self.all_in for s in range(self.table.players)):
            self.phase = "over"  # nobody has chips left to bet: straight to the showdown
            return
        start = (self.blinders[-1] + 1) % self.table.players if self.blinders else self.eldest
        self.to_act = self._next_to_speak(start - 1)

    def _next_to_speak(self, after: int) -> int:
        n = self.table.players
        seat = (after + 1) % n
        for _ in range(n):
            if seat not in self.folded and seat not in self.all_in:
                return seat
            seat = (seat + 1) % n
        return seat

    # -- legal moves --------------------------------------------------------------------------------

    def _blind_moves(self, seat: int) -> list[int]:
        return [BLIND, PASS] if self.chips[seat] >= self.pot else [PASS]

    def _minimum_open(self, seat: int) -> int:
        need = max(self.stake) - self.stake[seat]
        if "open_at_least_pot" in self.vying.bet:
            return max(self.pot, 1)
        return max(need, 1)

    def _betting_moves(self, seat: int) -> list[int]:
        chips = self.chips[seat]
        need = max(self.stake) - self.stake[seat]
        if not self.opened:
            low = self._minimum_open(seat)
            return [PASS] + [_OPEN - k for k in range(low, chips + 1)]
        return [FOLD, CALL] + [_RAISE - k for k in range(need + 1, chips + 1)]

    def random_bet(self, rng) -> int:
        """A random legal betting move without listing every amount: the kind of action first,
        then (nine times in ten) one of the three smallest amounts. Same moves as `_betting_moves`."""
        seat = self.to_act
        chips = self.chips[seat]
        if not self.opened:
            low, high, kinds = self._minimum_open(seat), chips, [PASS, _OPEN]
            if low > high:
                return PASS
            base = _OPEN
        else:
            low, high, kinds = max(self.stake) - self.stake[seat] + 1, chips, [FOLD, CALL, _RAISE]
            if low > high:
                kinds.pop()
            base = _RAISE
        kind = rng.choice(kinds)
        if kind != base:
            return kind
        top = min(high, low + 2) if rng.random() < 0.9 else high
        return base - rng.randint(low, top)

    # -- applying moves -------------------------------------------------------------------------------

    def _blind_push(self, seat: int, move: int) -> None:
        if move == BLIND:
            rules = self.vying.blinds
            self._put(seat, self.pot, rules[min(len(self.blinders), len(rules) - 1)][3])
            self.blinders.append(seat)
            if seat != self.dealer:
                self.to_act = (seat + 1) % self.table.players
                return
        self._start_betting()

    def _betting_push(self, seat: int, move: int) -> None:
        need = max(self.stake) - self.stake[seat]
        if move == PASS:
            self.passed_before_open.add(seat)
            self.acted.add(seat)
        elif move == FOLD:
            self.folded.add(seat)
        elif move == CALL:
            self._put(seat, min(need, self.chips[seat]), self._bet_clause("raise_any"))
            self.acted.add(seat)
        else:
            amount = (_OPEN - move) if move > _RAISE else (_RAISE - move)
            kind = "raise_any" if move <= _RAISE else (
                "open_at_least_pot" if "open_at_least_pot" in self.vying.bet else "open_at_least_largest_stake")
            self._put(seat, amount, self._bet_clause(kind))
            self.opened = True
            self.acted = {seat}
        self._after_bet(seat)

    def _after_bet(self, seat: int) -> None:
        n = self.table.players
        active = [s for s in range(n) if s not in self.folded]
        if len(active) == 1:
            self.won_by_fold, self.phase = active[0], "over"
            return
        if not self.opened:
            if all(s in self.passed_before_open or s in self.all_in for s in active):
                self.pass_out, self.phase = True, "over"
                return
        else:
            # The round ends when everyone still able to bet has acted since the last raise and
            # holds the largest stake (all-in players need not match it).
            top = max(self.stake)
            live = [s for s in active if s not in self.all_in]
            if all(s in self.acted and self.stake[s] == top for s in live):
                self.phase = "over"
                return
        self.to_act = self._next_to_speak(seat)

    # -- rulings --------------------------------------------------------------------------------------------

    def _judge_betting(self, seat: int, action: Action, illegal) -> Verdict | None:
        rules = self.vying
        phase = self.phase
        what = str(action)
        move = self.table.move(action)
        legal = self.legal_moves()
        if phase == "blinds":
            clause = rules.blinds[min(len(self.blinders), len(rules.blinds) - 1)][3]
            if action.kind not in ("blind", "pass"):
                return illegal(N_("Before the deal seat {seat} may only bet blind or decline."), (clause,),
                               seat=seat)
            if move not in legal:
                return illegal(N_("Seat {seat} cannot bet blind: a blind stakes as much as the pot ({pot}) "
                                  "and he has {chips}."), (clause, rules.stakes.get("table_stakes")),
                               "over_stake", seat=seat, pot=self.pot, chips=self.chips[seat])
            return Verdict(True, N_("Seat {seat}: {action}."), (("seat", seat), ("action", what)), (clause,),
                           seat, what)
        if action.kind == "withdraw" and phase in ("blinds", "betting"):
            return illegal(N_("Seat {seat} may not take back chips already staked: a blind bet stays in the pot."),
                           (rules.bet.get("blinds_final"),), "blind_taken_back", seat=seat)
        if phase != "betting":
            return None
        open_clause = rules.bet.get("open_at_least_largest_stake") or rules.bet.get("open_at_least_pot")
        if action.kind not in ("pass", "open", "call", "raise", "fold") or move is None:
            return illegal(N_("Seat {seat} must pass, open, call, raise or fold, not {action}."), (open_clause,),
                           seat=seat, action=what)
        if move in legal:
            return Verdict(True, N_("Seat {seat}: {action}."), (("seat", seat), ("action", what)),
                           (open_clause,) if action.kind == "open" else (), seat, what)
        chips = self.chips[seat]
        amount = int(action.args[0]) if action.args else 0
        if action.kind in ("pass",):
            return illegal(N_("The betting is open: seat {seat} must call, raise or fold."),
                           (rules.bet.get("check_before_open"),), seat=seat)
        if action.kind in ("call", "fold", "raise") and not self.opened:
            return illegal(N_("Nobody has opened yet: seat {seat} must pass or open."), (open_clause,), seat=seat)
        if action.kind == "open" and self.opened:
            return illegal(N_("The betting is already open: seat {seat} must call, raise or fold."),
                           (open_clause,), seat=seat)
        if amount > chips:
            return illegal(N_("Seat {seat} cannot put in {amount}: he has only {chips} in front of him."),
                           (rules.stakes.get("table_stakes"),), "over_stake", seat=seat, amount=amount, chips=chips)
        need = max(self.stake) - self.stake[seat]
        if action.kind == "raise" and chips <= need:
            return illegal(N_("Seat {seat} cannot match the stake and may only call with all he has or fold; "
                              "he may not raise."), (rules.stakes.get("all_in_cannot_open_or_raise"),), seat=seat)
        if action.kind == "open" and chips < self._minimum_open(seat):
            return illegal(N_("Seat {seat} cannot match the largest stake and may not open; he may only pass."),
                           (rules.stakes.get("all_in_cannot_open_or_raise"), open_clause), seat=seat)
        if action.kind == "open":
            return illegal(N_("Seat {seat} must put in at least {minimum} to open."), (open_clause,),
                           seat=seat, minimum=self._minimum_open(seat))
        return illegal(N_("A raise must put in more than the {need} needed to hold."), (rules.bet.get("raise_any"),),
                       seat=seat, need=need)


register(PhaseRunner("blinds", BettingPhases._blind_moves, BettingPhases._blind_push,
                     BettingPhases._judge_betting),
         PhaseRunner("betting", BettingPhases._betting_moves, BettingPhases._betting_push,
                     BettingPhases._judge_betting))

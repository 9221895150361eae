"""The phases of an auction game before the play: the auction, the talon, the contract and the
defence. A mixin of `Deal`; every rule it applies comes from the compiled `AuctionRules`."""

from __future__ import annotations

from itertools import combinations

from ..i18n import N_
from ..verdicts import Verdict
from .phases import PhaseRunner, register
from .table import _BID, _SPECIAL, DEFEND, PASS, Action, decode_choice, discard_move

__all__ = ["BiddingPhases"]


class BiddingPhases:
    """Auction, talon, declaration and defence for `Deal` (which provides the table and hands)."""

    def _init_auction(self) -> None:
        self.phase = "auction"
        self.to_act = self.eldest
        self.level: int | None = None          # ladder index of the highest number bid
        self.high_bidder: int | None = None
        self.passed: set[int] = set()
        self.spoken: set[int] = set()
        self.number_bidders: set[int] = set()
        self.specials_said: list[tuple[int, int]] = []   # (seat, special index) in order
        self.igra_games: dict[int, str] = {}
        self.declarer: int | None = None
        self.from_hand = False
        self.discarded: tuple[int, ...] = ()
        self.defence_answers: dict[int, bool] = {}
        self.defenders: list[int] = []
        self.all_passed = False
        self.undefended = False

    # -- legal moves --------------------------------------------------------------------------------

    def _auction_moves(self, seat: int) -> list[int]:
        rules = self.auction
        moves = [PASS]
        closed = any("closes_ladder" in rules.specials[i][2] for _, i in self.specials_said)
        if not closed:
            nxt = 0 if self.level is None else self.level + 1
            strict = "lowest_step_only" in rules.rules or "no_jumps" in rules.rules
            stop = nxt + 1 if strict else len(rules.ladder)
            moves.extend(_BID - i for i in range(nxt, min(stop, len(rules.ladder))))
            if ("earlier_may_hold" in rules.rules and self.level and self.high_bidder is not None
                    and self._priority(seat) < self._priority(self.high_bidder)):
                moves.append(_BID - self.level)
        for index, (_, _, flags, _) in enumerate(rules.specials):
            if "first_turn_only" in flags and (seat in self.spoken or seat in self.number_bidders):
                continue
            if any(s == seat for s, _ in self.specials_said):
                continue
            moves.append(_SPECIAL - index)
        return moves

    def _priority(self, seat: int) -> int:
        """Distance from the eldest hand: lower speaks earlier."""
        return (seat - self.eldest) % self.table.players

    def _declare_moves(self, seat: int) -> list[int]:
        rules = self.auction
        ids = self.table.contract_ids
        if self.phase == "igra" or self.from_hand:
            allowed = [cid for _, cid in rules.ladder]
        else:
            floor = self.level if "contract_at_least_bid" in rules.talon else 0
            if "contract_may_rise" in rules.talon:
                allowed = [cid for i, (_, cid) in enumerate(rules.ladder) if i >= floor]
            else:
                allowed = [rules.ladder[self.level][1]]
        return [move for cid in allowed for move in self._choice_moves(ids.index(cid), "declarer")]

    def _discard_moves(self, seat: int) -> list[int]:
        return [discard_move(a, b) for a, b in combinations(sorted(self.hands[seat]), 2)]

    def _defence_moves(self, seat: int) -> list[int]:
        if self.auction.defence_rule("both_must_defend", self.contract.id):
            return [DEFEND]
        return [DEFEND, PASS]

    # -- applying moves ---------------------------------------------------------------------------------

    def _auction_push(self, seat: int, move: int) -> None:
        self.spoken.add(seat)
        if move == PASS:
            self.passed.add(seat)
        elif move <= _SPECIAL:
            self.specials_said.append((seat, _SPECIAL - move))
        else:
            self.level, self.high_bidder = _BID - move, seat
            self.number_bidders.add(seat)
        n = self.table.players
        said = {s for s, _ in self.specials_said}
        waiting = [s for s in range(n) if s not in self.passed and s not in said]
        if said:
            # After a special bid the ladder is closed; those still in may only add a special bid or pass.
            if not waiting:
                return self._end_auction()
        elif self.level is None:
            if len(self.passed) == n:
                return self._end_auction()
        elif len(waiting) == 1 and waiting[0] == self.high_bidder and len(self.passed) == n - 1:
            return self._end_auction()
        nxt = (seat + 1) % n
        while nxt in self.passed or nxt in said:
            nxt = (nxt + 1) % n
        self.to_act = nxt

    def _end_auction(self) -> None:
        rules = self.auction
        said = [s for s, _ in self.specials_said]
        if said:
            self.from_hand = True
            if len(said) == 1:
                self.declarer = said[0]
                self.phase, self.to_act = "declare", said[0]
            else:
                self.phase, self.to_act = "igra", said[0]
            return
        if self.level is None:
            self.all_passed = True
            self.phase = "over"
            return
        self.declarer = self.high_bidder
        if "to_declarer_then_discard" in rules.talon and self.talon:
            self.hands[self.declarer].extend(self.talon)
            self.phase = "discard"
        else:
            self.phase = "declare"
        self.to_act = self.declarer

    def _igra_push(self, seat: int, move: int) -> None:
        self.igra_games[seat] = move
        order = [s for s, _ in self.specials_said]
        pending = [s for s in order if s not in self.igra_games]
        if pending:
            self.to_act = pending[0]
            return
        # The higher game wins; between equal games the first to bid it (P3.8-style rule).
        ids = self.table.contract_ids
        best = max(order, key=lambda s: (self.auction.ladder_index(ids[decode_choice(self.igra_games[s])[0]]),
                                         -order.index(s)))
        self.declarer = best
        self._declare_push(best, self.igra_games[best])

    def _discard_push(self, seat: int, move: int) -> None:
        a, b = divmod(-100000 - move, 256)
        self.hands[seat].remove(a)
        self.hands[seat].remove(b)
        self.discarded = (a, b)
        self.phase = "declare"

    def _declare_push(self, seat: int, move: int) -> None:
        index, trump = decode_choice(move)
        self._declare(seat, self.table.contract_ids[index], trump)

    def _declare(self, seat: int, contract_id: str, trump: int | None = None) -> None:
        self.contract = self.contracts[contract_id]
        self.named_trump = trump
        self.phase = "defence"
        self.to_act = (self.declarer + 1) % self.table.players

    def _defence_push(self, seat: int, move: int) -> None:
        self.defence_answers[seat] = move == DEFEND
        if len(self.defence_answers) < self.table.players - 1:
            self.to_act = (seat + 1) % self.table.players
            return
        self.defenders = [s for s, yes in self.defence_answers.items() if yes]
        if not self.defenders and self.auction.defence_rule("undefended_counts_made", self.contract.id):
            self.undefended = True
            self.phase = "over"
            return
        self.phase = "tricks"
        self.play_started_at = len(self.history)
        self.to_act = self._first_leader()

    # -- rulings --------------------------------------------------------------------------------------------

    def _judge_bidding(self, seat: int, action: Action, illegal) -> Verdict | None:
        """Rule on an action in the auction, talon, declaration or defence; None if not in those."""
        table, rules, phase = self.table, self.auction, self.phase
        what = str(action)
        move = table.move(action)
        legal = self.legal_moves()
        if phase == "auction":
            if action.kind not in ("bid", "pass"):
                return illegal(N_("The auction is not over: seat {seat} must bid or pass."),
                               (rules.ladder_clause,), "illegal_bid", seat=seat)
            if move is None:
                return illegal(N_("There is no bid {bid} in this game."), (rules.ladder_clause,), "illegal_bid",
                               bid=action.args[0])
            if move in legal:
                return Verdict(True, N_("Seat {seat}: {action}."), (("seat", seat), ("action", what)),
                               (rules.ladder_clause,), seat, what)
            return illegal(*self._why_bid_illegal(seat, move), "illegal_bid", seat=seat, bid=action.args[0])
        if phase == "discard":
            if action.kind != "discard" or move is None or move not in legal:
                return illegal(N_("Seat {seat} must discard two cards from his hand after taking the talon."),
                               (rules.talon.get("to_declarer_then_discard"),), "illegal_card", seat=seat)
            return Verdict(True, N_("Seat {seat} discards two cards."), (("seat", seat),),
                           (rules.talon["to_declarer_then_discard"],), seat, what)
        if phase in ("declare", "igra"):
            if action.kind != "declare" or move is None:
                return illegal(N_("Seat {seat} must declare a contract."), (rules.ladder_clause,),
                               "illegal_bid", seat=seat)
            if move not in legal:
                clause = rules.talon.get("contract_at_least_bid") or rules.ladder_clause
                return illegal(N_("Seat {seat} may not declare {contract}: the contract may not be lower "
                                  "than the bid that won the auction."), (clause,), "illegal_bid",
                               seat=seat, contract=action.args[0])
            return Verdict(True, N_("Seat {seat} declares {contract}."),
                           (("seat", seat), ("contract", action.args[0])), (rules.ladder_clause,), seat, what)
        if phase == "defence":
            if action.kind not in ("defend", "pass"):
                return illegal(N_("Seat {seat} must say whether he defends."),
                               (self._defence_clause("each_may_pass"),), seat=seat)
            if move not in legal:
                return illegal(N_("Seat {seat} must defend: nobody may decline in this contract."),
                               (self._defence_clause("both_must_defend"),), seat=seat)
            return Verdict(True, N_("Seat {seat}: {action}."), (("seat", seat), ("action", what)),
                           (self._defence_clause("each_may_pass"),), seat, what)
        return None

    def _defence_clause(self, word: str) -> str | None:
        found = self.auction.defence_rule(word, self.contract.id if self.contract else None)
        return found[1] if found else None

    def _why_bid_illegal(self, seat: int, move: int) -> tuple[str, tuple]:
        rules = self.auction
        said = [s for s, _ in self.specials_said]
        if move <= _SPECIAL:
            index = _SPECIAL - move
            flags = rules.specials[index][2]
            if "first_turn_only" in flags:
                return (N_("Seat {seat} may not bid {bid}: it may be said only at a player's first turn, "
                           "and never after he has bid a number."), (rules.specials[index][3],))
            return N_("Seat {seat} may not bid {bid} now."), (rules.specials[index][3],)
        if said:
            closing = next(rules.specials[i][3] for _, i in self.specials_said)
            return N_("Seat {seat} may not bid {bid}: no number may be bid after {special}.").replace(
                "{special}", rules.specials[self.specials_said[0][1]][0]), (closing,)
        step = _BID - move
        nxt = 0 if self.level is None else self.level + 1
        clauses = tuple(rules.rules[w] for w in ("lowest_step_only", "no_jumps") if w in rules.rules)
        if step > nxt:
            return N_("Seat {seat} may not bid {bid}: the next bid must be the lowest available, "
                      "without a jump."), clauses
        return N_("Seat {seat} may not bid {bid}: it does not outrank the bid before it."), \
            clauses or (rules.ladder_clause,)


# Every phase of the auction game is ruled on by `_judge_bidding`, which knows them all.
register(PhaseRunner("auction", BiddingPhases._auction_moves, BiddingPhases._auction_push,
                     BiddingPhases._judge_bidding),
         PhaseRunner("discard", BiddingPhases._discard_moves, BiddingPhases._discard_push,
                     BiddingPhases._judge_bidding),
         PhaseRunner("declare", BiddingPhases._declare_moves, BiddingPhases._declare_push,
                     BiddingPhases._judge_bidding),
         PhaseRunner("igra", BiddingPhases._declare_moves, BiddingPhases._igra_push,
                     BiddingPhases._judge_bidding),
         PhaseRunner("defence", BiddingPhases._defence_moves, BiddingPhases._defence_push,
                     BiddingPhases._judge_bidding))

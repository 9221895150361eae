"""The phases of an auction game before the play: the auction, the talon, the contract and the
defence. A mixin of `Deal`; every rule it applies comes from the compiled `AuctionRules`."""

from __future__ import annotations


from ..i18n import N_
from ..verdicts import Verdict
from .phases import PhaseRunner, register
from .table import _BID, _SPECIAL, DEFEND, DOUBLE, PASS, Action, decode_choice, discard_moves

__all__ = ["BiddingPhases"]


class BiddingPhases:
    """Auction, talon, declaration and defence for `Deal` (which provides the table and hands).
    The phases follow one another in the order `deal phases` lists them; a phase the game does
    not list is skipped (without a talon exchange the declarer never takes the talon, without a
    declaration he plays the contract of his bid, without a defence both others defend)."""

    def _init_auction(self) -> None:
        rules = self.auction
        self.phase = "auction"
        self.first_bidder = self._seat_of(rules.first_bid[0])
        self.to_act = self.first_bidder
        self.level: int | None = None          # ladder index of the highest number bid
        self.high_bidder: int | None = None
        self.passed: set[int] = set()
        self.passes_in_row = 0
        self.spoken: set[int] = set()
        self.specials_said: list[tuple[int, int]] = []   # (seat, special index) in order
        self.contest_games: dict[int, int] = {}
        self.declarer: int | None = None
        self.from_hand = False
        self.won_by_special = False
        self.discarded: tuple[int, ...] = ()
        self.defence_answers: dict[int, bool] = {}
        self.defenders: list[int] = []
        self.all_passed = False
        self.undefended = False
        self.doublings = 0
        """How many times the contract was doubled (kontra, rekontra, ...)."""
        self.to_double: list[int] = []
        """The defenders still to answer in this round of doubling."""

    def _seat_of(self, seat) -> int:
        """The seat a rule names before the auction: eldest, dealer or the holder of a card."""
        if seat.role == "dealer":
            return self.dealer
        if seat.role == "holder":
            card = self.table.index[seat.card]
            return next((s for s, hand in enumerate(self.hands) if card in hand), self.eldest)
        return self.eldest

    # -- legal moves --------------------------------------------------------------------------------

    def _auction_moves(self, seat: int) -> list[int]:
        rules = self.auction
        moves = [PASS]
        # A bid off the ladder is above every number: once one is said no number may follow.
        if not self.specials_said:
            if (rules.hold and self.level and self.high_bidder is not None
                    and self._priority(seat) < self._priority(self.high_bidder)):
                # An earlier bidder facing a later one's number holds it ("mine") or passes; he
                # may not go past it while the later bidder can still answer.
                moves.append(_BID - self.level)
            else:
                nxt = 0 if self.level is None else self.level + 1
                stop = nxt + 1 if rules.steps[0] == "next" else len(rules.ladder)
                moves.extend(_BID - i for i in range(nxt, min(stop, len(rules.ladder))))
        for index, special in enumerate(rules.specials):
            if special.first_turn_only and seat in self.spoken:
                continue
            if any(s == seat for s, _ in self.specials_said):
                continue
            moves.append(_SPECIAL - index)
        return moves

    def _priority(self, seat: int) -> int:
        """Distance from the first bidder: lower speaks earlier."""
        return (seat - self.first_bidder) % self.table.players

    def _declare_moves(self, seat: int) -> list[int]:
        rules = self.auction
        ids = self.table.contract_ids
        if self.won_by_special:
            allowed = [step.contract for step in rules.ladder]
        elif rules.declaration[0] == "at_least_bid":
            allowed = [step.contract for i, step in enumerate(rules.ladder) if i >= self.level]
        else:
            allowed = [rules.ladder[self.level].contract]
        return [move for cid in allowed for move in self._choice_moves(ids.index(cid), "declarer")]

    def _discard_moves(self, seat: int) -> list[int]:
        return discard_moves(self.hands[seat])

    def _double_moves(self, seat: int) -> list[int]:
        return [PASS, DOUBLE]

    def _defence_moves(self, seat: int) -> list[int]:
        if self.auction.defence_for(self.contract.id)[0] == "must":
            return [DEFEND]
        return [DEFEND, PASS]

    # -- applying moves ---------------------------------------------------------------------------------

    def _auction_push(self, seat: int, move: int) -> None:
        if not self.auction.pass_final[0]:
            return self._open_auction_push(seat, move)
        self.spoken.add(seat)
        if move == PASS:
            self.passed.add(seat)
        elif move <= _SPECIAL:
            self.specials_said.append((seat, _SPECIAL - move))
        else:
            self.level, self.high_bidder = _BID - move, seat
        n = self.table.players
        said = {s for s, _ in self.specials_said}
        waiting = [s for s in range(n) if s not in self.passed and s not in said]
        if said:
            # After a bid off the ladder those still in may only add one of their own or pass.
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

    def _open_auction_push(self, seat: int, move: int) -> None:
        """An auction where a pass is not final: everyone keeps his turn, and it ends when all the
        others pass in a row after the last bid (or everyone passes before any bid)."""
        self.spoken.add(seat)
        if move == PASS:
            self.passes_in_row += 1
        else:
            self.passes_in_row = 0
            if move <= _SPECIAL:
                self.specials_said.append((seat, _SPECIAL - move))
            else:
                self.level, self.high_bidder = _BID - move, seat
        n = self.table.players
        bid = self.level is not None or self.specials_said
        if self.passes_in_row >= (n - 1 if bid else n):
            return self._end_auction()
        self.to_act = (seat + 1) % n

    def _has_phase(self, name: str) -> bool:
        return name in self.table.phases

    def _end_auction(self) -> None:
        said = self.specials_said
        if said:
            self.won_by_special = True
            specials = self.auction.specials
            self.from_hand = all(specials[i].from_hand for _, i in said)
            if len(said) > 1:
                # Several bids off the ladder: each names his contract, the best one wins.
                self.phase, self.to_act = "contest", said[0][0]
                return
            self.declarer = said[0][0]
        elif self.level is None:
            self.all_passed = True
            self.phase = "over"
            return
        else:
            self.declarer = self.high_bidder
        self.to_act = self.declarer
        if self._has_phase("talon_exchange") and not self.from_hand and self.talon:
            self.hands[self.declarer].extend(self.talon)
            self.phase = "discard"
        else:
            self._after_talon()

    def _after_talon(self) -> None:
        if self._has_phase("declaration"):
            self.phase = "declare"
        else:
            # Nobody names a contract: the bid that won the auction is played.
            self._declare(self.declarer, self.auction.ladder[self.level].contract)

    def _contest_push(self, seat: int, move: int) -> None:
        self.contest_games[seat] = move
        order = [s for s, _ in self.specials_said]
        pending = [s for s in order if s not in self.contest_games]
        if pending:
            self.to_act = pending[0]
            return
        # The highest contract wins; between equal ones, the earlier or later bidder as stated.
        ids = self.table.contract_ids
        later = 1 if self.auction.contest[0] == "later" else -1
        best = max(order, key=lambda s: (self.auction.ladder_index(ids[decode_choice(self.contest_games[s])[0]]),
                                         later * order.index(s)))
        self.declarer = best
        self._declare_push(best, self.contest_games[best])

    def _discard_push(self, seat: int, move: int) -> None:
        a, b = divmod(-100000 - move, 256)
        self.hands[seat].remove(a)
        self.hands[seat].remove(b)
        self.discarded = (a, b)
        self._after_talon()

    def _declare_push(self, seat: int, move: int) -> None:
        index, trump = decode_choice(move)
        self._declare(seat, self.table.contract_ids[index], trump)

    def _declare(self, seat: int, contract_id: str, trump: int | None = None) -> None:
        self.contract = self.contracts[contract_id]
        self.named_trump = trump
        if self._has_phase("defence"):
            self.phase = "defence"
            self.to_act = (self.declarer + 1) % self.table.players
        else:
            # Without a defence phase nobody is asked: every other player defends.
            self.defenders = [s for s in range(self.table.players) if s != self.declarer]
            self._to_play()

    def _to_play(self) -> None:
        self.phase = "tricks"
        self.play_started_at = len(self.history)
        self.to_act = self._first_leader()

    def _defence_push(self, seat: int, move: int) -> None:
        self.defence_answers[seat] = move == DEFEND
        if len(self.defence_answers) < self.table.players - 1:
            self.to_act = (seat + 1) % self.table.players
            return
        self.defenders = [s for s, yes in self.defence_answers.items() if yes]
        if not self.defenders and self.auction.undefended[0] == "made":
            self.undefended = True
            self.phase = "over"
            return
        if self.auction.doubling is not None and self.defenders:
            self.phase = "double"
            self._defenders_to_double()
            return
        self._to_play()

    def _defenders_to_double(self) -> None:
        """A round in which each defender in turn may double, or double again."""
        n = self.table.players
        self.to_double = sorted(self.defenders, key=lambda s: (s - self.declarer) % n)
        self.to_act = self.to_double[0]

    def _double_push(self, seat: int, move: int) -> None:
        if move == DOUBLE:
            self.doublings += 1
            if self.doublings >= self.auction.doubling[0]:
                return self._to_play()
            if seat == self.declarer:
                return self._defenders_to_double()
            self.to_act = self.declarer
            return
        if seat == self.declarer:
            return self._to_play()
        self.to_double.remove(seat)
        if self.to_double:
            self.to_act = self.to_double[0]
        else:
            self._to_play()

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
            said = self.auction.specials[self.specials_said[0][1]].name if self.specials_said else ""
            return illegal(*self._why_bid_illegal(seat, move), "illegal_bid", seat=seat, bid=action.args[0],
                           special=said)
        if phase == "discard":
            take, view = rules.talon_discards[1], rules.talon_shown
            cited = tuple(dict.fromkeys((take, view[1])))
            if action.kind != "discard" or move is None or move not in legal:
                return illegal(N_("Seat {seat} must discard two cards from his hand after taking the talon."),
                               (take,), "illegal_card", seat=seat)
            if view[0]:
                talon = " ".join(table.code(c) for c in self.talon)
                return Verdict(True, N_("Seat {seat} takes the talon {talon}, shown to all, and discards two cards."),
                               (("seat", seat), ("talon", talon)), cited, seat, what)
            return Verdict(True, N_("Seat {seat} takes the talon unseen by the others and discards two cards."),
                           (("seat", seat),), cited, seat, what)
        if phase in ("declare", "contest"):
            if action.kind == "discard" and self.won_by_special:
                said = rules.specials[self.specials_said[0][1]] if self.specials_said else None
                return illegal(N_("Seat {seat} won the auction with {special}, which is played without the "
                                  "talon: there is nothing to discard; he must declare a contract."),
                               tuple(c for c in (said.clause if said else None, rules.talon_discards[1]) if c),
                               "illegal_bid", seat=seat, special=said.name if said else "?")
            if action.kind == "declare" and move is None:
                return illegal(N_("There is no contract {contract} in this game."), (rules.ladder_clause,),
                               "illegal_bid", seat=seat, contract=action.args[0] if action.args else "")
            if action.kind != "declare" or move is None:
                return illegal(N_("Seat {seat} must declare a contract."), (rules.ladder_clause,),
                               "illegal_bid", seat=seat)
            if move not in legal:
                clause = rules.declaration[1] if rules.declaration else rules.ladder_clause
                return illegal(N_("Seat {seat} may not declare {contract}: the contract may not be lower "
                                  "than the bid that won the auction."), (clause,), "illegal_bid",
                               seat=seat, contract=action.args[0])
            clauses = (rules.after_special[1],) if self.won_by_special and rules.after_special else ()
            return Verdict(True, N_("Seat {seat} declares {contract}."),
                           (("seat", seat), ("contract", action.args[0])), (rules.ladder_clause,) + clauses,
                           seat, what)
        if phase == "defence":
            choice, clause = rules.defence_for(self.contract.id)
            if action.kind not in ("defend", "pass"):
                return illegal(N_("Seat {seat} must say whether he defends."), (clause,), seat=seat)
            if move not in legal:
                return illegal(N_("Seat {seat} must defend: nobody may decline in this contract."),
                               (clause,), seat=seat)
            return Verdict(True, N_("Seat {seat}: {action}."), (("seat", seat), ("action", what)),
                           (clause,), seat, what)
        if phase == "double":
            clause = rules.doubling[1]
            if action.kind not in ("double", "pass"):
                return illegal(N_("Seat {seat} may double or pass."), (clause,), seat=seat)
            if move not in (DOUBLE, PASS):
                # Kontra doubles the contract, not one player: `double` takes no seat here.
                return illegal(N_("Seat {seat} may double the contract only, with \"double\" and no seat: "
                                  "{action} names a player."), (clause,), seat=seat, action=what)
            if move == DOUBLE:
                return Verdict(True, N_("Seat {seat} doubles: the contract now counts {times} times."),
                               (("seat", seat), ("times", 2 ** (self.doublings + 1))), (clause,), seat, what)
            return Verdict(True, N_("Seat {seat}: {action}."), (("seat", seat), ("action", what)),
                           (clause,), seat, what)
        return None

    def _why_bid_illegal(self, seat: int, move: int) -> tuple[str, tuple]:
        rules = self.auction
        if move <= _SPECIAL:
            special = rules.specials[_SPECIAL - move]
            if special.first_turn_only:
                return (N_("Seat {seat} may not bid {bid}: it may be said only at a player's first turn, "
                           "and never after he has bid a number."), (special.clause,))
            return N_("Seat {seat} may not bid {bid} now."), (special.clause,)
        if self.specials_said:
            first = rules.specials[self.specials_said[0][1]]
            return N_("Seat {seat} may not bid {bid}: no number may be bid after {special}."), (first.clause,)
        step = _BID - move
        nxt = 0 if self.level is None else self.level + 1
        clauses = (rules.steps[1],)
        if _BID - self.level in self._auction_moves(seat) if self.level is not None else False:
            return (N_("Seat {seat} may not bid {bid}: facing a later player's bid, an earlier bidder "
                       "may only hold it (by repeating it) or pass."), (rules.hold, rules.steps[1]))
        if step > nxt:
            return N_("Seat {seat} may not bid {bid}: the next bid must be the lowest available, "
                      "without a jump."), clauses
        return N_("Seat {seat} may not bid {bid}: it does not outrank the bid before it."), clauses


# Every phase of the auction game is ruled on by `_judge_bidding`, which knows them all.
register(*(PhaseRunner(name, moves, push, BiddingPhases._judge_bidding) for name, moves, push in (
    ("auction", BiddingPhases._auction_moves, BiddingPhases._auction_push),
    ("discard", BiddingPhases._discard_moves, BiddingPhases._discard_push),
    ("declare", BiddingPhases._declare_moves, BiddingPhases._declare_push),
    ("contest", BiddingPhases._declare_moves, BiddingPhases._contest_push),
    ("defence", BiddingPhases._defence_moves, BiddingPhases._defence_push),
    ("double", BiddingPhases._double_moves, BiddingPhases._double_push))))

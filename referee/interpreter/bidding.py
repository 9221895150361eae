"""The phases of an auction game before the play: the auction, the talon, the contract and the
defence. A mixin of `Deal`; every rule it applies comes from the game's `CompiledAuction` (the
model's `AuctionRules` with the move tables `bid_tables` works out once per game)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from ..engine import moves
from ..engine.dice import chooser
from ..engine.moves import DEFEND, DOUBLE, PASS, SPECIAL_BASE, decode_choice
from ..engine.moves import choice as choice_move
from ..engine.moves import discards as discard_moves
from ..engine.table import Action
from ..i18n import N_
from ..mechanics.base import Phase
from ..mechanics.tricks.phase import first_leader
from ..mechanics.tricks.state import TrickState
from ..verdicts import Verdict
from .phases import PhaseRunner, register

__all__ = ["BiddingPhases", "BIDDING_PHASES", "bid_tables"]

# Which bids off the ladder a seat may still say (the second index of the auction's move tables).
_ANY_SPECIAL, _LATER_SPECIALS, _NO_SPECIAL = 0, 1, 2
_DOUBLE_OR_PASS = (PASS, DOUBLE)


class BiddingPhases:
    """Auction, talon, declaration and defence for `Deal` (which provides the table and hands).
    The phases follow one another in the order `deal phases` lists them; a phase the game does
    not list is skipped (without a talon exchange the declarer never takes the talon, without a
    declaration he plays the contract of his bid, without a defence both others defend)."""

    # The state of the auction that starts the same in every deal and is replaced, never changed
    # in place, as the deal goes on: read from the class until a deal sets its own.
    level: int | None = None
    """Ladder index of the highest number bid so far."""
    high_bidder: int | None = None
    passes_in_row = 0
    from_hand = False
    won_by_special = False
    discarded: tuple[int, ...] = ()
    all_passed = False
    undefended = False
    doublings = 0
    """How many times the contract was doubled (kontra, rekontra, ...)."""

    def _init_auction(self) -> None:
        self.phase = Phase.AUCTION
        self.first_bidder = self.to_act = self._seat_of(self.auction.first_bid[0])
        self.passed: set[int] = set()
        self.spoken: set[int] = set()
        self.specials_said: list[tuple[int, int]] = []   # (seat, special index) in order
        self.contest_games: dict[int, int] = {}
        self.defence_answers: dict[int, bool] = {}
        self.defenders: list[int] = []
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
    # Each phase lists its moves as a tuple looked up in the compiled tables (`auction_tables`):
    # `legal_moves` hands out a list, and random play draws from the tuple itself.

    def _auction_options(self, seat: int) -> tuple[int, ...]:
        rules = self.auction
        said = self.specials_said
        # A player who has said a bid off the ladder says no other; one who has spoken already
        # may say only those not limited to a first turn.
        if said and any(s == seat for s, _ in said):
            kind = _NO_SPECIAL
        else:
            kind = _LATER_SPECIALS if seat in self.spoken else _ANY_SPECIAL
        # A bid off the ladder is above every number: once one is said no number may follow.
        if said:
            return rules.after_special_options[kind]
        level = self.level
        if (rules.hold and level and self.high_bidder is not None
                and self._priority(seat) < self._priority(self.high_bidder)):
            # An earlier bidder facing a later one's number holds it ("mine") or passes; he
            # may not go past it while the later bidder can still answer.
            return rules.hold_options[level][kind]
        return rules.bid_options[0 if level is None else level + 1][kind]

    def _auction_moves(self, seat: int) -> list[int]:
        return list(self._auction_options(seat))

    def _priority(self, seat: int) -> int:
        """Distance from the first bidder: lower speaks earlier."""
        return (seat - self.first_bidder) % self.table.players

    def _declare_options(self, seat: int) -> tuple[int, ...]:
        rules = self.auction
        if self.won_by_special:
            return rules.declare_after_special
        return rules.declare_after_bid[self.level]

    def _declare_moves(self, seat: int) -> list[int]:
        return list(self._declare_options(seat))

    def _discard_moves(self, seat: int) -> list[int]:
        return discard_moves(self.hands[seat])

    def _discard_options(self, seat: int) -> Discards:
        return Discards(self.hands[seat])

    def _double_options(self, seat: int) -> tuple[int, ...]:
        return _DOUBLE_OR_PASS

    def _double_moves(self, seat: int) -> list[int]:
        return list(_DOUBLE_OR_PASS)

    def _defence_options(self, seat: int) -> tuple[int, ...]:
        return self.auction.defence_moves[self.contract.id]

    def _defence_moves(self, seat: int) -> list[int]:
        return list(self._defence_options(seat))

    # -- applying moves ---------------------------------------------------------------------------------

    def _auction_push(self, seat: int, move: int) -> None:
        if not self.auction.pass_final[0]:
            return self._open_auction_push(seat, move)
        self.spoken.add(seat)
        passed = self.passed
        if move == PASS:
            passed.add(seat)
        elif move <= SPECIAL_BASE:
            self.specials_said.append((seat, moves.special_index(move)))
        else:
            self.level, self.high_bidder = moves.bid_step(move), seat
        n = self.table.players
        if self.specials_said:
            # After a bid off the ladder those still in may only add one of their own or pass:
            # it ends when nobody is left who has neither passed nor said one.
            out = passed.union([s for s, _ in self.specials_said])
            if len(out) == n:
                return self._end_auction()
        elif self.level is None:
            if len(passed) == n:
                return self._end_auction()
            out = passed
        elif len(passed) == n - 1 and self.high_bidder not in passed:
            return self._end_auction()  # everyone else has passed: the high bidder has won
        else:
            out = passed
        nxt = (seat + 1) % n
        while nxt in out:
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
            if move <= SPECIAL_BASE:
                self.specials_said.append((seat, moves.special_index(move)))
            else:
                self.level, self.high_bidder = moves.bid_step(move), seat
        n = self.table.players
        bid = self.level is not None or self.specials_said
        if self.passes_in_row >= (n - 1 if bid else n):
            return self._end_auction()
        self.to_act = (seat + 1) % n

    def _end_auction(self) -> None:
        said = self.specials_said
        rules = self.auction
        if said:
            self.won_by_special = True
            specials = rules.specials
            self.from_hand = all(specials[i].from_hand for _, i in said)
            if len(said) > 1:
                # Several bids off the ladder: each names his contract, the best one wins.
                self.phase, self.to_act = Phase.CONTEST, said[0][0]
                return
            self.declarer = said[0][0]
        elif self.level is None:
            self.all_passed = True
            self.phase = Phase.OVER
            return
        else:
            self.declarer = self.high_bidder
        self.to_act = self.declarer
        if rules.has_talon_exchange and not self.from_hand and self.talon:
            self.hands[self.declarer].extend(self.talon)
            self.phase = Phase.TALON_EXCHANGE
        else:
            self._after_talon()

    def _after_talon(self) -> None:
        if self.auction.has_declaration:
            self.phase = Phase.DECLARATION
        else:
            # Nobody names a contract: the bid that won the auction is played.
            self._declare(self.declarer, self.auction.ladder[self.level].contract)

    def _contest_push(self, seat: int, move: int) -> None:
        games = self.contest_games
        games[seat] = move
        order = [s for s, _ in self.specials_said]
        pending = [s for s in order if s not in games]
        if pending:
            self.to_act = pending[0]
            return
        # The highest contract wins; between equal ones, the earlier or later bidder as stated.
        rules = self.auction
        step_of = rules.ladder_step_of
        later = 1 if rules.contest[0] == "later" else -1
        best = max(order, key=lambda s: (step_of[decode_choice(games[s])[0]], later * order.index(s)))
        self.declarer = best
        self._declare_push(best, games[best])

    def _discard_push(self, seat: int, move: int) -> None:
        a, b = moves.discard_cards(move)
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
        if self.auction.has_defence:
            self.phase = Phase.DEFENCE
            self.to_act = (self.declarer + 1) % self.table.players
        else:
            # Without a defence phase nobody is asked: every other player defends.
            self.defenders = [s for s in range(self.table.players) if s != self.declarer]
            self._to_play()

    def _to_play(self) -> None:
        self.phase = Phase.TRICKS
        self.play_started_at = len(self.history)
        self.tricks = TrickState.empty(self.table.players)
        self.to_act = first_leader(self)

    def _defence_push(self, seat: int, move: int) -> None:
        self.defence_answers[seat] = move == DEFEND
        if len(self.defence_answers) < self.table.players - 1:
            self.to_act = (seat + 1) % self.table.players
            return
        self.defenders = [s for s, yes in self.defence_answers.items() if yes]
        if not self.defenders and self.auction.undefended[0] == "made":
            self.undefended = True
            self.phase = Phase.OVER
            return
        if self.auction.doubling is not None and self.defenders:
            self.phase = Phase.KONTRA
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
        if phase == Phase.AUCTION:
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
        if phase == Phase.TALON_EXCHANGE:
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
        if phase in (Phase.DECLARATION, Phase.CONTEST):
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
        if phase == Phase.DEFENCE:
            choice, clause = rules.defence_for(self.contract.id)
            if action.kind not in ("defend", "pass"):
                return illegal(N_("Seat {seat} must say whether he defends."), (clause,), seat=seat)
            if move not in legal:
                return illegal(N_("Seat {seat} must defend: nobody may decline in this contract."),
                               (clause,), seat=seat)
            return Verdict(True, N_("Seat {seat}: {action}."), (("seat", seat), ("action", what)),
                           (clause,), seat, what)
        if phase == Phase.KONTRA:
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
        if move <= SPECIAL_BASE:
            special = rules.specials[moves.special_index(move)]
            if special.first_turn_only:
                return (N_("Seat {seat} may not bid {bid}: it may be said only at a player's first turn, "
                           "and never after he has bid a number."), (special.clause,))
            return N_("Seat {seat} may not bid {bid} now."), (special.clause,)
        if self.specials_said:
            first = rules.specials[self.specials_said[0][1]]
            return N_("Seat {seat} may not bid {bid}: no number may be bid after {special}."), (first.clause,)
        step = moves.bid_step(move)
        nxt = 0 if self.level is None else self.level + 1
        clauses = (rules.steps[1],)
        if moves.bid(self.level) in self._auction_moves(seat) if self.level is not None else False:
            return (N_("Seat {seat} may not bid {bid}: facing a later player's bid, an earlier bidder "
                       "may only hold it (by repeating it) or pass."), (rules.hold, rules.steps[1]))
        if step > nxt:
            return N_("Seat {seat} may not bid {bid}: the next bid must be the lowest available, "
                      "without a jump."), clauses
        return N_("Seat {seat} may not bid {bid}: it does not outrank the bid before it."), clauses


    # -- random play ------------------------------------------------------------------------------------

    def random_bidding(self, rng, budget: int) -> int:
        """Random legal play through the auction, talon, declaration, contest, defence and doubling
        until the deal leaves them or `budget` moves are made; the moves made. The same moves and
        random draws as `rng.choice(legal_moves())` then `push`, one by one: each phase's options
        are the tuple its `legal_moves` copies into a list."""
        choice, history = chooser(rng), self.history
        steps = 0
        while steps < budget:
            step = _RANDOM_STEPS.get(self.phase)
            if step is None:
                break
            options, push = step
            seat = self.to_act
            move = choice(options(self, seat))
            history.append((seat, move))
            push(self, seat, move)
            steps += 1
        return steps


class Discards(Sequence):
    """Every discard of two cards from `hand`, in the order `discard_moves` lists them, each
    worked out when it is read: random play draws one of many (66 from twelve cards) and needs
    no list of them all."""

    __slots__ = ("hand", "pairs")

    def __init__(self, hand: list[int]) -> None:
        self.hand = sorted(hand)
        self.pairs = _pairs(len(hand))

    def __len__(self) -> int:
        return len(self.pairs)

    def __getitem__(self, index: int) -> int:
        a, b = self.pairs[index]
        return moves.discard(self.hand[a], self.hand[b])


@lru_cache(maxsize=None)
def _pairs(size: int) -> tuple[tuple[int, int], ...]:
    """The positions of every two cards of a sorted hand of `size`, in order."""
    return tuple(combinations(range(size), 2))


def bid_tables(rules, table, contracts) -> dict:
    """The move tables of the auction, declaration and defence of a game at `table`, worked out
    once from its rules (`rules`, the model's `AuctionRules`) and compiled `contracts`: the
    fields of `CompiledAuction` that the phases above look up instead of deriving them per move."""
    ladder = rules.ladder
    size = len(ladder)
    # Bids off the ladder: every one (a first turn), those not limited to a first turn, none.
    specials = tuple(moves.special(i) for i in range(len(rules.specials)))
    later = tuple(moves.special(i) for i, special in enumerate(rules.specials) if not special.first_turn_only)
    by_kind = (specials, later, ())

    def options(numbers: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        return tuple((PASS,) + numbers + said for said in by_kind)

    def numbers_from(nxt: int) -> tuple[int, ...]:
        stop = nxt + 1 if rules.steps[0] == "next" else size
        return tuple(moves.bid(i) for i in range(nxt, min(stop, size)))

    ids = table.contract_ids

    def naming(cid: str) -> tuple[int, ...]:
        # The moves naming contract `cid`, with the trump suit (or the starting rank) when the
        # declarer names it: what `Deal._choice_moves(index, "declarer")` lists.
        index, contract = ids.index(cid), contracts[cid]
        if contract.trumps_named_by == "declarer":
            return tuple(choice_move(index, suit) for suit in range(len(table.suit_codes)))
        if contract.layout_named_by == "declarer":
            return tuple(choice_move(index, rank) for rank in range(table.nranks))
        return (choice_move(index),)

    any_contract = tuple(move for step in ladder for move in naming(step.contract))
    kind = rules.declaration[0] if rules.declaration else None
    after_bid = tuple(
        tuple(move for step in (ladder[level:] if kind == "at_least_bid" else ladder[level:level + 1])
              for move in naming(step.contract))
        for level in range(size)) if kind else ()
    steps = {step.contract: i for i, step in enumerate(ladder)}
    defence = {cid: rules.defence.get(cid) or rules.defence.get(None) for cid in ids}
    phases = table.phases
    return dict(
        has_talon_exchange="talon_exchange" in phases,
        has_declaration="declaration" in phases,
        has_defence="defence" in phases,
        bid_options=tuple(options(numbers_from(nxt)) for nxt in range(size + 1)),
        hold_options=tuple(options((moves.bid(level),)) for level in range(size)),
        after_special_options=options(()),
        declare_after_special=any_contract,
        declare_after_bid=after_bid,
        ladder_step_of=tuple(steps.get(cid, -1) for cid in ids),
        defence_moves={cid: ((DEFEND,) if rule[0] == "must" else (DEFEND, PASS)) for cid, rule in defence.items()
                       if rule is not None},
    )


# Every phase of the auction game is ruled on by `_judge_bidding`, which knows them all.
register(*(PhaseRunner(name, moves, push, BiddingPhases._judge_bidding, frozenset(words))
            for name, moves, push, words in (
    (Phase.AUCTION, BiddingPhases._auction_moves, BiddingPhases._auction_push, {"bid", "pass"}),
    (Phase.TALON_EXCHANGE, BiddingPhases._discard_moves, BiddingPhases._discard_push, {"discard"}),
    (Phase.DECLARATION, BiddingPhases._declare_moves, BiddingPhases._declare_push, {"declare"}),
    (Phase.CONTEST, BiddingPhases._declare_moves, BiddingPhases._contest_push, {"declare"}),
    (Phase.DEFENCE, BiddingPhases._defence_moves, BiddingPhases._defence_push, {"defend", "pass"}),
    (Phase.KONTRA, BiddingPhases._double_moves, BiddingPhases._double_push, {"double", "redouble", "pass"}))))

# What random play draws from in each phase, and how it applies the move drawn.
_RANDOM_STEPS = {
    Phase.AUCTION: (BiddingPhases._auction_options, BiddingPhases._auction_push),
    Phase.TALON_EXCHANGE: (BiddingPhases._discard_options, BiddingPhases._discard_push),
    Phase.DECLARATION: (BiddingPhases._declare_options, BiddingPhases._declare_push),
    Phase.CONTEST: (BiddingPhases._declare_options, BiddingPhases._contest_push),
    Phase.DEFENCE: (BiddingPhases._defence_options, BiddingPhases._defence_push),
    Phase.KONTRA: (BiddingPhases._double_options, BiddingPhases._double_push),
}
BIDDING_PHASES = frozenset(_RANDOM_STEPS)
"""The phases `random_bidding` plays."""

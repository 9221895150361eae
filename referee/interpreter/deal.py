"""One deal: choosing the contract, trick or layout play, the early end, and the deal's scores.

`Deal.legal_moves()` lists what the player to act may do, `Deal.push()` applies a move without
checking it (for simulations), and `Deal.play()` checks an action, rules on it with a verdict
citing the deciding clauses, and applies it only when it is legal.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.legal import LegalActions
from ..engine.start import DealStart, write_position
from ..engine.table import Action, Table
from ..errors import Phrase, UsageError
from ..i18n import N_
from ..mechanics.auction.compiled import CompiledAuction
from ..mechanics.auction.phase import random_bidding, start_auction
from ..mechanics.auction.settlement import settle_deal
from ..mechanics.auction.state import AuctionState
from ..mechanics.contract_choice.phase import NAMERS, chooser_of
from ..mechanics.doubling.phase import pair_settlement, start_doubling
from ..mechanics.doubling.state import DoublingState
from ..mechanics.layout.phase import finish_lines, random_layout, skip_unable_to_start, start_layout
from ..mechanics.layout.state import LayoutState
from ..mechanics.passing.phase import start_passing
from ..mechanics.passing.state import PassingState
from ..mechanics.tricks.compiled import CompiledContract
from ..mechanics.tricks.phase import first_leader, random_tricks, trick_moves, trick_push
from ..mechanics.tricks.score import all_taken_lines, taken_lines
from ..mechanics.tricks.state import TrickState
from ..mechanics.vocabulary import Phase, PhaseWord
from ..mechanics.vying.betting import end_clauses, random_bet, random_betting, start_betting
from ..mechanics.vying.compiled import VyingRules
from ..mechanics.vying.showdown import settle_vying
from ..mechanics.vying.state import BettingState
from ..verdicts import ScoreLine, Verdict
from .phases import RUNNERS

if TYPE_CHECKING:
    from ..drawing import Drawing

__all__ = ["Deal", "DealResult", "DealStart", "LegalActions", "perft"]

# The phases asked about on every deal or move, as module names: a member looked up on its enum
# class costs ten times as much (Python 3.11's EnumType.__getattr__).
_CHOICE, _TRICKS, _OVER = Phase.CONTRACT_CHOICE, Phase.TRICKS, Phase.OVER
_CHOICE_WORD = PhaseWord.CONTRACT_CHOICE


@dataclass(frozen=True)
class DealResult:
    """What a finished deal wrote to each seat, and why."""

    contract: str | None
    scores: tuple[ScoreLine, ...]
    finish_order: tuple[int, ...]
    ended_early: str | None
    """Clause that ended the deal before all cards were played, if any."""
    if TYPE_CHECKING:  # not a field (`dataclasses.replace` leaves it None): see `__init__`
        written: dict[str, list[int]] | None

    def __init__(self, contract: str | None, scores: tuple[ScoreLine, ...], finish_order: tuple[int, ...],
                 ended_early: str | None) -> None:
        # One per deal: a dictionary update is about twice as cheap as a frozen dataclass's
        # setattr per field (as in ScoreLine); it stays frozen.
        self.__dict__.update(contract=contract, scores=scores, finish_order=finish_order, ended_early=ended_early,
                             written=None)
        # `written` (not a field: `dataclasses.replace` leaves it None): account -> points per
        # seat, when the result knows what it writes without adding up its lines (`unread`).

    @classmethod
    def unread(cls, contract: str | None, lines: Callable[[], tuple[ScoreLine, ...]],
               written: dict[str, list[int]], finish_order: tuple[int, ...], ended_early: str | None) -> "DealResult":
        """A result whose score lines are built when first read (`scores`), with what it writes
        to each account (plain accounts only: none kept per opponent) known already: a
        simulation adds up `written` and never builds a line it does not show."""
        result = cls.__new__(cls)
        result.__dict__.update(contract=contract, finish_order=finish_order, ended_early=ended_early,
                               written=written, _lines=lines)
        return result

    def __getattr__(self, name: str) -> tuple[ScoreLine, ...]:
        # Only the `scores` of a result made by `unread` are missing, until first read.
        lines: Callable[[], tuple[ScoreLine, ...]] | None = self.__dict__.pop("_lines", None) \
            if name == "scores" else None
        if lines is None:
            raise AttributeError(name)
        scores = self.__dict__["scores"] = lines()
        return scores

    def totals(self, players: int) -> list[int]:
        out = [0] * players
        for line in self.scores:
            out[line.seat] += line.points
        return out


class Deal:
    """The state of one deal. Seats are in turn order; the eldest hand is dealer + 1."""

    # The parameters after `hands` may be given by position: the match makes a deal that way
    # (each keyword of a call costs about as much as a dozen positional arguments in CPython 3.11).
    def __init__(self, table: Table, dealer: int, hands: list[list[int]],
                 contracts: dict[str, CompiledContract], chosen: list[set[str]] | None = None,
                 contract: str | None = None, talon: list[int] | None = None,
                 auction: CompiledAuction | None = None, held: list[int] | None = None,
                 written: list[int] | None = None,
                 vying: VyingRules | None = None, chips: list[int] | None = None, carry: int = 0,
                 upcards: list[int] | None = None, number: int = 0,
                 dealer_doubles: dict[tuple[int, int], int] | None = None, passed_before: int = 0) -> None:
        self.table = table
        self.game = table.game
        # What the deal starts from, for `start`, `undo()` and `position()`: what the match may
        # change while the deal runs (the contracts chosen, the doublings counted, the chips and
        # multipliers the deal's own state takes over) copied, and only when there is any.
        self._start = (dealer, hands, talon, upcards, contract,
                       tuple(map(frozenset, chosen)) if chosen is not None and any(chosen) else (),
                       None if held is None else tuple(held), None if written is None else tuple(written),
                       None if chips is None else tuple(chips), carry, number,
                       tuple(sorted(dealer_doubles.items())) if dealer_doubles else (), passed_before)
        self.dealer = dealer
        self.eldest = table.next(dealer, table.eldest_offset)
        self.hands = list(map(list, hands))
        self.talon = list(talon or [])
        self.contracts = contracts
        self.chosen = chosen if chosen is not None else [set() for _ in range(table.players)]
        self.history: list[tuple[int, int]] = []
        self.contract: CompiledContract | None = None
        self.phase = _CHOICE
        self.to_act = self.eldest
        self.ended_early: str | None = None
        self.tricks: TrickState | None = None
        """The tricks of a contract played by tricks, from the start of its play."""
        self.play_started_at = 0
        self.named_trump: int | None = None
        """The trump suit named by the chooser or the declarer, when the contract lets him."""
        self.layout: LayoutState | None = None
        """The layout of a contract that plays layout, from the start of its play."""
        self.declarer: int | None = None
        """The player who won the auction and plays the contract against the others (None without one)."""
        self.defenders: list[int] = []
        """The players who defend against the declarer."""
        self.played_by: dict[int, int] = {}
        """Seat -> the seat that chooses its moves, for a hand its holder does not play himself (a
        lone defender playing a decliner's hand with open cards); both hands then lie face up."""
        self.played_by_clause: str | None = None
        """The clause that has another seat play those hands (None while nobody does)."""
        self.betting: BettingState | None = None
        """The chips and stakes of a vying deal, from the antes to the showdown (None in other games)."""
        self.dealer_doubles = dealer_doubles if dealer_doubles is not None else {}
        """(dealer, player) -> how often the player has doubled that dealer in this match."""
        self.doubling: DoublingState | None = None
        """The doubling between players of this deal, once the contract is named (None without one)."""
        self.bidding: AuctionState | None = None
        """The auction and what follows it up to the play, in an auction game (None in others)."""
        self.passing: PassingState | None = None
        """The card passing of this deal, while and after it runs (None when no cards are passed)."""
        self.fixed_contract: str | None = None
        """A contract the order of the match fixes, whose trumps (or starting rank) the dealer still has to name."""
        if contract is not None and "dealer" in (self.contracts[contract].trumps_named_by,
                                                 self.contracts[contract].layout_named_by):
            # the dealer names its trumps (or its starting rank) in the contract choice
            self.fixed_contract, self.to_act = contract, dealer
        elif contract is not None:
            self.start_play(contract)
        elif vying is not None:
            assert chips is not None, "a vying deal starts from the chips in front of each player"
            self.betting = start_betting(self, vying, chips, carry, upcards or [])
        elif auction is None:
            self.passing = start_passing(self, number)
            if self.passing is None:
                self.after_passing()
        if auction is not None:  # an auction game: its state, from the first bid unless the contract is given
            self.bidding = start_auction(self, auction, held, written, bidding=contract is None,
                                         passed_before=passed_before)

    def after_passing(self) -> None:
        """The deal goes on to the contract choice, or straight to the play of its one contract."""
        # The chooser names the contract: the eldest hand, or the dealer (`contract chosen by dealer`).
        self.phase, self.to_act = _CHOICE, self.chooser if self.game.contract_choice else self.eldest
        if _CHOICE_WORD not in self.table.phases and len(self.contracts) == 1:
            self.start_play(next(iter(self.contracts)))

    def __repr__(self) -> str:
        """Short, for a REPL: the game, the phase, the dealer, whose turn, how many actions."""
        turn = "over" if self.phase == Phase.OVER else f"seat {self.to_act + 1} to act"
        contract = f", {self.contract.id}" if self.contract is not None else ""
        return (f"<Deal {self.game.id}: {self.phase.value}{contract}, dealer seat {self.dealer + 1}, {turn}, "
                f"{len(self.history)} actions>")

    def draw(self, lang: str = "en", view: int | None = None) -> str:
        """The deal drawn as text: the hands around the table, the trick or layout or pot in the
        middle (`referee.drawing`); `view`: only that seat's hand face up."""
        return str(self.show(lang, view))

    def show(self, lang: str = "en", view: int | None = None) -> Drawing:
        """The deal drawn in `lang` (`referee.drawing.Drawing`): HTML in a notebook, text in a terminal."""
        # loaded on demand: only a deal shown draws itself (judge and play never do)
        from ..drawing import Drawing, picture
        return Drawing(picture(self, lang, view))

    __str__ = draw

    def _repr_html_(self) -> str:
        """The drawing in a notebook (hearts and diamonds in red)."""
        return self.show()._repr_html_()

    def copy(self) -> "Deal":
        """An independent copy of this deal's state; the rules and tables are shared, not copied."""
        shared = (self.table, self.game, self.contracts, self.bidding.rules if self.bidding else None, self.contract,
                  self.betting.rules if self.betting else None, self.layout.tables if self.layout else None)
        return copy.deepcopy(self, {id(x): x for x in shared if x is not None})

    @property
    def start(self) -> DealStart:
        """What this deal started from (`DealStart`): the cards dealt and what the match had
        written before it."""
        (dealer, hands, talon, upcards, contract, chosen, held, written, chips, carry, number,
         doubles, passed_before) = self._start
        return DealStart(dealer, tuple(map(tuple, hands)), tuple(talon or ()), tuple(upcards or ()), contract,
                         chosen, held, written, chips, carry, number, doubles, passed_before)

    @classmethod
    def from_start(cls, table: Table, start: DealStart, *, contracts: dict[str, CompiledContract],
                   auction: CompiledAuction | None = None, vying: VyingRules | None = None) -> "Deal":
        """A deal on `table` from `start`, before any action, with the game's compiled tables
        (as `Match` holds them): the position `undo()` and `referee.from_position` replay from."""
        s = start
        return cls(table, s.dealer, [list(h) for h in s.hands], contracts=contracts,
                   chosen=[set(c) for c in s.chosen] if s.chosen else None, contract=s.contract,
                   talon=list(s.talon), auction=auction,
                   held=None if s.held is None else list(s.held), written=None if s.written is None else list(s.written),
                   vying=vying, chips=None if s.chips is None else list(s.chips), carry=s.carry,
                   upcards=list(s.upcards), number=s.number, dealer_doubles=dict(s.doubles),
                   passed_before=s.passed_before)

    def restarted(self) -> "Deal":
        """This deal at its start, before any action (a new deal: this one is left as it is)."""
        return Deal.from_start(self.table, self.start, contracts=self.contracts,
                               auction=self.bidding.rules if self.bidding is not None else None,
                               vying=self.betting.rules if self.betting is not None else None)

    def undo(self) -> Action:
        """Take back the last action, as python-chess's `board.pop()` does: the deal is back at the
        position before it, and the action taken back is returned. A deal with no action yet is a
        `UsageError`. What the deal wrote into the match (a contract chosen, a doubling counted)
        is taken back too; a deal the match has already scored is not rescored.

        The deal is replayed from its start without the last action, so an undo costs as much as
        the actions before it (no state is kept per action: random play pays nothing for it)."""
        if not self.history:
            raise UsageError(Phrase("there is no action to take back: the deal is at its start"))
        fresh = self.restarted()
        *before, (_seat, last) = self.history
        for _seat, move in before:
            fresh.push(move)
        taken = fresh.action_of(last)
        # The lists the match shares with the deal keep their identity: their contents go back.
        for mine, theirs in zip(self.chosen, fresh.chosen):
            mine.clear()
            mine.update(theirs)
        self.dealer_doubles.clear()
        self.dealer_doubles.update(fresh.dealer_doubles)
        shared = {"chosen": self.chosen, "dealer_doubles": self.dealer_doubles, "_start": self._start}
        self.__dict__.update(fresh.__dict__)
        self.__dict__.update(shared)
        return taken

    def position(self, upto: int | None = None) -> str:
        """This position as one line of text (`referee.position`), which `referee.from_position`
        reads back into the same position: the game and its readings, the cards dealt, what the
        match had written before the deal, and the actions taken (the first `upto` of them, when
        given: an earlier position of the deal)."""
        return write_position(self, self.start, self.game, self.table.code, self.table.players,
                              tuple(range(self.table.players)), self.dealer, upto)

    # -- queries ------------------------------------------------------------------------------------

    @property
    def chooser(self) -> int:
        """The player who names the contract, as `contract chosen by` says."""
        return chooser_of(self)

    @property
    def trump(self) -> int | None:
        """The trump suit in force: the contract's, or the one its chooser or declarer named."""
        contract = self.contract
        assert contract is not None  # asked once the contract is known (the play, a drawing of it)
        return contract.trump if contract.trumps_named_by is None else self.named_trump

    @property
    def actor(self) -> int:
        """The seat that chooses the move of the seat to act: the same seat, unless another plays
        its hand (`played_by`). A transcript records the actor's seat."""
        return self.played_by.get(self.to_act, self.to_act) if self.played_by else self.to_act

    def is_over(self) -> bool:
        """Whether the deal has ended (all cards played, ended early, or passed out)."""
        return self.phase == _OVER

    def legal_moves(self) -> list[int]:
        """Move IDs the player to act may make (cards, PASS, bids, contract choices...)."""
        if self.phase == _TRICKS:  # the hot path of random play, without the registry lookup
            return trick_moves(self, self.to_act)
        runner = RUNNERS.get(self.phase)
        return runner.moves(self, self.to_act) if runner is not None else []

    def legal_actions(self) -> LegalActions:
        """The legal actions (`play QS`), in the order of `legal_moves()`: a lazy collection that
        supports `in` (an `Action`, its text or a move), `len` and iteration (`LegalActions`)."""
        return LegalActions(self, self.legal_moves(), self.table)

    def action_of(self, move: int) -> Action:
        """The written action of a move in the current phase."""
        runner = RUNNERS.get(self.phase)
        if runner is not None and runner.action_of is not None:
            return runner.action_of(self, move)
        return self.table.action(move, "declare" if self.phase in (Phase.DECLARATION, Phase.CONTEST) else "choose")

    def contract_named(self, contract_id: str, trump: int | None) -> None:
        """The contract is named: the doubling between players, if any, then its play."""
        self.doubling = start_doubling(self, contract_id, trump)
        if self.doubling is None:
            self.start_play(contract_id, trump)

    def _choice_moves(self, index: int, namer: str) -> list[int]:
        """The moves that name contract `index`, with a trump suit when `namer` names it."""
        return list(self.contracts[self.table.contract_ids[index]].naming_moves[NAMERS.index(namer)])

    # -- applying moves ---------------------------------------------------------------------------------

    def random_tricks(self, rng: random.Random, budget: int) -> int:
        """Random legal trick play (`referee.mechanics.tricks.phase.random_tricks`)."""
        return random_tricks(self, rng, budget)

    # The trick state as read by the judge, the director and the settlement: empty lists
    # before the play of the cards starts, and in a deal without tricks.
    @property
    def trick(self) -> list[tuple[int, int]]:
        return self.tricks.trick if self.tricks is not None else []

    @property
    def taken(self) -> list[list[int]]:
        return self.tricks.taken if self.tricks is not None else [[] for _ in range(self.table.players)]

    @property
    def tricks_won(self) -> list[int]:
        return self.tricks.tricks_won if self.tricks is not None else [0] * self.table.players

    @property
    def trick_winners(self) -> list[int]:
        return self.tricks.trick_winners if self.tricks is not None else []

    def random_bidding(self, rng: random.Random, budget: int) -> int:
        """Random legal play up to the play of the cards (`referee.mechanics.auction.phase.random_bidding`)."""
        return random_bidding(self, rng, budget)

    def random_layout(self, rng: random.Random, budget: int) -> int:
        """Random legal layout play (`referee.mechanics.layout.phase.random_layout`)."""
        return random_layout(self, rng, budget)

    def random_betting(self, rng: random.Random, budget: int) -> int:
        """Random blinds and betting (`referee.mechanics.vying.betting.random_betting`)."""
        return random_betting(self, rng, budget)

    def random_bet(self, rng: random.Random) -> int:
        """A random player's betting move (`referee.mechanics.vying.betting.random_bet`)."""
        return random_bet(self, rng)

    # What the match and the director read of a vying deal's betting, in the deal's seats.
    @property
    def all_passed(self) -> bool:
        """Everybody passed in this deal's auction (a deal with no auction: never)."""
        return self.bidding is not None and self.bidding.all_passed

    @property
    def carry_out(self) -> int:
        """The chips this deal leaves on the table for the next (a pot nobody took)."""
        return self.betting.carried if self.betting is not None else 0

    def chips_of(self, seat: int) -> int | None:
        """The chips in front of `seat` (None in a deal without betting)."""
        return self.betting.chips[seat] if self.betting is not None else None

    def start_play(self, contract_id: str, trump: int | None = None) -> None:
        """Start the play of contract `contract_id`, with the suit or rank its namer named."""
        self.contract = self.contracts[contract_id]
        self.named_trump = trump
        self.play_started_at = len(self.history)
        self.phase = self.contract.plays
        if self.contract.plays == _TRICKS:
            self.tricks = TrickState.empty(self.table.players)
        self.to_act = first_leader(self)
        if self.contract.layout is not None:  # the named word of a layout is its starting rank
            self.layout = start_layout(self.contract.layout, trump)
            skip_unable_to_start(self)

    def push(self, move: int) -> None:
        """Apply a move of `legal_moves()` without checking it (simulations); `play` is the checked
        form. A move that cannot be applied at all is a `UsageError`, never a bare IndexError."""
        seat = self.to_act
        self.history.append((seat, move))
        try:
            if self.phase == _TRICKS:  # the hot path of random play, without the registry lookup
                trick_push(self, seat, move)
            else:
                RUNNERS[self.phase].push(self, seat, move)
        except (IndexError, KeyError, ValueError, TypeError):
            self.history.pop()
            raise UsageError(Phrase("push() does not check its move, and {move} is not one seat {seat} can make now: "
                                    "deal.legal_moves() lists them, and deal.play() checks and rules on a move",
                                    move=move, seat=seat + 1)) from None

    # -- checked play ---------------------------------------------------------------------------------

    def judge(self, seat: int, action: Action) -> Verdict:
        """Rule on `action` by `seat` without applying it."""
        game = self.game
        what = str(action)
        irregular = game.irregularities

        def illegal(message: str, clauses: Sequence[str | None], irregularity: str | None = None,
                    **values: str | int) -> Verdict:
            extra = (irregular[irregularity].clause,) if irregularity in irregular else ()
            cited = tuple(dict.fromkeys(tuple(c for c in clauses if c) + extra))
            return Verdict(False, message, tuple(values.items()), cited, seat, what)

        if self.phase == Phase.OVER:
            return illegal(N_("The deal is already over, so seat {seat} may not {action}: nothing more "
                              "may be done in it."), self._end_clauses(), seat=seat, action=what)
        runner = RUNNERS[self.phase]
        if runner.before_turn is not None:
            ruled = runner.before_turn(self, seat, action, illegal)
            if ruled is not None:
                return ruled
        actor = self.actor
        if seat != actor and seat == self.to_act:
            return illegal(N_("Seat {seat} does not play his own cards now: they lie face up, and seat {other}, "
                              "who defends alone, plays them."), (self.played_by_clause,), "out_of_turn",
                           seat=seat, other=actor)
        if seat != actor and actor != self.to_act:
            return illegal(N_("Seat {seat} acted out of turn: it is the turn of the hand of seat {turn}, which "
                              "seat {other} plays with open cards."), self._turn_clauses() + (self.played_by_clause,),
                           "out_of_turn", seat=seat, turn=self.to_act, other=actor)
        if seat != actor:
            return illegal(N_("Seat {seat} acted out of turn: it is seat {turn}'s turn."),
                           self._turn_clauses(), "out_of_turn", seat=seat, turn=self.to_act)
        # The phase rules on the move of the hand to act, whoever chose it.
        ruled = runner.judge(self, self.to_act, action, illegal)
        if ruled is None:  # a phase that does not know the action's word at all
            # The phase the deal is in decides which words are possible: cite the list of phases.
            phases, dealing = self.game.table.phases, self.game.table.deal
            assert dealing is not None  # every game states its deal (the table's check)
            return illegal(N_("Seat {seat} may not {action} now."),
                           (phases.clause if phases else dealing.clause,), seat=seat, action=what)
        return ruled

    def _end_clauses(self) -> tuple[str, ...]:
        """The clauses that ended this deal: an early end, the end of the betting, or the deal
        itself (every card dealt has been played)."""
        if self.ended_early:
            return (self.ended_early,)
        ends = end_clauses(self.betting) if self.betting is not None else ()
        if ends:
            return ends
        dealing = self.game.table.deal
        assert dealing is not None  # every game states its deal (the table's check)
        return (dealing.clause,)

    def _turn_clauses(self) -> tuple[str, ...]:
        game = self.game
        out = [game.table.direction.clause if game.table.direction else None]
        # Before the first card of the play, the rule on who leads (or moves) first decides.
        contract = self.contract
        if self.phase in (Phase.TRICKS, Phase.LAYOUT) and len(self.history) == self.play_started_at \
                and contract is not None and contract.first_lead is not None:  # both are set in the play
            out.append(contract.first_lead[1])
        runner = RUNNERS.get(self.phase)
        if runner is not None and runner.turn_clauses is not None:  # the rule that gives the turn in the phase
            out.extend(runner.turn_clauses(self))
        return tuple(dict.fromkeys(c for c in out if c))

    def play(self, seat: int | Action | str, action: Action | str | int | None = None) -> Verdict:
        """Rule on an action and apply it if legal; the verdict either way (an illegal action is
        not applied, and its verdict cites the clause that forbids it).

        The action is the seat to act's unless a seat comes first: ``deal.play("play Q♠")``,
        ``deal.play(Action.parse("pass"))``, ``deal.play(move)`` with a move of `legal_moves()`, or
        ``deal.play(seat, action)`` (a seat out of turn gets a verdict saying whose turn it is).
        Text is read as `parse_action` reads it."""
        if action is None:
            seat, action = self.actor, seat
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise UsageError(Phrase("deal.play(seat, action) takes a seat number from 0, not {value}", value=repr(seat)))
        found = self.parse_action(action)
        verdict = self.judge(seat, found)
        if verdict.legal:
            move = self.table.move(found)
            assert move is not None  # a legal action is a move of this game
            self.push(move)
        return verdict

    def parse_action(self, action: Action | str | int) -> Action:
        """An action from its text as a transcript writes it (``play QS``, or with the deck's suit
        symbols, ``play Q♠``), from a move of `legal_moves()`, or an `Action` as it is. Anything
        else, or a number that is no move of this phase, is a `UsageError` saying what to give."""
        if isinstance(action, Action):
            return action
        if isinstance(action, str):
            kind, _, rest = action.strip().partition(" ")
            for deck in self.game.table.decks.values():
                for suit in deck.suits:
                    if suit.symbol:
                        rest = rest.replace(suit.symbol, suit.code)
            return Action.parse(f"{kind} {rest}" if rest else kind)
        if isinstance(action, int) and not isinstance(action, bool):
            try:
                return self.action_of(action)
            except (IndexError, KeyError, ValueError, TypeError):
                raise UsageError(Phrase("{move} is no move of this deal now: deal.legal_moves() lists the moves, and "
                                        "deal.legal_actions() the same as actions", move=action)) from None
        raise UsageError(Phrase("an action is text (play Q♠), a move of deal.legal_moves() or an Action, not {value}",
                                value=repr(action)))

    # -- scores ------------------------------------------------------------------------------------------

    def result(self) -> DealResult:
        """The deal's scores, each line traced to the clause of its score rule."""
        if self.betting is not None:  # a vying deal: its lines are built when read
            written, build_lines = settle_vying(self)
            return DealResult.unread(None, build_lines, written, (), self.ended_early)
        contract = self.contract
        lines: list[ScoreLine] = []
        account = self.game.primary_account
        if self.bidding is not None:
            lines = settle_deal(self)
        elif contract is not None:
            lines = taken_lines(self)
            if contract.all_taken is not None:
                lines = all_taken_lines(self) or lines
            lines += pair_settlement(self, lines)
            lines += finish_lines(self, account)
        finished = tuple(self.layout.finished) if self.layout is not None else ()
        return DealResult(contract.id if contract else None, tuple(lines), finished, self.ended_early)



def perft(deal: Deal, depth: int) -> int:
    """How many legal action sequences of `depth` actions start from this position (fewer where
    the deal ends sooner): a regression count, like chess engines' perft."""
    if depth == 0 or deal.is_over():
        return 1
    total = 0
    for move in deal.legal_moves():
        child = deal.copy()
        child.push(move)
        total += perft(child, depth - 1)
    return total



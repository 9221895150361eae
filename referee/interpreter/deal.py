"""One deal: choosing the contract, trick or layout play, the early end, and the deal's scores.

`Deal.legal_moves()` lists what the player to act may do, `Deal.push()` applies a move without
checking it (for simulations), and `Deal.play()` checks an action, rules on it with a verdict
citing the deciding clauses, and applies it only when it is legal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.moves import choice as choice_move
from ..engine.table import Action, Table
from ..i18n import N_
from ..mechanics.base import Phase
from ..mechanics.contract_choice.phase import NAMERS, chooser_of
from ..mechanics.doubling.phase import pair_settlement, start_doubling
from ..mechanics.doubling.state import DoublingState
from ..mechanics.layout.compiled import LayoutTables, compile_layout
from ..mechanics.layout.phase import finish_lines, random_layout, start_layout
from ..mechanics.layout.state import LayoutState
from ..mechanics.passing.phase import start_passing
from ..mechanics.passing.state import PassingState
from ..mechanics.tricks.phase import first_leader, random_tricks, trick_moves, trick_push
from ..mechanics.tricks.score import all_taken_lines, taken_lines
from ..mechanics.tricks.state import TrickState
from ..model.game import Contract, Game
from ..verdicts import ScoreLine, Verdict
from .betting import BettingPhases
from .bidding import BiddingPhases
from .phases import RUNNERS
from .settlement import settle_deal

if TYPE_CHECKING:
    from .auction import AuctionRules

__all__ = ["Deal", "DealResult", "CompiledContract", "compile_contract", "perft"]


@dataclass(frozen=True)
class CompiledContract:
    """A contract's rules as plain values for the play loop, each with its clause ID."""

    id: str
    plays: str
    duty: tuple[tuple[str, frozenset[int] | None], ...]
    """The play duty's steps in order: ("follow"|"trump"|"discard"|"any", cards of a discard)."""
    duty_clause: str | None
    trump: int | None
    """Suit index of fixed trumps, or None."""
    trumps_named_by: str | None
    """"declarer" or "chooser" when that player names the trump suit."""
    trumps_clause: str | None
    head: str | None
    """Clause of a duty to head the trick (beat its best card) when following suit, or None."""
    head_on_trump_leads: bool
    """The duty to head holds only in a trick whose led card is a trump."""
    overtrump: str | None
    """Clause of a duty to overtrump when trumping a trick already trumped, or None."""
    after_follow: tuple[tuple[str, frozenset[int] | None], ...] | None
    """The duty's steps for a player who cannot follow suit, when it begins `must follow suit`
    and asks nothing more of a player who can (no duty to head or to overtrump); else None."""
    trumps_win: bool
    winner_clause: str | None
    first_lead: tuple[object, str] | None
    """(SeatRef, clause) of who leads first (tricks) or moves first (layout)."""
    ends_when_taken: tuple[tuple[frozenset[int], str], ...]
    ends_declarer_tricks: tuple[int, str] | None
    lead_restrictions: tuple[tuple[frozenset[int], str], ...]
    lead_until_broken: tuple[tuple[frozenset[int], str], ...]
    first_trick_bans: tuple[tuple[frozenset[int], str], ...]
    """Cards barred from the first trick while the player holds another he may play, with their clauses."""
    """Cards that may not be led until one of them has been played to a trick, with the clause."""
    all_taken: tuple[int, int, frozenset[int], str] | None
    """Shooting the moon: (the taker's score, each other's, the moon's cards, clause)."""
    per_trick: tuple[tuple[int, str, int | None, int | None, str], ...]
    """(points, clause, only the last N tricks or None, only trick number N or None, account)."""
    per_card: tuple[tuple[int, frozenset[int], str, str, str], ...]
    """(points, cards, clause, text of the card set, account)."""
    layout: LayoutTables | None
    """The tables of layout play, for a contract that plays layout."""
    layout_named_by: str | None
    """"chooser", "declarer" or "dealer" when that player names the starting rank."""
    layout_clauses: tuple[str, ...]
    trick_strength: tuple[tuple[tuple[int, ...], ...], ...] = ()
    """[trump suit + 1, or 0 without trumps][suit led][card]: the card's strength in the trick
    (see `_trick_strength`); the strongest card wins it."""
    naming_moves: tuple[tuple[int, ...], ...] = ()
    """Per player who may name this contract (in the order of `NAMERS`), the moves by which he
    names it (`_naming_moves`)."""


def compile_contract(game: Game, table: Table, contract: Contract) -> CompiledContract:
    rules = contract.rules

    def clause(cited):
        return cited.clause if cited is not None and cited.value else None

    scores = contract.all_scores(game.contracts)
    trumps = rules.trumps.value if rules.trumps else None
    named = trumps[len("named_by_"):] if isinstance(trumps, str) and trumps.startswith("named_by_") else None
    layout = contract.plays == "layout"
    lead = rules.first_move if layout else rules.first_lead
    duty = rules.play_duty.value if rules.play_duty else ()
    winner = rules.trick_winner.value if rules.trick_winner else None
    layout_named = rules.layout_start.value.named_by if rules.layout_start is not None else None
    account = game.primary_account
    return CompiledContract(
        id=contract.id,
        plays=contract.plays,
        duty=tuple((step.kind, table.cards_of(step.cards) if step.cards else None) for step in duty),
        duty_clause=rules.play_duty.clause if rules.play_duty else None,
        trump=table.suit_codes.index(trumps) if trumps in table.suit_codes else None,
        trumps_named_by=named,
        trumps_clause=rules.trumps.clause if rules.trumps else None,
        head=clause(rules.head_duty),
        head_on_trump_leads=rules.head_duty is not None and rules.head_duty.value == "trump_leads",
        overtrump=clause(rules.overtrump_duty),
        after_follow=_after_follow(table, duty, clause(rules.head_duty) or clause(rules.overtrump_duty)),
        trumps_win=winner is not None and winner.trumps_win,
        winner_clause=rules.trick_winner.clause if rules.trick_winner else None,
        first_lead=(lead.value, lead.clause) if lead else None,
        ends_when_taken=tuple((table.cards_of(c.value.cards), c.clause) for c in rules.early_ends
                              if c.value.kind == "cards_taken"),
        ends_declarer_tricks=next(((c.value.count, c.clause) for c in rules.early_ends
                                   if c.value.kind == "declarer_tricks"), None),
        lead_restrictions=tuple((table.cards_of(c.value), c.clause) for c in rules.lead_restrictions),
        lead_until_broken=tuple((table.cards_of(c.value), c.clause) for c in rules.lead_until_broken),
        first_trick_bans=tuple((table.cards_of(c.value), c.clause) for c in rules.first_trick_bans),
        all_taken=(rules.all_taken.value.taker, rules.all_taken.value.others,
                   _moon_cards(game, table, rules.all_taken.value, scores),
                   rules.all_taken.clause) if rules.all_taken else None,
        # `score ... to ACCOUNT` writes there; without `to`, the main account.
        per_trick=tuple((s.value.points, s.clause, s.value.last, s.value.number, s.value.account or account)
                        for s in scores if s.value.kind == "per_trick"),
        per_card=tuple((s.value.points, table.cards_of(s.value.cards), s.clause, s.value.cards.text,
                        s.value.account or account)
                       for s in scores if s.value.kind == "per_card"),
        layout=compile_layout(table, contract, scores) if layout else None,
        layout_named_by=layout_named,
        layout_clauses=tuple(c.clause for c in (rules.layout_start, rules.layout_build) if c),
        trick_strength=_trick_strength(table, winner is not None and winner.extreme == "lowest")
        if contract.plays == "tricks" else (),
        naming_moves=tuple(tuple(_naming_moves(table, table.contract_ids.index(contract.id), named, layout_named, namer))
                           for namer in NAMERS),
    )


def _moon_cards(game: Game, table: Table, rule, scores) -> frozenset[int]:
    """The cards a player must take to shoot the moon: those the rule names, else every card that
    scores per card against its taker (positive points when the lowest total wins, negative when
    the highest does); a bonus card, such as Omnibus Hearts' jack of diamonds, is not one of them."""
    if rule.cards is not None:
        return table.cards_of(rule.cards)
    against = -1 if game.winner is not None and game.winner.value[0] == "highest" else 1
    return frozenset().union(*(table.cards_of(s.value.cards) for s in scores
                               if s.value.kind == "per_card" and s.value.points * against > 0))


def _naming_moves(table: Table, index: int, trumps_named_by: str | None, layout_named_by: str | None,
                  namer: str) -> list[int]:
    """The moves by which `namer` names contract `index`: with each trump suit, or each starting
    rank, when the contract lets him name it."""
    if trumps_named_by == namer:
        return [choice_move(index, suit) for suit in range(len(table.suit_codes))]
    if layout_named_by == namer:  # the namer's word is a rank: the layout starts with it
        return [choice_move(index, rank) for rank in range(table.nranks)]
    return [choice_move(index)]



def _after_follow(table: Table, duty, beat_duty: str | None) -> tuple | None:
    """`CompiledContract.after_follow`: the steps after `follow`, when the duty is one the fused
    random play works out from hands split by suit (follow, then trump or discard, then any)."""
    kinds = [step.kind for step in duty]
    if beat_duty or kinds[:1] != ["follow"] or kinds[-1:] != ["any"] or not set(kinds[1:-1]) <= {"trump", "discard"}:
        return None
    return tuple((step.kind, table.cards_of(step.cards) if step.cards else None) for step in duty[1:])


def _trick_strength(table: Table, lowest: bool) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Each card's strength in a trick, by trump suit (row 0: none) and suit led. A trump beats
    the suit led, which beats the other suits (strength 0, never winning); within trumps the
    higher rank wins, within the suit led the higher, or the lower when the lowest wins."""
    top = max(table.rank_of) + 1
    suits = range(len(table.suit_codes))
    cards = tuple(zip(table.suit_of, table.rank_of))

    def row(led: int, trump: int | None) -> tuple[int, ...]:
        return tuple(2 * top + rank if suit == trump else top + (top - 1 - rank if lowest else rank)
                     if suit == led else 0 for suit, rank in cards)
    return tuple(tuple(row(led, trump) for led in suits) for trump in (None, *suits))


@dataclass(frozen=True)
class DealResult:
    """What a finished deal wrote to each seat, and why."""

    contract: str | None
    scores: tuple[ScoreLine, ...]
    finish_order: tuple[int, ...]
    ended_early: str | None
    """Clause that ended the deal before all cards were played, if any."""

    def __init__(self, contract: str | None, scores: tuple[ScoreLine, ...], finish_order: tuple[int, ...],
                 ended_early: str | None) -> None:
        # One per deal: a dictionary update is about twice as cheap as a frozen dataclass's
        # setattr per field (as in ScoreLine); it stays frozen.
        self.__dict__.update(contract=contract, scores=scores, finish_order=finish_order, ended_early=ended_early)

    def totals(self, players: int) -> list[int]:
        out = [0] * players
        for line in self.scores:
            out[line.seat] += line.points
        return out


class Deal(BiddingPhases, BettingPhases):
    """The state of one deal. Seats are in turn order; the eldest hand is dealer + 1."""

    def __init__(self, table: Table, dealer: int, hands: list[list[int]], *,
                 contracts: dict[str, CompiledContract], chosen: list[set[str]] | None = None,
                 contract: str | None = None, talon: list[int] | None = None,
                 auction: AuctionRules | None = None, held: list[int] | None = None,
                 written: list[int] | None = None,
                 vying=None, chips: list[int] | None = None, carry: int = 0,
                 upcards: list[int] | None = None, number: int = 0,
                 dealer_doubles: dict | None = None) -> None:
        self.table = table
        self.game = table.game
        self.dealer = dealer
        self.eldest = table.next(dealer, table.eldest_offset)
        self.hands = list(map(list, hands))
        self.talon = list(talon or [])
        self.contracts = contracts
        self.chosen = chosen if chosen is not None else [set() for _ in range(table.players)]
        self.history: list[tuple[int, int]] = []
        self.contract: CompiledContract | None = None
        self.phase = Phase.CONTRACT_CHOICE
        self.to_act = self.eldest
        self.ended_early: str | None = None
        self.tricks: TrickState | None = None
        """The tricks of a contract played by tricks, from the start of its play."""
        self.play_started_at = 0
        self.named_trump: int | None = None
        """The trump suit named by the chooser or the declarer, when the contract lets him."""
        self.layout: LayoutState | None = None
        """The layout of a contract that plays layout, from the start of its play."""
        self.auction = auction
        self.held = held if held is not None else [0] * table.players
        self.written = written if written is not None else list(self.held)
        """Per seat, the multipliers ever written to him, used or not."""
        """Per seat, the multipliers held (the account a `... multiplies the next contract` rule counts in)."""
        self.declarer = None
        self.vying = vying
        self.upcards = list(upcards or [])
        self.dealt_hands = list(map(tuple, hands))
        """The hands as dealt, read at the showdown (folded hands count too)."""
        self.carry_out = 0
        self.dealer_doubles = dealer_doubles if dealer_doubles is not None else {}
        """(dealer, player) -> how often the player has doubled that dealer in this match."""
        self.doubling: DoublingState | None = None
        """The doubling between players of this deal, once the contract is named (None without one)."""
        self.passing: PassingState | None = None
        """The card passing of this deal, while and after it runs (None when no cards are passed)."""
        self.fixed_contract: str | None = None
        """A contract the order of the match fixes, whose trumps the dealer still has to name."""
        if contract is not None and self.contracts[contract].trumps_named_by == "dealer":
            self.fixed_contract, self.to_act = contract, dealer  # the dealer names trumps in the contract choice
        elif contract is not None:
            self.start_play(contract)
        elif auction is not None:
            self._init_auction()
        elif vying is not None:
            self.points_of = table.points
            self.chips_at_start = list(chips)
            self._init_betting(chips, carry)
        else:
            self.passing = start_passing(self, number)
            if self.passing is None:
                self.after_passing()

    def after_passing(self) -> None:
        """The deal goes on to the contract choice, or straight to the play of its one contract."""
        # The chooser names the contract: the eldest hand, or the dealer (`contract chosen by dealer`).
        self.phase, self.to_act = Phase.CONTRACT_CHOICE, self.chooser if self.game.contract_choice else self.eldest
        if "contract_choice" not in self.table.phases and len(self.contracts) == 1:
            self.start_play(next(iter(self.contracts)))

    def copy(self) -> "Deal":
        """An independent copy of this deal's state; the rules and tables are shared, not copied."""
        import copy

        shared = (self.table, self.game, self.contracts, self.auction, self.vying, self.contract)
        return copy.deepcopy(self, {id(x): x for x in shared if x is not None})

    # -- queries ------------------------------------------------------------------------------------

    @property
    def chooser(self) -> int:
        """The player who names the contract, as `contract chosen by` says."""
        return chooser_of(self)

    @property
    def trump(self) -> int | None:
        """The trump suit in force: the contract's, or the one its chooser or declarer named."""
        contract = self.contract
        return contract.trump if contract.trumps_named_by is None else self.named_trump

    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def legal_moves(self) -> list[int]:
        """Move IDs the player to act may make (cards, PASS, bids, contract choices...)."""
        if self.phase == Phase.TRICKS:  # the hot path of random play, without the registry lookup
            return trick_moves(self, self.to_act)
        runner = RUNNERS.get(self.phase)
        return runner.moves(self, self.to_act) if runner is not None else []

    def legal_actions(self) -> list[Action]:
        return [self.action_of(m) for m in self.legal_moves()]

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

    def random_tricks(self, rng, budget: int) -> int:
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

    def random_layout(self, rng, budget: int) -> int:
        """Random legal layout play (`referee.mechanics.layout.phase.random_layout`)."""
        return random_layout(self, rng, budget)

    def start_play(self, contract_id: str, trump: int | None = None) -> None:
        """Start the play of contract `contract_id`, with the suit or rank its namer named."""
        self.contract = self.contracts[contract_id]
        self.named_trump = trump
        self.play_started_at = len(self.history)
        self.phase = Phase(self.contract.plays)
        if self.contract.plays == Phase.TRICKS:
            self.tricks = TrickState.empty(self.table.players)
        self.to_act = first_leader(self)
        if self.contract.layout is not None:  # the named word of a layout is its starting rank
            self.layout = start_layout(self.contract.layout, trump)

    def push(self, move: int) -> None:
        """Apply a move without checking it (simulations); `play` is the checked form."""
        seat = self.to_act
        self.history.append((seat, move))
        if self.phase == Phase.TRICKS:  # the hot path of random play, without the registry lookup
            trick_push(self, seat, move)
        else:
            RUNNERS[self.phase].push(self, seat, move)

    # -- checked play ---------------------------------------------------------------------------------

    def judge(self, seat: int, action: Action) -> Verdict:
        """Rule on `action` by `seat` without applying it."""
        game = self.game
        what = str(action)
        irregular = game.irregularities

        def illegal(message, clauses, irregularity=None, **values):
            extra = (irregular[irregularity].clause,) if irregularity in irregular else ()
            cited = tuple(dict.fromkeys(tuple(c for c in clauses if c) + extra))
            return Verdict(False, message, tuple(values.items()), cited, seat, what)

        if self.phase == Phase.OVER:
            return illegal(N_("The deal is already over, so seat {seat} may not {action}: nothing more "
                              "may be done in it."), self._end_clauses(), seat=seat, action=what)
        if self.phase == Phase.AUCTION and seat in self.passed and self.auction.pass_final[0]:
            return illegal(N_("Seat {seat} has passed and may not bid again."),
                           (self.auction.pass_final[1],), "illegal_bid", seat=seat)
        if seat != self.to_act:
            return illegal(N_("Seat {seat} acted out of turn: it is seat {turn}'s turn."),
                           self._turn_clauses(), "out_of_turn", seat=seat, turn=self.to_act)
        ruled = RUNNERS[self.phase].judge(self, seat, action, illegal)
        if ruled is None:  # a phase that does not know the action's word at all
            # The phase the deal is in decides which words are possible: cite the list of phases.
            phases = self.game.phases
            return illegal(N_("Seat {seat} may not {action} now."),
                           (phases.clause if phases else self.game.deal.clause,), seat=seat, action=what)
        return ruled

    def _end_clauses(self) -> tuple[str, ...]:
        """The clauses that ended this deal: an early end, the end of the betting, or the deal
        itself (every card dealt has been played)."""
        if self.ended_early:
            return (self.ended_early,)
        model = self.vying.model if self.vying is not None else None
        if model is not None:
            if getattr(self, "pass_out", False) and model.pass_out:
                return (model.pass_out.clause,)
            ends = [c.clause for c in (model.betting_end, model.two_left_call_ends) if c]
            if ends:
                return tuple(dict.fromkeys(ends))
        return (self.game.deal.clause,)

    def _turn_clauses(self) -> tuple[str, ...]:
        game = self.game
        out = [game.direction.clause if game.direction else None]
        # Before the first card of the play, the rule on who leads (or moves) first decides.
        if self.phase in (Phase.TRICKS, Phase.LAYOUT) and len(self.history) == self.play_started_at:
            out.append(self.contract.first_lead[1])
        rules = self.auction
        if rules is not None:
            # In the phases before the play, the rule that gives the turn: the first bidder, the
            # declarer (talon and contract), or the defenders answering in turn.
            if self.phase == Phase.AUCTION and not self.spoken and rules.first_bid:
                out.append(rules.first_bid[1])
            elif self.phase == Phase.TALON_EXCHANGE and rules.talon_discards:
                out.append(rules.talon_discards[1])
            elif self.phase in (Phase.DECLARATION, Phase.CONTEST) and rules.declaration:
                out.append(rules.declaration[1])
            elif self.phase == Phase.DEFENCE and self.contract is not None:
                out.append(rules.defence_for(self.contract.id)[1])
            elif self.phase == Phase.KONTRA and rules.doubling:
                out.append(rules.doubling[1])
        return tuple(dict.fromkeys(c for c in out if c))

    def play(self, seat: int, action: Action) -> Verdict:
        """Rule on an action and apply it if legal. Returns the verdict either way."""
        verdict = self.judge(seat, action)
        if verdict.legal:
            self.push(self.table.move(action))
        return verdict

    # -- scores ------------------------------------------------------------------------------------------

    def result(self) -> DealResult:
        """The deal's scores, each line traced to the clause of its score rule."""
        contract = self.contract
        lines: list[ScoreLine] = []
        account = self.game.primary_account
        if self.auction is not None:
            lines = settle_deal(self)
        elif self.vying is not None:
            from .showdown import settle_vying
            lines = settle_vying(self)
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



"""One deal: choosing the contract, trick or layout play, the early end, and the deal's scores.

`Deal.legal_moves()` lists what the player to act may do, `Deal.push()` applies a move without
checking it (for simulations), and `Deal.play()` checks an action, rules on it with a verdict
citing the deciding clauses, and applies it only when it is legal.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.dice import chooser
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
from ..model.game import Contract, Game
from ..verdicts import ScoreLine, Verdict
from .betting import BettingPhases
from .bidding import BiddingPhases
from .phases import RUNNERS, PhaseRunner, register
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


@functools.cache
def _followers(players: int) -> tuple[tuple[int, ...], ...]:
    """Per seat leading a trick, the seats that play to it after him, in turn."""
    return tuple(tuple((leader + k) % players for k in range(1, players)) for leader in range(players))


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
        # trick play
        self.trick: list[tuple[int, int]] = []
        self.taken: list[list[int]] = [[] for _ in range(table.players)]
        self.tricks_won = [0] * table.players
        self.taken_all: set[int] = set()
        self.trick_winners: list[int] = []
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
            return self._trick_moves(self.to_act)
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

    def _duty_options(self, hand: list[int]) -> tuple[list[int], str]:
        """The cards the first applicable step of the play duty allows, and that step's kind."""
        suit_of = self.table.suit_of
        led = suit_of[self.trick[0][1]]
        for kind, cards in self.contract.duty:
            if kind == "follow":
                options = [c for c in hand if suit_of[c] == led]
            elif kind == "any":
                return list(hand), "any"
            elif kind == "trump":
                trump = self.trump
                options = [c for c in hand if suit_of[c] == trump] if trump is not None else []
            elif kind == "discard":
                options = [c for c in hand if c in cards]
            else:
                options = list(hand)
            if options:
                return options, kind
        return list(hand), "any"  # unreachable: a play duty always ends with `any card`

    def _winning(self, trick: list[tuple[int, int]]) -> tuple[int, int]:
        """(seat, card) of the card that is winning `trick` so far: the first strongest."""
        strength = self._strength()[self.table.suit_of[trick[0][1]]]
        return max(trick, key=lambda played: strength[played[1]])

    def _strength(self) -> tuple[tuple[int, ...], ...]:
        """Per suit led, each card's strength in a trick of this deal (`_trick_strength`)."""
        contract = self.contract
        trump = self.trump if contract.trumps_win else None
        return contract.trick_strength[0 if trump is None else trump + 1]

    def _must_beat(self, options: list[int], kind: str) -> tuple[list[int], str | None]:
        """Narrow `options` to the cards that beat the trick when the rules oblige heading or
        overtrumping and the player can: (cards, the clause of that duty)."""
        contract = self.contract
        _, best = self._winning(self.trick)
        trump = self.trump if contract.trumps_win else None
        led_trump = self.table.suit_of[self.trick[0][1]] == self.trump
        if kind == "follow" and contract.head and (led_trump or not contract.head_on_trump_leads):
            clause = contract.head
        elif kind == "trump" and contract.overtrump and self.table.suit_of[best] == trump:
            clause = contract.overtrump
        else:
            return options, None
        seat = self.to_act
        beating = [c for c in options if self._winning(self.trick + [(seat, c)])[1] == c]
        return (beating, clause) if beating else (options, None)

    def _trick_moves(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        contract = self.contract
        if not self.trick:
            return self._first_trick_allowed(list(self._lead_options(hand)))
        if contract.after_follow is not None and not contract.first_trick_bans:
            led = self.table.suit_of[self.trick[0][1]]
            suit_of = self.table.suit_of
            return [c for c in hand if suit_of[c] == led] or list(self._void_options(hand, None))
        options, kind = self._duty_options(hand)
        if contract.head or contract.overtrump:
            options, _ = self._must_beat(options, kind)
        return self._first_trick_allowed(options)

    def _lead_options(self, hand: list[int]) -> list[int]:
        """The cards of `hand` its holder may lead (the first trick's bans aside); `hand` itself
        when nothing bars a lead. `_lead_bar` names the restriction that bars a card."""
        contract = self.contract
        for cards, _ in contract.lead_restrictions:
            allowed = [c for c in hand if c not in cards]
            if allowed:
                hand = allowed
        for cards, _ in contract.lead_until_broken:
            if cards.isdisjoint(self.taken_all):
                hand = [c for c in hand if c not in cards] or hand
        return hand

    def _lead_bar(self, hand: list[int], move: int) -> tuple[str, str] | None:
        """The lead restriction that takes `move` out of the cards `_lead_options` leaves, with
        the same narrowing in the same order: ("holding" | "broken", its clause), or None. A
        restriction whose cards are all the holder has left does not apply, and is not cited."""
        contract = self.contract
        for cards, clause in contract.lead_restrictions:
            allowed = [c for c in hand if c not in cards]
            if allowed:
                if move in cards:
                    return "holding", clause
                hand = allowed
        for cards, clause in contract.lead_until_broken:
            if cards.isdisjoint(self.taken_all):
                allowed = [c for c in hand if c not in cards]
                if allowed:
                    if move in cards:
                        return "broken", clause
                    hand = allowed
        return None

    def _void_options(self, hand: list[int], suits: list[list[int]] | None) -> list[int]:
        """The cards a player who cannot follow suit may play under a duty with `after_follow`
        steps; `suits` is his hand split by suit (or None: look through the hand)."""
        trump = self.trump
        for kind, cards in self.contract.after_follow:
            if kind == "trump":
                if trump is None:
                    continue
                options = suits[trump] if suits is not None else [c for c in hand if self.table.suit_of[c] == trump]
            elif kind == "discard":
                options = [c for c in hand if c in cards]
            else:
                return hand
            if options:
                return options
        return hand  # unreachable: `after_follow` always ends with `any card`

    def _first_banned(self) -> frozenset[int]:
        """The cards barred from this trick: those of `no play of ... on first trick`, in the first trick."""
        bans = self.contract.first_trick_bans
        return frozenset().union(*(cards for cards, _ in bans)) if bans and not self.trick_winners else frozenset()

    def _first_trick_allowed(self, options: list[int]) -> list[int]:
        """`options` without the cards barred from the first trick, unless nothing else is left."""
        banned = self._first_banned()
        return [c for c in options if c not in banned] or options if banned else options

    def random_tricks(self, rng, budget: int) -> int:
        """Random legal trick play until the trick phase ends or `budget` moves are made; the moves
        made. The same moves and random draws as `rng.choice(legal_moves())` then `push`, one by
        one (tests/test_random_play.py): whole tricks under a plain duty in a fused loop, any other
        move by the general rules."""
        players, choose = self.table.players, chooser(rng)
        steps = 0
        while self.phase == Phase.TRICKS and steps < budget:
            if self.trick or budget - steps < players or not self._plain_trick():
                self.push(choose(self._trick_moves(self.to_act)))
                steps += 1
            else:
                steps += self._random_whole_tricks(choose, budget - steps)
        return steps

    def _plain_trick(self) -> bool:
        """The next trick asks of each player only to follow suit, else the `after_follow` steps:
        no duty to beat the trick and no card barred from it."""
        contract = self.contract
        return contract.after_follow is not None and not (contract.first_trick_bans and not self.trick_winners)

    def _random_whole_tricks(self, choice, budget: int) -> int:
        """`random_tricks` for whole tricks under a plain duty (`_plain_trick`), from the lead
        while the trick phase lasts and `budget` allows a whole trick; the moves made. `choice` is
        the generator's (`dice.chooser`)."""
        table, contract = self.table, self.contract
        players, suit_of = table.players, table.suit_of
        hands, history = self.hands, self.history
        # Each hand also split by suit, in hand order: following suit is a lookup, not a scan, and
        # gives the same list as the scan.
        suit_range = range(len(table.suit_codes))
        by_suit = []
        for hand in hands:
            suits = [[] for _ in suit_range]
            for card in hand:
                suits[suit_of[card]].append(card)
            by_suit.append(suits)
        strength_by_led = self._strength()
        any_card = contract.after_follow == (("any", None),)  # `must follow suit, else any card`
        void_options, take = self._void_options, self._take_trick
        lead_options = self._lead_options if contract.lead_restrictions or contract.lead_until_broken else None
        followers = _followers(players)
        steps = 0
        while self.phase == Phase.TRICKS and budget - steps >= players:
            leader = self.to_act
            hand = hands[leader]
            card = choice(lead_options(hand) if lead_options else hand)
            hand.remove(card)
            by_suit[leader][suit_of[card]].remove(card)
            history.append((leader, card))
            cards = [card]
            led = suit_of[card]
            strength = strength_by_led[led]
            best, winner = strength[card], leader
            for seat in followers[leader]:
                hand, suits = hands[seat], by_suit[seat]
                card = choice(suits[led] or (hand if any_card else void_options(hand, suits)))
                hand.remove(card)
                suits[suit_of[card]].remove(card)
                history.append((seat, card))
                cards.append(card)
                if strength[card] > best:  # strictly: of equals the first played wins, as in `_winning`
                    best, winner = strength[card], seat
            steps += players
            take(winner, cards)
        return steps

    # -- applying moves ---------------------------------------------------------------------------------

    def random_layout(self, rng, budget: int) -> int:
        """Random legal layout play (`referee.mechanics.layout.phase.random_layout`)."""
        return random_layout(self, rng, budget)

    def start_play(self, contract_id: str, trump: int | None = None) -> None:
        """Start the play of contract `contract_id`, with the suit or rank its namer named."""
        self.contract = self.contracts[contract_id]
        self.named_trump = trump
        self.play_started_at = len(self.history)
        self.phase = self.contract.plays
        self.to_act = self._first_leader()
        if self.contract.layout is not None:  # the named word of a layout is its starting rank
            self.layout = start_layout(self.contract.layout, trump)

    def _first_leader(self) -> int:
        """The seat the contract's `first lead by` (or `first move by`) names. The model has
        checked that the part it names (chooser, declarer) exists in this game's deals, and that
        a card's holder has an `else` for every card that may lie in nobody's hand."""
        seat = self.contract.first_lead[0]
        while seat.role == "holder" and seat.otherwise is not None:
            card = self.table.index[seat.card]
            if any(card in hand for hand in self.hands):
                break
            seat = seat.otherwise
        role = seat.role
        if role == "dealer":
            return self.dealer
        if role == "chooser":
            return self.chooser
        if role == "declarer":
            return self.declarer
        if role == "before_declarer":
            return (self.declarer - 1) % self.table.players
        if role == "holder":
            card = self.table.index[seat.card]
            return next(s for s, hand in enumerate(self.hands) if card in hand)
        return self.eldest

    def push(self, move: int) -> None:
        """Apply a move without checking it (simulations); `play` is the checked form."""
        seat = self.to_act
        self.history.append((seat, move))
        if self.phase == Phase.TRICKS:  # the hot path of random play, without the registry lookup
            self._trick_push(seat, move)
        else:
            RUNNERS[self.phase].push(self, seat, move)

    def _trick_push(self, seat: int, move: int) -> None:
        self.hands[seat].remove(move)
        self.trick.append((seat, move))
        if len(self.trick) == self.table.players:
            self._close_trick()
        else:
            self.to_act = (seat + 1) % self.table.players

    def _close_trick(self) -> None:
        trick, self.trick = self.trick, []
        self._take_trick(self._winning(trick)[0], [c for _, c in trick])

    def _take_trick(self, winner: int, cards: list[int]) -> None:
        """`winner` takes the trick of `cards` and leads next, unless the deal ends here."""
        contract = self.contract
        self.taken[winner].extend(cards)
        self.taken_all.update(cards)
        self.tricks_won[winner] += 1
        self.trick_winners.append(winner)
        self.to_act = winner
        for needed, clause in contract.ends_when_taken:
            if needed <= self.taken_all:
                self.phase, self.ended_early = Phase.OVER, clause
                return
        limit = contract.ends_declarer_tricks
        if limit and self.declarer is not None and self.tricks_won[self.declarer] >= limit[0]:
            self.phase, self.ended_early = Phase.OVER, limit[1]
            return
        if not self.hands[winner]:
            self.phase = Phase.OVER

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

    def _judge_play(self, seat: int, action: Action, illegal) -> Verdict:
        what = str(action)
        move = self.table.move(action)
        if action.kind == "choose":
            return illegal(N_("The contract is already named."), ())
        if action.kind not in ("play", "pass"):
            return illegal(N_("Seat {seat} must play a card now, not {action}."), (), "illegal_card",
                           seat=seat, action=what)
        if action.kind == "pass":
            return illegal(N_("Seat {seat} may not pass while holding a playable card."), (),
                           "illegal_card", seat=seat)
        if move is None or move not in self.hands[seat]:
            return illegal(N_("Seat {seat} does not hold {card}."), (), "illegal_card",
                           seat=seat, card=action.card or "")
        if move in self.legal_moves():
            return Verdict(True, N_("Seat {seat} plays {card}."), (("seat", seat), ("card", action.card)),
                           (), seat, what)
        return self._why_illegal(seat, move, illegal)

    def _why_illegal(self, seat, move, illegal) -> Verdict:
        table, contract = self.table, self.contract
        code = table.code(move)
        hand = self.hands[seat]
        if not self.trick:
            barred = self._lead_bar(hand, move)
            if barred is not None and barred[0] == "holding":
                return illegal(N_("Seat {seat} may not lead {card} while holding other cards."),
                               (barred[1],), "illegal_card", seat=seat, card=code)
            if barred is not None:
                return illegal(N_("Seat {seat} may not lead {card}: no card of its kind has been played "
                                  "to a trick yet, and seat {seat} holds other cards."),
                               (barred[1],), "illegal_card", seat=seat, card=code)
        if self.trick:
            led = table.suit_of[self.trick[0][1]]
            options, kind = self._duty_options(hand)
            if move not in options:
                if kind == "follow":
                    return illegal(N_("Seat {seat} must follow suit ({suit}) and may not play {card}."),
                                   (contract.duty_clause,), "revoke", seat=seat, card=code,
                                   suit=table.suit_codes[led])
                if kind == "trump":
                    return illegal(N_("Seat {seat} cannot follow suit and must play a trump, not {card}."),
                                   (contract.duty_clause,), "revoke", seat=seat, card=code)
                if kind == "discard":
                    return illegal(N_("Seat {seat} must discard a card of {cards} first."),
                                   (contract.duty_clause,), "revoke", seat=seat,
                                   cards=" ".join(table.code(c) for c in sorted(options)))
            beating, clause = self._must_beat(options, kind)
            if clause and move not in beating:
                return illegal(N_("Seat {seat} must beat the best card of the trick if he can, and "
                                  "may not play {card}."), (clause,), "revoke", seat=seat, card=code)
        if move in self._first_banned():
            return illegal(N_("Seat {seat} may not play {card} to the first trick while holding another card "
                              "he may play."), tuple(c for cards, c in contract.first_trick_bans if move in cards),
                           "illegal_card", seat=seat, card=code)
        return illegal(N_("Seat {seat} may not play {card} now."), (), "illegal_card", seat=seat, card=code)

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
            lines = self._taken_lines()
            if contract.all_taken is not None:
                lines = _all_taken_lines(self) or lines
            lines += pair_settlement(self, lines)
            lines += finish_lines(self, account)
        finished = tuple(self.layout.finished) if self.layout is not None else ()
        return DealResult(contract.id if contract else None, tuple(lines), finished, self.ended_early)

    def _taken_lines(self, without: frozenset[int] = frozenset()) -> list[ScoreLine]:
        """Per seat, the points of the contract's `per trick` and `per card` scores, each in the
        account its rule names; the cards `without` score nothing (a moon's, shot)."""
        contract, winners, codes = self.contract, self.trick_winners, self.table.codes
        per_card = contract.per_card
        if without:
            per_card = tuple((points, cards - without, *rest) for points, cards, *rest in per_card)
        lines: list[ScoreLine] = []
        for seat, taken in enumerate(self.taken):
            for points, clause, last, number, account in contract.per_trick:
                if number is not None:
                    n = int(len(winners) >= number and winners[number - 1] == seat)
                else:
                    n = self.tricks_won[seat] if last is None else winners[-last:].count(seat)
                if n:
                    lines.append(ScoreLine(seat, points * n, account,
                                           N_("{points} for {tricks} trick taken at {each} each"),
                                           (("points", points * n), ("tricks", n), ("each", points)),
                                           (clause,), N_("{points} for {tricks} tricks taken at {each} each"),
                                           "tricks"))
            if not taken:  # no card taken, nothing scored per card
                continue
            for points, cards, clause, text, account in per_card:
                hit = sorted(cards.intersection(taken))  # a set operation, in C
                if hit:
                    lines.append(ScoreLine(seat, points * len(hit), account,
                                           N_("{points} for {cards} ({cardset}) at {each} each"),
                                           (("points", points * len(hit)),
                                            ("cards", " ".join([codes[c] for c in hit])),
                                            ("cardset", text), ("each", points)), (clause,)))
        return lines


def _all_taken_lines(deal: Deal) -> list[ScoreLine] | None:
    """Shooting the moon: when one player has taken all the moon's cards, what they score gives
    way to the stated scores, and every other score stands (None when nobody has)."""
    taker_score, other_score, cards, clause = deal.contract.all_taken
    taker = next((s for s in range(deal.table.players) if cards and cards <= set(deal.taken[s])), None)
    if taker is None:
        return None
    account = deal.game.primary_account
    out = []
    for seat in range(deal.table.players):
        points = taker_score if seat == taker else other_score
        out.append(ScoreLine(seat, points, account,
                             N_("{points}: seat {taker} took every scoring card") if seat != taker else
                             N_("{points} for taking every scoring card"),
                             (("points", points), ("taker", taker)), (clause,)))
    return out + deal._taken_lines(without=cards)


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


register(PhaseRunner(Phase.TRICKS, Deal._trick_moves, Deal._trick_push, Deal._judge_play))

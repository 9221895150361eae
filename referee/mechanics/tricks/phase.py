"""The trick phase of a deal: the cards a player may play (the play duty, heading, overtrumping,
lead restrictions, first-trick bans), playing one, taking the trick, the early end, the ruling on
each card with the clause that decides it, and the fused random loop."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any, Protocol

from ...engine.dice import chooser
from ...engine.table import Action
from ...i18n import N_
from ...verdicts import Verdict
from ..base import DealCore, Illegal, PhaseRunner
from ..play import rule_on_card
from ..vocabulary import Phase
from .rules import DutyKind
from .state import TrickState

__all__ = ["TrickDeal", "trick_moves", "lead_options", "winning", "trick_push", "take_trick", "random_tricks",
           "judge_tricks", "first_leader", "talon_led", "led_suit", "TRICKS"]

# Members as module names where a loop asks for them: one looked up on its enum class costs
# several times as much (Python 3.11's EnumType.__getattr__).
_TRICKS, _OVER = Phase.TRICKS, Phase.OVER
_TRUMP, _DISCARD, _ANY = DutyKind.TRUMP, DutyKind.DISCARD, DutyKind.ANY


class TrickDeal(DealCore, Protocol):
    """What the trick phase reads of a deal: its state slot, the contract compiled for play, the
    trump in force, the talon and, in an auction game, the declarer."""

    tricks: TrickState | None
    """Set from the start of trick play (the phase functions run only then)."""
    talon: list[int]
    """The talon as dealt (its cards lead the first tricks under `talon cards lead ...`)."""
    history: list[tuple[int, int]]
    ended_early: str | None
    contract: Any
    """The `CompiledContract` being played."""
    declarer: int | None

    @property
    def trump(self) -> int | None: ...

    @property
    def chooser(self) -> int: ...

    def legal_moves(self) -> list[int]: ...

    def push(self, move: int) -> None: ...


def _state(deal: TrickDeal) -> TrickState:
    state = deal.tricks
    assert state is not None, "the trick phase runs only in a deal played by tricks"
    return state


@functools.cache
def _followers(players: int) -> tuple[tuple[int, ...], ...]:
    """Per seat leading a trick, the seats that play to it after him, in turn."""
    return tuple(tuple((leader + k) % players for k in range(1, players)) for leader in range(players))


def first_leader(deal: TrickDeal) -> int:
    """The seat the contract's `first lead by` (or `first move by`) names. The model has
    checked that the part it names (chooser, declarer) exists in this game's deals, and that
    a card's holder has an `else` for every card that may lie in nobody's hand or be out of
    the pack this table plays with."""
    seat = deal.contract.first_lead[0]
    while seat.role == "holder" and seat.otherwise is not None:
        card = deal.table.index.get(seat.card)  # None: this table's pack leaves the card out
        if card is not None and any(card in hand for hand in deal.hands):
            break
        seat = seat.otherwise
    role = seat.role
    if role == "dealer":
        return deal.dealer
    if role == "chooser":
        return deal.chooser
    if role == "declarer":
        assert deal.declarer is not None
        return deal.declarer
    if role == "before_declarer":
        assert deal.declarer is not None
        return (deal.declarer - 1) % deal.table.players
    if role == "holder":
        card = deal.table.index[seat.card]
        return next(s for s, hand in enumerate(deal.hands) if card in hand)
    return deal.eldest


def talon_led(deal: TrickDeal) -> bool:
    """The trick to play is one whose suit a talon card sets (`talon cards lead the first N
    tricks`): every player follows it, the first to play too."""
    leads: int = deal.contract.talon_leads
    return len(_state(deal).trick_winners) < leads


def led_suit(deal: TrickDeal, trick: list[tuple[int, int]] | None = None) -> int:
    """The suit led to `trick` (by default the trick in play), not yet taken: the suit of its
    talon card, for a trick the talon leads, else that of its first card (one is played)."""
    state = _state(deal)
    done = len(state.trick_winners)
    if done < deal.contract.talon_leads:
        return deal.table.suit_of[deal.talon[done]]
    return deal.table.suit_of[(state.trick if trick is None else trick)[0][1]]


def _duty_options(deal: TrickDeal, hand: list[int]) -> tuple[list[int], DutyKind]:
    """The cards the first applicable step of the play duty allows, and that step's kind."""
    suit_of = deal.table.suit_of
    led = led_suit(deal)
    for kind, cards in deal.contract.duty:
        if kind is DutyKind.FOLLOW:
            options = [c for c in hand if suit_of[c] == led]
        elif kind is DutyKind.ANY:
            return list(hand), kind
        elif kind is DutyKind.TRUMP:
            trump = deal.trump
            options = [c for c in hand if suit_of[c] == trump] if trump is not None else []
        else:  # DISCARD
            options = [c for c in hand if c in cards]
        if options:
            return options, kind
    return list(hand), DutyKind.ANY  # unreachable: a play duty always ends with `any card`


def winning(deal: TrickDeal, trick: list[tuple[int, int]]) -> tuple[int, int]:
    """(seat, card) of the card that is winning `trick` so far: the first strongest (the suit led
    is the talon card's in a trick the talon leads)."""
    strength = _strength(deal)[led_suit(deal, trick)]
    return max(trick, key=lambda played: strength[played[1]])


def led_strength(deal: TrickDeal) -> tuple[int, ...]:
    """Each card's strength in the trick on the table (one is led), as `winning` ranks them."""
    return _strength(deal)[led_suit(deal)]


def strength_by_led_suit(deal: TrickDeal) -> tuple[tuple[int, ...], ...]:
    """Per suit led, each card's strength in a trick of this deal, as `winning` ranks them."""
    return _strength(deal)


def _strength(deal: TrickDeal) -> tuple[tuple[int, ...], ...]:
    """Per suit led, each card's strength in a trick of this deal (`_trick_strength`)."""
    contract = deal.contract
    trump = deal.trump if contract.trumps_win else None
    strength: tuple[tuple[int, ...], ...] = contract.trick_strength[0 if trump is None else trump + 1]
    return strength


def _must_beat(deal: TrickDeal, options: list[int], kind: DutyKind) -> tuple[list[int], str | None]:
    """Narrow `options` to the cards that beat the trick when the rules oblige heading or
    overtrumping and the player can: (cards, the clause of that duty)."""
    contract = deal.contract
    if not _state(deal).trick:  # the first to play to a trick the talon leads: nothing to beat
        return options, None
    _, best = winning(deal, _state(deal).trick)
    trump = deal.trump if contract.trumps_win else None
    led_trump = led_suit(deal) == deal.trump
    if kind is DutyKind.FOLLOW and contract.head and (led_trump or not contract.head_on_trump_leads):
        clause = contract.head
    elif kind is DutyKind.TRUMP and contract.overtrump and deal.table.suit_of[best] == trump:
        clause = contract.overtrump
    else:
        return options, None
    seat = deal.to_act
    beating = [c for c in options if winning(deal, _state(deal).trick + [(seat, c)])[1] == c]
    return (beating, clause) if beating else (options, None)


def _required_lead(deal: TrickDeal) -> int | None:
    """The card the first leader must lead (`first lead by holder of 2C, who leads it`): the
    first card of the chain that somebody holds; None when the rule is absent or this is not
    the first lead of the deal."""
    state = _state(deal)
    if deal.contract.first_lead_card is None or state.trick or state.trick_winners:
        return None
    seat = deal.contract.first_lead[0]
    while seat is not None and seat.role == "holder":
        card = deal.table.index.get(seat.card)
        if card is not None and card in deal.hands[deal.to_act]:
            return card
        seat = seat.otherwise
    return None


def trick_moves(deal: TrickDeal, seat: int) -> list[int]:
    hand = deal.hands[seat]
    contract = deal.contract
    if not _state(deal).trick and not (contract.talon_leads and talon_led(deal)):
        required = _required_lead(deal)
        if required is not None:
            return [required]
        return _first_trick_allowed(deal, list(lead_options(deal, hand)))
    if contract.after_follow is not None and not contract.first_trick_bans:
        led = led_suit(deal)
        suit_of = deal.table.suit_of
        return [c for c in hand if suit_of[c] == led] or list(_void_options(deal, hand, None))
    options, kind = _duty_options(deal, hand)
    if contract.head or contract.overtrump:
        options, _ = _must_beat(deal, options, kind)
    return _first_trick_allowed(deal, options)


def lead_options(deal: TrickDeal, hand: list[int]) -> list[int]:
    """The cards of `hand` its holder may lead (the first trick's bans aside); `hand` itself
    when nothing bars a lead. `_lead_bar` names the restriction that bars a card."""
    contract = deal.contract
    for cards, _ in contract.lead_restrictions:
        allowed = [c for c in hand if c not in cards]
        if allowed:
            hand = allowed
    for cards, _ in contract.lead_until_broken:
        if cards.isdisjoint(_state(deal).taken_all):
            hand = [c for c in hand if c not in cards] or hand
    return hand


def _lead_bar(deal: TrickDeal, hand: list[int], move: int) -> tuple[str, str] | None:
    """The lead restriction that takes `move` out of the cards `_lead_options` leaves, with
    the same narrowing in the same order: ("holding" | "broken", its clause), or None. A
    restriction whose cards are all the holder has left does not apply, and is not cited."""
    contract = deal.contract
    for cards, clause in contract.lead_restrictions:
        allowed = [c for c in hand if c not in cards]
        if allowed:
            if move in cards:
                return "holding", clause
            hand = allowed
    for cards, clause in contract.lead_until_broken:
        if cards.isdisjoint(_state(deal).taken_all):
            allowed = [c for c in hand if c not in cards]
            if allowed:
                if move in cards:
                    return "broken", clause
                hand = allowed
    return None


def _void_options(deal: TrickDeal, hand: list[int], suits: list[list[int]] | None) -> list[int]:
    """The cards a player who cannot follow suit may play under a duty with `after_follow`
    steps; `suits` is his hand split by suit (or None: look through the hand)."""
    trump = deal.trump
    for kind, cards in deal.contract.after_follow:
        if kind is _TRUMP:
            if trump is None:
                continue
            options = suits[trump] if suits is not None else [c for c in hand if deal.table.suit_of[c] == trump]
        elif kind is _DISCARD:
            options = [c for c in hand if c in cards]
        else:
            return hand
        if options:
            return options
    return hand  # unreachable: `after_follow` always ends with `any card`


def _first_banned(deal: TrickDeal) -> frozenset[int]:
    """The cards barred from this trick: those of `no play of ... on first trick`, in the first trick."""
    bans = deal.contract.first_trick_bans
    return frozenset().union(*(cards for cards, _ in bans)) if bans and not _state(deal).trick_winners else frozenset()


def _first_trick_allowed(deal: TrickDeal, options: list[int]) -> list[int]:
    """`options` without the cards barred from the first trick, unless nothing else is left."""
    banned = _first_banned(deal)
    return [c for c in options if c not in banned] or options if banned else options


def random_tricks(deal: TrickDeal, rng: random.Random, budget: int) -> int:
    """Random legal trick play until the trick phase ends or `budget` moves are made; the moves
    made. The same moves and random draws as `rng.choice(legal_moves())` then `push`, one by
    one (tests/test_random_play.py): whole tricks under a plain duty in a fused loop, any other
    move by the general rules."""
    players, choose = deal.table.players, chooser(rng)
    steps = 0
    while deal.phase == _TRICKS and steps < budget:
        if _state(deal).trick or budget - steps < players or not _plain_trick(deal):
            deal.push(choose(trick_moves(deal, deal.to_act)))
            steps += 1
        else:
            steps += _random_whole_tricks(deal, choose, budget - steps)
    return steps


def _plain_trick(deal: TrickDeal) -> bool:
    """The next trick asks of each player only to follow suit, else the `after_follow` steps:
    no duty to beat the trick and no card barred from it."""
    contract = deal.contract
    first = not _state(deal).trick_winners
    return contract.after_follow is not None and not (first and (contract.first_trick_bans or contract.first_lead_card)) \
        and not (contract.talon_leads and talon_led(deal))


def _random_whole_tricks(deal: TrickDeal, choice: Callable[[list[int]], int], budget: int) -> int:
    """`random_tricks` for whole tricks under a plain duty (`_plain_trick`), from the lead
    while the trick phase lasts and `budget` allows a whole trick; the moves made. `choice` is
    the generator's (`dice.chooser`)."""
    table, contract = deal.table, deal.contract
    players, suit_of = table.players, table.suit_of
    hands, history = deal.hands, deal.history
    # Each hand also split by suit, in hand order: following suit is a lookup, not a scan, and
    # gives the same list as the scan.
    suit_range = range(len(table.suit_codes))
    by_suit = []
    for hand in hands:
        suits: list[list[int]] = [[] for _ in suit_range]
        for card in hand:
            suits[suit_of[card]].append(card)
        by_suit.append(suits)
    strength_by_led = _strength(deal)
    any_card = contract.after_follow == ((_ANY, None),)  # `must follow suit, else any card`
    leads = contract.lead_restrictions or contract.lead_until_broken
    # Locals for the loop: names looked up once, not once per card.
    void_options, take, lead, tricks = _void_options, take_trick, lead_options, _TRICKS
    followers = _followers(players)
    steps = 0
    while deal.phase == tricks and budget - steps >= players:
        leader = deal.to_act
        hand = hands[leader]
        card = choice(lead(deal, hand) if leads else hand)
        hand.remove(card)
        by_suit[leader][suit_of[card]].remove(card)
        history.append((leader, card))
        cards = [card]
        led = suit_of[card]
        strength = strength_by_led[led]
        best, winner = strength[card], leader
        for seat in followers[leader]:
            hand, suits = hands[seat], by_suit[seat]
            card = choice(suits[led] or (hand if any_card else void_options(deal, hand, suits)))
            hand.remove(card)
            suits[suit_of[card]].remove(card)
            history.append((seat, card))
            cards.append(card)
            if strength[card] > best:  # strictly: of equals the first played wins, as in `_winning`
                best, winner = strength[card], seat
        steps += players
        take(deal, winner, cards)
    return steps


def trick_push(deal: TrickDeal, seat: int, move: int) -> None:
    deal.hands[seat].remove(move)
    state = deal.tricks
    assert state is not None
    trick = state.trick
    trick.append((seat, move))
    if len(trick) == deal.table.players:
        _close_trick(deal)
    else:
        deal.to_act = (seat + 1) % deal.table.players


Step = tuple[int, int, int, int, Phase, "str | None", "list[tuple[int, int]] | None"]
"""What `trick_step` changed, for `trick_undo`: seat, card, its place in the hand, the seat to
act before, the phase and early end before, and the trick before if the card closed it."""


def trick_step(deal: TrickDeal, move: int) -> Step:
    """`trick_push` of `move` by the seat to act, undoable by `trick_undo` (a search's make and
    unmake, cheaper than copying the deal); the deal's history is not written."""
    seat = deal.to_act
    state = _state(deal)
    closing = state.trick[:] if len(state.trick) == deal.table.players - 1 else None
    step = (seat, move, deal.hands[seat].index(move), seat, deal.phase, deal.ended_early, closing)
    trick_push(deal, seat, move)
    return step


def trick_undo(deal: TrickDeal, step: Step) -> None:
    """Take back the card `trick_step` played: the trick it closed is put back on the table."""
    seat, move, index, to_act, phase, ended, closing = step
    state = _state(deal)
    if closing is None:
        state.trick.pop()
    else:
        winner = state.trick_winners.pop()
        state.tricks_won[winner] -= 1
        taken = state.taken[winner]
        cards = taken[-len(closing) - 1:]
        del taken[-len(closing) - 1:]
        state.taken_all.difference_update(cards)
        state.trick = closing
    deal.hands[seat].insert(index, move)
    deal.to_act, deal.phase, deal.ended_early = to_act, phase, ended


def _close_trick(deal: TrickDeal) -> None:
    state = _state(deal)
    trick, state.trick = state.trick, []
    take_trick(deal, winning(deal, trick)[0], [c for _, c in trick])


def take_trick(deal: TrickDeal, winner: int, cards: list[int]) -> None:
    """`winner` takes the trick of `cards` and leads next, unless the deal ends here."""
    contract, state = deal.contract, deal.tricks
    assert state is not None  # inline, not `_state`: this runs once a trick
    state.taken[winner].extend(cards)
    state.taken_all.update(cards)
    state.tricks_won[winner] += 1
    state.trick_winners.append(winner)
    deal.to_act = winner
    if contract.ends_early:
        for needed, clause in contract.ends_when_taken:
            if needed <= state.taken_all:
                deal.phase, deal.ended_early = _OVER, clause
                return
        declarer = deal.declarer
        if declarer is not None:
            limit = contract.ends_declarer_tricks
            if limit and state.tricks_won[declarer] >= limit[0]:
                deal.phase, deal.ended_early = _OVER, limit[1]
                return
            limit = contract.ends_defenders_tricks
            if limit and len(state.trick_winners) - state.tricks_won[declarer] >= limit[0]:
                deal.phase, deal.ended_early = _OVER, limit[1]
                return
    if not deal.hands[winner]:
        deal.phase = _OVER


def judge_tricks(deal: TrickDeal, seat: int, action: Action, illegal: Illegal) -> Verdict:
    ruled = rule_on_card(deal, deal.legal_moves(), seat, action, illegal, None)  # no pass in trick play
    return ruled if isinstance(ruled, Verdict) else _why_illegal(deal, seat, ruled, illegal)


def _why_illegal(deal: TrickDeal, seat: int, move: int, illegal: Illegal) -> Verdict:
    table, contract = deal.table, deal.contract
    code = table.code(move)
    hand = deal.hands[seat]
    by_talon = bool(contract.talon_leads) and talon_led(deal)
    if not _state(deal).trick and not by_talon:
        required = _required_lead(deal)
        if required is not None and move != required:
            # `cards`, not a name of its own: the values named card and cards are shown as cards.
            return illegal(N_("Seat {seat} must lead {cards} to the first trick, not {card}."),
                           (contract.first_lead_card,), "illegal_card", seat=seat, card=code,
                           cards=table.code(required))
        barred = _lead_bar(deal, hand, move)
        if barred is not None and barred[0] == "holding":
            return illegal(N_("Seat {seat} may not lead {card} while holding other cards."),
                           (barred[1],), "illegal_card", seat=seat, card=code)
        if barred is not None:
            return illegal(N_("Seat {seat} may not lead {card}: no card of its kind has been played "
                              "to a trick yet, and seat {seat} holds other cards."),
                           (barred[1],), "illegal_card", seat=seat, card=code)
    if _state(deal).trick or by_talon:
        led = led_suit(deal)
        options, kind = _duty_options(deal, hand)
        if move not in options:
            if kind is DutyKind.FOLLOW and by_talon:
                return illegal(N_("Seat {seat} must follow the suit of the talon card {cards} ({suit}), which "
                                  "leads this trick, and may not play {card}."),
                               (contract.talon_clause, contract.duty_clause), "revoke", seat=seat, card=code,
                               suit=table.suit_codes[led],
                               cards=table.code(deal.talon[len(_state(deal).trick_winners)]))
            if kind is DutyKind.FOLLOW:
                return illegal(N_("Seat {seat} must follow suit ({suit}) and may not play {card}."),
                               (contract.duty_clause,), "revoke", seat=seat, card=code,
                               suit=table.suit_codes[led])
            if kind is DutyKind.TRUMP:
                return illegal(N_("Seat {seat} cannot follow suit and must play a trump, not {card}."),
                               (contract.duty_clause,), "revoke", seat=seat, card=code)
            if kind is DutyKind.DISCARD:
                return illegal(N_("Seat {seat} must discard a card of {cards} first."),
                               (contract.duty_clause,), "revoke", seat=seat,
                               cards=" ".join(table.code(c) for c in sorted(options)))
        beating, clause = _must_beat(deal, options, kind)
        if clause and move not in beating:
            return illegal(N_("Seat {seat} must beat the best card of the trick if he can, and "
                              "may not play {card}."), (clause,), "revoke", seat=seat, card=code)
    if move in _first_banned(deal):
        return illegal(N_("Seat {seat} may not play {card} to the first trick while holding another card "
                          "he may play."), tuple(c for cards, c in contract.first_trick_bans if move in cards),
                       "illegal_card", seat=seat, card=code)
    return illegal(N_("Seat {seat} may not play {card} now."), (), "illegal_card", seat=seat, card=code)



TRICKS = PhaseRunner(Phase.TRICKS, trick_moves, trick_push, judge_tricks, frozenset({"play"}), random_loop=random_tricks)

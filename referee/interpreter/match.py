"""A match: the draw for the first dealer, dealing, the rotation of the deal, totals and the winner."""

from __future__ import annotations

import random
import weakref
from dataclasses import dataclass

from ..engine.dice import randrange, shuffle
from ..engine.table import Table
from ..errors import Phrase, SimulationError, UsageError
from ..i18n import N_
from ..mechanics.auction.closing import close_overflow, final_scores
from ..mechanics.auction.compiled import compile_auction
from ..mechanics.tricks.compiled import compile_contract
from ..mechanics.vying.compiled import compile_vying
from ..mechanics.vying.showdown import hand_bonuses
from ..model.game import EndKind, Game
from ..verdicts import Verdict
from .deal import Deal, DealResult
from .seating import SeatedDeal, playing_seats

__all__ = ["Match", "Draw", "MatchResult", "Remaining", "unsupported_mechanics"]

# Rounds of the draw for the first dealer before it is given up as never ending.
_DRAW_ROUNDS = 1_000

# Mechanics the model can state but this interpreter does not run yet, with the issue that adds them.
def unsupported_mechanics(game: Game) -> list[str]:
    """The mechanics a game needs that this interpreter cannot run yet."""
    found = set()
    if not game.contracts and game.vying is None:
        found.add("a deal without contracts or betting")
    return sorted(found)


# The table and the compiled rules of a game for a number of players, shared by its matches: they
# are read-only once built, and a session or a benchmark plays many matches of one game.
_COMPILED: dict[tuple[int, int], tuple] = {}


def _compiled(game: Game, players: int) -> tuple:
    key = (id(game), players)
    hit = _COMPILED.get(key)
    if hit is None or hit[0]() is not game:
        table = Table(game, players)
        contracts = {cid: compile_contract(game, table, c) for cid, c in game.contracts.items()}
        # The entry goes when the game does, before its id can be reused by another.
        hit = (weakref.ref(game, lambda _ref, key=key, cache=_COMPILED: cache.pop(key, None)), table, contracts,
               compile_auction(game, table, contracts), compile_vying(game), {})
        _COMPILED[key] = hit
    return hit[1:]


@dataclass(frozen=True)
class Draw:
    """The draw for the first dealer: each round maps seats to the card they drew."""

    rounds: tuple[tuple[tuple[int, str], ...], ...]
    dealer: int
    clauses: tuple[str, ...]


@dataclass(frozen=True)
class MatchResult:
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    clauses: tuple[str, ...]


@dataclass(frozen=True)
class Remaining:
    """What a match cut short still owes, by its `match ends` rule: the deals left to play, the
    contracts each chooser has still to choose, or how far an account's total is from its bound."""

    clause: str
    deals: int | None = None
    owed: tuple[tuple[int, tuple[str, ...]], ...] = ()
    account: str | None = None
    total: int | None = None
    """The account's total over all players, or the player nearest the bound (`any` below)."""
    bound: int | None = None
    any_player: bool = False
    every_player: bool = False
    """The bound is every player's (`total` is then the player furthest from it)."""


def _runs(places: list[int]) -> tuple[slice, ...]:
    """`places` (of cards in the pack) as slices, each a run of places the same step apart."""
    runs: list[slice] = []
    i, count = 0, len(places)
    while i < count:
        first, last, step = places[i], i, 1
        if i + 1 < count and places[i + 1] > first:
            step, last = places[i + 1] - first, i + 1
            while last + 1 < count and places[last + 1] - places[last] == step:
                last += 1
        runs.append(slice(first, places[last] + 1, step))
        i = last + 1
    return tuple(runs)


def _joined(pack: list[int], runs: tuple[slice, ...]) -> list[int]:
    """The cards of `pack` at the places `runs` (`_runs`) give, in order."""
    if len(runs) == 1:
        return pack[runs[0]]
    out: list[int] = []
    for run in runs:
        out += pack[run]
    return out


class Match:
    """Deals of one game in sequence, with the dealer rotating and totals kept per seat."""

    def __init__(self, game: Game, players: int | None = None) -> None:
        missing = unsupported_mechanics(game)
        if missing:
            raise UsageError(Phrase("{game}: this referee cannot run {mechanics} yet; the rules file loads and "
                                    "validates (`referee check`)", game=game.id, mechanics=", ".join(missing)))
        self.game = game
        self.table, self.contracts, self.auction, self.vying, self._dealing = _compiled(
            game, players or game.default_players)
        """... and the deal's packets as slices of the pack, by (dealer, cards in the pack), worked out
        at the first deal of each dealer (`hands_from_pack`) and shared by the game's matches."""
        self.carry = 0
        """A pot carried over from a deal nobody played."""
        self.chosen: list[set[str]] = [set() for _ in range(self.table.players)]
        n = self.table.players
        self.accounts: dict[str, list[int]] = {}
        self.pairs: dict[str, list[list[int]]] = {}
        for name, cited in game.accounts.items():
            _title, start, pairwise = cited.value
            if pairwise:
                self.pairs[name] = [[0] * n for _ in range(n)]
            else:
                self.accounts[name] = [start] * n
        self.accounts.setdefault(game.primary_account, [0] * n)
        self.results: list[DealResult] = []
        self.written = [0] * n
        """Per seat, the multipliers ever written to him (a limit may count these, not the unused)."""
        self.dealer_doubles: dict[tuple[int, int], int] = {}
        """(dealer, player) -> how often the player has doubled that dealer (doubling between players)."""
        self.dealer: int | None = None
        self.deal: Deal | None = None

    # -- first dealer --------------------------------------------------------------------------------

    def draw_for_dealer(self, rng: random.Random) -> Draw:
        """Each player draws a card; ties for the deciding card draw again (as the rules say)."""
        game, table = self.game, self.table
        kind, what = game.first_dealer.value
        if kind == "rank":
            # One card of each rank from the named one downwards is drawn: no ties are possible.
            codes = [rank + table.suit_codes[0] for rank in self._drawn_ranks() or ()]
            drawn = list(codes)
            rng.shuffle(drawn)
            rounds = ((tuple(enumerate(drawn))),)
            dealer = drawn.index(codes[0])
            return self._set_draw(Draw(rounds, dealer, self._draw_clauses()))
        contenders = list(range(table.players))
        rounds = []
        while True:
            if len(rounds) >= _DRAW_ROUNDS:  # ties every round: the pack cannot decide a dealer
                raise SimulationError(Phrase("{path}: the draw for the first dealer was tied {rounds} times in a row",
                                             path=str(game.path), rounds=_DRAW_ROUNDS))
            pack = list(range(len(table.cards)))
            rng.shuffle(pack)
            drawn = {seat: pack[i] for i, seat in enumerate(contenders)}
            rounds.append(tuple((s, table.code(c)) for s, c in drawn.items()))
            dealer = self._decide_draw(drawn)
            if dealer is not None:
                return self._set_draw(Draw(tuple(rounds), dealer, self._draw_clauses()))
            contenders = self._tied(drawn)

    def _drawn_ranks(self) -> list[str] | None:
        """Under `first dealer by draw of RANK`, the ranks drawn, one to each player: the named
        one and those below it, from the top; None for a draw for the highest or lowest card."""
        kind, what = self.game.first_dealer.value
        if kind != "rank":
            return None
        top = self.table.deck.rank(what).order
        return [r.code for r in self.table.deck.ranks if r.order <= top][::-1][:self.table.players]

    def _off_the_ranks(self, drawn: dict[int, int]) -> Verdict | None:
        """A draw of one card of each rank from the named one down (`_drawn_ranks`) that draws
        another rank, or one twice: the verdict against it, citing the draw's clause."""
        ranks = self._drawn_ranks()
        if ranks is None:
            return None
        left = list(ranks)
        for seat, card in sorted(drawn.items()):
            rank = self.table.cards[card].rank.code
            if rank not in left:
                return Verdict(False, N_("The draw for the first dealer is not valid: one card of each rank from "
                                         "{rank} down is drawn, one to each player, and seat {seat} drew {card}."),
                               (("rank", ranks[0]), ("seat", seat), ("card", self.table.code(card))),
                               self._draw_clauses())
            left.remove(rank)
        return None

    def _draw_key(self, card: int) -> tuple[int, ...]:
        """How a drawn card ranks in the draw: by rank, then by suit when the rules say so."""
        table = self.table
        key = (table.rank_of[card],)
        if self.game.draw_ties is not None and self.game.draw_ties.value == "by_suit_order":
            key += (table.suit_of[card],)
        return key if self.game.first_dealer.value[1] == "highest" else tuple(-k for k in key)

    def _decide_draw(self, drawn: dict[int, int]) -> int | None:
        first = self.game.first_dealer.value
        if first[0] == "rank":
            holders = [s for s, c in drawn.items() if self.table.cards[c].rank.code == first[1]]
            return holders[0] if len(holders) == 1 else None
        order = sorted(drawn.items(), key=lambda sc: self._draw_key(sc[1]), reverse=True)
        if len(order) > 1 and self._draw_key(order[0][1]) == self._draw_key(order[1][1]):
            return None
        return order[0][0]

    def _tied(self, drawn: dict[int, int]) -> list[int]:
        """The seats that tie for the deciding card and draw again."""
        best = max(self._draw_key(c) for c in drawn.values())
        return [s for s, c in drawn.items() if self._draw_key(c) == best]

    def _draw_clauses(self) -> tuple[str, ...]:
        game = self.game
        return tuple(c.clause for c in (game.first_dealer, game.draw_ties) if c)

    def _set_draw(self, draw: Draw) -> Draw:
        self.dealer = draw.dealer
        return draw

    def judge_draw(self, rounds: list[dict[int, str]]) -> Verdict:
        """Rule on a recorded draw: does it name a first dealer, and which?"""
        table = self.table
        contenders = set(range(table.players))
        for number, drawn in enumerate(rounds, 1):
            ids = {}
            for seat, code in drawn.items():
                card = table.card_id(code)
                if card is None or seat not in contenders:
                    return Verdict(False, N_("The draw for the first dealer is not valid (round {round})."),
                                   (("round", number),), self._draw_clauses())
                ids[seat] = card
            if set(ids) != contenders:
                return Verdict(False, N_("The draw for the first dealer is not valid (round {round})."),
                               (("round", number),), self._draw_clauses())
            wrong = self._off_the_ranks(ids)
            if wrong is not None:
                return wrong
            dealer = self._decide_draw(ids)
            if dealer is not None:
                if number != len(rounds):
                    return Verdict(False, N_("The draw was decided in round {round}; later rounds are void."),
                                   (("round", number),), self._draw_clauses())
                self.dealer = dealer
                return Verdict(True, N_("Seat {seat} draws the deciding card and deals first."),
                               (("seat", dealer),), self._draw_clauses(), dealer)
            contenders = set(self._tied(ids))
        return Verdict(False, N_("The draw for the first dealer is tied and not completed."), (),
                       self._draw_clauses())

    # -- deals ------------------------------------------------------------------------------------------

    def __repr__(self) -> str:
        dealer = "not drawn" if self.dealer is None else f"seat {self.dealer + 1}"
        return (f"<Match {self.game.id}: {self.table.players} players, {len(self.results)} deals played, "
                f"dealer {dealer}, totals {self.totals}>")

    @property
    def totals(self) -> list[int]:
        """Each seat's total in the game's main account."""
        return self.accounts[self.game.primary_account]

    def score_sheet(self) -> dict[str, list[int]]:
        """Every account the players write deal by deal, per seat, as a score sheet shows it: an
        account kept per opponent as the total each seat has written against all the others. An
        account worked out only when the match ends (the auction's `final` formula) is left out."""
        final = self.game.auction.final if self.game.auction else None
        sheet = {name: list(values) for name, values in self.accounts.items()
                 if name in self.game.accounts and not (final is not None and final.target == name)}
        sheet.update({name: [sum(row) for row in rows] for name, rows in self.pairs.items()})
        return sheet

    def deal_cards(self, rng: random.Random) -> list[list[int]]:
        """Shuffle and deal by the game's packets, eldest first and the dealer last."""
        return self.deal_pack(rng)[0]

    def deal_pack(self, rng: random.Random) -> tuple[list[list[int]], list[int], list[int]]:
        """Shuffle and deal: (hands, talon, face-up cards)."""
        pack = list(range(len(self.table.cards)))
        shuffle(rng, pack)  # as rng.shuffle(pack) does, with fewer calls (dice.py)
        if self.game.cut is not None:
            # The stated neighbour (`cutter`) cuts: the pack is lifted at a random place and turned round.
            at = randrange(rng, 1, len(pack))  # as rng.randrange does, with fewer calls (dice.py)
            pack = pack[at:] + pack[:at]
        return self.hands_from_pack(pack)

    def hands_from_pack(self, pack: list[int]) -> tuple[list[list[int]], list[int], list[int]]:
        """Deal `pack` by the game's packets: (hands, talon, face-up cards). Where each card goes
        depends only on the dealer and the size of the pack, so it is worked out once for each
        (`_deal_places`) and each deal takes its cards by slices of the pack."""
        key = (self.dealer, len(pack))
        plan = self._dealing.get(key)
        if plan is None:
            hands, talon, upcards = self._deal_places(list(range(len(pack))))
            parts = tuple(_runs(hand) for hand in hands)
            single = tuple(part[0] for part in parts) if all(len(part) == 1 for part in parts) else None
            plan = self._dealing[key] = (single, parts, _runs(talon), _runs(upcards))
        single, parts, talon_part, up_part = plan
        dealt = [pack[run] for run in single] if single is not None else [_joined(pack, part) for part in parts]
        return dealt, _joined(pack, talon_part), _joined(pack, up_part)

    def _deal_places(self, pack: list[int]) -> tuple[list[list[int]], list[int], list[int]]:
        """The game's packets dealt from `pack`, eldest first and the dealer last."""
        table = self.table
        n = table.players
        hands: list[list[int]] = [[] for _ in range(n)]
        talon: list[int] = []
        upcards: list[int] = []
        # Packets go round from the eldest hand, the dealer last (as `eldest is ...` says); a
        # dealer who sits the deal out receives none.
        order = [(self.dealer + table.eldest_offset + k) % n for k in range(n)]
        if table.in_deal < n:
            order = [seat for seat in order if seat != self.dealer]
        pos = 0
        for packet in self.game.deal.value:
            if packet.kind == "each":
                if packet.to_end:  # the rest of the pack, evenly (the load check saw that it comes out even)
                    target = len(hands[order[-1]]) + (len(pack) - pos) // len(order)
                else:
                    target = packet.until if packet.until is not None else len(hands[order[0]]) + packet.count
                rounds = target - len(hands[order[-1]])
                if packet.count == 1 and rounds > 0 and pos + rounds * n <= len(pack):
                    # One card at a time: seat i of the order takes every n-th card from its place.
                    for i, seat in enumerate(order):
                        hands[seat].extend(pack[pos + i:pos + rounds * n:n])
                    pos += rounds * n
                while len(hands[order[-1]]) < target:
                    if pos >= len(pack) or packet.count <= 0:  # else this loop would never end
                        raise SimulationError(Phrase("{path}: the pack of {cards} cards runs out before every hand "
                                                     "holds {target}", path=str(self.game.path), cards=len(pack),
                                                     target=target))
                    for seat in order:
                        hands[seat].extend(pack[pos:pos + packet.count])
                        pos += packet.count
            elif packet.kind == "talon":
                talon.extend(pack[pos:pos + packet.count])
                pos += packet.count
            else:
                upcards.extend(pack[pos:pos + packet.count])
                pos += packet.count
        return hands, talon, upcards

    def new_deal(self, hands: list[list[int]], contract: str | None = None,
                 talon: list[int] | None = None, upcards: list[int] | None = None) -> Deal:
        """The next deal on these hands (from `deal_pack`), talon and face-up cards; its contract
        is the fixed one of `contracts in order`, else `contract` when given, else chosen in play."""
        if self.dealer is None:
            raise UsageError(Phrase("the first dealer is not known: draw for it first"))
        order = self.game.contract_order
        if contract is None and order is not None:  # `contracts in order ...`: this deal's is fixed
            contract = order.value[len(self.results) % len(order.value)]
        multiplier = self.auction.model.multiplier if self.auction else None
        held = self.accounts.get(multiplier.account) if multiplier else None
        seats = self.playing_seats
        # The deal runs on the seats that play; seat lists are taken in its order (see seating.py).
        per_seat = (lambda values: [values[s] for s in seats]) if seats else (lambda values: values)
        deal = Deal(self.table.for_deal(), self.table.in_deal - 1 if seats else self.dealer, per_seat(hands),
                    contracts=self.contracts, chosen=per_seat(self.chosen),
                    contract=contract, talon=talon, auction=self.auction,
                    held=per_seat(list(held)) if held is not None else None,
                    written=per_seat([max(w, h) for w, h in zip(self.written, held)]) if held is not None else None,
                    vying=self.vying,
                    chips=per_seat(list(self.totals)) if self.vying else None, carry=self.carry,
                    upcards=upcards, number=len(self.results), dealer_doubles=self.dealer_doubles)
        self.deal = SeatedDeal(deal, self.table, seats, self.dealer, self.game.players.clause) if seats else deal
        return self.deal

    @property
    def playing_seats(self) -> tuple[int, ...] | None:
        """The seats that play this deal when the dealer sits out, else None (everyone plays)."""
        table = self.table
        if table.in_deal == table.players or self.dealer is None:
            return None
        return playing_seats(table.players, table.in_deal, self.dealer)

    @property
    def cutter(self) -> int | None:
        """The seat that cuts the pack before the deal to come (`cut by left|right neighbour`, the
        side read through the direction of play), or None where the rules state no cut."""
        cut = self.game.cut
        if cut is None or self.dealer is None:
            return None
        return self.table.neighbour(self.dealer, cut.value)

    def hand_size(self, seat: int, size: int) -> int:
        """Cards `seat` holds in this deal: none for a dealer who sits out."""
        seats = self.playing_seats
        return 0 if seats and seat not in seats else size

    def finish_deal(self) -> DealResult:
        """Score the current deal, add it to the totals and pass the deal on."""
        result = self.deal.result()
        cap = self.game.auction.cap if self.game.auction else None
        if cap is not None:  # an account closing at its cap: the overflow goes to the others (auction/closing.py)
            more = close_overflow(cap, self.accounts[cap.account], result.scores,
                                  lambda seat: self.table.neighbour(seat, "left"))
            if more:
                result = DealResult(result.contract, tuple(result.scores) + tuple(more), result.finish_order,
                                    result.ended_early)
        accounts, pairs = self.accounts, self.pairs
        # The multipliers written (refes), counted apart for a limit on those ever written.
        multiplier = self.auction.model.multiplier if self.auction else None
        counted = multiplier.account if multiplier else None
        known = result.written
        if known is not None:  # what the deal writes, known without its lines (built only if shown)
            for account, points in known.items():
                assert account not in pairs and account != counted, account  # plain accounts only
                totals = accounts.get(account)
                if totals is None:
                    totals = accounts[account] = [0] * self.table.players
                totals[:] = map(int.__add__, totals, points)
        for line in result.scores if known is None else ():
            if line.account in pairs:
                pairs[line.account][line.seat][line.against] += line.points
                continue
            totals = accounts.get(line.account)
            if totals is None:  # an account first written in this deal
                totals = accounts[line.account] = [0] * self.table.players
            totals[line.seat] += line.points
            if line.account == counted and line.points > 0:
                self.written[line.seat] += line.points
        self.results.append(result)
        self.carry = self.deal.carry_out
        self.dealer = self.table.neighbour(self.dealer, self.game.dealer_rotation.value)
        self.deal = None
        return result

    def cancel_deal(self, hands: list[list[int]], irregularity: str, upcards: list[int] | None = None,
                    talon: list[int] | None = None) -> DealResult:
        """A deal cancelled for an irregularity: apply the rules' remedies (bonuses still paid,
        the same dealer dealing again) and record it."""
        remedies, clause = self.game.irregularities[irregularity].value, self.game.irregularities[irregularity].clause
        lines = []
        if "pay_bonuses" in remedies and self.vying is not None:
            deal = Deal(self.table, self.dealer, hands, contracts=self.contracts, upcards=upcards, talon=talon,
                        vying=self.vying, chips=list(self.totals), carry=0)
            lines = hand_bonuses(deal, list(self.totals), cancelled=True)
        for line in lines:
            self.accounts[line.account][line.seat] += line.points
        result = DealResult(None, tuple(lines), (), clause)
        self.results.append(result)
        if "redeal_same_dealer" not in remedies:
            self.dealer = self.table.neighbour(self.dealer, self.game.dealer_rotation.value)
        return result

    @property
    def rotation_clause(self) -> str:
        return self.game.dealer_rotation.clause

    # -- the end of the match ---------------------------------------------------------------------------

    @property
    def length(self) -> int | None:
        end = self.game.match_end
        if end is None:
            return None
        if end.value.kind is EndKind.ALL_CHOSEN:
            return self.table.players * len(self.game.contracts)
        if end.value.kind is EndKind.DEALS:
            return end.value.count
        return None

    def is_over(self) -> bool:
        """Whether the match has ended, by its `match ends` rule (deals played, or a total reached)."""
        length = self.length
        if length is not None:
            return len(self.results) >= length
        end = self.game.match_end.value if self.game.match_end is not None else None
        if end is not None and end.kind is EndKind.ACCOUNT:
            assert end.account is not None
            return sum(self.accounts[end.account]) <= end.count
        if end is not None and end.kind is EndKind.ANY_PLAYER:
            assert end.account is not None
            return any(t >= end.count if end.at_least else t <= end.count for t in self.accounts[end.account])
        if end is not None and end.kind is EndKind.EVERY_PLAYER:
            assert end.account is not None
            return all(t >= end.count if end.at_least else t <= end.count for t in self.accounts[end.account])
        return bool(self.broken_seats())

    def broken_seats(self) -> tuple[int, ...]:
        """The seats that have lost every chip, where a broken player gives up his seat: the table
        changes, so the session as recorded ends with the deal that broke them."""
        if not (self.vying and self.vying.model.broken_player is not None and self.results):
            return ()
        totals = self.totals
        if min(totals) > 0:  # after most deals: nobody is broken
            return ()
        return tuple(seat for seat, chips in enumerate(totals) if chips <= 0)

    def remaining(self) -> Remaining | None:
        """What the match still owes before its end, or None when it is over or ends only by the
        players' agreement (a session that may stop after any deal)."""
        cited = self.game.match_end
        if cited is None or cited.value.kind is EndKind.AGREEMENT or self.is_over():
            return None
        end, clause = cited.value, cited.clause
        if end.kind is EndKind.ALL_CHOSEN:
            owed = tuple((seat, tuple(c for c in self.game.contracts if c not in self.chosen[seat]))
                         for seat in range(self.table.players))
            return Remaining(clause, deals=self.length - len(self.results), owed=tuple(o for o in owed if o[1]))
        if end.kind is EndKind.DEALS:
            return Remaining(clause, deals=end.count - len(self.results))
        account = end.account
        assert account is not None
        totals = self.accounts[account]
        if end.kind is EndKind.ANY_PLAYER:
            nearest = max(totals) if end.at_least else min(totals)
            return Remaining(clause, account=account, total=nearest, bound=end.count, any_player=True)
        if end.kind is EndKind.EVERY_PLAYER:
            furthest = min(totals) if end.at_least else max(totals)
            return Remaining(clause, account=account, total=furthest, bound=end.count, every_player=True)
        return Remaining(clause, account=account, total=sum(totals), bound=end.count)

    def final_totals(self) -> tuple[list[int], tuple[str, ...]]:
        """Each seat's final score, by the rules' `final` formula if they give one."""
        final = self.game.auction.final if self.game.auction else None
        if final is None:
            return list(self.totals), ()
        out = final_scores(final, self.accounts, self.pairs, self.table.players)
        self.accounts[final.target] = out
        return out, (final.clause,)

    def result(self) -> MatchResult:
        """The winners, on the totals of the account `winner ... total of ACCOUNT` names (else on
        the `final` formula's, else on the main account's), and the clauses that decide them."""
        game = self.game
        final_totals, final_clauses = self.final_totals()
        final = game.auction.final if game.auction else None
        named = game.winner.value[1] if game.winner else None
        if named is None or (final is not None and final.target == named):
            totals = final_totals
        else:  # (the model refuses a `final` settlement the winner does not read)
            totals, final_clauses = list(self.accounts[named]), ()
        extreme = game.winner.value[0]
        best = min(totals) if extreme == "lowest" else max(totals)
        winners = tuple(s for s, t in enumerate(totals) if t == best)
        clauses = tuple(c.clause for c in (game.match_end,) if c) + final_clauses + \
            tuple(c.clause for c in (game.winner,) if c)
        return MatchResult(tuple(totals), winners, tuple(dict.fromkeys(clauses)))

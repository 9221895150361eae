"""A match: the draw for the first dealer, dealing, the rotation of the deal, totals and the winner.

The table's rules (the draw, the cut, the packets of the deal, the dealer who sits out) are run by
`referee.mechanics.table`; the match keeps the dealer and the accounts from deal to deal.
"""

from __future__ import annotations

import random
import weakref
from dataclasses import dataclass

from ..engine.table import Table
from ..errors import Phrase, UsageError
from ..mechanics.auction.closing import close_overflow, final_scores
from ..mechanics.auction.compiled import CompiledAuction, compile_auction
from ..mechanics.table import dealing
from ..mechanics.table.draw import Draw, decide_draw, draw_for_dealer, judge_draw
from ..mechanics.table.rules import Side
from ..mechanics.table.seating import SeatedDeal, playing_seats
from ..mechanics.tricks.compiled import CompiledContract, compile_contract
from ..mechanics.vying.compiled import VyingRules, compile_vying
from ..mechanics.vying.rules import SessionLength, SessionUnit
from ..mechanics.vying.showdown import hand_bonuses
from ..model.game import EndKind, Game
from ..model.values import Cited
from ..verdicts import Verdict
from .deal import Deal, DealResult

__all__ = ["Match", "Draw", "MatchResult", "PairTotal", "Remaining", "unsupported_mechanics"]

# Mechanics the model can state but this interpreter does not run yet, with the issue that adds them.
def unsupported_mechanics(game: Game) -> list[str]:
    """The mechanics a game needs that this interpreter cannot run yet."""
    found = set()
    if not game.contracts and game.vying is None:
        found.add("a deal without contracts or betting")
    return sorted(found)


_BY_TOTAL = frozenset({EndKind.ACCOUNT, EndKind.ANY_PLAYER, EndKind.EVERY_PLAYER})
"""The kinds of `match ends` rule decided by a total reaching a bound."""

# The table and the compiled rules of a game for a number of players, shared by its matches: they
# are read-only once built, and a session or a benchmark plays many matches of one game.
@dataclass(frozen=True)
class _Compiled:
    """What the matches of one game at one size of table share."""

    game: weakref.ref[Game]
    """The game (the entry goes when the game does, before its id can be reused by another)."""
    table: Table
    contracts: dict[str, CompiledContract]
    auction: CompiledAuction | None
    vying: VyingRules | None
    plans: dict[tuple[int | None, int], dealing.DealPlan]
    """The plans of the deal by (dealer, cards in the pack), filled as the deals need them."""
    rotation: dealing.RotationPlan


_COMPILED: dict[tuple[int, int], _Compiled] = {}


def _compiled(game: Game, players: int) -> _Compiled:
    key = (id(game), players)
    hit = _COMPILED.get(key)
    if hit is None or hit.game() is not game:
        table = Table(game, players)
        contracts = {cid: compile_contract(game, table, c) for cid, c in game.contracts.items()}

        def forget(_ref: weakref.ref[Game], key: tuple[int, int] = key,
                   cache: dict[tuple[int, int], _Compiled] = _COMPILED) -> None:
            cache.pop(key, None)  # (the dict bound here: at exit the module's name may be gone first)

        hit = _Compiled(weakref.ref(game, forget), table, contracts, compile_auction(game, table, contracts),
                        compile_vying(game), {}, dealing.rotation_plan(game, table))
        _COMPILED[key] = hit
    return hit


@dataclass(frozen=True)
class PairTotal:
    """What one seat wrote against another in an account kept per opponent (the visty), over the
    whole match: the sheet's entry for the pair, before the settlement sets the pairs off."""

    account: str
    seat: int
    """The seat who wrote it (whose column it stands in)."""
    against: int
    """The seat it is written on."""
    points: int


@dataclass(frozen=True)
class MatchResult:
    """How a match ended: each seat's final total, the winners, the clauses that decide them, and
    the accounts kept per opponent pair by pair (empty in a game without one)."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
    clauses: tuple[str, ...]
    pairs: tuple[PairTotal, ...] = ()


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


class Match:
    """Deals of one game in sequence, with the dealer rotating and totals kept per seat."""

    def __init__(self, game: Game, players: int | None = None) -> None:
        missing = unsupported_mechanics(game)
        if missing:
            raise UsageError(Phrase("{game}: this referee cannot run {mechanics} yet; the rules file loads and "
                                    "validates (`referee check`)", game=game.id, mechanics=", ".join(missing)))
        self.game = game
        compiled = _compiled(game, players or game.table.default_players)
        self.table = compiled.table
        self.contracts = compiled.contracts
        self.auction = compiled.auction
        self.vying = compiled.vying
        self._dealing = compiled.plans
        self._rotation = compiled.rotation
        rotation = game.table.dealer_rotation
        if rotation is not None and rotation.value.side is Side.OPPOSITE and self.table.players % 2:
            raise UsageError(Phrase("{game}: the deal passes to the player opposite the dealer (clause {clause}), and "
                                    "a table of {players} has no seat opposite", game=game.id, clause=rotation.clause,
                                    players=self.table.players))
        """... and the deal's packets as slices of the pack, by (dealer, cards in the pack), worked out
        at the first deal of each dealer (`hands_from_pack`) and shared by the game's matches; and
        where the deal passes from each seat (`dealing.RotationPlan`)."""
        self.carry = 0
        """A pot carried over from a deal nobody played."""
        model = self.auction.model if self.auction is not None else None
        self._counts_passes = model is not None and (model.progression is not None or model.exit_bid is not None)
        """The rules ask how many deals everybody passed in a row (`all passing in a row`, `after all passing`)."""
        self.passed_in_row = 0
        """Deals everybody passed in a row up to now (counted only where the rules ask)."""
        self.chosen: list[set[str]] = [set() for _ in range(self.table.players)]
        n = self.table.players
        self.accounts: dict[str, list[int]] = {}
        self.pairs: dict[str, list[list[int]]] = {}
        for name, cited in game.accounts.items():
            if cited.value.per_opponent:
                self.pairs[name] = [[0] * n for _ in range(n)]
            else:
                self.accounts[name] = [cited.value.start] * n
        self._main = game.primary_account
        """The main account's name (the `totals`), read after every deal."""
        self.accounts.setdefault(self._main, [0] * n)
        self.results: list[DealResult] = []
        self.written = [0] * n
        """Per seat, the multipliers ever written to him (a limit may count these, not the unused)."""
        self.dealer_doubles: dict[tuple[int, int], int] = {}
        """(dealer, player) -> how often the player has doubled that dealer (doubling between players)."""
        self.dealer: int | None = None
        self.dealt_in_a_row = 0
        """Deals the dealer has dealt so far in his run (`dealer passes ... after every N deals`)."""
        self.deal: Deal | SeatedDeal | None = None
        self.bought = [0] * n
        """Per seat, the chips bought back after going broken in a timed session (`broken player
        buys back`): they are not winnings, so the result leaves them out."""
        self.bought_now: tuple[int, ...] = ()
        """The seats that bought back before the current deal."""
        # What `is_over` asks after every deal depends only on the rules: worked out once here.
        self._length = self._rules_length()
        end = game.match_end.value if game.match_end is not None else None
        self._bound = end if end is not None and end.kind in _BY_TOTAL else None
        """The `match ends` rule when a total reaching a bound ends the match, else None."""
        vying = self.vying
        self._broken_leave = vying is not None and vying.model.broken_player is not None and not vying.model.broken_stays
        """A player who loses every chip gives up his seat, ending the session as recorded."""

    # -- first dealer --------------------------------------------------------------------------------

    def draw_for_dealer(self, rng: random.Random) -> Draw:
        """Each player draws a card; ties for the deciding card draw again (as the rules say)."""
        draw = draw_for_dealer(self.game, self.table, rng, self._decide_draw)
        self.dealer = draw.dealer
        return draw

    def _decide_draw(self, drawn: dict[int, int]) -> int | None:
        return decide_draw(self.game, self.table, drawn)

    def judge_draw(self, rounds: list[dict[int, str]]) -> Verdict:
        """Rule on a recorded draw: does it name a first dealer, and which?"""
        verdict = judge_draw(self.game, self.table, rounds, self._decide_draw)
        if verdict.legal:
            self.dealer = verdict.seat
        return verdict

    # -- deals ------------------------------------------------------------------------------------------

    def __repr__(self) -> str:
        dealer = "not drawn" if self.dealer is None else f"seat {self.dealer + 1}"
        return (f"<Match {self.game.id}: {self.table.players} players, {len(self.results)} deals played, "
                f"dealer {dealer}, totals {self.totals}>")

    @property
    def totals(self) -> list[int]:
        """Each seat's total in the game's main account."""
        return self.accounts[self._main]

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
        return self.hands_from_pack(dealing.shuffled_pack(self.game, self.table, rng))

    def hands_from_pack(self, pack: list[int]) -> tuple[list[list[int]], list[int], list[int]]:
        """Deal `pack` by the game's packets: (hands, talon, face-up cards). Where each card goes
        depends only on the dealer and the size of the pack, so it is worked out once for each
        (`dealing.deal_plan`) and each deal takes its cards by slices of the pack."""
        key = (self.dealer, len(pack))
        plan = self._dealing.get(key)
        if plan is None:
            assert self.dealer is not None  # cards are dealt once the first dealer is drawn
            plan = self._dealing[key] = dealing.deal_plan(self.game, self.table, self.dealer, len(pack))
        return dealing.deal_by_plan(plan, pack)

    def new_deal(self, hands: list[list[int]], contract: str | None = None,
                 talon: list[int] | None = None, upcards: list[int] | None = None) -> Deal | SeatedDeal:
        """The next deal on these hands (from `deal_pack`), talon and face-up cards; its contract
        is the fixed one of `contracts in order`, else `contract` when given, else chosen in play."""
        if self.dealer is None:
            raise UsageError(Phrase("the first dealer is not known: draw for it first"))
        self.bought_now = self._buy_back()
        order = self.game.contract_order
        if contract is None and order is not None:  # `contracts in order ...`: this deal's is fixed
            contract = order.value[len(self.results) % len(order.value)]
        multiplier = self.auction.model.multiplier if self.auction else None
        held = self.accounts.get(multiplier.account) if multiplier else None
        seats = self.playing_seats
        # The deal runs on the seats that play; seat lists are taken in its order (see seating.py).
        # With everyone playing they go as they are (no function made and called per deal).
        chosen, chips = self.chosen, list(self.totals) if self.vying else None
        written = [max(w, h) for w, h in zip(self.written, held)] if held is not None else None
        held = list(held) if held is not None else None
        if seats:
            hands, chosen = [hands[s] for s in seats], [chosen[s] for s in seats]
            chips, held, written = ([values[s] for s in seats] if values is not None else None
                                    for values in (chips, held, written))
        # By position, in the order of `Deal.__init__`: fourteen keywords cost a vying deal 3 % of its work.
        deal = Deal(self.table.for_deal(), self.table.in_deal - 1 if seats else self.dealer, hands,
                    self.contracts, chosen, contract, talon, self.auction, held, written, self.vying, chips,
                    self.carry, upcards, len(self.results), self.dealer_doubles, self.passed_in_row)
        if seats:
            assert self.game.table.players is not None  # every game states its players (the table's check)
            self.deal = SeatedDeal(deal, self.table, seats, self.dealer, self.game.table.players.clause)
        else:
            self.deal = deal
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
        return dealing.cutter(self.game, self.table, self.dealer)

    def hand_size(self, seat: int, size: int) -> int:
        """Cards `seat` holds in this deal: none for a dealer who sits out."""
        seats = self.playing_seats
        return 0 if seats and seat not in seats else size

    def finish_deal(self) -> DealResult:
        """Score the current deal, add it to the totals and pass the deal on."""
        assert self.deal is not None, "finish_deal() with no deal in play"
        result = self.deal.result()
        cap = self.game.auction.cap if self.game.auction else None
        if cap is not None:  # an account closing at its cap: the overflow goes to the others (auction/closing.py)
            more = close_overflow(cap, self.accounts[cap.account], result.scores,
                                  lambda seat: self.table.neighbour(seat, Side.LEFT))
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
                for seat, change in enumerate(points):  # (cheaper than a map of int.__add__)
                    totals[seat] += change
        for line in result.scores if known is None else ():
            if line.account in pairs:
                assert line.against is not None  # a line of an account kept per opponent names him
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
        if self._counts_passes:
            self.passed_in_row = self.passed_in_row + 1 if self.deal.all_passed else 0
        self._pass_deal()
        self.deal = None
        return result

    def cancel_deal(self, hands: list[list[int]], irregularity: str, upcards: list[int] | None = None,
                    talon: list[int] | None = None) -> DealResult:
        """A deal cancelled for an irregularity: apply the rules' remedies (bonuses still paid,
        the same dealer dealing again) and record it."""
        remedies, clause = self.game.irregularities[irregularity].value, self.game.irregularities[irregularity].clause
        lines = []
        if "pay_bonuses" in remedies and self.vying is not None:
            assert self.dealer is not None  # a deal is cancelled once it is dealt
            deal = Deal(self.table, self.dealer, hands, contracts=self.contracts, upcards=upcards, talon=talon,
                        vying=self.vying, chips=list(self.totals), carry=0)
            lines = hand_bonuses(deal, list(self.totals), cancelled=True)
        for line in lines:
            self.accounts[line.account][line.seat] += line.points
        result = DealResult(None, tuple(lines), (), clause)
        self.results.append(result)
        if "redeal_same_dealer" not in remedies:
            self._pass_deal()
        return result

    def _pass_deal(self) -> None:
        """The dealer has dealt one more deal: the deal passes on after his last in a row."""
        assert self.dealer is not None
        self.dealer, self.dealt_in_a_row = self._rotation.next_dealer(self.dealer, self.dealt_in_a_row + 1)

    @property
    def rotation_clause(self) -> str:
        rotation = self.game.table.dealer_rotation
        assert rotation is not None  # every game states it (the table's check)
        return rotation.clause

    # -- the end of the match ---------------------------------------------------------------------------

    @property
    def length(self) -> int | None:
        """The deals the match lasts, by its `match ends` rule or a session of so many deals."""
        return self._length

    def _rules_length(self) -> int | None:
        session = self.session
        if session is not None and session.value.unit is SessionUnit.DEALS:
            return session.value.count
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
        length = self._length
        if length is not None:
            return len(self.results) >= length
        end = self._bound
        if end is None:  # by agreement, or when a player is broken (`broken_seats`, inline: asked every deal)
            return self._broken_leave and bool(self.results) and min(self.totals) <= 0
        if end.kind is EndKind.ACCOUNT:
            assert end.account is not None
            return sum(self.accounts[end.account]) <= end.count
        if end.kind is EndKind.ANY_PLAYER:
            assert end.account is not None
            return any(t >= end.count if end.at_least else t <= end.count for t in self.accounts[end.account])
        assert end.kind is EndKind.EVERY_PLAYER and end.account is not None
        return all(t >= end.count if end.at_least else t <= end.count for t in self.accounts[end.account])

    def _buy_back(self) -> tuple[int, ...]:
        """In a timed session, where a broken player may not leave: each broken seat buys back
        its chips (`broken player buys back N chips`) before the next deal."""
        vying = self.vying
        if vying is None or vying.model.rebuy is None or not vying.model.broken_stays or not self.results:
            return ()
        totals = self.totals
        if min(totals) > 0:
            return ()
        chips = vying.model.rebuy.value
        seats = tuple(seat for seat, held in enumerate(totals) if held <= 0)
        for seat in seats:
            totals[seat] += chips
            self.bought[seat] += chips
        return seats

    @property
    def session(self) -> Cited[SessionLength] | None:
        """The timed session's length (`session lasts ...`, cited), or None."""
        return self.vying.model.session if self.vying is not None else None

    def broken_seats(self) -> tuple[int, ...]:
        """The seats that have lost every chip, where a broken player gives up his seat: the table
        changes, so the session as recorded ends with the deal that broke them. In a timed
        session that keeps him (`unless session is timed`) nobody leaves: he buys back instead."""
        if not (self._broken_leave and self.results):
            return ()
        totals = self.totals
        if min(totals) > 0:  # after most deals: nobody is broken
            return ()
        return tuple(seat for seat, chips in enumerate(totals) if chips <= 0)

    def remaining(self) -> Remaining | None:
        """What the match still owes before its end, or None when it is over or ends only by the
        players' agreement (a session that may stop after any deal)."""
        cited = self.game.match_end
        session = self.session
        if session is not None and session.value.unit is SessionUnit.DEALS and not self.is_over():
            return Remaining(session.clause, deals=session.value.count - len(self.results))
        if cited is None or cited.value.kind is EndKind.AGREEMENT or self.is_over():
            return None
        end, clause = cited.value, cited.clause
        if end.kind is EndKind.ALL_CHOSEN:
            owed = tuple((seat, tuple(c for c in self.game.contracts if c not in self.chosen[seat]))
                         for seat in range(self.table.players))
            assert self._length is not None  # every chooser's contracts: so many deals
            return Remaining(clause, deals=self._length - len(self.results), owed=tuple(o for o in owed if o[1]))
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
        named = game.winner.value.account if game.winner else None
        if named is None or (final is not None and final.target == named):
            totals = final_totals
        else:  # (the model refuses a `final` settlement the winner does not read)
            totals, final_clauses = list(self.accounts[named]), ()
        if any(self.bought):  # chips bought back are not won
            totals = [t - b for t, b in zip(totals, self.bought)]
        assert game.winner is not None  # every game states its winner (the match's needs)
        best = max(totals) if game.winner.value.highest else min(totals)
        winners = tuple(s for s, t in enumerate(totals) if t == best)
        clauses = tuple(c.clause for c in (game.match_end, self.session) if c) + final_clauses + \
            tuple(c.clause for c in (game.winner,) if c)
        pairs = tuple(PairTotal(name, seat, against, rows[seat][against]) for name, rows in self.pairs.items()
                      for seat in range(len(rows)) for against in range(len(rows)) if seat != against)
        return MatchResult(tuple(totals), winners, tuple(dict.fromkeys(clauses)), pairs)

"""The statements of a vying game (blinds, betting, showdown, bonuses) as small frozen values.

`VyingStatements` is the part of the builder that reads them by name; `check_vying` is the
load-time check that they fit together, so that a file `check` accepts plays without a hang or a
traceback. Every value keeps the clause that states it, for the verdicts that cite it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the interpreter imports this module's values without the parser
    import lark

from ..errors import Phrase
from .values import Cited

__all__ = ["Ante", "BlindSize", "Blind", "HandRank", "Bonus", "VyingModel", "VyingStatements",
           "check_vying", "words"]


def _string(token) -> str:
    from .document import _string as unquoted
    return unquoted(token)


def words(tree: lark.Tree) -> str:
    """The keywords of a `!..._word` rule as written, one space apart: `largest stake`."""
    return " ".join(str(t) for t in tree.children)


@dataclass(frozen=True)
class Ante:
    who: str
    """"dealer" or "each player"."""
    chips: int
    clause: str


@dataclass(frozen=True)
class BlindSize:
    kind: str
    """"pot", "chips", "times pot" or "times last blind"."""
    number: int = 1

    def chips(self, pot: int, last_blind: int) -> int:
        """The chips this blind stakes with `pot` on the table after a blind of `last_blind`."""
        if self.kind == "pot":
            return pot
        if self.kind == "chips":
            return self.number
        return self.number * (pot if self.kind == "times pot" else last_blind)


@dataclass(frozen=True)
class Blind:
    name: str
    title: str
    by: str
    """"eldest", "next player" or "each next player up to dealer"."""
    size: BlindSize
    clause: str


@dataclass(frozen=True)
class HandRank:
    name: str
    title: str
    pattern: str
    """"three of a kind of turned rank", "three of a kind", "pair of turned rank",
    "pair with" (a pair and the card `card`), or "highest suit total" (the hand of whoever holds
    none of the others)."""
    clause: str
    card: str | None = None
    """For "pair with": the code of the card that makes the pair a hand."""


@dataclass(frozen=True)
class Bonus:
    hand: str
    chips: int
    on_cancelled_deal: bool
    clause: str


@dataclass(frozen=True)
class VyingModel:
    """Every statement of the blinds, betting and showdown of a vying game."""

    antes: tuple[Ante, ...] = ()
    blinds: tuple[Blind, ...] = ()
    blinds_final: Cited[bool] | None = None
    opening: Cited[str] | None = None
    """"largest stake" or "pot": the least a player must bring his stake to when he opens."""
    pass_before_open: Cited[str] | None = None
    """"may come in later" or "drops out"."""
    first_bet: Cited[tuple[str, ...]] | None = None
    """Seats tried in order: "player after last blind", "eldest"."""
    raise_limit: Cited[str] | None = None
    """"any amount" or "at most pot"."""
    betting_end: Cited[str] | None = None
    """"all have called" or "all have called and none raises again"."""
    two_left_call_ends: Cited[bool] | None = None
    stake_limit: Cited[bool] | None = None
    short_stake: Cited[str] | None = None
    """"may go all in" or "must fold"."""
    all_in_opening: Cited[str] | None = None
    """"may not open or raise" or "may open for less"."""
    all_in_winnings: Cited[str] | None = None
    """"at most his stake from each player" or "whole pot"."""
    stakes_above: Cited[str] | None = None
    """"form side pots" or "go back"."""
    side_pot_winner: Cited[str] | None = None
    """"with suit that won main pot" or "like main pot"."""
    broken_player: Cited[bool] | None = None
    """A broken player leaves his seat (the value: unless the session is timed)."""
    pass_out: Cited[tuple[str, ...]] | None = None
    """Fates tried in order: "pot to last blind", "pot stays"."""
    hands: tuple[HandRank, ...] = ()
    hand_order: Cited[bool] | None = None
    showing: Cited[str] | None = None
    """"everyone shows" or "players still in show"."""
    folded_hands: Cited[bool] | None = None
    turned_card: Cited[bool] | None = None
    suit_owner: Cited[str] | None = None
    """"its highest card" or "most points in it"."""
    ties: Cited[str] | None = None
    bonuses: tuple[Bonus, ...] = ()
    bonus_meeting: Cited[str] | None = None
    bonuses_at_showdown: Cited[bool] | None = None
    """Bonuses are not paid on a deal that ends without a showdown."""
    """"lower pays higher" or "neither pays"."""
    stock_draw: Cited[tuple[str, str]] | None = None

    @property
    def active(self) -> bool:
        return bool(self.antes)


_SINGLE = ("blinds_final", "opening", "pass_before_open", "first_bet", "raise_limit", "betting_end",
           "two_left_call_ends", "stake_limit", "short_stake", "all_in_opening", "all_in_winnings",
           "stakes_above", "side_pot_winner", "broken_player", "pass_out", "hand_order", "showing",
           "folded_hands", "turned_card", "suit_owner", "ties", "bonus_meeting", "bonuses_at_showdown", "stock_draw")


class VyingStatements:
    """The builder's readers of vying statements (mixed into `_Builder`)."""

    def _vying_once(self, item, stmt, cid, scope, field: str, value) -> None:
        if scope is not None:
            raise item.error(stmt, Phrase('betting and showdown rules hold for every deal, not inside `in`'),
                             hint=Phrase('move the statement out of the `in` block'))
        parts = self.__dict__.setdefault("vying_parts", {})
        if field in parts:
            raise item.error(stmt, Phrase('`{data}` is already stated by clause {clause}', data=stmt.data, clause=parts[field].clause),
                             hint=Phrase('state each rule once; a variant replaces the clause instead'))
        parts[field] = Cited(value, cid)

    def _vying_add(self, item, stmt, cid, scope, field: str, value) -> None:
        if scope is not None:
            raise item.error(stmt, Phrase('betting and showdown rules hold for every deal, not inside `in`'),
                             hint=Phrase('move the statement out of the `in` block'))
        lists = self.__dict__.setdefault("vying_lists", {})
        lists.setdefault(field, []).append(value)

    def _s_ante(self, item, stmt, cid, scope) -> None:
        amount, who = stmt.children
        chips = self._number(item, amount)
        if chips < 1:
            raise item.error(amount, Phrase('an ante of {chips} puts nothing in', chips=chips), hint=Phrase('write 1 or more chips'))
        self._vying_add(item, stmt, cid, scope, "antes", Ante(words(who), chips, cid))

    def _s_blind(self, item, stmt, cid, scope) -> None:
        name, title, seat, size = stmt.children
        kind = {"size_pot": "pot", "size_chips": "chips", "size_times_pot": "times pot",
                "size_times_last": "times last blind"}[size.data]
        number = self._number(item, size.children[0]) if size.children else 1
        if number < 1:
            raise item.error(size, Phrase('a blind of {number} stakes nothing', number=number), hint=Phrase('write 1 or more'))
        lists = self.__dict__.setdefault("vying_lists", {})
        if any(b.name == str(name) for b in lists.get("blinds", ())):
            raise item.error(name, Phrase('the blind {name} is declared twice', name=name))
        self._vying_add(item, stmt, cid, scope, "blinds",
                        Blind(str(name), _string(title), words(seat), BlindSize(kind, number), cid))
        self.__dict__.setdefault("vying_where", {})[str(name)] = (item, stmt)

    def _s_blinds_final(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "blinds_final", True)

    def _s_opening(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "opening", words(stmt.children[0]))

    def _s_pass_before_open(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "pass_before_open", words(stmt.children[0]))

    def _s_first_bet(self, item, stmt, cid, scope) -> None:
        seats = tuple(words(w) for w in stmt.children)
        if "eldest" in seats[:-1]:
            raise item.error(stmt, Phrase('the eldest hand is always there: nothing after `eldest` is ever tried'),
                             hint=Phrase('end the list with `eldest`'))
        if seats[-1] != "eldest":
            raise item.error(stmt, Phrase('when nobody bet blind nobody would speak first'),
                             expected=Phrase('`, else eldest` at the end'),
                             hint=Phrase('write `first bet by player after last blind, else eldest`'))
        self._vying_once(item, stmt, cid, scope, "first_bet", seats)

    def _s_raise_limit(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "raise_limit", words(stmt.children[0]))

    def _s_betting_end(self, item, stmt, cid, scope) -> None:
        condition = words(stmt.children[0])
        if condition == "two are left and one calls":
            self._vying_once(item, stmt, cid, scope, "two_left_call_ends", True)
        else:
            self._vying_once(item, stmt, cid, scope, "betting_end", condition)

    def _s_stake_limit(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "stake_limit", True)

    def _s_short_stake(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "short_stake", words(stmt.children[0]))

    def _s_all_in_opening(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "all_in_opening", words(stmt.children[0]))

    def _s_all_in_winnings(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "all_in_winnings", words(stmt.children[0]))

    def _s_stakes_above(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "stakes_above", words(stmt.children[0]))

    def _s_side_pot_winner(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "side_pot_winner", words(stmt.children[0]))

    def _s_broken_player(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "broken_player", bool(stmt.children))

    def _s_pass_out(self, item, stmt, cid, scope) -> None:
        fates = tuple(words(w) for w in stmt.children)
        if "pot stays" in fates[:-1]:
            raise item.error(stmt, Phrase('the pot can always stay: nothing after `pot stays` is ever tried'),
                             hint=Phrase('end the list with `pot stays`'))
        if fates[-1] != "pot stays":
            raise item.error(stmt, Phrase('when nobody bet blind the pot would go nowhere'),
                             expected=Phrase('`, else pot stays` at the end'),
                             hint=Phrase('write `everyone passes: pot to last blind, else pot stays`'))
        self._vying_once(item, stmt, cid, scope, "pass_out", fates)

    def _s_hand_rank(self, item, stmt, cid, scope) -> None:
        name, title, pattern = stmt.children
        lists = self.__dict__.setdefault("vying_lists", {})
        if any(h.name == str(name) for h in lists.get("hands", ())):
            raise item.error(name, Phrase('the hand {name} is declared twice', name=name))
        card = None
        if pattern.data == "pair_with":
            card = str(pattern.children[0])
            if not any(deck.card(card) for deck in self.decks.values()):
                raise item.error(pattern.children[0], Phrase('the pack has no card {card}', card=card),
                                 hint=Phrase('cards are written rank then suit, such as QC'))
        self._vying_add(item, stmt, cid, scope, "hands", HandRank(
            str(name), _string(title), "pair with" if card else words(pattern), cid, card))
        self.__dict__.setdefault("vying_where", {})["hand " + str(name)] = (item, stmt)

    def _s_hand_order(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "hand_order", True)

    def _s_showing(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "showing", words(stmt.children[0]))

    def _s_folded_hands(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "folded_hands", words(stmt.children[0]) == "count")

    def _s_turned_card(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "turned_card", words(stmt.children[0]) == "counts")

    def _s_suit_owner(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "suit_owner", words(stmt.children[0]))

    def _s_showdown_ties(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "ties", "first from eldest")

    def _s_bonus(self, item, stmt, cid, scope) -> None:
        name, amount, *cancelled = stmt.children
        chips = self._number(item, amount)
        if chips < 1:
            raise item.error(amount, Phrase('a bonus of {chips} pays nothing', chips=chips), hint=Phrase('write 1 or more chips'))
        if any(b.hand == str(name) for b in self.__dict__.get("vying_lists", {}).get("bonuses", ())):
            raise item.error(name, Phrase('the bonus for {name} is stated twice', name=name))
        self._vying_add(item, stmt, cid, scope, "bonuses", Bonus(str(name), chips, bool(cancelled), cid))
        self.__dict__.setdefault("vying_where", {})["bonus " + str(name)] = (item, stmt)

    def _s_bonuses_at_showdown(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "bonuses_at_showdown", True)

    def _s_bonus_meeting(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "bonus_meeting", words(stmt.children[0]))

    def _s_stock_draw(self, item, stmt, cid, scope) -> None:
        self._vying_once(item, stmt, cid, scope, "stock_draw", (str(stmt.children[0]), str(stmt.children[1])))
        self.__dict__.setdefault("vying_where", {})["stock_draw"] = (item, stmt)

    def _vying_model(self) -> VyingModel | None:
        parts = self.__dict__.get("vying_parts", {})
        lists = self.__dict__.get("vying_lists", {})
        if not parts and not lists:
            return None
        return VyingModel(**{k: tuple(v) for k, v in lists.items()},
                          **{k: parts[k] for k in _SINGLE if k in parts})


def check_vying(game, seen, header, where_of) -> None:
    """What would otherwise fail or be ignored in play: the blinds' order and sizes, hands and
    bonuses that name each other, rules that need another rule, a draw this referee cannot run."""
    model: VyingModel = game.vying
    if model is None:
        return
    phases = game.phases.value if game.phases else ()
    where = {kind: (item, stmt) for kind, _, item, stmt in seen}
    named = where_of

    def at(kind):
        return where[kind]

    def header_error(message, write):
        return header.error(header.tree, message, expected=Phrase('a statement such as `{write}`', write=write),
                            hint=Phrase('add it to the clause that rules on it'))

    # Blinds: the first by the eldest, later ones by the next player, nothing after a repeated one.
    for index, blind in enumerate(model.blinds):
        item, stmt = named[blind.name]
        if index == 0 and blind.by != "eldest":
            raise item.error(stmt, Phrase('the first blind ({name}) has no blind before it to follow', name=blind.name),
                             hint=Phrase('write `by eldest`'))
        if index and blind.by == "eldest":
            raise item.error(stmt, Phrase('only the first blind is bet by the eldest hand'),
                             hint=Phrase('write `by next player` or `by each next player up to dealer`'))
        if index and model.blinds[index - 1].by == "each next player up to dealer":
            raise item.error(stmt, Phrase('the blind before it repeats up to the dealer, so {name} is never bet', name=blind.name),
                             hint=Phrase('remove it, or make the blind before it `by next player`'))
        if index == 0 and blind.size.kind == "times last blind":
            raise item.error(stmt, Phrase('the first blind has no last blind to be a multiple of'),
                             hint=Phrase('write `stakes pot` or a number of chips'))
        start = _start_chips(game)
        if blind.size.kind == "chips" and start is not None and blind.size.number > start:
            raise item.error(stmt, Phrase('a blind of {number} can never be met: every player starts with {start} '
                                          'chips', number=blind.size.number, start=start), hint=Phrase('make the blind smaller'))
    if "blinds" not in phases:
        for kind in ("first_bet", "pass_out"):
            value = getattr(model, kind)
            if value and any("blind" in w for w in value.value):
                item, stmt = at(kind)
                raise item.error(stmt, Phrase('this rule names the last blind, but the deal has no blinds'),
                                 hint=Phrase('add `blinds` to `deal phases`, or remove the blind from the rule'))
    # Betting rules that only mean something with another rule.
    if "betting" in phases and model.betting_end is None:
        raise header_error(Phrase('the betting needs a rule the game never states'), "betting ends when all have called")
    if model.two_left_call_ends and model.betting_end and model.betting_end.value == "all have called":
        item, stmt = next((i, s) for k, _, i, s in seen if k == "betting_end"
                          and "two" in " ".join(str(t) for t in s.children[0].children))
        raise item.error(stmt, Phrase('when the betting ends as soon as all have called, a call by the last '
                                      'of two already ends it'), hint=Phrase('remove the statement'))
    if model.all_in_winnings and model.all_in_winnings.value == "at most his stake from each player":
        if model.stakes_above is None:
            raise header_error(Phrase('an all in player wins only what he matched, and the game never says '
                                      'what becomes of the stakes above his'), "stakes above all in form side pots")
        if model.stakes_above.value == "form side pots" and model.side_pot_winner is None:
            raise header_error(Phrase('the game has side pots and never says who wins them'),
                               "side pot won like main pot")
    else:
        for kind in ("stakes_above", "side_pot_winner"):
            if getattr(model, kind) is not None:
                item, stmt = at(kind)
                raise item.error(stmt, Phrase('an all in player may win the whole pot, so nothing is set apart'),
                                 hint=Phrase('remove the statement, or write `all in wins at most his stake from '
                                             'each player`'))
    if model.side_pot_winner is not None and model.stakes_above is not None \
            and model.stakes_above.value == "go back":
        item, stmt = at("side_pot_winner")
        raise item.error(stmt, Phrase('the stakes above an all in player go back, so there is no side pot to win'),
                         hint=Phrase('remove the statement'))
    # Hands, the turned card and bonuses.
    names = {h.name: h for h in model.hands}
    points = [h for h in model.hands if h.pattern == "highest suit total"]
    if len(points) != 1:
        raise header_error(Phrase('the showdown needs exactly one hand for a player who holds none of the others'),
                           'hand points "points" highest suit total')
    if model.hands[-1] is not points[0]:
        item, stmt = named["hand " + model.hands[-1].name]
        raise item.error(stmt, Phrase('every player holds at least {name}, so a hand ranked below it never '
                                      'wins', name=points[0].name), hint=Phrase('move it above the `hand {name}` statement', name=points[0].name))
    if game.card_points is None:
        item, stmt = named["hand " + points[0].name]
        raise item.error(stmt, Phrase('suit totals need the points of the cards, and the game never gives them'),
                         hint=Phrase('add `card points A 11, K 10, others pips` to the clause on the cards'))
    upcards = any(p.kind == "upcard" for p in game.deal.value)
    if not upcards:
        for hand in model.hands:
            if "turned" in hand.pattern:
                item, stmt = named["hand " + hand.name]
                raise item.error(stmt, Phrase('no card is turned up in this deal'), hint=Phrase('add `1 face up` to the deal'))
        if model.turned_card is not None and model.turned_card.value:
            item, stmt = at("turned_card")
            raise item.error(stmt, Phrase('no card is turned up in this deal'), hint=Phrase('add `1 face up` to the deal'))
    if model.folded_hands and model.folded_hands.value and model.showing \
            and model.showing.value != "everyone shows":
        item, stmt = at("folded_hands")
        raise item.error(stmt, Phrase('folded hands are not shown, so they cannot count'),
                         hint=Phrase('write `everyone shows`, or `folded hands do not count`'))
    for bonus in model.bonuses:
        if bonus.hand not in names:
            item, stmt = named["bonus " + bonus.hand]
            raise item.error(stmt, Phrase('unknown hand {hand}', hand=bonus.hand), expected=", ".join(names) or Phrase('a `hand` statement'))
        if names[bonus.hand].pattern == "highest suit total":
            item, stmt = named["bonus " + bonus.hand]
            raise item.error(stmt, Phrase('every player holds {hand}: the bonus would pay everybody', hand=bonus.hand))
    if model.bonuses and model.bonus_meeting is None:
        raise header_error(Phrase('two holders of bonus hands can meet, and the game never says who pays whom'),
                           "two bonus hands: lower pays higher")
    if model.bonus_meeting is not None and not model.bonuses:
        item, stmt = at("bonus_meeting")
        raise item.error(stmt, Phrase('no hand of this game earns a bonus'), hint=Phrase('remove the statement'))
    if model.bonuses_at_showdown is not None and not model.bonuses:
        item, stmt = at("bonuses_at_showdown")
        raise item.error(stmt, Phrase('no hand of this game earns a bonus'), hint=Phrase('remove the statement'))
    paid_on_cancel = any("pay_bonuses" in c.value for c in game.irregularities.values())
    if paid_on_cancel and not any(b.on_cancelled_deal for b in model.bonuses):
        raise header_error(Phrase('a cancelled deal pays bonuses, but no bonus is paid on a cancelled deal'),
                           "bonus trips 1 from each player, also on cancelled deal")
    if model.stock_draw is not None:
        item, stmt = named["stock_draw"]
        for name in model.stock_draw.value:
            if name not in names:
                raise item.error(stmt, Phrase('unknown hand {name}', name=name), expected=", ".join(names))
        raise item.error(stmt, Phrase('this referee cannot run a draw from the stock at the showdown yet'),
                         hint=Phrase('leave the statement out of the rules in force (if a parameter switches it on, keep that reading off)'))


def _start_chips(game) -> int | None:
    account = game.accounts.get(game.primary_account)
    return account.value[1] if account is not None else None

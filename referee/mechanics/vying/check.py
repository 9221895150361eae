"""The checks of a whole vying game: what would otherwise fail or be ignored in play (the blinds'
order and sizes, hands and bonuses that name each other, rules that need another rule, a draw
this referee cannot run), so that a file `check` accepts plays without a hang or a traceback."""

from __future__ import annotations

from ...errors import Phrase, RulesDefinitionError
from ...front.syntax import Node
from ...model.document import Located
from ...model.game import Game
from ..declaration import Seen
from ..table.rules import PacketKind
from ..vocabulary import PhaseWord
from .rules import AllInWin, BetSeat, BlindSeat, EndCondition, Excess, HandPattern, PotFate, ShowingWho, SizeKind
from .syntax import BettingEnd, BlindStatement, BonusStatement, HandStatement, StockDraw

__all__ = ["check_vying"]

_TURNED = (HandPattern.THREE_OF_TURNED_RANK, HandPattern.PAIR_OF_TURNED_RANK)


def check_vying(game: Game, seen: Seen, phases: tuple[PhaseWord, ...], header: Located) -> None:
    """The statements of the blinds, betting and showdown fit together (checked once, by the
    betting's declaration: the three phases share one model record)."""
    model = game.vying
    if model is None:
        return
    where = {kind: (item, node) for kind, _, item, node in seen}

    def at(kind: str) -> tuple[Located, Node]:
        return where[kind]

    def named(kind: type[BlindStatement | HandStatement | BonusStatement], name: str) -> tuple[Located, Node]:
        """The statement of kind `kind` that declares `name` (a blind, a hand, a bonus's hand)."""
        return next((i, s) for _, _, i, s in seen if isinstance(s, kind)
                    and str(s.hand if isinstance(s, BonusStatement) else s.name) == name)

    def header_error(message: Phrase, write: str) -> RulesDefinitionError:
        return header.error(header.tree, message, expected=Phrase('a statement such as `{write}`', write=write),
                            hint=Phrase('add it to the clause that rules on it'))

    # Blinds: the first by the eldest, later ones by the next player, nothing after a repeated one.
    for index, blind in enumerate(model.blinds):
        item, node = named(BlindStatement, blind.name)
        if index == 0 and blind.by is not BlindSeat.ELDEST:
            raise item.error(node, Phrase('the first blind ({name}) has no blind before it to follow', name=blind.name),
                             hint=Phrase('write `by eldest`'))
        if index and blind.by is BlindSeat.ELDEST:
            raise item.error(node, Phrase('only the first blind is bet by the eldest hand'),
                             hint=Phrase('write `by next player` or `by each next player up to dealer`'))
        if index and model.blinds[index - 1].by is BlindSeat.EACH_NEXT_UP_TO_DEALER:
            raise item.error(node, Phrase('the blind before it repeats up to the dealer, so {name} is never bet',
                                          name=blind.name),
                             hint=Phrase('remove it, or make the blind before it `by next player`'))
        if index == 0 and blind.size.kind is SizeKind.TIMES_LAST_BLIND:
            raise item.error(node, Phrase('the first blind has no last blind to be a multiple of'),
                             hint=Phrase('write `stakes pot` or a number of chips'))
        start = _start_chips(game)
        if blind.size.kind is SizeKind.CHIPS and start is not None and blind.size.number > start:
            raise item.error(node, Phrase('a blind of {number} can never be met: every player starts with {start} '
                                          'chips', number=blind.size.number, start=start),
                             hint=Phrase('make the blind smaller'))
    if model.buy_back is not None and len(model.blinds) < 2 \
            and not (model.blinds and model.blinds[-1].by is BlindSeat.EACH_NEXT_UP_TO_DEALER):
        item, node = at("blind_buy_back")
        raise item.error(node, Phrase('only one blind is ever bet, so no blind bettor comes before another'),
                         hint=Phrase('declare a second blind `by next player`, or remove the statement'))
    if PhaseWord.BLINDS not in phases:
        for kind, names_blind in (("first_bet", model.first_bet is not None
                                   and BetSeat.AFTER_LAST_BLIND in model.first_bet.value),
                                  ("pass_out", model.pass_out is not None
                                   and PotFate.TO_LAST_BLIND in model.pass_out.value)):
            if names_blind:
                item, node = at(kind)
                raise item.error(node, Phrase('this rule names the last blind, but the deal has no blinds'),
                                 hint=Phrase('add `blinds` to `deal phases`, or remove the blind from the rule'))
    # Betting rules that only mean something with another rule.
    if PhaseWord.BETTING in phases and model.betting_end is None:
        raise header_error(Phrase('the betting needs a rule the game never states'),
                           "betting ends when all have called")
    if model.two_left_call_ends and model.betting_end and model.betting_end.value is EndCondition.ALL_CALLED:
        item, node = next((i, s) for _, _, i, s in seen if isinstance(s, BettingEnd) and s.two_left)
        raise item.error(node, Phrase('when the betting ends as soon as all have called, a call by the last '
                                      'of two already ends it'), hint=Phrase('remove the statement'))
    if model.all_in_winnings and model.all_in_winnings.value is AllInWin.HIS_STAKE_FROM_EACH:
        if model.stakes_above is None:
            raise header_error(Phrase('an all in player wins only what he matched, and the game never says '
                                      'what becomes of the stakes above his'), "stakes above all in form side pots")
        if model.stakes_above.value is Excess.FORM_SIDE_POTS and model.side_pot_winner is None:
            raise header_error(Phrase('the game has side pots and never says who wins them'),
                               "side pot won like main pot")
    else:
        for kind, stated in (("stakes_above", model.stakes_above), ("side_pot_winner", model.side_pot_winner)):
            if stated is not None:
                item, node = at(kind)
                raise item.error(node, Phrase('an all in player may win the whole pot, so nothing is set apart'),
                                 hint=Phrase('remove the statement, or write `all in wins at most his stake from '
                                             'each player`'))
    if model.side_pot_winner is not None and model.stakes_above is not None \
            and model.stakes_above.value is Excess.GO_BACK:
        item, node = at("side_pot_winner")
        raise item.error(node, Phrase('the stakes above an all in player go back, so there is no side pot to win'),
                         hint=Phrase('remove the statement'))
    # A timed session: a broken player who may not leave buys back, and only he does.
    if model.broken_stays and model.rebuy is None:
        item, node = at("session_length")
        raise item.error(node, Phrase('in a timed session a broken player may not leave, and the game never says '
                                      'what he stakes from then on'),
                         expected=Phrase('a statement such as `{write}`', write="broken player buys back 100 chips"),
                         hint=Phrase('add it to the clause on the session'))
    if model.rebuy is not None and not model.broken_stays:
        item, node = at("broken_rebuy")
        raise item.error(node, Phrase('a broken player leaves the table here, so he never buys back'),
                         hint=Phrase('state `session lasts 60 minutes` and `broken player leaves seat unless '
                                     'session is timed`, or remove the statement'))
    # Hands, the turned card and bonuses.
    names = {h.name: h for h in model.hands}
    points = [h for h in model.hands if h.pattern is HandPattern.HIGHEST_SUIT_TOTAL]
    if len(points) != 1:
        raise header_error(Phrase('the showdown needs exactly one hand for a player who holds none of the others'),
                           'hand points "points" highest suit total')
    if model.hands[-1] is not points[0]:
        item, node = named(HandStatement, model.hands[-1].name)
        raise item.error(node, Phrase('every player holds at least {name}, so a hand ranked below it never '
                                      'wins', name=points[0].name),
                         hint=Phrase('move it above the `hand {name}` statement', name=points[0].name))
    if game.table.card_points is None:
        item, node = named(HandStatement, points[0].name)
        raise item.error(node, Phrase('suit totals need the points of the cards, and the game never gives them'),
                         hint=Phrase('add `card points A 11, K 10, others pips` to the clause on the cards'))
    assert game.table.deal is not None  # the table's needs are checked first
    upcards = any(p.kind is PacketKind.UPCARD for p in game.table.deal.value)
    if not upcards:
        for hand in model.hands:
            if hand.pattern in _TURNED:
                item, node = named(HandStatement, hand.name)
                raise item.error(node, Phrase('no card is turned up in this deal'),
                                 hint=Phrase('add `1 face up` to the deal'))
        if model.turned_card is not None and model.turned_card.value:
            item, node = at("turned_card")
            raise item.error(node, Phrase('no card is turned up in this deal'), hint=Phrase('add `1 face up` to the deal'))
    if model.folded_hands and model.folded_hands.value and model.showing \
            and model.showing.value is not ShowingWho.EVERYONE:
        item, node = at("folded_hands")
        raise item.error(node, Phrase('folded hands are not shown, so they cannot count'),
                         hint=Phrase('write `everyone shows`, or `folded hands do not count`'))
    for bonus in model.bonuses:
        if bonus.hand not in names:
            item, node = named(BonusStatement, bonus.hand)
            raise item.error(node, Phrase('unknown hand {hand}', hand=bonus.hand),
                             expected=", ".join(names) or Phrase('a `hand` statement'))
        if names[bonus.hand].pattern is HandPattern.HIGHEST_SUIT_TOTAL:
            item, node = named(BonusStatement, bonus.hand)
            raise item.error(node, Phrase('every player holds {hand}: the bonus would pay everybody', hand=bonus.hand))
    if model.bonuses and model.bonus_meeting is None:
        raise header_error(Phrase('two holders of bonus hands can meet, and the game never says who pays whom'),
                           "two bonus hands: lower pays higher")
    if model.bonus_meeting is not None and not model.bonuses:
        item, node = at("bonus_meeting")
        raise item.error(node, Phrase('no hand of this game earns a bonus'), hint=Phrase('remove the statement'))
    if model.bonuses_at_showdown is not None and not model.bonuses:
        item, node = at("bonuses_at_showdown")
        raise item.error(node, Phrase('no hand of this game earns a bonus'), hint=Phrase('remove the statement'))
    paid_on_cancel = any("pay_bonuses" in c.value for c in game.irregularities.values())
    if paid_on_cancel and not any(b.on_cancelled_deal for b in model.bonuses):
        raise header_error(Phrase('a cancelled deal pays bonuses, but no bonus is paid on a cancelled deal'),
                           "bonus trips 1 from each player, also on cancelled deal")
    if model.stock_draw is not None:
        item, node = next((i, s) for _, _, i, s in seen if isinstance(s, StockDraw))
        for name in model.stock_draw.value:
            if name not in names:
                raise item.error(node, Phrase('unknown hand {name}', name=name), expected=", ".join(names))
        drawer, against = model.stock_draw.value
        order = [h.name for h in model.hands]
        if drawer == against or order.index(against) > order.index(drawer):
            raise item.error(node, Phrase('a draw from the stock must be against a hand ranked above {name}',
                                          name=drawer), hint=Phrase('name the higher hand after `against`'))
    for name in ("stock_draw_top", "drawn_paid_only", "drawn_loses_ties"):
        if getattr(model, name) is not None and model.stock_draw is None:
            item, node = at(name)
            raise item.error(node, Phrase('nobody may draw from the stock in this game'),
                             hint=Phrase('state `hand NAME may draw from stock against NAME` too, or remove this'))


def _start_chips(game: Game) -> int | None:
    account = game.accounts.get(game.primary_account)
    return account.value.start if account is not None else None

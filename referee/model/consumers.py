"""Load-time checks that a game's statements and its mechanics fit together.

Every statement in force must be read by a mechanic the game has, every mechanic must find the
statements it needs, and what would otherwise fail in play is caught here: a pack too small for
the deal, a contract that cannot be scored, a seat named by a part nobody plays. Errors point at
the statement (or, for a missing one, at the game's header) and say what would make it valid.
"""

from __future__ import annotations

from typing import Any

from ..errors import Phrase, RulesDefinitionError, Term
from ..mechanics.contract_choice.phase import dealer_chooses
from ..mechanics.declaration import Mechanic, Seen
from ..mechanics.registry import MECHANICS as PACKAGES
from ..mechanics.table.check import check_holder
from ..mechanics.tricks.rules import ScoreKind, TrickRules
from ..mechanics.vocabulary import Phase, PhaseWord
from .document import Located
from .game import Contract, Game
from .mechanics import ALWAYS, IRREGULARITIES_SEEN, MECHANICS, PHASES, PLAY_NEEDS, owner_of

__all__ = ["check_mechanics"]

_WAY_OF: dict[str, Phase] = {kind: mechanic.plays for mechanic in PACKAGES if mechanic.plays is not None
                             for kind in mechanic.statements - mechanic.either_way}
"""Each statement of one way of playing the cards, with the phase of a contract played that way
(the tricks, layout and claims packages declare them)."""

# Irregularities met in judging actions (a remedy is needed) vs reported for a whole deal.
_ACTION_IRREGULARITIES = {"out_of_turn", "illegal_bid", "illegal_card", "revoke", "over_stake",
                          "blind_taken_back"}


def _words(item: Located, stmt: Any) -> str:
    """The statement as written, on one line, for messages."""
    text = " ".join(item.source_text(stmt).split())
    return text if len(text) <= 60 else text[:57] + "..."


def check_mechanics(game: Game, seen: Seen, header: Located) -> None:
    at_header = header.tree
    phases: tuple[PhaseWord, ...] = game.table.phases.value if game.table.phases else ()
    active = set(ALWAYS) | set(phases)
    kinds = {kind for kind, *_ in seen}

    def missing(mech: Mechanic, write: str) -> RulesDefinitionError:
        return header.error(at_header, Phrase('{title} needs a rule the game never states', title=Term(mech.title)),
                            expected=Phrase('a statement such as `{write}`', write=write),
                            hint=Phrase('add it to the clause that rules on it'))

    # Every required statement of every mechanic the game has.
    for name in ALWAYS + tuple(p for p in PHASES if p in active):
        mech = MECHANICS[name]
        for need in mech.needs:
            if not need.kinds & kinds:
                raise missing(mech, need.write)

    # Every statement read by a mechanic the game has.
    for kind, _scope, item, stmt in seen:
        owners = owner_of(kind)
        if owners and not set(owners) & active:
            mech = MECHANICS[owners[0]]
            word = owners[0].replace("_", " ")
            raise item.error(stmt, Phrase("`{stmt}` is a rule of {title}, which is not a phase of this game's "
                                          'deals', stmt=_words(item, stmt), title=Term(mech.title)),
                             hint=Phrase('add `{word}` to `deal phases`, or remove the statement', word=word))

    _check_seats(game, seen, phases)
    _check_contracts(game, seen, phases, header)
    _check_irregularities(game, seen, phases, header)
    for mechanic in PACKAGES:
        if mechanic.check is not None:
            mechanic.check(game, seen, phases, header)
    _check_holders(game, seen)
    _check_all_taken(game, seen)


def _check_all_taken(game: Game, seen: Seen) -> None:
    """Taking every scoring card needs cards that score per card against their taker in each
    contract it covers (the moon's cards, unless the rule names them)."""
    against = -1 if game.winner is not None and game.winner.value.highest else 1
    for kind, scope, item, stmt in seen:
        if kind != "score_all_taken":
            continue
        for contract in game.contracts.values():
            if scope not in (None, contract.id) or contract.plays is not Phase.TRICKS:
                continue
            points = [s.value.points for s in contract.trick_scores(game.contracts) if s.value.kind is ScoreKind.PER_CARD]
            if not points:
                raise item.error(stmt, Phrase('contract {id} has no card that scores, so nobody can take every '
                                              'scoring card', id=contract.id), hint=Phrase('add `score N per card of ... taken`'))
            if not stmt.cards and not any(p * against > 0 for p in points):
                raise item.error(stmt, Phrase('every card that scores in contract {id} scores for its taker, so no '
                                              'card makes the moon', id=contract.id),
                                 hint=Phrase('name the cards the moon needs: `taking all of suit H, QS: ...`'))


def _check_contracts(game: Game, seen: Seen, phases: tuple[PhaseWord, ...], header: Located) -> None:
    contracts = game.contracts
    plays = {c.plays for c in contracts.values()}
    if PhaseWord.PLAY in phases and not contracts:
        raise header.error(header.tree, Phrase('the deal has a play phase but no contract says how it is played'),
                           hint=Phrase('declare one: `contract whist "Whist" plays tricks`'))
    if contracts and PhaseWord.PLAY not in phases:
        item, stmt = next((i, s) for k, _, i, s in seen if k == "contract")
        raise item.error(stmt, Phrase('contracts are declared but the deal has no play phase'),
                         hint=Phrase('add `play` to `deal phases`'))
    if game.contract_order is not None and {PhaseWord.CONTRACT_CHOICE, PhaseWord.AUCTION} & set(phases):
        item, stmt = next((i, s) for k, _, i, s in seen if k == "contract_order")
        raise item.error(stmt, Phrase('the contracts come in a fixed order, so no phase may choose one'),
                         hint=Phrase('remove `contracts in order ...` or the phase that chooses'))
    if len(contracts) > 1 and not {PhaseWord.CONTRACT_CHOICE, PhaseWord.AUCTION} & set(phases) and game.contract_order is None:
        raise header.error(header.tree, Phrase('the game has several contracts but no phase chooses one'),
                           hint=Phrase('add `contract choice` or `auction` to `deal phases`, or play them in '
                                       'turn with `contracts in order ...`'))
    for kind, scope, item, stmt in seen:
        wanted = _WAY_OF.get(kind)
        if wanted is not None:
            if scope is not None and contracts[scope].plays is not wanted:
                raise item.error(stmt, Phrase('`{stmt}` is a rule of {wanted} play, but contract {scope} plays '
                                              '{plays}', stmt=_words(item, stmt), wanted=wanted.value, scope=scope,
                                              plays=contracts[scope].plays.value),
                                 hint=Phrase('move it into the `in` block of a contract that plays {wanted}', wanted=wanted.value))
            if scope is None and wanted not in plays:
                raise item.error(stmt, Phrase('`{stmt}` is a rule of {wanted} play, and no contract of this game '
                                              'plays {wanted}', stmt=_words(item, stmt), wanted=wanted.value),
                                 hint=Phrase('remove it, or declare a contract that is played that way'))
    any_trumps = False
    for contract in contracts.values():
        rules = contract.rules.tricks or TrickRules()
        record = contract.rules.tricks if contract.plays is Phase.TRICKS else contract.rules.layout
        for field, write in PLAY_NEEDS.get(contract.plays, ()):  # fields of the record of its way of playing
            if record is None or getattr(record, field) is None:
                raise header.error(header.tree, Phrase('contract {id} ({plays}) needs a rule the game never states', id=contract.id,
                                                  plays=contract.plays.value), expected=Phrase('a statement such as `{write}`', write=write),
                                   hint=Phrase('state it for all contracts, or in `in {id} {{ ... }}`', id=contract.id))
        if contract.plays is Phase.TRICKS and rules.trumps is not None and rules.trumps.value.any:
            any_trumps = True
            if rules.trick_winner is not None and not rules.trick_winner.value.trumps_win:  # PLAY_NEEDS made it stated
                item, stmt = next((i, s) for k, _, i, s in seen if k == "trick_winner")
                raise item.error(stmt, Phrase('contract {id} has trumps, but this rule ignores them', id=contract.id),
                                 hint=Phrase('write `trick won by highest of suit led unless trumped`'))
            if rules.overtrump_duty is None:
                raise header.error(header.tree, Phrase('contract {id} has trumps and needs a rule on overtrumping', id=contract.id), expected=Phrase('`no duty to overtrump` or `must overtrump if able`'))
        if not (contract.trick_scores(contracts) or _finish_scores(contract, contracts) or PhaseWord.AUCTION in phases):
            raise header.error(header.tree, Phrase('contract {id} has no score rule: a deal of it could not be scored', id=contract.id), hint=Phrase('add `in {id} {{ score 1 per trick }}`', id=contract.id))
    if not any_trumps:
        for kind, _scope, item, stmt in seen:
            if kind in ("head_duty", "no_head_duty") and str(stmt.what) == "overtrump":
                raise item.error(stmt, Phrase('no contract of this game has trumps, so there is nothing to overtrump'),
                                 hint=Phrase('remove the statement'))


def _finish_scores(contract: Contract, contracts: dict[str, Contract]) -> bool:
    """Whether the contract, or one it combines, scores by finishing order (layout play)."""
    return any(c.rules.layout is not None and c.rules.layout.finish is not None
               for c in (contract, *(contracts[part.value] for part in contract.combines)))


def _check_seats(game: Game, seen: Seen, phases: tuple[PhaseWord, ...]) -> None:
    """A seat named by its part in the deal needs a phase that gives someone that part."""
    for kind, _scope, item, stmt in seen:
        roles: list[str] = []
        if kind in ("first_lead", "first_move"):
            roles.extend(seat.role for seat in (stmt.seat, *stmt.otherwise))
        elif kind in ("trumps_named", "layout_start_named"):
            roles.append(str(stmt.namer))
        for role in roles:
            if role in ("declarer", "before_declarer") and PhaseWord.AUCTION not in phases:
                raise item.error(stmt, Phrase('`{stmt}` names the declarer, but no auction makes one', stmt=_words(item, stmt)),
                                 hint=Phrase('add `auction` to `deal phases`, or name another seat (eldest, chooser)'))
            if role == "chooser" and PhaseWord.CONTRACT_CHOICE not in phases:
                raise item.error(stmt, Phrase('`{stmt}` names the chooser, but nobody chooses the contract', stmt=_words(item, stmt)),
                                 hint=Phrase('add `contract choice` to `deal phases`, or name another seat'))
            if role == "dealer" and kind in ("trumps_named", "layout_start_named"):
                _check_dealer_names(game, item, stmt, phases)


def _check_dealer_names(game: Game, item: Located, stmt: Any, phases: tuple[PhaseWord, ...]) -> None:
    """Trumps or a starting rank `named by dealer` are named with the contract: by the dealer as its
    chooser (`contract chosen by dealer`), or, where the match's order fixes the contract, by the
    dealer alone; in any other game the dealer never names one, and the rule could not play."""
    if dealer_chooses(game) or game.contract_order is not None:
        return
    if PhaseWord.CONTRACT_CHOICE in phases:
        raise item.error(stmt, Phrase('`{stmt}` names the dealer, but the eldest hand chooses the contract',
                                      stmt=_words(item, stmt)),
                         hint=Phrase('name the chooser, or write `contract chosen by dealer`'))
    raise item.error(stmt, Phrase('`{stmt}` names the dealer, but the dealer names no contract in this game',
                                  stmt=_words(item, stmt)),
                     hint=Phrase('name the player who names the contract: the chooser, or the declarer'))


def _check_holders(game: Game, seen: Seen) -> None:
    """The holder of a card leads (or moves) first only if somebody holds it: where cards lie
    outside the hands (a talon, cards left undealt), the rule's `else` seats must cover every
    way the cards it names can all lie there."""
    for kind, _scope, item, stmt in seen:
        if kind in ("first_lead", "first_move"):
            check_holder(game, item, stmt, (stmt.seat, *stmt.otherwise))


def _check_irregularities(game: Game, seen: Seen, phases: tuple[PhaseWord, ...], header: Located) -> None:
    can_meet = set(IRREGULARITIES_SEEN["table"])
    for phase in phases:
        can_meet.update(IRREGULARITIES_SEEN[phase])
    if PhaseWord.PLAY in phases and not any(c.plays is Phase.TRICKS for c in game.contracts.values()):
        can_meet.discard("revoke")
    for kind, _scope, item, stmt in seen:
        if kind == "irregularity":
            name = str(stmt.what)
            if name not in can_meet:
                raise item.error(stmt, Phrase("no phase of this game's deals can meet the irregularity {name}", name=name),
                                 hint=Phrase('remove the statement'))
            remedies = [str(r) for r in stmt.remedies]
            # An illegal action is refused and judging stops there; remedies that deal again
            # apply to a deal a transcript records as cancelled.
            if name in _ACTION_IRREGULARITIES and remedies != ["reject"]:
                raise item.error(stmt, Phrase('the referee can only reject an illegal action ({name})', name=name),
                                 expected=Phrase('`irregularity {name}: reject`', name=name))
            if name not in _ACTION_IRREGULARITIES and "reject" in remedies:
                raise item.error(stmt, Phrase('a {name} cancels the deal; there is no action to reject', name=name),
                                 hint=Phrase('say how the deal is played again, e.g. `redeal_same_dealer`'))
    for name in sorted(can_meet & _ACTION_IRREGULARITIES):
        if name not in game.irregularities:
            raise header.error(header.tree, Phrase('the game never says what follows the irregularity {name}', name=name),
                               expected=Phrase('`irregularity {name}: reject`', name=name),
                               hint=Phrase('the referee needs a remedy for every irregularity its phases can meet'))

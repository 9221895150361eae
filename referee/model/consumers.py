"""Load-time checks that a game's statements and its mechanics fit together.

Every statement in force must be read by a mechanic the game has, every mechanic must find the
statements it needs, and what would otherwise fail in play is caught here: a pack too small for
the deal, a contract that cannot be scored, a seat named by a part nobody plays. Errors point at
the statement (or, for a missing one, at the game's header) and say what would make it valid.
"""

from __future__ import annotations

from .document import Located
from .game import Game
from .mechanics import ALWAYS, IRREGULARITIES_SEEN, MECHANICS, PHASES, PLAY_NEEDS, owner_of

__all__ = ["check_mechanics", "dealt_cards"]

_TRICK_ONLY = {"play_duty", "no_trumps", "trump_suit", "trumps_named", "no_head_duty", "head_duty",
               "first_lead", "trick_winner", "lead_restriction", "score_per_trick", "score_per_card"}
_LAYOUT_ONLY = {"layout_start", "layout_build", "pass_rule", "first_move", "score_finish"}
# Irregularities met in judging actions (a remedy is needed) vs reported for a whole deal.
_ACTION_IRREGULARITIES = {"out_of_turn", "illegal_bid", "illegal_card", "revoke", "over_stake",
                          "blind_taken_back"}


def _words(item: Located, stmt) -> str:
    """The statement as written, on one line, for messages."""
    text = " ".join(item.source_text(stmt).split())
    return text if len(text) <= 60 else text[:57] + "..."


def dealt_cards(game: Game, players: int) -> tuple[int, int, int]:
    """(cards in each hand, cards to the talon, cards face up) for `players` players."""
    hand = talon = up = 0
    for packet in game.deal.value:
        if packet.kind == "each":
            hand = packet.until if packet.until is not None else hand + packet.count
        elif packet.kind == "talon":
            talon += packet.count
        else:
            up += packet.count
    return hand, talon, up


def check_mechanics(game: Game, seen: list, header: Located) -> None:
    at_header = header.tree
    phases = game.phases.value if game.phases else ()
    active = set(ALWAYS) | set(phases)
    kinds = {kind for kind, *_ in seen}
    where = {kind: (item, stmt) for kind, _, item, stmt in seen}

    def missing(mech, write):
        return header.error(at_header, f"{mech.title} needs a rule the game never states",
                            expected=f"a statement such as `{write}`",
                            hint="add it to the clause that rules on it")

    # Every required statement of every mechanic the game has.
    for name in ALWAYS + tuple(p for p in PHASES if p in active):
        mech = MECHANICS[name]
        for need in mech.needs:
            if not need.kinds & kinds:
                raise missing(mech, need.write)

    # Every statement read by a mechanic the game has.
    for kind, scope, item, stmt in seen:
        owners = owner_of(kind)
        if owners and not set(owners) & active:
            mech = MECHANICS[owners[0]]
            word = owners[0].replace("_", " ")
            raise item.error(stmt, f"`{_words(item, stmt)}` is a rule of {mech.title}, which is not a "
                             "phase of this game's deals",
                             hint=f"add `{word}` to `deal phases`, or remove the statement")

    _check_seats(game, seen, phases)
    _check_contracts(game, seen, phases, header)
    _check_irregularities(game, seen, phases, header)
    _check_table(game, seen, header, where)


def _check_contracts(game: Game, seen, phases, header: Located) -> None:
    contracts = game.contracts
    plays = {c.plays for c in contracts.values()}
    if "play" in phases and not contracts:
        raise header.error(header.tree, "the deal has a play phase but no contract says how it is played",
                           hint='declare one: `contract whist "Whist" plays tricks`')
    if contracts and "play" not in phases:
        item, stmt = next((i, s) for k, _, i, s in seen if k == "contract")
        raise item.error(stmt, "contracts are declared but the deal has no play phase",
                         hint="add `play` to `deal phases`")
    if len(contracts) > 1 and not {"contract_choice", "auction"} & set(phases):
        raise header.error(header.tree, "the game has several contracts but no phase chooses one",
                           hint="add `contract choice` or `auction` to `deal phases`")
    for kind, scope, item, stmt in seen:
        if kind in _TRICK_ONLY | _LAYOUT_ONLY:
            wanted = "tricks" if kind in _TRICK_ONLY else "layout"
            if scope is not None and contracts[scope].plays != wanted:
                raise item.error(stmt, f"`{_words(item, stmt)}` is a rule of {wanted} play, but contract "
                                 f"{scope} plays {contracts[scope].plays}",
                                 hint=f"move it into the `in` block of a contract that plays {wanted}")
            if scope is None and wanted not in plays:
                raise item.error(stmt, f"`{_words(item, stmt)}` is a rule of {wanted} play, and no "
                                 f"contract of this game plays {wanted}",
                                 hint="remove it, or declare a contract that is played that way")
        if kind == "early_end":
            condition = stmt.condition.kind
            if condition == "place_decided" and (scope is None or contracts[scope].plays != "layout"):
                raise item.error(stmt, "places are decided only in a layout game",
                                 hint="put it in the `in` block of a contract that plays layout")
            if condition in ("declarer_tricks", "defenders_tricks") and "auction" not in phases:
                raise item.error(stmt, "only an auction makes a declarer and defenders",
                                 hint="add `auction` to `deal phases`, or end the deal on cards taken")
    any_trumps = False
    for contract in contracts.values():
        rules = contract.rules
        for field, write in PLAY_NEEDS.get(contract.plays, ()):
            if getattr(rules, field) is None:
                raise header.error(header.tree, f"contract {contract.id} ({contract.plays}) needs a rule "
                                   "the game never states", expected=f"a statement such as `{write}`",
                                   hint=f"state it for all contracts, or in `in {contract.id} {{ ... }}`")
        if contract.plays == "tricks" and rules.trumps.value is not None:
            any_trumps = True
            if not rules.trick_winner.value.trumps_win:
                item, stmt = next((i, s) for k, _, i, s in seen if k == "trick_winner")
                raise item.error(stmt, f"contract {contract.id} has trumps, but this rule ignores them",
                                 hint="write `trick won by highest of suit led unless trumped`")
            if rules.overtrump_duty is None:
                raise header.error(header.tree, f"contract {contract.id} has trumps and needs a rule on "
                                   "overtrumping", expected="`no duty to overtrump` or `must overtrump if able`")
        if not (contract.all_scores(contracts) or "auction" in phases):
            raise header.error(header.tree, f"contract {contract.id} has no score rule: a deal of it "
                               "could not be scored", hint=f"add `in {contract.id} {{ score 1 per trick }}`")
    if not any_trumps:
        for kind, scope, item, stmt in seen:
            if kind in ("head_duty", "no_head_duty") and str(stmt.what) == "overtrump":
                raise item.error(stmt, "no contract of this game has trumps, so there is nothing to overtrump",
                                 hint="remove the statement")


def _check_seats(game: Game, seen, phases) -> None:
    """A seat named by its part in the deal needs a phase that gives someone that part."""
    for kind, scope, item, stmt in seen:
        roles = []
        if kind in ("first_lead", "first_move"):
            roles.append(stmt.seat.role)
        elif kind == "trumps_named":
            roles.append(str(stmt.namer))
        for role in roles:
            if role in ("declarer", "before_declarer") and "auction" not in phases:
                raise item.error(stmt, f"`{_words(item, stmt)}` names the declarer, but no auction makes one",
                                 hint="add `auction` to `deal phases`, or name another seat (eldest, chooser)")
            if role == "chooser" and "contract_choice" not in phases:
                raise item.error(stmt, f"`{_words(item, stmt)}` names the chooser, but nobody chooses the contract",
                                 hint="add `contract choice` to `deal phases`, or name another seat")


def _check_irregularities(game: Game, seen, phases, header: Located) -> None:
    can_meet = set(IRREGULARITIES_SEEN["table"])
    for phase in phases:
        can_meet.update(IRREGULARITIES_SEEN[phase])
    if "play" in phases and not any(c.plays == "tricks" for c in game.contracts.values()):
        can_meet.discard("revoke")
    for kind, scope, item, stmt in seen:
        if kind == "irregularity":
            name = str(stmt.what)
            if name not in can_meet:
                raise item.error(stmt, f"no phase of this game's deals can meet the irregularity {name}",
                                 hint="remove the statement")
            remedies = [str(r) for r in stmt.remedies]
            # An illegal action is refused and judging stops there; remedies that deal again
            # apply to a deal a transcript records as cancelled.
            if name in _ACTION_IRREGULARITIES and remedies != ["reject"]:
                raise item.error(stmt, f"the referee can only reject an illegal action ({name})",
                                 expected=f"`irregularity {name}: reject`")
            if name not in _ACTION_IRREGULARITIES and "reject" in remedies:
                raise item.error(stmt, f"a {name} cancels the deal; there is no action to reject",
                                 hint="say how the deal is played again, e.g. `redeal_same_dealer`")
    for name in sorted(can_meet & _ACTION_IRREGULARITIES):
        if name not in game.irregularities:
            raise header.error(header.tree, f"the game never says what follows the irregularity {name}",
                               expected=f"`irregularity {name}: reject`",
                               hint="the referee needs a remedy for every irregularity its phases can meet")


def _check_table(game: Game, seen, header: Located, where) -> None:
    """The pack covers the deal for every number of players, and the draw can name a dealer."""
    for players in game.players.value:
        deck = game.pack_for(players)
        hand, talon, up = dealt_cards(game, players)
        if hand < 1:
            raise header.error(header.tree, "the deal gives the players no cards", hint="write `deal 1 each until 13`")
        total = hand * players + talon + up
        if total > len(deck.cards):
            item, stmt = where["deal"]
            raise item.error(stmt, f"with {players} players the deal needs {total} cards, but the "
                             f"{deck.title} has {len(deck.cards)}",
                             hint=f"deal fewer cards, or choose a larger pack with `pack DECK when players {players}`")
    first = game.first_dealer.value if game.first_dealer else None
    if first and first[0] == "rank":
        for players in game.players.value:
            deck = game.pack_for(players)
            rank = deck.rank(first[1])
            top = rank.order + 1 if rank else 0
            if top < players:
                item, stmt = where["first_dealer_rank"]
                raise item.error(stmt, f"with {players} players the {deck.title} has only {top} ranks from "
                                 f"{first[1]} downwards to draw", hint="draw from a higher rank")
        if game.draw_ties is not None:
            item, stmt = where["draw_ties"]
            raise item.error(stmt, "a draw of one card of each rank cannot tie", hint="remove the statement")
    elif first and game.draw_ties is None:
        raise header.error(header.tree, "the draw for the first dealer can tie, and the game never says what then",
                           expected="`draw ties redraw` or `draw ties by suit order`")

"""What each mechanic of the referee reads from a rules file, and what it cannot run without.

A game lists the phases of its deals (`deal phases auction, talon exchange, ...`). Each phase is a
mechanic of the interpreter; the table (`referee.mechanics.table`) and the match are mechanics
every game has. A statement
that no mechanic of the game reads is a definition error (it would be silently ignored), and so
is a mechanic whose required statement is missing (the interpreter would have to invent the
rule). The builder checks both when a file loads, so a file that loads plays as it reads.
"""

from __future__ import annotations

import functools

from ..i18n import N_
from ..mechanics.declaration import Mechanic, Need
from ..mechanics.registry import MECHANICS as PACKAGES
from ..mechanics.vocabulary import Phase, PhaseWord

__all__ = ["ROLES", "Need", "Mechanic", "MECHANICS", "ALWAYS", "PHASES", "owner_of", "PLAY_NEEDS",
           "IRREGULARITIES_SEEN"]


def _mechanic(name: str, title: str, reads: frozenset[str], needs: tuple[Need, ...] = ()) -> Mechanic:
    """A mechanic the framework still runs itself (its statements have no package yet)."""
    return Mechanic(name=name, title=title, reads=reads, needs=needs)


def _need(write: str, *kinds: str) -> Need:
    return Need(frozenset(kinds), write)


_MATCH_ENDS = ("match_deals", "match_all_chosen", "match_account", "match_agreement", "match_any_player",
               "match_every_player")

MECHANICS: dict[str, Mechanic] = {m.name: m for m in (
    *(m for m in PACKAGES if m.name == "table"),
    _mechanic("match", N_("the match"), frozenset({"account", "winner", *_MATCH_ENDS}),
             (_need("match ends after 24 deals", *_MATCH_ENDS),
              _need("winner lowest total of points", "winner"))),
    *(m for m in PACKAGES if m.name == PhaseWord.PASSING),
    *(m for m in PACKAGES if m.name == PhaseWord.DOUBLING),
    *(m for m in PACKAGES if m.name == PhaseWord.CONTRACT_CHOICE),
    *(m for m in PACKAGES if m.name in (PhaseWord.AUCTION, PhaseWord.TALON_EXCHANGE, PhaseWord.DECLARATION,
                                         PhaseWord.DEFENCE)),
    *(m for m in PACKAGES if m.name == PhaseWord.BLINDS),
    *(m for m in PACKAGES if m.name == PhaseWord.BETTING),
    *(m for m in PACKAGES if m.name == PhaseWord.SHOWDOWN),
    _mechanic(PhaseWord.PLAY, N_("the play of the cards"), frozenset({
        "contract_order", *(s for m in PACKAGES if m.part_of is PhaseWord.PLAY for s in m.statements)})),
)}

ALWAYS = ("table", "match")
"""Mechanics every game has."""
PHASES: tuple[PhaseWord, ...] = tuple(PhaseWord(name) for name in MECHANICS if name not in ALWAYS)
"""The phase words a `deal phases` statement may list, in the order their checks run (every
`PhaseWord`, each the name of a mechanic: `tests/test_mechanics.py`)."""


@functools.cache  # MECHANICS is fixed at import; the builder asks once per statement of a file
def owner_of(kind: str) -> tuple[str, ...]:
    """The mechanics that read statement `kind`."""
    return tuple(m.name for m in MECHANICS.values() if kind in m.statements)


# What the play of each contract needs, by how it is played. Checked per contract, with `in`
# blocks and game-wide statements merged, so a rule may be stated once for all contracts.
PLAY_NEEDS: dict[Phase, tuple[tuple[str, str], ...]] = {
    Phase.TRICKS: (("play_duty", "must follow suit, else any card"),  # fields of `TrickRules`
                   ("trumps", "trumps none"),
                   ("head_duty", "no duty to head"),
                   ("first_lead", "first lead by eldest"),
                   ("trick_winner", "trick won by highest of suit led")),
    Phase.LAYOUT: (("start", "layout starts with rank J"),  # fields of `LayoutRules`
                   ("build", "layout builds up and down in suit"),
                   ("first_move", "first move by eldest"),
                   ("pass_only_when_unable", "pass only when unable")),
}

# The irregularities each phase can meet in a recorded deal; a game must say what follows each
# (`irregularity revoke: reject`), and may not rule on one that none of its phases can meet.
IRREGULARITIES_SEEN: dict[str, tuple[str, ...]] = {
    **{m.name: m.irregularities for m in PACKAGES if m.part_of is None},
    PhaseWord.PLAY: ("revoke", "illegal_card"),
}


# The words the language uses for the parts players take in a deal, defined once: the language
# reference shows them, and every statement that names a seat uses them in this sense.
ROLES: tuple[tuple[str, str], ...] = (
    ("dealer", N_("The player who deals the cards. The first dealer is drawn for (`first dealer by "
                  "...`); after every deal the deal passes on (`dealer passes ...`).")),
    ("eldest", N_("The player the deal starts from, in turn order: `eldest is next after dealer` "
                  "makes him the dealer's neighbour in the direction of play. Packets of cards go "
                  "round from him, the dealer last.")),
    ("chooser", N_("In a game with a contract choice, the player who names the contract of the deal "
                   "(`contract chosen by eldest`), and its trump suit where the contract lets him.")),
    ("declarer", N_("In an auction game, the player who wins the auction and plays the contract "
                    "against the others. `player before declarer` is the one just before him in turn "
                    "order.")),
    ("defender", N_("In an auction game, each other player who plays against the declarer.")),
    ("holder", N_("`holder of 2C`: the player who was dealt that card, whoever he is.")),
)

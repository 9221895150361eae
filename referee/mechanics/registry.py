"""Every mechanic package, for the framework: the builder reads their statements and the load
checks ask their needs and checks (the deal finds their phases in `referee.mechanics.phases`).

The list is in the order of `deal phases` words as the language reference shows them, after the
table that every game has (its checks run first).
"""

from __future__ import annotations

from .auction.mechanic import AUCTION, DECLARATION, DEFENCE, TALON_EXCHANGE
from .claims.mechanic import MECHANIC as CLAIMS
from .contract_choice.mechanic import MECHANIC as CONTRACT_CHOICE
from .declaration import Mechanic
from .doubling.mechanic import MECHANIC as DOUBLING
from .layout.mechanic import MECHANIC as LAYOUT
from .passing.mechanic import MECHANIC as PASSING
from .table.mechanic import MECHANIC as TABLE
from .tricks.mechanic import MECHANIC as TRICKS
from .vying.mechanic import BETTING_MECHANIC, BLINDS_MECHANIC, SHOWDOWN_MECHANIC

__all__ = ["MECHANICS", "STATEMENT_BUILDERS"]

MECHANICS: tuple[Mechanic, ...] = (TABLE, PASSING, DOUBLING, CONTRACT_CHOICE, AUCTION, TALON_EXCHANGE, DECLARATION, DEFENCE,
                                   TRICKS, LAYOUT, CLAIMS, BLINDS_MECHANIC, BETTING_MECHANIC, SHOWDOWN_MECHANIC)

STATEMENT_BUILDERS = {node: build for mechanic in MECHANICS for node, build in mechanic.builders.items()}
"""Node type -> the function that reads the statement into the game."""

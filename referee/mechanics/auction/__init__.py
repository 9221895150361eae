"""The auction and what follows it before the play: bids on a ladder and bids off it, the talon
exchange, the declaration of the contract, the defence (declining, quotas, kontra), and the
settlement of a deal with a declarer.

One package for the four phases of `deal phases auction, talon exchange, declaration, defence`:
they share one model record (`Game.auction`), one compiled table (`CompiledAuction`) and one state
per deal (`AuctionState`, the slot `Deal.bidding`); the settlement reads what the auction made.

The modules, in pipeline order: `syntax` (the statements), `rules` (the model record), `build`,
`check`, `compiled` (the move tables and settle plans worked out once per game), `state` (per
deal), `phase` (moves, push, ruling and random play of the six phases), `settlement` and
`mechanic` (the four declarations).
"""

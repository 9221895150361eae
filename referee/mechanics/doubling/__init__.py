"""Doubling between players (side bets): once the contract is named, each player but the dealer
in turn may double any others, then each doubled player may redouble those who doubled him;
after the play, every doubled pair settles the difference of their scores in the deal.

The modules, in pipeline order: `syntax` (the three statements), `rules` (the model record,
`Game.doubling`), `build`, `check`, `state` (per deal), `phase` (moves, push, ruling, the pair
settlement) and `mechanic` (the declaration). The contract rule `only_dealer_doubled` is read
with the contract's other rules.
"""

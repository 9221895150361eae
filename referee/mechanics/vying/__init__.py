"""Vying: antes and blind bets before the deal, a betting round with table stakes, and the
showdown that settles the pots (hands ranked by pattern, else suit points) and pays bonuses for
ranked hands.

One package for the three phases of `deal phases blinds, betting, showdown`: they share one model
record (`Game.vying`), one compiled table (`VyingRules`) and one state per deal (`BettingState`,
the slot `Deal.betting`); the showdown settles the stakes the betting put in, and the fused random
loop runs the blinds into the betting. As sub-packages they would import one another.

The modules, in pipeline order: `syntax` (the 27 statements), `rules` (the model record),
`build`, `check`, `compiled` (the rules worked out for play), `state` (per deal), `betting` (the
blinds and betting phases: moves, push, ruling, random play), `showdown` (the settlement) and
`mechanic` (the three declarations).
"""

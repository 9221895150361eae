"""Card passing before the play: each player in turn sets cards aside for another player, and
when all have done so each receives the cards meant for him (`pass 3 cards in rotation to left,
right, across, none`).

The modules, in pipeline order: `syntax` (the statement), `rules` (the model record), `build`,
`check`, `state` (per deal), `phase` (moves, push, ruling) and `mechanic` (the declaration).
"""

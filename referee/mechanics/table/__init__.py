"""The table every game is played at: the players and their seats, the direction of play, the
decks and the pack chosen for each table, the phases of a deal, the draw for the first dealer,
the cut, the deal of the cards, the eldest hand, the dealer's rotation and the dealer who sits a
deal out (`players 4, 3 play each deal: dealer sits out`).

The modules, in pipeline order: `syntax` (the statements), `rules` (the model records), `build`,
`check` (load-time checks of the whole game), `draw` (the draw for the first dealer), `dealing`
(the cards shuffled, cut and dealt by the packets), `seating` (a deal seen from the whole table
when the dealer sits out) and `mechanic` (the declaration). The table has no phase of its own:
the match runs the draw and the deal before a deal's phases begin.
"""

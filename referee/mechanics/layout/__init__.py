"""Layout play: a contract that `plays layout` builds a column per suit from a
starting rank, up and down one rank at a time; a player who cannot place a card passes, and the
order in which players go out may score (`score by finishing order`).

One of the two ways the `play` phase runs (the other is trick play, `mechanics/tricks`). The
modules: `syntax`, `rules` (`LayoutRules`, a contract's layout rules, typed),
`build`, `compiled` (the tables the phase runs on), `state` (per deal), `phase` (moves, push,
random play, ruling) and `mechanic` (the declaration).
"""

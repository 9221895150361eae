"""Trick play: the play duty (follow suit, trump, discard, any card), trumps fixed or named, the
duties to head and to overtrump, the first lead, who wins a trick, early ends, lead restrictions
and bans on the first trick, and the scores for tricks and cards taken, with the moon.

One of the two ways the `play` phase runs (the other is layout play, `mechanics/layout`). The
modules: `syntax`, `rules` (`TrickRules`, a contract's trick-play rules, typed), `build`,
`compiled` (the contract compiled for play), `state` (per deal), `phase` (moves, push, ruling,
the fused random loop), `score` and `mechanic` (the declaration).
"""

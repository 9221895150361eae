"""Claims and concessions in trick play: "the rest are mine" ruled by the rules themselves.

The modules: `syntax` (the claim rule's statement), `rules` (its model record, `Game.claims`),
`build`, `solver` (the search over every continuation with all hands open), `ruling` (a claim's
verdict, its counter-line and the adjusted result) and `mechanic` (the declaration).
"""

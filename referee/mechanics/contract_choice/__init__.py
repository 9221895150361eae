"""The contract choice: a player names the contract of the deal (and, where the contract lets
him, its trump suit or its starting rank), as `contract chosen by eldest|dealer` says, perhaps
each contract once over the match (`each player chooses each contract once`).

Its phase also runs in games without a choice, where the match's order fixes the contract and
the dealer names only its trumps. The modules: `syntax`, `rules` (the model record,
`Game.contract_choice`), `build`, `phase` (moves, push, ruling), `mechanic` (the declaration).
"""

"""The mechanics of card games, one package each: everything one mechanic means, from its
statements in the rules language to its phase in a deal.

A mechanic package holds, in this order of the pipeline:

- `syntax.py`: the nodes of its statements, each shape declared once with the reader that makes
  it from the parse tree (`referee.front.syntax.statement_node`);
- `rules.py`: its model record, the frozen values a `Game` holds for it (one typed field);
- `build.py`: how each of its statements becomes that record, with the load-time errors;
- `check.py`: the checks of the whole game that only it can make;
- `state.py`: its typed per-deal state, one slot of `Deal`;
- `phase.py`: its phase: the legal moves, an unchecked push, and the ruling with its clauses;
- `mechanic.py`: its declaration (`base.Mechanic`), which ties these together.

The framework (`referee.front`, `referee.model`, `referee.interpreter`) knows no mechanic: it finds
them through `registry.MECHANICS`. This file imports nothing, so that a model record can be
imported without the mechanic's phase.
"""

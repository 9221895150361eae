"""Auction games compiled for play: the bid ladder, special bids, the talon, the defence, the
contract values and how a deal is settled. All of it read from the model's cited statements."""

from __future__ import annotations

from dataclasses import dataclass

from ..model.game import Game

__all__ = ["AuctionRules", "Settle", "compile_auction"]


@dataclass(frozen=True)
class Settle:
    """One `settle WHO: ACCOUNT plus|minus AMOUNT [against declarer]` statement."""

    who: str
    account: str
    sign: int
    amount: tuple
    """("amount_value",), ("amount_tricks_value",), ("amount_fixed", n[, from_hand]), ("amount_nothing",)."""
    against_declarer: bool
    clause: str


@dataclass(frozen=True)
class AuctionRules:
    ladder: tuple[tuple[int, str], ...]
    """(bid number, contract) from low to high."""
    ladder_clause: str
    specials: tuple[tuple[str, str, frozenset[str], str], ...]
    """(name, title, flags, clause) of bids off the ladder, such as igra."""
    rules: dict[str, str]
    """bid rule word -> clause."""
    all_pass: tuple[tuple[str, ...], str] | None
    talon: dict[str, str]
    targets: dict[str | None, tuple[str, int, str]]
    """contract (None for all) -> ("at_least"|"at_most", tricks, clause)."""
    defence: dict[tuple[str | None, str], tuple[int | None, str]]
    """(contract or None, word) -> (number, clause)."""
    values: dict[str, tuple[int, int | None, str]]
    """contract -> (value, value from hand, clause)."""
    refe: tuple[int | None, str, str] | None
    """(limit, clause, account) when all-pass refes double a later contract; the account
    counts each player's unused refes."""
    settles: tuple[tuple[str | None, Settle], ...]
    final: tuple[tuple, str] | None

    def target(self, contract: str) -> tuple[str, int, str]:
        return self.targets.get(contract) or self.targets[None]

    def defence_rule(self, word: str, contract: str | None) -> tuple[int | None, str] | None:
        return self.defence.get((contract, word)) or self.defence.get((None, word))

    def settle_rules(self, who: str, contract: str) -> list[Settle]:
        """Scoped rules for `who` replace the game-wide ones."""
        scoped = [s for scope, s in self.settles if scope == contract and s.who == who]
        return scoped or [s for scope, s in self.settles if scope is None and s.who == who]

    def ladder_index(self, contract: str) -> int:
        for i, (_, cid) in enumerate(self.ladder):
            if cid == contract:
                return i
        return -1


def compile_auction(game: Game) -> AuctionRules | None:
    ladder = game.feature("bid_ladder")
    if not ladder:
        return None
    steps = tuple(ladder[0].value[1:])
    specials = tuple((v.value[1], v.value[2], frozenset(v.value[3:]), v.clause) for v in game.feature("bid_special"))
    rules = {c.value[1]: c.clause for c in game.feature("bid_rule")}
    all_pass = next(((tuple(c.value[1:]), c.clause) for c in game.feature("all_pass")), None)
    talon = {c.value[1]: c.clause for c in game.feature("talon_rule")}
    targets = {c.value[0]: (c.value[1], c.value[2], c.clause) for c in game.feature("declarer_target")}
    defence = {(c.value[0], c.value[1]): (c.value[2] if len(c.value) > 2 else None, c.clause)
               for c in game.feature("defence_rule")}
    values = {c.value[1]: (c.value[2], c.value[3] if len(c.value) > 3 else None, c.clause)
              for c in game.feature("score_contract")}
    refe = next(((c.value[2] if len(c.value) > 2 else None, c.clause, c.value[1])
                 for c in game.feature("refe_rule")), None)
    settles = []
    for cited in game.feature("settle"):
        scope, who, account, sign, amount, *against = cited.value
        settles.append((scope, Settle(who, account, 1 if sign == "plus" else -1, amount, bool(against),
                                      cited.clause)))
    final = next(((c.value[1:], c.clause) for c in game.feature("final_score")), None)
    return AuctionRules(steps, ladder[0].clause, specials, rules, all_pass, talon, targets, defence,
                        values, refe, tuple(settles), final)

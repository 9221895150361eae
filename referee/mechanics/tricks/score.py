"""What trick play scores: the contract's per-trick and per-card scores, each in the account its
rule names, and the moon (one player takes all its cards)."""

from __future__ import annotations

from ...i18n import N_
from ...verdicts import ScoreLine
from .compiled import TrickScore
from .phase import TrickDeal

__all__ = ["taken_lines", "all_taken_lines"]


def taken_lines(deal: TrickDeal, without: frozenset[int] = frozenset()) -> list[ScoreLine]:
    """Per seat, the points of the contract's `per trick` and `per card` scores, each in the
    account its rule names; the cards `without` score nothing (a moon's, shot)."""
    contract, state, codes = deal.contract, deal.tricks, deal.table.codes
    if state is None:  # a contract played otherwise (a layout) takes no trick and no card
        return []
    winners = state.trick_winners
    per_card = contract.per_card
    if without:
        per_card = tuple((points, cards - without, *rest) for points, cards, *rest in per_card)
    lines: list[ScoreLine] = []
    if contract.no_trick or contract.fewest:
        lines += _trick_count_lines(contract.no_trick, contract.fewest, state.tricks_won)
    for seat, taken in enumerate(state.taken):
        for points, clause, last, number, account in contract.per_trick:
            if number is not None:
                n = int(len(winners) >= number and winners[number - 1] == seat)
            else:
                n = state.tricks_won[seat] if last is None else winners[-last:].count(seat)
            if n:
                lines.append(ScoreLine(seat, points * n, account,
                                       N_("{points} for {tricks} trick taken at {each} each"),
                                       (("points", points * n), ("tricks", n), ("each", points)),
                                       (clause,), N_("{points} for {tricks} tricks taken at {each} each"),
                                       "tricks"))
        if not taken:  # no card taken, nothing scored per card
            continue
        for points, cards, clause, text, account in per_card:
            hit = sorted(cards.intersection(taken))  # a set operation, in C
            if hit:
                lines.append(ScoreLine(seat, points * len(hit), account,
                                       N_("{points} for {cards} ({cardset}) at {each} each"),
                                       (("points", points * len(hit)),
                                        ("cards", " ".join([codes[c] for c in hit])),
                                        ("cardset", text), ("each", points)), (clause,)))
    return lines


def all_taken_lines(deal: TrickDeal) -> list[ScoreLine] | None:
    """Shooting the moon: when one player has taken all the moon's cards, what they score gives
    way to the stated scores, and every other score stands (None when nobody has)."""
    taker_score, other_score, cards, clause = deal.contract.all_taken
    if deal.tricks is None:
        return None
    taker = next((s for s in range(deal.table.players) if cards and cards <= set(deal.tricks.taken[s])), None)
    if taker is None:
        return None
    account = deal.game.primary_account
    out = []
    for seat in range(deal.table.players):
        points = taker_score if seat == taker else other_score
        out.append(ScoreLine(seat, points, account,
                             N_("{points}: seat {taker} took every scoring card") if seat != taker else
                             N_("{points} for taking every scoring card"),
                             (("points", points), ("taker", taker)), (clause,)))
    return out + taken_lines(deal, without=cards)


def _trick_count_lines(no_trick: tuple[TrickScore, ...], fewest: tuple[TrickScore, ...],
                       won: list[int]) -> list[ScoreLine]:
    """The scores that count who took how many tricks: a point for taking none (`score N for no
    trick`), and what the players with the fewest write on each other player for each trick he
    took (`fewest tricks write N per trick of each other player in ACCOUNT`)."""
    lines: list[ScoreLine] = []
    for points, clause, _last, _number, account in no_trick:
        for seat, count in enumerate(won):
            if count == 0:
                lines.append(ScoreLine(seat, points, account, N_("{points} for taking no trick"),
                                       (("points", points),), (clause,)))
    low = min(won)
    for points, clause, _last, _number, account in fewest:
        for seat, count in enumerate(won):
            if count != low:
                continue
            for other, taken in enumerate(won):
                if taken > low:
                    lines.append(ScoreLine(seat, points * taken, account,
                                           N_("{points} on seat {other}, who took {tricks} tricks at {each} each"),
                                           (("points", points * taken), ("other", other), ("tricks", taken),
                                            ("each", points)), (clause,), against=other))
    return lines

"""`referee claim`: a director's ruling on a claim or a concession at a position of a recorded deal.

The transcript is replayed to the position (as `legal` and `explain` do), the claim is ruled by
the game's claim rule (`referee.mechanics.claims`), and the answer shows the ruling with its
clause, the tricks the side is credited with and, for a claim that fails, the line of play that
beats it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import i18n, presentation
from .director import Position, replay
from .errors import Phrase, UsageError
from .i18n import N_
from .interpreter.deal import Deal
from .judge import Judgement
from .mechanics.claims.rules import Unstated
from .mechanics.claims.ruling import ClaimRuling, read_claim, rule_on_claim
from .mechanics.table.seating import SeatedDeal
from .verdicts import cite

__all__ = ["ClaimView", "claim_at"]

_LINE = N_("Line of play: {line}")
_STEP = N_("seat {seat}: {card}")
_CREDITED = N_("Tricks credited to the claimer's side: {tricks} of {left}")
_CREDITED_POINTS = N_("Points credited to the claimer's side: {points}")
_SEARCHED = N_("Positions searched: {nodes}")


@dataclass(frozen=True)
class ClaimView:
    judgement: Judgement
    where: tuple[int, int]
    ruling: ClaimRuling
    seats: tuple[int, ...] | None
    """The table seat of each seat of the deal, when the dealer sits out (else None)."""

    @property
    def exit_status(self) -> int:
        """0 the claim holds (or the concession stands), 1 it fails, 2 the search did not decide."""
        if not self.ruling.decided:
            return 2
        return 0 if self.ruling.holds else 1

    def _seat(self, local: int) -> int:
        return self.seats[local] if self.seats is not None else local

    def _line(self, lang: str) -> str:
        """The line of play, trick by trick: `seat 3: 4♥, seat 4: 5♥, ... / seat 2: 4♣, ...`."""
        game, live = self.judgement.game, self.judgement.in_play
        assert live is not None
        step = i18n.gettext(lang, _STEP)
        players = len(self.seats) if self.seats is not None else live.table.players
        on_table = len(live.trick)
        parts, trick = [], []
        for seat, card in self.ruling.line:
            trick.append(step.format(seat=presentation.seat(self._seat(seat)),
                                     card=presentation.card(live.table.codes[card], lang, game)))
            if len(trick) + on_table == players:
                parts.append(", ".join(trick))
                trick, on_table = [], 0
        if trick:
            parts.append(", ".join(trick))
        return " / ".join(parts)

    def text(self, lang: str = "en") -> str:
        game, ruling = self.judgement.game, self.ruling
        verdict = ruling.verdict
        lines = [verdict.text(lang, game) + " [" + cite(game, verdict.clauses, lang, human=True) + "]"]
        if ruling.decided and ruling.line and not (ruling.holds and not ruling.claim.concede):
            lines.append(i18n.gettext(lang, _LINE).format(line=self._line(lang)))
        if ruling.decided and ruling.claim.points:
            lines.append(i18n.gettext(lang, _CREDITED_POINTS).format(points=ruling.credited))
        elif ruling.decided:
            lines.append(i18n.gettext(lang, _CREDITED).format(tricks=ruling.credited, left=ruling.left))
        lines.append(i18n.gettext(lang, _SEARCHED).format(nodes=ruling.nodes))
        return "\n".join(lines)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        ruling, game = self.ruling, self.judgement.game
        table = self.judgement.in_play
        assert table is not None
        return {"format": "referee-claim/1", "deal": self.where[0] + 1, "action": self.where[1] + 1, "seat": self._seat(ruling.claim.seat),
                "claim": {"tricks": ruling.claim.tricks, "concede": ruling.claim.concede,
                          "at_most": ruling.claim.at_most, "points": ruling.claim.points,
                          "line": [table.table.codes[c] for c in ruling.claim.line]},
                "decided": ruling.decided, "holds": ruling.holds, "left": ruling.left, "worst": ruling.worst,
                "credited": ruling.credited, "nodes": ruling.nodes,
                "line": [{"seat": self._seat(s), "card": table.table.codes[c]} for s, c in ruling.line],
                "verdict": ruling.verdict.to_json(game, lang)}


def claim_at(data: dict[str, Any], position: Position, seat: int, words: tuple[str, ...], *, concede: bool = False,
             unstated: Unstated | None = None, base: Path | None = None, settings: dict[str, str] | None = None,
             rules_file: str | Path | None = None, budget: int = 1_000_000,
             progress: Callable[[int], None] | None = None) -> ClaimView:
    """Rule on a claim (or concession) by table seat `seat` (counted from 0) at `position` of the
    transcript `data`: `words` as a recorded claim writes them (`3 AS KS`, `rest`, `read_claim`)."""
    judgement, where = replay(data, position, base, settings, rules_file)
    live = judgement.in_play
    if live is None or not judgement.legal:
        raise UsageError(Phrase("the transcript does not reach that position with every action legal, so no "
                                "claim can be ruled there: name an earlier position with --at"))
    deal: Deal
    seats: tuple[int, ...] | None = None
    if isinstance(live, SeatedDeal):
        assert isinstance(live.inner, Deal), "a seated deal wraps a deal"
        deal, seats, found = live.inner, live.seats, live.local_seat(seat)
        if found is None:
            raise UsageError(Phrase("seat {seat} sits out this deal and takes no part in it", seat=seat + 1))
        local = found
    else:
        deal, local = live, seat
    ruling = rule_on_claim(deal, read_claim(deal, local, words, concede), judgement.game.claims, unstated=unstated,
                           budget=budget, progress=progress)
    return ClaimView(judgement, where, ruling, seats)

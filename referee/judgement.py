"""What the referee ruled on one transcript: the `Judgement` a replay makes (`referee.replay`),
as plain typed data. It is shown for people and for programs by `referee.report`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from .interpreter import Deal, Match, MatchResult, Remaining
from .mechanics.table.seating import SeatedDeal
from .model.game import Game
from .verdicts import ScoreLine, Verdict

__all__ = ["Judgement", "Outcome", "DealReport"]


class Outcome(Enum):
    """What the referee rules on a whole transcript."""

    LEGAL = "legal"
    """Every action is legal and every deal is finished (a match cut short after a finished deal
    is legal as far as it goes: `Judgement.remaining` says what it still owes)."""
    ILLEGAL = "illegal"
    """An action, the draw or a deal breaks a rule: `Judgement.illegal` says which."""
    WRONG_SCORE = "wrong_score"
    """The score sheet the transcript wrote differs from the rules' totals (no action is illegal)."""
    UNFINISHED = "unfinished"
    """Every action is legal, but the last deal stops before its end."""


@dataclass
class DealReport:
    number: int
    dealer: int
    contract: str | None = None
    bid: str | None = None
    """On a ladder of levels, the bid the declarer named (`7S`): the level his contract is played at."""
    actions_judged: int = 0
    finished: bool = False
    ended_early: str | None = None
    declarer: int | None = None
    cancelled: bool = False
    upcards: list[str] = field(default_factory=list)
    cut: int | None = None
    """The seat that cut the pack before the deal (`cut by ... neighbour`), or None: no cut."""
    scores: list[ScoreLine] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    accounts: dict[str, list[int]] = field(default_factory=dict)
    """Every account after the deal (per-opponent accounts as the total each seat wrote)."""
    tricks: list[int] = field(default_factory=list)
    """Tricks taken per seat (zero in a deal without tricks)."""
    taken: list[list[str]] = field(default_factory=list)
    """Cards taken in tricks per seat, in the order taken."""
    sheet_checked: bool = False
    """The transcript wrote the score sheet after this deal, and it agrees with the referee's."""
    claims: list[Verdict] = field(default_factory=list)
    """The ruling on each claim or concession recorded in the deal (one ends its play)."""
    session: list[Verdict] = field(default_factory=list)
    """The session's rulings before the deal: in a timed session, a broken player buying back."""


@dataclass
class Judgement:
    """Everything the referee ruled on one transcript."""

    game: Game
    legal: bool = True
    wrong_score: bool = False
    """The first verdict against the transcript is on its score sheet, not on an action."""
    illegal: Verdict | None = None
    where: str | None = None
    """Where the illegal action stands: `deals[0].actions[12]`."""
    notes: list[Verdict] = field(default_factory=list)
    deals: list[DealReport] = field(default_factory=list)
    match: MatchResult | None = None
    seats: list[str] = field(default_factory=list)
    remaining: Remaining | None = None
    """What a match cut short still owes (every action legal, the match not over)."""
    table: Match | None = None
    """The match as the replay left it (`referee.interpreter.Match`): the live state."""
    in_play: Deal | SeatedDeal | None = None
    """The deal the replay stopped in before its end (`referee.interpreter.Deal`), else None."""
    kind: Outcome = Outcome.LEGAL
    """What the referee rules on the transcript, set by the replay as it goes: illegal or a wrong
    score at the first verdict against it, unfinished when the last deal stops before its end."""
    rules_shown: str | None = None
    """The rules file as the user named it (`--rules FILE`, or the transcript's `"rules"`), else
    the shipped file's own name: never a path of the machine that judged."""

    @property
    def rules_file(self) -> str:
        """The rules judged under, as `--json` names them (`rules_shown`)."""
        return self.rules_shown or Path(self.game.path).name

    def __repr__(self) -> str:
        """Short, for a REPL: the outcome, where and by which clauses (the dataclass's own is 20,000
        characters for one deal)."""
        at = f" at {self.where} ({', '.join(self.illegal.clauses)})" if self.illegal is not None else ""
        return f"<Judgement {self.game.id}: {self.verdict}{at}, {len(self.deals)} deal{'' if len(self.deals) == 1 else 's'} judged>"

    @property
    def exit_status(self) -> int:
        """As `referee judge` exits: 0 every action legal, 1 an illegal action or a wrong score."""
        return 0 if self.legal else 1

    @property
    def outcome(self) -> Outcome:
        """The kind of the judgement (`kind`)."""
        return self.kind

    @property
    def verdict(self) -> str:
        """The outcome's word, as `judge --json` writes it."""
        return self.outcome.value

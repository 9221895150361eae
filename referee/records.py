"""A recorded deal or match read from a file in either format: the deal notation (`.deal`) or a
JSON transcript, whole (`read_deal_file`) or walked action by action (`Transcript`). It sits
above both readers, which know nothing of each other."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .engine.table import Action
from .interpreter import Deal
from .judge import start_replay
from .judgement import Judgement
from .mechanics.table.seating import SeatedDeal
from .replay import RecordedDeal, Replay
from .transcript import TranscriptStream, load_transcript, validate_transcript
from .verdicts import Verdict

__all__ = ["read_deal_file", "Transcript", "Step"]


def read_deal_file(path: str | Path, *, rules_file: str | Path | None = None,
                   settings: dict[str, str] | None = None) -> dict[str, Any]:
    """Read a recorded deal or match into a transcript: a `.deal` file in the deal notation
    (`referee.notation`, checked against the game under `rules_file` and `settings`, the
    `--rules` and `--param` of the command line), anything else as JSON (`load_transcript`).
    Either way the result is a validated `referee-transcript/1` dict."""
    if Path(path).suffix.lower() == ".deal":
        # On demand: the notation's reader needs Lark, which a JSON judge of a kept game never loads.
        from .notation import read_deal_path

        return read_deal_path(path, rules_file=rules_file, settings=settings)
    return load_transcript(path)


@dataclass(frozen=True)
class Step:
    """One recorded action as the referee ruled on it, numbered as the command line numbers
    positions (`referee.at`): `referee explain FILE --at {step.at}` explains it, and
    `referee legal FILE --at {step.at}` shows the position before it."""

    deal: int
    """The deal, from 1."""
    number: int
    """The action within its deal, from 1."""
    seat: int
    """The seat that took it, from 0 (as transcripts write seats)."""
    action: Action
    verdict: Verdict
    """The ruling on it, citing its clauses; an illegal one ends the walk (it is not applied)."""
    state: Deal | SeatedDeal = field(repr=False, compare=False)
    """The deal as the replay holds it: live, it moves on with the walk (`position()` does not)."""
    moves: int = field(repr=False, compare=False)
    """The moves the deal had taken after this action (a claim plays out several)."""

    @property
    def at(self) -> str:
        """The position of the action as `--at` writes it: ``2.7``."""
        return f"{self.deal}.{self.number}"

    @property
    def legal(self) -> bool:
        return self.verdict.legal

    def position(self) -> str:
        """The position after this action (before it, when it is illegal) as a position string
        (`Deal.position`, read back by `referee.from_position`), whenever it is asked."""
        return self.state.position(upto=self.moves)


class Transcript:
    """A recorded deal or match walked action by action through the referee's one replay, with
    the position after each (python-chess's `Game.mainline()` beside `Board`).

    `source` is a file (a JSON transcript or a `.deal` file, read as it is walked: memory holds
    one deal) or a transcript already parsed (a dict). Each iteration walks it from the start;
    the walk stops at the first verdict against it, and `judgement` is then what `judge` rules::

        for step in Transcript("match.deal"):
            print(step.at, step.action, step.verdict.legal)
    """

    def __init__(self, source: str | Path | dict[str, Any], *, rules_file: str | Path | None = None,
                 settings: dict[str, str] | None = None) -> None:
        self.source, self.rules_file, self.settings = source, rules_file, settings
        self.judgement: Judgement | None = None
        """What the referee ruled, once a walk has ended (None before)."""

    def _open(self) -> tuple[Replay, Iterable[RecordedDeal], Callable[[], None]]:
        source = self.source
        if isinstance(source, dict):
            validate_transcript(source)
            header = {k: v for k, v in source.items() if k != "deals"}
            replay = start_replay(header, None, self.settings, self.rules_file)
            return replay, ((deal, None) for deal in source["deals"]), lambda: None
        path = Path(source)
        if path.suffix.lower() == ".deal":
            # On demand, as in `read_deal_file`: the notation's reader needs Lark.
            from .notation import open_deal_path
            replay, deals = open_deal_path(path, rules_file=self.rules_file, settings=self.settings)
            return replay, deals, lambda: None
        stream = TranscriptStream(path)
        try:
            replay = start_replay(stream.header, base=path.parent, settings=self.settings, rules_file=self.rules_file)
        except BaseException:
            stream.close()
            raise
        return replay, ((deal, None) for deal in stream.deals()), stream.close

    def __iter__(self) -> Iterator[Step]:
        replay, deals, close = self._open()
        try:
            for index, entry in replay.walk(deals):
                deal, verdict = replay.deal, replay.verdict
                assert deal is not None and verdict is not None, "a walk yields only actions it ruled on"
                inner = deal.inner if isinstance(deal, SeatedDeal) else deal
                yield Step(replay.number + 1, index + 1, entry["seat"], Action.parse(entry["action"]), verdict,
                           deal, len(inner.history))
        finally:
            close()
        self.judgement = replay.judgement

    def __repr__(self) -> str:
        shown = "a transcript" if isinstance(self.source, dict) else str(self.source)
        return f"<Transcript {shown}: {self.judgement!r}>" if self.judgement else f"<Transcript {shown}>"

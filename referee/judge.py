"""Judge a transcript: replay every action, stop at the first illegal one, score what was played.

The replay itself is `referee.replay.Replay` (one walk for the judge, `legal`, `explain` and the
deal notation); this module finds the rules a transcript names, loads them under its readings,
and feeds the replay the deals: from a file as it is read (`judge_file`), or from a transcript
already in memory (`judge`). The result is a `Judgement` (`referee.replay`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .at import Position, parse_position, until_of
from .errors import Phrase, TranscriptError, UsageError
from .interpreter import unsupported_mechanics
from .judgement import Judgement, Outcome
from .model.game import Game
from .replay import Replay, shown_rules
from .report import FORMAT
from .transcript import TranscriptStream, rules_of, validate_transcript

__all__ = ["Judgement", "Outcome", "judge", "judge_file", "FORMAT"]


def judge_file(path: str | Path, settings: dict[str, str] | None = None,
               rules_file: str | Path | None = None) -> Judgement:
    """Judge a transcript file (JSON, or the deal notation for a `.deal`) as it is read: the
    replay takes each deal as soon as it is read, and stops reading at the first verdict
    against the transcript, so memory holds one deal, not the file."""
    path = Path(path)
    if path.suffix.lower() == ".deal":
        # on demand: the deal notation only for a .deal file
        from .notation import judge_deal_path
        return judge_deal_path(path, rules_file=rules_file, settings=settings)
    stream = TranscriptStream(path)
    try:
        replay = start_replay(stream.header, base=path.parent, settings=settings, rules_file=rules_file)
        return replay.run((deal, None) for deal in stream.deals())
    finally:
        stream.close()


def _load_game(name: str | Path, params: dict[str, str]) -> Game:
    """The game to judge under: a shipped game kept from an earlier build when its files are
    unchanged (`referee.model.cache`), else built from its rules file."""
    # on demand: the kept games only when the caller gives no game
    from .model.cache import load_kept
    return load_kept(name, params)


def _load_with_parameters(name: str | Path, data: dict[str, Any], params: dict[str, str],
                          settings: dict[str, str] | None) -> Game:
    """The game under the transcript's parameters and the command line's; a bad value is
    reported where it was written: `transcript.parameters` or `--param`."""
    try:
        return _load_game(name, params)
    except UsageError as err:
        written = {k: str(v) for k, v in (data.get("parameters") or {}).items()}
        if settings:
            try:
                _load_game(name, written)
            except UsageError:
                pass
            else:
                raise UsageError(Phrase("--param: {error}", error=err.args[0])) from None
        where = "transcript.parameters" if written else ("transcript.game" if "game" in data else "transcript.rules")
        raise TranscriptError(where, err.args[0]) from None


def load_for(header: dict[str, Any], base: Path | None = None, settings: dict[str, str] | None = None,
             rules_file: str | Path | None = None) -> Game:
    """The game a transcript is judged under (its `header`: every field but the deals): the
    rules it names (confined: see `transcript.rules_of`) under its parameters and `settings`."""
    params = {k: str(v) for k, v in (header.get("parameters") or {}).items()}
    params.update(settings or {})
    return _load_with_parameters(rules_of(header, base, rules_file), header, params, settings)


def start_replay(header: dict[str, Any], base: Path | None = None, settings: dict[str, str] | None = None,
                 rules_file: str | Path | None = None, game: Game | None = None, *, strict: bool = True) -> Replay:
    """A replay of the transcript whose fields but the deals are `header`, under `game` (else
    the game it names, loaded by `load_for`)."""
    if game is None:
        game = load_for(header, base, settings, rules_file)
    missing = unsupported_mechanics(game)
    if missing:
        # The game as its parameters make it, not the number of players, is what cannot run.
        raise TranscriptError("transcript.parameters" if header.get("parameters") else
                              ("transcript.game" if "game" in header else "transcript.rules"),
                              Phrase("this referee cannot run {mechanics} yet", mechanics=", ".join(missing)))
    replay = Replay(game, header, strict=strict)
    replay.judgement.rules_shown = shown_rules(header, rules_file)
    return replay



def judge(data: dict[str, Any], base: Path | None = None, settings: dict[str, str] | None = None,
          rules_file: str | Path | None = None, validated: bool = False,
          at: Position | str | None = None, game: Game | None = None) -> Judgement:
    """Judge a transcript given as parsed JSON (under `rules_file`, when given, whatever it names;
    `validated`: the caller has already checked it against the schema).

    `at` stops the replay at a position, numbered as the command line's `--at` (`referee.at`):
    ``"2.7"`` (or ``Position(2, 7)``) before action 7 of deal 2, ``"2"`` at the end of deal 2,
    leaving the state there in the judgement (`in_play`).
    `game`: judge under this game already loaded (its parameters as chosen), not the one named.
    """
    if not validated:
        validate_transcript(data)
    header = {k: v for k, v in data.items() if k != "deals"}
    replay = start_replay(header, base, settings, rules_file, game)
    position = parse_position(at) if isinstance(at, str) else at
    until = until_of(position) if position is not None else None
    return replay.run(((deal, None) for deal in data["deals"]), until=until)

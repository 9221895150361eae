"""A recorded deal or match read from a file in either format: the deal notation (`.deal`) or a
JSON transcript. It sits above both readers, which know nothing of each other."""

from __future__ import annotations

from pathlib import Path

from .transcript import load_transcript

__all__ = ["read_deal_file"]


def read_deal_file(path: str | Path, *, rules_file: str | Path | None = None,
                   settings: dict | None = None) -> dict:
    """Read a recorded deal or match into a transcript: a `.deal` file in the deal notation
    (`referee.notation`, checked against the game under `rules_file` and `settings`, the
    `--rules` and `--param` of the command line), anything else as JSON (`load_transcript`).
    Either way the result is a validated `referee-transcript/1` dict."""
    if Path(path).suffix.lower() == ".deal":
        # On demand: the notation's reader needs Lark, which a JSON judge of a kept game never loads.
        from .notation import read_deal_path

        return read_deal_path(path, rules_file=rules_file, settings=settings)
    return load_transcript(path)

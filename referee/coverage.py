"""Which lines of each source a game's clauses cite, and which are listed as not encoded."""

from __future__ import annotations

from .model.game import Game

__all__ = ["line_coverage", "uncovered_lines"]


def line_coverage(game: Game) -> dict[str, dict[int, list[str]]]:
    """source id -> line -> IDs of the clauses citing it (`uncovered:` entries for listed lines)."""
    out: dict[str, dict[int, list[str]]] = {sid: {n: [] for n in range(1, s.lines + 1)}
                                            for sid, s in game.sources.items()}
    for clause in game.clauses.values():
        for cite in clause.provenance.citations:
            for line in range(cite.first, cite.last + 1):
                out[cite.source][line].append(clause.id)
    for cite, _reason in game.uncovered:
        for line in range(cite.first, cite.last + 1):
            out[cite.source][line].append("uncovered")
    return out


def uncovered_lines(game: Game) -> list[str]:
    """`source:line` for every line neither cited nor listed as deliberately not encoded."""
    return [f"{sid}:{line}" for sid, lines in line_coverage(game).items()
            for line, who in lines.items() if not who]

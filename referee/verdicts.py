"""Verdicts: what the referee rules on an action, a deal or a match, and the clauses behind it.

A verdict carries a message template (an English msgid, translated through the `referee`
gettext catalogs) with its values, and the IDs of the clauses that decide it. Rendering it
with a `Game` adds each clause's source lines, so the reader sees e.g.
"K3.1 (003_e21bac2628eec2a5.txt:3)".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import i18n, presentation
from .i18n import N_

if TYPE_CHECKING:  # for the annotations only: a verdict is read without the model's modules
    from .model.game import Game

__all__ = ["Verdict", "ScoreLine", "cite"]


def _localised(values: Iterable[tuple[str, str | int]], lang: str, game: Game | None = None,
               names: Sequence[str] = ()) -> dict[str, str | int]:
    """Message values as a reader sees them (`referee.presentation`): seats counted from 1 (with
    the player's name when the transcript gives names), cards as rank and suit symbol, actions and
    titles in the reader's language."""
    return {k: presentation.value(k, v, lang, game, names) for k, v in values}


def cite(game: Game | None, clause_ids: Iterable[str], lang: str = "en", human: bool = False, titles: bool = False) -> str:
    """Clause IDs with the source lines or supplement kind behind each: by file name
    (`K3.1 (003_e21bac2628eec2a5.txt:3)`, the machine form of --json), or for people by the
    source's title (`K3.1 (TITLE OF THE SOURCE, line 3)`), with `titles` each clause's title
    after its ID where the line has room for it (`K3.1 Following suit (...)`)."""
    parts = []
    for cid in dict.fromkeys(clause_ids):
        clause = game.clauses.get(cid) if game is not None else None
        if game is None or clause is None:
            parts.append(cid)
            continue
        by_source: dict[str, list[str]] = {}
        count: dict[str, int] = {}
        for c in clause.provenance.citations:
            span = str(c.first) if c.first == c.last else f"{c.first}-{c.last}"
            name = game.sources[c.source].filename
            by_source.setdefault(name, []).append(span)
            count[name] = count.get(name, 0) + c.last - c.first + 1
        if human:
            # "line" or "lines" as a label (not a count agreeing with a number): two messages.
            lines = [i18n.gettext(lang, N_("{source}, line {lines}") if count[name] == 1
                                  else N_("{source}, lines {lines}")).format(
                source=presentation.source_info(name, lang)[0], lines=",".join(spans))
                for name, spans in by_source.items()]
        else:
            lines = [f"{name}:{','.join(spans)}" for name, spans in by_source.items()]
        kind = clause.provenance.kind
        if kind != "source":
            lines.append(i18n.gettext(lang, kind))
        named = f"{cid} {i18n.gettext(lang, clause.title)}" if human and titles and clause.title else cid
        parts.append(f"{named} ({'; '.join(lines)})" if lines else named)
    return ", ".join(parts)


@dataclass(frozen=True)
class Verdict:
    """The referee's ruling on one action (legal or not)."""

    legal: bool
    message: str
    """English message template with `{name}` placeholders (the gettext msgid)."""
    values: tuple[tuple[str, str | int], ...] = ()
    clauses: tuple[str, ...] = ()
    seat: int | None = None
    action: str | None = None

    def text(self, lang: str = "en", game: Game | None = None, names: Sequence[str] = ()) -> str:
        """The ruling in words, in `lang` (`names`: the players' names by seat)."""
        return i18n.gettext(lang, self.message).format(**_localised(self.values, lang, game, names))

    def describe(self, game: Game | None = None, lang: str = "en", names: Sequence[str] = (), titles: bool = False) -> str:
        """The verdict for people, its clauses cited (with their titles if `titles`)."""
        text = self.text(lang, game, names)
        if self.clauses:
            text += " [" + cite(game, self.clauses, lang, human=True, titles=titles) + "]"
        return text

    def to_json(self, game: Game | None = None, lang: str = "en") -> dict[str, Any]:
        """The ruling as `--json` writes it: legal, seat, action, message, clauses, citations, links."""
        # on demand: the book's links only for --json
        from .links import book_page, clause_url

        page = book_page(game) if game is not None else None
        return {"legal": self.legal, "seat": self.seat, "action": self.action,
                "message": self.text(lang, game), "clauses": list(self.clauses),
                "citations": cite(game, self.clauses, lang) if game else None,
                "links": [clause_url("", c, lang, page) for c in self.clauses] if page else []}


@dataclass(frozen=True, init=False)
class ScoreLine:
    """Points written to one seat, with the clauses that produce them."""

    seat: int
    points: int
    account: str
    message: str
    values: tuple[tuple[str, str | int], ...] = ()
    clauses: tuple[str, ...] = ()
    plural: str | None = None
    """The plural msgid, when the message counts something (`count` names the value)."""
    count: str | None = None
    against: int | None = None
    """For an account kept per opponent: the seat the points are written against."""

    def __init__(self, seat: int, points: int, account: str, message: str,
                 values: tuple[tuple[str, str | int], ...] = (), clauses: tuple[str, ...] = (),
                 plural: str | None = None, count: str | None = None, against: int | None = None) -> None:
        # Every settled deal writes several lines: one dictionary update instead of a frozen
        # dataclass's setattr per field makes a line about twice as cheap; it stays frozen.
        self.__dict__.update(seat=seat, points=points, account=account, message=message, values=values,
                             clauses=clauses, plural=plural, count=count, against=against)

    @property
    def counterpart(self) -> int | None:
        """The seat the points are written against: the opponent of a per-opponent account, else
        the other seat the line names (who pays a bonus, who is paid it, the partner of a double)."""
        if self.against is not None:
            return self.against
        return next((v for k, v in self.values if k in presentation.SEAT_KEYS and k != "seat"
                     and isinstance(v, int) and not isinstance(v, bool) and v != self.seat), None)

    def text(self, lang: str = "en", game: Game | None = None, names: Sequence[str] = ()) -> str:
        values = _localised(self.values, lang, game, names)
        if self.plural and self.count:
            template = i18n.ngettext(lang, self.message, self.plural, int(dict(self.values)[self.count]))
        else:
            template = i18n.gettext(lang, self.message)
        return template.format(**values)

"""How verdicts show their values to people: cards, seats, actions and positions.

The referee's machine forms (card codes such as ``4C``, seats counted from 0, JSON paths such
as ``deals[0].actions[3]``) stay in transcripts and in ``--json``; a reader sees ``4♣``, seat 1
for the first seat, and "deal 1, action 4". Rank letters are translated through the catalogs,
so a Polish reader sees ``D♠`` (dama) where an English one sees ``Q♠``. The suit symbols come
from the game's own deck declaration when a game is given.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from . import i18n
from .i18n import N_, NC_
from .resources import sources_dir

if TYPE_CHECKING:  # for the annotations only: the model imports far more than a message needs
    from .model.game import Game

__all__ = ["card", "cards", "suit_symbol", "seat", "action", "position", "value", "source_info", "source_glosses", "SEAT_KEYS",
           "cardset", "source_table"]

# The keys of verdict values that hold a seat number or a card code (see Verdict.values).
SEAT_KEYS = frozenset({"seat", "turn", "recorded", "payer", "holder", "winner", "dealer", "declarer",
                       "receiver", "taker", "other"})
CARD_KEYS = frozenset({"card", "cards"})
SUIT_KEYS = frozenset({"suit"})

_SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
# Rank letters as each country's players write them; the msgids keep the letter after the colon.
_RANK_LETTERS = {"J": N_("rank letter: J"), "Q": N_("rank letter: Q"), "K": N_("rank letter: K"),
                 "A": N_("rank letter: A")}
_ACTIONS = {
    "play": N_("play {card}"), "give": N_("pass on {card}"), "pass": N_("pass"), "choose": N_("choose {contract}"),
    "bid": N_("bid {bid}"), "discard": N_("discard {cards}"), "declare": N_("declare {contract}"),
    "defend": N_("defend"), "defend_half": N_("defend half (half-whist)"),
    "defend_openly": N_("defend with open cards (both hands of the defence face up)"),
    "defend_closed": N_("defend with closed cards (each defender plays his own hand)"), "blind": N_("bet blind"), "open": N_("open with {chips}"),
    "call": N_("call"), "raise": N_("raise by {chips}"), "fold": N_("fold"),
    "withdraw": N_("take back chips"),
    "redouble": N_("redouble seat {seat}"), "double_seat": N_("double seat {seat}"),
}
# A pass in betting (staying in without staking) is another word than a pass in an auction or a
# layout in some languages (Croatian: "pas" at the vying table, "dalje" in an auction).
_BETTING_PASS = NC_("betting", "pass")
_CODE = re.compile(r"^(10|[2-9JQKA])([CDHS])$")


def _suit_symbols(game: Game | None) -> dict[str, str]:
    symbols = dict(_SUITS)
    for deck in (game.table.decks if game is not None else {}).values():
        symbols.update({s.code: s.symbol for s in deck.suits if s.symbol})
    return symbols


def suit_symbol(code: str, game: Game | None = None) -> str:
    """A suit's symbol, as the game's deck declares it (``H`` -> ``♥``), else its code."""
    return _suit_symbols(game).get(code, code)


def rank(code: str, lang: str = "en") -> str:
    msgid = _RANK_LETTERS.get(code)
    if msgid is None:
        return code
    shown = i18n.gettext(lang, msgid)
    return code if shown == msgid else shown


def card(code: str, lang: str = "en", game: Game | None = None) -> str:
    """``4C`` -> ``4♣``; ``QS`` -> ``Q♠`` (``D♠`` in Polish). Anything else is left as written."""
    found = _CODE.match(code or "")
    if not found:
        return code
    return rank(found.group(1), lang) + _suit_symbols(game).get(found.group(2), found.group(2))


def cards(codes: str | Iterable[str], lang: str = "en", game: Game | None = None) -> str:
    return " ".join(card(c, lang, game) for c in (codes.split() if isinstance(codes, str) else codes))


def seat(number: int) -> int:
    """Seats are numbered from 0 in transcripts; people count them from 1."""
    return number + 1


def action(text: str, lang: str = "en", game: Game | None = None) -> str:
    """``play 4C`` -> "play 4♣" in the reader's language; unknown words stay as written."""
    words = str(text).split()
    if words[:1] == ["double"] and len(words) == 2:  # doubling a player, not the contract
        words[0] = "double_seat"
    if words in (["defend", "half"], ["defend", "openly"], ["defend", "closed"]):  # полвиста, в светлую, втёмную
        words = ["_".join(words)]
    if not words or words[0] not in _ACTIONS:
        return str(text)
    kind, args = words[0], words[1:]
    vying = getattr(game, "vying", None) is not None  # in a vying game a pass is always a pass in betting
    template = i18n.gettext(lang, _BETTING_PASS if kind == "pass" and vying else _ACTIONS[kind])
    shown_args = {"card": cards(args, lang, game), "cards": cards(args, lang, game),
                  "contract": i18n.gettext(lang, args[0]) if args else "", "bid": " ".join(args),
                  "chips": " ".join(args),
                  "seat": seat(int(args[0])) if args and args[0].isdigit() and len(args[0]) < 4 else ""}
    if kind in ("choose", "declare") and game is not None and args:
        contract = getattr(game, "contracts", {}).get(args[0])
        if contract is not None:
            shown_args["contract"] = i18n.gettext(lang, contract.title)
    return template.format(**shown_args)


_CARDSET_WORDS = {"rank": N_("every {rank}"), "suit": N_("every {suit}"), "any": N_("any card"),
                  "except": N_("{cards} except {excepted}")}


def cardset(text: str, lang: str = "en", game: Game | None = None) -> str:
    """A set of cards as the rules language writes it (``rank Q except QH``, ``suit H``,
    ``{QS, QD}``) in the reader's words: "every Q except Q♥", "every ♥", "Q♠ Q♦"."""
    _ = lambda m: i18n.gettext(lang, m)  # noqa: E731
    head, sep, tail = str(text).partition(" except ")
    if sep:
        return _(_CARDSET_WORDS["except"]).format(cards=cardset(head, lang, game),
                                                  excepted=cardset(tail, lang, game))
    words = head.split()
    if words[:1] == ["rank"] and len(words) == 2:
        return _(_CARDSET_WORDS["rank"]).format(rank=rank(words[1], lang))
    if words[:1] == ["suit"] and len(words) == 2:
        return _(_CARDSET_WORDS["suit"]).format(suit=_suit_symbols(game).get(words[1], words[1]))
    if words == ["any", "card"]:
        return _(_CARDSET_WORDS["any"])
    return cards(head.replace("{", " ").replace("}", " ").replace(",", " ").split(), lang, game)


def value(key: str, raw: str | int, lang: str = "en", game: Game | None = None, names: Sequence[str] = ()) -> str | int:
    """One verdict value as a reader sees it (`names`: the players' names, seat 0 first, if known)."""
    if key in SEAT_KEYS and isinstance(raw, int) and not isinstance(raw, bool):
        return f"{seat(raw)} ({names[raw]})" if 0 <= raw < len(names) else seat(raw)
    if key in CARD_KEYS and isinstance(raw, str):
        return cards(raw, lang, game)
    if key == "rank" and isinstance(raw, str):
        return rank(raw, lang)
    if key in SUIT_KEYS and isinstance(raw, str):
        return _suit_symbols(game).get(raw, raw)
    if key == "action" and isinstance(raw, str):
        return action(raw, lang, game)
    if key == "cardset" and isinstance(raw, str):
        return cardset(raw, lang, game)
    if key == "contract" and isinstance(raw, str) and game is not None and raw in game.contracts:
        return i18n.gettext(lang, game.contracts[raw].title)
    if isinstance(raw, str):
        return i18n.gettext(lang, raw)
    return raw


_WHERE = re.compile(r"^deals\[(\d+)\](?:\.actions\[(\d+)\]|\.(dealer|hands|talon|upcard|totals|clock)(?:\.(\w+))?)?$")


def position(where: str | None, lang: str = "en") -> str:
    """``deals[0].actions[3]`` -> "deal 1, action 4"; other places keep their path."""
    _ = lambda m: i18n.gettext(lang, m)  # noqa: E731
    if not where:
        return ""
    if where == "draw":
        return _("the draw for the first dealer")
    if where == "first_dealer":
        return _("the first dealer")
    if where == "leaves":
        return _("the player leaving the table")
    found = _WHERE.match(where)
    if not found:
        return where
    deal_no = int(found.group(1)) + 1
    if found.group(2) is not None:
        return _("deal {deal}, action {action}").format(deal=deal_no, action=int(found.group(2)) + 1)
    part = found.group(3)
    if part == "dealer":
        return _("deal {deal}, the dealer").format(deal=deal_no)
    if part == "hands" and found.group(4) is not None:
        return _("deal {deal}, the hand of seat {seat}").format(deal=deal_no, seat=seat(int(found.group(4))))
    if part == "hands":
        return _("deal {deal}, the hands").format(deal=deal_no)
    if part == "talon":
        return _("deal {deal}, the talon").format(deal=deal_no)
    if part == "upcard":
        return _("deal {deal}, the turned card").format(deal=deal_no)
    if part == "totals":
        return _("deal {deal}, the score sheet").format(deal=deal_no)
    if part == "clock":
        return _("deal {deal}, the clock").format(deal=deal_no)
    return _("deal {deal}").format(deal=deal_no)


@functools.cache
def source_table() -> dict[str, dict[str, str]]:
    """Each source document's entry in `rules/sources/sources.toml` (its title and the line on what
    it is), by file name."""
    path = sources_dir() / "sources.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def source_info(filename: str, lang: str = "en") -> tuple[str, str]:
    """(title, what it is) of a source document in the reader's language; the file name and an
    empty line when rules/sources/sources.toml does not describe it."""
    entry = source_table().get(filename, {})
    title, about = entry.get("title"), entry.get("about", "")
    return (i18n.gettext(lang, title) if title else filename), (i18n.gettext(lang, about) if about else "")


@functools.cache
def source_glosses(filename: str) -> tuple[str, ...]:
    """The English gloss of each line of a source document, from rules/sources/<name>.gloss (one
    line per source line; an empty line has no gloss). The book shows each gloss in the reader's
    language, translated through the catalogs, beside a source in another language."""
    path = sources_dir() / (Path(filename).stem + ".gloss")
    if not path.is_file():
        return ()
    return tuple(line.strip() for line in path.read_text(encoding="utf-8").splitlines())

"""Translations of the referee's messages, read from the gettext catalogs under translations/.

The catalogs are plain `.po` files shared with the book; they are read directly (no compiled
`.mo` is needed), and a missing catalog or entry falls back to the English msgid.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

from .resources import repo_root, resource_dir

__all__ = ["gettext", "ngettext", "N_", "NC_", "LANGUAGES", "catalog", "book_language"]

LANGUAGES = ("en", "ru", "pl", "hr")


def book_language() -> str:
    """The language a book page is being built in, for the book's notebooks: `scripts/book`
    runs the notebooks of the Russian, Polish and Croatian books with REFEREE_BOOK_LANG set, so
    that their outputs are in the page's language. English when unset (as under nbval)."""
    lang = os.environ.get("REFEREE_BOOK_LANG", "en")
    return lang if lang in LANGUAGES else "en"


def N_(message: str) -> str:
    """Mark a message for extraction into the catalogs; it is translated when shown."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark a message that needs its own translation in one context (gettext's msgctxt): the
    same English word may take different words in another language, as a pass in an auction
    and a pass in betting do in Croatian. The marked value is GNU gettext's key, the context and
    the message joined by EOT; `gettext` shows the message alone where no translation exists."""
    return f"{context}\x04{message}"


def translations_dir() -> Path:
    """The folder of the gettext catalogs: inside the package when installed, else the checkout's."""
    packaged = resource_dir("translations")
    return packaged if packaged.is_dir() else repo_root() / "translations"


def _unquote(s: str) -> str:
    s = s.strip()
    if len(s) < 2 or not (s.startswith('"') and s.endswith('"')):
        return ""
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s[1:-1])


@functools.cache
def catalog(lang: str, domain: str = "referee") -> dict[str, str | list[str]]:
    """msgid -> msgstr (or list of plural forms) for one language; empty if none."""
    path = translations_dir() / lang / "LC_MESSAGES" / f"{domain}.po"
    if lang == "en" or not path.is_file():
        return {}
    entries: dict[str, str | list[str]] = {}
    current: dict[str, str] = {}
    key = None
    fuzzy = False

    def flush() -> None:
        nonlocal current, fuzzy
        msgid = current.get("msgid")
        if msgid and current.get("msgctxt"):
            msgid = f"{current['msgctxt']}\x04{msgid}"
        if msgid and not fuzzy:
            plurals = [current[k] for k in sorted(current) if k.startswith("msgstr[")]
            if plurals and all(plurals):
                entries[msgid] = plurals
            elif current.get("msgstr"):
                entries[msgid] = current["msgstr"]
        current, fuzzy = {}, False

    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        if not line.strip():
            flush()
            continue
        if line.startswith("#"):
            continue
        match = re.match(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(.*)", line)
        if match:
            if match.group(1) in ("msgctxt", "msgid") and "msgid" in current:
                flush()
            key = match.group(1)
            current[key] = _unquote(match.group(2))
        elif key:
            current[key] += _unquote(line)
    flush()
    return entries


def gettext(lang: str, message: str) -> str:
    found = catalog(lang).get(message)
    if isinstance(found, str):
        return found
    return message.partition("\x04")[2] or message  # a message marked with NC_ shows without its context


_PLURAL_RULES = {
    "ru": lambda n: 0 if n % 10 == 1 and n % 100 != 11 else 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2,
    "hr": lambda n: 0 if n % 10 == 1 and n % 100 != 11 else 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2,
    "pl": lambda n: 0 if n == 1 else 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2,
}


def ngettext(lang: str, singular: str, plural: str, n: int) -> str:
    found = catalog(lang).get(singular)
    if isinstance(found, list):
        index = _PLURAL_RULES.get(lang, lambda k: 0 if k == 1 else 1)(abs(n))
        return found[min(index, len(found) - 1)]
    return singular if n == 1 else plural

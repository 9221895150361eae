"""Search in the Polish and Croatian books: a light stemmer for each, in Python and JavaScript.

Sphinx has no search language for Polish or Croatian and falls back to English, whose stemmer
leaves Polish "lewa" and "lewy" (a trick) as different words. Here each language strips its
common inflectional endings (the longest that leaves a stem of at least three letters), the same
way in the index (Python) and in the reader's browser (the JavaScript made from the same list),
so "lewa", "lewy" and "lewą" all find the pages that speak of tricks. A light stemmer is
deliberately crude: it never merges more than the endings listed below, and a few words whose
stem would meet another word's are given their own (`OWN_STEMS`): the forms of "lewy" (left)
that no form of "lewa" (a trick) shares, such as "po lewej ręce", stem to "lewo", so that a
search for "lewa" no longer lands on the player to the dealer's left.
"""

from __future__ import annotations

import json

from sphinx import search
from sphinx.search import SearchLanguage

__all__ = ["ENDINGS", "OWN_STEMS", "stem", "register"]

MIN_STEM = 3

# Endings of nouns, adjectives and verbs, longest first (the first that fits is removed).
ENDINGS = {
    "pl": ("ościami", "ościach", "owania", "owanie", "ościom", "ością", "ości", "ach", "ami", "ego",
           "emu", "ich", "imi", "ych", "ymi", "iej", "owi", "ów", "om", "em", "ej", "ią", "ie", "ię",
           "ać", "ić", "eć", "ą", "ę", "a", "e", "i", "o", "u", "y"),
    "hr": ("ovima", "evima", "ama", "ima", "ova", "ove", "ovi", "ovu", "eva", "eve", "evi", "oga", "ome",
           "omu", "iju", "om", "em", "og", "oj", "ih", "im", "ti", "a", "e", "i", "o", "u"),
}
# Words stemmed apart from the endings: a form of one word that the endings would give the stem
# of another. Polish "lewy" (left) and "lewa" (a trick) share lewa, lewy, lewą; the rest of the
# adjective's forms are kept apart.
OWN_STEMS = {
    "pl": {form: "lewo" for form in ("lewo", "lewej", "lewego", "lewemu", "lewym", "lewych", "lewymi", "lewe", "lewi")},
    # Croatian g -> z before the plural's -i: "ulozi" (blind bets) is the plural of "ulog".
    "hr": {"ulozi": "ulog", "ulozima": "ulog"},
}
_NAMES = {"pl": "Polish", "hr": "Croatian"}


def stem(lang: str, word: str) -> str:
    word = word.lower()
    if word in OWN_STEMS[lang]:
        return OWN_STEMS[lang][word]
    for ending in ENDINGS[lang]:
        if word.endswith(ending) and len(word) - len(ending) >= MIN_STEM:
            return word[: -len(ending)]
    return word


def _js(lang: str) -> str:
    return f"""
/* A light {_NAMES[lang]} stemmer: referee/booksearch.py makes the index with the same endings. */
var Stemmer = function() {{
  var endings = {json.dumps(list(ENDINGS[lang]), ensure_ascii=False)};
  var own = {json.dumps(OWN_STEMS[lang], ensure_ascii=False)};
  this.stemWord = function(w) {{
    w = w.toLowerCase();
    if (Object.prototype.hasOwnProperty.call(own, w)) return own[w];
    for (var i = 0; i < endings.length; i++) {{
      var e = endings[i];
      if (w.length - e.length >= {MIN_STEM} && w.slice(-e.length) === e) return w.slice(0, -e.length);
    }}
    return w;
  }};
}};
"""


def _language(lang: str) -> type[SearchLanguage]:
    class Light(SearchLanguage):
        language_name = _NAMES[lang]
        js_stemmer_code = _js(lang)

        def init(self, options: object) -> None:
            pass

        def stem(self, word: str) -> str:
            return stem(lang, word)

    Light.lang = lang
    Light.__name__ = Light.__qualname__ = f"Search{_NAMES[lang]}"
    return Light


SEARCH_LANGUAGES = {lang: _language(lang) for lang in ENDINGS}


def register() -> None:
    """Make the languages known to Sphinx's search (it looks them up by code)."""
    for lang, cls in SEARCH_LANGUAGES.items():
        search.languages.setdefault(lang, cls)

"""The sections of a rules file, read from its banner comments (the book's headings and the
catalogs' section titles)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

__all__ = ["section_titles"]


_SECTION = re.compile(r"^#\s*-{3,}\s*([A-Z]+[0-9]+)\.\s+(.*?)\s*-*\s*$")


@functools.cache
def section_titles(path: Path) -> dict[str, str]:
    """The sections of a rules file, from its banner comments: `# --- K1. The table and the deal ---`
    gives {"K1": "The table and the deal"}. A clause belongs to the section named by the first
    component of its ID (K1.3 is in K1). Comments are not part of the rules language, so the
    titles are read from the text, and a file without banners simply has no section headings."""
    titles: dict[str, str] = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        found = _SECTION.match(line)
        if found:
            titles[found.group(1)] = found.group(2)
    return titles

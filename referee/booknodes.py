"""Small docutils node builders shared by the book's directives (`referee.sphinxext`, the
casebook, the check-a-deal page)."""

from __future__ import annotations

from collections.abc import Iterable

from docutils import nodes

__all__ = ["para", "link", "inline", "untranslatable"]


def para(*children: str | nodes.Node, classes: Iterable[str] = ()) -> nodes.paragraph:
    """A paragraph of strings (as text) and nodes."""
    node = nodes.paragraph("", "", *[nodes.Text(c) if isinstance(c, str) else c for c in children])
    node["classes"].extend(classes)
    return node


def link(text: str, uri: str, classes: Iterable[str] = ()) -> nodes.reference:
    node = nodes.reference(text, text, refuri=uri, internal=not uri.startswith("http"))
    node["classes"].extend(classes)
    return node


def inline(text: str, classes: Iterable[str] = ()) -> nodes.inline:
    return nodes.inline(text, text, classes=list(classes))


def untranslatable(found: list[nodes.Node]) -> list[nodes.Node]:
    """Keep Sphinx's page catalogs away from text that referee.i18n has translated already."""
    for top in found:
        for node in top.findall(nodes.TextElement):
            # Not on inline nodes: Sphinx unwraps an inline that has a `translatable` attribute
            # (sphinx.transforms.i18n.RemoveTranslatableInline), and only blocks are extracted.
            if not isinstance(node, nodes.Inline):
                node["translatable"] = False
    return found

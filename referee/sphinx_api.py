"""The book's reference of the Python API (`api-reference` directive): every public name of
`referee` (its `__all__`), with its signature and docstring, and the methods a user calls on the
core objects, generated at build time so that it cannot drift from the code.

The reference is in English (docstrings are not translated), so its text is kept out of the
page catalogs; the page around it is translated as any other.
"""

from __future__ import annotations

import inspect
import re
from typing import Any

import referee

__all__ = ["MEMBERS", "entries", "setup"]

# The methods and properties a user calls on each core object, in the order a session uses them
# (the others serve the referee's own phases and may change).
MEMBERS: dict[str, tuple[str, ...]] = {
    "Game": (),
    "Match": ("draw_for_dealer", "deal_pack", "new_deal", "finish_deal", "totals", "is_over", "result"),
    "Deal": ("legal_moves", "legal_actions", "play", "judge", "push", "undo", "parse_action", "is_over", "result",
             "copy", "position", "start", "show", "draw"),
    "Action": ("parse",),
    "Verdict": ("text", "describe", "to_json"),
    "Judgement": ("outcome", "verdict", "exit_status"),
    "LegalActions": ("count",),
}


def _plain(target: Any) -> str:
    """The parameters and defaults of a signature, without the annotations (they are in the code)."""
    found = inspect.signature(target)
    empty = inspect.Parameter.empty
    plain = found.replace(parameters=[p.replace(annotation=empty) for p in found.parameters.values()
                                      if p.name != "self"], return_annotation=inspect.Signature.empty)
    return str(plain)


def _signature(name: str, obj: Any) -> str:
    if isinstance(obj, property):
        return name
    try:
        return f"{name}{_plain(obj)}"
    except (TypeError, ValueError):
        return name


def entries() -> list[tuple[str, str, list[tuple[str, str]]]]:
    """(signature, docstring, [(member signature, docstring)]) of every public name."""
    out = []
    for name in referee.__all__:
        obj = getattr(referee, name)
        members = []
        for member in MEMBERS.get(name, ()):
            value = inspect.getattr_static(obj, member)
            if isinstance(value, (classmethod, staticmethod)):
                value = getattr(obj, member)
            members.append((_signature("." + member, value), inspect.getdoc(value) or ""))
        if inspect.isclass(obj) and issubclass(obj, Exception):
            signature = f"{name}({', '.join(b.__name__ for b in obj.__bases__)})"
        elif inspect.isclass(obj):
            signature = f"{name}{_class_signature(obj)}"
        else:
            signature = _signature(name, obj)
        out.append((signature, inspect.getdoc(obj) or "", members))
    return out


def _class_signature(cls: type) -> str:
    try:
        shown = _plain(cls)
    except (TypeError, ValueError):
        return ""
    return shown if len(shown) < 100 else "(...)"


def _inline(text: str) -> list[Any]:
    """A docstring paragraph as text with its `code` spans as literals."""
    # Sphinx and docutils only in a book build (the tests read MEMBERS without them)
    from docutils import nodes
    parts: list[Any] = []
    for i, piece in enumerate(re.split(r"``?([^`]+)``?", text)):
        if piece:
            parts.append(nodes.literal(piece, piece) if i % 2 else nodes.Text(piece))
    return parts


def _doc(text: str) -> list[Any]:
    # Sphinx and docutils only in a book build (the tests read MEMBERS without them)
    from docutils import nodes
    out: list[Any] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        if block.lstrip().startswith(">>>"):
            out.append(nodes.literal_block(block, block, language="pycon"))
        elif block:
            out.append(nodes.paragraph("", "", *_inline(" ".join(block.split()))))
    return out


def setup(app: Any) -> dict[str, Any]:
    # Sphinx and docutils only in a book build (the tests read MEMBERS without them)
    from docutils import nodes
    from sphinx.util.docutils import SphinxDirective

    from .booknodes import untranslatable

    class ApiReference(SphinxDirective):
        """Every public name with its signature, docstring and the methods users call."""

        def run(self) -> list[nodes.Node]:
            self.env.note_dependency(str(inspect.getfile(referee)))
            items = nodes.definition_list(classes=["referee-api"])
            for signature, doc, members in entries():
                name = signature.split("(")[0]
                term = nodes.term("", "", nodes.literal(signature, signature), ids=[f"api-{name}"])
                body = nodes.definition("", *_doc(doc))
                if members:
                    inner = nodes.definition_list()
                    for member, member_doc in members:
                        inner += nodes.definition_list_item(
                            "", nodes.term("", "", nodes.literal(name + member, name + member)),
                            nodes.definition("", *_doc(member_doc)))
                    body += inner
                items += nodes.definition_list_item("", term, body)
            # Marked as English in every book: the docstrings are not translated.
            return [nodes.raw("", '<div lang="en">', format="html"), *untranslatable([items]),
                    nodes.raw("", "</div>", format="html")]

    app.add_directive("api-reference", ApiReference)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

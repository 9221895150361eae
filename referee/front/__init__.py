"""The front end: rules text to parse tree, with errors in the language's own terms."""

from .parser import grammar_path, parse_text

__all__ = ["parse_text", "grammar_path"]

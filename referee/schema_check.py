"""The transcript schema checked without `jsonschema`: for Python builds that cannot install it.

`jsonschema` needs `rpds-py`, a compiled extension that the in-browser Python of the book's
"Check a deal" page (Pyodide) does not have. This module checks the keywords the transcript
schema uses (type, const, enum, pattern, minimum, maximum, required, properties,
patternProperties, additionalProperties, items, $ref within the document) and words its errors
as `jsonschema` does, so a verdict on the page and one from `referee judge` say the same thing.
A keyword it does not know is refused when the validator is made, never silently skipped.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field

__all__ = ["SchemaError", "Validator"]

_ANNOTATIONS = {"$schema", "$id", "$defs", "title", "description"}
_KNOWN = _ANNOTATIONS | {"type", "const", "enum", "pattern", "minimum", "maximum", "required", "properties",
                         "patternProperties", "additionalProperties", "items", "$ref"}
_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: (isinstance(v, int) and not isinstance(v, bool))
    or (isinstance(v, float) and v.is_integer()),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


@dataclass
class SchemaError:
    """One failed keyword, described as jsonschema describes it: the message, where in the
    instance (`path`, keys and indexes), the keyword (`validator`) and its value in the schema,
    the failing value (`instance`) and the schema object that holds the keyword."""

    message: str
    path: deque = field(default_factory=deque)
    validator: str = ""
    validator_value: object = None
    instance: object = None
    schema: dict = field(default_factory=dict)

    @property
    def absolute_path(self) -> deque:
        return self.path


def _known(schema) -> None:
    if isinstance(schema, dict):
        unknown = set(schema) - _KNOWN
        if unknown:
            raise ValueError(f"schema keywords not supported here: {', '.join(sorted(unknown))}")
        for key, value in schema.items():
            if key in ("properties", "patternProperties", "$defs"):
                for sub in value.values():
                    _known(sub)
            elif key in ("items", "additionalProperties"):
                _known(value)


class Validator:
    """`iter_errors(instance)` yields a `SchemaError` for each keyword the instance fails."""

    def __init__(self, schema: dict, root: dict | None = None):
        _known(schema)
        self.schema, self.root = schema, root if root is not None else schema

    def iter_errors(self, instance):
        yield from self._check(self.schema, instance, ())

    def _resolve(self, ref: str) -> dict:
        if not ref.startswith("#/"):
            raise ValueError(f"only references within the schema are supported, not {ref}")
        target = self.root
        for part in ref[2:].split("/"):
            target = target[part]
        return target

    def _check(self, schema: dict, value, path: tuple):
        if "$ref" in schema:
            yield from self._check(self._resolve(schema["$ref"]), value, path)
        kinds = schema.get("type")
        if kinds is not None:
            kinds = [kinds] if isinstance(kinds, str) else kinds
            if not any(_TYPES[kind](value) for kind in kinds):
                yield _error(schema, "type", value, path, f"{value!r} is not of type {', '.join(repr(k) for k in kinds)}")
                return  # jsonschema goes on, but the other keywords only repeat the point
        yield from self._scalar(schema, value, path)
        if isinstance(value, dict):
            yield from self._object(schema, value, path)
        if isinstance(value, list) and "items" in schema:
            for index, item in enumerate(value):
                yield from self._check(schema["items"], item, path + (index,))

    @staticmethod
    def _scalar(schema: dict, value, path: tuple):
        if "const" in schema and value != schema["const"]:
            yield _error(schema, "const", value, path, f"{schema['const']!r} was expected")
        if "enum" in schema and value not in schema["enum"]:
            yield _error(schema, "enum", value, path, f"{value!r} is not one of {schema['enum']!r}")
        if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
            yield _error(schema, "pattern", value, path, f"{value!r} does not match {schema['pattern']!r}")
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if number and "minimum" in schema and value < schema["minimum"]:
            yield _error(schema, "minimum", value, path, f"{value!r} is less than the minimum of {schema['minimum']!r}")
        if number and "maximum" in schema and value > schema["maximum"]:
            yield _error(schema, "maximum", value, path,
                         f"{value!r} is greater than the maximum of {schema['maximum']!r}")

    def _object(self, schema: dict, value: dict, path: tuple):
        for name in schema.get("required", ()):
            if name not in value:
                yield _error(schema, "required", value, path, f"{name!r} is a required property")
        properties, patterns = schema.get("properties", {}), schema.get("patternProperties", {})
        extra = []
        for key, item in value.items():
            matched = False
            if key in properties:
                matched = True
                yield from self._check(properties[key], item, path + (key,))
            for pattern, sub in patterns.items():
                if re.search(pattern, key):
                    matched = True
                    yield from self._check(sub, item, path + (key,))
            if not matched:
                extra.append(key)
        yield from self._additional(schema, value, extra, path)

    def _additional(self, schema: dict, value: dict, extra: list, path: tuple):
        rule, patterns = schema.get("additionalProperties", True), schema.get("patternProperties", {})
        if rule is True or not extra:
            return
        if rule is not False:
            for key in extra:
                yield from self._check(rule, value[key], path + (key,))
            return
        listed = ", ".join(repr(key) for key in sorted(extra))
        if patterns:
            verb = "does" if len(extra) == 1 else "do"
            regexes = ", ".join(repr(p) for p in sorted(patterns))
            message = f"{listed} {verb} not match any of the regexes: {regexes}"
        else:
            message = f"Additional properties are not allowed ({listed} {'was' if len(extra) == 1 else 'were'} unexpected)"
        yield _error(schema, "additionalProperties", value, path, message)


def _error(schema: dict, keyword: str, value, path: tuple, message: str) -> SchemaError:
    return SchemaError(message, deque(path), keyword, schema[keyword], value, schema)

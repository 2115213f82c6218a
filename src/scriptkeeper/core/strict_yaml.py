"""YAML from people who may be hostile: a bounded, unambiguous subset, read with the C loader.

Scripts uploaded to the server and game files given to `verify` are read here, never with a bare
`yaml.safe_load`:

- **No anchors or aliases.** `&a [*b, *b]` nested a dozen times expands a few hundred bytes into
  gigabytes (issue 21: a 665-byte upload became a 459 MB script). A script never needs them.
- **No duplicate keys.** YAML lets a later key silently override an earlier one, so one text
  could be read two ways by two readers; a key given twice is refused.
- **Bounded size and depth.** At most `max_bytes` of text and `max_depth` nested collections.

The events are first checked with the C parser (fast, no objects built), then the document is
built with the C loader and a constructor that refuses duplicate keys. Every refusal is a
`StrictYAMLError` (a `yaml.YAMLError`) with a one-line message.
"""

from __future__ import annotations

from typing import Any

import yaml

_CLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_BYTES = 64 * 1024  # a script is a few KB
MAX_DEPTH = 32


class StrictYAMLError(yaml.YAMLError):
    """The text is outside the accepted subset (alias, anchor, duplicate key, too big or too deep)."""


class _NoDuplicatesLoader(_CLoader):
    """The (C) safe loader whose mappings refuse a key given twice."""

    def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                fresh = key not in seen
                seen.add(key)
            except TypeError:  # an unhashable key: the base constructor names the problem
                break
            if not fresh:
                line = getattr(key_node.start_mark, "line", -1) + 1
                raise StrictYAMLError(f"the key {str(key)[:60]!r} is given twice (line {line})")
        return dict(super().construct_mapping(node, deep=deep))


_NoDuplicatesLoader.add_constructor("tag:yaml.org,2002:map", _NoDuplicatesLoader.construct_yaml_map)


def check_events(text: str, *, max_depth: int = MAX_DEPTH) -> None:
    """Refuse aliases, anchors and nesting deeper than `max_depth`, from the parser's events."""
    depth = 0
    for ev in yaml.parse(text, Loader=_CLoader):
        if isinstance(ev, yaml.AliasEvent):
            raise StrictYAMLError("YAML aliases (*name) are not accepted")
        if getattr(ev, "anchor", None) is not None:
            raise StrictYAMLError("YAML anchors (&name) are not accepted")
        if isinstance(ev, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > max_depth:
                raise StrictYAMLError(f"the YAML is nested more than {max_depth} levels deep")
        elif isinstance(ev, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


def load(text: str, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """One YAML document of the accepted subset, as plain data; StrictYAMLError or YAMLError if not."""
    if not isinstance(text, str):
        raise StrictYAMLError("YAML is text")
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise StrictYAMLError(f"the YAML holds {size} bytes; at most {max_bytes} are accepted")
    check_events(text, max_depth=max_depth)
    return yaml.load(text, Loader=_NoDuplicatesLoader)  # noqa: S506 - a safe loader


def short(exc: BaseException | str, limit: int = 300) -> str:
    """A parser error on one line, cut short (an error quoting a huge input stays small)."""
    line = " ".join(str(exc).split())
    return line if len(line) <= limit else line[: limit - 3] + "..."

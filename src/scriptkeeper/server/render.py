"""Rendering views at the server's edge: every Text and Ref of a JSON value in one language.

A game's view holds Texts and Refs where words belong (as objects, or in their JSON form
`{"$text": id, "params": ...}` and `{"$ref": kind, "id": id}`); the page shows what the server sends, so the server renders them before a
view leaves (the names of things included: the page never makes a name from an id).

Rendering every seat's whole view after every decision would cost more than building it, so a
table's renderer remembers: the Texts it has rendered (by their serialized form), each seat's
rendered log (a push renders only the new entries), each seat's last rendering of every part of
its view (an unchanged board is not rendered again), and the entries of changed lists (a
character, an option). Nothing rendered is ever changed afterwards, so renderings are shared.
"""

from __future__ import annotations

import logging
import weakref
from typing import Any

from ..core.text import MissingText, Ref, Renderer, Text, from_json, localized_names, to_json

try:  # orjson makes the memo's keys about five times faster than json
    import orjson

    def _key(value: Any) -> bytes | str:
        try:
            return orjson.dumps(value)
        except TypeError:  # a mapping with keys that are not texts (slower, and rare)
            return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
except ImportError:  # pragma: no cover - orjson is a dependency
    import json

    def _key(value: Any) -> bytes | str:
        return json.dumps(to_json(value), sort_keys=True)

def _holds_objects(raw: Any) -> bool:
    """Does a view entry hold its Texts as objects (at its first level: a decision's option, a log entry)?"""
    if isinstance(raw, dict):
        return any(isinstance(v, (Text, Ref)) for v in raw.values())
    return any(isinstance(v, (Text, Ref)) for v in raw)


log = logging.getLogger("scriptkeeper.server")
MEMO_LIMIT = 100_000  # renderings kept per renderer and memo (a long game renders a few thousand texts; tables share them)


_Memos = tuple[dict[bytes | str, str], dict[bytes | str, Any], dict[int, tuple[Any, Any]]]
# A renderer -> its memos; a renderer made for one table only (a game's own names) leaves with it.
_MEMOS: "weakref.WeakKeyDictionary[Renderer, _Memos]" = weakref.WeakKeyDictionary()


def _memos(renderer: Renderer) -> _Memos:
    held = _MEMOS.get(renderer)
    if held is None:
        held = _MEMOS[renderer] = ({}, {}, {})
    return held


class ViewRenderer:
    """Renders JSON values for one table, remembering the Texts it has rendered, and for each seat
    the lists of its views that only grow (the log): a push renders only their new entries."""

    def __init__(self, renderer: Renderer) -> None:
        self.renderer = renderer
        # What a renderer renders depends on it alone: tables that render with the same one (a
        # game's set in one language) share these memos, so a new table's first views find the
        # character cards, options and texts other tables rendered.
        self.memo, self.entries, self.objects = _memos(renderer)
        # (seat, key) -> (the raw list, the rendered list)
        self.lists: dict[tuple[str, str], tuple[list[Any], list[Any]]] = {}
        # (seat, key) -> (the raw part; its rendering)
        self.parts: dict[tuple[str, str], tuple[Any, Any]] = {}
        # self.entries: serialized list entry -> its rendering; self.objects: id -> (a mapping inside
        # a list entry, its rendering): games hand out the same objects for what does not change (an
        # option's info, a character card); the object is held, so its id is not reused.
        # key -> (the raw part, its rendering) last rendered for any seat: a part the game hands
        # every seat alike (the very same object: the board of one state) is rendered once.
        self.shared: dict[str, tuple[Any, Any]] = {}

    def view(self, seat: str, view: dict[str, Any], growing: tuple[str, ...]) -> dict[str, Any]:
        """A seat's view rendered; of the lists named `growing`, only what was added since the seat's
        last view is rendered (a list whose known entries changed is rendered whole), and a part equal
        to the seat's last one is not rendered again. A names table holds names and is left as it is."""
        out: dict[str, Any] = {}
        for key, value in view.items():
            if key == "names":
                out[key] = self._names(value)
            elif key in growing and isinstance(value, list):
                out[key] = self._grown(seat, key, value)
            elif isinstance(value, (dict, list)):
                out[key] = self._same_as_before(seat, key, value)
            elif isinstance(value, (Text, Ref)):  # a word of the view itself (a shipped script's special rule)
                out[key] = self.text_object(value)
            else:
                out[key] = value
        return out

    def _names(self, names: Any) -> Any:
        """The names table in this renderer's language (the game builds it in English); the same
        table object is translated once."""
        if self.renderer.lang == "en" or not isinstance(names, dict):
            return names
        held = self.objects.get(id(names))
        if held is not None and held[0] is names:
            return held[1]
        done = localized_names(names, self.renderer)
        self._remember(names, done)
        return done

    def _same_as_before(self, seat: str, key: str, raw: Any) -> Any:
        """A part of a view rendered, or the rendering of the seat's last view if that part is unchanged
        (the board between two decisions that did not touch it, a decision still pending...)."""
        held = self.parts.get((seat, key))
        if held is not None and held[0] == raw:  # compared in C; a view's parts are built anew and never changed
            return held[1]
        alike = self.shared.get(key)
        if alike is not None and alike[0] is raw:  # another seat's view of this very state holds it
            self.parts[(seat, key)] = alike
            return alike[1]
        if held is not None and isinstance(raw, list) and isinstance(held[0], list) and len(raw) == len(held[0]):
            # A list with some entries changed (one character's counters): the others are reused.
            done: Any = [h_done if r == h_raw else self._entry(r) for r, h_raw, h_done in zip(raw, held[0], held[1])]
        else:
            done = self._part(raw, 2)
        self.parts[(seat, key)] = self.shared[key] = (raw, done)
        return done

    def _part(self, raw: Any, depth: int) -> Any:
        """Render a changed part: the entries of its lists (a character, an option of a decision) are
        looked up by their serialized form first, since most of them are as they were."""
        if isinstance(raw, list) and depth > 0:
            return [self._entry(v) for v in raw]
        if isinstance(raw, dict) and depth > 0 and "$text" not in raw and "$ref" not in raw:
            return {k: self._part(v, depth - 1) for k, v in raw.items()}
        return self(raw)

    def _entry(self, raw: Any) -> Any:
        if not isinstance(raw, (dict, list)):
            return self(raw)  # a Text (a loss reason) or a plain value
        if isinstance(raw, dict) and "$text" not in raw and "$ref" not in raw:
            held = self.objects.get(id(raw))
            if held is not None and held[0] is raw:  # the very entry rendered before (a placement's option)
                return held[1]
            rendered = {k: self._object(v) for k, v in raw.items()}
            self._remember(raw, rendered)
            return rendered
        if _holds_objects(raw) or isinstance(raw, dict):  # rendered with the game's renderer's memo (Texts by hash)
            return self(raw)
        blob = _key(raw)
        done = self.entries.get(blob)
        if done is None:
            if len(self.entries) >= MEMO_LIMIT:
                self.entries.clear()
            done = self.entries[blob] = self(raw)
        return done

    def _object(self, raw: Any) -> Any:
        """A value inside a list entry: a mapping or list rendered before, the very same object, is not
        rendered again (a character card's abilities, an option's info, an event seen by several seats)."""
        if not isinstance(raw, (dict, list)):
            return self(raw)
        held = self.objects.get(id(raw))
        if held is not None and held[0] is raw:
            return held[1]
        done = self(raw)
        self._remember(raw, done)
        return done

    def _remember(self, raw: Any, done: Any) -> None:
        if len(self.objects) >= MEMO_LIMIT:
            self.objects.clear()
        self.objects[id(raw)] = (raw, done)

    def _grown(self, seat: str, key: str, raw: list[Any]) -> list[Any]:
        held = self.lists.get((seat, key))
        if held is not None:
            before, done = held
            n = len(before)
            if raw[:n] == before:  # compared in C: far cheaper than rendering the list again
                done = done + [self._object(v) for v in raw[n:]]  # an event seen by several seats: rendered once
                self.lists[(seat, key)] = (list(raw), done)
                return done
        done = [self._object(v) for v in raw]
        self.lists[(seat, key)] = (list(raw), done)
        return done

    def text(self, value: dict[str, Any]) -> str:
        key = _key(value)
        out = self.memo.get(key)
        if out is None:
            try:
                out = self.renderer.render(from_json(value))
            except MissingText:
                # A hole in a game's catalog must not stop a table; the catalog tests find it.
                log.error("cannot render the message %s", value.get("$text"))  # its parameters may be secret
                out = str(value.get("$text"))
            if len(self.memo) >= MEMO_LIMIT:
                self.memo.clear()
            self.memo[key] = out
        return out

    def ref(self, value: dict[str, Any]) -> str:
        try:
            return self.renderer.name(Ref(value["$ref"], value["id"]))
        except MissingText:
            log.error("no name for a %s", value.get("$ref"))
            return str(value.get("id"))

    def text_object(self, value: Text | Ref) -> str:
        try:
            return self.renderer(value)  # the game's renderer remembers what it rendered
        except MissingText:
            log.error("cannot render the message %s", value.id)
            return str(value.id)

    def __call__(self, value: Any) -> Any:
        """`value` with every Text and Ref (objects, or their JSON form) replaced by its words."""
        if isinstance(value, (Text, Ref)):
            return self.text_object(value)
        if isinstance(value, dict):
            if "$text" in value:
                return self.text(value)
            if "$ref" in value:
                return self.ref(value)
            return {k: self(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):  # a tuple of a game's data (a decision's step words) goes out as a list
            return [self(v) for v in value]
        return value

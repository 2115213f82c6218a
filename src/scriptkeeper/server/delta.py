"""Deltas between two JSON values: what a push sends a seat instead of its whole view.

The server keeps, for each connection, the message it last sent whole or patched (its view and
the table's info); a push sends the patch that turns it into the new one. A patch is a JSON
object of one of three forms:

- `{"v": value}`: the new value, whole (a number, a text, or a part that changed shape);
- `{"d": {key: patch}, "x": [key, ...]}`: a mapping whose keys under `d` are patched (a new key
  comes as `{"v": ...}`), whose keys under `x` are gone, and whose other keys are as they were;
- `{"k": n, "l": [[index, patch], ...], "a": [item, ...]}`: a list of which the first `n` items
  are kept (`n` is at most the old length), the items at the given indexes patched, then the
  items of `a` appended (a log that grows, one character's counters that changed).

`diff` compares by identity first (the renderer hands out the very same object for a part that
did not change) and then by value, in C; a part that compares equal is checked strictly too (1,
1.0 and True are three values in JSON, and a mapping's keys keep their order on the page), so the
patched value is the new one exactly, its keys in the same order. `patch` is what the page does (static/table.js,
`applyPatch`); the property test adds the pushes up and compares with the whole view.
"""

from __future__ import annotations

from operator import is_
from typing import Any

# A list item or mapping value smaller than this (in items) is sent whole rather than patched:
# a patch of a small part costs more to build and read than the part.
SMALL = 4


def diff(old: Any, new: Any, memo: dict[Any, Any] | None = None) -> dict[str, Any] | None:
    """The patch that turns `old` into `new`; None if they are equal.

    `memo` (one push's): the patches of a mapping's parts, by the identities of the old and the
    new part, so that seats that held the same part and are shown the same one (the board every
    seat sees alike) share one patch of it. The patches are never changed once made."""
    if old is new:
        return None
    if type(old) is not type(new):
        return {"v": new}
    # A mapping or list is walked once, its small parts compared whole (never the whole part
    # compared first and then again part by part).
    if isinstance(new, dict):
        p = _diff_dict(old, new, memo)
        return p if "v" in p or p["d"] or "x" in p else None
    if isinstance(new, list):
        q = _diff_list(old, new)
        return q if "v" in q or q["l"] or q["a"] or q["k"] < len(old) else None
    return None if old == new else {"v": new}


def _small(value: Any) -> bool:
    return not isinstance(value, (dict, list)) or len(value) < SMALL


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON: the same types all the way down, a mapping's keys in the same order."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return len(a) == len(b) and list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return bool(a == b)


def _diff_dict(old: dict[str, Any], new: dict[str, Any], memo: dict[Any, Any] | None = None) -> dict[str, Any]:
    changed: dict[str, Any] = {}
    for key, value in new.items():
        if key not in old:
            changed[key] = {"v": value}
            continue
        before = old[key]
        if before is value:
            continue
        if _small(value) or type(before) is not type(value):
            if not _same(before, value):
                changed[key] = {"v": value}
            continue
        if memo is None:
            p = diff(before, value)
        else:
            pair = (id(before), id(value))
            hit = memo.get(pair)
            if hit is None:
                hit = memo[pair] = (before, value, diff(before, value))  # both held: their ids stay theirs
            p = hit[2]
        if p is not None:
            changed[key] = p
    out: dict[str, Any] = {"d": changed}
    gone = [key for key in old if key not in new]
    if gone:
        out["x"] = gone
    if len(new) != len(old) - len(gone) or gone:
        # A key came or went: the patched mapping has the old keys in their order, then the new
        # ones; if that is not the new order, the mapping goes whole.
        kept = [key for key in old if key in new]
        if list(new) != kept + [key for key in new if key not in old]:
            return {"v": new}
    return out


def _diff_list(old: list[Any], new: list[Any]) -> dict[str, Any]:
    kept = min(len(old), len(new))
    if all(map(is_, old[:kept], new)):
        # The usual case of a log that grew: every kept item the very same object (the renderer
        # hands them out again), checked in C rather than item by item here.
        return {"k": kept, "l": [], "a": new[kept:]}
    changed: list[list[Any]] = []
    for i in range(kept):
        before, value = old[i], new[i]
        if before is value:
            continue
        if _small(value) or type(before) is not type(value):
            if not _same(before, value):
                changed.append([i, {"v": value}])
            continue
        p = diff(before, value)
        if p is not None:
            changed.append([i, p])
    if len(changed) > kept // 2 and kept > SMALL:
        return {"v": new}  # most of it changed (a list in another order): whole is shorter
    return {"k": kept, "l": changed, "a": new[kept:]}


class BadPatch(ValueError):
    """A patch that does not fit the value it was applied to (the client must ask for a whole view)."""


def patch(old: Any, p: dict[str, Any]) -> Any:
    """`old` with the patch `p` applied (a new value; `old` is left as it was)."""
    if "v" in p:
        return p["v"]
    if "d" in p:
        if not isinstance(old, dict):
            raise BadPatch("a mapping's patch on something else")
        out = {k: v for k, v in old.items() if k not in p.get("x", ())}
        for key, sub in p["d"].items():
            if key in out:
                out[key] = patch(out[key], sub)
            elif "v" in sub:
                out[key] = sub["v"]
            else:
                raise BadPatch(f"a patch for a missing key {key!r}")
        return out
    if "k" in p:
        if not isinstance(old, list) or len(old) < p["k"]:
            raise BadPatch("a list's patch on something shorter")
        items = old[: p["k"]]
        for i, sub in p["l"]:
            items[i] = patch(items[i], sub)
        return items + list(p["a"])
    raise BadPatch("not a patch")


def read_view_message(held: dict[str, Any] | None, msg: dict[str, Any]) -> dict[str, Any]:
    """What a client holds after a `view` message: `{"view", "info"}`, whole or patched from `held`
    (what it held before); BadPatch if it is a push and nothing fitting is held."""
    if "delta" not in msg:
        return {"view": msg["view"], "info": msg["info"]}
    if held is None:
        raise BadPatch("a push before any whole view")
    out = patch(held, msg["delta"])
    if not isinstance(out, dict):
        raise BadPatch("a push that is not a view")
    return out

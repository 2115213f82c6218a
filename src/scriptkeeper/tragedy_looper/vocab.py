"""The rules vocabulary: every word the rules data may use, registered with its handler and its
validator, so that a new set's folder can add words without editing the engine.

Kinds of words (docs/rules-data.md lists every word of each):
- TARGETS: what `target: {choose: WORD}` (or `all:`) means: the candidates for a target;
- FILTERS: the `where:` filters of a target, plain words or one-key mappings;
- EFFECTS: what `effect:` does to each target, plain words or one-key mappings;
- CONDITIONS: the `if:`, `loss_if:`, `gains[].if` and `role_change.if` conditions;
- TRAITS: special rules checked by name at fixed points of the engine (no handler; a validator
  for their parameters);
- CALLS: rules that need code, named by `call:` in the data (coded.py of each set);
- REPLACEMENTS: "instead of ..." effects consulted by kill, move and place, in a written order;
- STATUSES: loop-long marks put on characters by rules (the freed Patient, the stood-down Henchman).

The base game's words are registered by effects.py, query.py, actions.py and sets/base/coded.py;
`validate.check_rulebook` checks every word of a rule book against these registries.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Iterator, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
Validator = Callable[[Any], list[str]]


@dataclass(frozen=True)
class Word(Generic[F]):
    name: str
    handler: F | None
    validate: Validator | None
    doc: str
    keyed: bool  # a one-key mapping {word: argument} rather than a plain word


class Vocabulary(Generic[F]):
    """The words of one kind, each with its handler and validator."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.words: dict[str, Word[F]] = {}

    def word(self, name: str, *, keyed: bool = False, validate: Validator | None = None, doc: str = "") -> Callable[[F], F]:
        """Register the decorated function as the handler of `name`."""

        def deco(fn: F) -> F:
            self.add(name, fn, keyed=keyed, validate=validate, doc=doc or (fn.__doc__ or "").strip().split("\n")[0])
            return fn

        return deco

    def add(self, name: str, handler: F | None = None, *, keyed: bool = False, validate: Validator | None = None,
            doc: str = "") -> None:
        if name in self.words:
            raise ValueError(f"{self.what} {name!r} registered twice")
        self.words[name] = Word(name, handler, validate, doc, keyed)

    def __contains__(self, name: object) -> bool:
        return name in self.words

    def __getitem__(self, name: str) -> F:
        try:
            handler = self.words[name].handler
        except KeyError:
            raise KeyError(f"unknown {self.what} {name!r}") from None
        assert handler is not None, f"{self.what} {name!r} has no handler"
        return handler

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def check(self, name: Any, arg: Any = None, *, keyed: bool | None = None) -> list[str]:
        """Problems with one use of a word (unknown word, wrong form, bad argument)."""
        if not isinstance(name, str) or name not in self.words:
            return [f"unknown {self.what} {name!r}"]
        w = self.words[name]
        if keyed is not None and keyed != w.keyed:
            form = "a one-key mapping" if w.keyed else "a plain word"
            return [f"{self.what} {name!r} is written as {form}"]
        return w.validate(arg) if w.validate else []


TARGETS: Vocabulary[Callable[..., Any]] = Vocabulary("target")
FILTERS: Vocabulary[Callable[..., Any]] = Vocabulary("target filter")
EFFECTS: Vocabulary[Callable[..., Any]] = Vocabulary("effect")
CONDITIONS: Vocabulary[Callable[..., Any]] = Vocabulary("condition")
TRAITS: Vocabulary[Callable[..., Any]] = Vocabulary("trait")
STATUSES: Vocabulary[Callable[..., Any]] = Vocabulary("status")


@dataclass(frozen=True)
class Call:
    """A rule that needs code: `run(state, ctx)` does it; `available(state, ctx)` says whether it
    can do anything now (an ability that cannot is not offered)."""

    name: str
    run: Callable[..., None]
    available: Callable[..., bool] | None = None


CALLS: dict[str, Call] = {}


def register(call_id: str, available: Callable[..., bool] | None = None) -> Callable[[F], F]:
    """Register a coded rule under the id its YAML entry names with `call:`."""

    def deco(fn: F) -> F:
        if call_id in CALLS:
            raise ValueError(f"coded rule {call_id!r} registered twice")
        CALLS[call_id] = Call(call_id, fn, available)
        return fn

    return deco


@dataclass(frozen=True)
class Replacement:
    """An "instead of ..." effect: when `applies(state, **would)` for an action about to happen,
    `replace(state, **would)` happens instead and the action does not."""

    name: str
    action: str  # "kill", "move" or "place"
    order: int
    applies: Callable[..., bool]
    replace: Callable[..., None]
    doc: str = ""


@dataclass
class Replacements:
    """Every replacement effect, by the action it replaces, in the written order (lowest first)."""

    by_action: dict[str, list[Replacement]] = field(default_factory=dict)

    def add(self, r: Replacement) -> None:
        lst = self.by_action.setdefault(r.action, [])
        if any(x.name == r.name for x in lst):
            raise ValueError(f"replacement {r.name!r} registered twice")
        lst.append(r)
        lst.sort(key=lambda x: x.order)

    def first(self, action: str, state: Any, **would: Any) -> Replacement | None:
        """The first replacement (in order) that applies to this action, or None."""
        for r in self.by_action.get(action, ()):
            if r.applies(state, **would):
                return r
        return None

    def order(self, action: str) -> list[str]:
        return [r.name for r in self.by_action.get(action, ())]


REPLACEMENTS = Replacements()


def replacement(action: str, name: str, order: int, applies: Callable[..., bool], doc: str = "") -> Callable[[F], F]:
    """Register the decorated function as the replacement `name` of `action` (see Replacement)."""

    def deco(fn: F) -> F:
        REPLACEMENTS.add(Replacement(name, action, order, applies, fn, doc or (fn.__doc__ or "").strip().split("\n")[0]))
        return fn

    return deco

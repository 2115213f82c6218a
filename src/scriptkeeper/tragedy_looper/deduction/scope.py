"""What the deduction models, and the check that refuses everything else.

Every fact of the deduction rests on knowing what a rule does: which roles may refuse, which
abilities place counters in the Mastermind's phase, what each incident does on the board. A rule
it was not written for (a new role trait, an incident step, a counter kind...) would be read as
if it did not exist, and the consistent set would silently be wrong. So each module of the
deduction declares, next to the code that models them, the words of the rules vocabulary it
reads (`SCOPE.declare(kind, {word: how it is modelled})`), and `observe.check_rules` (run
first by `observe`) walks the view's rule book and the characters the seat meets: any word,
schema field or event type nobody declared raises UnmodelledRule, naming the thing and where it
was met. Role abilities, plot rules and incident steps are also checked whole, by their shape,
where they are read (model.role_ability_kind, context.plot_rule_kind, observe.incident_step_kind).
"""

from __future__ import annotations

from typing import Any, Mapping

from pydantic import BaseModel

from ...core.text import T, Text
from ..rules import GoodwillAbility, IncidentStep
from ..unmodelled import DEDUCTION, ids, kind as kind_text, q, refuse

WHO = DEDUCTION


class Scope:
    """The words the deduction models, by kind (a set, an event type, a role trait, ...)."""

    def __init__(self) -> None:
        self.words: dict[str, dict[str, str]] = {}

    def declare(self, kind: str, words: Mapping[str, str]) -> frozenset[str]:
        """Declare that the deduction models these words of `kind` (word -> how); returns the words."""
        mine = self.words.setdefault(kind, {})
        for word, how in words.items():
            mine.setdefault(word, how)
        return frozenset(words)

    def models(self, kind: str, word: Any) -> bool:
        return isinstance(word, str) and word in self.words.get(kind, {})

    def require(self, kind: str, word: Any, where: Text) -> None:
        """UnmodelledRule unless `word` of `kind` was declared."""
        if not self.models(kind, word):
            known = sorted(self.words.get(kind, {}))
            raise refuse(WHO, T("unmodelled.what.word", kind=kind_text(kind), word=q(word)),
                         T("unmodelled.why.scope", where=where, known=ids(known) if known else T("word.none")))


SCOPE = Scope()


def set_fields(model: BaseModel) -> list[str]:
    """The fields of a schema object that differ from their default (the ones the data says something with)."""
    out = []
    for name, info in type(model).model_fields.items():
        if name == "id":
            continue
        if getattr(model, name) != info.get_default(call_default_factory=True):
            out.append(name)
    return out


def check_fields(model: BaseModel, kind: str, where: Text) -> None:
    """UnmodelledRule for a field of the data, set to something other than its default, that
    nobody declared under `kind` ("role field", "incident field", ...)."""
    for f in set_fields(model):
        SCOPE.require(kind, f, where)


def check_condition(cond: Any, kind: str, where: Text) -> None:
    """Every word of a condition, nested ones too, against the words declared for `kind` (each
    place a condition is read has its own: a loss condition, an incident step's `if`, ...)."""
    if cond is None:
        return
    if not isinstance(cond, dict) or len(cond) != 1:
        raise refuse(WHO, T("unmodelled.what.word", kind=kind_text(kind), word=q(cond)), T("unmodelled.why.one_key", where=where))
    (op, arg), = cond.items()
    SCOPE.require(kind, op, where)
    if op in ("all", "any"):
        for c in arg:
            check_condition(c, kind, where)
    elif op == "not":
        check_condition(arg, kind, where)


def check_target(spec: dict[str, Any] | None, where: Text) -> None:
    if spec is None:
        return
    for key in spec:
        SCOPE.require("target key", key, where)
    if "choose" in spec:
        SCOPE.require("target", f"choose: {spec['choose']}", where)
    if "all" in spec:
        SCOPE.require("target", f"all: {spec['all']}", where)
    for f in spec.get("where", ()):
        SCOPE.require("target filter", next(iter(f)) if isinstance(f, dict) else f, where)


def check_effect(effect: Any, where: Text) -> None:
    if effect is None:
        return
    if isinstance(effect, str):
        SCOPE.require("effect", effect, where)
        return
    (word, arg), = effect.items()
    SCOPE.require("effect", word, where)
    if word == "one_of":
        for e in arg:
            check_effect(e, where)


def check_ability(ab: GoodwillAbility | IncidentStep, fields: str, conditions: str, calls: str, where: Text) -> None:
    """The fields, target, effect, call and condition of a Goodwill ability or an incident step,
    against the words declared for them (`fields`, `conditions`, `calls`: the kinds to check against)."""
    check_fields(ab, fields, where)
    if isinstance(ab, IncidentStep):
        check_condition(ab.condition, conditions, where)
    else:
        for req in ab.requires:
            SCOPE.require("goodwill requirement", req, where)
    check_target(ab.target, where)
    check_effect(ab.effect, where)
    if ab.call is not None:
        SCOPE.require(calls, ab.call, where)

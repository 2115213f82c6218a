"""Load-time check of the rules vocabulary: every target, filter, effect, condition, trait, status
and `call:` named in a set's data must be a registered word (vocab.py) used in its registered form,
so a typo in a YAML file fails when the rules are checked (the test suite checks every shipped
set), not the first time the ability runs. A set that adds a word registers it in its coded.py,
with its handler and validator; nothing here lists words.
"""

from __future__ import annotations

from typing import Any, Iterator

from .rules import RuleBook
from .vocab import CALLS, CONDITIONS, EFFECTS, FILTERS, TARGETS, TRAITS

TARGET_KEYS = {"choose", "all", "location", "where", "as", "role", "corpse_ok"}


def _specs(rb: RuleBook) -> Iterator[tuple[str, Any]]:
    for ch in rb.characters.values():
        for i, gw in enumerate(ch.goodwill):
            yield f"character {ch.id} goodwill #{i + 1}", gw
    for role in rb.roles.values():
        for i, ab in enumerate(role.abilities):
            yield f"role {role.id} ability #{i + 1}", ab
    for inc in rb.incidents.values():
        for i, step in enumerate(inc.steps):
            yield f"incident {inc.id} step #{i + 1}", step
    for plot in rb.set.plots.values():
        for i, rule in enumerate(plot.rules):
            yield f"plot {plot.id} rule #{i + 1}", rule


def _word(entry: Any) -> tuple[Any, Any, bool]:
    """(word, argument, keyed) of a plain word or a one-key mapping."""
    if isinstance(entry, dict) and len(entry) == 1:
        (k, v), = entry.items()
        return k, v, True
    return entry, None, False


def condition_problems(cond: Any) -> list[str]:
    if cond is None:
        return []
    if not isinstance(cond, dict) or len(cond) != 1:
        return [f"a condition is a one-key mapping, not {cond!r}"]
    (op, arg), = cond.items()
    return CONDITIONS.check(op, arg, keyed=True)


def effect_problems(effect: Any) -> list[str]:
    if effect is None:
        return []
    if not isinstance(effect, (str, dict)) or (isinstance(effect, dict) and len(effect) != 1):
        return [f"an effect is a word or a one-key mapping, not {effect!r}"]
    word, arg, keyed = _word(effect)
    return EFFECTS.check(word, arg, keyed=keyed)


def target_problems(spec: Any, rb: RuleBook) -> list[str]:
    if spec is None:
        return []
    if not isinstance(spec, dict):
        return [f"a target is a mapping, not {spec!r}"]
    out = [f"unknown target key {key!r}" for key in spec if key not in TARGET_KEYS]
    if "choose" in spec:
        out += TARGETS.check(spec["choose"])
    if "all" in spec and spec["all"] != "character":
        out.append(f"`all:` takes `character`, not {spec['all']!r}")
    if "location" in spec and not rb.is_location(spec["location"]):
        out.append(f"unknown location {spec['location']!r}")
    for f in spec.get("where", []):
        word, arg, keyed = _word(f)
        out += FILTERS.check(word, arg, keyed=keyed)
    return out


def _counters_named(effect: Any, rb: RuleBook) -> list[str]:
    out: list[str] = []
    if isinstance(effect, dict) and len(effect) == 1:
        (k, v), = effect.items()
        if k in ("place", "remove") and isinstance(v, dict) and v.get("counter") not in rb.counters:
            out.append(f"unknown counter {v.get('counter')!r}")
        if k == "one_of" and isinstance(v, list):
            for e in v:
                out += _counters_named(e, rb)
    return out


def check_rulebook(rb: RuleBook) -> list[str]:
    """Every vocabulary problem in a rule book (empty when all is well)."""
    from . import engine  # noqa: F401  (registers the base vocabulary and coded rules)

    out: list[str] = []
    for where, spec in _specs(rb):
        call = getattr(spec, "call", None)
        if call and call not in CALLS:
            out.append(f"{where}: call {call!r} is not registered (vocab.register in a coded.py)")
        problems = (target_problems(getattr(spec, "target", None), rb) + effect_problems(getattr(spec, "effect", None))
                    + _counters_named(getattr(spec, "effect", None), rb) + condition_problems(getattr(spec, "condition", None))
                    + condition_problems(getattr(spec, "loss_if", None)))
        out += [f"{where}: {p}" for p in problems]
    for role in rb.roles.values():
        for t in role.traits:
            out += [f"role {role.id}: {p}" for p in TRAITS.check(t.name, t.params)]
        for g in role.gains:
            out += [f"role {role.id} gains: {p}" for p in condition_problems(g.condition)]
            if g.role not in rb.roles:
                out.append(f"role {role.id} gains unknown role {g.role!r}")
    for ch in rb.characters.values():
        for t in ch.traits:
            out += [f"character {ch.id}: {p}" for p in TRAITS.check(t.name, t.params)]
        for loc in ([ch.start] if ch.start else []) + list(ch.forbidden):
            if not rb.is_location(loc):
                out.append(f"character {ch.id}: unknown location {loc!r}")
    for inc in rb.incidents.values():
        out += [f"incident {inc.id} next_loop_start: {p}" for p in effect_problems(inc.next_loop_start)]
    for plot in rb.set.plots.values():
        # Last Liar: a Traitor's victory condition and the condition that makes Traitors ordinary Protagonists.
        if plot.traitor is not None:
            out += [f"plot {plot.id} traitor: {p}" for p in condition_problems(plot.traitor.wins_if)]
            if plot.traitor.extra_card not in rb.set.extra_cards:
                out.append(f"plot {plot.id} traitor: Extra card {plot.traitor.extra_card!r} is not dealt in {rb.set.id}")
        out += [f"plot {plot.id}: {p}" for p in condition_problems(plot.traitors_normal_if)]
    for k, c in rb.counters.items():
        for other in c.counts_as:
            if other not in rb.counters:
                out.append(f"counter {k}: counts as unknown counter {other!r}")
    return out

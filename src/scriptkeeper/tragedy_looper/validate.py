"""Load-time check of the rules vocabulary: every target, filter, effect, condition, trait and
`call:` named in a set's data must be a word the engine knows, so a typo in a YAML file fails
when the rules load (and in the test suite), not the first time the ability runs.

The lists below are the vocabulary documented in docs/rules-data.md; tests/test_rules_data.py
checks that each word is handled by the code that runs it.
"""

from __future__ import annotations

from typing import Any, Iterator

from .effects import CALLS
from .rules import COUNTERS, LOCATIONS, RuleBook

TARGET_CHOICES = {"self", "this_incident", "location_of_role", "culprit", "culprit_location", "character", "corpse",
                  "location", "location_or_character", "incident"}
TARGET_KEYS = {"choose", "all", "location", "where", "as", "role", "corpse_ok"}
FILTER_WORDS = {"here", "other", "student", "paranoia_at_limit", "in_turf", "culprit_here", "not_culprit",
                "died_previous_loop", "occurred_this_loop"}
FILTER_KEYS = {"counter_at_least", "role_trait", "role", "at", "not"}
EFFECT_WORDS = {"kill", "revive", "reveal_role", "reveal_culprit", "kill_protagonists", "protagonists_lose",
                "extra_card", "move_adjacent", "move_anywhere"}
EFFECT_KEYS = {"place", "remove", "resolve_as_incident", "one_of"}
CONDITIONS = {"all", "any", "not", "counter_at_least", "counter_at_most", "location_counter_at_least",
              "role_counter_at_least", "incident_occurred_this_loop", "has_extra_card", "role_is", "role_in_play",
              "role_revealed_this_loop", "living_characters_at_most", "someone_died_previous_loop"}
TRAITS = {"loss_on_death", "immortal", "ignores_forbid_goodwill", "may_ignore_forbid_intrigue_here",
          "no_mastermind_cards", "vetoes_incidents_here", "always_triggers_incidents", "may_lie_on_reveal",
          "role_outside_plots", "enters_on_script_loop", "turf", "start_chosen_each_loop", "confined_until_doctor"}


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


def _condition(cond: Any, where: str, out: list[str]) -> None:
    if cond is None:
        return
    if not isinstance(cond, dict) or len(cond) != 1:
        out.append(f"{where}: a condition is a one-key mapping, not {cond!r}")
        return
    (op, arg), = cond.items()
    if op not in CONDITIONS:
        out.append(f"{where}: unknown condition {op!r}")
    elif op in ("all", "any"):
        for c in arg:
            _condition(c, where, out)
    elif op == "not":
        _condition(arg, where, out)


def _target(spec: Any, where: str, out: list[str]) -> None:
    if spec is None:
        return
    if not isinstance(spec, dict):
        out.append(f"{where}: a target is a mapping, not {spec!r}")
        return
    for key in spec:
        if key not in TARGET_KEYS:
            out.append(f"{where}: unknown target key {key!r}")
    if "choose" in spec and spec["choose"] not in TARGET_CHOICES:
        out.append(f"{where}: unknown target {spec['choose']!r}")
    if "location" in spec and spec["location"] not in LOCATIONS:
        out.append(f"{where}: unknown location {spec['location']!r}")
    for f in spec.get("where", []):
        if isinstance(f, dict):
            bad = [k for k in f if k not in FILTER_KEYS]
            if bad or len(f) != 1:
                out.append(f"{where}: unknown target filter {f!r}")
        elif f not in FILTER_WORDS:
            out.append(f"{where}: unknown target filter {f!r}")


def _effect(effect: Any, where: str, out: list[str]) -> None:
    if effect is None:
        return
    if isinstance(effect, str):
        if effect not in EFFECT_WORDS:
            out.append(f"{where}: unknown effect {effect!r}")
        return
    if not isinstance(effect, dict) or len(effect) != 1:
        out.append(f"{where}: an effect is a word or a one-key mapping, not {effect!r}")
        return
    (k, v), = effect.items()
    if k not in EFFECT_KEYS:
        out.append(f"{where}: unknown effect {k!r}")
    elif k in ("place", "remove") and v.get("counter") not in COUNTERS:
        out.append(f"{where}: unknown counter {v.get('counter')!r}")
    elif k == "one_of":
        for e in v:
            _effect(e, where, out)


def check_rulebook(rb: RuleBook) -> list[str]:
    """Every vocabulary problem in a rule book (empty when all is well)."""
    out: list[str] = []
    for where, spec in _specs(rb):
        call = getattr(spec, "call", None)
        if call and call not in CALLS:
            out.append(f"{where}: call {call!r} is not registered (effects.register in a coded.py)")
        _target(getattr(spec, "target", None), where, out)
        _effect(getattr(spec, "effect", None), where, out)
        _condition(getattr(spec, "condition", None), where, out)
        _condition(getattr(spec, "loss_if", None), where, out)
    for role in rb.roles.values():
        for t in role.traits:
            if t not in TRAITS:
                out.append(f"role {role.id}: unknown trait {t!r}")
        for g in role.gains:
            _condition(g.condition, f"role {role.id} gains", out)
            if g.role not in rb.roles:
                out.append(f"role {role.id} gains unknown role {g.role!r}")
    for ch in rb.characters.values():
        for t in ch.traits:
            if t not in TRAITS:
                out.append(f"character {ch.id}: unknown trait {t!r}")
        for loc in ([ch.start] if ch.start else []) + list(ch.forbidden):
            if loc not in LOCATIONS:
                out.append(f"character {ch.id}: unknown location {loc!r}")
    return out

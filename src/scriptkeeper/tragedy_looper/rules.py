"""The rules data of every Tragedy Set, loaded from YAML and checked against a schema.

Facts live in `sets/<set>/*.yaml` (characters, cards, roles, incidents in `sets/base`, shared by
the sets that use them; each set's `set.yaml` names its plots and which roles and incidents it
uses). Behaviour is described with the effect vocabulary of `effects.py`; anything it cannot
say is a `call:` to a function registered with `effects.register` in the set's `coded.py`. This module only loads and
validates; it never applies a rule.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..core.errors import RulesDataError

SETS_DIR = Path(__file__).parent / "sets"
LOCATIONS: tuple[str, ...] = ("hospital", "shrine", "city", "school")
LOCATION_NAMES = {"hospital": "Hospital", "shrine": "Shrine", "city": "City", "school": "School"}
# 2x2 grid: Hospital | Shrine over City | School (rules-notes section 1, seeds 002 and 004).
COORDS: dict[str, tuple[int, int]] = {"hospital": (0, 0), "shrine": (1, 0), "city": (0, 1), "school": (1, 1)}
COUNTERS: tuple[str, ...] = ("paranoia", "goodwill", "intrigue", "guard")

Spec = dict[str, Any]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GoodwillAbility(_Strict):
    goodwill: int
    text: str
    once_per_loop: bool = False
    unrefusable: bool = False
    mastermind_may_use_with_refusal: bool = False
    requires: Spec = Field(default_factory=dict)
    target: Spec | None = None
    effect: Any = None
    call: str | None = None


class Character(_Strict):
    id: str = ""
    name: str
    paranoia_limit: int
    start: str | None
    forbidden: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    traits: tuple[str, ...] = ()
    goodwill: tuple[GoodwillAbility, ...] = ()


Timing = Literal[
    "loop_start", "mastermind_ability", "day_end", "last_day_end", "loop_end", "on_death_of_role", "on_death", "always"
]


class Ability(_Strict):
    timing: Timing
    optional: bool = False
    once_per_loop: bool = False
    text: str
    of_role: str | None = None
    target: Spec | None = None
    effect: Any = None
    call: str | None = None
    # `if` is a Python keyword: the YAML key is `if`.
    condition: Spec | None = Field(default=None, alias="if")
    loss_if: Spec | None = None
    role_change: Spec | None = None
    # once_per_loop counted for every holder of the role together (Midnight Zone's Magicians).
    shared_by_role: bool = False
    # Plot rules sharing a stack_group happen once per timing even when several plots give them.
    stack_group: str | None = None
    # Always-on plot rules read by the engine: {add: N, if: condition on the culprit} changes the
    # Paranoia limit used to decide whether an incident triggers; {card: ID, forbids: KIND} makes
    # a card forbid one more thing.
    incident_limit: Spec | None = None
    card_also_forbids: Spec | None = None

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Gain(_Strict):
    condition: Spec = Field(alias="if")
    role: str
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class CreationRule(_Strict):
    rule: str
    text: str
    role: str | None = None
    must_have_tag: str | None = None
    must_not_have_tag: str | None = None
    requires_incident: str | None = None  # the script must schedule at least one such incident
    must_be_culprit: bool = False  # every holder of `role` is the culprit of at least one incident


class Role(_Strict):
    id: str = ""
    name: str
    max: int | None = None
    refusal: Literal["none", "optional", "mandatory"] = "none"
    traits: tuple[str, ...] = ()
    text: str = ""
    abilities: tuple[Ability, ...] = ()
    gains: tuple[Gain, ...] = ()
    creation: tuple[CreationRule, ...] = ()  # script-creation rules for every script holding this role


class IncidentStep(_Strict):
    target: Spec | None = None
    effect: Any = None
    call: str | None = None
    condition: Spec | None = Field(default=None, alias="if")
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Incident(_Strict):
    id: str = ""
    name: str
    text: str
    steps: tuple[IncidentStep, ...] = ()
    chooser: Literal["mastermind", "leader"] = "mastermind"
    trigger_counter: str = "paranoia"  # the counter compared with the culprit's limit
    culprit_may_repeat: bool = False  # its culprit may be the culprit of several incidents of this kind
    may_show_other_name: bool = False  # the public schedule may show another incident's name


class Plot(_Strict):
    id: str = ""
    name: str
    main: bool = False
    roles: dict[str, int] = Field(default_factory=dict)
    optional_roles: dict[str, tuple[int, int]] = Field(default_factory=dict)
    rules: tuple[Ability, ...] = ()
    creation: tuple[CreationRule, ...] = ()


class Card(_Strict):
    id: str = ""
    name: str
    kind: Literal["counter", "forbid", "movement"]
    counter: str | None = None
    amount: int = 0
    forbids: str | None = None
    vector: tuple[int, int] | None = None
    acts_on: tuple[Literal["character", "location"], ...] = ("character",)
    void_if_several: bool = False


class TragedySet(_Strict):
    id: str
    name: str
    subplots: int
    final_guess: bool
    roles: tuple[str, ...]
    incidents: tuple[str, ...]
    plots: dict[str, Plot]


class RuleBook(BaseModel):
    """Everything one Tragedy Set needs: its plots plus the characters, roles, incidents and cards it uses."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    set: TragedySet
    characters: dict[str, Character]
    roles: dict[str, Role]
    incidents: dict[str, Incident]
    cards: dict[str, Card]
    mastermind_deck: tuple[str, ...]
    protagonist_deck: tuple[str, ...]
    once_per_loop_cards: frozenset[str]
    # The same card may be once per loop in one deck only (Paranoia -1: Protagonists only).
    mastermind_once_per_loop: frozenset[str] = frozenset()
    protagonist_once_per_loop: frozenset[str] = frozenset()

    def plot(self, plot_id: str) -> Plot:
        return self.set.plots[plot_id]


def _read_yaml(path: Path) -> Any:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:  # pragma: no cover - shipped data
        raise RulesDataError(f"cannot read rules data {path}: {exc}") from exc


def _with_ids(raw: dict[str, Any], model: type[BaseModel], where: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in (raw or {}).items():
        try:
            out[key] = model.model_validate({**value, "id": key})
        except ValidationError as exc:
            raise RulesDataError(f"{where}: entry {key!r} breaks the schema:\n{exc}") from exc
    return out


@lru_cache(maxsize=None)
def _base() -> tuple[dict[str, Character], dict[str, Role], dict[str, Incident], dict[str, Card], tuple[str, ...], tuple[str, ...]]:
    base = SETS_DIR / "base"
    chars = _with_ids(_read_yaml(base / "characters.yaml"), Character, "characters.yaml")
    roles = _with_ids(_read_yaml(base / "roles.yaml"), Role, "roles.yaml")
    incidents = _with_ids(_read_yaml(base / "incidents.yaml"), Incident, "incidents.yaml")
    cards_raw = _read_yaml(base / "cards.yaml")
    cards = _with_ids(cards_raw["cards"], Card, "cards.yaml")
    decks = cards_raw["decks"]
    return chars, roles, incidents, cards, tuple(decks["mastermind"]), tuple(decks["protagonist"])


def available_sets() -> list[str]:
    return sorted(p.name for p in SETS_DIR.iterdir() if (p / "set.yaml").exists())


@lru_cache(maxsize=None)
def load_rulebook(set_id: str) -> RuleBook:
    """The rule book of one Tragedy Set; raises RulesDataError when the data is inconsistent."""
    path = SETS_DIR / set_id / "set.yaml"
    if not path.exists():
        raise KeyError(set_id)
    raw = _read_yaml(path)
    plots = {k: {**v, "id": k} for k, v in (raw.get("plots") or {}).items()}
    try:
        tset = TragedySet.model_validate({**raw, "plots": plots})
    except ValidationError as exc:
        raise RulesDataError(f"{path}: breaks the schema:\n{exc}") from exc
    chars, roles, incidents, cards, mm_deck, p_deck = _base()
    # A set may add or override characters, roles and incidents in its own folder, and may
    # register coded rules in its own coded.py (imported here, once).
    folder = SETS_DIR / set_id
    if (folder / "characters.yaml").exists():
        chars = {**chars, **_with_ids(_read_yaml(folder / "characters.yaml"), Character, f"{set_id}/characters.yaml")}
    if (folder / "roles.yaml").exists():
        roles = {**roles, **_with_ids(_read_yaml(folder / "roles.yaml"), Role, f"{set_id}/roles.yaml")}
    if (folder / "incidents.yaml").exists():
        incidents = {**incidents, **_with_ids(_read_yaml(folder / "incidents.yaml"), Incident, f"{set_id}/incidents.yaml")}
    if (folder / "coded.py").exists():
        importlib.import_module(f"{__package__}.sets.{set_id}.coded")
    missing = [r for r in tset.roles if r not in roles] + [i for i in tset.incidents if i not in incidents]
    for plot in tset.plots.values():
        missing += [r for r in list(plot.roles) + list(plot.optional_roles) if r not in tset.roles]
    if missing:
        raise RulesDataError(f"{path}: names unknown roles or incidents: {missing}")
    once = frozenset(c[1:] for c in mm_deck + p_deck if c.startswith("!"))
    return RuleBook(
        set=tset,
        characters=chars,
        roles={r: roles[r] for r in tset.roles},
        incidents={i: incidents[i] for i in tset.incidents},
        cards=cards,
        mastermind_deck=tuple(c.lstrip("!") for c in mm_deck),
        protagonist_deck=tuple(c.lstrip("!") for c in p_deck),
        once_per_loop_cards=once,
        mastermind_once_per_loop=frozenset(c[1:] for c in mm_deck if c.startswith("!")),
        protagonist_once_per_loop=frozenset(c[1:] for c in p_deck if c.startswith("!")),
    )

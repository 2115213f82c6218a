"""The rules data of every Tragedy Set, loaded from YAML and checked against a schema.

Facts live in `sets/<set>/*.yaml`: the board, counter and token kinds, characters, cards, roles and
incidents in `sets/base` (shared by the sets that use them); each set's `set.yaml` names its plots
and which roles and incidents it uses, and a set's folder may add or replace entries of its own.
Behaviour is written with the rules vocabulary (vocab.py: targets, filters, effects, conditions,
traits); anything it cannot say is a `call:` to a function registered in the set's `coded.py`.
This module only loads and validates; it never applies a rule.
"""

from __future__ import annotations

import importlib
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Literal, Mapping

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..core.errors import RulesDataError

SETS_DIR = Path(__file__).parent / "sets"

Spec = dict[str, Any]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Trait(_Strict):
    """A special rule checked by name; some take parameters (`{name: params}` in YAML)."""

    name: str
    params: Any = None


def _traits(value: Any) -> tuple[Trait, ...]:
    out = []
    for t in value or ():
        if isinstance(t, Trait):
            out.append(t)
        elif isinstance(t, str):
            out.append(Trait(name=t))
        elif isinstance(t, dict) and len(t) == 1:
            (name, params), = t.items()
            out.append(Trait(name=name, params=params))
        else:
            raise ValueError(f"a trait is a name or a one-key mapping {{name: parameters}}, not {t!r}")
    return tuple(out)


class Location(_Strict):
    id: str = ""
    name: str
    at: tuple[int, int]


class CounterKind(_Strict):
    id: str = ""
    name: str
    short: str
    lies_on: tuple[Literal["character", "location"], ...]
    shown_when_zero: bool = True
    against_limit: bool = False  # shown against the character's Paranoia limit (it decides incidents)
    # This counter also counts as N of another kind wherever a rule counts that kind (Rei's Hope:
    # {goodwill: 1, intrigue: -1}); the count of a kind never goes below 0.
    counts_as: dict[str, int] = Field(default_factory=dict)


class TokenKind(_Strict):
    """A token lasts the whole game (never removed between loops, kept off the board) and is not a counter."""

    id: str = ""
    name: str
    text: str = ""


class GoodwillAbility(_Strict):
    goodwill: int
    text: str
    once_per_loop: bool = False
    unrefusable: bool = False
    mastermind_may_use_with_refusal: bool = False
    # The Goodwill the Mastermind's use needs, when not the ability's own threshold (Rei's Metaworld Denizen: 1).
    mastermind_needs_goodwill: int | None = None
    requires: Spec = Field(default_factory=dict)
    target: Spec | None = None
    effect: Any = None
    call: str | None = None


class _WithTraits(_Strict):
    """A character or a role: traits written as names or as {name: parameters} (vocab.TRAITS)."""

    traits: tuple[Trait, ...] = ()

    @field_validator("traits", mode="before")
    @classmethod
    def _norm_traits(cls, v: Any) -> tuple[Trait, ...]:
        return _traits(v)

    @property
    def trait_names(self) -> frozenset[str]:
        # Asked about a million times a game by the agents' script checks: kept beside the traits it was
        # made from (a copy with other traits, model_copy(update=...), makes its own).
        held = self.__dict__.get("_trait_names")
        if held is None or held[0] is not self.traits:
            held = self.__dict__["_trait_names"] = (self.traits, frozenset(t.name for t in self.traits))
        return held[1]

    def has_trait(self, name: str) -> bool:
        return name in self.trait_names


class Character(_WithTraits):
    id: str = ""
    name: str
    paranoia_limit: int
    start: str | None
    # Several printed starting locations (Rei's Servant): the script fixes one for every loop.
    starts: tuple[str, ...] = ()
    forbidden: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    goodwill: tuple[GoodwillAbility, ...] = ()
    text: str = ""  # the card's special rules (its traits), in our own words; shown to players


Timing = Literal[
    "loop_start", "mastermind_ability", "day_end", "last_day_end", "loop_end", "on_death_of_role", "on_death", "always",
    # Last Liar: after the character's own Goodwill ability resolves (not when refused); when its role is revealed.
    "after_goodwill", "on_role_revealed",
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
    # Always-on plot rule: every holder of `role` has Goodwill Refusal `refusal` (Last Liar's
    # The Mythomaniac's Secret: the Secretkeeper gains Goodwill Refusal).
    refusal_change: Spec | None = None
    # Always-on plot rule (Another Horizon's Puppeteer's Strings): every kind of Goodwill Refusal is
    # Puppeted Goodwill Refusal (the Mastermind may use the character's Goodwill abilities).
    all_refusal_puppeted: bool = False

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
    # Once every other role is given, exactly one Person becomes this role (Rei's Fragment): it is
    # not one of the plots' roles, and the Mystery Boy and the A.I. never hold it.
    one_person_becomes_it: bool = False


class Role(_WithTraits):
    id: str = ""
    name: str
    max: int | None = None
    refusal: Literal["none", "optional", "mandatory"] = "none"
    text: str = ""
    abilities: tuple[Ability, ...] = ()
    gains: tuple[Gain, ...] = ()
    creation: tuple[CreationRule, ...] = ()  # script-creation rules for every script holding this role
    # Another Horizon's Puppeted Goodwill Refusal: besides refusing, the Mastermind may use the
    # character's Goodwill abilities in the Mastermind abilities phase when it has the counters.
    puppeted: bool = False
    # Another Horizon's Dual Role ("L: Obstinate / D: Key Person"): {light: ROLE, dark: ROLE}, the
    # role the character holds in each world; the script gives the whole Dual Role to one character.
    dual: dict[str, str] | None = None

    @field_validator("dual")
    @classmethod
    def _dual_halves(cls, v: dict[str, str] | None) -> dict[str, str] | None:
        if v is not None and set(v) != {"light", "dark"}:
            raise ValueError("a Dual Role names exactly its light and dark halves: {light: ROLE, dark: ROLE}")
        return v


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
    # An effect (no target) at the start of the loop after one in which it occurred (Last Liar's Last Will).
    next_loop_start: Any = None
    # Another Horizon: it occurs whatever the culprit's counters (Dimensional Distortion).
    always_triggers: bool = False
    # Another Horizon: the culprit's limit is this much higher (negative: lower) for this incident (Crime of Passion: -1).
    limit_add: int = 0
    # Another Horizon: the game remembers every time it occurs, across loops and worlds (The Singularity: "the first time this game").
    remembered: bool = False


class Traitor(_Strict):
    """A subplot that makes the holder of one Extra card a Traitor (Last Liar): its own victory
    condition replaces the Protagonists' one, and it wins alone."""

    extra_card: str  # the letter of the Extra card whose holder is the Traitor
    phase: str | None = None  # the game phase during which `wins_if` is checked, continuously
    wins_if: Spec | None = None  # a condition (vocabulary) that wins the game for the Traitor
    guesses_culprits: bool = False  # wins by naming every incident's culprit just before the Final Guess
    text: str = ""


class Plot(_Strict):
    id: str = ""
    name: str
    main: bool = False
    roles: dict[str, int] = Field(default_factory=dict)
    optional_roles: dict[str, tuple[int, int]] = Field(default_factory=dict)
    rules: tuple[Ability, ...] = ()
    creation: tuple[CreationRule, ...] = ()
    traitor: Traitor | None = None
    # While this condition holds, the Traitors are ordinary Protagonists (Last Liar's The Final Plan).
    traitors_normal_if: Spec | None = None
    # The script creation guide's loop value of the plot (Last Liar), and what it adds per incident of a kind.
    loop_value: float | None = None
    loop_value_per_incident: dict[str, float] = Field(default_factory=dict)
    loop_value_note: str = ""
    # When no other plot adds `role`, one role of `add_one_of` is added instead, not counted as this
    # plot's (The Mythomaniac's Secret: no Secretkeeper -> a Killer, a Brain or a Fragment); that
    # script's loop value gains `loop_value`.
    if_role_missing: Spec | None = None


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
    # Rei's Hope +1: two or more of it played the same day each act as this card (and go back to hand).
    several_act_as: str | None = None
    # Rei's Hope +1: once it has had its effect, every copy leaves every Protagonist's hand.
    leaves_every_hand: bool = False


class Gauge(_Strict):
    """A public track of one number for the whole table (Another Horizon's Extra Gauge): it starts at
    `start` every loop (or once, for the game, with `resets_each_loop: false`) and never goes below `min`."""

    id: str = ""
    name: str
    start: int = 0
    min: int = 0
    resets_each_loop: bool = True


class LoopValues(_Strict):
    """The script creation guide's table of loop values (Last Liar): what the incidents and the
    length of a loop add to the plots' values, and the number of loops it suggests."""

    incidents: dict[str, float] = Field(default_factory=dict)  # per scheduled incident of that kind
    incident_count_base: int = 4  # this many incidents add nothing
    per_incident_above_or_below: float = 0.0  # each incident above the base adds it, each below takes it away
    days: dict[int, float] = Field(default_factory=dict)  # loops of this many days (or fewer than the least given) add it
    table_talk_off_margin: float = 0.5  # loops played beyond the loop value, Table Talk being off
    safe_loops: int | None = None  # the number of loops the guide calls the safe choice (Last Liar: 4)


class TragedySet(_Strict):
    id: str
    name: str
    subplots: int
    final_guess: bool
    roles: tuple[str, ...]
    incidents: tuple[str, ...]
    plots: dict[str, Plot]
    gauges: dict[str, Gauge] = Field(default_factory=dict)  # no shipped set has one yet
    # An augmented set (Rei: "Basic Tragedy+") names the set it augments: it has all of that set
    # and the augmentation of sets/base/augmented.yaml (a role, a subplot, two incidents).
    augments: str | None = None
    # Rei's Perished and Acquainted tokens: optional per script (`tokens: true`), or always used.
    tokens_mandatory: bool = False
    # Last Liar's table rules: the player counts allowed, Table Talk always off, no skipping to the
    # Final Guess, the Extra cards dealt to the Protagonists, loop values.
    players: tuple[int, ...] = (2, 4)
    table_talk: bool = True
    skip_to_final_guess: bool = True
    extra_cards: tuple[str, ...] = ()
    loop_values: LoopValues | None = None
    # Another Horizon: the gauge Warps raise at day end (one per day whatever their number), and a
    # Warp after every use of a once-per-loop (1x∞) Goodwill ability.
    warp_gauge: str | None = None
    # Cards every hand holds besides its deck, at every loop start (Another Horizon: Paranoia +2 for
    # each Protagonist, Goodwill +1 for the Mastermind), and in the first loop only (Despair +1).
    starting_cards: dict[Literal["mastermind", "protagonists"], tuple[str, ...]] = Field(default_factory=dict)
    first_loop_cards: dict[Literal["mastermind", "protagonists"], tuple[str, ...]] = Field(default_factory=dict)


class RuleBook(BaseModel):
    """Everything one Tragedy Set needs: its board, counters, plots and the characters, roles,
    incidents and cards it uses."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    set: TragedySet
    board: dict[str, Location]
    counters: dict[str, CounterKind]
    tokens: dict[str, TokenKind]
    characters: dict[str, Character]
    roles: dict[str, Role]
    incidents: dict[str, Incident]
    cards: dict[str, Card]
    mastermind_deck: tuple[str, ...]
    protagonist_deck: tuple[str, ...]
    # The same card may be once per loop in one deck only (Paranoia -1: Protagonists only).
    mastermind_once_per_loop: frozenset[str] = frozenset()
    protagonist_once_per_loop: frozenset[str] = frozenset()
    # Cards no hand is dealt that effects may add to each side's hands (Rei's Hope +1, Despair +1...).
    mastermind_added: tuple[str, ...] = ()
    protagonist_added: tuple[str, ...] = ()

    def plot(self, plot_id: str) -> Plot:
        return self.set.plots[plot_id]

    # ------------------------------------------------------------ the board
    @cached_property
    def locations(self) -> tuple[str, ...]:
        """Location ids in board order (top row left to right, then the next row)."""
        return tuple(sorted(self.board, key=lambda l: (self.board[l].at[1], self.board[l].at[0])))

    @cached_property
    def layout(self) -> tuple[tuple[str | None, ...], ...]:
        """The board as rows of location ids (None where the grid has no location)."""
        cols = 1 + max(loc.at[0] for loc in self.board.values())
        rows = 1 + max(loc.at[1] for loc in self.board.values())
        at = {loc.at: l for l, loc in self.board.items()}
        return tuple(tuple(at.get((x, y)) for x in range(cols)) for y in range(rows))

    @cached_property
    def _location_set(self) -> frozenset[str]:
        return frozenset(self.board)

    def is_location(self, target: Any) -> bool:
        return isinstance(target, str) and target in self._location_set

    @cached_property
    def counter_kinds(self) -> tuple[str, ...]:
        return tuple(self.counters)

    @cached_property
    def location_counter_kinds(self) -> tuple[str, ...]:
        return tuple(k for k, c in self.counters.items() if "location" in c.lies_on)

    @cached_property
    def counts_as(self) -> dict[str, tuple[tuple[str, int], ...]]:
        """kind -> ((other kind, weight), ...): the counters that count toward `kind` besides its own."""
        out: dict[str, list[tuple[str, int]]] = {k: [] for k in self.counters}
        for other, c in self.counters.items():
            for kind, w in c.counts_as.items():
                out.setdefault(kind, []).append((other, w))
        return {k: tuple(v) for k, v in out.items() if v}

    @cached_property
    def card_order(self) -> tuple[str, ...]:
        """Card ids in the rule book's order (the order of a placement's options)."""
        return tuple(self.cards)

    @cached_property
    def once_per_loop_cards(self) -> frozenset[str]:
        return self.mastermind_once_per_loop | self.protagonist_once_per_loop


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
def _base() -> dict[str, Any]:
    base = SETS_DIR / "base"
    cards_raw = _read_yaml(base / "cards.yaml")
    decks = cards_raw["decks"]
    return {
        "board": _with_ids(_read_yaml(base / "board.yaml")["locations"], Location, "board.yaml"),
        "counters": _with_ids(_read_yaml(base / "counters.yaml"), CounterKind, "counters.yaml"),
        "tokens": _with_ids(_read_yaml(base / "tokens.yaml") or {}, TokenKind, "tokens.yaml") if (base / "tokens.yaml").exists() else {},
        "characters": _with_ids(_read_yaml(base / "characters.yaml"), Character, "characters.yaml"),
        "roles": _with_ids(_read_yaml(base / "roles.yaml"), Role, "roles.yaml"),
        "incidents": _with_ids(_read_yaml(base / "incidents.yaml"), Incident, "incidents.yaml"),
        "cards": _with_ids(cards_raw["cards"], Card, "cards.yaml"),
        "decks": (tuple(decks["mastermind"]), tuple(decks["protagonist"])),
        "added": (tuple((cards_raw.get("added") or {}).get("mastermind", ())), tuple((cards_raw.get("added") or {}).get("protagonist", ()))),
    }


def available_sets() -> list[str]:
    """The Tragedy Sets shipped in `sets/` (read once: the agents check thousands of drawn scripts)."""
    return list(_available_sets())


@lru_cache(maxsize=1)
def _available_sets() -> tuple[str, ...]:
    return tuple(sorted(p.name for p in SETS_DIR.iterdir() if (p / "set.yaml").exists()))


# A set's folder may add or replace entries of these kinds (file name -> schema).
_SET_FILES: Mapping[str, type[BaseModel]] = {"characters": Character, "roles": Role, "incidents": Incident,
                                             "counters": CounterKind, "tokens": TokenKind}


@lru_cache(maxsize=None)
def load_rulebook(set_id: str) -> RuleBook:
    """The rule book of one Tragedy Set; raises RulesDataError when the data is inconsistent."""
    path = SETS_DIR / set_id / "set.yaml"
    if not path.exists():
        raise KeyError(set_id)
    raw = _read_yaml(path)
    folders = [SETS_DIR / set_id]
    if raw.get("augments"):
        raw, folders = _augmented(raw), [SETS_DIR / raw["augments"], SETS_DIR / set_id]
    plots = {k: {**v, "id": k} for k, v in (raw.get("plots") or {}).items()}
    gauges = {k: {**v, "id": k} for k, v in (raw.get("gauges") or {}).items()}
    try:
        tset = TragedySet.model_validate({**raw, "plots": plots, "gauges": gauges})
    except ValidationError as exc:
        raise RulesDataError(f"{path}: breaks the schema:\n{exc}") from exc
    base = _base()
    parts: dict[str, dict[str, Any]] = {k: dict(base[k]) for k in _SET_FILES}
    for folder in folders:
        for name, model in _SET_FILES.items():
            if (folder / f"{name}.yaml").exists():
                parts[name].update(_with_ids(_read_yaml(folder / f"{name}.yaml"), model, f"{folder.name}/{name}.yaml"))
    # A set's coded rules (and the vocabulary words it adds) are registered when it is loaded.
    from . import vocab  # noqa: F401  (the base vocabulary)

    for folder in folders:
        if (folder / "coded.py").exists():
            importlib.import_module(f"{__package__}.sets.{folder.name}.coded")
    roles, incidents = parts["roles"], parts["incidents"]
    missing = [r for r in tset.roles if r not in roles] + [i for i in tset.incidents if i not in incidents]
    for plot in tset.plots.values():
        missing += [r for r in list(plot.roles) + list(plot.optional_roles) if r not in tset.roles]
    # A Dual Role's halves are roles of the set, each a plain role (Another Horizon).
    missing += [h for r in tset.roles if r in roles and roles[r].dual for h in roles[r].dual.values()
                if h not in tset.roles or roles[h].dual is not None]
    if missing:
        raise RulesDataError(f"{path}: names unknown roles or incidents: {missing}")
    mm_deck, p_deck = base["decks"]
    mm_added, p_added = base["added"]
    return RuleBook(
        set=tset,
        board=base["board"],
        counters=parts["counters"],
        tokens=parts["tokens"],
        characters=parts["characters"],
        roles={r: roles[r] for r in tset.roles},
        incidents={i: incidents[i] for i in tset.incidents},
        cards=base["cards"],
        mastermind_deck=tuple(c.lstrip("!") for c in mm_deck),
        protagonist_deck=tuple(c.lstrip("!") for c in p_deck),
        mastermind_once_per_loop=frozenset(c[1:] for c in (*mm_deck, *mm_added) if c.startswith("!")),
        protagonist_once_per_loop=frozenset(c[1:] for c in (*p_deck, *p_added) if c.startswith("!")),
        mastermind_added=tuple(c.lstrip("!") for c in mm_added),
        protagonist_added=tuple(c.lstrip("!") for c in p_added),
    )


def _augmented(raw: dict[str, Any]) -> dict[str, Any]:
    """An augmented set's data: the set it augments, with Rei's additions (sets/base/augmented.yaml)
    and the augmented set's own id, name and fields."""
    base_path = SETS_DIR / raw["augments"] / "set.yaml"
    if not base_path.exists() or _read_yaml(base_path).get("augments"):
        raise RulesDataError(f"{raw.get('id')}: augments {raw['augments']!r}, which is not a plain Tragedy Set")
    base = _read_yaml(base_path)
    more = _read_yaml(SETS_DIR / "base" / "augmented.yaml")
    out = {**base, **{k: v for k, v in raw.items() if k not in ("roles", "incidents", "plots")}}
    out["roles"] = [*base["roles"], *more["roles"]]
    out["incidents"] = [*base["incidents"], *more["incidents"]]
    out["plots"] = {**base["plots"], **more["plots"]}
    return out

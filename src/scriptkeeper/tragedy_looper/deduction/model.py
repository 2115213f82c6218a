"""The hypothesis space of one Tragedy Set: plot combinations, the roles each one adds, and what
each role can do (as far as deduction needs to know).

A hypothesis (a hidden script) is a plot combination, a role for every character and a culprit
for every scheduled incident. Plot combinations are few (at most a few hundred), so they are
enumerated one by one; for each one the script-creation rules fix a "bag" of roles (how many of
each role the cast holds), which the solver then distributes over the characters.

What a role does is read from the rules data, and only in the shapes written below
(`ROLE_ABILITIES`): a role ability of any other shape is refused (UnmodelledRule), since the
facts would otherwise reason as if it did not exist.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import wraps
from itertools import combinations
from typing import Any, Callable, Iterator, TypeVar

from ...core.errors import UnmodelledRule
from ...core.text import T, Text
from ..rules import Ability, RuleBook
from ..unmodelled import english, ids, q, refuse
from .scope import SCOPE, WHO, set_fields

PERSON = "person"
ABSENT = "(absent)"  # a character that may not be in the cast at all (the Godly Being before it enters)

SUPPORTED_SETS = tuple(sorted(SCOPE.declare("set", {
    "first_steps": "First Steps: its plots, roles and incidents",
    "basic_tragedy": "Basic Tragedy: its plots, roles and incidents",
    # Rei's augmentation (seed 000, "New Rules in Previous Tragedy Sets"): the Fragment (one Person
    # becomes it: combos), Crossing World Lines and the Fragment's cards added at loop start
    # (observe.fact_cards_added), The Light of Hope and The Murk of Despair (incident steps read
    # like any other), Hope and Despair counted by board.count and board.goodwill_refusal.
    "first_steps_plus": "First Steps+: First Steps with Rei's augmentation",
    "basic_tragedy_plus": "Basic Tragedy+: Basic Tragedy with Rei's augmentation",
    # Seed 001: the Ninja's possible lie (observe.note), the Magician, the Prophet's veto and the
    # Obstinate (observe.fact_occurrence), Extra cards (context.Cx), the Fake Incident's other name
    # (observe.walk_incident), Serial Murders that share a culprit (solver._Culprits).
    "midnight_zone": "Midnight Zone: its plots, roles and incidents",
    "midnight_zone_plus": "Midnight Zone+: Midnight Zone with Rei's augmentation",
    # Seed 000, "Last Liar": the Secretkeeper's reveals and doom and the Influencer's counters after a
    # death or a Goodwill ability (observe.after_death, after_goodwill), the Wildcard's abilities on
    # days 3 and 6 (Cx.gains, by the board's day), the Watcher's Despair (observe.fact_occurrence),
    # the Protagonists' deaths of The Sealed Conclusion and The Demon's Script and of a Secretkeeper's
    # doom (observe.fact_protagonists_die), the Traitors' conditions not met and the Traitors announced
    # (observe.fact_traitors_*), The Mythomaniac's Secret's refusal and added role (Cx.refusal, combos),
    # The Executor, Distortion and Last Will (observe.walk_incident_steps, fact_cards_added).
    "last_liar": "Last Liar: its plots, roles, incidents and Traitors",
})))


class UnsupportedSet(UnmodelledRule):
    """Deduction is written for the sets of SUPPORTED_SETS only. `parts`: what of the set it does
    not model (observe.unmodelled_parts), named in the message so that the refusal says why."""

    SHOWN = 12

    def __init__(self, set_id: str, parts: list[Text] | None = None) -> None:
        self.parts = list(parts or [])
        sets = ids(SUPPORTED_SETS)
        more = len(self.parts) - self.SHOWN
        if not self.parts:
            why = T("unmodelled.why.supported_sets", sets=sets)
        elif more > 0:
            why = T("unmodelled.why.supported_sets_more", sets=sets, parts=tuple(self.parts[:self.SHOWN]), more=more)
        else:
            why = T("unmodelled.why.supported_sets_parts", sets=sets, parts=tuple(self.parts))
        super().__init__(WHO, T("unmodelled.what.set", set=q(set_id)), why, english=english)


R = TypeVar("R")


def per_rulebook(fn: Callable[[RuleBook], R]) -> Callable[[RuleBook], R]:
    """Cache a function of a rule book by the rule book's identity (rule books are not hashable;
    a test may pass a copy of a shipped one)."""
    cache: dict[int, tuple[RuleBook, R]] = {}

    @wraps(fn)
    def wrapper(rules: RuleBook) -> R:
        got = cache.get(id(rules))
        if got is None:
            got = cache[id(rules)] = (rules, fn(rules))  # the rule book is kept: its id stays its own
        return got[1]

    return wrapper


# ---------------------------------------------------------------- plot combinations
SCOPE.declare("plot field", {"name": "words only", "main": "main plot or subplot", "roles": "the role bag (combos)",
                             "optional_roles": "optional roles of the bag (combos)", "rules": "plot rules (context.Cx)",
                             "creation": "script-creation rules (combos)",
                             "loop_value": "words only: the script-creation guide's values",
                             "loop_value_note": "words only", "loop_value_per_incident": "words only: the guide's values",
                             # Last Liar (seed 000)
                             "traitor": "a Traitor's condition not met while it holds, and the Traitors announced "
                                        "(observe.fact_traitor_condition, fact_traitors_revealed)",
                             "traitors_normal_if": "no Traitor while it holds (observe.traitors_normal)",
                             "if_role_missing": "a combination with no Secretkeeper holds one more of the roles named (combos)"})
SCOPE.declare("script-creation rule field", {"rule": "its id", "text": "words only", "role": "the role it constrains",
                                             "must_have_tag": "the role goes to a character with the tag (combos)",
                                             "one_person_becomes_it": "exactly one character of the bag's Persons holds it (combos)",
                                             "must_not_have_tag": "the role never goes to a character with the tag (combos)",
                                             "requires_incident": "a combination with the plot needs that incident on the public "
                                                                  "schedule (observe.fact_schedule): only a Fake Incident shows another name",
                                             "must_be_culprit": "a sound relaxation, said here: the count also holds scripts whose "
                                                                "Obstinate (Wildcard) is no culprit (the solver counts culprits apart from roles)"})
SCOPE.declare("role field", {"name": "words only", "text": "words only", "max": "role maxima (combos)",
                             "refusal": "Goodwill Refusal facts", "traits": "its traits (role_info)",
                             "abilities": "its abilities (role_info)", "gains": "the Factor's gained roles (role_info)",
                             "creation": "its script-creation rules (combos: one_person_becomes_it only)"})


@dataclass(frozen=True)
class Combo:
    """One plot combination (main plot + subplots) and what follows from it."""

    main: str
    subs: tuple[str, ...]
    # role -> (lo, hi): how many characters (outside the Mystery Boy) hold it; persons are free.
    bag: tuple[tuple[str, int, int], ...]
    plot_roles: frozenset[str]  # every role a chosen plot adds (needed or optional)
    girl_roles: frozenset[str]  # roles that must go to a Girl (Sign with me!)
    tags_required: tuple[tuple[str, str], ...] = field(default=())  # (role, tag) creation rules
    tags_forbidden: tuple[tuple[str, str], ...] = field(default=())  # (role, tag): never a character with the tag

    @property
    def plots(self) -> tuple[str, ...]:
        return (self.main, *self.subs)

    def has(self, plot: str) -> bool:
        return plot == self.main or plot in self.subs

    @property
    def bag_roles(self) -> frozenset[str]:
        return frozenset(r for r, _, hi in self.bag if hi > 0)

    def exact_count(self, role: str) -> int | None:
        """How many non-Mystery-Boy characters hold `role` when the bag fixes it, else None."""
        for r, lo, hi in self.bag:
            if r == role:
                return lo if lo == hi else None
        return 0

    def label(self, rules: RuleBook) -> str:
        return " + ".join(rules.plot(p).name for p in self.plots)


def check_set(rules: RuleBook) -> None:
    if rules.set.id not in SUPPORTED_SETS:
        raise UnsupportedSet(rules.set.id)


@per_rulebook
def combos(rules: RuleBook) -> tuple[Combo, ...]:
    """Every legal plot combination of a set, with its role bag."""
    check_set(rules)
    plots = rules.set.plots
    mains = [p for p, v in plots.items() if v.main]
    subs = [p for p, v in plots.items() if not v.main]
    out = []
    for m in mains:
        for ss in combinations(subs, rules.set.subplots):
            needed: Counter[str] = Counter()
            optional: dict[str, tuple[int, int]] = {}
            girls: set[str] = set()
            tags: list[tuple[str, str]] = []
            no_tags: list[tuple[str, str]] = []
            for p in (m, *ss):
                needed.update(plots[p].roles)
                for r, rng in plots[p].optional_roles.items():
                    optional[r] = (int(rng[0]), int(rng[1]))
                for cr in plots[p].creation:
                    if cr.role and cr.must_have_tag:
                        tags.append((cr.role, cr.must_have_tag))
                        if cr.must_have_tag == "girl":
                            girls.add(cr.role)
                    if cr.role and cr.must_not_have_tag:
                        no_tags.append((cr.role, cr.must_not_have_tag))
            for r in list(needed):
                cap = rules.roles[r].max
                if cap is not None and needed[r] > cap:
                    needed[r] = cap
            for extra in _roles_if_missing(rules, (m, *ss), needed):
                got = needed + Counter(extra)
                bag: dict[str, tuple[int, int]] = {r: (n, n) for r, n in got.items() if r != PERSON}
                for r, (lo, hi) in optional.items():
                    if r not in bag:
                        cap = rules.roles[r].max
                        bag[r] = (lo, min(hi, cap) if cap is not None else hi)
                # Once the plots' roles are given, exactly one Person becomes the Fragment (seed 000): in
                # the bag it is one more role held exactly once; it is no plot's role, so the Mystery Boy
                # (whose role comes from outside the plots) never takes it (Universe.outside_roles).
                for r in from_person_roles(rules):
                    bag[r] = (1, 1)
                out.append(Combo(m, tuple(ss), tuple(sorted((r, lo, hi) for r, (lo, hi) in bag.items())),
                                 frozenset(got) | frozenset(optional), frozenset(girls), tuple(tags),
                                 tuple(no_tags)))
    return tuple(out)


def _roles_if_missing(rules: RuleBook, plots: tuple[str, ...], needed: Counter[str]) -> list[tuple[str, ...]]:
    """The roles a plot adds when no chosen plot adds another (Last Liar's The Mythomaniac's Secret:
    no Secretkeeper, then exactly one Killer, Brain or Fragment more; seed 000): one tuple per way,
    () when no such rule applies. Each way is its own combination (same plots, another bag), as
    script.check_script's `_role_if_missing` accepts exactly one of them."""
    ways: list[tuple[str, ...]] = [()]
    for p in plots:
        missing = rules.set.plots[p].if_role_missing
        if not missing or needed[missing["role"]] > 0:
            continue
        choices = [r for r in missing["add_one_of"] if r in rules.roles and r in rules.set.roles]
        ways = [w + (r,) for w in ways for r in choices if _fits(rules.roles[r].max, needed[r] + Counter(w)[r] + 1)]
    return ways


def _fits(cap: int | None, n: int) -> bool:
    return cap is None or n <= cap


def from_person_roles(rules: RuleBook) -> frozenset[str]:
    """The set's roles one Person becomes once every other role is given (Rei's Fragment)."""
    out = set()
    for r in rules.set.roles:
        for cr in rules.roles[r].creation:
            for f in set_fields(cr):
                SCOPE.require("script-creation rule field", f, T("unmodelled.what.role_creation_rule", rule=q(cr.rule), role=q(r)))
            if cr.one_person_becomes_it:
                out.add(r)
    return frozenset(out)


def combos_iter(rules: RuleBook) -> Iterator[Combo]:
    yield from combos(rules)


# ---------------------------------------------------------------- role properties used by the facts
ROLE_TRAITS = SCOPE.declare("role trait", {
    "loss_on_death": "a death the loop went on after, or a loop that ended early (observe)",
    "immortal": "the dead are not immortal; a killing that shows nothing (observe)",
    "ignores_forbid_goodwill": "Forbid Goodwill ignored or obeyed (observe.fact_cards)",
    "may_ignore_forbid_intrigue_here": "Forbid Intrigue ignored: a Cultist there (observe.fact_cards)",
    "guessed_as_person_too": "words only: how a Final Guess is scored (query.guess_is_right); the deduction counts scripts",
    # Midnight Zone (seed 001)
    "may_lie_on_reveal": "a revealed role is the truth or, for the Ninja, another non-Person role (observe.note)",
    "always_triggers_incidents": "the Obstinate's incidents occur whatever its counters (observe.fact_occurrence)",
    "no_mastermind_cards": "a Mastermind card on a character: it is no Prophet (observe.fact_prophet_cards)",
    "vetoes_incidents_here": "the Prophet stops another's incident in its location (observe.fact_occurrence)",
    # Last Liar (seed 000)
    "incidents_here_trigger_with": "the Watcher: an incident whose living culprit is in its location with 1+ Despair "
                                   "occurs (observe.fact_occurrence)",
})
SCOPE.declare("timing", {
    "mastermind_ability": "the counters of the Mastermind's phase (observe.fact_mm_abilities)",
    "day_end": "deaths and losses at day end (observe.walk_day_end)",
    "last_day_end": "the Time Traveler's loss (observe.fact_protagonists_die)",
    "loop_end": "Friends revealed, loss conditions (observe.walk_loop_end)",
    "loop_start": "counters placed at loop start (observe.fact_threads_of_fate)",
    "on_death_of_role": "Lover / Loved One reactions (observe.reactions)",
    "always": "role changes (context.Cx)",
    "on_death": "the Magician's corpse loses its Paranoia (observe.reactions); the Secretkeeper's reveal, the "
                "Influencer's Paranoia (observe.after_death)",
    # Last Liar (seed 000)
    "after_goodwill": "the Secretkeeper's reveal, the Influencer's spread (observe.after_goodwill)",
    "on_role_revealed": "the Secretkeeper's doom: an event (observe.note), the Protagonists' death it explains "
                        "(observe.fact_protagonists_die)",
})
SCOPE.declare("coded call", {
    "serial_killer.strike": "Serial Killers at day end (observe.fact_serial_killers)",
    "friend.loop_end": "a dead Friend is revealed at loop end (observe.fact_friend)",
    "friend.loop_start": "a revealed Friend's Goodwill at loop start (a counter event)",
    "influencer.spread": "Paranoia and Goodwill on those who share its start, after its Goodwill ability (observe.after_goodwill)",
    "secretkeeper.doom": "its event names the day the Protagonists die (observe.note)",
})


def _place(kind: str, n: int) -> dict[str, Any]:
    return {"place": {"counter": kind, "n": n}}


# The role abilities the facts know, by the shape of their data (timing, optional, target,
# effect, condition, call, whether they react to a role's death). The numbers in these shapes
# are the ones the facts count with (observe.py), so a rule book that changes one is refused.
ROLE_ABILITIES: dict[str, dict[str, Any]] = {
    "brain": {"timing": "mastermind_ability", "optional": True, "target": {"choose": "location_or_character", "where": ["here"]},
              "effect": _place("intrigue", 1)},
    "ct": {"timing": "mastermind_ability", "optional": True, "target": {"choose": "character", "where": ["here"]},
           "effect": _place("paranoia", 1)},
    "killer": {"timing": "day_end", "optional": True, "effect": "kill",
               "target": {"choose": "character", "where": ["here", "other", {"role": "key_person"}, {"counter_at_least": ["intrigue", 2]}]}},
    "killer_protagonists": {"timing": "day_end", "optional": True, "condition": {"counter_at_least": ["intrigue", 4]},
                            "effect": "kill_protagonists"},
    "loved_one_kills": {"timing": "day_end", "optional": True, "effect": "kill_protagonists",
                        "condition": {"all": [{"counter_at_least": ["paranoia", 3]}, {"counter_at_least": ["intrigue", 1]}]}},
    "time_traveler": {"timing": "last_day_end", "optional": True, "condition": {"counter_at_most": ["goodwill", 2]},
                      "effect": "protagonists_lose"},
    "reaction": {"timing": "on_death_of_role", "reacts": True, "target": {"choose": "self"}, "effect": _place("paranoia", 6)},
    "serial_killer": {"timing": "day_end", "call": "serial_killer.strike"},
    "friend": {"timing": "loop_end", "call": "friend.loop_end"},
    "friend_goodwill": {"timing": "loop_start", "call": "friend.loop_start"},
    # Rei's Fragment (seed 000): the cards it adds at a loop's start are seen arriving (observe.fact_cards_added).
    "fragment_despair": {"timing": "loop_start", "condition": {"dead_at_end_of_previous_loop": True},
                         "effect": {"add_card": {"card": "despair_plus_1", "to": "mastermind"}}},
    "fragment_hope": {"timing": "loop_start", "condition": {"alive_with_goodwill_at_end_of_previous_loop": 2},
                      "effect": {"add_card": {"card": "hope_plus_1", "to": "protagonists"}}},
    # Midnight Zone (seed 001)
    "magician_move": {"timing": "mastermind_ability", "optional": True, "once_per_loop": True, "shared_by_role": True,
                      "target": {"choose": "character", "where": ["here", {"counter_at_least": ["paranoia", 1]}]},
                      "effect": "move_adjacent"},
    "magician_corpse": {"timing": "on_death", "target": {"choose": "self", "corpse_ok": True},
                        "effect": {"remove": {"counter": "paranoia", "n": "all"}}},
    "ninja": {"timing": "day_end", "optional": True, "effect": "kill",
              "target": {"choose": "character", "where": ["here", {"counter_at_least": ["intrigue", 2]}]}},
    # Last Liar (seed 000)
    "influencer_death": {"timing": "on_death", "target": {"all": "character", "where": ["shares_start"]},
                         "effect": _place("paranoia", 1)},
    "influencer_spread": {"timing": "after_goodwill", "once_per_loop": True, "call": "influencer.spread"},
    "reveal_on_death": {"timing": "on_death", "target": {"choose": "self", "corpse_ok": True}, "effect": "reveal_role"},
    "reveal_after_goodwill": {"timing": "after_goodwill", "target": {"choose": "self"}, "effect": "reveal_role"},
    "secretkeeper_doom": {"timing": "on_role_revealed", "call": "secretkeeper.doom", "condition": {"loop_at_most": 2}},
}


def ability_shape(ab: Ability) -> dict[str, Any]:
    """The fields of a role ability the facts depend on (defaults left out)."""
    # Every field the data sets is in the shape (a field nobody reads would otherwise pass unseen).
    out: dict[str, Any] = {"timing": ab.timing}
    for name in set_fields(ab):
        if name not in ("text", "of_role", "timing"):
            out[name] = getattr(ab, name)
    if ab.of_role is not None:
        out["reacts"] = True
    return out


def role_ability_kind(role: str, i: int, ab: Ability) -> str:
    """Which of ROLE_ABILITIES a role ability is; UnmodelledRule when it is none of them."""
    where = T("unmodelled.what.role_ability", ability=i + 1, role=q(role))
    SCOPE.require("timing", ab.timing, where)
    if ab.call is not None:
        SCOPE.require("coded call", ab.call, where)
    shape = ability_shape(ab)
    for kind, want in ROLE_ABILITIES.items():
        if shape == want:
            return kind
    raise refuse(WHO, where, T("unmodelled.why.role_ability_shape", shape=q(shape), known=ids(ROLE_ABILITIES)))


GAIN_CONDITION = "location_counter_at_least"  # a gained role's condition on a location's Intrigue (the Factor's)
DAY_GAIN_CONDITION = "day_multiple_of"  # on the day's number (Last Liar's Wildcard: days 3 and 6)


@dataclass(frozen=True)
class RoleInfo:
    """What deduction needs to know of the roles of a set (read from the rules data)."""

    refusal: dict[str, str]
    immortal: frozenset[str]
    loss_on_death: frozenset[str]
    cultist: frozenset[str]  # may ignore Forbid Intrigue here
    ignores_forbid_goodwill: frozenset[str]
    brain: frozenset[str]  # Mastermind ability: 1 Intrigue on this location or a character here
    ct: frozenset[str]  # Mastermind ability: 1 Paranoia on a character here
    serial_killer: frozenset[str]
    friend: frozenset[str]
    lover_pairs: tuple[tuple[str, str], ...]  # (role that reacts, role whose death it reacts to)
    killer: frozenset[str]  # kills the Key Person here with 2+ Intrigue
    key_person: str
    time_traveler: frozenset[str]
    loved_one_kills: frozenset[str]  # Protagonists die at day end with 3+ Paranoia and 1+ Intrigue
    factor_gains: tuple[tuple[str, str, str, int], ...]  # (role, location, gained role, intrigue needed)
    killer_protagonists: frozenset[str] = frozenset()  # the Protagonists die at day end with 4+ Intrigue on it
    fragment_despair: frozenset[str] = frozenset()  # dead at the previous loop's end: Despair +1 to the Mastermind
    fragment_hope: frozenset[str] = frozenset()  # alive with 2+ Goodwill then: Hope +1 to every Protagonist
    magician: frozenset[str] = frozenset()  # Mastermind ability: move a character here with 1+ Paranoia
    magician_corpse: frozenset[str] = frozenset()  # its corpse loses all its Paranoia when it dies
    ninja: frozenset[str] = frozenset()  # kills a character here with 2+ Intrigue at day end (itself included)
    liars: frozenset[str] = frozenset()  # its reveal may announce another non-Person role (the Ninja)
    always_triggers: frozenset[str] = frozenset()  # its incidents occur whatever its counters (the Obstinate)
    vetoes: frozenset[str] = frozenset()  # another's incident in its location does not occur (the Prophet)
    no_mm_cards: frozenset[str] = frozenset()  # the Mastermind cannot put cards on it (the Prophet)
    # Last Liar (seed 000)
    day_gains: tuple[tuple[str, str, int], ...] = ()  # (role, gained role, n): on days that are multiples of n (Wildcard)
    influencer_death: frozenset[str] = frozenset()  # its death: 1 Paranoia on each who shares its start
    influencer_spread: frozenset[str] = frozenset()  # after its Goodwill ability, once a loop: 1 Paranoia, 1 Goodwill on them
    reveal_on_death: frozenset[str] = frozenset()  # its role revealed when it dies (Secretkeeper)
    reveal_after_goodwill: frozenset[str] = frozenset()  # its role revealed after its Goodwill ability (Secretkeeper)
    doom: frozenset[str] = frozenset()  # its reveal in loop 1 or 2 dooms the Protagonists (an event)
    trigger_with: tuple[tuple[str, str], ...] = ()  # (role, counter kind): the Watcher's incidents_here_trigger_with


def _gain(rules: RuleBook, role: str, cond: Any) -> tuple[str | None, int]:
    """(location, Intrigue needed) of a gained role's condition, or (None, N) for "the day is a
    multiple of N" (the Wildcard); UnmodelledRule for another shape."""
    day = cond.get(DAY_GAIN_CONDITION) if isinstance(cond, dict) and len(cond) == 1 else None
    if isinstance(day, int) and not isinstance(day, bool) and day >= 1:
        return None, day
    arg = cond.get(GAIN_CONDITION) if isinstance(cond, dict) and len(cond) == 1 else None
    if not (isinstance(arg, list) and len(arg) == 3 and rules.is_location(arg[0]) and arg[1] == "intrigue"):
        raise refuse(WHO, T("unmodelled.what.gain_condition", condition=q(cond), role=q(role)), T("unmodelled.why.gain_condition"))
    return arg[0], int(arg[2])


@per_rulebook
def role_info(rules: RuleBook) -> RoleInfo:
    check_set(rules)
    roles = rules.roles
    by_kind: dict[str, set[str]] = {k: set() for k in ROLE_ABILITIES}
    pairs = []
    for r, v in roles.items():
        for i, a in enumerate(v.abilities):
            kind = role_ability_kind(r, i, a)
            by_kind[kind].add(r)
            if kind == "reaction":
                assert a.of_role is not None
                pairs.append((r, a.of_role))
    gains = []
    day_gains = []
    for r, v in roles.items():
        for g in v.gains:
            loc, n = _gain(rules, r, g.condition)
            if loc is None:
                day_gains.append((r, g.role, n))
            else:
                gains.append((r, loc, g.role, n))

    def with_trait(t: str) -> frozenset[str]:
        assert t in ROLE_TRAITS, t
        return frozenset(r for r, v in roles.items() if v.has_trait(t))

    kp = next((r for r, v in roles.items() if v.has_trait("loss_on_death")), "key_person")
    return RoleInfo(
        refusal={r: v.refusal for r, v in roles.items()},
        immortal=with_trait("immortal"),
        loss_on_death=with_trait("loss_on_death"),
        cultist=with_trait("may_ignore_forbid_intrigue_here"),
        ignores_forbid_goodwill=with_trait("ignores_forbid_goodwill"),
        brain=frozenset(by_kind["brain"]),
        ct=frozenset(by_kind["ct"]),
        serial_killer=frozenset(by_kind["serial_killer"]),
        friend=frozenset(by_kind["friend"]),
        lover_pairs=tuple(pairs),
        killer=frozenset(by_kind["killer"]),
        key_person=kp,
        time_traveler=frozenset(by_kind["time_traveler"]),
        loved_one_kills=frozenset(by_kind["loved_one_kills"]),
        factor_gains=tuple(gains),
        killer_protagonists=frozenset(by_kind["killer_protagonists"]),
        fragment_despair=frozenset(by_kind["fragment_despair"]),
        fragment_hope=frozenset(by_kind["fragment_hope"]),
        magician=frozenset(by_kind["magician_move"]),
        magician_corpse=frozenset(by_kind["magician_corpse"]),
        ninja=frozenset(by_kind["ninja"]),
        liars=with_trait("may_lie_on_reveal"),
        always_triggers=with_trait("always_triggers_incidents"),
        vetoes=with_trait("vetoes_incidents_here"),
        no_mm_cards=with_trait("no_mastermind_cards"),
        day_gains=tuple(day_gains),
        influencer_death=frozenset(by_kind["influencer_death"]),
        influencer_spread=frozenset(by_kind["influencer_spread"]),
        reveal_on_death=frozenset(by_kind["reveal_on_death"]),
        reveal_after_goodwill=frozenset(by_kind["reveal_after_goodwill"]),
        doom=frozenset(by_kind["secretkeeper_doom"]),
        trigger_with=tuple((r, str(t.params)) for r, v in roles.items() for t in v.traits if t.name == "incidents_here_trigger_with"),
    )

"""Scripts: the Mastermind's secret plan for one game, loaded from YAML and checked.

`check_script(data)` lists every broken script-creation rule with a stable rule id; `load_script`
raises ScriptError with that list. A script is never half-loaded: either every rule holds or
the caller gets the problems, never a traceback.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import yaml

from ..core.errors import ScriptError, ScriptProblem
from ..core.text import Ref, Renderer, T, Text
from .rules import Ability, RuleBook, available_sets, load_rulebook
from .vocab import TRAITS

TRAITS.add("role_outside_plots", doc="character: the script gives it a role none of its plots adds, and not Person (Mystery Boy)")
TRAITS.add("enters_on_script_loop", doc="character: off the board until the loop the script gives as enters_loop (Godly Being)")
TRAITS.add("turf", doc="character: the script fixes a turf; for its role's abilities it may count as being there (Boss)")


@dataclass(frozen=True)
class ScheduledIncident:
    day: int
    incident: str
    culprit: str
    # The incident the public schedule shows instead (its id); None unless a set lets the Mastermind lie.
    public_name: str | None = None


@dataclass(frozen=True)
class Script:
    title: str
    set_id: str
    main_plot: str
    subplots: tuple[str, ...]
    loops: int
    days: int
    cast: dict[str, str]  # character id -> role id, in board order
    incidents: tuple[ScheduledIncident, ...]
    enters_loop: dict[str, int] = field(default_factory=dict)
    turf: dict[str, str] = field(default_factory=dict)
    special_rules: str = ""
    enters_day: dict[str, int] = field(default_factory=dict)  # the day of every loop a character enters (Transfer Student)
    # A partial script (`partial: true`): only what a rule question needs; it starts only from a
    # situation, and the script-creation rules it breaks are kept here as warnings.
    partial: bool = False
    # The starting location the script fixed for a character with several printed ones (Rei's Servant).
    starts: dict[str, str] = field(default_factory=dict)
    # Rei's Perished and Acquainted tokens are used in this game (a Mastermind's choice; some sets always use them).
    tokens: bool = False
    warnings: tuple[ScriptProblem, ...] = field(default=(), compare=False)

    @cached_property
    def rules(self) -> RuleBook:
        return load_rulebook(self.set_id)

    @property
    def plots(self) -> tuple[str, ...]:
        return (self.main_plot, *self.subplots)

    @cached_property
    def plot_rules(self) -> tuple[tuple[str, int, Ability], ...]:
        """Every rule of the script's plots: (plot id, index, rule), main plot first."""
        rb = self.rules
        return tuple((p, i, rule) for p in self.plots for i, rule in enumerate(rb.plot(p).rules))

    @cached_property
    def role_changes(self) -> tuple[dict[str, Any], ...]:
        """The plot rules that change roles during play (Paranoia Virus, Fated Connections)."""
        return tuple(rule.role_change for _, _, rule in self.plot_rules if rule.role_change)

    @cached_property
    def incident_limit_changes(self) -> tuple[dict[str, Any], ...]:
        return tuple(rule.incident_limit for _, _, rule in self.plot_rules if rule.incident_limit)

    @cached_property
    def card_also_forbids(self) -> tuple[dict[str, Any], ...]:
        return tuple(rule.card_also_forbids for _, _, rule in self.plot_rules if rule.card_also_forbids)

    def incident_on(self, day: int) -> tuple[int, ScheduledIncident] | None:
        for i, inc in enumerate(self.incidents):
            if inc.day == day:
                return i, inc
        return None

    def to_dict(self) -> dict[str, Any]:
        cast: dict[str, Any] = {}
        for ch, role in self.cast.items():
            if self.rules.characters[ch].has_trait("never_in_a_script"):
                continue  # brought in by another character's trait (the Part-Timer(?)): never written
            extra: dict[str, Any] = {}
            if ch in self.enters_loop:
                extra["enters_loop"] = self.enters_loop[ch]
            if ch in self.enters_day:
                extra["enters_day"] = self.enters_day[ch]
            if ch in self.turf:
                extra["turf"] = self.turf[ch]
            if ch in self.starts:
                extra["start"] = self.starts[ch]
            cast[ch] = {"role": role, **extra} if extra else role
        out: dict[str, Any] = {
            "title": self.title,
            "set": self.set_id,
            "main_plot": self.main_plot,
            "subplots": list(self.subplots),
            "loops": self.loops,
            "days": self.days,
            "cast": cast,
            "incidents": [
                {"day": i.day, "incident": i.incident, "culprit": i.culprit}
                | ({"public_name": i.public_name} if i.public_name else {})
                for i in self.incidents
            ],
        }
        if self.special_rules:
            out["special_rules"] = self.special_rules
        if self.partial:
            out["partial"] = True
        if self.tokens:
            out["tokens"] = True
        return out


# The script-creation rules (what makes a script a fair one to play) that a partial script may
# break: reported as warnings; the plots' and roles' own creation rules are added from the data.
CREATION_RULES = frozenset({"plot-roles", "role-maximum", "subplot-count", "mystery-boy-role", "culprit-one-incident",
                            "enters-loop", "enters-day", "boss-turf", "never-person", "copycat-role",
                            "no-refusal-role", "start-location", "extra-role-if-missing"})


def _annotation(key: Any) -> bool:
    """An `x-` key: a tool's annotation, kept out of the rules (scriptkeeper check lets it through)."""
    return isinstance(key, str) and key.startswith("x-")


def _p(rule: str, text: Text, where: str = "", set_id: str | None = None) -> ScriptProblem:
    """A problem worded as a Text (rendered at the edge in the reader's language); its `message` is
    the English, with the names of the script's set (of First Steps' base set when it has none)."""
    from .texts import renderer

    english = renderer(set_id if set_id in available_sets() else "basic_tragedy", "en")
    return ScriptProblem(rule, english(text), where, text)


def _problem(rule: str, id: str, where: str = "", **params: Any) -> ScriptProblem:
    return _p(rule, T(f"script.problem.{id}", **params), where)


# Settings a character's card makes the script fix, by the trait that asks for them: the key the
# cast entry uses and the kind of its value (the script editor asks for each one).
SCRIPT_SETTINGS: dict[str, tuple[str, str]] = {
    "enters_on_script_loop": ("enters_loop", "loop"),
    "enters_on_script_day": ("enters_day", "day"),
    "turf": ("turf", "location"),
}


def _numbered(value: Any, most: int | None) -> int | None:
    """A loop or day number from 1 to `most` (any from 1 when `most` is unknown), else None."""
    v = _as_int(value)
    return v if v is not None and v >= 1 and (most is None or v <= most) else None


def _as_int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _key(value: Any) -> Any:
    """A name to look up: lists and mappings where a name belongs become their text, so a lookup never raises."""
    return value if value is None or isinstance(value, (str, int, float, bool)) else repr(value)


def check_script(data: Any) -> tuple[Script | None, list[ScriptProblem]]:
    """Parse and check a script mapping; returns the script (when parseable) and every problem."""
    problems: list[ScriptProblem] = []
    if not isinstance(data, dict):
        return None, [_problem("script-format", "not_a_mapping")]
    known = {"title", "set", "main_plot", "subplots", "loops", "days", "cast", "incidents", "special_rules", "partial", "tokens"}
    for key in data:
        if key not in known and not _annotation(key):
            problems.append(_problem("script-format", "unknown_key", where=str(key), key=repr(key), known=str(sorted(known))))
    partial = data.get("partial", False)
    if not isinstance(partial, bool):
        problems.append(_problem("script-format", "partial_bool", where="partial", value=repr(partial)))
        partial = False
    tokens = data.get("tokens", False)
    if not isinstance(tokens, bool):
        problems.append(_problem("script-format", "tokens_bool", where="tokens", value=repr(tokens)))
        tokens = False
    set_id = data.get("set")
    if set_id not in available_sets():
        return None, problems + [_problem("unknown-set", "unknown_set", where="set", set=repr(set_id), sets=str(available_sets()))]
    rb = load_rulebook(set_id)
    plots = rb.set.plots
    the_set = Ref("set", set_id)

    def bad(rule_id: str, id: str, /, where: str = "", **params: Any) -> ScriptProblem:
        return _p(rule_id, T(f"script.problem.{id}", **params), where, set_id)

    main = _key(data.get("main_plot"))
    if main not in plots:
        problems.append(bad("unknown-plot", "unknown_main_plot", where="main_plot", plot=repr(main), set=the_set))
    elif not plots[main].main:
        problems.append(bad("main-plot-is-main", "main_plot_is_sub", where="main_plot", plot=Ref("plot", main)))
    subs_raw = data.get("subplots") or []
    if not isinstance(subs_raw, (list, tuple)):
        subs_raw = [subs_raw]
    subs: list[str] = []
    for s in map(_key, subs_raw):
        if s not in plots:
            problems.append(bad("unknown-plot", "unknown_subplot", where="subplots", plot=repr(s), set=the_set))
        elif plots[s].main:
            problems.append(bad("subplot-is-sub", "subplot_is_main", where="subplots", plot=Ref("plot", s)))
        else:
            subs.append(s)
    if len(subs_raw) != rb.set.subplots:
        problems.append(bad("subplot-count", "subplot_count", where="subplots", set=the_set, want=rb.set.subplots, have=len(subs_raw)))
    if len(set(subs)) != len(subs):
        problems.append(bad("subplot-duplicate", "subplot_duplicate", where="subplots"))

    loops, days = _as_int(data.get("loops")), _as_int(data.get("days"))
    if loops is None or not 1 <= loops <= 8:
        problems.append(bad("loops-range", "loops_range", where="loops", value=repr(data.get("loops"))))
    if days is None or not 1 <= days <= 8:
        problems.append(bad("days-range", "days_range", where="days", value=repr(data.get("days"))))

    cast: dict[str, str] = {}
    enters: dict[str, int] = {}
    entry_day: dict[str, int] = {}
    turf: dict[str, str] = {}
    starts: dict[str, str] = {}
    raw_cast = data.get("cast")
    if not isinstance(raw_cast, dict) or not raw_cast:
        problems.append(bad("cast-format", "cast_format", where="cast"))
        raw_cast = {}
    for ch, entry in raw_cast.items():
        if ch not in rb.characters:
            problems.append(bad("unknown-character", "unknown_character", where=f"cast.{ch}", key=repr(ch)))
            continue
        opts: dict[str, Any] = {}
        if entry is None:
            role = "person"
        elif isinstance(entry, str):
            role = entry
        elif isinstance(entry, dict):
            opts = dict(entry)
            role = _key(opts.pop("role", "person") or "person")
        else:
            problems.append(bad("cast-format", "cast_entry", where=f"cast.{ch}", key=str(ch)))
            continue
        if rb.characters[ch].has_trait("never_in_a_script"):
            problems.append(bad("never-in-a-script", "never_in_a_script", where=f"cast.{ch}", character=Ref("character", ch)))
            continue
        if role not in rb.roles:
            problems.append(bad("role-not-in-set", "role_not_in_set", where=f"cast.{ch}", key=str(ch), role=repr(role), set=the_set))
            continue
        cast[ch] = role
        card = rb.characters[ch]
        for key, value in opts.items():
            if key == "enters_loop" and card.has_trait("enters_on_script_loop"):
                if (v := _numbered(value, loops)) is None:
                    problems.append(bad("enters-loop", "enters_loop_range", where=f"cast.{ch}", key=str(ch), most=str(loops)))
                else:
                    enters[ch] = v
            elif key == "enters_day" and card.has_trait("enters_on_script_day"):
                if (v := _numbered(value, days)) is None:
                    problems.append(bad("enters-day", "enters_day_range", where=f"cast.{ch}", key=str(ch), most=str(days)))
                else:
                    entry_day[ch] = v
            elif key == "turf" and card.has_trait("turf"):
                if not rb.is_location(value):
                    problems.append(bad("boss-turf", "turf_location", where=f"cast.{ch}", key=str(ch), locations=str(list(rb.locations))))
                else:
                    turf[ch] = value
            elif key == "start" and card.starts:
                if value not in card.starts:
                    problems.append(bad("start-location", "start_location", where=f"cast.{ch}", key=str(ch), locations=str(list(card.starts))))
                else:
                    starts[ch] = value
            elif not _annotation(key):
                problems.append(bad("cast-format", "option_not_applicable", where=f"cast.{ch}", key=str(ch), option=repr(key)))
        if card.starts and ch not in starts and not any(p.rule == "start-location" and p.where == f"cast.{ch}" for p in problems):
            problems.append(bad("start-location", "start_needed", where=f"cast.{ch}", character=Ref("character", ch), locations=str(list(card.starts))))
        if card.has_trait("enters_on_script_loop") and ch not in enters and not any(p.rule == "enters-loop" and p.message.startswith(ch) for p in problems):
            problems.append(bad("enters-loop", "enters_loop_needed", where=f"cast.{ch}", key=str(ch)))
        if card.has_trait("enters_on_script_day") and ch not in entry_day and not any(p.rule == "enters-day" and p.message.startswith(ch) for p in problems):
            problems.append(bad("enters-day", "enters_day_needed", where=f"cast.{ch}", key=str(ch)))
        if card.has_trait("never_person") and role == "person":
            problems.append(bad("never-person", "never_person", where=f"cast.{ch}", character=Ref("character", ch)))
        if card.has_trait("turf") and ch not in turf and not any(p.rule == "boss-turf" for p in problems):
            problems.append(bad("boss-turf", "turf_needed", where=f"cast.{ch}", key=str(ch)))

    # Roles the plots add, summed, then capped by each role's maximum (rules-notes section 6).
    needed: Counter[str] = Counter()
    optional_ranges: dict[str, tuple[int, int]] = {}
    for plot_id in ([main] if main in plots else []) + subs:
        needed.update(plots[plot_id].roles)
        for r, rng in plots[plot_id].optional_roles.items():
            optional_ranges[r] = rng
    for r in list(needed):
        cap = rb.roles[r].max
        if cap is not None and needed[r] > cap:
            needed[r] = cap
    # The Mystery Boy's role comes from outside the plots; the Copycat's is another character's copy:
    # neither takes one of the roles the plots add, nor counts toward a role's maximum.
    outside = {ch for ch in cast if rb.characters[ch].has_trait("role_outside_plots") or rb.characters[ch].has_trait("copies_a_role")}
    # A role one Person becomes once the others are given (Rei's Fragment) is a Person's for the plots' count.
    from_person = {r for r, role in rb.roles.items() if any(cr.one_person_becomes_it for cr in role.creation)}
    counted = Counter(role for ch, role in cast.items() if ch not in outside and role != "person" and role not in from_person)
    problems += _role_if_missing(rb, [main] if main in plots else [], subs, needed, counted, set_id)
    # Another Horizon's Dual Roles: the halves of those the plots add are roles of the script too (AH FAQ A2).
    halves = {half for r in needed for half in (rb.roles[r].dual or {}).values()}
    for ch, role in cast.items():
        if rb.characters[ch].has_trait("role_outside_plots"):
            if role == "person" or role in needed or role in optional_ranges or role in from_person \
                    or rb.roles[role].dual is not None or role in halves:
                problems.append(bad("mystery-boy-role", "mystery_boy_role", where=f"cast.{ch}", character=Ref("character", ch), role=repr(role)))
    for r in sorted(set(needed) | set(counted)):
        if r in optional_ranges and r not in needed:
            continue
        if counted[r] != needed[r]:
            problems.append(bad("plot-roles", "plot_roles", where="cast", want=needed[r], role=Ref("role", r), have=counted[r]))
    for r, (lo, hi) in optional_ranges.items():
        if not lo <= counted[r] <= hi:
            problems.append(bad("plot-roles", "plot_roles_range", where="cast", low=lo, high=hi, role=Ref("role", r), have=counted[r]))
    for ch, role in cast.items():
        card = rb.characters[ch]
        if card.has_trait("copies_a_role") and (role == "person" or not any(
                r == role for c, r in cast.items() if c != ch and not rb.characters[c].has_trait("copies_a_role"))):
            problems.append(bad("copycat-role", "copycat_role", where=f"cast.{ch}", character=Ref("character", ch), role=repr(role)))
        if card.has_trait("role_without_refusal") and rb.roles[role].refusal != "none":
            problems.append(bad("no-refusal-role", "no_refusal_role", where=f"cast.{ch}", character=Ref("character", ch), role=Ref("role", role)))
    for r in sorted(from_person):
        cr = next(cr for cr in rb.roles[r].creation if cr.one_person_becomes_it)
        holders = [ch for ch, role in cast.items() if role == r and not rb.characters[ch].has_trait("copies_a_role")]
        if len(holders) != 1 and cast:
            problems.append(bad(cr.rule, "from_person_count", where="cast", role=Ref("role", r), rule=_creation(cr.rule), have=len(holders)))
        for ch in holders:
            if rb.characters[ch].has_trait("never_person"):
                problems.append(bad(cr.rule, "from_person_never_person", where=f"cast.{ch}", role=Ref("role", r), rule=_creation(cr.rule),
                                    character=Ref("character", ch)))
    all_roles = Counter(role for ch, role in cast.items() if not rb.characters[ch].has_trait("copies_a_role"))
    for r, n in all_roles.items():
        cap = rb.roles[r].max
        if cap is not None and n > cap:
            problems.append(bad("role-maximum", "role_maximum", where="cast", most=cap, role=Ref("role", r), have=n))
    for plot_id in ([main] if main in plots else []) + subs:
        for cr in plots[plot_id].creation:
            if cr.role and cr.must_have_tag:
                for ch, role in cast.items():
                    if role == cr.role and cr.must_have_tag not in rb.characters[ch].tags:
                        problems.append(bad(cr.rule, "tag_missing", where=f"cast.{ch}", plot=Ref("plot", plot_id), rule=_creation(cr.rule),
                                                character=Ref("character", ch)))
            if cr.role and cr.must_not_have_tag:
                for ch, role in cast.items():
                    if role == cr.role and cr.must_not_have_tag in rb.characters[ch].tags:
                        problems.append(bad(cr.rule, "tag_forbidden", where=f"cast.{ch}", plot=Ref("plot", plot_id), rule=_creation(cr.rule),
                                                character=Ref("character", ch)))

    incidents: list[ScheduledIncident] = []
    raw_inc = data.get("incidents") or []
    if not isinstance(raw_inc, list):
        problems.append(bad("incident-format", "incidents_format", where="incidents"))
        raw_inc = []
    for n, entry in enumerate(raw_inc, 1):
        if not isinstance(entry, dict) or not {"day", "incident", "culprit"} <= set(entry):
            problems.append(bad("incident-format", "incident_entry", where=f"incidents.{n - 1}", number=n))
            continue
        day, inc, culprit = _as_int(entry["day"]), _key(entry["incident"]), _key(entry["culprit"])
        if inc not in rb.incidents:
            problems.append(bad("incident-not-in-set", "incident_not_in_set", where=f"incidents.{n - 1}", number=n, incident=repr(inc), set=the_set))
            continue
        if day is None or days is None or not 1 <= day <= days:
            problems.append(bad("incident-day", "incident_day", where=f"incidents.{n - 1}", incident=Ref("incident", inc), day=repr(entry["day"]), most=str(days)))
            continue
        if culprit not in cast:
            problems.append(bad("culprit-in-cast", "culprit_not_in_cast", where=f"incidents.{n - 1}", incident=Ref("incident", inc), day=day, culprit=repr(culprit)))
            continue
        public, shown = entry.get("public_name"), None
        if public is not None and not rb.incidents[inc].may_show_other_name:
            problems.append(bad("incident-format", "no_public_name", where=f"incidents.{n - 1}", incident=Ref("incident", inc)))
        elif public is not None:
            # The name of another incident of the set (its id or its name), shown on the public schedule.
            shown = next((i for i, d in rb.incidents.items() if i != inc and public in (i, d.name)), None)
            if shown is None:
                problems.append(bad("public-name", "public_name", where=f"incidents.{n - 1}", incident=Ref("incident", inc), day=day, set=the_set,
                                    given=repr(public)))
        incidents.append(ScheduledIncident(day, inc, culprit, shown))
    per_day = Counter(i.day for i in incidents)
    for d, n in sorted(per_day.items()):
        if n > 1:
            problems.append(bad("one-incident-per-day", "one_incident_per_day", where="incidents", day=d, count=n))
    per_culprit = Counter(i.culprit for i in incidents)
    for ch, n in sorted(per_culprit.items()):
        # Incidents whose data says so may share a culprit among themselves (Midnight Zone's Serial Murder).
        if n > 1 and not all(rb.incidents[i.incident].culprit_may_repeat for i in incidents if i.culprit == ch):
            problems.append(bad("culprit-one-incident", "culprit_one_incident", where="incidents", character=Ref("character", ch), count=n))
    # Creation rules that look at the incidents: a required incident, a role that must be a culprit.
    # They come from the chosen plots and from the roles in the cast (a role's own rules apply to it).
    checks = [(Ref("plot", p), cr, cr.role) for p in ([main] if main in plots else []) + subs for cr in plots[p].creation]
    checks += [(Ref("role", r), cr, cr.role or r) for r in dict.fromkeys(cast.values()) for cr in rb.roles[r].creation]
    for where, cr, rule_role in checks:
        if cr.requires_incident and not any(i.incident == cr.requires_incident for i in incidents):
            problems.append(bad(cr.rule, "requires_incident", where="incidents", source=where, rule=_creation(cr.rule)))
        if cr.must_be_culprit:
            for ch in (c for c, r in cast.items() if r == rule_role):
                if not any(i.culprit == ch for i in incidents):
                    problems.append(bad(cr.rule, "must_be_culprit", where=f"cast.{ch}", source=where, rule=_creation(cr.rule),
                                        character=Ref("character", ch)))

    warnings: list[ScriptProblem] = []
    if partial:
        # A partial script keeps only what a rule question needs: the script-creation rules become
        # warnings; what the engine cannot play without (unknown names, ranges, formats) stays an error.
        creation = CREATION_RULES | {cr.rule for p in plots.values() for cr in p.creation} \
            | {cr.rule for r in rb.roles.values() for cr in r.creation}
        warnings = [p for p in problems if p.rule in creation]
        problems = [p for p in problems if p.rule not in creation]
    if problems or main not in plots or loops is None or days is None:
        return None, problems
    # A character brought in by another's trait joins the cast with the role it stands in for (the Part-Timer(?)).
    for other, card in rb.characters.items():
        for t in card.traits:
            if t.name == "stands_in_for" and t.params in cast:
                cast[other] = cast[t.params]
    script = Script(
        # No title stays empty (no English default stored): a front end words "untitled" in its
        # reader's language (script.untitled, page.script.untitled). docs/rulings.md "untitled-script".
        title=str(data.get("title") or ""),
        set_id=set_id,
        main_plot=main,
        subplots=tuple(subs),
        loops=loops,
        days=days,
        cast=cast,
        incidents=tuple(sorted(incidents, key=lambda i: i.day)),
        enters_loop=enters,
        turf=turf,
        special_rules=str(data.get("special_rules") or ""),
        enters_day=entry_day,
        partial=partial,
        starts=starts,
        tokens=tokens,
        warnings=tuple(warnings),
    )
    return script, []


def _creation(rule: str) -> Text:
    """A script-creation rule's own text (rules data, translated per entry: texts.rules_texts)."""
    return T(f"rules.creation.{rule}")


def _role_if_missing(rb: RuleBook, main: list[str], subs: list[str], needed: Counter[str], counted: Counter[str],
                     set_id: str | None = None) -> list[ScriptProblem]:
    """A plot that adds one more role when no plot adds another (`if_role_missing`: Last Liar's The
    Mythomaniac's Secret, a Killer, Brain or Fragment when there is no Secretkeeper): the cast must
    hold exactly one of them beyond what the plots add; `needed` then counts it."""
    out: list[ScriptProblem] = []
    for plot_id in main + subs:
        missing = rb.plot(plot_id).if_role_missing
        if not missing or needed[missing["role"]] > 0:
            continue
        choices = [r for r in missing["add_one_of"] if r in rb.roles]
        over = [r for r in choices if counted[r] == needed[r] + 1]
        if len(over) == 1 and all(counted[r] == needed[r] for r in choices if r != over[0]):
            needed[over[0]] += 1
        else:
            text = T("script.problem.extra_role_if_missing", plot=Ref("plot", plot_id), role=Ref("role", missing["role"]),
                     roles=tuple(Ref("role", r) for r in choices))
            out.append(_p("extra-role-if-missing", text, "cast", set_id))
    return out


def draft_renderer(data: Any, lang: str = "en") -> Renderer:
    """What a draft's problems are rendered with: its set's words in `lang` (the base set's when
    the draft names no set we know)."""
    from .texts import renderer

    set_id = data.get("set") if isinstance(data, dict) else None
    return renderer(set_id if isinstance(set_id, str) and set_id in available_sets() else "basic_tragedy", lang)


def script_from_dict(data: Any) -> Script:
    script, problems = check_script(data)
    if problems or script is None:
        raise ScriptError(problems or [_problem("script-format", "unreadable")])
    return script


def load_script(path: str | Path) -> Script:
    """Read and check a script file; ScriptError names every broken rule."""
    p = Path(path)
    try:
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ScriptError([_problem("script-file", "cannot_read", path=str(p), reason=str(exc.strerror))]) from exc
    except yaml.YAMLError as exc:
        raise ScriptError([_problem("script-format", "not_yaml", path=str(p), error=str(exc))]) from exc
    return script_from_dict(data)

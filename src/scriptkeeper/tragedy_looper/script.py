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


def _p(rule: str, message: str, where: str = "") -> ScriptProblem:
    return ScriptProblem(rule, message, where)


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
        return None, [_p("script-format", "a script is a YAML mapping with set, main_plot, subplots, loops, days, cast, incidents")]
    known = {"title", "set", "main_plot", "subplots", "loops", "days", "cast", "incidents", "special_rules", "partial", "tokens"}
    for key in data:
        if key not in known and not _annotation(key):
            problems.append(_p("script-format", f"unknown key {key!r}; expected one of {sorted(known)} (or an x- annotation)", where=str(key)))
    partial = data.get("partial", False)
    if not isinstance(partial, bool):
        problems.append(_p("script-format", f"partial is true or false, not {partial!r}", where="partial"))
        partial = False
    tokens = data.get("tokens", False)
    if not isinstance(tokens, bool):
        problems.append(_p("script-format", f"tokens is true or false, not {tokens!r}", where="tokens"))
        tokens = False
    set_id = data.get("set")
    if set_id not in available_sets():
        return None, problems + [_p("unknown-set", f"set {set_id!r} is not a Tragedy Set we know; choose one of {available_sets()}", where="set")]
    rb = load_rulebook(set_id)
    plots = rb.set.plots

    main = _key(data.get("main_plot"))
    if main not in plots:
        problems.append(_p("unknown-plot", f"main plot {main!r} is not a plot of {rb.set.name}", where="main_plot"))
    elif not plots[main].main:
        problems.append(_p("main-plot-is-main", f"{plots[main].name} is a subplot, not a main plot", where="main_plot"))
    subs_raw = data.get("subplots") or []
    if not isinstance(subs_raw, (list, tuple)):
        subs_raw = [subs_raw]
    subs: list[str] = []
    for s in map(_key, subs_raw):
        if s not in plots:
            problems.append(_p("unknown-plot", f"subplot {s!r} is not a plot of {rb.set.name}", where="subplots"))
        elif plots[s].main:
            problems.append(_p("subplot-is-sub", f"{plots[s].name} is a main plot, not a subplot", where="subplots"))
        else:
            subs.append(s)
    if len(subs_raw) != rb.set.subplots:
        problems.append(_p("subplot-count", f"{rb.set.name} scripts have exactly {rb.set.subplots} subplot(s); this one has {len(subs_raw)}", where="subplots"))
    if len(set(subs)) != len(subs):
        problems.append(_p("subplot-duplicate", "the same subplot is named twice", where="subplots"))

    loops, days = _as_int(data.get("loops")), _as_int(data.get("days"))
    if loops is None or not 1 <= loops <= 8:
        problems.append(_p("loops-range", f"loops must be a whole number from 1 to 8, not {data.get('loops')!r}", where="loops"))
    if days is None or not 1 <= days <= 8:
        problems.append(_p("days-range", f"days must be a whole number from 1 to 8, not {data.get('days')!r}", where="days"))

    cast: dict[str, str] = {}
    enters: dict[str, int] = {}
    entry_day: dict[str, int] = {}
    turf: dict[str, str] = {}
    starts: dict[str, str] = {}
    raw_cast = data.get("cast")
    if not isinstance(raw_cast, dict) or not raw_cast:
        problems.append(_p("cast-format", "cast must map each character in play to its role", where="cast"))
        raw_cast = {}
    for ch, entry in raw_cast.items():
        if ch not in rb.characters:
            problems.append(_p("unknown-character", f"{ch!r} is not a character of this game", where=f"cast.{ch}"))
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
            problems.append(_p("cast-format", f"{ch}: give a role name or a mapping with role", where=f"cast.{ch}"))
            continue
        if rb.characters[ch].has_trait("never_in_a_script"):
            problems.append(_p("never-in-a-script", f"{rb.characters[ch].name} cannot be written into a script; another character's trait brings her in",
                               where=f"cast.{ch}"))
            continue
        if role not in rb.roles:
            problems.append(_p("role-not-in-set", f"{ch}: role {role!r} is not a role of {rb.set.name}", where=f"cast.{ch}"))
            continue
        cast[ch] = role
        card = rb.characters[ch]
        for key, value in opts.items():
            if key == "enters_loop" and card.has_trait("enters_on_script_loop"):
                if (v := _numbered(value, loops)) is None:
                    problems.append(_p("enters-loop", f"{ch}: enters_loop must be a loop of this script (1..{loops})", where=f"cast.{ch}"))
                else:
                    enters[ch] = v
            elif key == "enters_day" and card.has_trait("enters_on_script_day"):
                if (v := _numbered(value, days)) is None:
                    problems.append(_p("enters-day", f"{ch}: enters_day must be a day of the loop (1..{days})", where=f"cast.{ch}"))
                else:
                    entry_day[ch] = v
            elif key == "turf" and card.has_trait("turf"):
                if not rb.is_location(value):
                    problems.append(_p("boss-turf", f"{ch}: turf must be one of {list(rb.locations)}", where=f"cast.{ch}"))
                else:
                    turf[ch] = value
            elif key == "start" and card.starts:
                if value not in card.starts:
                    problems.append(_p("start-location", f"{ch}: start must be one of its printed starting locations {list(card.starts)}", where=f"cast.{ch}"))
                else:
                    starts[ch] = value
            elif not _annotation(key):
                problems.append(_p("cast-format", f"{ch}: option {key!r} does not apply to this character", where=f"cast.{ch}"))
        if card.starts and ch not in starts and not any(p.rule == "start-location" and p.where == f"cast.{ch}" for p in problems):
            problems.append(_p("start-location", f"{card.name} has several starting locations {list(card.starts)}: the script fixes one (start: LOCATION)",
                               where=f"cast.{ch}"))
        if card.has_trait("enters_on_script_loop") and ch not in enters and not any(p.rule == "enters-loop" and p.message.startswith(ch) for p in problems):
            problems.append(_p("enters-loop", f"{ch} enters the game on a loop the script fixes: give enters_loop", where=f"cast.{ch}"))
        if card.has_trait("enters_on_script_day") and ch not in entry_day and not any(p.rule == "enters-day" and p.message.startswith(ch) for p in problems):
            problems.append(_p("enters-day", f"{ch} enters the game on a day of every loop the script fixes: give enters_day", where=f"cast.{ch}"))
        if card.has_trait("never_person") and role == "person":
            problems.append(_p("never-person", f"{card.name} is never a Person: give it a role of the plots", where=f"cast.{ch}"))
        if card.has_trait("turf") and ch not in turf and not any(p.rule == "boss-turf" for p in problems):
            problems.append(_p("boss-turf", f"{ch} needs a turf location fixed in the script (turf: LOCATION)", where=f"cast.{ch}"))

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
    problems += _role_if_missing(rb, [main] if main in plots else [], subs, needed, counted)
    for ch, role in cast.items():
        if rb.characters[ch].has_trait("role_outside_plots"):
            if role == "person" or role in needed or role in optional_ranges or role in from_person:
                problems.append(_p("mystery-boy-role", f"{rb.characters[ch].name} must hold a role that none of the chosen plots adds (and not Person); {role!r} is not allowed", where=f"cast.{ch}"))
    for r in sorted(set(needed) | set(counted)):
        if r in optional_ranges and r not in needed:
            continue
        if counted[r] != needed[r]:
            problems.append(_p("plot-roles", f"the plots add {needed[r]} {rb.roles[r].name}(s) but the cast has {counted[r]}", where="cast"))
    for r, (lo, hi) in optional_ranges.items():
        if not lo <= counted[r] <= hi:
            problems.append(_p("plot-roles", f"the plots allow {lo} to {hi} {rb.roles[r].name}(s); the cast has {counted[r]}", where="cast"))
    for ch, role in cast.items():
        card = rb.characters[ch]
        if card.has_trait("copies_a_role") and (role == "person" or not any(
                r == role for c, r in cast.items() if c != ch and not rb.characters[c].has_trait("copies_a_role"))):
            problems.append(_p("copycat-role", f"{card.name} copies the role of another character of the script (never Person); "
                               f"no other character holds {role!r}", where=f"cast.{ch}"))
        if card.has_trait("role_without_refusal") and rb.roles[role].refusal != "none":
            problems.append(_p("no-refusal-role", f"{card.name} may not hold a role with Goodwill Refusal; {rb.roles[role].name} has it", where=f"cast.{ch}"))
    for r in sorted(from_person):
        cr = next(cr for cr in rb.roles[r].creation if cr.one_person_becomes_it)
        holders = [ch for ch, role in cast.items() if role == r and not rb.characters[ch].has_trait("copies_a_role")]
        if len(holders) != 1 and cast:
            problems.append(_p(cr.rule, f"{rb.roles[r].name}: {cr.text} (the cast has {len(holders)})", where="cast"))
        for ch in holders:
            if rb.characters[ch].has_trait("never_person"):
                problems.append(_p(cr.rule, f"{rb.roles[r].name}: {cr.text} ({rb.characters[ch].name} is never a Person)", where=f"cast.{ch}"))
    all_roles = Counter(role for ch, role in cast.items() if not rb.characters[ch].has_trait("copies_a_role"))
    for r, n in all_roles.items():
        cap = rb.roles[r].max
        if cap is not None and n > cap:
            problems.append(_p("role-maximum", f"at most {cap} {rb.roles[r].name}(s) may be in a script; this one has {n}", where="cast"))
    for plot_id in ([main] if main in plots else []) + subs:
        for cr in plots[plot_id].creation:
            if cr.role and cr.must_have_tag:
                for ch, role in cast.items():
                    if role == cr.role and cr.must_have_tag not in rb.characters[ch].tags:
                        problems.append(_p(cr.rule, f"{plots[plot_id].name}: {cr.text} ({rb.characters[ch].name} is not)", where=f"cast.{ch}"))
            if cr.role and cr.must_not_have_tag:
                for ch, role in cast.items():
                    if role == cr.role and cr.must_not_have_tag in rb.characters[ch].tags:
                        problems.append(_p(cr.rule, f"{plots[plot_id].name}: {cr.text} ({rb.characters[ch].name} is)", where=f"cast.{ch}"))

    incidents: list[ScheduledIncident] = []
    raw_inc = data.get("incidents") or []
    if not isinstance(raw_inc, list):
        problems.append(_p("incident-format", "incidents is a list of {day, incident, culprit}", where="incidents"))
        raw_inc = []
    for n, entry in enumerate(raw_inc, 1):
        if not isinstance(entry, dict) or not {"day", "incident", "culprit"} <= set(entry):
            problems.append(_p("incident-format", f"incident #{n}: give day, incident and culprit", where=f"incidents.{n - 1}"))
            continue
        day, inc, culprit = _as_int(entry["day"]), _key(entry["incident"]), _key(entry["culprit"])
        if inc not in rb.incidents:
            problems.append(_p("incident-not-in-set", f"incident #{n}: {inc!r} is not an incident of {rb.set.name}", where=f"incidents.{n - 1}"))
            continue
        if day is None or days is None or not 1 <= day <= days:
            problems.append(_p("incident-day", f"{rb.incidents[inc].name}: day {entry['day']!r} is not a day of the loop (1..{days})", where=f"incidents.{n - 1}"))
            continue
        if culprit not in cast:
            problems.append(_p("culprit-in-cast", f"{rb.incidents[inc].name} on day {day}: culprit {culprit!r} is not in the cast", where=f"incidents.{n - 1}"))
            continue
        public, shown = entry.get("public_name"), None
        if public is not None and not rb.incidents[inc].may_show_other_name:
            problems.append(_p("incident-format", f"{rb.incidents[inc].name}: this incident may not show another name on the schedule", where=f"incidents.{n - 1}"))
        elif public is not None:
            # The name of another incident of the set (its id or its name), shown on the public schedule.
            shown = next((i for i, d in rb.incidents.items() if i != inc and public in (i, d.name)), None)
            if shown is None:
                problems.append(_p("public-name", f"{rb.incidents[inc].name} on day {day}: public_name must name another "
                                   f"incident of {rb.set.name}, not {public!r}", where=f"incidents.{n - 1}"))
        incidents.append(ScheduledIncident(day, inc, culprit, shown))
    per_day = Counter(i.day for i in incidents)
    for d, n in sorted(per_day.items()):
        if n > 1:
            problems.append(_p("one-incident-per-day", f"day {d} has {n} incidents; at most one incident may be scheduled on a day", where="incidents"))
    per_culprit = Counter(i.culprit for i in incidents)
    for ch, n in sorted(per_culprit.items()):
        # Incidents whose data says so may share a culprit among themselves (Midnight Zone's Serial Murder).
        if n > 1 and not all(rb.incidents[i.incident].culprit_may_repeat for i in incidents if i.culprit == ch):
            problems.append(_p("culprit-one-incident", f"{rb.characters[ch].name} is the culprit of {n} incidents; a character may be the culprit of at most one", where="incidents"))
    # Creation rules that look at the incidents: a required incident, a role that must be a culprit.
    # They come from the chosen plots and from the roles in the cast (a role's own rules apply to it).
    checks = [(plots[p].name, cr, cr.role) for p in ([main] if main in plots else []) + subs for cr in plots[p].creation]
    checks += [(rb.roles[r].name, cr, cr.role or r) for r in dict.fromkeys(cast.values()) for cr in rb.roles[r].creation]
    for where, cr, rule_role in checks:
        if cr.requires_incident and not any(i.incident == cr.requires_incident for i in incidents):
            problems.append(_p(cr.rule, f"{where}: {cr.text}", where="incidents"))
        if cr.must_be_culprit:
            for ch in (c for c, r in cast.items() if r == rule_role):
                if not any(i.culprit == ch for i in incidents):
                    problems.append(_p(cr.rule, f"{where}: {cr.text} ({rb.characters[ch].name} is the culprit of no incident)", where=f"cast.{ch}"))

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
        title=str(data.get("title") or "Untitled script"),
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


def _role_if_missing(rb: RuleBook, main: list[str], subs: list[str], needed: Counter[str], counted: Counter[str]) -> list[ScriptProblem]:
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
            names = ", ".join(rb.roles[r].name for r in choices)
            out.append(_p("extra-role-if-missing", f"{rb.plot(plot_id).name}: with no {rb.roles[missing['role']].name} in the script, "
                          f"it has exactly one more of {names} than the plots add", where="cast"))
    return out


def script_from_dict(data: Any) -> Script:
    script, problems = check_script(data)
    if problems or script is None:
        raise ScriptError(problems or [_p("script-format", "unreadable script")])
    return script


def load_script(path: str | Path) -> Script:
    """Read and check a script file; ScriptError names every broken rule."""
    p = Path(path)
    try:
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ScriptError([_p("script-file", f"cannot read {p}: {exc.strerror}")]) from exc
    except yaml.YAMLError as exc:
        raise ScriptError([_p("script-format", f"{p} is not valid YAML: {exc}")]) from exc
    return script_from_dict(data)

"""Read one seat's view and write down every fact it gives about the hidden script.

The walker replays the seat's structured events (views.build_view: `events`) in order onto a
`tragedy_looper.board.Board` with `events.replay`, the same Board methods the engine ran, so the
public board it reasons on is the engine's rules applied to what the seat saw; it keeps copies of
that board at the moments the facts need (an incident checked, a death, a day's end, loop end). It
cuts each day into its phases (card resolution, Mastermind abilities, Goodwill abilities,
incident, day end) and writes a Fact for each observation:

- script-creation rules (in model.py: the role bag of each plot combination),
- revealed roles, culprits and subplots,
- every Goodwill refusal (or its absence),
- every incident that did or did not occur, given the culprit candidates' Paranoia, and what the
  incident did (who died, who moved, where counters went),
- every counter the Mastermind placed with an ability (someone must have had that ability there),
- Forbid Intrigue ignored (a Cultist there), Forbid Goodwill ignored (a Time Traveler),
- every death: its timing (incident, Goodwill ability, day end), whether the loop went on after it,
  the Lover/Loved One reactions, the Serial Killers that must or cannot exist at day end,
- every loop's result and what ended it, the Friends revealed at loop end, Threads of Fate.

Only the events' types and data are read (never their texts, never the seat's own hand).
Mastermind-only events never reach a Protagonist's view, and the walker stops at game over (the
script is revealed there). Before walking, `check_rules` refuses a rule book or a character with
anything the deduction does not model, and the walker refuses an event type it does not know
(UnmodelledRule): see scope.py.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from ...core.errors import UnmodelledRule
from ..board import (Board, goodwill_refusal, ability_locations, characters_at, count, forbidden_locations, in_play, incidents_stopped,
                     on_board, raw, total_counters)
from ..cards import acts
from ..events import replay
from ..refs import MASTERMIND, PROTAGONIST_SEATS
from ..rules import GoodwillAbility, IncidentStep, RuleBook, load_rulebook
from ...core.text import Ref, T, Text
from ..unmodelled import english, q, refuse
from .context import Cx, DayBoard, Universe, plot_rule_kind
from .facts import Bound, Fact, both, culprit_in, dnf, either, exists, negate, none_of, role_in
from .model import ABSENT, PERSON, ROLE_TRAITS, SUPPORTED_SETS, UnsupportedSet, _gain, per_rulebook, role_ability_kind, role_info
from .scope import SCOPE, WHO, check_ability, check_condition, check_fields, set_fields

PHASE_ORDER = ["setup", "loop_start", "morning", "mastermind_cards", "protagonist_cards", "resolution",
               "mastermind_abilities", "goodwill_abilities", "incident", "day_end", "loop_end", "final_guess", "game_over"]
KILLS = ("death", "guard", "dies_instead")  # dies_instead: the Servant dies in the place of the one she serves
LOOP_END = ("loop_won", "loop_lost", "loop_start", "final_guess", "skip_to_final", "guess", "game_over")

# The event types the walker reads (events.py documents their data). Mastermind-only events are
# not among them: they never reach the views the deduction reads.
EVENT_TYPES = SCOPE.declare("event type", {
    "game_start": "skipped", "special_rules": "skipped", "loop_start": "a loop (walk_loop); the board is reset",
    "enters": "the Godly Being enters (replayed)", "turf": "the Boss's turf (replayed)",
    "placed": "the Henchman's start (replayed)", "day_start": "a day (walk_day)",
    "card_placed": "skipped (the cards are read when revealed)", "card_placed_own": "skipped",
    "cards_revealed": "the day's cards (walk_day, fact_cards)", "card_cancelled": "forbids that worked (fact_cards)",
    "move": "replayed", "move_blocked": "skipped", "move_none": "skipped", "counter": "replayed; what put it (walk_*)",
    "death": "replayed; deaths (kill_event)", "guard": "replayed; a death prevented (kill_event)",
    "revive": "replayed", "protagonists_die": "a loss at once (walk_day_end, walk_incident)",
    "protagonists_lose": "the Time Traveler's loss (walk_day_end)", "patient_free": "replayed (the Doctor)",
    "stand_down": "replayed (the Henchman)", "card_returned": "the Class Rep", "no_target": "an empty target",
    "goodwill_declared": "a Goodwill ability (walk_goodwill)", "goodwill_refused": "a refusal (fact_refusal)",
    "reveal_role": "a revealed role (note), a Friend at loop end", "reveal_culprit": "a revealed culprit (note)",
    "subplot_chosen": "skipped", "subplot_reveal": "a revealed subplot (note)",
    "incident": "an incident occurred (walk_incident)", "incident_none": "an incident did not occur (fact_occurrence)",
    "loop_won": "the loop's result (fact_loop_result)", "loop_lost": "the loop's result (fact_loop_result)",
    "token": "replayed with the event before it (step): a death's or a declaration's Rei token",
    "skip_to_final": "skipped", "final_guess": "skipped", "guess": "names a character of the cast (the Leader is asked about each); the result is not used",
    "game_over": "the end of the walk",
    # Rei (seed 000)
    "card_added": "a card arrives in a hand at loop start: Crossing World Lines, the Fragment (fact_cards_added)",
    "cards_act_as": "two Hope +1 act as Goodwill +1 (walk_day, fact_cards)", "card_leaves_hands": "skipped (Hope +1 spent)",
    "enters_now": "the Part-Timer(?) enters (replayed)", "dies_instead": "the Servant dies in another's place (kill_event)",
    "loyalty": "replayed (the Servant's Loyalty token)",
    # Midnight Zone (seed 001)
    "extra_card": "replayed; at loop start (fact_extra_cards), by the Faked Suicide (its culprit)",
    "no_protagonist_cards": "replayed (the Faked Suicide's seal)",
    "resolves_as": "the incident the Conspiracies resolve as (walk_incident_steps)",
    # Last Liar (seed 000)
    "extra_cards_dealt": "skipped: the deal itself says nothing of the script",
    "extra_card_dealt": "the seat's own Extra card (Observation.extra_card): the holder's alone, no fact of the script",
    "secretkeeper_doom": "the day the Protagonists die of a revealed Secretkeeper (note; fact_protagonists_die)",
    "executor_chooser": "The Executor's Protagonist (walk_incident_steps): the victim says nothing of the culprit",
    "traitors_revealed": "the Traitors announced before the Final Guess (fact_traitors_revealed)",
    "culprit_guessed": "words only: Traitor C's guess of a culprit",
    "culprit_guess_wrong": "a sound relaxation, said here: that not every guessed culprit is right is no fact "
                           "(the solver counts each incident's culprit apart)",
})


@dataclass
class Observation:
    universe: Universe
    facts: list[Fact]
    schedule: list[dict[str, Any]]  # {day, incident (id)}
    loops: int
    days: int
    loop: int
    turf: dict[str, str]
    board: Board  # the public board at the view's moment, rebuilt from the seat's events
    final_guess: dict[str, str] = field(default_factory=dict)
    records: list[dict[str, Any]] = field(default_factory=list)
    extra_card: str | None = None  # the seat's own Extra card (Last Liar): its holder's alone


def _phase_index(phase: str) -> int:
    return PHASE_ORDER.index(phase) if phase in PHASE_ORDER else len(PHASE_ORDER)


# ================================================================ what the deduction models
SCOPE.declare("character trait", {
    "turf": "the Boss acts from his turf too (board.ability_locations)",
    "confined_until_doctor": "the Patient's forbidden locations lifted (board.forbidden_locations)",
    "start_chosen_each_loop": "the Henchman's start is an event (placed)",
})
SCOPE.declare("counter kind", {"paranoia": "incident triggers, reactions, role changes", "goodwill": "abilities, refusals",
                               "intrigue": "loss conditions, the Killer, Mastermind abilities", "guard": "a death prevented",
                               # Rei: counted by board.count (counts_as) like the engine; their refusal
                               # rules by board.goodwill_refusal, so a refusal under them says what the board says.
                               "hope": "counts as Goodwill and against Intrigue (board.count); removes refusal (board.goodwill_refusal)",
                               "despair": "counts as Paranoia and Intrigue (board.count); gives refusal (board.goodwill_refusal)"})
SCOPE.declare("token kind", {"perished": "words only: the deaths are events", "acquainted": "words only: the declarations are events",
                             "entered": "words only: the Part-Timer(?)'s entry is an event (her card is refused)"})
SCOPE.declare("card kind", {"counter": "counter cards (walk_day)", "forbid": "forbids (fact_cards)",
                            "movement": "movement cards (their moves are events)"})
SCOPE.declare("incident field", {"name": "words only", "text": "words only", "steps": "what it does (walk_incident)",
                                 "may_show_other_name": "any scheduled incident may be a Fake Incident under another name "
                                                        "(Walker.maybe_fake): its facts hold for both readings",
                                 "culprit_may_repeat": "one character may be the culprit of several (solver: _Culprits)",
                                 "trigger_counter": "the counter compared with the limit (fact_occurrence)",
                                 "chooser": "who picks the target (the Leader for The Light of Hope): the facts read what was picked",
                                 "next_loop_start": "what it does at the next loop's start: the cards it adds are seen "
                                                    "arriving (Last Will; fact_cards_added)"})
SCOPE.declare("incident step field", {"target": "its target", "effect": "its effect", "condition": "its `if` (board_holds)",
                                      "call": "a coded step (incident coded call)"})
SCOPE.declare("incident coded call", {"faked_suicide.seal": "its event names the holders of Extra cards (replayed)",
                                      "executor.choose_protagonist": "a Protagonist picks who dies (executor_chooser, a death)"})
SCOPE.declare("goodwill ability field", {
    "goodwill": "the threshold", "text": "words only", "once_per_loop": "its limit", "target": "its target",
    "effect": "its events (goodwill_effects)", "call": "its events (goodwill_effects)", "requires": "where or when it may be used",
    "unrefusable": "no refusal fact", "mastermind_may_use_with_refusal": "a counter the Mastermind put with it (fact_mm_abilities)",
    "mastermind_needs_goodwill": "the Goodwill the Mastermind's use needs (fact_mm_abilities)",
})
SCOPE.declare("goodwill requirement", {"at": "where the character must be", "not_first_loop": "not in loop 1"})
SCOPE.declare("Goodwill coded call", {
    "informer.reveal_subplot": "a subplot named and revealed", "henchman.stand_down": "the Henchman stands down (a status)",
    "class_rep.return_card": "a card returned", "doctor.free_patient": "the Patient freed (a status)",
    "servant.loyalty": "her Loyalty token (a status, replayed)",
    "part_timer_q.reveal_and_goodwill": "her role revealed (the Part-Timer's: note), then 2 Goodwill (a counter event)",
})
SCOPE.declare("effect", {
    "place": "one counter event", "remove": "one counter event", "one_of": "one counter event",
    "kill": "a death, a Guard used, or nothing (immortal)", "revive": "a revive event",
    "reveal_role": "a revealed role", "reveal_culprit": "a revealed culprit",
    "move_anywhere_or_stay": "the culprit moves or stays (Missing Person)", "kill_protagonists": "a loss at once",
    "extra_card": "an Extra card event (the Faked Suicide's culprit)",
    "resolve_as_incident": "a resolves_as event, then that incident's steps (Conspiracies)",
})
SCOPE.declare("target key", {"choose": "a chosen target", "all": "every character that passes the filters",
                             "location": "a named location", "where": "filters", "as": "a target remembered"})
SCOPE.declare("target", {
    "choose: self": "the ability's character", "choose: character": "a living character", "choose: corpse": "a corpse",
    "choose: incident": "a scheduled incident", "choose: location_or_character": "a location or a character in it",
    "choose: culprit": "the incident's culprit", "choose: culprit_location": "the culprit's location",
    "choose: this_incident": "the incident itself (the Confession reveals its culprit)",
    "all: character": "every living character (filtered by `at`)",
    "choose: culprit_start_location": "the culprit's starting location (Distortion: the counters there name it)",
})
SCOPE.declare("target filter", {
    "here": "Goodwill abilities", "other": "Goodwill abilities", "student": "Goodwill abilities",
    "paranoia_at_limit": "Goodwill abilities", "in_turf": "Goodwill abilities", "occurred_this_loop": "Goodwill abilities",
    "culprit_here": "incidents: the victim stood with the culprit", "not_culprit": "incidents", "not": "incidents",
    "counter_at_least": "incidents (Faraway Murder)", "at": "incidents (Hospital Incident)",
})
INCIDENT_CONDITIONS = SCOPE.declare("incident step condition", {"location_counter_at_least": "Intrigue on a named location (board_holds), "
                                                                                         "or on the culprit's start (the Fake Incident: a fact)",
                                                                "not": "only around the culprit's start (Distortion's second step)"})
LOSS_CONDITIONS = SCOPE.declare("loss condition", {
    "location_counter_at_least": "counters on a location, or on a role's starting location (plot_condition)",
    "role_counter_at_least": "counters on a role's holder (plot_condition)",
    "incident_occurred_this_loop": "the incidents that occurred (plot_condition)", "all": "every listed condition",
    "role_revealed_this_loop": "the script roles of the characters revealed this loop (plot_condition)",
    "living_characters_at_most": "the living characters on the board (plot_condition)",
    "any": "one of the listed conditions (plot_condition)",
})
# The Traitors' victory conditions (Last Liar, seed 000), read with the engine's own condition words.
TRAITOR_CONDITIONS = SCOPE.declare("traitor condition", {
    "tokens_at_least": "the Perished or Acquainted tokens of the game (fact_traitor_condition)",
})

COUNTER_EFFECTS = ("place", "remove", "one_of")
# Events an incident's effect may begin with that neither a Fake Incident (which shows nothing, or the
# Protagonists' death) nor the day end after it (deaths, losses) makes: an incident of the schedule
# that begins so is the one its name says (Walker.walk_incident).
NOT_FAKE = ("no_target", "move", "counter", "resolves_as", "extra_card", "reveal_culprit", "reveal_role", "executor_chooser")
# The event each of Rei's tokens is placed with (seed 000 "Perished and Acquainted Tokens").
TOKEN_EVENT = {"perished": "death", "acquainted": "goodwill_declared"}


def _counter_effect(effect: Any) -> bool:
    return isinstance(effect, dict) and len(effect) == 1 and next(iter(effect)) in COUNTER_EFFECTS


def incident_step_kind(inc: str, i: int, step: IncidentStep) -> str:
    """What an incident step does, as walk_incident reads it; UnmodelledRule for any other step."""
    spec, eff = step.target, step.effect
    cond = step.condition
    if isinstance(cond, dict) and set(cond) == {"not"} and not Walker.on_culprit_start(cond):
        raise refuse(WHO, T("unmodelled.what.incident_step", step=i + 1, incident=q(inc)),
                     T("unmodelled.why.incident_step", target=q(spec), effect=q(eff), call=q(step.call)))
    if step.call is None:
        if spec is None and eff in ("kill_protagonists", "protagonists_lose"):
            return "protagonists"
        if spec is not None and set(spec) == {"location"} and _counter_effect(eff):
            return "location_counter"
        if spec is not None and spec.get("all") == "character" and eff == "kill" \
                and all(isinstance(f, dict) and set(f) == {"at"} for f in spec.get("where", ())):
            return "kill_all"
        what = (spec or {}).get("choose")
        if what == "culprit" and eff == "kill":
            return "suicide"
        if what == "character" and eff == "kill":
            return "kill_chosen"
        if what == "culprit" and eff == "move_anywhere_or_stay":
            return "move_culprit"
        if what == "culprit_location" and _counter_effect(eff):
            return "culprit_location_counter"
        if what == "character" and _counter_effect(eff):
            return "character_counter"
        if what == "location_or_character" and _counter_effect(eff):
            return "chosen_counter"  # the Breakthrough: a counter event, which says nothing of the culprit
        if spec is None and isinstance(eff, dict) and set(eff) == {"resolve_as_incident"}:
            return "resolve_as"
        if what == "culprit" and eff == "extra_card":
            return "culprit_extra_card"
        if what == "culprit_start_location" and _counter_effect(eff):
            return "culprit_start_counter"  # Distortion: the counters' location is the culprit's start
        if (what, eff) in (("this_incident", "reveal_culprit"), ("culprit", "reveal_role")):
            return "reveal"  # the Confession: the reveals are facts (note)
    elif step.call == "faked_suicide.seal" and spec is None and eff is None:
        return "seal"
    elif step.call == "executor.choose_protagonist" and spec is None and eff is None:
        return "executor"
    raise refuse(WHO, T("unmodelled.what.incident_step", step=i + 1, incident=q(inc)),
                 T("unmodelled.why.incident_step", target=q(spec), effect=q(eff), call=q(step.call)))


def mastermind_goodwill_effects(gw: GoodwillAbility) -> frozenset[tuple[str, int]] | None:
    """(counter kind, change) of each counter a Goodwill ability the Mastermind may use can put on
    a character in its owner's location (the Doctor's Paranoia +1 / -1 on another character, the
    Metaworld Denizen's Hope or Despair on a character, herself included); None for any other shape."""
    target = gw.target or {}
    if gw.call is not None or set(target) - {"choose", "where"} or target.get("choose") != "character" \
            or not set(target.get("where", ())) <= {"here", "other"} or "here" not in target.get("where", ()):
        return None
    effects: list[Any] = list(gw.effect["one_of"]) if isinstance(gw.effect, dict) and set(gw.effect) == {"one_of"} else [gw.effect]
    out = set()
    for e in effects:
        if not (isinstance(e, dict) and len(e) == 1 and next(iter(e)) in ("place", "remove")):
            return None
        (word, arg), = e.items()
        if not (isinstance(arg, dict) and set(arg) == {"counter", "n"} and arg["n"] == 1):
            return None
        out.add((arg["counter"], 1 if word == "place" else -1))
    return frozenset(out)


def check_goodwill(ch: str, i: int, gw: GoodwillAbility) -> None:
    where = T("unmodelled.what.goodwill_ability", ability=i + 1, character=q(ch))
    check_ability(gw, "goodwill ability field", "", "Goodwill coded call", where)
    if gw.mastermind_may_use_with_refusal and mastermind_goodwill_effects(gw) is None:
        raise refuse(WHO, where, T("unmodelled.why.mastermind_goodwill"))


def check_places(rules: RuleBook, cond: Any, where: Text, *, start_of_role: bool) -> None:
    """The places a `location_counter_at_least` names: a location, or (loss conditions) a role's
    starting location {start_of_role: ROLE}; anything else (the culprit's start...) is refused."""
    if not isinstance(cond, dict):
        return
    for op, arg in cond.items():
        if op in ("all", "any"):
            for c in arg:
                check_places(rules, c, where, start_of_role=start_of_role)
        elif op == "not":
            check_places(rules, arg, where, start_of_role=start_of_role)
        elif op == "location_counter_at_least":
            place = arg[0]
            if not start_of_role and place == "culprit_start":
                continue  # the Fake Incident's condition: read as a fact on the culprit (walk_incident_steps)
            if not (rules.is_location(place) or (start_of_role and isinstance(place, dict) and set(place) == {"start_of_role"})):
                raise refuse(WHO, T("unmodelled.what.place", place=q(place)),
                             T("unmodelled.why.place_or_start" if start_of_role else "unmodelled.why.place", where=where))


def check_rules(rules: RuleBook, characters: list[str]) -> None:
    """UnmodelledRule for the first thing of the rule book, or of the characters the seat meets,
    that the deduction does not model (scope.py). Rule books never change: what passed is remembered."""
    check_rule_book(rules)
    passed = _characters_passed(rules)
    for ch in characters:
        if ch not in passed:
            check_character(rules, ch)
            passed.add(ch)


@per_rulebook
def _characters_passed(rules: RuleBook) -> set[str]:
    return set()


def check_character(rules: RuleBook, ch: str) -> None:
    c = rules.characters[ch]
    where = T("unmodelled.what.character", character=q(ch))
    check_fields(c, "character field", where)
    for t in c.traits:
        SCOPE.require("character trait", t.name, where)
    for i, gw in enumerate(c.goodwill):
        check_goodwill(ch, i, gw)


@per_rulebook
def check_rule_book(rules: RuleBook) -> bool:
    """The rule book's part of check_rules (True once it passed)."""
    if not SCOPE.models("set", rules.set.id):
        raise unsupported_set(rules)
    for f in set_fields(rules.set):
        SCOPE.require("set field", f, T("unmodelled.where.set"))
    for kind in rules.counters:
        SCOPE.require("counter kind", kind, T("unmodelled.where.counter_kinds"))
    for token in rules.tokens:
        SCOPE.require("token kind", token, T("unmodelled.where.token_kinds"))
    for card_id, card in rules.cards.items():
        SCOPE.require("card kind", card.kind, T("unmodelled.what.card", card=q(card_id)))
        if card.kind == "forbid" and card.forbids != "movement":
            SCOPE.require("counter kind", card.forbids, T("unmodelled.what.card", card=q(card_id)))
    for role_id, role in rules.roles.items():
        check_fields(role, "role field", T("unmodelled.what.role", role=q(role_id)))
        for t in role.traits:
            SCOPE.require("role trait", t.name, T("unmodelled.what.role", role=q(role_id)))
    role_info(rules)  # every role ability and gained role, by shape (model.role_ability_kind)
    for plot_id, plot in rules.set.plots.items():
        check_fields(plot, "plot field", T("unmodelled.what.plot", plot=q(plot_id)))
        check_traitor(plot_id, plot)
        for cr in plot.creation:
            check_fields(cr, "script-creation rule field", T("unmodelled.what.creation_rule", rule=q(cr.rule), plot=q(plot_id)))
        for i, rule in enumerate(plot.rules):
            if plot_rule_kind(plot_id, i, rule) == "loss":
                where = T("unmodelled.what.plot_rule", rule=i + 1, plot=q(plot_id))
                check_condition(rule.loss_if, "loss condition", where)
                check_places(rules, rule.loss_if, where, start_of_role=True)
    for inc_id, inc in rules.incidents.items():
        check_fields(inc, "incident field", T("unmodelled.what.incident", incident=q(inc_id)))
        SCOPE.require("counter kind", inc.trigger_counter, T("unmodelled.what.incident", incident=q(inc_id)))
        for i, step in enumerate(inc.steps):
            where = T("unmodelled.what.incident_step", step=i + 1, incident=q(inc_id))
            check_ability(step, "incident step field", "incident step condition", "incident coded call", where)
            check_places(rules, step.condition, where, start_of_role=False)
            incident_step_kind(inc_id, i, step)
    return True



# What a set says beyond its plots, roles and incidents: the words the deduction reads of it.
SCOPE.declare("set field", {
    "name": "words only", "subplots": "how many subplots (combos)", "final_guess": "words only: the deduction counts scripts",
    "roles": "the roles (combos)", "incidents": "the incidents the schedule names", "plots": "the plots (combos)",
    "augments": "Rei's augmentation (model.SUPPORTED_SETS)",
    "tokens_mandatory": "the tokens are replayed and checked (Walker.step)", "players": "words only: who sits at the table",
    "table_talk": "words only: what is said at the table is no event", "skip_to_final_guess": "words only: the walk reads the loops played",
    "loop_values": "words only: the script-creation guide's values",
    "extra_cards": "the Extra cards dealt to the Protagonists: each seat's own is read (Observation.extra_card), "
                   "the Traitors they make by the plots' `traitor` (fact_traitor_condition, fact_traitors_revealed)",
})


@per_rulebook
def unmodelled_parts(rules: RuleBook) -> list[Text]:
    """Every part of a set's rule book the deduction does not model (each refused rule, field, trait,
    ability shape or word), read one by one: what an UnsupportedSet names as its reason. Read once
    per rule book (the agents ask the deduction at every decision, and take its refusal)."""
    out: list[Text] = []

    def attempt(where: Text, fn: Callable[..., Any], *args: Any) -> None:
        try:
            fn(*args)
        except UnmodelledRule as exc:
            what = exc.what if isinstance(exc.what, Text) else T("unmodelled.what.words", words=exc.what)
            got = what if english(where) in english(what) else T("unmodelled.what.part_in", what=what, where=where)
            if got not in out:
                out.append(got)

    tset = rules.set
    for f in set_fields(tset):
        attempt(T("unmodelled.where.set"), SCOPE.require, "set field", f, T("unmodelled.where.set"))
    for kind in rules.counters:
        attempt(T("unmodelled.where.counter_kinds"), SCOPE.require, "counter kind", kind, T("unmodelled.where.counter_kinds"))
    for card_id, card in rules.cards.items():
        card_where = T("unmodelled.what.card", card=q(card_id))
        attempt(card_where, SCOPE.require, "card kind", card.kind, card_where)
    for role_id in tset.roles:
        role = rules.roles[role_id]
        where = T("unmodelled.what.role", role=q(role_id))
        attempt(where, check_fields, role, "role field", where)
        for t in role.traits:
            attempt(where, SCOPE.require, "role trait", t.name, where)
        for i, ab in enumerate(role.abilities):
            attempt(where, role_ability_kind, role_id, i, ab)
        for g in role.gains:
            attempt(where, _gain, rules, role_id, g.condition)
    for plot_id, plot in tset.plots.items():
        where = T("unmodelled.what.plot", plot=q(plot_id))
        attempt(where, check_fields, plot, "plot field", where)
        attempt(where, check_traitor, plot_id, plot)
        for i, rule in enumerate(plot.rules):
            attempt(where, _plot_rule_check, plot_id, i, rule)
    for inc_id in tset.incidents:
        inc = rules.incidents[inc_id]
        where = T("unmodelled.what.incident", incident=q(inc_id))
        attempt(where, check_fields, inc, "incident field", where)
        for i, step in enumerate(inc.steps):
            attempt(where, check_ability, step, "incident step field", "incident step condition", "incident coded call",
                    T("unmodelled.what.incident_step", step=i + 1, incident=q(inc_id)))
            attempt(where, incident_step_kind, inc_id, i, step)
    return out


SCOPE.declare("traitor field", {"extra_card": "the letter it names (fact_traitors_revealed)", "text": "words only",
                                "phase": "when its condition is checked (fact_traitor_conditions)",
                                "wins_if": "its condition (traitor condition)",
                                "guesses_culprits": "words only: Traitor C's guess (culprit_guessed, culprit_guess_wrong)"})
TRAITOR_PHASES = SCOPE.declare("traitor phase", {"day_end": "Walker.walk_day_end", "goodwill_abilities": "Walker.walk_day"})


def check_traitor(plot_id: str, plot: Any) -> None:
    """A plot's Traitor (Last Liar) and its rule making Traitors ordinary, in the words modelled."""
    where = T("unmodelled.what.plot", plot=q(plot_id))
    if plot.traitor is not None:
        check_fields(plot.traitor, "traitor field", where)
        if plot.traitor.wins_if is not None:
            SCOPE.require("traitor phase", plot.traitor.phase, where)
            check_condition(plot.traitor.wins_if, "traitor condition", where)
    if plot.traitors_normal_if is not None:
        check_condition(plot.traitors_normal_if, "loss condition", where)


def _plot_rule_check(plot_id: str, i: int, rule: Any) -> None:
    if plot_rule_kind(plot_id, i, rule) == "loss":
        check_condition(rule.loss_if, "loss condition", T("unmodelled.what.plot_rule", rule=i + 1, plot=q(plot_id)))


def unsupported_set(rules: RuleBook) -> UnsupportedSet:
    """The refusal of a set the deduction is not written for, naming what of it it does not model."""
    return UnsupportedSet(rules.set.id, unmodelled_parts(rules))


# ================================================================ the walker
class Walker:
    def __init__(self, view: dict[str, Any], rules: RuleBook | None = None) -> None:
        self.view = view
        if view.get("seat") == MASTERMIND:
            raise ValueError("the deduction reads a Protagonist's or the observer's view; the Mastermind knows the script")
        if rules is None:
            rules = load_rulebook(view["set"])
            if view["set"] not in SUPPORTED_SETS:
                raise unsupported_set(rules)
        elif rules.set.id != view["set"]:
            raise ValueError(f"the rule book of {rules.set.id!r} does not fit a view of {view['set']!r}")
        self.rules = rules
        evs = view.get("events")
        if evs is None:
            raise ValueError("this view has no structured events (views.build_view adds them)")
        cut = next((k for k, e in enumerate(evs) if e["type"] == "game_over"), len(evs))
        self.ev: list[dict[str, Any]] = evs[:cut]
        if (self.ev or view.get("loop", 0) >= 1) and (not self.ev or self.ev[0]["type"] != "game_start"):
            raise ValueError("deduction reads a game from its first event; a game started from a stated situation "
                             "has no record of what came before it")
        self.over = view.get("outcome") is not None
        self.n = len(self.ev)
        self.i = 0
        seen = [c["id"] for c in view.get("characters", [])]
        for e in self.ev:
            d = e.get("data") or {}
            for key in ("character", "target"):
                v = d.get(key)
                if isinstance(v, str) and v in rules.characters and v not in seen:
                    seen.append(v)
        maybe = []
        if view.get("loop", 0) < view["loops"]:
            maybe = [c for c, v in rules.characters.items() if v.has_trait("enters_on_script_loop") and c not in seen]
        check_rules(rules, seen + maybe)
        self.u = Universe(rules, seen, maybe)
        # (character, counters) of those that die at day end with that many counters on them (Part-Timer)
        self.day_end_counter_deaths = [(c, int(t.params)) for c in self.u.chars for t in rules.characters[c].traits
                                       if t.name == "dies_at_day_end_with_counters"]
        self.board: DayBoard = DayBoard.empty(rules, self.u.chars)  # type: ignore[assignment]
        self.schedule = [{"day": s["day"], "incident": s["incident"]} for s in view["schedule"]]
        self.by_day = {s["day"]: k for k, s in enumerate(self.schedule)}
        self.facts: list[Fact] = []
        self.days = view["days"]
        self.loop = 0
        self.prev_goodwill: dict[str, int] = {}
        self.revealed_roles: dict[str, str] = {}
        self.prev_end: Board | None = None  # the board as the previous loop ended (the Fragment's loop start)
        # Incidents a script may schedule under another incident's name (Midnight Zone's Fake Incident):
        # any scheduled incident may really be one of them (maybe_fake).
        self.fakes = [i for i in rules.set.incidents if rules.incidents[i].may_show_other_name]
        self.revealed_this_loop: list[str] = []  # characters whose role was revealed this loop (Secret Record)
        self.prev_dead: list[str] = []  # who died in the previous loop (the Extra cards of Fated Connections)
        self.fake_shaky_today = False  # an incident today may have been a Fake Incident: its events are unsure
        self.unsure_incident = False  # walking such an incident: what its steps show says nothing of its culprit
        # What the Mastermind could have done and did (for agents that model its behaviour).
        self.records: list[dict[str, Any]] = []
        # Last Liar (seed 000)
        self.extra_card: str | None = None  # the seat's own Extra card
        self.doom_days: set[tuple[int, int]] = set()  # (loop, day) at whose end a revealed Secretkeeper kills the Protagonists
        self.spread_used: set[str] = set()  # characters whose Influencer spread was seen this loop (once per loop)
        self.prev_occurred: list[str] = []  # the incidents that occurred in the previous loop (Last Will's card)
        self.traitor_plots = [(p, v.traitor) for p, v in rules.set.plots.items() if v.traitor is not None]

    # ------------------------------------------------------------ helpers
    def t(self, k: int = 0) -> str | None:
        j = self.i + k
        return self.ev[j]["type"] if j < self.n else None

    def d(self, k: int = 0) -> dict[str, Any]:
        j = self.i + k
        return (self.ev[j].get("data") or {}) if j < self.n else {}

    def fact(self, kind: str, text: Text, bind: Any) -> None:
        """Note a fact: what it says is a Text (`deduction.fact.*`), worded at the edge in the reader's language."""
        self.facts.append(Fact(kind, text, bind))

    def snap(self) -> DayBoard:
        """A copy of the board as it is now (with its day: DayBoard)."""
        return self.board.copy()

    def ref(self, x: str) -> Ref:
        """A character or a location named in a fact (a target may be either)."""
        return Ref("location" if self.rules.is_location(x) else "character", x)

    def count(self, b: Board, target: str, kind: str) -> int:
        return count(self.rules, b, target, kind)

    def loc(self, b: Board, ch: str) -> str | None:
        return b.chars[ch].location

    def past(self, phase: str, day: int) -> bool:
        """Is the view's present moment after `phase` of `day` of the current loop?"""
        if self.over:
            return True
        v = self.view
        if v.get("loop", 0) != self.loop:
            return v.get("loop", 0) > self.loop
        if v.get("day", 0) != day:
            return v.get("day", 0) > day
        return _phase_index(v.get("phase", "")) > _phase_index(phase)

    def step(self) -> dict[str, Any]:
        """Consume the next event: refuse a type the deduction does not model, replay it on the
        board (the engine's own Board methods, events.replay) and note what it reveals outright."""
        e = self.ev[self.i]
        t, d = e["type"], e.get("data") or {}
        SCOPE.require("event type", t, T("unmodelled.where.event", event=self.i + 1))
        if t == "extra_card" and not extra_cards_possible(self.rules):
            raise refuse(WHO, T("unmodelled.what.extra_card_event", event=self.i + 1), T("unmodelled.why.no_extra_card_rule"))
        replay(self.rules, self.board, t, d, who=WHO)
        self.note(t, d)
        self.i += 1
        # Rei's tokens are public facts placed with the event before them (seed 000): a Perished token
        # with a character's first death, an Acquainted token with the first declaration of one of its
        # Goodwill abilities. They go on the board here (the walk never meets them), checked against
        # that event: a token the walker cannot explain so is refused, not read past.
        while self.i < self.n and self.ev[self.i]["type"] == "token":
            td = self.ev[self.i].get("data") or {}
            if TOKEN_EVENT.get(str(td.get("token"))) not in (None, t) or (td.get("token") in TOKEN_EVENT and td.get("character") != d.get("character")):
                raise refuse(WHO, T("unmodelled.what.token", token=q(td.get("token")), character=q(td.get("character")), event=self.i + 1),
                             T("unmodelled.why.token_follows", event=q(t), character=q(d.get("character"))))
            if td.get("token") in TOKEN_EVENT and td["token"] in self.board.tokens.get(td["character"], ()):
                raise refuse(WHO, T("unmodelled.what.token", token=q(td["token"]), character=q(td["character"]), event=self.i + 1),
                             T("unmodelled.why.token_twice"))
            replay(self.rules, self.board, "token", td, who=WHO)
            self.i += 1
        return e

    def note(self, t: str, d: dict[str, Any]) -> None:
        """Record what an event reveals outright."""
        if t == "reveal_role":
            ch, role = d["character"], d["role"]
            self.revealed_roles[ch] = role
            self.revealed_this_loop.append(ch)
            # A reveal announces the role held at that moment: a plot rule that changes roles
            # (Paranoia Virus) may have made it out of another script role. A script role that may lie
            # (Midnight Zone's Ninja, seed 001) may announce any other non-Person role of the script
            # instead (engine: effects._reveal): then the announced role says nothing of it.
            b = self.snap()

            def revealed(cx: Cx, ch: str = ch, role: str = role, b: Board = b) -> Bound:
                held = {r for r in cx.domain(ch) if cx.effective(r, b, ch) == role} | {role}
                if role != PERSON:
                    held |= cx.domain(ch) & cx.info.liars
                return [role_in(ch, held)]

            self.fact("revealed", T("deduction.fact.role_revealed", character=Ref("character", ch), role=Ref("role", role)), revealed)
        elif t == "reveal_culprit":
            idx, ch = d["incident"], d["culprit"]
            self.fact("revealed", T("deduction.fact.culprit_revealed", number=idx + 1, character=Ref("character", ch)),
                      lambda cx, idx=idx, ch=ch: [culprit_in(idx, {ch})])
        elif t == "secretkeeper_doom":
            self.doom_days.add((self.loop, int(d["day"])))
        elif t == "extra_card_dealt":
            self.extra_card = str(d["card"])
        elif t == "traitors_revealed":
            self.fact_traitors_revealed([str(c) for c in d.get("cards", [])], self.snap())
        elif t == "subplot_reveal" and d.get("plot"):
            plot = d["plot"]
            self.fact("revealed", T("deduction.fact.subplot_revealed", plot=Ref("plot", plot)), lambda cx, plot=plot: plot in cx.combo.subs)

    # ------------------------------------------------------------ walk
    def run(self) -> Observation:
        self.fact_schedule()
        while self.i < self.n:
            if self.t() == "loop_start":
                self.walk_loop()
            else:
                self.step()
        return Observation(self.u, self.facts, self.schedule, self.view["loops"], self.days, self.loop, dict(self.board.turf),
                           self.board, records=self.records, extra_card=self.extra_card)

    def walk_loop(self) -> None:
        L = self.d()["loop"]
        self.loop = L
        self.loop_start_i = self.i
        self.step()  # the board is reset for the loop (Board.reset_for_loop)
        self.board.day = 0
        self.spread_used = set()
        while self.t() in ("enters", "turf", "placed"):
            self.step()
        ls_start = self.snap()
        ls_effects = []
        added: Counter[tuple[str, str]] = Counter()  # (hand, card) -> copies added at this loop's start
        extra: list[str] = []  # who got an Extra card at this loop's start
        self.revealed_this_loop = []
        while self.t() in ("counter", "card_added", "extra_card"):
            if self.t() == "card_added":
                added[(self.d()["hand"], self.d()["card"])] += 1
            elif self.t() == "extra_card":
                extra.append(self.d()["character"])
            ls_effects.append(self.step())
        if L > 1 and (self.i < self.n or self.past("loop_start", 0)):
            self.fact_extra_cards(L, extra, ls_start)
        if L > 1 and (self.i < self.n or self.past("loop_start", 0)):
            self.fact_threads_of_fate(ls_start, ls_effects)
        if (self.i < self.n or self.past("loop_start", 0)) and (added or cards_may_arrive(self.rules)):
            self.fact_cards_added(L, added)  # where no rule adds a card, "none added" says nothing
        # per-loop records
        self.deaths: list[dict[str, Any]] = []  # {i, ch, group, board}
        self.kill_groups: dict[int, list[str]] = {}
        self.gid: dict[int, int] = {}
        self.mm_days: list[tuple[int, list[tuple[str, str, int, Board]]]] = []
        self.occurred_types: list[str] = []
        self.visible_immediate = False
        self.last_day = 0
        self.last_day_incident_seen = False
        while self.t() == "day_start":
            self.walk_day()
        self.fact_mm_abilities()
        loop_events_end = self.i
        # Deaths the loop went on after: no loss on death, and no Lover's reaction was missed.
        continued = [r for r in self.deaths if self.continued_after(r, loop_events_end)]
        for r in continued:
            self.fact_not_loss_on_death(r["ch"], r["board"])
            self.fact_death_triggers_missing(r)
        self.fact_lover_negative(continued)
        # loop end: Friends revealed, then the loop's result
        friends: list[str] = []
        while self.t() == "reveal_role":
            friends.append(self.d()["character"])
            self.step()
        result = self.t()
        if result in ("loop_won", "loop_lost"):
            self.step()
            self.walk_loop_end(result == "loop_lost", friends, loop_events_end)
        b = self.board
        self.prev_goodwill = {c: self.count(b, c, "goodwill") for c in self.u.chars if on_board(b, c)}
        self.prev_end = b.copy()
        self.prev_dead = [r["ch"] for r in self.deaths]
        self.prev_occurred = list(self.occurred_types)

    # ------------------------------------------------------------ a day
    def walk_day(self) -> None:
        D = self.d()["day"]
        self.last_day = D
        self.last_day_incident_seen = False
        self.step()
        self.board.day = D
        while self.t() == "enters_now":  # the Part-Timer(?), the morning after the Part-Timer died (replayed)
            self.step()
        self.day_tt_shaky: list[str] = []  # visible kills today that a Time Traveler could make ambiguous
        self.alien_kill_today = False
        self.fake_shaky_today = False
        self.pre_deaths_today = False
        self.immediate_today = False
        while self.t() in ("card_placed", "card_placed_own"):
            self.step()
        if self.t() != "cards_revealed":
            return
        cards = self.d()["cards"]
        self.records.append({"kind": "cards", "loop": self.loop, "day": D, "cards": cards})
        self.step()
        cancelled: Counter[tuple[str, str]] = Counter()
        acts_as: dict[str, str] = {}  # a card played twice or more today -> the card each acts as (Hope +1)
        while self.t() in ("move", "move_blocked", "move_none", "card_cancelled", "cards_act_as"):
            if self.t() == "card_cancelled":
                cancelled[(self.d()["target"], self.d()["card"])] += 1
            elif self.t() == "cards_act_as":
                acts_as[self.d()["card"]] = self.d()["acts_as"]
            self.step()
        after_moves = self.snap()
        live = 0
        cancelled_left = Counter(cancelled)
        for c in cards:
            if self.rules.cards[c["card"]].kind == "counter" and acts(self.rules, c["card"], c["target"]):
                if cancelled_left[(c["target"], c["card"])] > 0:
                    cancelled_left[(c["target"], c["card"])] -= 1
                else:
                    live += 1
        got = 0
        while got < live and self.t() in ("counter", "card_leaves_hands"):
            if self.t() == "counter":
                got += 1
            self.step()
        while self.t() == "card_leaves_hands":
            self.step()
        if got < live:
            return  # the view ends inside the card resolution
        self.fact_cards(cards, cancelled, after_moves, D, acts_as)
        self.fact_prophet_cards(cards, after_moves)
        # Mastermind abilities: every counter until the next phase shows itself
        mm: list[tuple[str, str, int, Board]] = []
        self.records.append({"kind": "mastermind_abilities", "loop": self.loop, "day": D, "board": self.snap(), "effects": mm})
        while self.t() in ("counter", "move", "reveal_role", "secretkeeper_doom"):
            d = self.d()
            if self.t() in ("reveal_role", "secretkeeper_doom"):
                # a Goodwill ability the Mastermind used on a Secretkeeper whose role refuses (The
                # Mythomaniac's Secret): its reveal after the ability (note), and its doom
                self.step()
                continue
            if self.t() == "move":  # the Magician moves a character with Paranoia from its location
                self.fact_magician_move(d["character"], self.snap())
            else:
                mm.append((d["target"], d["kind"], d["delta"], self.snap()))
            self.step()
        if mm:
            self.mm_days.append((D, mm))
        declared = self.t() == "goodwill_declared"
        while self.t() == "goodwill_declared":
            self.walk_goodwill(D)
        if declared or (not self.over and self.past("goodwill_abilities", D)) or self.t() in ("incident", "incident_none", "day_start"):
            self.fact_traitor_conditions("goodwill_abilities")
        idx = self.by_day.get(D)
        if idx is not None and self.t() in ("incident", "incident_none"):
            self.last_day_incident_seen = True
            self.walk_incident(idx, D)
        self.walk_day_end(D)

    # ------------------------------------------------------------ Goodwill abilities
    def walk_goodwill(self, D: int) -> None:
        d = self.d()
        ch = d["character"]
        gw = self.rules.characters[ch].goodwill[d["ability"]["index"]]
        b0 = self.snap()
        self.step()
        refused: bool | None
        if self.t() == "goodwill_refused":
            refused = True
            self.step()
        else:
            refused = False if (self.i < self.n or self.past("goodwill_abilities", D)) else None
            self.goodwill_effects(gw, D)
        if not gw.unrefusable and refused is not None:
            self.fact_refusal(ch, refused, b0)
        if refused is False:
            self.after_goodwill(ch, D)

    def after_goodwill(self, ch: str, D: int) -> None:
        """What the declarer's role does once its Goodwill ability resolved (Last Liar): a Secretkeeper's
        role is revealed (and may doom the Protagonists), an Influencer puts 1 Paranoia and 1 Goodwill on
        each character sharing its start, once a loop. Their events, and their absence once the walk has
        gone past them, are facts."""
        b = self.snap()
        sharers = self.sharers(b, ch)
        revealed = spread = False
        while True:
            t, d = self.t(), self.d()
            if t == "reveal_role" and d.get("character") == ch:
                revealed = True
            elif t == "secretkeeper_doom":
                pass
            elif t == "counter" and d.get("target") in sharers and d.get("kind") in ("paranoia", "goodwill") and d.get("delta") == 1:
                spread = True
            else:
                break
            self.step()
        if not (self.i < self.n or self.past("goodwill_abilities", D)):
            return  # the view ends inside these steps
        info = self.u.info
        if not revealed and info.reveal_after_goodwill:
            self.fact("goodwill", T("deduction.fact.not_revealed_after_goodwill", character=Ref("character", ch)),
                      lambda cx: none_of(cx, [(ch, cx.roles_where(ch, self._gains_test(cx, b, ch, cx.info.reveal_after_goodwill)))]))
        if spread:
            self.spread_used.add(ch)
            self.fact("goodwill", T("deduction.fact.spread_after_goodwill", character=Ref("character", ch)),
                      lambda cx: [role_in(ch, cx.roles_where(ch, self._gains_test(cx, b, ch, cx.info.influencer_spread)))])
        elif sharers and ch not in self.spread_used and info.influencer_spread:
            self.fact("goodwill", T("deduction.fact.no_spread_after_goodwill", character=Ref("character", ch)),
                      lambda cx: none_of(cx, [(ch, cx.roles_where(ch, self._gains_test(cx, b, ch, cx.info.influencer_spread)))]))

    def sharers(self, b: Board, ch: str) -> list[str]:
        """The living characters in play whose starting location this loop is `ch`'s (the engine's
        `shares_start`, which the Influencer's abilities target)."""
        start = b.start.get(ch)
        return [c for c in self.u.chars if c != ch and start is not None and b.start.get(c) == start and in_play(b, c)]

    def goodwill_effects(self, gw: GoodwillAbility, D: int) -> None:
        """Consume the events of an allowed Goodwill ability."""
        if gw.call == "informer.reveal_subplot":
            while self.t() in ("subplot_chosen", "subplot_reveal"):
                self.step()
            return
        if gw.call == "henchman.stand_down":
            if self.t() == "stand_down":
                self.step()
            return
        if gw.call == "part_timer_q.reveal_and_goodwill":
            for t in ("reveal_role", "counter"):
                if self.t() == t:
                    self.step()
            return
        if gw.call:
            if self.t() in ("card_returned", "patient_free", "loyalty"):
                self.step()
            return
        eff = gw.effect
        if eff == "kill":
            self.alien_kill_today = True
            if self.t() in KILLS:
                self.kill_event(group=None, phase="goodwill", day=D)
            return
        if eff in ("reveal_role", "reveal_culprit", "revive"):
            if self.t() in ("reveal_role", "reveal_culprit", "revive"):
                self.step()
            return
        if self.t() in ("counter", "no_target"):
            self.step()

    # ------------------------------------------------------------ deaths
    def kill_event(self, group: int | None, phase: str, day: int) -> dict[str, Any]:
        """A death or a Guard used up; a death is followed by Lover reactions (+6 Paranoia)."""
        e = self.ev[self.i]
        d = e["data"]
        b = self.snap()
        g = group if group is not None else self.i
        victim = d["character"]  # whom the killing was aimed at
        if e["type"] == "dies_instead":
            # The Servant dies instead of the one she serves: the death shown next is hers, or nothing
            # shows (she cannot die: immortal; Rei's Servant).
            victim, servant = d["instead_of"], d["character"]
            self.gid[self.i] = g
            self.step()
            if not (self.t() in ("death", "guard") and self.d().get("character") == servant):
                self.fact_invisible_kill(servant, b, T("deduction.fact.died_instead_unseen", character=Ref("character", servant),
                                                              victim=Ref("character", victim)))
                return {"i": self.i - 1, "ch": servant, "victim": victim, "kind": "prevented", "group": g, "board": b,
                        "phase": phase, "day": day}
            e = self.ev[self.i]
            d = e["data"]
        rec = {"i": self.i, "ch": d["character"], "victim": victim, "kind": e["type"], "group": g, "board": b, "phase": phase, "day": day}
        self.gid[self.i] = g
        self.step()
        if e["type"] == "death":
            self.deaths.append(rec)
            if phase != "day_end":
                self.pre_deaths_today = True
            self.fact_not_immortal(rec["ch"], b)
        if group is None:
            self.reactions([rec])
        return rec

    def reactions(self, recs: list[dict[str, Any]]) -> None:
        """What the deaths trigger: Lover / Loved One (+6 Paranoia right after the death of the partner),
        the Magician's corpse, and Last Liar's Secretkeeper (its role revealed, maybe a doom) and
        Influencer (1 Paranoia on each character sharing its start)."""
        dead = [r for r in recs if r["kind"] == "death"]
        corpses = {r["ch"] for r in dead}
        b_dead = self.snap()
        sharers = {x: self.sharers(b_dead, x) for x in corpses} if self.u.info.influencer_death else {}
        got: list[str] = []
        spread_on: list[str] = []
        revealed: set[str] = set()
        while True:
            t, d = self.t(), self.d()
            if t == "counter" and d.get("kind") == "paranoia" and d.get("delta") == 6:
                got.append(d["target"])
            elif t == "counter" and d.get("kind") == "paranoia" and d.get("delta", 0) < 0 and d.get("target") in corpses:
                # the Magician's corpse loses its Paranoia (seed 001): nothing else does so at a death
                self.fact_magician_corpse(d["target"], self.snap())
            elif t == "counter" and d.get("kind") == "paranoia" and d.get("delta") == 1 and any(d.get("target") in v for v in sharers.values()):
                spread_on.append(d["target"])
            elif t == "reveal_role" and d.get("character") in corpses and self.u.info.reveal_on_death:
                # a Secretkeeper's reveal at its death (Last Liar); elsewhere a corpse's reveal here is a
                # Friend's at loop end (walk_loop_end), not the death's
                revealed.add(d["character"])
            elif t != "secretkeeper_doom" or not corpses or not self.u.info.doom:
                break
            if recs:  # the deaths' own triggered rules: not the loop going on after them (continued_after)
                self.gid[self.i] = recs[0]["group"]
            self.step()
        if not dead:
            return
        for r in dead:
            r["reactions"] = got
            r["revealed"] = r["ch"] in revealed
            r["spread"] = any(c in sharers.get(r["ch"], ()) for c in spread_on)
            r["sharers"] = sharers.get(r["ch"], [])
        self.fact_lover_positive(dead, got)
        for c in dict.fromkeys(spread_on):
            xs = [x for x in corpses if c in sharers[x]]
            self.fact("death", T("deduction.fact.influencer_died", character=Ref("character", c),
                                 dead=tuple(Ref("character", x) for x in xs)),
                      lambda cx, xs=xs, b=b_dead: exists(cx, [(x, cx.roles_where(x, self._gains_test(cx, b, x, cx.info.influencer_death)))
                                                              for x in xs]))
        # The absence of a reaction is checked at loop end, once we know the loop went on.

    # ------------------------------------------------------------ incidents
    def walk_incident(self, idx: int, D: int) -> None:
        inc_id = self.schedule[idx]["incident"]
        b0 = self.snap()
        if self.t() == "incident_none":
            self.step()
            self.fact_occurrence(idx, False, b0)
            return
        self.step()
        self.fact_occurrence(idx, True, b0)
        self.occurred_types.append(inc_id)
        # A Fake Incident under this name shows nothing or the Protagonists' death; its first event, if
        # one only a real incident makes (NOT_FAKE), says it is none.
        self.unsure_incident = self.maybe_fake(idx) and self.t() not in NOT_FAKE
        inc = self.rules.incidents[inc_id]
        if self.unsure_incident:
            # It may be a Fake Incident shown under this name: its events may be the Fake Incident's (the
            # Protagonists die, or nothing happens) and the day end's may look like this incident's.
            self.fake_shaky_today = True
        # Every death of one incident is simultaneous, and the rules they trigger (a Lover's Paranoia,
        # a Key Person's loss) come once all its steps are done (engine: settle_deaths), so the
        # incident's own later events (the Hospital Incident's Protagonists dying) are not the loop
        # going on after its deaths: they are one group, and the reactions are read after it.
        start = self.i
        self.inc_group = start
        self.inc_recs: list[dict[str, Any]] = []
        self.walk_incident_steps(idx, D, inc_id, inc, b0)
        if self.unsure_incident and self.t() == "protagonists_die":
            self.visible_immediate = True  # a Fake Incident's effect, or the day end's: unsure, no fact
            self.immediate_today = True
            self.step()
        for j in range(start, self.i):
            self.gid.setdefault(j, start)
        if self.inc_recs:
            self.reactions(self.inc_recs)
        self.unsure_incident = False

    def walk_incident_steps(self, idx: int, D: int, inc_id: str, inc: Any, b0: Board) -> None:
        for n, st in enumerate(inc.steps):
            kind = incident_step_kind(inc_id, n, st)
            if st.condition and self.on_culprit_start(st.condition):
                # the Fake Incident, Distortion: with 2+ Intrigue on the culprit's start, the Protagonists die
                if kind == "protagonists" and self.t() == "protagonists_die":
                    self.visible_immediate = True
                    self.immediate_today = True
                    self.step()
                    self.fact_culprit_start(idx, st.condition, b0)
                elif kind == "culprit_start_counter" and self.t() == "counter":
                    self.incident_start_counter(idx, inc_id, b0)
                continue
            if st.condition and not self.board_holds(st.condition):
                continue
            spec = st.target or {}
            where = spec.get("where", [])
            if kind == "protagonists":
                if self.t() in ("protagonists_die", "protagonists_lose"):
                    self.visible_immediate = True
                    self.immediate_today = True
                    self.step()
            elif kind == "location_counter":
                if self.t() == "counter":
                    self.step()
            elif kind == "kill_all":
                self.incident_kill_all(inc_id, D, b0, where)
            elif kind == "suicide":
                self.incident_suicide(idx, D, b0)
            elif kind == "kill_chosen":
                self.incident_kill(idx, D, b0, where)
            elif kind == "move_culprit":
                self.incident_move(idx, inc_id, b0)
            elif kind == "chosen_counter":
                if self.t() == "counter":
                    self.step()
            elif kind == "resolve_as":
                if self.t() == "resolves_as":
                    other = self.d()["resolves_as"]
                    self.step()
                    self.walk_incident_steps(idx, D, other, self.rules.incidents[other], b0)
            elif kind == "culprit_extra_card":
                if self.t() == "extra_card":  # only the Faked Suicide places one: it is no Fake Incident
                    holder = self.d()["character"]
                    self.step()
                    self.fact_culprit(idx, {holder}, T("deduction.fact.extra_card_on", incident=Ref("incident", inc_id),
                                                          character=Ref("character", holder)), sure=True)
            elif kind == "seal":
                if self.t() == "no_protagonist_cards":
                    self.step()
            elif kind == "executor":
                self.incident_executor(D)
            elif kind == "culprit_start_counter":
                if self.t() == "counter":
                    self.incident_start_counter(idx, inc_id, b0)
            elif kind == "reveal":
                if self.t() in ("reveal_culprit", "reveal_role"):
                    self.step()  # a fact (note)
            elif kind == "culprit_location_counter":
                if self.t() == "counter":
                    loc = self.d()["target"]
                    self.step()
                    self.fact_culprit(idx, set(characters_at(self.board, loc)),
                                      T("deduction.fact.counter_on_location", incident=Ref("incident", inc_id), location=Ref("location", loc)))
            else:  # character_counter: a counter effect on a chosen character (or nothing without a target)
                self.incident_counter(idx, inc_id, b0, where)

    def incident_kill_all(self, inc_id: str, D: int, b0: Board, where: list[Any]) -> None:
        """Everyone at a location dies (Hospital Incident): each death shows, unless the loop ended
        at an earlier one or the victim cannot die."""
        targets = [c for c in self.board.chars if in_play(self.board, c) and all(self.loc(self.board, c) == f["at"] for f in where)]
        died = False
        # The deaths of one incident are simultaneous: the rules they trigger (a Lover's Paranoia)
        # come after all of them (engine: settle_deaths).
        for tgt in targets:
            if self.t() in KILLS and self.d().get("instead_of", self.d()["character"]) == tgt:
                died = died or self.t() == "death"
                self.inc_recs.append(self.kill_event(group=self.inc_group, phase="incident", day=D))
                continue
            if not in_play(self.board, tgt):
                continue  # already dead in another's place (the Servant)
            # Nothing visible: either the loop ended at an earlier death, or this one cannot die.
            if self.t() is None or self.t() in LOOP_END or self.t() == "reveal_role":
                if died:
                    break
            if self.t() is not None:
                self.fact_invisible_kill(tgt, b0, T("deduction.fact.did_not_die_in", character=Ref("character", tgt), incident=Ref("incident", inc_id)))

    def incident_move(self, idx: int, inc_id: str, b0: Board) -> None:
        if self.t() == "move":
            mover = self.d()["character"]
            self.step()
            self.fact_culprit(idx, {mover}, T("deduction.fact.incident_moved", incident=Ref("incident", inc_id), character=Ref("character", mover)))
        # Nobody moved: the Mastermind may leave the culprit where it stands (ruling
        # missing-person-may-stay), so that says nothing about who it is.

    def incident_counter(self, idx: int, inc_id: str, b0: Board, where: list[Any]) -> None:
        if self.t() == "no_target":
            self.step()
            if "culprit_here" in where:
                self.fact_culprit(idx, set(), T("deduction.fact.no_target"))  # impossible: the culprit itself is there
            return
        if self.t() == "counter":
            tgt = self.d()["target"]
            self.step()
            if "culprit_here" in where and tgt in self.u.chars:
                self.fact_culprit(idx, set(characters_at(b0, self.loc(b0, tgt))),
                                  T("deduction.fact.touched_near_culprit", incident=Ref("incident", inc_id), character=Ref("character", tgt)))

    def incident_start_counter(self, idx: int, inc_id: str, b0: Board) -> None:
        """Counters put on the culprit's starting location (Distortion): the culprit started there."""
        loc = self.d()["target"]
        self.step()
        self.fact_culprit(idx, {c for c in self.u.chars if b0.start.get(c) == loc},
                          T("deduction.fact.counter_on_start", incident=Ref("incident", inc_id), location=Ref("location", loc)))

    def incident_executor(self, D: int) -> None:
        """The Executor: a Protagonist picks who dies. The victim says nothing of the culprit; an immortal
        victim shows nothing, so a death after it may be the day end's (day_tt_shaky)."""
        if self.t() != "executor_chooser":
            return
        self.step()
        if self.t() == "no_target":
            self.step()
        elif self.t() in KILLS:
            rec = self.kill_event(group=self.inc_group, phase="incident", day=D)
            self.inc_recs.append(rec)
            self.day_tt_shaky.append(rec["victim"])
        else:
            self.day_tt_shaky.append("(executor)")

    def maybe_fake(self, idx: int) -> bool:
        """May the scheduled incident `idx` be a Fake Incident shown under another name (seed 001)?"""
        return any(f != self.schedule[idx]["incident"] for f in self.fakes)

    def true_incidents(self, idx: int) -> list[str]:
        """What the scheduled incident `idx` may be: its shown name, or a Fake Incident."""
        shown = self.schedule[idx]["incident"]
        return [shown] + [f for f in self.fakes if f != shown]

    @staticmethod
    def on_culprit_start(cond: Any) -> bool:
        (op, arg), = cond.items()
        if op == "not":
            return Walker.on_culprit_start(arg)
        return op == "location_counter_at_least" and arg[0] == "culprit_start"

    def fact_culprit_start(self, idx: int, cond: Any, b: Board) -> None:
        """The step on the culprit's start took effect: the culprit's start held the counters."""
        _, kind, n = cond["location_counter_at_least"]
        allowed = {c for c in self.u.chars if c in b.start and self.count(b, b.start[c], kind) >= n}
        self.fact_culprit(idx, allowed, T("deduction.fact.culprit_start_counters", n=n, counter=Ref("counter", kind)))

    def board_holds(self, cond: Any) -> bool:
        (op, arg), = cond.items()
        assert op in INCIDENT_CONDITIONS, op  # check_rules refused any other
        where, kind, n = arg
        return self.count(self.board, where, kind) >= n

    def incident_suicide(self, idx: int, D: int, b0: Board) -> None:
        if self.t() in KILLS:
            rec = self.kill_event(group=self.inc_group, phase="incident", day=D)
            self.inc_recs.append(rec)
            x = rec["victim"]
            self.day_tt_shaky.append(x)
            self.fact_culprit(idx, {x}, T("deduction.fact.culprit_killed_itself", character=Ref("character", x)), shaky=True)
        elif self.t() is not None:
            self.fact_culprit_immortal(idx, T("deduction.fact.culprit_survived"))

    def incident_kill(self, idx: int, D: int, b0: Board, where: list[Any]) -> None:
        near = "culprit_here" in where
        if self.t() == "no_target":
            self.step()
            if near:
                alone = {c for c in self.u.chars if in_play(b0, c) and len(characters_at(b0, self.loc(b0, c))) == 1}
                self.fact_culprit(idx, alone, T("deduction.fact.culprit_alone"))
            return
        if self.t() in KILLS:
            rec = self.kill_event(group=self.inc_group, phase="incident", day=D)
            self.inc_recs.append(rec)
            x = rec["victim"]
            self.day_tt_shaky.append(x)
            if near:
                self.fact_culprit(idx, {c for c in characters_at(b0, self.loc(b0, x)) if c != x},
                                  T("deduction.fact.culprit_was_with", character=Ref("character", x)), shaky=True)
            return
        if self.t() is not None:
            self.fact_invisible_victim(idx, b0, near)

    # ------------------------------------------------------------ day end
    def walk_day_end(self, D: int) -> None:
        # Characters' own day-end rules come first (engine: characters.day_end): the Part-Timer dies
        # with 3 or more counters on him. He plays as a Person, so nothing can make him immortal: his
        # death (or a Guard used up) always shows, and it explains itself.
        for ch, n in self.day_end_counter_deaths:
            if in_play(self.board, ch) and total_counters(self.board, ch) >= n and self.t() in KILLS \
                    and self.d().get("instead_of", self.d().get("character")) == ch:
                self.kill_event(group=None, phase="day_end", day=D)
        b_de = self.snap()
        run1: list[dict[str, Any]] = []
        later: list[dict[str, Any]] = []
        group = self.i
        while self.t() in KILLS:
            run1.append(self.kill_event(group=group, phase="day_end", day=D))
        if run1:
            self.reactions(run1)
        die_boards: list[tuple[str, Board]] = []
        while self.t() is not None and self.t() not in ("day_start", "reveal_role") and self.t() not in LOOP_END:
            t = self.t()
            if t in KILLS:
                later.append(self.kill_event(group=None, phase="day_end", day=D))
            elif t in ("protagonists_die", "protagonists_lose"):
                die_boards.append((t, self.snap()))
                self.visible_immediate = True
                self.step()
            else:
                self.step()
        # The day end surely happened if the next day began, or if nothing earlier today could have
        # ended the loop (a death, or the Protagonists dying in the incident).
        closed = self.t() == "day_start" or (self.t() is not None and not self.pre_deaths_today and not self.immediate_today)
        if closed:
            self.records.append({"kind": "day_end", "loop": self.loop, "day": D, "board": b_de, "last_day": D == self.days,
                                 "killed": [r["ch"] for r in run1 + later], "ended": [t for t, _ in die_boards]})
        for t, b in die_boards:
            self.fact_protagonists_die(t, b, D)
        if closed:
            self.fact_serial_killers(b_de, run1, later, D)
        if closed or run1 or later or die_boards:  # the day-end phase was reached (not after a loss in the incident)
            self.fact_traitor_conditions("day_end")

    def continued_after(self, rec: dict[str, Any], end: int) -> bool:
        """Did the loop go on after this death's step (an event of a later step, before loop end)?"""
        # A Rei token is placed with the death or declaration before it, in the same step.
        return any(j > rec["i"] and self.gid.get(j, -j - 1) != rec["group"] and self.ev[j]["type"] != "token"
                   for j in range(self.loop_start_i, end))

    # ------------------------------------------------------------ loop end
    def walk_loop_end(self, lost: bool, friends: list[str], loop_events_end: int) -> None:
        b = self.board
        # Friends: every dead character on the board is revealed at loop end iff it is a Friend.
        for c in self.u.chars:
            if on_board(b, c) and not b.chars[c].alive:
                self.fact_friend(c, c in friends, b.copy())
        final = [r for r in self.deaths if not self.continued_after(r, loop_events_end)]
        early = self.last_day < self.days or (self.last_day in self.by_day and not self.last_day_incident_seen)
        if early and not self.visible_immediate:
            pairs_src = [(r["ch"], r["board"]) for r in final]
            self.fact("early_end", T("deduction.fact.ended_early"),
                      lambda cx, p=pairs_src: exists(cx, [(c, cx.roles_where(c, lambda r, b=bb, c=c: cx.loss_on_death(r, b, c))) for c, bb in p]))
        if lost and (self.visible_immediate or friends):
            return
        self.fact_loop_result(lost, final, b.copy(), list(self.occurred_types))

    # ================================================================ facts
    def fact_schedule(self) -> None:
        """A plot whose creation rule needs an incident (Worshippers of the Apocalypse: a Suicide) is in
        no combination when the public schedule never shows it: only a Fake Incident shows another name."""
        shown = {s["incident"] for s in self.schedule}
        for plot_id, plot in self.rules.set.plots.items():
            for cr in plot.creation:
                if cr.requires_incident and cr.requires_incident not in shown:
                    self.fact("plot", T("deduction.fact.schedule_lacks", incident=Ref("incident", cr.requires_incident),
                                        plot=Ref("plot", plot_id)),
                              lambda cx, plot_id=plot_id: not cx.combo.has(plot_id))

    def fact_extra_cards(self, L: int, extra: list[str], b: Board) -> None:
        """Fated Connections and Dice of the Gods put one Extra card, at loop start, on a character that
        died in the previous loop (seed 001; not stacked): a card there says one of them is chosen; none,
        while someone who died then is on the board, says neither is."""
        dead = [c for c in self.prev_dead if in_play(b, c)]
        if extra:
            self.fact("plot", T("deduction.fact.extra_card_at_loop_start", loop=L, characters=tuple(Ref("character", c) for c in extra)),
                      lambda cx: cx.extra_cards_at_loop_start)
        elif dead:
            self.fact("plot", T("deduction.fact.no_extra_card_at_loop_start", loop=L, characters=tuple(Ref("character", c) for c in dead)),
                      lambda cx: not cx.extra_cards_at_loop_start)

    def fact_prophet_cards(self, cards: list[dict[str, Any]], b: Board) -> None:
        """The Mastermind cannot put cards on the Prophet (seed 001): a character it put one on is none."""
        for ch in dict.fromkeys(c["target"] for c in cards if c.get("by") == MASTERMIND and c["target"] in self.u.chars):
            if not self.u.info.no_mm_cards:
                return
            self.fact("cards", T("deduction.fact.mastermind_card_on", character=Ref("character", ch)),
                      lambda cx, ch=ch: none_of(cx, [(ch, cx.roles_where(ch, self._trait_test(cx, b, ch, "no_mastermind_cards")))]))

    def fact_magician_move(self, ch: str, b: Board) -> None:
        """A move in the Mastermind's phase: a Magician in the moved character's location (seed 001)."""
        loc = self.loc(b, ch)
        cands = [x for x in self.u.chars if in_play(b, x) and loc in ability_locations(b, x)]
        self.fact("mastermind", T("deduction.fact.mastermind_moved", loop=self.loop, character=Ref("character", ch)),
                  lambda cx: exists(cx, [(x, cx.roles_where(x, self._gains_test(cx, b, x, cx.info.magician)))
                                         for x in cands]))

    def fact_magician_corpse(self, ch: str, b: Board) -> None:
        """A corpse lost its Paranoia as it died: the Magician's (seed 001)."""
        self.fact("death", T("deduction.fact.corpse_lost_paranoia", character=Ref("character", ch)),
                  lambda cx: [role_in(ch, cx.roles_where(ch, self._gains_test(cx, b, ch, cx.info.magician_corpse)))])

    def fact_threads_of_fate(self, b: Board, effects: list[dict[str, Any]]) -> None:
        expect = [c for c in self.u.chars if self.prev_goodwill.get(c, 0) > 0 and in_play(b, c)]
        seen = any((e.get("data") or {}).get("kind") == "paranoia" and (e.get("data") or {}).get("delta") == 2 for e in effects)
        if not expect:
            return
        self.fact("plot", T("deduction.fact.threads_of_fate" if seen else "deduction.fact.threads_of_fate_none", loop=self.loop),
                  lambda cx, seen=seen: cx.tof == seen)

    def fact_cards_added(self, L: int, added: Counter) -> None:
        """The cards seen arriving at loop L's start are exactly those its rules add: Crossing World
        Lines (by the loop's number) and the Fragment (dead at the previous loop's end: Despair +1
        to the Mastermind; alive there with 2+ Goodwill: Hope +1 to every Protagonist)."""
        ls = self.snap()
        prev = self.prev_end if L > 1 else None
        final = L == self.view["loops"]
        mm = {card: n for (hand, card), n in added.items() if hand == MASTERMIND}
        pro = {card: min(added.get((seat, card), 0) for seat in PROTAGONIST_SEATS) for (hand, card) in added if hand != MASTERMIND}
        on = [c for c in self.u.chars if on_board(ls, c)]
        # what an incident that occurred in the previous loop adds now (Last Liar's Last Will)
        from_incidents = [(eff["add_card"]["card"], eff["add_card"]["to"]) for i in (self.prev_occurred if L > 1 else [])
                          if isinstance(eff := self.rules.incidents[i].next_loop_start, dict) and "add_card" in eff]
        dead = [c for c in on if prev is not None and on_board(prev, c) and not prev.chars[c].alive]
        hopeful = [c for c in on if prev is not None and in_play(prev, c) and self.count(prev, c, "goodwill") >= 2]
        text = T("deduction.fact.cards_added", loop=L, cards=tuple(
            T("deduction.fact.card_to", hand=Ref("seat", hand), card=Ref("card", card)) if n == 1 else
            T("deduction.fact.cards_to", hand=Ref("seat", hand), card=Ref("card", card), times=n)
            for (hand, card), n in sorted(added.items())) or T("word.none"))

        def bind(cx: Cx) -> Bound:
            parts: list[Bound] = []
            for side, got, roles, who in (("mastermind", mm, cx.info.fragment_despair, dead),
                                          ("protagonists", pro, cx.info.fragment_hope, hopeful)):
                by_plots: Counter[str] = Counter(card for cond, card, to in cx.loop_cards
                                                 if to == side and (L % 2 == 0 if cond == "even" else final))
                by_plots.update(card for card, to in from_incidents if to == side)  # Last Will, in the previous loop
                cards = {card for (cond, card, to) in cx.loop_cards if to == side} | set(got) | {card for card, to in from_incidents if to == side}
                for r in cx.info.fragment_despair | cx.info.fragment_hope:
                    for ab in self.rules.roles[r].abilities:
                        eff = ab.effect.get("add_card") if isinstance(ab.effect, dict) else None
                        if eff and eff["to"] == side:
                            cards.add(eff["card"])
                for card in cards:
                    extra = got.get(card, 0) - by_plots[card]
                    holders = [(c, rs) for c in who if (rs := self._fragment_roles(cx, c, ls, roles, side, card))]
                    if extra == 0:
                        parts.append(none_of(cx, holders))
                    elif extra == 1:
                        # the bag holds one Fragment at most (its maximum): exactly one of them is it
                        parts.append(exists(cx, holders) if holders else False)
                    else:
                        return False
            return both(*parts)

        self.fact("plot", text, bind)

    def _fragment_roles(self, cx: Cx, c: str, b: Board, roles: frozenset[str], side: str, card: str) -> frozenset[str]:
        """The roles of `c` that would make it add `card` to `side`'s hands at this loop's start."""
        return cx.roles_where(c, lambda r: cx.effective(r, b, c) in roles and self._adds(cx.effective(r, b, c), side, card))

    def _adds(self, role: str, side: str, card: str) -> bool:
        """Does the role add `card` to `side`'s hands at loop start (the Fragment's abilities)?"""
        for ab in self.rules.roles[role].abilities:
            eff = ab.effect.get("add_card") if isinstance(ab.effect, dict) else None
            if ab.timing == "loop_start" and eff and eff["to"] == side and eff["card"] == card:
                return True
        return False

    def fact_refusal(self, ch: str, refused: bool, b: Board) -> None:
        if refused:
            text = T("deduction.fact.refused", character=Ref("character", ch))
            fn = lambda cx: [role_in(ch, cx.roles_where(ch, lambda r: goodwill_refusal(b, ch, cx.refusal(cx.effective(r, b, ch))) != "none"))]
        else:
            text = T("deduction.fact.allowed", character=Ref("character", ch))
            fn = lambda cx: [role_in(ch, cx.roles_where(ch, lambda r: goodwill_refusal(b, ch, cx.refusal(cx.effective(r, b, ch))) != "mandatory"))]
        self.fact("goodwill", text, fn)

    def role_has_trait(self, cx: Cx, role: str, b: Board, ch: str, trait: str) -> bool:
        """Would `ch` holding `role` have `trait` on board `b` (its effective role, and the roles whose
        abilities it gains: what query.has_trait asks of the engine's state, for a hypothetical role)?"""
        assert trait in ROLE_TRAITS, trait
        roles = self.rules.roles
        return any(roles[r].has_trait(trait) for r in cx.gains(cx.effective(role, b, ch), b))

    def fact_cards(self, cards: list[dict[str, Any]], cancelled: Counter, b: Board, D: int,
                   acts_as: dict[str, str] | None = None) -> None:
        rules = self.rules
        acts_as = acts_as or {}
        # A card acts as itself, or as the card it acts as today (two Hope +1: Goodwill +1 each).
        as_card = lambda q: rules.cards[acts_as.get(q["card"], q["card"])]
        fis = [c for c in cards if rules.cards[c["card"]].kind == "forbid" and rules.cards[c["card"]].void_if_several]
        for c in cards:
            card = rules.cards[c["card"]]
            if card.kind != "forbid" or card.forbids in (None, "movement"):
                continue
            target = c["target"]
            if not acts(rules, c["card"], target):
                continue
            tkind = "location" if rules.is_location(target) else "character"
            victims = [q for q in cards if as_card(q).kind == "counter" and as_card(q).counter == card.forbids
                       and q["target"] == target]
            if not victims:
                continue
            n_cancel = sum(cancelled[(q["target"], q["card"])] for q in victims)
            if card.forbids == "goodwill" and tkind == "character":
                ignored = n_cancel == 0
                ch = target
                self.fact("cards", T("deduction.fact.forbid_goodwill_ignored" if ignored else "deduction.fact.forbid_goodwill_obeyed",
                                     character=Ref("character", ch)),
                          lambda cx, ch=ch, ignored=ignored, b=b: [role_in(ch, cx.roles_where(
                              ch, lambda r: self.role_has_trait(cx, r, b, ch, "ignores_forbid_goodwill") == ignored))])
            if card.forbids == "intrigue" and card.void_if_several and len(fis) == 1 and n_cancel == 0:
                loc = target if tkind == "location" else self.loc(b, target)
                cands = [x for x in self.u.chars if in_play(b, x) and loc in ability_locations(b, x)]
                self.fact("cards", T("deduction.fact.forbid_intrigue_ignored", target=self.ref(target)),
                          lambda cx, cands=cands, b=b: exists(cx, [(x, cx.roles_where(
                              x, lambda r, x=x: self.role_has_trait(cx, r, b, x, "may_ignore_forbid_intrigue_here"))) for x in cands]))

    def fact_mm_abilities(self) -> None:
        days = self.mm_days
        if not days:
            return
        rules = self.rules
        # Goodwill abilities the Mastermind may use with refusal (the Doctor's, the Metaworld Denizen's):
        # (owner, goodwill needed, counters it can put, whether on another character only)
        doctor_gw = [(c, g.goodwill if g.mastermind_needs_goodwill is None else g.mastermind_needs_goodwill,
                      mastermind_goodwill_effects(g) or frozenset(), "other" in (g.target or {}).get("where", ()))
                     for c in self.u.chars for g in self.rules.characters[c].goodwill if g.mastermind_may_use_with_refusal]
        # Candidate sources of each effect (independent of the plot combination).
        plan = []
        scope: list[str] = []
        for D, effects in days:
            rows = []
            for target, kind, delta, b in effects:
                tloc = target if rules.is_location(target) else self.loc(b, target)
                brains, cts, docs = [], [], []
                if kind == "intrigue" and delta == 1:
                    brains = [c for c in self.u.chars if in_play(b, c) and tloc in ability_locations(b, c)]
                if kind == "paranoia" and not rules.is_location(target) and delta == 1:
                    cts = [c for c in self.u.chars if in_play(b, c) and tloc in ability_locations(b, c)]
                if not rules.is_location(target):
                    for doc, needs, can, other in doctor_gw:
                        # a change of 0 is a removal from nothing
                        if (kind, delta if delta else -1) in can and in_play(b, doc) and not (other and doc == target) and self.loc(b, doc) == tloc \
                                and self.count(b, doc, "goodwill") >= needs and doc not in docs:
                            docs.append(doc)
                rows.append((target, kind, delta, tloc, brains, cts, docs, b))
                for c in brains + cts + docs:
                    if c not in scope:
                        scope.append(c)
            plan.append((D, rows))
        desc = tuple(T("deduction.fact.day_placed", day=D, changes=tuple(
            T("deduction.fact.counter_change", counter=Ref("counter", k), delta=f"{dl:+d}", target=self.ref(t)) for t, k, dl, *_ in rows))
            for D, rows in plan)

        def bind(cx: Cx) -> Bound:
            info = cx.info
            refusing = lambda c, b: frozenset(r for r in cx.domain(c) if r != ABSENT
                                              and goodwill_refusal(b, c, cx.refusal(cx.effective(r, b, c))) != "none")
            atoms: list = []
            for D, rows in plan:
                terms: list[list] = []

                def rec(k: int, used: frozenset, rumor: bool, lits: list) -> None:
                    if len(terms) > 4096:
                        raise OverflowError("too many ways to explain the Mastermind's abilities")
                    if k == len(rows):
                        terms.append(list(lits))
                        return
                    target, kind, delta, tloc, brains, cts, docs, b = rows[k]
                    if kind == "intrigue" and delta == 1:
                        for c in brains:
                            ok = cx.roles_where(c, self._gains_test(cx, b, c, info.brain))  # the Wildcard's on days 3 and 6 too
                            if ("brain", c) not in used and ok:
                                rec(k + 1, used | {("brain", c)}, rumor, lits + [(c, ok)])
                        if rumor and rules.is_location(target):
                            rec(k + 1, used, False, lits)
                        if cx.unsafe_trigger and rules.is_location(target) and "unsafe_trigger" not in used:
                            # Unsafe Trigger (seed 001): once per loop (allowed each day here, like the Rumor)
                            for c in self.u.chars:
                                if in_play(b, c) and self.loc(b, c) == target:
                                    ok = cx.roles_where(c, self._holds_role_test(cx, b, c, cx.unsafe_trigger))
                                    if ok:
                                        rec(k + 1, used | {"unsafe_trigger"}, rumor, lits + [(c, ok)])
                    if kind == "paranoia" and delta == 1:
                        for c in cts:
                            ok = cx.roles_where(c, lambda r: cx.ct_able(r, b))
                            if ("ct", c) not in used and ok:
                                rec(k + 1, used | {("ct", c)}, rumor, lits + [(c, ok)])
                    for c in docs:
                        ok = refusing(c, b)
                        if ("doc", c) not in used and ok:
                            rec(k + 1, used | {("doc", c)}, rumor, lits + [(c, ok)])

                # The Rumor is once per loop; each day is allowed it here (a sound relaxation).
                rec(0, frozenset(), cx.rumor, [])
                got = dnf(cx, terms)
                if got is False:
                    return False
                if got is not True:
                    atoms.extend(got)
            return atoms or True

        self.fact("mastermind", T("deduction.fact.mastermind_placed", loop=self.loop, days=desc), bind)

    def fact_occurrence(self, idx: int, occurred: bool, b: Board) -> None:
        """The incident occurred (or not): its culprit reached its limit (or not), as the engine's
        incident_triggers decides. Midnight Zone's rules (seed 001) make it a union, so that the fact
        holds whatever the roles: the incident may be a Fake Incident (its trigger counter too); a
        Person culprit's limit is 1 lower while a Prophet is in play (Worshippers of the Apocalypse);
        an Obstinate culprit's incidents always occur; a Prophet in the culprit's location stops
        another's incident. The joint condition on roles and culprit is not said (a sound relaxation)."""
        rules = self.rules
        defs = [rules.incidents[i] for i in self.true_incidents(idx)]
        stood_in = {of: q for q, of in self.u.stand_in.items()}

        def acting(c: str) -> str:
            """Who acts as the culprit: the scheduled one, or while he is not in play and the one
            standing in for him is, her (engine: rei_characters.acting_culprit)."""
            q = stood_in.get(c)
            return q if not in_play(b, c) and q is not None and in_play(b, q) else c

        able = {c for c in self.u.script_chars if in_play(b, a := acting(c)) and not incidents_stopped(b, a)}

        def reached(c: str, lower: int) -> bool:
            a = acting(c)
            return any(d.always_triggers or self.count(b, a, d.trigger_counter) >= rules.characters[a].paranoia_limit - lower
                       for d in defs)

        def full(c: str) -> bool:  # it triggers with every reading of the incident, unless stopped by a role
            a = acting(c)
            return all(d.always_triggers or self.count(b, a, d.trigger_counter) >= rules.characters[a].paranoia_limit for d in defs)

        can = {c for c in able if reached(c, 0)}
        sure = {c for c in able if full(c)}
        text = T("deduction.fact.occurred" if occurred else "deduction.fact.did_not_occur", loop=self.loop,
                 incident=Ref("incident", self.schedule[idx]["incident"]), day=self.schedule[idx]["day"])
        plain = not (self.fakes or self.u.info.always_triggers or self.u.info.vetoes or self.u.info.trigger_with
                     or any(rule.incident_limit for plot in rules.set.plots.values() for rule in plot.rules))
        if plain:
            allowed = can if occurred else set(self.u.script_chars) - can
            self.fact("incident", text, lambda cx, a=frozenset(allowed): [culprit_in(idx, a)])
            return

        def bind(cx: Cx) -> Bound:
            info = cx.info
            if occurred:
                lower = 1 if cx.limit_changes else 0
                out = {c for c in able if reached(c, lower)}
                out |= {c for c in able if cx.roles_where(acting(c), self._trait_test(cx, b, acting(c), "always_triggers_incidents"))}
                out |= {c for c in able if self.forced_here(cx, b, acting(c))}
                return [culprit_in(idx, out)]
            # not occurred: the culprit did not reach its limit, or a Prophet stood with it
            vetoable = {c for c in sure if any(x != acting(c) and in_play(b, x) and self.loc(b, acting(c)) in ability_locations(b, x)
                                                and cx.roles_where(x, self._trait_test(cx, b, x, "vetoes_incidents_here"))
                                                for x in self.u.chars)}
            return [culprit_in(idx, (set(self.u.script_chars) - sure) | vetoable)]

        self.fact("incident", text, bind)

    def forced_here(self, cx: Cx, b: Board, c: str) -> bool:
        """Could a role in `c`'s location make its incident occur whatever its limit: a living Watcher
        there and 1+ Despair on `c` (Last Liar; the engine's incident_forced_here, the Watcher's own
        incidents too)? Said of the culprit alone (a sound relaxation: who is the Watcher is not joined)."""
        loc = self.loc(b, c)
        for role, kind in cx.info.trigger_with:
            if raw(b, c, kind) < 1:
                continue
            for x in self.u.chars:
                if in_play(b, x) and loc in ability_locations(b, x) and cx.roles_where(x, self._gains_test(cx, b, x, frozenset({role}))):
                    return True
        return False

    def fact_culprit(self, idx: int, allowed: set[str], text: Text, shaky: bool = False, sure: bool = False) -> None:
        """The culprit is one of `allowed`. A shaky fact rests on a death that, with a Time Traveler
        in the game, might belong to the day end instead (the incident's own victim being immortal).
        Unless `sure` (an event only this incident makes), nothing is said of an incident that may be a
        Fake Incident under another name: its events may be the Fake Incident's or the day end's."""
        if self.unsure_incident and not sure:
            return
        a = frozenset(allowed)
        name = Ref("incident", self.schedule[idx]["incident"])

        def bind(cx: Cx) -> Bound:
            if shaky and cx.any_tt:
                return True
            return [culprit_in(idx, a)]

        self.fact("incident", T("deduction.fact.culprit", loop=self.loop, incident=name, what=text), bind)

    def fact_culprit_immortal(self, idx: int, text: Text) -> None:
        """The culprit survived its own deadly incident: it is immortal (a Time Traveler).

        Said as two facts, each sound: the culprit is a character that can be immortal, and an
        immortal character is in the cast."""
        name = Ref("incident", self.schedule[idx]["incident"])
        if self.unsure_incident:
            return

        def bind(cx: Cx) -> Bound:
            tts = [c for c in self.u.chars if cx.tt_possible(c)]
            if not tts:
                return False
            return both([culprit_in(idx, tts)], exists(cx, [(c, cx.info.immortal) for c in tts]))

        self.fact("incident", T("deduction.fact.culprit_immortal", loop=self.loop, incident=name, what=text), bind)

    def fact_invisible_victim(self, idx: int, b: Board, near: bool) -> None:
        """A killing incident happened with no visible death and no 'no target': its victim cannot die."""
        name = Ref("incident", self.schedule[idx]["incident"])
        if self.unsure_incident:
            return
        self.fact("incident", T("deduction.fact.nobody_visibly_died", loop=self.loop, incident=name), lambda cx: True if cx.any_tt else False)

    def fact_invisible_kill(self, ch: str, b: Board, text: Text) -> None:
        if self.unsure_incident:
            return
        self.fact("death", text, lambda cx: [role_in(ch, cx.domain(ch) & cx.info.immortal)] if cx.tt_possible(ch) else False)

    def fact_not_immortal(self, ch: str, b: Board) -> None:
        self.fact("death", T("deduction.fact.died", character=Ref("character", ch)),
                  lambda cx: none_of(cx, [(ch, cx.roles_where(ch, lambda r: self.role_has_trait(cx, r, b, ch, "immortal")))]))

    def fact_death_triggers_missing(self, rec: dict[str, Any]) -> None:
        """A death the loop went on after, with no reveal of the corpse (no Secretkeeper) or no Paranoia on
        those sharing its start (no Influencer): Last Liar's mandatory death triggers (seed 000)."""
        ch, b = rec["ch"], rec["board"]
        info = self.u.info
        if info.reveal_on_death and not rec.get("revealed", False):
            self.fact("death", T("deduction.fact.dead_not_revealed_at_death", character=Ref("character", ch)),
                      lambda cx: none_of(cx, [(ch, cx.roles_where(ch, self._gains_test(cx, b, ch, cx.info.reveal_on_death)))]))
        if info.influencer_death and rec.get("sharers") and not rec.get("spread", False):
            self.fact("death", T("deduction.fact.no_paranoia_at_death", character=Ref("character", ch)),
                      lambda cx: none_of(cx, [(ch, cx.roles_where(ch, self._gains_test(cx, b, ch, cx.info.influencer_death)))]))

    def fact_not_loss_on_death(self, ch: str, b: Board) -> None:
        self.fact("death", T("deduction.fact.loop_went_on", loop=self.loop, character=Ref("character", ch)),
                  lambda cx: none_of(cx, [(ch, cx.roles_where(ch, lambda r: cx.loss_on_death(r, b, ch)))]))

    def fact_lover_positive(self, dead: list[dict[str, Any]], got: list[str]) -> None:
        for y in got:
            xs = [r["ch"] for r in dead]

            def bind(cx: Cx, y: str = y, xs: list[str] = xs) -> Bound:
                opts = []
                for x in xs:
                    for react, of in cx.info.lover_pairs:
                        opts.append(both([role_in(y, cx.domain(y) & {react})] if react in cx.domain(y) else False,
                                         [role_in(x, cx.domain(x) & {of})] if of in cx.domain(x) else False))
                return either(cx, *opts)

            self.fact("death", T("deduction.fact.lover_reacted", character=Ref("character", y),
                                   dead=tuple(Ref("character", x) for x in xs)), bind)

    def fact_lover_negative(self, continued: list[dict[str, Any]]) -> None:
        """No reaction after a death the loop went on from: no partner of the dead was in play."""
        for rec in continued:
            x, b = rec["ch"], rec["board"]
            got = rec.get("reactions", [])
            others_in_play = [c for c in self.u.chars if c != x and in_play(b, c) and c not in got]
            not_in_play = [c for c in self.u.chars if c != x and (not in_play(b, c) or c in got)]

            def bind(cx: Cx, x: str = x, ip: list[str] = others_in_play, nip: list[str] = not_in_play) -> Bound:
                parts: list[Bound] = []
                for react, of in cx.info.lover_pairs:
                    if of not in cx.domain(x):
                        continue
                    holders = [c for c in ip if react in cx.domain(c)]
                    if not holders:
                        continue
                    n = cx.combo.exact_count(react)
                    unique = n == 1 and not any(react in cx.domain(m) for m in self.u.mystery)
                    if unique:
                        # x holds `of` only if the single `react` holder was not in play.
                        parts.append(either(cx, [role_in(x, cx.domain(x) - {of})],
                                            exists(cx, [(c, frozenset({react})) for c in nip])))
                    else:
                        for c in holders:
                            parts.append(either(cx, [role_in(x, cx.domain(x) - {of})], [role_in(c, cx.domain(c) - {react})]))
                return both(*parts)

            self.fact("death", T("deduction.fact.nobody_reacted", character=Ref("character", x)), bind)

    def fact_serial_killers(self, b: Board, run1: list[dict[str, Any]], later: list[dict[str, Any]], D: int) -> None:
        if self.fake_shaky_today:
            return  # a Fake Incident may have been today's: which deaths were the incident's is unsure
        obs = {r["victim"] for r in run1}
        shaky = list(self.day_tt_shaky) + (["(alien)"] if self.alien_kill_today else [])
        chars = [c for c in self.u.chars if in_play(b, c)]
        # victims each character would have as a Serial Killer, per location it may count as
        victims: dict[str, list[str | None]] = {}
        for s in chars:
            vs: list[str | None] = []
            for loc in ability_locations(b, s):
                others = [c for c in characters_at(b, loc) if c != s]
                vs.append(others[0] if len(others) == 1 else None)
            victims[s] = vs
        last = run1[-1]["victim"] if run1 and not later else None
        killer_victims = [r["victim"] for r in later]
        text = (T("deduction.fact.killed_at_day_end", loop=self.loop, day=D, characters=tuple(Ref("character", r["ch"]) for r in run1))
                if run1 else T("deduction.fact.nobody_killed_at_day_end", loop=self.loop, day=D))

        def bind(cx: Cx) -> Bound:
            if shaky and cx.any_tt:
                return True
            info = cx.info
            parts: list[Bound] = []
            for s in chars:
                sk_roles = cx.roles_where(s, lambda r: cx.eff_sk(r, b, s))
                if not sk_roles:
                    continue
                vs = victims[s]
                if any(v is None or v in obs for v in vs):
                    continue
                # every location choice gives a victim nobody saw die: s is no Serial Killer, unless
                # each such victim is immortal
                opts: list[Bound] = [[role_in(s, cx.domain(s) - sk_roles)]]
                tt_opt = both(*[[role_in(v, cx.domain(v) & info.immortal)] if cx.tt_possible(v) else False for v in vs if v])
                opts.append(tt_opt)
                parts.append(either(cx, *opts))
            for r in run1:
                v = r["victim"]
                cands = [(s, cx.roles_where(s, self._sk_test(cx, b, s))) for s in chars if v in victims[s]]
                sk = exists(cx, cands) if cands else False
                if v == last:
                    parts.append(either(cx, sk, killer_explains(cx, v)))
                else:
                    parts.append(sk)
            for v in killer_victims:
                parts.append(killer_explains(cx, v))
            return both(*parts)

        def killer_explains(cx: Cx, v: str) -> Bound:
            return either(cx, ninja_explains(cx, v), key_person_killer(cx, v))

        def ninja_explains(cx: Cx, v: str) -> Bound:
            """A Ninja where v stands killed it: v had 2+ Intrigue (seed 001: any character, itself included)."""
            if not cx.info.ninja or self.count(b, v, "intrigue") < 2:
                return False
            ns = [(k, cx.roles_where(k, self._gains_test(cx, b, k, cx.info.ninja)))
                  for k in chars if self.loc(b, v) in ability_locations(b, k)]
            return exists(cx, ns) if ns else False

        def key_person_killer(cx: Cx, v: str) -> Bound:
            kp = cx.info.key_person
            if kp not in cx.domain(v) or self.count(b, v, "intrigue") < 2:
                return False
            ks = [(k, cx.roles_where(k, lambda r: r in cx.info.killer)) for k in chars if k != v and self.loc(b, v) in ability_locations(b, k)]
            return both([role_in(v, {kp})], exists(cx, ks) if ks else False)

        self.fact("day_end", text, bind)

    def fact_protagonists_die(self, t: str, b: Board, D: int) -> None:
        if (self.loop, D) in self.doom_days:
            return  # a revealed Secretkeeper's doom (Last Liar): public, and it explains the death
        chars = [c for c in self.u.chars if in_play(b, c)]
        if t == "protagonists_lose":
            def bind(cx: Cx) -> Bound:
                return exists(cx, [(c, cx.roles_where(c, lambda r: r in cx.info.time_traveler)) for c in chars
                                   if self.count(b, c, "goodwill") <= 2])
            self.fact("day_end", T("deduction.fact.protagonists_lost", loop=self.loop, day=D), bind)
            return

        def bind2(cx: Cx) -> Bound:
            pairs = []
            for c in chars:
                roles: set[str] = set()
                if self.count(b, c, "intrigue") >= 4:
                    roles |= cx.roles_where(c, lambda r: r in cx.info.killer_protagonists)
                if self.count(b, c, "paranoia") >= 3 and self.count(b, c, "intrigue") >= 1:
                    roles |= cx.roles_where(c, lambda r: r in cx.info.loved_one_kills)
                if roles:
                    pairs.append((c, frozenset(roles)))
            return either(cx, exists(cx, pairs), *[self.kill_condition(cx, cond, b) for timing, cond in cx.day_end_kills
                                                   if timing == "day_end" or D == self.days])

        self.fact("day_end", T("deduction.fact.protagonists_died", loop=self.loop, day=D), bind2)

    def kill_condition(self, cx: Cx, cond: Any, b: Board) -> Bound:
        """Did a plot's day-end condition for killing the Protagonists hold on board `b` (The Sealed
        Conclusion's Shrine, The Demon's Script's Watcher with few counters; seed 000)?"""
        (op, arg), = cond.items()
        if op == "role_total_counters_at_most":  # on a role's holder, whatever each counter counts as
            role, n = arg
            return exists(cx, [(c, cx.roles_where(c, self._holds_role_test(cx, b, c, role)))
                               for c in self.u.chars if on_board(b, c) and total_counters(b, c) <= n])
        return board_condition(self.rules, b, cond)

    def fact_traitor_conditions(self, phase: str) -> None:
        """A Traitor's condition that holds in its phase wins at once (Last Liar FAQ Q1): while the game
        goes on, one that holds on the board now names a Traitor that is not, here: its subplot is not in
        play, or a plot rule makes Traitors ordinary Protagonists (The Final Plan's Hope)."""
        if self.over and self.i >= self.n:
            return  # the game ended here: perhaps that Traitor's win
        b = self.snap()
        for plot, tr in self.traitor_plots:
            if tr.phase != phase or tr.wins_if is None or not board_condition(self.rules, b, tr.wins_if):
                continue
            self.fact("plot", T("deduction.fact.traitor_condition_unmet", plot=Ref("plot", plot), card=Ref("extra_card", tr.extra_card)),
                      lambda cx, plot=plot: True if plot not in cx.combo.subs else self.traitors_normal(cx, b))

    def traitors_normal(self, cx: Cx, b: Board) -> Bound:
        """Does a chosen plot's rule make every Traitor an ordinary Protagonist on board `b`?"""
        conds = [self.rules.plot(p).traitors_normal_if for p in cx.combo.plots]
        return either(cx, *[self.plot_condition(cx, c, b, []) for c in conds if c is not None])

    def fact_traitors_revealed(self, cards: list[str], b: Board) -> None:
        """The Traitors announced before the Final Guess (seed 000): each announced letter's subplot is in
        play and no rule makes the Traitors ordinary; each other letter's subplot is not in play, or
        such a rule holds (the board is the final loop's end: The Final Plan's Hope carries over)."""
        def bind(cx: Cx) -> Bound:
            parts: list[Bound] = []
            for plot, tr in self.traitor_plots:
                chosen = plot in cx.combo.subs
                if tr.extra_card in cards:
                    parts.append(negate(cx, self.traitors_normal(cx, b)) if chosen else False)
                elif chosen:
                    parts.append(self.traitors_normal(cx, b))
            return both(*parts)

        self.fact("plot", T("deduction.fact.traitors_revealed", cards=tuple(Ref("extra_card", c) for c in cards) or T("word.none")), bind)

    def fact_friend(self, ch: str, revealed: bool, b: Board) -> None:
        def bind(cx: Cx) -> Bound:
            friendly = cx.roles_where(ch, lambda r: cx.effective(r, b, ch) in cx.info.friend)
            return [role_in(ch, friendly if revealed else cx.domain(ch) - friendly)]

        self.fact("loop_end", T("deduction.fact.dead_revealed" if revealed else "deduction.fact.dead_not_revealed", loop=self.loop,
                                   character=Ref("character", ch)), bind)

    def fact_loop_result(self, lost: bool, final: list[dict[str, Any]], b: Board, occurred: list[str]) -> None:
        rules = self.rules
        finals = [(r["ch"], r["board"]) for r in final]
        revealed = list(dict.fromkeys(self.revealed_this_loop))  # as the loop ended (the bind runs later)

        def terms(cx: Cx) -> list[Bound]:
            out: list[Bound] = [exists(cx, [(c, cx.roles_where(c, self._lod_test(cx, bb, c))) for c, bb in finals])]
            for p in cx.combo.plots:
                for rule in rules.plot(p).rules:
                    if rule.loss_if is None or rule.timing != "loop_end":
                        continue
                    out.append(self.plot_condition(cx, rule.loss_if, b, occurred, revealed))
            return out

        if lost:
            self.fact("loop_end", T("deduction.fact.loop_lost", loop=self.loop), lambda cx: either(cx, *terms(cx)))
        else:
            def won(cx: Cx) -> Bound:
                parts: list[Bound] = []
                for tm in terms(cx):
                    if tm is True:
                        return False
                    if tm is False:
                        continue
                    parts.append(negate(cx, tm))
                return both(*parts)

            self.fact("loop_end", T("deduction.fact.loop_won", loop=self.loop), won)

    @staticmethod
    def _sk_test(cx: Cx, b: Board, s: str) -> Callable[[str], bool]:
        return lambda r: cx.eff_sk(r, b, s)

    @staticmethod
    def _lod_test(cx: Cx, b: Board, ch: str) -> Callable[[str], bool]:
        return lambda r: cx.loss_on_death(r, b, ch)

    @staticmethod
    def _holds_role_test(cx: Cx, b: Board, c: str, role: str | None) -> Callable[[str], bool]:
        return lambda r: cx.effective(r, b, c) == role

    def _trait_test(self, cx: Cx, b: Board, c: str, trait: str) -> Callable[[str], bool]:
        """Would `c`, holding a role, have `trait` on board `b` (role_has_trait)?"""
        return lambda r: self.role_has_trait(cx, r, b, c, trait)

    @staticmethod
    def _gains_test(cx: Cx, b: Board, c: str, roles: frozenset[str]) -> Callable[[str], bool]:
        """Would `c`, holding a role, have the abilities of one of `roles` on board `b` (its role
        there, and those it gains: the Factor's)?"""
        return lambda r: bool(cx.gains(cx.effective(r, b, c), b) & roles)

    def plot_condition(self, cx: Cx, cond: Any, b: Board, occurred: list[str], revealed: tuple[str, ...] | list[str] = ()) -> Bound:
        (op, arg), = cond.items()
        if op == "location_counter_at_least":
            where, kind, n = arg
            if isinstance(where, str):
                return self.count(b, where, kind) >= n
            role = where["start_of_role"]
            return exists(cx, [(c, frozenset({role})) for c, l in b.start.items() if self.count(b, l, kind) >= n])
        if op == "role_counter_at_least":
            role, kind, n = arg
            return exists(cx, [(c, cx.roles_where(c, self._holds_role_test(cx, b, c, role)))
                               for c in self.u.chars if on_board(b, c) and self.count(b, c, kind) >= n])
        if op == "incident_occurred_this_loop":
            return arg in occurred
        if op == "role_revealed_this_loop":  # the script's role, whatever was announced (query._role_revealed_this_loop)
            return exists(cx, [(c, frozenset(arg)) for c in revealed])
        if op == "living_characters_at_most":
            return sum(1 for c in self.u.chars if in_play(b, c)) <= arg
        if op == "all":
            return both(*[self.plot_condition(cx, c, b, occurred, revealed) for c in arg])
        if op == "any":
            return either(cx, *[self.plot_condition(cx, c, b, occurred, revealed) for c in arg])
        raise refuse(WHO, T("unmodelled.what.loss_condition", condition=q(cond)), T("unmodelled.why.loss_conditions"))


class _BoardOnly:
    """What the engine's board-only condition words read of a game state (its rules and board), for
    evaluating them on a board of the walk with the engine's own functions."""

    def __init__(self, rules: RuleBook, board: Board) -> None:
        self.rules = rules
        self.board = board

    def characters_at(self, loc: str | None) -> list[str]:
        return characters_at(self.board, loc)


BOARD_ONLY_CONDITIONS = ("tokens_at_least", "location_intrigue_with_characters_at_least")


def board_condition(rules: RuleBook, b: Board, cond: Any) -> bool:
    """A condition that reads only the board (the Traitors' token counts, The Sealed Conclusion's
    Shrine), evaluated by the engine's condition function (vocab.CONDITIONS) on a stand-in state."""
    from ..vocab import CONDITIONS

    (op, arg), = cond.items()
    assert op in BOARD_ONLY_CONDITIONS, op  # check_rules refused any other (traitor / day-end kill condition)
    return bool(CONDITIONS[op](_BoardOnly(rules, b), arg, None))


def observe(view: dict[str, Any], rules: RuleBook | None = None) -> Observation:
    """Every fact `view` (a Protagonist's or the observer's) gives about the hidden script.
    `rules` is the view's rule book (default: the shipped one of its set); UnmodelledRule when it,
    a character met or an event holds something the deduction does not model."""
    return Walker(view, rules).run()


def cards_may_arrive(rules: RuleBook) -> bool:
    """Whether some rule of the set adds a card to a hand at a loop's start (a plot rule such as
    Crossing World Lines, a role such as the Fragment): only then is "which cards arrived" a fact."""
    plot_rules = [r for plot in rules.set.plots.values() for r in plot.rules]
    role_abilities = [ab for role in rules.roles.values() for ab in role.abilities]
    return any(ab.timing == "loop_start" and isinstance(getattr(ab, "effect", None), dict) and "add_card" in ab.effect
               for ab in plot_rules + role_abilities) or any(inc.next_loop_start is not None for inc in rules.incidents.values())


@per_rulebook
def extra_cards_possible(rules: RuleBook) -> bool:
    """Whether some plot rule or incident step of the set places an Extra card (Midnight Zone)."""
    plot_rules = [r for plot in rules.set.plots.values() for r in plot.rules]
    steps = [st for inc in rules.incidents.values() for st in inc.steps]
    return any(ab.effect == "extra_card" for ab in plot_rules + steps)

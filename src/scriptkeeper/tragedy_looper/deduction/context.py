"""Per plot combination: which roles each character may hold, and what a role does on a given board.

The facts of `observe.py` are written once; `Cx` answers the questions that depend on the plot
combination (is there a Paranoia Virus turning Persons into Serial Killers? can a Time Traveler
exist at all?) and on the board at the moment of the fact (the Factor's gained abilities). Boards
are the shared `tragedy_looper.board.Board`, and counters are counted with `board.count`.
"""

from __future__ import annotations

from typing import Any, Callable

from ...core.text import T
from ..board import Board, count
from ..rules import Ability, RuleBook
from .model import ABSENT, PERSON, Combo, RoleInfo, ability_shape, from_person_roles, per_rulebook, role_info
from ..unmodelled import ids, q, refuse
from .scope import SCOPE, WHO

# An atom is what a fact says about one plot combination:
#   ("R", ch, allowed roles)          the character's role is one of these
#   ("C", idx, allowed characters)    the incident's culprit is one of these
#   ("D", terms)                      a condition on several characters: at least one term holds,
#                                     a term being a tuple of (character, allowed roles) literals
#   ("J", chars, idxs, fn(roles, culprits) -> bool)   a condition on roles and culprits together
Atom = tuple

SCOPE.declare("character trait", {
    "role_outside_plots": "its role is one no chosen plot adds (Universe.mystery)",
    "enters_on_script_loop": "may be in the cast unseen until it enters (Universe.maybe)",
    # Rei's Part-Timer and Part-Timer(?) (seed 000): one script role, two cards.
    "plays_as_person": "in play a Person whatever its script role: the facts see a Person (Cx.domain), "
                       "the script role is counted apart (Cx.script_domain, Cx.to_script)",
    "stands_in_for": "holds the named character's script role and is the culprit of its incidents: "
                     "the facts about her are about his script role (Cx.to_script)",
    "never_in_a_script": "words only: she is the one standing in (stands_in_for)",
    "dies_at_day_end_with_counters": "his death at day end explains itself (observe.walk_day_end)",
    "replaced_when_dead": "the stand-in's entry is an event (enters_now)",
    "serves": "her moves are events; her death in another's place is one (dies_instead: observe.kill_event)",
})
SCOPE.declare("character field", {"name": "words only", "text": "words only", "paranoia_limit": "incident triggers (observe.fact_occurrence)",
                                  "start": "loop start (board.reset_for_loop)", "forbidden": "board.forbidden_locations",
                                  "starts": "the start the script fixed among them is shown at every loop start (placed)",
                                  "tags": "creation rules (combos)", "traits": "its traits",
                                  "goodwill": "its Goodwill abilities (observe.walk_goodwill)"})


class DayBoard(Board):
    """The walker's board, which knows the day it is on (0 at a loop's start), and so does every copy
    of it: what a role gained on a day's number needs (Last Liar's Wildcard, days 3 and 6). The
    engine reads that day from its state; a view's board does not hold it."""

    day = 0

    def copy(self) -> "DayBoard":
        b = super().copy()  # the engine's copy (its sharing of entries), then the same fields with the day
        out = DayBoard(b.chars, b.locations, b.start, b.turf, b.entered, b.extra_cards, b.statuses, b.tokens, b.gauges)
        out.day = self.day
        return out


def board_day(b: Board) -> int:
    """The day of a board of the walk (DayBoard); 0 for any other board."""
    return b.day if isinstance(b, DayBoard) else 0


class Universe:
    """The characters a seat knows of, and those that may be in the cast unseen."""

    def __init__(self, rules: RuleBook, seen: list[str], maybe: list[str]) -> None:
        self.rules = rules
        self.set_id = rules.set.id
        self.info: RoleInfo = role_info(rules)
        self.seen = list(seen)
        self.maybe = list(maybe)  # may be in the cast, not seen yet (domain includes ABSENT)
        self.chars = self.seen + self.maybe
        self.mystery = {c for c in self.chars if rules.characters[c].has_trait("role_outside_plots")}
        cards = rules.characters
        # Characters that play as a Person whatever their script role (the Part-Timer), and those
        # who hold another's script role (the Part-Timer(?) -> the Part-Timer).
        self.as_person = frozenset(c for c in self.chars if cards[c].has_trait("plays_as_person"))
        self.stand_in: dict[str, str] = {c: t.params for c in self.chars for t in cards[c].traits if t.name == "stands_in_for"}
        for c, of in self.stand_in.items():
            if of not in self.chars:
                raise refuse(WHO, T("unmodelled.what.character", character=q(c)), T("unmodelled.why.stands_in", character=q(of)))
        # The script's characters, each with one role and one place in the role bag: the solver's.
        self.script_chars = [c for c in self.chars if c not in self.stand_in]


# ---------------------------------------------------------------- plot rules
ROLE_CHANGE_CONDITION = "counter_at_least"
EXTRA_CARD_CONDITION = "has_extra_card"
SCOPE.declare("role change condition", {ROLE_CHANGE_CONDITION: "a character's own counters (Cx.effective)",
                                        EXTRA_CARD_CONDITION: "an Extra card on it, any role (Fated Connections; Cx.effective)"})
SCOPE.declare("coded call", {"threads_of_fate.loop_start": "Paranoia at loop start for last loop's Goodwill (observe.fact_threads_of_fate)"})

# The plot rules the facts know, by shape; "loss" and "role_change" are read generically
# (loss conditions by observe.plot_condition, role changes by Cx.effective).
PLOT_RULES: dict[str, dict[str, Any]] = {
    "rumor": {"timing": "mastermind_ability", "optional": True, "once_per_loop": True, "target": {"choose": "location"},
              "effect": {"place": {"counter": "intrigue", "n": 1}}},
    "threads_of_fate": {"timing": "loop_start", "call": "threads_of_fate.loop_start"},
    # Midnight Zone (seed 001)
    "extra_card_on_last_loops_dead": {"timing": "loop_start", "stack_group": "extra_card_on_last_loops_dead",
                                      "condition": {"someone_died_previous_loop": True},
                                      "target": {"choose": "character", "where": ["died_previous_loop"]}, "effect": "extra_card"},
    "forbid_goodwill_forbids_movement": {"timing": "always", "card_also_forbids": {"card": "forbid_goodwill", "forbids": "movement"}},
    "prophet_lowers_person_limits": {"timing": "always", "incident_limit": {"add": -1, "if": {"all": [{"role_is": "person"},
                                                                                                      {"role_in_play": "prophet"}]}}},
    "unsafe_trigger": {"timing": "mastermind_ability", "optional": True, "once_per_loop": True,
                       "target": {"choose": "location_of_role", "role": "factor"}, "effect": {"place": {"counter": "intrigue", "n": 1}}},
}
# Last Liar (seed 000): plot rules by which the Mastermind may kill the Protagonists at a day's end
# on a condition of the board (The Sealed Conclusion's Shrine, The Demon's Script's Watcher): a
# Protagonists' death there is explained by one whose condition held (observe.fact_protagonists_die).
KILL_CONDITIONS = SCOPE.declare("day-end kill condition", {
    "location_intrigue_with_characters_at_least": "the location's Intrigue with the Hope and Despair of the living there "
                                                  "(the engine's condition, on the board: observe.kill_condition_holds)",
    "role_total_counters_at_most": "a role's holder with few counters in all (observe.kill_condition_holds)",
})
SCOPE.declare("plot rule", {
    "refusal_change": "a role's Goodwill Refusal changed while the plot is chosen (Cx.refusal)",
    "kill_protagonists_at_day_end": "the Protagonists may die at day end on a condition (observe.fact_protagonists_die)",
    "extra_card_on_last_loops_dead": "an Extra card at loop start (observe.fact_extra_cards)",
    "forbid_goodwill_forbids_movement": "a sound relaxation: moves are events, replayed; no fact says which combination "
                                        "a stopped or an allowed move points to",
    "prophet_lowers_person_limits": "a Person culprit's limit 1 lower while a Prophet is in play (observe.fact_occurrence)",
    "unsafe_trigger": "1 Intrigue on the living Factor's location (observe.fact_mm_abilities)",
})
# Plot rules that add a card to hands at a loop's start, on a condition of the loop's number
# (Rei's Crossing World Lines): the cards are seen arriving (observe.fact_cards_added).
LOOP_CONDITIONS = ("even", "final")


def loop_start_card(rule: Ability) -> tuple[str, str, str] | None:
    """(loop condition, card, side) of a plot rule that adds a card at loop start when the loop is
    even or the final one; None for any other rule."""
    shape = ability_shape(rule)
    cond, eff = shape.get("condition"), shape.get("effect")
    if set(shape) != {"timing", "condition", "effect"} or rule.timing != "loop_start":
        return None
    if not (isinstance(cond, dict) and set(cond) == {"loop_is"} and cond["loop_is"] in LOOP_CONDITIONS):
        return None
    if not (isinstance(eff, dict) and set(eff) == {"add_card"} and isinstance(eff["add_card"], dict)
            and set(eff["add_card"]) == {"card", "to"}):
        return None
    return cond["loop_is"], eff["add_card"]["card"], eff["add_card"]["to"]


def plot_rule_kind(plot: str, i: int, rule: Ability) -> str:
    """Which kind of plot rule this is (loss, role_change, or one of PLOT_RULES); UnmodelledRule otherwise."""
    where = T("unmodelled.what.plot_rule", rule=i + 1, plot=q(plot))
    SCOPE.require("timing", rule.timing, where)
    if rule.call is not None:
        SCOPE.require("coded call", rule.call, where)
    shape = ability_shape(rule)
    if set(shape) == {"timing", "refusal_change"} and rule.timing == "always":
        change = rule.refusal_change or {}
        if set(change) == {"role", "refusal"} and change["refusal"] in ("none", "optional", "mandatory"):
            return "refusal_change"
    if set(shape) == {"timing", "optional", "effect", "condition"} and rule.timing in ("day_end", "last_day_end") \
            and rule.optional and rule.effect == "kill_protagonists" and isinstance(rule.condition, dict) and len(rule.condition) == 1:
        SCOPE.require("day-end kill condition", next(iter(rule.condition)), where)
        return "kill_protagonists_at_day_end"
    if set(shape) == {"timing", "loss_if"} and rule.timing == "loop_end":
        return "loss"
    if set(shape) == {"timing", "role_change"} and rule.timing == "always":
        change = rule.role_change or {}
        cond = change.get("if")
        if set(change) == {"from", "to", "if"} and isinstance(cond, dict) and len(cond) == 1:
            SCOPE.require("role change condition", next(iter(cond)), where)
            return "role_change"
        if set(change) == {"to", "if"} and cond == {EXTRA_CARD_CONDITION: True}:
            return "role_change"
    for kind, want in PLOT_RULES.items():
        if shape == want:
            return kind
    if loop_start_card(rule) is not None:
        return "loop_start_card"
    raise refuse(WHO, where, T("unmodelled.why.plot_rule_shape", shape=q(shape), known=ids(PLOT_RULES)))


@per_rulebook
def _plot_rule_kinds(rules: RuleBook) -> dict[str, list[tuple[str, Ability]]]:
    """(kind, rule) of every plot's rules, read once per rule book (plot_rule_kind)."""
    return {p: [(plot_rule_kind(p, i, rule), rule) for i, rule in enumerate(plot.rules)] for p, plot in rules.set.plots.items()}


class Cx:
    """One plot combination seen from one Universe."""

    def __init__(self, u: Universe, combo: Combo) -> None:
        self.u = u
        self.combo = combo
        self.info = u.info
        rules = self.rules = u.rules
        self.role_changes: list[tuple[str | None, str, str, int]] = []
        self.extra_cards_at_loop_start = False  # Fated Connections, Dice of the Gods
        self.limit_changes: list[dict[str, Any]] = []  # Worshippers of the Apocalypse
        self.unsafe_trigger: str | None = None  # the role on whose location the Mastermind may put 1 Intrigue
        self.rumor = False
        self.tof = False
        self.loop_cards: list[tuple[str, str, str]] = []  # (even or final, card, side) added at loop start
        self.refusals: dict[str, str] = {}  # role -> its refusal under a plot rule (The Mythomaniac's Secret)
        self.day_end_kills: list[tuple[str, Any]] = []  # (timing, condition): the Protagonists may die at day end
        kinds = _plot_rule_kinds(rules)
        for p in combo.plots:
            for kind, rule in kinds[p]:
                if kind == "role_change":
                    change = rule.role_change or {}
                    if EXTRA_CARD_CONDITION in change["if"]:  # no `from`: any role, with an Extra card on it
                        self.role_changes.append((None, change["to"], EXTRA_CARD_CONDITION, 1))
                    else:
                        ctr, n = change["if"][ROLE_CHANGE_CONDITION]
                        self.role_changes.append((change["from"], change["to"], ctr, int(n)))
                elif kind == "extra_card_on_last_loops_dead":
                    self.extra_cards_at_loop_start = True
                elif kind == "prophet_lowers_person_limits":
                    self.limit_changes.append(rule.incident_limit or {})
                elif kind == "unsafe_trigger":
                    self.unsafe_trigger = str((rule.target or {})["role"])
                elif kind == "rumor":
                    self.rumor = True
                elif kind == "threads_of_fate":
                    self.tof = True
                elif kind == "refusal_change":
                    change = rule.refusal_change or {}
                    self.refusals[str(change["role"])] = str(change["refusal"])
                elif kind == "kill_protagonists_at_day_end":
                    self.day_end_kills.append((rule.timing, rule.condition))
                elif kind == "loop_start_card":
                    got = loop_start_card(rule)
                    assert got is not None
                    self.loop_cards.append(got)
        set_roles = set(rules.set.roles)
        normal = set(combo.bag_roles) | {PERSON}
        outside = frozenset(set_roles - set(combo.plot_roles) - {PERSON} - from_person_roles(rules))
        self._domain: dict[str, frozenset[str]] = {}
        for c in u.chars:
            if c in u.mystery:
                d = set(outside)
            else:
                d = set(normal)
                tags = rules.characters[c].tags
                for role, tag in combo.tags_required:
                    if tag not in tags:
                        d.discard(role)
                for role, tag in combo.tags_forbidden:
                    if tag in tags:
                        d.discard(role)
            if c in u.maybe:
                d.add(ABSENT)
            self._domain[c] = frozenset(d)
        # The script role of a character that plays as a Person is counted in the bag but never acts:
        # the facts see a Person; the one who stands in for him holds his script role.
        self._script_domain = dict(self._domain)
        for q, of in u.stand_in.items():
            self._domain[q] = self._script_domain[of]
        for c in u.as_person:
            self._domain[c] = frozenset({PERSON} | ({ABSENT} if c in u.maybe else set()))
        self.possible_roles = frozenset().union(*self._domain.values()) if self._domain else frozenset()
        self.tt_roles = self.info.immortal & self.possible_roles

    # ------------------------------------------------------------ domains
    def domain(self, ch: str) -> frozenset[str]:
        """The roles `ch` may act with in play (what the facts reason about)."""
        return self._domain.get(ch, frozenset({PERSON}))

    def script_domain(self, ch: str) -> frozenset[str]:
        """The roles the script may give `ch` (what the solver counts)."""
        return self._script_domain.get(ch, frozenset({PERSON}))

    def to_script(self, bound: Any) -> Any:
        """A fact's atoms about roles in play, as atoms about the script's roles: a character that
        plays as a Person holds Person in play (an atom on him holds or fails outright), one who stands
        in for another holds his script role and is the culprit of his incidents."""
        u = self.u
        if bound is True or bound is False or not (u.as_person or u.stand_in):
            return bound
        out: list[Atom] = []
        for a in bound:
            if a[0] == "R":
                ch, roles = a[1], a[2]
                if ch in u.as_person:
                    if PERSON not in roles:
                        return False
                    continue
                out.append(("R", u.stand_in.get(ch, ch), roles))
            elif a[0] == "C":
                out.append(("C", a[1], frozenset(u.stand_in.get(c, c) for c in a[2])))
            elif a[0] == "D":
                terms = []
                for t in a[1]:
                    acc: dict[str, frozenset[str]] = {}
                    ok = True
                    for ch, roles in t:
                        if ch in u.as_person:
                            if PERSON not in roles:
                                ok = False
                                break
                            continue
                        ch = u.stand_in.get(ch, ch)
                        acc[ch] = acc.get(ch, self.script_domain(ch)) & roles
                        if not acc[ch]:
                            ok = False
                            break
                    if not ok:
                        continue
                    term = tuple(sorted((c, r) for c, r in acc.items() if r != self.script_domain(c)))
                    if not term:
                        break  # a term that always holds: the whole condition does
                    terms.append(term)
                else:
                    if not terms:
                        return False
                    out.append(("D", tuple(dict.fromkeys(terms))))
            else:
                if any(c in u.as_person or c in u.stand_in for c in a[1]):
                    raise refuse(WHO, T("unmodelled.what.joint_part_timer"), T("unmodelled.why.joint_part_timer"))
                out.append(a)
        return out or True

    def roles_where(self, ch: str, pred: Callable[[str], bool]) -> frozenset[str]:
        return frozenset(r for r in self.domain(ch) if r != ABSENT and pred(r))

    def can_be(self, ch: str, roles: frozenset[str] | set[str]) -> bool:
        return bool(self.domain(ch) & roles)

    def tt_possible(self, ch: str) -> bool:
        return bool(self.domain(ch) & self.info.immortal)

    @property
    def any_tt(self) -> bool:
        return bool(self.tt_roles)

    # ------------------------------------------------------------ what a role does on a board
    def effective(self, role: str, b: Board, ch: str) -> str:
        for frm, to, kind, n in self.role_changes:
            if kind == EXTRA_CARD_CONDITION:
                if ch in b.extra_cards:
                    role = to
            elif role == frm and count(self.rules, b, ch, kind) >= n:
                role = to
        return role

    def gains(self, role: str, b: Board) -> set[str]:
        out = {role}
        for r, loc, gained, n in self.info.factor_gains:
            if r == role and count(self.rules, b, loc, "intrigue") >= n:
                out.add(gained)
        if self.info.day_gains:
            day = board_day(b)
            for r, gained, n in self.info.day_gains:
                if r == role and day >= 1 and day % n == 0:  # the engine's day_multiple_of (Last Liar's Wildcard)
                    out.add(gained)
        return out

    def eff_sk(self, role: str, b: Board, ch: str) -> bool:
        """Would `ch`, holding `role`, strike as a Serial Killer on board `b` (its role there, or one
        whose abilities it gains: Last Liar's Wildcard on days 3 and 6)?"""
        return bool(self.gains(self.effective(role, b, ch), b) & self.info.serial_killer)

    def ct_able(self, role: str, b: Board) -> bool:
        return bool(self.gains(role, b) & self.info.ct)

    def loss_on_death(self, role: str, b: Board, ch: str) -> bool:
        """Would `ch`, holding `role`, end the loop by dying on board `b` (its role there: an Extra
        card makes a Key Person in Fated Connections)?"""
        return bool(self.gains(self.effective(role, b, ch), b) & self.info.loss_on_death)

    def refusal(self, role: str) -> str:
        got = self.refusals.get(role)
        return got if got is not None else self.info.refusal.get(role, "none")

"""Per plot combination: which roles each character may hold, and what a role does on a given board.

The facts of `observe.py` are written once; `Cx` answers the questions that depend on the plot
combination (is there a Paranoia Virus turning Persons into Serial Killers? can a Time Traveler
exist at all?) and on the board at the moment of the fact (the Factor's gained abilities). Boards
are the shared `tragedy_looper.board.Board`, and counters are counted with `board.count`.
"""

from __future__ import annotations

from typing import Any, Callable

from ...core.errors import UnmodelledRule
from ..board import Board, count
from ..rules import Ability, RuleBook
from .model import ABSENT, PERSON, Combo, RoleInfo, ability_shape, role_info
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
})
SCOPE.declare("character field", {"name": "words only", "text": "words only", "paranoia_limit": "incident triggers (observe.fact_occurrence)",
                                  "start": "loop start (board.reset_for_loop)", "forbidden": "board.forbidden_locations",
                                  "tags": "creation rules (combos)", "traits": "its traits",
                                  "goodwill": "its Goodwill abilities (observe.walk_goodwill)"})


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


# ---------------------------------------------------------------- plot rules
ROLE_CHANGE_CONDITION = "counter_at_least"
SCOPE.declare("role change condition", {ROLE_CHANGE_CONDITION: "a character's own counters (Cx.effective)"})
SCOPE.declare("coded call", {"threads_of_fate.loop_start": "Paranoia at loop start for last loop's Goodwill (observe.fact_threads_of_fate)"})

# The plot rules the facts know, by shape; "loss" and "role_change" are read generically
# (loss conditions by observe.plot_condition, role changes by Cx.effective).
PLOT_RULES: dict[str, dict[str, Any]] = {
    "rumor": {"timing": "mastermind_ability", "optional": True, "once_per_loop": True, "target": {"choose": "location"},
              "effect": {"place": {"counter": "intrigue", "n": 1}}},
    "threads_of_fate": {"timing": "loop_start", "call": "threads_of_fate.loop_start"},
}


def plot_rule_kind(plot: str, i: int, rule: Ability) -> str:
    """Which kind of plot rule this is (loss, role_change, or one of PLOT_RULES); UnmodelledRule otherwise."""
    where = f"rule {i + 1} of the plot {plot!r}"
    SCOPE.require("timing", rule.timing, where)
    if rule.call is not None:
        SCOPE.require("coded call", rule.call, where)
    shape = ability_shape(rule)
    if set(shape) == {"timing", "loss_if"} and rule.timing == "loop_end":
        return "loss"
    if set(shape) == {"timing", "role_change"} and rule.timing == "always":
        change = rule.role_change or {}
        cond = change.get("if")
        if set(change) == {"from", "to", "if"} and isinstance(cond, dict) and len(cond) == 1:
            SCOPE.require("role change condition", next(iter(cond)), where)
            return "role_change"
    for kind, want in PLOT_RULES.items():
        if shape == want:
            return kind
    raise UnmodelledRule(WHO, where, f"its shape {shape} is none the facts know (loss, role_change, {', '.join(PLOT_RULES)}; "
                         "deduction/context.py)")


class Cx:
    """One plot combination seen from one Universe."""

    def __init__(self, u: Universe, combo: Combo) -> None:
        self.u = u
        self.combo = combo
        self.info = u.info
        rules = self.rules = u.rules
        self.role_changes: list[tuple[str, str, str, int]] = []
        self.rumor = False
        self.tof = False
        for p in combo.plots:
            for i, rule in enumerate(rules.plot(p).rules):
                kind = plot_rule_kind(p, i, rule)
                if kind == "role_change":
                    change = rule.role_change or {}
                    ctr, n = change["if"][ROLE_CHANGE_CONDITION]
                    self.role_changes.append((change["from"], change["to"], ctr, int(n)))
                elif kind == "rumor":
                    self.rumor = True
                elif kind == "threads_of_fate":
                    self.tof = True
        set_roles = set(rules.set.roles)
        normal = set(combo.bag_roles) | {PERSON}
        outside = frozenset(set_roles - set(combo.plot_roles) - {PERSON})
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
            if c in u.maybe:
                d.add(ABSENT)
            self._domain[c] = frozenset(d)
        self.possible_roles = frozenset().union(*self._domain.values()) if self._domain else frozenset()
        self.tt_roles = self.info.immortal & self.possible_roles

    # ------------------------------------------------------------ domains
    def domain(self, ch: str) -> frozenset[str]:
        return self._domain.get(ch, frozenset({PERSON}))

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
            if role == frm and count(self.rules, b, ch, kind) >= n:
                role = to
        return role

    def gains(self, role: str, b: Board) -> set[str]:
        out = {role}
        for r, loc, gained, n in self.info.factor_gains:
            if r == role and count(self.rules, b, loc, "intrigue") >= n:
                out.add(gained)
        return out

    def eff_sk(self, role: str, b: Board, ch: str) -> bool:
        return self.effective(role, b, ch) in self.info.serial_killer

    def ct_able(self, role: str, b: Board) -> bool:
        return bool(self.gains(role, b) & self.info.ct)

    def loss_on_death(self, role: str, b: Board) -> bool:
        return bool(self.gains(role, b) & self.info.loss_on_death)

    def refusal(self, role: str) -> str:
        return self.info.refusal.get(role, "none")

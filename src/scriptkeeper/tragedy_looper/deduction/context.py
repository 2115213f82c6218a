"""Per plot combination: which roles each character may hold, and what a role does on a given board.

The facts of `observe.py` are written once; `Cx` answers the questions that depend on the plot
combination (is there a Paranoia Virus turning Persons into Serial Killers? can a Time Traveler
exist at all?) and on the board at the moment of the fact (the Factor's gained abilities).
"""

from __future__ import annotations

from typing import Callable

from ..tragedy_looper.rules import RuleBook, load_rulebook
from .board import Board
from .model import ABSENT, PERSON, Combo, RoleInfo, role_info

# An atom is what a fact says about one plot combination:
#   ("R", ch, allowed roles)          the character's role is one of these
#   ("C", idx, allowed characters)    the incident's culprit is one of these
#   ("D", terms)                      a condition on several characters: at least one term holds,
#                                     a term being a tuple of (character, allowed roles) literals
#   ("J", chars, idxs, fn(roles, culprits) -> bool)   a condition on roles and culprits together
Atom = tuple


class Universe:
    """The characters a seat knows of, and those that may be in the cast unseen."""

    def __init__(self, set_id: str, seen: list[str], maybe: list[str]) -> None:
        self.set_id = set_id
        self.rb: RuleBook = load_rulebook(set_id)
        self.info: RoleInfo = role_info(set_id)
        self.seen = list(seen)
        self.maybe = list(maybe)  # may be in the cast, not seen yet (domain includes ABSENT)
        self.chars = self.seen + self.maybe
        self.mystery = {c for c in self.chars if "role_outside_plots" in self.rb.characters[c].traits}


class Cx:
    """One plot combination seen from one Universe."""

    def __init__(self, u: Universe, combo: Combo) -> None:
        self.u = u
        self.combo = combo
        self.info = u.info
        rb = u.rb
        self.role_changes: list[tuple[str, str, str, int]] = []
        self.rumor = False
        self.tof = False
        for p in combo.plots:
            for rule in rb.plot(p).rules:
                ch = rule.role_change
                if ch:
                    cond = (ch.get("if") or {}).get("counter_at_least")
                    if cond:
                        self.role_changes.append((ch["from"], ch["to"], cond[0], int(cond[1])))
                if rule.timing == "mastermind_ability" and rule.optional and rule.target \
                        and rule.target.get("choose") == "location":
                    self.rumor = True
                if rule.timing == "loop_start" and rule.call == "threads_of_fate.loop_start":
                    self.tof = True
        set_roles = set(rb.set.roles)
        normal = set(combo.bag_roles) | {PERSON}
        outside = frozenset(set_roles - set(combo.plot_roles) - {PERSON})
        self._domain: dict[str, frozenset[str]] = {}
        for c in u.chars:
            if c in u.mystery:
                d = set(outside)
            else:
                d = set(normal)
                tags = rb.characters[c].tags
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
            if role == frm and b.count(ch, kind) >= n:
                role = to
        return role

    def gains(self, role: str, b: Board) -> set[str]:
        out = {role}
        for r, loc, gained, n in self.info.factor_gains:
            if r == role and b.count(loc, "intrigue") >= n:
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

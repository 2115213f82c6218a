"""How close the Mastermind is to winning the loop, seen by someone who knows the script.

`Threat(script).value(state)` scores a game state from the Mastermind's side: loss conditions met
or nearly met, incidents about to happen, killers next to their victims. The state is one the
agent built itself (the Mastermind's game, or a world a Protagonist imagines), so the counts,
positions and roles it reads are the engine's own (board.count, query.holders_of_role, ...).
The rule-based Mastermind plays greedily on it; the search agents use it to judge the end of a
simulated day.

Where the score comes from:
- the plots' loss conditions, from each plot rule's `loss_if` (one progress function per
  condition word, LOSS_PROGRESS);
- the roles' threats, one model per role (ROLES): a Killer beside the Key Person, a Serial Killer
  alone with a victim, a Loved One ready, a Time Traveler short of Goodwill, a Ninja's kill...;
- what the data says of roles and incidents: traits (Key Persons lose on death, the Immortal
  cannot die, the Obstinate always triggers, the Prophet vetoes), incident trigger counters and
  the plot rules that change limits or roles (Worshippers of the Apocalypse, Fated Connections);
- the incidents still to come, weighted by what each kind does (INCIDENTS).

A script with a role, trait, plot rule or incident the score has no model for is refused with
UnmodelledRule when its Threat is made, never scored as if the rule did not exist.
"""

from __future__ import annotations

import itertools
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from ...core.text import T, Text
from .. import board as B
from ..board import Board
from ..query import Ctx, has_trait, holders_of_role, holds, incident_limit, incident_vetoed, locations_of, about
from ..rules import Ability, RuleBook
from ..script import Script
from ..state import GameState
from ..unmodelled import q, refuse
from .common import WHO, gw_kind, helps_protagonists


@contextmanager
def board_of(st: GameState, board: Board) -> Iterator[GameState]:
    """`st` with `board` in the place of its own while the block runs (what-ifs share one state)."""
    saved = st.board
    st.board = board
    try:
        yield st
    finally:
        st.board = saved


class Score(float):
    """A score (Threat.value_with) that keeps its terms, group by group, for Threat.changed_value."""

    parts: list[list[float]]
    _prefix: list[float] | None

    def __new__(cls, value: float, parts: list[list[float]]) -> "Score":
        self = super().__new__(cls, value)
        self.parts = parts
        self._prefix = None
        return self

    def prefix(self, i: int) -> float:
        """The sum of the terms of the groups before group i, added as Threat.value adds them."""
        if self._prefix is None:
            out = []
            v = 0.0
            for part in self.parts:
                out.append(v)
                for x in part:
                    v += x
            self._prefix = out
        return self._prefix[i]


def _total(parts: list[list[float]]) -> float:
    """The terms added one by one in their order (as Threat.value adds them)."""
    v = 0.0
    for part in parts:
        for x in part:
            v += x
    return v


class Reads:
    """What a group of terms may read that a card can change: the counters of `targets` (None: of
    anyone), only of the raw kinds `kinds` (None: of any kind), and (`positions`) where characters
    stand."""

    __slots__ = ("targets", "positions", "kinds")

    def __init__(self, targets: frozenset[str] | None, positions: bool, kinds: frozenset[str] | None = None) -> None:
        self.targets = targets
        self.positions = positions
        self.kinds = kinds

    def reads(self, target: str, moved: bool, kind: str | None = None) -> bool:
        if moved:
            return self.positions
        if self.targets is not None and target not in self.targets:
            return False
        return self.kinds is None or kind is None or kind in self.kinds


def goal(x: int, need: int, w: float = 1.0, reached: float = 100.0) -> float:
    """Progress towards `need` counters: up to 50, plus `reached` once there."""
    if need <= 0:
        return w * (50 + reached)
    return w * (50 * min(x, need) / need + (reached if x >= need else 0))


READY = 700.0  # a loss condition met: the loop is lost unless the Protagonists undo it in time
NOW = 900.0  # a loss the Mastermind can trigger at this day's end

# The roles the score has a model for (a role's threat terms are in Threat.value); the others
# here threaten only through plots, traits or the abilities the Mastermind scores when it uses them.
ROLES = frozenset({"person", "key_person", "killer", "brain", "cultist", "conspiracy_theorist", "serial_killer", "curmudgeon",
                   "friend", "time_traveler", "witch", "lover", "loved_one", "factor", "magician", "ninja", "obstinate",
                   "prophet", "immortal",
                   # Last Liar: no threat terms of their own. The Wildcard's gained abilities are scored as
                   # those roles' (gains); the Influencer's and the Secretkeeper's happen through the engine
                   # the score simulates with; the Watcher's forced incidents through its trigger.
                   "influencer", "secretkeeper", "wildcard", "watcher",
                   # Rei's Fragment: a Person with two loop-start card gains (not scored: they add cards, not threat).
                   "fragment"})
# Role traits the score (and the engine it simulates with) knows what to do with.
TRAITS = frozenset({"loss_on_death", "immortal", "ignores_forbid_goodwill", "may_ignore_forbid_intrigue_here",
                    "no_mastermind_cards", "vetoes_incidents_here", "always_triggers_incidents", "may_lie_on_reveal",
                    "guessed_as_person_too", "incidents_here_trigger_with"})
# Counter kinds the score reads; another kind is modelled only if it counts as these (board.count).
COUNTERS = frozenset({"paranoia", "goodwill", "intrigue", "guard"})
# Coded plot rules whose effect the score models (Threads of Fate turns Goodwill into Paranoia).
PLOT_CALLS = frozenset({"threads_of_fate.loop_start"})
ALWAYS_TRIGGERS, VETOES = "always_triggers_incidents", "vetoes_incidents_here"
IGNORES_FORBID = "may_ignore_forbid_intrigue_here"
# A Cultist where the Mastermind's Intrigue is wanted, per Intrigue still missing there: its Intrigue
# cards there cannot be stopped by Forbid Intrigue, so the place is as good as one card nearer.
CULTIST_HERE = 45.0
# Character traits the score models, and how (a character with another trait is refused).
CHARACTER_TRAITS = {
    "role_outside_plots": "script creation only", "never_person": "script creation only",
    "copies_a_role": "script creation only (the copied role is scored as any)", "role_without_refusal": "script creation only",
    "enters_on_script_loop": "off the board until it enters (the board)", "enters_on_script_day": "off the board until it enters (the board)",
    "turf": "the Boss's turf (board.ability_locations)", "start_chosen_each_loop": "the Henchman's start (the board)",
    "confined_until_doctor": "forbidden locations (board.forbidden_locations)",
    "at_loop_start": "its loop-start counters are on the board when the day is scored",
    "incidents_count_every_counter": "the A.I.'s incidents count every counter (trigger)",
    "incidents_without_effect": "the Black Cat's incidents weigh nothing (incident_weight)",
    "incidents_resolve_twice": "the Sect Founder's incidents weigh twice (incident_weight)",
    "no_cards": "no card on it (cards.legal_targets, in the engine's card resolution)",
    "takes_cards_of_its_location": "the cards of its location act on it (the engine's card resolution)",
    "mastermind_must_use_with_refusal": "the Sacred Tree's counter move: not scored",
    # Rei's characters (issue 16): the engine the score simulates with applies them.
    "plays_as_person": "scored as a Person (the engine's role table plays him so)",
    "dies_at_day_end_with_counters": "his day-end death is the engine's (not scored beforehand)",
    "replaced_when_dead": "the Part-Timer(?) enters by the engine's rule (the board)",
    "never_in_a_script": "script creation only",
    "stands_in_for": "she holds the Part-Timer's role and incidents (engine: acting_culprit)",
    "serves": "the Servant's moves and deaths are the engine's (actions.MOVE_FOLLOWERS, a replacement)",
}

_UIDS = itertools.count()


class Threat:
    def __init__(self, script: Script) -> None:
        self.uid = next(_UIDS)  # a stable identity for caches (id() may be reused)
        self.s = script
        self.rb: RuleBook = script.rules
        # A character that plays as a Person whatever its script role (the Part-Timer) is scored as one.
        cast = {c: "person" if self.rb.characters[c].has_trait("plays_as_person") else r for c, r in script.cast.items()}
        self.roles = dict(cast)
        check_modelled(script)

        def holders(*roles: str) -> list[str]:
            return [c for c, r in cast.items() if r in roles]

        def with_trait(trait: str) -> list[str]:
            return [c for c, r in cast.items() if self.rb.roles[r].has_trait(trait)]

        self.kp = with_trait("loss_on_death")
        self.friends = holders("friend")
        self.killers = holders("killer")
        self.sks = holders("serial_killer")
        self.lovers = holders("lover")
        self.loved = holders("loved_one")
        self.tts = holders("time_traveler")
        self.ninjas = holders("ninja")
        self.victims = self.kp + self.friends  # whose death loses the loop
        self.immortal = set(with_trait("immortal"))
        self.mortal_victims = [c for c in self.victims if c not in self.immortal]
        self.limit = {c: self.rb.characters[c].paranoia_limit for c in cast}
        rules = [rule for _, _, rule in script.plot_rules]
        self.loss_conditions = [rule.loss_if for rule in rules if rule.loss_if is not None]
        # Plot rules that make more Serial Killers (Paranoia Virus): (role it changes, condition).
        self.sk_changes = [(c.get("from"), c.get("if")) for c in script.role_changes if c["to"] == "serial_killer"]
        # A plot rule that makes every holder of an Extra card a Key Person (Fated Connections).
        self.extra_victims = any(c["to"] in self.kp_roles() and c.get("if") == {"has_extra_card": True} for c in script.role_changes)
        self.tof = any(rule.call == "threads_of_fate.loop_start" for rule in rules)
        # Roles that must stay hidden: revealing one this loop loses it (Secret Record).
        self.hidden_roles = {r for cond in self.loss_conditions for word, arg in cond.items()
                             if word == "role_revealed_this_loop" for r in arg}
        # Locations a loss condition counts counters on by name (The Sealed Item's Shrine).
        self.loss_locations = {arg[0] for cond in self.loss_conditions for word, arg in cond.items()
                               if word == "location_counter_at_least" and isinstance(arg[0], str) and self.rb.is_location(arg[0])}
        # Who might ever hold a role with these traits (its script role, a role a plot rule may
        # give it, or one it may gain): only then is the engine asked (a cheap filter, not a rule).
        self.may_always_trigger = {c for c in cast if self._may_have_trait(c, ALWAYS_TRIGGERS)}
        self.may_veto = [c for c in cast if self._may_have_trait(c, VETOES)]
        # Who may make the Mastermind's Intrigue ignore a Forbid Intrigue where it stands (the Cultist),
        # and the places whose Intrigue a loss condition counts: a Cultist there beats the one Forbid a day.
        self.may_ignore_forbid = [c for c in cast if self._may_have_trait(c, IGNORES_FORBID)]
        self.intrigue_places = [arg for cond in self.loss_conditions for word, arg in cond.items()
                                if word == "location_counter_at_least" and arg[1] == "intrigue"]
        self.useful_gw = {c for c in cast if helps_protagonists(self.rb, c)}
        # No role can change in this script (no plot rule changes one, no role gains another's, no
        # Dual Role): who holds a role and what traits a character has stay as they are.
        self.static_roles = not script.role_changes and all(
            not self.rb.roles[r].gains and self.rb.roles[r].dual is None for r in cast.values())
        self._groups = self._make_groups()
        self._redo: dict[tuple[str, bool, str | None], tuple[int, ...]] = {}  # per change, the groups made anew

    def _may_have_trait(self, ch: str, trait: str) -> bool:
        role = self.roles[ch]
        roles = {role} | {c["to"] for c in self.s.role_changes if c.get("from", role) == role}
        roles |= {g.role for r in set(roles) for g in self.rb.roles[r].gains}
        return any(self.rb.roles[r].has_trait(trait) for r in roles)

    def kp_roles(self) -> set[str]:
        return {r for r, role in self.rb.roles.items() if role.has_trait("loss_on_death")}

    # ------------------------------------------------------------ evaluation
    def incident_weight_with(self, kind: str, culprit: str, st: GameState, board: Board) -> float:
        with board_of(st, board):
            return self.incident_weight(kind, culprit, st)

    def sk_now(self, st: GameState) -> list[str]:
        b = st.board
        out = [c for c in self.sks if B.in_play(b, c)]
        for role, cond in self.sk_changes:
            out += [c for c, r in self.roles.items() if r == role and B.in_play(b, c) and holds(st, cond, about(c))]
        return out

    def start_of(self, b: Board, ch: str) -> str | None:
        if ch in b.start:
            return b.start[ch]
        c = b.chars.get(ch)
        return self.rb.characters[ch].start or (c.location if c is not None else None)

    # The score is a sum of terms, made in groups (one per kind of threat, one per loss condition,
    # one per incident still to come). A card changes one counter on one target or where one
    # character stands, and most groups read neither: `value_with` keeps each group's terms
    # (Score.parts), and `changed_value` makes anew only the groups that may read what a card
    # changed, the others taken as they were. The terms are added in the same order either way, so
    # the two give the same float, bit for bit (tests/agents/test_threat_changes.py).
    def value(self, st: GameState) -> float:
        v = 0.0
        for part in self.parts(st):
            for x in part:
                v += x
        return v

    def _readers(self, b: Board) -> tuple[Callable[[str, str], int], Callable[[str], bool]]:
        """Counting and being in play on board `b`, as the groups of terms ask them."""
        ch = b.chars
        locs, counts_as = b.locations, self.rb.counts_as

        def n(target: str, kind: str) -> int:
            # B.count written out (asked hundreds of times a score, a score per simulated card)
            bucket = locs.get(target)
            if bucket is None:
                bucket = ch[target].counters
            x = bucket.get(kind, 0)
            extra = counts_as.get(kind)
            if extra:
                for other, w in extra:
                    x += w * bucket.get(other, 0)
                x = max(0, x)
            return x

        def alive(c: str) -> bool:
            x = ch.get(c)
            return x is not None and x.alive and x.location is not None  # B.in_play, written out

        return n, alive

    def parts(self, st: GameState) -> list[list[float]]:
        """The score's terms of `st`, group by group (in the order of `_groups`)."""
        b = st.board
        n, alive = self._readers(b)
        return [g(st, b, n, alive) for g, _ in self._groups]

    def value_with(self, st: GameState, board: Board) -> "Score":
        """The score of `st` with `board` in the place of its own (a what-if), its terms kept."""
        saved = st.board
        st.board = board
        try:
            parts = self.parts(st)
        finally:
            st.board = saved
        return Score(_total(parts), parts)

    def changed_value(self, st: GameState, board: Board, base: float, target: str, moved: bool, kind: str | None = None) -> float:
        """The score of `st` with `board` in the place of its own, where `board` is the board `base`
        was scored on (value_with) but for one change: counters of `target` (of the raw kind `kind`,
        None: of any), or (`moved`) where `target` stands. Only the groups that may read that change
        are made anew; the sum starts from the base's sum of the groups before the first of them."""
        if not isinstance(base, Score):
            with board_of(st, board):
                return self.value(st)
        key = (target, moved, kind)
        redo = self._redo.get(key)
        if redo is None:
            redo = self._redo[key] = tuple(i for i, (_, deps) in enumerate(self._groups) if deps.reads(target, moved, kind))
        if not redo:
            return float(base)  # no term reads the change: the same terms, the same sum
        groups, parts = self._groups, base.parts
        n, alive = self._readers(board)
        saved = st.board
        st.board = board
        try:
            first = redo[0]
            v = base.prefix(first)
            for i in range(first, len(groups)):
                part = groups[i][0](st, board, n, alive) if i in redo else parts[i]
                for x in part:
                    v += x
        finally:
            st.board = saved
        return v

    def _make_groups(self) -> list[tuple[Callable[..., list[float]], "Reads"]]:
        """Each group of terms with what it may read of a board that a card can change."""
        anything = Reads(None, True)
        static_roles = self.static_roles
        out: list[tuple[Callable[..., list[float]], Reads]] = [(self._g_dead, Reads(frozenset(), False))]
        for cond in self.loss_conditions:
            out.append((self._g_loss(cond), self._loss_reads(cond, static_roles)))
        raw = self.raw_kinds
        if self.killers:
            out.append((self._g_killer_beside, Reads(frozenset(self.kp), True, raw("intrigue"))))
        out.append((self._g_killers, Reads(frozenset(self.killers), False, raw("intrigue"))))
        # Serial Killers: who stands alone with whom; a plot rule that makes more reads counters.
        out.append((self._g_serial, anything if self.sk_changes or not static_roles else Reads(frozenset(), True)))
        out.append((self._g_loved, Reads(frozenset(self.loved), False, raw("paranoia", "intrigue"))))
        out.append((self._g_tts, Reads(frozenset(self.tts), False, raw("goodwill"))))
        for idx, inc in enumerate(self.s.incidents):
            out.append((self._g_incident(idx), self._incident_reads(inc.incident, inc.culprit, static_roles)))
        if self.tof:
            out.append((self._g_tof, anything))
        out.append((self._g_useful_gw, Reads(frozenset(self.useful_gw), False, raw("goodwill"))))
        out.append((self._g_extra, anything if self.extra_victims else Reads(frozenset(), False)))
        out.append((self._g_ninja, anything if self.ninjas else Reads(frozenset(), False)))
        if self.may_ignore_forbid:
            out.append((self._g_cultist, anything))
        return out

    def _loss_reads(self, cond: dict[str, Any], static_roles: bool) -> "Reads":
        (word, arg), = cond.items()
        if word == "location_counter_at_least" and isinstance(arg[0], str) and arg[0] != "culprit_start":
            return Reads(frozenset({arg[0]}), False, self.raw_kinds(arg[1]))
        if word == "role_counter_at_least" and static_roles:
            # holders_of_role: the characters on the board holding the role (neither changes with a card)
            return Reads(frozenset(c for c, r in self.roles.items() if r == arg[0]), False, self.raw_kinds(arg[1]))
        if word == "incident_occurred_this_loop":
            return Reads(frozenset(inc.culprit for inc in self.s.incidents if inc.incident == arg), False,
                         self.raw_kinds(self.rb.incidents[arg].trigger_counter))
        if word in ("living_characters_at_most", "role_revealed_this_loop"):
            return Reads(frozenset(), False)
        return Reads(None, True)

    def _incident_reads(self, kind: str, culprit: str, static_roles: bool) -> "Reads":
        if self.s.incident_limit_changes or culprit in self.may_always_trigger or (self.may_veto and not static_roles):
            return Reads(None, True)
        weight = INCIDENT_READS.get(kind)
        if weight is None or not static_roles:
            return Reads(None, True)
        targets, positions = weight
        if targets is VICTIMS:
            targets = frozenset(self.victims)
        assert isinstance(targets, frozenset) or targets is None
        if targets is None:
            return Reads(None, True)
        # the culprit's trigger counter (the A.I.'s: every counter), and the Intrigue the weight reads
        kinds = None if self.rb.characters[culprit].has_trait("incidents_count_every_counter") else \
            self.raw_kinds(self.rb.incidents[kind].trigger_counter, *(["intrigue"] if targets else []))
        return Reads(targets | {culprit}, positions or bool(self.may_veto), kinds)

    def raw_kinds(self, *kinds: str) -> frozenset[str]:
        """The raw counter kinds a count of `kinds` reads: each kind, and those that count as it (board.count)."""
        out = set(kinds)
        for k in kinds:
            out |= {other for other, _ in self.rb.counts_as.get(k, ())}
        return frozenset(out)

    # ------------------------------------------------------------ the groups of terms
    def _g_dead(self, st: GameState, b: Board, n: Any, alive: Any) -> list[float]:
        out: list[float] = []
        ch = b.chars
        for k in self.kp:
            if B.on_board(b, k) and not ch[k].alive:
                out.append(2000)
        for f in self.friends:
            if B.on_board(b, f) and not ch[f].alive:
                out.append(600)
        return out

    def _g_loss(self, cond: dict[str, Any]) -> Callable[..., list[float]]:
        # the plots' loss conditions at loop end
        def group(st: GameState, b: Board, n: Any, alive: Any) -> list[float]:
            return [loss_progress(self, st, cond)]

        return group

    def _g_killer_beside(self, st: GameState, b: Board, n: Any, alive: Any) -> list[float]:
        # a Killer beside the Key Person (Murder Plan)
        out: list[float] = []
        ch = b.chars
        for k in self.kp:
            if not alive(k):
                continue
            out.append(goal(n(k, "intrigue"), 2, 0.8))
            for kl in self.killers:
                if alive(kl) and ch[kl].location == ch[k].location:
                    out.append(40 + (NOW if n(k, "intrigue") >= 2 else 0))
        return out

    def _g_killers(self, st: GameState, b: Board, n: Any, alive: Any) -> list[float]:
        return [goal(n(kl, "intrigue"), 4, 0.6, NOW / 0.6) for kl in self.killers if alive(kl)]

    def _g_serial(self, st: GameState, b: Board, n: Any, alive: Any) -> list[float]:
        out: list[float] = []
        ch = b.chars
        for s in self.sk_now(st):
            others = [c for c in B.characters_at(b, ch[s].location) if c != s]
            if len(others) == 1:
                o = others[0]
                out.append(NOW if o in self.kp else NOW * 0.6 if o in self.friends else 10)
        return out

    def _g_loved(self, st: GameState, b: Board, n: Any, alive: Any) -> list[float]:
        out: list[float] = []
        for lo in self.loved:
            if alive(lo):
                p, i = n(lo, "paranoia"), n(lo, "intrigue")
                if p >= 3 and i >= 1:
                    out.append(NOW)
                else:
                    out.append(15 * min(i, 1) + 10 * min(p, 3) / 3)
        return out

    def _g_tts(self, st: GameState, b: Board, n: Any, alive: Any) -> list[float]:
        return [60 if st.day >= self.s.days else 25 for t in self.tts if alive(t) and n(t, "goodwill") <= 2]

    def _g_incident(self, idx: int) -> Callable[..., list[float]]:
        # an incident still to come this loop
        inc = self.s.incidents[idx]

        c, kind, day = inc.culprit, inc.incident, inc.day
        card = self.rb.characters[c]
        # What incident_weight and trigger work out from the script alone, worked out once: the
        # plain case (the trigger counter against the card's limit) counts the culprit's counter here.
        no_effect = card.has_trait("incidents_without_effect")
        times = 2 if card.has_trait("incidents_resolve_twice") else 1
        weight_of = INCIDENTS[kind]
        counter = self.rb.incidents[kind].trigger_counter
        plain = not (card.has_trait("incidents_count_every_counter") or self.s.incident_limit_changes
                     or c in self.may_always_trigger or self.may_veto)
        limit = self.limit[c]

        def group(st: GameState, b: Board, n: Any, alive: Any) -> list[float]:
            if day < st.day or idx in st.this_loop.occurred:
                return []
            if not alive(c):
                return []
            w = 0.0 if no_effect else weight_of(self, c, st) * times  # incident_weight
            if not w:
                return []
            soon = 1.0 if day - st.day <= 2 else 0.6
            if plain:
                x, need = n(c, counter), limit
            else:
                x, need = self.trigger(st, kind, c)
            return [soon * goal(x, need, w)]

        return group

    def _g_tof(self, st: GameState, b: Board, n: Any, alive: Any) -> list[float]:
        # Threads of Fate: Goodwill left on a culprit becomes Paranoia at the next loop's start
        out: list[float] = []
        for inc in self.s.incidents:
            c = inc.culprit
            if B.on_board(b, c) and n(c, "goodwill") > 0:
                out.append(40 * self.incident_weight(inc.incident, c, st))
        return out

    def _g_useful_gw(self, st: GameState, b: Board, n: Any, alive: Any) -> list[float]:
        # the Protagonists' useful Goodwill (taken off the score)
        useful = self.useful_gw
        return [-(3 * min(n(c, "goodwill"), 5)) for c, cb in b.chars.items()
                if c in useful and cb.alive and cb.location is not None]  # (cb.in_play written out)

    def _g_extra(self, st: GameState, b: Board, n: Any, alive: Any) -> list[float]:
        return [self.extra_card_value(st)]

    def _g_ninja(self, st: GameState, b: Board, n: Any, alive: Any) -> list[float]:
        return [self.ninja_value(st)]

    def _g_cultist(self, st: GameState, b: Board, n: Any, alive: Any) -> list[float]:
        return [self.cultist_value(st)]

    def cultist_places(self, st: GameState, b: Board) -> set[str]:
        """Where a Forbid Intrigue does not stop the Mastermind: the locations of living Cultists."""
        here: set[str] = set()
        for c in self.may_ignore_forbid:
            if B.in_play(b, c) and has_trait(st, c, IGNORES_FORBID):
                here |= set(B.ability_locations(b, c))
        return here

    def cultist_value(self, st: GameState) -> float:
        """A Cultist (a role that may ignore Forbid Intrigue where it stands) at a place a loss
        condition wants Intrigue on, or beside a victim a Killer or plot wants Intrigue on, while it
        is still short: the Mastermind's Intrigue there gets through the Protagonists' Forbid."""
        b = st.board
        here = self.cultist_places(st, b)
        if not here:
            return 0.0
        v = 0.0
        for where, kind, need in self.intrigue_places:
            for loc in locations_of(st, where, Ctx()):
                if loc in here:
                    v += CULTIST_HERE * max(0, need - B.count(self.rb, b, loc, kind))
        if self.killers or any(word == "role_counter_at_least" and arg[1] == "intrigue" for cond in self.loss_conditions
                               for word, arg in cond.items()):
            for k in self.kp:
                if B.in_play(b, k) and b.chars[k].location in here:
                    v += CULTIST_HERE * 0.5 * max(0, 2 - B.count(self.rb, b, k, "intrigue"))
        return v

    # ------------------------------------------------------------ Midnight Zone's roles and plots
    def more_victims(self, b: Board) -> list[str]:
        """Whose death loses the loop: Key Persons (with a plot that makes every holder of an Extra
        card a Key Person, those too) and Friends; an immortal character cannot die."""
        if not self.extra_victims:
            return self.mortal_victims
        extra = [c for c in b.extra_cards if c not in self.kp]
        return [c for c in self.kp + extra + self.friends if c not in self.immortal]

    def extra_card_value(self, st: GameState) -> float:
        """Extra cards that make Key Persons (Fated Connections): a dead holder, a Serial Killer alone with one."""
        if not self.extra_victims:
            return 0.0
        b = st.board
        v = 0.0
        for c in b.extra_cards:
            if B.on_board(b, c) and not b.chars[c].alive and c not in self.kp:
                v += 2000
        for s in self.sk_now(st):
            others = [c for c in B.characters_at(b, b.chars[s].location) if c != s]
            if len(others) == 1 and others[0] in b.extra_cards and others[0] not in self.kp + self.friends:
                v += NOW
        return v

    def ninja_value(self, st: GameState) -> float:
        """A Ninja kills another character here with 2+ Intrigue at day end."""
        b, rules = st.board, self.rb
        v = 0.0
        victims = self.more_victims(b) if self.ninjas else []
        for nj in self.ninjas:
            if not B.in_play(b, nj):
                continue
            for o in B.characters_at(b, b.chars[nj].location):
                if o != nj and o in victims:
                    i = B.count(rules, b, o, "intrigue")
                    v += NOW if i >= 2 else 20 * i
            for k in victims:
                if B.in_play(b, k):
                    v += goal(B.count(rules, b, k, "intrigue"), 2, 0.4)
        return v

    def trigger(self, st: GameState, kind: str, culprit: str) -> tuple[int, int]:
        """How near an incident is to occurring, (progress, needed), with the engine's rules: the
        incident's trigger counter against the culprit's limit as plot rules change it; a role that
        always triggers is ready; a role that vetoes incidents beside it calls it off."""
        b = st.board
        if self.rb.characters[culprit].has_trait("incidents_count_every_counter"):
            x = B.total_counters(b, culprit)  # the A.I.
        else:
            x = B.count(self.rb, b, culprit, self.rb.incidents[kind].trigger_counter)
        need = incident_limit(st, culprit) if self.s.incident_limit_changes else self.limit[culprit]
        if culprit in self.may_always_trigger and has_trait(st, culprit, ALWAYS_TRIGGERS):
            x = need
        if self.may_veto:
            loc = b.chars[culprit].location
            near = any(c != culprit and B.in_play(b, c) and loc in B.ability_locations(b, c) for c in self.may_veto)
            if near and incident_vetoed(st, culprit):
                return 0, max(need, 1)
        return x, need

    def incident_weight(self, kind: str, culprit: str, st: GameState) -> float:
        card = self.rb.characters[culprit]
        if card.has_trait("incidents_without_effect"):
            return 0.0  # the Black Cat's incidents do nothing
        return INCIDENTS[kind](self, culprit, st) * (2 if card.has_trait("incidents_resolve_twice") else 1)


# ================================================================ loss conditions
def _locations_progress(th: Threat, st: GameState, arg: Any) -> float:
    where, kind, need = arg
    return sum(goal(B.count(th.rb, st.board, l, kind), need, 2, READY / 2) for l in locations_of(st, where, Ctx()))


def _role_counter_progress(th: Threat, st: GameState, arg: Any) -> float:
    role, kind, need = arg
    return sum(goal(B.count(th.rb, st.board, c, kind), need, 2, READY / 2) for c in holders_of_role(st, role))


def _incident_progress(th: Threat, st: GameState, arg: Any) -> float:
    v = 0.0
    for idx, inc in enumerate(th.s.incidents):
        if inc.incident != arg:
            continue
        if idx in st.this_loop.occurred:
            v += 400
        elif inc.day >= st.day and B.in_play(st.board, inc.culprit):
            v += goal(B.count(th.rb, st.board, inc.culprit, th.rb.incidents[inc.incident].trigger_counter), th.limit[inc.culprit], 1.5)
    return v


def _living_progress(th: Threat, st: GameState, arg: Any) -> float:
    living = sum(1 for c in st.board.chars.values() if c.in_play)
    return READY if living <= arg else 120 / (living - arg)


def _revealed_progress(th: Threat, st: GameState, arg: Any) -> float:
    return READY if any(th.roles.get(c) in arg for c in st.this_loop.revealed) else 0.0


# How far a plot's loss condition is from being met, per condition word of the rules vocabulary.
LOSS_PROGRESS: dict[str, Callable[[Threat, GameState, Any], float]] = {
    "location_counter_at_least": _locations_progress,
    "role_counter_at_least": _role_counter_progress,
    "incident_occurred_this_loop": _incident_progress,
    "living_characters_at_most": _living_progress,
    "role_revealed_this_loop": _revealed_progress,
    # Either of several conditions (Last Liar's The Demon's Script: Last Will or The Executor occurred).
    "any": lambda th, st, arg: max((loss_progress(th, st, c) for c in arg), default=0.0),
}


def loss_progress(th: Threat, st: GameState, cond: dict[str, Any]) -> float:
    (word, arg), = cond.items()
    return LOSS_PROGRESS[word](th, st, arg)


# ================================================================ incidents
def _murder_like(victims: Callable[[Threat, Board], list[str]]) -> Callable[[Threat, str, GameState], float]:
    """An incident that kills someone beside its culprit."""

    def weight(th: Threat, culprit: str, st: GameState) -> float:
        b = st.board
        near = [c for c in B.characters_at(b, b.chars[culprit].location) if c != culprit]
        return 0.5 + (0.8 if any(c in victims(th, b) for c in near) else 0)

    return weight


def _hospital(th: Threat, culprit: str, st: GameState) -> float:
    b = st.board
    i = B.count(th.rb, b, "hospital", "intrigue")
    inside = B.characters_at(b, "hospital")
    return 0.3 + (0.6 if i >= 1 and any(c in th.victims for c in inside) else 0) + (0.8 if i >= 2 else 0)


def _faraway(th: Threat, culprit: str, st: GameState) -> float:
    b = st.board
    return 0.3 + (0.6 if any(B.in_play(b, c) and B.count(th.rb, b, c, "intrigue") >= 2 for c in th.victims) else 0)


def _uproar(th: Threat, culprit: str, st: GameState) -> float:
    b = st.board
    v = 0.2
    for place in ("school", "city"):
        if any(c in th.more_victims(b) for c in B.characters_at(b, place)):
            v += 0.9 if B.count(th.rb, b, place, "intrigue") >= 1 else 0.3
    return v


def _fake_incident(th: Threat, culprit: str, st: GameState) -> float:
    start = th.start_of(st.board, culprit)
    i = B.count(th.rb, st.board, start, "intrigue") if start else 0
    return 0.3 + (1.5 if i >= 2 else 0.4 * i)


def _places_on_a_loss_location(kind: str) -> Callable[[Threat, str, GameState], float]:
    """An incident that puts counters on a named location (Foul Evil): worth much when a loss condition counts them there."""

    def weight(th: Threat, culprit: str, st: GameState) -> float:
        steps = th.rb.incidents[kind].steps
        fixed = {s.target["location"] for s in steps if s.target and "location" in s.target}
        return 1.0 if fixed & th.loss_locations else 0.2

    return weight


def _reveal_dooms(th: Threat, culprit: str, st: GameState) -> bool:
    """Does revealing the culprit's role trigger a rule of its role (Last Liar's Secretkeeper, early in the game)?"""
    role = th.roles.get(culprit)
    return role is not None and st.loop <= 2 and any(ab.timing == "on_role_revealed" for ab in th.rb.roles[role].abilities)


def _constant(w: float) -> Callable[[Threat, str, GameState], float]:
    return lambda th, culprit, st: w


# What each incident kind is worth to the Mastermind when its culprit is ready.
INCIDENTS: dict[str, Callable[[Threat, str, GameState], float]] = {
    "murder": _murder_like(lambda th, b: th.victims),
    "suicide": lambda th, culprit, st: 1.2 if culprit in th.victims else 0.1,
    "hospital_incident": _hospital,
    "faraway_murder": _faraway,
    "foul_evil": _places_on_a_loss_location("foul_evil"),
    "butterfly_effect": _constant(0.2),  # a plot's loss condition when it occurs: scored with the plots
    "missing_person": _constant(0.35),
    "increasing_unease": _constant(0.35),
    "spreading": _constant(0.2),
    "serial_murder": _murder_like(lambda th, b: th.more_victims(b)),
    "conspiracies": _murder_like(lambda th, b: th.more_victims(b)),
    "uproar": _uproar,
    "fake_incident": _fake_incident,
    # it reveals the culprit's role: a loss when a plot needs that role hidden (Secret Record)
    "confession": lambda th, culprit, st: 1.5 if th.roles.get(culprit) in th.hidden_roles or _reveal_dooms(th, culprit, st) else 0.0,
    "breakthrough": _constant(0.0),  # the Leader removes Intrigue: nothing the Mastermind wants
    # Rei (seed 000): the Leader's Hope takes refusal away and Intrigue off; a Despair adds Paranoia and Intrigue anywhere.
    "light_of_hope": _constant(0.0),
    "murk_of_despair": _constant(0.35),
    "faked_suicide": lambda th, culprit, st: 0.6 if th.extra_victims else 0.3,
    # Last Liar: The Executor's victim is a Protagonist's choice (little the Mastermind wants, unless
    # a plot's loss condition counts it: scored with the plots); Distortion is scored as Fake Incident.
    "the_executor": _constant(0.3),
    "last_will": lambda th, culprit, st: 1.2 if culprit in th.victims else 0.1,  # its culprit dies, as in Suicide
    "distortion": _fake_incident,
}


# What each incident kind's weight (INCIDENTS) reads that a card can change, besides its culprit's
# counters (its trigger): the counters of which targets (None: anyone's; VICTIMS: the victims') and
# whether where characters stand. A kind not listed is made anew at every change.
VICTIMS = frozenset({"<victims>"})
_NOTHING: tuple[frozenset[str] | None, bool] = (frozenset(), False)
INCIDENT_READS: dict[str, tuple[frozenset[str] | None, bool]] = {
    "murder": (frozenset(), True), "serial_murder": (frozenset(), True), "conspiracies": (frozenset(), True),
    "suicide": _NOTHING, "hospital_incident": (frozenset({"hospital"}), True), "faraway_murder": (VICTIMS, False),
    "foul_evil": _NOTHING, "butterfly_effect": _NOTHING, "missing_person": _NOTHING, "increasing_unease": _NOTHING,
    "spreading": _NOTHING, "uproar": (frozenset({"school", "city"}), True), "fake_incident": (None, True),
    "confession": _NOTHING, "breakthrough": _NOTHING, "light_of_hope": _NOTHING, "murk_of_despair": _NOTHING,
    "faked_suicide": _NOTHING, "the_executor": _NOTHING, "last_will": _NOTHING, "distortion": (None, True),
}


# ================================================================ what the score refuses
def check_modelled(script: Script) -> None:
    """UnmodelledRule for the first counter, role, trait, Goodwill ability, plot rule or incident of
    the script the score does not model."""
    rb = script.rules
    for kind, counter in rb.counters.items():
        if kind not in COUNTERS and not (counter.counts_as and set(counter.counts_as) <= COUNTERS):
            raise refuse(WHO, T("unmodelled.what.counter", counter=q(kind)), T("unmodelled.why.threat_counter"))
    for ch, role in script.cast.items():
        check_role(rb, role, T("unmodelled.what.role_of", character=ch))
        for t in rb.characters[ch].traits:
            if t.name not in CHARACTER_TRAITS:
                raise refuse(WHO, T("unmodelled.what.character_trait", trait=q(t.name), character=q(ch)), T("unmodelled.why.threat_no_model"))
        for gw in rb.characters[ch].goodwill:
            gw_kind(gw)
    for plot, i, rule in script.plot_rules:
        check_plot_rule(rb, plot, i, rule)
    for inc in script.incidents:
        check_incident(inc.incident)


def check_plot_rule(rb: RuleBook, plot: str, i: int, rule: Ability) -> None:
    where = T("unmodelled.what.plot_rule", rule=i, plot=q(plot))
    if rule.loss_if is not None:
        _check_loss_condition(rule.loss_if, where)
    if rule.role_change is not None:
        _check_role_change(rb, rule.role_change, where)
    if rule.call is not None and rule.call not in PLOT_CALLS and not rule.optional:
        raise refuse(WHO, T("unmodelled.what.coded", what=where), T("unmodelled.why.call", call=q(rule.call)))


def check_incident(kind: str) -> None:
    if kind not in INCIDENTS:
        raise refuse(WHO, T("unmodelled.what.incident", incident=q(kind)), T("unmodelled.why.threat_incident"))


def check_role(rb: RuleBook, role: str, what: Text | None = None) -> None:
    if role not in ROLES:
        it = T("unmodelled.what.role", role=q(role))
        raise refuse(WHO, T("unmodelled.what.part_in", what=it, where=what) if what else it, T("unmodelled.why.threat_no_model"))
    for t in rb.roles[role].traits:
        if t.name not in TRAITS:
            raise refuse(WHO, T("unmodelled.what.role_trait", trait=q(t.name), role=q(role)))
    for g in rb.roles[role].gains:
        check_role(rb, g.role, T("unmodelled.what.gained_by", role=q(role)))


def _check_loss_condition(cond: Any, where: Text) -> None:
    word = next(iter(cond)) if isinstance(cond, dict) and len(cond) == 1 else cond
    if word == "any":
        for part in cond["any"]:
            _check_loss_condition(part, where)
        return
    if word not in LOSS_PROGRESS:
        raise refuse(WHO, T("unmodelled.what.part_in", what=T("unmodelled.what.loss_condition", condition=q(word)), where=where),
                     T("unmodelled.why.no_progress_score"))


def _check_role_change(rb: RuleBook, change: dict[str, Any], where: Text) -> None:
    to = change["to"]
    if to == "serial_killer" and "from" in change:
        return  # more Serial Killers (Paranoia Virus): scored with the Serial Killers
    if rb.roles[to].has_trait("loss_on_death") and change.get("if") == {"has_extra_card": True}:
        return  # Extra cards make Key Persons (Fated Connections)
    raise refuse(WHO, T("unmodelled.what.role_change", where=where), T("unmodelled.why.role_change", role=q(to), condition=q(change.get("if"))))


def threat_for(script: Script | dict[str, Any]) -> Threat:
    if isinstance(script, dict):
        from ..script import script_from_dict

        script = script_from_dict(script)
    return Threat(script)

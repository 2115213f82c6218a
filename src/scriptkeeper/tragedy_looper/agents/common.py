"""What the agents share: the board a view shows, a game built from a view, the fast paths of
simulations, the single-card what-if, the Goodwill abilities they know, and the Mastermind's mind.

An agent never receives the engine's state. It rebuilds the public board from its view with the
engine's own event reference (`events.replay` on `Board.empty`), so it counts, places and moves
with the board's rules (board.py) and nothing of its own. A simulation works on a GameState the
agent built from what its seat knows (the Mastermind: the whole script; the Protagonists: a world
drawn from the deduction), so reading that state is reading the agent's own hypothesis. Every
rule it simulates is the engine's: the steps run on the kernel's fast path (`flow.answer_index`)
with the log switched off (`record_events = False`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping

from ...core import flow
from ...core.errors import ScriptkeeperError
from ...core.text import T, from_json
from .. import board as B
from ..board import Board
from ..cards import acts
from ..effects import spec_for
from ..engine import new_game
from ..events import replay
from ..refs import GOODWILL, INCIDENT, PLOT, PROTAGONIST_SEATS, ROLE, AbilityRef
from ..rules import GoodwillAbility, RuleBook, load_rulebook
from ..script import Script, script_from_dict
from ..state import DayFacts, GameState, LoopFacts, LoopResult, PreviousLoop
from ..texts import rules_text_of_goodwill_ability
from ..unmodelled import AGENTS, q, refuse

WHO = AGENTS  # "the Tragedy Looper agents", in the reader's words
# Tragedy Sets the agents refuse as a whole, before any decision: what each one has that they do
# not model (the deduction they reason with refuses them too).
UNMODELLED_SETS: dict[str, str] = {
    "another_horizon": "its Extra Gauge and secret Warps, the Light and Dark Worlds, Change of Heart, Dual Roles and Puppeted Goodwill Refusal",
}


def refuse_unmodelled_set(view: dict[str, Any]) -> None:
    """UnmodelledRule at once for a game of a set the agents do not play (Another Horizon)."""
    if str(view.get("set")) in UNMODELLED_SETS:
        raise refuse(WHO, T("unmodelled.what.set", set=q(view.get("set"))), T(f"agents.unmodelled.{view.get('set')}"))


def rules_of(view: Mapping[str, Any]) -> RuleBook:
    """The rule book of the view's Tragedy Set (`view["set"]` is the set id)."""
    return load_rulebook(view["set"])


# ================================================================ the board a view shows
@dataclass
class ViewFacts:
    """What a seat's events say, read once: the board now, the events of the current loop, and
    the facts of the end of the previous loop (as the engine's PreviousLoop)."""

    board: Board
    loop_events: list[dict[str, Any]] = field(default_factory=list)
    previous_loop: PreviousLoop = field(default_factory=PreviousLoop)


def timed_events(view: Mapping[str, Any]) -> Iterator[tuple[int, int, dict[str, Any]]]:
    """Each of the view's events with the loop and day it happened in (day 0: before the loop's first
    day), read off its `loop_start` and `day_start` events."""
    loop = day = 0
    for e in view["events"]:
        t = e["type"]
        if t == "loop_start":
            loop, day = e["data"]["loop"], 0
        elif t == "day_start":
            day = e["data"]["day"]
        yield loop, day, e


def read_view(view: Mapping[str, Any]) -> ViewFacts:
    """Replay the view's events onto an empty board (events.replay: the engine's Board methods)."""
    rules = rules_of(view)
    board = Board.empty(rules, [c["id"] for c in view["characters"]])
    events = view["events"]
    start = 0
    previous = PreviousLoop()
    for k, e in enumerate(events):
        data = e.get("data") or {}
        if e["type"] == "loop_start":
            start = k
            if data.get("loop", 1) > 1:
                previous = _previous_loop(rules, board, data["loop"] - 1)
        replay(rules, board, e["type"], data, who=WHO)
    return ViewFacts(board, list(events[start:]), previous)


def _previous_loop(rules: RuleBook, board: Board, loop: int) -> PreviousLoop:
    """The facts the engine keeps of a loop's end (engine `loop.judge`), read off the board at that moment."""
    chars = board.chars
    return PreviousLoop(loop, tuple((ch, B.count(rules, board, ch, "goodwill")) for ch, c in chars.items() if c.location),
                        tuple(ch for ch, c in chars.items() if not c.alive))


def board_from_view(view: Mapping[str, Any]) -> Board:
    """The public board of a view, as the engine's Board (the one function every agent uses)."""
    return read_view(view).board


def turf_of(view: Mapping[str, Any]) -> dict[str, str]:
    """The turfs the script fixes for the game (the Boss's), as the view's characters show them
    (a view cut back to a loop's start, beliefs.view_at_loop_start, keeps them)."""
    return {c["id"]: c["turf"] for c in view["characters"] if "turf" in c}


def board_key(board: Board) -> tuple[Any, ...]:
    """A hashable summary of a board (positions, life, counters), for caches."""
    return (tuple((ch, c.location, c.alive, tuple(sorted(c.counters.items()))) for ch, c in sorted(board.chars.items())),
            tuple((l, tuple(sorted(v.items()))) for l, v in sorted(board.locations.items())))


# ================================================================ a game built from a view
def state_from_view(view: Mapping[str, Any], script: Script, facts: ViewFacts | None = None) -> GameState:
    """A GameState of `script` (the true one, or a world) holding what the view shows: the board,
    loop and day, revealed facts, loop results and this loop's facts. No cards in hand and no
    steps to run: callers add what their simulation needs (worlds.build, the card sandbox)."""
    facts = facts or read_view(view)
    rules = script.rules
    board = facts.board.copy()
    for ch in script.cast:  # characters off the board (a Godly Being still to enter) are in every state
        board.ensure(rules, ch)
    board.chars = {ch: board.chars[ch] for ch in [*script.cast, *[c for c in board.chars if c not in script.cast]]}
    st = GameState(script=script, players=view["players"], seed=0, record_events=False)
    st.board = board
    st.loop, st.day, st.phase = view["loop"], view["day"], view["phase"]
    day_start = [e for e in facts.loop_events if e["type"] == "day_start"]
    st.leader = int(day_start[-1]["data"]["leader"]) if day_start else 0
    st.revealed_roles = {c["id"]: c["revealed_role"] for c in view["characters"] if "revealed_role" in c}
    st.revealed_culprits = {i: s["culprit"] for i, s in enumerate(view["schedule"]) if "culprit" in s}
    st.revealed_subplots = list(view.get("revealed_subplots", []))
    st.loop_results = [LoopResult(r["loop"], r["lost"]) for r in view["loop_results"]]
    st.previous_loop = facts.previous_loop
    st.this_loop, st.today = loop_facts(st, view, facts.loop_events)
    st.dealt_extra_cards = imagined_deal(view, rules)
    return st


def imagined_deal(view: Mapping[str, Any], rules: RuleBook) -> dict[str, str]:
    """Last Liar: a deal of the Extra cards for a game built from a view. The cards the view shows
    (a Protagonist's own) are kept; the others, which the seat cannot see, are imagined in the
    set's order on the other hands (a world's guess, as its script is). The engine asks the holder
    of a Traitor's card at the Final Guess (traitors.holder), so a simulation that reaches it needs
    one. Empty outside a set with Extra cards."""
    letters = list(rules.set.extra_cards or ())
    if not letters or view.get("players") != 4:
        return {}
    shown = {h: l for h, l in (view.get("extra_cards") or {}).items() if h in PROTAGONIST_SEATS}
    rest = [l for l in letters if l not in shown.values()]
    return {h: shown[h] if h in shown else rest.pop(0) for h in PROTAGONIST_SEATS}


def loop_facts(st: GameState, view: Mapping[str, Any], loop_events: list[dict[str, Any]]) -> tuple[LoopFacts, DayFacts]:
    """This loop's and today's facts (the engine's LoopFacts and DayFacts) from the loop's events."""
    facts = LoopFacts(occurred=[i for i, s in enumerate(view["schedule"]) if s.get("occurred_this_loop")])
    today = DayFacts()
    day_start = max((k for k, e in enumerate(loop_events) if e["type"] == "day_start"), default=len(loop_events))
    for k, e in enumerate(loop_events):
        t, d = e["type"], e.get("data") or {}
        if t == "goodwill_borrowed":  # through the Little Sister: spends a once-per-loop use, not the day's
            ref = AbilityRef.parse(d["key"])
            if getattr(spec_for(st, ref), "once_per_loop", False):
                facts.used.add(ref)
        elif t in ("goodwill_declared", "mm_ability"):
            # The event names the ability by its key: read it back with the one parser of keys.
            ref = AbilityRef.parse(d["key"])
            refused = k + 1 < len(loop_events) and loop_events[k + 1]["type"] == "goodwill_refused"
            spec = spec_for(st, ref)
            if getattr(spec, "once_per_loop", False) and not refused:
                facts.used.add(ref)
                if getattr(spec, "shared_by_role", False):
                    facts.used.add(ref.shared)
            if k > day_start:
                today.used.add(ref)
            if t == "goodwill_declared":
                facts.goodwill_declared.append(d["character"])
        elif t == "death":
            facts.died.append(d["character"])
        elif t == "reveal_role":
            facts.revealed.append(d["character"])
        elif t == "loss_reason":  # the Mastermind's view only
            facts.lost = True
            facts.loss_reasons.append(from_json(d["reason"]))
    return facts, today


# ================================================================ simulations
def sandbox_copy(state: GameState) -> GameState:
    """A copy to simulate from: no log, no decision history (simulations never read them)."""
    new = state.clone()
    new.events = []
    new.history = []
    new.record_events = False
    return new


def play_option(state: GameState, value: Any) -> None:
    """Answer the pending decision with `value`, one of its options (the kernel's unchecked fast path)."""
    dec = state.pending
    assert dec is not None, "the simulated game is over"
    i = dec.index_of(value)
    if i < 0:
        raise ValueError(f"{value!r} is not an option of {dec.kind!r}")
    flow.answer_index(state, i)


def apply_card(rules: RuleBook, board: Board, card: str, target: str) -> bool:
    """What one card alone does to a board (a what-if): its counters, or its move on the grid, with
    the board's rules (cards.acts, Board.add/take, board.destination, board.forbidden_locations).
    False when it changes nothing (a forbid card alone, a bluff, a blocked move)."""
    if not acts(rules, card, target):
        return False
    c = rules.cards[card]
    if c.kind == "counter" and c.counter:
        if c.amount > 0:
            board.add(target, c.counter, c.amount)
            return True
        return board.take(target, c.counter, -c.amount) > 0
    if c.kind == "movement" and c.vector and B.in_play(board, target):
        here = board.chars[target].location
        assert here is not None
        dest = B.destination(rules, here, (c.vector[0], c.vector[1]))
        if dest not in B.forbidden_locations(rules, board, target):
            board.set_location(target, dest)
            return dest != here
    return False


def ability_of(info: Mapping[str, Any]) -> AbilityRef:
    """The ability an option names, from its `option_info["ability"]` (AbilityRef.to_json's form)."""
    kind, index = info["kind"], int(info["index"])
    if kind in (GOODWILL, ROLE):
        return AbilityRef(kind, info["character"], index, info.get("role"))
    if kind == PLOT:
        return AbilityRef(PLOT, info["plot"], index)
    if kind == INCIDENT:
        return AbilityRef(INCIDENT, str(info["incident"]), index)
    return AbilityRef(kind, info["of"], index)


def option_ability(decision: Any, i: int) -> AbilityRef | None:
    """The ability option `i` of an ability menu names (None for "done")."""
    info = decision.option_info[i]
    return ability_of(info["ability"]) if info and "ability" in info else None


# ================================================================ Goodwill abilities the agents know
# What each kind of Goodwill ability is worth to the Protagonists (information, protection).
GW_WORTH = {"reveal_self": 9, "reveal_role": 9, "reveal_culprit": 8, "informer": 6, "remove_paranoia": 6,
            "remove_intrigue": 6, "place_guard": 4, "stand_down": 4, "place_goodwill": 2, "return_card": 3,
            "doctor_paranoia": 5, "revive": 4, "kill": 0, "place_paranoia": 0, "place_intrigue": 0, "free_patient": 1,
            # the further characters (issue 15); an incident's effect (A.I.) is never worth it to the rule-based Protagonists
            "convert": 5, "shield_protagonists": 4, "move_counter": 2, "ai_incident": 1, "clear_self": 1, "move_adjacent": 1,
            "name_sharers": 6, "borrow": 1, "move_anywhere": 1, "leave_board": 0, "tree_move": 1,
            # Rei's characters (issue 16): a role revealed with Goodwill; the Servant's Loyalty; Hope or Despair
            "reveal_and_goodwill": 9, "loyalty": 1, "hope_or_despair": 5}
# The coded Goodwill abilities the agents know, by the id of their coded rule.
GW_CALLS = {"informer.reveal_subplot": "informer", "class_rep.return_card": "return_card",
            "doctor.free_patient": "free_patient", "henchman.stand_down": "stand_down",
            "soldier.shield": "shield_protagonists", "forensic_specialist.move_counter": "move_counter",
            "ai.resolve_incident": "ai_incident", "scientist.clear": "clear_self",
            "young_girl.free": "free_patient", "copycat.name_sharers": "name_sharers", "little_sister.borrow": "borrow",
            "illusion.leave": "leave_board", "sacred_tree.move_counter": "tree_move",
            "part_timer_q.reveal_and_goodwill": "reveal_and_goodwill", "servant.loyalty": "loyalty"}


def gw_kind(gw: GoodwillAbility) -> str:
    """What a Goodwill ability does, as one of the kinds the agents know (GW_WORTH); UnmodelledRule otherwise."""
    kind = _gw_kind(gw)
    if kind not in GW_WORTH:
        words = rules_text_of_goodwill_ability(gw) or q(gw.text)  # its rules text, in the reader's language
        raise refuse(WHO, T("unmodelled.what.goodwill_text", text=words), T("unmodelled.why.goodwill_kind", kind=q(kind)))
    return kind


def _gw_kind(gw: GoodwillAbility) -> str:
    if gw.call:
        return GW_CALLS.get(gw.call, f"call {gw.call}")
    e = gw.effect
    if isinstance(e, str):
        if e == "reveal_role":
            return "reveal_self" if gw.target and gw.target.get("choose") == "self" else "reveal_role"
        return e
    if isinstance(e, dict) and len(e) == 1:
        (k, v), = e.items()
        if k == "one_of":
            counters = {(next(iter(x)), next(iter(x.values()))["counter"]) for x in v}
            if counters == {("place", "hope"), ("place", "despair")}:
                return "hope_or_despair"  # the Metaworld Denizen
            return "doctor_paranoia" if counters == {("place", "paranoia"), ("remove", "paranoia")} else "one_of"
        if k in ("place", "remove"):
            return f"{k}_{v['counter']}"
        return k
    return repr(e)


def helps_protagonists(rules: RuleBook, ch: str) -> bool:
    """Is Goodwill on this character worth fighting: its first Goodwill ability informs or protects?"""
    abilities = rules.characters[ch].goodwill
    return bool(abilities) and GW_WORTH[gw_kind(abilities[0])] > 0


# ================================================================ the Mastermind's mind
class Mind:
    """The whole game as the Mastermind knows it, rebuilt from its view (script + decision history)."""

    def __init__(self) -> None:
        self.state: GameState | None = None
        self.script: Script | None = None
        self.broken = False
        self.key: tuple[Any, ...] | None = None

    def sync(self, view: Mapping[str, Any]) -> GameState | None:
        if self.broken or "script" not in view or "history" not in view:
            return None
        hist = view["history"]
        key = (repr(view["script"]), view["players"])
        try:
            if self.state is None or self.key != key or len(self.state.history) > len(hist):
                self.script = script_from_dict(view["script"])
                self.state = new_game(self.script, 0, view["players"])
                self.key = key
            st = self.state
            for h in hist[len(st.history):]:
                flow.apply_in_place(st, h["answer"], seat=h["seat"])
        except (ScriptkeeperError, ValueError, KeyError):
            self.broken = True  # a game started from a situation: the history alone does not rebuild it
            self.state = None
            return None
        d = view.get("decision")
        if d is not None and (st.pending is None or st.pending.kind != d["kind"] or len(st.pending.options) != len(d["options"])):
            self.broken = True
            self.state = None
            return None
        return st


def script_roles(view: Mapping[str, Any]) -> dict[str, str]:
    """The Mastermind's view of the cast: character -> role."""
    cast = view["script"]["cast"]
    return {c: (v if isinstance(v, str) else v["role"]) for c, v in cast.items()}


__all__ = ["WHO", "Mind", "ViewFacts", "ability_of", "apply_card", "board_from_view", "board_key", "gw_kind", "helps_protagonists",
           "loop_facts", "option_ability", "play_option", "read_view", "rules_of", "turf_of", "sandbox_copy", "script_roles", "state_from_view"]

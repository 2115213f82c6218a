"""The full state of one Tragedy Looper game: everything, secrets included.

Only the engine and the Mastermind's view read it whole; every other seat gets a view built from
it (views.py). Each field has a declared lifetime: the game (revealed facts, loop results,
tokens on the board), one loop (`this_loop`, and the board's loop-long parts, reset at every loop
start) or one day (`today`, reset every morning). The state is plain data, so it is copied
cheaply (`clone` shares what a step never changes: the script, the frozen events and frames,
the pending decision; and the board's entries until one side changes them, Board.copy) and
compared by its canonical form (game.py). tests/properties/test_clone.py plays on clones and
checks that their originals never change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..core.flow import FlowState, Steps
from ..core.text import Text
from .board import Board, CharacterState, characters_at, corpses_at, in_play
from .refs import MASTERMIND, OBSERVER, PROTAGONIST_SEATS, SEATS, AbilityRef
from .rules import RuleBook
from .script import Script

STEPS = Steps("tragedy_looper")

__all__ = ["GameState", "STEPS", "MASTERMIND", "OBSERVER", "PROTAGONIST_SEATS", "SEATS", "CharacterState"]


@dataclass(slots=True)
class PlacedCard:
    by: str  # hand id: mastermind or protagonist1..3
    card: str
    target: str
    revealed: bool = False
    cancelled: bool = False
    # A card on a location that also acts on a character there during resolution (the Illusion): it
    # never goes back to a hand, and lasts only until the cards are returned.
    copied: bool = False
    # Rei's Hope +1: played with another the same day it acts as this card (Goodwill +1) instead.
    acts_as: str | None = None
    # Rei's Hope +1: it had its effect and left every hand; it does not go back to one.
    spent: bool = False

    def copy(self) -> "PlacedCard":
        return PlacedCard(self.by, self.card, self.target, self.revealed, self.cancelled, self.copied, self.acts_as, self.spent)


@dataclass(slots=True)
class Hands:
    """The cards: in each hand, placed on the board today, and set aside (used once-per-loop cards)."""

    held: dict[str, list[str]] = field(default_factory=dict)  # hand id -> card ids in hand (with repeats)
    set_aside: dict[str, list[str]] = field(default_factory=dict)  # hand id -> used once-per-loop cards, until the loop ends
    placed: list[PlacedCard] = field(default_factory=list)

    def copy(self) -> "Hands":
        return Hands({k: list(v) for k, v in self.held.items()}, {k: list(v) for k, v in self.set_aside.items()},
                     [p.copy() for p in self.placed])


@dataclass(slots=True)
class LoopFacts:
    """What lasts one loop and is forgotten at the next loop start."""

    occurred: list[int] = field(default_factory=list)  # incidents (schedule index) that occurred
    used: set[AbilityRef] = field(default_factory=set)  # once-per-loop abilities used (and role-shared marks)
    died: list[str] = field(default_factory=list)
    revealed: list[str] = field(default_factory=list)  # characters whose role was revealed
    goodwill_declared: list[str] = field(default_factory=list)  # characters whose Goodwill ability was declared
    extra_card_sources: dict[str, Text] = field(default_factory=dict)  # secret: what put each Extra card
    lost: bool = False
    loss_reasons: list[Text] = field(default_factory=list)
    ended_early: bool = False
    occurred_unscheduled: list[str] = field(default_factory=list)  # incident ids a situation says occurred off the schedule
    # Last Liar's Secretkeeper: the day the Mastermind may play only one card, and the day at whose
    # end the Protagonists die (0: none).
    one_card_day: int = 0
    doom_day: int = 0

    def copy(self) -> "LoopFacts":
        return LoopFacts(list(self.occurred), set(self.used), list(self.died), list(self.revealed),
                         list(self.goodwill_declared), dict(self.extra_card_sources), self.lost, list(self.loss_reasons),
                         self.ended_early, list(self.occurred_unscheduled), self.one_card_day, self.doom_day)


@dataclass(slots=True)
class DayFacts:
    """What lasts one day."""

    used: set[AbilityRef] = field(default_factory=set)  # abilities used or declared today (refused or not)
    # Another Horizon: the Warps triggered today (secret: only the Mastermind knows until the day
    # ends and the gauge rises by 1), and the characters the Goodwill ability being resolved chose
    # (the Lullaby kills its target once it has resolved).
    warps: int = 0
    warp_raised: bool = False  # the gauge rose for today's Warps
    goodwill_targets: tuple[str, ...] = ()

    def copy(self) -> "DayFacts":
        return DayFacts(set(self.used), self.warps, self.warp_raised, self.goodwill_targets)


@dataclass(frozen=True, slots=True)
class LoopResult:
    loop: int
    lost: bool
    reasons: tuple[Text, ...] = ()


@dataclass(frozen=True, slots=True)
class PreviousLoop:
    """Facts about the end of the last loop that rules of the next one read."""

    loop: int = 0
    goodwill: tuple[tuple[str, int], ...] = ()  # Goodwill on each character on the board at its end
    dead: tuple[str, ...] = ()  # characters that died during it (revived or not), in cast order
    revived: tuple[str, ...] = ()  # characters that died during it but were alive at its end (Rei's Fragment)
    occurred: tuple[int, ...] = ()  # incidents (schedule index) that occurred during it and act at the next loop's start (Last Will)
    gauges: tuple[tuple[str, int], ...] = ()  # the set's gauges at its end (Another Horizon's Storyteller)

    @property
    def corpses(self) -> tuple[str, ...]:
        """The characters dead at its end."""
        return tuple(ch for ch in self.dead if ch not in self.revived)

    def goodwill_of(self, ch: str) -> int:
        return dict(self.goodwill).get(ch, 0)

    def gauge(self, gauge: str) -> int:
        return dict(self.gauges).get(gauge, 0)


@dataclass(frozen=True, slots=True)
class Result:
    """How the game ended: the winning side, why, and how many loops were played."""

    winner: str  # "protagonists", "mastermind", or a Traitor winning alone: "traitor_a".. (Last Liar)
    reason: Text
    loops_played: int
    traitors: tuple[str, ...] = ()  # Last Liar: the letters of the Extra cards whose holders were Traitors at the end


@dataclass
class GameState(FlowState):
    STEPS: ClassVar[Steps] = STEPS

    script: Script = None  # type: ignore[assignment]
    players: int = 4
    loop: int = 0
    day: int = 0
    leader: int = 0  # index of the Leader's hand, 0..2 (Protagonist 1..3)
    phase: str = "setup"
    board: Board = field(default_factory=Board)
    hands: Hands = field(default_factory=Hands)
    this_loop: LoopFacts = field(default_factory=LoopFacts)
    today: DayFacts = field(default_factory=DayFacts)
    revealed_roles: dict[str, str] = field(default_factory=dict)
    revealed_culprits: dict[int, str] = field(default_factory=dict)
    revealed_subplots: list[str] = field(default_factory=list)
    previous_loop: PreviousLoop = field(default_factory=PreviousLoop)
    loop_results: list[LoopResult] = field(default_factory=list)
    final_guess: dict[str, str] = field(default_factory=dict)
    # Last Liar: the Extra card (a letter) each Protagonist hand was dealt before the first loop,
    # and Protagonist C's guess of each incident's culprit (schedule index -> character).
    dealt_extra_cards: dict[str, str] = field(default_factory=dict)
    culprit_guess: dict[int, str] = field(default_factory=dict)
    # Another Horizon: every occurrence this game (any loop, any world) of an incident the game
    # remembers (`remembered`: The Singularity's "the first time this game"), by schedule index.
    remembered: list[int] = field(default_factory=list)
    result: Result | None = None
    end_loop_now: bool = False  # a loss that ends the loop at once was met during the current step
    # What each seat has seen of the events so far (views.py keeps it; never part of the game).
    view_cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    # ------------------------------------------------------------ kernel hooks
    def is_over(self) -> bool:
        return self.result is not None

    def after_step(self) -> None:
        watch = self.script.__dict__.get("_watch_traitors")  # watch_traitors, once made (run after every step)
        if watch is None:
            watch = self.watch_traitors
        if watch:
            # Last Liar: a Traitor's condition is checked all through its phase, before a loss that
            # ends the loop is carried out (seed 000, Last Liar FAQ Q1).
            from .traitors import check_traitor_conditions, watches

            if watches(self):
                check_traitor_conditions(self)
                if self.result is not None:
                    return
        if self.end_loop_now:
            # A loss that ends the loop at once (Key Person death, Protagonists die): drop the rest
            # of the loop and go straight to loop end (seed 002, 6-3).
            from ..core.flow import unwind

            if unwind(self, "loop.end"):
                self.this_loop.ended_early = True
            self.end_loop_now = False

    def clone(self) -> "GameState":
        """A copy to change independently: the mutable parts copied one level down (the board's
        entries are shared until either side changes one: Board.copy), the rest shared: the script,
        the frozen events, frames, results and the pending decision."""
        new = GameState.__new__(GameState)
        # Filled in directly rather than through the generated __init__ (28 keyword arguments):
        # simulations clone at every step. Every field is listed (tests/properties/test_clone.py checks it).
        new.__dict__ = {
            "stack": list(self.stack), "pending": self.pending, "pending_frame": self.pending_frame,
            "pending_payloads": self.pending_payloads, "events": list(self.events), "history": list(self.history),
            "draws": list(self.draws), "seed": self.seed, "record_events": self.record_events,
            "script": self.script, "players": self.players, "loop": self.loop, "day": self.day, "leader": self.leader,
            "phase": self.phase, "board": self.board.copy(), "hands": self.hands.copy(), "this_loop": self.this_loop.copy(),
            "today": self.today.copy(), "revealed_roles": dict(self.revealed_roles),
            "revealed_culprits": dict(self.revealed_culprits), "revealed_subplots": list(self.revealed_subplots),
            "previous_loop": self.previous_loop, "loop_results": list(self.loop_results), "final_guess": dict(self.final_guess),
            "dealt_extra_cards": dict(self.dealt_extra_cards), "culprit_guess": dict(self.culprit_guess),
            "remembered": list(self.remembered), "result": self.result, "end_loop_now": self.end_loop_now, "view_cache": {}}
        return new

    # ------------------------------------------------------------ shortcuts
    @property
    def rules(self) -> RuleBook:
        return self.script.rules

    @property
    def watch_traitors(self) -> bool:
        """Has the script a Traitor whose condition is checked during a phase? (Once per script.)"""
        d = self.script.__dict__
        held = d.get("_watch_traitors")
        if held is None:
            held = d["_watch_traitors"] = any(self.rules.plot(p).traitor is not None and self.rules.plot(p).traitor.wins_if is not None  # type: ignore[union-attr]
                                              for p in self.script.plots)
        return bool(held)

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def chars(self) -> dict[str, CharacterState]:
        return self.board.chars

    @property
    def locations(self) -> dict[str, dict[str, int]]:
        return self.board.locations

    @property
    def placed(self) -> list[PlacedCard]:
        return self.hands.placed

    @property
    def set_aside(self) -> dict[str, list[str]]:
        return self.hands.set_aside

    @property
    def occurred(self) -> list[int]:
        return self.this_loop.occurred

    def hand_seat(self, hand: str) -> str:
        """The seat that plays a Protagonist hand (two-player mode: one Protagonist holds all three)."""
        return PROTAGONIST_SEATS[0] if self.players == 2 else hand

    @property
    def leader_hand(self) -> str:
        return PROTAGONIST_SEATS[self.leader]

    @property
    def leader_seat(self) -> str:
        return self.hand_seat(self.leader_hand)

    def in_play(self, ch: str) -> bool:
        # board.in_play written out: asked tens of thousands of times a game.
        c = self.board.chars.get(ch)
        return c is not None and c.alive and c.location is not None

    def characters_at(self, loc: str | None) -> list[str]:
        return characters_at(self.board, loc)

    def corpses_at(self, loc: str | None) -> list[str]:
        return corpses_at(self.board, loc)


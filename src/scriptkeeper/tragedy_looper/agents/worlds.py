"""Build a game the Protagonists can simulate: their view's board, plus a world they imagine.

The world (a script drawn from the deduction) supplies what the view hides: roles, culprits, the
Mastermind's face-down cards (guessed), the other Protagonists' face-down cards (guessed). Every
public fact of the view is put where the engine keeps it (common.state_from_view: the board
replayed from the events, revealed facts, this loop's facts and abilities used), the hands are
dealt as the engine deals them minus the cards set aside or on the board, and the game is set at
the start of the phase the decision belongs to, so that running it reaches the same decision. If
it does not, the caller falls back to rules.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from ...core import flow
from ..actions import frame
from ..cards import deal
from ..engine import day_phases
from ..refs import HANDS, MASTERMIND
from ..script import Script
from ..state import GameState, PlacedCard
from .common import ViewFacts, state_from_view

# The step each phase an agent simulates from starts with.
PHASE_START = {"protagonist_cards": "cards.protagonists", "goodwill_abilities": "phase.goodwill"}


def build(view: Mapping[str, Any], script: Script, rng: random.Random,
          guess_mm: Callable[[list[str], list[str]], list[str]] | None = None, facts: ViewFacts | None = None) -> GameState | None:
    """A GameState for `script` at the start of the view's current phase (card play or Goodwill);
    `facts` is the view already read (common.read_view), when the caller has it."""
    phase = view["phase"]
    if phase not in PHASE_START:
        return None
    st = state_from_view(view, script, facts)
    rules = st.rules
    hands = {h: deal(rules, h) for h in HANDS}
    for h, cards in view["set_aside"].items():
        for used in cards:
            if used in hands[h]:
                hands[h].remove(used)
    st.hands.set_aside = {h: list(cards) for h, cards in view["set_aside"].items()}
    # cards on the board: known ones as they are, face-down ones guessed
    hidden_mm = [p["target"] for p in view["cards_on_board"] if p["by"] == MASTERMIND and p["card"] is None]
    if hidden_mm:
        guessed = guess_mm(hidden_mm, list(hands[MASTERMIND])) if guess_mm else rng.sample(hands[MASTERMIND], len(hidden_mm))
    else:
        guessed = []
    guesses = dict(zip(hidden_mm, guessed))
    placed = []
    for p in view["cards_on_board"]:
        by = p["by"]
        pool = hands[by]
        if p["card"] is not None:
            card = p["card"]
        elif by == MASTERMIND:
            card = guesses[p["target"]]
        else:
            card = pool[rng.randrange(len(pool))]
        if card not in pool:
            return None
        pool.remove(card)
        placed.append(PlacedCard(by, card, p["target"]))
    st.hands.held = hands
    st.hands.placed = placed
    flow.then(st, frame("loop.end"))
    flow.then(st, *day_phases(PHASE_START[phase]))
    try:
        flow.run(st)
    except (KeyError, ValueError, IndexError, AssertionError):
        return None
    return st


def same_decision(st: GameState, d: Any) -> bool:
    p = st.pending
    return p is not None and p.kind == d.kind and p.seat == d.seat and len(p.options) == len(d.options)

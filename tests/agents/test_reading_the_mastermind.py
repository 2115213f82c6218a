"""Issue 22: AI players a strong human would respect.

- The Protagonists read the Mastermind: a script is weighted by how likely the Mastermind's
  visible play is under it (agents/opponent.py), and its habits (the same card on the same
  character on the same day of each loop) are taken to be played again (agents/habits.py).
- The Final Guess is the most probable whole assignment of the consistent set: legal, and right
  when one script is left.
- The Mastermind refuses a Goodwill ability only when refusing is worth what it reveals.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from scriptkeeper.agents.runner import seat_agents
from scriptkeeper.core import record
from scriptkeeper.core.decision import Decision
from scriptkeeper.core.text import T
from scriptkeeper.tragedy_looper.agents.beliefs import beliefs
from scriptkeeper.tragedy_looper.agents.guess import whole_guess
from scriptkeeper.tragedy_looper.agents.hint import hint
from scriptkeeper.tragedy_looper.agents.opponent import weighted_assignments
from scriptkeeper.tragedy_looper.agents.rule import RuleMastermindPolicy
from scriptkeeper.tragedy_looper.deduction import deduce
from scriptkeeper.tragedy_looper.game import GAME
from scriptkeeper.tragedy_looper.rules import load_rulebook
from tests.properties.randomplay import random_game, scripts

GAMES = Path(__file__).parent / "games"
SEATS = ["mastermind", "protagonist1", "protagonist2", "protagonist3"]
INK = "basic_tragedy/ink_on_the_shrine_steps"


class HabitualMastermind:
    """A Mastermind with a habit (the rule-based one had it before it judged its cards against the
    Protagonists' Forbid): the same three cards on day 1 of every loop, Intrigue +2 on the Shrine
    Maiden first; the rule-based Mastermind's play otherwise."""

    HABIT = [{"card": "intrigue_plus_2", "target": "shrine_maiden"}, {"card": "paranoia_plus_1", "target": "girl_student"},
             {"card": "paranoia_plus_1", "target": "nurse"}]

    def __init__(self, agent: Any) -> None:
        self.agent = agent

    def choose(self, view: dict[str, Any], d: Decision) -> Any:
        if d.kind == "place_card" and view["day"] == 1:
            for habit in self.HABIT:
                if habit in d.options:
                    return habit
        return self.agent.choose(view, d)


def test_repeated_intrigue_on_the_key_person_is_read_and_forbidden_from_loop_2():
    """Ink on the Shrine Steps (seed: Sign with me!, the Key Person with 2 Intrigue): a Mastermind
    plays Intrigue +2 on the Shrine Maiden on day 1 of each loop. Once it is revealed, her Key
    Person odds under the weighted beliefs exceed the deduction's uniform share, and in loop 2 the
    first Protagonist to place a card forbids that Intrigue (the habit, which the hint names)."""
    state = GAME.new_game(scripts()[INK], 1, {})
    agents: dict[str, Any] = seat_agents(GAME, dict.fromkeys(SEATS, "rule"), 1, SEATS)
    agents["mastermind"] = HabitualMastermind(agents["mastermind"])
    mm_day1: dict[int, list[tuple[str, str]]] = {}
    forbids: dict[int, list[str]] = {}
    odds: tuple[float, float] | None = None
    while (d := GAME.pending(state)) is not None and state.loop <= 2:
        view = GAME.view(state, d.seat)
        answer = agents[d.seat].choose(view, d)
        if d.kind == "place_card" and state.day == 1:
            if d.seat == "mastermind":
                mm_day1.setdefault(state.loop, []).append((answer["card"], answer["target"]))
            elif answer["card"] == "forbid_intrigue":
                forbids.setdefault(state.loop, []).append(answer["target"])
            if state.loop == 2 and d.seat != "mastermind" and not forbids.get(2):
                # the learner's hint says the same, and why: the Mastermind's habit
                h = hint(view, d)
                assert h["answer"] == {"card": "forbid_intrigue", "target": "shrine_maiden"}
                assert h["text"].param("because").id == "hint.because.habit"
        if d.kind == "place_card" and state.loop == 1 and state.day == 2 and odds is None:
            # after day 1's cards were revealed: the Intrigue on her weighs for a Key Person
            bel = beliefs(GAME.view(state, "protagonist1"))
            odds = (bel.weighted_roles()["shrine_maiden"].get("key_person", 0.0),
                    bel.deduction.role_probability("shrine_maiden", "key_person"))
        GAME.apply(state, answer, seat=d.seat)
        if state.loop == 2 and state.day == 2:
            break
    for loop in (1, 2):
        assert ("intrigue_plus_2", "shrine_maiden") in mm_day1[loop]
    assert odds is not None and odds[0] > 2 * odds[1], odds
    assert forbids.get(2) == ["shrine_maiden"]


def _refusal(character: str, index: int) -> Decision:
    return Decision("mastermind", "goodwill_refusal", T("prompt.goodwill_refusal"), ("allow", "refuse"),
                    info={"ability": {"kind": "goodwill", "character": character, "index": index}})


def test_the_mastermind_allows_a_goodwill_ability_whose_refusal_gains_it_nothing():
    """The Rich Man's Daughter's "place 1 Goodwill" costs the Mastermind less than a refusal
    reveals (that her role has Goodwill Refusal): allowed. A revealing ability (the Police
    Officer's culprit) is refused; once the table has seen her refuse, refusing reveals nothing."""
    policy = RuleMastermindPolicy(__import__("random").Random(0))
    view: dict[str, Any] = {"set": "basic_tragedy", "characters": [{"id": "rich_mans_daughter"}, {"id": "police_officer"}],
                            "events": []}
    assert policy.refusal(view, _refusal("rich_mans_daughter", 0)) == "allow"
    assert policy.refusal(view, _refusal("police_officer", 0)) == "refuse"
    seen = {**view, "events": [{"type": "goodwill_refused", "data": {"character": "rich_mans_daughter"}}]}
    assert policy.refusal(seen, _refusal("rich_mans_daughter", 0)) == "refuse"


def _legal(set_id: str, guess: dict[str, str]) -> bool:
    rb = load_rulebook(set_id)
    return all(rb.roles[r].max is None or n <= rb.roles[r].max for r, n in Counter(guess.values()).items())


@pytest.mark.parametrize("script", ["first_steps/whispers_at_the_gate", "basic_tragedy/borrowed_tomorrow",
                                    "midnight_zone/two_men_at_the_crossing"])
def test_the_final_guess_is_a_legal_whole_assignment_of_the_consistent_set(script: str):
    """At the end of random games (every set), the whole guess never names a role beyond its
    maximum, and is one of the consistent set's assignments."""
    for seed in range(2):
        *_, (state, _) = random_game(script, seed, 4)
        view = GAME.view(state, "protagonist1")
        guess = whole_guess(view)
        assert guess and _legal(view["set"], guess), guess
        assert tuple(sorted(guess.items())) in weighted_assignments(deduce(view))  # Midnight Zone too (issue 13)


def test_the_final_guess_is_right_when_one_script_is_left():
    """A recorded rule-against-rule game whose Protagonists' deduction keeps one script at the Final
    Guess: the agents' whole guess is the true cast, and the game is won by the guess."""
    files = sorted(GAMES.glob("one_script_left_*.yaml"))
    assert files
    for path in files:
        gf = record.load_game(path)
        state = record.start(gf)
        for dec in gf.decisions:
            if GAME.pending(state).kind == "final_guess":
                break
            GAME.apply(state, dec["answer"], seat=dec["seat"])
        d = GAME.pending(state)
        view = GAME.view(state, d.seat)
        assert deduce(view).count == 1
        assert whole_guess(view) == dict(state.script.cast)


def test_the_rule_mastermind_allows_the_rich_mans_daughters_goodwill_in_a_game():
    """Borrowed Tomorrow (the Rich Man's Daughter is the Factor, whose role may refuse), rule against
    rule, seed 1: at the first refusal question the Mastermind allows her "place 1 Goodwill", as a
    refusal would give away what the table's deduction measures (her share among refusing roles)."""
    state = GAME.new_game(scripts()["basic_tragedy/borrowed_tomorrow"], 1, {})
    agents = seat_agents(GAME, dict.fromkeys(SEATS, "rule"), 1, SEATS)
    while (d := GAME.pending(state)) is not None:
        view = GAME.view(state, d.seat)
        answer = agents[d.seat].choose(view, d)
        if d.kind == "goodwill_refusal" and len(d.options) > 1:
            assert d.info["ability"]["character"] == "rich_mans_daughter"
            assert answer == "allow"
            assert agents[d.seat].mm.refusal_cost(view, d) > 2  # more than the ability's worth (2)
            return
        GAME.apply(state, answer, seat=d.seat)
    pytest.fail("no refusal question in this game")

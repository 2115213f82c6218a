"""Loyal Protagonists and the Mastermind read who may be a Traitor (seed 000, Last Liar: "Extra Cards:
The Protagonists' Secret": no one but the holder sees a card, "including the Mastermind";
"Traitors": a Traitor wins alone and "the other players lose"; "The Final Guess": the Traitors are
announced first). agents/suspicion.py reads the public record only; the agents use it (rule.py:
who may have forbidden, what a declaration gives another's Traitor; the Mastermind's odds of the
Forbid; the Final Guess after the announcement, prior.py).

Each position is a real game driven through the engine's own decisions (cards placed, days played),
so every seat's view is built from its events."""

from __future__ import annotations

from typing import Any

import pytest

from scriptkeeper.core import flow
from scriptkeeper.core.errors import UnmodelledRule
from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.actions import frame, place, place_token
from scriptkeeper.tragedy_looper.agents.prior import PriorBeliefs
from scriptkeeper.tragedy_looper.agents.rule import BLOCK_SURE, RuleAgent, RuleMastermindPolicy
from scriptkeeper.tragedy_looper.agents.suspicion import aims, forbid_already_played, suspicion
from scriptkeeper.tragedy_looper.agents.traitor import TRAITOR_WIN_COST, mastermind_steer
from scriptkeeper.tragedy_looper.rules import Traitor
from scriptkeeper.tragedy_looper.state import GameState
from scriptkeeper.tragedy_looper.traitors import active_traitors, traitor_wins
from scriptkeeper.tragedy_looper.views import build_view
from tests.agents.test_traitor_agents import agent_answer, dealt, learn_before_the_loop, learn_subplots
from tests.rules.last_liar.ll import WILDCARD_CULPRIT, detective, monster

MURDER = {"day": 2, "incident": "murder", "culprit": "teacher"}
FORBID = "forbid_intrigue"
# Day 2's Mastermind cards: the Witch's location (Giant Time Bomb Yet Again) and the Hospital.
DAY2_MASTERMIND = [{"card": "intrigue_plus_2", "target": "shrine"}, {"card": "intrigue_plus_1", "target": "hospital"},
                   {"card": "paranoia_plus_1", "target": "girl_student"}]
TRAITORS_PLAY = {"card": "paranoia_plus_1", "target": "girl_student"}  # Paranoia for no one's good
TEAMS_PLAY = {"card": "goodwill_plus_1", "target": "police_officer"}


def answer_day(g: GameState, cards: dict[str, list[dict[str, str]]]) -> None:
    """Play the rest of today: each seat places its listed cards; every other decision is answered
    'done' (no ability, no declaration) or 'allow'. Stops at the next day's first card."""
    day = g.day
    while g.pending is not None:
        d = g.pending
        if d.kind == "place_card":
            if g.day != day:
                return
            engine.apply_in_place(g, cards[d.seat].pop(0))
        else:
            engine.apply_in_place(g, "done" if "done" in d.options else "allow" if "allow" in d.options else d.options[0])


def day_two(p2_on_day_one: dict[str, str], p2_on_day_two: dict[str, str] | None, first: str = "c", second: str = "a") -> GameState:
    """The Real Monster and Unsafe Trigger are known, and the Shrine Maiden is the Witch: one of Protagonists 1 and 2 is Traitor A (3 holds B).
    Day 1: the Mastermind plays no Intrigue; Protagonist 2 plays `p2_on_day_one`. Day 2: the
    Mastermind puts Intrigue on the Shrine and the Hospital; Protagonist 2, the Leader, places
    `p2_on_day_two` face down (when given); Protagonist 3 is to place."""
    g = dealt(monster([MURDER, WILDCARD_CULPRIT]), first, second)
    learn_subplots(g, "the_real_monster", "unsafe_trigger")
    # known from an earlier loop: the Shrine Maiden is the Witch (so Giant Time Bomb Yet Again: 2 Intrigue
    # on her starting location, the Shrine, lose the loop)
    learn_before_the_loop(g, roles={"shrine_maiden": "witch"})
    answer_day(g, {"mastermind": [{"card": "paranoia_plus_1", "target": "nurse"}, {"card": "movement_vertical", "target": "teacher"},
                                  {"card": "forbid_goodwill", "target": "office_worker"}],
                   "protagonist1": [{"card": "goodwill_plus_1", "target": "class_rep"}],
                   "protagonist2": [p2_on_day_one],
                   "protagonist3": [{"card": "goodwill_plus_1", "target": "shrine_maiden"}]})
    for c in DAY2_MASTERMIND:
        engine.apply_in_place(g, c)
    assert g.pending is not None and g.pending.seat == "protagonist2"
    if p2_on_day_two is not None:
        engine.apply_in_place(g, p2_on_day_two)
        assert g.pending is not None and g.pending.seat == "protagonist3"
    return g


def susp_of(g: GameState, seat: str) -> Any:
    v = build_view(g, seat)
    return suspicion(v, [frozenset(active_traitors(g))])


# ---------------------------------------------------------------- what the record says
def test_ll_paranoia_for_no_ones_good_makes_its_player_the_suspected_traitor():
    """Protagonist 3 holds B; The Real Monster is known, so A is held by 1 or 2, even odds before
    any play. Protagonist 2's Paranoia +1 (what Traitor A, who wants deaths, plays) makes it the
    likelier holder; a Goodwill card where it helps the team does not."""
    s = susp_of(day_two(TRAITORS_PLAY, None), "protagonist3")
    assert s.traitor["protagonist2"] > 0.7 > 0.3 > s.traitor["protagonist1"]
    assert s.traitor["protagonist1"] + s.traitor["protagonist2"] == pytest.approx(1.0)
    s = susp_of(day_two(TEAMS_PLAY, None), "protagonist3")
    assert s.traitor["protagonist2"] == pytest.approx(0.5)


def test_ll_suspicion_is_built_from_the_seats_view_only():
    """Two games whose deals differ only in the other seats' cards (1 and 2 swap A and C) give
    Protagonist 3 the same view and the same suspicion: it never reads who really holds what."""
    one = day_two(TRAITORS_PLAY, None, "c", "a")
    other = day_two(TRAITORS_PLAY, None, "a", "c")
    assert one.dealt_extra_cards != other.dealt_extra_cards
    v1, v2 = build_view(one, "protagonist3"), build_view(other, "protagonist3")
    assert v1["extra_cards"] == v2["extra_cards"] == {"protagonist3": "b"}
    assert v1["events"] == v2["events"]
    assert susp_of(one, "protagonist3") == susp_of(other, "protagonist3")


def test_ll_a_seat_that_holds_the_traitors_card_suspects_no_one_of_it():
    """Which Extra card the seat holds itself is what the rules let it rule out: the holder of A,
    with only The Real Monster making a Traitor, knows the others are loyal whatever they play."""
    g = day_two(TRAITORS_PLAY, None, "a", "c")
    s = susp_of(g, "protagonist1")
    assert s.traitor == {"protagonist2": 0.0, "protagonist3": 0.0}


# ---------------------------------------------------------------- the Forbid
def test_ll_a_loyal_protagonist_does_not_leave_the_key_forbid_to_a_protagonist_whose_play_so_far_is_consistent_only_with_a_traitor():
    """Day 2: the suspected Protagonist 2 leads and puts its face-down card on the Hospital, one of
    the Mastermind's Intrigue targets. From a loyal Leader that card is a Forbid Intrigue, and a
    second one would void it (seed 002: several Forbid Intrigue void each other); from the likely
    Traitor it is probably not. Protagonist 3 forbids the Mastermind's Intrigue itself."""
    g = day_two(TRAITORS_PLAY, {"card": FORBID, "target": "hospital"})
    assert forbid_already_played(build_view(g, "protagonist3"), susp_of(g, "protagonist3")) < 0.5
    assert agent_answer(g, RuleAgent(3))["card"] == FORBID


def test_ll_a_loyal_protagonist_leaves_the_forbid_to_a_leader_who_played_for_the_team():
    """The same day 2 after a day 1 where Protagonist 2 played for the team: its card on the
    Hospital is likely a Forbid Intrigue, and Protagonist 3 does not void it with a second one."""
    g = day_two(TEAMS_PLAY, {"card": FORBID, "target": "hospital"})
    assert forbid_already_played(build_view(g, "protagonist3"), susp_of(g, "protagonist3")) > 0.5
    assert agent_answer(g, RuleAgent(3))["card"] != FORBID


def test_ll_a_loyal_protagonist_covers_the_intrigue_the_leader_left_open():
    """The Leader put its card where no Mastermind card lies (so it forbids none of them): the
    next Protagonist forbids the Mastermind's Intrigue rather than leave it to land. (Before, only
    the first placer ever played Forbid Intrigue.)"""
    g = day_two(TEAMS_PLAY, {"card": "goodwill_plus_1", "target": "nurse"})
    assert forbid_already_played(build_view(g, "protagonist3"), susp_of(g, "protagonist3")) < 0.2
    assert agent_answer(g, RuleAgent(3))["card"] == FORBID


# ---------------------------------------------------------------- the Goodwill abilities
def doctor_for_the_sixth_token(tokens: int) -> GameState:
    """Keeper of Mythology (Victory Condition B: six Acquainted tokens during the Protagonists'
    abilities phase) and I Am the True Detective! are known; Protagonist 1, the Leader, holds A
    and is loyal. The Doctor (2 Goodwill) stands with the Patient at her Paranoia limit: calming
    her is worth much to the team, but declaring the Doctor puts an Acquainted token on him."""
    g = dealt(detective(), "a")
    for card, target in [("paranoia_plus_1", "city"), ("paranoia_plus_1", "school"), ("intrigue_plus_1", "hospital"),
                         ("paranoia_minus_1", "city"), ("paranoia_minus_1", "school"), ("paranoia_minus_1", "shrine")]:
        engine.apply_in_place(g, {"card": card, "target": target})
    place(g, "doctor", "goodwill", 2)
    place(g, "patient", "paranoia", 2)
    for ch in ["girl_student", "teacher", "police_officer", "pop_idol", "office_worker"][:tokens]:
        place_token(g, ch, "acquainted")
    learn_subplots(g, "keeper_of_mythology", "i_am_the_true_detective")
    engine.apply_in_place(g, "done")  # the Mastermind uses no ability
    d = g.pending
    assert d is not None and d.kind == "goodwill_ability" and d.seat == "protagonist1" and "doctor:gw:0" in d.options
    return g


def test_ll_a_loyal_leader_does_not_declare_the_ability_that_gives_another_traitor_b_its_sixth_acquainted_token():
    """Another seat holds B and is a Traitor (Keeper of Mythology known, the Leader holds A): the
    sixth token would win the game for it at once (seed 000 Acquainted tokens, FAQ Q1), so the
    loyal Leader leaves the Doctor undeclared, though his ability would calm the Patient."""
    g = doctor_for_the_sixth_token(5)
    assert agent_answer(g, RuleAgent(3)) == "done"


def test_ll_a_loyal_leader_still_declares_an_ability_that_gives_a_traitor_one_token_of_six():
    """With four tokens, declaring the Doctor gives Traitor B its fifth, not the win: calming the
    Patient at her limit is worth more to the team."""
    g = doctor_for_the_sixth_token(4)
    assert agent_answer(g, RuleAgent(3)) == "doctor:gw:0"


# ---------------------------------------------------------------- the Final Guess
def test_ll_the_final_guess_reads_the_traitors_the_mastermind_announced():
    """Immediately before the Final Guess the Mastermind announces the Traitors (seed 000 "The Final
    Guess": "this incidentally also gives information as to which Subplots were in use"). Every
    script the loyal Protagonists then imagine holds the announced Traitor's subplot, and none the
    subplot of a letter not announced."""
    g = dealt(monster([MURDER, WILDCARD_CULPRIT]), "b")
    g.pending, g.stack = None, []  # the game brought straight to the engine's announcement step
    flow.then(g, frame("final.traitors"))
    flow.run(g)
    v = build_view(g, "protagonist1")
    assert [e["data"]["cards"] for e in v["events"] if e["type"] == "traitors_revealed"] == [["a"]]
    bel = PriorBeliefs(v, seed=0)
    assert bel._draws
    assert all("the_real_monster" in s["subs"] for s in bel._draws)
    assert not any({"keeper_of_mythology", "i_am_the_true_detective"} & set(s["subs"]) for s in bel._draws)


# ---------------------------------------------------------------- the Mastermind
def test_ll_the_mastermind_counts_on_a_suspected_traitor_leader_not_to_forbid():
    """The Mastermind does not see the Extra cards (seed 000) but knows its script makes a Traitor A.
    Its odds that today's Leader forbids its worst Intrigue fall when the Leader's play so far is a
    Traitor's, and stay at a whole team's with no such play."""
    mm = RuleMastermindPolicy(__import__("random").Random(0))
    odds = []
    for day_one in (TRAITORS_PLAY, TEAMS_PLAY):
        g = day_two(day_one, None)
        v = build_view(g, "mastermind")
        odds.append(mm.block_sure(v, mm.position(v)))
    suspect, plain = odds
    assert suspect < plain < BLOCK_SURE


def test_ll_a_traitors_win_is_the_masterminds_loss_and_its_hope_a_small_gain():
    """A Traitor who wins alone makes every other seat lose, the Mastermind too (seed 000 Traitors):
    the Mastermind's score counts it as a loss; each Perished token towards Victory Condition A
    short of it counts a little for the Mastermind (the seed's advice: keep the Traitor hoping)."""
    g = dealt(monster([MURDER, WILDCARD_CULPRIT]), "a")
    assert mastermind_steer(g) == 0.0
    for ch in ["nurse", "teacher"]:
        place_token(g, ch, "perished")
    two = mastermind_steer(g)
    assert two > 0.0
    for ch in ["rich_mans_daughter", "police_officer", "class_rep"]:
        place_token(g, ch, "perished")
    assert mastermind_steer(g) == -TRAITOR_WIN_COST  # the condition holds: it wins at the next day end
    traitor_wins(g, "a", "test")
    assert mastermind_steer(g) == -TRAITOR_WIN_COST


def test_ll_a_traitor_condition_no_signal_reads_is_refused_loudly():
    with pytest.raises(UnmodelledRule, match="tokens_at_least"):
        aims(Traitor(extra_card="a", phase="day_end", wins_if={"tokens_at_least": ["moon", 3]}))


# ---------------------------------------------------------------- a world's deal
def test_ll_a_world_built_from_a_protagonists_view_keeps_its_own_card_and_imagines_the_others():
    """A game an agent builds from its view (a world) needs a deal: the engine asks the holder of
    Traitor C's card for the culprits at the Final Guess (seed 000 "The Final Guess"). It keeps the
    seat's own card and imagines the others' (the same for two deals the seat cannot tell apart),
    and a simulation that reaches the culprits' question asks a hand instead of failing."""
    from scriptkeeper.tragedy_looper.agents.common import state_from_view

    worlds = []
    for first, second in (("a", "b"), ("b", "a")):
        g = dealt(detective(), first, second)
        v = build_view(g, "protagonist3")
        assert v["extra_cards"] == {"protagonist3": "c"}
        worlds.append(state_from_view(v, g.script))
    one, other = worlds
    assert one.dealt_extra_cards == other.dealt_extra_cards
    assert one.dealt_extra_cards["protagonist3"] == "c" and sorted(one.dealt_extra_cards.values()) == ["a", "b", "c"]
    sim = one
    sim.record_events = True
    flow.then(sim, frame("final.traitors"))
    flow.run(sim)
    assert sim.pending is not None and sim.pending.kind == "culprit_guess" and sim.pending.seat == "protagonist3"

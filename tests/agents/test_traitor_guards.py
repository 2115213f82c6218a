"""The loyal Protagonists and the Mastermind guard against another seat's Traitor (seed 000, Last
Liar: "Traitors": a Traitor who completes its condition "wins independently, and the other players
lose"; The Real Monster: Victory Condition A, 5 or more Perished tokens during the day-end phase;
I Am the True Detective!: Protagonist C names every culprit just before the Final Guess; The
Executor: the Mastermind chooses a Protagonist, who chooses a character that dies; Last Liar FAQ
Q1: a condition wins the moment it holds in its phase; Q14: the Mastermind chooses The Executor's
Protagonist without seeing the Extra cards, docs/rulings.md).

A loyal Protagonist does not know who holds the Traitor's card (suspicion.py reads it from the
public record); whoever holds it, the condition wins for that hand, so in the worlds where another
card's Traitor is active and near its win (traitor.guard_near) it plays the engine through the rest
of the day after each card (traitor.rest_of_day) and counts what the Traitor gains
(traitor.guard_danger), weighted by the posterior. Each position is a real game brought there with
the engine's own actions (tokens of earlier loops, counters, a move, subplots the table learnt)."""

from __future__ import annotations

import random
from typing import Any

from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.actions import move, place, place_token
from scriptkeeper.tragedy_looper.agents.rule import RuleAgent, RuleMastermindPolicy
from scriptkeeper.tragedy_looper.agents.traitor import GUARD_WIN_COST, guard_danger, guard_near, rest_of_day
from scriptkeeper.tragedy_looper.state import GameState
from scriptkeeper.tragedy_looper.views import build_view
from tests.agents.test_traitor_agents import MURDER, agent_answer, dealt, learn_before_the_loop, learn_subplots
from tests.agents.test_traitor_suspicion import TEAMS_PLAY, TRAITORS_PLAY, answer_day
from tests.rules.last_liar.ll import WILDCARD_CULPRIT, monster

FOUR = ["nurse", "teacher", "rich_mans_daughter", "police_officer"]
HARMLESS_MM = [("paranoia_minus_1", "nurse"), ("paranoia_plus_1", "city"), ("intrigue_plus_1", "hospital")]


# ---------------------------------------------------------------- Victory Condition A: the Serial Killer
def serial_killer_alone_with_the_shrine_maiden(letter: str, perished: list[str]) -> GameState:
    """The Real Monster is in play and known, so another seat may be Traitor A; `perished` hold
    Perished tokens (earlier loops' deaths). The Serial Killer (the Boy Student, his role revealed in
    an earlier loop, so the exact deduction of the loop's start knows it) stands at the Shrine
    with the Shrine Maiden alone: at day end she dies (seed 000 Serial Killer), a new Perished token.
    The Mastermind has placed harmless cards; Protagonist 1, holding `letter`, places first."""
    g = dealt(monster([MURDER, WILDCARD_CULPRIT]), letter)
    for card, target in HARMLESS_MM:
        engine.apply_in_place(g, {"card": card, "target": target})
    for ch in perished:
        place_token(g, ch, "perished")
    move(g, "boy_student", "shrine")
    learn_subplots(g, "the_real_monster", "unsafe_trigger")
    learn_before_the_loop(g, roles={"boy_student": "serial_killer"})
    assert g.pending is not None and g.pending.kind == "place_card" and g.pending.seat == "protagonist1"
    return g


def test_ll_real_monster_a_loyal_protagonist_stops_the_death_that_would_give_traitor_a_its_fifth_perished_token():
    """Four Perished tokens and the Serial Killer alone with the Shrine Maiden: her death at day end
    is the fifth token, and whoever holds A wins alone (Victory Condition A, FAQ Q1). The holder of
    B knows A is another's and active; it moves a character so that the Serial Killer is not alone
    with one (on main it forbade the Mastermind's Intrigue and let her die)."""
    g = serial_killer_alone_with_the_shrine_maiden("b", FOUR)
    answer = agent_answer(g, RuleAgent(3))
    assert g.rules.cards[answer["card"]].kind == "movement", answer
    engine.apply_in_place(g, answer)  # the others play cards that change nothing there; no ability
    for card in [{"card": "goodwill_plus_1", "target": "office_worker"}, {"card": "goodwill_plus_1", "target": "police_officer"}]:
        engine.apply_in_place(g, card)
    while g.pending is not None and g.day == 1:
        engine.apply_in_place(g, "done" if "done" in g.pending.options else g.pending.options[0])
    assert g.result is None and g.chars["shrine_maiden"].alive


def test_ll_real_monster_the_guard_waits_while_the_condition_is_far(monkeypatch):
    """With two Perished tokens one death cannot win for Traitor A (guard_near: 3 of 5 at least): the
    holder of B guards nothing, and plays the card it plays with the guard switched off."""
    from scriptkeeper.tragedy_looper.agents import rule

    g = serial_killer_alone_with_the_shrine_maiden("b", FOUR[:2])
    assert not guard_near(g, g.rules.plot("the_real_monster").traitor)
    guarded = agent_answer(g, RuleAgent(3))
    monkeypatch.setattr(rule, "guarded_worlds", lambda *args, **kw: {})
    assert guarded == agent_answer(g, RuleAgent(3))


def test_ll_real_monster_the_rest_of_the_day_played_by_the_engine_gives_traitor_a_its_win():
    """What the guard reads: the world game after the day's cards, played on by the engine through
    the Mastermind's abilities, the incidents and the day end (traitor.rest_of_day): the Serial
    Killer kills the Shrine Maiden, the fifth Perished token goes on, and Traitor A has won; for the
    holder of A itself that is no danger."""
    from scriptkeeper.tragedy_looper.agents.common import sandbox_copy
    from scriptkeeper.tragedy_looper.agents.threat import threat_for
    from scriptkeeper.tragedy_looper.agents.rule import resolve_cards
    from scriptkeeper.tragedy_looper.state import PlacedCard

    g = serial_killer_alone_with_the_shrine_maiden("b", FOUR)
    sandbox = sandbox_copy(g)
    sandbox.pending, sandbox.stack = None, []
    assert all(guard_near(sandbox, t) for t in [g.rules.plot("the_real_monster").traitor])
    resolved = resolve_cards(sandbox, PlacedCard("protagonist1", "forbid_intrigue", "hospital"))
    after = rest_of_day(resolved, threat_for(g.script))
    assert after.result is not None and after.result.winner == "traitor_a"
    assert guard_danger(after, "b") == GUARD_WIN_COST
    assert guard_danger(after, "a") == 0.0


# ---------------------------------------------------------------- Victory Condition A: The Executor
def executor_position(letter: str, day_one_p2: dict[str, str], perished: list[str]) -> GameState:
    """The Real Monster known; The Executor on day 2 (its culprit the Nurse at her Paranoia limit).
    Day 1: Protagonist 2 plays `day_one_p2`. Day 2 is played up to the Executor's first question,
    the Mastermind's choice of a Protagonist. Protagonist 1 holds `letter`; `perished` hold tokens."""
    executor = {"day": 2, "incident": "the_executor", "culprit": "nurse"}
    g = dealt(monster([executor, WILDCARD_CULPRIT]), letter)
    for ch in perished:
        place_token(g, ch, "perished")
    learn_subplots(g, "the_real_monster", "unsafe_trigger")
    answer_day(g, {"mastermind": [{"card": "paranoia_plus_1", "target": "city"}, {"card": "intrigue_plus_1", "target": "hospital"},
                                  {"card": "forbid_goodwill", "target": "office_worker"}],
                   "protagonist1": [{"card": "goodwill_plus_1", "target": "class_rep"}],
                   "protagonist2": [day_one_p2],
                   "protagonist3": [{"card": "goodwill_plus_1", "target": "shrine_maiden"}]})
    place(g, "nurse", "paranoia", 3)
    cards = {"mastermind": [{"card": "paranoia_plus_1", "target": "school"}, {"card": "intrigue_plus_1", "target": "city"},
                            {"card": "paranoia_plus_1", "target": "shrine"}],
             "protagonist1": [{"card": "goodwill_plus_1", "target": "class_rep"}],
             "protagonist2": [{"card": "goodwill_plus_1", "target": "office_worker"}],
             "protagonist3": [{"card": "goodwill_plus_1", "target": "police_officer"}]}
    while g.pending is not None and g.pending.kind != "choose_protagonist":
        d = g.pending
        if d.kind == "place_card":
            engine.apply_in_place(g, cards[d.seat].pop(0))
        else:
            engine.apply_in_place(g, "done" if "done" in d.options else "allow" if "allow" in d.options else d.options[0])
    assert g.pending is not None and g.day == 2
    return g


def test_ll_the_executor_a_loyal_chooser_names_a_character_already_perished_when_a_fifth_token_would_win_for_traitor_a():
    """Four Perished tokens; the Mastermind leaves The Executor's victim to Protagonist 1, who holds
    B (so A is another's, and active). A death of a character without a token would be the fifth,
    and Traitor A would win at the day's end; a character who died in an earlier loop (a token
    already, never a second: seed 000 Perished tokens) costs nothing of the kind."""
    g = executor_position("b", TEAMS_PLAY, FOUR)
    engine.apply_in_place(g, "protagonist1")
    d = g.pending
    assert d is not None and d.kind == "choose_target" and d.seat == "protagonist1"
    assert agent_answer(g, RuleAgent(3)) in FOUR


def test_ll_the_executor_traitor_a_names_a_character_without_a_token_and_wins():
    """The same choice for the holder of A, a Traitor: the victim without a token is its fifth."""
    g = executor_position("a", TEAMS_PLAY, FOUR)
    engine.apply_in_place(g, "protagonist1")
    victim = agent_answer(g, RuleAgent(3))
    assert victim not in FOUR
    engine.apply_in_place(g, victim)
    while g.pending is not None and g.result is None:
        engine.apply_in_place(g, "done" if "done" in g.pending.options else g.pending.options[0])
    assert g.result is not None and g.result.winner == "traitor_a"


def test_ll_the_executor_the_mastermind_does_not_leave_the_victim_to_the_suspected_traitor_a():
    """The Mastermind knows its script makes a Traitor A, not who holds A (FAQ Q14: no peeking);
    Protagonist 2's Paranoia for no one's good on day 1 makes it the suspect (suspicion.py). With
    four Perished tokens, the choice of a Traitor A would be its fifth token and its win, the
    Mastermind's loss too: it chooses another Protagonist."""
    g = executor_position("c", TRAITORS_PLAY, FOUR)
    mm = RuleMastermindPolicy(random.Random(0))
    d = g.pending
    assert d is not None and d.kind == "choose_protagonist"
    for _ in range(3):
        assert mm.choose(build_view(g, "mastermind"), d) != "protagonist2"


def test_ll_the_executor_the_mastermind_leaves_it_to_the_suspect_while_one_death_cannot_win():
    """With two Perished tokens, a Traitor A's victim is only a step of its condition (the seed's
    creation guide: keep the Traitor hoping), and a Traitor wants the loop lost: the suspect's
    choice is the one the Mastermind wants."""
    g = executor_position("c", TRAITORS_PLAY, FOUR[:2])
    mm = RuleMastermindPolicy(random.Random(0))
    d = g.pending
    assert d is not None
    choice: Any = mm.choose(build_view(g, "mastermind"), d)
    assert choice == "protagonist2"


# ---------------------------------------------------------------- the Mastermind never hands the win
def test_ll_real_monster_the_mastermind_drops_a_card_that_hands_traitor_a_its_fifth_perished_token():
    """Four Perished tokens, the Serial Killer at the School among many, the Shrine Maiden alone at
    the Shrine. Sending the Serial Killer up to her is a death at day end, the fifth token, and a
    win for whoever holds A, every other seat's loss, the Mastermind's too (seed 000 Traitors, FAQ
    Q1). Even scored best, that card is tried through the rest of the day and never played; the
    next card is."""
    g = dealt(monster([MURDER, WILDCARD_CULPRIT]), "a")
    for ch in FOUR:
        place_token(g, ch, "perished")
    d = g.pending
    assert d is not None and d.kind == "place_card" and d.seat == "mastermind"
    mm = RuleMastermindPolicy(random.Random(0))
    v = build_view(g, "mastermind")
    send = d.options.index({"card": "movement_vertical", "target": "boy_student"})
    values = [0.0] * len(d.options)
    values[send] = 100.0
    values[send - 1] = 50.0
    out = mm.not_the_traitors_day(v, d.options, values)
    assert out[send] < 0 and out[send - 1] == 50.0
    g2 = dealt(monster([MURDER, WILDCARD_CULPRIT]), "a")  # with two tokens a death cannot win: no card is tried
    for ch in FOUR[:2]:
        place_token(g2, ch, "perished")
    assert mm.not_the_traitors_day(build_view(g2, "mastermind"), d.options, values) == values


# ---------------------------------------------------------------- Victory Condition C: the incidents
def confession_today(letter: str, loops: int) -> GameState:
    """I Am the True Detective! and Keeper of Mythology known; today's Confession (it reveals its
    culprit and role) has its culprit, the Doctor, one Paranoia short of his limit, and the
    Mastermind has put Paranoia +1 on him. Protagonist 1, holding `letter`, places first."""
    from tests.rules.last_liar.ll import DETECTIVE_INCIDENTS, detective

    confession = {"day": 1, "incident": "confession", "culprit": "doctor"}
    g = dealt(detective([confession, *DETECTIVE_INCIDENTS], loops=loops), letter)
    for card, target in [("paranoia_plus_1", "doctor"), ("paranoia_minus_1", "shrine"), ("intrigue_plus_1", "hospital")]:
        engine.apply_in_place(g, {"card": card, "target": target})
    place(g, "doctor", "paranoia", g.rules.characters["doctor"].paranoia_limit - 1)
    learn_subplots(g, "i_am_the_true_detective", "keeper_of_mythology")
    return g


def test_ll_true_detective_an_incident_that_reveals_its_culprit_in_the_last_loop_is_a_clue_for_traitor_c():
    """Traitor C wins by naming every culprit at the Final Guess, which comes only once the last
    loop is lost (seed 000 "The Final Guess"): in the last loop, what the table learns of the
    culprits is C's progress (traitor.clue_share). Played by the engine through the rest of the
    day, the Confession reveals the Doctor as its culprit unless he is calmed first; the guard
    counts that for the loyal holder of A, and not at all before the last loop (guard_near)."""
    from scriptkeeper.tragedy_looper.agents.common import sandbox_copy
    from scriptkeeper.tragedy_looper.agents.rule import resolve_cards
    from scriptkeeper.tragedy_looper.agents.threat import threat_for
    from scriptkeeper.tragedy_looper.state import PlacedCard

    detective_c = None
    for loops, near in ((1, True), (2, False)):
        g = confession_today("a", loops)
        detective_c = g.rules.plot("i_am_the_true_detective").traitor
        sandbox = sandbox_copy(g)
        sandbox.pending, sandbox.stack = None, []
        assert detective_c is not None and guard_near(sandbox, detective_c) is near
    g = confession_today("a", 1)
    sandbox = sandbox_copy(g)
    sandbox.pending, sandbox.stack = None, []
    th = threat_for(g.script)
    calmed = rest_of_day(resolve_cards(sandbox, PlacedCard("protagonist1", "paranoia_minus_1", "doctor")), th)
    left = rest_of_day(resolve_cards(sandbox, PlacedCard("protagonist1", "goodwill_plus_1", "shrine_maiden")), th)
    assert 0 not in calmed.this_loop.occurred and 0 in left.this_loop.occurred and left.revealed_culprits.get(0) == "doctor"
    assert guard_danger(left, "a") > guard_danger(calmed, "a") == guard_danger(sandbox, "a")
    assert guard_danger(left, "c") == guard_danger(calmed, "c")  # no danger to C's own holder

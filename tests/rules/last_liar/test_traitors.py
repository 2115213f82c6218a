"""Last Liar's Traitors (seed 000, "Traitors", "The Final Guess", Last Liar FAQ Q1-Q3): a subplot
makes the holder of an Extra card a Traitor, whose own victory condition, checked all through its
phase, wins the game for it alone; the Final Guess announces the Traitors, lets a Traitor
Protagonist C name the culprits, then the others guess the roles."""

from __future__ import annotations

from typing import Any

from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.game import GAME
from scriptkeeper.tragedy_looper.views import build_view
from tests.helpers import answer, outcome_reason, pending, seat_view, start

from .ll import DEALT, DETECTIVE_CAST, DETECTIVE_INCIDENTS, MONSTER, MONSTER_CAST, WILDCARD_CULPRIT, detective, ll, monster, perished

FIVE_DEAD = perished("nurse", "teacher", "rich_mans_daughter", "police_officer", "class_rep")


def acquainted(*chars: str) -> dict[str, Any]:
    return {ch: {"tokens": ["acquainted"]} for ch in chars}


SIX_ACQUAINTED = acquainted("girl_student", "teacher", "police_officer", "pop_idol", "shrine_maiden", "doctor")


def results(g) -> dict[str, str]:
    o = GAME.outcome(g)
    assert o is not None
    return dict(o.results)


def quiet_until(g, done) -> None:
    """Answer every decision with its first option (Goodwill and Mastermind abilities: none) until `done(g)`."""
    while g.pending is not None and not done(g):
        d = g.pending
        if "done" in d.options:
            engine.apply_in_place(g, "done")
        else:
            engine.apply_in_place(g, d.options[0])


# ---------------------------------------------------------------- Victory Condition A
def test_traitor_a_wins_alone_as_soon_as_the_day_end_phase_has_five_perished_tokens():
    """Seed 000, The Real Monster: Victory Condition A, during the day-end phase, 5 or more Perished
    tokens. A Traitor who completes its condition wins alone; everyone else loses."""
    g = start(monster(), {"phase": "day_end", "extra_cards": DEALT, "characters": FIVE_DEAD})
    assert g.result is not None and g.result.winner == "traitor_a"
    assert results(g) == {"mastermind": "lose", "protagonist1": "win", "protagonist2": "lose", "protagonist3": "lose"}
    assert g.pending is None  # nothing else of the day end happens


def test_traitor_a_is_the_holder_of_extra_card_a_whoever_that_is():
    dealt = {"protagonist1": "c", "protagonist2": "a", "protagonist3": "b"}
    g = start(monster(), {"phase": "day_end", "extra_cards": dealt, "characters": FIVE_DEAD})
    assert results(g) == {"mastermind": "lose", "protagonist1": "lose", "protagonist2": "win", "protagonist3": "lose"}


def test_victory_condition_a_is_not_met_outside_the_day_end_phase():
    """Its condition holds from the Mastermind abilities phase on, but A wins only once day end begins."""
    g = start(monster(), {"phase": "mastermind_abilities", "extra_cards": DEALT, "characters": FIVE_DEAD})
    assert g.result is None and pending(g).kind == "mastermind_ability"
    quiet_until(g, lambda s: s.result is not None)
    assert g.result.winner == "traitor_a" and g.day == 1


def test_victory_condition_a_needs_five_perished_tokens():
    g = start(monster(), {"phase": "day_end", "extra_cards": DEALT, "characters": perished("nurse", "teacher", "rich_mans_daughter", "class_rep")})
    assert g.result is None


def test_ll_faq_q1_traitor_condition_is_checked_constantly_in_its_phase_and_wins_before_the_mastermind_may_kill():
    """Last Liar FAQ Q1: the Traitor conditions are checked all through their phase; the Traitor wins
    the moment its condition holds, before the Mastermind's optional day-end rule (here, the
    condition holds when the phase begins: the Mastermind is never asked its day-end abilities)."""
    g = start(monster(), {"phase": "day_end", "extra_cards": DEALT, "characters": {**FIVE_DEAD, "office_worker": {"intrigue": 4}}})
    assert g.result.winner == "traitor_a"
    assert not [h for h in g.history if h.get("kind") == "day_end_ability"]


def test_ll_faq_q2_traitors_die_with_the_protagonists_and_wait_for_the_next_day_end():
    """Last Liar FAQ Q2: an effect that kills the Protagonists kills the Traitors too; the day-end
    phase is never reached, so Victory Condition A is next checked at the end of the next loop's first day."""
    hospital = {"day": 2, "incident": "hospital_incident", "culprit": "nurse"}
    g = start(monster([hospital, WILDCARD_CULPRIT]), {"phase": "incident", "day": 2, "extra_cards": DEALT,
                                                     "locations": {"hospital": {"intrigue": 2}},
                                                     "characters": {**FIVE_DEAD, "nurse": {"paranoia": 3, "tokens": ["perished"]}}})
    assert g.loop == 2 and g.result is None and g.loop_results[0].lost  # the Protagonists, Traitor A among them, died
    quiet_until(g, lambda s: s.result is not None or s.phase == "day_end")
    assert g.result is not None and g.result.winner == "traitor_a" and (g.loop, g.day) == (2, 1)


def test_ll_faq_q2_in_the_final_loop_traitor_a_has_lost():
    hospital = {"day": 2, "incident": "hospital_incident", "culprit": "nurse"}
    g = start(monster([hospital, WILDCARD_CULPRIT], loops=2), {"phase": "incident", "day": 2, "loop": 2, "extra_cards": DEALT,
                                                              "locations": {"hospital": {"intrigue": 2}},
                                                              "characters": {**FIVE_DEAD, "nurse": {"paranoia": 3}}})
    assert g.result is None and g.phase == "final_guess"
    for ch, role in MONSTER_CAST.items():
        answer(g, "final_guess", role)
    assert g.result.winner == "protagonists"
    assert results(g)["protagonist1"] == "lose"  # A, still a Traitor, lost with the Mastermind


def test_ll_faq_q3_tokens_on_characters_off_the_board_count():
    """Last Liar FAQ Q3: tokens on cards not on the board (here the Transfer Student, who has not
    entered yet today) count toward Victory Conditions A and B."""
    cast = {**MONSTER_CAST, "transfer_student": {"role": "person", "enters_day": 3}}
    g = start(ll(*MONSTER, cast, [WILDCARD_CULPRIT]), {"phase": "day_end", "extra_cards": DEALT, "characters": {
        **perished("nurse", "teacher", "rich_mans_daughter", "police_officer"), "transfer_student": {"tokens": ["perished"]}}})
    assert g.chars["transfer_student"].location is None
    assert g.result is not None and g.result.winner == "traitor_a"


# ---------------------------------------------------------------- Victory Condition B
def test_traitor_b_wins_alone_in_the_protagonists_abilities_phase_with_six_acquainted_tokens():
    """Seed 000, Keeper of Mythology: Victory Condition B, during the Protagonists' abilities phase,
    6 or more Acquainted tokens."""
    g = start(detective(), {"phase": "goodwill_abilities", "extra_cards": DEALT, "characters": SIX_ACQUAINTED})
    assert g.result.winner == "traitor_b"
    assert results(g) == {"mastermind": "lose", "protagonist1": "lose", "protagonist2": "win", "protagonist3": "lose"}


def test_victory_condition_b_waits_for_the_protagonists_abilities_phase():
    g = start(detective(), {"phase": "mastermind_abilities", "extra_cards": DEALT, "characters": SIX_ACQUAINTED})
    assert g.result is None
    answer(g, "mastermind_ability", "done")
    assert g.result is not None and g.result.winner == "traitor_b"


# ---------------------------------------------------------------- the Final Guess
def _final(script, dealt=DEALT, leader: int = 1):
    return start(script, {"phase": "final_guess", "loop": 4, "day": 4, "leader": leader, "extra_cards": dealt})


def test_final_guess_begins_with_the_mastermind_announcing_the_traitors():
    """Seed 000, The Final Guess: immediately before it, the Mastermind announces which Protagonists were Traitors."""
    g = _final(detective())
    ann = [e for e in g.events if e.type == "traitors_revealed"]
    assert [e.data["cards"] for e in ann] == [["b", "c"]]
    assert "Extra Card B; Extra Card C" in seat_view(g, "protagonist1")["log"][-1]


def test_a_traitor_protagonist_c_names_every_culprit_and_wins_alone():
    """Seed 000, I Am the True Detective!: Victory Condition C, immediately before the Final Guess,
    Protagonist C names the culprit of each incident correctly."""
    g = _final(detective())
    for inc in DETECTIVE_INCIDENTS:
        d = pending(g)
        assert (d.kind, d.seat) == ("culprit_guess", "protagonist3")
        answer(g, "culprit_guess", inc["culprit"])
    assert g.result.winner == "traitor_c"
    assert results(g) == {"mastermind": "lose", "protagonist1": "lose", "protagonist2": "lose", "protagonist3": "win"}
    assert "the holder of Extra Card C" in outcome_reason(g)


def test_after_a_wrong_culprit_the_non_traitors_make_the_final_guess_and_win_without_the_traitors():
    """Seed 000, The Final Guess: if the game continues, only the non-Traitor Protagonists guess; if
    they are right, they win (and the Traitors, B and C here, lose)."""
    g = _final(detective())
    answer(g, "culprit_guess", "doctor")
    answer(g, "culprit_guess", DETECTIVE_INCIDENTS[1]["culprit"])
    assert [e.type for e in g.events][-1] == "culprit_guess_wrong"
    for ch, role in DETECTIVE_CAST.items():
        assert pending(g).seat == "protagonist1"  # the one Protagonist who is no Traitor
        answer(g, "final_guess", role)
    assert g.result.winner == "protagonists"
    assert results(g) == {"mastermind": "lose", "protagonist1": "win", "protagonist2": "lose", "protagonist3": "lose"}


def test_the_mastermind_wins_when_the_final_guess_is_wrong_and_every_protagonist_loses():
    g = _final(detective())
    answer(g, "culprit_guess", "doctor")
    answer(g, "culprit_guess", "doctor")
    for ch, role in DETECTIVE_CAST.items():
        answer(g, "final_guess", "person")
    assert g.result.winner == "mastermind"
    assert results(g) == {"mastermind": "win", "protagonist1": "lose", "protagonist2": "lose", "protagonist3": "lose"}


def test_the_final_guess_is_never_asked_of_a_traitor_even_the_leader():
    dealt = {"protagonist1": "b", "protagonist2": "a", "protagonist3": "c"}
    g = _final(detective(), dealt, leader=1)
    answer(g, "culprit_guess", "doctor")
    answer(g, "culprit_guess", "doctor")
    d = pending(g)
    assert d.kind == "final_guess" and d.seat == "protagonist2" and not d.info["team"]


def test_a_script_without_traitor_subplots_announces_none_and_everyone_guesses_together():
    cast = {"nurse": "witch", "teacher": "brain", "police_officer": "factor", "office_worker": "conspiracy_theorist",
            "girl_student": "person"}
    g = _final(ll("giant_time_bomb_yet_again", ["unsafe_trigger", "the_mythomaniacs_secret"], {**cast, "boy_student": "brain"}))
    assert [e.data["cards"] for e in g.events if e.type == "traitors_revealed"] == [[]]
    for role in g.script.cast.values():
        answer(g, "final_guess", role)
    assert results(g) == {"mastermind": "lose", "protagonist1": "win", "protagonist2": "win", "protagonist3": "win"}


def test_a_won_loop_is_a_loss_for_the_traitors():
    """A Traitor wins with neither the Protagonist team nor the Mastermind: the loop the team wins, it loses."""
    g = start(detective(), {"phase": "loop_end", "day": 4, "extra_cards": DEALT})
    assert g.result.winner == "protagonists"
    assert results(g) == {"mastermind": "lose", "protagonist1": "win", "protagonist2": "lose", "protagonist3": "lose"}


def test_the_page_says_which_protagonist_wins_alone():
    """Per-seat outcomes reach the views: "Protagonist A wins alone", and each seat's own result."""
    g = start(monster(), {"phase": "day_end", "extra_cards": DEALT, "characters": FIVE_DEAD})
    view = seat_view(g, "protagonist2")
    assert view["outcome"]["wins"] == "Protagonist A wins alone"
    assert view["outcome"]["results"]["protagonist1"] == "win" and view["outcome"]["results"]["protagonist2"] == "lose"
    assert "Protagonist A wins alone" in view["log"][-2]
    assert build_view(g, "mastermind")["extra_cards"] == DEALT

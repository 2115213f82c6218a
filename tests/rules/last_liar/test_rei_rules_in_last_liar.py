"""Last Liar's rules that use Rei's general rules (seed 000: Hope and Despair, Perished and
Acquainted tokens, the added cards): The Final Plan (FAQ Q4), The Sealed Conclusion, World of
Rebellion, The Demon's Script, Crossing World Lines, the Fragment, the Watcher, Last Will, The
Light of Hope, The Murk of Despair, and Victory Conditions A and B with the tokens the game places
(FAQ Q1, Q2)."""

from __future__ import annotations

from typing import Any

from scriptkeeper.tragedy_looper.query import guess_is_right
from tests.helpers import answer, counters, died, event_types, pending, start

from .ll import DEALT, DETECTIVE_CAST, DETECTIVE_INCIDENTS, WILDCARD_CULPRIT, detective, ll, ll_data, perished, problems
from .test_traitors import SIX_ACQUAINTED, quiet_until, results

# The Sealed Conclusion (Factor, Fragment) + The Real Monster + Social Media Paranoia.
SEALED_CAST: dict[str, Any] = {"police_officer": "factor", "shrine_maiden": "fragment", "boy_student": "serial_killer",
                               "class_rep": "secretkeeper", "girl_student": "wildcard", "pop_idol": "influencer",
                               "office_worker": "conspiracy_theorist", "nurse": "person", "teacher": "person", "doctor": "person"}
SEALED = ("the_sealed_conclusion", ["the_real_monster", "social_media_paranoia"])


def sealed(incidents=(WILDCARD_CULPRIT,), **kw: Any):
    return ll(*SEALED, SEALED_CAST, incidents, **kw)


# ---------------------------------------------------------------- Victory Condition A with the tokens the game places
def test_ll_faq_q1_the_serial_killers_kill_makes_the_fifth_perished_token_and_traitor_a_wins_before_the_sealed_conclusion():
    """Last Liar FAQ Q1: a Serial Killer's kill fulfils Victory Condition A while 2 Intrigue on the
    Shrine would let the Mastermind kill the Protagonists (The Sealed Conclusion): A wins as soon as
    the Serial Killer kills; the Mastermind is never asked."""
    g = start(sealed(), {"phase": "day_end", "extra_cards": DEALT, "locations": {"shrine": {"intrigue": 2}}, "characters": {
        **perished("teacher", "office_worker", "pop_idol", "class_rep"),
        "boy_student": {"at": "hospital"}, "doctor": {"at": "city"}}})
    assert died(g) == ["nurse"] and "perished" in g.board.tokens["nurse"]
    assert g.result is not None and g.result.winner == "traitor_a"
    assert not [h for h in g.history if h.get("kind") == "day_end_ability"]


def test_ll_faq_q2_a_hospital_incident_that_makes_the_fifth_perished_token_and_kills_the_protagonists_wins_nothing_yet():
    """Last Liar FAQ Q2: the Hospital Incident kills the Hospital's characters (Perished tokens 4 and 5)
    and the Protagonists, Traitor A among them; the day-end phase is never reached; at the end of the
    next loop's first day, A wins."""
    hospital = {"day": 2, "incident": "hospital_incident", "culprit": "nurse"}
    g = start(sealed([hospital, WILDCARD_CULPRIT]), {"phase": "incident", "day": 2, "extra_cards": DEALT,
              "locations": {"hospital": {"intrigue": 2}},
              "characters": {**perished("teacher", "office_worker", "pop_idol"), "nurse": {"paranoia": 3}}})
    assert sorted(died(g)) == ["doctor", "nurse"] and sum("perished" in t for t in g.board.tokens.values()) == 5
    assert g.result is None and g.loop == 2 and g.loop_results[0].lost
    quiet_until(g, lambda s: s.result is not None or s.day > 1)
    assert g.result is not None and g.result.winner == "traitor_a" and (g.loop, g.day) == (2, 1)


def test_victory_condition_b_counts_the_acquainted_tokens_the_game_places():
    """The sixth Acquainted token is placed when a Goodwill ability is declared, in the Protagonists'
    abilities phase: Traitor B wins at once, before the ability resolves."""
    five = {ch: v for ch, v in SIX_ACQUAINTED.items() if ch != "pop_idol"}
    g = start(detective(), {"phase": "goodwill_abilities", "extra_cards": DEALT,
                            "characters": {**five, "pop_idol": {"goodwill": 3}, "police_officer": {"paranoia": 1, "tokens": ["acquainted"]}}})
    assert g.result is None
    answer(g, "goodwill_ability", "pop_idol:gw:0")
    assert g.result is not None and g.result.winner == "traitor_b"


# ---------------------------------------------------------------- The Final Plan
def test_ll_faq_q4_hope_on_the_key_person_makes_the_traitors_ordinary_protagonists():
    """Seed 000, The Final Plan; Last Liar FAQ Q4: with a Hope counter on the Key Person, Protagonist
    B's condition does not win (B is not a Traitor now); the Hope goes at the loop's end, and B wins
    at the right time on the next loop's first day."""
    g = start(detective(), {"phase": "goodwill_abilities", "day": 4, "extra_cards": DEALT, "characters": {
        **SIX_ACQUAINTED, "girl_student": {"hope": 1, "tokens": ["acquainted"]}, "police_officer": {"intrigue": 4, "tokens": ["acquainted"]}}})
    assert g.result is None
    quiet_until(g, lambda s: s.pending.kind == "day_end_ability")
    answer(g, "day_end_ability", "police_officer:killer:1")  # the Killer's 4 Intrigue: the Protagonists die
    assert g.loop == 2 and g.result is None
    quiet_until(g, lambda s: s.result is not None)
    assert g.result.winner == "traitor_b" and (g.loop, g.day) == (2, 1)


def test_hope_on_the_key_person_at_the_end_of_the_final_loop_carries_over_to_the_final_guess():
    """Seed 000, The Final Plan: true at the end of the final loop, it holds at the Final Guess:
    no Traitor is announced and every Protagonist guesses and wins together."""
    g = start(detective(), {"phase": "final_guess", "loop": 4, "day": 4, "extra_cards": DEALT,
                            "characters": {"girl_student": {"hope": 1}}})
    assert [e.data["cards"] for e in g.events if e.type == "traitors_revealed"] == [[]]
    for role in DETECTIVE_CAST.values():
        answer(g, "final_guess", role)
    assert results(g) == {"mastermind": "lose", "protagonist1": "win", "protagonist2": "win", "protagonist3": "win"}


# ---------------------------------------------------------------- The Sealed Conclusion
def test_the_sealed_conclusion_counts_despair_on_the_characters_at_the_shrine_as_intrigue_there():
    """Seed 000, The Sealed Conclusion: at day end, 2+ Intrigue on the Shrine lets the Mastermind kill
    the Protagonists; Hope and Despair on the characters there count in the total (Despair for, Hope against)."""
    g = start(sealed(), {"phase": "day_end", "extra_cards": DEALT, "locations": {"shrine": {"intrigue": 1}},
                         "characters": {"shrine_maiden": {"despair": 1}}})
    assert "plot:the_sealed_conclusion:0" in pending(g).options
    answer(g, "day_end_ability", "plot:the_sealed_conclusion:0")
    assert g.loop == 2 and g.loop_results[0].lost
    hoped = start(sealed(), {"phase": "day_end", "extra_cards": DEALT, "locations": {"shrine": {"intrigue": 2}},
                             "characters": {"shrine_maiden": {"hope": 1}}})
    assert "plot:the_sealed_conclusion:0" not in pending(hoped).options


def test_the_sealed_conclusion_does_not_count_intrigue_on_the_characters():
    g = start(sealed(), {"phase": "day_end", "extra_cards": DEALT, "locations": {"shrine": {"intrigue": 1}},
                         "characters": {"shrine_maiden": {"intrigue": 3}}})
    assert "plot:the_sealed_conclusion:0" not in pending(g).options


# ---------------------------------------------------------------- World of Rebellion
REBELLION_CAST = {"girl_student": "key_person", "shrine_maiden": "fragment", "class_rep": "secretkeeper", "pop_idol": "wildcard",
                  "boy_student": "serial_killer", "office_worker": "conspiracy_theorist", "teacher": "person"}
REBELLION = ("world_of_rebellion", ["the_real_monster", "the_mythomaniacs_secret"])
POP_IDOL_CULPRIT = {"day": 3, "incident": "missing_person", "culprit": "pop_idol"}


def test_world_of_rebellion_needs_a_girl_key_person_and_a_girl_fragment():
    """Seed 000, World of Rebellion: the Key Person and the Fragment must both be Girls."""
    assert problems(ll_data(*REBELLION, REBELLION_CAST, [POP_IDOL_CULPRIT])) == []
    boy = {**REBELLION_CAST, "shrine_maiden": "person", "teacher": "fragment"}
    assert "fragment-must-be-a-girl" in problems(ll_data(*REBELLION, boy, [POP_IDOL_CULPRIT]))


def test_world_of_rebellion_loses_the_loop_with_two_intrigue_on_the_key_person_hope_and_despair_counted():
    """Seed 000, World of Rebellion: at loop end, 2+ Intrigue on the Key Person: the Protagonists lose
    (a Despair counts toward that Intrigue, a Hope against it)."""
    script = ll(*REBELLION, REBELLION_CAST, [POP_IDOL_CULPRIT])
    def loop_end(**kp: int):
        return start(script, {"phase": "loop_end", "day": 4, "extra_cards": DEALT, "characters": {"girl_student": kp}})
    assert loop_end(intrigue=2).loop_results[0].lost
    assert loop_end(intrigue=1, despair=1).loop_results[0].lost
    assert not loop_end(intrigue=2, hope=1).loop_results[0].lost


# ---------------------------------------------------------------- The Demon's Script and the Watcher
DEMON_CAST = {"patient": "watcher", "boy_student": "serial_killer", "class_rep": "secretkeeper", "girl_student": "wildcard",
              "office_worker": "conspiracy_theorist", "nurse": "person", "doctor": "person", "rich_mans_daughter": "person"}
DEMON = ("the_demons_script", ["i_am_the_true_detective", "crossing_world_lines"])
LAST_WILL = {"day": 2, "incident": "last_will", "culprit": "rich_mans_daughter"}
MURDER_3 = {"day": 3, "incident": "murder", "culprit": "girl_student"}


def demon(incidents=(LAST_WILL, MURDER_3), **kw: Any):
    return ll(*DEMON, DEMON_CAST, incidents, **kw)


def test_last_will_the_culprit_dies_and_the_next_loop_the_protagonists_get_hope_plus_1():
    """Seed 000, Last Will: the culprit dies; at the start of the next loop the Protagonists add Hope +1
    to their hands. (The Demon's Script loses the loop because Last Will occurred.)"""
    g = start(demon(), {"phase": "incident", "day": 2, "extra_cards": DEALT, "characters": {"rich_mans_daughter": {"paranoia": 1}}})
    assert died(g) == ["rich_mans_daughter"]
    assert "hope_plus_1" not in g.hands.held["protagonist1"]
    quiet_until(g, lambda s: s.loop == 2)
    assert g.loop_results[0].lost  # The Demon's Script: Last Will occurred this loop
    assert all("hope_plus_1" in g.hands.held[h] for h in ("protagonist1", "protagonist2", "protagonist3"))


def test_the_demons_script_loses_the_loop_when_the_executor_occurred():
    executor = {"day": 2, "incident": "the_executor", "culprit": "doctor"}
    g = start(demon([executor, MURDER_3]), {"phase": "loop_end", "day": 4, "extra_cards": DEALT, "occurred": [2]})
    assert g.loop_results[0].lost


def test_the_demons_script_at_the_last_days_end_a_watcher_with_one_counter_lets_the_mastermind_kill():
    """Seed 000, The Demon's Script: at the end of the last day, 1 or fewer counters in all on the
    Watcher: the Mastermind may kill the Protagonists (2 counters of any kinds: it may not)."""
    g = start(demon(), {"phase": "day_end", "day": 4, "extra_cards": DEALT, "characters": {"patient": {"goodwill": 1}}})
    assert "plot:the_demons_script:1" in pending(g).options
    busy = start(demon(), {"phase": "day_end", "day": 4, "extra_cards": DEALT, "characters": {"patient": {"goodwill": 1, "hope": 1}}})
    assert "plot:the_demons_script:1" not in pending(busy).options
    early = start(demon(), {"phase": "day_end", "day": 3, "extra_cards": DEALT})
    assert "plot:the_demons_script:1" not in pending(early).options


def test_the_watcher_makes_an_incident_occur_when_its_culprit_here_has_despair():
    """Seed 000, Watcher: an incident whose living culprit is at the Watcher's location and has 1 or
    more Despair always occurs, whatever its other counters."""
    murder = {"day": 1, "incident": "murder", "culprit": "doctor"}
    inc = [murder, {"day": 3, "incident": "increasing_unease", "culprit": "boy_student"}]
    g = start(detective(inc), {"phase": "incident", "extra_cards": DEALT, "characters": {"doctor": {"despair": 1}}})
    assert "incident" in event_types(g)  # the Doctor (0 Paranoia) is at the Hospital with the Patient, the Watcher
    away = start(detective(inc), {"phase": "incident", "extra_cards": DEALT, "characters": {"doctor": {"despair": 1, "at": "city"}}})
    assert "incident_none" in event_types(away)


def test_crossing_world_lines_in_last_liar_gives_the_mastermind_despair_plus_1_on_even_loops():
    """Seed 000, Crossing World Lines: at the start of even-numbered loops the Mastermind adds Despair +1."""
    g = start(demon(), {"phase": "loop_start", "loop": 2, "extra_cards": DEALT})
    assert "despair_plus_1" in g.hands.held["mastermind"]
    odd = start(demon(), {"phase": "loop_start", "loop": 3, "extra_cards": DEALT})
    assert "despair_plus_1" not in odd.hands.held["mastermind"]


# ---------------------------------------------------------------- the Fragment, The Light of Hope, The Murk of Despair
def test_last_liars_fragment_gives_despair_plus_1_when_dead_at_the_previous_loops_end():
    """Seed 000, Fragment: at loop start, if it was dead at the previous loop's end, the Mastermind adds Despair +1."""
    g = start(sealed(), {"phase": "loop_start", "loop": 2, "extra_cards": DEALT, "previous_loop": {"dead": ["shrine_maiden"]}})
    assert "despair_plus_1" in g.hands.held["mastermind"]
    alive = start(sealed(), {"phase": "loop_start", "loop": 2, "extra_cards": DEALT,
                             "previous_loop": {"goodwill": {"shrine_maiden": 2}}})
    assert all("hope_plus_1" in alive.hands.held[h] for h in ("protagonist1", "protagonist2", "protagonist3"))


def test_last_liars_fragment_is_a_plot_role_the_final_guess_must_name():
    """In Last Liar the Fragment is one of its plots' roles, not a Person made into it: a Person guess
    for it is wrong (docs/rulings.md, ll-fragment)."""
    g = start(sealed(), {"phase": "final_guess", "loop": 4, "day": 4, "extra_cards": DEALT})
    assert not guess_is_right(g, "shrine_maiden", "person") and guess_is_right(g, "shrine_maiden", "fragment")


def test_the_mythomaniacs_secret_may_add_a_fragment():
    cast = {"nurse": "witch", "teacher": "brain", "boy_student": "serial_killer", "pop_idol": "influencer",
            "office_worker": "conspiracy_theorist", "girl_student": "fragment"}
    assert problems(ll_data("giant_time_bomb_yet_again", ["social_media_paranoia", "the_mythomaniacs_secret"], cast)) == []


def test_the_light_of_hope_occurs_by_goodwill_and_the_leader_places_hope():
    """Seed 000, The Light of Hope: the Leader chooses a character for a Hope counter; whether it occurs
    is decided by the culprit's Goodwill instead of its Paranoia."""
    light = {"day": 2, "incident": "light_of_hope", "culprit": "teacher"}
    g = start(sealed([light, WILDCARD_CULPRIT]), {"phase": "incident", "day": 2, "extra_cards": DEALT, "leader": 2,
                                                 "characters": {"teacher": {"goodwill": 2}}})
    d = pending(g)
    assert d.kind == "choose_target" and d.seat == "protagonist2"
    answer(g, "choose_target", "class_rep")
    assert counters(g, "class_rep")["hope"] == 1
    by_paranoia = start(sealed([light, WILDCARD_CULPRIT]), {"phase": "incident", "day": 2, "extra_cards": DEALT,
                                                           "characters": {"teacher": {"paranoia": 2}}})
    assert "incident_none" in event_types(by_paranoia)


def test_the_murk_of_despair_places_a_despair_counter():
    murk = {"day": 2, "incident": "murk_of_despair", "culprit": "teacher"}
    g = start(sealed([murk, WILDCARD_CULPRIT]), {"phase": "incident", "day": 2, "extra_cards": DEALT,
                                                "characters": {"teacher": {"paranoia": 2}}})
    answer(g, "choose_target", "doctor")
    assert counters(g, "doctor")["despair"] == 1

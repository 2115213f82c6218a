"""Another Horizon's incidents (seed 000, "Another Horizon: Incidents"; AH FAQ Q23-Q26)."""

from __future__ import annotations

from tests.helpers import answer, counters, died, event_types, pending, start

from .ah import finish_day, rule_script, warps

CAST = {"nurse": "person", "doctor": "person", "office_worker": "person", "pop_idol": "person", "boy_student": "person",
        "girl_student": "person"}
HANDS = ("protagonist1", "protagonist2", "protagonist3")


def _on(incident: str, culprit: str = "nurse", day: int = 2, cast: dict | None = None, main: str = "fairy_tale_murderer", **sit) -> object:
    script = rule_script(cast or CAST, [{"day": day, "incident": incident, "culprit": culprit}], main=main)
    return start(script, {"day": day, "phase": "incident", **sit})


# ---------------------------------------------------------------- Crime of Passion
def test_crime_of_passion_kills_another_character_here_with_the_culprits_limit_1_lower():
    """Seed 000, Crime of Passion: one other character here dies; the culprit's Paranoia limit is 1 lower."""
    g = _on("crime_of_passion", characters={"nurse": {"paranoia": 2}})  # the Nurse's limit is 3
    assert died(g) == ["doctor"]
    g = _on("crime_of_passion", characters={"nurse": {"paranoia": 1}})
    assert "incident_none" in event_types(g)


def test_crime_of_passion_with_nobody_else_here_kills_nobody():
    g = _on("crime_of_passion", characters={"nurse": {"paranoia": 2}, "doctor": {"at": "city"}})
    assert "incident" in event_types(g) and died(g) == []


def test_ah_faq_q23_a_sect_founder_crime_of_passion_needs_just_1_paranoia():
    """AH FAQ A23: her trait doubles the incident's effects, the lower limit included: limit 3 - 2 = 1."""
    cast = {**CAST, "sect_founder": "person"}
    g = _on("crime_of_passion", culprit="sect_founder", cast=cast,
            characters={"sect_founder": {"paranoia": 1}, "nurse": {"at": "shrine"}, "doctor": {"at": "shrine"}})
    assert "incident" in event_types(g)
    g = _on("crime_of_passion", culprit="sect_founder", cast=cast, characters={"sect_founder": {"paranoia": 0}})
    assert "incident_none" in event_types(g)


# ---------------------------------------------------------------- Dimensional Distortion
def test_dimensional_distortion_always_occurs_and_triggers_a_warp():
    """Seed 000, Dimensional Distortion: trigger a Warp; it always triggers regardless of the counters."""
    g = _on("dimensional_distortion")
    assert "incident" in event_types(g) and len(warps(g)) == 1
    finish_day(g)
    assert g.board.gauges["extra"] == 1


def test_ah_faq_q24_a_henchmans_dimensional_distortion_does_not_occur_once_his_ability_was_used():
    """AH FAQ A24: no: the Henchman's Goodwill ability stops his incidents, this one included."""
    cast = {**CAST, "henchman": "person"}
    g = _on("dimensional_distortion", culprit="henchman", cast=cast, characters={"henchman": {"at": "city"}},
            loop_flags={"no_incidents": ["henchman"]})
    assert "incident_none" in event_types(g) and warps(g) == []


# ---------------------------------------------------------------- Dimensional Perversion
def test_dimensional_perversion_may_warp_then_2_paranoia_and_2_goodwill_on_two_characters():
    """Seed 000, Dimensional Perversion: you may trigger a Warp; 2 Paranoia on any character, 2 Goodwill on any other."""
    g = _on("dimensional_perversion", characters={"nurse": {"paranoia": 3}})
    answer(g, "trigger_warp", "warp")
    answer(g, "choose_target", "doctor")
    assert "doctor" not in pending(g).options
    answer(g, "choose_target", "pop_idol")
    assert counters(g, "doctor")["paranoia"] == 2 and counters(g, "pop_idol")["goodwill"] == 2 and len(warps(g)) == 1


def test_dimensional_perversion_without_the_warp():
    g = _on("dimensional_perversion", characters={"nurse": {"paranoia": 3}})
    answer(g, "trigger_warp", "no_warp")
    assert warps(g) == []


# ---------------------------------------------------------------- Left Behind
def test_left_behind_intrigue_here_then_the_culprit_moves_anywhere():
    """Seed 000, Left Behind: 1 Intrigue on a character here, then move the culprit to any location."""
    g = _on("left_behind", characters={"nurse": {"paranoia": 3}})
    answer(g, "choose_target", "doctor")
    assert counters(g, "doctor")["intrigue"] == 1
    answer(g, pending(g).kind, "shrine")
    assert g.board.chars["nurse"].location == "shrine"


# ---------------------------------------------------------------- Dimensional Fracture
def test_dimensional_fracture_may_warp_and_kills_the_protagonists_with_3_kinds_on_the_culprit():
    """Seed 000, Dimensional Fracture: you may trigger a Warp; with 3 or more kinds of counters on the culprit, kill the Protagonists."""
    g = _on("dimensional_fracture", characters={"nurse": {"paranoia": 3, "goodwill": 1, "intrigue": 1}})
    answer(g, "trigger_warp", "warp")
    assert "protagonists_die" in event_types(g)
    g = _on("dimensional_fracture", characters={"nurse": {"paranoia": 3, "goodwill": 1}})
    answer(g, "trigger_warp", "no_warp")
    assert "protagonists_die" not in event_types(g)


# ---------------------------------------------------------------- Phantasmal Incident
def test_phantasmal_incident_is_decided_by_intrigue_and_resolves_as_one_of_three():
    """Seed 000, Phantasmal Incident: resolve Crime of Passion, Dimensional Perversion or Left Behind;
    whether it triggers counts Intrigue on the culprit."""
    g = _on("phantasmal_incident", characters={"nurse": {"paranoia": 3}})
    assert "incident_none" in event_types(g)
    g = _on("phantasmal_incident", characters={"nurse": {"intrigue": 3}})
    assert list(pending(g).options) == ["crime_of_passion", "dimensional_perversion", "left_behind"]
    answer(g, "choose_effect", "crime_of_passion")
    assert died(g) == ["doctor"]


def test_phantasmal_incident_in_the_dark_world_still_counts_intrigue():
    """Change of Heart switches only Paranoia for Goodwill: an Intrigue trigger stays Intrigue."""
    g = _on("phantasmal_incident", gauges={"extra": 1}, characters={"nurse": {"intrigue": 3}})
    assert "incident" in event_types(g)


# ---------------------------------------------------------------- Hospital Incident, Last Will, Murk, Seeping Daylight
def test_hospital_incident_in_another_horizon():
    g = _on("hospital_incident", characters={"nurse": {"paranoia": 3}}, locations={"hospital": {"intrigue": 2}})
    assert set(died(g)) == {"nurse", "doctor"} and "protagonists_die" in event_types(g)


def test_last_will_the_culprit_dies_and_the_protagonists_get_hope_next_loop():
    g = _on("last_will", characters={"nurse": {"paranoia": 3}}, day=6, main="mother_goose_mystery")  # its corpse loses loop 1
    assert died(g) == ["nurse"]
    finish_day(g)
    assert g.loop == 2 and all("hope_plus_1" in g.hands.held[h] for h in HANDS)


def test_the_murk_of_despair_puts_a_despair_counter_on_any_character():
    g = _on("murk_of_despair", characters={"nurse": {"paranoia": 3}})
    answer(g, "choose_target", "girl_student")
    assert counters(g, "girl_student")["despair"] == 1


def test_seeping_daylight_the_leader_puts_a_hope_counter_on_a_character():
    """Seed 000, Seeping Daylight: the Leader chooses a character; 1 Hope on it (decided by Paranoia:
    docs/rulings.md ah-seeping-daylight)."""
    g = _on("seeping_daylight", characters={"nurse": {"paranoia": 3}})
    assert pending(g).seat.startswith("protagonist")
    answer(g, "choose_target", "doctor")
    assert counters(g, "doctor")["hope"] == 1


# ---------------------------------------------------------------- The Singularity
def test_the_singularity_in_the_light_world_the_first_time_warps_and_kills_the_protagonists():
    """Seed 000, The Singularity: in the Light World trigger a Warp; the first time this game, kill the Protagonists."""
    g = _on("the_singularity", characters={"nurse": {"paranoia": 3}})
    assert len(warps(g)) == 1 and "protagonists_die" in event_types(g)


def test_the_singularity_in_the_dark_world_kills_with_intrigue_on_the_culprits_start():
    """Seed 000, The Singularity: in the Dark World, with 1 or more Intrigue on the culprit's starting location, kill the Protagonists."""
    g = _on("the_singularity", gauges={"extra": 1}, characters={"nurse": {"goodwill": 3}}, locations={"hospital": {"intrigue": 1}})
    assert warps(g) == [] and "protagonists_die" in event_types(g)
    g = _on("the_singularity", gauges={"extra": 1}, characters={"nurse": {"goodwill": 3}})
    assert "incident" in event_types(g) and "protagonists_die" not in event_types(g)


def test_ah_faq_q25_the_singularity_remembers_its_first_time_across_loops_and_worlds():
    """AH FAQ A25: it triggered in the Dark World on day 2 of loop 1: in loop 2, the same incident in
    the Light World does not kill; a different The Singularity triggering for the first time does."""
    cast = {**CAST}
    two = [{"day": 2, "incident": "the_singularity", "culprit": "nurse"}, {"day": 3, "incident": "the_singularity", "culprit": "doctor"}]
    g = start(rule_script(cast, two), {"day": 2, "phase": "incident", "gauges": {"extra": 1}, "characters": {"nurse": {"goodwill": 3}}})
    assert "incident" in event_types(g) and g.remembered == [0]
    # loop 2: the remembered day-2 Singularity, in the Light World
    g = start(rule_script(cast, two), {"loop": 2, "day": 2, "phase": "incident", "remembered": [2], "characters": {"nurse": {"paranoia": 3}}})
    assert len(warps(g)) == 1 and "protagonists_die" not in event_types(g)
    g = start(rule_script(cast, two), {"loop": 2, "day": 3, "phase": "incident", "remembered": [2], "characters": {"doctor": {"paranoia": 2}}})
    assert "protagonists_die" in event_types(g)


def test_the_singularitys_memory_lasts_through_a_real_loop_change():
    cast = {**CAST}
    g = start(rule_script(cast, [{"day": 2, "incident": "the_singularity", "culprit": "nurse"}], days=2, main="mother_goose_mystery"),
              {"day": 2, "phase": "incident", "gauges": {"extra": 1}, "characters": {"nurse": {"goodwill": 3}, "doctor": {"dead": True}}})
    finish_day(g)
    assert g.loop == 2 and g.remembered == [0]


def test_ah_faq_q26_the_ai_resolving_the_singularity_only_warps_and_is_not_its_first_time():
    """AH FAQ A26: the A.I. resolving a The Singularity that had not triggered this game only causes a
    Warp (its ability is not the incident triggering); if the incident then triggers later that loop
    in the Light World, the Protagonists die."""
    cast = {**CAST, "ai": "person"}
    sched = [{"day": 2, "incident": "the_singularity", "culprit": "nurse"}]
    g = start(rule_script(cast, sched), {"day": 1, "phase": "goodwill_abilities", "characters": {"ai": {"goodwill": 3}}})
    answer(g, "goodwill_ability", "ai:gw:0")
    answer(g, "goodwill_refusal", "allow")
    if pending(g).kind == "choose_incident":
        answer(g, "choose_incident", "the_singularity")
    assert "protagonists_die" not in event_types(g) and len(warps(g)) == 2  # the Singularity's and the 1x∞ ability's
    assert g.remembered == []
    g = start(rule_script(cast, sched), {"day": 2, "phase": "incident", "warps_today": 0, "characters": {"nurse": {"paranoia": 3}}})
    assert "protagonists_die" in event_types(g)

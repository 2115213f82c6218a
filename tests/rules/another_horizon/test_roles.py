"""Another Horizon's roles (seed 000, "Another Horizon: Roles"; AH FAQ Q12-Q16)."""

from __future__ import annotations

from scriptkeeper.tragedy_looper.query import refusal
from tests.helpers import answer, counters, died, event_types, pending, start, use

from .ah import finish_day, gauge_moves, rule_script, warps

HANDS = ("protagonist1", "protagonist2", "protagonist3")


def _menu(g) -> list:
    d = pending(g)
    assert d.kind in ("mastermind_ability", "day_end_ability"), d.kind
    return list(d.options)


# ---------------------------------------------------------------- Marionette
def test_marionette_dies_and_warps_after_its_goodwill_ability_with_2_kinds_of_counters():
    """Seed 000, Marionette: after its Goodwill ability resolves, with 2 or more kinds of counters it dies and triggers a Warp."""
    g = start(rule_script({"office_worker": "marionette", "nurse": "person"}),
              {"day": 1, "phase": "goodwill_abilities", "characters": {"office_worker": {"goodwill": 3, "paranoia": 1}}})
    use(g, "office_worker:gw:0")
    assert died(g) == ["office_worker"] and len(warps(g)) == 1


def test_marionette_with_one_kind_of_counters_stays_alive():
    g = start(rule_script({"office_worker": "marionette", "nurse": "person"}),
              {"day": 1, "phase": "goodwill_abilities", "characters": {"office_worker": {"goodwill": 3}}})
    use(g, "office_worker:gw:0")
    assert died(g) == [] and warps(g) == []


def test_ah_faq_q12_a_marionette_police_officer_guarding_himself_only_warps():
    """AH FAQ A12: his Goodwill 5 puts a Guard counter on him; then the Marionette's ability sees
    Goodwill and Guard, kills him, and triggers a Warp; the death is replaced by removing the Guard.
    Only a Warp happens (one more besides the 1x∞ ability's own, on the same day: the gauge rises by 1)."""
    g = start(rule_script({"police_officer": "marionette", "nurse": "person"}),
              {"day": 1, "phase": "goodwill_abilities", "characters": {"police_officer": {"goodwill": 5}}})
    use(g, "police_officer:gw:1")
    if pending(g).kind == "choose_target":
        answer(g, "choose_target", "police_officer")
    assert died(g) == [] and counters(g, "police_officer").get("guard", 0) == 0 and "guard" in event_types(g)
    assert len(warps(g)) == 2
    finish_day(g)
    assert gauge_moves(g) == [1]


def test_ah_faq_q13_a_marionette_scientist_clears_his_counters_and_nothing_happens():
    """AH FAQ A13: the Scientist removes all his counters; the Marionette's ability sees 0 kinds."""
    g = start(rule_script({"scientist": "marionette", "nurse": "person"}),
              {"day": 1, "phase": "goodwill_abilities", "characters": {"scientist": {"goodwill": 3, "paranoia": 1, "intrigue": 1}}})
    use(g, "scientist:gw:0")
    assert died(g) == [] and warps(g) == []


def test_ah_faq_q14_a_marionette_illusion_off_the_board_is_no_character():
    """AH FAQ A14: removed from the board, the Illusion is no character; the Marionette's ability does nothing."""
    g = start(rule_script({"illusion": "marionette", "nurse": "person"}),
              {"day": 1, "phase": "goodwill_abilities", "characters": {"illusion": {"goodwill": 4, "paranoia": 1}}})
    use(g, "illusion:gw:1")
    assert died(g) == [] and warps(g) == [] and g.board.chars["illusion"].alive


# ---------------------------------------------------------------- Lullaby
LULLABY = {"pop_idol": "lullaby", "office_worker": "person", "nurse": "person"}


def test_lullaby_the_target_of_its_goodwill_ability_dies_once_it_resolves():
    """Seed 000, Lullaby: after resolving this character's Goodwill ability, the target of that ability dies."""
    g = start(rule_script(LULLABY), {"day": 1, "phase": "goodwill_abilities", "characters": {"pop_idol": {"goodwill": 4}}})
    use(g, "pop_idol:gw:1")
    assert counters(g, "office_worker")["goodwill"] == 1 and died(g) == ["office_worker"]


def test_ah_faq_q15_a_lullaby_whose_ability_targets_no_character_kills_nobody():
    """AH FAQ A15: the Office Worker's ability has no target: nothing happens."""
    g = start(rule_script({"office_worker": "lullaby", "nurse": "person"}),
              {"day": 1, "phase": "goodwill_abilities", "characters": {"office_worker": {"goodwill": 3}}})
    use(g, "office_worker:gw:0")
    assert died(g) == [] and g.revealed_roles["office_worker"] == "lullaby"


def test_ah_faq_q16_a_lullaby_forensic_specialist_moving_a_counter_kills_both_characters_it_chose():
    """AH FAQ Q16 (no answer in the seed; docs/rulings.md ah-faq-q16): both characters his ability chose die."""
    g = start(rule_script({"forensic_specialist": "lullaby", "office_worker": "person", "pop_idol": "person"}),
              {"day": 1, "phase": "goodwill_abilities",
               "characters": {"forensic_specialist": {"goodwill": 2}, "office_worker": {"paranoia": 1}}})
    use(g, "forensic_specialist:gw:0")  # one possible move: 1 Paranoia from the Office Worker to the Pop Idol
    assert counters(g, "pop_idol")["paranoia"] == 1 and sorted(died(g)) == ["office_worker", "pop_idol"]


def test_lullaby_may_place_paranoia_or_goodwill_here_once_per_loop():
    """Seed 000, Lullaby: optional, 1x∞: 1 Paranoia or Goodwill on a character in its location."""
    g = start(rule_script(LULLABY), {"day": 1, "phase": "mastermind_abilities"})
    answer(g, "mastermind_ability", "pop_idol:lullaby:1")
    answer(g, "choose_target", "office_worker")
    answer(g, "choose_effect", 1)
    assert counters(g, "office_worker")["goodwill"] == 1
    g2 = start(rule_script(LULLABY), {"day": 2, "phase": "mastermind_abilities", "abilities_used_this_loop": ["pop_idol:lullaby:1"]})
    assert "pop_idol:lullaby:1" not in _menu(g2)


def test_lullaby_with_4_kinds_of_counters_may_kill_the_protagonists_at_day_end():
    """Seed 000, Lullaby: at the end of the day, with 4 or more kinds of counters, you may kill the Protagonists."""
    four = {"paranoia": 1, "goodwill": 1, "intrigue": 1, "hope": 1}
    g = start(rule_script(LULLABY), {"day": 1, "phase": "day_end", "characters": {"pop_idol": four}})
    answer(g, "day_end_ability", "pop_idol:lullaby:2")
    assert "protagonists_die" in event_types(g)
    g = start(rule_script(LULLABY), {"day": 1, "phase": "day_end", "characters": {"pop_idol": {**four, "hope": 0}}})
    assert "pop_idol:lullaby:2" not in _menu(g)


# ---------------------------------------------------------------- Storyteller
STORY = {"teacher": "storyteller", "boy_student": "person", "girl_student": "person", "nurse": "person"}


def test_storyteller_cannot_die():
    g = start(rule_script(STORY, [{"day": 1, "incident": "crime_of_passion", "culprit": "boy_student"}]),
              {"day": 1, "phase": "incident", "characters": {"boy_student": {"paranoia": 1}, "girl_student": {"at": "city"}}})
    assert died(g) == [] and g.board.chars["teacher"].alive


def test_storyteller_moves_a_counter_between_two_others_here_once_the_gauge_is_1():
    """Seed 000, Storyteller: if the Extra Gauge is 1 or higher, move 1 counter between two other characters here."""
    g = start(rule_script(STORY), {"day": 1, "phase": "mastermind_abilities", "characters": {"boy_student": {"paranoia": 2}}})
    assert "teacher:storyteller:0" not in _menu(g)
    g = start(rule_script(STORY), {"day": 1, "phase": "mastermind_abilities", "gauges": {"extra": 1},
                                   "characters": {"boy_student": {"paranoia": 2}}})
    answer(g, "mastermind_ability", "teacher:storyteller:0")  # one possible move: the Boy's Paranoia to the Girl
    assert counters(g, "boy_student")["paranoia"] == 1 and counters(g, "girl_student")["paranoia"] == 1


def test_storyteller_gives_hope_when_the_gauge_ended_the_previous_loop_at_3_or_more():
    """Seed 000, Storyteller: at the start of the loop, if the Extra Gauge was 3 or more at the end of the previous loop,
    the Protagonists add Hope +1 to hand."""
    for gauge, hope in ((3, True), (2, False)):
        g = start(rule_script(STORY), {"loop": 2, "phase": "loop_start", "previous_loop": {"gauges": {"extra": gauge}}})
        assert all(("hope_plus_1" in g.hands.held[h]) == hope for h in HANDS)


# ---------------------------------------------------------------- Shifter
SHIFT = {"doctor": "shifter", "nurse": "person"}


def test_shifter_may_kill_the_protagonists_at_the_last_day_end_with_2_or_fewer_kinds():
    """Seed 000, Shifter: at the end of the last day, with 2 or fewer kinds of counters, you may kill the Protagonists."""
    g = start(rule_script(SHIFT), {"day": 6, "phase": "day_end", "characters": {"doctor": {"paranoia": 1, "goodwill": 1}}})
    answer(g, "day_end_ability", "doctor:shifter:0")
    assert "protagonists_die" in event_types(g)
    g = start(rule_script(SHIFT), {"day": 6, "phase": "day_end", "characters": {"doctor": {"paranoia": 1, "goodwill": 1, "intrigue": 1}}})
    assert "doctor:shifter:0" not in _menu(g)
    g = start(rule_script(SHIFT), {"day": 5, "phase": "day_end"})
    assert "doctor:shifter:0" not in _menu(g)  # the last day only


def test_shifter_cannot_die_and_ignores_forbid_goodwill():
    """Seed 000, Shifter: Unkillable; ignore Forbid Goodwill cards played on this character."""
    g = start(rule_script(SHIFT, [{"day": 1, "incident": "crime_of_passion", "culprit": "nurse"}]),
              {"day": 1, "phase": "incident", "characters": {"nurse": {"paranoia": 2}}})
    assert died(g) == [] and g.board.chars["doctor"].alive
    cards = [{"by": "mastermind", "card": "forbid_goodwill", "target": "doctor"},
             {"by": "protagonist1", "card": "goodwill_plus_1", "target": "doctor"}]
    g = start(rule_script(SHIFT), {"day": 1, "phase": "resolution", "cards": cards})
    assert counters(g, "doctor")["goodwill"] == 1
    g = start(rule_script({**SHIFT, "doctor": "person"}), {"day": 1, "phase": "resolution", "cards": cards})
    assert counters(g, "doctor")["goodwill"] == 0


# ---------------------------------------------------------------- Alice
ALICE = {"shrine_maiden": "alice", "alien": "person", "sect_founder": "person", "nurse": "person"}


def test_alice_dead_at_the_loop_end_the_protagonists_lose():
    """Seed 000, Alice: at the end of the loop, if this character is dead, the Protagonists lose."""
    g = start(rule_script(ALICE, main="fairy_tale_murderer", subplots=("through_the_looking_glass", "crossing_world_lines")),
              {"day": 6, "phase": "day_end", "characters": {"shrine_maiden": {"dead": True}}})
    finish_day(g)
    assert g.loop_results[0].lost


def test_alice_after_her_goodwill_ability_with_the_gauge_at_1_gives_hope_to_each_other_character_here():
    """Seed 000, Alice: 1x∞, after her Goodwill ability resolves, if the Extra Gauge is 1 or higher,
    1 Hope on each other character in her location."""
    g = start(rule_script({**ALICE, "shrine_maiden": "person", "alien": "alice"}), {"day": 1, "phase": "goodwill_abilities", "gauges": {"extra": 2},
                                         "characters": {"alien": {"goodwill": 5}, "nurse": {"at": "shrine", "dead": True}}})
    use(g, "alien:gw:1")
    answer(g, "choose_target", "nurse") if pending(g).kind == "choose_target" else None
    assert counters(g, "shrine_maiden").get("hope") == 1 and counters(g, "nurse").get("hope") == 1  # revived, then given Hope
    assert counters(g, "alien").get("hope", 0) == 0 and counters(g, "sect_founder").get("hope") == 1


# ---------------------------------------------------------------- Pied Piper
PIPER = {"police_officer": "pied_piper", "office_worker": "person", "nurse": "person", "pop_idol": "person"}


def test_pied_piper_kills_one_character_here_at_day_end_once_the_gauge_is_2_once_per_loop():
    """Seed 000, Pied Piper: mandatory, 1x∞: at the end of the day, if the Extra Gauge is 2 or more, one character here dies."""
    g = start(rule_script(PIPER), {"day": 1, "phase": "day_end", "gauges": {"extra": 2}})
    answer(g, "choose_target", "office_worker")
    assert died(g) == ["office_worker"]
    finish_day(g)
    g2 = start(rule_script(PIPER), {"day": 2, "phase": "day_end", "gauges": {"extra": 2}, "abilities_used_this_loop": ["police_officer:pied_piper:0"]})
    assert died(g2) == []
    g3 = start(rule_script(PIPER), {"day": 1, "phase": "day_end", "gauges": {"extra": 1}})
    assert died(g3) == []


def test_pied_piper_intrigue_on_corpses_3_in_all_kills_the_protagonists():
    """Seed 000, Pied Piper: optional: 1 Intrigue on a corpse here; then with 3 or more Intrigue on all corpses, kill the Protagonists."""
    g = start(rule_script(PIPER), {"day": 1, "phase": "day_end",
                                   "characters": {"office_worker": {"dead": True, "intrigue": 1}, "nurse": {"dead": True, "intrigue": 1}}})
    answer(g, "day_end_ability", "police_officer:pied_piper:1")
    assert "protagonists_die" in event_types(g) and counters(g, "office_worker")["intrigue"] == 2


def test_pied_piper_has_goodwill_refusal():
    g = start(rule_script(PIPER), {"day": 1, "phase": "mastermind_abilities"})
    assert refusal(g, "police_officer") == "optional"


# ---------------------------------------------------------------- Gossip
GOSSIP = {"journalist": "gossip", "office_worker": "person", "nurse": "person"}


def test_gossip_places_goodwill_here_in_the_mastermind_abilities_phase():
    g = start(rule_script(GOSSIP), {"day": 1, "phase": "mastermind_abilities"})
    answer(g, "mastermind_ability", "journalist:gossip:0")
    answer(g, "choose_target", "office_worker")
    assert counters(g, "office_worker")["goodwill"] == 1


def test_gossip_dying_leaves_despair_here_and_may_warp():
    """Seed 000, Gossip: when it dies, 1 Despair on a character here, and you may trigger a Warp."""
    g = start(rule_script(GOSSIP, [{"day": 1, "incident": "crime_of_passion", "culprit": "office_worker"}]),
              {"day": 1, "phase": "incident", "characters": {"office_worker": {"paranoia": 1}}})
    assert died(g) == ["journalist"] and counters(g, "office_worker")["despair"] == 1
    answer(g, "trigger_warp", "no_warp")
    assert warps(g) == []


def test_gossip_has_a_maximum_of_one():
    from .ah import ah_data, problems

    data = ah_data("fairy_tale_murderer", ["unspeakable_horrors", "hysteria_virus"],
                   {"girl_student": "key_person", "police_officer": "lullaby", "doctor": "brain", "pop_idol": "l_conspiracy_theorist_d_obstinate",
                    "journalist": "gossip", "nurse": "gossip", "office_worker": "fragment", "boy_student": "conspiracy_theorist"},
                   [{"day": 2, "incident": "left_behind", "culprit": "pop_idol"}])
    assert "role-maximum" in problems(data)
    assert problems({**data, "cast": {k: v for k, v in data["cast"].items() if k != "nurse"}}) == []


# ---------------------------------------------------------------- the base roles in Another Horizon
def test_obstinate_must_be_a_culprit_and_its_incidents_always_occur():
    from .ah import ah_data, problems

    data = ah_data("into_nothingness", ["jekyll_and_hyde", "the_plaguebringer"],
                   {"nurse": "obstinate", "alien": "marionette", "office_worker": "marionette", "doctor": "brain",
                    "little_sister": "l_key_person_d_brain", "journalist": "l_pied_piper_d_gossip"})
    assert "obstinate-must-be-a-culprit" in problems(data)
    assert problems({**data, "incidents": [{"day": 2, "incident": "left_behind", "culprit": "nurse"}]}) == []
    g = start(rule_script({"nurse": "obstinate", "doctor": "person"}, [{"day": 2, "incident": "left_behind", "culprit": "nurse"}]),
              {"day": 2, "phase": "incident"})
    assert "incident" in event_types(g) and refusal(g, "nurse") == "mandatory"


def test_conspiracy_theorist_has_a_maximum_of_one():
    from .ah import ah_data, problems

    data = ah_data("fairy_tale_murderer", ["crossing_world_lines", "hysteria_virus"],
                   {"girl_student": "key_person", "police_officer": "lullaby", "doctor": "brain", "office_worker": "conspiracy_theorist",
                    "journalist": "gossip", "pop_idol": "fragment", "nurse": "conspiracy_theorist"})
    assert "role-maximum" in problems(data)


def test_a_character_dying_alone_makes_the_mastermind_answer_the_warp_question_too():
    """docs/rulings.md ah-gossip-question: a Gossip dying alone is asked whether it warps; so is the
    Mastermind when anyone else dies alone (No Warp its only answer): the question tells the table nothing."""
    from scriptkeeper.tragedy_looper.views import build_view

    last_will = [{"day": 1, "incident": "last_will", "culprit": "journalist"}]
    for role, options in (("gossip", ["warp", "no_warp"]), ("person", ["no_warp"])):
        g = start(rule_script({"journalist": role, "nurse": "person", "boy_student": "person"}, last_will),
                  {"day": 1, "phase": "incident", "characters": {"journalist": {"paranoia": 2}}})
        assert died(g) == ["journalist"]  # alone in the City: no Despair to place
        d = pending(g)
        assert d.kind == "trigger_warp" and list(d.options) == options
        assert build_view(g, "protagonist1")["waiting_for"] == "mastermind"


def test_no_warp_question_when_someone_else_dies_in_company():
    g = start(rule_script({"journalist": "person", "nurse": "person", "office_worker": "person"},
                          [{"day": 1, "incident": "last_will", "culprit": "journalist"}]),
              {"day": 1, "phase": "incident", "characters": {"journalist": {"paranoia": 2}}})
    assert died(g) == ["journalist"] and pending(g).kind != "trigger_warp"


def test_brain_places_intrigue_here_and_conspiracy_theorist_paranoia_in_another_horizon():
    """Seed 000, Brain and Conspiracy Theorist (as in Basic Tragedy)."""
    g = start(rule_script({"doctor": "brain", "nurse": "conspiracy_theorist", "soldier": "person"}),
              {"day": 1, "phase": "mastermind_abilities"})
    answer(g, "mastermind_ability", "doctor:brain:0")
    answer(g, "choose_target", "hospital")
    answer(g, "mastermind_ability", "nurse:conspiracy_theorist:0")
    answer(g, "choose_target", "soldier")
    assert g.board.locations["hospital"]["intrigue"] == 1 and counters(g, "soldier")["paranoia"] == 1


def test_fragment_dead_at_the_end_of_the_previous_loop_gives_the_mastermind_despair():
    """Seed 000, Fragment: dead at the end of the previous loop, the Mastermind adds Despair +1 (a second
    one in loop 2: the first loop's is the Mastermind's starting card only)."""
    g = start(rule_script({"pop_idol": "fragment", "nurse": "person"}), {"loop": 2, "phase": "loop_start",
                                                                        "previous_loop": {"dead": ["pop_idol"]}})
    assert g.hands.held["mastermind"].count("despair_plus_1") == 1

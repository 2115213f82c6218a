"""Every numbered question of the Rei General FAQ (seed 000, "General FAQ"), one scenario each,
named after it (Q27 and Q28, on the augmented sets, are in test_augmented_sets.py)."""

from scriptkeeper.tragedy_looper.actions import kill, place
from scriptkeeper.tragedy_looper.query import effective_role, refusal
from scriptkeeper.tragedy_looper.script import check_script
from tests.helpers import FS_BASE, answer, counters, died, event_types, make_script, options, place_cards, start, use
from tests.rules.midnight_zone.mz import mz_data

P_FILL = [("goodwill_plus_1", "hospital"), ("goodwill_plus_1", "shrine")]
MM_FILL = [("paranoia_plus_1", "hospital"), ("paranoia_plus_1", "shrine")]


def problems(data):
    return {p.rule for p in check_script(data)[1]}


# ---------------------------------------------------------------- Hope and Despair
def test_rei_faq_q1_hope_and_despair_never_lie_on_locations():
    """Q1: Can these counters be placed on locations? A1: No (a Hope +1 on a location is a bluff; no rule puts one there)."""
    g = start(situation={"phase": "mastermind_cards", "added_cards": {"protagonist1": ["hope_plus_1"], "mastermind": ["despair_plus_1"]}})
    place_cards(g, [("despair_plus_1", "school"), *MM_FILL], [("hope_plus_1", "city"), *P_FILL])
    assert "hope" not in g.locations["city"] and "despair" not in g.locations["school"]
    place(g, "shrine", "hope", 1)
    assert g.locations["shrine"].get("hope", 0) == 0
    assert g.rules.counters["hope"].lies_on == ("character",) and g.rules.counters["despair"].lies_on == ("character",)


def test_rei_faq_q2_forbid_intrigue_and_forbid_goodwill_do_not_stop_despair_and_hope():
    """Q2: Can Despair +1 / Hope +1 be prevented with Forbid Intrigue / Forbid Goodwill? A2: No."""
    g = start(situation={"phase": "mastermind_cards", "added_cards": {"protagonist2": ["hope_plus_1"], "mastermind": ["despair_plus_1"]}})
    place_cards(g, [("despair_plus_1", "boy_student"), ("forbid_goodwill", "girl_student"), ("paranoia_plus_1", "shrine")],
                [("forbid_intrigue", "boy_student"), ("hope_plus_1", "girl_student"), ("goodwill_plus_1", "hospital")])
    assert counters(g, "boy_student")["despair"] == 1 and counters(g, "girl_student")["hope"] == 1
    # So Despair +1 is an Intrigue +1 that cannot be forbidden.
    from scriptkeeper.tragedy_looper.query import count
    assert count(g, "boy_student", "intrigue") == 1


def test_rei_faq_q3_nurse_with_despair_still_uses_her_ability():
    """Q3: A Despair counter on the Nurse: can her Goodwill ability be used? A3: Yes (Mandatory refusal, but her ability cannot be refused); so for the Mystery Boy and the Copycat."""
    data = {**FS_BASE, "cast": {**FS_BASE["cast"], "nurse": "person"}}
    g = start(make_script(data), {"phase": "goodwill_abilities", "characters": {"nurse": {"goodwill": 2, "despair": 1},
                                                                                "doctor": {"paranoia": 2}}})
    assert refusal(g, "nurse") == "mandatory"
    answer(g, "goodwill_ability", "nurse:gw:0")  # no refusal question: she will not refuse
    assert counters(g, "doctor")["paranoia"] == 1
    for ch in ("mystery_boy", "copycat"):
        assert g.rules.characters[ch].goodwill[0].unrefusable


DOCTOR_PERSON = make_script({**FS_BASE, "cast": {"girl_student": "key_person", "office_worker": "killer", "police_officer": "brain",
                                                "shrine_maiden": "serial_killer", "boy_student": "conspiracy_theorist",
                                                "doctor": "person", "nurse": "person"}})


def test_rei_faq_q4_doctor_with_despair_mastermind_may_use_his_ability():
    """Q4: The Doctor has 2 Goodwill and 1 Despair. Can the Mastermind use his ability? A4: Yes (Mandatory refusal from the Despair); so for the Metaworld Denizen."""
    g = start(DOCTOR_PERSON, {"phase": "mastermind_abilities", "characters": {"doctor": {"goodwill": 2, "despair": 1}}})
    assert "doctor:gw:0" in options(g)
    answer(g, "mastermind_ability", "doctor:gw:0")  # the Nurse is the only other character in the Hospital
    answer(g, "choose_effect", 0)
    assert counters(g, "nurse")["paranoia"] == 1
    g = start(DOCTOR_PERSON, {"phase": "mastermind_abilities", "characters": {"doctor": {"goodwill": 2}}})
    assert "doctor:gw:0" not in options(g)  # a Person without Despair has no refusal
    denizen = make_script({**FS_BASE, "cast": {**FS_BASE["cast"], "metaworld_denizen": "person"}})
    g = start(denizen, {"phase": "mastermind_abilities", "characters": {"metaworld_denizen": {"goodwill": 1, "despair": 1}}})
    assert "metaworld_denizen:gw:0" in options(g)


def test_rei_faq_q5_ai_with_three_intrigue_and_one_hope_triggers_its_incident():
    """Q5: The A.I. has 3 Intrigue and 1 Hope and is a culprit: will the incident trigger? A5: Yes: it counts every counter, the Hope too (limit 4)."""
    data = {**FS_BASE, "cast": {**FS_BASE["cast"], "ai": "conspiracy_theorist", "police_officer": "person"},
            "incidents": [{"day": 2, "incident": "increasing_unease", "culprit": "ai"}]}
    g = start(make_script(data), {"phase": "incident", "day": 2, "characters": {"ai": {"intrigue": 3, "hope": 1}}})
    assert "incident" in event_types(g)


# ---------------------------------------------------------------- Perished and Acquainted tokens
BOY_KEY = {**FS_BASE, "tokens": True,
           "cast": {"boy_student": "key_person", "office_worker": "killer", "doctor": "brain", "shrine_maiden": "serial_killer",
                    "police_officer": "conspiracy_theorist", "girl_student": "person", "alien": "person"}}


def test_rei_faq_q17_alien_kills_the_key_person_order_of_tokens_and_loss():
    """Q17: The Alien kills the Key Person Boy Student with her Goodwill ability. A17: Acquainted on her, then the death and
    the Perished token on him, then the Key Person's loss."""
    g = start(make_script(BOY_KEY), {"phase": "goodwill_abilities", "characters": {"alien": {"goodwill": 4, "at": "school"}}})
    use(g, "alien:gw:0")
    answer(g, "choose_target", "boy_student")
    seq = [(e.type, e.data.get("character"), e.data.get("token")) for e in g.events
           if e.type in ("token", "death", "key_person_died", "goodwill_declared", "loop_lost", "loss_reason")]
    assert seq[:5] == [("goodwill_declared", "alien", None), ("token", "alien", "acquainted"), ("death", "boy_student", None),
                       ("token", "boy_student", "perished"), ("key_person_died", "boy_student", None)]
    assert g.loop_results[-1].lost


def test_rei_faq_q18_characters_off_the_board_keep_their_tokens():
    """Q18: The Transfer Student is not on the board: does she keep her tokens? A18: Yes (so do the Illusion and the Part-Timer(?)); counters go at a new loop."""
    data = {**FS_BASE, "tokens": True, "cast": {**FS_BASE["cast"], "transfer_student": {"role": "person", "enters_day": 2}}}
    g = start(make_script(data), {"phase": "day_end", "day": 2,
                                  "characters": {"transfer_student": {"at": "school", "tokens": ["perished", "acquainted"], "goodwill": 1}}})
    g.board.reset_for_loop(g.rules)
    assert g.chars["transfer_student"].location is None
    assert g.board.tokens["transfer_student"] == {"perished", "acquainted"}
    assert counters(g, "transfer_student")["goodwill"] == 0


# ---------------------------------------------------------------- New characters
PT = {**FS_BASE, "cast": {**FS_BASE["cast"], "part_timer": "person"}}


def test_rei_faq_q19_only_one_part_timer_q_is_ever_placed():
    """Q19: The Part-Timer(?) entered; the day after, is another placed? A19: No, there is only one."""
    g = start(make_script(PT), {"phase": "morning", "day": 2, "characters": {"part_timer": {"dead": True}}})
    assert event_types(g).count("enters_now") == 1
    # Two mornings later, with the Part-Timer still dead: nobody new enters.
    from scriptkeeper.tragedy_looper.sets.base.rei_characters import day_start_entries
    day_start_entries(g)
    assert event_types(g).count("enters_now") == 1


def test_rei_faq_q20_part_timer_is_never_sign_with_mes_key_person_but_may_be_the_ninja():
    """Q20: In "Sign with me!" can the Part-Timer be the Key Person? A20: No (the role goes to the Part-Timer first, and he is no Girl);
    he may be the Ninja of "Male Confrontation"."""
    sign = {"set": "basic_tragedy", "main_plot": "sign_with_me", "subplots": ["an_unsettling_rumor", "threads_of_fate"], "loops": 3, "days": 4,
            "cast": {"part_timer": "key_person", "police_officer": "conspiracy_theorist", "boy_student": "person"}, "incidents": []}
    assert "key-person-must-be-a-girl" in problems(sign)
    ninja = mz_data("male_confrontation", ["love_hate_spiral", "showtime_of_death"],
                    {"part_timer": "ninja", "boy_student": "friend", "doctor": "obstinate", "pop_idol": "magician",
                     "godly_being": "immortal"}, [{"day": 1, "incident": "suicide", "culprit": "doctor"}])
    assert "ninja-must-be-a-man" not in problems(ninja)


def test_rei_faq_q21_the_part_timer_q_is_a_girl_whatever_role_she_stands_in_for():
    """Q21: In "The Noble Bloodline" the Key Person and the Vampire could both be Girls? A21: Yes: the Part-Timer(?) who holds
    his role is a Girl. The whole answer, with a test-only mirror of The Noble Bloodline, is test_faq_q21.py
    (docs/rulings.md rei-faq-q21)."""
    script = make_script({**FS_BASE, "cast": {**{k: v for k, v in FS_BASE["cast"].items() if k != "girl_student"},
                                              "girl_student": "person", "part_timer": "key_person"}})
    assert script.cast["part_timer_q"] == "key_person" and "girl" in script.rules.characters["part_timer_q"].tags


def test_rei_faq_q22_part_timer_with_an_extra_card_in_fated_connections_is_a_key_person():
    """Q22: In "Fated Connections" the Part-Timer has an Extra card: his role? A22: Key Person (Person by his trait, then Key Person by the plot)."""
    data = mz_data("fated_connections", ["love_hate_spiral", "showtime_of_death"],
                   {"part_timer": "friend", "boy_student": "serial_killer", "police_officer": "conspiracy_theorist", "doctor": "friend",
                    "nurse": "obstinate", "pop_idol": "magician", "godly_being": "immortal"},
                   [{"day": 1, "incident": "suicide", "culprit": "nurse"}])
    assert problems(data) == set()
    g = start(make_script(data), {"phase": "morning", "day": 1, "characters": {"part_timer": {"extra_card": True}}})
    assert effective_role(g, "part_timer") == "key_person"
    g = start(make_script(data), {"phase": "morning", "day": 1})
    assert effective_role(g, "part_timer") == "person"


def test_rei_faq_q23_part_timer_obstinate_must_still_be_a_culprit():
    """Q23: The Part-Timer is an Obstinate: must he still be a culprit? A23: Yes: his trait works in play, not at script creation."""
    data = mz_data("the_sealed_item", ["love_hate_spiral", "showtime_of_death"],
                   {"doctor": "brain", "shrine_maiden": "cultist", "boy_student": "friend", "part_timer": "obstinate",
                    "pop_idol": "magician", "godly_being": "immortal"})
    assert "obstinate-must-be-a-culprit" in problems(data)
    data["incidents"] = [{"day": 2, "incident": "suicide", "culprit": "part_timer"}]
    assert "obstinate-must-be-a-culprit" not in problems(data)


def test_rei_faq_q18_the_part_timer_q_and_the_illusion_keep_their_tokens_off_the_board():
    """Q18 (its second half): the same is true for the Illusion and the Part-Timer(?)."""
    data = {**FS_BASE, "tokens": True, "cast": {**FS_BASE["cast"], "part_timer": "person", "illusion": "person"}}
    g = start(make_script(data), {"phase": "day_end", "day": 2,
                                  "characters": {"part_timer": {"dead": True, "tokens": ["perished"]},
                                                 "part_timer_q": {"at": "city", "tokens": ["entered", "acquainted"]},
                                                 "illusion": {"tokens": ["acquainted"]}}})
    g.board.reset_for_loop(g.rules)
    assert g.chars["part_timer_q"].location is None
    assert g.board.tokens["part_timer_q"] == {"entered", "acquainted"} and "acquainted" in g.board.tokens["illusion"]

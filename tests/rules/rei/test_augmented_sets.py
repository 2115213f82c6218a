"""Rei's augmented sets, "First Steps+", "Basic Tragedy+" and "Midnight Zone+" (seed 000, "New
Rules in Previous Tragedy Sets"): the Fragment, Crossing World Lines, The Light of Hope and The
Murk of Despair. One scenario per rule."""

from scriptkeeper.tragedy_looper.rules import load_rulebook
from scriptkeeper.tragedy_looper.script import check_script
from tests.helpers import answer, counters, event_types, make_script, start

BTP = {
    "set": "basic_tragedy_plus", "main_plot": "murder_plan", "subplots": ["crossing_world_lines", "circle_of_friends"],
    "loops": 4, "days": 3,
    "cast": {"girl_student": "key_person", "office_worker": "killer", "doctor": "brain", "shrine_maiden": "friend",
             "police_officer": "conspiracy_theorist", "boy_student": "friend", "nurse": "fragment", "pop_idol": "person"},
    "incidents": [{"day": 2, "incident": "light_of_hope", "culprit": "pop_idol"},
                  {"day": 3, "incident": "murk_of_despair", "culprit": "office_worker"}],
}


def problems(data):
    return {p.rule for p in check_script(data)[1]}


def test_rei_augmented_set_is_the_base_set_plus_one_subplot_role_and_two_incidents():
    """Seed 000: an augmented set adds a Subplot, a Role and 2 Incidents; Basic Tragedy+ chooses 2 of the now 8 subplots."""
    bt, btp = load_rulebook("basic_tragedy"), load_rulebook("basic_tragedy_plus")
    assert btp.set.name == "Basic Tragedy+" and btp.set.subplots == 2
    assert set(btp.roles) == set(bt.roles) | {"fragment"}
    assert set(btp.incidents) == set(bt.incidents) | {"light_of_hope", "murk_of_despair"}
    assert set(btp.set.plots) == set(bt.set.plots) | {"crossing_world_lines"}
    assert sum(1 for p in btp.set.plots.values() if not p.main) == 8
    for s in ("first_steps_plus", "midnight_zone_plus"):
        rb = load_rulebook(s)
        assert "fragment" in rb.roles and "crossing_world_lines" in rb.set.plots and "murk_of_despair" in rb.incidents


def test_rei_augmented_script_checks():
    """The shipped-shape script above passes every creation rule."""
    assert problems(BTP) == set()


def test_rei_fragment_is_exactly_one_person():
    """Seed 000: after every other role is assigned, one Person becomes the Fragment (exactly one)."""
    none = {**BTP, "cast": {**BTP["cast"], "nurse": "person"}}
    two = {**BTP, "cast": {**BTP["cast"], "pop_idol": "fragment"}}
    assert "fragment-from-a-person" in problems(none)
    assert "fragment-from-a-person" in problems(two) or "role-maximum" in problems(two)


def test_rei_faq_q28_mystery_boy_cannot_be_the_fragment_copycat_can():
    """Seed 000 FAQ A28: the Mystery Boy can't be the Fragment (not a role added by normal means); the Copycat can copy it."""
    boy = {**BTP, "cast": {**BTP["cast"], "mystery_boy": "fragment", "nurse": "person"}}
    assert "mystery-boy-role" in problems(boy)
    cat = {**BTP, "cast": {**BTP["cast"], "copycat": "fragment"}}
    assert problems(cat) == set()


def test_rei_fragment_guessed_as_person_is_right():
    """Seed 000: in the Final Guess, naming the Fragment a Person is also correct."""
    script = make_script(BTP)
    g = start(script, {"phase": "final_guess", "loop": 4})
    for ch, role in script.cast.items():
        answer(g, "final_guess", "person" if role == "fragment" else role)
    assert g.result is not None and g.result.winner == "protagonists"


def test_rei_fragment_dead_at_end_of_last_loop_gives_the_mastermind_despair_plus_1():
    """Seed 000 Fragment: [loop start] dead at the end of the previous loop: the Mastermind adds Despair +1."""
    g = start(make_script(BTP), {"phase": "loop_start", "loop": 3, "previous_loop": {"corpses": ["nurse"]}})
    assert g.hands.held["mastermind"].count("despair_plus_1") == 1
    assert "card_added" in event_types(g)


def test_rei_fragment_revived_is_not_dead_at_end():
    """Seed 000 Fragment: "dead at the end of the previous loop" — one that died and came back does not count."""
    g = start(make_script(BTP), {"phase": "loop_start", "loop": 3, "previous_loop": {"dead": ["nurse"], "corpses": []}})
    assert "despair_plus_1" not in g.hands.held["mastermind"]


def test_rei_fragment_alive_with_two_goodwill_gives_each_protagonist_hope_plus_1():
    """Seed 000 Fragment: [loop start] alive with 2+ Goodwill at the end of the previous loop: the Protagonists add Hope +1."""
    g = start(make_script(BTP), {"phase": "loop_start", "loop": 3, "previous_loop": {"goodwill": {"nurse": 2}}})
    assert all(g.hands.held[h].count("hope_plus_1") == 1 for h in ("protagonist1", "protagonist2", "protagonist3"))
    g = start(make_script(BTP), {"phase": "loop_start", "loop": 3, "previous_loop": {"goodwill": {"nurse": 1}}})
    assert "hope_plus_1" not in g.hands.held["protagonist1"]


def test_rei_crossing_world_lines_despair_on_even_loops():
    """Seed 000 Crossing World Lines: at the start of even-numbered loops the Mastermind adds Despair +1."""
    g = start(make_script(BTP), {"phase": "loop_start", "loop": 2})
    assert g.hands.held["mastermind"].count("despair_plus_1") == 1
    g = start(make_script(BTP), {"phase": "loop_start", "loop": 3})
    assert "despair_plus_1" not in g.hands.held["mastermind"]


def test_rei_crossing_world_lines_hope_at_the_final_loop():
    """Seed 000 Crossing World Lines: at the start of the final loop the Protagonists add Hope +1 (loop 4 of 4 is even too)."""
    g = start(make_script(BTP), {"phase": "loop_start", "loop": 4})
    assert g.hands.held["protagonist2"].count("hope_plus_1") == 1
    assert g.hands.held["mastermind"].count("despair_plus_1") == 1


def test_rei_light_of_hope_triggers_on_goodwill_and_the_leader_places_hope():
    """Seed 000 The Light of Hope: it triggers on the culprit's Goodwill (not Paranoia); the Leader chooses who gets a Hope counter."""
    g = start(make_script(BTP), {"phase": "incident", "day": 2, "characters": {"pop_idol": {"goodwill": 3}}})
    assert "incident" in event_types(g)
    assert g.pending.kind == "choose_target" and g.pending.seat == "protagonist1"
    answer(g, "choose_target", "boy_student")
    assert counters(g, "boy_student")["hope"] == 1
    g = start(make_script(BTP), {"phase": "incident", "day": 2, "characters": {"pop_idol": {"paranoia": 3}}})
    assert "incident_none" in event_types(g)


def test_rei_murk_of_despair_places_despair_on_any_character():
    """Seed 000 The Murk of Despair: the Mastermind puts a Despair counter on any character."""
    g = start(make_script(BTP), {"phase": "incident", "day": 3, "characters": {"office_worker": {"paranoia": 2}}})
    assert g.pending.seat == "mastermind"
    answer(g, "choose_target", "girl_student")
    assert counters(g, "girl_student")["despair"] == 1


def test_rei_faq_q27_informer_may_name_crossing_world_lines():
    """Seed 000 FAQ A27: in an augmented set, Crossing World Lines may be named with the Informer's ability (it is a subplot like any other)."""
    data = {**BTP, "cast": {**BTP["cast"], "informer": "person"}}
    g = start(make_script(data), {"phase": "goodwill_abilities", "characters": {"informer": {"goodwill": 5}}})
    answer(g, "goodwill_ability", "informer:gw:0")
    answer(g, "goodwill_refusal", "allow")
    answer(g, "choose_subplot", 1)  # the script's subplot 1 (docs/rulings.md informer-subplot-by-position)
    assert "crossing_world_lines" in g.revealed_subplots

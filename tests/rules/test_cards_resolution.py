"""Resolving the revealed cards (seed 002 card phase notes; rules-notes section 3).

Order: Forbid Movement, movement, the other forbids, then the counter cards. Forbid Paranoia,
Forbid Goodwill and Forbid Intrigue cancel the matching counter cards on their target; two or more
Forbid Intrigue the same day are all void. Paranoia +1 resolves before Paranoia -1, and counters
never go below zero. The Time Traveler ignores Forbid Goodwill; a Cultist may ignore Forbid
Intrigue on its location and on the characters there.
"""

from tests.helpers import FS_BASE, answer, counters, make_script, pending, place_cards, start



def mm_fill(card: str) -> list[tuple[str, str]]:
    """Two Mastermind bluffs on locations that leave `card` in the hand."""
    second = "forbid_goodwill" if card != "forbid_goodwill" else "forbid_paranoia"
    return [("paranoia_plus_1", "hospital"), (second, "shrine")]


P_FILL = [("goodwill_plus_1", "hospital"), ("goodwill_plus_1", "shrine")]

# A Place to Protect: the Office Worker (City) is the Cultist.
CULTIST_SCRIPT = make_script(main_plot="a_place_to_protect",
                             cast={"girl_student": "key_person", "office_worker": "cultist", "shrine_maiden": "serial_killer",
                                   "police_officer": "conspiracy_theorist", "boy_student": "person", "doctor": "person"})
# Basic Tragedy with a Time Traveler (the Boy Student).
BT_SCRIPT = make_script(set="basic_tragedy", main_plot="change_of_future", subplots=["an_unsettling_rumor", "threads_of_fate"],
                        cast={"boy_student": "time_traveler", "office_worker": "cultist", "police_officer": "conspiracy_theorist",
                              "girl_student": "person", "doctor": "person", "shrine_maiden": "person"})


def _resolve(mm: tuple[str, str], p: tuple[str, str], script=None, situation=None):
    g = start(script, {"phase": "mastermind_cards", **(situation or {})})
    place_cards(g, [mm, *mm_fill(mm[0])], [p, *P_FILL])
    return g


def test_paranoia_card_places_paranoia():
    """Rules-notes section 2: Paranoia +1 adds one Paranoia to its character."""
    g = _resolve(("paranoia_plus_1", "boy_student"), ("paranoia_plus_1", "girl_student"))
    assert counters(g, "boy_student")["paranoia"] == 1 and counters(g, "girl_student")["paranoia"] == 1


def test_goodwill_plus_2_places_two_goodwill():
    """Rules-notes section 2: Goodwill +2 adds two Goodwill."""
    g = _resolve(("paranoia_plus_1", "school"), ("goodwill_plus_2", "doctor"))
    assert counters(g, "doctor")["goodwill"] == 2


def test_paranoia_counters_stack_from_both_sides():
    """Seed 002: a Protagonist card may share a target with a Mastermind card; both resolve."""
    g = _resolve(("paranoia_plus_1", "boy_student"), ("paranoia_plus_1", "boy_student"))
    assert counters(g, "boy_student")["paranoia"] == 2


def test_forbid_paranoia_cancels_paranoia_plus_1():
    """Rules-notes section 3: Forbid Paranoia cancels Paranoia +1 on its character."""
    g = _resolve(("forbid_paranoia", "boy_student"), ("paranoia_plus_1", "boy_student"))
    assert counters(g, "boy_student")["paranoia"] == 0


def test_forbid_paranoia_cancels_paranoia_minus_1():
    """Rules-notes section 3: Forbid Paranoia cancels Paranoia -1 on its character."""
    g = _resolve(("forbid_paranoia", "boy_student"), ("paranoia_minus_1", "boy_student"),
                 situation={"characters": {"boy_student": {"paranoia": 1}}})
    assert counters(g, "boy_student")["paranoia"] == 1


def test_forbid_goodwill_cancels_goodwill_cards():
    """Rules-notes section 3: Forbid Goodwill cancels Goodwill +1 and +2 on its character."""
    g = _resolve(("forbid_goodwill", "doctor"), ("goodwill_plus_2", "doctor"))
    assert counters(g, "doctor")["goodwill"] == 0
    g = start(situation={"phase": "mastermind_cards"})
    place_cards(g, [("forbid_goodwill", "doctor"), ("paranoia_plus_1", "hospital"), ("paranoia_plus_1", "shrine")],
                [("goodwill_plus_1", "doctor"), *P_FILL])
    assert counters(g, "doctor")["goodwill"] == 0


def test_forbid_card_only_acts_on_its_own_target():
    """Rules-notes section 3: a forbid cancels the cards on its target, not elsewhere in the location."""
    g = _resolve(("forbid_paranoia", "girl_student"), ("paranoia_plus_1", "boy_student"))
    assert counters(g, "boy_student")["paranoia"] == 1


def test_forbid_intrigue_cancels_intrigue_on_a_character():
    """Rules-notes section 3: Forbid Intrigue cancels Intrigue +1 / +2 on its target."""
    g = _resolve(("intrigue_plus_2", "girl_student"), ("forbid_intrigue", "girl_student"))
    answer(g, "cultist_ignore", "obey", seat="mastermind")
    assert counters(g, "girl_student")["intrigue"] == 0


def test_forbid_intrigue_cancels_intrigue_on_a_location():
    """Rules-notes section 3: Forbid Intrigue acts on a location too."""
    g = _resolve(("intrigue_plus_1", "school"), ("forbid_intrigue", "school"))
    answer(g, "cultist_ignore", "obey")
    assert g.locations["school"]["intrigue"] == 0


def test_forbid_intrigue_on_a_location_does_not_protect_the_characters_there():
    """Rules-notes section 3: a card acts on its own target only."""
    g = _resolve(("intrigue_plus_1", "girl_student"), ("forbid_intrigue", "school"))
    assert counters(g, "girl_student")["intrigue"] == 1
    assert pending(g).kind == "mastermind_ability"  # nothing was cancelled: no Cultist question


def test_two_forbid_intrigue_the_same_day_void_each_other():
    """Seed 002: with two or more Forbid Intrigue played, every Forbid Intrigue is void."""
    g = start(situation={"phase": "mastermind_cards"})
    place_cards(g, [("intrigue_plus_1", "school"), ("intrigue_plus_2", "girl_student"), ("paranoia_plus_1", "hospital")],
                [("forbid_intrigue", "school"), ("forbid_intrigue", "girl_student"), ("goodwill_plus_1", "hospital")])
    assert g.locations["school"]["intrigue"] == 1
    assert counters(g, "girl_student")["intrigue"] == 2
    assert pending(g).kind == "mastermind_ability"  # void cards ask no Cultist question


def test_three_forbid_intrigue_are_all_void():
    """Seed 002: 'two or more' Forbid Intrigue: three are void as well."""
    g = start(situation={"phase": "mastermind_cards"})
    place_cards(g, [("intrigue_plus_1", "school"), ("intrigue_plus_2", "girl_student"), ("paranoia_plus_1", "hospital")],
                [("forbid_intrigue", "school"), ("forbid_intrigue", "girl_student"), ("forbid_intrigue", "city")])
    assert g.locations["school"]["intrigue"] == 1
    assert counters(g, "girl_student")["intrigue"] == 2


def test_paranoia_plus_1_resolves_before_paranoia_minus_1():
    """Rules-notes section 3: +1 before -1, so 0 Paranoia with +1 and -1 ends at 0, not 1."""
    g = _resolve(("paranoia_plus_1", "boy_student"), ("paranoia_minus_1", "boy_student"))
    assert counters(g, "boy_student")["paranoia"] == 0


def test_mastermind_minus_and_protagonist_plus_also_end_at_zero():
    """Rules-notes section 3: the order is by card, not by who played it."""
    g = _resolve(("paranoia_minus_1", "boy_student"), ("paranoia_plus_1", "boy_student"))
    assert counters(g, "boy_student")["paranoia"] == 0


def test_counters_never_go_below_zero():
    """Rules-notes section 3: Paranoia -1 on a character without Paranoia leaves it at 0."""
    g = _resolve(("paranoia_minus_1", "doctor"), ("paranoia_minus_1", "boy_student"))
    assert counters(g, "doctor")["paranoia"] == 0 and counters(g, "boy_student")["paranoia"] == 0


def test_time_traveler_ignores_forbid_goodwill():
    """Seed 002 Time Traveler: Forbid Goodwill on this character is ignored (mandatory, card resolution)."""
    g = _resolve(("forbid_goodwill", "boy_student"), ("goodwill_plus_2", "boy_student"), script=BT_SCRIPT)
    assert counters(g, "boy_student")["goodwill"] == 2
    g = _resolve(("forbid_goodwill", "girl_student"), ("goodwill_plus_2", "girl_student"), script=BT_SCRIPT)
    assert counters(g, "girl_student")["goodwill"] == 0  # a Person obeys it


def test_time_traveler_still_obeys_forbid_paranoia():
    """Seed 002 Time Traveler: only Forbid Goodwill is ignored."""
    g = _resolve(("forbid_paranoia", "boy_student"), ("paranoia_plus_1", "boy_student"), script=BT_SCRIPT)
    assert counters(g, "boy_student")["paranoia"] == 0


def test_cultist_may_ignore_forbid_intrigue_on_its_location():
    """Seed 002 Cultist (optional, card resolution): ignore Forbid Intrigue on this location."""
    g = _resolve(("intrigue_plus_1", "city"), ("forbid_intrigue", "city"), script=CULTIST_SCRIPT)
    d = pending(g)
    assert (d.kind, d.seat, list(d.options)) == ("cultist_ignore", "mastermind", ["ignore", "obey"])
    answer(g, "cultist_ignore", "ignore")
    assert g.locations["city"]["intrigue"] == 1


def test_cultist_may_ignore_forbid_intrigue_on_a_character_in_its_location():
    """Seed 002 Cultist: the ignore covers the characters in its location (the Police Officer in the City)."""
    g = _resolve(("intrigue_plus_2", "police_officer"), ("forbid_intrigue", "police_officer"), script=CULTIST_SCRIPT)
    answer(g, "cultist_ignore", "ignore")
    assert counters(g, "police_officer")["intrigue"] == 2


def test_cultist_may_let_forbid_intrigue_stand():
    """Seed 002 Cultist: the ability is optional."""
    g = _resolve(("intrigue_plus_2", "office_worker"), ("forbid_intrigue", "office_worker"), script=CULTIST_SCRIPT)
    answer(g, "cultist_ignore", "obey")
    assert counters(g, "office_worker")["intrigue"] == 0


def test_cultist_cannot_ignore_forbid_intrigue_elsewhere():
    """Seed 002 Cultist: only this location; the School is not the Cultist's location."""
    g = _resolve(("intrigue_plus_1", "school"), ("forbid_intrigue", "school"), script=CULTIST_SCRIPT)
    d = pending(g)
    assert (d.kind, list(d.options)) == ("cultist_ignore", ["obey"])
    answer(g, "cultist_ignore", "obey")
    assert g.locations["school"]["intrigue"] == 0


def test_dead_cultist_cannot_ignore_forbid_intrigue():
    """Seed 002: a corpse is not a character and uses no ability."""
    g = _resolve(("intrigue_plus_1", "city"), ("forbid_intrigue", "city"), script=CULTIST_SCRIPT,
                 situation={"characters": {"office_worker": {"dead": True}}})
    assert list(pending(g).options) == ["obey"]


def test_cultist_question_is_asked_even_without_a_cultist():
    """Ruling uniform-questions (docs/rulings.md; seed 004 hidden roles): the Mastermind is asked whenever
    a lone Forbid Intrigue cancels Intrigue, so waiting for an answer does not reveal a Cultist."""
    g = _resolve(("intrigue_plus_1", "school"), ("forbid_intrigue", "school"))
    assert "cultist" not in FS_BASE["cast"].values()
    d = pending(g)
    assert (d.kind, d.seat, list(d.options)) == ("cultist_ignore", "mastermind", ["obey"])


def test_once_per_loop_cards_resolve_like_the_others():
    """Rules-notes section 2: Intrigue +2 and Paranoia -1 (once per loop) act like their plain versions."""
    g = _resolve(("intrigue_plus_2", "doctor"), ("paranoia_minus_1", "doctor"),
                 situation={"characters": {"doctor": {"paranoia": 2}}})
    c = counters(g, "doctor")
    assert (c["paranoia"], c["goodwill"], c["intrigue"]) == (1, 0, 2)


def test_cards_are_revealed_together_after_all_are_placed():
    """Seed 002: when every card is placed they are turned face up, then their effects apply."""
    g = _resolve(("paranoia_plus_1", "boy_student"), ("goodwill_plus_1", "girl_student"))
    types = [e.type for e in g.events]
    reveal = types.index("cards_revealed")
    assert types.count("card_placed") == 6
    assert max(i for i, t in enumerate(types) if t == "card_placed") < reveal
    assert min(i for i, t in enumerate(types) if t == "counter") > reveal
    assert not any(e.type == "card_placed_own" and e.visible_to == "public" for e in g.events)

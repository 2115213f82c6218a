"""Seed 002 card phase; rules-notes section 3: movement cards combine, forbidden destinations stop them."""

from tests.helpers import place_cards, start


def test_two_movement_cards_combine_into_a_diagonal_move():
    # Mastermind vertical + Protagonist horizontal on the Boy Student (School) = diagonal to the Hospital.
    g = start(situation={"phase": "mastermind_cards"})
    place_cards(g, [("movement_vertical", "boy_student"), ("paranoia_plus_1", "shrine"), ("intrigue_plus_1", "city")],
                [("movement_horizontal", "boy_student"), ("goodwill_plus_1", "doctor"), ("paranoia_plus_1", "office_worker")])
    assert g.chars["boy_student"].location == "hospital"


def test_faq_a2_shrine_maiden_combined_move_into_forbidden_city_stays_put():
    # Vertical + horizontal from the Shrine is a diagonal to the City, which the Shrine Maiden may not enter.
    g = start(situation={"phase": "mastermind_cards"})
    place_cards(g, [("movement_vertical", "shrine_maiden"), ("paranoia_plus_1", "school"), ("intrigue_plus_1", "city")],
                [("movement_horizontal", "shrine_maiden"), ("goodwill_plus_1", "doctor"), ("paranoia_plus_1", "office_worker")])
    assert g.chars["shrine_maiden"].location == "shrine"

"""Placing action cards (seed 002 "card play" phase notes; seed 004 phases 1-2; rules-notes section 3).

The Mastermind puts 3 cards face down on 3 different targets; then each Protagonist puts 1 card,
the Leader first and then clockwise, never on a target another Protagonist chose that day but
possibly on one that holds a Mastermind card. Dead characters and characters off the board
cannot be targeted. Once-per-loop cards stay out of the hand for the rest of the loop.
Any card may be placed on a location as a bluff.
"""

from tests.helpers import answer, make_script, pending, place_cards, render, start

LOCS = ["hospital", "shrine", "city", "school"]
# Cards with no effect on a location, so a day of bluffs changes nothing.
MM_BLUFFS = [("paranoia_plus_1", "hospital"), ("paranoia_plus_1", "shrine"), ("forbid_goodwill", "city")]


def offered(g) -> list[dict]:
    return list(pending(g).options)


def cards_offered(g) -> set[str]:
    return {o["card"] for o in offered(g)}


def targets_offered(g, card: str | None = None) -> set[str]:
    return {o["target"] for o in offered(g) if card is None or o["card"] == card}


def test_mastermind_places_exactly_three_cards_before_the_protagonists():
    """Seed 002 card phase: the Mastermind places 3 cards, then the Protagonists play."""
    g = start(situation={"phase": "mastermind_cards"})
    for n, (card, target) in enumerate(MM_BLUFFS):
        d = pending(g)
        assert (d.kind, d.seat) == ("place_card", "mastermind"), n
        answer(g, "place_card", {"card": card, "target": target})
    d = pending(g)
    assert d.kind == "place_card" and d.seat.startswith("protagonist")
    assert sum(1 for p in g.placed if p.by == "mastermind") == 3


def test_mastermind_cards_go_on_three_different_targets():
    """Seed 002: the Mastermind may not put two of its cards on the same location or character."""
    g = start(situation={"phase": "mastermind_cards"})
    answer(g, "place_card", {"card": "paranoia_plus_1", "target": "boy_student"})
    assert "boy_student" not in targets_offered(g)
    answer(g, "place_card", {"card": "intrigue_plus_1", "target": "school"})
    assert not targets_offered(g) & {"boy_student", "school"}
    assert {"hospital", "shrine", "city", "girl_student", "doctor"} <= targets_offered(g)


def test_mastermind_deck_copies_limit_how_often_a_card_is_placed_in_a_day():
    """Rules-notes section 2: the Mastermind has two Paranoia +1 and one of each other card."""
    g = start(situation={"phase": "mastermind_cards"})
    answer(g, "place_card", {"card": "paranoia_plus_1", "target": "boy_student"})
    assert "paranoia_plus_1" in cards_offered(g)  # the second copy
    answer(g, "place_card", {"card": "paranoia_plus_1", "target": "girl_student"})
    assert "paranoia_plus_1" not in cards_offered(g)
    assert cards_offered(g) == {"paranoia_minus_1", "forbid_paranoia", "forbid_goodwill", "intrigue_plus_1",
                                "intrigue_plus_2", "movement_vertical", "movement_horizontal", "movement_diagonal"}


def test_protagonist_hand_is_the_eight_card_protagonist_deck():
    """Rules-notes section 2: each Protagonist holds its own 8 cards; none holds Intrigue or Forbid Paranoia."""
    g = start(situation={"phase": "protagonist_cards"})
    assert cards_offered(g) == {"paranoia_plus_1", "paranoia_minus_1", "goodwill_plus_1", "goodwill_plus_2",
                                "forbid_intrigue", "movement_vertical", "movement_horizontal", "forbid_movement"}


def _protagonist_order(leader: int) -> list[tuple[str, str]]:
    g = start(situation={"phase": "mastermind_cards", "leader": leader})
    place_cards(g, MM_BLUFFS, [])
    seen = []
    for target in ("hospital", "shrine", "city"):
        d = pending(g)
        assert d.kind == "place_card"
        seen.append((d.seat, render(g, d.prompt).split(":")[0]))
        answer(g, "place_card", {"card": "goodwill_plus_1", "target": target})
    assert pending(g).kind != "place_card"
    return seen


def test_leader_1_places_first_then_clockwise():
    """Seed 002: Protagonists play their cards starting with the Leader, clockwise."""
    assert _protagonist_order(1) == [("protagonist1", "Protagonist 1 (Leader)"), ("protagonist2", "Protagonist 2"),
                                     ("protagonist3", "Protagonist 3")]


def test_leader_2_places_first_then_clockwise():
    """Seed 002: Protagonists play their cards starting with the Leader, clockwise."""
    assert _protagonist_order(2) == [("protagonist2", "Protagonist 2 (Leader)"), ("protagonist3", "Protagonist 3"),
                                     ("protagonist1", "Protagonist 1")]


def test_leader_3_places_first_then_clockwise():
    """Seed 002: Protagonists play their cards starting with the Leader, clockwise."""
    assert _protagonist_order(3) == [("protagonist3", "Protagonist 3 (Leader)"), ("protagonist1", "Protagonist 1"),
                                     ("protagonist2", "Protagonist 2")]


def test_protagonists_each_place_exactly_one_card():
    """Seed 004 phase 2: each Protagonist puts one card; then the cards are revealed."""
    g = start(situation={"phase": "mastermind_cards"})
    place_cards(g, MM_BLUFFS, [("goodwill_plus_1", "hospital"), ("goodwill_plus_1", "shrine"),
                               ("goodwill_plus_1", "city")])
    assert pending(g).kind == "mastermind_ability"
    types = [e.type for e in g.events]
    assert types.count("card_placed") == 6 and "cards_revealed" in types


def test_protagonist_never_targets_what_another_protagonist_chose():
    """Seed 002: Protagonists' cards may not overlap each other (seed 004: no two on the same target)."""
    g = start(situation={"phase": "protagonist_cards"})
    answer(g, "place_card", {"card": "paranoia_minus_1", "target": "boy_student"}, seat="protagonist1")
    assert "boy_student" not in targets_offered(g)
    answer(g, "place_card", {"card": "forbid_intrigue", "target": "school"}, seat="protagonist2")
    assert not targets_offered(g) & {"boy_student", "school"}
    assert pending(g).seat == "protagonist3"


def test_protagonist_may_stack_on_a_mastermind_card():
    """Seed 002: Protagonist cards may overlap a Mastermind card."""
    g = start(situation={"phase": "mastermind_cards"})
    place_cards(g, [("paranoia_plus_1", "boy_student"), ("intrigue_plus_1", "school"), ("forbid_goodwill", "doctor")], [])
    assert {"boy_student", "school", "doctor"} <= targets_offered(g)
    answer(g, "place_card", {"card": "paranoia_minus_1", "target": "boy_student"})
    answer(g, "place_card", {"card": "forbid_intrigue", "target": "school"})
    answer(g, "place_card", {"card": "goodwill_plus_1", "target": "doctor"})
    answer(g, "cultist_ignore", "obey")
    assert g.placed == []  # resolved and returned to the hands
    assert g.chars["boy_student"].counters["paranoia"] == 0
    assert g.locations["school"]["intrigue"] == 0
    assert g.chars["doctor"].counters["goodwill"] == 0


def test_no_card_on_a_corpse():
    """Seed 004: cards cannot be played on dead characters (seed 002: a corpse is not a character)."""
    g = start(situation={"phase": "mastermind_cards", "characters": {"boy_student": {"dead": True}}})
    assert "boy_student" not in targets_offered(g)
    assert "school" in targets_offered(g)  # its location can still be targeted
    place_cards(g, MM_BLUFFS, [])
    assert "boy_student" not in targets_offered(g)


def test_no_card_on_a_character_off_the_board():
    """Rules-notes section 9: the Godly Being is not on the board before the loop the script names."""
    script = make_script(cast={**make_script().cast, "godly_being": {"role": "person", "enters_loop": 2}})
    g = start(script, {"phase": "mastermind_cards", "loop": 1})
    assert g.chars["godly_being"].location is None
    assert "godly_being" not in targets_offered(g)
    place_cards(g, MM_BLUFFS, [])
    assert "godly_being" not in targets_offered(g)
    g2 = start(script, {"phase": "mastermind_cards", "loop": 2})
    assert "godly_being" in targets_offered(g2)


def test_used_once_per_loop_cards_are_not_offered_again_in_the_same_loop():
    """Seed 002: a card with the loop mark, once used, cannot be used again that loop."""
    g = start(situation={"phase": "mastermind_cards", "day": 1})
    place_cards(g, [("intrigue_plus_2", "hospital"), ("movement_diagonal", "doctor"), ("paranoia_plus_1", "city")],
                [("goodwill_plus_2", "boy_student"), ("forbid_movement", "doctor"), ("paranoia_minus_1", "girl_student")])
    while pending(g).kind != "place_card":
        answer(g, pending(g).kind, "done")
    assert g.day == 2
    assert not cards_offered(g) & {"intrigue_plus_2", "movement_diagonal"}
    place_cards(g, MM_BLUFFS, [])
    # Day 1: Protagonist 1 used Goodwill +2, Protagonist 2 Forbid Movement, Protagonist 3 Paranoia -1.
    used = {"protagonist1": "goodwill_plus_2", "protagonist2": "forbid_movement", "protagonist3": "paranoia_minus_1"}
    for target in ("hospital", "shrine", "city"):
        seat = pending(g).seat
        assert used[seat] not in cards_offered(g), seat
        assert set(used.values()) - {used[seat]} <= cards_offered(g), seat  # each hand is its own
        answer(g, "place_card", {"card": "goodwill_plus_1", "target": target})


def test_cancelled_once_per_loop_card_is_still_used_up():
    """Rules-notes section 3: once-per-loop cards are set aside even when another card cancelled them."""
    g = start(situation={"phase": "mastermind_cards"})
    place_cards(g, [("movement_diagonal", "doctor"), ("paranoia_plus_1", "hospital"), ("paranoia_plus_1", "city")],
                [("forbid_movement", "doctor"), ("goodwill_plus_1", "hospital"), ("goodwill_plus_1", "city")])
    assert g.chars["doctor"].location == "hospital"
    assert "movement_diagonal" in g.set_aside["mastermind"]
    assert "forbid_movement" in g.set_aside["protagonist1"]


def test_once_per_loop_cards_come_back_at_the_next_loop():
    """Seed 002 loop start / rules-notes section 4: every card returns to its hand when a loop begins."""
    script = make_script(main_plot="a_place_to_protect",
                         cast={"girl_student": "key_person", "office_worker": "cultist", "shrine_maiden": "serial_killer",
                               "police_officer": "conspiracy_theorist", "boy_student": "person"})
    # Loop 1 ends lost (2 Intrigue on the School) with once-per-loop cards set aside.
    g = start(script, {"phase": "loop_end", "day": 4, "locations": {"school": {"intrigue": 2}},
                       "set_aside": {"mastermind": ["intrigue_plus_2", "movement_diagonal"],
                                     "protagonist1": ["goodwill_plus_2"], "protagonist2": ["forbid_movement"]}})
    assert (g.loop, g.day) == (2, 1)
    assert {"intrigue_plus_2", "movement_diagonal"} <= cards_offered(g)
    place_cards(g, MM_BLUFFS, [])
    for target in ("hospital", "shrine", "city"):
        assert {"goodwill_plus_2", "forbid_movement", "paranoia_minus_1"} <= cards_offered(g), pending(g).seat
        answer(g, "place_card", {"card": "goodwill_plus_1", "target": target})


def test_any_card_may_be_placed_on_a_location_as_a_bluff():
    """Rules-notes section 3 (old FAQ Q1): any card may go on a location; the Protagonists may bluff too."""
    g = start(situation={"phase": "mastermind_cards"})
    for card in ("paranoia_plus_1", "paranoia_minus_1", "forbid_paranoia", "forbid_goodwill", "intrigue_plus_1",
                 "intrigue_plus_2", "movement_vertical", "movement_horizontal", "movement_diagonal"):
        assert set(LOCS) <= targets_offered(g, card), card
    place_cards(g, MM_BLUFFS, [])
    for card in ("paranoia_plus_1", "paranoia_minus_1", "goodwill_plus_1", "goodwill_plus_2", "forbid_intrigue",
                 "movement_vertical", "movement_horizontal", "forbid_movement"):
        assert set(LOCS) <= targets_offered(g, card), card


def test_bluff_cards_on_a_location_do_nothing_there():
    """Rules-notes section 3: only Intrigue cards and Forbid Intrigue act on a location."""
    g = start(situation={"phase": "mastermind_cards"})
    place_cards(g, [("paranoia_plus_1", "school"), ("movement_vertical", "hospital"), ("forbid_paranoia", "city")],
                [("movement_horizontal", "school"), ("goodwill_plus_2", "city"), ("paranoia_plus_1", "shrine")])
    for ch, loc in {"boy_student": "school", "girl_student": "school", "doctor": "hospital", "office_worker": "city",
                    "police_officer": "city", "shrine_maiden": "shrine"}.items():
        assert g.chars[ch].location == loc
        assert g.chars[ch].counters["paranoia"] == g.chars[ch].counters["goodwill"] == 0
    assert all(v == 0 for loc in LOCS for v in g.locations[loc].values())


def test_intrigue_cards_act_on_a_location():
    """Rules-notes section 3: Intrigue +1 / +2 put their counters on the location they are on."""
    g = start(situation={"phase": "mastermind_cards"})
    place_cards(g, [("intrigue_plus_2", "shrine"), ("intrigue_plus_1", "school"), ("paranoia_plus_1", "city")],
                [("goodwill_plus_1", "hospital"), ("goodwill_plus_1", "city"), ("goodwill_plus_1", "boy_student")])
    assert g.locations["shrine"]["intrigue"] == 2
    assert g.locations["school"]["intrigue"] == 1
    assert g.chars["shrine_maiden"].counters["intrigue"] == 0  # the characters there get nothing

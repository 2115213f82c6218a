"""Movement cards (seed 002 card phase: Forbid Movement, then movement, then the other cards;
rules-notes section 3: combined movement and forbidden destinations).

Board: Hospital | Shrine over City | School. Vertical = Hospital<->City, Shrine<->School;
horizontal = Hospital<->Shrine, City<->School; diagonal = Hospital<->School, Shrine<->City.
Two movement cards on one character combine into a single move; the same move twice is made
once. A move into a forbidden location does not happen at all.
"""

from tests.helpers import FS_BASE, make_script, place_cards, start, texts

# Protagonist 2 and 3 bluff on locations so that only the cards under test act.
P_FILL = [("goodwill_plus_1", "hospital"), ("goodwill_plus_1", "shrine")]


def _move(mm_card: str | None, p_card: str | None, who: str, script=None, situation=None) -> str:
    """Resolve one Mastermind and one Protagonist card on `who`; return where it ends up."""
    g = start(script, {"phase": "mastermind_cards", **(situation or {})})
    mm = [(mm_card, who)] if mm_card else [("paranoia_plus_1", "school")]
    mm += [("paranoia_plus_1", "hospital"), ("forbid_goodwill", "shrine")]
    p = [(p_card, who)] if p_card else [("goodwill_plus_1", "city")]
    place_cards(g, mm, [*p, *P_FILL])
    return g.chars[who].location


def test_vertical_card_moves_up_and_down():
    """Rules-notes section 1: vertical links City and Hospital."""
    assert _move("movement_vertical", None, "police_officer") == "hospital"


def test_horizontal_card_moves_sideways():
    """Rules-notes section 1: horizontal links City and School."""
    assert _move(None, "movement_horizontal", "police_officer") == "school"


def test_diagonal_card_moves_across():
    """Rules-notes section 1: diagonal links City and Shrine."""
    assert _move("movement_diagonal", None, "police_officer") == "shrine"


def test_vertical_plus_horizontal_is_diagonal():
    """Rules-notes section 3 combination table: vertical + horizontal = diagonal."""
    assert _move("movement_vertical", "movement_horizontal", "police_officer") == "shrine"
    assert _move("movement_horizontal", "movement_vertical", "doctor") == "school"


def test_diagonal_plus_horizontal_is_vertical():
    """Rules-notes section 3 combination table: diagonal + horizontal = vertical."""
    assert _move("movement_diagonal", "movement_horizontal", "police_officer") == "hospital"


def test_diagonal_plus_vertical_is_horizontal():
    """Rules-notes section 3 combination table: diagonal + vertical = horizontal."""
    assert _move("movement_diagonal", "movement_vertical", "police_officer") == "school"


def test_same_movement_twice_moves_once():
    """Rules-notes section 3: same + same = that move once (not cancelled, not made twice)."""
    assert _move("movement_horizontal", "movement_horizontal", "police_officer") == "school"
    assert _move("movement_vertical", "movement_vertical", "police_officer") == "hospital"


def test_forbid_movement_cancels_the_movement_cards_on_its_character():
    """Seed 002 resolution order: Forbid Movement first; it cancels movement on its character."""
    assert _move("movement_diagonal", "forbid_movement", "police_officer") == "city"
    assert _move("movement_vertical", "forbid_movement", "doctor") == "hospital"


def test_forbid_movement_on_another_character_does_not_stop_this_one():
    """Rules-notes section 3: Forbid Movement acts on the character it is on, nobody else."""
    g = start(situation={"phase": "mastermind_cards"})
    place_cards(g, [("movement_vertical", "police_officer"), ("paranoia_plus_1", "hospital"), ("forbid_goodwill", "shrine")],
                [("forbid_movement", "office_worker"), *P_FILL])
    assert g.chars["police_officer"].location == "hospital"
    assert g.chars["office_worker"].location == "city"


def test_faq_a2_shrine_maiden_single_diagonal_to_the_city_does_not_happen():
    """Rules-notes section 3 (FAQ A2): a move into a forbidden location is not made at all."""
    assert _move("movement_diagonal", None, "shrine_maiden") == "shrine"


def test_patient_is_confined_to_the_hospital():
    """Seed 002 characters: the Patient may not enter the Shrine, City or School, so no card moves him."""
    script = make_script(cast={**FS_BASE["cast"], "patient": "person"})
    for mm, p in (("movement_vertical", None), (None, "movement_horizontal"), ("movement_diagonal", None),
                  ("movement_vertical", "movement_horizontal")):
        assert _move(mm, p, "patient", script) == "hospital", (mm, p)


def test_patient_moves_once_the_doctor_has_freed_him():
    """Seed 002 Doctor Goodwill 3: for the rest of the loop the Patient has no forbidden locations."""
    script = make_script(cast={**FS_BASE["cast"], "patient": "person"})
    assert _move("movement_vertical", None, "patient", script, {"loop_flags": {"patient_free": True}}) == "city"


def test_office_worker_may_not_enter_the_school():
    """Seed 002 characters: the Office Worker's forbidden location is the School."""
    assert _move(None, "movement_horizontal", "office_worker") == "city"
    assert _move("movement_diagonal", "movement_vertical", "office_worker") == "city"
    assert _move("movement_vertical", None, "office_worker") == "hospital"  # other moves are fine


def test_alien_may_not_enter_the_hospital():
    """Seed 002 characters: the Alien's forbidden location is the Hospital."""
    script = make_script(cast={**FS_BASE["cast"], "alien": "person"})
    assert _move("movement_horizontal", None, "alien", script) == "shrine"
    assert _move("movement_diagonal", "movement_vertical", "alien", script) == "shrine"
    assert _move("movement_diagonal", None, "alien", script) == "city"


def test_blocked_move_is_announced():
    """Seed 004: the board is public, so a blocked move is shown as the character staying put."""
    g = start(situation={"phase": "mastermind_cards"})
    place_cards(g, [("movement_horizontal", "office_worker"), ("paranoia_plus_1", "hospital"), ("forbid_goodwill", "shrine")],
                [("goodwill_plus_1", "city"), *P_FILL])
    assert any("Office Worker cannot enter the School" in t for t in texts(g))
